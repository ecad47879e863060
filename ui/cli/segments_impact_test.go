package cli

import (
	"context"
	"encoding/json"
	"maps"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model"
)

// TestSegmentsImpactFollowsMetric: --sort impact with --metrics chrf or
// ter alone sorts by that metric's impact and gives it as chrf_impact or
// ter_impact, worked out by hand from the statistics (chrF at character
// order 1 and β 2 is 100·5m/(4r+h) of the summed hypothesis characters h,
// reference characters r and matches m; TER is 100·edits/reference
// words): A's chrF sums h 9, r 13, m 8 (4000/61), and swapping line 1, 2
// or 4 for B's gives 3000/61, 5000/63 and 5500/63; A's TER is 5 edits of
// 13 words, and swapping gives 6, 3 and 2 edits (TER's impact is the rise
// turned round). With bleu among the metrics, the impact stays BLEU's.
func TestSegmentsImpactFollowsMetric(t *testing.T) {
	type row struct {
		System string
		Line   int
		Chrf   float64 `json:"chrf_impact"`
		TER    float64 `json:"ter_impact"`
	}
	for _, tc := range []struct {
		metric string
		files  map[string]string
		flags  []string
		want   []float64 // A's impact, lines 1-4
		value  func(row) float64
	}{
		{"chrf", map[string]string{"ref.txt": "abcd\nabcd\nab\nabc\n", "a.txt": "abcd\nab\nab\nx\n", "b.txt": "abxy\nabcd\nab\nabc\n"},
			[]string{"--chrf-char-order", "1"}, []float64{1000.0 / 61, 4000.0/61 - 5000.0/63, 0, 4000.0/61 - 5500.0/63}, func(r row) float64 { return r.Chrf }},
		{"ter", map[string]string{"ref.txt": "a b c d\na b c d\na b\na b c\n", "a.txt": "a b c d\na b\na b\nx y z\n", "b.txt": "a b x d\na b c d\na b\na b c\n"},
			nil, []float64{100.0 / 13, -200.0 / 13, 0, -300.0 / 13}, func(r row) float64 { return r.TER }},
	} {
		writeFiles(t, tc.files)
		args := append([]string{"segments", "--sort", "impact", "--metrics", tc.metric, "--format", "jsonl", "A=a.txt", "B=b.txt", "-r", "ref.txt"}, tc.flags...)
		code, out, stderr := runCLI(t, "", args...)
		if code != 0 {
			t.Fatalf("%s: status %d: %s", tc.metric, code, stderr)
		}
		var lines []int
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			if !strings.Contains(l, `"`+tc.metric+`_impact": `) || strings.Contains(l, `"impact": `) {
				t.Fatalf("%s: %s; want %s_impact and no BLEU impact", tc.metric, l, tc.metric)
			}
			var r row
			if err := json.Unmarshal([]byte(l), &r); err != nil {
				t.Fatal(err)
			}
			if r.System != "A" {
				continue
			}
			lines = append(lines, r.Line)
			if got, want := tc.value(r), tc.want[r.Line-1]; math.Abs(got-want) > 1e-9 {
				t.Errorf("%s: line %d's impact %v, want %v", tc.metric, r.Line, got, want)
			}
		}
		if want := []int{4, 2, 3, 1}; !slices.Equal(lines, want) {
			t.Errorf("%s: A's lines in the order %v, want the costliest first: %v", tc.metric, lines, want)
		}
		_, out, _ = runCLI(t, "", append(args, "--text", "--system", "A")...)
		if first, _, _ := strings.Cut(out, "\n"); !strings.Contains(first, `"`+tc.metric+`_impact": `) {
			t.Errorf("%s: --text's first line %s; want a %s_impact field", tc.metric, first, tc.metric)
		}
		_, out, _ = runCLI(t, "", append(args[:4:4], append([]string{"bleu," + tc.metric}, args[5:]...)...)...)
		if !strings.Contains(out, `"impact": `) || strings.Contains(out, "_impact") {
			t.Errorf("--metrics bleu,%s: want BLEU's impact:\n%s", tc.metric, out)
		}
	}
}

// TestSegmentsImpactOfTwoMetricsWarns: --sort impact with --metrics
// chrf,ter (no bleu) sorts by BLEU's impact, as with bleu among them, and
// a warning says so and how to sort by one of theirs, instead of an
// "impact" column a reader could take for chrF's or TER's; with bleu
// among the metrics, or with one of them alone, nothing is said.
func TestSegmentsImpactOfTwoMetricsWarns(t *testing.T) {
	writeFiles(t, map[string]string{"ref.txt": "a b c d\na b\n", "a.txt": "a b c d\na x\n", "b.txt": "a b x d\na b\n"})
	run := func(metrics string) (out, stderr string) {
		code, out, stderr := runCLI(t, "", "segments", "--sort", "impact", "--metrics", metrics, "--format", "jsonl", "A=a.txt", "B=b.txt", "-r", "ref.txt")
		if code != 0 {
			t.Fatalf("--metrics %s: exit %d: %s", metrics, code, stderr)
		}
		return out, stderr
	}
	out, stderr := run("chrf,ter")
	if !strings.Contains(out, `"impact": `) || strings.Contains(out, "_impact") {
		t.Errorf("--metrics chrf,ter: want BLEU's impact:\n%s", out)
	}
	if want := "bleuscope: warning: --sort impact with --metrics chrf,ter sorts by BLEU's impact (the impact column); give one of them alone to sort by its impact\n"; stderr != want {
		t.Errorf("--metrics chrf,ter: standard error %q; want %q", stderr, want)
	}
	for _, metrics := range []string{"bleu,chrf,ter", "chrf", "ter", "bleu"} {
		if _, stderr := run(metrics); stderr != "" {
			t.Errorf("--metrics %s: standard error %q; want nothing", metrics, stderr)
		}
	}
}

// TestSegmentsImpactScoresMetricOnce: --sort impact with --metrics chrf
// or ter alone makes one pass of that metric over the segments, whose
// statistics give the impact and the scores shown (it made two: the
// scores, then the statistics again); the scores are those of --sort
// line, which only scores. With bleu among the metrics, chrF is scored
// once too, and no statistics are computed.
func TestSegmentsImpactScoresMetricOnce(t *testing.T) {
	passes := map[string]int{}
	score, stats := scoreMetrics, metricStatistics
	defer func() { scoreMetrics, metricStatistics = score, stats }()
	scoreMetrics = func(ctx context.Context, ds *model.Dataset, m model.Metrics, segments bool) (*model.MetricScores, error) {
		for _, name := range []string{model.MetricChrF, model.MetricTER} {
			if m.Has(name) {
				passes[name]++
			}
		}
		return score(ctx, ds, m, segments)
	}
	metricStatistics = func(ctx context.Context, ds *model.Dataset, name string, m model.Metrics, progress func(int, int)) (*model.MetricStatistics, error) {
		passes[name]++
		return stats(ctx, ds, name, m, progress)
	}
	writeFiles(t, map[string]string{"ref1.txt": "a b c d\na b c d\na b\na b c\n", "ref2.txt": "a b c\nb c d\na b\nc a b\n",
		"a.txt": "a b c d\na b\na b\nx y z\n", "b.txt": "a b x d\na b c d\na b\na b c\n"})
	type figure struct{ Score float64 }
	type row struct {
		System string
		Line   int
		ChrF   *figure
		TER    *figure
	}
	rows := func(args ...string) map[[2]any]row {
		code, out, stderr := runCLI(t, "", append([]string{"segments", "--format", "jsonl", "A=a.txt", "B=b.txt", "-r", "ref1.txt", "-r", "ref2.txt"}, args...)...)
		if code != 0 {
			t.Fatalf("%v: status %d: %s", args, code, stderr)
		}
		got := map[[2]any]row{}
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			var r row
			if err := json.Unmarshal([]byte(l), &r); err != nil {
				t.Fatal(err)
			}
			got[[2]any{r.System, r.Line}] = r
		}
		return got
	}
	for _, tc := range []struct {
		metrics string
		flags   []string
		want    map[string]int
	}{
		{"chrf", []string{"--chrf-word-order", "2"}, map[string]int{"chrf": 1}},
		{"ter", []string{"--ter-case-sensitive"}, map[string]int{"ter": 1}},
		{"bleu,chrf", nil, map[string]int{"chrf": 1}},
	} {
		clear(passes)
		impact := rows(append([]string{"--sort", "impact", "--metrics", tc.metrics}, tc.flags...)...)
		if !maps.Equal(passes, tc.want) {
			t.Errorf("--sort impact --metrics %s: passes %v, want %v", tc.metrics, passes, tc.want)
		}
		plain := rows(append([]string{"--metrics", tc.metrics}, tc.flags...)...)
		if len(impact) != 8 || len(plain) != 8 {
			t.Fatalf("--metrics %s: %d and %d rows, want 8", tc.metrics, len(impact), len(plain))
		}
		for k, p := range plain {
			r := impact[k]
			for _, v := range [][2]*figure{{r.ChrF, p.ChrF}, {r.TER, p.TER}} {
				if (v[0] == nil) != (v[1] == nil) || v[0] != nil && *v[0] != *v[1] {
					t.Errorf("--metrics %s: %v's scores %+v sorted by impact, %+v by line", tc.metrics, k, r, p)
				}
			}
		}
	}
}
