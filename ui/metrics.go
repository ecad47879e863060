package ui

import (
	"context"
	"errors"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	tea "github.com/charmbracelet/bubbletea"
)

// metricState is chrF and TER in the explorer: their options, which of
// them are shown, and their statistics with the scores those give
// (metric_stats.go), the one place the list, the header, the pane and the
// filter read them from ([common.metricScores]), for the options in
// effect alone. Each metric is one job kind (jobChrF, jobTER) that
// computes the statistics of every system; chrF runs again when
// lowercase changes (-l applies to it as to BLEU), TER never does (it has
// its own case option). Until the run for new options lands, their
// figures show "…": the scores of the old options are gone with them.
type metricState struct {
	opts     model.Metrics // chrF and TER options (ChrF.Lowercase follows the settings)
	showChrF bool
	showTER  bool
	// stats are the statistics of the options in effect, or their run in
	// flight, and the scores they give.
	stats statsCache
}

// WithMetrics shows chrF and TER beside BLEU as m.Names asks (bleu is
// always shown), with m's options; -l decides chrF's lowercase. On a
// small corpus their jobs start with the scoring; on a big one once the
// first scores are in, so that they do not slow the first screen down.
func WithMetrics(m model.Metrics) Option {
	return func(root *Model) {
		root.c.met.opts = m
		root.c.met.showChrF = m.Has(model.MetricChrF)
		root.c.met.showTER = m.Has(model.MetricTER)
		root.c.keys.Metrics.SetEnabled(len(root.c.ds.Systems) > 0)
		if n := root.c.ds.Len(); len(root.c.ds.Systems) > 0 && n <= syncRows {
			root.refreshMetrics() // Init has a value receiver: the jobs start here, Init runs them
		}
	}
}

// forget drops the statistics of chrF and TER, and their scores and
// errors, made from references no longer scored: refreshMetrics then runs
// them again.
func (mt *metricState) forget() {
	mt.stats = statsCache{}
}

// metricOptions are the chrF and TER options in effect: those asked for,
// with chrF's lowercase following the settings.
func (c common) metricOptions() model.Metrics {
	o := c.met.opts
	o.ChrF = c.met.chrfOptions(c.set)
	return o
}

// metricDisplays are the states the metrics key cycles through.
var metricDisplays = [][2]bool{{true, false}, {true, true}, {false, false}}

// chrfOptions are the chrF options under the settings asked for.
func (mt metricState) chrfOptions(set model.Settings) scoring.ChrFOptions {
	o := mt.opts.ChrF
	if o.CharOrder+o.WordOrder == 0 {
		o = scoring.DefaultChrFOptions()
	}
	o.Lowercase = set.Corpus.Lowercase
	return o
}

// sortScores returns the scores the sort key k orders by: chrF's or
// TER's under the options in effect, nil for the other keys or before
// they land.
func (c common) sortScores(k model.SortKey) *model.MetricScores {
	metric, ok := sortMetric(k)
	if !ok {
		return nil
	}
	ms, _ := c.metricScores(metric)
	return ms
}

// sortMetric is the metric sort key k orders by (chrF or TER), or false
// for the others.
func sortMetric(k model.SortKey) (string, bool) {
	switch k {
	case model.SortChrF:
		return model.MetricChrF, true
	case model.SortTER:
		return model.MetricTER, true
	}
	return "", false
}

// awaitNote is the status of a list sorted by chrF or TER whose scores
// under the options in effect are still being computed (after l or R, or
// before the first land): its rows are in line order meanwhile, the order
// of rows without their scores, which nothing else on screen says;
// nothing when the list is not waiting so.
func (m Model) awaitNote() saying {
	metric, ok := sortMetric(m.list.view.Sort)
	if !ok || m.list.waiting != "" { // a filter waiting for them says so
		return saying{}
	}
	if ms, err := m.c.metricScores(metric); ms != nil || err != nil {
		return saying{}
	}
	what := m.c.metricTitle(metric)
	return fittedSaying("in line order until the "+what+" scores are in, then sorted by them",
		"line order until "+what+" is in", "line order meanwhile")
}

// metricSortKey is the sort key of metric's scores.
func metricSortKey(metric string) model.SortKey {
	if metric == model.MetricTER {
		return model.SortTER
	}
	return model.SortChrF
}

// rowsView is the list's view as its rows are made: with the chrF or TER
// scores its sort key orders by, read when the rows are made (the list's
// own view never keeps them).
func (m Model) rowsView() model.View {
	v := m.list.view
	v.Metrics = m.c.sortScores(v.Sort)
	return v
}

// sortKeys are the sort keys of the metrics shown.
func (mt metricState) sortKeys() []model.SortKey {
	var keys []model.SortKey
	if mt.showChrF {
		keys = append(keys, model.SortChrF)
	}
	if mt.showTER {
		keys = append(keys, model.SortTER)
	}
	return keys
}

// wantsScores reports whether the metric's scores under the options in
// effect are wanted (shown, or read by the filter) and not at hand.
func (m Model) wantsScores(metric string) bool {
	needChrF, needTER := m.list.filterMetrics()
	want := m.c.met.showChrF || needChrF
	if metric == model.MetricTER {
		want = m.c.met.showTER || needTER
	}
	ms, err := m.c.metricScores(metric)
	return want && ms == nil && err == nil
}

// initMetrics returns the commands of the runs [WithMetrics] started
// (for Init).
func (m Model) initMetrics() tea.Cmd {
	var cmds []tea.Cmd
	for _, metric := range statsMetrics {
		if m.jobs.running(metricJob(metric)) {
			cmds = append(cmds, m.runCmd(metric))
		}
	}
	if len(cmds) == 0 {
		return nil
	}
	return tea.Batch(append(cmds, m.c.spinner.Tick)...)
}

// refreshMetrics starts the runs of the metrics whose scores the list
// wants (shown, or read by the filter: after the metrics key, a lowercase
// change, a scoring run, a filter) and lacks under the options in effect,
// unless they run already; it stops a run nothing waits for any more.
func (m *Model) refreshMetrics() tea.Cmd {
	if len(m.c.ds.Systems) == 0 {
		return nil
	}
	m.stopUnwanted()
	var cmds []tea.Cmd
	for _, metric := range statsMetrics {
		if m.wantsScores(metric) {
			_, _, cmd := m.wantStats(metric) // not in: the scores would be at hand
			cmds = append(cmds, cmd)
		}
	}
	return tea.Batch(cmds...)
}

// takeScores follows the landing of metric's (chrF's or TER's) scores, or
// of why they could not be computed (err), which the statistics cache
// keeps now: it re-sorts the list when it is sorted by that metric, or
// makes the rows a filter waited for; with rows the list's rows are made
// again whatever the scores change (its impact waited for those
// statistics). wanted says whether the list wanted them (wantsScores
// before they landed): an error it did not want them for is the
// comparison's to say.
func (m Model) takeScores(metric string, err error, rows, wanted bool) (Model, tea.Cmd) {
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return m, nil
		}
		name := "TER"
		if metric == model.MetricChrF {
			name = "chrF"
		}
		switch {
		case m.list.waiting != "": // the filter waited for them: it is not applied
			return m, m.refreshRows()
		case !wanted && rows:
			return m, m.refreshRows() // which says why the impact is BLEU's
		case !wanted:
			return m, nil // the comparison says why
		}
		failed := name + " could not be computed"
		flash := m.flashFit(failed+": "+err.Error(), failed+": "+errGist(err), failed)
		if rows {
			return m, tea.Batch(flash, m.refreshRows()) // which says why the impact is BLEU's
		}
		m.refreshPane(false)
		return m, flash
	}
	// A filter being typed is the one the scores are for now: it replaces
	// the one that waited (live filtering had set that back).
	resort := m.dropHiddenSort() || m.list.view.Sort == metricSortKey(metric)
	typed := m.list.typing == typingFilter && m.liveFilter() && m.list.setFilter(strings.TrimSpace(m.list.filter.text()))
	if resort || typed || m.list.waiting != "" || rows {
		cmd := m.refreshRows()
		if !m.status.empty() && m.status == m.list.awaited && m.list.view.Sort == metricSortKey(metric) {
			cmd = tea.Batch(cmd, m.flashSort(m.sortStatus())) // the order it waited for
		}
		m.list.awaited = saying{}
		return m, cmd
	}
	m.refreshPane(false)
	return m, nil
}

// dropHiddenSort sorts the list by the score when its sort key is that of
// a metric hidden; it reports whether it did, and so the rows must be
// sorted again.
func (m *Model) dropHiddenSort() bool {
	v := &m.list.view
	if (v.Sort == model.SortChrF && !m.c.met.showChrF) || (v.Sort == model.SortTER && !m.c.met.showTER) {
		v.Sort, v.Desc = model.SortScore, false
		return true
	}
	return false
}

// cycleMetrics shows chrF, then chrF and TER, then BLEU alone, computing
// what is not at hand.
func (m *Model) cycleMetrics() tea.Cmd {
	mt := &m.c.met
	cur := [2]bool{mt.showChrF, mt.showTER}
	nextState := metricDisplays[0]
	for i, d := range metricDisplays {
		if d == cur {
			nextState = metricDisplays[(i+1)%len(metricDisplays)]
		}
	}
	mt.showChrF, mt.showTER = nextState[0], nextState[1]
	status := "BLEU alone"
	switch {
	case mt.showChrF && mt.showTER:
		status = "chrF and TER beside BLEU"
	case mt.showChrF:
		status = "chrF beside BLEU"
	}
	cmd := m.refreshMetrics()
	var rows tea.Cmd
	if m.dropHiddenSort() {
		rows = m.refreshRows()
	} else {
		m.refreshPane(false)
	}
	return tea.Batch(cmd, rows, m.flash(status+" (M cycles)"))
}
