package ui

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/model/annotations"
	"github.com/bleuscope/bleuscope/ui/render"
	"github.com/charmbracelet/x/ansi"
)

// TestAnnotateUndo: u takes back the last change saved, on disk before
// the status says so: an edit gets its earlier content back, a deletion
// its annotation, an added error goes and the no-error mark it replaced
// comes back, a no-error mark goes; u again takes back the change before.
func TestAnnotateUndo(t *testing.T) {
	m, path := annotating(t, 120, 30) // wide enough for the status to say what u takes back next
	if m = press(t, m, "u"); !strings.HasPrefix(m.statusText(), "nothing to undo: nothing changed since the file was opened") {
		t.Fatalf("u before any change: status %q", m.statusText())
	}
	m = press(t, m, "A", "enter", "f", "g", "m")
	m = typeText(t, m, "first")
	m = press(t, m, "enter")
	// The edit, taken back.
	m = press(t, m, "E", "e", "enter", "f", "s", "M", "enter")
	if anns := reopen(t, path); len(anns) != 1 || anns[0].Severity != "Major" {
		t.Fatalf("after the edit: %+v", anns)
	}
	m = press(t, m, "u")
	anns := reopen(t, path)
	if len(anns) != 1 || anns[0].Category != "Fluency/Grammar" || anns[0].Severity != "Minor" || anns[0].Note != "first" || !strings.HasPrefix(m.statusText(), "saved: undone: the edit to") {
		t.Fatalf("u after the edit: status %q, stored %+v", m.statusText(), anns)
	}
	if !strings.Contains(m.statusText(), "(u again: the Minor Fluency/Grammar added on line") {
		t.Errorf("u after the edit: status %q; want it to name what u takes back next", m.statusText())
	}
	// The deletion, taken back.
	m = press(t, m, "E", "d", "y")
	if len(reopen(t, path)) != 0 {
		t.Fatal("d y left the annotation")
	}
	m = press(t, m, "u")
	if anns := reopen(t, path); len(anns) != 1 || anns[0].Category != "Fluency/Grammar" || anns[0].Note != "first" || anns[0].Span == nil {
		t.Fatalf("u after the deletion: status %q, stored %+v", m.statusText(), anns)
	}
	// A no-error mark, then an error that replaces it: u removes the
	// error and gives the mark back; u after N removes the mark.
	m = press(t, m, "E", "d", "y", "N")
	if anns := reopen(t, path); len(anns) != 1 || anns[0].Kind != annotations.KindNoError {
		t.Fatalf("N: %+v", anns)
	}
	m = press(t, m, "A", "enter", "f", "g", "m", "enter")
	if anns := reopen(t, path); len(anns) != 1 || anns[0].Kind != annotations.KindError {
		t.Fatalf("an error on a segment marked no error: %+v", anns)
	}
	m = press(t, m, "u")
	if anns := reopen(t, path); len(anns) != 1 || anns[0].Kind != annotations.KindNoError {
		t.Fatalf("u after the error that replaced the mark: status %q, stored %+v", m.statusText(), anns)
	}
	m = press(t, m, "E", "d", "y", "N", "u")
	if anns := reopen(t, path); len(anns) != 0 || !strings.HasPrefix(m.statusText(), "saved: undone: the no-error mark on line") {
		t.Fatalf("u after N: status %q, stored %+v", m.statusText(), anns)
	}
}

// TestAnnotateUndoScore: u after an ESA score gives the earlier score
// back, or removes a first one.
func TestAnnotateUndoScore(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ann.jsonl")
	m := annotatingWith(t, openStore(t, path), annotations.ESA(), 100, 30)
	m = press(t, m, "%", "7", "0", "enter", "%", "ctrl+u", "4", "5", "enter", "u")
	if anns := reopen(t, path); len(anns) != 1 || *anns[0].Score != 70 || !strings.HasPrefix(m.statusText(), "saved: undone: the score 45 given to line ") {
		t.Fatalf("u after 70 then 45: status %q, stored %+v", m.statusText(), anns)
	}
	m = press(t, m, "down", "%", "3", "0", "enter", "u")
	if anns := reopen(t, path); len(anns) != 1 || *anns[0].Score != 70 {
		t.Fatalf("u after a first score on another line: status %q, stored %+v", m.statusText(), anns)
	}
}

// TestAnnotateUndoInList: u in a segment's list of annotations (E) takes
// back the deletion just made there, the list shows the annotation again
// and its footer offers u while there is a change to take back. Before,
// the list swallowed u without a word, and the linguist who had just
// deleted the wrong error had to close it first.
func TestAnnotateUndoInList(t *testing.T) {
	m, path := annotating(t, 100, 30)
	m = press(t, m, "A", "enter", "f", "g", "m", "enter")
	m = press(t, m, "A", "x", "a", "m", "M", "enter")
	m = press(t, m, "E", "down", "d", "y")
	if anns := reopen(t, path); len(anns) != 1 {
		t.Fatalf("E down d y: stored %+v", anns)
	}
	if f := m.ann.listFooter(m.c, m.list.selection(m.c)); !strings.Contains(f, "u undo") {
		t.Errorf("the list's footer does not offer u after the deletion: %q", f)
	}
	m = press(t, m, "u")
	if anns := reopen(t, path); len(anns) != 2 || !strings.HasPrefix(m.statusText(), "saved: undone:") {
		t.Fatalf("u in the list after the deletion: status %q, stored %+v", m.statusText(), anns)
	}
	if v := m.View(); !strings.Contains(v, "Major Accuracy/Mistranslation (whole segment)") {
		t.Errorf("the list does not show the annotation put back:\n%s", v)
	}
	if f := m.ann.listFooter(m.c, m.list.selection(m.c)); !strings.Contains(f, "u undo") {
		t.Errorf("the list's footer does not offer u with the two additions left to undo: %q", f)
	}
	m = press(t, m, "u", "u")
	if anns := reopen(t, path); len(anns) != 0 || m.ann.undoKey(m.c).Enabled() {
		t.Errorf("u twice more: stored %+v, u offered %v; want nothing stored and nothing left to undo", anns, m.ann.undoKey(m.c).Enabled())
	}
}

// TestAnnotateUndoAll: u pressed again and again takes back every change
// of the session, the last first, each on disk before the status says so,
// down to an empty file, then says there is nothing more. An annotation
// an undo put back (a deleted error, a no-error mark an error replaced)
// has a new ID, and the changes before still find it.
func TestAnnotateUndoAll(t *testing.T) {
	m, path := annotating(t, 100, 30)
	m = press(t, m, "A", "enter", "f", "g", "m", "enter") // 1: an error
	first := reopen(t, path)[0].Line
	m = press(t, m, "E", "e", "enter", "f", "s", "M", "enter") // 2: edited
	if !strings.HasPrefix(m.statusText(), "saved: edited: Major Fluency/Spelling"+" on line "+itoa(first)) {
		t.Errorf("an edit saved: status %q; want it to say edited, as its undo does", m.statusText())
	}
	m = press(t, m, "esc")
	m = press(t, m, "down", "N") // 3: the next segment marked no error
	var second int
	for _, a := range reopen(t, path) {
		if a.Kind == annotations.KindNoError {
			second = a.Line
		}
	}
	m = press(t, m, "A", "x", "a", "m", "M", "enter") // 4: an error replaces the mark
	m = press(t, m, "up", "E", "d", "y")              // 5: the first error deleted
	if anns := reopen(t, path); second == 0 || len(anns) != 1 || anns[0].Line != second || anns[0].Kind != annotations.KindError {
		t.Fatalf("after the five changes: %+v", anns)
	}
	line := func(l int) string { return " line " + itoa(l) }
	kinds := func(a []annotations.Annotation) string { // each as line:kind:severity, in order
		rows := make([]string, len(a))
		for i, x := range a {
			rows[i] = itoa(x.Line) + ":" + string(x.Kind) + ":" + x.Severity
		}
		slices.Sort(rows)
		return strings.Join(rows, " ")
	}
	stored := func(rows ...string) string {
		slices.Sort(rows)
		return strings.Join(rows, " ")
	}
	f, s := itoa(first), itoa(second)
	// Each undo selects the segment it changed.
	steps := []struct {
		status, stored string
		selected       int
	}{
		{"saved: undone: the Major Fluency/Spelling deleted from" + line(first), stored(f+":error:Major", s+":error:Major"), first},
		{"saved: undone: the Major Accuracy/Mistranslation added on" + line(second), stored(f+":error:Major", s+":no-error:"), second},
		{"saved: undone: the no-error mark on" + line(second), stored(f + ":error:Major"), second},
		{"saved: undone: the edit to the Major Fluency/Spelling on" + line(first), stored(f + ":error:Minor"), first},
		{"saved: undone: the Minor Fluency/Grammar added on" + line(first), "", first},
		{"nothing more to undo: u has gone back through all 5 changes made since the file was opened", "", first},
	}
	for i, st := range steps {
		m = press(t, m, "u")
		got := kinds(reopen(t, path))
		if !strings.HasPrefix(m.statusText(), st.status) || got != st.stored {
			t.Fatalf("u number %d: status %q, stored %q; want the status to start %q, stored %q", i+1, m.statusText(), got, st.status, st.stored)
		}
		if sel := m.list.selection(m.c); sel.seg+1 != st.selected {
			t.Errorf("u number %d: line %d selected; want %d, the segment it changed", i+1, sel.seg+1, st.selected)
		}
	}
}

// TestAnnotateUndoAfterOthersEdit: u does not take back an error this
// explorer added once another bleuscope has edited it and this one has
// read that edit (here by saving a mark on the next segment): the other's
// edit stays on disk, and the status says why nothing was undone.
func TestAnnotateUndoAfterOthersEdit(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ann.jsonl")
	m := annotatingWith(t, openStore(t, path), annotations.MQM(), 100, 30)
	m = press(t, m, "A", "enter", "f", "g", "m", "enter")
	other := openStore(t, path)
	anns := other.All()
	if len(anns) != 1 || anns[0].Severity != "Minor" {
		t.Fatalf("the other explorer reads %+v; want the minor error", anns)
	}
	edited := anns[0]
	edited.Severity = "Major"
	if err := other.Edit(edited); err != nil {
		t.Fatal(err)
	}
	m = press(t, m, "down", "N", "u") // N reads the other's edit; u takes N back
	if !strings.HasPrefix(m.statusText(), "saved: undone: the no-error mark on line") {
		t.Fatalf("u after N: status %q", m.statusText())
	}
	m = press(t, m, "u")
	if anns := reopen(t, path); len(anns) != 1 || anns[0].Severity != "Major" {
		t.Errorf("u after the other's edit: stored %+v; want the other's major error kept", anns)
	}
	if !strings.HasPrefix(m.statusText(), "not undone: the Minor Fluency/Grammar added on line") || !strings.Contains(m.statusText(), "another bleuscope has changed it since, to Major Fluency/Grammar") {
		t.Errorf("u after the other's edit: status %q; want it to say the other's edit stays", m.statusText())
	}
}

// TestAnnotateListFooterAt60: at 60 columns the list's footer, cut to the
// width, still offers u and esc after a deletion (adding gives way first).
func TestAnnotateListFooterAt60(t *testing.T) {
	m, _ := annotating(t, 60, 16)
	m = press(t, m, "A", "enter", "f", "g", "m", "enter")
	m = press(t, m, "A", "x", "a", "m", "M", "enter")
	m = press(t, m, "E", "down", "d", "y", "up") // up: the status gives way to the footer
	v := m.View()
	for _, want := range []string{"u undo", "esc close"} {
		if !strings.Contains(v, want) {
			t.Errorf("the list at 60 columns does not offer %q:\n%s", want, v)
		}
	}
	checkFit(t, "the list at 60 columns", v, 60, 16)
}

// TestAnnotateUndoInListOfAnotherSegment: u in one segment's list that
// takes back a change made on another segment selects that one and
// closes the list, which was of the first.
func TestAnnotateUndoInListOfAnotherSegment(t *testing.T) {
	m, path := annotating(t, 100, 30)
	m = press(t, m, "A", "enter", "f", "g", "m", "enter")
	first := m.list.selection(m.c).seg
	m = press(t, m, "down")
	second := m.list.selection(m.c).seg
	m = press(t, m, "A", "x", "a", "m", "M", "enter", "up", "E", "u")
	if anns := reopen(t, path); len(anns) != 1 || anns[0].Line != first+1 {
		t.Fatalf("u in the first segment's list: stored %+v; want the second segment's error gone", anns)
	}
	if sel := m.list.selection(m.c); sel.seg != second || m.ann.step != stepOff {
		t.Errorf("after u: segment %d selected, annotator step %v; want segment %d and the list closed", sel.seg, m.ann.step, second)
	}
}

// TestAnnotateUndoShowsAnotherSystem: u takes back the last change of
// any system; when that was made on a system tab has since left, the list
// switches back to it, as tab would (the baseline the first system's
// default again), with the segment changed selected, and the status names
// the system and says it switched ("the no-error mark on fluent line 44,
// switched to it"); what u takes back next is said as seen from there, so
// of the system now shown it says "line 44" alone and switches nothing.
// Before, the screen stayed on the other system, where nothing had
// changed.
func TestAnnotateUndoShowsAnotherSystem(t *testing.T) {
	m, path := annotating(t, 160, 30) // wide enough for the status to say what u takes back next
	first := m.list.view.System
	m = press(t, m, "N")
	line := m.list.selection(m.c).seg + 1
	m = press(t, m, "down", "N")
	second := m.list.selection(m.c).seg + 1
	m = press(t, m, "tab")
	if m.list.view.System == first {
		t.Fatal("tab left the system shown")
	}
	m = press(t, m, "u")
	name := m.c.shortName(first)
	if anns := reopen(t, path); len(anns) != 1 || anns[0].Line != line {
		t.Fatalf("u: stored %+v; want the second mark gone", anns)
	}
	if v, sel := m.list.view, m.list.selection(m.c); v.System != first || v.Other != model.DefaultOther(first, len(m.c.ds.Systems)) || sel.seg+1 != second {
		t.Errorf("u of a change on %s: system %d (baseline %d), line %d selected; want system %d, its default baseline, line %d", name, v.System, v.Other, sel.seg+1, first, second)
	}
	if want := "saved: undone: the no-error mark on " + name + " line " + itoa(second) + ", switched to it (u again: the no-error mark on line " + itoa(line) + ")"; m.statusText() != want {
		t.Errorf("u of a change on %s: status %q; want %q", name, m.statusText(), want)
	}
	m = press(t, m, "u")
	if want := "saved: undone: the no-error mark on line " + itoa(line); m.statusText() != want || m.list.view.System != first || m.list.selection(m.c).seg+1 != line {
		t.Errorf("u of a change on the system shown: status %q, system %d, line %d; want %q, system %d, line %d", m.statusText(), m.list.view.System, m.list.selection(m.c).seg+1, want, first, line)
	}
}

// TestAnnotateUndoSwitchKeepsFilter: the switch u makes to the system of
// the change keeps a pinned baseline and a filter that selects the
// segment there (is:unannotated, once its mark is taken back), as u on
// the system shown does; a filter that does not (is:noerror) is cleared
// to show it; the status says so and that it switched, in one line at 120
// columns and at 60.
func TestAnnotateUndoSwitchKeepsFilter(t *testing.T) {
	for _, w := range []int{120, 60} {
		m, _ := annotating(t, w, 16)
		first := m.list.view.System
		m = press(t, m, "N")
		seg := m.list.selection(m.c).seg
		m = press(t, m, "tab", "p")
		pinned := m.list.view.System
		m = filter(t, m, "is:unannotated")
		m = press(t, m, "u")
		if v := m.list.view; v.System != first || v.Other != pinned || v.Filter != "is:unannotated" || m.list.selection(m.c).seg != seg {
			t.Errorf("%d columns: u under is:unannotated: system %d, baseline %d, filter %q, line %d; want system %d, baseline %d kept, the filter kept, line %d", w, v.System, v.Other, v.Filter, m.list.selection(m.c).seg+1, first, pinned, seg+1)
		}
		if !strings.Contains(m.statusText(), "switched") || strings.Contains(m.statusText(), "filter cleared") || !render.Fits(m.statusText(), w) {
			t.Errorf("%d columns: u under is:unannotated: status %q; want it to say it switched, in one line", w, m.statusText())
		}

		m = press(t, m, "N", "tab") // seg marked again, the other system shown
		m = filter(t, m, "is:noerror")
		m = press(t, m, "u")
		if v := m.list.view; v.System != first || v.Other != pinned || v.Filter != "" || m.list.selection(m.c).seg != seg {
			t.Errorf("%d columns: u under is:noerror: system %d, baseline %d, filter %q, line %d; want system %d, baseline %d, the filter cleared, line %d", w, v.System, v.Other, v.Filter, m.list.selection(m.c).seg+1, first, pinned, seg+1)
		}
		if !strings.Contains(m.statusText(), "switched") || !strings.Contains(m.statusText(), "filter cleared") || !render.Fits(m.statusText(), w) {
			t.Errorf("%d columns: u under is:noerror: status %q; want it to say it switched and cleared the filter, in one line", w, m.statusText())
		}
	}
}

// TestAnnotateUndoInListOfAnotherSystem: u in a segment's list (E) that
// takes back a change made to the same segment of another system closes
// the list, which was of the system shown, and shows the other.
func TestAnnotateUndoInListOfAnotherSystem(t *testing.T) {
	m, path := annotating(t, 100, 30)
	first := m.list.view.System
	seg := m.list.selection(m.c).seg
	m = press(t, m, "tab", "A", "enter", "f", "g", "m", "enter", "shift+tab", "N", "tab", "E")
	if sel := m.list.selection(m.c); sel.seg != seg || m.ann.step != stepList {
		t.Fatalf("E on the other system: line %d, annotator step %v; want line %d's list", sel.seg+1, m.ann.step, seg+1)
	}
	m = press(t, m, "u")
	if anns := reopen(t, path); len(anns) != 1 || anns[0].Kind != annotations.KindError {
		t.Fatalf("u in the list: stored %+v; want the no-error mark gone", anns)
	}
	if m.list.view.System != first || m.ann.step != stepOff || m.list.selection(m.c).seg != seg {
		t.Errorf("after u: system %d, line %d, annotator step %v; want system %d, line %d, the list closed", m.list.view.System, m.list.selection(m.c).seg+1, m.ann.step, first, seg+1)
	}
}

// TestAnnotateUndoOnSummary: u on the summary screen takes back the last
// change, as on the main screen, and the figures are those without it at
// once; the status line, in the footer's place, says so, and then that
// there is nothing more to undo. Before, u there did nothing, silently.
func TestAnnotateUndoOnSummary(t *testing.T) {
	m, path := annotating(t, 100, 30)
	m = press(t, m, "A", "enter", "a", "m", "M", "enter")
	m = press(t, m, "S")
	row := regexp.MustCompile(`(?m)^fluent +\S+ +(\S+) +(\d+) +(\d+) `)
	if got := row.FindStringSubmatch(ansi.Strip(m.View())); got == nil || got[1] != "5.00" || got[2] != "1" {
		t.Fatalf("before u: fluent's row %q; want MQM 5.00, 1 rated", got)
	}
	if !strings.Contains(ansi.Strip(m.View()), "u undo") {
		t.Errorf("the footer does not offer u:\n%s", m.View())
	}
	m = press(t, m, "u")
	v := ansi.Strip(m.View())
	if m.screen != screenAnnSummary || len(reopen(t, path)) != 0 {
		t.Fatalf("u on the summary: screen %d, %d annotations on disk; want the summary, none", m.screen, len(reopen(t, path)))
	}
	if got := row.FindStringSubmatch(v); got == nil || got[1] != "-" || got[2] != "0" {
		t.Errorf("after u: fluent's row %q; want MQM -, 0 rated:\n%s", got, v)
	}
	lines := strings.Split(strings.TrimRight(v, "\n"), "\n")
	if last := lines[len(lines)-1]; !strings.HasPrefix(last, "saved: undone: the Major Accuracy/Mistranslation added on line") {
		t.Errorf("the last line %q does not say what u took back", last)
	}
	m = press(t, m, "u")
	if v := ansi.Strip(m.View()); !strings.Contains(v, "nothing more to undo") || strings.Contains(v, "u undo") {
		t.Errorf("u again on the summary:\n%s", v)
	}
}

// TestUndoOverNoErrorMarkIsOneWrite: taking back an error that replaced
// a no-error mark puts the mark back in the same write as it deletes the
// error, so that the file cut at any byte of that write (a crash) holds
// the error, as shown before u, or the mark, as shown after, never the
// segment with neither, which no screen showed; the deletion and the mark
// were two writes.
func TestUndoOverNoErrorMarkIsOneWrite(t *testing.T) {
	m, path := annotating(t, 100, 30)
	m = press(t, m, "N", "A", "x", "a", "m", "M", "enter") // the error replaces the mark
	kinds := func(data []byte) string {
		t.Helper()
		cut := filepath.Join(t.TempDir(), "cut.ann")
		if err := os.WriteFile(cut, data, 0o644); err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, a := range reopen(t, cut) {
			out = append(out, string(a.Kind))
		}
		return strings.Join(out, " ")
	}
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if m = press(t, m, "u"); !strings.HasPrefix(m.statusText(), "saved: undone:") {
		t.Fatalf("u: status %q", m.statusText())
	}
	after, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	shown := map[string]bool{kinds(before): true, kinds(after): true}
	if kinds(before) != "error" || kinds(after) != "no-error" {
		t.Fatalf("before u %q, after %q; want the error, then the mark", kinds(before), kinds(after))
	}
	for n := len(before); n <= len(after); n++ {
		if got := kinds(after[:n]); !shown[got] {
			t.Fatalf("the file cut at byte %d of %d holds %q, which no screen showed", n, len(after), got)
		}
	}
}

// TestAnnotateUndoSaysItsPlace: what u says of a change names its place
// (the system, when not the one shown, and the line) once, after the
// change, whatever "line N" its category or note holds: "the Minor Wrong
// on line 3 added on fluent line 3". The place is kept apart from the
// words for the change, never looked for in them.
func TestAnnotateUndoSaysItsPlace(t *testing.T) {
	m, _ := annotating(t, 160, 30)
	at := "line " + itoa(m.list.selection(m.c).seg+1) // the line the explorer opens on
	p, err := annotations.ParseTypology(strings.NewReader("severity | m | Minor | 1\ncategory | w | Wrong on "+at+"\n"), "t")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "ann.jsonl")
	m = annotatingWith(t, openStore(t, path), p, 160, 30)
	name := m.c.shortName(m.list.view.System)
	m = press(t, m, "A", "enter", "w", "m")
	m = typeText(t, m, "as on "+at)
	m = press(t, m, "enter", "tab", "u")
	if anns := reopen(t, path); len(anns) != 0 {
		t.Fatalf("u: stored %+v; want the error gone", anns)
	}
	if want := "saved: undone: the Minor Wrong on " + at + " added on " + name + " " + at + ", switched to it"; m.statusText() != want {
		t.Errorf("u: status %q; want %q", m.statusText(), want)
	}
}
