//go:build unix

package ui

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

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
	path := filepath.Join(t.TempDir(), "ann.jsonl")
	other := openStore(t, path)
	stale := annotations.Annotation{System: demoDataset(t).Systems[0].Name, Line: 3, Rater: "bo", Kind: annotations.KindNoError}
	stale.SetText("a text this line never had", "")
	if _, err := other.Add(stale); err != nil {
		t.Fatal(err)
	}
	holdLock(t, path)
	m := annotatingWith(t, openStore(t, path), annotations.MQM(), 120, 30)
	if !strings.Contains(m.status, "⚠ 3 warnings (! lists them)") { // not all about the input
		t.Errorf("the first screen does not say there are warnings: status %q", m.status)
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
	if !strings.Contains(m.status, "saved: ") || !strings.Contains(m.status, "1 earlier change not saved") {
		t.Errorf("status %q; want the mark saved and the dropped earlier change said", m.status)
	}
}
