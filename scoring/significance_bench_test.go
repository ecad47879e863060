package scoring_test

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/fixtures/conformance"
	"github.com/bleuscope/bleuscope/scoring"
)

// wmtDeEn returns the BLEU statistics of four WMT22 de-en systems against
// both references (1,984 segments), the first being the baseline.
func wmtDeEn(b *testing.B) (scoring.BLEUMetric, int, [][]float64) {
	b.Helper()
	txt := conformance.Corpora(b)
	read := func(name string) []string {
		data, err := os.ReadFile(filepath.Join(txt, name))
		if err != nil {
			b.Fatal(err)
		}
		return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	}
	refs := [][]string{
		read("references/generaltest2022.de-en.ref.A.en"),
		read("references/generaltest2022.de-en.ref.B.en"),
	}
	opt := scoring.DefaultOptions()
	m, err := scoring.NewBLEUMetric(opt)
	if err != nil {
		b.Fatal(err)
	}
	var stats [][]float64
	for _, sys := range []string{"JDExploreAcademy", "LT22", "Online-B", "PROMT"} {
		hyps := read("system-outputs/generaltest2022.de-en.hyp." + sys + ".en")
		st := make([]scoring.Stats, len(hyps))
		for i, h := range hyps {
			st[i], err = scoring.SentenceStats(h, []string{refs[0][i], refs[1][i]}, opt)
			if err != nil {
				b.Fatal(err)
			}
		}
		stats = append(stats, scoring.BLEUSegmentStatistics(st, opt.MaxOrder))
	}
	return m, len(refs[0]), stats
}

// synthetic returns plausible BLEU statistics of systems × segments
// segments (sentences of 5 to 60 tokens), the same on every call.
func synthetic(systems, segments int) [][]float64 {
	r := rand.New(rand.NewPCG(1, 2))
	var out [][]float64
	for range systems {
		st := make([]scoring.Stats, segments)
		for i := range st {
			h := 5 + r.IntN(56)
			st[i].HypLen, st[i].RefLen = h, max(1, h+r.IntN(11)-5)
			prev := h
			for n := range 4 {
				st[i].Totals[n] = max(h-n, 0)
				prev = min(prev, st[i].Totals[n], r.IntN(h+1))
				st[i].Matches[n] = prev
			}
		}
		out = append(out, scoring.BLEUSegmentStatistics(st, 4))
	}
	return out
}

func BenchmarkSigPairedBootstrapWMT(b *testing.B) {
	m, segs, stats := wmtDeEn(b)
	p := scoring.PairedTest[float64]{Metric: m, Segments: segs, Baseline: stats[0], Systems: stats[1:], Seed: scoring.DefaultSeed()}
	for b.Loop() {
		if _, err := scoring.PairedBootstrap(context.Background(), p); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSigPairedARWMT(b *testing.B) {
	m, segs, stats := wmtDeEn(b)
	p := scoring.PairedTest[float64]{Metric: m, Segments: segs, Baseline: stats[0], Systems: stats[1:], Seed: scoring.DefaultSeed()}
	for b.Loop() {
		if _, err := scoring.PairedApproxRandomization(context.Background(), p); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSigConfidenceWMT(b *testing.B) {
	m, segs, stats := wmtDeEn(b)
	for b.Loop() {
		if _, err := scoring.Confidence(context.Background(), m, segs, stats[0], 0, scoring.DefaultSeed()); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSigPairedBootstrap100k(b *testing.B) {
	m, _ := scoring.NewBLEUMetric(scoring.DefaultOptions())
	stats := synthetic(2, 100_000)
	p := scoring.PairedTest[float64]{Metric: m, Segments: 100_000, Baseline: stats[0], Systems: stats[1:], Seed: scoring.DefaultSeed()}
	for b.Loop() {
		if _, err := scoring.PairedBootstrap(context.Background(), p); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSigPairedAR100k(b *testing.B) {
	m, _ := scoring.NewBLEUMetric(scoring.DefaultOptions())
	stats := synthetic(2, 100_000)
	p := scoring.PairedTest[float64]{Metric: m, Segments: 100_000, Baseline: stats[0], Systems: stats[1:], Seed: scoring.DefaultSeed()}
	for b.Loop() {
		if _, err := scoring.PairedApproxRandomization(context.Background(), p); err != nil {
			b.Fatal(err)
		}
	}
}
