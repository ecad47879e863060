package ui

import (
	"context"
	"errors"

	"github.com/bleuscope/bleuscope/model"
	tea "github.com/charmbracelet/bubbletea"
)

// chrF's and TER's per-segment statistics feed the comparison screen's
// paired test and the list's impact on those metrics. They depend only on
// the references scored and the metric's options (metricStatsKey), never
// on the baseline, the test, the filter or the system shown, so they are
// computed once, in a job of their own (jobChrFStats, jobTERStats) or by
// the run of the list's scores of the metric (jobChrF, jobTER, which
// reads its scores from them: keepStats), and kept, one set per metric,
// while their options stay in effect: a tab, a new baseline or a switch
// to the other metric and back reuses them. A run of either gives the
// other what it computes, so that a metric under given options is
// computed once. A change of options (or of the references scored) drops
// them and stops a run for the old ones (settleStats); leaving the
// comparison stops a run the list does not wait for.

// statsCache keeps the last chrF and TER statistics computed, or the run
// in flight for them, one per metric.
type statsCache struct {
	chrf, ter keptStats
}

// keptStats is what is kept of one metric's statistics: what they are (or
// the run in flight is) for, the statistics and the scores they give (the
// list's column takes them instead of scoring every segment again), or
// why they could not be computed. Neither set: the run for key is in
// flight (or was stopped).
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

// get returns the statistics kept for k, or nil.
func (c statsCache) get(k metricStatsKey) *model.MetricStatistics {
	if s := c.slot(k.metric); s.key == k {
		return s.stats
	}
	return nil
}

// scores returns the scores given by the statistics kept for k, or nil.
func (c statsCache) scores(k metricStatsKey) *model.MetricScores {
	if s := c.slot(k.metric); s.key == k {
		return s.scores
	}
	return nil
}

// statsJob is the kind of job that computes metric's statistics.
func statsJob(metric string) jobKind {
	if metric == model.MetricTER {
		return jobTERStats
	}
	return jobChrFStats
}

// statsMetrics are the metrics whose statistics are kept.
var statsMetrics = []string{model.MetricChrF, model.MetricTER}

// statsMsg carries a metric's statistics computed off the UI loop, and
// the scores they give (for the list's column, when it waits for them).
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
		stats, err := key.compute(ctx, prog.set)
		msg := statsMsg{jobTag: tag, key: key, stats: stats, err: err}
		if err == nil {
			msg.scores = stats.Scores(key.ds, key.metrics())
		}
		return msg
	}
}

// statsRunning reports whether metric's statistics under the options in
// effect are being computed: their run gives the metric's scores too, so
// the metric's own run (metrics.go) waits for it instead of scoring every
// segment a second time.
func (m Model) statsRunning(metric string) bool {
	key := m.c.metricStatsKey(metric)
	return m.sig.stats.slot(metric).key == key && m.jobs.running(statsJob(metric))
}

// scoresGiveStats reports whether the run of metric's scores in flight
// (jobChrF, jobTER) computes the statistics key says: the comparison and
// the impact wait for it instead of a run of their own.
func (m Model) scoresGiveStats(key metricStatsKey) bool {
	return m.jobs.running(scoresJob(key.metric)) && m.scoresRun(key.metric) == key
}

// statsJobNow is the job whose run gives metric's statistics under the
// options in effect, while one does: their own or the scores' run.
func (m Model) statsJobNow(metric string) (jobKind, bool) {
	key := m.c.metricStatsKey(metric)
	switch slot := m.sig.stats.slot(metric); {
	case slot.key != key || slot.ready():
		return 0, false
	case m.jobs.running(statsJob(metric)):
		return statsJob(metric), true
	case m.scoresGiveStats(key):
		return scoresJob(metric), true
	}
	return 0, false
}

// keepStats keeps the statistics a run of scores read its scores from,
// when they are of the options in effect and none are kept yet (a run of
// their own for them stops: these are the same); it reports whether the
// list's impact waits for them, and so its rows must be made again.
func (m *Model) keepStats(msg metricsMsg) bool {
	metric := msg.key.metric
	slot := m.sig.stats.slot(metric)
	if msg.key != m.c.metricStatsKey(metric) || slot.key == msg.key && slot.ready() {
		return false
	}
	switch {
	case msg.stats != nil:
		*slot = keptStats{key: msg.key, stats: msg.stats, scores: msg.ms}
	case msg.err != nil && !errors.Is(msg.err, context.Canceled) && slot.key == msg.key:
		*slot = keptStats{key: msg.key, err: msg.err} // the comparison waited for them
	default:
		return false
	}
	m.jobs.stop(statsJob(metric))
	return m.list.weighsMetric() && m.list.impactMetric == metric
}

// scoresJob is the kind of job that scores every segment with metric.
func scoresJob(metric string) jobKind {
	if metric == model.MetricTER {
		return jobTER
	}
	return jobChrF
}

// wantStats returns metric's statistics under the options in effect, or
// why they cannot be computed, when they are in; else it starts the job
// that computes them, unless that runs already, and returns its command
// (stats and err nil: they are coming).
func (m *Model) wantStats(metric string) (stats *model.MetricStatistics, err error, cmd tea.Cmd) {
	key := m.c.metricStatsKey(metric)
	slot, kind := m.sig.stats.slot(metric), statsJob(metric)
	switch {
	case slot.key == key && slot.ready():
		return slot.stats, slot.err, nil
	case slot.key == key && m.jobs.running(kind):
		return nil, nil, nil
	case m.scoresGiveStats(key):
		*slot = keptStats{key: key} // the run of the scores gives them (keepStats)
		return nil, nil, nil
	}
	*slot = keptStats{key: key} // statistics for other options go before the new ones are made
	ctx, tag, prog := m.jobs.start(kind)
	return nil, nil, tea.Batch(m.c.spinner.Tick, statsCmd(ctx, tag, key, prog))
}

// handleStats keeps statistics computed for the options still in effect
// and sorts the list by their impact when it waits for them; the
// comparison screen starts its test with them at the end of Update. The
// metric's scores, when they are wanted and not at hand, are taken from
// them.
func (m Model) handleStats(msg statsMsg) (Model, tea.Cmd) {
	metric := msg.key.metric
	if msg.key != m.c.metricStatsKey(metric) {
		return m, nil // settleStats stops such a run; this one ended first
	}
	*m.sig.stats.slot(metric) = keptStats{key: msg.key, stats: msg.stats, scores: msg.scores, err: msg.err}
	weighs := m.list.weighsMetric() && m.list.impactMetric == metric
	if m.wantsScores(metric) {
		m.jobs.stop(scoresJob(metric))
		return m.takeScores(metric, msg.scores, msg.err, weighs)
	}
	if weighs {
		return m, m.refreshRows()
	}
	return m, nil
}

// settleStats runs at the end of every Update: statistics kept for
// options no longer in effect are dropped, and a run for them is stopped,
// so that neither their memory nor their figures outlive their options.
func (m *Model) settleStats() {
	for _, metric := range statsMetrics {
		slot := m.sig.stats.slot(metric)
		if slot.key != (metricStatsKey{}) && slot.key != m.c.metricStatsKey(metric) {
			*slot = keptStats{}
			m.jobs.stop(statsJob(metric))
		}
	}
}

// stopUnwantedStats stops the statistics runs the list does not wait
// for (on leaving the comparison screen, whose test wanted them).
func (m *Model) stopUnwantedStats() {
	for _, metric := range statsMetrics {
		if m.list.weighsMetric() && m.list.impactMetric == metric || m.wantsScores(metric) {
			continue // the list waits for them, or for the scores they give
		}
		if slot := m.sig.stats.slot(metric); !slot.ready() {
			*slot = keptStats{}
			m.jobs.stop(statsJob(metric))
		}
	}
}
