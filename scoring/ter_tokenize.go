package scoring

import (
	"unicode/utf8"
)

// TEROptions is everything that changes a TER figure; the fields map one
// to one onto sacrebleu 2.6.0's TER(normalized, no_punct, asian_support,
// case_sensitive). The zero value is sacrebleu's default, which lowercases.
type TEROptions struct {
	// CaseSensitive keeps case; by default TER lowercases (case:lc).
	CaseSensitive bool
	// Normalized applies Tercom's western normalisation: line joining, XML
	// entities, punctuation split off words (norm:yes).
	Normalized bool
	// NoPunct deletes ASCII punctuation . , ? : ; ! " ( ) (punct:no).
	NoPunct bool
	// AsianSupport splits CJK ideographs and Asian punctuation off (with
	// Normalized) and deletes Asian punctuation (with NoPunct); alone it
	// changes only the signature (asian:yes).
	AsianSupport bool
}

// terTokenizer applies sacrebleu's TercomTokenizer to lines, passing the
// text between two buffers it keeps, so tokenizing allocates nothing once
// the buffers are large enough.
type terTokenizer struct {
	opt  TEROptions
	a, b []byte
}

// tokenize returns the text of line as TercomTokenizer leaves it before the
// final split (after rstrip, which the TER metric applies first). The
// result lives in a buffer of t, valid until the next call.
func (t *terTokenizer) tokenize(line string) []byte {
	line = PyRstrip(line)
	if line == "" {
		return nil
	}
	t.a = append(t.a[:0], line...)
	if !t.opt.CaseSensitive {
		t.lower(line)
	}
	if t.opt.Normalized {
		t.normalizeWestern()
		if t.opt.AsianSupport {
			t.pass(func(dst []byte, r rune, s []byte) []byte {
				if isTERAsian(r) || isAsianPunct(r) {
					dst = append(dst, ' ')
					dst = append(dst, s...)
					return append(dst, ' ')
				}
				return append(dst, s...)
			})
		}
	}
	if t.opt.NoPunct {
		asian := t.opt.AsianSupport
		t.pass(func(dst []byte, r rune, s []byte) []byte {
			if r < utf8.RuneSelf && terPunct[r] || asian && isAsianPunct(r) {
				return dst
			}
			return append(dst, s...)
		})
	}
	return t.a
}

// lower lowercases t.a, a copy of line, as Python's str.lower() does: in
// place when line is ASCII, else with [PyLower].
func (t *terTokenizer) lower(line string) {
	for i := 0; i < len(t.a); i++ {
		c := t.a[i]
		if c >= utf8.RuneSelf {
			t.a = append(t.a[:0], PyLower(line)...)
			return
		}
		if 'A' <= c && c <= 'Z' {
			t.a[i] = c + 'a' - 'A'
		}
	}
}

// pass rewrites t.a character by character: f appends to dst what the
// character r (whose bytes are s; a byte that is not UTF-8 comes as
// utf8.RuneError) becomes.
func (t *terTokenizer) pass(f func(dst []byte, r rune, s []byte) []byte) {
	t.b = t.b[:0]
	for i := 0; i < len(t.a); {
		c := t.a[i]
		if c < utf8.RuneSelf {
			t.b = f(t.b, rune(c), t.a[i:i+1])
			i++
			continue
		}
		r, size := utf8.DecodeRune(t.a[i:])
		t.b = f(t.b, r, t.a[i:i+size])
		i += size
	}
	t.a, t.b = t.b, t.a
}

// replace rewrites t.a with every non-overlapping old, left to right,
// replaced by new, as one re.sub pass does.
func (t *terTokenizer) replace(old, new string) {
	t.b = t.b[:0]
	for i := 0; i < len(t.a); {
		if t.a[i] == old[0] && len(t.a)-i >= len(old) && string(t.a[i:i+len(old)]) == old {
			t.b = append(t.b, new...)
			i += len(old)
			continue
		}
		t.b = append(t.b, t.a[i])
		i++
	}
	t.a, t.b = t.b, t.a
}

// terSplitPunct marks the ASCII characters the western normalisation puts
// between spaces: every ASCII symbol but ' , - . (and the space itself).
var terSplitPunct = func() (m [128]bool) {
	for c := 0x20; c < 0x7f; c++ {
		m[c] = c <= 0x26 || c >= 0x28 && c <= 0x2b || c == '/' || c >= 0x3a && c <= 0x40 ||
			c >= 0x5b && c <= 0x60 || c >= 0x7b
	}
	return m
}()

// terPunct marks the ASCII punctuation no_punct deletes.
var terPunct = func() (m [128]bool) {
	for _, c := range ".,?:;!\"()" {
		m[c] = true
	}
	return m
}()

func isASCIIDigit(c byte) bool { return '0' <= c && c <= '9' }

// normalizeWestern is _normalize_general_and_western: each step one
// left-to-right pass of non-overlapping matches. The steps that look at a
// neighbour ("not a digit") work on bytes: a multi-byte character is
// never a digit, so matching its last byte (before) or its first byte
// (after) gives what matching the whole character gives.
func (t *terTokenizer) normalizeWestern() {
	t.replace("\n-", "")
	t.replace("\n", " ")
	t.replace("&quot;", "\"")
	t.replace("&amp;", "&")
	t.replace("&lt;", "<")
	t.replace("&gt;", ">")

	// A space at both ends, then a space on both sides of every split
	// punctuation character, the space itself included (so each end
	// becomes three spaces).
	t.b = append(t.b[:0], "   "...)
	for _, c := range t.a {
		if c < utf8.RuneSelf && terSplitPunct[c] {
			t.b = append(t.b, ' ', c, ' ')
		} else {
			t.b = append(t.b, c)
		}
	}
	t.b = append(t.b, "   "...)
	t.a, t.b = t.b, t.a

	// Possessive; the end-of-string rule cannot fire: the text ends in a space.
	t.replace("'s ", " 's ")

	// A period or comma after a non-digit: X. → X . (two characters consumed).
	t.b = t.b[:0]
	for i := 0; i < len(t.a); {
		if i+1 < len(t.a) && !isASCIIDigit(t.a[i]) && (t.a[i+1] == '.' || t.a[i+1] == ',') {
			t.b = append(t.b, t.a[i], ' ', t.a[i+1], ' ')
			i += 2
			continue
		}
		t.b = append(t.b, t.a[i])
		i++
	}
	t.a, t.b = t.b, t.a

	// A period or comma before a non-digit: .X → ␠.␠X.
	t.b = t.b[:0]
	for i := 0; i < len(t.a); {
		if i+1 < len(t.a) && (t.a[i] == '.' || t.a[i] == ',') && !isASCIIDigit(t.a[i+1]) {
			t.b = append(t.b, ' ', t.a[i], ' ', t.a[i+1])
			i += 2
			continue
		}
		t.b = append(t.b, t.a[i])
		i++
	}
	t.a, t.b = t.b, t.a

	// A dash after a digit: 9- → 9 - .
	t.b = t.b[:0]
	for i := 0; i < len(t.a); {
		if i+1 < len(t.a) && isASCIIDigit(t.a[i]) && t.a[i+1] == '-' {
			t.b = append(t.b, t.a[i], ' ', '-', ' ')
			i += 2
			continue
		}
		t.b = append(t.b, t.a[i])
		i++
	}
	t.a, t.b = t.b, t.a
}

// isTERAsian reports whether the Asian normalisation puts r between
// spaces: CJK ideographs (and Extension A), strokes, radicals,
// compatibility characters and forms, enclosed letters (U+3200..U+3F22,
// as sacrebleu writes the range).
func isTERAsian(r rune) bool {
	switch {
	case r < 0x2e80:
		return false
	case r <= 0x2eff, 0x31c0 <= r && r <= 0x31ef, 0x3200 <= r && r <= 0x3f22,
		0x3400 <= r && r <= 0x4dbf, 0x4e00 <= r && r <= 0x9fff,
		0xf900 <= r && r <= 0xfaff, 0xfe30 <= r && r <= 0xfe4f:
		return true
	}
	return false
}

// isAsianPunct reports whether r is one of sacrebleu's Asian punctuation
// (U+3001, U+3002, U+3008..U+3011, U+3014..U+301F, U+FF61..U+FF65, U+30FB)
// or full-width punctuation (U+FF0E, U+FF0C, U+FF1F, U+FF1A, U+FF1B,
// U+FF01, U+FF02, U+FF08, U+FF09) characters.
func isAsianPunct(r rune) bool {
	switch {
	case r < 0x3001:
		return false
	case r == 0x3001, r == 0x3002, 0x3008 <= r && r <= 0x3011, 0x3014 <= r && r <= 0x301f,
		0xff61 <= r && r <= 0xff65, r == 0x30fb:
		return true
	}
	switch r {
	case 0xff0e, 0xff0c, 0xff1f, 0xff1a, 0xff1b, 0xff01, 0xff02, 0xff08, 0xff09:
		return true
	}
	return false
}

// splitBytes appends to dst the fields of s as Python's str.split() finds
// them (runs of [IsPySpace] whitespace separate fields), as [start, end)
// byte offsets.
func splitBytes(dst [][2]int32, s []byte) [][2]int32 {
	start := -1
	for i := 0; i < len(s); {
		c := s[i]
		sp, size := false, 1
		switch splitClass[c] {
		case 1:
			sp = true
		case 2:
			var r rune
			r, size = utf8.DecodeRune(s[i:])
			sp = IsPySpace(r)
		}
		if sp {
			if start >= 0 {
				dst = append(dst, [2]int32{int32(start), int32(i)})
				start = -1
			}
		} else if start < 0 {
			start = i
		}
		i += size
	}
	if start >= 0 {
		dst = append(dst, [2]int32{int32(start), int32(len(s))})
	}
	return dst
}

// TERTokens returns the words sacrebleu's TER compares for line under o:
// rstrip, lowercasing unless case-sensitive, the normalisation and
// punctuation options, and a whitespace split.
func TERTokens(line string, o TEROptions) []string {
	t := terTokenizer{opt: o}
	text := t.tokenize(line)
	var words []string
	for _, sp := range splitBytes(nil, text) {
		words = append(words, string(text[sp[0]:sp[1]]))
	}
	return words
}
