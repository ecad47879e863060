package ui

import (
	"fmt"
	"strings"

	"github.com/bleuscope/bleuscope/ui/render"
	"github.com/charmbracelet/bubbles/key"
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
	m.learn = newLessonsLearner(m)
	m.screen = screenLessons
	return nil
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

// plainExplain is the whole computation of one segment as one scrollable
// text: the tokens with every order's matches, each order's clip ledger,
// then the precisions, brevity penalty and formula.
type plainExplain struct {
	title   string
	content func(width int) string
	p       pane
	done    bool
	keys    KeyMap
	st      render.Styles
}

func (e plainExplain) update(msg tea.Msg) (learner, tea.Cmd) {
	k := e.keys
	switch msg := msg.(type) {
	case tea.KeyMsg:
		page := max(1, e.p.height-1)
		switch {
		case key.Matches(msg, k.Back, k.Explain, k.Lessons, k.Quit):
			e.done = true
		case key.Matches(msg, k.Up, k.DetailUp):
			e.p.scroll(-1)
		case key.Matches(msg, k.Down, k.DetailDown):
			e.p.scroll(1)
		case key.Matches(msg, k.PageUp):
			e.p.scroll(-page)
		case key.Matches(msg, k.PageDown):
			e.p.scroll(page)
		case key.Matches(msg, k.Top):
			e.p.top()
		case key.Matches(msg, k.Bottom):
			e.p.bottom()
		}
	case tea.MouseMsg:
		switch msg.Button {
		case tea.MouseButtonWheelUp:
			e.p.scroll(-3)
		case tea.MouseButtonWheelDown:
			e.p.scroll(3)
		}
	}
	return e, nil
}

func (e plainExplain) view() string {
	head := e.st.Title.Render(joinRight(e.title, e.p.position(), e.p.width))
	foot := e.st.Muted.Render(render.Truncate("esc back · ↑↓ pgup pgdn scroll", e.p.width))
	return head + "\n" + e.p.view() + "\n" + foot
}

func (e plainExplain) setSize(w, h int) learner {
	e.p.setSize(w, h-2)
	e.p.setContent(e.content(w), false)
	return e
}

func (e plainExplain) closed() bool { return e.done }

// newPlainExplain builds the plain explanation of a segment.
func newPlainExplain(m *Model, in segInfo) learner {
	st := m.st
	name := m.ds.Systems[in.sys].Name
	nltk := isNLTK(m.set)
	content := func(width int) string {
		var b strings.Builder
		step := func(n int, title string) {
			if b.Len() > 0 {
				b.WriteString("\n\n")
			}
			b.WriteString(st.Title.Render(render.Truncate(fmt.Sprintf("%d. %s", n, title), width)) + "\n")
		}
		step(1, "Tokens as scored (each token: the longest matched n-gram through it)")
		v := render.SegmentView{HasSrc: m.ds.Src != nil, RefNames: in.refNames, Order: 0,
			Hyps: []render.Hyp{{Label: name, Detail: in.detail}}}
		if v.HasSrc {
			v.Src = m.ds.Src[in.seg]
		}
		b.WriteString(render.Segment(st, v, width))
		for _, od := range in.detail.Orders {
			step(od.N+1, fmt.Sprintf("%d-grams: count, clip to the most any one reference has", od.N))
			b.WriteString(render.Ledger(st, od, in.refNames, width, 0))
		}
		step(len(in.detail.Orders)+2, "Precisions, brevity penalty, score")
		if in.evalErr != nil {
			b.WriteString(st.Error.Render(render.Truncate("NLTK raises: "+in.evalErr.Error(), width)))
		} else {
			ref := ""
			if k := in.detail.ClosestRef; k >= 0 && k < len(in.refNames) {
				ref = render.RefLabel(in.refNames[k])
			}
			b.WriteString(render.Math(st, render.MathView{Result: in.res, Opt: m.set.Sentence, Stats: in.detail.Stats, RefName: ref}, width))
		}
		if nltk {
			b.WriteString("\n" + st.Muted.Render(render.Truncate("nltk compat: scores on NLTK's 0-1 scale", width)))
		}
		return b.String()
	}
	e := plainExplain{
		title:   fmt.Sprintf("how line %d scores for %s", in.seg+1, render.Safe(name)),
		content: content,
		keys:    m.keys,
		st:      st,
	}
	return e.setSize(m.width, m.height)
}
