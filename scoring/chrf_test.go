package scoring_test

import (
	"context"
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/bleuscope/bleuscope/scoring"
)

// chrfOpts returns options with the given orders and beta, the rest as
// sacrebleu's defaults.
func chrfOpts(char, word, beta int) scoring.ChrFOptions {
	return scoring.ChrFOptions{CharOrder: char, WordOrder: word, Beta: beta}
}

// TestChrFHandChecked compares statistics and scores worked out by hand.
func TestChrFHandChecked(t *testing.T) {
	ws := chrfOpts(1, 0, 2)
	ws.Whitespace = true
	eps := chrfOpts(2, 0, 2)
	eps.EpsSmoothing = true
	lc := chrfOpts(6, 0, 2)
	lc.Lowercase = true
	cases := []struct {
		name      string
		hyp       string
		refs      []string
		opt       scoring.ChrFOptions
		stats     []int
		score     float64
		tolerance float64
	}{
		// Identical: every precision and recall is 1, F = 5·1·1/(4+1).
		{"identical", "ab", []string{"ab"}, chrfOpts(2, 0, 2), []int{2, 2, 2, 1, 1, 1}, 100, 0},
		// Unigrams a, b match of a b c / a b d; bigrams ab match of ab bc / ab bd.
		// P = R = (2/3 + 1/2)/2 = 7/12, and F1 of equal P and R is P.
		{"one substitution, beta 1", "abc", []string{"abd"}, chrfOpts(2, 0, 1), []int{3, 3, 2, 2, 2, 1}, 700.0 / 12, 1e-13},
		// The reference has no bigram, so the hypothesis bigrams count 0 and
		// only unigrams enter: P = 1/3, R = 1, F2 = 5·(1/3)/(4/3+1) = 5/7.
		{"reference shorter than the order", "abc", []string{"a"}, chrfOpts(2, 0, 2), []int{3, 1, 1, 0, 0, 0}, 500.0 / 7, 1e-13},
		// Eps smoothing averages both orders' F: 5/7 and eps (5·eps·eps/(5·eps)).
		{"eps smoothing", "abc", []string{"a"}, eps, []int{3, 1, 1, 0, 0, 0}, 100 * (5.0/7 + 1e-16) / 2, 1e-13},
		// Whitespace is removed by default ...
		{"whitespace removed", "a b", []string{"ab"}, chrfOpts(1, 0, 2), []int{2, 2, 2}, 100, 0},
		// ... and kept on request: P = 2/3, R = 1, F2 = (10/3)/(8/3+1) = 10/11.
		{"whitespace kept", "a b", []string{"ab"}, ws, []int{3, 2, 2}, 1000.0 / 11, 1e-13},
		// "(hi)" → "(hi" ")"; "(hi" → "(" "hi" (last character not punctuation,
		// first one is); "x." → "x" ".". Hypothesis tokens (hi ) x . against
		// ( hi ) x .: unigrams ) x . match; bigrams ") x" and "x ." match.
		{"chrF++ punctuation", "(hi) x.", []string{"(hi ) x ."}, chrfOpts(1, 2, 2),
			[]int{6, 6, 6, 4, 5, 3, 3, 4, 2}, 0, -1},
		// The first reference with the strictly highest F wins.
		{"best reference", "ab", []string{"xy", "ab", "ab"}, chrfOpts(1, 0, 2), []int{2, 2, 2}, 100, 0},
		// All F equal (0): the first reference's statistics.
		{"tie keeps the first", "ab", []string{"xyz", "zw"}, chrfOpts(1, 0, 2), []int{2, 3, 0}, 0, 0},
		// Clipping: a a a against a: one match of three.
		{"clipped", "aaa", []string{"a"}, chrfOpts(1, 0, 2), []int{3, 1, 1}, 500.0 / 7, 1e-13},
		// Python's lower(), final sigma included, on both sides.
		{"lowercase", "ΟΔΥΣΣΕΥΣ", []string{"οδυσσευς"}, lc, nil, 100, 0},
		{"mixed case", "ΟΔΥΣΣΕΥΣ", []string{"οδυσσευς"}, chrfOpts(6, 0, 2), nil, 0, 0},
		// Bytes that are not UTF-8 are characters of their own.
		{"invalid UTF-8", "\xff", []string{"\xfe"}, chrfOpts(1, 0, 2), []int{1, 1, 0}, 0, 0},
		{"invalid UTF-8 matches itself", "\xff", []string{"\xff"}, chrfOpts(1, 0, 2), []int{1, 1, 1}, 100, 0},
		// An empty hypothesis: nothing to average, score 0.
		{"empty hypothesis", "", []string{"ab"}, chrfOpts(2, 0, 2), []int{0, 2, 0, 0, 1, 0}, 0, 0},
	}
	for _, c := range cases {
		score, stats, err := scoring.SentenceChrF(c.hyp, c.refs, c.opt)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if c.stats != nil && !slices.Equal(stats, c.stats) {
			t.Errorf("%s: stats %v, want %v", c.name, stats, c.stats)
		}
		if c.tolerance >= 0 && math.Abs(score-c.score) > c.tolerance {
			t.Errorf("%s: score %v, want %v", c.name, score, c.score)
		}
	}
}

func TestChrFNames(t *testing.T) {
	for _, c := range []struct {
		opt        scoring.ChrFOptions
		name, sig  string
		short      string
		nrefs      int
		wantErrSub bool
	}{
		{opt: scoring.DefaultChrFOptions(), name: "chrF2", nrefs: 1,
			sig:   "nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:X",
			short: "#:1|c:mixed|e:yes|nc:6|nw:0|s:no|v:X"},
		{opt: scoring.ChrFOptions{CharOrder: 4, WordOrder: 3, Beta: 1, Lowercase: true, Whitespace: true, EpsSmoothing: true},
			name: "chrF1+++", nrefs: scoring.VariableRefs,
			sig:   "nrefs:var|case:lc|eff:no|nc:4|nw:3|space:yes|version:X",
			short: "#:var|c:lc|e:no|nc:4|nw:3|s:yes|v:X"},
	} {
		if got := c.opt.Name(); got != c.name {
			t.Errorf("Name() = %q, want %q", got, c.name)
		}
		if got := scoring.ChrFSignature(c.opt, c.nrefs, "X"); got != c.sig {
			t.Errorf("ChrFSignature = %q, want %q", got, c.sig)
		}
		if got := scoring.ChrFShortSignature(c.opt, c.nrefs, "X"); got != c.short {
			t.Errorf("ChrFShortSignature = %q, want %q", got, c.short)
		}
	}
}

func TestChrFBadInput(t *testing.T) {
	for _, o := range []scoring.ChrFOptions{
		{CharOrder: -1, Beta: 2}, {CharOrder: 0, WordOrder: 0, Beta: 2}, {CharOrder: 6, Beta: -1},
		{CharOrder: scoring.ChrFMaxOrder + 1, Beta: 2}, {CharOrder: 6, WordOrder: scoring.ChrFMaxOrder + 1, Beta: 2},
	} {
		if err := o.Validate(); !errors.Is(err, scoring.ErrBadOption) {
			t.Errorf("Validate(%+v) = %v, want ErrBadOption", o, err)
		}
		if _, err := scoring.NewChrFScorer(o); err == nil {
			t.Errorf("NewChrFScorer(%+v) accepted bad options", o)
		}
	}
	if _, _, err := scoring.SentenceChrF("a", nil, scoring.DefaultChrFOptions()); !errors.Is(err, scoring.ErrNoReference) {
		t.Errorf("SentenceChrF without references: %v, want ErrNoReference", err)
	}
	if _, _, err := scoring.CorpusChrF([]string{"a"}, nil, scoring.DefaultChrFOptions()); !errors.Is(err, scoring.ErrNoReference) {
		t.Errorf("CorpusChrF without references: %v, want ErrNoReference", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := scoring.ChrFCorpusStats(ctx, 10000, scoring.DefaultChrFOptions(), func(i int, out []string) (string, []string) {
		return "a", append(out, "a")
	})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled ChrFCorpusStats: %v", err)
	}
}

// TestChrFCorpusIsNotAMean checks that corpus chrF comes from summed
// statistics: two segments whose sentence scores are 100 and 0 give the
// F-score of the sums, not 50.
func TestChrFCorpusIsNotAMean(t *testing.T) {
	o := chrfOpts(1, 0, 2)
	score, stats, err := scoring.CorpusChrF([]string{"ab", "cd"}, [][]string{{"ab", "xyzw"}}, o)
	if err != nil {
		t.Fatal(err)
	}
	// Sums: hyp 2+2, ref 2+4, matches 2+0: P = 1/2, R = 1/3,
	// F2 = 5·(1/6)/(2+1/3) = 5/14.
	if want := []int{4, 6, 2}; !slices.Equal(stats, want) {
		t.Errorf("stats %v, want %v", stats, want)
	}
	if want := 500.0 / 14; math.Abs(score-want) > 1e-12 {
		t.Errorf("score %v, want %v", score, want)
	}
}

// TestChrFLargeBeta checks betas past 1000 against sacrebleu's arithmetic,
// where beta**2 and 1 + beta**2 are Python ints rounded once to a float
// where they meet one: the expected values are that formula evaluated in
// Python on the same statistics. Past 2^53, 1 + beta**2 added as floats
// would round twice (beta 123456789 would lose the last bit).
func TestChrFLargeBeta(t *testing.T) {
	st := []int{17, 19, 11, 16, 18, 7, 15, 17, 4, 14, 16, 2, 13, 15, 1, 12, 14, 0}
	for _, c := range []struct {
		beta int
		eps  bool
		want float64
	}{
		{2, false, 0x1.7c7b2669dd4d7p+4},
		{1001, false, 0x1.73f227c61e2aep+4},
		{1001, true, 0x1.73f227c5aeeb9p+4},
		{123456789, false, 0x1.73f2250b98520p+4},
		{987654321, false, 0x1.73f2250b9851fp+4},
		{scoring.ChrFMaxBeta, true, 0x1.73f2250b98520p+4},
	} {
		o := scoring.ChrFOptions{CharOrder: 6, Beta: c.beta, EpsSmoothing: c.eps}
		if err := o.Validate(); err != nil {
			t.Fatalf("beta %d: %v", c.beta, err)
		}
		if got := scoring.ChrFScore(st, o); got != c.want {
			t.Errorf("beta %d, eps smoothing %v: chrF %v (%x), want %v (%x)", c.beta, c.eps, got, got, c.want, c.want)
		}
	}
}

// TestChrFScoreSums checks the float path of the significance tests: on
// whole numbers it equals ChrFScore, and float32 divisions differ only in
// the last bits.
func TestChrFScoreSums(t *testing.T) {
	o := scoring.ChrFPlusPlusOptions()
	_, st, err := scoring.SentenceChrF("The cat is on the mat.", []string{"There is a cat on the mat."}, o)
	if err != nil {
		t.Fatal(err)
	}
	sums := make([]float64, len(st))
	for i, v := range st {
		sums[i] = float64(v)
	}
	exact := scoring.ChrFScore(st, o)
	if got := scoring.ChrFScoreSums(sums, o, false); got != exact {
		t.Errorf("ChrFScoreSums float64 = %v, ChrFScore = %v", got, exact)
	}
	f32 := scoring.ChrFScoreSums(sums, o, true)
	if f32 == exact || math.Abs(f32-exact) > 1e-5 {
		t.Errorf("float32 divisions give %v, float64 %v: want a difference in the last bits only", f32, exact)
	}
}
