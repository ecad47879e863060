package model

import (
	"context"
	"errors"
	"reflect"
	"testing"
)

// queryMetrics scores the query dataset's sentence chrF and TER, with
// sacrebleu's defaults (chrF2, case-sensitive; TER lowercased, split on
// spaces): each job of the explorer gives one metric, so names chooses.
func queryMetrics(t testing.TB, ds *Dataset, names ...string) *MetricScores {
	t.Helper()
	m := DefaultMetrics()
	m.Names = names
	ms, err := ScoreMetrics(context.Background(), ds, m, true)
	if err != nil {
		t.Fatal(err)
	}
	return ms
}

// TestQueryRowsChrFTER checks chrf and ter terms on scores worked out by
// hand (reference, A, B as in queryDataset):
//
//	line  chrF A  chrF B  TER A           TER B
//	0     100     (0,100) 0               1 sub / 2 = 50
//	1     (0,100) 100     barked. 1/3     0
//	2     0       100     x: 2 / 2 = 100  0
//	3     (0,100) (0,100) 2 del / 2 = 100 1 ins / 2 = 50
//
// chrF is 100 for an identical hypothesis, 0 for one sharing no
// character; TER counts edits per reference word, in percent.
func TestQueryRowsChrFTER(t *testing.T) {
	ds := queryDataset()
	s := mustScore(t, ds, DefaultSettings())
	both := queryMetrics(t, ds, MetricChrF, MetricTER)
	// As the explorer holds them: one run per metric.
	split := []*MetricScores{queryMetrics(t, ds, MetricChrF), queryMetrics(t, ds, MetricTER)}
	for _, tc := range []struct {
		q    string
		sys  int
		want []int
	}{
		{"chrf=100", 0, []int{0}},
		{"chrf=100", 1, []int{1, 2}},
		{"chrf<1", 0, []int{2}},
		{"chrf>0 chrf<100", 0, []int{1, 3}},
		{"chrf>0 chrf<100", 1, []int{0, 3}},
		{"chrf>=0", 0, []int{0, 1, 2, 3}},
		{"CHRF<=0", 0, []int{2}}, // any case
		{"-chrf<100", 1, []int{1, 2}},
		{"ter=0", 0, []int{0}},
		{"ter=0", 1, []int{1, 2}},
		{"ter>=100", 0, []int{2, 3}},
		{"ter=50", 1, []int{0, 3}},
		{"ter>33.33 ter<33.34", 0, []int{1}}, // percent, as sacrebleu prints it
		{"TER<50", 0, []int{0, 1}},
		{"not ter>0", 1, []int{1, 2}},
		{"chrf<100 or ter=0", 0, []int{0, 1, 2, 3}},
		{"chrf<100 ter<100 hyp:dog", 0, []int{1}},
		{"chrf=100 bleu>=100", 1, []int{1, 2}},
		{"terrible", 0, nil}, // a word, not a metric
	} {
		q, err := ParseQuery(tc.q)
		if err != nil {
			t.Errorf("ParseQuery(%q): %v", tc.q, err)
			continue
		}
		for _, metrics := range [][]*MetricScores{{both}, split, {nil, split[1], split[0]}} {
			got, err := s.QueryRows(ds, q, tc.sys, 1-tc.sys, nil, metrics...)
			if err != nil {
				t.Errorf("QueryRows(%q): %v", tc.q, err)
				continue
			}
			if !reflect.DeepEqual(got, tc.want) && !(len(got) == 0 && len(tc.want) == 0) {
				t.Errorf("QueryRows(%q, system %d) = %v; want %v", tc.q, tc.sys, got, tc.want)
			}
		}
	}
}

// TestQueryRowsNeedsMetrics: a chrf or ter term without that metric's
// sentence scores is an error, never "nothing matches".
func TestQueryRowsNeedsMetrics(t *testing.T) {
	ds := queryDataset()
	s := mustScore(t, ds, DefaultSettings())
	chrf := queryMetrics(t, ds, MetricChrF)
	ter := queryMetrics(t, ds, MetricTER)
	corpusOnly, err := ScoreMetrics(context.Background(), ds, allMetrics(), false)
	if err != nil {
		t.Fatal(err)
	}
	other := queryMetrics(t, memDataset(nil, [][]string{{"a"}}, System{Name: "A", Hyps: []string{"a"}}), MetricChrF, MetricTER)
	for _, tc := range []struct {
		q       string
		metrics []*MetricScores
		want    error
	}{
		{"chrf<30", nil, ErrQueryNeedsChrF},
		{"ter>50", nil, ErrQueryNeedsTER},
		{"ter>50", []*MetricScores{chrf}, ErrQueryNeedsTER},
		{"chrf<30", []*MetricScores{ter}, ErrQueryNeedsChrF},
		{"house or -chrf<30", []*MetricScores{ter}, ErrQueryNeedsChrF},
		{"chrf<30", []*MetricScores{corpusOnly}, ErrQueryNeedsChrF}, // corpus scores alone
		{"ter>50", []*MetricScores{other}, ErrQueryNeedsTER},        // another dataset's
		{"chrf<30 ter>50", []*MetricScores{chrf, ter}, nil},
	} {
		q, err := ParseQuery(tc.q)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.QueryRows(ds, q, 0, 1, nil, tc.metrics...); !errors.Is(err, tc.want) {
			t.Errorf("QueryRows(%q) with %d metric scores: err = %v; want %v", tc.q, len(tc.metrics), err, tc.want)
		}
	}
}

func TestQueryUsesMetrics(t *testing.T) {
	for q, want := range map[string][2]bool{
		"":                       {false, false},
		"chrf bleu<10 terrible":  {false, false},
		"chrf<30":                {true, false},
		"-TER>=50":               {false, true},
		"house or chrf=0 ter<10": {true, true},
	} {
		p, err := ParseQuery(q)
		if err != nil {
			t.Fatalf("ParseQuery(%q): %v", q, err)
		}
		if chrf, ter := p.UsesMetrics(); [2]bool{chrf, ter} != want {
			t.Errorf("ParseQuery(%q).UsesMetrics() = %v, %v; want %v", q, chrf, ter, want)
		}
		if got, want := p.SelectsByScore(), want[0] || want[1] || q == "chrf bleu<10 terrible"; got != want {
			t.Errorf("ParseQuery(%q).SelectsByScore() = %v; want %v", q, got, want)
		}
		if vs := p.ScoreThresholds(); len(vs) > 0 && q != "chrf bleu<10 terrible" {
			t.Errorf("ParseQuery(%q).ScoreThresholds() = %v: chrF and TER are not on BLEU's scale", q, vs)
		}
	}
}
