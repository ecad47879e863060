package ui

import (
	"fmt"
	"slices"
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
	return demoSystems(t, 6)
}

// demoSystems is the demo corpus with n systems, sys0 … sys(n-1), each
// one of the demo's hypotheses in turn.
func demoSystems(t *testing.T, n int) *model.Dataset {
	t.Helper()
	var systems []string
	for i := range n {
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

// TestAnalysisSetSizeKeepsSelection: the screen keeps its own cursors in
// view when it is given a smaller size, every table's, not only the one
// shown, without the root's help.
func TestAnalysisSetSizeKeepsSelection(t *testing.T) {
	m := openAnalysisScreen(t, ready(t, manySystems(t), 200, 50))
	m = press(t, m, "G", "right", "m", "G", "right", "G")
	if m.ana.table != anaWins {
		t.Fatalf("the keys reach table %v, not the wins", m.ana.table)
	}
	a := m.ana.SetSize(60, 16, m.anaCtx())
	h := a.bodyRows()
	for _, tb := range []anaTable{anaNGrams, anaBuckets, anaWins} {
		if top, cur := a.top[tb], a.cursor[tb]; cur < top || cur >= top+h {
			t.Errorf("%s at 60x16: cursor on row %d, view rows %d–%d", anaTableNames[tb], cur, top, top+h-1)
		}
	}
}

// TestAnalysisNoRefBucketName: the bucket of segments with no reference
// tokens keeps a recognisable name at every width, "no reference tokens"
// as the command line says it where the bars keep 4 cells and "no ref
// tokens" at 60 and 65 columns, the bars giving the cells while one is left (a new
// user's pass saw "r = 0" at 60 columns and "no reference tokens" at 80);
// "r = 0" only where the bars would vanish. (One segment's references
// are emptied, as the table leaves the bucket out while it holds none.)
func TestAnalysisNoRefBucketName(t *testing.T) {
	ds := noRefDemo(t, 2)
	for i, name := range []string{"LT22", "JDExploreAcademy", "Online-W-submission-2022"} {
		ds.Systems[i].Name = name
	}
	for _, w := range []int{60, 65, 70, 80, 100, 120, 200} {
		m := openAnalysisScreen(t, ready(t, ds, w, 24))
		m = press(t, m, "right", "m", "G")
		if m.ana.bucketBy() != model.ByLengthRatio {
			t.Fatalf("grouped by %v; want the length ratio", m.ana.bucketBy())
		}
		view := ansi.Strip(m.View())
		checkFit(t, fmt.Sprintf("buckets at %d columns", w), m.View(), w, 24)
		want := "no reference tokens"
		if w < 70 {
			want = "no ref tokens"
		}
		lines := strings.Split(view, "\n")
		if !slices.ContainsFunc(lines, func(l string) bool { return strings.HasPrefix(l, "›"+want+" ") }) || strings.Contains(view, "r = 0") {
			t.Errorf("%d columns: the last bucket is not named %q:\n%s", w, want, view)
		}
		if cols := m.ana.bucketColumns(m.anaCtx()); cols.bar < 1 || cols.noRef != want {
			t.Errorf("%d columns: bars of %d cells beside %q", w, cols.bar, cols.noRef)
		}
		for _, l := range lines {
			if strings.Contains(l, "LT22") && strings.Contains(l, ".") && !strings.ContainsAny(l, "█▏▎▍▌▋▊▉·") {
				t.Errorf("%d columns: a row without its bar: %q", w, l)
			}
		}
	}
	// Counts of seven digits leave no cell for the bars beside "no ref
	// tokens" at 60 columns: the short name then.
	m := openAnalysisScreen(t, ready(t, longNames(t), 60, 16))
	m = press(t, m, "right", "m")
	x := m.anaCtx()
	bs := m.ana.der.buckets[x.sys]
	bs[len(bs)-1] = model.Bucket{Label: model.NoRefLabel, Rows: make([]int, 1_000_000)}
	if cols := m.ana.bucketColumns(x); cols.noRef != "r = 0" || cols.bar < 1 {
		t.Errorf("a million segments at 60 columns: bars of %d cells beside %q; want r = 0 and a bar", cols.bar, cols.noRef)
	}
}
