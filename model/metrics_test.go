package model

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/bleuscope/bleuscope/scoring"
)

// allMetrics asks for BLEU, chrF++ and TER.
func allMetrics() Metrics {
	m := DefaultMetrics()
	m.Names = []string{MetricBLEU, MetricChrF, MetricTER}
	m.ChrF = scoring.ChrFPlusPlusOptions()
	return m
}

// TestScoreMetricsAgree checks that corpus scores with and without the
// per-segment pass agree with the scoring package's corpus functions, and
// the sentence scores with its sentence functions.
func TestScoreMetricsAgree(t *testing.T) {
	ds := viewDataset()
	m := allMetrics()
	corpus, err := ScoreMetrics(context.Background(), ds, m, false)
	if err != nil {
		t.Fatal(err)
	}
	segs, err := ScoreMetrics(context.Background(), ds, m, true)
	if err != nil {
		t.Fatal(err)
	}
	for s, sys := range ds.Systems {
		chrf, _, _ := scoring.CorpusChrF(sys.Hyps, ds.Refs, m.ChrF)
		ter, _, _ := scoring.CorpusTER(sys.Hyps, ds.Refs, m.TER)
		for _, got := range []MetricSystem{corpus.Systems[s], segs.Systems[s]} {
			if got.ChrF != chrf || got.TER != ter {
				t.Errorf("%s: chrF %v TER %v; want %v %v", sys.Name, got.ChrF, got.TER, chrf, ter)
			}
		}
		if corpus.Systems[s].ChrFSegments != nil {
			t.Errorf("%s: sentence scores computed without being asked for", sys.Name)
		}
		for i, hyp := range sys.Hyps {
			c, _, _ := scoring.SentenceChrF(hyp, []string{ds.Refs[0][i]}, m.ChrF)
			tr, _, _ := scoring.SentenceTER(hyp, []string{ds.Refs[0][i]}, m.TER)
			if segs.Systems[s].ChrFSegments[i] != c || segs.Systems[s].TERSegments[i] != tr {
				t.Errorf("%s line %d: %v %v; want %v %v", sys.Name, i+1, segs.Systems[s].ChrFSegments[i], segs.Systems[s].TERSegments[i], c, tr)
			}
		}
	}
	if got, want := corpus.ChrFSignature("X"), scoring.ChrFSignature(m.ChrF, 1, "X"); got != want {
		t.Errorf("chrF signature %q; want %q", got, want)
	}
}

func TestScoreMetricsNoReference(t *testing.T) {
	ds := memDataset(nil, [][]string{{"a", ""}}, System{Name: "A", Hyps: []string{"a", "b"}})
	ds.RefAbsent = [][]bool{{false, true}}
	ds.countRefs()
	_, err := ScoreMetrics(context.Background(), ds, allMetrics(), false)
	var ie *InputError
	if !errors.As(err, &ie) || ie.Line != 2 || !strings.Contains(err.Error(), "no reference") {
		t.Errorf("segment without reference: %v; want an InputError for line 2", err)
	}
	if _, err := ScoreMetrics(context.Background(), ds, DefaultMetrics(), false); err != nil {
		t.Errorf("BLEU alone: %v", err)
	}
}

// TestWriteSegmentsMetricsText checks that the text table gains chrF and
// TER columns right before the hypothesis, on every row.
func TestWriteSegmentsMetricsText(t *testing.T) {
	ds := viewDataset()
	s := mustScore(t, ds, DefaultSettings())
	ms, err := ScoreMetrics(context.Background(), ds, allMetrics(), true)
	if err != nil {
		t.Fatal(err)
	}
	rows := []int{3, 0, 5}
	var plain, with bytes.Buffer
	if err := WriteSegments(&plain, ds, s, rows, 0, FormatText); err != nil {
		t.Fatal(err)
	}
	if err := WriteSegmentsMetrics(&with, ds, s, rows, 0, -1, ms, FormatText); err != nil {
		t.Fatal(err)
	}
	pl := strings.Split(plain.String(), "\n")
	wl := strings.Split(with.String(), "\n")
	// BLEU's signature, then chrF's and TER's, which the columns have.
	version := signatureVersion(s.SentenceSignature(ds))
	sigs := []string{"sentence chrF2++ " + ms.ChrFSignature(version), "sentence TER " + ms.TERSignature(version)}
	if len(pl)+2 != len(wl) || pl[0] != wl[0] || !slices.Equal(wl[1:3], sigs) {
		t.Fatalf("table\n%s\nwithout metrics\n%s\nwant the signatures %q under the first line", with.String(), plain.String(), sigs)
	}
	wl = append(wl[:1], wl[3:]...)
	head := strings.Fields(wl[1])
	if n := len(head); n < 3 || head[n-3] != "chrF2++" || head[n-2] != "TER" || head[n-1] != "hypothesis" {
		t.Errorf("header %q", wl[1])
	}
	for r, i := range rows {
		line := wl[r+2]
		hyp := ds.Systems[0].Hyps[i]
		chrf := strconv.FormatFloat(ms.Systems[0].ChrFSegments[i], 'f', 2, 64)
		ter := strconv.FormatFloat(ms.Systems[0].TERSegments[i], 'f', 2, 64)
		f := strings.Fields(strings.TrimSuffix(line, hyp))
		if n := len(f); !strings.HasSuffix(line, "  "+hyp) || n < 2 || f[n-2] != chrf || f[n-1] != ter {
			t.Errorf("row %q; want %s and %s before the hypothesis %q", line, chrf, ter, hyp)
		}
	}
}

// TestCorpusMetricsSignatureVersion checks that the chrF and TER
// signatures carry the version field of BLEU's.
func TestCorpusMetricsSignatureVersion(t *testing.T) {
	ds := viewDataset()
	s := mustScore(t, ds, DefaultSettings())
	ms, err := ScoreMetrics(context.Background(), ds, allMetrics(), false)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteCorpusMetrics(&b, ds, s, ms, FormatText); err != nil {
		t.Fatal(err)
	}
	bleu := s.CorpusSignature(ds)
	version := bleu[strings.LastIndex(bleu, "|"):]
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != 6 {
		t.Fatalf("%d lines; want 3 metrics × 2 systems:\n%s", len(lines), b.String())
	}
	for _, l := range lines {
		sig, _, _ := strings.Cut(l, " = ")
		if !strings.HasSuffix(sig, version) {
			t.Errorf("%q does not end in BLEU's %q", l, version)
		}
	}
}

// TestMetricProgress: compare's and score --confidence's chrF and TER tell
// how far they are, metric by metric, the statistics and then the
// resampling, each step's fraction rising to 1 (the command line's
// progress sat at BLEU's 100% while they ran, minutes on a million
// segments): compare's steps cover every system at once, score
// --confidence's are told system by system.
func TestMetricProgress(t *testing.T) {
	const n = 1000
	ds := memDataset(nil, [][]string{synthLines(synthText(n, 2))},
		System{Name: "a", Hyps: synthLines(synthText(n, 1))}, System{Name: "b", Hyps: synthLines(synthText(n, 3))})
	m := DefaultMetrics()
	m.Names = []string{MetricBLEU, MetricChrF, MetricTER}
	ctx := context.Background()
	check := func(label string, want []string, run func(MetricProgress) error) {
		var mu sync.Mutex
		last := map[string]float64{} // per system, metric and step, the highest fraction told
		var order []string           // each system, metric and step as first told
		err := run(func(p MetricStep) {
			mu.Lock()
			defer mu.Unlock()
			key := fmt.Sprintf("%d %s %s", p.System, p.Metric, p.Step)
			if _, ok := last[key]; !ok {
				order = append(order, key)
			}
			if p.Fraction < 0 || p.Fraction > 1 {
				t.Errorf("%s: %s told %v", label, key, p.Fraction)
			}
			last[key] = max(last[key], p.Fraction)
		})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(order, want) {
			t.Errorf("%s: steps told %q; want %q", label, order, want)
		}
		for _, key := range want {
			if last[key] != 1 {
				t.Errorf("%s: %s reached %v; want 1", label, key, last[key])
			}
		}
	}
	check("compare", []string{"-1 chrF2 statistics", "-1 chrF2 resampling", "-1 TER statistics", "-1 TER resampling"}, func(p MetricProgress) error {
		s, err := Score(ctx, ds, DefaultSettings(), nil)
		if err != nil {
			return err
		}
		c, err := Compare(ctx, s, 0, nil, CompareOptions{Test: TestPairedBootstrap, N: 50})
		if err != nil {
			return err
		}
		_, err = CompareMetrics(ctx, ds, m, c, p)
		return err
	})
	var perSystem []string
	for sys := range 2 {
		for _, step := range []string{"chrF2 statistics", "chrF2 resampling", "TER statistics", "TER resampling"} {
			perSystem = append(perSystem, fmt.Sprintf("%d %s", sys, step))
		}
	}
	check("confidence", perSystem, func(p MetricProgress) error {
		_, err := ConfidenceMetrics(ctx, ds, m, 50, scoring.SeedOf(12345), p)
		return err
	})
}

// TestStatisticsScoresAreSacrebleus: the scores of the statistics the
// paired tests read (MetricStatistics.Scores, which ScoreMetrics gives
// with segments too, one system at a time) are, bit for bit, each
// segment's that of the scoring package's sentence functions on its
// references, and the corpus score that of the corpus pass, which keeps
// no statistics (ScoreMetrics without segments): on WMT22 de-en (three
// systems, both references) under chrF2, chrF2++ lowercased and TER with
// its options on and off.
func TestStatisticsScoresAreSacrebleus(t *testing.T) {
	ds := loadWMTPair(t, "de-en", []string{"LT22", "JDExploreAcademy", "Online-A"})
	ctx := context.Background()
	chrfPP := scoring.ChrFPlusPlusOptions()
	chrfPP.Lowercase = true
	same := func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }
	for _, tc := range []struct {
		label string
		m     Metrics
	}{
		{"chrF2", Metrics{Names: []string{MetricChrF}, ChrF: scoring.DefaultChrFOptions()}},
		{"chrF2++ lc", Metrics{Names: []string{MetricChrF}, ChrF: chrfPP}},
		{"TER", Metrics{Names: []string{MetricTER}}},
		{"TER cs norm", Metrics{Names: []string{MetricTER}, TER: scoring.TEROptions{CaseSensitive: true, Normalized: true, NoPunct: true}}},
	} {
		corpus, err := ScoreMetrics(ctx, ds, tc.m, false)
		if err != nil {
			t.Fatal(err)
		}
		segs, err := ScoreMetrics(ctx, ds, tc.m, true)
		if err != nil {
			t.Fatal(err)
		}
		st, err := ComputeMetricStatistics(ctx, ds, tc.m.Names[0], tc.m, nil)
		if err != nil {
			t.Fatal(err)
		}
		got := st.Scores(ds, tc.m)
		if got.NRefs != corpus.NRefs || !slices.Equal(got.Metrics.Names, tc.m.Names) || got.Metrics.ChrF != tc.m.ChrF || got.Metrics.TER != tc.m.TER {
			t.Errorf("%s: scores for %+v (nrefs %d), want %+v (nrefs %d)", tc.label, got.Metrics, got.NRefs, tc.m, corpus.NRefs)
		}
		var refs []string
		for s, sys := range ds.Systems {
			want := corpus.Systems[s]
			for _, g := range []MetricSystem{got.Systems[s], segs.Systems[s]} {
				if !same(g.ChrF, want.ChrF) || !same(g.TER, want.TER) {
					t.Errorf("%s %s: corpus chrF %v TER %v, want %v %v", tc.label, sys.Name, g.ChrF, g.TER, want.ChrF, want.TER)
				}
			}
			for i, hyp := range sys.Hyps {
				refs = ds.SegmentRefs(i, refs[:0])
				var sentence float64
				fromStats, fromScore := got.Systems[s].TERSegments, segs.Systems[s].TERSegments
				if tc.m.Has(MetricChrF) {
					sentence, _, err = scoring.SentenceChrF(hyp, refs, tc.m.ChrF)
					fromStats, fromScore = got.Systems[s].ChrFSegments, segs.Systems[s].ChrFSegments
				} else {
					sentence, _, err = scoring.SentenceTER(hyp, refs, tc.m.TER)
				}
				if err != nil {
					t.Fatal(err)
				}
				if !same(fromStats[i], sentence) || !same(fromScore[i], sentence) {
					t.Fatalf("%s %s line %d: sentence score %v (ScoreMetrics %v); want %v", tc.label, sys.Name, i+1, fromStats[i], fromScore[i], sentence)
				}
			}
		}
	}
}
