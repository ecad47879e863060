package scoring

import (
	"sync"
	"unicode"
	"unicode/utf8"
)

// The intl tokenizer (mteval-v14's international tokenization) applies
// three regular expressions in turn, each left to right over the whole
// line with non-overlapping matches, then splits on whitespace and joins
// with single spaces:
//
//  1. a punctuation character (\p{P}) after a non-number (\P{N}) gets a
//     space before and after it (the two characters are consumed);
//  2. a punctuation character before a non-number gets a space before and
//     after it (the two characters are consumed);
//  3. every symbol (\p{S}) gets spaces around it.
//
// The line is not padded, so the start and the end of the line are
// neither numbers nor non-numbers. This is the same structure as 13a's
// periods and commas (see tok13a.go), with punctuation in place of period
// and comma and numbers in place of ASCII digits: in a run of punctuation
// every character is a token by itself, except that the last one stays
// glued to its neighbours when a number or the end of the line follows the
// run and (a number or the start of the line precedes the run) equals
// (the run has odd length). So "1990." keeps its period and "3.14" stays
// whole, while "end." is split. The character classes are Unicode 15.0's,
// the version of the regex module sacrebleu 2.6.0 was checked with, which
// is also the version of Go's unicode tables.

// Character classes for the intl tokenizer.
const (
	iOrd   = iota // part of a word
	iNum          // \p{N}: part of a word
	iSpace        // Python whitespace
	iSym          // \p{S}: a token by itself
	iPunct        // \p{P}
)

// intlBMP returns the class of every code point below U+10000, computed
// once on first use.
var intlBMP = sync.OnceValue(func() *[0x10000]uint8 {
	t := new([0x10000]uint8)
	mark := func(tab *unicode.RangeTable, cls uint8) {
		for _, g := range tab.R16 {
			for r := int(g.Lo); r <= int(g.Hi); r += int(g.Stride) {
				t[r] = cls
			}
		}
	}
	mark(unicode.N, iNum)
	mark(unicode.S, iSym)
	mark(unicode.P, iPunct)
	for r := range t {
		if IsPySpace(rune(r)) {
			t[r] = iSpace
		}
	}
	return t
})

// intlClassAt returns the class of the character at byte i of s and its
// size in bytes. A byte that is not valid UTF-8 is a one-byte word part.
func intlClassAt(t *[0x10000]uint8, s string, i int) (uint8, int) {
	c := s[i]
	if c < utf8.RuneSelf {
		return t[c], 1
	}
	r, size := utf8.DecodeRuneInString(s[i:])
	switch {
	case size == 1:
		return iOrd, 1
	case r < 0x10000:
		return t[r], size
	case unicode.Is(unicode.P, r):
		return iPunct, size
	case unicode.Is(unicode.S, r):
		return iSym, size
	case unicode.Is(unicode.N, r):
		return iNum, size
	}
	return iOrd, size
}

// scanIntl appends the tokens of the intl tokenizer for s.
func scanIntl(dst []string, s string) []string {
	t := intlBMP()
	start := -1      // start of the word being read, or -1
	afterNum := true // the previous character is a number, or there is none
	for i := 0; i < len(s); {
		var cls uint8
		size := 1
		if c := s[i]; c < utf8.RuneSelf {
			cls = t[c]
		} else {
			cls, size = intlClassAt(t, s, i)
		}
		switch cls {
		case iOrd, iNum:
			if start < 0 {
				start = i
			}
			i += size
			// Read the rest of an ASCII word at once.
			for i < len(s) && s[i] < utf8.RuneSelf && t[s[i]] <= iNum {
				cls = t[s[i]]
				i++
			}
			afterNum = cls == iNum
			continue
		case iSpace:
			if start >= 0 {
				dst = append(dst, s[start:i])
				start = -1
			}
		case iSym:
			if start >= 0 {
				dst = append(dst, s[start:i])
				start = -1
			}
			dst = append(dst, s[i:i+size])
		case iPunct:
			// Find the run s[i:j] and where its last character starts.
			j, last, n := i+size, i, 1
			beforeNum := true
			for j < len(s) {
				c, sz := intlClassAt(t, s, j)
				if c != iPunct {
					beforeNum = c == iNum
					break
				}
				last = j
				j += sz
				n++
			}
			end := j // the punctuation in s[i:end] is tokens
			if beforeNum && afterNum == (n%2 == 1) {
				end = last
			}
			if end > i && start >= 0 {
				dst = append(dst, s[start:i])
				start = -1
			}
			for k := i; k < end; {
				sz := 1
				if s[k] >= utf8.RuneSelf {
					_, sz = utf8.DecodeRuneInString(s[k:])
				}
				dst = append(dst, s[k:k+sz])
				k += sz
			}
			if end < j && start < 0 {
				start = end
			}
			afterNum = false
			i = j
			continue
		}
		afterNum = false
		i += size
	}
	if start >= 0 {
		dst = append(dst, s[start:])
	}
	return dst
}
