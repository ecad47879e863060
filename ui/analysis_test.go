package ui

import (
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// openAnalysisScreen presses n on m and runs the analysis job the way
// the runtime would: the command, then its message fed back to Update.
func openAnalysisScreen(t *testing.T, m Model) Model {
	t.Helper()
	next, cmd := m.Update(keyMsg("n"))
	m = next.(Model)
	if m.screen != screenAnalysis || cmd == nil {
		t.Fatalf("n: screen %v, command %v; want the analysis screen and its job", m.screen, cmd)
	}
	if !strings.Contains(ansi.Strip(m.View()), "counting n-grams") {
		t.Errorf("while the job runs the screen does not say so:\n%s", m.View())
	}
	m = drive(t, m, cmd)
	if m.ana.res == nil || m.ana.err != nil {
		t.Fatalf("no analysis after the job: %v", m.ana.err)
	}
	return m
}

// TestAnalysisDrillDown: open → job → enter on the first n-gram filters
// the list to its segments (SegmentsOf) with the subset's BLEU in the
// header → esc comes back to the table where it was left.
func TestAnalysisDrillDown(t *testing.T) {
	m := openAnalysisScreen(t, ready(t, demoDataset(t), 100, 30))
	m = press(t, m, "down", "down")
	row := m.ana.res.ranked[0][m.ana.kind][2]
	want := m.ana.res.an.SegmentsOf(0, row.Kind, row.ID)
	m = press(t, m, "enter")
	if m.screen != screenMain {
		t.Fatalf("enter left the screen at %v", m.screen)
	}
	if len(m.list.rows) != len(want) || len(want) == 0 {
		t.Fatalf("drill-down shows %d rows; want the n-gram's %d segments", len(m.list.rows), len(want))
	}
	in := map[int]bool{}
	for _, r := range want {
		in[r] = true
	}
	for _, r := range m.list.rows {
		if !in[r] {
			t.Errorf("line %d shown but not among the n-gram's segments", r+1)
		}
	}
	sub, _ := m.c.scored.Subset(m.c.ds, 0, m.list.rows)
	if v := ansi.Strip(m.View()); !strings.Contains(v, row.NGram) || !strings.Contains(v, model.FormatScore(sub.Score, false)) {
		t.Errorf("the header lacks the n-gram and its subset's BLEU %v:\n%s", sub.Score, v)
	}
	m = press(t, m, "/")
	m = typeText(t, m, "zzzz")
	if len(m.list.rows) != 0 {
		t.Fatalf("a filter typed over the drill-down kept %d rows", len(m.list.rows))
	}
	m = press(t, m, "esc")
	if len(m.list.rows) != len(want) || !m.list.fromAnalysis {
		t.Fatalf("esc while typing: %d rows; want the drill-down's %d back", len(m.list.rows), len(want))
	}
	m = press(t, m, "esc")
	if m.screen != screenAnalysis || m.ana.cursor[anaNGrams] != 2 || m.list.view.Filter != "" || len(m.list.rows) != m.c.ds.Len() {
		t.Fatalf("esc: screen %v, cursor %d, filter %q, %d rows; want the table at row 2 and the list whole",
			m.screen, m.ana.cursor[anaNGrams], m.list.view.Filter, len(m.list.rows))
	}
}

// TestAnalysisWheel: the wheel moves the table's cursor, not the list
// under the screen.
func TestAnalysisWheel(t *testing.T) {
	m := openAnalysisScreen(t, ready(t, demoDataset(t), 100, 30))
	seg := m.list.seg
	next, _ := m.Update(tea.MouseMsg{Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress, X: 5, Y: 10})
	m = next.(Model)
	if m.ana.cursor[anaNGrams] != 1 || m.list.seg != seg {
		t.Errorf("wheel: cursor %d, list segment %d (was %d); want the table's cursor on row 1", m.ana.cursor[anaNGrams], m.list.seg, seg)
	}
}

// TestAnalysisBucketDrillDown: tab shows the buckets, enter filters the
// list to the bucket's rows.
func TestAnalysisBucketDrillDown(t *testing.T) {
	m := openAnalysisScreen(t, ready(t, demoDataset(t), 100, 30))
	m = press(t, m, "tab")
	if m.ana.table != anaBuckets {
		t.Fatal("tab did not switch to the buckets")
	}
	bs := m.ana.res.buckets[0]
	nsys := len(m.ana.res.buckets)
	i := 0
	for len(bs[i].Rows) == 0 {
		i++
	}
	for range i * nsys {
		m = press(t, m, "down")
	}
	m = press(t, m, "enter")
	if len(m.list.rows) != len(bs[i].Rows) {
		t.Fatalf("bucket %s: %d rows shown; want %d", bs[i].Label, len(m.list.rows), len(bs[i].Rows))
	}
	m = press(t, m, "esc")
	if m.screen != screenAnalysis || m.ana.table != anaBuckets || m.ana.cursor[anaBuckets] != i*nsys {
		t.Fatalf("esc did not come back to the bucket table at row %d", i)
	}
}

// TestAnalysisFits: every line of the analysis screen, both tables, fits
// the window.
func TestAnalysisFits(t *testing.T) {
	ds := demoDataset(t)
	for _, sz := range [][2]int{{60, 16}, {80, 24}, {120, 40}, {200, 50}} {
		m := openAnalysisScreen(t, ready(t, ds, sz[0], sz[1]))
		for _, k := range []string{"", "m", "tab"} {
			if k != "" {
				m = press(t, m, k)
			}
			lines := strings.Split(m.View(), "\n")
			if testing.Verbose() {
				t.Logf("%dx%d %q\n%s", sz[0], sz[1], k, ansi.Strip(m.View()))
			}
			if len(lines) != sz[1] {
				t.Errorf("%dx%d %q: %d lines", sz[0], sz[1], k, len(lines))
			}
			for i, l := range lines {
				if w := ansi.StringWidth(l); w > sz[0] {
					t.Errorf("%dx%d %q: line %d is %d wide: %q", sz[0], sz[1], k, i, w, ansi.Strip(l))
				}
			}
		}
	}
}
