package scoring

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// tokSeeds are fuzz seeds beyond the hand-checked cases: edges of every
// rule and of the zh ranges, entities, line breaks and invalid UTF-8.
var tokSeeds = []string{
	"", " ", "\t\n", ".", ",", "-", "1", "1.", ".1", "1.2.3", "1,2,3.", "a.,.b",
	"1.,.,5", "..5", "5..", "-1", "1-", "1--2", "1-.2", "&amp;amp;", "&lt;skipped&gt;",
	"<skip<skipped>ped>", "-<skipped>\nx", "a-\n-\nb", "\n\n", "x&quot", "&&quot;;",
	"\u2000\u2001\u2a6d\u2a6e\u2f80\u2f81\u2fa1\u2fa2", "\u4db5\u4db6\u9fbb\u9fbc\U00020000",
	"１．５", "3.14元。", "“Hi,” she said—“bye…”", "«1»", "x²³", "٣.٤", "Ⅻ.", "½,",
	"\u00a0.\u00a05", "\u3000.5\u3000", "\x1c.\x1d", "\u0085-", "e\u0301.", "👍🏽!",
	"\xff", "a\xc2", "\xe2\x80", "\xe2\x80\x81", "1\xff.5", ".\xff", "ΑΣ", "İ",
}

// allTokSeeds returns the seeds and the inputs of the hand-checked cases.
func allTokSeeds() []string {
	seeds := slices.Clone(tokSeeds)
	for _, cases := range tokCases {
		for _, c := range cases {
			seeds = append(seeds, c.in)
		}
	}
	return seeds
}

// FuzzTokenizers checks what holds for every input: no panic, valid UTF-8
// stays valid, 13a, intl and zh return single-space-separated tokens,
// char and none keep the text, and Tokens agrees with Tokenize.
func FuzzTokenizers(f *testing.F) {
	for _, s := range allTokSeeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, name := range TokenizerNames {
			tok, _ := NewTokenizer(name)
			out := tok.Tokenize(s)
			if utf8.ValidString(s) && !utf8.ValidString(out) {
				t.Errorf("%s: Tokenize(%q) = %q is not valid UTF-8", name, s, out)
			}
			fields := PySplit(nil, out)
			switch name {
			case "13a", "intl", "zh":
				if out != strings.Join(fields, " ") {
					t.Errorf("%s: Tokenize(%q) = %q has stray whitespace", name, s, out)
				}
			case "char":
				if strings.ReplaceAll(out, " ", "") != strings.ReplaceAll(s, " ", "") {
					t.Errorf("char: Tokenize(%q) = %q changes the characters", s, out)
				}
			case "none":
				if out != s {
					t.Errorf("none: Tokenize(%q) = %q", s, out)
				}
			}
			if got := tok.Tokens(nil, s); !slices.Equal(got, fields) {
				t.Errorf("%s: Tokens(%q) = %q; want PySplit(Tokenize) = %q", name, s, got, fields)
			}
		}
	})
}

// FuzzTokenizersSpec compares the scanners with the regular-expression
// form of sacrebleu's tokenizers in tokspec_test.go.
func FuzzTokenizersSpec(f *testing.F) {
	for _, s := range allTokSeeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !specValid(s) {
			return
		}
		for _, name := range TokenizerNames {
			tok, _ := NewTokenizer(name)
			if got, want := tok.Tokenize(s), specTokenize(name, s); got != want {
				t.Errorf("%s: Tokenize(%q) = %q; the specification gives %q", name, s, got, want)
			}
		}
	})
}

// naiveLower is a literal form of CPython's str.lower over a slice of
// code points, to compare PyLower with.
func naiveLower(s string) string {
	rs := []rune(s)
	var b strings.Builder
	for i, r := range rs {
		switch r {
		case 0x130:
			b.WriteString("i\u0307")
		case 0x3a3:
			j := i - 1
			for j >= 0 && isCaseIgnorable(rs[j]) {
				j--
			}
			final := j >= 0 && isCased(rs[j])
			if final {
				k := i + 1
				for k < len(rs) && isCaseIgnorable(rs[k]) {
					k++
				}
				final = k == len(rs) || !isCased(rs[k])
			}
			if final {
				b.WriteRune(0x3c2)
			} else {
				b.WriteRune(0x3c3)
			}
		default:
			b.WriteRune(lowerRune(r))
		}
	}
	return b.String()
}

// wholeASCII reports whether n is an integer as PyIntASCII gives one: an
// optional "-", then ASCII digits.
func wholeASCII(n string) bool {
	n = strings.TrimPrefix(n, "-")
	return n != "" && strings.Trim(n, "0123456789") == ""
}

// FuzzPyStr compares PyLower with naiveLower, and PySplit and PyRstrip with
// the standard library's FieldsFunc and TrimRightFunc, and checks that what
// PyIntASCII accepts it gives as an optional "-" and ASCII digits.
func FuzzPyStr(f *testing.F) {
	for _, s := range allTokSeeds() {
		f.Add(s)
	}
	f.Add("ΟΔΟΣ Σ ΑΣ'Β Α\u0301Σ\u0301")
	f.Add(" -1_000\u00a0")
	f.Add("\u0661\u0662")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := PySplit(nil, s), strings.FieldsFunc(s, IsPySpace); !slices.Equal(got, want) {
			t.Errorf("PySplit(%q) = %q; want %q", s, got, want)
		}
		if got, want := PyRstrip(s), strings.TrimRightFunc(s, IsPySpace); got != want {
			t.Errorf("PyRstrip(%q) = %q; want %q", s, got, want)
		}
		if n, ok := PyIntASCII(s); ok && !wholeASCII(n) {
			t.Errorf("PyIntASCII(%q) = %q; want an optional - and ASCII digits", s, n)
		}
		low := PyLower(s)
		if !utf8.ValidString(s) {
			return
		}
		if want := naiveLower(s); low != want {
			t.Errorf("PyLower(%q) = %q; want %q", s, low, want)
		}
		if !utf8.ValidString(low) {
			t.Errorf("PyLower(%q) = %q is not valid UTF-8", s, low)
		}
	})
}
