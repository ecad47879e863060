package ui

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model/annotations"
)

// TestAnnotateUndo: u takes back the last change saved, on disk before
// the status says so: an edit gets its earlier content back, a deletion
// its annotation, an added error goes and the no-error mark it replaced
// comes back, a no-error mark goes; once taken back, nothing more.
func TestAnnotateUndo(t *testing.T) {
	m, path := annotating(t, 100, 30)
	if m = press(t, m, "u"); !strings.Contains(m.status, "nothing to undo") {
		t.Fatalf("u before any change: status %q", m.status)
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
	if len(anns) != 1 || anns[0].Category != "Fluency/Grammar" || anns[0].Severity != "Minor" || anns[0].Note != "first" || !strings.HasPrefix(m.status, "saved: undone: the edit to") {
		t.Fatalf("u after the edit: status %q, stored %+v", m.status, anns)
	}
	if m = press(t, m, "u"); !strings.Contains(m.status, "nothing to undo") || len(reopen(t, path)) != 1 {
		t.Fatalf("u twice: status %q", m.status)
	}
	// The deletion, taken back.
	m = press(t, m, "E", "d", "y")
	if len(reopen(t, path)) != 0 {
		t.Fatal("d y left the annotation")
	}
	m = press(t, m, "u")
	if anns := reopen(t, path); len(anns) != 1 || anns[0].Category != "Fluency/Grammar" || anns[0].Note != "first" || anns[0].Span == nil {
		t.Fatalf("u after the deletion: status %q, stored %+v", m.status, anns)
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
		t.Fatalf("u after the error that replaced the mark: status %q, stored %+v", m.status, anns)
	}
	m = press(t, m, "E", "d", "y", "N", "u")
	if anns := reopen(t, path); len(anns) != 0 || !strings.HasPrefix(m.status, "saved: undone: no error marked") {
		t.Fatalf("u after N: status %q, stored %+v", m.status, anns)
	}
}

// TestAnnotateUndoScore: u after an ESA score gives the earlier score
// back, or removes a first one.
func TestAnnotateUndoScore(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ann.jsonl")
	m := annotatingWith(t, openStore(t, path), annotations.ESA(), 100, 30)
	m = press(t, m, "%", "7", "0", "enter", "%", "ctrl+u", "4", "5", "enter", "u")
	if anns := reopen(t, path); len(anns) != 1 || *anns[0].Score != 70 {
		t.Fatalf("u after 70 then 45: status %q, stored %+v", m.status, anns)
	}
	m = press(t, m, "down", "%", "3", "0", "enter", "u")
	if anns := reopen(t, path); len(anns) != 1 || *anns[0].Score != 70 {
		t.Fatalf("u after a first score on another line: status %q, stored %+v", m.status, anns)
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
	if anns := reopen(t, path); len(anns) != 2 || !strings.HasPrefix(m.status, "saved: undone:") {
		t.Fatalf("u in the list after the deletion: status %q, stored %+v", m.status, anns)
	}
	if v := m.View(); !strings.Contains(v, "Major Accuracy/Mistranslation (whole segment)") {
		t.Errorf("the list does not show the annotation put back:\n%s", v)
	}
	if f := m.ann.listFooter(m.c, m.list.selection(m.c)); strings.Contains(f, "u undo") {
		t.Errorf("the list's footer offers u with nothing left to undo: %q", f)
	}
}
