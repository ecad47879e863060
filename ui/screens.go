package ui

import tea "github.com/charmbracelet/bubbletea"

// openOverlay shows the help, the full clip ledger or the charts.
func (m *Model) openOverlay(s screen) {
	switch {
	case s == screenLedger && !m.list.selection(m.c).ok:
		m.flash("no segment selected")
		return
	case s == screenCharts && m.c.scored == nil:
		m.flash("the charts show once the scores are in")
		return
	}
	m.overlayFrom = screenMain
	if m.screen == screenAnalysis || m.screen == screenSig || m.screen == screenExplain || m.screen == screenAnnSummary {
		m.overlayFrom = m.screen
	}
	m.screen = s
	m.refreshOverlay(true)
}

// refreshOverlay redraws the open overlay at the current width.
func (m *Model) refreshOverlay(resetTop bool) {
	if m.c.width == 0 {
		return
	}
	switch m.screen {
	case screenHelp:
		m.help.refresh(m.c, resetTop)
	case screenWarnings:
		m.warns.refresh(m.c, resetTop)
	case screenLedger:
		if !m.list.selection(m.c).ok {
			m.screen = screenMain
			return
		}
		m.ledger.refresh(m.c, m.pane, resetTop)
	case screenCharts:
		m.charts.refresh(m.c, m.list, resetTop)
	case screenAnnSummary:
		m.annSum.refresh(m.c, m.ann, m.list.view.System, resetTop)
	}
}

// openExplain opens the step-by-step explanation of the selected segment.
// A long segment's walk-through waits for its ledger (a pending jobWalk)
// and is rendered in a job; it opens when ready unless a key is pressed
// first.
func (m *Model) openExplain() tea.Cmd {
	if !m.list.selection(m.c).ok || len(m.pane.shown) == 0 {
		return m.flash("no segment selected")
	}
	keys := m.pane.shown[:1]
	in, ok := m.pane.explained(m.c, keys[0])
	switch {
	case !ok:
		m.jobs.wait(jobWalk, keys)
		return m.flash(waitingText + " the walk-through opens when it is ready")
	case in.Err != nil:
		return m.flash(in.Err.Error())
	case keys[0].long:
		m.flash("rendering the walk-through of this long segment…")
		if m.jobs.runningFor(jobWalk, keys) {
			return nil
		}
		tag := m.jobs.startFor(jobWalk, keys)
		return walkCmd(tag, in, subjectOf(m.c, in), m.c.st, m.c.width, m.c.height)
	}
	m.learn = newWalkthroughLearner(in, subjectOf(m.c, in), m.c.st, m.c.width, m.c.height)
	m.screen = screenExplain
	return nil
}
