package ui

import tea "github.com/charmbracelet/bubbletea"

// handleMouse scrolls what is under the pointer and selects a clicked row.
func (m Model) handleMouse(msg tea.MouseMsg) (tea.Model, tea.Cmd) {
	if m.typing != typingNone {
		return m, nil
	}
	switch m.screen {
	case screenExplain, screenLessons:
		return m.forward(msg)
	case screenHelp, screenLedger, screenCharts:
		switch msg.Button {
		case tea.MouseButtonWheelUp:
			m.overlay.scroll(-3)
		case tea.MouseButtonWheelDown:
			m.overlay.scroll(3)
		}
		return m, nil
	}
	l := mainLayout(m.width, m.height, m.zoom)
	inList := !m.zoom && msg.Y >= l.listTop() && msg.Y < l.listTop()+l.listRows
	switch msg.Button {
	case tea.MouseButtonWheelUp:
		if inList {
			m.moveTo(m.cursor - 1)
		} else {
			m.detail.scroll(-3)
		}
	case tea.MouseButtonWheelDown:
		if inList {
			m.moveTo(m.cursor + 1)
		} else {
			m.detail.scroll(3)
		}
	case tea.MouseButtonLeft:
		if inList && msg.Action == tea.MouseActionPress {
			if i := m.top + msg.Y - l.listTop(); i < len(m.rows) {
				m.moveTo(i)
			}
		}
	}
	return m, nil
}
