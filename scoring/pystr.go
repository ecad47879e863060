package scoring

import (
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file reproduces the few Python str methods that sacrebleu applies to
// every segment: lower, rstrip, split and isspace, as CPython 3.11 defines
// them. CPython 3.11 carries Unicode 14.0 data while Go's unicode package
// carries a newer version, so the code points that were unassigned in 14.0
// are treated here as they were then: no case mapping, neither cased nor
// case-ignorable.

// asciiSpace marks the ASCII bytes Python's str.isspace accepts: TAB, LF,
// VT, FF, CR, the four information separators U+001C..U+001F and SPACE.
var asciiSpace = [128]bool{
	'\t': true, '\n': true, '\v': true, '\f': true, '\r': true,
	0x1c: true, 0x1d: true, 0x1e: true, 0x1f: true, ' ': true,
}

// IsPySpace reports whether Python's str.isspace is true for r: the ASCII
// whitespace including U+001C..U+001F, U+0085, U+00A0, U+1680,
// U+2000..U+200A, U+2028, U+2029, U+202F, U+205F and U+3000. Unlike
// unicode.IsSpace it accepts U+001C..U+001F, and like it it rejects U+200B
// and U+FEFF.
func IsPySpace(r rune) bool {
	if r < utf8.RuneSelf {
		return r >= 0 && asciiSpace[r]
	}
	switch {
	case r == 0x85, r == 0xa0, r == 0x1680:
		return true
	case r >= 0x2000 && r <= 0x200a:
		return true
	case r == 0x2028, r == 0x2029, r == 0x202f, r == 0x205f, r == 0x3000:
		return true
	}
	return false
}

// splitClass sorts bytes for the whitespace scanners: 0 for a byte that is
// not whitespace, 1 for ASCII whitespace, 2 for the first byte of a
// character that may be non-ASCII whitespace (all of them start with one
// of these four bytes).
var splitClass = func() (t [256]uint8) {
	for c := range asciiSpace {
		if asciiSpace[c] {
			t[c] = 1
		}
	}
	t[0xc2], t[0xe1], t[0xe2], t[0xe3] = 2, 2, 2, 2
	return t
}()

// spaceAt reports whether s has a Python whitespace character at byte i and
// how many bytes it takes. Bytes that are not valid UTF-8 count as one-byte
// characters that are not whitespace.
func spaceAt(s string, i int) (bool, int) {
	switch splitClass[s[i]] {
	case 0:
		return false, 1
	case 1:
		return true, 1
	}
	r, size := utf8.DecodeRuneInString(s[i:])
	return IsPySpace(r), size
}

// PyRstrip returns s without its trailing whitespace, as Python's
// str.rstrip() with no argument does: every trailing character for which
// [IsPySpace] is true is removed. The result shares memory with s.
func PyRstrip(s string) string {
	for len(s) > 0 {
		c := s[len(s)-1]
		if c < utf8.RuneSelf {
			if !asciiSpace[c] {
				break
			}
			s = s[:len(s)-1]
			continue
		}
		r, size := utf8.DecodeLastRuneInString(s)
		if !IsPySpace(r) {
			break
		}
		s = s[:len(s)-size]
	}
	return s
}

// pyStrip returns s without leading and trailing whitespace, as Python's
// str.strip() with no argument does.
func pyStrip(s string) string {
	i := 0
	for i < len(s) {
		sp, size := spaceAt(s, i)
		if !sp {
			break
		}
		i += size
	}
	return PyRstrip(s[i:])
}

// PySplit appends to dst the fields of s as Python's str.split() with no
// argument returns them: runs of whitespace ([IsPySpace]) separate fields
// and no field is empty. The fields share memory with s.
func PySplit(dst []string, s string) []string {
	i := 0
	for {
		// Skip whitespace.
		for i < len(s) {
			k := splitClass[s[i]]
			if k == 0 {
				break
			}
			if k == 1 {
				i++
				continue
			}
			r, size := utf8.DecodeRuneInString(s[i:])
			if !IsPySpace(r) {
				break
			}
			i += size
		}
		if i == len(s) {
			return dst
		}
		// Read a field; s[i] is not whitespace.
		start := i
		i++
		for i < len(s) {
			k := splitClass[s[i]]
			if k == 0 {
				i++
				continue
			}
			if k == 1 {
				break
			}
			r, size := utf8.DecodeRuneInString(s[i:])
			if IsPySpace(r) {
				break
			}
			i += size
		}
		dst = append(dst, s[start:i])
	}
}

// PyLower returns s lowercased as Python 3.11's str.lower() does it: the
// full lowercase mapping (U+0130 becomes "i\u0307"), the final sigma rule
// for U+03A3 as CPython implements it, and the Unicode 14.0 data CPython
// 3.11 was built with. When nothing changes it returns s itself. Bytes that
// are not valid UTF-8 are copied unchanged.
func PyLower(s string) string {
	// ASCII fast path: find the first byte that may change.
	i := 0
	for i < len(s) {
		c := s[i]
		if c >= utf8.RuneSelf {
			break
		}
		if 'A' <= c && c <= 'Z' {
			break
		}
		i++
	}
	if i == len(s) {
		return s
	}
	// Find the first character whose lowercase differs.
	for i < len(s) {
		c := s[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				break
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == 0x130 || r == 0x3a3 || lowerRune(r) != r {
			break
		}
		i += size
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteString(s[:i])
	for i < len(s) {
		c := s[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			b.WriteByte(c)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteByte(c)
		case r == 0x130:
			b.WriteString("i\u0307")
		case r == 0x3a3:
			if finalSigma(s, i, i+size) {
				b.WriteRune(0x3c2)
			} else {
				b.WriteRune(0x3c3)
			}
		default:
			b.WriteRune(lowerRune(r))
		}
		i += size
	}
	return b.String()
}

// lowerRune returns the simple lowercase mapping of a non-ASCII rune as
// Unicode 14.0 defines it.
func lowerRune(r rune) rune {
	if newerThanPy(r) {
		return r
	}
	return unicode.ToLower(r)
}

// finalSigma reports whether the capital sigma at s[lo:hi] is in CPython's
// Final_Sigma context: a cased character before it, skipping
// case-ignorable ones, and no cased character after it, again skipping
// case-ignorable ones.
func finalSigma(s string, lo, hi int) bool {
	before := false
	for j := lo; j > 0; {
		r, size := utf8.DecodeLastRuneInString(s[:j])
		if !isCaseIgnorable(r) {
			before = isCased(r)
			break
		}
		j -= size
	}
	if !before {
		return false
	}
	for j := hi; j < len(s); {
		r, size := utf8.DecodeRuneInString(s[j:])
		if !isCaseIgnorable(r) {
			return !isCased(r)
		}
		j += size
	}
	return true
}

// isCased reports whether r has Unicode's Cased property (Lowercase,
// Uppercase or titlecase letter) in Unicode 14.0.
func isCased(r rune) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z'
	}
	if newerThanPy(r) {
		return false
	}
	return unicode.In(r, unicode.Ll, unicode.Lu, unicode.Lt, unicode.Other_Lowercase, unicode.Other_Uppercase)
}

// isCaseIgnorable reports whether r has Unicode's Case_Ignorable property
// in Unicode 14.0: categories Mn, Me, Cf, Lm and Sk, plus the characters
// whose Word_Break property is MidLetter, MidNumLet or Single_Quote.
func isCaseIgnorable(r rune) bool {
	switch r {
	case '\'', '.', ':', 0xb7, 0x387, 0x55f, 0x5f4, 0x2018, 0x2019, 0x2024,
		0x2027, 0xfe13, 0xfe52, 0xfe55, 0xff07, 0xff0e, 0xff1a:
		return true
	}
	if r < utf8.RuneSelf || newerThanPy(r) {
		return r == '^' || r == '`'
	}
	return unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf, unicode.Lm, unicode.Sk)
}

// unicode15Cased lists, in order, the code points that are cased or
// case-ignorable in Unicode 15.0 (Go's tables) but were unassigned in
// Unicode 14.0 (CPython 3.11's tables). None of them has a case mapping.
var unicode15Cased = [...]struct{ lo, hi rune }{
	{0x0ece, 0x0ece}, {0x10efd, 0x10eff}, {0x11241, 0x11241},
	{0x11f00, 0x11f01}, {0x11f36, 0x11f3a}, {0x11f40, 0x11f40},
	{0x11f42, 0x11f42}, {0x13439, 0x13440}, {0x13447, 0x13455},
	{0x1df25, 0x1df2a}, {0x1e030, 0x1e06d}, {0x1e08f, 0x1e08f},
	{0x1e4eb, 0x1e4ef},
}

// newerThanPy reports whether r is one of [unicode15Cased]: a character
// CPython 3.11 does not know, so it has no case properties there.
func newerThanPy(r rune) bool {
	if r < 0x10000 {
		return r == 0x0ece
	}
	for _, g := range unicode15Cased {
		if r < g.lo {
			return false
		}
		if r <= g.hi {
			return true
		}
	}
	return false
}

// PyNumberASCII strips Python's whitespace ([IsPySpace]) around s, but
// for the information separators U+001C..U+001F, and maps the decimal
// digits of every script (Unicode's Nd, as CPython 3.11 knows it:
// [newerDigit]) to ASCII, as Python's int() and
// float() read a string before its syntax: "١٢" is "12", while
// "\x1f12" is no number (CPython turns the whitespace outside ASCII into
// spaces, then strips only the ASCII whitespace its parser knows). ok is
// false when nothing is left or another character outside ASCII is.
func PyNumberASCII(s string) (string, bool) {
	s = strings.TrimFunc(s, func(r rune) bool {
		return IsPySpace(r) && (r < 0x1c || r > 0x1f)
	})
	if s == "" {
		return "", false
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case r < utf8.RuneSelf:
			b.WriteRune(r)
		case unicode.Is(unicode.Nd, r) && !newerDigit(r):
			b.WriteByte(byte('0' + digitValue(r)))
		default:
			return "", false
		}
	}
	return b.String(), true
}

// PyIntASCII reads s as Python 3's int(s) reads a string: Python's
// whitespace around ([PyNumberASCII]), one optional sign, then decimal
// digits of any script with single underscores between them. It returns
// the integer in ASCII, "-" for a minus sign and then the digits, without
// the underscores or a plus sign ("+0_42" is "042", "-١" is "-1"); ok is
// false where int() raises ValueError. The value may be of any size.
func PyIntASCII(s string) (string, bool) {
	t, ok := PyNumberASCII(s)
	if !ok {
		return "", false
	}
	sign, digits := "", t
	switch t[0] {
	case '-':
		sign, digits = "-", t[1:]
	case '+':
		digits = t[1:]
	}
	if digits == "" || digits[0] == '_' || digits[len(digits)-1] == '_' || strings.Contains(digits, "__") {
		return "", false
	}
	for i := 0; i < len(digits); i++ {
		if (digits[i] < '0' || digits[i] > '9') && digits[i] != '_' {
			return "", false
		}
	}
	return sign + strings.ReplaceAll(digits, "_", ""), true
}

// newerDigit reports whether r is one of the decimal digits Unicode 15.0
// added (Kawi's U+11F50..U+11F59, Nag Mundari's U+1E4F0..U+1E4F9): Go's
// tables have them, CPython 3.11's Unicode 14.0 does not, so its int()
// refuses them.
func newerDigit(r rune) bool {
	return r >= 0x11f50 && r <= 0x11f59 || r >= 0x1e4f0 && r <= 0x1e4f9
}

// digitValue returns the value of a decimal digit of any script: Unicode
// lays the Nd characters out in runs of whole sets of ten, each from zero.
func digitValue(r rune) int {
	start := r
	for start > 0 && unicode.Is(unicode.Nd, start-1) {
		start--
	}
	return int(r-start) % 10
}

// PyFixed formats x as Python's f"{x:.{width}f}" (correctly rounded, like
// Go's 'f' format; "inf", "-inf" and "nan" spelled as Python spells them,
// where Go writes "+Inf" and "NaN").
func PyFixed(x float64, width int) string {
	if s, ok := PyNonFinite(x); ok {
		return s
	}
	return strconv.FormatFloat(x, 'f', width, 64)
}

// PyNonFinite spells x as Python does when x is not finite: "nan", "inf"
// or "-inf" (where Go writes "NaN" and "+Inf"); ok is false for a finite x.
func PyNonFinite(x float64) (s string, ok bool) {
	switch {
	case math.IsNaN(x):
		return "nan", true
	case math.IsInf(x, 1):
		return "inf", true
	case math.IsInf(x, -1):
		return "-inf", true
	}
	return "", false
}
