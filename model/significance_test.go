package model

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"math"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/scoring"
	"github.com/charmbracelet/x/ansi"
)

// sigDataset is a small corpus of three systems with two references.
func sigDataset() *Dataset {
	refA := []string{"the cat sat on the mat", "there is a dog in the garden", "it rained all day long", "we ate fish and chips", "the train was late again", "she reads a book every night"}
	refB := []string{"a cat sat on the mat", "a dog is in the garden", "it was raining all day", "we had fish and chips", "the train came late again", "every night she reads a book"}
	return memDataset(nil, [][]string{refA, refB},
		System{Name: "base", Hyps: []string{"the cat sat on a mat", "there is a dog in a garden", "it rained the whole day", "we had fish and chips", "the train was late", "she reads books at night"}},
		System{Name: "new", Hyps: []string{"a cat is on the mat", "a dog is in the garden", "it was raining all day", "we ate fish", "the train came late again", "she reads a book every night"}},
		System{Name: "same", Hyps: []string{"the cat sat on a mat", "there is a dog in a garden", "it rained the whole day", "we had fish and chips", "the train was late", "she reads books at night"}},
	)
}

func TestCompareAgainstScoring(t *testing.T) {
	ds := sigDataset()
	s := mustScore(t, ds, DefaultSettings())
	for _, test := range []string{TestPairedBootstrap, TestPairedAR} {
		c, err := Compare(context.Background(), s, 0, nil, CompareOptions{Test: test, N: 200, Seed: scoring.SeedOf(7)})
		if err != nil {
			t.Fatal(err)
		}
		if c.N != 200 || c.Segments != 6 || c.Baseline != 0 {
			t.Errorf("%s: N %d segments %d baseline %d", test, c.N, c.Segments, c.Baseline)
		}
		for sys, sc := range c.Systems {
			if want := s.Systems[sys].Corpus.Score; sc.Score != want {
				t.Errorf("%s: system %d score %v, want the corpus score %v", test, sys, sc.Score, want)
			}
		}
		if got := c.Systems[2].PValue; got != 1.0/201 {
			t.Errorf("%s: a copy of the baseline has p %v, want 1/(N+1)", test, got)
		}
		// Wins, ties and losses by the sentence scores sacrebleu gives.
		var w, ti, l int
		for i := range ds.Len() {
			a, err := scoring.SentenceBLEU(ds.Systems[1].Hyps[i], ds.SegmentRefs(i, nil), scoring.SentenceOptions())
			if err != nil {
				t.Fatal(err)
			}
			b, _ := scoring.SentenceBLEU(ds.Systems[0].Hyps[i], ds.SegmentRefs(i, nil), scoring.SentenceOptions())
			switch {
			case a.Score > b.Score:
				w++
			case a.Score < b.Score:
				l++
			default:
				ti++
			}
		}
		if sc := c.Systems[1]; sc.Wins != w || sc.Ties != ti || sc.Losses != l {
			t.Errorf("%s: wins/ties/losses %d/%d/%d, want %d/%d/%d", test, sc.Wins, sc.Ties, sc.Losses, w, ti, l)
		}
		if sc := c.Systems[2]; sc.Ties != 6 {
			t.Errorf("%s: a copy ties every segment, got %+v", test, sc)
		}
	}
}

// TestNoDifference: a copy of the baseline has no difference in any
// resample or trial, so its p-value (sacrebleu's 1/(N+1)) is not
// significant; a system that differs is. No difference is about the
// corpus metric, not the sentence scores: with no smoothing and no 4-gram
// matched anywhere, every resample scores both systems 0 although their
// sentence scores differ.
func TestNoDifference(t *testing.T) {
	s := mustScore(t, sigDataset(), DefaultSettings())
	for _, test := range []string{TestPairedBootstrap, TestPairedAR} {
		c, err := Compare(context.Background(), s, 0, nil, CompareOptions{Test: test, N: 200, Seed: scoring.SeedOf(7)})
		if err != nil {
			t.Fatal(err)
		}
		if same := c.Systems[2]; !same.NoDifference() || same.Significant() || same.PValue != 1.0/201 {
			t.Errorf("%s: the copy %+v: want no difference, not significant, p = 1/201", test, same)
		}
		if other := c.Systems[1]; other.NoDifference() || other.Significant() != (other.PValue <= 0.05) {
			t.Errorf("%s: the other system: no difference %v, significant %v with p %v", test, other.NoDifference(), other.Significant(), other.PValue)
		}
	}
	ds := memDataset(nil, [][]string{{"the cat sat on the mat", "a dog ran in the park"}},
		System{Name: "base", Hyps: []string{"the cat", "a dog ran"}},
		System{Name: "other", Hyps: []string{"the cat sat", "dog"}},
	)
	set := DefaultSettings()
	set.Corpus.Smooth = scoring.SmoothNone
	s = mustScore(t, ds, set)
	c, err := Compare(context.Background(), s, 0, nil, CompareOptions{Test: TestPairedBootstrap, N: 100, Seed: scoring.SeedOf(1)})
	if err != nil {
		t.Fatal(err)
	}
	if sc := c.Systems[1]; !sc.NoDifference() || sc.Significant() || sc.Wins+sc.Losses == 0 {
		t.Errorf("no smoothing, no 4-gram: %+v; want no difference, not significant, some wins or losses", sc)
	}
}

// TestNoDifferenceOnOneSegment: a comparison of one segment (a filter or
// a drill-down of one) has nothing to go on, whatever its p-value: every
// bootstrap resample is that segment again, so every difference is the
// observed one and p = 1/(N+1), which was starred "significant"; the same
// pair on two segments is tested as usual.
func TestNoDifferenceOnOneSegment(t *testing.T) {
	refs := []string{"the cat sat on the mat", "a dog ran in the park"}
	s := mustScore(t, memDataset(nil, [][]string{refs}, System{Name: "nothing", Hyps: []string{"x", "y"}}, System{Name: "all", Hyps: refs}), DefaultSettings())
	for _, test := range []string{TestPairedBootstrap, TestPairedAR} {
		one, err := Compare(context.Background(), s, 0, []int{1}, CompareOptions{Test: test, N: 200, Seed: scoring.SeedOf(2)})
		if err != nil {
			t.Fatal(err)
		}
		if sc := one.Systems[1]; !sc.NoDifference() || sc.Significant() || one.Starred(1) || sc.PValue != 1.0/201 {
			t.Errorf("%s on one segment: %+v; want nothing to go on, p = 1/201, no *", test, sc)
		}
		two, err := Compare(context.Background(), s, 0, nil, CompareOptions{Test: test, N: 200, Seed: scoring.SeedOf(2)})
		if err != nil {
			t.Fatal(err)
		}
		if test == TestPairedBootstrap && two.Systems[1].NoDifference() {
			t.Errorf("%s on two segments: nothing to go on; want the test as usual", test)
		}
	}
}

func TestCompareSubset(t *testing.T) {
	ds := sigDataset()
	s := mustScore(t, ds, DefaultSettings())
	rows := []int{1, 3, 4}
	c, err := Compare(context.Background(), s, 1, rows, CompareOptions{Test: TestPairedBootstrap, N: 50, Seed: scoring.SeedOf(1)})
	if err != nil {
		t.Fatal(err)
	}
	sub, err := s.Subset(ds, 0, rows)
	if err != nil {
		t.Fatal(err)
	}
	if c.Segments != 3 || c.Systems[0].Score != sub.Score {
		t.Errorf("subset: %d segments, score %v, want 3 and the subset corpus score %v", c.Segments, c.Systems[0].Score, sub.Score)
	}
	if got := c.Systems[0].Wins + c.Systems[0].Ties + c.Systems[0].Losses; got != 3 {
		t.Errorf("subset: wins+ties+losses = %d, want 3", got)
	}
	if _, err := Compare(context.Background(), s, 0, []int{}, CompareOptions{Test: TestPairedBootstrap}); err == nil {
		t.Error("empty subset: want an error")
	}
}

func TestCompareRefusesNLTK(t *testing.T) {
	ds := sigDataset()
	set := DefaultSettings().WithOption(func(o *scoring.Options) { o.Compat = scoring.CompatNLTK })
	s := mustScore(t, ds, set)
	if _, err := Compare(context.Background(), s, 0, nil, CompareOptions{Test: TestPairedBootstrap}); !errors.Is(err, ErrSignificanceNLTK) {
		t.Errorf("nltk compat: err %v, want ErrSignificanceNLTK", err)
	}
	if _, err := Confidence(context.Background(), s, 0, nil, 10, scoring.SeedOf(1)); !errors.Is(err, ErrSignificanceNLTK) {
		t.Errorf("nltk compat confidence: err %v, want ErrSignificanceNLTK", err)
	}
}

func TestSignatures(t *testing.T) {
	ds := sigDataset()
	s := mustScore(t, ds, DefaultSettings())
	c := &Comparison{Test: TestPairedAR, N: 10000, Seed: scoring.SeedOf(42)}
	if got, want := c.Signature(ds, s), "nrefs:2|ar:10000|seed:42|case:mixed|eff:no|tok:13a|smooth:exp|version:"+scoring.SignatureVersion; got != want {
		t.Errorf("signature %q, want %q", got, want)
	}
	if got := ConfidenceSignature(ds, s, 1000, scoring.SeedOf(12345)); !strings.HasPrefix(got, "nrefs:2|bs:1000|seed:12345|case:mixed|") {
		t.Errorf("confidence signature %q", got)
	}
}

// TestImpactBySwappingText checks Impact against the corpus score of the
// corpus rewritten with one segment's output replaced by the baseline's.
func TestImpactBySwappingText(t *testing.T) {
	ds := sigDataset()
	s := mustScore(t, ds, DefaultSettings())
	imp, err := s.Impact(ds, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	refs := ds.Refs
	whole, err := scoring.CorpusBLEU(ds.Systems[1].Hyps, refs, scoring.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i := range ds.Len() {
		hyps := slices.Clone(ds.Systems[1].Hyps)
		hyps[i] = ds.Systems[0].Hyps[i]
		swapped, err := scoring.CorpusBLEU(hyps, refs, scoring.DefaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		if want := whole.Score - swapped.Score; math.Abs(imp[i]-want) > 1e-12 {
			t.Errorf("segment %d: impact %v, want %v", i, imp[i], want)
		}
	}
	byImpact := View{System: 1, Other: 0, Sort: SortImpact}
	rows := s.Rows(ds, byImpact)
	for k := 1; k < len(rows); k++ {
		if imp[rows[k-1]] > imp[rows[k]] {
			t.Errorf("rows %v not ordered by impact %v", rows, imp)
		}
	}
	byImpact.Desc = true
	desc := s.Rows(ds, byImpact)
	if imp[desc[0]] < imp[desc[len(desc)-1]] {
		t.Errorf("descending rows %v start with the smallest impact", desc)
	}
	// Worst keeps the segments that cost the most, not the lowest scores.
	byImpact.Desc, byImpact.Worst = false, 2
	if top := s.Rows(ds, byImpact); !slices.Equal(top, rows[:2]) {
		t.Errorf("Worst 2: rows %v; want the two that cost the most, %v", top, rows[:2])
	}
	// Worst picks, Desc then orders: the same two, the other way round.
	byImpact.Desc = true
	if top := s.Rows(ds, byImpact); !slices.Equal(top, []int{rows[1], rows[0]}) {
		t.Errorf("Worst 2, Desc: rows %v; want the two that cost the most in reverse, %v", top, []int{rows[1], rows[0]})
	}
	same, _ := s.Impact(ds, 2, 0)
	for i, v := range same {
		if v != 0 {
			t.Errorf("a copy of the baseline: impact %v at %d, want 0", v, i)
		}
	}
}

// TestRowsImpactWorst: Worst keeps the segments that cost the most
// corpus score, not those with the lowest sentence score (line 1 scores
// low for both systems, costing nothing; line 2 scores well but below the
// baseline).
func TestRowsImpactWorst(t *testing.T) {
	ds := memDataset(nil, [][]string{{"the cat sat on the mat", "a quick brown fox jumps over the lazy dog", "it rained all day long in the city"}},
		System{Name: "base", Hyps: []string{"xyz", "a quick brown fox jumps over the lazy dog", "it rained all day long in the city"}},
		System{Name: "new", Hyps: []string{"xyz", "a quick brown fox jumped over a lazy dog", "it rained all day long in the city"}},
	)
	s := mustScore(t, ds, DefaultSettings())
	rows := s.Rows(ds, View{System: 1, Other: 0, Sort: SortImpact, Worst: 1})
	if !slices.Equal(rows, []int{1}) {
		t.Errorf("Worst 1 by impact: rows %v; want [1], the segment that costs the most", rows)
	}
}

// TestNoDifferenceOneSegment: systems that differ on one segment alone. In
// approximate randomization every trial swaps that segment or not, so
// every trial's |Δ| is the observed one, none exceeds it, and p = 1/(N+1)
// says nothing; the bootstrap, whose resamples take that segment 0, 1, 2…
// times, sees differences of many sizes. A system better on every
// segment, whose every resample shows the same Δ, is a real difference.
func TestNoDifferenceOneSegment(t *testing.T) {
	refs := []string{"the cat sat on the mat", "a dog ran in the park", "it is raining again today", "we went home early"}
	base := []string{"the cat sat on a mat", "a dog ran in a park", "it is raining today", "we went home"}
	one := append([]string(nil), base...)
	one[2] = "it rains again today"
	s := mustScore(t, memDataset(nil, [][]string{refs}, System{Name: "base", Hyps: base}, System{Name: "one", Hyps: one}), DefaultSettings())
	ar, err := Compare(context.Background(), s, 0, nil, CompareOptions{Test: TestPairedAR, N: 300, Seed: scoring.SeedOf(3)})
	if err != nil {
		t.Fatal(err)
	}
	if sc := ar.Systems[1]; !sc.NoDifference() || sc.Significant() || sc.PValue != 1.0/301 {
		t.Errorf("AR, one segment differs: %+v; want no difference to go on, p = 1/301, not significant", sc)
	}
	bs, err := Compare(context.Background(), s, 0, nil, CompareOptions{Test: TestPairedBootstrap, N: 300, Seed: scoring.SeedOf(3)})
	if err != nil {
		t.Fatal(err)
	}
	if bs.Systems[1].NoDifference() {
		t.Error("bootstrap, one segment differs: no difference to go on; its resamples differ")
	}
	s = mustScore(t, memDataset(nil, [][]string{refs}, System{Name: "nothing", Hyps: []string{"x", "x", "x", "x"}}, System{Name: "all", Hyps: refs}), DefaultSettings())
	bs, err = Compare(context.Background(), s, 0, nil, CompareOptions{Test: TestPairedBootstrap, N: 300, Seed: scoring.SeedOf(3)})
	if err != nil {
		t.Fatal(err)
	}
	if sc := bs.Systems[1]; sc.NoDifference() || !sc.Significant() {
		t.Errorf("bootstrap, 0 against 100 on every segment: %+v; want a significant difference", sc)
	}
}

// TestComparisonTableWidths: compare's text tables (BLEU's, and chrF's or
// TER's) pad by the cells a name takes on screen (a CJK name two a
// character), and show a tab in a name as \t, as a person reads it, so that
// it neither breaks the columns nor hides; before, it was a space, and
// "a\tb" read as the name "a b".
func TestComparisonTableWidths(t *testing.T) {
	ds := memDataset(nil, [][]string{{"a b c"}},
		System{Name: "中文名字", Hyps: []string{"a b"}}, System{Name: "a\tb", Hyps: []string{"a b c"}})
	est := func(score float64) scoring.Estimate {
		return scoring.Estimate{Score: score, Resamples: 1000, Mean: score, CI: 1}
	}
	c := &Comparison{Test: TestPairedBootstrap, N: 1000, Seed: scoring.SeedOf(1), Baseline: 0, Segments: 1, Systems: []SystemComparison{
		{Estimate: est(55.66)}, {Estimate: est(52.43), PValue: 0.5, Wins: 1},
	}}
	mc := &MetricComparison{
		Estimates:      []scoring.Estimate{est(49.14), est(18.10)},
		PValues:        []float64{0, 0.5},
		NoDifference:   make([]bool, 2),
		DifferenceSize: make([]float64, 2),
	}
	for name, out := range comparisonTables(ds, c, mc) {
		var table []string
		for _, l := range strings.Split(out, "\n") {
			if strings.HasPrefix(l, "system ") || strings.HasPrefix(l, "中文名字") || strings.HasPrefix(l, "a") {
				table = append(table, strings.TrimRight(l, " "))
			}
		}
		if len(table) != 3 || !strings.HasPrefix(table[2], `a\tb `) || strings.Contains(out, "\t") {
			t.Errorf("%s: the row of a\\tb does not show its tab as \\t (or a tab is left):\n%s", name, out)
			continue
		}
		// The scores end where their heading does, right-aligned under it.
		end := func(l, cell string) int { return ansi.StringWidth(l[:strings.Index(l, cell)+len(cell)]) }
		scores := map[string][2]string{"BLEU": {"55.66", "52.43"}, "TER": {"49.14", "18.10"}}[name]
		if head := end(table[0], name); end(table[1], scores[0]) != head || end(table[2], scores[1]) != head {
			t.Errorf("%s: the scores are not under their heading:\n%s", name, strings.Join(table, "\n"))
		}
	}
}

// TestComparisonTextDeltaReadsZero: compare's Δ that reads 0 at its two
// decimals has no sign, as the explorer's significance table gives it;
// before, 0.003 below the baseline was "-0.00", a loss, and a tie "+0.00".
func TestComparisonTextDeltaReadsZero(t *testing.T) {
	ds := memDataset(nil, [][]string{{"a b c"}},
		System{Name: "base", Hyps: []string{"a b"}}, System{Name: "near", Hyps: []string{"a b c"}}, System{Name: "tie", Hyps: []string{"a b"}}, System{Name: "below", Hyps: []string{"x"}})
	est := func(score float64) scoring.Estimate {
		return scoring.Estimate{Score: score, Resamples: 1000, Mean: score, CI: 1}
	}
	c := &Comparison{Test: TestPairedBootstrap, N: 1000, Seed: scoring.SeedOf(1), Baseline: 0, Segments: 1, Systems: []SystemComparison{
		{Estimate: est(37.75)}, {Estimate: est(37.747), PValue: 0.9}, {Estimate: est(37.75), PValue: 1}, {Estimate: est(37.74), PValue: 0.5},
	}}
	out := comparisonText(ds, c)
	for name, want := range map[string]string{"near": "0.00", "tie": "0.00", "below": "-0.01"} {
		found := false
		for _, line := range strings.Split(out.String(), "\n") {
			if f := strings.Fields(line); len(f) > 5 && f[0] == name {
				found = true
				if f[5] != want { // system, BLEU, μ, ±, CI, then Δ
					t.Errorf("%s: Δ %q; want %q\n%s", name, f[5], want, out.String())
				}
			}
		}
		if !found {
			t.Errorf("no row of %s:\n%s", name, out.String())
		}
	}
}

// TestComparisonTextCIAligned: in compare's text tables (BLEU's, and
// chrF's or TER's) the ± of the μ ± 95% CI column line up, and so do the
// means' decimal points, when the CIs differ in width (37.30 ± 13.40
// above 68.99 ± 6.40 put the second row one column off).
func TestComparisonTextCIAligned(t *testing.T) {
	ds := memDataset(nil, [][]string{{"a b c"}},
		System{Name: "base", Hyps: []string{"a b"}}, System{Name: "good", Hyps: []string{"a b c"}}, System{Name: "bad", Hyps: []string{"x"}})
	est := func(score, mean, ci float64) scoring.Estimate {
		return scoring.Estimate{Score: score, Resamples: 1000, Mean: mean, CI: ci}
	}
	c := &Comparison{Test: TestPairedBootstrap, N: 1000, Seed: scoring.SeedOf(1), Baseline: 0, Segments: 1, Systems: []SystemComparison{
		{Estimate: est(37.75, 37.30, 13.40)},
		{Estimate: est(68.99, 68.99, 6.40), PValue: 0.001, Wins: 1},
		{Estimate: est(9.54, 9.05, 9.76), PValue: 0.001, Losses: 1},
	}}
	mc := &MetricComparison{
		Estimates:      []scoring.Estimate{est(49.14, 49.41, 16.83), est(18.10, 18.03, 5.17), est(61.21, 61.51, 15.00)},
		PValues:        []float64{0, 0.001, 0.001},
		NoDifference:   make([]bool, 3),
		DifferenceSize: make([]float64, 3),
	}
	for name, out := range comparisonTables(ds, c, mc) {
		var wantPM, wantDot int
		rows := 0
		for _, line := range strings.Split(out, "\n") {
			r := []rune(line)
			pm := slices.Index(r, '±')
			if pm < 0 || strings.Contains(line, "μ ± 95% CI") {
				continue
			}
			dot := pm - 4 // the mean's decimal point: "37.30 ±"
			if rows++; rows == 1 {
				wantPM, wantDot = pm, dot
			}
			if pm != wantPM || r[dot] != '.' || dot != wantDot {
				t.Errorf("%s row %q: ± at %d, %q before it; want ± at %d after a mean with two decimals\n%s", name, line, pm, string(r[dot:pm]), wantPM, out)
			}
		}
		if rows != 3 {
			t.Errorf("%s: %d rows with μ ± CI; want 3\n%s", name, rows, out)
		}
	}
	if got := plusMinus([]scoring.Estimate{{Mean: 37.3, CI: 13.4}, {Mean: 68.99, CI: 6.4}, {Mean: 100, CI: 0.05}}); !slices.Equal(got, []string{"37.30 ± 13.40", "68.99 ±  6.40", "100.00 ±  0.05"}) {
		t.Errorf("plusMinus = %q", got)
	}
}

// TestComparisonTextFitsWidth: with a width below its own, BLEU's
// comparison table takes narrower forms (p, win/tie/loss, the baseline
// marked in the Δ column, the CI's half-width alone) and at last cuts the
// systems' names, every figure kept, so that no line of it is wider;
// chrF's or TER's table cuts its names too. With no width, or one the
// table fits in, the text is what it was.
func TestComparisonTextFitsWidth(t *testing.T) {
	ds := memDataset(nil, [][]string{{"a b c"}},
		System{Name: "baseline-system-2022", Hyps: []string{"a b"}}, System{Name: "JDExploreAcademy-primary", Hyps: []string{"a b c"}}, System{Name: "LT22", Hyps: []string{"x"}})
	est := func(score, ci float64) scoring.Estimate {
		return scoring.Estimate{Score: score, Resamples: 1000, Mean: score + 0.01, CI: ci}
	}
	c := &Comparison{Test: TestPairedBootstrap, N: 1000, Seed: scoring.SeedOf(1), Baseline: 0, Segments: 1984, Systems: []SystemComparison{
		{Estimate: est(26.01, 0.87)},
		{Estimate: est(33.70, 0.9), PValue: 0.001, Wins: 1262, Ties: 170, Losses: 552},
		{Estimate: est(12.25, 10.5), PValue: 0.3, Wins: 2, Ties: 1000, Losses: 982},
	}}
	mc := MetricComparisons{TER: &MetricComparison{
		Estimates:      []scoring.Estimate{est(58.08, 0.83), est(51.76, 0.91), est(60.02, 1.2)},
		PValues:        []float64{0, 0.001, 0.2},
		NoDifference:   make([]bool, 3),
		DifferenceSize: make([]float64, 3),
	}}
	cut := func(s string, w int) string {
		if r := []rune(s); len(r) > w {
			return string(r[:w-1]) + "…"
		}
		return s
	}
	m := Metrics{Names: []string{MetricBLEU, MetricTER}}
	scored := mustScore(t, ds, DefaultSettings())
	write := func(width int) string {
		var b bytes.Buffer
		lay := TextLayout{Cells: ansi.StringWidth, Width: width, Cut: cut}
		if err := WriteComparisonMetrics(&b, ds, scored, c, m, mc, FormatText, lay); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	whole := write(0)
	if !regexp.MustCompile(`wins +ties +losses`).MatchString(whole) || !strings.Contains(whole, "baseline-system-2022 (baseline)") {
		t.Fatalf("the whole table:\n%s", whole)
	}
	wide := 0
	for _, l := range strings.Split(whole, "\n") {
		if strings.Contains(l, "JDExploreAcademy-primary") {
			wide = max(wide, ansi.StringWidth(l))
		}
	}
	if got := write(wide); got != whole {
		t.Errorf("at %d columns, the width of the table, the text changed:\n%s\nwant\n%s", wide, got, whole)
	}
	for _, width := range []int{wide - 1, 70, 60} {
		out := write(width)
		var rows []string
		for _, l := range strings.Split(out, "\n") {
			if !strings.Contains(l, "  ") { // prose, wrapped by the caller, and signatures
				continue
			}
			if ansi.StringWidth(l) > width {
				t.Errorf("%d columns: a line of %d cells: %q", width, ansi.StringWidth(l), l)
			}
			if strings.Contains(l, "26.01") || strings.Contains(l, "33.70") || strings.Contains(l, "12.25") {
				rows = append(rows, l)
			}
		}
		if len(rows) != 3 {
			t.Fatalf("%d columns: BLEU's rows %q", width, rows)
		}
		want := [][]string{{"26.01", "base", "—"}, {"33.70", "+7.69", "0.0010 *", "1,262/170/552"}, {"12.25", "-13.76", "0.3000", "2/1,000/982"}}
		for i, cells := range want {
			for _, cell := range cells {
				if !strings.Contains(rows[i], "  "+cell) {
					t.Errorf("%d columns: row %q lacks %q", width, rows[i], cell)
				}
			}
		}
		if !regexp.MustCompile(`  Δ +p +win/tie/loss\n`).MatchString(out) {
			t.Errorf("%d columns: the narrow table's heads:\n%s", width, out)
		}
		if width == 60 {
			if !strings.Contains(out, "JDExploreAc") || !strings.Contains(out, "…") || !strings.Contains(out, "95% CI") || !strings.Contains(out, " ± 10.50 ") {
				t.Errorf("60 columns: want the names cut and the CI's half-width alone:\n%s", out)
			}
		}
	}
}

// TestNoDifferenceNoteOne checks the note under a comparison table for a
// test of one resample or trial: each wording counts it in the singular,
// where they read "any of its 1 resamples", "the test's 1 resamples".
func TestNoDifferenceNoteOne(t *testing.T) {
	for _, c := range []struct {
		size float64
		tied bool
		want string
	}{
		{0, true, "b scores the same as the baseline on every segment, so the test says nothing: its p-value, 1/2, is just the smallest 1 trial can give; it has no *."},
		{0, false, "the test saw no BLEU difference between b and the baseline in its one trial, so it says nothing: its p-value, 1/2, is just the smallest 1 trial can give; it has no *."},
		{0.5, false, "the test's one trial gave b and the baseline a BLEU difference of the observed size (as when a single segment differs), so it did not exceed it and the test says nothing: its p-value, 1/2, is just the smallest 1 trial can give; it has no *."},
	} {
		if got := noDifferenceNote("b", "BLEU", "trial", 1, c.size, c.tied); got != c.want {
			t.Errorf("noDifferenceNote(size %g, tied %v) =\n%q; want\n%q", c.size, c.tied, got, c.want)
		}
	}
}

// comparisonText is c's BLEU table as compare's text writes it, measured
// in cells.
func comparisonText(ds *Dataset, c *Comparison) *bytes.Buffer {
	var out bytes.Buffer
	bw := bufio.NewWriter(&out)
	writeComparisonText(bw, ds, c, "sig", TextLayout{Cells: ansi.StringWidth})
	bw.Flush()
	return &out
}

// comparisonTables are c's BLEU table and mc's as TER's, by metric name.
func comparisonTables(ds *Dataset, c *Comparison, mc *MetricComparison) map[string]string {
	var ter strings.Builder
	writeMetricComparison(&ter, ds, c, "TER", mc, TextLayout{Cells: ansi.StringWidth})
	return map[string]string{"BLEU": comparisonText(ds, c).String(), "TER": ter.String()}
}
