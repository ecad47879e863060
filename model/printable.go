package model

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Printable returns s with everything that could act on a terminal shown
// as a visible escape instead: ESC as ␛, line feed and carriage return as
// \n and \r, the other C0 controls (but tab) and DEL as \x07-style
// escapes, the C1 controls, the bidirectional overrides and isolates
// (U+202A–U+202E, U+2066–U+2069), the bidirectional marks (U+200E,
// U+200F, U+061C) and the line and paragraph separators (U+2028, U+2029)
// as \u202e-style escapes, and bytes that
// are not UTF-8 as \xff-style escapes. A string with none of these is
// returned as it is, without allocating.
func Printable(s string) string {
	i := 0
	for i < len(s) {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < ' ' && c != '\t' || c == 0x7f {
				break
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if unsafeRune(r, size) {
			break
		}
		i += size
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for i < len(s) {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == 0x1b:
				b.WriteString("␛")
			case c == '\n':
				b.WriteString(`\n`)
			case c == '\r':
				b.WriteString(`\r`)
			case c < ' ' && c != '\t' || c == 0x7f:
				writeHex(&b, `\x`, uint32(c), 2)
			default:
				b.WriteByte(c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			writeHex(&b, `\x`, uint32(c), 2)
		case unsafeRune(r, size):
			writeHex(&b, `\u`, uint32(r), 4)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// Shown returns s as a person reads it in text output (the text tables
// of the command line, the names and n-grams around them) and as the
// explorer draws it: with [Printable]'s escapes, a tab as \t, and the
// format characters that draw nothing or that terminals disagree on (the
// soft hyphen U+00AD, zero-width spaces, word joiners, the byte-order
// mark) as \u00ad-style escapes, so that a column is as wide as it is
// measured and nothing hides in it. The joiners that shape text (U+200C,
// U+200D) and emoji tag characters stay, as parts of the grapheme clusters
// they belong to. JSON, JSONL, TSV and CSV keep the text exactly instead.
func Shown(s string) string {
	if plain(s) {
		return s
	}
	s = Printable(s)
	for i, r := range s {
		if r == '\t' || r >= utf8.RuneSelf && invisible(r) {
			return showFrom(s, i)
		}
	}
	return s
}

// showFrom is [Shown] of s, which [Printable] has escaped, from byte i on.
func showFrom(s string, i int) string {
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for _, r := range s[i:] {
		switch {
		case r == '\t':
			b.WriteString(`\t`)
		case !invisible(r):
			b.WriteRune(r)
		case r > 0xffff:
			writeHex(&b, `\U`, uint32(r), 8)
		default:
			writeHex(&b, `\u`, uint32(r), 4)
		}
	}
	return b.String()
}

// plain reports whether [Shown] returns s as it is, in one pass over it:
// no control character, tab, byte that is not UTF-8, or rune [Printable]
// or [Shown] escapes. Most text, a table's names and n-grams, is plain.
func plain(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < ' ' || c == 0x7f {
				return false
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if unsafeRune(r, size) || invisible(r) {
			return false
		}
		i += size
	}
	return true
}

// invisible reports whether r is a character [Shown] escapes for drawing
// nothing, or what terminals disagree on.
func invisible(r rune) bool {
	switch {
	case r < utf8.RuneSelf, r == 0x200c, r == 0x200d, r >= 0xe0020 && r <= 0xe007f:
		return false
	case r >= 0x2070 && r < 0xfeff: // CJK, Hangul and the rest: no format character (Cf) there
		return false
	case r == 0x2028, r == 0x2029:
		return true
	}
	return unicode.Is(unicode.Cf, r)
}

// Quote returns s in double quotes for a message, with what could act on
// a terminal shown as [Printable] shows it (␛, \u202e): unlike Go's %q,
// whose escapes (\x1b) are not the ones every other message shows, and
// which escapes a backslash of Printable's again. A double quote in s is
// written \" and the backslashes right before one, or before the closing
// quote, are doubled, as %q writes them, so that where the quoted text
// ends is never in doubt ([InputError.Gist] reads it so); every other
// backslash stays as it is.
func Quote(s string) string {
	p := Printable(s)
	if !strings.Contains(p, `"`) && !strings.HasSuffix(p, `\`) {
		return `"` + p + `"`
	}
	var b strings.Builder
	b.WriteByte('"')
	run := 0 // the backslashes just written
	for i := 0; i < len(p); i++ {
		switch c := p[i]; c {
		case '"':
			b.WriteString(strings.Repeat(`\`, run+1))
			b.WriteByte(c)
			run = 0
		case '\\':
			b.WriteByte(c)
			run++
		default:
			b.WriteByte(c)
			run = 0
		}
	}
	b.WriteString(strings.Repeat(`\`, run))
	b.WriteByte('"')
	return b.String()
}

// unsafeRune reports whether a decoded non-ASCII rune must not reach a
// terminal raw: invalid UTF-8, a C1 control or a bidirectional control.
func unsafeRune(r rune, size int) bool {
	switch {
	case r == utf8.RuneError && size == 1:
		return true
	case r >= 0x80 && r <= 0x9f:
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069: // bidi embeddings, overrides, isolates
		return true
	case r == 0x200e, r == 0x200f, r == 0x061c: // bidi marks, which reorder the text around them
		return true
	case r == 0x2028, r == 0x2029: // line and paragraph separators
		return true
	}
	return false
}

func writeHex(b *strings.Builder, prefix string, v uint32, digits int) {
	const hex = "0123456789abcdef"
	b.WriteString(prefix)
	for d := digits - 1; d >= 0; d-- {
		b.WriteByte(hex[v>>(4*uint(d))&0xf])
	}
}
