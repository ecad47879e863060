package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/fixtures"
	"github.com/bleuscope/bleuscope/fixtures/conformance"
	"github.com/bleuscope/bleuscope/fixtures/heapsample"
	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
)

// benchRun runs the command line with its output discarded, failing the
// benchmark on a non-zero status.
func benchRun(b *testing.B, stdin string, args ...string) {
	b.Helper()
	if code := Run(args, strings.NewReader(stdin), io.Discard, io.Discard); code != 0 {
		b.Fatalf("%q: status %d", args, code)
	}
}

// wmtDeEn returns the WMT22 de-en Online-B output and both references, or
// skips the benchmark when ../shared is absent.
func wmtDeEn(b *testing.B) (hyp, refA, refB string) {
	dir := conformance.Corpora(b)
	hyp = filepath.Join(dir, "system-outputs", "generaltest2022.de-en.hyp.Online-B.en")
	if code := Run([]string{"score", hyp, "-r", hyp}, strings.NewReader(""), io.Discard, io.Discard); code != 0 {
		b.Skip("WMT22 text files not found in ../shared/corpora/wmt22/txt")
	}
	return hyp,
		filepath.Join(dir, "references", "generaltest2022.de-en.ref.A.en"),
		filepath.Join(dir, "references", "generaltest2022.de-en.ref.B.en")
}

// BenchmarkScoreCommand is "bleuscope score" on WMT22 de-en (1,984
// segments, two references): loading, scoring and printing.
func BenchmarkScoreCommand(b *testing.B) {
	hyp, refA, refB := wmtDeEn(b)
	b.ReportAllocs()
	for b.Loop() {
		benchRun(b, "", "score", hyp, "-r", refA, "-r", refB)
	}
}

// BenchmarkSegmentsCommand is "bleuscope segments --format jsonl" on the
// same data.
func BenchmarkSegmentsCommand(b *testing.B) {
	hyp, refA, refB := wmtDeEn(b)
	b.ReportAllocs()
	for b.Loop() {
		benchRun(b, "", "segments", "--format", "jsonl", hyp, "-r", refA, "-r", refB)
	}
}

// BenchmarkTokenizeCommand streams the demo references, repeated to about
// 1 MB, through "bleuscope tokenize -t 13a".
func BenchmarkTokenizeCommand(b *testing.B) {
	ref, err := fixtures.Demo.ReadFile(fixtures.DemoRefA)
	if err != nil {
		b.Fatal(err)
	}
	in := strings.Repeat(string(ref), 1<<20/len(ref))
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		benchRun(b, in, "tokenize", "-t", "13a")
	}
}

// BenchmarkDemoReport is bare "bleuscope" with stdout not a terminal: the
// demo corpus loaded, scored and reported.
func BenchmarkDemoReport(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		benchRun(b, "")
	}
}

// BenchmarkNGramsText is the text table of one ranking of 200,000 rows, as
// "ngrams --top 0" writes each: counts from 2,000,000 down (seven digits,
// written in groups of three), a few segments and line numbers each.
func BenchmarkNGramsText(b *testing.B) {
	rows := make([]model.NGramRow, 200_000)
	for i := range rows {
		rows[i] = model.NGramRow{NGram: "word" + strconv.Itoa(i%5000) + " next", Count: int64(2_000_000 - 10*i), Segments: 1 + i%1200, Lines: []int{3, 1090, 20417}}
	}
	seq := func(yield func(model.NGramRow) bool) {
		for _, r := range rows {
			if !yield(r) {
				return
			}
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := writeNGramsText(io.Discard, "sys", scoring.Matched, 2, seq); err != nil {
			b.Fatal(err)
		}
	}
}

// bigMQM writes to dir a WMT MQM TSV of copies times the shared WMT21 TED
// zh-en file (9,915 rows), each copy's systems and documents renamed
// ("Borderline-3", "talk.2.3") so that no row repeats another, and
// returns its path; it skips the benchmark when ../shared is absent.
func bigMQM(b *testing.B, dir string, copies int) string {
	data, err := os.ReadFile(conformance.Shared(b, "corpora", "mqm", "mqm_ted_zhen.tsv"))
	if err != nil {
		b.Fatal(err)
	}
	head, body, _ := strings.Cut(string(data), "\n")
	rows := strings.Split(strings.TrimSuffix(body, "\n"), "\n")
	var out strings.Builder
	out.WriteString(head + "\n")
	for k := range copies {
		for _, r := range rows {
			system, rest, _ := strings.Cut(r, "\t")
			doc, rest, _ := strings.Cut(rest, "\t")
			fmt.Fprintf(&out, "%s-%d\t%s.%d\t%s\n", system, k, doc, k, rest)
		}
	}
	path := filepath.Join(dir, "big.tsv")
	if err := os.WriteFile(path, []byte(out.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	return path
}

// peakHeap runs f and returns the most the heap held while it ran over
// what it held before (live objects and garbage not yet collected,
// sampled every millisecond), in MB.
func peakHeap(f func()) float64 {
	runtime.GC()
	before := heapsample.Now()
	stop := heapsample.Start()
	f()
	most := stop()
	return float64(most-min(before, most)) / 1e6
}

// BenchmarkAnnotationsImport is "annotations import" of a WMT MQM TSV of
// 99,150 rows (26 MB) into a new annotation file, then into the file made
// (every row there already), then "annotations summary" of the TSV and of
// the annotation file: MB-peak is the most the heap held over what it
// held before, B/op what was allocated.
func BenchmarkAnnotationsImport(b *testing.B) {
	dir := b.TempDir()
	tsv := bigMQM(b, dir, 10)
	ann := filepath.Join(dir, "big.ann")
	b.Run("import", func(b *testing.B) {
		b.ReportAllocs()
		var most float64
		for b.Loop() {
			os.Remove(ann)
			most = max(most, peakHeap(func() { benchRun(b, "", "annotations", "import", "--annotations", ann, tsv) }))
		}
		b.ReportMetric(most, "MB-peak")
	})
	b.Run("import_again", func(b *testing.B) { // into the file made: every row there already
		if _, err := os.Stat(ann); err != nil {
			b.Skip("no annotation file: the import did not run")
		}
		b.ReportAllocs()
		var most float64
		for b.Loop() {
			most = max(most, peakHeap(func() { benchRun(b, "", "annotations", "import", "--annotations", ann, tsv) }))
		}
		b.ReportMetric(most, "MB-peak")
	})
	for _, c := range []struct{ name, file string }{{"summary_tsv", tsv}, {"summary_ann", ann}} {
		b.Run(c.name, func(b *testing.B) {
			if _, err := os.Stat(c.file); err != nil {
				b.Skip("no annotation file: the import did not run")
			}
			b.ReportAllocs()
			var most float64
			for b.Loop() {
				most = max(most, peakHeap(func() { benchRun(b, "", "annotations", "summary", c.file) }))
			}
			b.ReportMetric(most, "MB-peak")
		})
	}
}
