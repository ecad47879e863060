package ui

import (
	"fmt"
	"strings"

	"github.com/bleuscope/bleuscope/ui/render"
	tea "github.com/charmbracelet/bubbletea"
)

// inputWarnings are the warnings about the input that apply under the
// settings asked for: the dataset's own (tokenized output, subword
// markers, empty lines, a copy of a reference, a byte-order mark, NUL
// bytes) and the tokenizer's, which changes with the tokenizer. They are
// ready for the terminal.
func inputWarnings(c common) []string {
	ws := make([]string, 0, len(c.ds.Warnings)+1)
	for _, w := range c.ds.Warnings {
		ws = append(ws, render.Safe(w))
	}
	if w := c.ds.TokenizerWarning(c.set.Corpus.Tokenize); w != "" {
		ws = append(ws, render.Safe(w))
	}
	ws = append(ws, c.optWarnings...)
	return append(ws, c.annWarnings...)
}

// warningsTitle names what c's warnings are about: "input warnings" while
// each is about the input files, else "warnings" (a bad SACREBLEU_SEED or
// the annotation file's problems are not about the input).
func warningsTitle(c common) string {
	if len(c.optWarnings) == 0 && len(c.annWarnings) == 0 {
		return "input warnings"
	}
	return "warnings"
}

// syncWarningsKey keeps the warnings key truthful: on while there are
// warnings, its help naming them as the ! screen's title does
// ([warningsTitle]).
func (c *common) syncWarningsKey() {
	c.keys.Warnings.SetEnabled(len(inputWarnings(*c)) > 0)
	c.keys.Warnings.SetHelp("!", warningsTitle(*c))
}

// warningLine is the line the first screen shows in its footer when there
// are warnings (called title, see [warningsTitle]): the help key (the key
// hints it stands in for), how many warnings, the key that lists them, and
// the first.
func warningLine(ws []string, title string) string {
	switch len(ws) {
	case 0:
		return ""
	case 1:
		return "? help · ⚠ " + strings.TrimSuffix(title, "s") + " (! shows it): " + ws[0]
	}
	return fmt.Sprintf("? help · ⚠ %d %s (! lists them): %s", len(ws), title, ws[0])
}

// noteWarnings keeps the warnings key truthful for the settings asked for
// and, when a new setting brings a tokenizer warning that was not there,
// says it in the status line.
func (m *Model) noteWarnings(before []string) {
	now := inputWarnings(m.c)
	m.c.syncWarningsKey()
	if len(now) > len(before) {
		m.flash("⚠ " + now[len(now)-1] + " (! lists the input warnings)")
	}
	if m.screen == screenWarnings {
		m.refreshOverlay(false)
	}
}

// warningsScreen lists the warnings: the input's, the options' and the
// annotation file's.
type warningsScreen struct{ body pane }

// SetSize fits the screen to width×height cells.
func (s warningsScreen) SetSize(width, height int) warningsScreen {
	s.body.setSize(width, height-2)
	return s
}

// refresh renders the warnings that apply now.
func (s *warningsScreen) refresh(c common, resetTop bool) {
	s.body.setContent(warningsContent(c, c.width), resetTop)
}

// Update scrolls the list for a key or the mouse wheel.
func (s warningsScreen) Update(msg tea.Msg, k KeyMap) warningsScreen {
	s.body.update(msg, k)
	return s
}

// View draws the warnings screen.
func (s warningsScreen) View(c common) string {
	return overlayView(c, s.body, c.keys.warningsFooter(), warningsTitle(c))
}

// warningsContent is every warning, wrapped, one paragraph each.
func warningsContent(c common, width int) string {
	ws := inputWarnings(c)
	if len(ws) == 0 {
		return c.st.Muted.Render(render.Truncate("no warnings about the input", width))
	}
	paras := make([]string, 0, len(ws)+1)
	for _, w := range ws {
		lines := strings.Split(render.Wrap(w, max(1, width-2)), "\n")
		for i := range lines {
			lead := "  "
			if i == 0 {
				lead = c.st.Warn.Render("⚠ ")
			}
			lines[i] = lead + lines[i]
		}
		paras = append(paras, strings.Join(lines, "\n"))
	}
	note := "These warnings are also printed on standard error (the built-in demo's, there on purpose, are not)."
	if len(c.ds.Warnings) > 0 || c.ds.TokenizerWarning(c.set.Corpus.Tokenize) != "" {
		// Only the text's warnings: the seed's and the annotations' are not about it.
		note = "The scores are computed on the text as it is. " + note
	}
	paras = append(paras, c.st.Muted.Render(render.Wrap(note, width)))
	return strings.Join(paras, "\n\n")
}
