package scoring

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

func TestPyLower(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"ascii", "Hello WORLD 42", "hello world 42"},
		{"dotted capital I", "İstanbul", "i\u0307stanbul"},
		{"final sigma", "ΟΔΟΣ", "οδος"},
		{"sigma at the start", "ΣΑ", "σα"},
		{"sigma alone", "Σ", "σ"},
		{"sigma before a word break", "ΟΔΟΣ ΒΑ", "οδος βα"},
		{"apostrophe is case-ignorable", "ΑΣ'", "ας'"},
		{"period is case-ignorable", "ΑΣ.Β", "ασ.β"},
		{"combining accent is case-ignorable", "ΑΣ\u0301", "ας\u0301"},
		{"accent before the sigma", "Α\u0301Σ Β", "α\u0301ς β"},
		{"two sigmas", "ΑΣΣ", "ασς"},
		{"sharp s capital", "ẞ", "ß"},
		{"titlecase digraph", "ǅ", "ǆ"},
		{"cherokee", "Ꭰ", "ꭰ"},
		{"unicode 15 letter is unknown to Python 3.11", "ΑΣ\U0001E030Β", "ας\U0001E030β"},
		{"invalid UTF-8 kept", "A\xffΣ", "a\xffσ"},
		{"empty", "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := PyLower(c.in); got != c.want {
				t.Errorf("PyLower(%q) = %q; want %q", c.in, got, c.want)
			}
		})
	}
}

// TestPyLowerNoCopy checks that PyLower returns its argument, without
// allocating, when nothing changes.
func TestPyLowerNoCopy(t *testing.T) {
	for _, s := range []string{"already lower 123", "déjà vu – 中文 ß"} {
		if n := testing.AllocsPerRun(100, func() { PyLower(s) }); n != 0 {
			t.Errorf("PyLower(%q) allocates %v times", s, n)
		}
	}
}

// TestPyLowerAllCodePoints compares, for every code point, PyLower's
// mapping and the Final_Sigma classes with CPython 3.11. The digest is the
// SHA-256 of lines "<cp> <lowercase cps joined by '.'> <class>" in hex,
// where the class says how the final sigma rule sees the code point
// (i: case-ignorable, c: cased, n: neither), measured in CPython 3.11.7
// with str.lower on "A"+c+"Σ", "AΣ"+c and "AΣ"+c+"B".
func TestPyLowerAllCodePoints(t *testing.T) {
	checkUnicodeVersion(t)
	h := sha256.New()
	var line []byte
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if 0xd800 <= r && r <= 0xdfff {
			continue
		}
		line = append(strconv.AppendInt(line[:0], int64(r), 16), ' ')
		for i, lr := range PyLower(string(r)) {
			if i > 0 {
				line = append(line, '.')
			}
			line = strconv.AppendInt(line, int64(lr), 16)
		}
		switch {
		case isCaseIgnorable(r):
			line = append(line, " i\n"...)
		case isCased(r):
			line = append(line, " c\n"...)
		default:
			line = append(line, " n\n"...)
		}
		h.Write(line)
	}
	const want = "e7d56ab457fd1a71f4e1107548551726c1bc50d35b66aea854fb2644773c8a4e"
	if got := hex.EncodeToString(h.Sum(nil)); got != want {
		t.Errorf("PyLower over all code points: digest %s; want %s (CPython 3.11, Unicode 14.0)", got, want)
	}
}

// checkUnicodeVersion fails when Go's unicode tables are not Unicode 15.0:
// intl relies on them as they are, and PyLower corrects them to 14.0 with a
// list made for 15.0.
func checkUnicodeVersion(t *testing.T) {
	t.Helper()
	if unicode.Version != "15.0.0" {
		t.Fatalf("Go's unicode tables are version %s; the tokenizers and PyLower are exact with 15.0.0 (the intl classes come from them, and PyLower's list of code points unknown to Python 3.11 was made for them)", unicode.Version)
	}
}

func TestIsPySpace(t *testing.T) {
	want := []rune{0x9, 0xa, 0xb, 0xc, 0xd, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680,
		0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a,
		0x2028, 0x2029, 0x202f, 0x205f, 0x3000}
	var got []rune
	for r := rune(-1); r <= unicode.MaxRune+1; r++ {
		if IsPySpace(r) {
			got = append(got, r)
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("IsPySpace is true for %U; want %U", got, want)
	}
	for _, c := range []struct {
		r    rune
		want bool
	}{{0x1c, true}, {0x85, true}, {0x200b, false}, {0xfeff, false}, {'a', false}} {
		if got := IsPySpace(c.r); got != c.want {
			t.Errorf("IsPySpace(%U) = %v; want %v", c.r, got, c.want)
		}
	}
}

func TestPyRstrip(t *testing.T) {
	cases := []struct{ in, want string }{
		{"a \t\u3000\u0085", "a"},
		{" a", " a"},
		{"a\u200b", "a\u200b"},
		{"a\ufeff ", "a\ufeff"},
		{"a\r\n", "a"},
		{"\u00a0\u2028", ""},
		{"a\xe3\x80", "a\xe3\x80"},
		{"", ""},
	}
	for _, c := range cases {
		if got := PyRstrip(c.in); got != c.want {
			t.Errorf("PyRstrip(%q) = %q; want %q", c.in, got, c.want)
		}
	}
}

func TestPySplit(t *testing.T) {
	cases := []struct {
		in   string
		want []string
	}{
		{"a\x1cb\u00a0c\u200bd", []string{"a", "b", "c\u200bd"}},
		{"  lead and trail  ", []string{"lead", "and", "trail"}},
		{"x\u3000\u2029y\u0085z", []string{"x", "y", "z"}},
		{"", nil},
		{" \t\n", nil},
		{"\xc2 \xa0", []string{"\xc2", "\xa0"}},
	}
	for _, c := range cases {
		if got := PySplit(nil, c.in); !slices.Equal(got, c.want) {
			t.Errorf("PySplit(%q) = %q; want %q", c.in, got, c.want)
		}
	}
}

// TestPySplitMatchesFieldsFunc compares PySplit with the standard library
// on a few lines from each script.
func TestPySplitMatchesFieldsFunc(t *testing.T) {
	for _, s := range []string{"Ein Satz,\tmit\u00a0Leerzeichen.", "中文\u3000文本", "a\x1fb"} {
		if got, want := PySplit(nil, s), strings.FieldsFunc(s, IsPySpace); !slices.Equal(got, want) {
			t.Errorf("PySplit(%q) = %q; want %q", s, got, want)
		}
	}
}

// TestPyNumberASCII: the digits of every script become ASCII and Python's
// whitespace around goes, as CPython 3.11's int() and float() read a
// string, save the information separators U+001C..U+001F, which stay
// (int() refuses them, though str.isspace() calls them whitespace).
func TestPyNumberASCII(t *testing.T) {
	for _, c := range []struct {
		in, want string
		ok       bool
	}{
		{"42", "42", true},
		{" \t42\n", "42", true},
		{"١٢", "12", true},
		{"\uff14\uff12", "42", true},
		{"\u00a0\u300042\u2029\u0085", "42", true},
		{"-١_٠", "-1_0", true},
		// kept, for the syntax to refuse
		{"\x1f42", "\x1f42", true},
		{"42\x1c", "42\x1c", true},
		{"\u00b2", "", false}, // a superscript is a digit, but not decimal (Nd)
		{"4\u200b2", "", false},
		{" \u3000", "", false},
		// digits Unicode 15.0 added (Kawi, Nag Mundari), which CPython
		// 3.11's Unicode 14.0 does not know
		{"\U00011f51", "", false},
		{"4\U0001e4f2", "", false},
	} {
		if got, ok := PyNumberASCII(c.in); got != c.want && c.ok || ok != c.ok {
			t.Errorf("PyNumberASCII(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

// TestPyIntASCII: what Python 3's int() reads as a whole number, in ASCII
// without underscores or a plus sign, and what it refuses with ValueError.
func TestPyIntASCII(t *testing.T) {
	for in, want := range map[string]string{
		"42": "42", " +0_42\n": "042", "-١_٠": "-10", "-0": "-0", "\u00a0\uff14\uff12\u3000": "42",
		"123456789012345678901234567890": "123456789012345678901234567890",
	} {
		if got, ok := PyIntASCII(in); got != want || !ok {
			t.Errorf("PyIntASCII(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"", " ", "\t\n", "\u3000", "+", "-", "+-1", "--1", "_1", "1_", "1__0", "-_1",
		"1.0", "1e3", "0x10", "\u00b2", "\x1f42", "4 2", "none"} {
		if got, ok := PyIntASCII(in); ok {
			t.Errorf("PyIntASCII(%q) = %q; want a refusal", in, got)
		}
	}
}
