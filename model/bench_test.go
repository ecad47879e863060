package model

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/scoring"
)

// synthText returns n lines of about 100 bytes of English-like text,
// deterministic for a seed, with a trailing newline.
func synthText(n int, seed uint64) string {
	words := strings.Fields("the of and to in a is that for it as was with be by on not he this are or his from at which but have an they you were her she there been one all we their has would when if so no will can more out up who them some into time only new could than other then now also its after over two may first any our where most because these very through just years people state made well such back even still good own see last world long great little before never need life found day might house says down high should government around every same work system place part use however school country number city without again point business public little give company under while group problem fact hand right")
	rng := rand.New(rand.NewPCG(seed, 99))
	var b strings.Builder
	b.Grow(n * 104)
	for range n {
		start := b.Len()
		first := true
		for b.Len()-start < 95 {
			if !first {
				b.WriteByte(' ')
			}
			b.WriteString(words[rng.IntN(len(words))])
			first = false
		}
		b.WriteString(".\n")
	}
	return b.String()
}

// lines splits text produced by synthText.
func synthLines(text string) []string {
	return strings.Split(strings.TrimSuffix(text, "\n"), "\n")
}

func BenchmarkLoad(b *testing.B) {
	b.Run("synthetic_1M_lines", func(b *testing.B) {
		dir := b.TempDir()
		hyp, ref := filepath.Join(dir, "hyp.txt"), filepath.Join(dir, "ref.txt")
		h := synthText(1_000_000, 1)
		if err := os.WriteFile(hyp, []byte(h), 0o644); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(ref, []byte(synthText(1_000_000, 2)), 0o644); err != nil {
			b.Fatal(err)
		}
		b.SetBytes(int64(2 * len(h)))
		b.ReportAllocs()
		for b.Loop() {
			if _, err := Load(Input{Systems: []string{hyp}, Refs: []string{ref}}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("synthetic_1M_lines_stdin", func(b *testing.B) {
		// Standard input in chunks of 1 MiB, as a file redirected with <
		// gives it (universal newlines look for "\r" too).
		dir := b.TempDir()
		ref := filepath.Join(dir, "ref.txt")
		h := synthText(1_000_000, 1)
		if err := os.WriteFile(ref, []byte(synthText(1_000_000, 2)), 0o644); err != nil {
			b.Fatal(err)
		}
		b.SetBytes(int64(2 * len(h)))
		for b.Loop() {
			if _, err := Load(Input{Systems: []string{"-"}, Refs: []string{ref}, Stdin: strings.NewReader(h)}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("wmt22_de-en", func(b *testing.B) {
		txt := sharedDir(b, "corpora", "wmt22", "txt")
		in := Input{
			Systems: []string{filepath.Join(txt, "system-outputs/generaltest2022.de-en.hyp.JDExploreAcademy.en")},
			Refs:    []string{filepath.Join(txt, "references/generaltest2022.de-en.ref.A.en"), filepath.Join(txt, "references/generaltest2022.de-en.ref.B.en")},
		}
		b.ReportAllocs()
		for b.Loop() {
			if _, err := Load(in); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// dataset100k returns a one-system dataset of 100k segments
// (datasetWMT22).
func dataset100k(b *testing.B) (*Dataset, string) { return datasetWMT22(b, 100_000) }

// datasetWMT22 returns a one-system dataset of n segments: WMT22 de-en
// output and reference A repeated when the shared data is there, else
// synthetic text.
func datasetWMT22(b *testing.B, n int) (*Dataset, string) {
	txt := filepath.Join("..", "..", "shared", "corpora", "wmt22", "txt")
	hypPath := filepath.Join(txt, "system-outputs/generaltest2022.de-en.hyp.JDExploreAcademy.en")
	refPath := filepath.Join(txt, "references/generaltest2022.de-en.ref.A.en")
	var hyps, refs []string
	what := "synthetic"
	if ds, err := Load(Input{Systems: []string{hypPath}, Refs: []string{refPath}}); err == nil {
		for len(hyps) < n {
			hyps = append(hyps, ds.Systems[0].Hyps...)
			refs = append(refs, ds.Refs[0]...)
		}
		hyps, refs, what = hyps[:n], refs[:n], "wmt22 de-en repeated"
	} else {
		hyps, refs = synthLines(synthText(n, 3)), synthLines(synthText(n, 4))
	}
	return memDataset(nil, [][]string{refs}, System{Name: "sys", Hyps: hyps}), what
}

func BenchmarkScore100k(b *testing.B) {
	ds, what := dataset100k(b)
	b.Log(what)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Score(context.Background(), ds, DefaultSettings(), nil); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRecompute100k(b *testing.B) {
	ds, what := dataset100k(b)
	b.Log(what)
	s, err := Score(context.Background(), ds, DefaultSettings(), nil)
	if err != nil {
		b.Fatal(err)
	}
	sets := []Settings{
		DefaultSettings().WithOption(func(o *scoring.Options) { o.Smooth, o.SmoothValue = scoring.SmoothFloor, 0.1 }),
		DefaultSettings().WithOption(func(o *scoring.Options) { o.MaxOrder = 3 }),
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, ok := s.Recompute(ds, sets[i%len(sets)]); !ok {
			b.Fatal("Recompute refused")
		}
		i++
	}
}

// scored1M builds a dataset of 1M synthetic segments (source, hypothesis,
// reference) with made-up statistics and sentence scores: Rows only reads
// those.
func scored1M(b *testing.B) (*Dataset, *Scored) {
	const n = 1_000_000
	ds := memDataset(synthLines(synthText(n, 5)), [][]string{synthLines(synthText(n, 6))},
		System{Name: "a", Hyps: synthLines(synthText(n, 7))})
	rng := rand.New(rand.NewPCG(8, 9))
	ss := SystemScores{Stats: scoring.NewStatsStore(n, 4, false), Sentence: make([]float64, n)}
	for i := range n {
		ss.Stats.Set(i, scoring.Stats{HypLen: 10 + rng.IntN(30), RefLen: 10 + rng.IntN(30)})
		ss.Sentence[i] = rng.Float64() * 100
	}
	return ds, &Scored{Settings: DefaultSettings(), Systems: []SystemScores{ss, ss}}
}

func BenchmarkRows1M(b *testing.B) {
	ds, s := scored1M(b)
	for _, bc := range []struct {
		name string
		v    View
	}{
		{"sort_score", View{Other: -1}},
		{"sort_score_desc", View{Other: -1, Desc: true}},
		{"sort_length", View{Other: -1, Sort: SortLength}},
		{"sort_delta", View{Other: 1, Sort: SortDelta}},
		{"worst_100", View{Other: -1, Worst: 100, Sort: SortLine}},
		{"filter_rare_word", View{Other: -1, Filter: "Government Around"}},
		{"filter_common_letter", View{Other: -1, Filter: "e"}},
		{"filter_no_match", View{Other: -1, Filter: "zebra"}},
		{"filter_kelvin_k", View{Other: -1, Filter: "work"}},
		{"filter_non_ascii", View{Other: -1, Filter: "straße"}},
		{"filter_and_sort", View{Other: -1, Filter: "the world"}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				s.Rows(ds, bc.v)
			}
		})
	}
}

// BenchmarkQueryRowsPhrase200k filters 200k segments by a quoted n-gram
// that only matches in another case (the empty list's count, which
// QueryRowsAnyCase makes), as written and in any case, and on scores
// made lowercased.
func BenchmarkQueryRowsPhrase200k(b *testing.B) {
	ds, what := datasetWMT22(b, 200_000)
	b.Log(what)
	q, err := ParseQuery(`"the EUROPEAN union"`)
	if err != nil {
		b.Fatal(err)
	}
	s, err := Score(context.Background(), ds, DefaultSettings(), nil)
	if err != nil {
		b.Fatal(err)
	}
	lower, err := Score(context.Background(), ds, DefaultSettings().WithOption(func(o *scoring.Options) { o.Lowercase = true }), nil)
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		name string
		rows func() ([]int, error)
	}{
		{"exact", func() ([]int, error) { return s.QueryRows(ds, q, 0, -1, nil) }},
		{"any_case", func() ([]int, error) { return s.QueryRowsAnyCase(ds, q, 0, -1, nil) }},
		{"lowercased_scores", func() ([]int, error) { return lower.QueryRows(ds, q, 0, -1, nil) }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := bc.rows(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkParseQueryLongest parses a query of the longest length taken,
// 4,086 bytes of 454 terms: the work of one parse, which the explorer
// does more than once for each change of the filter.
func BenchmarkParseQueryLongest(b *testing.B) {
	q := strings.Repeat(`"the cat" bleu<30 `, 227)
	if len(q) > MaxQueryLen {
		b.Fatalf("the query is %d bytes, more than %d", len(q), MaxQueryLen)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseQuery(q); err != nil {
			b.Fatal(err)
		}
	}
}
