package ui

import (
	"github.com/bleuscope/bleuscope/ui/render"
	"slices"
	"strings"
	"testing"
)

// filter types q into the filter prompt and applies it.
func filter(t *testing.T, m Model, q string) Model {
	t.Helper()
	m = press(t, m, "esc") // a previous filter goes
	return press(t, typeText(t, press(t, m, "/"), q), "enter")
}

// TestFilterByAnnotations: cat: and sev: find the segment marked, and
// is:unannotated loses a segment as soon as it is marked.
func TestFilterByAnnotations(t *testing.T) {
	m, _ := annotating(t, 100, 30)
	n := m.c.ds.Len()
	sel := m.list.selection(m.c)
	m = press(t, m, "A", "enter", "a", "o", "M", "enter") // one token, Accuracy/Omission, Major
	if !strings.HasPrefix(m.statusText(), "saved:") {
		t.Fatalf("status %q; want saved", m.statusText())
	}
	for _, q := range []string{"cat:omission", "cat:accuracy sev:major", "rater:ana is:error", "is:annotated"} {
		m = filter(t, m, q)
		if !slices.Equal(m.list.rows, []int{sel.seg}) {
			t.Errorf("%q: rows %v; want [%d] (status %q)", q, m.list.rows, sel.seg, m.statusText())
		}
	}
	for _, q := range []string{"cat:fluency", "sev:minor", "rater:bo", "is:noerror"} {
		if m = filter(t, m, q); len(m.list.rows) != 0 {
			t.Errorf("%q: rows %v; want none", q, m.list.rows)
		}
	}
	m = filter(t, m, "is:unannotated")
	if len(m.list.rows) != n-1 || slices.Contains(m.list.rows, sel.seg) {
		t.Fatalf("is:unannotated: %d rows; want %d without line %d", len(m.list.rows), n-1, sel.seg+1)
	}
	next := m.list.selection(m.c).seg
	m = press(t, m, "N") // no error: the segment is annotated now
	if len(m.list.rows) != n-2 || slices.Contains(m.list.rows, next) {
		t.Errorf("after N under is:unannotated: %d rows (line %d there: %v); want %d without it", len(m.list.rows), next+1, slices.Contains(m.list.rows, next), n-2)
	}
}

// TestFilterByAnnotationsNeedsThem: without annotations an annotation
// term is one line in the status, and the filter is not applied (the rows
// stay those of the last query that could be, as with any bad query).
func TestFilterByAnnotationsNeedsThem(t *testing.T) {
	m := ready(t, demoDataset(t), 100, 30)
	m = filter(t, m, "cat:omission")
	if !strings.Contains(m.statusText(), "--annotations FILE") || strings.Contains(m.statusText(), "\n") || m.list.view.Filter == "cat:omission" {
		t.Errorf("status %q, filter %q; want one line naming --annotations and the filter not applied", m.statusText(), m.list.view.Filter)
	}
}

// TestUndoKeepsAnnotationFilter: under is:unannotated, N takes the
// segment out of the list and u brings it back, the filter kept and the
// segment selected; under is:error the same u must clear the filter to
// show it, and says so in one line of the footer, at 120 columns and at 60.
func TestUndoKeepsAnnotationFilter(t *testing.T) {
	for _, w := range []int{120, 60} {
		m, _ := annotating(t, w, 16)
		n := m.c.ds.Len()
		m = filter(t, m, "is:unannotated")
		m = press(t, m, "j", "j")
		sel := m.list.selection(m.c).seg
		m = press(t, m, "N", "A", "enter", "a", "o", "M", "enter") // a no-error mark there, then an error on the next one
		if slices.Contains(m.list.rows, sel) {
			t.Fatalf("%d columns: line %d still listed after N under is:unannotated", w, sel+1)
		}
		m = press(t, m, "u", "u") // the error, then the no-error mark, taken back
		if m.list.view.Filter != "is:unannotated" || strings.Contains(m.statusText(), "filter cleared") {
			t.Errorf("%d columns: after u, filter %q, status %q; want is:unannotated kept", w, m.list.view.Filter, m.statusText())
		}
		if len(m.list.rows) != n || m.list.selection(m.c).seg != sel {
			t.Errorf("%d columns: after u, %d rows, line %d selected; want %d rows, line %d", w, len(m.list.rows), m.list.selection(m.c).seg+1, n, sel+1)
		}
		if !render.Fits(m.statusText(), w) {
			t.Errorf("%d columns: status %q wraps", w, m.statusText())
		}

		m = press(t, m, "N", "j", "A", "enter", "a", "o", "M", "enter") // sel marked clean, the next one with an error
		m = filter(t, m, "is:error")
		m = press(t, m, "u", "u") // the error, then sel's mark: sel is not an error, shown by clearing the filter
		if m.list.view.Filter != "" || !strings.Contains(m.statusText(), "filter cleared") || !render.Fits(m.statusText(), w) {
			t.Errorf("%d columns: undo of a line is:error leaves out: filter %q, status %q; want it cleared, said in one line", w, m.list.view.Filter, m.statusText())
		}
	}
}
