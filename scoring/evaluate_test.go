package scoring

import (
	"math"
	"slices"
	"testing"
)

// twoOrders is the statistics of a 4-token hypothesis against a 4-token
// reference with order 1..2 matches m1, m2 of 4 and 3 n-grams.
func twoOrders(m1, m2 int) Stats {
	st := Stats{HypLen: 4, RefLen: 4}
	st.Matches[0], st.Matches[1] = m1, m2
	st.Totals[0], st.Totals[1] = 4, 3
	return st
}

func TestWithoutSmoothing(t *testing.T) {
	o := opts(func(o *Options) { o.Smooth, o.SmoothValue, o.EffectiveOrder = SmoothAddK, 1, true })
	got := o.WithoutSmoothing()
	if got.Smooth != SmoothNone || got.SmoothValue != 0 || !got.EffectiveOrder || got.MaxOrder != 4 {
		t.Errorf("sacrebleu: %+v; want smoothing none, value 0, the rest kept", got)
	}
	if o.Smooth != SmoothAddK {
		t.Errorf("WithoutSmoothing changed its receiver: %+v", o)
	}
	n := opts(func(o *Options) { o.Compat = CompatNLTK; o.NLTK.Smoothing.Method = 4 })
	if got := n.WithoutSmoothing(); got.NLTK.Smoothing.Method != 0 || got.NLTK.Smoothing.K != 5 || got.Smooth != n.Smooth {
		t.Errorf("nltk: %+v; want method0, the parameters and sacrebleu's fields kept", got)
	}
}

func TestEvaluateUnsmoothed(t *testing.T) {
	tests := []struct {
		name       string
		st         Stats
		opt        Options
		smoothed   float64 // the score under opt
		unsmoothed float64 // the score without smoothing
	}{
		// p1 = 3/4, p2 = 0/3: exp smoothing puts 100/(2·3) in for p2,
		// so BLEU = √(75 · 50/3) = √1250; without it p2 = 0 and BLEU = 0.
		{"exp, a zero precision", twoOrders(3, 0), opts(func(o *Options) { o.MaxOrder = 2 }), math.Sqrt(1250), 0},
		// add-k with k = 1 makes p2 = 2/4; without it p2 = 1/3:
		// √(75 · 50) against √(75 · 100/3) = √2500 = 50.
		{"add-k", twoOrders(3, 1), opts(func(o *Options) { o.MaxOrder, o.Smooth, o.SmoothValue = 2, SmoothAddK, 1 }), math.Sqrt(3750), 50},
		// NLTK's method1 puts ε/3 = 0.1/3 in for p2: √(0.75 · 0.1/3) =
		// √0.025; method0 puts sys.float_info.min there instead:
		// √(0.75 · 2.2250738585072014e-308) ≈ 1.2918e-154.
		{"nltk method1", twoOrders(3, 0), opts(func(o *Options) {
			o.MaxOrder, o.Compat = 2, CompatNLTK
			o.NLTK.Smoothing.Method = 1
		}), math.Sqrt(0.025), math.Sqrt(0.75 * floatInfoMin)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			with, err := Evaluate(tt.st, tt.opt, LastSegment{})
			if err != nil {
				t.Fatal(err)
			}
			without, err := EvaluateUnsmoothed(tt.st, tt.opt)
			if err != nil {
				t.Fatal(err)
			}
			if !nltkClose(with.Score, tt.smoothed) {
				t.Errorf("Evaluate = %v; want %v", with.Score, tt.smoothed)
			}
			if !nltkClose(without.Score, tt.unsmoothed) {
				t.Errorf("EvaluateUnsmoothed = %v; want %v", without.Score, tt.unsmoothed)
			}
		})
	}
}

func TestNLTKBeforeSmoothing(t *testing.T) {
	// "It is" against a 6-token reference, of which it has both unigrams
	// and the bigram; NLTK counts the missing trigram as 0/1.
	st := Stats{HypLen: 2, RefLen: 6}
	st.Matches[0], st.Matches[1], st.Matches[2] = 2, 1, 0
	st.Totals[0], st.Totals[1], st.Totals[2] = 2, 1, 1
	r := NLTKBeforeSmoothing(st, 3)
	if want := []float64{1, 1, 0}; !slices.Equal(r.Precisions, want) {
		t.Errorf("precisions %v; want %v", r.Precisions, want)
	}
	if want := []float64{2, 1, 0}; !slices.Equal(r.Counts, want) {
		t.Errorf("counts %v; want %v", r.Counts, want)
	}
	// BP = exp(1 − 6/2) = exp(−2) ≈ 0.1353; ratio c/r = 1/3.
	if !nltkClose(r.BP, 0.1353352832366127) || r.Ratio != 2.0/6 {
		t.Errorf("BP %v ratio %v; want exp(−2) = 0.1353352832366127 and 1/3", r.BP, r.Ratio)
	}
	if r.Score != 0 || r.NLTK != nil || r.EffOrder != 3 || r.SysLen != 2 || r.RefLen != 6 || len(r.Smoothed) != 3 {
		t.Errorf("%+v; want no score, no NLTK steps, EffOrder 3, c = 2, r = 6", r)
	}
	// A hypothesis longer than its reference has NLTK's BP = 1.
	st.RefLen = 1
	if r := NLTKBeforeSmoothing(st, 3); r.BP != 1 {
		t.Errorf("c > r: BP %v; want 1", r.BP)
	}
}
