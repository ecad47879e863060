package ui

import (
	"unicode"

	"github.com/bleuscope/bleuscope/ui/render"
	tea "github.com/charmbracelet/bubbletea"
)

// lineInput is a one-line text field: the filter and the jump prompt. It
// is small on purpose (bubbles/textinput would pull in a clipboard module
// the build does not carry).
type lineInput struct {
	prompt string
	value  []rune
	pos    int
	limit  int
	focus  bool
}

func (l *lineInput) setValue(s string) {
	l.value = l.value[:0]
	for _, r := range s {
		if unicode.IsPrint(r) && (l.limit == 0 || len(l.value) < l.limit) {
			l.value = append(l.value, r)
		}
	}
	l.pos = len(l.value)
}

func (l lineInput) text() string { return string(l.value) }

// update edits the value for one key: printable runes insert, backspace
// and delete remove, arrows, home and end move, ctrl+u clears, ctrl+w
// removes the word before the cursor.
func (l lineInput) update(msg tea.KeyMsg) lineInput {
	switch msg.Type {
	case tea.KeyRunes, tea.KeySpace:
		ins := msg.Runes
		if msg.Type == tea.KeySpace {
			ins = []rune{' '}
		}
		for _, r := range ins {
			if !unicode.IsPrint(r) || (l.limit > 0 && len(l.value) >= l.limit) {
				continue
			}
			l.value = append(l.value[:l.pos], append([]rune{r}, l.value[l.pos:]...)...)
			l.pos++
		}
	case tea.KeyBackspace:
		if l.pos > 0 {
			l.value = append(l.value[:l.pos-1], l.value[l.pos:]...)
			l.pos--
		}
	case tea.KeyDelete:
		if l.pos < len(l.value) {
			l.value = append(l.value[:l.pos], l.value[l.pos+1:]...)
		}
	case tea.KeyLeft:
		l.pos = max(0, l.pos-1)
	case tea.KeyRight:
		l.pos = min(len(l.value), l.pos+1)
	case tea.KeyHome, tea.KeyCtrlA:
		l.pos = 0
	case tea.KeyEnd, tea.KeyCtrlE:
		l.pos = len(l.value)
	case tea.KeyCtrlU:
		l.value, l.pos = l.value[:0], 0
	case tea.KeyCtrlW:
		i := wordStart(l.value, l.pos)
		l.value = append(l.value[:i], l.value[l.pos:]...)
		l.pos = i
	}
	return l
}

// wordStart returns where ctrl+w deletes back to from pos in v: past the
// spaces before pos, then to the start of the word before them.
func wordStart(v []rune, pos int) int {
	i := pos
	for i > 0 && v[i-1] == ' ' {
		i--
	}
	for i > 0 && v[i-1] != ' ' {
		i--
	}
	return i
}

// view draws the prompt, the value and the cursor in width cells.
func (l lineInput) view(st render.Styles, width int) string {
	before := render.Safe(string(l.value[:l.pos]))
	at, after := " ", ""
	if l.pos < len(l.value) {
		at = render.Safe(string(l.value[l.pos]))
		after = render.Safe(string(l.value[l.pos+1:]))
	}
	cursor := at
	if l.focus {
		cursor = st.Selected.Render(at)
	}
	return render.Truncate(st.Accent.Render(l.prompt)+before+cursor+after, width)
}
