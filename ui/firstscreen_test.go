package ui

import (
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model"
	tea "github.com/charmbracelet/bubbletea"
)

// TestFirstScreenInLineOrder: on a big corpus the first screen lists the
// lines in order before any scoring run lands, the visible rows scored
// one by one (the same figures the run gives), the run's progress in the
// header; when the run lands the list turns worst first and keeps the
// selected segment.
func TestFirstScreenInLineOrder(t *testing.T) {
	ds := synthDataset(t, syncRows+500)
	m := New(ds, model.DefaultSettings())
	next, _ := m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	first := next.(Model)
	if len(first.list.rows) != ds.Len() || first.list.rows[0] != 0 || first.list.rows[ds.Len()-1] != ds.Len()-1 {
		t.Fatalf("first screen: %d rows, not the lines in order", len(first.list.rows))
	}
	v := first.View()
	if !strings.Contains(v, "scoring") {
		t.Errorf("the first screen does not say it is scoring:\n%s", v)
	}
	checkFit(t, "first screen", v, 120, 40)
	first = press(t, first, "j", "j", "j")
	if first.list.seg != 3 {
		t.Fatalf("j j j selected line %d; want 4", first.list.seg+1)
	}
	early := map[int]float64{}
	for i := first.list.top; i < first.list.top+first.list.height; i++ {
		r, ok := first.list.early[[2]int{0, i}]
		if !ok {
			t.Fatalf("visible row %d has no early score", i+1)
		}
		early[i] = r.Score
	}

	m = drive(t, first, m.Init())
	if m.c.scored == nil || m.list.inLineOrder {
		t.Fatal("the scores did not land")
	}
	if m.list.seg != 3 || m.list.rows[m.list.cursor] != 3 {
		t.Errorf("after the scores landed the selection is line %d; want line 4 kept", m.list.seg+1)
	}
	want := m.c.scored.Rows(ds, m.list.view)
	if m.list.rows[0] != want[0] || m.list.view.Sort != model.SortScore {
		t.Errorf("after the scores landed the rows are not worst first")
	}
	for i, x := range early {
		if got := m.c.scored.Systems[0].Sentence[i]; got != x {
			t.Errorf("line %d: early score %v, the run's %v", i+1, x, got)
		}
	}
	checkFit(t, "scored screen", m.View(), 120, 40)
}

// TestFirstScreenUntouchedOpensOnWorst: on a big corpus nobody has moved
// in while it is scored, the list opens on its first (worst) row, not on
// line 1 wherever that sorts.
func TestFirstScreenUntouchedOpensOnWorst(t *testing.T) {
	ds := synthDataset(t, syncRows+500)
	m := New(ds, model.DefaultSettings())
	next, _ := m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	m = drive(t, next.(Model), m.Init())
	if m.c.scored == nil {
		t.Fatal("the scores did not land")
	}
	if m.list.cursor != 0 || m.list.top != 0 || m.list.seg != m.list.rows[0] {
		t.Errorf("after the scores landed: cursor %d, top %d, line %d selected; want the first row (line %d)",
			m.list.cursor, m.list.top, m.list.seg+1, m.list.rows[0]+1)
	}
}
