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
func (m *Model) openExplain() tea.Cmd {
	if !m.selected() {
		return m.flash("no segment selected")
	}
	in := m.segmentInfo(m.view.System, m.seg)
	if in.err != nil {
		return m.flash(in.err.Error())
	}
	m.learn = newWalkthroughLearner(m, in)
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
