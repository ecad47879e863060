package model

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"regexp/syntax"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bleuscope/bleuscope/scoring"
)

// queryDataset has a source, one reference and two systems:
//
//	line  src           ref                 A                   B
//	0     Das Haus      the house           the house           a house
//	1     Der Hund      the dog barks       The dog barked.     the dog barks
//	2     Ein Hut       a hat               x                   a hat
//	3     Die Katze     the cat             the cat, the cat    cat
func queryDataset() *Dataset {
	return memDataset(
		[]string{"Das Haus", "Der Hund", "Ein Hut", "Die Katze"},
		[][]string{{"the house", "the dog barks", "a hat", "the cat"}},
		System{Name: "A", Hyps: []string{"the house", "The dog barked.", "x", "the cat, the cat"}},
		System{Name: "B", Hyps: []string{"a house", "the dog barks", "a hat", "cat"}},
	)
}

func TestQueryRows(t *testing.T) {
	ds := queryDataset()
	s := mustScore(t, ds, DefaultSettings())
	for _, tc := range []struct {
		q    string
		sys  int
		want []int
	}{
		{"", 0, []int{0, 1, 2, 3}},
		{"   ", 0, []int{0, 1, 2, 3}},
		{"house", 0, []int{0}},
		{"HAUS", 0, []int{0}},            // any field, ignoring case
		{"src:ATZ", 0, []int{3}},         // inside a word too: "Katze"
		{"ARKE", 0, []int{1}},            // "barked", A's hypothesis
		{`"ark"`, 0, nil},                // quoted: whole tokens only
		{"dog barks", 0, []int{1}},       // and
		{"hut or katze", 0, []int{2, 3}}, // or
		{"src:hut", 0, []int{2}},
		{"hyp:hat", 0, []int{2}}, // B's hypothesis counts too: one set for all systems
		{"ref:barks", 0, []int{1}},
		{"hyp:barked", 1, []int{1}},
		{`"dog barks"`, 0, []int{1}},
		{`hyp:"barked ."`, 0, []int{1}}, // 13a splits the final period
		{`"dog bark"`, 0, nil},          // tokens, not substrings
		{`"the cat the"`, 0, nil},       // the comma is a token
		{`"cat , the"`, 0, []int{3}},
		{`/^Der|^Die/`, 0, []int{1, 3}},
		{`src:/H[au]/`, 0, []int{0, 1, 2}},
		{`/(?i)^der/`, 0, []int{1}},
		{`/dog/ barks`, 0, []int{1}},      // a word after a space is a term of its own
		{"/dog/\u00a0barks", 0, []int{1}}, // any space
		{`"dog barks"` + "\t/^Der/", 0, []int{1}},
		{"bleu<10", 0, []int{2}}, // A's "x"
		{"bleu>=100", 1, []int{1, 2}},
		{"len>3", 0, []int{1, 3}},
		{"len=1", 1, []int{3}},
		{"len>0e-999", 0, []int{0, 1, 2, 3}}, // 0 written any way is 0
		{"len<1E1", 0, []int{0, 1, 2, 3}},
		{"len>=+4", 0, []int{1, 3}},
		{"bleu<.5", 0, []int{2}},
		{"bleu<10.", 0, []int{2}},
		{"delta<-5e+1", 0, []int{1, 2}},
		{"bp<1", 1, []int{3}},
		// A − B: line 0 100 − (a house); line 1 (only "dog" matches
		// "The dog barked .") − 100; line 2 0 − 100; line 3 A's clipped
		// "the cat , the cat" below B's "cat" (BP e^-1, p1 = 1: ≈ 37).
		{"delta<-50", 0, []int{1, 2}},
		{"delta>0 or hut", 0, []int{0, 2}},
		{"house bleu>50 or hut len<2", 0, []int{0, 2}},
		{"bleuish", 0, nil}, // a word, not a metric
		{"(house)", 0, nil}, // text in parentheses is text
		// Field names, metric names and "or" in any case.
		{"BLEU<10", 0, []int{2}},
		{"Len>3", 0, []int{1, 3}},
		{"hut OR katze", 0, []int{2, 3}},
		{"SRC:hut", 0, []int{2}},
		{"Hyp:hat", 0, []int{2}},
		{"Note: 10:30", 0, nil},       // a colon at the end, or after digits, is text
		{"shown:hat", 0, nil},         // A's "x" has no hat, B's has
		{"shown:hat", 1, []int{2}},    // B's own
		{"Shown:/^the/", 1, []int{1}}, // any case, any kind of text term
		{"ref:cat -shown:cat,", 0, nil},
		{"ref:cat -shown:/cat,/", 1, []int{3}},
		// Negation: "-" before a term or "not" before it.
		{"-house", 0, []int{1, 2, 3}},
		{"not house", 0, []int{1, 2, 3}},
		{"NOT house", 0, []int{1, 2, 3}},
		{"ref:the -hyp:cat", 0, []int{0, 1}}, // no system's hypothesis has it
		{"-bleu<10", 0, []int{0, 1, 3}},
		{`not "the cat"`, 0, []int{0, 1, 2}},
		{"hut or -house", 0, []int{1, 2, 3}},
		{`"-"`, 0, nil},               // the text "-", quoted
		{"cannot", 0, nil},            // "not" only as a word of its own
		{"delta<-50", 0, []int{1, 2}}, // a minus inside a term is the number's
	} {
		q, err := ParseQuery(tc.q)
		if err != nil {
			t.Errorf("ParseQuery(%q): %v", tc.q, err)
			continue
		}
		got, err := s.QueryRows(ds, q, tc.sys, 1-tc.sys, nil)
		if err != nil {
			t.Errorf("QueryRows(%q): %v", tc.q, err)
			continue
		}
		if !reflect.DeepEqual(got, tc.want) && !(len(got) == 0 && len(tc.want) == 0) {
			t.Errorf("QueryRows(%q, system %d) = %v; want %v", tc.q, tc.sys, got, tc.want)
		}
	}
}

// TestQueryRowsAnyCase: the quoted n-grams match in any case, the rest of
// the query as QueryRows reads it; nil when the scores are lowercased
// already or the query has no quoted n-gram.
func TestQueryRowsAnyCase(t *testing.T) {
	ds := queryDataset()
	mixed := mustScore(t, ds, DefaultSettings())
	lower := mustScore(t, ds, DefaultSettings().WithOption(func(o *scoring.Options) { o.Lowercase = true }))
	for _, tc := range []struct {
		q          string
		s          *Scored
		exact, any []int
	}{
		{`"THE DOG"`, mixed, nil, []int{1}},
		{`"The dog"`, mixed, []int{1}, []int{1}},
		{`"the cat" or "A HAT"`, mixed, []int{3}, []int{2, 3}},
		{`"THE DOG" bleu<10`, mixed, nil, nil}, // A's line 1 is above 10
		{`-"THE HOUSE" ref:the`, mixed, []int{0, 1, 3}, []int{1, 3}},
		{"DOG", mixed, []int{1}, nil},       // no quoted n-gram
		{`"THE DOG"`, lower, []int{1}, nil}, // lowercased already
	} {
		q, err := ParseQuery(tc.q)
		if err != nil {
			t.Fatalf("ParseQuery(%q): %v", tc.q, err)
		}
		exact, err := tc.s.QueryRows(ds, q, 0, 1, nil)
		if err != nil {
			t.Fatalf("QueryRows(%q): %v", tc.q, err)
		}
		anyCase, err := tc.s.QueryRowsAnyCase(ds, q, 0, 1, nil)
		if err != nil {
			t.Fatalf("QueryRowsAnyCase(%q): %v", tc.q, err)
		}
		if fmt.Sprint(exact) != fmt.Sprint(tc.exact) || fmt.Sprint(anyCase) != fmt.Sprint(tc.any) {
			t.Errorf("%q (lowercase %v): QueryRows %v, QueryRowsAnyCase %v; want %v and %v", tc.q, tc.s.Settings.Corpus.Lowercase, exact, anyCase, tc.exact, tc.any)
		}
	}
}

func TestParseQueryErrors(t *testing.T) {
	for _, tc := range []struct{ q, want string }{
		{`"the dog`, "query: column 1: quoted n-gram has no closing \""},
		{`a /x(/`, "query: column 3: bad regexp: missing closing ): `x(`"},
		{`a /abc`, "query: column 3: regexp has no closing /"},
		{`hyp:/(/`, "query: column 5: bad regexp: missing closing ): `(`"},
		{`src:"x`, "query: column 5: quoted n-gram has no closing \""},
		{`or a`, "query: column 1: \"or\" needs a term before it"},
		{`a or`, "query: column 3: \"or\" needs a term after it"},
		{`a or or b`, "query: column 6: \"or\" needs a term before it"},
		{`bleu<x`, "query: column 6: after bleu<, \"x\" is not a plain decimal number (such as 10, -5, 0.5 or 1e3)"},
		{`len>=`, "query: column 6: after len>=, a number is missing (such as 10, -5, 0.5 or 1e3)"},
		{`src: x`, "query: column 5: src: needs a word, \"n-gram\" or /regexp/ right after it"},
		{`""`, "query: column 1: quoted n-gram is empty"},
		{"é \"x", "query: column 3: quoted n-gram has no closing \""},
		{"bleu < 10", "query: column 6: write a comparison without spaces, like bleu<10 (to find the text <, write /</)"},
		{"(bleu<10)", `query: column 1: parentheses do not group terms (a b or c is (a b) or c); for the text (bleu<10), write /\(bleu<10\)/`},
		{"x (a or b)", `query: column 3: parentheses do not group terms (a b or c is (a b) or c); for the text (a, write /\(a/`},
		{"(src:x)", `query: column 1: parentheses do not group terms (a b or c is (a b) or c); for the text (src:x), write /\(src:x\)/`},
		{"a foo:bar", `query: column 3: foo: is not a field; for the text, write /foo:bar/`},
		{"http://x.org", `query: column 1: http: is not a field; for the text, write /http:\/\/x\.org/`},
		{"len:3", "query: column 1: len: is not a field: compare len with <, >, <=, >= or =, as in len>30"},
		{"lenght>30", "query: column 1: lenght is not a field (bleu, len, bp, delta, chrf, ter); for the text, write /lenght>30/"},
		{"chrfx<3", "query: column 1: chrfx is not a field (bleu, len, bp, delta, chrf, ter); for the text, write /chrfx<3/"}, // not chrf<3
		{"bleu<10 blue<=5", "query: column 9: blue is not a field (bleu, len, bp, delta, chrf, ter); for the text, write /blue<=5/"},
		{"not", `query: column 1: "not" needs a term after it (to find the word not, write "not")`},
		{"-", `query: column 1: - needs a term right after it, as in -hyp:the (to find the text -, write "-")`},
		{"not - x", `query: column 1: "not -" says not twice; write one of them`},
		{"bleu<10 - x", `query: column 9: - needs a term right after it, as in -hyp:the (to find the text -, write "-")`},
		{"a not or b", `query: column 3: "not" needs a term after it (to find the word not, write "not")`},
		{"not -a", `query: column 1: "not -" says not twice; write one of them`},
		{"a not not b", `query: column 3: "not not" says not twice; write the term alone (to find the word not, write "not")`},
		{"--vaccine", `query: column 1: "--" says not twice; write one - (to find text that starts with -, write it in quotes or as a /regexp/)`},
		{"-cat:omission", "query: column 1: annotation terms cannot be negated; is:unannotated finds the segments without annotations, is:noerror those marked as having none"},
		// A comparison after a field is not searched as text, which would
		// select nothing the person meant.
		{`shown:bleu<10`, `query: column 7: bleu<10 compares a score, not text, so shown: does not apply to it: write it alone (for the text, write shown:/bleu<10/)`},
		{`a HYP:len>=3`, `query: column 7: len>=3 compares a score, not text, so HYP: does not apply to it: write it alone (for the text, write HYP:/len>=3/)`},
		{`ref:delta<x`, `query: column 5: delta<x compares a score, not text, so ref: does not apply to it: write it alone (for the text, write ref:/delta<x/)`},
		{`chrf<`, "query: column 6: after chrf<, a number is missing (such as 10, -5, 0.5 or 1e3)"},
		{`chrf<x`, "query: column 6: after chrf<, \"x\" is not a plain decimal number (such as 10, -5, 0.5 or 1e3)"},
		{`a TER>=`, "query: column 8: after ter>=, a number is missing (such as 10, -5, 0.5 or 1e3)"},
		{`ter>nan`, "query: column 5: after ter>, \"nan\" is not a plain decimal number (such as 10, -5, 0.5 or 1e3)"},
		// Numbers are plain finite decimals: what ParseFloat reads besides
		// (inf, 1_0 as 10, hexadecimal) or cannot hold is refused.
		{`bleu<inf`, "query: column 6: after bleu<, \"inf\" is not a plain decimal number (such as 10, -5, 0.5 or 1e3)"},
		{`bleu<-Inf`, "query: column 6: after bleu<, \"-Inf\" is not a plain decimal number (such as 10, -5, 0.5 or 1e3)"},
		{`bleu<1_0`, "query: column 6: after bleu<, \"1_0\" is not a plain decimal number (such as 10, -5, 0.5 or 1e3)"},
		{`len<0x1p3`, "query: column 5: after len<, \"0x1p3\" is not a plain decimal number (such as 10, -5, 0.5 or 1e3)"},
		{`len<1e`, "query: column 5: after len<, \"1e\" is not a plain decimal number (such as 10, -5, 0.5 or 1e3)"},
		{`len<.`, "query: column 5: after len<, \".\" is not a plain decimal number (such as 10, -5, 0.5 or 1e3)"},
		{`len<--5`, "query: column 5: after len<, \"--5\" is not a plain decimal number (such as 10, -5, 0.5 or 1e3)"},
		{`bleu<1e400`, "query: column 6: after bleu<, \"1e400\" is out of range (numbers go up to about 1.8e308)"},
		{`bleu<1e-999`, "query: column 6: after bleu<, \"1e-999\" is out of range (numbers other than 0 go down to about 2.2e-308)"},
		{`delta>-1e999`, "query: column 7: after delta>, \"-1e999\" is out of range (numbers go up to about 1.8e308)"},
		{"chrf:30", "query: column 1: chrf: is not a field: compare chrf with <, >, <=, >= or =, as in chrf>30"},
		{"(ter<10)", `query: column 1: parentheses do not group terms (a b or c is (a b) or c); for the text (ter<10), write /\(ter<10\)/`},
		{"(SRC:x)", `query: column 1: parentheses do not group terms (a b or c is (a b) or c); for the text (SRC:x), write /\(SRC:x\)/`},
		// The column points at the fault: the number, or where it should
		// be, after the comparison; the value after a field or annotation
		// name; also after a negation and in any case.
		{`-bleu<x`, "query: column 7: after bleu<, \"x\" is not a plain decimal number (such as 10, -5, 0.5 or 1e3)"},
		{`é not LEN<=`, "query: column 12: after len<=, a number is missing (such as 10, -5, 0.5 or 1e3)"},
		{`x hyp:`, "query: column 7: hyp: needs a word, \"n-gram\" or /regexp/ right after it"},
		{`x -Shown: y`, "query: column 10: shown: needs a word, \"n-gram\" or /regexp/ right after it"},
		// A space of more than one byte is a space as any other (after -,
		// a field name or an annotation name it used to be read as text,
		// and "-" with a no-break space after it crashed).
		{"x -\u00a0y", `query: column 3: - needs a term right after it, as in -hyp:the (to find the text -, write "-")`},
		{"-\u3000", `query: column 1: - needs a term right after it, as in -hyp:the (to find the text -, write "-")`},
		{"src:\u3000x", `query: column 5: src: needs a word, "n-gram" or /regexp/ right after it`},
		{"sev:\u2003major", "query: column 5: sev: needs a value right after it"},
		// Letters right after a regexp are flags, which Go writes inside.
		{"/a/i", "query: column 4: flags after a /regexp/ are not supported (i); write them inside it, as in /(?i)a/"},
		// Letters then a / : a slash meant inside the regexp, not flags.
		{"/a/b/", `query: column 3: this / ends the regexp; write \/ for a / inside it, as in /a\/b/`},
		{"x hyp:/ing/gi", "query: column 12: flags after a /regexp/ are not supported (gi); write them inside it, as in /(?i)ing/ for any case"},
		{`/a\/b/s`, `query: column 7: flags after a /regexp/ are not supported (s); write them inside it, as in /(?s)a\/b/`},
		{"-/a/ii", "query: column 5: flags after a /regexp/ are not supported (ii); write them inside it, as in /(?i)a/ for any case"},
		{"é /a/é", "query: column 6: flags after a /regexp/ are not supported (é); write them inside it, as in /(?i)a/ for any case"},
		// Anything else right after a closing / or " is an error, not a
		// term of its own (/a/, was the regexp a and the word ,).
		{"/a/,", `query: column 4: put a space between terms (',' follows the closing / of the regexp; write \/ for a / inside it)`},
		{"x /a/-b/", `query: column 6: put a space between terms ('-' follows the closing / of the regexp; write \/ for a / inside it)`},
		{"/a/1", `query: column 4: put a space between terms ('1' follows the closing / of the regexp; write \/ for a / inside it)`},
		{"/a/)", `query: column 4: put a space between terms (')' follows the closing / of the regexp; write \/ for a / inside it)`},
		{`"a b"c`, `query: column 6: put a space between terms ('c' follows the closing " of the quoted n-gram; write \" for a " inside it)`},
		{`é -hyp:"a"/b/`, `query: column 11: put a space between terms ('/' follows the closing " of the quoted n-gram; write \" for a " inside it)`},
		{`"a""b"`, `query: column 4: put a space between terms ('"' follows the closing " of the quoted n-gram; write \" for a " inside it)`},
		{`cat:"a b"c`, `query: column 10: put a space between terms ('c' follows the closing " of the quoted cat; write \" for a " inside it)`},
		{"\"a\"\u202e", `query: column 4: put a space between terms ('\u202e' follows the closing " of the quoted n-gram; write \" for a " inside it)`},
	} {
		_, err := ParseQuery(tc.q)
		if err == nil || err.Error() != tc.want || !errors.Is(err, ErrQuery) {
			t.Errorf("ParseQuery(%q) error = %v; want %s", tc.q, err, tc.want)
		}
	}
}

func TestQueryRowsErrors(t *testing.T) {
	ds := queryDataset()
	s := mustScore(t, ds, DefaultSettings())
	q, _ := ParseQuery("delta<0")
	if _, err := s.QueryRows(ds, q, 0, -1, nil); !errors.Is(err, ErrQueryNeedsOther) {
		t.Errorf("delta without another system: err = %v", err)
	}
	noSrc := memDataset(nil, ds.Refs, ds.Systems...)
	q, _ = ParseQuery("src:x")
	if _, err := mustScore(t, noSrc, DefaultSettings()).QueryRows(noSrc, q, 0, -1, nil); !errors.Is(err, ErrQueryNoSource) {
		t.Errorf("src: without a source: err = %v", err)
	}
}

func FuzzParseQuery(f *testing.F) {
	for _, s := range []string{"", "a b or c", `src:"x y" /z+/ bleu<=3`, `"\"`, `/\/`, "delta>-5 or len=0", "hyp:/(/", "ref:",
		`cat:"a b" sev:major or is:unannotated rater:x`, "is:", "sev:minor is:noerror house", "chrf<30 or -ter>=50", "CHRF=1e999",
		"/a/i bleu<1_0", "é not LEN<=", "-\u00a0x", "/a/,", `"a b"c`, `cat:"x"y`, "/a/\u00a0b", `"a"é`} {
		f.Add(s)
	}
	ds := queryDataset()
	s := mustScore(f, ds, DefaultSettings())
	ms := queryMetrics(f, ds, MetricChrF, MetricTER)
	f.Fuzz(func(t *testing.T, in string) {
		q, err := ParseQuery(in)
		if err != nil {
			msg := err.Error()
			if strings.ContainsAny(msg, "\n\r") || !strings.HasPrefix(msg, "query: ") {
				t.Fatalf("ParseQuery(%q) error is not one line starting \"query: \": %q", in, msg)
			}
			// A column is in the query, or just past its end (where
			// something is missing).
			var col int
			if _, err := fmt.Sscanf(msg, "query: column %d:", &col); err == nil && (col < 1 || col > utf8.RuneCountInString(in)+1) {
				t.Fatalf("ParseQuery(%q): column %d is outside the query: %q", in, col, msg)
			}
			// Every shorter wording is one line naming the same column.
			if qe := (*QueryError)(nil); errors.As(err, &qe) {
				for _, w := range qe.Wordings() {
					if strings.ContainsAny(w, "\n\r") || !strings.HasPrefix(w, fmt.Sprintf("query: column %d: ", qe.Col)) || len(w) > len(msg) {
						t.Fatalf("ParseQuery(%q): wording %q is not one shorter line naming column %d", in, w, qe.Col)
					}
				}
			}
			return
		}
		if _, err := s.QueryRows(ds, q, 0, 1, queryFacts); err != nil && strings.ContainsAny(err.Error(), "\n\r") {
			t.Fatalf("QueryRows(%q) error is not one line: %q", in, err)
		}
		if _, err := s.QueryRows(ds, q, 1, 0, queryFacts, ms); err != nil && strings.ContainsAny(err.Error(), "\n\r") {
			t.Fatalf("QueryRows(%q) with chrF and TER: error is not one line: %q", in, err)
		}
	})
}

// TestQueryRowsPhraseAfterRewrites: 13a rewrites "<skipped>" and HTML
// entities before it tokenizes, so a phrase can match a text that does
// not hold its tokens as they are; none does not rewrite.
func TestQueryRowsPhraseAfterRewrites(t *testing.T) {
	ds := memDataset(nil, [][]string{{"a", "b", "c", "d"}},
		System{Name: "A", Hyps: []string{"ho<skipped>use", "y&lt;", "plain text", "a\nhouse"}})
	for _, tc := range []struct {
		tok  string
		q    string
		want []int
	}{
		{"13a", `"house"`, []int{0, 3}},
		{"13a", `"<"`, []int{1}},
		{"13a", `"y <"`, []int{1}},
		{"13a", `"plain text"`, []int{2}},
		{"13a", `"a house"`, []int{3}}, // the line break is a space
		{"none", `"house"`, []int{3}},
		{"none", `"<"`, nil},
		{"none", `"plain text"`, []int{2}},
	} {
		set := DefaultSettings()
		set.Corpus.Tokenize, set.Sentence.Tokenize = tc.tok, tc.tok
		s := mustScore(t, ds, set)
		q, err := ParseQuery(tc.q)
		if err != nil {
			t.Fatal(err)
		}
		got, err := s.QueryRows(ds, q, 0, -1, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, tc.want) && !(len(got) == 0 && len(tc.want) == 0) {
			t.Errorf("%s: QueryRows(%q) = %v; want %v", tc.tok, tc.q, got, tc.want)
		}
	}
}

func TestQuerySelectsByScore(t *testing.T) {
	for q, want := range map[string]bool{
		"police":               false,
		"len>30":               false,
		"src:Haus or /x+/":     false,
		"bleu<10":              true,
		"police delta<-5":      true,
		"len>3 or bp<1":        true,
		`"the house" bleu>=50`: true,
	} {
		p, err := ParseQuery(q)
		if err != nil {
			t.Fatalf("ParseQuery(%q): %v", q, err)
		}
		if got := p.SelectsByScore(); got != want {
			t.Errorf("ParseQuery(%q).SelectsByScore() = %v; want %v", q, got, want)
		}
	}
}

// TestQuerySystemReads: a query reads the system it is evaluated for
// when it has a shown:, numeric or annotation term, as the Query doc says,
// and which of its hypotheses, scores and annotations by the kinds of
// those terms (shown: and len read the hypothesis; bleu, bp, delta, chrf
// and ter its scores; cat:, sev:, rater: and is: its annotations, which a
// comparison screen once called its hypotheses); its other text terms
// (hyp: too) look at every system's hypothesis.
func TestQuerySystemReads(t *testing.T) {
	hyps, scores, anns := SystemReads{Hypotheses: true}, SystemReads{Scores: true}, SystemReads{Annotations: true}
	for q, want := range map[string]SystemReads{
		"police":                            {},
		"hyp:house or ref:Haus":             {},
		`-hyp:"the house" /x+/`:             {},
		"len>40":                            hyps,
		"shown:house":                       hyps,
		"-shown:house":                      hyps,
		"police bleu<10":                    scores,
		"src:Haus or delta<-5":              scores,
		"chrf<40":                           scores,
		"ter>50":                            scores,
		"bp<1":                              scores,
		"cat:omission sev:major":            anns,
		"rater:ana":                         anns,
		"is:unannotated":                    anns,
		"len>40 is:error":                   {Hypotheses: true, Annotations: true},
		"shown:x or bleu<5 or cat:omission": {Hypotheses: true, Scores: true, Annotations: true},
	} {
		p, err := ParseQuery(q)
		if err != nil {
			t.Fatalf("ParseQuery(%q): %v", q, err)
		}
		if got := p.SystemReads(); got != want {
			t.Errorf("ParseQuery(%q).SystemReads() = %+v; want %+v", q, got, want)
		}
		if got := p.SystemReads().Any(); got != (want != SystemReads{}) {
			t.Errorf("ParseQuery(%q).SystemReads().Any() = %v", q, got)
		}
	}
}

// TestQuoteNGram: an n-gram quoted for a label reads back, through the
// query, as the one quoted n-gram term that finds it, whatever quotes and
// backslashes its tokens hold.
func TestQuoteNGram(t *testing.T) {
	for _, g := range []string{"the cat", `said "`, `" yes "`, `a \`, `back\slash`, `\"`} {
		q, err := ParseQuery(QuoteNGram(g))
		if err != nil {
			t.Errorf("QuoteNGram(%q) = %s: %v", g, QuoteNGram(g), err)
			continue
		}
		if len(q.or) != 1 || len(q.or[0]) != 1 || q.or[0][0].kind != termNGram || q.or[0][0].word != g {
			t.Errorf("QuoteNGram(%q) = %s reads back as %+v; want the n-gram term %q", g, QuoteNGram(g), q.or, g)
		}
	}
	if got := QuoteNGram("the cat"); got != `"the cat"` {
		t.Errorf("QuoteNGram(%q) = %s; want it in plain double quotes", "the cat", got)
	}
}

// TestParseQueryRegexpSize: a regexp whose program would make matching
// take minutes on a test set (five nested {999}: over 20,000 instructions,
// some 20 ms a line of WMT22) is refused with one line; the biggest repeats
// Go allows on their own, and everyday regexps, parse.
func TestParseQueryRegexpSize(t *testing.T) {
	big := "/" + strings.Repeat("(.?){999}", 5) + `\d{40}/`
	_, err := ParseQuery("hyp:" + big)
	want := "query: column 5: regexp too big to match quickly: it compiles to more than 5,000 steps (a {n} repeats what it follows n times; use a smaller n)"
	if err == nil || err.Error() != want {
		t.Errorf("ParseQuery(hyp:%s) = %v; want %q", big, err, want)
	}
	huge := "/" + strings.Repeat("(.?){999}", 400) + "/"
	if _, err := ParseQuery(huge); err == nil || !strings.Contains(err.Error(), "regexp too big") {
		t.Errorf("ParseQuery of a %d-byte regexp = %v; want it too big", len(huge), err)
	}
	for _, ok := range []string{`/.{1000}/`, `/\w{1000}/`, `/(.?){999}/`, `/(?i)\bcovid(-19)?\b/`, `/(a|b|c|d|e|f|g|h|i|j|k){300}/`, `/[\p{Han}]{2,}/`} {
		if _, err := ParseQuery(ok); err != nil {
			t.Errorf("ParseQuery(%s) = %v; want it accepted", ok, err)
		}
	}
}

// TestQueryRowsContext: a query stops with the context's error once it is
// done (the explorer stops a slow /regexp/ when a key changes the filter),
// and selects what QueryRows does while it is not.
func TestQueryRowsContext(t *testing.T) {
	ds := queryDataset()
	s := mustScore(t, ds, DefaultSettings())
	q, err := ParseQuery(`/o/ or "the dog"`)
	if err != nil {
		t.Fatal(err)
	}
	want, err := s.QueryRows(ds, q, 0, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.QueryRowsContext(context.Background(), ds, q, 0, 1, nil)
	if err != nil || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("QueryRowsContext = %v, %v; want %v as QueryRows", got, err, want)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if got, err := s.QueryRowsContext(ctx, ds, q, 0, 1, nil); !errors.Is(err, context.Canceled) || got != nil {
		t.Errorf("QueryRowsContext, cancelled = %v, %v; want no rows and %v", got, err, context.Canceled)
	}
	if got, err := s.QueryRowsAnyCaseContext(ctx, ds, q, 0, 1, nil); !errors.Is(err, context.Canceled) || got != nil {
		t.Errorf("QueryRowsAnyCaseContext, cancelled = %v, %v; want no rows and %v", got, err, context.Canceled)
	}
}

// TestRegexpSize: the size a /regexp/ is refused for is that of the program
// Go's regexp package compiles it to (syntax.Compile of the simplified
// tree, which the refusal spares the explorer from building), to within a
// factor of two either way, repeats nested or side by side, counted or
// open, over literals, classes and alternatives.
func TestRegexpSize(t *testing.T) {
	for _, expr := range []string{
		`.{1000}`, `(.?){999}`, `(.?){300}\d{40}`, `(?i)\bcovid(-19)?\b`, `[\p{Han}]{2,}`,
		`(the|a|an|this|that){100}`, `(?i)(hello world){200}`, `x{2,1000}`, `(ab){2,500}`,
		`((a{10}){10}){10}`, `(a*b*c*){500}`, `(x|yz){600}`, `[a-z]+(foo|bar|baz)+\s{3,}(quux){1,400}`,
		`(?:(?:a|b)(?:c|d)){700}`, `(.?){999}\d{40}`,
	} {
		re, err := syntax.Parse(expr, syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		prog, err := syntax.Compile(re.Simplify())
		if err != nil {
			t.Fatal(err)
		}
		if got, n := regexpSize(re), len(prog.Inst); got > 2*n || 2*got < n {
			t.Errorf("regexpSize(%s) = %d; Go compiles it to %d instructions", expr, got, n)
		}
	}
}
