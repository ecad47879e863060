package model

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestPrintable(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"plain text, tabs\tkept; ünïcödé 中文 😀", "plain text, tabs\tkept; ünïcödé 中文 😀"},
		{"\x1b]2;title\x07", `␛]2;title\x07`},
		{"\x1b[31mred\x1b[0m", "␛[31mred␛[0m"},
		{"a\nb\rc", `a\nb\rc`},
		{"\x00\x08\x7f", `\x00\x08\x7f`},
		{"c1 \u0085 \u009b", `c1 \u0085 \u009b`},
		{"bidi \u202a\u202b\u202c\u202d\u202e \u2066\u2067\u2068\u2069", `bidi \u202a\u202b\u202c\u202d\u202e \u2066\u2067\u2068\u2069`},
		{"not a control: \u2070 \u00ad \u200b", "not a control: \u2070 \u00ad \u200b"},
		{"bad \xff\xc3 utf-8", `bad \xff\xc3 utf-8`},
		{"c \u200f d \u061c e \u200e", `c \u200f d \u061c e \u200e`}, // bidi marks
		{"a\u2028b\u2029c", `a\u2028b\u2029c`},                       // line and paragraph separators
	}
	for _, tt := range tests {
		if got := Printable(tt.in); got != tt.want {
			t.Errorf("Printable(%q) = %q; want %q", tt.in, got, tt.want)
		}
	}
}

// TestShown: text output for a person shows a tab as \t and the
// characters that draw nothing (or that terminals disagree on) as
// escapes, on top of Printable's, so that a column of names or n-grams is
// as wide as it is measured; the joiners that shape text stay.
func TestShown(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"plain ünïcödé 中文 😀", "plain ünïcödé 中文 😀"},
		{"a\tb", `a\tb`},
		{"\t\x1b]2;x\x07\n", `\t␛]2;x\x07\n`},
		{"soft\u00adhyphen a\u200bb\ufeff", `soft\u00adhyphen a\u200bb\ufeff`},
		{"\U000e0001en", `\U000e0001en`},
		{"bidi\u202e \xff", `bidi\u202e \xff`},
		{"می\u200cخواهم 🧑🏿\u200d🚀", "می\u200cخواهم 🧑🏿\u200d🚀"},
	}
	for _, tt := range tests {
		if got := Shown(tt.in); got != tt.want {
			t.Errorf("Shown(%q) = %q; want %q", tt.in, got, tt.want)
		}
		if again := Shown(Shown(tt.in)); again != Shown(tt.in) {
			t.Errorf("Shown(Shown(%q)) = %q; want it as once", tt.in, again)
		}
	}
}

// FuzzPrintable checks that no control character survives and that
// printable text is left alone.
func FuzzPrintable(f *testing.F) {
	for _, s := range []string{"", "abc", "\x1b[2J", "\u202eevil", "\xff", "\t\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p := Printable(s)
		if !utf8.ValidString(p) {
			t.Fatalf("Printable(%q) = %q is not UTF-8", s, p)
		}
		for _, r := range p {
			if escaped(r) {
				t.Fatalf("Printable(%q) = %q keeps %U", s, p, r)
			}
		}
		if Printable(p) != p {
			t.Fatalf("Printable is not idempotent on %q", s)
		}
		clean := utf8.ValidString(s)
		for _, r := range s {
			clean = clean && !escaped(r)
		}
		if clean && p != s {
			t.Fatalf("Printable(%q) = %q changed text with nothing to escape", s, p)
		}
	})
}

// escaped reports whether Printable shows r as an escape, written out
// apart from its code: controls, bidirectional controls and marks, line
// and paragraph separators.
func escaped(r rune) bool {
	return r < ' ' && r != '\t' || r == 0x7f || r >= 0x80 && r <= 0x9f || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 ||
		r == 0x200e || r == 0x200f || r == 0x061c || r == 0x2028 || r == 0x2029
}

func BenchmarkPrintableClean(b *testing.B) {
	s := strings.Repeat("An ordinary hypothesis with nothing special in it. ", 4)
	b.ReportAllocs()
	for b.Loop() {
		Printable(s)
	}
}

// TestQuote: Quote shows a name in double quotes with Printable's
// escapes, once: ESC as ␛ and U+202E as \u202e, where Go's %q gives \x1b,
// and %q of Printable's text doubles its backslash (\\u202e).
func TestQuote(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Accuracy", `"Accuracy"`},
		{"a\x1b]2;x\u202eb", `"a␛]2;x\u202eb"`},
		{"", `""`},
	} {
		if got := Quote(c.in); got != c.want {
			t.Errorf("Quote(%q) = %s; want %s", c.in, got, c.want)
		}
	}
}

// TestShownFastPaths: invisible agrees with its definition (a format
// character, Cf, or a line or paragraph separator, but the joiners and
// emoji tags) on every rune, and plain says a string is returned as it
// is exactly when Printable keeps it and it has no tab and no invisible
// rune, on every rune alone and between other text.
func TestShownFastPaths(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		want := r >= utf8.RuneSelf && r != 0x200c && r != 0x200d && !(r >= 0xe0020 && r <= 0xe007f) &&
			(r == 0x2028 || r == 0x2029 || unicode.Is(unicode.Cf, r))
		if got := invisible(r); got != want {
			t.Fatalf("invisible(%U) = %v; want %v", r, got, want)
		}
		s := "a" + string(r) + "漢"
		slow := Printable(s) == s && !strings.ContainsRune(s, '\t') && !strings.ContainsFunc(s, invisible)
		if plain(s) != slow {
			t.Fatalf("plain(%q) = %v; want %v", s, plain(s), slow)
		}
	}
	for _, s := range []string{"", "plain text", "a\tb", "x\xffy", "soft\u00adhyphen", "漢字", "\x1b]2;x\x07"} {
		slow := Printable(s) == s && !strings.ContainsRune(s, '\t') && !strings.ContainsFunc(s, invisible)
		if plain(s) != slow {
			t.Errorf("plain(%q) = %v; want %v", s, plain(s), slow)
		}
	}
}

// BenchmarkShown is Shown of the n-grams a text table writes, English and
// Chinese, none of which needs an escape.
func BenchmarkShown(b *testing.B) {
	grams := []string{"of the", "in order to", "the European Union", "中华人民共和国", "经济 发展", "Präsident Selenskyj"}
	for b.Loop() {
		for _, g := range grams {
			_ = Shown(g)
		}
	}
}
