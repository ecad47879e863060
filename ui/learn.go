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

// teacher is what [Walkthrough] and [Lessons] have in common: bubbles
// style methods that return their own type.
type teacher[T any] interface {
	Update(tea.Msg) (T, tea.Cmd)
	View() string
	SetSize(width, height int) T
	Closed() bool
}

// adapt makes a teacher a learner.
type adapt[T teacher[T]] struct{ t T }

func (a adapt[T]) update(msg tea.Msg) (learner, tea.Cmd) {
	t, cmd := a.t.Update(msg)
	return adapt[T]{t}, cmd
}
func (a adapt[T]) view() string             { return a.t.View() }
func (a adapt[T]) setSize(w, h int) learner { return adapt[T]{a.t.SetSize(w, h)} }
func (a adapt[T]) closed() bool             { return a.t.Closed() }

// walkSubject is what the walk-through's title names: the segment's line
// (with its seg_id, when the input gives one) and its system.
type walkSubject struct {
	line, system string
	others       []string // the other systems' names, which say how the name is cut
}

// subjectOf names the segment in explained in c's dataset.
func subjectOf(c common, in model.Explained) walkSubject {
	var others []string
	for i, s := range c.ds.Systems {
		if i != in.System {
			others = append(others, s.Name)
		}
	}
	return walkSubject{line: "line " + itoa(in.Line+1) + c.segID(in.Line), system: c.ds.Systems[in.System].Name, others: others}
}

// newWalkthroughLearner opens the guided walk-through of an explained
// segment, sized width×height, its title naming about.
func newWalkthroughLearner(in model.Explained, about walkSubject, st render.Styles, width, height int) learner {
	closeKey, methodKey := DefaultWalkthroughKeyMap().Close.Help().Key, DefaultKeyMap().NLTKMethod.Help().Key
	opts := []render.WalkOption{
		render.WithText(in.Hyp, in.Refs), render.WithRefNames(in.RefLabels),
		render.InExplorer(closeKey + " closes the walk-through, then " + methodKey + " cycles NLTK's methods"),
	}
	if in.Src != "" {
		opts = append(opts, render.WithSource(in.Src))
	}
	if in.EvalErr != nil {
		opts = append(opts, render.WithScoreError(in.EvalErr))
	}
	return adapt[Walkthrough]{NewWalkthrough(in.Detail, in.Result, in.Opt, st, width, height, opts...).About(about.line, about.system, about.others...)}
}

// newLessonsLearner opens the lessons, with system sys's scores for the
// corpus lesson, and the command that starts them.
func newLessonsLearner(c common, sys int) (learner, tea.Cmd) {
	l := NewLessons(c.st, c.width, c.height).WithScores(c.ds, c.scored, sys)
	return adapt[Lessons]{l}, l.Init()
}
