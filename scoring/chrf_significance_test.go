package scoring_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/bleuscope/bleuscope/fixtures/conformance"
	"github.com/bleuscope/bleuscope/scoring"
)

// sigRecord is the part of a significance.jsonl record that the actual
// (not resampled) chrF and TER scores need.
type sigRecord struct {
	ID          string   `json:"id"`
	CLICwd      string   `json:"cli_cwd"`
	RefFiles    []string `json:"ref_files"`
	SystemFiles []string `json:"system_files"`
	Metrics     []struct {
		Metric  string          `json:"metric"`
		Options json.RawMessage `json:"options"`
	} `json:"metrics"`
	Expected struct {
		API map[string][]*struct {
			Score float64 `json:"score"`
		} `json:"api"`
	} `json:"expected"`
}

// TestSignificanceActualScores checks the actual corpus chrF and TER of
// every WMT22 system in significance.jsonl (the score each test starts
// from), computed from summed per-segment statistics.
func TestSignificanceActualScores(t *testing.T) {
	recs := conformance.ReadJSONL[sigRecord](t, filepath.Join(conformance.Dir(t), "significance.jsonl"))
	files := &fileCache{t: t}
	checked := 0
	for _, r := range recs {
		if r.CLICwd != "txt" {
			continue // synthetic files: the resampling tests' concern
		}
		var refs [][]string
		for _, f := range r.RefFiles {
			refs = append(refs, files.lines(f))
		}
		for _, m := range r.Metrics {
			var name string
			var score func(hyps []string) float64
			switch m.Metric {
			case "chrf":
				var c chrfRecord
				if err := json.Unmarshal(m.Options, &c.Options); err != nil {
					t.Fatal(err)
				}
				o := c.options()
				name = o.Name()
				score = func(hyps []string) float64 { s, _, _ := scoring.CorpusChrF(hyps, refs, o); return s }
			case "ter":
				var c terRecord
				if err := json.Unmarshal(m.Options, &c.Options); err != nil {
					t.Fatal(err)
				}
				o := c.options()
				name = "TER"
				score = func(hyps []string) float64 { s, _, _ := scoring.CorpusTER(hyps, refs, o); return s }
			default:
				continue
			}
			want := r.Expected.API[name]
			if len(want) != len(r.SystemFiles) {
				t.Fatalf("%s: %d %s entries for %d systems", r.ID, len(want), name, len(r.SystemFiles))
			}
			for k, f := range r.SystemFiles {
				if want[k] == nil {
					continue // not reproducible (seed 0)
				}
				if got := score(files.lines(f)); !conformance.CloseTo(got, want[k].Score) {
					t.Errorf("%s %s %s: %v; want %v", r.ID, name, f, got, want[k].Score)
				}
				checked++
			}
		}
	}
	t.Logf("significance.jsonl: %d actual chrF and TER scores checked", checked)
	if checked == 0 {
		t.Error("no chrF or TER score checked")
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
