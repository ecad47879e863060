package ui

import (
	"github.com/bleuscope/bleuscope/model"
	tea "github.com/charmbracelet/bubbletea"
)

// The list sorts by impact on BLEU (i on the list) or, from the
// comparison screen testing chrF or TER, on that metric
// (segList.impactMetric), which o keeps when it comes back to the impact. Their impact is worked out from the statistics
// the comparison uses (metric_stats.go); while those are computed the
// list keeps its rows, and sorts when they land.

// sortByImpact lists system sys's segments by their impact on the corpus
// Δ of metric (model.MetricBLEU, MetricChrF or MetricTER) to the
// baseline, the ones that cost the most first, from the top.
func (m *Model) sortByImpact(sys int, metric string) tea.Cmd {
	if len(m.c.ds.Systems) < 2 {
		return m.flash("impact compares two systems: load another")
	}
	m.list.show(sys, len(m.c.ds.Systems))
	v := &m.list.view
	v.Sort, v.Desc = model.SortImpact, false
	m.list.impactMetric = metric
	m.list.atFirst = true // the first row, once sorted; the selection stays meanwhile
	rows := m.refreshRows()
	if m.list.impactMetric != metric {
		return rows // its statistics could not be computed: the status says why
	}
	status := fittedSaying(onBaseline(model.SortImpact)...)
	if sys != v.Other {
		status = m.c.impactStatus(sys, v.Other, metric)
	}
	return tea.Batch(rows, m.flashSort(status))
}

// impactStatus says that the list sorts by sys's impact on metric's
// corpus Δ to other, in as many words as the footer's line holds.
func (c common) impactStatus(sys, other int, metric string) saying {
	name, base := c.shortName(sys), c.shortName(other)
	full := "sorted by impact: the segments that cost " + name + " the most against " + base + " first"
	short := "sorted by impact"
	costliest := name + "'s costliest segments"
	switch metric {
	case model.MetricChrF:
		what := c.metricTitle(metric)
		full = "sorted by impact on " + what + ": the segments that cost " + name + " the most " + what + " against " + base + " first"
		short = "sorted by " + what + " impact"
	case model.MetricTER:
		full = "sorted by impact on TER: the segments that add the most to " + name + "'s TER against " + base + " first"
		short, costliest = "sorted by TER impact", "what adds most to "+name+"'s TER"
	}
	return fittedSaying(full, short+": "+costliest+" against "+base+" first", short+": "+costliest+" first", short+", costliest first")
}

// pendingSort is a new order of the list whose rows are still being made:
// the status that says it, for when they land, what the status line says
// meanwhile, and the order it is of.
type pendingSort struct {
	status, meanwhile saying
	of                sortOf
}

// sortOf is what a sort status speaks of: the systems, the key, the
// direction and the metric the impact weighs.
type sortOf struct {
	system, other int
	key           model.SortKey
	desc          bool
	metric        string
}

// sortOf returns the list's order now.
func (l segList) sortOf() sortOf {
	return sortOf{l.view.System, l.view.Other, l.view.Sort, l.view.Desc, l.impactMetric}
}

// flashSort says status, the list's new order, when its rows are in.
// While they are still being made (the chrF or TER statistics the impact
// weighs, or the rows' job on a big corpus) it says what is being done,
// and status follows when they land (sorted), so that the status line
// never claims an order the rows on screen are not in. A filter waiting
// for its chrF or TER scores keeps saying so meanwhile.
func (m *Model) flashSort(status saying) tea.Cmd {
	l := &m.list
	l.sorting = pendingSort{}
	switch {
	case l.waiting != "":
	case m.impactWaits():
		what := m.c.metricTitle(l.impactMetric)
		m.flashFit("computing the "+what+" statistics: the list sorts by impact on "+what+" when they are in",
			"computing the "+what+" statistics to sort by their impact", "computing the "+what+" statistics…")
	case m.jobs.running(jobRows) && l.misfit(m.c) && l.filtered():
		m.flash("filtering…") // the rows of another system or scores: the filter runs again
	case m.jobs.running(jobRows):
		m.flash("sorting…")
	default:
		m.status = status
		return nil
	}
	l.sorting = pendingSort{status: status, meanwhile: m.status, of: l.sortOf()}
	return nil
}

// sorted runs as rows land: the status of the order they were waited for
// replaces what was said meanwhile (or nothing, after a key), unless
// something else was said since or the order changed.
func (m *Model) sorted() {
	p := m.list.sorting
	m.list.sorting = pendingSort{}
	if !p.status.empty() && p.of == m.list.sortOf() && (m.status == p.meanwhile || m.status.empty()) {
		m.status = p.status
	}
}

// impactWaits reports whether the list sorts by chrF's or TER's impact
// while their statistics under the options in effect are not in.
func (m Model) impactWaits() bool {
	if !m.list.weighsMetric() {
		return false
	}
	slot := m.c.met.stats.slot(m.list.impactMetric)
	return slot.key != m.c.metricStatsKey(m.list.impactMetric) || !slot.ready()
}

// costliest says which segments i on the comparison screen lists for
// metric: "the segments that cost the most chrF2", "… add the most TER".
func (c common) costliest(metric string) string {
	if metric == model.MetricTER {
		return "the segments that add the most TER"
	}
	return "the segments that cost the most " + c.metricTitle(metric)
}

// impactName is how a status names the sort by impact: on BLEU's corpus
// Δ, or on chrF's or TER's.
func (m Model) impactName() string {
	if m.list.weighsMetric() {
		return "impact on the corpus " + m.c.metricTitle(m.list.impactMetric) + " Δ to the baseline"
	}
	return sortNames[model.SortImpact]
}

// handleRows installs rows sorted and filtered off the UI loop, unless
// they were made for a filter the list no longer has: a query typed while
// they were made and refused sets the list back to the filter of the rows
// shown (rowsFailed), which the rows in flight are not.
func (m Model) handleRows(msg rowsMsg) (Model, tea.Cmd) {
	if msg.view.Filter != m.list.view.Filter {
		return m, nil
	}
	if msg.err != nil {
		return m, m.rowsFailed(msg.err)
	}
	m.applyRows(msg.listRows)
	return m, nil
}

// impactStats returns the chrF or TER statistics the list's impact is
// weighed with when they are in (ok); else the command of the job
// computing them, which sorts the list when it ends. Statistics that
// cannot be computed leave the list sorted by BLEU's impact, and the
// status line says why.
func (m *Model) impactStats() (stats *model.MetricStatistics, cmd tea.Cmd, ok bool) {
	metric := m.list.impactMetric
	stats, err, cmd := m.wantStats(metric)
	if err != nil {
		m.list.impactMetric = model.MetricBLEU
		failed := m.c.metricTitle(metric) + "'s could not be computed"
		m.flashFit("sorted by BLEU's impact: "+failed+": "+err.Error(), "sorted by BLEU's impact: "+failed+": "+errGist(err),
			"by BLEU's impact: "+failed+": "+errGist(err), "sorted by BLEU's impact: "+failed)
		return nil, nil, true
	}
	return stats, cmd, stats != nil
}

// weighsMetric reports whether the list sorts by chrF's or TER's impact.
func (l segList) weighsMetric() bool {
	return l.view.Sort == model.SortImpact && l.impactMetric != model.MetricBLEU
}

// impactHead is the impact column's head: "impact" for BLEU's, "chrF imp"
// or "TER imp" for the metric the column's figures are of (before they
// are in, the metric the list sorts by).
func (l segList) impactHead() string {
	metric := l.impactOf
	if l.impact == nil {
		metric = l.impactMetric
	}
	switch metric {
	case model.MetricChrF:
		return "chrF imp"
	case model.MetricTER:
		return "TER imp"
	}
	return "impact"
}

// deltaHead is the Δ column's head: "Δ", or "BLEU Δ" ("nltk Δ" on NLTK's
// scale) beside chrF's or TER's impact column, whose figures are of
// another metric than the Δ, the sentence BLEU's.
func (l segList) deltaHead(c common) string {
	if !l.impactColumn() || l.impactHead() == "impact" {
		return "Δ"
	}
	if c.nltk() {
		return "nltk Δ"
	}
	return "BLEU Δ"
}
