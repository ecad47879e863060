//go:build unix

package ui

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/bleuscope/bleuscope/model/annotations"
	"github.com/charmbracelet/x/ansi"
)

// holdLock takes the annotation file's lock as a bleuscope that keeps it
// while open would (or one stuck mid-write), and returns what lets it go.
// Each write that meets it waits 3 s before it gives up.
func holdLock(t *testing.T, path string) (release func()) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return func() { f.Close() }
}

// TestAnnotationOpenWarnings: the first screen says when another
// bleuscope holds the annotation file's lock (changes here wait until it
// lets go) and when annotations were made on texts that have changed; !
// lists both.
func TestAnnotationOpenWarnings(t *testing.T) {
	path := staleMarkFile(t)
	holdLock(t, path)
	m := annotatingWith(t, openStore(t, path), annotations.MQM(), 120, 30)
	if !strings.Contains(m.statusText(), "⚠ 3 warnings (! lists them)") { // not all about the input
		t.Errorf("the first screen does not say there are warnings: status %q", m.statusText())
	}
	m = press(t, m, "!")
	v := strings.Join(strings.Fields(ansi.Strip(m.View())), " ")
	for _, want := range []string{"another bleuscope holds its lock (one that keeps it while open, or one stuck)", "marked NOT SAVED, and saved after its own once it lets go", "1 annotation made on a text that has since changed"} {
		if !strings.Contains(v, want) {
			t.Errorf("the warnings lack %q:\n%s", want, v)
		}
	}
}

// TestBusyFileLosesNothing: a change made while another bleuscope holds
// the file's lock too long is kept (NOT SAVED, the file busy); once it
// lets go, the next change saves both after the other's, which stays.
func TestBusyFileLosesNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ann.jsonl")
	other, mine := openStore(t, path), openStore(t, path)
	theirs := annotations.Annotation{System: demoDataset(t).Systems[0].Name, Line: 70, Rater: "bo", Kind: annotations.KindNoError}
	theirs.SetText(demoDataset(t).Systems[0].Hyps[69], demoDataset(t).Src[69])
	if _, err := other.Add(theirs); err != nil {
		t.Fatal(err)
	}
	m := annotatingWith(t, mine, annotations.MQM(), 120, 30)
	release := holdLock(t, path)
	m = press(t, m, "N")
	if v := strings.Join(strings.Fields(ansi.Strip(m.View())), " "); !strings.Contains(v, "NOT SAVED: the file is busy") {
		t.Fatalf("a change while the lock is held is not shown NOT SAVED, the file busy:\n%s", v)
	}
	release()
	m = press(t, m, "j", "N")
	if v := m.View(); strings.Contains(v, "NOT SAVED") {
		t.Fatalf("after the other let go, the changes are still not saved:\n%s", v)
	}
	got := reopen(t, path)
	raters := map[string]int{}
	for _, a := range got {
		raters[a.Rater]++
	}
	if len(got) != 3 || raters["bo"] != 1 || raters["ana"] != 2 {
		t.Errorf("the file holds %+v; want bo's mark and both of ana's", got)
	}
}

// TestEarlierChangeDroppedIsSaid: a change held back while another
// bleuscope held the lock, which would have undone a change saved since,
// is dropped when the next change saves, and the status says so.
func TestEarlierChangeDroppedIsSaid(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ann.jsonl")
	ds := demoDataset(t)
	first := openStore(t, path)
	a := annotations.Annotation{System: ds.Systems[0].Name, Line: 5, Rater: "ana", Kind: annotations.KindError, Category: "Other", Severity: "Minor"}
	a.SetText(ds.Systems[0].Hyps[4], ds.Src[4])
	a, err := first.Add(a)
	if err != nil {
		t.Fatal(err)
	}
	first.Close()
	other, mine := openStore(t, path), openStore(t, path)
	theirs := a
	theirs.Note = "theirs"
	if err := other.Edit(theirs); err != nil {
		t.Fatal(err)
	}
	release := holdLock(t, path)
	stale := a
	stale.Note = "mine"
	if err := mine.Edit(stale); !errors.Is(err, annotations.ErrInUse) {
		t.Fatalf("my edit while the lock is held: %v", err)
	}
	release()
	m := annotatingWith(t, mine, annotations.MQM(), 140, 30)
	m = press(t, m, ":", "9", "enter", "N")
	if !strings.Contains(m.statusText(), "saved: ") || !strings.Contains(m.statusText(), "1 earlier change not saved") {
		t.Errorf("status %q; want the mark saved and the dropped earlier change said", m.statusText())
	}
}

// TestRereadNeverWaitsInUpdate: while another process holds the
// annotation file's lock (a bleuscope in the middle of a write, or one
// that keeps it), S and E return at once, showing the annotations already
// held, and the file is read again off the UI loop: the summary and the
// segment's list show the other's saved error when that read lands.
// Before, Update read the file itself, waiting up to 0.3 s for the lock.
func TestRereadNeverWaitsInUpdate(t *testing.T) {
	for _, k := range []string{"S", "E"} {
		path := filepath.Join(t.TempDir(), "ann.jsonl")
		other, mine := openStore(t, path), openStore(t, path)
		m := annotatingWith(t, mine, annotations.MQM(), 120, 40)
		othersMark(t, m, other, "bo", "Major", "")
		release := holdLock(t, path)
		start := time.Now()
		next, cmd := m.Update(keyMsg(k))
		took := time.Since(start)
		m = next.(Model)
		// The read waits 0.3 s for the lock before it reads without it:
		// the store holding bo's error now would mean Update read it, so
		// waited (before, Update took 0.3 s here).
		if got := mine.All(); len(got) != 0 {
			t.Fatalf("%s: Update took %v and the store holds %d annotations; want it back at once, nothing read yet", k, took, len(got))
		}
		switch k {
		case "S":
			if v := ansi.Strip(m.View()); m.screen != screenAnnSummary || strings.Contains(v, "Accuracy/Mistranslation") {
				t.Errorf("S: screen %d; want the summary of what is held (no error yet):\n%s", m.screen, v)
			}
		case "E":
			if m.ann.step == stepList || !strings.Contains(m.statusText(), "no annotation on this segment") {
				t.Errorf("E: step %d, status %q; want the segment's held annotations (none)", m.ann.step, m.statusText())
			}
		}
		m = drive(t, m, cmd)
		release()
		if !strings.Contains(m.statusText(), "another bleuscope saved") {
			t.Errorf("%s: status %q once the read landed; want it to say another bleuscope's changes are shown", k, m.statusText())
		}
		switch k {
		case "S":
			if v := ansi.Strip(m.View()); !regexp.MustCompile(`fluent +\S+ +5\.00 +1 +1 `).MatchString(v) || !strings.Contains(v, "Accuracy/Mistranslation") {
				t.Errorf("S: once the read landed the summary does not count bo's major error:\n%s", v)
			}
		case "E":
			if m.ann.step != stepList || len(m.ann.segment(m.c, m.list.selection(m.c))) != 1 {
				t.Errorf("E: once the read landed, step %d with %d annotations; want the list of bo's one open", m.ann.step, len(m.ann.segment(m.c, m.list.selection(m.c))))
			}
		}
	}
}
