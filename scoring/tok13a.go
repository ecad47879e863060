package scoring

import (
	"strings"
	"unicode/utf8"
)

// The 13a tokenizer (mteval-v13a, sacrebleu's default) first rewrites the
// line: it deletes "<skipped>", joins words hyphenated across a line break
// ("-\n"), turns the remaining line breaks into spaces and decodes four
// HTML entities. It then pads the line with a space on each side and
// applies four regular expressions in turn, each one left to right over
// the whole line, with Python's non-overlapping matches:
//
//  1. every ASCII punctuation or symbol character other than ' , - . gets
//     a space before and after it;
//  2. a period or comma after a character that is not an ASCII digit gets
//     a space before and after it (the two characters are consumed);
//  3. a period or comma before a character that is not an ASCII digit gets
//     a space before and after it (the two characters are consumed);
//  4. a hyphen after an ASCII digit gets a space before and after it.
//
// The result is split on whitespace and joined with single spaces. The zh
// tokenizer applies the same four expressions, without the padding.
//
// Working out where those passes put spaces gives a rule that needs one
// look at each character (see scanMteval):
//
//   - a symbol of pass 1 is a token by itself;
//   - a hyphen is a token by itself when an ASCII digit precedes it;
//   - in a run of periods and commas, each one is a token by itself, except
//     possibly the last: it stays glued to its neighbours when an ASCII
//     digit follows the run and pass 2 did not match it. (Pass 2 leaves a
//     space between any two periods or commas of a run, and pass 3 then
//     matches every one that is not followed by a digit. Pass 2 pairs the
//     run up from its left end, starting with the character before the run
//     when that is not a digit, so the last one escapes it exactly when
//     "the run follows a digit" and "the run has odd length" are both true
//     or both false.)
//
// Without padding (zh) a run at the start of the line behaves as if it
// followed a digit and a run at the end as if a digit followed it.

// Byte classes for the 13a and zh tokenizers.
const (
	mOrd    = iota // part of a word
	mDigit         // ASCII digit: part of a word
	mSpace         // ASCII whitespace
	mSymbol        // pass 1: always a token by itself
	mPunct         // period or comma
	mDash          // hyphen-minus
	mHigh          // starts a non-ASCII character that needs a closer look
)

// class13a and classZh classify bytes for [scanMteval]. For 13a only the
// bytes that may start a non-ASCII whitespace character need a closer
// look; for zh every non-ASCII character does.
var class13a, classZh = func() (t13a, tzh [256]uint8) {
	for c := 0x80; c < 0x100; c++ {
		tzh[c] = mHigh
	}
	for _, c := range []byte{0xc2, 0xe1, 0xe2, 0xe3} {
		t13a[c] = mHigh
	}
	for _, t := range []*[256]uint8{&t13a, &tzh} {
		for c := '0'; c <= '9'; c++ {
			t[c] = mDigit
		}
		for c := range asciiSpace {
			if asciiSpace[c] {
				t[c] = mSpace
			}
		}
		for _, c := range "!\"#$%&()*+/:;<=>?@[\\]^_`{|}~" {
			t[c] = mSymbol
		}
		t['.'], t[','] = mPunct, mPunct
		t['-'] = mDash
	}
	return t13a, tzh
}()

// prepare13a applies 13a's text rewrites to line. Most lines need none, and
// for them it returns line itself.
func prepare13a(line string) string {
	if strings.Contains(line, "<skipped>") {
		line = strings.ReplaceAll(line, "<skipped>", "")
	}
	if strings.IndexByte(line, '\n') >= 0 {
		line = strings.ReplaceAll(line, "-\n", "")
		line = strings.ReplaceAll(line, "\n", " ")
	}
	if strings.IndexByte(line, '&') >= 0 {
		line = strings.ReplaceAll(line, "&quot;", "\"")
		line = strings.ReplaceAll(line, "&amp;", "&")
		line = strings.ReplaceAll(line, "&lt;", "<")
		line = strings.ReplaceAll(line, "&gt;", ">")
	}
	return line
}

// isDigitAt reports whether s has an ASCII digit at byte i.
func isDigitAt(s string, i int) bool {
	return i >= 0 && i < len(s) && '0' <= s[i] && s[i] <= '9'
}

// scanMteval appends the tokens of s under the rules described at the top
// of this file: s is the line after 13a's rewrites (zh false) or after zh's
// strip (zh true, which also splits off the zh characters).
func scanMteval(dst []string, s string, zh bool) []string {
	class := &class13a
	if zh {
		class = &classZh
	}
	start := -1 // start of the word being read, or -1
	for i := 0; i < len(s); {
		switch class[s[i]] {
		case mOrd, mDigit:
			if start < 0 {
				start = i
			}
			i++
			for i < len(s) && class[s[i]] <= mDigit {
				i++
			}
		case mSpace:
			if start >= 0 {
				dst = append(dst, s[start:i])
				start = -1
			}
			i++
		case mSymbol:
			if start >= 0 {
				dst = append(dst, s[start:i])
				start = -1
			}
			dst = append(dst, s[i:i+1])
			i++
		case mDash:
			if isDigitAt(s, i-1) {
				// The digit belongs to the word being read.
				dst = append(dst, s[start:i], s[i:i+1])
				start = -1
			} else if start < 0 {
				start = i
			}
			i++
		case mPunct:
			j := i + 1
			for j < len(s) && (s[j] == '.' || s[j] == ',') {
				j++
			}
			afterDigit := isDigitAt(s, i-1) || zh && i == 0
			beforeDigit := isDigitAt(s, j) || zh && j == len(s)
			end := j // the periods and commas in s[i:end] are tokens
			if beforeDigit && afterDigit == ((j-i)%2 == 1) {
				end = j - 1
			}
			if end > i && start >= 0 {
				dst = append(dst, s[start:i])
				start = -1
			}
			for k := i; k < end; k++ {
				dst = append(dst, s[k:k+1])
			}
			if end < j && start < 0 {
				start = end
			}
			i = j
		default: // mHigh
			r, size := utf8.DecodeRuneInString(s[i:])
			switch {
			case IsPySpace(r):
				if start >= 0 {
					dst = append(dst, s[start:i])
					start = -1
				}
			case zh && isZhChar(r):
				if start >= 0 {
					dst = append(dst, s[start:i])
					start = -1
				}
				dst = append(dst, s[i:i+size])
			default:
				if start < 0 {
					start = i
				}
			}
			i += size
		}
	}
	if start >= 0 {
		dst = append(dst, s[start:])
	}
	return dst
}
