package cli

import (
	"cmp"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/scoring"
)

// TestSegmentsSortByMetric checks --sort chrf (lowest first) and --sort ter
// (highest first) against the scoring package's sentence scores, with and
// without the metric in --metrics (the metric sorted by is printed either
// way, and the other one not), and --worst keeping the worst by that
// metric.
func TestSegmentsSortByMetric(t *testing.T) {
	writeFiles(t, basicFiles())
	hyps := strings.Split(strings.TrimSuffix(hyp3, "\n"), "\n")
	refs := strings.Split(strings.TrimSuffix(ref3, "\n"), "\n")
	scores := map[string][]float64{}
	for i := range hyps {
		c, _, _ := scoring.SentenceChrF(hyps[i], refs[i:i+1], scoring.DefaultChrFOptions())
		r, _, _ := scoring.SentenceTER(hyps[i], refs[i:i+1], scoring.TEROptions{})
		scores["chrf"], scores["ter"] = append(scores["chrf"], c), append(scores["ter"], r)
	}
	for _, metric := range []string{"chrf", "ter"} {
		want := make([]int, len(hyps))
		for i := range want {
			want[i] = i + 1
		}
		sign := 1.0
		if metric == "ter" {
			sign = -1
		}
		slices.SortStableFunc(want, func(a, b int) int {
			return cmp.Compare(sign*scores[metric][a-1], sign*scores[metric][b-1])
		})
		for _, extra := range [][]string{nil, {"--metrics", "bleu," + metric}} {
			args := append([]string{"segments", "--format", "jsonl", "--sort", metric}, extra...)
			code, out, stderr := runCLI(t, "", append(args, "hyp.txt", "-r", "ref.txt")...)
			if code != 0 {
				t.Fatalf("%v: status %d, stderr %q", args, code, stderr)
			}
			var got []int
			for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
				var g metricsOutput
				if err := json.Unmarshal([]byte(l), &g); err != nil {
					t.Fatal(err)
				}
				shown, other := g.ChrF, g.TER
				if metric == "ter" {
					shown, other = g.TER, g.ChrF
				}
				if shown == nil || shown.Score == nil || *shown.Score != scores[metric][g.Line-1] || other != nil {
					t.Errorf("%v: %s; want %q with the sentence score %v, and not the other metric", args, l, metric, scores[metric][g.Line-1])
				}
				got = append(got, g.Line)
			}
			if !slices.Equal(got, want) {
				t.Errorf("%v: lines %v; want %v (scores %v)", args, got, want, scores[metric])
			}
		}
		code, out, _ := runCLI(t, "", "segments", "--format", "tsv", "--sort", "line", "--worst", "1", "--sort", metric, "hyp.txt", "-r", "ref.txt")
		rows := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if code != 0 || len(rows) != 2 || !strings.HasPrefix(rows[1], "hyp.txt\t"+strconv.Itoa(want[0])+"\t") {
			t.Errorf("--worst 1 --sort %s: %q; want line %d alone", metric, out, want[0])
		}
		if head := strings.Split(rows[0], "\t"); !slices.Contains(head, metric) || len(rows) < 2 ||
			strings.Split(rows[1], "\t")[slices.Index(head, metric)] != strconv.FormatFloat(scores[metric][want[0]-1], 'g', -1, 64) {
			t.Errorf("--worst 1 --sort %s TSV: %q; want a %s column with line %d's score %v", metric, out, metric, want[0], scores[metric][want[0]-1])
		}
		// The text table shows the column it is sorted by.
		column := map[string]string{"chrf": "chrF2", "ter": "TER"}[metric]
		_, out, _ = runCLI(t, "", "segments", "--sort", metric, "hyp.txt", "-r", "ref.txt")
		if lines := strings.Split(out, "\n"); len(lines) < 2 || !slices.Contains(strings.Fields(lines[1]), column) {
			t.Errorf("--sort %s text: no %s column:\n%s", metric, column, out)
		}
	}
	// The options of the metric sorted by apply, as with --metrics.
	for _, args := range [][]string{{"--sort", "chrf", "--chrf-beta", "3"}, {"--sort", "ter", "--ter-case-sensitive"}} {
		if code, _, stderr := runCLI(t, "", append(append([]string{"segments"}, args...), "hyp.txt", "-r", "ref.txt")...); code != 0 {
			t.Errorf("%q: status %d, %s", args, code, stderr)
		}
	}
}

// TestSegmentsTextMetrics checks that --text takes --metrics: a chrf and a
// ter column per system, equal to the sentence scores.
func TestSegmentsTextMetrics(t *testing.T) {
	writeFiles(t, basicFiles())
	code, out, stderr := runCLI(t, "", "segments", "--text", "--format", "tsv", "--metrics", "chrf,ter", "hyp.txt", "-r", "ref.txt")
	if code != 0 {
		t.Fatalf("status %d, stderr %q", code, stderr)
	}
	hyps := strings.Split(strings.TrimSuffix(hyp3, "\n"), "\n")
	refs := strings.Split(strings.TrimSuffix(ref3, "\n"), "\n")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	head := strings.Split(lines[0], "\t")
	ci, ti := slices.Index(head, "chrf:hyp.txt"), slices.Index(head, "ter:hyp.txt")
	if ci < 0 || ti < 0 || len(lines) != len(hyps)+1 {
		t.Fatalf("table %q; want chrf:hyp.txt and ter:hyp.txt columns and one row per segment", out)
	}
	for r, l := range lines[1:] {
		rec := strings.Split(l, "\t")
		i, _ := strconv.Atoi(rec[0])
		c, _, _ := scoring.SentenceChrF(hyps[i-1], refs[i-1:i], scoring.DefaultChrFOptions())
		x, _, _ := scoring.SentenceTER(hyps[i-1], refs[i-1:i], scoring.TEROptions{})
		gc, errC := strconv.ParseFloat(rec[ci], 64)
		gt, errT := strconv.ParseFloat(rec[ti], 64)
		if errC != nil || errT != nil || gc != c || gt != x {
			t.Errorf("row %d: chrf %s ter %s; want %v %v", r+1, rec[ci], rec[ti], c, x)
		}
	}
}
