package ui

import (
	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/ui/render"
	tea "github.com/charmbracelet/bubbletea"
)

// learner is a full-window teaching component: the walk-through of a
// segment or the lessons. It closes itself (esc) and the explorer returns.
type learner interface {
	update(tea.Msg) (learner, tea.Cmd)
	view() string
	setSize(w, h int) learner
	closed() bool
}

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

// newWalkthroughLearner opens the guided walk-through of an explained
// segment, sized width×height.
func newWalkthroughLearner(in model.Explained, st render.Styles, width, height int) learner {
	opts := []render.WalkOption{render.WithText(in.Hyp, in.Refs), render.WithRefNames(in.RefLabels)}
	if in.EvalErr != nil {
		opts = append(opts, render.WithScoreError(in.EvalErr))
	}
	return walkLearner{NewWalkthrough(in.Detail, in.Result, in.Opt, st, width, height, opts...)}
}

// newLessonsLearner opens the lessons, with system sys's scores for the
// corpus lesson, and the command that starts them.
func newLessonsLearner(c common, sys int) (learner, tea.Cmd) {
	l := NewLessons(c.st, c.width, c.height).WithScores(c.ds, c.scored, sys)
	return lessonsLearner{l}, l.Init()
}
