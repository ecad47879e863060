package ui

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/fixtures"
	"github.com/bleuscope/bleuscope/model"
	"github.com/charmbracelet/x/ansi"
)

// noRefDemo is the demo corpus with segment seg's line emptied in both
// references: its r is 0 whatever the hypothesis, so the length-ratio
// grouping has a segment in its no-reference bucket.
func noRefDemo(t testing.TB, seg int) *model.Dataset {
	t.Helper()
	return demoEdited(t, func(p string, b []byte) []byte {
		if p != fixtures.DemoRefA && p != fixtures.DemoRefB {
			return b
		}
		lines := strings.Split(string(b), "\n")
		lines[seg] = ""
		return []byte(strings.Join(lines, "\n"))
	})
}

// barCells counts the cells of the first bar in view, below the table's
// head: a word of bar characters only.
func barCells(view string) int {
	_, body, _ := strings.Cut(view, "\n bucket ")
	for _, f := range strings.Fields(body) {
		if strings.Trim(f, "█▏▎▍▌▋▊▉·") == "" && strings.ContainsAny(f, "█·") {
			return len([]rune(f))
		}
	}
	return 0
}

// drillBucketAndBack presses enter on the bucket under the cursor, checks
// that the list shows exactly want, labelled with label, presses esc and
// checks that the table's cursor is back where it was.
func drillBucketAndBack(t *testing.T, m Model, want []int, label string) {
	t.Helper()
	at := m.ana.cursor[anaBuckets]
	m = press(t, m, "enter")
	if m.screen != screenMain || !m.list.fromAnalysis || !sameSet(m.list.rows, want) {
		t.Fatalf("enter: screen %v, lines %v; want the list of %v", m.screen, m.list.rows, want)
	}
	if v := ansi.Strip(m.View()); !strings.Contains(v, label) {
		t.Errorf("the header does not say %q:\n%s", label, v)
	}
	m = press(t, m, "esc")
	if m.screen != screenAnalysis || m.ana.cursor[anaBuckets] != at {
		t.Errorf("esc: screen %v, cursor %d; want the table, the cursor on %d", m.screen, m.ana.cursor[anaBuckets], at)
	}
}

// TestBucketsEmptyNoRef: the length-ratio table shows the bucket of
// segments with no reference tokens while it holds none as `bleuscope
// buckets` prints it (SPEC: every bucket), where it left it out: one
// muted line, "no reference tokens: no segments", whose name does not
// widen the bucket column, as wide as the widest ratio's label,
// "[1.1,1.2)", giving the bars the cells; with such a segment the row is
// a bucket as the others and enter on it lists that segment. The cursor,
// the drill-down and the heading keep pointing at the buckets the table
// shows. Before the line, the row "no reference tokens  0  no segments"
// took 10 cells more of every row (4 of 60 columns' then 6 cells of
// bars).
func TestBucketsEmptyNoRef(t *testing.T) {
	for _, size := range [][2]int{{60, 16}, {80, 24}} {
		w, h := size[0], size[1]
		t.Run(fmt.Sprintf("%dx%d", w, h), func(t *testing.T) {
			without := press(t, openAnalysisScreen(t, ready(t, demoDataset(t), w, h)), "right", "m")
			with := press(t, openAnalysisScreen(t, ready(t, noRefDemo(t, 2), w, h)), "right", "m")
			if without.ana.bucketBy() != model.ByLengthRatio || with.ana.bucketBy() != model.ByLengthRatio {
				t.Fatalf("grouped by %v and %v; want the length ratio", without.ana.bucketBy(), with.ana.bucketBy())
			}
			top, topWith := ansi.Strip(without.View()), ansi.Strip(with.View())
			if !strings.Contains(top, "\n bucket    segs  ") {
				t.Errorf("the bucket column is not 9 cells, the width of \"[1.1,1.2)\":\n%s", top)
			}
			if b, bWith := barCells(top), barCells(topWith); b <= bWith {
				t.Errorf("bars of %d cells without the no-reference row, %d with it; want them wider without", b, bWith)
			}

			// Without r = 0: its line at the table's end, where G puts
			// the cursor, enter saying there is nothing to list; the
			// bucket above it is the last ratio's.
			without = press(t, without, "G")
			view := ansi.Strip(without.View())
			if !strings.Contains(view, "\n›no reference tokens: no segments\n") {
				t.Errorf("G does not put the cursor on the line of the empty no-reference bucket:\n%s", view)
			}
			if enter := press(t, without, "enter"); enter.screen != screenAnalysis || !strings.Contains(enter.statusText(), "no segments") {
				t.Errorf("enter on the empty no-reference bucket: screen %v, status %q; want the table, saying no segments", enter.screen, enter.statusText())
			}
			without = press(t, without, "up")
			view = ansi.Strip(without.View())
			x := without.anaCtx()
			var over []int // the shown system's segments with c/r >= 1.2
			st := without.c.scored.Systems[x.sys].Stats
			for i := range st.Len() {
				if r := st.RefLen(i); r > 0 && float64(st.HypLen(i))/float64(r) >= 1.2 {
					over = append(over, i)
				}
			}
			if !strings.Contains(view, "›>=1.2 ") {
				t.Errorf("G does not put the cursor on the last bucket, >=1.2:\n%s", view)
			}
			drillBucketAndBack(t, without, over, "length ratio >=1.2")

			// With a segment of r = 0: its row, and enter on it lists it.
			with = press(t, with, "G")
			view = ansi.Strip(with.View())
			want := "›no reference tokens    1 "
			if w < 70 {
				want = "›no ref tokens    1 "
			}
			if !strings.Contains(view, want) {
				t.Errorf("G does not put the cursor on %q:\n%s", want, view)
			}
			drillBucketAndBack(t, with, []int{2}, "segments with no reference tokens")

			// The heading names a bucket the table shows, with its Δ, and
			// enter on that bucket lists as many segments as it says.
			for _, ds := range []*model.Dataset{demoDataset(t), noRefDemo(t, 2)} {
				m := press(t, openAnalysisScreen(t, ready(t, ds, w, h)), "right", "m", "tab")
				heading := regexp.MustCompile(`behind \S+ in (\S+): (\S+) on (\d+) seg`).FindStringSubmatch(ansi.Strip(m.View()))
				if heading == nil {
					t.Fatalf("no bucket where %s is furthest behind:\n%s", m.c.shortName(m.anaCtx().sys), ansi.Strip(m.View()))
				}
				for range m.ana.rowCount(m.anaCtx(), anaBuckets) {
					if strings.Contains(ansi.Strip(m.View()), "\n›"+heading[1]+" ") {
						break
					}
					m = press(t, m, "down")
				}
				row := ""
				for _, l := range strings.Split(ansi.Strip(m.View()), "\n") {
					if strings.HasPrefix(l, "›"+heading[1]+" ") {
						row = l
					}
				}
				if !strings.HasSuffix(row, " "+heading[2]) {
					t.Errorf("the heading says %s, but its bucket's row is %q", heading[0], row)
				}
				n, _ := strconv.Atoi(heading[3])
				if d, ok := m.ana.drill(m.anaCtx()); !ok || len(d.rows) != n {
					t.Errorf("enter on the heading's bucket %s lists %d segments; want %d", heading[1], len(d.rows), n)
				}
			}
		})
	}
}
