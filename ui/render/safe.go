package render

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/bleuscope/bleuscope/model"
)

// Safe returns s ready for the terminal: [model.Printable] shows control
// characters, invalid bytes and bidirectional controls as visible escapes,
// so no input byte reaches the terminal raw; format characters that draw
// nothing or that terminals disagree on (the soft hyphen U+00AD, zero-width
// spaces, word joiners, the byte-order mark) and the line and paragraph
// separators are shown as \u00ad-style escapes too, so that what is
// measured is what is drawn; and tabs become single spaces. The joiners
// that shape text (U+200C, U+200D) and emoji tag characters stay, as parts
// of the grapheme clusters they belong to. Every input string passes
// through it before it is drawn.
func Safe(s string) string {
	s = model.Printable(s)
	if strings.IndexByte(s, '\t') >= 0 {
		s = strings.ReplaceAll(s, "\t", " ")
	}
	for i, r := range s {
		if r >= utf8.RuneSelf && invisible(r) {
			return escapeInvisible(s, i)
		}
	}
	return s
}

// invisible reports whether r is drawn as an escape by [Safe].
func invisible(r rune) bool {
	switch {
	case r == 0x200c, r == 0x200d, r >= 0xe0020 && r <= 0xe007f:
		return false
	case r == 0x2028, r == 0x2029:
		return true
	}
	return unicode.Is(unicode.Cf, r)
}

// escapeInvisible escapes the invisible characters of s from byte i on.
func escapeInvisible(s string, i int) string {
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for _, r := range s[i:] {
		switch {
		case !invisible(r):
			b.WriteRune(r)
		case r > 0xffff:
			fmt.Fprintf(&b, `\U%08x`, r)
		default:
			fmt.Fprintf(&b, `\u%04x`, r)
		}
	}
	return b.String()
}
