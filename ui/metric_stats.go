package ui

import (
	"context"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	tea "github.com/charmbracelet/bubbletea"
)

// chrF and TER are each one job (jobChrF, jobTER) that computes the
// metric's per-segment statistics of every system (metricStatsKey: the
// references scored and the metric's options, never the baseline, the
// test, the filter or the system shown). Everything that reads the
// metric takes them from that one run: the list's column, its sort, the
// header, the pane and the filter their scores (made with the statistics,
// and read for the options in effect alone: common.metricScores), the
// comparison screen its paired test, the list its impact.
// The statistics are kept, one set per metric, while their options stay
// in effect: a tab, a new baseline or a switch to the other metric and
// back reuses them. A change of options (or of the references scored)
// drops them and stops a run for the old ones (settleStats); a run
// nothing waits for any more stops (stopUnwanted).

// statsCache keeps the last chrF and TER statistics computed, or the run
// in flight for them, one per metric.
type statsCache struct {
	chrf, ter keptStats
}

// keptStats is what is kept of one metric's statistics: what they are (or
// the run in flight is) for, and the statistics with the scores they give
// (made by the same run, so never of other statistics), or why they could
// not be computed. Neither set: the run for key is in flight (or was
// stopped).
type keptStats struct {
	key    metricStatsKey
	stats  *model.MetricStatistics
	scores *model.MetricScores
	err    error
}

// ready reports whether the statistics (or the reason there are none) are
// in.
func (k keptStats) ready() bool { return k.stats != nil || k.err != nil }

// slot returns where metric's statistics are kept (chrF's for any metric
// but TER).
func (c *statsCache) slot(metric string) *keptStats {
	if metric == model.MetricTER {
		return &c.ter
	}
	return &c.chrf
}

// metricScores returns metric's scores under the options in effect, or
// why they could not be computed; nil and nil while they are not in (or
// what is kept is for other options, or other references, which
// settleStats drops at the end of the Update).
func (c common) metricScores(metric string) (*model.MetricScores, error) {
	slot := c.met.stats.slot(metric)
	if slot.key != c.metricStatsKey(metric) {
		return nil, nil
	}
	return slot.scores, slot.err
}

// statsMetrics are the metrics whose statistics are kept.
var statsMetrics = []string{model.MetricChrF, model.MetricTER}

// metricJob is the kind of job that computes metric's statistics.
func metricJob(metric string) jobKind {
	if metric == model.MetricTER {
		return jobTER
	}
	return jobChrF
}

// metricStatsKey says what chrF's or TER's statistics are computed from:
// the dataset (the references scored) and the metric's options.
type metricStatsKey struct {
	ds     *model.Dataset
	metric string
	chrf   scoring.ChrFOptions
	ter    scoring.TEROptions
}

// metricStatsKey returns what chrF's or TER's statistics (metric) are
// computed from now: the references scored and that metric's options in
// effect (the other's do not change them).
func (c common) metricStatsKey(metric string) metricStatsKey {
	k, o := metricStatsKey{ds: c.ds, metric: metric}, c.metricOptions()
	if metric == model.MetricTER {
		k.ter = o.TER
	} else {
		k.chrf = o.ChrF
	}
	return k
}

// metrics are the options k says, for the metric k names alone.
func (k metricStatsKey) metrics() model.Metrics {
	return model.Metrics{Names: []string{k.metric}, ChrF: k.chrf, TER: k.ter}
}

// computeStats is the pass over every segment that a metric's job makes
// (a test counts them).
var computeStats = model.ComputeMetricStatistics

// statsMsg carries a metric's statistics computed off the UI loop, and
// the scores they give (the list's column and filter read them).
type statsMsg struct {
	jobTag
	key    metricStatsKey
	stats  *model.MetricStatistics
	scores *model.MetricScores
	err    error
}

// statsCmd computes the statistics key says, reporting progress
// through prog, and the scores they give.
func statsCmd(ctx context.Context, tag jobTag, key metricStatsKey, prog *progress) tea.Cmd {
	return func() tea.Msg {
		prog.set(0, key.ds.Len())
		stats, err := computeStats(ctx, key.ds, key.metric, key.metrics(), prog.set)
		msg := statsMsg{jobTag: tag, key: key, stats: stats, err: err}
		if err == nil {
			msg.scores = stats.Scores(key.ds, key.metrics())
		}
		return msg
	}
}

// runCmd returns the command of metric's run in flight (for Init, which
// cannot change the model, after [WithMetrics] started it).
func (m Model) runCmd(metric string) tea.Cmd {
	ctx, tag, prog := m.jobs.current(metricJob(metric))
	return statsCmd(ctx, tag, m.c.met.stats.slot(metric).key, prog)
}

// computing reports whether metric's statistics under the options in
// effect are being computed.
func (m Model) computing(metric string) bool {
	slot := m.c.met.stats.slot(metric)
	return m.jobs.running(metricJob(metric)) && slot.key == m.c.metricStatsKey(metric) && !slot.ready()
}

// wantStats returns metric's statistics under the options in effect, or
// why they cannot be computed, when they are in; else it starts the job
// that computes them, unless that runs already, and returns its command
// (stats and err nil: they are coming).
func (m *Model) wantStats(metric string) (stats *model.MetricStatistics, err error, cmd tea.Cmd) {
	key := m.c.metricStatsKey(metric)
	slot := m.c.met.stats.slot(metric)
	switch {
	case slot.key == key && slot.ready():
		return slot.stats, slot.err, nil
	case m.computing(metric):
		return nil, nil, nil
	}
	*slot = keptStats{key: key} // statistics for other options go before the new ones are made
	m.jobs.start(metricJob(metric))
	return nil, nil, tea.Batch(m.c.spinner.Tick, m.runCmd(metric))
}

// handleStats keeps statistics computed for the options still in effect:
// the list takes the scores they give (re-sorting, or making the rows a
// filter or the impact waited for), and the comparison screen starts its
// test with them at the end of Update.
func (m Model) handleStats(msg statsMsg) (Model, tea.Cmd) {
	metric := msg.key.metric
	if msg.key != m.c.metricStatsKey(metric) {
		return m, nil // settleStats stops such a run; this one ended first
	}
	wanted := m.wantsScores(metric) // before they are kept
	*m.c.met.stats.slot(metric) = keptStats{key: msg.key, stats: msg.stats, scores: msg.scores, err: msg.err}
	return m.takeScores(metric, msg.err, m.list.weighsMetric() && m.list.impactMetric == metric, wanted)
}

// settleStats runs at the end of every Update: statistics kept for
// options no longer in effect are dropped, and a run for them is stopped,
// so that neither their memory nor their figures outlive their options.
func (m *Model) settleStats() {
	for _, metric := range statsMetrics {
		slot := m.c.met.stats.slot(metric)
		if slot.key != (metricStatsKey{}) && slot.key != m.c.metricStatsKey(metric) {
			*slot = keptStats{}
			m.jobs.stop(metricJob(metric))
		}
	}
}

// stopUnwanted stops the runs of chrF's and TER's statistics that
// nothing waits for any more: the comparison screen is not open (the help
// over it keeps them), the list's impact is not the metric's (the one it
// sorts by, or the one o comes back to), and the list does not want its
// scores (shown, or read by the filter, and not at hand). It runs where a
// wait ends: on leaving the comparison, on hiding a metric, on a filter
// that no longer reads it.
func (m *Model) stopUnwanted() {
	for _, metric := range statsMetrics {
		slot := m.c.met.stats.slot(metric)
		if slot.ready() || m.sigOpen() || m.list.impactMetric == metric || m.wantsScores(metric) {
			continue
		}
		*slot = keptStats{}
		m.jobs.stop(metricJob(metric))
	}
}
