package scoring

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// benchCorpus returns an English corpus of about 100k segments with one
// reference each: en100k from shared/bench/make-corpora.sh when the
// BLEUSCOPE_BENCH_CORPORA folder holds it, else the WMT22 de-en lines
// repeated to 100k.
func benchCorpus(b *testing.B) (hyps, refs []string) {
	if dir := os.Getenv("BLEUSCOPE_BENCH_CORPORA"); dir != "" {
		read := func(name string) []string {
			data, err := os.ReadFile(filepath.Join(dir, "en100k", name))
			if err != nil {
				b.Fatal(err)
			}
			return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
		}
		return read("hyp.en"), read("ref.en")
	}
	h, r, _ := wmtDeEn(b)
	for len(hyps) < 100_000 {
		hyps, refs = append(hyps, h...), append(refs, r...)
	}
	return hyps[:100_000], refs[:100_000]
}

func benchChrFCorpus(b *testing.B, o ChrFOptions) {
	hyps, refs := benchCorpus(b)
	b.ReportAllocs()
	segs := 0
	for b.Loop() {
		_, err := ChrFCorpusStats(context.Background(), len(hyps), o, func(i int, out []string) (string, []string) {
			return hyps[i], append(out, refs[i])
		})
		if err != nil {
			b.Fatal(err)
		}
		segs += len(hyps)
	}
	b.ReportMetric(float64(segs)/b.Elapsed().Seconds(), "segments/s")
}

// BenchmarkChrFCorpus100k is corpus chrF2 on 100k English segments on all
// cores.
func BenchmarkChrFCorpus100k(b *testing.B) { benchChrFCorpus(b, DefaultChrFOptions()) }

// BenchmarkChrFPlusPlusCorpus100k is corpus chrF2++ on the same corpus.
func BenchmarkChrFPlusPlusCorpus100k(b *testing.B) { benchChrFCorpus(b, ChrFPlusPlusOptions()) }

// BenchmarkChrFSegment is one segment against one reference, one core.
func BenchmarkChrFSegment(b *testing.B) {
	hyps, refA, _ := wmtDeEn(b)
	s, _ := NewChrFScorer(ChrFPlusPlusOptions())
	refs := make([]string, 1)
	var st []int
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		refs[0] = refA[i]
		st = s.Segment(st[:0], hyps[i], refs)
		i = (i + 1) % len(hyps)
	}
}
