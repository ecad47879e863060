package ui

import (
	"context"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"
)

// statsDriver presses keys as press does, counting the chrF and TER
// statistics computed (the runs that give the list's scores too); with
// hold set it keeps their results back, as if the runs were still going,
// for the test to deliver later.
type statsDriver struct {
	t        *testing.T
	hold     bool
	computed []statsMsg // every run's result, in order
	held     []statsMsg
}

// get returns the statistics kept for k, or nil.
func (c statsCache) get(k metricStatsKey) *model.MetricStatistics {
	if s := c.slot(k.metric); s.key == k {
		return s.stats
	}
	return nil
}

// press sends keys to m and runs what they lead to.
func (d *statsDriver) press(m Model, keys ...string) Model {
	d.t.Helper()
	for _, k := range keys {
		next, cmd := m.Update(keyMsg(k))
		m = d.drive(next.(Model), cmd)
	}
	return m
}

// deliver feeds the held results back, the oldest first.
func (d *statsDriver) deliver(m Model) Model {
	d.t.Helper()
	held := d.held
	d.held = nil
	for _, msg := range held {
		next, cmd := m.Update(msg)
		m = d.drive(next.(Model), cmd)
	}
	return m
}

// drive is drive (helpers_test.go) with the statistics counted and, with
// hold, kept back.
func (d *statsDriver) drive(m Model, cmd tea.Cmd) Model {
	d.t.Helper()
	queue := []tea.Cmd{cmd}
	for steps := 0; len(queue) > 0; steps++ {
		if steps > 10000 {
			d.t.Fatal("drive: commands never settle")
		}
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		msg := c()
		if s, ok := msg.(statsMsg); ok {
			d.computed = append(d.computed, s)
			if d.hold {
				d.held = append(d.held, s)
				continue
			}
		}
		switch msg := msg.(type) {
		case nil, spinner.TickMsg:
		case tea.BatchMsg:
			queue = append(queue, msg...)
		default:
			next, more := m.Update(msg)
			m = next.(Model)
			queue = append(queue, more)
		}
	}
	return m
}

// TestImpactStatsNotRestartedByTab: i from chrF's comparison computes
// chrF's statistics once; a tab and a new baseline while they are being
// computed keep that run going, instead of starting it over (a person at
// a million segments pressing tab never got them), and when they land the
// list shows the shown system's impact against the baseline then.
func TestImpactStatsNotRestartedByTab(t *testing.T) {
	d := &statsDriver{t: t, hold: true}
	m := d.press(readyWith(t, demoDataset(t), 120, 40, WithResampling(scoring.SeedOf(7), 100, 100)), "B", "M")
	if len(d.computed) != 1 || d.computed[0].key.metric != model.MetricChrF {
		t.Fatalf("B M: %d statistics runs; want chrF's, once", len(d.computed))
	}
	if v := m.View(); !strings.Contains(v, "chrF2 statistics") {
		t.Errorf("the comparison waiting for chrF's statistics does not say so:\n%s", v)
	}
	m = d.press(m, "i", "tab", "w")
	if len(d.computed) != 1 {
		t.Fatalf("i tab w while chrF's statistics are computed: %d runs started; want the first one kept", len(d.computed))
	}
	if !m.jobs.live(d.held[0].tag()) {
		t.Fatal("i tab w: the statistics run in flight was stopped")
	}
	if v := m.View(); !strings.Contains(v, "chrF statistics") {
		t.Errorf("the list waiting for chrF's statistics does not show their progress in the header:\n%s", v)
	}
	m = d.deliver(m)
	want, err := d.computed[0].stats.ImpactContext(context.Background(), m.list.view.System, m.list.view.Other)
	if err != nil {
		t.Fatal(err)
	}
	if m.list.impactOf != model.MetricChrF || len(m.list.impact) != len(want) {
		t.Fatalf("after the statistics: impact of %q over %d segments; want chrF's over %d", m.list.impactOf, len(m.list.impact), len(want))
	}
	for i := range want {
		if m.list.impact[i] != want[i] {
			t.Fatalf("segment %d: impact %v; want %v (system %d against %d)", i, m.list.impact[i], want[i], m.list.view.System, m.list.view.Other)
		}
	}
	if m.c.met.stats.get(m.c.metricStatsKey(model.MetricChrF)) != d.computed[0].stats {
		t.Error("the statistics are not kept for the comparison")
	}
}

// TestStatsKeptAcrossMetrics: M from chrF to TER, BLEU and chrF again on
// the comparison screen computes chrF's and TER's statistics once each,
// instead of dropping chrF's for TER's and computing them again.
func TestStatsKeptAcrossMetrics(t *testing.T) {
	d := &statsDriver{t: t}
	m := d.press(readyWith(t, demoDataset(t), 120, 40, WithResampling(scoring.SeedOf(7), 100, 100)), "B", "M")
	chrf := m.c.met.stats.get(m.c.metricStatsKey(model.MetricChrF))
	if chrf == nil || m.sig.res == nil || m.sig.res.Metric != model.MetricChrF {
		t.Fatalf("B M: want chrF's comparison and statistics")
	}
	m = d.press(m, "M", "M", "M")
	if m.sig.metric != model.MetricChrF || m.sig.res == nil || m.sig.res.Metric != model.MetricChrF {
		t.Fatalf("M M M: testing %q; want chrF's comparison again", m.sig.metric)
	}
	var metrics []string
	for _, s := range d.computed {
		metrics = append(metrics, s.key.metric)
	}
	if len(metrics) != 2 || metrics[0] != model.MetricChrF || metrics[1] != model.MetricTER {
		t.Errorf("chrF, TER, BLEU, chrF: statistics computed for %v; want chrF's and TER's once each", metrics)
	}
	if m.c.met.stats.get(m.c.metricStatsKey(model.MetricChrF)) != chrf {
		t.Error("chrF's statistics were replaced")
	}
}

// TestStatsFollowOptions: l (lowercase) changes chrF's options, so chrF's
// statistics are computed again, lowercased, and the old ones are not
// kept; TER ignores case, so its statistics stay; t (the tokenizer) is
// BLEU's alone and changes neither. On the list, l drops what it outdates.
func TestStatsFollowOptions(t *testing.T) {
	d := &statsDriver{t: t}
	m := d.press(readyWith(t, demoDataset(t), 120, 40, WithResampling(scoring.SeedOf(7), 100, 100)), "B", "M", "M", "M", "M")
	if len(d.computed) != 2 {
		t.Fatalf("chrF, TER and chrF again: %d statistics runs; want 2", len(d.computed))
	}
	chrf, ter := d.computed[0].stats, d.computed[1].stats
	m = d.press(m, "t")
	if len(d.computed) != 2 || m.c.met.stats.get(m.c.metricStatsKey(model.MetricChrF)) != chrf {
		t.Errorf("t: %d statistics runs; want chrF's kept (the tokenizer is BLEU's)", len(d.computed))
	}
	m = d.press(m, "l")
	if len(d.computed) != 3 {
		t.Fatalf("l: %d statistics runs; want chrF's again", len(d.computed))
	}
	again := d.computed[2]
	if again.key.metric != model.MetricChrF || !again.key.chrf.Lowercase {
		t.Errorf("l: computed %s's statistics with %+v; want chrF's lowercased", again.key.metric, again.key.chrf)
	}
	if got := m.c.met.stats.get(m.c.metricStatsKey(model.MetricChrF)); got != again.stats || got == chrf {
		t.Error("l: the comparison does not use the lowercased statistics")
	}
	if m.sig.res == nil || m.sig.shown.stats != again.key {
		t.Error("l: the comparison was not made again from the lowercased statistics")
	}
	if m.c.met.stats.get(m.c.metricStatsKey(model.MetricTER)) != ter {
		t.Error("l: TER's statistics were dropped, though TER ignores case")
	}
	// On the list, which does not weigh chrF, l drops chrF's statistics
	// of the other case and computes none.
	m = d.press(m, "esc", "l")
	if len(d.computed) != 3 || m.c.met.stats.chrf.stats != nil {
		t.Errorf("esc l: %d statistics runs, chrF's kept: %v; want none computed and none kept", len(d.computed), m.c.met.stats.chrf.stats != nil)
	}
}

// TestStaleStatsDropped: a run for chrF's statistics under options since
// changed (l) is stopped, and its result, if it still comes, is dropped
// instead of being kept or shown.
func TestStaleStatsDropped(t *testing.T) {
	d := &statsDriver{t: t, hold: true}
	m := d.press(readyWith(t, demoDataset(t), 120, 40, WithResampling(scoring.SeedOf(7), 100, 100)), "B", "M")
	if len(d.held) != 1 {
		t.Fatalf("B M: %d statistics runs; want 1", len(d.held))
	}
	stale := d.held[0]
	d.held = nil
	m = d.press(m, "l")
	if m.jobs.live(stale.tag()) {
		t.Error("l: the run for chrF's statistics of mixed case goes on")
	}
	next, _ := m.Update(stale)
	m = next.(Model)
	if m.c.met.stats.chrf.stats == stale.stats {
		t.Error("the stale statistics were kept")
	}
	m = d.deliver(m)
	if got := m.c.met.stats.get(m.c.metricStatsKey(model.MetricChrF)); got == nil || m.sig.res == nil || m.sig.res.Metric != model.MetricChrF {
		t.Error("l: chrF's comparison was not made from the lowercased statistics")
	}
}

// sameChrF fails the test unless the list's chrF scores are want, the
// very scores, and those the model scores ds with.
func sameChrF(t *testing.T, m Model, ds *model.Dataset, want *model.MetricScores, when string) {
	t.Helper()
	if got := m.c.shownMetrics().chrf; got == nil || got != want {
		t.Fatalf("%s: the list's chrF scores are not those its statistics gave", when)
	}
	ref := wantMetrics(t, ds, model.Metrics{Names: []string{model.MetricChrF}, ChrF: scoring.DefaultChrFOptions()}, false)
	for s, sys := range ref.Systems {
		if got := want.Systems[s]; got.ChrF != sys.ChrF || !slices.Equal(got.ChrFSegments, sys.ChrFSegments) {
			t.Errorf("%s: %s's chrF %v, want %v (or its sentence scores differ)", when, ds.Systems[s].Name, got.ChrF, sys.ChrF)
		}
	}
}

// TestChrFColumnFromStatistics: chrF's statistics, computed for the
// comparison (B M), give the list's chrF column (M on the list) its
// scores, which it took before from a second pass over every segment.
func TestChrFColumnFromStatistics(t *testing.T) {
	ds := demoDataset(t)
	d := &statsDriver{t: t}
	m := d.press(readyWith(t, ds, 120, 40, WithResampling(scoring.SeedOf(7), 100, 100)), "B", "M", "esc", "M")
	if len(d.computed) != 1 || !m.c.met.showChrF {
		t.Fatalf("B M esc M: %d statistics runs, chrF shown %v; want one run and chrF shown", len(d.computed), m.c.met.showChrF)
	}
	sameChrF(t, m, ds, d.computed[0].scores, "B M esc M")
}

// TestChrFColumnWaitsForStatistics: M on a list that waits for chrF's
// statistics (i from chrF's comparison) does not start a second pass for
// the chrF column: the statistics, when they land, give the column its
// scores.
func TestChrFColumnWaitsForStatistics(t *testing.T) {
	ds := demoDataset(t)
	d := &statsDriver{t: t, hold: true}
	m := d.press(readyWith(t, ds, 120, 40, WithResampling(scoring.SeedOf(7), 100, 100)), "B", "M", "i", "M")
	if len(d.computed) != 1 || !m.jobs.live(d.computed[0].tag()) {
		t.Fatalf("B M i M: %d chrF runs (the first in flight: %v); want the statistics' run alone",
			len(d.computed), len(d.computed) > 0 && m.jobs.live(d.computed[0].tag()))
	}
	if v := m.View(); !strings.Contains(v, "chrF statistics") {
		t.Errorf("the list waiting for chrF's statistics does not say so:\n%s", v)
	}
	m = d.deliver(m)
	if len(d.computed) != 1 {
		t.Errorf("after the statistics: %d chrF runs; want the one", len(d.computed))
	}
	sameChrF(t, m, ds, d.computed[0].scores, "B M i M, the statistics in")
	if m.list.impactOf != model.MetricChrF {
		t.Errorf("the list sorts by %q's impact; want chrF's", m.list.impactOf)
	}
}

// TestComparisonWaitsForChrFColumn: the chrF column's run, in flight
// when the comparison asks for chrF's statistics (B M), gives them: no run
// of their own starts (it was a second pass over every segment), the
// comparison says it computes them meanwhile, and tests them when the
// column's run lands.
func TestComparisonWaitsForChrFColumn(t *testing.T) {
	ds := demoDataset(t)
	d := &statsDriver{t: t, hold: true}
	chrf := model.DefaultMetrics()
	chrf.Names = []string{model.MetricBLEU, model.MetricChrF}
	m := New(ds, model.DefaultSettings(), WithMetrics(chrf), WithResampling(scoring.SeedOf(7), 100, 100))
	next, _ := m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	m = d.drive(next.(Model), m.Init())
	if len(d.computed) != 1 || !m.jobs.live(d.computed[0].tag()) {
		t.Fatalf("%d chrF runs at the start; want the column's, in flight", len(d.computed))
	}
	column := d.computed[0]
	m = d.press(m, "B", "M")
	if len(d.computed) != 1 || !m.jobs.live(column.tag()) {
		t.Fatalf("B M: %d chrF runs, the column's run live %v; want none more and the column's going on", len(d.computed)-1, m.jobs.live(column.tag()))
	}
	if v := m.View(); !strings.Contains(v, "chrF2 statistics") {
		t.Errorf("the comparison waiting for chrF's statistics does not say so:\n%s", v)
	}
	m = d.deliver(m)
	if len(d.computed) != 1 {
		t.Fatalf("B M, the column's run in: %d chrF runs; want the column's alone", len(d.computed))
	}
	if st := m.c.met.stats.get(m.c.metricStatsKey(model.MetricChrF)); st == nil || st != column.stats {
		t.Fatal("the comparison does not test the statistics the column's run gave")
	}
	sameChrF(t, m, ds, column.scores, "B M, the column's run in")
	if m.sig.res == nil || m.sig.res.Metric != model.MetricChrF {
		t.Errorf("no chrF comparison after the statistics landed")
	}
}

// TestComparisonTakesChrFColumnStatistics: with the chrF column's scores
// in, the comparison's chrF test (B M) and the list's impact on chrF (i)
// read the statistics the column's run gave, and compute none of their
// own (they scored every segment a second time).
func TestComparisonTakesChrFColumnStatistics(t *testing.T) {
	ds := demoDataset(t)
	d := &statsDriver{t: t}
	chrf := model.DefaultMetrics()
	chrf.Names = []string{model.MetricBLEU, model.MetricChrF}
	m := d.press(readyWith(t, ds, 120, 40, WithMetrics(chrf), WithResampling(scoring.SeedOf(7), 100, 100)), "B", "M", "i")
	if len(d.computed) != 0 {
		t.Fatalf("B M i with chrF's scores in: %d statistics runs; want none", len(d.computed))
	}
	st := m.c.met.stats.get(m.c.metricStatsKey(model.MetricChrF))
	if st == nil || m.list.impactOf != model.MetricChrF {
		t.Fatalf("B M i: statistics kept %v, impact of %q; want chrF's", st != nil, m.list.impactOf)
	}
	want, err := st.ImpactContext(context.Background(), m.list.view.System, m.list.view.Other)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(m.list.impact, want) {
		t.Error("the list's impact is not that of the column's statistics")
	}
}

// TestColumnAndComparisonComputeOnce counts the passes over the segments
// (as segments' TestSegmentsImpactScoresMetricOnce does on the command
// line): with the chrF and TER columns shown, the comparison testing chrF
// then TER (B M M) and the list sorted by TER's impact (i) compute each
// metric's statistics once, in the run that gave the columns their
// scores.
func TestColumnAndComparisonComputeOnce(t *testing.T) {
	passes := map[string]int{}
	compute := computeStats
	defer func() { computeStats = compute }()
	computeStats = func(ctx context.Context, ds *model.Dataset, name string, m model.Metrics, progress func(int, int)) (*model.MetricStatistics, error) {
		passes[name]++
		return compute(ctx, ds, name, m, progress)
	}
	m := readyWith(t, demoDataset(t), 120, 40, WithMetrics(chrfTER()), WithResampling(scoring.SeedOf(7), 100, 100))
	if m.c.shownMetrics().chrf == nil || m.c.shownMetrics().ter == nil {
		t.Fatal("the chrF and TER columns have no scores")
	}
	m = press(t, m, "B", "M")
	if m.sig.res == nil || m.sig.res.Metric != model.MetricChrF {
		t.Fatal("B M: no chrF comparison")
	}
	m = press(t, m, "M")
	if m.sig.res == nil || m.sig.res.Metric != model.MetricTER {
		t.Fatal("B M M: no TER comparison")
	}
	m = press(t, m, "i")
	if m.list.impactOf != model.MetricTER {
		t.Fatalf("i: impact of %q; want TER's", m.list.impactOf)
	}
	if want := map[string]int{model.MetricChrF: 1, model.MetricTER: 1}; !maps.Equal(passes, want) {
		t.Errorf("columns shown, B M M i: passes %v; want %v", passes, want)
	}
}
