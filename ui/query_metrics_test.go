package ui

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// metricRows returns, in line order, the segments of system sys whose
// sentence score in scores passes keep.
func metricRows(scores []float64, keep func(float64) bool) []int {
	var rows []int
	for i, v := range scores {
		if keep(v) {
			rows = append(rows, i)
		}
	}
	return rows
}

// sortedRows is the list's rows in line order.
func sortedRows(m Model) []int { return slices.Sorted(slices.Values(m.list.rows)) }

// TestFilterChrFTER: with chrF and TER shown, chrf< and ter> keep exactly
// the segments of the shown system whose sentence chrF and TER (the
// model's, as the list shows them) pass, in the list's order.
func TestFilterChrFTER(t *testing.T) {
	ds := demoDataset(t)
	want := wantMetrics(t, ds, chrfTER(), false)
	m := readyWith(t, ds, 120, 40, WithMetrics(chrfTER()))
	for _, tc := range []struct {
		q    string
		sys  int
		keep []int
	}{
		{"chrf<80", 0, metricRows(want.Systems[0].ChrFSegments, func(v float64) bool { return v < 80 })},
		{"CHRF>=60", 1, metricRows(want.Systems[1].ChrFSegments, func(v float64) bool { return v >= 60 })},
		{"ter>20", 0, metricRows(want.Systems[0].TERSegments, func(v float64) bool { return v > 20 })},
		{"-ter>50", 2, metricRows(want.Systems[2].TERSegments, func(v float64) bool { return v <= 50 })},
	} {
		if len(tc.keep) == 0 || len(tc.keep) == ds.Len() {
			t.Fatalf("%s selects %d of %d demo segments; the test needs some but not all", tc.q, len(tc.keep), ds.Len())
		}
		n := press(t, m, slices.Repeat([]string{"tab"}, tc.sys)...)
		n = filterBy(t, n, tc.q)
		if n.statusText() != "" || n.list.waiting != "" {
			t.Errorf("%s with its scores at hand: status %q, waiting %q", tc.q, n.statusText(), n.list.waiting)
		}
		if got := sortedRows(n); !slices.Equal(got, tc.keep) {
			t.Errorf("%s on system %d kept lines %v; want %v", tc.q, tc.sys, got, tc.keep)
		}
		order := n.c.scored.Rows(ds, model.View{System: tc.sys, Other: n.list.view.Other, Sort: model.SortScore})
		if !slices.Equal(n.list.rows, keepRows(order, tc.keep, ds.Len())) {
			t.Errorf("%s: rows not in the list's order (worst BLEU first)", tc.q)
		}
		if v := n.View(); !strings.Contains(v, "match “"+tc.q+"”") {
			t.Errorf("%s: the header does not name the filter:\n%s", tc.q, v)
		}
	}
}

// TestFilterChrFComputes: with chrF not shown, a chrf< query typed live is
// not applied (the prompt line says enter computes chrF); entered, the
// list shows no row (never rows of no score) while chrF is computed, chrF
// is shown, and the rows come when its scores land.
func TestFilterChrFComputes(t *testing.T) {
	ds := demoDataset(t)
	m := ready(t, ds, 100, 30)
	m = typeText(t, press(t, m, "/"), "chrf<80")
	if m.list.view.Filter != "chrf" || len(m.list.rows) != 0 || m.list.waiting != "" {
		// "chrf" was applied as a word on its way (no segment has it).
		t.Errorf("typed live without chrF: filter %q, %d rows; want chrf<80 not applied", m.list.view.Filter, len(m.list.rows))
	}
	if last := lastLine(m.View()); !strings.Contains(last, "chrf needs chrF scores, enter computes them") {
		t.Errorf("the prompt line does not say what enter does: %q", last)
	}
	if m.jobs.running(jobChrF) || m.c.shownMetrics().chrf != nil {
		t.Error("chrF computed while the query was only typed")
	}
	next, cmd := m.Update(keyMsg("enter"))
	m = next.(Model)
	if len(m.list.rows) != 0 || m.list.waiting != "chrF" || !m.jobs.running(jobChrF) || !m.c.met.showChrF {
		t.Fatalf("entered: %d rows, waiting %q, chrF job %v, shown %v; want no row while chrF is computed and shown",
			len(m.list.rows), m.list.waiting, m.jobs.running(jobChrF), m.c.met.showChrF)
	}
	v := m.View()
	for _, s := range []string{`“chrf<80” waits for chrF scores`, "the filter waits for the chrF scores", "chrF2 …"} {
		if !strings.Contains(v, s) {
			t.Errorf("while waiting the view lacks %q:\n%s", s, v)
		}
	}
	if !strings.Contains(m.statusText(), "chrF beside BLEU") {
		t.Errorf("status %q does not say chrF is now shown", m.statusText())
	}
	x := m
	if x.startExport(exportRequest{path: t.TempDir() + "/rows.csv"}); x.jobs.running(jobExport) || !strings.Contains(x.statusText(), "waits for the chrF scores") {
		t.Errorf("export while waiting: job %v, status %q; want it refused", x.jobs.running(jobExport), x.statusText())
	}
	m = drive(t, m, cmd)
	want := wantMetrics(t, ds, chrfTER(), false)
	keep := metricRows(want.Systems[0].ChrFSegments, func(v float64) bool { return v < 80 })
	if got := sortedRows(m); !slices.Equal(got, keep) || m.list.waiting != "" {
		t.Errorf("after chrF landed: lines %v (waiting %q); want %v", got, m.list.waiting, keep)
	}
	if v := m.View(); !strings.Contains(v, `match “chrf<80”`) {
		t.Errorf("the header does not name the filter:\n%s", v)
	}
	if m.statusText() != "" {
		t.Errorf("status %q still promises the rows that came", m.statusText())
	}
}

// TestFilterTERWhileRunning: a ter> query entered while TER is being
// computed waits for it, M hiding the metrics meanwhile does not stop
// the run the filter waits for, and esc while waiting clears the filter.
func TestFilterTERWhileRunning(t *testing.T) {
	ds := demoDataset(t)
	m := ready(t, ds, 100, 30)
	m = press(t, m, "M") // chrF
	next, run := m.Update(keyMsg("M"))
	m = next.(Model) // chrF and TER: TER's run in flight, not driven
	if !m.jobs.running(jobTER) {
		t.Fatal("M M did not start TER")
	}
	m = typeText(t, press(t, m, "/"), "ter>50")
	// Why the filter waits may stand above the prompt (footerOverflow).
	lines := strings.Split(ansi.Strip(m.View()), "\n")
	if foot := strings.Join(lines[len(lines)-3:], " "); !strings.Contains(foot, "still being computed") || m.list.view.Filter != "ter" {
		t.Errorf("typed while TER runs: filter %q, footer %q", m.list.view.Filter, foot)
	}
	m = press(t, m, "enter")
	if len(m.list.rows) != 0 || m.list.waiting != "TER" {
		t.Fatalf("entered while TER runs: %d rows, waiting %q", len(m.list.rows), m.list.waiting)
	}
	m = press(t, m, "M") // BLEU alone
	if !m.jobs.running(jobTER) || len(m.list.rows) != 0 {
		t.Fatalf("M hid TER: its run %v, %d rows; want the run going on for the filter, no row", m.jobs.running(jobTER), len(m.list.rows))
	}
	m = drive(t, m, run)
	want := wantMetrics(t, ds, chrfTER(), false)
	keep := metricRows(want.Systems[0].TERSegments, func(v float64) bool { return v > 50 })
	if got := sortedRows(m); !slices.Equal(got, keep) {
		t.Errorf("after TER landed: lines %v; want %v", got, keep)
	}

	// esc while waiting: the filter goes, every row comes back.
	m = ready(t, ds, 100, 30)
	next, _ = m.Update(keyMsg("/"))
	m = next.(Model)
	for _, r := range "ter>50" {
		next, _ = m.Update(keyMsg(string(r)))
		m = next.(Model)
	}
	next, _ = m.Update(keyMsg("enter"))
	m = next.(Model)
	if m.list.waiting == "" {
		t.Fatal("ter>50 entered without TER: not waiting")
	}
	m = press(t, m, "esc")
	if m.list.view.Filter != "" || len(m.list.rows) != ds.Len() || m.list.waiting != "" {
		t.Errorf("esc while waiting: filter %q, %d rows, waiting %q", m.list.view.Filter, len(m.list.rows), m.list.waiting)
	}
}

// TestFilterChrFStaleOptions: l changes chrF's options, so a chrf filter
// holds its rows back (none shown, never those of the old scores) until
// chrF under the new case lands.
func TestFilterChrFStaleOptions(t *testing.T) {
	ds := demoDataset(t)
	m := filterBy(t, readyWith(t, ds, 100, 30, WithMetrics(chrfTER())), "chrf<80")
	next, cmd := m.Update(keyMsg("l"))
	m = next.(Model)
	if len(m.list.rows) != 0 || m.list.waiting != "chrF" {
		t.Fatalf("after l: %d rows, waiting %q; want none until the lowercased chrF is in", len(m.list.rows), m.list.waiting)
	}
	m = drive(t, m, cmd)
	want := wantMetrics(t, ds, chrfTER(), true)
	keep := metricRows(want.Systems[0].ChrFSegments, func(v float64) bool { return v < 80 })
	if got := sortedRows(m); !slices.Equal(got, keep) {
		t.Errorf("after l: lines %v; want those of the lowercased chrF, %v", got, keep)
	}
}

// TestFilterChrFFailed: when chrF cannot be computed, a chrf filter just
// entered is not applied (the filter before stays) and the status says
// why in one line.
func TestFilterChrFFailed(t *testing.T) {
	ds := &model.Dataset{ // segment 2 has no reference: chrF fails on it
		Refs:      [][]string{{"the cat sat", "unused"}},
		RefAbsent: [][]bool{{false, true}},
		RefNames:  []string{"ref"},
		Systems:   []model.System{{Name: "a", Hyps: []string{"the cat sat", "a dog"}}},
	}
	m := filterBy(t, ready(t, ds, 100, 30), "chrf<50")
	if m.list.view.Filter != "" || len(m.list.rows) != 2 || m.list.waiting != "" {
		t.Errorf("chrF failed: filter %q, %d rows, waiting %q; want the filter before, every row", m.list.view.Filter, len(m.list.rows), m.list.waiting)
	}
	if !strings.Contains(m.statusText(), "chrf needs chrF scores, which could not be computed") || !strings.Contains(m.statusText(), "no reference") || strings.Contains(m.statusText(), "\n") {
		t.Errorf("status %q; want one line saying chrF could not be computed and why", m.statusText())
	}
}

// TestFilterChrFFailedWhileWaiting: a run that fails after the filter was
// left waiting (here by hand, as a failed message of the run in flight)
// clears the filter rather than leaving an empty list.
func TestFilterChrFFailedWhileWaiting(t *testing.T) {
	ds := demoDataset(t)
	m := filterBy(t, readyWith(t, ds, 100, 30, WithMetrics(chrfTER())), "chrf<80")
	next, _ := m.Update(keyMsg("l"))
	m = next.(Model)
	_, tag, _ := m.jobs.current(jobChrF)
	next, cmd := m.Update(statsMsg{jobTag: tag, key: m.c.metricStatsKey(model.MetricChrF), err: errors.New("boom")})
	m = drive(t, next.(Model), cmd)
	if m.list.view.Filter != "" || len(m.list.rows) != ds.Len() || !strings.Contains(m.statusText(), "filter cleared") {
		t.Errorf("chrF failed while waiting: filter %q, %d rows, status %q", m.list.view.Filter, len(m.list.rows), m.statusText())
	}
}

// TestFilterWaitingFit: the waiting list, header and screens fit the
// smallest window.
func TestFilterWaitingFit(t *testing.T) {
	ds := demoDataset(t)
	for _, size := range [][2]int{{60, 16}, {200, 50}} {
		w, h := size[0], size[1]
		m := ready(t, ds, w, h)
		next, _ := m.Update(keyMsg("/"))
		m = next.(Model)
		for _, r := range "chrf<80 ter>20" {
			next, _ = m.Update(keyMsg(string(r)))
			m = next.(Model)
		}
		checkFit(t, "typing chrf< without chrF", m.View(), w, h)
		next, _ = m.Update(tea.KeyMsg{Type: tea.KeyEnter})
		m = next.(Model)
		if m.list.waiting != "chrF and TER" {
			t.Fatalf("waiting %q; want chrF and TER", m.list.waiting)
		}
		checkFit(t, "waiting for chrF and TER", m.View(), w, h)
		for _, k := range []string{"h", "B"} {
			next, _ := m.Update(keyMsg(k))
			checkFit(t, "waiting, screen "+k, next.(Model).View(), w, h)
		}
	}
}

// TestFilterChrFBigCorpus: on a corpus filtered in a job, a chrf< query
// entered before chrF is computed waits for it, then its rows come from
// the rows job; a rescore (t) keeps them, chrF not depending on the
// tokenizer.
func TestFilterChrFBigCorpus(t *testing.T) {
	ds := synthDataset(t, syncRows+500)
	m := ready(t, ds, 100, 30)
	m = typeText(t, press(t, m, "/"), "chrf<50")
	next, cmd := m.Update(keyMsg("enter"))
	m = next.(Model)
	if len(m.list.rows) != 0 || m.list.waiting != "chrF" {
		t.Fatalf("entered: %d rows, waiting %q; want none while chrF is computed", len(m.list.rows), m.list.waiting)
	}
	m = drive(t, m, cmd)
	if m.c.shownMetrics().chrf == nil {
		t.Fatal("chrF never landed")
	}
	keep := metricRows(m.c.shownMetrics().chrf.Systems[0].ChrFSegments, func(v float64) bool { return v < 50 })
	if len(keep) == 0 || len(keep) == ds.Len() {
		t.Fatalf("chrf<50 selects %d of %d; the test needs some but not all", len(keep), ds.Len())
	}
	if got := sortedRows(m); !slices.Equal(got, keep) || m.list.waiting != "" {
		t.Fatalf("after chrF landed: %d rows (waiting %q); want %d", len(got), m.list.waiting, len(keep))
	}
	m = press(t, m, "t")
	if m.c.set.Corpus.Tokenize == "13a" {
		t.Fatal("t did not change the tokenizer")
	}
	if got := sortedRows(m); !slices.Equal(got, keep) || m.list.waiting != "" {
		t.Errorf("after t: %d rows (waiting %q); want the same %d", len(got), m.list.waiting, len(keep))
	}
}

// TestFilterTERLandsWhileTyping: a ter query typed while TER runs (not
// applied: the prompt says it is still being computed) applies as soon as
// TER lands, the prompt still open, as live filtering would have.
func TestFilterTERLandsWhileTyping(t *testing.T) {
	ds := demoDataset(t)
	m := press(t, ready(t, ds, 100, 30), "M")
	next, run := m.Update(keyMsg("M"))
	m = typeText(t, next.(Model), "/ter>20")
	if m.list.view.Filter == "ter>20" {
		t.Fatal("ter>20 applied before TER was in")
	}
	m = drive(t, m, run)
	if m.list.typing != typingFilter || m.list.view.Filter != "ter>20" {
		t.Fatalf("TER landed while typing: typing %v, filter %q; want ter>20 applied, the prompt open", m.list.typing, m.list.view.Filter)
	}
	want := wantMetrics(t, ds, chrfTER(), false)
	if got, keep := sortedRows(m), metricRows(want.Systems[0].TERSegments, func(v float64) bool { return v > 20 }); len(keep) == 0 || !slices.Equal(got, keep) {
		t.Errorf("lines %v; want %v", got, keep)
	}
}

// TestFilterEditedWhileWaiting: a filter that waits for chrF and is then
// edited at the prompt: when chrF lands, the query typed is the one
// applied (not the one that waited). From a review.
func TestFilterEditedWhileWaiting(t *testing.T) {
	ds := demoDataset(t)
	m := ready(t, ds, 100, 30)
	m = typeText(t, press(t, m, "/"), "chrf<80")
	next, run := m.Update(keyMsg("enter"))
	m = next.(Model)
	if m.list.waiting != "chrF" {
		t.Fatalf("chrf<80 entered: waiting %q", m.list.waiting)
	}
	m = press(t, m, "/", "backspace", "6")
	m = drive(t, m, run)
	want := wantMetrics(t, ds, chrfTER(), false)
	keep := metricRows(want.Systems[0].ChrFSegments, func(v float64) bool { return v < 86 })
	if got := sortedRows(m); m.list.view.Filter != "chrf<86" || !slices.Equal(got, keep) {
		t.Errorf("chrF landed with chrf<86 typed: filter %q, lines %v; want %v", m.list.view.Filter, got, keep)
	}
}

// TestFilterWaitingKeepsMetricHidden: M hides chrF while a filter waits
// for it; another key that refreshes the rows (tab) does not show it
// again. From a review.
func TestFilterWaitingKeepsMetricHidden(t *testing.T) {
	m := ready(t, demoDataset(t), 100, 30)
	m = typeText(t, press(t, m, "/"), "chrf<80")
	next, _ := m.Update(keyMsg("enter"))
	m = next.(Model)
	if !m.c.met.showChrF {
		t.Fatal("the wait should show chrF")
	}
	m = press(t, m, "M", "M") // chrF and TER, then BLEU alone
	if m.c.met.showChrF {
		t.Fatal("M M should hide chrF")
	}
	m = press(t, m, "tab")
	if m.c.met.showChrF || m.list.waiting == "" {
		t.Errorf("tab while waiting: chrF shown %v, waiting %q; want it still hidden, the filter still waiting", m.c.met.showChrF, m.list.waiting)
	}
}

// TestFilterMetricsParsesNothing: which metrics the filter reads, asked on
// every Update, is kept with the filter as it is set, so asking parses
// nothing (it parsed the query again at each call: allocations every
// time); what it says is what the query's parse says, for a filter
// entered, one typed live, one that does not parse, after a drill-down
// cleared it and after a query refused gave back the one before.
func TestFilterMetricsParsesNothing(t *testing.T) {
	m := ready(t, demoDataset(t), 100, 30)
	check := func(when string) {
		t.Helper()
		var want [2]bool
		if q, err := model.ParseQuery(m.list.view.Filter); err == nil {
			want[0], want[1] = q.UsesMetrics()
		}
		if chrf, ter := m.list.filterMetrics(); [2]bool{chrf, ter} != want {
			t.Errorf("%s (filter %q): filterMetrics = %v, %v; want %v", when, m.list.view.Filter, chrf, ter, want)
		}
		if allocs := testing.AllocsPerRun(20, func() { m.list.filterMetrics() }); allocs != 0 {
			t.Errorf("%s (filter %q): filterMetrics allocates %v times a call; want 0 (no parse)", when, m.list.view.Filter, allocs)
		}
	}
	m = filterBy(t, m, "chrf<40 ter>30")
	check("entered")
	m = press(t, m, "esc")
	m = press(t, typeText(t, press(t, m, "/"), "ter>3 len>5"), "enter")
	check("entered, TER only")
	m = press(t, typeText(t, press(t, m, "/", "ctrl+u"), "terms"), "enter")
	check("a word, no metric")
	m = press(t, typeText(t, press(t, m, "/", "ctrl+u"), "chrf<"), "enter")
	check("refused: the filter before")
	l := m.list
	l.openDrill(nil, []int{1, 2}, nil, l.view.System, l.view.Other)
	m.list = l
	check("drill-down")
}
