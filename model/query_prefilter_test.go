package model

import (
	"math/rand/v2"
	"regexp"
	"testing"
)

// TestPrefilterNeverRulesOutAMatch checks the prefilter against the plain
// regexp on texts built from pieces the regexps look for, with invalid
// UTF-8, other scripts and case variants.
func TestPrefilterNeverRulesOutAMatch(t *testing.T) {
	exprs := []string{
		`[0-9]{4}`, `the house`, `\bhouse\b`, `[Tt]he (big )?house`, `(?i)HOUSE`, `(?i)straße`,
		`^The`, `end\.$`, `a|b`, `x*`, `(ab)+c`, `.`, `[^a-z]`, `\p{Han}`, `é+`, `\x{FFFD}`,
		`[\x{FFFD}-\x{10FFFF}]`, `[\x{D000}-\x{E100}]`, `k`, `(?i)k`, `\d+\s\w`, `(a|)b`, `(?s).x`,
		`colou?r`, `\$[0-9]+(\.[0-9]{2})?`, `[^\x00-\x7f]`, `a{0,3}z`, `(?:)`, `\Bing`,
	}
	pieces := []string{"the", "The", "house", "HOUSE", " ", "2022", "1", "é", "\xff", "\xed\xa0\x80", "�",
		"中文", "K", "k", "straße", "STRASSE", ".", "$", "12.50", "colour", "ab", "c", "z", "x", "\n", "ing", "ring"}
	rng := rand.New(rand.NewPCG(1, 2))
	texts := []string{""}
	for range 3000 {
		s := ""
		for range rng.IntN(8) {
			s += pieces[rng.IntN(len(pieces))]
		}
		texts = append(texts, s)
	}
	for _, e := range exprs {
		re := regexp.MustCompile(e)
		f := newPrefilter(re)
		for _, s := range texts {
			if f.match(s) != re.MatchString(s) {
				t.Fatalf("%q on %q: prefilter %v, regexp %v (literal %q, first-byte filter %v)", e, s, f.match(s), re.MatchString(s), f.lit, f.useFirst)
			}
		}
	}
}

func TestPrefilterFindsWhatToLookFor(t *testing.T) {
	for _, c := range []struct {
		expr  string
		lit   string
		first bool
	}{
		{`[0-9]{4}`, "", true},
		{`\bthe house\b`, "the house", true},
		{`[Tt]he (big )?house`, "house", true},
		{`x*`, "", false},
		{`(?i)house`, "", true},
		{`.`, "", false},
	} {
		f := newPrefilter(regexp.MustCompile(c.expr))
		if f.lit != c.lit || f.useFirst != c.first {
			t.Errorf("%s: literal %q, first-byte filter %v; want %q, %v", c.expr, f.lit, f.useFirst, c.lit, c.first)
		}
	}
}
