package scoring_test

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/bleuscope/bleuscope/scoring"
)

// fuzzCorpus turns fuzz bytes into two systems' BLEU statistics (1 to 12
// segments; each byte a sentence's length, matches and reference length)
// and a seed.
func fuzzCorpus(data []byte, seed uint64) (int, []float64, []float64) {
	segments := 1 + len(data)%12
	at := func(i int) int {
		if len(data) == 0 {
			return 0
		}
		return int(data[i%len(data)])
	}
	mk := func(off int) []float64 {
		st := make([]scoring.Stats, segments)
		for i := range st {
			h := at(off+3*i) % 20
			st[i].HypLen, st[i].RefLen = h, at(off+3*i+1)%20
			prev := h
			for n := range 4 {
				st[i].Totals[n] = max(h-n, 0)
				prev = min(prev, st[i].Totals[n], (at(off+3*i+2)>>n)%(h+1))
				st[i].Matches[n] = prev
			}
		}
		return scoring.BLEUSegmentStatistics(st, 4)
	}
	return segments, mk(0), mk(int(seed % 7))
}

// FuzzSigPaired checks on random small corpora that the tests never fail
// or panic, that 0 < p ≤ 1 and CI ≥ 0, and that every mean lies within
// the resampled scores (taken from the plain reference bootstrap): exactly
// for --confidence's correctly rounded mean, and within rounding (1e-13
// relative) for the paired tests' numpy mean, which sums before dividing:
// numpy's mean of equal scores can be one unit in the last place
// beyond them, and sacrebleu reports that value.
func FuzzSigPaired(f *testing.F) {
	f.Add([]byte{}, uint64(0))
	f.Add([]byte{1, 2, 3}, uint64(12345))
	f.Add([]byte("the cat sat on the mat"), uint64(1<<32))
	f.Add([]byte{255, 0, 255, 0, 19, 19, 19}, uint64(42))
	f.Fuzz(func(t *testing.T, data []byte, seed uint64) {
		segments, base, sys := fuzzCorpus(data, seed)
		m := bleuMetric(t)
		const n = 20 // below 40: the CI spans the whole resampled range
		p := scoring.PairedTest[float64]{Metric: m, Segments: segments, Baseline: base, Systems: [][]float64{sys}, N: n, Seed: scoring.SeedOf(seed), ARConfidence: n}
		ctx := context.Background()
		bs, err := scoring.PairedBootstrap(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		ar, err := scoring.PairedApproxRandomization(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		conf, err := scoring.Confidence(ctx, m, segments, sys, n, scoring.SeedOf(seed))
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []scoring.Comparison{bs.Systems[0], ar.Systems[0]} {
			if !(c.PValue > 0 && c.PValue <= 1) {
				t.Errorf("p = %v, want 0 < p ≤ 1", c.PValue)
			}
		}
		within := func(what string, e scoring.Estimate, stats []float64, slack float64) {
			if !(e.CI >= 0) {
				t.Errorf("%s: ci %v, want ≥ 0", what, e.CI)
			}
			ref := naiveBootstrap(m, segments, stats, n, seed)
			lo, hi := slices.Min(ref), slices.Max(ref)
			lo, hi = lo-slack*math.Abs(lo), hi+slack*math.Abs(hi)
			if !(e.Mean >= lo && e.Mean <= hi) || math.IsNaN(e.Mean) {
				t.Errorf("%s: mean %v outside the resampled %v..%v", what, e.Mean, lo, hi)
			}
		}
		within("bootstrap baseline", bs.Baseline, base, 1e-13)
		within("bootstrap system", bs.Systems[0].Estimate, sys, 1e-13)
		within("AR baseline", ar.Baseline, base, 1e-13)
		within("confidence", conf, sys, 0)
	})
}
