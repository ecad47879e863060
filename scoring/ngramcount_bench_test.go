package scoring

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// ngramBenchCorpus reads hyp.en and ref.en of the corpus folder name inside
// $BLEUSCOPE_BENCH_CORPORA (the output of the shared make-corpora.sh), or
// skips when that variable is unset.
func ngramBenchCorpus(b *testing.B, name string) corpus {
	dir := os.Getenv("BLEUSCOPE_BENCH_CORPORA")
	if dir == "" {
		b.Skip("BLEUSCOPE_BENCH_CORPORA is not set (a folder made by make-corpora.sh)")
	}
	read := func(p string) []string {
		data, err := os.ReadFile(filepath.Join(dir, name, p))
		if err != nil {
			b.Fatal(err)
		}
		return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	}
	hyps, refs := read("hyp.en"), read("ref.en")
	c := corpus{hyps: [][]string{hyps}, refs: make([][]string, len(refs))}
	for i, r := range refs {
		c.refs[i] = []string{r}
	}
	return c
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

// BenchmarkCountNGrams1M compares the n-gram pass on 1M segments with
// summing the BLEU statistics of the same corpus (what score does).
func BenchmarkCountNGrams1M(b *testing.B) {
	name := "en1m"
	if n := os.Getenv("BLEUSCOPE_BENCH_NAME"); n != "" {
		name = n
	}
	c := ngramBenchCorpus(b, name)
	b.Run("corpus_stats", func(b *testing.B) {
		defer reportCPU(b)()
		for b.Loop() {
			if _, err := CorpusStats(context.Background(), len(c.refs), DefaultOptions(), func(i int, refs []string) (string, []string) {
				return c.hyps[0][i], append(refs, c.refs[i]...)
			}); err != nil {
				b.Fatal(err)
			}
		}
	})
	var counts *NGramCounts
	b.Run("count_ngrams", func(b *testing.B) {
		b.ReportAllocs()
		defer reportCPU(b)()
		for b.Loop() {
			counts = nil
			runtime.GC()
			var err error
			if counts, err = CountNGrams(context.Background(), len(c.refs), 1, DefaultOptions(), 0, c.source(), nil); err != nil {
				b.Fatal(err)
			}
		}
		var ms runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&ms)
		b.ReportMetric(float64(counts.Bytes())/1e6, "MB-held")
		b.ReportMetric(float64(ms.HeapAlloc)/1e6, "MB-heap")
		b.ReportMetric(float64(counts.Len()), "ngrams")
	})
	if counts == nil {
		return
	}
	// The first 20 segments of every n-gram and kind (ngrams --top 0),
	// and of every fourth n-gram (requests enough to number the corpus
	// again, with most of its n-grams not asked for), and the memory it
	// takes (B/op: the lists and what finds them).
	for _, every := range []int{1, 4} {
		name := "lines_of_all"
		if every > 1 {
			name = fmt.Sprintf("lines_of_1_in_%d", every)
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			var reqs []KindID
			for g := 0; g < counts.Len(); g += every {
				for k := range Kind(NumKinds) {
					if counts.Count(0, k, g) > 0 {
						reqs = append(reqs, KindID{k, g})
					}
				}
			}
			defer reportCPU(b)()
			for b.Loop() {
				counts.SegmentsOfKinds(0, reqs, 20)
			}
			b.ReportMetric(float64(len(reqs)), "requests")
		})
	}
	tok, _ := NewTokenizer("13a")
	for _, text := range []string{"the", "of the", "in the united states", "zebra"} {
		g, ok := counts.Lookup(Preprocess(tok, false, nil, text))
		if !ok {
			continue
		}
		b.Run("open_"+strings.ReplaceAll(text, " ", "_"), func(b *testing.B) {
			defer reportCPU(b)()
			for b.Loop() {
				counts.SegmentsOf(0, Matched, g, 0)
			}
		})
	}
}
