package ui

import (
	"slices"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/fixtures"
	"github.com/bleuscope/bleuscope/model"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// TestSigHeadsApart: on the significance screen each column head stands
// at least two cells from the next, so that no two read as one (at 120
// columns "win/tie/loss μ ± 95% CI" ran together), and the intervals'
// head starts where their axis does, over its first tick, with every
// interval at or after it; with two systems and three, both tests, at
// every width from 60 columns.
func TestSigHeadsApart(t *testing.T) {
	two, err := model.Load(model.Input{Systems: []string{fixtures.DemoFluent, fixtures.DemoStilted}, Refs: fixtures.DemoRefs, FS: fixtures.Demo})
	if err != nil {
		t.Fatal(err)
	}
	heads := []string{"system", "BLEU", "Δ", "μ ± CI", "p", "win/tie/loss", "w/t/l"}
	axisHeads := []string{"μ ± 95% CI", "score (AR has no CI)", "score (no CI)", "score"}
	for _, ds := range []*model.Dataset{two, demoDataset(t)} {
		for _, keys := range [][]string{{"B"}, {"B", "T"}} {
			m := press(t, ready(t, ds, 60, 16), keys...)
			if m.sig.res == nil {
				t.Fatalf("%d systems, %v: no comparison (err %v)", len(ds.Systems), keys, m.sig.err)
			}
			for _, w := range []int{60, 61, 70, 79, 80, 90, 100, 110, 120, 121, 140, 200} {
				next, _ := m.Update(tea.WindowSizeMsg{Width: w, Height: 40})
				m = next.(Model)
				lines := strings.Split(ansi.Strip(m.View()), "\n")
				at := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "  system ") })
				if at < 0 {
					t.Fatalf("%d systems, %v at %d columns: no column heads:\n%s", len(ds.Systems), keys, w, strings.Join(lines, "\n"))
				}
				head := []rune(lines[at])
				// The heads as they stand, left to right, each found after
				// the one before it.
				var spans [][2]int
				from := 0
				for _, h := range append(slices.Clone(heads), axisHeads...) {
					i := runeCol(string(head[from:]), h)
					if i < 0 || (h == "p" && string(head[from+i:from+i+2]) != "p ") {
						continue
					}
					if h == "score" && from+i+len([]rune(h)) < len(head) {
						continue // part of a longer form
					}
					spans = append(spans, [2]int{from + i, from + i + len([]rune(h))})
					from += i + len([]rune(h))
					if slices.Contains(axisHeads, h) {
						break
					}
				}
				if len(spans) < 6 {
					t.Fatalf("%d systems, %v at %d columns: %d heads found in %q", len(ds.Systems), keys, w, len(spans), lines[at])
				}
				for i := 1; i < len(spans); i++ {
					if gap := spans[i][0] - spans[i-1][1]; gap < 2 {
						t.Errorf("%d systems, %v at %d columns: heads %q and %q are %d cell apart: %q", len(ds.Systems), keys, w,
							string(head[spans[i-1][0]:spans[i-1][1]]), string(head[spans[i][0]:spans[i][1]]), gap, lines[at])
					}
				}
				// The axis head over the axis: the tick line's first figure,
				// after the legend of "┊" in parentheses, starts under it,
				// and no row's interval starts before it.
				axis := spans[len(spans)-1][0]
				rows := len(m.sig.res.Systems)
				ticks := []rune(lines[at+rows+1])
				legend := slices.Index(ticks, ')') + 1
				first := legend + slices.IndexFunc(ticks[legend:], func(r rune) bool { return r != ' ' })
				if first != axis {
					t.Errorf("%d systems, %v at %d columns: the axis head at column %d, its first tick at %d:\n%s\n%s", len(ds.Systems), keys, w, axis, first, lines[at], lines[at+rows+1])
				}
				for _, l := range lines[at+1 : at+1+rows] {
					r := []rune(l)
					mark := slices.IndexFunc(r, func(c rune) bool { return strings.ContainsRune("[●", c) })
					if mark < axis {
						t.Errorf("%d systems, %v at %d columns: an interval starts at column %d, before the axis head at %d:\n%s\n%s", len(ds.Systems), keys, w, mark, axis, lines[at], l)
					}
				}
			}
		}
	}
}

// TestSigARNoEmptyCIColumn: with approximate randomization, which has no
// confidence interval, the table has no "μ ± CI" column, at every width;
// the bootstrap's has one where room allows. Before, AR's table kept the
// column head over blank cells (the axis already said "AR has no CI").
func TestSigARNoEmptyCIColumn(t *testing.T) {
	for _, keys := range [][]string{{"B"}, {"B", "T"}} {
		m := press(t, ready(t, demoDataset(t), 120, 40), keys...)
		ar := m.sig.test == model.TestPairedAR
		shown := false
		for _, w := range []int{60, 80, 100, 120, 160, 200} {
			next, _ := m.Update(tea.WindowSizeMsg{Width: w, Height: 40})
			m = next.(Model)
			lines := strings.Split(ansi.Strip(m.View()), "\n")
			head := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "  system ") })
			if head < 0 {
				t.Fatalf("%v at %d columns: no column heads:\n%s", keys, w, strings.Join(lines, "\n"))
			}
			line := lines[head]
			if strings.Contains(line, "μ ± CI") {
				shown = true
				if ar {
					t.Errorf("%v at %d columns: AR's table heads a μ ± CI column: %q", keys, w, line)
				}
			}
		}
		if !ar && !shown {
			t.Errorf("%v: the bootstrap's table has no μ ± CI column at any width", keys)
		}
	}
}
