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
	base, sys := chrfLikeCounts(million, 6)
	benchPairedBootstrap1M(b, m, base, sys)
}

// million is the segments of the benchmarks of a million segments.
const million = 1_000_000

// benchPairedBootstrap1M times 20 resamples of metric m's paired
// bootstrap of sys against base, counts of a million segments, reporting
// their CPU time (cpu-s/op).
func benchPairedBootstrap1M(b *testing.B, m Metric, base, sys []uint32) {
	p := PairedTest[uint32]{Metric: m, Segments: million, Baseline: base, Systems: [][]uint32{sys}, N: 20, Seed: DefaultSeed()}
	b.ReportAllocs()
	start := cpuTime()
	for b.Loop() {
		if _, err := PairedBootstrap(context.Background(), p); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric((cpuTime()-start).Seconds()/float64(b.N), "cpu-s/op")
}

// bleuLikeCounts returns BLEU-shaped counts (maximum order 4) of two
// systems over segments segments of 5 to 60 tokens, scored against one
// reference, whose lengths are then the same for both.
func bleuLikeCounts(segments int) (base, sys []uint32) {
	r := rand.New(rand.NewPCG(3, 4))
	const w = 10
	base, sys = make([]uint32, segments*w), make([]uint32, segments*w)
	for i := range segments {
		ref := 5 + r.IntN(56)
		for _, st := range [][]uint32{base, sys} {
			hyp := max(1, ref+r.IntN(11)-5)
			row := st[i*w : (i+1)*w]
			row[0], row[1] = uint32(hyp), uint32(ref)
			m := r.IntN(hyp + 1)
			for n := range 4 {
				total := max(hyp-n, 0)
				m = min(m, total)
				row[2+n], row[6+n] = uint32(m), uint32(total)
				m = m * 7 / 10
			}
		}
	}
	return base, sys
}

// BenchmarkSigPairedBootstrapBLEU1M is BLEU's paired bootstrap on a
// million segments, whose resample sums pass 2^24: 20 resamples of the
// 1000 (cpu-s/op is for those 20).
func BenchmarkSigPairedBootstrapBLEU1M(b *testing.B) {
	m, err := NewBLEUMetric(DefaultOptions())
	if err != nil {
		b.Fatal(err)
	}
	base, sys := bleuLikeCounts(million)
	benchPairedBootstrap1M(b, m, base, sys)
}
