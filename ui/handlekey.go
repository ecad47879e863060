package ui

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// handleKey routes a key: ctrl+c always quits; then a focused text input
// takes it (so "q" in the filter is a letter), then an open screen, then
// the global keys, then the list.
func (m Model) handleKey(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	if msg.Type == tea.KeyCtrlC {
		return m, m.quit()
	}
	m.status = ""
	m.long.walkWanted = false // a key cancels a walk-through still waited for
	if m.typing != typingNone {
		return m.handleTyping(msg)
	}
	if msg.Type == tea.KeyRunes && len(msg.Runes) > 1 && !msg.Paste {
		return m.handleRunes(msg.Runes)
	}
	switch m.screen {
	case screenExplain, screenLessons:
		return m.forward(msg)
	case screenHelp, screenLedger, screenCharts:
		return m.handleOverlayKey(msg)
	}
	if cmd, ok := m.handleGlobalKey(msg); ok {
		return m, cmd
	}
	if cmd, ok := m.handleOptionKey(msg); ok {
		return m, cmd
	}
	return m, m.handleListKey(msg)
}

// quit cancels any scoring run and ends the program.
func (m *Model) quit() tea.Cmd {
	if m.cancel != nil {
		m.cancel()
	}
	return tea.Quit
}

// handleGlobalKey handles the keys that open screens or change the view.
func (m *Model) handleGlobalKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	k := m.keys
	switch {
	case key.Matches(msg, k.Quit):
		return m.quit(), true
	case key.Matches(msg, k.Help):
		m.openOverlay(screenHelp)
	case key.Matches(msg, k.Ledger):
		m.openOverlay(screenLedger)
	case key.Matches(msg, k.Charts):
		m.openOverlay(screenCharts)
	case key.Matches(msg, k.Explain):
		return m.openExplain(), true
	case key.Matches(msg, k.Lessons):
		return m.openLessons(), true
	case key.Matches(msg, k.Filter):
		return m.startTyping(typingFilter), true
	case key.Matches(msg, k.Jump):
		return m.startTyping(typingJump), true
	case key.Matches(msg, k.Back):
		return m.back(), true
	case key.Matches(msg, k.Zoom):
		m.zoom = !m.zoom
		m.resize()
	case key.Matches(msg, k.Order):
		return m.setOrder(int(msg.Runes[0] - '0')), true
	case key.Matches(msg, k.AllOrders):
		return m.setOrder(0), true
	case key.Matches(msg, k.Sort):
		return m.cycleSort(), true
	case key.Matches(msg, k.Reverse):
		m.view.Desc = !m.view.Desc
		return m.refreshRows(), true
	case key.Matches(msg, k.NextSystem):
		return m.switchSystem(1), true
	case key.Matches(msg, k.PrevSystem):
		return m.switchSystem(-1), true
	case key.Matches(msg, k.Other):
		return m.cycleOther(), true
	case key.Matches(msg, k.Compare):
		if len(m.ds.Systems) < 2 {
			return m.flash("compare view needs two systems"), true
		}
		m.compare = !m.compare
		m.refreshDetail(false)
	default:
		return nil, false
	}
	return nil, true
}

// back leaves zoom, then clears the filter.
func (m *Model) back() tea.Cmd {
	switch {
	case m.zoom:
		m.zoom = false
		m.resize()
	case m.view.Filter != "":
		m.filter.setValue("")
		m.view.Filter = ""
		return m.refreshRows()
	}
	return nil
}

// handleListKey moves the selection in the list, or scrolls the segment
// pane when it is zoomed.
func (m *Model) handleListKey(msg tea.KeyMsg) tea.Cmd {
	k := m.keys
	if m.zoom {
		m.detail.scrollKey(msg, k)
		return nil
	}
	page := max(1, mainLayout(m.width, m.height, m.zoom).listRows-1)
	switch {
	case key.Matches(msg, k.Up):
		m.moveTo(m.cursor - 1)
	case key.Matches(msg, k.Down):
		m.moveTo(m.cursor + 1)
	case key.Matches(msg, k.PageUp):
		m.moveTo(m.cursor - page)
	case key.Matches(msg, k.PageDown):
		m.moveTo(m.cursor + page)
	case key.Matches(msg, k.Top):
		m.moveTo(0)
	case key.Matches(msg, k.Bottom):
		m.moveTo(len(m.rows) - 1)
	case key.Matches(msg, k.DetailDown):
		m.detail.scroll(max(1, m.detail.height/2))
	case key.Matches(msg, k.DetailUp):
		m.detail.scroll(-max(1, m.detail.height/2))
	}
	return nil
}

// handleOverlayKey scrolls or closes the help, ledger and charts screens;
// on the charts screen tab switches the system charted.
func (m Model) handleOverlayKey(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	k := m.keys
	switch {
	case key.Matches(msg, k.Quit):
		return m, m.quit()
	case key.Matches(msg, k.Back, k.Help, k.Ledger, k.Charts, k.Zoom):
		m.screen = screenMain
	case m.screen == screenCharts && key.Matches(msg, k.NextSystem, k.PrevSystem):
		d := 1
		if key.Matches(msg, k.PrevSystem) {
			d = -1
		}
		cmd := m.switchSystem(d)
		m.refreshOverlay(false)
		return m, cmd
	case m.overlay.scrollKey(msg, k):
		// scrolled
	case m.screen == screenLedger && key.Matches(msg, k.Order):
		cmd := m.setOrder(int(msg.Runes[0] - '0'))
		m.refreshOverlay(true)
		return m, cmd
	case m.screen == screenLedger && key.Matches(msg, k.AllOrders):
		m.setOrder(0)
		m.refreshOverlay(true)
	}
	return m, nil
}

// handleRunes handles keys that arrived together (fast typing, key repeat,
// tmux send-keys): the terminal reader hands them over as one KeyMsg, so
// they are split and handled one by one.
func (m Model) handleRunes(runes []rune) (tea.Model, tea.Cmd) {
	var cmds []tea.Cmd
	var next tea.Model = m
	for _, r := range runes {
		var cmd tea.Cmd
		next, cmd = next.(Model).handleKey(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
		cmds = append(cmds, cmd)
	}
	return next, tea.Batch(cmds...)
}

// scrollKey scrolls p for the scrolling keys of k (a line, a page, to the
// top or the bottom) and reports whether msg was one of them.
func (p *pane) scrollKey(msg tea.KeyMsg, k KeyMap) bool {
	page := max(1, p.height-1)
	switch {
	case key.Matches(msg, k.Up, k.DetailUp):
		p.scroll(-1)
	case key.Matches(msg, k.Down, k.DetailDown):
		p.scroll(1)
	case key.Matches(msg, k.PageUp):
		p.scroll(-page)
	case key.Matches(msg, k.PageDown):
		p.scroll(page)
	case key.Matches(msg, k.Top):
		p.top()
	case key.Matches(msg, k.Bottom):
		p.bottom()
	default:
		return false
	}
	return true
}
