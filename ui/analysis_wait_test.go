package ui

import (
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model"
	tea "github.com/charmbracelet/bubbletea"
)

// TestAnalysisEnterWaitsForTable: a key that asks for another table (m
// on the buckets, tab) followed at once by enter, before the job that
// makes it lands, opens the row under the cursor once it is in, where it
// said "no segments behind this row" of a bucket of 46 (the explorer
// pass on WMT22 de-en, m and enter sent together); a key meanwhile
// drops the drill-down waited for.
func TestAnalysisEnterWaitsForTable(t *testing.T) {
	for _, keys := range [][]string{{"m"}, {"tab"}} {
		// By sentence BLEU, m then groups by reference length, whose
		// first bucket holds segments on the demo.
		m := press(t, openAnalysisScreen(t, ready(t, demoDataset(t), 100, 30)), "right", "m", "m")
		if keys[0] == "tab" {
			m = press(t, m, "m")
		}
		next, cmd := m.Update(keyMsg(keys[0]))
		m = next.(Model)
		if m.ana.ready(m.anaCtx(), anaBuckets) || cmd == nil {
			t.Fatalf("%s: the buckets are at hand at once; the test needs them made by a job", keys[0])
		}
		next, more := m.Update(keyMsg("enter"))
		m = next.(Model)
		if strings.Contains(m.statusText(), "no segments") || m.screen != screenAnalysis {
			t.Fatalf("%s enter: status %q, screen %v; want the table waited for", keys[0], m.statusText(), m.screen)
		}
		m = drive(t, m, tea.Batch(cmd, more))
		x := m.anaCtx()
		own, err := m.c.scored.Buckets(m.c.ds, x.sys, m.ana.bucketBy(), model.BucketOptions{})
		if err != nil {
			t.Fatal(err)
		}
		first := 0
		for len(own[first].Rows) == 0 {
			first++
		}
		if first != 0 {
			t.Fatalf("%s: the first bucket is empty; the test needs the row under the cursor to hold segments", keys[0])
		}
		if m.screen != screenMain || !m.list.fromAnalysis || !sameSet(m.list.rows, own[0].Rows) {
			t.Fatalf("%s enter, once the table is in: screen %v, lines %v; want the list of %v", keys[0], m.screen, m.list.rows, own[0].Rows)
		}
		if m.statusText() != "" {
			t.Errorf("%s enter: the status still says %q once the row opened", keys[0], m.statusText())
		}

		// A key between enter and the table keeps the screen.
		m = press(t, m, "esc")
		next, cmd = m.Update(keyMsg(keys[0]))
		m = next.(Model)
		next, more = m.Update(keyMsg("enter"))
		m = next.(Model)
		next, _ = m.Update(keyMsg("down"))
		m = drive(t, next.(Model), tea.Batch(cmd, more))
		if m.screen != screenAnalysis {
			t.Errorf("%s enter ↓: screen %v; want the table, the drill-down dropped by ↓", keys[0], m.screen)
		}
	}
}

// TestAnalysisOpensOnScores: n pressed while the first scores are made
// opens the analysis when they land, and what it said meanwhile goes,
// where the status kept saying "the analysis waits for the scores" and
// the analysis never opened (the explorer pass on a corpus of 100,000
// segments); a key or the wheel meanwhile keeps the list, and the status
// no longer promises the analysis.
func TestAnalysisOpensOnScores(t *testing.T) {
	wheel := tea.MouseMsg{X: 10, Y: 10, Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress}
	for _, between := range []string{"", "down", "wheel"} {
		m := New(demoDataset(t), model.DefaultSettings())
		next, _ := m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
		m = next.(Model)
		scoring := m.Init()
		next, cmd := m.Update(keyMsg("n"))
		m = next.(Model)
		if m.c.scored != nil || m.screen != screenMain || m.statusText() == "" {
			t.Fatalf("n before the scores: scored %v, screen %v, status %q; want the list saying the analysis waits", m.c.scored != nil, m.screen, m.statusText())
		}
		if between != "" {
			var msg tea.Msg = keyMsg(between)
			if between == "wheel" { // as a key, it cancels, and what was said goes
				msg = wheel
			}
			next, more := m.Update(msg)
			m, cmd = next.(Model), tea.Batch(cmd, more)
		}
		m = drive(t, m, tea.Batch(scoring, cmd))
		if m.c.scored == nil {
			t.Fatal("no scores after the scoring ran")
		}
		want := screenAnalysis
		if between != "" {
			want = screenMain
		}
		if m.screen != want {
			t.Errorf("n %s, then the scores: screen %v; want %v", between, m.screen, want)
		}
		if m.statusText() != "" {
			t.Errorf("n %s, then the scores: the status still says %q", between, m.statusText())
		}
		if x := m.anaCtx(); want == screenAnalysis && (!m.ana.baseFresh(x) || !m.ana.derFresh(x)) {
			t.Errorf("the analysis opened on the scores, but its job did not run")
		}
	}
}
