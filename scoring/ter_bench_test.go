package scoring

import (
	"context"
	"testing"
)

// BenchmarkTERCorpus100k is corpus TER on 100k English segments with one
// reference on all cores (see benchCorpus).
func BenchmarkTERCorpus100k(b *testing.B) {
	hyps, refs := benchCorpus(b)
	b.ReportAllocs()
	segs := 0
	for b.Loop() {
		_, err := TERCorpusStats(context.Background(), len(hyps), TEROptions{}, func(i int, out []string) (string, []string) {
			return hyps[i], append(out, refs[i])
		})
		if err != nil {
			b.Fatal(err)
		}
		segs += len(hyps)
	}
	b.ReportMetric(float64(segs)/b.Elapsed().Seconds(), "segments/s")
}

// BenchmarkTERSegment is one WMT22 de-en segment against its two
// references, one core.
func BenchmarkTERSegment(b *testing.B) {
	hyps, refA, refB := wmtDeEn(b)
	s := NewTERScorer(TEROptions{})
	refs := make([]string, 2)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		refs[0], refs[1] = refA[i], refB[i]
		if _, err := s.Segment(hyps[i], refs); err != nil {
			b.Fatal(err)
		}
		i = (i + 1) % len(hyps)
	}
}
