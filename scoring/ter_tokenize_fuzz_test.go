package scoring

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// terRegexpReference is TercomTokenizer written the way sacrebleu writes
// it, one regular-expression pass per rule (Go's regexp finds the same
// leftmost non-overlapping matches as Python's re.sub for these patterns),
// so that the byte-level tokenizer can be checked against it. The three
// kana rules are left out: they need a look-ahead Go's regexp lacks, and
// they cannot match once the text starts with a space (TER.md §1.5.2).
type terRegexpReference struct {
	opt TEROptions
}

var terRef = struct {
	splitPunct, periodBefore, periodAfter, dash *regexp.Regexp
	possEnd                                     *regexp.Regexp
	asian                                       []*regexp.Regexp
	punct, asianPunct, fullWidth                *regexp.Regexp
}{
	splitPunct:   regexp.MustCompile(`([\x20-\x26\x28-\x2b/\x3a-\x40\x5b-\x60\x7b-\x7e])`),
	possEnd:      regexp.MustCompile(`'s$`),
	periodBefore: regexp.MustCompile(`([^0-9])([\.,])`),
	periodAfter:  regexp.MustCompile(`([\.,])([^0-9])`),
	dash:         regexp.MustCompile(`([0-9])(-)`),
	asian: []*regexp.Regexp{
		regexp.MustCompile(`([\x{4e00}-\x{9fff}\x{3400}-\x{4dbf}])`),
		regexp.MustCompile(`([\x{31c0}-\x{31ef}\x{2e80}-\x{2eff}])`),
		regexp.MustCompile(`([\x{3300}-\x{33ff}\x{f900}-\x{faff}\x{fe30}-\x{fe4f}])`),
		regexp.MustCompile(`([\x{3200}-\x{3f22}])`),
	},
	punct:      regexp.MustCompile(`[\.,\?:;!"\(\)]`),
	asianPunct: regexp.MustCompile(`([\x{3001}\x{3002}\x{3008}-\x{3011}\x{3014}-\x{301f}\x{ff61}-\x{ff65}\x{30fb}])`),
	fullWidth:  regexp.MustCompile(`([\x{ff0e}\x{ff0c}\x{ff1f}\x{ff1a}\x{ff1b}\x{ff01}\x{ff02}\x{ff08}\x{ff09}])`),
}

func (r terRegexpReference) tokens(s string) []string {
	s = PyRstrip(s)
	if s == "" {
		return nil
	}
	if !r.opt.CaseSensitive {
		s = PyLower(s)
	}
	if r.opt.Normalized {
		for _, rep := range [][2]string{{"\n-", ""}, {"\n", " "}, {"&quot;", `"`}, {"&amp;", "&"}, {"&lt;", "<"}, {"&gt;", ">"}} {
			s = strings.ReplaceAll(s, rep[0], rep[1])
		}
		s = " " + s + " "
		s = terRef.splitPunct.ReplaceAllString(s, " ${1} ")
		s = strings.ReplaceAll(s, "'s ", " 's ")
		s = terRef.possEnd.ReplaceAllString(s, " 's")
		s = terRef.periodBefore.ReplaceAllString(s, "${1} ${2} ")
		s = terRef.periodAfter.ReplaceAllString(s, " ${1} ${2}")
		s = terRef.dash.ReplaceAllString(s, "${1} ${2} ")
		if r.opt.AsianSupport {
			for _, re := range terRef.asian {
				s = re.ReplaceAllString(s, " ${1} ")
			}
			s = terRef.asianPunct.ReplaceAllString(s, " ${1} ")
			s = terRef.fullWidth.ReplaceAllString(s, " ${1} ")
		}
	}
	if r.opt.NoPunct {
		s = terRef.punct.ReplaceAllString(s, "")
		if r.opt.AsianSupport {
			s = terRef.asianPunct.ReplaceAllString(s, "")
			s = terRef.fullWidth.ReplaceAllString(s, "")
		}
	}
	return PySplit(nil, s)
}

// terTokenSeeds are inputs for the comparison: every rule's edge.
var terTokenSeeds = []string{
	"", " ", "a..5", "x.,y", "1.a", "3.14", "2,000", "a,.5", ".5", "5.", "-5", "5-", "5--5", "9-5,2",
	"it's", "it's.", "'s", "James' 's", "&amp;lt;", "&amp;quot;", "&QUOT;&lt;&gt;", "a\n-b\nc",
	"(a)[b]{c}<d>e/f x=y~z|w`q^r_s@t#u$v%w", "東京は日本の首都です。", "首都。！（）", "ｱｲｳ。・", "한국어.",
	"１．５", "x\u3000.\u00a0,y", "é.", ".é", "٣.٤", "\u0085.5", "I\u0307S.", "ΣΑΣ.", "a\r\nb", "\x1c.\x1d,",
}

// TestTERTokensRegexp compares the tokenizer with the regular-expression
// reference on the seeds under all 16 option sets.
func TestTERTokensRegexp(t *testing.T) {
	for _, s := range terTokenSeeds {
		checkTERTokensRegexp(t, s)
	}
}

// FuzzTERTokens compares the tokenizer with the regular-expression
// reference on any valid UTF-8 text under all 16 option sets.
func FuzzTERTokens(f *testing.F) {
	for _, s := range terTokenSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) || len(s) > 300 {
			return // Python strings are valid text; long ones add nothing
		}
		checkTERTokensRegexp(t, s)
	})
}

func checkTERTokensRegexp(t *testing.T, s string) {
	t.Helper()
	for m := range 16 {
		o := TEROptions{CaseSensitive: m&1 != 0, Normalized: m&2 != 0, NoPunct: m&4 != 0, AsianSupport: m&8 != 0}
		got, want := TERTokens(s, o), terRegexpReference{o}.tokens(s)
		if !slices.Equal(got, want) {
			t.Errorf("%+v: TERTokens(%q) = %q; the regexp reference gives %q", o, s, got, want)
		}
	}
}
