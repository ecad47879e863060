package scoring_test

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/scoring"
)

// TestTERTokensHandChecked follows TER.md's rules by hand.
func TestTERTokensHandChecked(t *testing.T) {
	def := scoring.TEROptions{}
	cs := scoring.TEROptions{CaseSensitive: true}
	norm := scoring.TEROptions{Normalized: true}
	asian := scoring.TEROptions{Normalized: true, AsianSupport: true}
	noPunct := scoring.TEROptions{NoPunct: true}
	noPunctAsian := scoring.TEROptions{NoPunct: true, AsianSupport: true}
	cases := []struct {
		in   string
		opt  scoring.TEROptions
		want string
	}{
		{"The Cat.  ", def, "the cat."},
		{"The Cat.", cs, "The Cat."},
		{"İ", def, "i\u0307"},
		{"", norm, ""},
		{" \u3000", norm, ""},
		// Entities are decoded once each, in the order quot, amp, lt, gt.
		{"&amp;lt;", norm, "<"},
		{"&amp;quot;", norm, "& quot ;"},
		{"&QUOT;", norm, "\""},
		{"&QUOT;", scoring.TEROptions{Normalized: true, CaseSensitive: true}, "& QUOT ;"},
		// Periods and commas stay between digits only.
		{"3.14 2,000", norm, "3.14 2,000"},
		{"a..5", norm, "a . .5"},
		{"x.,y", norm, "x . , y"},
		{"1.a", norm, "1 . a"},
		{"end.", norm, "end ."},
		// Possessives, dashes after digits, line joining.
		{"it's here", norm, "it 's here"},
		{"9-5 a-b", norm, "9 - 5 a-b"},
		{"hyphen\n-ated\nline", norm, "hyphenated line"},
		{"(a) [b] {c} <d> e/f x=y", norm, "( a ) [ b ] { c } < d > e / f x = y"},
		// Without normalisation the newline is just whitespace.
		{"a\nb", def, "a b"},
		// CJK ideographs and Asian punctuation are split off; kana runs stay.
		{"東京は日本の首都です。", asian, "東 京 は 日 本 の 首 都 です 。"},
		{"東京は日本", norm, "東京は日本"},
		// no_punct deletes and may glue.
		{"a.b 3.14 (x)!", noPunct, "ab 314 x"},
		{"首都。", noPunct, "首都。"},
		{"首都。！", noPunctAsian, "首都"},
	}
	for _, c := range cases {
		if got := strings.Join(scoring.TERTokens(c.in, c.opt), " "); got != c.want {
			t.Errorf("TERTokens(%q, %+v) = %q, want %q", c.in, c.opt, got, c.want)
		}
	}
}

// TestTERHandChecked checks edits, lengths and scores worked out by hand.
func TestTERHandChecked(t *testing.T) {
	ref50 := make([]string, 50)
	for i := range ref50 {
		ref50[i] = "w" + string(rune('a'+i%26)) + string(rune('a'+i/26))
	}
	cases := []struct {
		name   string
		hyp    string
		refs   []string
		edits  int
		refLen float64
		score  float64
	}{
		{"identical", "a b c", []string{"A B C"}, 0, 3, 0},
		// Moving "a b" behind "d" (or "c d" to the front) is one shift.
		{"one shift", "a b c d", []string{"c d a b"}, 1, 4, 25},
		// Two substitutions, or one shift of "b" behind "a".
		{"swap", "b a c d", []string{"a b c d"}, 1, 4, 25},
		{"empty hypothesis", "", []string{"a b"}, 2, 2, 100},
		{"empty reference", "a b", []string{""}, 2, 0, 100},
		{"both empty", "", []string{""}, 0, 0, 0},
		// Fewest edits over the references, but their average length.
		{"several references", "a b", []string{"a", "a b c"}, 1, 2, 50},
		{"thirds", "a", []string{"a", "b", "a b"}, 0, 4.0 / 3, 0},
		// The band: a one-word hypothesis against 50 words. In the last row
		// only columns 25..50 are filled, so the word is matched with
		// reference word 25 at best: 24 + 1 + 25 = 50 edits, where the plain
		// distance is 49.
		{"band", ref50[0], []string{strings.Join(ref50, " ")}, 50, 50, 100},
	}
	for _, c := range cases {
		score, st, err := scoring.SentenceTER(c.hyp, c.refs, scoring.TEROptions{})
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if st.Edits != c.edits || st.RefLen != c.refLen || math.Abs(score-c.score) > 1e-12 {
			t.Errorf("%s: %d edits, length %v, score %v; want %d, %v, %v", c.name, st.Edits, st.RefLen, score, c.edits, c.refLen, c.score)
		}
	}
}

func TestTERScoreArithmetic(t *testing.T) {
	for _, c := range []struct{ edits, refLen, want float64 }{
		{2, 3, 66.66666666666666}, // 100 · (2/3), not 100·2/3 = 66.66666666666667
		{99, 2, 4950},
		{1, 0, 100},
		{0, 0, 0},
	} {
		if got := scoring.TERScore(c.edits, c.refLen); got != c.want {
			t.Errorf("TERScore(%v, %v) = %v, want %v", c.edits, c.refLen, got, c.want)
		}
		if got := scoring.TERScoreSums([]float64{c.edits, c.refLen}, false); got != c.want {
			t.Errorf("TERScoreSums(%v, %v) = %v, want %v", c.edits, c.refLen, got, c.want)
		}
	}
	// float32: 2/3 rounds to 0.6666666865348816.
	if got, want := scoring.TERScoreSums([]float64{2, 3}, true), 100*float64(float32(2)/float32(3)); got != want || got == 66.66666666666666 {
		t.Errorf("TERScoreSums float32 = %v, want %v", got, want)
	}
}

func TestTERSignatures(t *testing.T) {
	o := scoring.TEROptions{}
	if got, want := scoring.TERSignature(o, 1, "X"), "nrefs:1|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:X"; got != want {
		t.Errorf("TERSignature = %q, want %q", got, want)
	}
	o = scoring.TEROptions{CaseSensitive: true, Normalized: true, NoPunct: true, AsianSupport: true}
	if got, want := scoring.TERShortSignature(o, scoring.VariableRefs, "X"), "#:var|c:mixed|t:tercom|nr:yes|pn:no|as:yes|v:X"; got != want {
		t.Errorf("TERShortSignature = %q, want %q", got, want)
	}
}

func TestTERNoReference(t *testing.T) {
	if _, _, err := scoring.SentenceTER("a", nil, scoring.TEROptions{}); !errors.Is(err, scoring.ErrNoReference) {
		t.Errorf("SentenceTER without references: %v", err)
	}
	if _, _, err := scoring.CorpusTER([]string{"a", "b"}, nil, scoring.TEROptions{}); !errors.Is(err, scoring.ErrNoReference) {
		t.Errorf("CorpusTER without references: %v", err)
	}
}

// TestTERPairs checks the per-reference details on a shift worked out by
// hand: "a b" moves behind "d" (equal gain and length, earliest start).
func TestTERPairs(t *testing.T) {
	pairs, shifted := scoring.TERPairs("a b c d", []string{"c d a b", ""}, scoring.TEROptions{})
	if len(pairs) != 2 {
		t.Fatalf("%d pairs", len(pairs))
	}
	p := pairs[0]
	if p.Edits != 1 || p.Shifts != 1 || p.EditDistance != 0 || p.RefLen != 4 || p.LimitHit {
		t.Errorf("pair 1: %+v", p)
	}
	if got := strings.Join(shifted[0], " "); got != "c d a b" {
		t.Errorf("shifted %q", got)
	}
	if p := pairs[1]; p.Edits != 4 || p.RefLen != 0 || p.Candidates != 0 {
		t.Errorf("pair 2 (empty reference): %+v", p)
	}
}
