package ui

import (
	"slices"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// sigAt opens the comparison (after keys) and returns its view's lines at
// each of widths, 40 rows tall, stripped of colour.
func sigAt(t *testing.T, ds *model.Dataset, keys []string, widths []int) map[int][]string {
	t.Helper()
	m := press(t, ready(t, ds, 60, 16), keys...)
	if m.sig.res == nil {
		t.Fatalf("%v: no comparison (err %v)", keys, m.sig.err)
	}
	views := map[int][]string{}
	for _, w := range widths {
		next, _ := m.Update(tea.WindowSizeMsg{Width: w, Height: 40})
		m = next.(Model)
		views[w] = strings.Split(ansi.Strip(m.View()), "\n")
	}
	return views
}

// sigWidths are every width from 60 to 200 columns, for what depends on
// rounding to columns.
var sigWidths = func() []int {
	var ws []int
	for w := 60; w <= 200; w++ {
		ws = append(ws, w)
	}
	return ws
}()

// TestSigIntervalsSymmetric: every interval on the comparison screen has as
// many whiskers left of its centre as right of it, or none, at every width
// from 60 to 200 columns, with three systems and six (at 60 columns
// "[●─]" and "[─●]" drew μ ± CI, symmetric, as lopsided).
func TestSigIntervalsSymmetric(t *testing.T) {
	for _, ds := range []*model.Dataset{demoDataset(t), manySystems(t)} {
		drawn := 0
		for w, lines := range sigAt(t, ds, []string{"B"}, sigWidths) {
			for _, l := range lines {
				row := []rune(l)
				m := slices.Index(row, '●')
				if m < 0 || !strings.Contains(l, "base") && !strings.Contains(l, "*") && !strings.Contains(l, "0.") {
					continue
				}
				lo, hi := slices.Index(row, '['), slices.Index(row, ']')
				if lo < 0 && hi < 0 {
					continue // a lone ●
				}
				drawn++
				if lo < 0 || hi < 0 || m-lo != hi-m {
					t.Errorf("%d systems at %d columns: a lopsided interval: %q", len(ds.Systems), w, l)
				}
			}
		}
		if drawn == 0 {
			t.Errorf("%d systems: no interval drawn with its whiskers at any width", len(ds.Systems))
		}
	}
}
