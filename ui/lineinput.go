package ui

import (
	"strings"
	"unicode"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/ui/render"
	tea "github.com/charmbracelet/bubbletea"
)

// lineInput is the one-line text editor of the explorer: the filter and
// jump prompts of the list ([lineInput.field]) and a lesson's hypothesis,
// which scrolls sideways so the cursor stays in view however long the
// sentence ([lineInput.view]). (bubbles/textinput would do, but it pulls
// in a clipboard module the build does not carry.)
type lineInput struct {
	prompt string
	value  []rune
	pos    int // cursor, 0..len(value)
	limit  int
	focus  bool // field draws the cursor only when focused
	// untouched is set by setValue and cleared by the first editing key:
	// until then view shows the text from its start.
	untouched bool
	// dropped counts the control characters the last key's text (a
	// paste) had that were left out ([lineInput.insert]), for the owner
	// to say so.
	dropped int
}

// setValue replaces the text and puts the cursor at its end; until a key
// edits it or moves the cursor, view shows it from its start.
func (h *lineInput) setValue(s string) {
	h.value, h.pos = nil, 0
	h.insert([]rune(s))
	h.pos = len(h.value)
	h.untouched = true
}

// load replaces the text with s as it is, every rune kept, and puts the
// cursor at its end, as setValue does: for a text read from a file (an
// annotation's note), whose control characters a save must not lose. They
// are drawn escaped, as every rune is ([render.Safe]); keys typed or
// pasted still add none ([lineInput.insert]).
func (h *lineInput) load(s string) {
	h.value, h.dropped = []rune(s), 0
	h.pos = len(h.value)
	h.untouched = true
}

func (h lineInput) text() string { return string(h.value) }

// droppedForms are the wordings, the fullest first, of the status that
// n control characters ([lineInput.dropped]) were left out of the text
// of what ("the query", "the note").
func droppedForms(n int, what string) []string {
	chars := itoa(n) + " control character" + model.PluralS(n)
	return []string{chars + " (unprintable or bidirectional) left out of " + what,
		chars + " left out of " + what, chars + " left out"}
}

// insert adds runes at the cursor; tabs and line breaks (from a paste)
// become spaces, other unprintable runes (controls, bidirectional
// controls) are left out and counted in dropped, but for the format
// characters that are part of a spelling (see [keptFormat]).
func (h *lineInput) insert(rs []rune) {
	h.dropped = 0
	for _, r := range rs {
		switch {
		case r == '\t' || r == '\n' || r == '\r':
			r = ' '
		case !unicode.IsPrint(r) && !keptFormat(r):
			h.dropped++
			continue
		}
		if h.limit > 0 && len(h.value) >= h.limit {
			return
		}
		v := make([]rune, 0, len(h.value)+1)
		v = append(append(append(v, h.value[:h.pos]...), r), h.value[h.pos:]...)
		h.value = v
		h.pos++
	}
}

// keptFormat reports whether r is a format character (Unicode's Cf) that
// a person types as part of a word and that reaches a terminal as it is
// ([model.Printable] leaves it be): the zero-width non-joiner of Persian
// (می‌خواهم) and the joiner of emoji sequences (👷🏽‍♀️), a soft hyphen,
// a word joiner. Bidirectional controls, which Printable escapes, are not.
func keptFormat(r rune) bool {
	return unicode.Is(unicode.Cf, r) && model.Printable(string(r)) == string(r)
}

// remove deletes the runes in [from, to).
func (h *lineInput) remove(from, to int) {
	if from >= to {
		return
	}
	v := make([]rune, 0, len(h.value)-(to-from))
	h.value = append(append(v, h.value[:from]...), h.value[to:]...)
	h.pos = from
}

// update edits the text for one key and reports whether the key was an
// editing key: runes insert; backspace, delete, ctrl+w (word), ctrl+u
// (all) and ctrl+k (to the end) remove; ←, →, home/ctrl+a, end/ctrl+e move.
func (h lineInput) update(msg tea.KeyMsg) (lineInput, bool) {
	h.dropped = 0
	switch msg.Type {
	case tea.KeyRunes:
		h.insert(msg.Runes)
	case tea.KeySpace:
		h.insert([]rune{' '})
	case tea.KeyBackspace:
		if h.pos > 0 {
			h.remove(h.pos-1, h.pos)
		}
	case tea.KeyDelete:
		if h.pos < len(h.value) {
			p := h.pos
			h.remove(p, p+1)
		}
	case tea.KeyCtrlW:
		h.remove(wordStart(h.value, h.pos), h.pos)
	case tea.KeyCtrlU:
		h.remove(0, len(h.value))
	case tea.KeyCtrlK:
		p := h.pos
		h.remove(p, len(h.value))
	case tea.KeyLeft:
		h.pos = max(0, h.pos-1)
	case tea.KeyRight:
		h.pos = min(len(h.value), h.pos+1)
	case tea.KeyHome, tea.KeyCtrlA:
		h.pos = 0
	case tea.KeyEnd, tea.KeyCtrlE:
		h.pos = len(h.value)
	default:
		return h, false
	}
	h.untouched = false
	return h, true
}

// view draws the prompt and the part of the text around the cursor in
// width cells. The cursor cell is drawn in the selection style; without
// colour a '|' marks it instead. Text set by setValue and not yet edited
// shows from its start, cut with … when it and the cursor do not fit, so
// no word shows with its first letters cut off.
func (h lineInput) view(st render.Styles, width int) string {
	prompt := st.Label.Render(h.prompt)
	plain := st.Selected.Render("x") == "x"
	cursor := 1 // cells the cursor takes after the text: one, and the '|' marker's without colour
	if plain {
		cursor = 2
	}
	if shown := render.Safe(h.text()); h.untouched && render.Cells(h.prompt+shown)+cursor > width {
		return render.Truncate(prompt+shown, width)
	}
	room := max(2, width-render.Cells(h.prompt))
	off := h.scrollStart(room - cursor)
	var b strings.Builder
	for i := off; i <= len(h.value); i++ {
		cell := " "
		if i < len(h.value) {
			cell = render.Safe(string(h.value[i]))
		}
		switch {
		case i == h.pos && plain:
			cell = "|" + cell
		case i == h.pos:
			cell = st.Selected.Render(cell)
		}
		if render.Cells(b.String()+cell) > room {
			break
		}
		b.WriteString(cell)
	}
	return render.Truncate(prompt+strings.TrimRight(b.String(), " "), width)
}

// scrollStart is the first rune view shows when room cells hold the text
// before the cursor: the first from which that text fits them (0 when the
// cursor fits, else the cursor sits at the right edge). Only the runes
// within reach of the cursor are measured together: those before them
// already add more than room cells ([render.CellsAtLeast]), so view stays
// linear in the length of the text.
func (h lineInput) scrollStart(room int) int {
	off, least := h.pos, 0
	for off > 0 {
		w := render.CellsAtLeast(render.Safe(string(h.value[off-1])))
		if least+w > room {
			break
		}
		least += w
		off--
	}
	for off < h.pos && render.Cells(render.Safe(string(h.value[off:h.pos]))) > room {
		off++
	}
	return off
}

// field draws the prompt, the value and, when focused, the cursor in width
// cells, cut at the right, or, when the text before the cursor alone does
// not fit, at its start, so that the cursor and what was just typed show:
// the list's filter and jump prompts and the export path.
func (h lineInput) field(st render.Styles, width int) string {
	before := render.Safe(string(h.value[:h.pos]))
	at, after := " ", ""
	if h.pos < len(h.value) {
		at = render.Safe(string(h.value[h.pos]))
		after = render.Safe(string(h.value[h.pos+1:]))
	}
	if room := width - render.Cells(h.prompt) - render.Cells(at); render.Cells(before) > room {
		before = render.TruncateStart(before, max(1, room))
	}
	if h.focus {
		at = st.Selected.Render(at)
	}
	return render.Truncate(st.Accent.Render(h.prompt)+before+at+after, width)
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
