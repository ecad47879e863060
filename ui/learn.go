package ui

import tea "github.com/charmbracelet/bubbletea"

// learner is a full-window teaching component: the walk-through of a
// segment or the lessons. It closes itself (esc) and the explorer returns.
type learner interface {
	update(tea.Msg) (learner, tea.Cmd)
	view() string
	setSize(w, h int) learner
	closed() bool
}

// openExplain opens the step-by-step explanation of the selected segment.
// A long segment's walk-through waits for its ledger and is rendered in a
// command; it opens when ready unless a key is pressed first.
func (m *Model) openExplain() tea.Cmd {
	if !m.selected() {
		return m.flash("no segment selected")
	}
	sys, seg, opt := m.view.System, m.seg, m.shown().Sentence
	k := ledgerKey{sys: sys, seg: seg, opt: opt}
	in, ok := m.explained(sys, seg)
	if !ok {
		m.long.walkWanted, m.long.walkFor = true, k
		return m.flash(waitingText + " the walk-through opens when it is ready")
	}
	if in.err != nil {
		return m.flash(in.err.Error())
	}
	if m.isLong(sys, seg) {
		m.long.walkWanted, m.long.walkFor = true, k
		m.flash("rendering the walk-through of this long segment…")
		if hasKey(m.long.walking, k) {
			return nil
		}
		m.long.walking = withKey(m.long.walking, k)
		return walkCmd(k, in, m.st, m.width, m.height)
	}
	m.learn = newWalkthroughLearner(in, opt, m.st, m.width, m.height)
	m.screen = screenExplain
	return nil
}

// openLessons opens the lessons.
func (m *Model) openLessons() tea.Cmd {
	var cmd tea.Cmd
	m.learn, cmd = newLessonsLearner(m)
	m.screen = screenLessons
	return cmd
}

// closeLearn returns from the walk-through or the lessons.
func (m *Model) closeLearn() {
	m.learn = nil
	m.screen = screenMain
}

// learnView draws the open teaching component, cut to the window.
func (m Model) learnView() string {
	if m.learn == nil {
		return fit("", m.width, m.height)
	}
	return fit(m.learn.view(), m.width, m.height)
}
