package scoring_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/bleuscope/bleuscope/fixtures/conformance"
	"github.com/bleuscope/bleuscope/scoring"
)

// sigRecord is the part of a significance.jsonl record that the chrF and
// TER checks read (the metric options kept raw: they are chrF's or TER's).
type sigRecord struct {
	ID          string            `json:"id"`
	CLICwd      string            `json:"cli_cwd"`
	Files       map[string]string `json:"files"`
	RefFiles    []string          `json:"ref_files"`
	SystemFiles []string          `json:"system_files"`
	Test        string            `json:"test"`
	N           int               `json:"n"`
	RNGSeed     *uint64           `json:"rng_seed"`
	NARConf     *int              `json:"n_ar_confidence"`
	Metrics     []struct {
		Metric  string          `json:"metric"`
		Options json.RawMessage `json:"options"`
	} `json:"metrics"`
	Expected struct {
		API map[string][]*sigAPIValues `json:"api"`
	} `json:"expected"`
}

// sigMetric returns the chrF or TER metric of m with its name in the
// record's api and a function giving a system's statistics rows, and for
// chrF one giving them as counts too (nil for TER); ok is false for BLEU.
func sigMetric(t *testing.T, metric string, options json.RawMessage) (m scoring.Metric, name string, stats func(n int, src scoring.SegmentSource) []float64, counts func(n int, src scoring.SegmentSource) []uint32, ok bool) {
	ctx := context.Background()
	switch metric {
	case "chrf":
		var c chrfRecord
		if err := json.Unmarshal(options, &c.Options); err != nil {
			t.Fatal(err)
		}
		o := c.options()
		cm, err := scoring.NewChrFMetric(o)
		if err != nil {
			t.Fatal(err)
		}
		return cm, o.Name(), func(n int, src scoring.SegmentSource) []float64 {
				rows, err := scoring.ChrFStatistics(ctx, n, o, src)
				if err != nil {
					t.Fatal(err)
				}
				return rows
			}, func(n int, src scoring.SegmentSource) []uint32 {
				rows, err := scoring.ChrFCounts(ctx, n, o, src)
				if err != nil {
					t.Fatal(err)
				}
				return rows
			}, true
	case "ter":
		var c terRecord
		if err := json.Unmarshal(options, &c.Options); err != nil {
			t.Fatal(err)
		}
		o := c.options()
		return scoring.TERMetric{}, "TER", func(n int, src scoring.SegmentSource) []float64 {
			rows, err := scoring.TERStatistics(ctx, n, o, src)
			if err != nil {
				t.Fatal(err)
			}
			return rows
		}, nil, true
	}
	return nil, "", nil, nil, false
}

// TestSigConformanceChrFTER runs the chrF and TER records of
// significance.jsonl through the significance tests: bootstrap confidence,
// paired bootstrap and approximate randomization, scores, means, CIs and
// p-values as sacrebleu's API returned them.
func TestSigConformanceChrFTER(t *testing.T) {
	recs := conformance.ReadJSONL[sigRecord](t, filepath.Join(conformance.Dir(t), "significance.jsonl"))
	files := &fileCache{t: t}
	var tl sigTally
	for _, rec := range recs {
		if len(rec.Expected.API) == 0 {
			continue
		}
		for _, m := range rec.Metrics {
			metric, name, statsOf, countsOf, ok := sigMetric(t, m.Metric, m.Options)
			if !ok {
				continue
			}
			var refs [][]string
			for _, f := range rec.RefFiles {
				refs = append(refs, sigLines(t, rec, files, f))
			}
			segments := len(refs[0])
			var srcs []scoring.SegmentSource
			for _, f := range rec.SystemFiles {
				hyps := sigLines(t, rec, files, f)
				srcs = append(srcs, func(i int, out []string) (string, []string) {
					for _, r := range refs {
						out = append(out, r[i])
					}
					return hyps[i], out
				})
			}
			var stats [][]float64
			var counts [][]uint32
			for _, src := range srcs {
				stats = append(stats, statsOf(segments, src))
				if countsOf != nil {
					counts = append(counts, countsOf(segments, src))
				}
			}
			c := sigCheck{rec: rec, metric: metric, name: name, segments: segments, want: rec.Expected.API[name]}
			if rec.RNGSeed != nil {
				c.seed = *rec.RNGSeed
			}
			tl.records++
			runSigCheck(t, &tl, c, stats)
			if counts != nil {
				runSigCheck(t, &tl, c, counts)
			}
		}
	}
	t.Logf("significance.jsonl: %d chrF and TER records (chrF's run on float64 statistics and on counts), %d of %d floats bit-identical to sacrebleu's", tl.records, tl.identical, tl.floats)
	if tl.records == 0 {
		t.Error("no chrF or TER record read")
	}
}

// sigCheck is one chrF or TER test of a significance.jsonl record.
type sigCheck struct {
	rec      sigRecord
	metric   scoring.Metric
	name     string
	segments int
	want     []*sigAPIValues
	seed     uint64
}

// runSigCheck runs c's test on the systems' statistics stats and tallies
// its figures against sacrebleu's.
func runSigCheck[T scoring.Statistic](t *testing.T, tl *sigTally, c sigCheck, stats [][]T) {
	t.Helper()
	ctx := context.Background()
	rec, name, want := c.rec, c.name, c.want
	switch rec.Test {
	case "confidence":
		e, err := scoring.Confidence(ctx, c.metric, c.segments, stats[0], rec.N, scoring.SeedOf(c.seed))
		if err != nil {
			t.Fatalf("%s: %v", rec.ID, err)
		}
		tl.compare(t, rec.ID, name+" score", e.Score, true, want[0].Score, false)
		if rec.RNGSeed != nil {
			tl.compare(t, rec.ID, name+" mean", e.Mean, true, want[0].Mean, false)
			tl.compare(t, rec.ID, name+" ci", e.CI, true, want[0].CI, false)
		}
	case "paired-bs", "paired-ar":
		p := scoring.PairedTest[T]{Metric: c.metric, Segments: c.segments, Baseline: stats[0], Systems: stats[1:], N: rec.N, Seed: scoring.SeedOf(c.seed)}
		run := scoring.PairedBootstrap[T]
		if rec.Test == "paired-ar" {
			run = scoring.PairedApproxRandomization[T]
			if rec.NARConf != nil {
				p.ARConfidence = *rec.NARConf
				if p.ARConfidence == 0 {
					p.ARConfidence = scoring.DefaultBootstrapN
				}
			}
		}
		res, err := run(ctx, p)
		if err != nil {
			t.Fatalf("%s: %v", rec.ID, err)
		}
		ests := []scoring.Estimate{res.Baseline}
		for _, c := range res.Systems {
			ests = append(ests, c.Estimate)
		}
		for s, w := range want {
			if w == nil {
				continue // sacrebleu's seed-0 systems: OS entropy
			}
			what := name + " " + rec.SystemFiles[s] + " "
			e := ests[s]
			tl.compare(t, rec.ID, what+"score", e.Score, true, w.Score, false)
			tl.compare(t, rec.ID, what+"mean", e.Mean, e.Resamples > 0, w.Mean, false)
			tl.compare(t, rec.ID, what+"ci", e.CI, e.Resamples > 0, w.CI, false)
			if s > 0 {
				tl.compare(t, rec.ID, what+"p", res.Systems[s-1].PValue, true, w.PValue, true)
			}
		}
	default:
		t.Errorf("%s: unknown test %q", rec.ID, rec.Test)
	}
}

// TestMetricStatistics checks the statistics rows of the significance
// shape: summed in segment order they give the corpus statistics, and the
// metrics score them as the corpus functions do.
func TestMetricStatistics(t *testing.T) {
	files := &fileCache{t: t}
	hyps := files.lines("system-outputs/generaltest2022.de-en.hyp.Online-B.en")
	refA := files.lines("references/generaltest2022.de-en.ref.A.en")
	refB := files.lines("references/generaltest2022.de-en.ref.B.en")
	src := func(i int, out []string) (string, []string) { return hyps[i], append(out, refA[i], refB[i]) }
	ctx := context.Background()

	o := scoring.ChrFPlusPlusOptions()
	m, err := scoring.NewChrFMetric(o)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := scoring.ChrFStatistics(ctx, len(hyps), o, src)
	if err != nil || len(rows) != len(hyps)*m.Width() {
		t.Fatalf("%d chrF statistics (%v); want %d", len(rows), err, len(hyps)*m.Width())
	}
	want, _ := scoring.ChrFCorpusStats(ctx, len(hyps), o, src)
	sums := make([]float64, m.Width())
	for i, v := range rows {
		sums[i%m.Width()] += v
	}
	for k := range sums {
		if sums[k] != float64(want[k]) {
			t.Fatalf("chrF sums %v; want %v", sums, want)
		}
	}
	if got := m.ScoreSums(sums, false); got != scoring.ChrFScore(want, o) {
		t.Errorf("chrF ScoreSums %v; want %v", got, scoring.ChrFScore(want, o))
	}

	var tm scoring.TERMetric
	trows, err := scoring.TERStatistics(ctx, len(hyps), scoring.TEROptions{}, src)
	if err != nil || len(trows) != 2*len(hyps) {
		t.Fatalf("%d TER statistics (%v)", len(trows), err)
	}
	tsum := make([]float64, tm.Width())
	for i, v := range trows {
		tsum[i%2] += v
	}
	st, _ := scoring.TERCorpusStats(ctx, len(hyps), scoring.TEROptions{}, src)
	if tsum[0] != float64(st.Edits) || tsum[1] != st.RefLen || tm.ScoreSums(tsum, false) != st.Score() {
		t.Errorf("TER sums %v score %v; want %+v %v", tsum, tm.ScoreSums(tsum, false), st, st.Score())
	}
}
