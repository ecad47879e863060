package ui

import (
	"context"
	"errors"

	"github.com/bleuscope/bleuscope/model"
	tea "github.com/charmbracelet/bubbletea"
)

// handleResize lays the screens out for the new window size.
func (m Model) handleResize(msg tea.WindowSizeMsg) (tea.Model, tea.Cmd) {
	m.width, m.height = msg.Width, msg.Height
	m.help.Width = msg.Width
	m.resize()
	return m, nil
}

// resize recomputes every size-dependent part.
func (m *Model) resize() {
	l := mainLayout(m.width, m.height, m.zoom)
	m.detail.setSize(m.width, l.detail-1)
	m.overlay.setSize(m.width, m.height-2)
	if m.learn != nil {
		m.learn = m.learn.setSize(m.width, m.height)
	}
	m.ensureVisible()
	m.refreshDetail(false)
	m.refreshOverlay(false)
}

// handleScored takes in a scoring run's result, unless a newer run has
// been started since.
func (m Model) handleScored(msg scoredMsg) (tea.Model, tea.Cmd) {
	if msg.gen != m.gen {
		return m, nil
	}
	if msg.upgrade {
		if msg.err == nil && msg.scored != nil {
			m.scored = msg.scored
			m.set = msg.set
		}
		return m, nil
	}
	m.busy = false
	if msg.err != nil {
		if !errors.Is(msg.err, context.Canceled) {
			m.err = msg.err
		}
		if m.scored != nil { // keep showing what the scores were made with
			m.set = m.scored.Settings
			m.keys.setEnabled(len(m.ds.Systems), isNLTK(m.set))
		}
		return m, nil
	}
	m.err = nil
	m.scored = msg.scored
	m.set = msg.set
	m.maxLen = widestLength(m.scored)
	m.rowsGen++ // rows sorted on the previous scores are stale now
	if msg.rows != nil && msg.view == m.view {
		m.rowsBusy = false
		m.applyRows(msg.rows, msg.subset)
		return m, m.upgrade()
	}
	return m, tea.Batch(m.refreshRows(), m.upgrade())
}

// upgrade starts counting every n-gram order in the background when the
// current scores hold fewer, so that later max-order changes are only
// arithmetic. A newer run (any rescore) cancels it.
func (m *Model) upgrade() tea.Cmd {
	if !wantsUpgrade(m.ds, m.scored) {
		return nil
	}
	if m.cancel != nil {
		m.cancel()
	}
	ctx, cancel := context.WithCancel(context.Background())
	m.cancel = cancel
	return upgradeCmd(ctx, m.gen, m.ds, m.set)
}

// handleRows takes in rows sorted off the UI loop.
func (m Model) handleRows(msg rowsMsg) (tea.Model, tea.Cmd) {
	if msg.gen != m.rowsGen || msg.view != m.view {
		return m, nil
	}
	m.rowsBusy = false
	m.applyRows(msg.rows, msg.subset)
	return m, nil
}

// refreshRows sorts and filters the rows of the current view: at once for
// small corpora, in a command for big ones.
func (m *Model) refreshRows() tea.Cmd {
	if m.scored == nil {
		return nil
	}
	m.rowsGen++
	if m.ds.Len() <= syncRows {
		rows := m.scored.Rows(m.ds, m.view)
		m.rowsBusy = false
		m.applyRows(rows, subsetOf(m.ds, m.scored, m.view, rows))
		return nil
	}
	m.rowsBusy = true
	return tea.Batch(m.spinner.Tick, rowsCmd(m.rowsGen, m.ds, m.scored, m.view))
}

// applyRows installs new rows and keeps the selection on the same segment
// when it is still shown.
func (m *Model) applyRows(rows []int, subset *subsetScore) {
	m.rows, m.subset = rows, subset
	m.cursor = 0
	found := false
	for i, r := range rows {
		if r == m.seg {
			m.cursor, found = i, true
			break
		}
	}
	if !found && len(rows) > 0 {
		m.seg = rows[0]
	}
	m.ensureVisible()
	m.refreshDetail(!found)
	if m.screen == screenCharts {
		m.refreshOverlay(false)
	}
}

// rescore cancels any run in flight and scores the dataset again with
// m.set; reuse asks for arithmetic only when the statistics allow it.
func (m *Model) rescore(reuse bool) tea.Cmd {
	if m.cancel != nil {
		m.cancel()
	}
	ctx, cancel := context.WithCancel(context.Background())
	m.cancel, m.busy = cancel, true
	m.gen++
	m.prog = &progress{}
	gen, ds, set, view, prog := m.gen, m.ds, m.set, m.view, m.prog
	set.Orders = countOrders(set) // the rest are counted in the background
	if reuse && m.scored != nil {
		return tea.Batch(m.spinner.Tick, recomputeCmd(ctx, gen, ds, m.scored, set, view, prog))
	}
	return tea.Batch(m.spinner.Tick, scoreCmd(ctx, gen, ds, set, view, prog))
}

// applySettings switches to set and rescores: inside Update when only the
// arithmetic changes on a small corpus, else in a command.
func (m *Model) applySettings(set model.Settings) tea.Cmd {
	if err := set.Corpus.Validate(); err != nil {
		return m.flash(err.Error())
	}
	if err := set.Sentence.Validate(); err != nil {
		return m.flash(err.Error())
	}
	if set.Orders < max(set.Corpus.MaxOrder, set.Sentence.MaxOrder) {
		set.Orders = countOrders(set)
	}
	m.set = set
	m.order = min(m.order, set.Sentence.MaxOrder)
	m.keys.setEnabled(len(m.ds.Systems), isNLTK(set))
	if m.scored != nil && m.ds.Len()*len(m.ds.Systems) <= syncRecompute {
		if s, ok := m.scored.Recompute(m.ds, set); ok {
			if m.cancel != nil {
				m.cancel()
			}
			m.gen++ // a run still in flight has the old settings
			m.busy = false
			m.scored = s
			m.maxLen = widestLength(s)
			return tea.Batch(m.refreshRows(), m.upgrade())
		}
	}
	m.refreshDetail(false)
	return m.rescore(true)
}

// flash shows a status line until the next key.
func (m *Model) flash(s string) tea.Cmd {
	m.status = s
	return nil
}

// widestLength is the widest "hyp/ref" length figure over all segments of
// every system, so the list's column never changes width while scrolling.
func widestLength(s *model.Scored) int {
	most := 0
	for _, sys := range s.Systems {
		for i := range sys.Stats.Len() {
			most = max(most, sys.Stats.HypLen(i), sys.Stats.RefLen(i))
		}
	}
	return len(itoa(most))
}

// forward hands messages no handler claimed to the component that may be
// waiting for them: an open walk-through or lessons, or a text input.
func (m Model) forward(msg tea.Msg) (tea.Model, tea.Cmd) {
	var cmd tea.Cmd
	switch {
	case m.learn != nil && (m.screen == screenExplain || m.screen == screenLessons):
		m.learn, cmd = m.learn.update(msg)
		if m.learn.closed() {
			m.closeLearn()
		}
	}
	return m, cmd
}
