package ui

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
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

// TestSigImpactSaysBLEU: i sorts the list by BLEU's impact whatever the
// comparison tests; with chrF or TER tested, M's status, the footer and
// the status after i say so, instead of "costly segments" and "sorted by
// impact" as if the impact were the metric's on screen.
func TestSigImpactSaysBLEU(t *testing.T) {
	if got := DefaultKeyMap().sigFooter(model.MetricBLEU); !strings.Contains(got, "i costly segments") {
		t.Errorf("BLEU's footer: %q, want i's hint as before", got)
	}
	for _, metric := range []string{model.MetricChrF, model.MetricTER} {
		if got := DefaultKeyMap().sigFooter(metric); !strings.Contains(got, "i costly by BLEU") {
			t.Errorf("%s's footer: %q, want i's hint to name BLEU", metric, got)
		}
	}
	m := press(t, readyWith(t, demoDataset(t), 120, 40, WithResampling(7, 100, 100)), "B")
	for _, title := range []string{"chrF2", "TER"} {
		m = press(t, m, "M")
		if !strings.Contains(m.status, "testing "+title) || !strings.Contains(m.status, "i still sorts by BLEU's impact") {
			t.Errorf("M to %s: status %q, want it to say that i sorts by BLEU's impact", title, m.status)
		}
	}
	sys := m.sig.cursor
	m = press(t, m, "i")
	if m.screen != screenMain || m.list.view.Sort != model.SortImpact || m.list.view.System != sys {
		t.Fatalf("i: screen %v, sort %v, system %d; want the list of system %d by impact", m.screen, m.list.view.Sort, m.list.view.System, sys)
	}
	if !strings.Contains(m.status, "impact on BLEU, not on TER") {
		t.Errorf("i from TER's comparison: status %q, want it to say the impact is BLEU's", m.status)
	}
	want, err := m.c.scored.Impact(m.c.ds, sys, m.list.view.Other)
	if err != nil {
		t.Fatal(err)
	}
	for i, x := range m.list.impact {
		if x != want[i] {
			t.Fatalf("segment %d: the list's impact %v, BLEU's %v", i, x, want[i])
		}
	}
	if m = press(t, m, "B", "M", "i"); m.sig.metric != model.MetricBLEU || !strings.HasPrefix(m.status, "sorted by impact: ") {
		t.Errorf("i from BLEU's comparison: status %q, want it as before", m.status)
	}
}

// TestSigLowercaseOnTER: l on TER's comparison says that TER ignores case
// already (or keeps it under --ter-case-sensitive), and TER's figures stay
// as they were, instead of "scoring lowercased" alone beside figures that
// do not move; on BLEU's the status is as before.
func TestSigLowercaseOnTER(t *testing.T) {
	for _, tc := range []struct {
		sensitive bool
		want      []string // l's statuses, lowercasing then back
	}{
		{false, []string{"TER ignores case already (case:lc)", "TER ignores case all the same (case:lc)"}},
		{true, []string{"TER keeps case (--ter-case-sensitive)", "TER keeps case (--ter-case-sensitive)"}},
	} {
		met := model.Metrics{Names: []string{model.MetricBLEU}, ChrF: scoring.DefaultChrFOptions(), TER: scoring.TEROptions{CaseSensitive: tc.sensitive}}
		m := press(t, readyWith(t, demoDataset(t), 120, 40, WithResampling(7, 100, 100), WithMetrics(met)), "B")
		for range 2 {
			if m = press(t, m, "l"); strings.Contains(m.status, "TER") {
				t.Errorf("l on BLEU's comparison: status %q names TER", m.status)
			}
		}
		m = press(t, m, "M", "M")
		before := m.sig.res
		if before == nil || before.Metric != model.MetricTER {
			t.Fatalf("B l l M M: want TER's comparison, got %+v", before)
		}
		for _, want := range tc.want {
			m = press(t, m, "l")
			if !strings.Contains(m.status, want) {
				t.Errorf("case-sensitive %v: l on TER: status %q, want %q", tc.sensitive, m.status, want)
			}
			for s, sc := range m.sig.res.Systems {
				if sc.Estimate.Score != before.Systems[s].Estimate.Score || sc.PValue != before.Systems[s].PValue {
					t.Errorf("case-sensitive %v: l changed system %d's TER: %+v, was %+v", tc.sensitive, s, sc.Estimate, before.Systems[s].Estimate)
				}
			}
		}
	}
}

// TestLowercaseWithTERColumn: l on the list while TER's column is shown
// says that TER ignores case already, as on TER's comparison.
func TestLowercaseWithTERColumn(t *testing.T) {
	met := model.Metrics{Names: []string{model.MetricBLEU, model.MetricTER}, ChrF: scoring.DefaultChrFOptions()}
	m := press(t, readyWith(t, demoDataset(t), 120, 40, WithMetrics(met)), "l")
	if !m.c.met.showTER || !strings.Contains(m.status, "TER ignores case already (case:lc)") {
		t.Errorf("l with TER shown (%v): status %q, want it to say TER ignores case", m.c.met.showTER, m.status)
	}
}
