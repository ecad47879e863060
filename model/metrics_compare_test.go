package model

import (
	"context"
	"testing"

	"github.com/bleuscope/bleuscope/scoring"
)

// TestCompareMetricAgainstScores: the paired test of chrF and TER gives
// each system its corpus score, a copy of the baseline p = 1/(N+1) and
// no difference, and wins, ties and losses counted from the sentence
// scores ScoreMetrics gives, a lower TER being a win.
func TestCompareMetricAgainstScores(t *testing.T) {
	ds := sigDataset()
	m := Metrics{Names: []string{MetricChrF, MetricTER}, ChrF: scoring.DefaultChrFOptions()}
	scores, err := ScoreMetrics(context.Background(), ds, m, true)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{MetricChrF, MetricTER} {
		st, err := ComputeMetricStatistics(context.Background(), ds, name, m, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, test := range []string{TestPairedBootstrap, TestPairedAR} {
			c, err := CompareMetric(context.Background(), st, 0, nil, CompareOptions{Test: test, N: 200, Seed: scoring.SeedOf(7)})
			if err != nil {
				t.Fatal(err)
			}
			if c.Metric != name || c.LowerIsBetter != (name == MetricTER) || c.N != 200 || c.Segments != 6 {
				t.Errorf("%s %s: metric %q lower-is-better %v N %d segments %d", name, test, c.Metric, c.LowerIsBetter, c.N, c.Segments)
			}
			for sys, sc := range c.Systems {
				want, sentences := scores.Systems[sys].ChrF, scores.Systems[sys].ChrFSegments
				if name == MetricTER {
					want = scores.Systems[sys].TER
				}
				if sc.Score != want {
					t.Errorf("%s %s: system %d scores %v, want its corpus score %v", name, test, sys, sc.Score, want)
				}
				if sys == 0 {
					continue
				}
				base := scores.Systems[0].ChrFSegments
				if name == MetricTER {
					sentences, base = scores.Systems[sys].TERSegments, scores.Systems[0].TERSegments
				}
				var w, ti, l int
				for i := range sentences {
					better, worse := sentences[i] > base[i], sentences[i] < base[i]
					if name == MetricTER {
						better, worse = worse, better
					}
					switch {
					case better:
						w++
					case worse:
						l++
					default:
						ti++
					}
				}
				if sc.Wins != w || sc.Ties != ti || sc.Losses != l {
					t.Errorf("%s %s: system %d wins/ties/losses %d/%d/%d, want %d/%d/%d", name, test, sys, sc.Wins, sc.Ties, sc.Losses, w, ti, l)
				}
				better := sc.Score > c.Systems[0].Score
				if name == MetricTER {
					better = sc.Score < c.Systems[0].Score
				}
				if c.Better(sys) != better {
					t.Errorf("%s: system %d Better %v with %v against the baseline's %v", name, sys, c.Better(sys), sc.Score, c.Systems[0].Score)
				}
			}
			if same := c.Systems[2]; !same.NoDifference() || same.PValue != 1.0/201 || same.Ties != 6 {
				t.Errorf("%s %s: the copy %+v: want no difference, p = 1/201, 6 ties", name, test, same)
			}
		}
	}
}

// TestCompareMetricSubset: on rows, the test is that of a dataset of
// those lines alone (the same scores, p-values and counts).
func TestCompareMetricSubset(t *testing.T) {
	ds := sigDataset()
	rows := []int{1, 3, 4}
	sub := &Dataset{Refs: make([][]string, len(ds.Refs))}
	for _, i := range rows {
		for k := range ds.Refs {
			sub.Refs[k] = append(sub.Refs[k], ds.Refs[k][i])
		}
	}
	for _, sys := range ds.Systems {
		s := System{Name: sys.Name}
		for _, i := range rows {
			s.Hyps = append(s.Hyps, sys.Hyps[i])
		}
		sub.Systems = append(sub.Systems, s)
	}
	sub = memDataset(nil, sub.Refs, sub.Systems...)
	m := Metrics{ChrF: scoring.DefaultChrFOptions()}
	for _, name := range []string{MetricChrF, MetricTER} {
		all, err := ComputeMetricStatistics(context.Background(), ds, name, m, nil)
		if err != nil {
			t.Fatal(err)
		}
		part, err := ComputeMetricStatistics(context.Background(), sub, name, m, nil)
		if err != nil {
			t.Fatal(err)
		}
		opt := CompareOptions{Test: TestPairedBootstrap, N: 100, Seed: scoring.SeedOf(3)}
		got, err := CompareMetric(context.Background(), all, 1, rows, opt)
		if err != nil {
			t.Fatal(err)
		}
		want, err := CompareMetric(context.Background(), part, 1, nil, opt)
		if err != nil {
			t.Fatal(err)
		}
		for s := range got.Systems {
			g, w := got.Systems[s], want.Systems[s]
			if g.Estimate != w.Estimate || g.PValue != w.PValue || g.Wins != w.Wins || g.Ties != w.Ties || g.Losses != w.Losses {
				t.Errorf("%s: system %d on rows %+v, on those lines alone %+v", name, s, g, w)
			}
		}
		if _, err := CompareMetric(context.Background(), all, 0, []int{}, opt); err == nil {
			t.Errorf("%s: empty rows: want an error", name)
		}
		if _, err := CompareMetric(context.Background(), all, 0, []int{9}, opt); err == nil {
			t.Errorf("%s: a row out of range: want an error", name)
		}
	}
	if _, err := ComputeMetricStatistics(context.Background(), ds, MetricBLEU, m, nil); err == nil {
		t.Error("BLEU has no metric statistics here: want an error")
	}
}
