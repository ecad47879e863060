package ui

import (
	"runtime"
	"strings"
	"testing"
	"weak"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// untilRecount presses key and runs what it leads to until the scores
// it asks for are in and the analysis job counting under them has
// started, not run yet; rest is that job and the commands beside it, which
// the caller keeps alive, as the runtime would while they run.
func untilRecount(t *testing.T, m Model, key string) (Model, []tea.Cmd) {
	t.Helper()
	set := m.c.set
	next, cmd := m.Update(keyMsg(key))
	m = next.(Model)
	if m.c.set == set {
		t.Fatalf("%s did not change the settings", key)
	}
	want := m.c.set
	m, rest := driveUntil(t, m, cmd, func(m Model) bool {
		return m.c.scored != nil && m.c.scored.Settings == want && m.jobs.running(jobAnalysis)
	})
	if !m.jobs.running(jobAnalysis) || m.ana.baseFresh(m.anaCtx()) {
		t.Fatalf("%s: no count under the new scores in flight", key)
	}
	return m, rest
}

// unreachable reports whether p's object was collected.
func unreachable[T any](p weak.Pointer[T]) bool {
	runtime.GC()
	return p.Value() == nil
}

// TestAnalysisLetsGoOfLargeCounts: once a count under new settings
// starts (l on the analysis screen), counts of the old settings larger
// than keepCountsBytes are no longer held, so the old and the new counts
// of a big corpus are never in memory together; nor are the derived
// tables of the old scores, nor those scores. Meanwhile the screen says
// it counts, not showing the old rows. Smaller counts stay, so that l
// pressed again before the count lands brings them back without counting.
func TestAnalysisLetsGoOfLargeCounts(t *testing.T) {
	ds := demoDataset(t)

	// Small counts: kept through the count, and back at once.
	m := openAnalysisScreen(t, ready(t, ds, 100, 30))
	an := m.ana.base.an
	m, rest := untilRecount(t, m, "l")
	if m.ana.base == nil || m.ana.base.an != an {
		t.Fatal("small counts of the old settings were dropped when the count began")
	}
	next, cmd := m.Update(keyMsg("l"))
	m = drive(t, next.(Model), cmd)
	if x := m.anaCtx(); !m.ana.baseFresh(x) || m.ana.base.an != an {
		t.Error("l, l before the count landed: the old counts were not shown again without counting")
	}
	runtime.KeepAlive(rest)

	// Large counts: let go of as the count begins.
	old := keepCountsBytes
	keepCountsBytes = 0 // every count is large
	t.Cleanup(func() { keepCountsBytes = old })
	m = openAnalysisScreen(t, ready(t, ds, 100, 30))
	row := ansi.Strip(strings.Split(m.View(), "\n")[3])
	counts, der, scored := weak.Make(m.ana.base.an), weak.Make(m.ana.der), weak.Make(m.c.scored)
	m, rest = untilRecount(t, m, "l")
	if m.ana.base != nil || !unreachable(counts) {
		t.Error("the counts of the old settings are still held while the new ones are counted")
	}
	if !unreachable(der) || !unreachable(scored) {
		t.Error("the old scores or the tables made from them are still held while the new counts are made")
	}
	if v := ansi.Strip(m.View()); strings.Contains(v, row) || !strings.Contains(v, "counting") {
		t.Errorf("while counting, the screen does not say so, or shows an old row %q:\n%s", row, v)
	}
	// What was let go of is handed back before the count, not beside it.
	oldFree := freeOSMemory
	t.Cleanup(func() { freeOSMemory = oldFree })
	_, _, prog := m.jobs.current(jobAnalysis)
	var before []bool // at each call: the count had not begun
	freeOSMemory = func() { before = append(before, prog.fraction() == 0) }
	m = drive(t, m, tea.Batch(rest...))
	if len(before) != 1 || !before[0] {
		t.Errorf("memory handed back %d times, before the count %v; want once, before it", len(before), before)
	}
	x := m.anaCtx()
	if !m.ana.baseFresh(x) || !m.ana.salientFresh(x) || !m.ana.base.an.Settings.Corpus.Lowercase {
		t.Fatal("the count under the new settings did not land")
	}
	// l again: counted anew, the lowercased counts let go of in turn.
	lc := weak.Make(m.ana.base.an)
	m, rest = untilRecount(t, m, "l")
	if !unreachable(lc) {
		t.Error("l, l: the lowercased counts are still held while the mixed-case ones are counted again")
	}
	m = drive(t, m, tea.Batch(rest...))
	if x := m.anaCtx(); !m.ana.baseFresh(x) || m.ana.base.an.Settings.Corpus.Lowercase {
		t.Error("l, l: the mixed-case counts did not land")
	}
}

// TestAnalysisDrillLetsGoOfOldScores: in a drill-down, l has the row
// found again under the new settings; while its count runs, the
// drill-down (its label, its rows, the row it lists) holds neither the
// old counts nor the old scores and chrF statistics, which the list's
// column then computes anew beside the count.
func TestAnalysisDrillLetsGoOfOldScores(t *testing.T) {
	old := keepCountsBytes
	keepCountsBytes = 0
	t.Cleanup(func() { keepCountsBytes = old })
	ds := demoDataset(t)
	for _, tc := range []struct {
		name  string
		moves []string // from the n-gram table
	}{
		{"n-gram", nil},
		{"salient", []string{"m", "m", "m"}},
		{"bucket", []string{"right"}},
		{"wins", []string{"right", "right"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := readyWith(t, ds, 100, 30, WithMetrics(chrfTER()))
			if m.c.met.stats.chrf.stats == nil {
				t.Fatal("no chrF statistics")
			}
			m = press(t, openAnalysisScreen(t, m), tc.moves...)
			m = press(t, m, "enter")
			if !m.list.fromAnalysis {
				t.Fatal("enter did not open a drill-down")
			}
			counts, scored := weak.Make(m.ana.base.an), weak.Make(m.c.scored)
			chrf := weak.Make(m.c.met.stats.chrf.stats)
			m, rest := untilRecount(t, m, "l")
			if !unreachable(counts) {
				t.Error("the drill-down's old counts are held while the new ones are counted")
			}
			if !unreachable(scored) || !unreachable(chrf) {
				t.Error("the drill-down holds the old scores or chrF statistics while the new counts are made")
			}
			m = drive(t, m, tea.Batch(rest...))
			if !m.list.fromAnalysis || m.list.refinding {
				t.Errorf("the drill-down was not found again: %q", m.statusText())
			}
		})
	}
}
