package ui

import (
	"errors"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	tea "github.com/charmbracelet/bubbletea"
)

// The filter's chrf and ter terms read the sentence chrF and TER scores
// of the metric jobs. A filter that needs scores not at hand (not
// computed, still running, or made under other chrF options) is never
// evaluated without them, so it never shows rows of wrong scores:
//   - typed live, it is not applied, and the prompt says that enter
//     computes them (as for a query that does not parse);
//   - entered (or left in place by a change that made its scores stale:
//     l, R), the list holds its rows back (segList.waiting) and shows no
//     row, the metric is computed (and shown, when it was not), and the
//     rows come when its scores land;
//   - a metric whose run failed cannot give them: the filter is not
//     applied and the status line says why.

// filterMetrics reports which metrics the list's filter reads (a filter
// that does not parse reads none: refreshRows says why it is not applied),
// as [segList.setFilter], the one place that sets the filter, found.
func (l *segList) filterMetrics() (chrf, ter bool) {
	return l.reads.chrf, l.reads.ter
}

// filterReads is what the query filter reads of the metrics: chrF's or
// TER's sentence scores.
type filterReads struct {
	chrf, ter bool
}

// readsOf parses the query filter for the metrics it reads.
func readsOf(filter string) filterReads {
	var r filterReads
	if low := strings.ToLower(filter); strings.Contains(low, "chrf") || strings.Contains(low, "ter") {
		if q, err := model.ParseQuery(filter); err == nil {
			r.chrf, r.ter = q.UsesMetrics()
		}
	}
	return r
}

// queryMetrics are the scores the filter's chrf and ter terms read: those
// under the options in effect, nil for a metric without them.
func (m Model) queryMetrics() []*model.MetricScores {
	sm := m.c.shownMetrics()
	return []*model.MetricScores{sm.chrf, sm.ter}
}

// missingMetrics names the metrics the filter reads whose scores are not
// at hand ("chrF", "TER", "chrF and TER"), "" when none; failed is the
// error of a run that failed among them.
func (m Model) missingMetrics() (what string, failed error) {
	needChrF, needTER := m.list.filterMetrics()
	if !needChrF && !needTER {
		return "", nil
	}
	sm := m.c.shownMetrics()
	var names []string
	if needChrF && sm.chrf == nil {
		names = append(names, "chrF")
		if sm.chrfErr != nil {
			failed = sm.chrfErr
		}
	}
	if needTER && sm.ter == nil {
		names = append(names, "TER")
		if sm.terErr != nil && failed == nil {
			failed = sm.terErr
		}
	}
	return strings.Join(names, " and "), failed
}

// holdForMetrics is refreshRows' first step: when the filter reads
// metrics not at hand it handles the filter as described above and
// reports held; the rows are then not made.
func (m *Model) holdForMetrics() (cmd tea.Cmd, held bool) {
	what, failed := m.missingMetrics()
	if what == "" {
		m.stopUnwanted() // the filter that asked for one may be gone
		return nil, false
	}
	switch {
	case failed != nil:
		return m.metricsFailed(what, failed), true
	case m.list.typing == typingFilter:
		hint := "enter computes them"
		if m.metricsRunning(what) {
			hint = "still being computed: enter applies it when they are in"
		}
		return m.rowsFailed(errors.New(termsNeed(what) + " " + what + " scores, " + hint)), true
	}
	shown := ""
	if m.list.waiting == "" { // shown once, as the wait begins: M may hide it again meanwhile
		shown = m.showForFilter()
	}
	m.jobs.stop(jobRows) // rows in flight are of another filter
	m.list.wait(what)
	m.refreshPane(true)
	cmd = m.refreshMetrics()
	switch {
	case shown != "":
		applies := ": the filter applies when the " + what + " scores are in"
		m.flashFit(shown+" (M cycles)"+applies, shown+applies, "the filter applies when the "+what+" scores are in")
	default:
		m.flash("the filter applies when the " + what + " scores are in")
	}
	m.list.waitStatus = m.status // gone with the wait (applyRows)
	return cmd, true
}

// holdStaleFilter holds the rows back at once when a change (l: chrF's
// case; R: the references) leaves the filter without the chrF or TER
// scores it reads: the rows made from the old ones would otherwise stay
// until the rescore lands. The status line keeps what the change said.
func (m *Model) holdStaleFilter() tea.Cmd {
	if m.c.scored == nil || m.list.typing == typingFilter || m.list.waiting != "" {
		return nil
	}
	if what, _ := m.missingMetrics(); what == "" {
		return nil
	}
	status := m.status
	cmd, _ := m.holdForMetrics()
	if !status.empty() {
		m.status = status // as it was said
	}
	return cmd
}

// termsNeed says which query terms need the metrics what names: "chrf
// needs", "ter needs", "chrf and ter need".
func termsNeed(what string) string {
	switch what {
	case "chrF":
		return "chrf needs"
	case "TER":
		return "ter needs"
	}
	return "chrf and ter need"
}

// metricsRunning reports whether every metric what names is being
// computed.
func (m Model) metricsRunning(what string) bool {
	if strings.Contains(what, "chrF") && !m.computing(model.MetricChrF) {
		return false
	}
	return !strings.Contains(what, "TER") || m.computing(model.MetricTER)
}

// showForFilter shows the metrics the filter reads, as M would (chrF, or
// chrF and TER): the scores it selects by are then on screen. It returns
// what the status line says of it, "" when they were shown already. M
// hides them again without dropping the filter: its scores are computed
// while it reads them (refreshMetrics).
func (m *Model) showForFilter() string {
	mt := &m.c.met
	chrf, ter := m.list.filterMetrics()
	if (!chrf || mt.showChrF) && (!ter || mt.showTER) {
		return ""
	}
	mt.showChrF = true
	mt.showTER = mt.showTER || ter
	if mt.showTER {
		return "chrF and TER beside BLEU"
	}
	return "chrF beside BLEU"
}

// metricsFailed refuses a filter whose metric could not be computed (what
// names the metrics the filter lacks; failed says why): one just entered
// leaves the filter there was before "/", one typed says why on the
// prompt line (rowsFailed), and one whose rows were held back is cleared.
func (m *Model) metricsFailed(what string, failed error) tea.Cmd {
	err := &metricsError{what: what, err: failed}
	if m.list.entered || m.list.typing == typingFilter || m.list.waiting == "" {
		return m.rowsFailed(err)
	}
	m.list.waiting = ""
	m.list.setFilterText("")
	m.list.setFilter("")
	cmd := m.refreshRows()
	forms := err.Wordings()
	for i, f := range forms {
		forms[i] = "filter cleared: " + f
	}
	m.flashFit(append(forms, "filter cleared: no "+what+" scores")...)
	return cmd
}

// metricsError says that a filter's chrf or ter terms cannot be
// evaluated: the scores of the metrics what names could not be computed,
// for the reason err gives.
type metricsError struct {
	what string
	err  error
}

// Error returns the fullest wording.
func (e *metricsError) Error() string { return e.Wordings()[0] }

// Unwrap returns why the scores could not be computed.
func (e *metricsError) Unwrap() error { return e.err }

// Wordings returns the error in its wordings, the fullest first: the
// reason whole, its gist ([errGist]) after fewer words, none.
func (e *metricsError) Wordings() []string {
	lead := termsNeed(e.what) + " " + e.what + " scores, which could not be computed"
	return []string{lead + ": " + e.err.Error(), lead + ": " + errGist(e.err), "no " + e.what + " scores: " + errGist(e.err), lead}
}

// wait holds the rows back until the metrics what names are in: the list
// shows none, and says why; the selection is kept for when they come.
func (l *segList) wait(what string) {
	l.rows, l.subset, l.rowsFilter, l.rowsDrill = nil, nil, l.view.Filter, l.drill
	l.cursor, l.top = 0, 0
	l.waiting = what
	l.queryErr = saying{}
}
