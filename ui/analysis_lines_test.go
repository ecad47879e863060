package ui

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

// TestLineList: as many numbers as fit, and "…" when the n-gram has more
// segments than shown.
func TestLineList(t *testing.T) {
	lines := []int{3, 17, 250, 1001}
	for _, c := range []struct {
		n, segs, room int // the first n lines, of segs segments
		want          string
	}{
		{4, 4, 100, "3 17 250 1001"},
		{4, 4, 13, "3 17 250 1001"},
		{4, 4, 12, "3 17 250 …"},
		{4, 4, 10, "3 17 250 …"}, // " 1001" needs 5 cells, "…" 2
		{4, 4, 9, "3 17 …"},
		{4, 4, 3, "3 …"},
		{4, 4, 2, "…"},
		{4, 4, 1, "…"},
		{4, 4, 0, ""},
		{4, 9, 100, "3 17 250 1001 …"}, // more segments than lines kept
		{1, 1, 1, "3"},
		{2, 2, 2, "…"},
		{0, 0, 10, ""},
	} {
		got := lineList(lines[:c.n], c.segs, c.room)
		if got != c.want {
			t.Errorf("lineList(%v, %d, %d) = %q; want %q", lines[:c.n], c.segs, c.room, got, c.want)
		}
		if w := lipgloss.Width(got); w > c.room {
			t.Errorf("lineList(%v, %d, %d) is %d cells wide", lines[:c.n], c.segs, c.room, w)
		}
	}
}

// ngramRow is a row of the n-gram table: the cursor mark, n, count, segs.
var ngramRow = regexp.MustCompile(`^[ ›] ?\d+ +\d+ +\d+  `)

// TestAnalysisRowLines: each n-gram row of the analysis table lists its
// lines as far as the window's width allows (no number more would fit),
// ends with "…" exactly when the n-gram has more segments than it lists,
// and fits, at 60 to 200 columns.
func TestAnalysisRowLines(t *testing.T) {
	ds := demoDataset(t)
	for _, w := range []int{60, 80, 120, 200} {
		h := max(16, w/4)
		m := openAnalysisScreen(t, ready(t, ds, w, h))
		cut, whole := 0, 0
		for mode := range 3 {
			x := m.anaCtx()
			items := m.ana.ngramItems(x)
			if len(items) == 0 {
				t.Fatalf("%d columns, mode %d: no rows", w, mode)
			}
			view := strings.Split(ansi.Strip(m.View()), "\n")
			head := -1
			for i, l := range view {
				if strings.HasSuffix(l, " · first lines") {
					head = i
					break
				}
			}
			if head < 0 {
				t.Fatalf("%d columns: no n-gram table:\n%s", w, strings.Join(view, "\n"))
			}
			top := m.ana.top[m.ana.table]
			for k, l := range view[head+1:] {
				i := top + k
				if i >= len(items) || !ngramRow.MatchString(l) {
					break
				}
				r := items[i].row
				name := strconv.Itoa(w) + " columns, " + strconv.Quote(r.NGram)
				if lw := lipgloss.Width(l); lw > w {
					t.Errorf("%s: row %d cells wide: %q", name, lw, l)
				}
				_, list, _ := strings.Cut(l, " · ")
				f := strings.Fields(list)
				ellipsis := len(f) > 0 && f[len(f)-1] == "…"
				if ellipsis {
					f = f[:len(f)-1]
				}
				for j, s := range f {
					if j >= len(r.Lines) || s != strconv.Itoa(r.Lines[j]) {
						t.Fatalf("%s: lines %q are not the first of %v", name, list, r.Lines)
					}
				}
				if ellipsis != (len(f) < r.Segments) {
					t.Errorf("%s: %d of %d segments listed, ellipsis %v: %q", name, len(f), r.Segments, ellipsis, l)
				}
				if ellipsis && len(f) < len(r.Lines) {
					cut++
					next := 1 + len(strconv.Itoa(r.Lines[len(f)]))
					if len(f)+1 < r.Segments {
						next += 2 // and " …" still after it
					} else {
						next -= 2 // the last: no " …"
					}
					if lipgloss.Width(l)+next <= w {
						t.Errorf("%s: room for line %d too: %q", name, r.Lines[len(f)], l)
					}
				} else if !ellipsis {
					whole++
				}
			}
			m = press(t, m, "m")
		}
		if cut == 0 {
			t.Errorf("%d columns: no row had its lines cut", w)
		}
		if w >= 120 && whole == 0 {
			t.Errorf("%d columns: no row listed all its lines", w)
		}
	}
}
