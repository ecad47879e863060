package sacrebleu

import (
	"strings"
	"unicode/utf8"

	"github.com/bleuscope/bleuscope/scoring"
)

// pyStrip is Python's str.strip() with no argument.
func pyStrip(s string) string {
	return scoring.PyRstrip(strings.TrimLeftFunc(s, scoring.IsPySpace))
}

// pyLineBreak reports whether r ends a line for Python's str.splitlines().
func pyLineBreak(r rune) bool {
	switch r {
	case '\n', '\r', '\v', '\f', 0x1c, 0x1d, 0x1e, 0x85, 0x2028, 0x2029:
		return true
	}
	return false
}

// pySplitlines is Python's str.splitlines(): lines end at any of
// [pyLineBreak]'s characters (CR LF counting as one) and the breaks are
// dropped; a final break does not start an empty line.
func pySplitlines(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if !pyLineBreak(r) {
			i += size
			continue
		}
		out = append(out, s[start:i])
		i += size
		if r == '\r' && i < len(s) && s[i] == '\n' {
			i++
		}
		start = i
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

// runeLen is Python's len(str): the number of code points.
func runeLen(s string) int { return utf8.RuneCountInString(s) }

// pyBytesRepr is Python's repr() of a bytes object: b'…', or b"…" when
// the bytes hold a single quote and no double quote; backslash and the
// quote escaped, \t \n \r by name, other bytes outside printable ASCII as
// \xhh.
func pyBytesRepr(b []byte) string {
	quote := pyQuoteChar(string(b))
	var s strings.Builder
	s.WriteString("b")
	s.WriteByte(quote)
	for _, c := range b {
		switch {
		case pyEscape(&s, rune(c), quote):
		case c < ' ' || c >= 0x7f:
			s.WriteString(`\x` + hex2(uint32(c)))
		default:
			s.WriteByte(c)
		}
	}
	s.WriteByte(quote)
	return s.String()
}
