package model

import (
	"bytes"
	"context"
	"math"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/bleuscope/bleuscope/scoring"
)

// impactChrFDataset has four segments whose chrF statistics under
// character order 1 ([hypothesis characters, reference characters,
// matches]) are worked out by hand, system A against its baseline B:
//
//	line  ref   A     B     A          B
//	0     abcd  abcd  abxy  [4 4 4]    [4 4 2]
//	1     abcd  ab    abcd  [2 4 2]    [4 4 4]
//	2     ab    ab    ab    [2 2 2]    [2 2 2]
//	3     abc   x     abc   [1 3 0]    [3 3 3]
func impactChrFDataset() *Dataset {
	return memDataset(nil, [][]string{{"abcd", "abcd", "ab", "abc"}},
		System{Name: "A", Hyps: []string{"abcd", "ab", "ab", "x"}},
		System{Name: "B", Hyps: []string{"abxy", "abcd", "ab", "abc"}},
	)
}

// impactTERDataset is impactChrFDataset in words, for TER ([edits,
// reference words]; no shifts):
//
//	line  ref      A        B        A      B
//	0     a b c d  a b c d  a b x d  [0 4]  [1 4]
//	1     a b c d  a b      a b c d  [2 4]  [0 4]
//	2     a b      a b      a b      [0 2]  [0 2]
//	3     a b c    x y z    a b c    [3 3]  [0 3]
func impactTERDataset() *Dataset {
	return memDataset(nil, [][]string{{"a b c d", "a b c d", "a b", "a b c"}},
		System{Name: "A", Hyps: []string{"a b c d", "a b", "a b", "x y z"}},
		System{Name: "B", Hyps: []string{"a b x d", "a b c d", "a b", "a b c"}},
	)
}

// TestMetricImpactByHand: chrF (character order 1, β = 2, so a corpus
// score of 100·5m/(4r+h) from the summed hypothesis, reference and match
// counts h, r, m) and TER (100·edits/reference words) impacts, worked out
// from the statistics in the table above. A's sums are chrF h 9, r 13,
// m 8 (4000/61) and TER 5 edits of 13 words (500/13). Swapping line 0
// gives B's 2 matches for A's 4 (chrF 3000/61: +1000/61, a segment that
// helps A) and 1 edit for 0 (TER 600/13: +100/13, positive too although
// TER rose); line 1 h 11, m 10 (5000/63) and 3 edits (300/13, −200/13);
// line 3 h 11, m 11 (5500/63) and 2 edits (−300/13); line 2 is B's.
func TestMetricImpactByHand(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		ds   *Dataset
		want []float64
	}{
		{MetricChrF, impactChrFDataset(), []float64{4000.0/61 - 3000.0/61, 4000.0/61 - 5000.0/63, 0, 4000.0/61 - 5500.0/63}},
		{MetricTER, impactTERDataset(), []float64{100.0 / 13, -200.0 / 13, 0, -300.0 / 13}},
	} {
		m := Metrics{Names: []string{tc.name}, ChrF: scoring.ChrFOptions{CharOrder: 1, Beta: 2}}
		st, err := ComputeMetricStatistics(ctx, tc.ds, tc.name, m, nil)
		if err != nil {
			t.Fatal(err)
		}
		got, err := st.ImpactContext(context.Background(), 0, 1)
		if err != nil {
			t.Fatal(err)
		}
		for i := range tc.want {
			if math.Abs(got[i]-tc.want[i]) > 1e-9 {
				t.Errorf("%s impact of line %d = %v, want %v", tc.name, i, got[i], tc.want[i])
			}
		}
		if got[2] != 0 {
			t.Errorf("%s impact of a line that is the baseline's = %v, want exactly 0", tc.name, got[2])
		}
		if self, _ := st.ImpactContext(context.Background(), 1, 1); slices.ContainsFunc(self, func(x float64) bool { return x != 0 }) {
			t.Errorf("%s impact of a system against itself = %v, want zeros", tc.name, self)
		}
		// The list's order: the costliest first, line 3 then line 1.
		s := mustScore(t, tc.ds, DefaultSettings())
		rows, impact := s.RowsImpact(tc.ds, View{System: 0, Other: 1, Sort: SortImpact, ImpactOf: st}, nil)
		if want := []int{3, 1, 2, 0}; !slices.Equal(rows, want) {
			t.Errorf("%s: rows by impact %v, want %v", tc.name, rows, want)
		}
		if !slices.Equal(impact, got) {
			t.Errorf("%s: RowsImpact gives impact %v, want the statistics' %v", tc.name, impact, got)
		}
	}
}

// TestMetricImpactWMT22: on WMT22 de-en (LT22 against JDExploreAcademy,
// both references), the chrF, chrF++ and TER impact of a handful of
// segments is the corpus score minus the corpus score of LT22's output
// with that line replaced by JDExploreAcademy's (the other way round for
// TER), each corpus scored afresh by ScoreMetrics.
func TestMetricImpactWMT22(t *testing.T) {
	ds := loadWMTPair(t, "de-en", []string{"LT22", "JDExploreAcademy"})
	ctx := context.Background()
	a, b := ds.Systems[0].Hyps, ds.Systems[1].Hyps
	var lines []int // the first lines where the two differ
	for i := range a {
		if a[i] != b[i] && len(lines) < 4 {
			lines = append(lines, i)
		}
	}
	chrfPP := scoring.DefaultChrFOptions()
	chrfPP.WordOrder = 2
	for _, tc := range []struct {
		label, metric string
		chrf          scoring.ChrFOptions
	}{
		{"chrF2", MetricChrF, scoring.DefaultChrFOptions()},
		{"chrF2++", MetricChrF, chrfPP},
		{"TER", MetricTER, scoring.DefaultChrFOptions()},
	} {
		m := Metrics{Names: []string{tc.metric}, ChrF: tc.chrf}
		st, err := ComputeMetricStatistics(ctx, ds, tc.metric, m, nil)
		if err != nil {
			t.Fatal(err)
		}
		impact, err := st.ImpactContext(context.Background(), 0, 1)
		if err != nil {
			t.Fatal(err)
		}
		costliest := lines[0]
		for i, x := range impact {
			if x < impact[costliest] {
				costliest = i
			}
		}
		picked := append(slices.Clone(lines), costliest)
		// One dataset: LT22, then LT22 with each picked line swapped.
		swapped := memDataset(nil, ds.Refs, ds.Systems[0])
		for _, i := range picked {
			hyps := slices.Clone(a)
			hyps[i] = b[i]
			swapped.Systems = append(swapped.Systems, System{Name: "swap", Hyps: hyps})
		}
		scores, err := ScoreMetrics(ctx, swapped, m, false)
		if err != nil {
			t.Fatal(err)
		}
		corpus := func(s int) float64 {
			if tc.metric == MetricTER {
				return -scores.Systems[s].TER // lower is better: the impact is the rise
			}
			return scores.Systems[s].ChrF
		}
		for k, i := range picked {
			want := corpus(0) - corpus(k+1)
			if math.Abs(impact[i]-want) > 1e-9 {
				t.Errorf("%s impact of line %d = %v, want %v (corpus scores recomputed)", tc.label, i+1, impact[i], want)
			}
		}
		if impact[costliest] >= 0 {
			t.Errorf("%s: the costliest line %d has impact %v; LT22 should lose somewhere", tc.label, costliest+1, impact[costliest])
		}
	}
}

// TestExportNamesMetricImpact: an export of chrF's or TER's impact names
// the metric in the column's head and the JSON key (chrf_impact,
// ter_impact), and BLEU's keeps "impact".
func TestExportNamesMetricImpact(t *testing.T) {
	ds := impactChrFDataset()
	s := mustScore(t, ds, DefaultSettings())
	impact := []float64{1, 2, 3, 4}
	for metric, want := range map[string]string{"": "impact", MetricBLEU: "impact", MetricChrF: "chrf_impact", MetricTER: "ter_impact"} {
		x := TextExport{Impact: impact, ImpactSystem: 0, ImpactMetric: metric}
		var tsv, jsonl bytes.Buffer
		if err := WriteSegmentTexts(&tsv, ds, s, []int{0}, x, FormatTSV); err != nil {
			t.Fatal(err)
		}
		if err := WriteSegmentTexts(&jsonl, ds, s, []int{0}, x, FormatJSONL); err != nil {
			t.Fatal(err)
		}
		head, _, _ := strings.Cut(tsv.String(), "\n")
		if !strings.Contains(head, "\t"+want+":A vs B\t") {
			t.Errorf("%q: the TSV head %q lacks %s:A vs B", metric, head, want)
		}
		if !strings.Contains(jsonl.String(), `"`+want+`": 1`) {
			t.Errorf("%q: the JSONL %s lacks %q", metric, jsonl.String(), want)
		}
	}
}

// TestMetricImpactKept: the impact of a pair is summed once and kept, so
// that the list sorting its rows again (each key of a filter typed) gets the
// same figures without a pass over every segment: a second call gives the
// very slice of the first (it summed again before). Up to impactsKept
// pairs are kept, the least recently used going first; calls from
// several goroutines at once (the list sorts off the UI loop) agree.
func TestMetricImpactKept(t *testing.T) {
	ds := impactChrFDataset()
	ds.Systems = append(ds.Systems, System{Name: "C", Hyps: []string{"ab", "abcd", "a", "ab"}})
	for _, name := range []string{MetricChrF, MetricTER} {
		if name == MetricTER {
			ds = impactTERDataset()
			ds.Systems = append(ds.Systems, System{Name: "C", Hyps: []string{"a b", "a b c d", "a", "a b"}})
		}
		m := Metrics{Names: []string{name}, ChrF: scoring.ChrFOptions{CharOrder: 1, Beta: 2}}
		st, err := ComputeMetricStatistics(context.Background(), ds, name, m, nil)
		if err != nil {
			t.Fatal(err)
		}
		same := func(a, b []float64) bool { return len(a) > 0 && &a[0] == &b[0] }
		first, _ := st.ImpactContext(context.Background(), 0, 1)
		if again, _ := st.ImpactContext(context.Background(), 0, 1); !same(first, again) {
			t.Errorf("%s: the impact of A against B was summed again", name)
		}
		// Other pairs, up to the number kept, leave A against B kept.
		pairs := [][2]int{{1, 0}, {2, 0}, {0, 2}, {1, 2}, {2, 1}}
		for _, p := range pairs[:impactsKept-1] {
			st.ImpactContext(context.Background(), p[0], p[1])
		}
		if again, _ := st.ImpactContext(context.Background(), 0, 1); !same(first, again) {
			t.Errorf("%s: A against B was dropped after %d other pairs", name, impactsKept-1)
		}
		for _, p := range pairs[:impactsKept] {
			st.ImpactContext(context.Background(), p[0], p[1])
		}
		again, _ := st.ImpactContext(context.Background(), 0, 1)
		if same(first, again) || !slices.Equal(first, again) {
			t.Errorf("%s: after %d other pairs A against B is %v (the same slice: %v), want %v summed again", name, impactsKept, again, same(first, again), first)
		}
		// From several goroutines, every pair's figures are those of a
		// pass of its own.
		want := map[[2]int][]float64{}
		for _, p := range append(pairs, [2]int{0, 1}) {
			want[p] = metricImpactOnce(st, p[0], p[1])
		}
		var wg sync.WaitGroup
		for g := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for k := range 50 {
					p := pairs[(g+k)%len(pairs)]
					if got, _ := st.ImpactContext(context.Background(), p[0], p[1]); !slices.Equal(got, want[p]) {
						t.Errorf("%s: impact of %v is %v, want %v", name, p, got, want[p])
						return
					}
				}
			}()
		}
		wg.Wait()
	}
}

// metricImpactOnce is st's impact of sys against base summed afresh.
func metricImpactOnce(st *MetricStatistics, sys, base int) []float64 {
	var out []float64
	if st.counts != nil {
		out, _ = metricImpact(context.Background(), st, st.counts[sys], st.counts[base], sys == base)
	} else {
		out, _ = metricImpact(context.Background(), st, st.values[sys], st.values[base], sys == base)
	}
	return out
}

// BenchmarkMetricImpactAgain measures the list's second sort by chrF's
// impact on 100k segments (a key of a filter typed): what
// MetricStatistics.ImpactContext takes for a pair it was asked for before.
func BenchmarkMetricImpactAgain(b *testing.B) {
	const n = 100_000
	ds := memDataset(nil, [][]string{synthLines(synthText(n, 2))},
		System{Name: "a", Hyps: synthLines(synthText(n, 1))}, System{Name: "b", Hyps: synthLines(synthText(n, 3))})
	m := DefaultMetrics()
	st, err := ComputeMetricStatistics(context.Background(), ds, MetricChrF, m, nil)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := st.ImpactContext(context.Background(), 0, 1); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := st.ImpactContext(context.Background(), 0, 1); err != nil {
			b.Fatal(err)
		}
	}
}
