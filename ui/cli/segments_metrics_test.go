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
// without the metric in --metrics (without it nothing of it is printed),
// and --worst keeping the worst by that metric.
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
				if (g.ChrF != nil || g.TER != nil) != (extra != nil) {
					t.Errorf("%v: %s; the metric is printed only when --metrics asks for it", args, l)
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
