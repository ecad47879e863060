package ui

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model"
)

// TestSigScreenTestsChrFAndTER: M on the comparison screen tests chrF,
// then TER, then BLEU again; each comparison is the model's on the
// explorer's dataset (the figures compare --metrics prints), the table
// heads its scores with the metric's name, TER says that lower is better
// and marks a lower TER as the better; the statistics are computed once
// for another test or baseline.
func TestSigScreenTestsChrFAndTER(t *testing.T) {
	ds := demoDataset(t)
	m := press(t, readyWith(t, ds, 120, 40, WithResampling(7, 200, 300)), "B")
	if m.sig.res == nil || m.sig.res.Metric != model.MetricBLEU {
		t.Fatalf("B: want BLEU's comparison, got %+v", m.sig.res)
	}
	opt := model.CompareOptions{Test: model.TestPairedBootstrap, N: 200, Seed: 7}
	for _, name := range []string{model.MetricChrF, model.MetricTER} {
		m = press(t, m, "M")
		res := m.sig.res
		if res == nil || res.Metric != name || m.sig.metric != name {
			t.Fatalf("M: want %s's comparison, got %+v (screen on %q)", name, res, m.sig.metric)
		}
		st, err := model.ComputeMetricStatistics(context.Background(), ds, name, model.Metrics{ChrF: m.c.met.chrfOptions(m.c.set), TER: m.c.met.opts.TER}, nil)
		if err != nil {
			t.Fatal(err)
		}
		want, err := model.CompareMetric(context.Background(), st, m.list.view.Other, nil, opt)
		if err != nil {
			t.Fatal(err)
		}
		for s := range want.Systems {
			g, w := res.Systems[s], want.Systems[s]
			if g.Estimate != w.Estimate || g.PValue != w.PValue || g.Wins != w.Wins || g.Losses != w.Losses {
				t.Errorf("%s system %d: screen %+v, model %+v", name, s, g.Estimate, w.Estimate)
			}
		}
		v := m.View()
		title := m.c.metricTitle(name)
		if !strings.Contains(v, title+" significance vs") || !strings.Contains(v, " "+title+" ") {
			t.Errorf("%s: the title or the table head does not name %s:\n%s", name, title, v)
		}
		if lower := strings.Contains(v, "lower TER is better"); lower != (name == model.MetricTER) {
			t.Errorf("%s: says lower TER is better: %v\n%s", name, lower, v)
		}
		// The selected system's verdict follows the metric's direction.
		sc, base := res.Systems[m.sig.cursor], res.Systems[res.Baseline]
		if sc.Significant() {
			better := sc.Score > base.Score
			if name == model.MetricTER {
				better = sc.Score < base.Score
			}
			word := m.c.ds.Systems[m.sig.cursor].Name + map[bool]string{true: " is better", false: " is worse"}[better]
			if !strings.Contains(v, word) {
				t.Errorf("%s: %v against the baseline's %v: want %q on the screen:\n%s", name, sc.Score, base.Score, word, v)
			}
		}
		stats := m.sig.stats
		m = press(t, m, "T")
		if m.sig.res.Test != model.TestPairedAR || m.sig.res.Metric != name || m.sig.stats != stats {
			t.Errorf("%s: T gave %s on %s, statistics kept %v", name, m.sig.res.Test, m.sig.res.Metric, m.sig.stats == stats)
		}
		m = press(t, m, "T")
	}
	if m = press(t, m, "M"); m.sig.res.Metric != model.MetricBLEU || strings.Contains(m.View(), "BLEU significance") {
		t.Errorf("M after TER: want BLEU again, titled as before; got %s:\n%s", m.sig.res.Metric, m.View())
	}
}

// TestSigScreenKeysOfTheList: on the comparison screen w pins the next
// baseline, the option keys rescore (and the comparison follows), and n
// opens the analysis, instead of doing nothing.
func TestSigScreenKeysOfTheList(t *testing.T) {
	m := press(t, readyWith(t, demoDataset(t), 120, 40, WithResampling(7, 200, 300)), "B")
	before := m.list.view.Other
	if m = press(t, m, "w"); m.list.view.Other == before || !m.list.pinned || m.sig.res.Baseline != m.list.view.Other {
		t.Errorf("w: baseline %d (was %d), pinned %v, compared against %d", m.list.view.Other, before, m.list.pinned, m.sig.res.Baseline)
	}
	scored := m.c.scored
	if m = press(t, m, "l"); m.screen != screenSig || !m.c.set.Corpus.Lowercase || m.c.scored == scored || m.sig.shown.scored != m.c.scored {
		t.Errorf("l: screen %v, lowercase %v, rescored %v, comparison of the new scores %v", m.screen, m.c.set.Corpus.Lowercase, m.c.scored != scored, m.sig.shown.scored == m.c.scored)
	}
	if m = press(t, m, "n"); m.screen != screenAnalysis {
		t.Errorf("n: screen %v, want the analysis", m.screen)
	}
}

// TestSigScreenMetricFits: chrF's and TER's comparison screens fit every
// size from 60×16, their metric named in the title.
func TestSigScreenMetricFits(t *testing.T) {
	for _, size := range [][2]int{{60, 16}, {80, 24}, {100, 30}, {200, 50}} {
		m := press(t, readyWith(t, demoDataset(t), size[0], size[1], WithResampling(7, 100, 100)), "B")
		for _, title := range []string{"chrF2", "TER"} {
			m = press(t, m, "M")
			v := m.View()
			checkFit(t, title, v, size[0], size[1])
			if first := strings.SplitN(v, "\n", 2)[0]; !strings.Contains(first, title+" significance") {
				t.Errorf("%d×%d: the title does not name %s: %q", size[0], size[1], title, first)
			}
		}
	}
}

// TestSigScreenMetricFollowsRefs: after R, chrF is tested against the one
// reference scored, as BLEU is, and not on the statistics of both.
func TestSigScreenMetricFollowsRefs(t *testing.T) {
	ds := demoDataset(t)
	if len(ds.Refs) < 2 {
		t.Skip("the demo corpus has one reference")
	}
	m := press(t, readyWith(t, ds, 120, 40, WithResampling(7, 100, 100)), "B", "M")
	both := m.sig.res.Systems[0].Score
	m = press(t, m, "R")
	one, err := ds.WithRefs([]int{0})
	if err != nil {
		t.Fatal(err)
	}
	st, err := model.ComputeMetricStatistics(context.Background(), one, model.MetricChrF, model.Metrics{ChrF: m.c.met.chrfOptions(m.c.set)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	want, err := model.CompareMetric(context.Background(), st, m.list.view.Other, nil, model.CompareOptions{Test: model.TestPairedBootstrap, N: 100, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	if got := m.sig.res.Systems[0].Score; got != want.Systems[0].Score || got == both {
		t.Errorf("R: chrF %v, want %v against the first reference alone (both: %v)", got, want.Systems[0].Score, both)
	}
}

// TestSigCaptionTERCountsAgainst: the histogram's caption for TER counts
// the resamples that did not favour the system as BLEU's does, Δ ≥ 0 since
// TER's better is lower. Before, it counted Δ ≤ 0, the resamples in the
// system's favour, and read "1000/1000 with Δ ≤ 0" for a system better in
// every one, where BLEU's caption would read 0/1000.
func TestSigCaptionTERCountsAgainst(t *testing.T) {
	m := press(t, readyWith(t, demoDataset(t), 120, 40, WithResampling(7, 200, 300)), "B", "M", "M")
	res := m.sig.res
	if res == nil || res.Metric != model.MetricTER || m.sig.cursor == res.Baseline {
		t.Fatalf("B M M: want TER's comparison of a system to the baseline, got %+v", res)
	}
	sc := res.Systems[m.sig.cursor]
	against := 0
	for _, d := range sc.Deltas {
		if d >= 0 {
			against++
		}
	}
	want := fmt.Sprintf(`: %d/%d (resamples )?with Δ ≥ 0 ·`, against, len(sc.Deltas))
	if v := m.View(); !regexp.MustCompile(want).MatchString(v) {
		t.Errorf("TER's caption does not say %q:\n%s", want, v)
	}
}

// TestSigTitleKeepsTestWithRefs: at 60 columns with one reference of two
// scored (R), the title keeps the test's name whole, giving up the word
// "significance" for the metric's name alone, instead of "pai…".
func TestSigTitleKeepsTestWithRefs(t *testing.T) {
	ds := demoDataset(t)
	if len(ds.Refs) < 2 {
		t.Skip("the demo corpus has one reference")
	}
	m := press(t, readyWith(t, ds, 60, 16, WithResampling(7, 100, 100)), "B", "R")
	for _, metric := range []string{"BLEU", "chrF2", "TER"} {
		first := strings.SplitN(m.View(), "\n", 2)[0]
		if !strings.Contains(first, "paired-bs") || metric != "BLEU" && !strings.Contains(first, metric) || !strings.Contains(first, "ref") {
			t.Errorf("%s: the title at 60 columns with R: %q; want the metric, the test and the reference", metric, first)
		}
		m = press(t, m, "M")
	}
}
