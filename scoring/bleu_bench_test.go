package scoring

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// wmtDeEn returns the WMT22 de-en hypotheses of one system and its two
// references, or skips when ../shared is absent.
func wmtDeEn(b *testing.B) (hyps, refA, refB []string) {
	txt := sharedDir(b, "corpora", "wmt22", "txt")
	read := func(p string) []string {
		data, err := os.ReadFile(filepath.Join(txt, p))
		if err != nil {
			b.Fatal(err)
		}
		return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	}
	return read("system-outputs/generaltest2022.de-en.hyp.Online-B.en"),
		read("references/generaltest2022.de-en.ref.A.en"),
		read("references/generaltest2022.de-en.ref.B.en")
}

func BenchmarkSegmentStats(b *testing.B) {
	hyps, refA, _ := wmtDeEn(b)
	s, err := NewScorer(DefaultOptions())
	if err != nil {
		b.Fatal(err)
	}
	refs := make([]string, 1)
	b.ReportAllocs()
	segs := 0
	for b.Loop() {
		for i := range hyps {
			refs[0] = refA[i]
			s.Segment(hyps[i], refs)
		}
		segs += len(hyps)
	}
	b.ReportMetric(float64(segs)/b.Elapsed().Seconds(), "segments/s")
}

func BenchmarkExplain(b *testing.B) {
	hyps, refA, refB := wmtDeEn(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := Explain(hyps[i], []string{refA[i], refB[i]}, DefaultOptions()); err != nil {
			b.Fatal(err)
		}
		i = (i + 1) % len(hyps)
	}
}

func BenchmarkCorpusWMT22(b *testing.B) {
	hyps, refA, refB := wmtDeEn(b)
	var bytes int64
	for i := range hyps {
		bytes += int64(len(hyps[i]) + len(refA[i]) + len(refB[i]))
	}
	b.SetBytes(bytes)
	b.ReportAllocs()
	segs := 0
	for b.Loop() {
		_, err := CorpusStats(context.Background(), len(hyps), DefaultOptions(), func(i int, out []string) (string, []string) {
			return hyps[i], append(out, refA[i], refB[i])
		})
		if err != nil {
			b.Fatal(err)
		}
		segs += len(hyps)
	}
	b.ReportMetric(float64(segs)/b.Elapsed().Seconds(), "segments/s")
}

func BenchmarkCompute(b *testing.B) {
	st, _ := SentenceStats(papineniHyp, papineniRefs, DefaultOptions())
	b.ReportAllocs()
	for b.Loop() {
		Compute(st, DefaultOptions())
	}
}
