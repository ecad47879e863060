package render

import (
	"strings"

	"github.com/bleuscope/bleuscope/model"
)

// Safe returns s ready for the terminal: [model.Printable] shows control
// characters, invalid bytes and bidirectional controls as visible escapes,
// so no input byte reaches the terminal raw, and tabs become single spaces
// so that widths stay measurable. Every input string passes through it
// before it is drawn.
func Safe(s string) string {
	s = model.Printable(s)
	if strings.IndexByte(s, '\t') >= 0 {
		s = strings.ReplaceAll(s, "\t", " ")
	}
	return s
}
