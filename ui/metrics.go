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
// them are shown, their statistics (metric_stats.go) and the scores those
// give. Each metric is one job kind (jobChrF, jobTER) that computes the
// statistics of every system, from which the list reads its scores;
// chrF runs again when lowercase changes (-l applies to it as to BLEU),
// TER never does (it has its own case option). Until a new run lands the
// previous scores stay on screen, as BLEU's do.
type metricState struct {
	opts      model.Metrics // chrF and TER options (ChrF.Lowercase follows the settings)
	showChrF  bool
	showTER   bool
	chrf, ter *model.MetricScores // the scores on screen, nil until a run lands
	chrfErr   error
	terErr    error
	// stats are the statistics of the options in effect, or their run in
	// flight; the scores above are read from them as they land.
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

// forget drops the scores and errors of chrF and TER, and their
// statistics, made from references no longer scored: refreshMetrics then
// runs them again.
func (mt *metricState) forget() {
	mt.chrf, mt.ter, mt.chrfErr, mt.terErr = nil, nil, nil, nil
	mt.stats = statsCache{}
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

// forSort returns the scores the sort key k orders by: chrF's or TER's,
// nil for the other keys or before they land.
func (mt metricState) forSort(k model.SortKey) *model.MetricScores {
	switch k {
	case model.SortChrF:
		return mt.chrf
	case model.SortTER:
		return mt.ter
	}
	return nil
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
	mt := m.c.met
	needChrF, needTER := m.list.filterMetrics()
	if metric == model.MetricTER {
		return (mt.showTER || needTER) && mt.ter == nil && mt.terErr == nil
	}
	want := mt.chrfOptions(m.c.set)
	return (mt.showChrF || needChrF) && (mt.chrf == nil || mt.chrf.Metrics.ChrF != want) && mt.chrfErr == nil
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

// takeScores takes in the scores of metric (chrF or TER), or why they
// could not be computed, from its run, and re-sorts the list when it is
// sorted by that metric, or makes the rows a filter waited for; with rows
// the list's rows are made again whatever the scores change (its impact
// waited for those statistics). An error the list did not wait for is
// the comparison's to say.
func (m Model) takeScores(metric string, ms *model.MetricScores, err error, rows bool) (Model, tea.Cmd) {
	mt := &m.c.met
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return m, nil
		}
		wanted := m.wantsScores(metric) // before the error is kept
		name := "TER"
		if metric == model.MetricChrF {
			mt.chrfErr, name = err, "chrF"
		} else {
			mt.terErr = err
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
		flash := m.flash(m.c.fitStatus(failed+": "+err.Error(), failed+": "+errGist(err), failed))
		if rows {
			return m, tea.Batch(flash, m.refreshRows()) // which says why the impact is BLEU's
		}
		m.refreshPane(false)
		return m, flash
	}
	if metric == model.MetricChrF {
		mt.chrf = ms
	} else {
		mt.ter = ms
	}
	// A filter being typed is the one the scores are for now: it replaces
	// the one that waited (live filtering had set that back).
	resort := m.syncSortMetrics()
	typed := m.list.typing == typingFilter && m.liveFilter() && m.list.setFilter(strings.TrimSpace(m.list.filter.text()))
	if resort || typed || m.list.waiting != "" || rows {
		return m, m.refreshRows()
	}
	m.refreshPane(false)
	return m, nil
}

// syncSortMetrics hands the list the scores its sort key orders by (a
// metric key whose metric is hidden falls back to the score); it reports
// whether they changed, and so the rows must be sorted again.
func (m *Model) syncSortMetrics() bool {
	v := &m.list.view
	if (v.Sort == model.SortChrF && !m.c.met.showChrF) || (v.Sort == model.SortTER && !m.c.met.showTER) {
		v.Sort, v.Desc, v.Metrics = model.SortScore, false, nil
		return true
	}
	want := m.c.met.forSort(v.Sort)
	if v.Metrics == want {
		return false
	}
	v.Metrics = want
	return true
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
	if m.syncSortMetrics() {
		rows = m.refreshRows()
	} else {
		m.refreshPane(false)
	}
	return tea.Batch(cmd, rows, m.flash(status+" (M cycles)"))
}

// same reports whether mt and o show the same metrics with the same
// scores (the segment pane's cache of a long segment compares them).
func (mt metricState) same(o metricState) bool {
	return mt.showChrF == o.showChrF && mt.showTER == o.showTER && mt.chrf == o.chrf && mt.ter == o.ter &&
		mt.chrfErr == o.chrfErr && mt.terErr == o.terErr
}
