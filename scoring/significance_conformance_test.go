package scoring_test

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/fixtures/conformance"
	"github.com/bleuscope/bleuscope/scoring"
)

// sigCase is one record of significance.jsonl (the fields these tests
// read).
type sigCase struct {
	ID          string            `json:"id"`
	Files       map[string]string `json:"files"`
	RefFiles    []string          `json:"ref_files"`
	SystemFiles []string          `json:"system_files"`
	Test        string            `json:"test"`
	Metrics     []struct {
		Metric  string              `json:"metric"`
		Options conformance.Options `json:"options"`
	} `json:"metrics"`
	N        int     `json:"n"`
	RNGSeed  *uint64 `json:"rng_seed"`
	NARConf  *int    `json:"n_ar_confidence"`
	CLICwd   string  `json:"cli_cwd"`
	Expected struct {
		API map[string][]*sigAPIValues `json:"api"`
	} `json:"expected"`
}

// sigAPIValues is sacrebleu's API result for one system; nil fields were null.
type sigAPIValues struct {
	Score  *float64 `json:"score"`
	PValue *float64 `json:"p_value"`
	Mean   *float64 `json:"mean"`
	CI     *float64 `json:"ci"`
}

// sigTally counts the compared floats and the bit-identical ones.
type sigTally struct{ floats, identical, records int }

// readSigLines returns the lines of one input file of a record, split on
// "\n" only as sacrebleu's command line reads them.
func readSigLines(t *testing.T, rec sigCase, txt, name string) []string {
	t.Helper()
	var s string
	if rec.CLICwd == "files" {
		s = rec.Files[name]
	} else {
		b, err := os.ReadFile(filepath.Join(txt, name))
		if err != nil {
			t.Fatal(err)
		}
		s = string(b)
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// sigBLEUStats returns the BLEU statistics rows of every system of rec.
func sigBLEUStats(t *testing.T, rec sigCase, txt string, opt scoring.Options) (int, [][]float64) {
	t.Helper()
	var refs [][]string
	for _, f := range rec.RefFiles {
		refs = append(refs, readSigLines(t, rec, txt, f))
	}
	var out [][]float64
	segments := len(refs[0])
	for _, f := range rec.SystemFiles {
		hyps := readSigLines(t, rec, txt, f)
		if len(hyps) != segments {
			t.Fatalf("%s: %s has %d lines, references %d", rec.ID, f, len(hyps), segments)
		}
		st := make([]scoring.Stats, segments)
		err := scoring.ScoreSegments(context.Background(), segments, opt, opt.MaxOrder, func(i int, rs []string) (string, []string) {
			for _, r := range refs {
				rs = append(rs, r[i])
			}
			return hyps[i], rs
		}, func(i int, s scoring.Stats) { st[i] = s })
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, scoring.BLEUSegmentStatistics(st, opt.MaxOrder))
	}
	return segments, out
}

// compare checks got against want (nil: sacrebleu had no value, so got
// must be absent too); p-values exactly, other floats to 1e-12 relative.
func (tl *sigTally) compare(t *testing.T, id, what string, got float64, present bool, want *float64, exact bool) {
	t.Helper()
	if want == nil {
		if present {
			t.Errorf("%s: %s = %v, want none", id, what, got)
		}
		return
	}
	if !present {
		t.Errorf("%s: %s missing, want %v", id, what, *want)
		return
	}
	tl.floats++
	if math.Float64bits(got) == math.Float64bits(*want) {
		tl.identical++
		return
	}
	if exact || !conformance.CloseTo(got, *want) || math.Abs(got-*want) > 1e-12*math.Abs(*want) {
		t.Errorf("%s: %s = %v, want %v", id, what, got, *want)
	}
}

func TestSigConformance(t *testing.T) {
	dir := conformance.Dir(t)
	recs := conformance.ReadJSONL[sigCase](t, filepath.Join(dir, "significance.jsonl"))
	txt := conformance.Corpora(t)
	var tl sigTally
	ctx := context.Background()
	for _, rec := range recs {
		if len(rec.Expected.API) == 0 {
			continue // command-line errors only: the command line's tests
		}
		for _, m := range rec.Metrics {
			if m.Metric != "bleu" {
				t.Logf("%s: %s records are checked by the %s metric's tests once it is wired in", rec.ID, m.Metric, strings.ToUpper(m.Metric))
				continue
			}
			opt := m.Options.Scoring()
			if opt.MaxOrder == 0 {
				opt.MaxOrder = 4
			}
			want := rec.Expected.API["BLEU"]
			metric, err := scoring.NewBLEUMetric(opt)
			if err != nil {
				t.Fatalf("%s: %v", rec.ID, err)
			}
			segments, stats := sigBLEUStats(t, rec, txt, opt)
			seed := uint64(0)
			if rec.RNGSeed != nil {
				seed = *rec.RNGSeed
			}
			tl.records++
			switch rec.Test {
			case "confidence":
				e, err := scoring.Confidence(ctx, metric, segments, stats[0], rec.N, seed)
				if err != nil {
					t.Fatalf("%s: %v", rec.ID, err)
				}
				tl.compare(t, rec.ID, "score", e.Score, true, want[0].Score, false)
				if rec.RNGSeed == nil {
					continue // OS entropy: mean and CI are not reproducible
				}
				tl.compare(t, rec.ID, "mean", e.Mean, true, want[0].Mean, false)
				tl.compare(t, rec.ID, "ci", e.CI, true, want[0].CI, false)
			case "paired-bs", "paired-ar":
				p := scoring.PairedTest[float64]{Metric: metric, Segments: segments, Baseline: stats[0], Systems: stats[1:], N: rec.N, Seed: seed}
				run := scoring.PairedBootstrap[float64]
				if rec.Test == "paired-ar" {
					run = scoring.PairedApproxRandomization[float64]
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
					what := "system " + rec.SystemFiles[s] + " "
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
	}
	t.Logf("significance.jsonl: %d BLEU records, %d of %d floats bit-identical to sacrebleu's", tl.records, tl.identical, tl.floats)
	if tl.records == 0 {
		t.Error("no BLEU record read")
	}
}
