package ui

import (
	"fmt"
	"strconv"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
)

// inputKind is the text input that has the keyboard, if any.
type inputKind int

const (
	typingNone   inputKind = iota
	typingFilter           // "/": filter text
	typingJump             // ":": a line number
)

// startTyping focuses the filter or the jump prompt.
func (m *Model) startTyping(k inputKind) tea.Cmd {
	m.typing = k
	if k == typingJump {
		m.jump.setValue("")
		m.jump.focus = true
		return nil
	}
	m.before = m.view.Filter
	m.filter.setValue(m.view.Filter)
	m.filter.focus = true
	return nil
}

// stopTyping gives the keyboard back to the list.
func (m *Model) stopTyping() {
	m.typing = typingNone
	m.filter.focus = false
	m.jump.focus = false
}

// liveFilter reports whether the filter applies while typing: on corpora
// small enough to filter inside Update; bigger ones filter on enter.
func (m *Model) liveFilter() bool { return m.ds.Len() <= syncRows }

// handleTyping sends keys to the focused input: enter applies, esc
// cancels (restoring the filter there was before).
func (m Model) handleTyping(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	switch msg.Type {
	case tea.KeyEnter:
		kind := m.typing
		m.stopTyping()
		if kind == typingJump {
			return m, m.jumpTo(m.jump.text())
		}
		return m, m.setFilter(m.filter.text())
	case tea.KeyEsc:
		kind := m.typing
		m.stopTyping()
		if kind == typingFilter {
			m.filter.setValue(m.before)
			return m, m.setFilter(m.before)
		}
		return m, nil
	}
	if m.typing == typingJump {
		m.jump = m.jump.update(msg)
		return m, nil
	}
	m.filter = m.filter.update(msg)
	if m.liveFilter() {
		return m, m.setFilter(m.filter.text())
	}
	return m, nil
}

// setFilter filters the rows by text (case-insensitive, in source,
// hypothesis or any reference).
func (m *Model) setFilter(s string) tea.Cmd {
	if s == m.view.Filter {
		return nil
	}
	m.view.Filter = s
	return m.refreshRows()
}

// jumpTo selects the segment of a 1-based line number, clearing a filter
// that hides it.
func (m *Model) jumpTo(s string) tea.Cmd {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > m.ds.Len() {
		return m.flash(fmt.Sprintf("no line %q: lines go from 1 to %d", s, m.ds.Len()))
	}
	for i, r := range m.rows {
		if r == n-1 {
			m.moveTo(i)
			return nil
		}
	}
	// Hidden by the filter: clear it and select the line once rows are back.
	m.seg = n - 1
	m.view.Filter = ""
	m.filter.setValue("")
	return tea.Batch(m.refreshRows(), m.flash(fmt.Sprintf("filter cleared to show line %d", n)))
}
