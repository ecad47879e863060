package scoring

import (
	"strings"
	"unicode/utf8"
)

// The char tokenizer joins the code points of the line with single spaces
// and keeps whitespace characters, so its output can hold runs of spaces;
// BLEU's split then counts every non-whitespace code point as a token.
// Bytes that are not valid UTF-8 count as one character each.

// joinChars returns the code points of s joined by single spaces.
func joinChars(s string) string {
	n := utf8.RuneCountInString(s)
	if n <= 1 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + n - 1)
	for i := 0; i < len(s); {
		size := 1
		if s[i] >= utf8.RuneSelf {
			_, size = utf8.DecodeRuneInString(s[i:])
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(s[i : i+size])
		i += size
	}
	return b.String()
}

// scanChars appends every code point of s that is not whitespace.
func scanChars(dst []string, s string) []string {
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if !asciiSpace[c] {
				dst = append(dst, s[i:i+1])
			}
			i++
			continue
		}
		// An invalid byte decodes as U+FFFD of size 1, which is not a space.
		r, size := utf8.DecodeRuneInString(s[i:])
		if !IsPySpace(r) {
			dst = append(dst, s[i:i+size])
		}
		i += size
	}
	return dst
}
