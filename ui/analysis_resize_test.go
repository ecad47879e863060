package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/fixtures"
	"github.com/bleuscope/bleuscope/model"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// manySystems loads the demo corpus with its systems given twice over
// under other names: six systems, so that the wins table has more rows
// than fit at 60×16.
func manySystems(t *testing.T) *model.Dataset {
	t.Helper()
	var systems []string
	for i := range 6 {
		_, path, _ := strings.Cut(fixtures.DemoSystems[i%3], "=")
		systems = append(systems, fmt.Sprintf("sys%d=%s", i, path))
	}
	ds, err := model.Load(model.Input{Systems: systems, Refs: fixtures.DemoRefs, Src: fixtures.DemoSource, FS: fixtures.Demo})
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	return ds
}

// TestAnalysisResizeKeepsSelection: after any size change the row under
// each table's cursor is in view and drawn with its mark, as the list
// keeps its selection; the view scrolls no further than that takes.
func TestAnalysisResizeKeepsSelection(t *testing.T) {
	sizes := [][]tea.WindowSizeMsg{
		{{Width: 80, Height: 24}, {Width: 60, Height: 16}},
		{{Width: 200, Height: 50}, {Width: 60, Height: 16}},
		{{Width: 200, Height: 50}, {Width: 100, Height: 20}, {Width: 60, Height: 17}, {Width: 120, Height: 40}},
		{{Width: 60, Height: 30}, {Width: 60, Height: 16}, {Width: 60, Height: 18}},
	}
	// The keys that put the cursor where a shrink would leave it out of
	// view: the last row, and rows down the middle.
	moves := [][]string{{"G"}, {"G", "up", "up", "up"}, {"pgdown", "down"}}
	type table struct {
		name  string
		keys  []string // from the n-gram table to this one and its grouping
		t     anaTable
		multi bool // whether some size sequence scrolls it
	}
	tables := []*table{{name: "n-grams", t: anaNGrams}, {name: "buckets by length ratio", keys: []string{"right", "m"}, t: anaBuckets}, {name: "wins", keys: []string{"left"}, t: anaWins}}
	for _, seq := range sizes {
		for _, tb := range tables {
			for _, mv := range moves {
				m := openAnalysisScreen(t, ready(t, manySystems(t), seq[0].Width, seq[0].Height))
				m = press(t, m, tb.keys...)
				m = press(t, m, mv...)
				if m.ana.table != tb.t {
					t.Fatalf("%s: keys %v reach table %v", tb.name, tb.keys, m.ana.table)
				}
				for _, size := range seq[1:] {
					before := m.ana.top[tb.t]
					next, _ := m.Update(size)
					m = next.(Model)
					top, cur, h := m.ana.top[tb.t], m.ana.cursor[tb.t], m.ana.bodyRows()
					how := fmt.Sprintf("%s after %v then %dx%d", tb.name, mv, size.Width, size.Height)
					if cur < top || cur >= top+h {
						t.Errorf("%s: cursor on row %d, view rows %d–%d", how, cur, top, top+h-1)
					}
					if top != before {
						tb.multi = true
					}
					// The least scroll: the cursor's row at the view's
					// bottom edge when it had to scroll down, else the view
					// no further down than it was.
					if top > before && cur != top+h-1 && tb.t != anaBuckets {
						t.Errorf("%s: view scrolled from row %d to %d, past what row %d needs", how, before, top, cur)
					}
					view := ansi.Strip(m.View())
					if !strings.Contains(view, "\n›") {
						t.Errorf("%s: no row marked › on screen:\n%s", how, view)
					}
				}
			}
		}
	}
	for _, tb := range tables {
		if !tb.multi {
			t.Errorf("%s: no size change scrolled it: the test wants one that does", tb.name)
		}
	}
}
