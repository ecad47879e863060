package scoring_test

import (
	"context"
	"encoding/json"
	"math"
	"path/filepath"
	"testing"

	"github.com/bleuscope/bleuscope/fixtures/conformance"
	"github.com/bleuscope/bleuscope/scoring"
)

// sigAPIValues is sacrebleu's API result for one system; nil fields were null.
type sigAPIValues struct {
	Score  *float64 `json:"score"`
	PValue *float64 `json:"p_value"`
	Mean   *float64 `json:"mean"`
	CI     *float64 `json:"ci"`
}

// sigTally counts the compared floats and the bit-identical ones.
type sigTally struct{ floats, identical, records int }

// sigLines returns the lines of an input file of a record as sacrebleu's
// command line reads them (split on "\n", right-stripped).
func sigLines(t *testing.T, rec sigRecord, files *fileCache, name string) []string {
	t.Helper()
	if rec.CLICwd == "files" {
		return splitCLILines(rec.Files[name])
	}
	return files.lines(name)
}

// sigBLEUStats returns the BLEU statistics rows of every system of rec, as
// float64 statistics and as the uint32 counts the app tests them as.
func sigBLEUStats(t *testing.T, rec sigRecord, files *fileCache, opt scoring.Options) (int, [][]float64, [][]uint32) {
	t.Helper()
	var refs [][]string
	for _, f := range rec.RefFiles {
		refs = append(refs, sigLines(t, rec, files, f))
	}
	var out [][]float64
	var counts [][]uint32
	segments := len(refs[0])
	for _, f := range rec.SystemFiles {
		hyps := sigLines(t, rec, files, f)
		if len(hyps) != segments {
			t.Fatalf("%s: %s has %d lines, references %d", rec.ID, f, len(hyps), segments)
		}
		st := make([]scoring.Stats, segments)
		store := scoring.NewStatsStore(segments, opt.MaxOrder, false)
		err := scoring.ScoreSegments(context.Background(), segments, opt, opt.MaxOrder, func(i int, rs []string) (string, []string) {
			for _, r := range refs {
				rs = append(rs, r[i])
			}
			return hyps[i], rs
		}, func(i int, s scoring.Stats) { st[i] = s; store.Set(i, s) })
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, scoring.BLEUSegmentStatistics(st, opt.MaxOrder))
		counts = append(counts, scoring.BLEUStoreCounts(store, opt.MaxOrder, nil))
	}
	return segments, out, counts
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
	recs := conformance.ReadJSONL[sigRecord](t, filepath.Join(dir, "significance.jsonl"))
	files := &fileCache{t: t}
	var tl sigTally
	for _, rec := range recs {
		if len(rec.Expected.API) == 0 {
			continue // command-line errors only: the command line's tests
		}
		for _, m := range rec.Metrics {
			if m.Metric != "bleu" {
				continue // TestSigConformanceChrFTER's
			}
			var o conformance.Options
			if err := json.Unmarshal(m.Options, &o); err != nil {
				t.Fatalf("%s: %v", rec.ID, err)
			}
			opt := o.Scoring()
			if opt.MaxOrder == 0 {
				opt.MaxOrder = 4
			}
			metric, err := scoring.NewBLEUMetric(opt)
			if err != nil {
				t.Fatalf("%s: %v", rec.ID, err)
			}
			segments, stats, counts := sigBLEUStats(t, rec, files, opt)
			c := sigCheck{rec: rec, metric: metric, name: "BLEU", segments: segments, want: rec.Expected.API["BLEU"]}
			if rec.RNGSeed != nil {
				c.seed = *rec.RNGSeed
			}
			tl.records++
			runSigCheck(t, &tl, c, stats)
			runSigCheck(t, &tl, c, counts)
		}
	}
	t.Logf("significance.jsonl: %d BLEU records (run on float64 statistics and on counts), %d of %d floats bit-identical to sacrebleu's", tl.records, tl.identical, tl.floats)
	if tl.records == 0 {
		t.Error("no BLEU record read")
	}
}
