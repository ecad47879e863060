package ui

import (
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/bleuscope/bleuscope/ui/render"
	tea "github.com/charmbracelet/bubbletea"
)

// walkLearner adapts the guided [Walkthrough] to the explorer's learner.
type walkLearner struct{ w Walkthrough }

func (l walkLearner) update(msg tea.Msg) (learner, tea.Cmd) {
	w, cmd := l.w.Update(msg)
	return walkLearner{w}, cmd
}
func (l walkLearner) view() string             { return l.w.View() }
func (l walkLearner) setSize(w, h int) learner { return walkLearner{l.w.SetSize(w, h)} }
func (l walkLearner) closed() bool             { return l.w.Closed() }

// lessonsLearner adapts [Lessons] to the explorer's learner.
type lessonsLearner struct{ l Lessons }

func (l lessonsLearner) update(msg tea.Msg) (learner, tea.Cmd) {
	n, cmd := l.l.Update(msg)
	return lessonsLearner{n}, cmd
}
func (l lessonsLearner) view() string             { return l.l.View() }
func (l lessonsLearner) setSize(w, h int) learner { return lessonsLearner{l.l.SetSize(w, h)} }
func (l lessonsLearner) closed() bool             { return l.l.Closed() }

// newWalkthroughLearner opens the guided walk-through of a segment
// explained under opt, sized width×height.
func newWalkthroughLearner(in segInfo, opt scoring.Options, st render.Styles, width, height int) learner {
	opts := []render.WalkOption{render.WithText(in.hyp, in.refs), render.WithRefNames(in.refNames)}
	if in.evalErr != nil {
		opts = append(opts, render.WithScoreError(in.evalErr))
	}
	return walkLearner{NewWalkthrough(in.detail, in.res, opt, st, width, height, opts...)}
}

// newLessonsLearner opens the lessons, with the current system's scores
// for the corpus lesson, and the command that starts them.
func newLessonsLearner(m *Model) (learner, tea.Cmd) {
	l := NewLessons(m.st, m.width, m.height).WithScores(m.ds, m.scored, m.view.System)
	return lessonsLearner{l}, l.Init()
}
