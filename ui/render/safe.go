package render

import (
	"strings"

	"github.com/bleuscope/bleuscope/model"
)

// Safe returns s ready for the terminal: as [model.Shown] shows it
// (control characters, invalid bytes, bidirectional controls and the
// format characters that draw nothing or that terminals disagree on as
// visible escapes, so that no input byte reaches the terminal raw and what
// is measured is what is drawn), except that a tab becomes a single space.
// Every input string passes through it before it is drawn.
func Safe(s string) string {
	if strings.IndexByte(s, '\t') >= 0 {
		s = strings.ReplaceAll(s, "\t", " ")
	}
	return model.Shown(s)
}
