package ui

import (
	"context"
	"slices"

	"github.com/bleuscope/bleuscope/model"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// anaMsg carries the analysis made off the UI loop (jobAnalysis).
type anaMsg struct {
	jobTag
	res *anaResult
	err error
}

// anaCmd counts the n-grams of every system (model.Analyze, with
// progress), ranks each kind over every order and buckets every system
// by reference length.
func anaCmd(ctx context.Context, tag jobTag, ds *model.Dataset, s *model.Scored, prog *progress) tea.Cmd {
	return func() tea.Msg {
		an, err := model.Analyze(ctx, ds, s.Settings, prog.set)
		if err != nil {
			return anaMsg{jobTag: tag, err: err}
		}
		res := &anaResult{scored: s, an: an}
		orders := make([]int, an.Settings.Corpus.MaxOrder)
		for i := range orders {
			orders[i] = i + 1
		}
		for sys := range ds.Systems {
			if err := ctx.Err(); err != nil {
				return anaMsg{jobTag: tag, err: err}
			}
			rows, err := an.RankAll(sys, anaKinds, orders, anaTop) // one scan for the three kinds
			if err != nil {
				return anaMsg{jobTag: tag, err: err}
			}
			kinds := make([][]model.NGramRow, len(anaKinds))
			for _, r := range rows {
				i := slices.Index(anaKinds, r.Kind)
				kinds[i] = append(kinds[i], r)
			}
			res.ranked = append(res.ranked, kinds)
			b, err := s.Buckets(ds, sys, model.ByRefLength, model.BucketOptions{})
			if err != nil {
				return anaMsg{jobTag: tag, err: err}
			}
			res.buckets = append(res.buckets, b)
		}
		return anaMsg{jobTag: tag, res: res}
	}
}

// openAnalysis opens the analysis screen; the job starts when the
// analysis there was made for other scores (or none).
func (m *Model) openAnalysis() tea.Cmd {
	if m.c.scored == nil {
		return m.flash("the analysis waits for the scores")
	}
	m.screen = screenAnalysis
	if m.ana.res != nil && m.ana.res.scored == m.c.scored || m.jobs.running(jobAnalysis) {
		return nil
	}
	m.ana.res, m.ana.err = nil, nil
	ctx, tag, prog := m.jobs.start(jobAnalysis)
	return tea.Batch(m.c.spinner.Tick, anaCmd(ctx, tag, m.c.ds, m.c.scored, prog))
}

// handleAnalysis installs the analysis (stale ones never get here).
func (m Model) handleAnalysis(msg anaMsg) Model {
	m.ana.res, m.ana.err = msg.res, msg.err
	m.ana = m.ana.SetSize(m.c.width, m.c.height)
	return m
}

// handleAnalysisKey handles keys on the analysis screen: enter drills
// into the list (esc there comes back), esc leaves.
func (m Model) handleAnalysisKey(msg tea.KeyMsg) (Model, tea.Cmd) {
	k := m.c.keys
	switch {
	case key.Matches(msg, k.Quit):
		return m, m.quit()
	case key.Matches(msg, k.Back, k.Analysis):
		m.jobs.stop(jobAnalysis)
		m.screen = screenMain
		return m, nil
	case msg.Type == tea.KeyEnter:
		rows, label, ok := m.ana.drill(m.list.view.System)
		if !ok {
			return m, nil
		}
		m.list.filter.setValue("")
		m.list.view.Filter, m.list.only = label, rows
		m.list.fromAnalysis = true
		m.screen = screenMain
		return m, m.refreshRows()
	}
	m.ana = m.ana.Update(msg, m.c, m.list.view.System)
	return m, nil
}

// backToAnalysis leaves a drill-down: the filter goes and the analysis
// screen comes back where it was left.
func (m *Model) backToAnalysis() tea.Cmd {
	m.list.fromAnalysis = false
	m.list.setFilter("")
	m.screen = screenAnalysis
	return m.refreshRows()
}

// analysisView draws the analysis screen.
func (m Model) analysisView() string {
	c := m.c
	footer := keyLine(as(c.keys.Back, "esc", "back"), as(c.keys.NextSystem, "tab", "table"),
		as(c.keys.Zoom, "enter", "show segments"), as(c.keys.NLTKMethod, "m", "missed/over/matched"), as(c.keys.Quit, "q", "quit"))
	if m.status != "" {
		footer = m.status
	}
	_, _, prog := m.jobs.current(jobAnalysis)
	running := c.spinner.View() + " counting n-grams…"
	if f := prog.fraction(); f > 0 {
		running += " " + model.FormatScore(100*f, false) + "%"
	}
	return m.ana.View(c, m.list.view.System, m.list.view.Other, running, footer)
}
