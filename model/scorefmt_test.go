package model

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/scoring"
)

// TestFormatScore: the formatter prints what fmt's %.2f / %.4f (and %+.2f
// / %+.4f for deltas) print, the forms every score output used before,
// but for a delta that reads 0 there, which has no sign (TestFormatDeltaZero),
// and a figure that is not finite (TestFormatNonFinite).
func TestFormatScore(t *testing.T) {
	for _, x := range []float64{0, 1, 28.3456, 99.995, 0.00004, -0.001, -12.5, math.Copysign(0, -1), -0.004} {
		for _, nltk := range []bool{false, true} {
			f, df := "%.2f", "%+.2f"
			if nltk {
				f, df = "%.4f", "%+.4f"
			}
			if got, want := FormatScore(x, nltk), fmt.Sprintf(f, x); got != want {
				t.Errorf("FormatScore(%v, %v) = %q; want %q", x, nltk, got, want)
			}
			if got, want := FormatDelta(x, nltk), fmt.Sprintf(df, x); got != want && !readsZero(x, ScoreDecimals(nltk)) && !math.IsNaN(x) {
				t.Errorf("FormatDelta(%v, %v) = %q; want %q", x, nltk, got, want)
			}
		}
	}
}

// TestFormatNonFinite: a score or difference that is not finite (a huge
// add-k or floor value makes one) is spelled as the score lines spell it,
// as Python does, not as Go's "+Inf" and "NaN" (the compare and buckets
// tables printed "+Inf" beside a score line's "inf"); a difference keeps
// its sign, and nan has none.
func TestFormatNonFinite(t *testing.T) {
	inf, nan := math.Inf(1), math.NaN()
	for _, nltk := range []bool{false, true} {
		for _, c := range []struct {
			x            float64
			score, delta string
		}{{inf, "inf", "+inf"}, {-inf, "-inf", "-inf"}, {nan, "nan", "nan"}} {
			if got := FormatScore(c.x, nltk); got != c.score {
				t.Errorf("FormatScore(%v, %v) = %q; want %q", c.x, nltk, got, c.score)
			}
			if got := FormatDelta(c.x, nltk); got != c.delta {
				t.Errorf("FormatDelta(%v, %v) = %q; want %q", c.x, nltk, got, c.delta)
			}
			if got := FormatImpact(c.x, ImpactDecimals(ImpactTop(slices.Values([]float64{c.x})), nltk)); got != c.delta {
				t.Errorf("FormatImpact(%v, %v) = %q; want %q", c.x, nltk, got, c.delta)
			}
		}
	}
}

// TestFormatDeltaZero: a delta that reads 0 at the scores' decimals has no
// sign, and does not read as a loss (ReadsLoss); before, NLTK's 0 against
// 1e-154 was "-0.0000", a loss beside a note saying there was none, and a
// tie "+0.00".
func TestFormatDeltaZero(t *testing.T) {
	for _, c := range []struct {
		d    float64
		nltk bool
		want string
		loss bool
	}{
		{-1e-154, true, "0.0000", false}, {0, false, "0.00", false}, {math.Copysign(0, -1), true, "0.0000", false},
		{-0.004, false, "0.00", false}, {0.004, false, "0.00", false}, {-0.006, false, "-0.01", true},
		{-0.00006, true, "-0.0001", true}, {0.00006, true, "+0.0001", false}, {math.NaN(), false, "nan", false},
	} {
		if got := FormatDelta(c.d, c.nltk); got != c.want {
			t.Errorf("FormatDelta(%v, %v) = %q; want %q", c.d, c.nltk, got, c.want)
		}
		if got := ReadsLoss(c.d, ScoreDecimals(c.nltk)); got != c.loss {
			t.Errorf("ReadsLoss(%v, %d) = %v; want %v", c.d, ScoreDecimals(c.nltk), got, c.loss)
		}
	}
}

// TestFormatSigned: a sign, unless the difference rounds to zero.
func TestFormatSigned(t *testing.T) {
	for _, c := range []struct {
		x    float64
		d    int
		want string
	}{{0, 1, "0.0"}, {-0.04, 1, "0.0"}, {0.04, 1, "0.0"}, {-0.06, 1, "-0.1"}, {12.34, 1, "+12.3"}, {-0.0004, 3, "0.000"}, {0.02, 5, "+0.02000"}} {
		if got := FormatSigned(c.x, c.d); got != c.want {
			t.Errorf("FormatSigned(%v, %d) = %q; want %q", c.x, c.d, got, c.want)
		}
	}
}

// TestPlusMinus: the half-widths are padded to the widest, so that the
// cells, right-aligned, put ± in line; a value without one stands alone.
func TestPlusMinus(t *testing.T) {
	got := PlusMinus([]string{"37.30", "–", "100.00", "8.07"}, []string{"13.40", "", "0.05", "1.41"})
	want := []string{"37.30 ± 13.40", "–", "100.00 ±  0.05", "8.07 ±  1.41"}
	if !slices.Equal(got, want) {
		t.Errorf("PlusMinus = %q; want %q", got, want)
	}
}

// TestFormatImpact: a column of impacts has one number of decimals, so
// that its figures line up and compare at a glance (wmt22 de-en's list
// mixed "-0.084" with "-9.8e-3" and "-1.6e-4"): enough for the largest to
// show three significant digits, at least three decimals of a BLEU point
// (five on NLTK's scale), at most six (eight), where a segment of a
// million, which moves the corpus score by ten-thousandths, still shows
// its cost; below that an impact reads 0, without a sign.
func TestFormatImpact(t *testing.T) {
	for _, c := range []struct {
		column []float64
		nltk   bool
		want   []string
	}{
		{[]float64{-0.084, -0.0098, -0.00016, 0.0021}, false, []string{"-0.0840", "-0.0098", "-0.0002", "+0.0021"}},
		{[]float64{-12.345, 0.25, -0.0123}, false, []string{"-12.345", "+0.250", "-0.012"}},
		{[]float64{-3.1e-4, -1.2e-5, 2e-7, -3.2e-12}, false, []string{"-0.000310", "-0.000012", "0.000000", "0.000000"}},
		{[]float64{math.Inf(-1), -0.5, math.NaN()}, false, []string{"-inf", "-0.500", "nan"}},
		{[]float64{0.02, -0.000004}, true, []string{"+0.02000", "0.00000"}},
		{[]float64{0.00012, -0.000004}, true, []string{"+0.000120", "-0.000004"}},
		{[]float64{0}, false, []string{"0.000"}},
	} {
		d := ImpactDecimals(ImpactTop(slices.Values(c.column)), c.nltk)
		for i, x := range c.column {
			if got := FormatImpact(x, d); got != c.want[i] {
				t.Errorf("column %v (nltk %v): FormatImpact(%v, %d) = %q; want %q", c.column, c.nltk, x, d, got, c.want[i])
			}
		}
	}
}

// TestZeroReason: a corpus score of 0 says which order made it so: one
// with no n-gram at all (its precision 0/0 ends the mean without
// effective order), one with no match that no smoothing lifted, or no
// match at all; a score above 0 says nothing. An order whose zero count
// smoothing lifted is not the reason: with exp, three tokens a line score
// 0 for having no 4-grams, where the explorer said "no 3-gram matched".
func TestZeroReason(t *testing.T) {
	none, exp := scoring.DefaultOptions(), scoring.DefaultOptions()
	none.Smooth = scoring.SmoothNone
	for _, c := range []struct {
		what string
		st   scoring.Stats
		opt  scoring.Options
		want string
	}{
		{"no 4-grams", zeroStats([4]int{3, 2, 1, 0}, [4]int{3, 2, 1, 0}), exp, "no 4-grams"},
		{"no 3-gram matched", zeroStats([4]int{4, 1, 0, 0}, [4]int{4, 3, 2, 1}), none, "no 3-gram matched"},
		{"no 3-gram matched, before no 4-grams", zeroStats([4]int{4, 1, 0, 0}, [4]int{6, 4, 2, 0}), none, "no 3-gram matched"},
		{"the 3-grams smoothed, no 4-grams", zeroStats([4]int{4, 1, 0, 0}, [4]int{6, 4, 2, 0}), exp, "no 4-grams"},
		{"nothing matched", zeroStats([4]int{}, [4]int{4, 3, 2, 1}), none, "nothing matched"},
		{"empty hypotheses", scoring.Stats{RefLen: 5}, exp, "the hypotheses are empty"},
		{"smoothed above 0", zeroStats([4]int{4, 1, 0, 0}, [4]int{4, 3, 2, 1}), exp, ""},
		{"every order matched", zeroStats([4]int{4, 3, 2, 1}, [4]int{4, 3, 2, 1}), none, ""},
	} {
		if got := ZeroReason(scoring.Compute(c.st, c.opt)); got != c.want {
			t.Errorf("%s: ZeroReason = %q; want %q", c.what, got, c.want)
		}
	}
}

// TestZeroReasonNLTK: an NLTK score that reads 0 at four decimals says
// why, as sacrebleu's 0 does: method0 leaves 6e-78 for a corpus with no
// 4-gram match, which NLTK's line prints as 0.0000 with no reason given
// before. Its totals are never 0 (each segment counts at least 1), so the
// reason is an order without a match, the first that has a weight.
func TestZeroReasonNLTK(t *testing.T) {
	nltk := func(weights ...float64) scoring.Options {
		o := scoring.DefaultOptions()
		o.Compat = scoring.CompatNLTK
		if weights != nil {
			o.MaxOrder, o.NLTK.Weights = len(weights), scoring.NewWeights(weights)
		}
		return o
	}
	method1 := nltk()
	method1.NLTK.Smoothing.Method = 1
	for _, c := range []struct {
		what string
		st   scoring.Stats
		opt  scoring.Options
		want string
	}{
		{"no 4-gram matched", zeroStats([4]int{4, 2, 1, 0}, [4]int{5, 4, 3, 2}), nltk(), "no 4-gram matched"},
		{"no 3-gram matched", zeroStats([4]int{4, 2, 0, 0}, [4]int{5, 4, 3, 2}), nltk(), "no 3-gram matched"},
		{"the 3-grams weigh nothing", zeroStats([4]int{4, 2, 0, 0}, [4]int{5, 4, 3, 2}), nltk(0.5, 0.5, 0, 1), "no 4-gram matched"},
		{"nothing matched", zeroStats([4]int{}, [4]int{5, 4, 3, 2}), nltk(), "nothing matched"},
		{"empty hypotheses", scoring.Stats{RefLen: 5, Totals: [scoring.MaxOrderLimit]int{1, 1, 1, 1}}, nltk(), "the hypotheses are empty"},
		{"smoothed to read above 0", zeroStats([4]int{4, 2, 1, 0}, [4]int{5, 4, 3, 2}), method1, ""},
		{"every order matched", zeroStats([4]int{4, 2, 1, 1}, [4]int{5, 4, 3, 2}), nltk(), ""},
	} {
		r, err := scoring.Evaluate(c.st, c.opt, scoring.LastSegment{})
		if err != nil {
			t.Fatalf("%s: %v", c.what, err)
		}
		if got := ZeroReason(r); got != c.want {
			t.Errorf("%s: ZeroReason = %q; want %q (score %g)", c.what, got, c.want, r.Score)
		}
	}
}

// zeroStats are corpus statistics of 5 tokens with the given matches and
// totals per order.
func zeroStats(matches, totals [4]int) scoring.Stats {
	st := scoring.Stats{HypLen: 5, RefLen: 5}
	copy(st.Matches[:], matches[:])
	copy(st.Totals[:], totals[:])
	return st
}

// TestZeroNote: a corpus BLEU of 0 says why, in the explorer's words, and
// which flags would score it above 0, each of which does (and the others
// do not), from CorpusScores (score) and Score (score --confidence)
// alike; a score above 0 says nothing.
func TestZeroNote(t *testing.T) {
	ds := memDataset(nil, [][]string{{"a b c", "d e f g h"}},
		System{Name: "short", Hyps: []string{"a b x", "d y f"}}, System{Name: "fine", Hyps: []string{"a b c", "d e f g h"}})
	addK := func(o *scoring.Options) { o.Smooth, o.SmoothValue = scoring.SmoothAddK, 1 }
	effective := func(o *scoring.Options) { o.EffectiveOrder = true }
	exp := func(o *scoring.Options) { o.Smooth = scoring.SmoothExp }
	for _, c := range []struct {
		smooth, want string
		lift, keep   []func(*scoring.Options)
	}{
		{scoring.SmoothExp, "BLEU is 0 (no 4-grams); --smooth add-k or --effective-order would score it above 0", []func(*scoring.Options){addK, effective}, nil},
		{scoring.SmoothNone, "BLEU is 0 (no 3-gram matched); --smooth add-k would score it above 0", []func(*scoring.Options){addK}, []func(*scoring.Options){exp, effective}},
	} {
		set := DefaultSettings()
		set.Corpus.Smooth = c.smooth
		corpus, err := CorpusScores(context.Background(), ds, set)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range []*Scored{corpus, mustScore(t, ds, set)} {
			if got := s.ZeroNote(ds, 0); got != c.want {
				t.Errorf("smooth %s: ZeroNote = %q; want %q", c.smooth, got, c.want)
			}
			if got := s.ZeroNote(ds, 1); got != "" {
				t.Errorf("smooth %s: a score above 0 has the note %q", c.smooth, got)
			}
		}
		for i, fixes := range [][]func(*scoring.Options){c.lift, c.keep} {
			for _, fix := range fixes {
				o := set.Corpus
				fix(&o)
				if lifted := scoring.Score(corpus.Systems[0].sum, o) > 0; lifted != (i == 0) {
					t.Errorf("smooth %s: under %+v the score is above 0: %v; want %v", c.smooth, o, lifted, i == 0)
				}
			}
		}
	}
}

// TestZeroNoteNLTK: an NLTK corpus score that reads 0.0000 says why and
// names NLTK's flags that make it read above 0: the smoothing methods that
// do (method6 raises without a 3-gram match, so it is not named then),
// --auto-reweigh on a corpus of fewer than 4 tokens, and even weights over
// the orders that matched. Every flag named, and only those, is checked
// against NLTK's corpus_bleu on the tokens, from CorpusScores (score) and
// Score alike. Before, such a score had no note at all.
func TestZeroNoteNLTK(t *testing.T) {
	refs := [][]string{{"a b c", "d e f g h"}}
	for _, c := range []struct {
		hyps    []string
		want    string
		methods []int     // the methods named
		reweigh bool      // --auto-reweigh named
		weights []float64 // the --weights named
	}{
		{[]string{"a b x", "d y f"},
			"BLEU reads 0.0000 (no 3-gram matched); --nltk-smoothing 1, 2, 3, 4, 5 or 7 or --weights 0.5,0.5 would score it above 0.0000",
			[]int{1, 2, 3, 4, 5, 7}, false, []float64{0.5, 0.5}},
		{[]string{"a b c", ""},
			"BLEU reads 0.0000 (no 4-gram matched); --nltk-smoothing 1, 2, 3, 4, 5, 6 or 7, --auto-reweigh or --weights 0.33,0.33,0.33 would score it above 0.0000",
			[]int{1, 2, 3, 4, 5, 6, 7}, true, []float64{0.33, 0.33, 0.33}},
		{[]string{"x y z", "q"}, "BLEU reads 0.0000 (nothing matched)", nil, false, nil},
		{[]string{"a b c", "d e f g h"}, "", nil, false, nil},
	} {
		ds := memDataset(nil, refs, System{Name: "sys", Hyps: c.hyps})
		set := DefaultSettings().WithOption(func(o *scoring.Options) { o.Compat = scoring.CompatNLTK })
		corpus, err := CorpusScores(context.Background(), ds, set)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range []*Scored{corpus, mustScore(t, ds, set)} {
			if got := s.ZeroNote(ds, 0); got != c.want {
				t.Errorf("%q: ZeroNote = %q; want %q", c.hyps, got, c.want)
			}
		}
		if c.want == "" { // reads above 0 already: no flag to name
			continue
		}
		// NLTK's corpus_bleu on the tokens, apart from the statistics.
		var hyps [][]string
		var segRefs [][][]string
		for i, h := range c.hyps {
			hyps = append(hyps, strings.Fields(h))
			segRefs = append(segRefs, [][]string{strings.Fields(refs[0][i])})
		}
		even := []float64{0.25, 0.25, 0.25, 0.25}
		readsAbove := func(w []float64, method int, reweigh bool) bool {
			sm := scoring.DefaultNLTKSmoothing()
			sm.Method = method
			got, err := scoring.NLTKCorpusBLEU(segRefs, hyps, w, sm, reweigh)
			return err == nil && got.Value >= 0.00005
		}
		for m := 1; m <= scoring.MaxNLTKMethod; m++ {
			if lifts := readsAbove(even, m, false); lifts != slices.Contains(c.methods, m) {
				t.Errorf("%q: method%d makes the score read above 0: %v, against the note", c.hyps, m, lifts)
			}
		}
		if lifts := readsAbove(even, 0, true); lifts != c.reweigh {
			t.Errorf("%q: auto_reweigh makes the score read above 0: %v, against the note", c.hyps, lifts)
		}
		if c.weights != nil && !readsAbove(c.weights, 0, false) {
			t.Errorf("%q: the weights %v named leave the score reading 0", c.hyps, c.weights)
		}
	}
}
