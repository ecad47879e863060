package ui

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	tea "github.com/charmbracelet/bubbletea"
)

// TestSigScreenTestsChrFAndTER: M on the comparison screen tests chrF,
// then TER, then BLEU again; each comparison is the model's on the
// explorer's dataset (the figures compare --metrics prints), the table
// heads its scores with the metric's name, TER says that lower is better
// and marks a lower TER as the better; the statistics are computed once
// for another test or baseline.
func TestSigScreenTestsChrFAndTER(t *testing.T) {
	ds := demoDataset(t)
	m := press(t, readyWith(t, ds, 120, 40, WithResampling(scoring.SeedOf(7), 200, 300)), "B")
	if m.sig.res == nil || m.sig.res.Metric != model.MetricBLEU {
		t.Fatalf("B: want BLEU's comparison, got %+v", m.sig.res)
	}
	opt := model.CompareOptions{Test: model.TestPairedBootstrap, N: 200, Seed: scoring.SeedOf(7)}
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
		stats := m.c.met.stats
		m = press(t, m, "T")
		if m.sig.res.Test != model.TestPairedAR || m.sig.res.Metric != name || m.c.met.stats != stats {
			t.Errorf("%s: T gave %s on %s, statistics kept %v", name, m.sig.res.Test, m.sig.res.Metric, m.c.met.stats == stats)
		}
		m = press(t, m, "T")
	}
	if m = press(t, m, "M"); m.sig.res.Metric != model.MetricBLEU || !strings.Contains(m.View(), "BLEU significance vs") {
		t.Errorf("M after TER: want BLEU again, its title naming it; got %s:\n%s", m.sig.res.Metric, m.View())
	}
}

// TestSigScreenKeysOfTheList: on the comparison screen w pins the next
// baseline, the option keys rescore (and the comparison follows), and n
// opens the analysis, instead of doing nothing.
func TestSigScreenKeysOfTheList(t *testing.T) {
	m := press(t, readyWith(t, demoDataset(t), 120, 40, WithResampling(scoring.SeedOf(7), 200, 300)), "B")
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
		m := press(t, readyWith(t, demoDataset(t), size[0], size[1], WithResampling(scoring.SeedOf(7), 100, 100)), "B")
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
	m := press(t, readyWith(t, ds, 120, 40, WithResampling(scoring.SeedOf(7), 100, 100)), "B", "M")
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
	want, err := model.CompareMetric(context.Background(), st, m.list.view.Other, nil, model.CompareOptions{Test: model.TestPairedBootstrap, N: 100, Seed: scoring.SeedOf(7)})
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
	m := press(t, readyWith(t, demoDataset(t), 120, 40, WithResampling(scoring.SeedOf(7), 200, 300)), "B", "M", "M")
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
	m := press(t, readyWith(t, ds, 60, 16, WithResampling(scoring.SeedOf(7), 100, 100)), "B", "R")
	for _, metric := range []string{"BLEU", "chrF2", "TER"} {
		first := strings.SplitN(m.View(), "\n", 2)[0]
		if !strings.Contains(first, "paired-bs") || metric != "BLEU" && !strings.Contains(first, metric) || !strings.Contains(first, "ref") {
			t.Errorf("%s: the title at 60 columns with R: %q; want the metric, the test and the reference", metric, first)
		}
		m = press(t, m, "M")
	}
}

// TestSigImpactFollowsMetric: i on the comparison screen sorts the list
// by the impact of the metric it tests: with chrF or TER, that metric's
// (worked out here from statistics computed afresh), instead of BLEU's
// whatever the metric; M's status, the footer, the status after i and
// the impact column's head name it. With the comparison's statistics
// dropped, the rows job computes them and keeps them for the comparison.
func TestSigImpactFollowsMetric(t *testing.T) {
	if got := DefaultKeyMap().sigFooter(model.MetricBLEU)[0]; !strings.Contains(got, "i costly segments") {
		t.Errorf("BLEU's footer: %q, want i's hint as before", got)
	}
	for metric, want := range map[string]string{model.MetricChrF: "i costly by chrF", model.MetricTER: "i costly by TER"} {
		if got := DefaultKeyMap().sigFooter(metric)[0]; !strings.Contains(got, want) {
			t.Errorf("%s's footer: %q, want %q", metric, got, want)
		}
	}
	for _, tc := range []struct {
		metric, title, head, lists string
		presses                    int // M presses from BLEU
		dropStats                  bool
	}{
		{model.MetricChrF, "chrF2", "chrF imp", "cost the most chrF2", 1, false},
		{model.MetricChrF, "chrF2", "chrF imp", "cost the most chrF2", 1, true},
		{model.MetricTER, "TER", "TER imp", "add the most TER", 2, false},
	} {
		m := press(t, readyWith(t, demoDataset(t), 120, 40, WithResampling(scoring.SeedOf(7), 100, 100)), "B")
		for range tc.presses {
			m = press(t, m, "M")
		}
		if !strings.Contains(m.statusText(), "testing "+tc.title) || !strings.Contains(m.statusText(), "i lists the segments that "+tc.lists) {
			t.Errorf("M to %s: status %q, want it to say what i lists", tc.title, m.statusText())
		}
		if tc.dropStats {
			m.c.met.stats = statsCache{}
		}
		sys := m.sig.cursor
		m = press(t, m, "i")
		if m.screen != screenMain || m.list.view.Sort != model.SortImpact || m.list.view.System != sys {
			t.Fatalf("i: screen %v, sort %v, system %d; want the list of system %d by impact", m.screen, m.list.view.Sort, m.list.view.System, sys)
		}
		if want := "sorted by impact on " + tc.title + ": "; !strings.HasPrefix(m.statusText(), want) {
			t.Errorf("i from %s's comparison: status %q, want it to start %q", tc.title, m.statusText(), want)
		}
		st, err := model.ComputeMetricStatistics(context.Background(), m.c.ds, tc.metric,
			model.Metrics{ChrF: m.c.met.chrfOptions(m.c.set), TER: m.c.met.opts.TER}, nil)
		if err != nil {
			t.Fatal(err)
		}
		want, err := st.ImpactContext(context.Background(), sys, m.list.view.Other)
		if err != nil {
			t.Fatal(err)
		}
		if len(m.list.impact) != len(want) || m.list.impactOf != tc.metric {
			t.Fatalf("%s: the list's impact is of %q, %d segments; want %s's of %d", tc.title, m.list.impactOf, len(m.list.impact), tc.metric, len(want))
		}
		for i, x := range m.list.impact {
			if x != want[i] {
				t.Fatalf("%s: segment %d: the list's impact %v, want %v", tc.title, i, x, want[i])
			}
		}
		for j := 1; j < len(m.list.rows); j++ {
			if a, b := want[m.list.rows[j-1]], want[m.list.rows[j]]; a > b {
				t.Fatalf("%s: row %d (impact %v) comes before row %d (impact %v): not the costliest first", tc.title, j-1, a, j, b)
			}
		}
		if m.c.met.stats.get(m.c.metricStatsKey(tc.metric)) == nil {
			t.Errorf("%s: the statistics of the impact are not kept for the comparison", tc.title)
		}
		if x := m.list.exportDeltas(len(m.c.ds.Systems)); x.ImpactMetric != tc.metric || len(x.Impact) != len(want) {
			t.Errorf("%s: X would export the impact of %q; want the list's", tc.title, x.ImpactMetric)
		}
		if v := m.View(); !strings.Contains(v, "↑"+tc.head) {
			t.Errorf("%s: the list's header does not head its impact column %q:\n%s", tc.title, "↑"+tc.head, v)
		}
		// o and i on the list go back to BLEU's impact.
		if m = press(t, m, "i"); m.list.impactOf != model.MetricBLEU || !strings.HasPrefix(m.statusText(), "sorted by impact: ") {
			t.Errorf("i on the list after %s: impact of %q, status %q; want BLEU's as before", tc.title, m.list.impactOf, m.statusText())
		}
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
		m := press(t, readyWith(t, demoDataset(t), 120, 40, WithResampling(scoring.SeedOf(7), 100, 100), WithMetrics(met)), "B")
		for range 2 {
			if m = press(t, m, "l"); strings.Contains(m.statusText(), "TER") {
				t.Errorf("l on BLEU's comparison: status %q names TER", m.statusText())
			}
		}
		m = press(t, m, "M", "M")
		before := m.sig.res
		if before == nil || before.Metric != model.MetricTER {
			t.Fatalf("B l l M M: want TER's comparison, got %+v", before)
		}
		for _, want := range tc.want {
			m = press(t, m, "l")
			if !strings.Contains(m.statusText(), want) {
				t.Errorf("case-sensitive %v: l on TER: status %q, want %q", tc.sensitive, m.statusText(), want)
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
	if !m.c.met.showTER || !strings.Contains(m.statusText(), "TER ignores case already (case:lc)") {
		t.Errorf("l with TER shown (%v): status %q, want it to say TER ignores case", m.c.met.showTER, m.statusText())
	}
}

// TestSigImpactWithoutStatistics: when chrF's statistics cannot be
// computed (a segment without any reference), i from chrF's comparison
// leaves the list sorted by BLEU's impact, and the status line says why,
// instead of a list that waits for figures that never come.
func TestSigImpactWithoutStatistics(t *testing.T) {
	m := press(t, readyWith(t, demoFirstRefless(t), 120, 40, WithResampling(scoring.SeedOf(7), 100, 100)), "B", "M")
	m.c.met.stats = statsCache{}
	m = press(t, m, "i")
	if m.list.view.Sort != model.SortImpact || m.list.impactMetric != model.MetricBLEU || m.list.impactOf != model.MetricBLEU {
		t.Errorf("sort %v, impact of %q (sorting by %q); want BLEU's impact", m.list.view.Sort, m.list.impactOf, m.list.impactMetric)
	}
	if !strings.HasPrefix(m.statusText(), "sorted by BLEU's impact: chrF2's could not be computed: ") || !strings.Contains(m.statusText(), "segment 1 has no reference") {
		t.Errorf("status %q; want it to say that chrF2's impact could not be computed, and why", m.statusText())
	}
}

// TestSigImpactUnderNLTK: under NLTK's compat, chrF's impact column keeps
// chrF's scale, from three decimals of a point, instead of the five
// decimals NLTK's 0-1 BLEU starts from.
func TestSigImpactUnderNLTK(t *testing.T) {
	m := press(t, readyWith(t, demoDataset(t), 120, 40, WithResampling(scoring.SeedOf(7), 100, 100)), "c", "B", "M", "i")
	if !m.c.nltk() || m.list.impactOf != model.MetricChrF {
		t.Fatalf("nltk %v, impact of %q; want chrF's under NLTK", m.c.nltk(), m.list.impactOf)
	}
	x := m.list.impact[m.list.rows[0]]
	row := strings.Split(m.View(), "\n")[4] // the first row, under the three header lines and the list's head
	top := model.ImpactTop(slices.Values(m.list.impact))
	if want, nltk := model.FormatImpact(x, model.ImpactDecimals(top, false)), model.FormatImpact(x, model.ImpactDecimals(top, true)); !strings.Contains(row, " "+want+" ") || want == nltk {
		t.Errorf("the first row %q; want its chrF impact %v as %s (not %s)", row, x, want, nltk)
	}
}

// TestSortCycleKeepsImpactMetric: after i on chrF's (or TER's)
// comparison, o cycling the list's sort keys back to the impact sorts by
// that metric's impact again, and the status says which and how to get
// BLEU's, instead of falling back to BLEU's impact unsaid.
func TestSortCycleKeepsImpactMetric(t *testing.T) {
	for _, tc := range []struct {
		metric, title string
		presses       int // M presses from BLEU
	}{{model.MetricChrF, "chrF2", 1}, {model.MetricTER, "TER", 2}} {
		m := press(t, readyWith(t, demoDataset(t), 120, 40, WithResampling(scoring.SeedOf(7), 100, 100)), "B")
		for range tc.presses {
			m = press(t, m, "M")
		}
		m = press(t, m, "i", "o")
		if m.list.view.Sort == model.SortImpact {
			t.Fatalf("%s: o after i left the list sorted by impact", tc.title)
		}
		for n := 0; m.list.view.Sort != model.SortImpact; n++ {
			if n > 20 {
				t.Fatalf("%s: o never came back to the impact", tc.title)
			}
			m = press(t, m, "o")
		}
		st := m.c.met.stats.get(m.c.metricStatsKey(tc.metric))
		if st == nil {
			t.Fatalf("%s: the statistics are gone", tc.title)
		}
		want, err := st.ImpactContext(context.Background(), m.list.view.System, m.list.view.Other)
		if err != nil {
			t.Fatal(err)
		}
		if m.list.impactOf != tc.metric || len(m.list.impact) != len(want) {
			t.Fatalf("%s: o back to the impact: impact of %q over %d segments; want %s's over %d", tc.title, m.list.impactOf, len(m.list.impact), tc.metric, len(want))
		}
		for i := range want {
			if m.list.impact[i] != want[i] {
				t.Fatalf("%s: segment %d: impact %v; want %v", tc.title, i, m.list.impact[i], want[i])
			}
		}
		if !strings.HasPrefix(m.statusText(), "sorted by impact on the corpus "+tc.title+" Δ") || !strings.Contains(m.statusText(), "i: BLEU's impact") {
			t.Errorf("%s: o back to the impact: status %q; want it to name %s and say how to get BLEU's", tc.title, m.statusText(), tc.title)
		}
		if m = press(t, m, "i"); m.list.impactOf != model.MetricBLEU {
			t.Errorf("%s: i on the list: impact of %q; want BLEU's", tc.title, m.list.impactOf)
		}
		for m = press(t, m, "o"); m.list.view.Sort != model.SortImpact; {
			m = press(t, m, "o")
		}
		if m.list.impactOf != model.MetricBLEU {
			t.Errorf("%s: after i on the list, o came back to %q's impact; want BLEU's", tc.title, m.list.impactOf)
		}
	}
}

// TestSigHelpKeepsRuns: ? on the comparison screen opens the help over
// it and stops nothing, as help is an overlay: chrF's statistics and then
// the test go on beneath it, and esc comes back to the comparison they
// made, without running it again; before, ? stopped the test (which esc
// then started over from its first resample) but not the statistics.
func TestSigHelpKeepsRuns(t *testing.T) {
	d := &statsDriver{t: t, hold: true}
	m := d.press(readyWith(t, demoDataset(t), 100, 30, WithResampling(scoring.SeedOf(7), 100, 100)), "B", "M", "?")
	if m.screen != screenHelp || len(d.held) != 1 || !m.jobs.live(d.held[0].tag()) {
		t.Fatalf("B M ?: screen %v, %d statistics runs held; want the help over chrF's statistics still computed", m.screen, len(d.held))
	}
	d.hold = false
	m = d.deliver(m) // the statistics land under the help, and the test runs on them
	if m.screen != screenHelp || m.sig.res == nil || m.sig.res.Metric != model.MetricChrF {
		t.Fatalf("the statistics under the help: screen %v, comparison %v; want chrF's made beneath the help", m.screen, m.sig.res != nil)
	}
	made := m.sig.res
	m = d.press(m, "esc")
	if m.screen != screenSig || m.sig.res != made || len(d.computed) != 1 {
		t.Errorf("esc: screen %v, the comparison made again %v, %d statistics runs; want the one made under the help", m.screen, m.sig.res != made, len(d.computed))
	}

	// BLEU's test in flight when ? is pressed lands under the help.
	m, cmd := step1(t, ready(t, demoDataset(t), 100, 30), keyMsg("B"))
	run := oneSig(t, cmd)
	m, _ = step1(t, m, keyMsg("?"))
	if !m.jobs.live(run.tag()) {
		t.Fatal("? stopped the comparison in flight")
	}
	m = drive(t, m, func() tea.Msg { return run })
	m, cmd = step1(t, m, keyMsg("esc"))
	if m.screen != screenSig || !m.sig.current(run.of) || m.jobs.running(jobSig) || len(msgsOf[sigMsg](cmd)) != 0 {
		t.Errorf("esc: screen %v, comparison shown %v, test running %v; want the one made under the help, not another", m.screen, m.sig.current(run.of), m.jobs.running(jobSig))
	}
}
