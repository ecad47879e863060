package model

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/fixtures/heapsample"
	"github.com/bleuscope/bleuscope/scoring"
)

// benchCorpus1M loads hyp.en and ref.en of en1m inside
// $BLEUSCOPE_BENCH_CORPORA (the output of the shared make-corpora.sh;
// BLEUSCOPE_BENCH_NAME picks another folder), or skips when unset.
func benchCorpus1M(b *testing.B) *Dataset {
	dir := os.Getenv("BLEUSCOPE_BENCH_CORPORA")
	if dir == "" {
		b.Skip("BLEUSCOPE_BENCH_CORPORA is not set (a folder made by make-corpora.sh)")
	}
	name := "en1m"
	if n := os.Getenv("BLEUSCOPE_BENCH_NAME"); n != "" {
		name = n
	}
	ds, err := Load(Input{Systems: []string{filepath.Join(dir, name, "hyp.en")}, Refs: []string{filepath.Join(dir, name, "ref.en")}})
	if err != nil {
		b.Fatal(err)
	}
	return ds
}

// reportCPU reports the CPU time per operation (user and system, all
// threads) when the returned function is called: on a machine shared with
// other work it varies less than the wall time.
func reportCPU(b *testing.B) func() {
	start := cpuTime()
	return func() {
		b.ReportMetric((cpuTime()-start).Seconds()/float64(b.N), "cpu-s/op")
	}
}

// BenchmarkAnalysis1M measures the analysis of 1M segments against score
// on the same corpus, and what the explorer does with it afterwards.
func BenchmarkAnalysis1M(b *testing.B) {
	ds := benchCorpus1M(b)
	set := DefaultSettings()
	var scored *Scored
	b.Run("score", func(b *testing.B) {
		defer reportCPU(b)()
		for b.Loop() {
			scored = nil
			runtime.GC()
			var err error
			if scored, err = Score(context.Background(), ds, set, nil); err != nil {
				b.Fatal(err)
			}
		}
	})
	var a *Analysis
	b.Run("analyze", func(b *testing.B) {
		var before runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		defer reportCPU(b)()
		for b.Loop() {
			a = nil
			runtime.GC()
			var err error
			if a, err = Analyze(context.Background(), ds, set, 0, nil); err != nil {
				b.Fatal(err)
			}
		}
		var after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&after)
		b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/1e6, "MB-kept")

		b.ReportMetric(float64(a.Counts.Len()), "ngrams")
	})
	if a == nil || scored == nil {
		return
	}
	b.Run("analyze_peak_heap", func(b *testing.B) {
		// The most the heap held on the way, over what it held before: live
		// objects and garbage not yet collected, sampled every millisecond.
		a = nil
		runtime.GC()
		var before runtime.MemStats
		runtime.ReadMemStats(&before)
		var most uint64
		for b.Loop() {
			a = nil
			runtime.GC()
			stop := heapsample.Start()
			var err error
			if a, err = Analyze(context.Background(), ds, set, 0, nil); err != nil {
				b.Fatal(err)
			}
			most = max(most, stop())
		}
		b.ReportMetric(float64(most-before.HeapAlloc)/1e6, "MB-peak")
	})
	tok, _ := scoring.NewTokenizer("13a")
	for _, text := range []string{"the", "of the", "the United States"} {
		g, ok := a.Counts.Lookup(scoring.Preprocess(tok, false, nil, text))
		if !ok {
			b.Fatalf("%q is not in the corpus", text)
		}
		// What a drill-down does: the segments, sorted worst first as the
		// list shows them, and their corpus BLEU for the header (the
		// explorer sorts and sums at once; here one after the other).
		b.Run("open_matched_"+text, func(b *testing.B) {
			defer reportCPU(b)()
			for b.Loop() {
				segs := a.SegmentsOf(0, scoring.Matched, g)
				if rows, _ := scored.RowsImpact(ds, View{Other: -1}, segs); len(rows) != len(segs) {
					b.Fatalf("%d rows of %d segments", len(rows), len(segs))
				}
				if _, err := scored.Subset(ds, 0, segs); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	b.Run("rank_top20_all_kinds_orders", func(b *testing.B) {
		defer reportCPU(b)()
		for b.Loop() {
			if _, err := rankAll(a, 0, Kinds, []int{1, 2, 3, 4}, 20); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("buckets_all", func(b *testing.B) {
		defer reportCPU(b)()
		for b.Loop() {
			for _, by := range BucketBys {
				if _, err := scored.Buckets(ds, 0, by, BucketOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	for _, q := range []string{"house", `"the house"`, "bleu<10 len>30", "/[0-9]{4}/"} {
		query, err := ParseQuery(q)
		if err != nil {
			b.Fatal(err)
		}
		b.Run("query_"+q, func(b *testing.B) {
			defer reportCPU(b)()
			for b.Loop() {
				if _, err := scored.QueryRows(ds, query, 0, -1, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkAnalyzeWMT22 is the analysis of WMT22 de-en with two systems
// and both references, the size the explorer should handle at once.
func BenchmarkAnalyzeWMT22(b *testing.B) {
	ds := benchWMT22(b)
	b.ReportAllocs()
	defer reportCPU(b)()
	for b.Loop() {
		a, err := Analyze(context.Background(), ds, DefaultSettings(), 0, nil)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := rankAll(a, 1, Kinds, []int{1, 2, 3, 4}, 20); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRankWMT22 is the ranking part of [BenchmarkAnalyzeWMT22]: the
// top 20 of every kind and order of one system, with their lines.
func BenchmarkRankWMT22(b *testing.B) {
	a, err := Analyze(context.Background(), benchWMT22(b), DefaultSettings(), 0, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	defer reportCPU(b)()
	for b.Loop() {
		if _, err := rankAll(a, 1, Kinds, []int{1, 2, 3, 4}, 20); err != nil {
			b.Fatal(err)
		}
	}
}

// benchWMT22 loads WMT22 de-en with two systems and both references.
func benchWMT22(b *testing.B) *Dataset {
	txt := sharedDir(b, "corpora", "wmt22", "txt")
	in := Input{Refs: []string{
		filepath.Join(txt, "references", "generaltest2022.de-en.ref.A.en"),
		filepath.Join(txt, "references", "generaltest2022.de-en.ref.B.en"),
	}}
	for _, s := range []string{"JDExploreAcademy", "LT22"} {
		in.Systems = append(in.Systems, filepath.Join(txt, "system-outputs", "generaltest2022.de-en.hyp."+s+".en"))
	}
	ds, err := Load(in)
	if err != nil {
		b.Fatal(err)
	}
	return ds
}

// BenchmarkRankTies ranks the top 20 of every kind and order of random
// words (20k segments of 20 words of 50k, hypothesis and reference
// drawn apart): nearly every n-gram above the unigrams is there once, so
// nearly every candidate ties with the last of its ranking, and only the
// text can tell them apart. The bytes allocated (B/op) are those of the
// rankings' top rows whatever the ties.
func BenchmarkRankTies(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	vocab := make([]string, 50000)
	for i := range vocab {
		vocab[i] = fmt.Sprintf("w%x", rng.Uint64())
	}
	lines := func() []string {
		out := make([]string, 20000)
		w := make([]string, 20)
		for i := range out {
			for j := range w {
				w[j] = vocab[rng.IntN(len(vocab))]
			}
			out[i] = strings.Join(w, " ")
		}
		return out
	}
	ds := memDataset(nil, [][]string{lines()}, System{Name: "random", Hyps: lines()})
	a, err := Analyze(context.Background(), ds, DefaultSettings(), 0, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	defer reportCPU(b)()
	for b.Loop() {
		if _, err := rankAll(a, 0, Kinds, []int{1, 2, 3, 4}, 20); err != nil {
			b.Fatal(err)
		}
	}
}
