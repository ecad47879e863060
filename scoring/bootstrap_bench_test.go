package scoring

import (
	"context"
	"math/rand/v2"
	"testing"
)

// chrfLikeCounts returns chrF-shaped counts of two systems over segments
// segments (orders character orders): per order the hypothesis and
// reference n-grams of lines of 20 to 200 characters and the matches,
// falling with the order; the references' counts are the same for both.
func chrfLikeCounts(segments, orders int) (base, sys []uint32) {
	r := rand.New(rand.NewPCG(1, 2))
	w := 3 * orders
	base, sys = make([]uint32, segments*w), make([]uint32, segments*w)
	for i := range segments {
		ref := 20 + r.IntN(180)
		for _, st := range [][]uint32{base, sys} {
			hyp := max(1, ref+r.IntN(21)-10)
			m := r.IntN(min(hyp, ref) + 1)
			for n := range orders {
				h, rf := max(hyp-n, 0), max(ref-n, 0)
				m = min(m, h, rf)
				row := st[i*w+3*n:]
				row[0], row[1], row[2] = uint32(h), uint32(rf), uint32(m)
				m = m * 9 / 10
			}
		}
	}
	return base, sys
}

// BenchmarkSigPairedBootstrapChrF1M is chrF's paired bootstrap on a
// million segments, whose resample sums pass 2^24: 20 resamples of the
// 1000 (cpu-s/op is for those 20).
func BenchmarkSigPairedBootstrapChrF1M(b *testing.B) {
	m, err := NewChrFMetric(DefaultChrFOptions())
	if err != nil {
		b.Fatal(err)
	}
	const segments = 1_000_000
	base, sys := chrfLikeCounts(segments, 6)
	p := PairedTest[uint32]{Metric: m, Segments: segments, Baseline: base, Systems: [][]uint32{sys}, N: 20, Seed: DefaultSeed}
	b.ReportAllocs()
	start := cpuTime()
	for b.Loop() {
		if _, err := PairedBootstrap(context.Background(), p); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric((cpuTime()-start).Seconds()/float64(b.N), "cpu-s/op")
}
