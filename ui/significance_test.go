package ui

import (
	"context"
	"fmt"
	"github.com/charmbracelet/x/ansi"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/fixtures"
	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/bleuscope/bleuscope/ui/render"
	tea "github.com/charmbracelet/bubbletea"
)

// step1 sends one message through Update and returns the model and the
// command, without running it.
func step1(t *testing.T, m Model, msg tea.Msg) (Model, tea.Cmd) {
	t.Helper()
	next, cmd := m.Update(msg)
	return next.(Model), cmd
}

// oneSig runs cmd and returns its one comparison result.
func oneSig(t *testing.T, cmd tea.Cmd) sigMsg {
	t.Helper()
	msgs := msgsOf[sigMsg](cmd)
	if len(msgs) != 1 {
		t.Fatalf("the command gave %d comparison results; want 1", len(msgs))
	}
	return msgs[0]
}

func TestPinBaseline(t *testing.T) {
	m := ready(t, demoDataset(t), 120, 40)
	// Until one is pinned, the first system is compared with the second,
	// every other with the first, never with itself.
	for sys, want := range []int{1, 0, 0} {
		if m.list.view.System != sys || m.list.view.Other != want {
			t.Fatalf("system %d unpinned: baseline %d; want %d", m.list.view.System, m.list.view.Other, want)
		}
		if strings.Contains(m.View(), "· the baseline") {
			t.Errorf("system %d unpinned is said to be the baseline", sys)
		}
		m = press(t, m, "tab")
	}
	m = press(t, m, "tab", "tab", "p")
	if m = press(t, m, "tab", "tab", "tab"); m.list.view.System != 2 || m.list.view.Other != 2 {
		t.Fatalf("tab moved the pinned baseline: system %d, baseline %d; want 2, 2", m.list.view.System, m.list.view.Other)
	}
	if !strings.Contains(m.View(), "· the baseline") {
		t.Error("on the baseline the header does not say so")
	}
	m = press(t, m, "shift+tab", "shift+tab")
	name := m.c.ds.Systems[2].Name
	if v := m.View(); !strings.Contains(v, "vs baseline "+name) {
		t.Errorf("the header does not name the pinned baseline %s:\n%s", name, v)
	}
	seg := m.list.seg
	if d, want := m.c.scored.Delta(0, m.list.view.Other, seg), sentence(m, seg)-m.c.scored.Systems[2].Sentence[seg]; d != want {
		t.Errorf("Δ %v; want %v against the pinned baseline", d, want)
	}
	m = press(t, m, "w") // passes over system 0, the one shown
	if m.list.view.Other != 1 {
		t.Errorf("w on system 0 after baseline 2 pinned %d; want 1", m.list.view.Other)
	}
}

// TestUnpinBaseline: p on the pinned baseline unpins it: every system is
// compared with its auto baseline again, and the header says "(auto)";
// w, which pins the next system, never unpins.
func TestUnpinBaseline(t *testing.T) {
	m := press(t, ready(t, demoDataset(t), 120, 40), "tab", "p") // system 1 pinned
	if !m.list.pinned || m.list.view.Other != 1 {
		t.Fatalf("p on system 1: pinned %v, baseline %d; want 1 pinned", m.list.pinned, m.list.view.Other)
	}
	m = press(t, m, "p")
	if m.list.pinned || m.list.view.Other != 0 || !strings.Contains(m.View(), "(auto)") {
		t.Fatalf("p again on system 1: pinned %v, baseline %d; want unpinned, system 0 (auto):\n%s", m.list.pinned, m.list.view.Other, m.View())
	}
	if m = press(t, m, "shift+tab"); m.list.view.Other != 1 {
		t.Errorf("unpinned, system 0 is compared with %d; want 1", m.list.view.Other)
	}
	ds := demoDataset(t)
	ds.Systems = ds.Systems[:2]
	two := ready(t, ds, 120, 40)
	two = press(t, two, "w", "w", "w")
	if !two.list.pinned || two.list.view.Other != 1 {
		t.Errorf("w w w with two systems: pinned %v, baseline %d; want system 1 pinned", two.list.pinned, two.list.view.Other)
	}
}

// TestPinRefiltersDelta: a filter on delta is against the pinned
// baseline, so pinning another refilters, and the header's Δ on the rows
// is the shown system's BLEU on them minus the new baseline's.
func TestPinRefiltersDelta(t *testing.T) {
	m := ready(t, demoDataset(t), 120, 40)
	m = press(t, m, "tab", "tab", "p", "shift+tab", "shift+tab") // system 0 shown, 2 the baseline
	m = filterBy(t, m, "delta<0")
	check := func(when string) {
		t.Helper()
		want, _, err := viewRows(context.Background(), m.c.ds, m.c.scored, m.list.view, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(m.list.rows, want) {
			t.Fatalf("%s: rows %v; want %v (baseline %d)", when, m.list.rows, want, m.list.view.Other)
		}
		mine, _ := m.c.scored.Subset(m.c.ds, 0, want)
		base, _ := m.c.scored.Subset(m.c.ds, m.list.view.Other, want)
		if v := ansi.Strip(m.View()); !strings.Contains(v, "Δ "+m.c.delta(mine.Score-base.Score)+" on them") {
			t.Errorf("%s: the header lacks the Δ on the rows, %v:\n%s", when, mine.Score-base.Score, v)
		}
	}
	check("baseline 2")
	before := append([]int(nil), m.list.rows...)
	m = press(t, m, "w") // baseline 1 (w passes over the system shown), the list staying on system 0
	if m.list.view.Other != 1 || m.list.view.System != 0 {
		t.Fatalf("w: system %d, baseline %d; want 0, 1", m.list.view.System, m.list.view.Other)
	}
	check("baseline 1")
	if slices.Equal(before, m.list.rows) {
		t.Fatal("delta<0 keeps the same rows against either baseline; the test wants a change")
	}
}

func TestSigScreenRunsTheJob(t *testing.T) {
	m := ready(t, demoDataset(t), 120, 40)
	m = press(t, m, "p") // system 0 is the baseline
	m, cmd := step1(t, m, keyMsg("B"))
	if m.screen != screenSig || !m.jobs.running(jobSig) {
		t.Fatalf("S: screen %d, job running %v", m.screen, m.jobs.running(jobSig))
	}
	if v := m.View(); !strings.Contains(v, "resampling") {
		t.Errorf("while the job runs the screen does not say so:\n%s", v)
	}
	msg := oneSig(t, cmd)
	m, _ = step1(t, m, msg)
	if m.jobs.running(jobSig) || m.sig.res == nil {
		t.Fatalf("the result did not land: err %v", m.sig.err)
	}
	want, err := model.Compare(context.Background(), m.c.scored, 0, nil, model.CompareOptions{Test: model.TestPairedBootstrap, Seed: scoring.DefaultSeed()})
	if err != nil {
		t.Fatal(err)
	}
	got := m.sig.res
	if got.Baseline != 0 || got.Segments != m.c.ds.Len() || got.N != 1000 {
		t.Errorf("comparison: baseline %d, %d segments, N %d", got.Baseline, got.Segments, got.N)
	}
	for i := range want.Systems {
		if got.Systems[i].PValue != want.Systems[i].PValue || got.Systems[i].Mean != want.Systems[i].Mean {
			t.Errorf("system %d: p %v μ %v; want %v %v", i, got.Systems[i].PValue, got.Systems[i].Mean, want.Systems[i].PValue, want.Systems[i].Mean)
		}
	}
	v := m.View()
	for _, s := range []string{"win/tie/loss", "μ ± 95% CI", m.c.ds.Systems[1].Name, "▲"} {
		if !strings.Contains(v, s) {
			t.Errorf("the screen lacks %q:\n%s", s, v)
		}
	}
	// The p-value shown is the comparison's, marked when ≤ 0.05.
	row := strings.SplitN(strings.SplitN(v, " "+m.c.ds.Systems[1].Name+" ", 2)[1], "\n", 2)[0]
	if want := " " + formatP(got.Systems[1].PValue) + " "; !strings.Contains(row, want) {
		t.Errorf("the row of %s lacks its p-value %q: %q", m.c.ds.Systems[1].Name, want, row)
	}
	// The header's p stands over the last digit of the p-values (a star
	// or its room follows the digits) and over the baseline's dash.
	lines := strings.Split(ansi.Strip(v), "\n")
	head := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, "win/tie/loss") })
	pCol := runeCol(lines[head], " p ") + 1
	digits := fmt.Sprintf("%.4f", got.Systems[1].PValue)
	for _, sys := range []int{0, 1} {
		l := lines[head+1+sys]
		at := runeCol(l, " — ") + 1
		if sys == 1 {
			at = runeCol(l, " "+digits) + len(digits)
		}
		if at != pCol {
			t.Errorf("system %d: p-value ends at column %d, the header's p is at %d:\n%s\n%s", sys, at, pCol, lines[head], l)
		}
	}
}

// runeCol is the column (in runes) where sub starts in l, -1 when absent.
func runeCol(l, sub string) int {
	i := strings.Index(l, sub)
	if i < 0 {
		return -1
	}
	return len([]rune(l[:i]))
}

// formatP is how the table should show a p-value: four decimals, a star
// at or below 0.05.
func formatP(p float64) string {
	if p <= 0.05 {
		return fmt.Sprintf("%.4f*", p)
	}
	return fmt.Sprintf("%.4f", p)
}

func TestSigScreenFollowsTheFilter(t *testing.T) {
	m := ready(t, demoDataset(t), 120, 40)
	m, first := step1(t, m, keyMsg("B"))
	// Filter on the screen itself; each key of a live filter starts a new
	// comparison, so the first one is stale by then.
	m = press(t, m, "/")
	var last tea.Cmd
	for _, r := range "the" {
		m, last = step1(t, m, keyMsg(string(r)))
	}
	m, _ = step1(t, m, keyMsg("enter"))
	if m.list.view.Filter != "the" || len(m.list.rows) == 0 || len(m.list.rows) == m.c.ds.Len() {
		t.Fatalf("filter %q selected %d rows", m.list.view.Filter, len(m.list.rows))
	}
	stale := oneSig(t, first)
	m, _ = step1(t, m, stale)
	if m.sig.res != nil {
		t.Fatal("the comparison of all segments landed after the filter changed")
	}
	fresh := oneSig(t, last)
	m, _ = step1(t, m, fresh)
	if m.sig.res == nil {
		t.Fatalf("the comparison of the filtered rows was dropped (err %v)", m.sig.err)
	}
	if got := m.sig.res.Segments; got != len(m.list.rows) {
		t.Errorf("compared %d segments; want the %d filtered rows", got, len(m.list.rows))
	}
	rows := slices.Sorted(slices.Values(m.list.rows))
	want, err := model.Compare(context.Background(), m.c.scored, m.list.view.Other, rows, model.CompareOptions{Test: model.TestPairedBootstrap, Seed: scoring.DefaultSeed()})
	if err != nil {
		t.Fatal(err)
	}
	for i := range want.Systems {
		if m.sig.res.Systems[i].PValue != want.Systems[i].PValue {
			t.Errorf("system %d: p %v; want the subset's %v", i, m.sig.res.Systems[i].PValue, want.Systems[i].PValue)
		}
	}
	if v := m.View(); !strings.Contains(v, `match “the”`) {
		t.Errorf("the screen does not say it compares the filtered rows:\n%s", v)
	}
	if v := m.View(); strings.Contains(v, scoreFilterWarning) {
		t.Errorf("a filter on words is said to pick by score:\n%s", v)
	}
	// Clearing the filter from the main screen and coming back compares all
	// segments again.
	m = press(t, m, "esc", "esc", "B")
	if m.sig.res == nil || m.sig.res.Segments != m.c.ds.Len() {
		t.Errorf("after clearing the filter: %+v", m.sig.res)
	}
}

// TestSigFilterSaidToStay: a filter typed on the comparison is the
// list's, and esc back to the list now says so, with what it selects and
// how to clear it (a researcher typed one on B and found the list
// filtered after esc, without a word); one cleared there is said cleared
// on the list too. A filter the list had when the comparison opened, and
// still has, is not said again.
func TestSigFilterSaidToStay(t *testing.T) {
	demo := demoDataset(t)
	for _, size := range [][2]int{{100, 30}, {60, 16}} {
		w, h := size[0], size[1]
		m := press(t, filterBy(t, press(t, ready(t, demo, w, h), "B"), "len>12"), "esc")
		want := model.Thousands(len(m.list.rows)) + " of " + model.Thousands(demo.Len()) + " match “len>12”"
		if m.screen != screenMain || m.list.view.Filter != "len>12" || len(m.list.rows) == demo.Len() || !strings.Contains(m.statusText(), "the list's") ||
			!strings.Contains(m.statusText(), want) || !strings.Contains(m.statusText(), "esc clears it") {
			t.Errorf("%d×%d: typed on B, then esc: screen %v, filter %q, status %q; want the list's filter said, %q, esc clearing it",
				w, h, m.screen, m.list.view.Filter, m.statusText(), want)
		}
		checkFit(t, "the list after B", m.View(), w, h)
		if m = press(t, m, "esc"); m.list.view.Filter != "" {
			t.Errorf("%d×%d: esc did not clear the filter, as the status said it would: %q", w, h, m.list.view.Filter)
		}
	}
	m := press(t, filterBy(t, ready(t, demo, 100, 30), "len>5"), "B", "esc")
	if m.list.view.Filter != "len>5" || m.statusText() != "" {
		t.Errorf("a filter the list had before B: filter %q, status %q; want it kept and nothing said", m.list.view.Filter, m.statusText())
	}
	m = press(t, m, "B", "/", "backspace", "backspace", "backspace", "backspace", "backspace", "enter", "esc")
	if m.list.view.Filter != "" || !strings.Contains(m.statusText(), "the filter is the list's") || !strings.Contains(m.statusText(), "cleared there too") {
		t.Errorf("cleared on B: filter %q, status %q; want it said cleared on the list too", m.list.view.Filter, m.statusText())
	}
}

// scoreFilterWarning is what the screen says when the filter picks
// segments by a score.
const scoreFilterWarning = "picks segments by score"

func TestSigScreenWarnsOfScoreFilters(t *testing.T) {
	m := ready(t, demoDataset(t), 120, 40)
	m = press(t, m, "/")
	for _, r := range "delta<0" {
		m, _ = step1(t, m, keyMsg(string(r)))
	}
	m, _ = step1(t, m, keyMsg("enter"))
	if m.list.view.Filter != "delta<0" || len(m.list.rows) == 0 {
		t.Fatalf("filter %q selected %d rows", m.list.view.Filter, len(m.list.rows))
	}
	m, cmd := step1(t, m, keyMsg("B"))
	m, _ = step1(t, m, oneSig(t, cmd))
	if m.sig.res == nil {
		t.Fatalf("no comparison (err %v)", m.sig.err)
	}
	if v := m.View(); !strings.Contains(v, scoreFilterWarning) {
		t.Errorf("the screen does not warn that delta<0 picks segments by score:\n%s", v)
	}
}

// TestSigScreenSaysWhoseFilter: with a filter that reads one system (len,
// bleu, cat:, shown:, ...), the comparison keeps the rows the filter keeps
// for the list's system, whichever system is selected on it, and its
// status line says whose, and what of it the filter reads: its hypotheses
// (len, shown:), or its scores or its annotations (is:, cat:, ...; a
// person's judgement of its output), with the warning that p measures the
// choice. A filter of words, which reads every system's hypothesis, says
// nothing of the kind.
func TestSigScreenSaysWhoseFilter(t *testing.T) {
	demo := demoDataset(t)
	plain := func() Model { return ready(t, demo, 120, 40) }
	withAnn := func() Model { m, _ := annotating(t, 120, 40); return m }
	for _, c := range []struct {
		open         func() Model
		filter, says string
	}{
		{plain, "len>5", "the filter reads %s's hypotheses, the list's system"},
		{plain, "shown:the", "the filter reads %s's hypotheses, the list's system"},
		{plain, "bleu<50", "picks segments by score (%s's)"},
		{withAnn, "is:unannotated", "this filter picks segments by %s's annotations: p measures that choice"},
		{withAnn, "len>5 or rater:ana", "this filter picks segments by %s's hypotheses and annotations: p measures"},
	} {
		m := press(t, filterBy(t, c.open(), c.filter), "B", "down")
		if m.sig.res == nil || m.sig.cursor == m.list.view.System {
			t.Fatalf("%s: the test's premise: a comparison (%v) with another system selected than the list's (%d, %d)", c.filter, m.sig.err, m.sig.cursor, m.list.view.System)
		}
		if v, want := ansi.Strip(m.View()), fmt.Sprintf(c.says, m.c.systemName(m.list.view.System)); !strings.Contains(v, want) {
			t.Errorf("%s: the screen does not say %q:\n%s", c.filter, want, v)
		}
	}
	m := press(t, filterBy(t, ready(t, demo, 120, 40), "the"), "B")
	if v := m.View(); m.sig.res == nil || strings.Contains(v, "filter reads") {
		t.Errorf("a filter of words: comparison %v, the screen says whose:\n%s", m.sig.res != nil, v)
	}
}

func TestSigScreenCancelAndTest(t *testing.T) {
	m := ready(t, demoDataset(t), 120, 40)
	m, cmd := step1(t, m, keyMsg("B"))
	m, _ = step1(t, m, keyMsg("esc"))
	if m.screen != screenMain || m.jobs.running(jobSig) {
		t.Fatalf("esc: screen %d, job running %v", m.screen, m.jobs.running(jobSig))
	}
	m, _ = step1(t, m, oneSig(t, cmd))
	if m.sig.res != nil {
		t.Error("a cancelled comparison landed")
	}
	m = press(t, m, "B", "T")
	if m.sig.res == nil || m.sig.res.Test != model.TestPairedAR || m.sig.res.N != scoring.DefaultARTrials {
		t.Fatalf("T: %+v", m.sig.res)
	}
	if v := m.View(); !strings.Contains(v, "AR has no CI") || !strings.Contains(v, "paired-ar") {
		t.Errorf("the AR screen does not say what it shows:\n%s", v)
	}
	m = press(t, m, "down", "p")
	if m.list.view.Other != m.sig.cursor || m.sig.res.Baseline != m.sig.cursor {
		t.Errorf("p on the screen: baseline %d, compared against %d; want %d", m.list.view.Other, m.sig.res.Baseline, m.sig.cursor)
	}
}

func TestSortByImpact(t *testing.T) {
	m := ready(t, demoDataset(t), 120, 40)
	for m.list.view.Sort != model.SortImpact {
		m = press(t, m, "o")
		if m.list.view.Sort == model.SortScore {
			t.Fatal("o never reached the impact sort")
		}
	}
	imp, err := m.c.scored.Impact(m.c.ds, m.list.view.System, m.list.view.Other)
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i < len(m.list.rows); i++ {
		if imp[m.list.rows[i-1]] > imp[m.list.rows[i]] {
			t.Fatalf("rows not by impact at %d: %v then %v", i, imp[m.list.rows[i-1]], imp[m.list.rows[i]])
		}
	}
	worst := slices.Min(imp)
	if imp[m.list.rows[0]] != worst || worst >= 0 {
		t.Errorf("first row's impact %v; want the most costly %v first", imp[m.list.rows[0]], worst)
	}
	m = press(t, m, "g")
	v := m.View()
	if cell := impactCell(worst, m.list.impactDecimals(m.c)); !strings.Contains(v, "↑impact") || !strings.Contains(v, cell) {
		t.Errorf("no impact column with %s:\n%s", cell, v)
	}
	m = press(t, m, "w") // a new baseline re-sorts
	imp2, _ := m.c.scored.Impact(m.c.ds, m.list.view.System, m.list.view.Other)
	if m.list.rows[0] != slices.Index(imp2, slices.Min(imp2)) {
		t.Errorf("after w the first row is %d; want the most costly against the new baseline", m.list.rows[0])
	}
}

func TestSigScreenFits(t *testing.T) {
	ds := demoDataset(t)
	for _, size := range [][2]int{{60, 16}, {80, 24}, {120, 40}, {200, 50}} {
		w, h := size[0], size[1]
		for _, sc := range []struct {
			name string
			keys []string
		}{
			{"bootstrap", []string{"B"}},
			{"bootstrap, baseline selected", []string{"B", "down"}},
			{"AR", []string{"B", "T"}},
			{"filtered", []string{"/", "t", "h", "e", "enter", "B"}},
			{"filter typed", []string{"B", "/", "c", "a"}},
			{"no match", []string{"/", "z", "q", "x", "enter", "B"}},
			{"nltk", []string{"c", "B"}},
			{"impact", []string{"o", "o", "o", "o", "o"}},
		} {
			m := press(t, ready(t, ds, w, h), sc.keys...)
			v := m.View()
			checkFit(t, sc.name, v, w, h)
			if strings.Count(v, "\n") != h-1 && m.screen == screenSig {
				t.Errorf("%s at %d×%d: %d lines; want %d", sc.name, w, h, strings.Count(v, "\n")+1, h)
			}
			for i, r := range v {
				if r < 0x20 && r != '\n' || r == 0x7f || r >= 0x80 && r < 0xa0 {
					t.Errorf("%s at %d×%d: control byte %#x at %d", sc.name, w, h, r, i)
					break
				}
			}
		}
	}
}

func TestGoldenSignificance(t *testing.T) {
	runGolden(t, 100, 30, step{keys("B"), "win/tie/loss"})
}

// TestSigScreenRandomKeys walks the comparison screen with random keys,
// resizes and results landing late: nothing panics and every view fits.
func TestSigScreenRandomKeys(t *testing.T) {
	ds := demoDataset(t)
	keys := []string{"B", "B", "p", "w", "T", "up", "down", "g", "G", "tab", "/", "t", "h", "enter", "esc",
		"backspace", "o", "c", "q", "?"}
	rng := rand.New(rand.NewPCG(3, 4))
	m := ready(t, ds, 80, 24)
	w, h := 80, 24
	var late []tea.Cmd
	for i := range 600 {
		var msg tea.Msg
		switch r := rng.IntN(30); {
		case r == 0:
			w, h = 60+rng.IntN(140), 16+rng.IntN(34)
			msg = tea.WindowSizeMsg{Width: w, Height: h}
		case r == 1 && len(late) > 0:
			for _, s := range msgsOf[sigMsg](late[0]) { // an old result arriving late
				msg = s
			}
			late = late[1:]
		default:
			k := keys[rng.IntN(len(keys))]
			if k == "q" && m.list.typing == typingNone {
				continue
			}
			msg = keyMsg(k)
		}
		if msg == nil {
			continue
		}
		next, cmd := m.Update(msg)
		m = next.(Model)
		if rng.IntN(3) == 0 {
			late = append(late, cmd) // run later, out of order
		} else {
			m = drive(t, m, cmd)
		}
		checkFit(t, "random walk step "+itoa(i), m.View(), w, h)
	}
}

// TestImpactFromTheComparison: i on a system of the comparison screen
// lists that system's segments, the one that costs it the most against
// the baseline selected at the top.
func TestImpactFromTheComparison(t *testing.T) {
	m := press(t, ready(t, demoDataset(t), 80, 24), "B")
	if m.sig.cursor == m.list.view.Other {
		t.Fatal("the screen opened on the baseline")
	}
	m = press(t, m, "down")
	if m.sig.cursor == m.list.view.Other {
		m = press(t, m, "down")
	}
	sys := m.sig.cursor
	m = press(t, m, "i")
	if m.screen != screenMain || m.list.view.System != sys || m.list.view.Sort != model.SortImpact {
		t.Fatalf("i: screen %d, system %d (want %d), sort %v", m.screen, m.list.view.System, sys, m.list.view.Sort)
	}
	imp, _ := m.c.scored.Impact(m.c.ds, sys, m.list.view.Other)
	if m.list.cursor != 0 || imp[m.list.seg] != slices.Min(imp) {
		t.Errorf("selected row %d (impact %v); want row 0 with the lowest impact %v", m.list.cursor, imp[m.list.seg], slices.Min(imp))
	}
	if !strings.Contains(m.View(), "↑impact") {
		t.Error("no impact column after i")
	}
	m = press(t, m, "B", "up")
	for m.sig.cursor != m.list.view.Other {
		m = press(t, m, "down")
	}
	if m = press(t, m, "i"); m.screen != screenSig || m.statusText() == "" {
		t.Error("i on the baseline left the screen without a word")
	}
}

// TestImpactBackToTheComparison: esc on the list i sorted by impact from
// the comparison screen goes back to that screen, with the filter kept
// and the list's system, order and selection as they were before; esc
// from there comes back to the list so. It cleared the filter and left the
// list sorted by impact.
func TestImpactBackToTheComparison(t *testing.T) {
	m := filterBy(t, ready(t, demoDataset(t), 80, 24), "len>12")
	filtered := len(m.list.rows)
	if filtered == 0 || filtered == m.c.ds.Len() {
		t.Fatalf("len>12 keeps %d rows of %d; want some", filtered, m.c.ds.Len())
	}
	m = press(t, m, "o", "r", "down")
	was := m.list.sortOf()
	seg := m.list.seg
	m = press(t, m, "B", "down")
	if m.sig.cursor == m.list.view.Other {
		m = press(t, m, "down")
	}
	sys := m.sig.cursor
	if m = press(t, m, "i"); m.screen != screenMain || m.list.view.Sort != model.SortImpact {
		t.Fatalf("i: screen %v, sort %v; want the list sorted by impact", m.screen, m.list.view.Sort)
	}
	m = press(t, m, "esc")
	if m.screen != screenSig || m.sig.cursor != sys {
		t.Fatalf("esc after i: screen %v, system %d; want the comparison on system %d", m.screen, m.sig.cursor, sys)
	}
	if m.list.view.Filter != "len>12" || len(m.list.rows) != filtered {
		t.Errorf("esc after i: filter %q, %d rows; want len>12 and %d rows", m.list.view.Filter, len(m.list.rows), filtered)
	}
	if got := m.list.sortOf(); got != was || m.list.seg != seg {
		t.Errorf("esc after i: order %+v, segment %d; want %+v, segment %d", got, m.list.seg, was, seg)
	}
	if !strings.Contains(m.View(), "of "+strconv.Itoa(m.c.ds.Len())) {
		t.Errorf("the comparison after esc does not show the filter's count:\n%s", m.View())
	}
	if m = press(t, m, "esc"); m.screen != screenMain || m.list.view.Filter != "len>12" || m.list.sortOf() != was {
		t.Errorf("esc from the comparison: screen %v, filter %q, order %+v; want the list, len>12, %+v",
			m.screen, m.list.view.Filter, m.list.sortOf(), was)
	}
	if m = press(t, m, "esc"); m.list.view.Filter != "" {
		t.Errorf("esc on the list: filter %q; want it cleared", m.list.view.Filter)
	}
	// A drill-down from the analysis after i ends the detour: esc goes
	// back to the analysis.
	m = press(t, m, "B", "i", "n", "enter")
	if m.screen != screenMain || !m.list.fromAnalysis {
		t.Fatalf("B i n enter: screen %v, drill-down %v; want the list of a drill-down", m.screen, m.list.fromAnalysis)
	}
	if m = press(t, m, "esc"); m.screen != screenAnalysis {
		t.Errorf("esc in a drill-down opened after i: screen %v; want the analysis", m.screen)
	}
}

// TestSigScreenSaysWhy: with NLTK's scores or a filter that matches
// nothing the screen says why there is no comparison, and how to get one.
func TestSigScreenSaysWhy(t *testing.T) {
	ds := demoDataset(t)
	m := press(t, ready(t, ds, 80, 24), "c", "B")
	if v := m.View(); m.sig.res != nil || !strings.Contains(v, "needs sacrebleu compat: c") {
		t.Errorf("nltk: the screen does not say why:\n%s", v)
	}
	m = press(t, ready(t, ds, 80, 24), "B", "/", "z", "q", "x", "enter")
	if v := m.View(); m.jobs.running(jobSig) || !strings.Contains(v, "no segment matches the filter") {
		t.Errorf("no match: job running %v, view:\n%s", m.jobs.running(jobSig), v)
	}
	m = press(t, m, "/", "backspace", "backspace", "backspace", "enter")
	if m.sig.res == nil || m.sig.res.Segments != ds.Len() {
		t.Errorf("after emptying the filter: %+v", m.sig.res)
	}
}

// TestDeltaCells: a difference that rounds to zero keeps its sign (which
// system is ahead, if barely), an exact tie is "=", the rest signed; the
// impact column (its own form) keeps two significant digits of a tiny impact.
func TestDeltaCells(t *testing.T) {
	for _, c := range []struct {
		d    float64
		nltk bool
		want string
	}{
		{0, false, "="}, {-0.04, false, "-0.0"}, {0.04, false, "+0.0"}, {-0.06, false, "-0.1"}, {12.34, false, "+12.3"},
		{-100, false, "-100.0"}, {0, true, "="}, {-0.0004, true, "-0.000"}, {0.0004, true, "+0.000"}, {-0.0006, true, "-0.001"},
		{0.25, true, "+0.250"}, {math.NaN(), true, "err"}, {math.NaN(), false, "nan"},
	} {
		if got := deltaCell(c.d, c.nltk); got != c.want {
			t.Errorf("deltaCell(%v, %v) = %q; want %q", c.d, c.nltk, got, c.want)
		}
	}
	for _, c := range []struct {
		x        float64
		decimals int
		want     string
	}{{-0.0004, 3, "0.000"}, {-0.0006, 3, "-0.001"}, {-0.0004, 5, "-0.00040"}, {0.000004, 6, "+0.000004"}, {0, 4, "0"}, {math.NaN(), 3, "err"}} {
		if got := impactCell(c.x, c.decimals); got != c.want {
			t.Errorf("impactCell(%v, %d) = %q; want %q", c.x, c.decimals, got, c.want)
		}
	}
}

// TestWithBaseline: --baseline pins a system from the start, as p does,
// and tab keeps it.
func TestWithBaseline(t *testing.T) {
	m := New(demoDataset(t), model.DefaultSettings(), WithBaseline(2))
	next, _ := m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	m = drive(t, next.(Model), m.Init())
	for sys := range 3 {
		if m.list.view.System != sys || m.list.view.Other != 2 {
			t.Fatalf("system %d: baseline %d; want 2, pinned", m.list.view.System, m.list.view.Other)
		}
		m = press(t, m, "tab")
	}
}

// TestSigScreenResampling: the seed and the counts given to the explorer
// (--seed, --paired-bs-n, --paired-ar-n) are those of its tests.
func TestSigScreenResampling(t *testing.T) {
	m := readyWith(t, demoDataset(t), 120, 40, WithResampling(scoring.SeedOf(7), 200, 300))
	for _, test := range []string{model.TestPairedBootstrap, model.TestPairedAR} {
		keys := []string{"p", "B"}
		if test == model.TestPairedAR {
			keys = []string{"T"}
		}
		m = press(t, m, keys[:len(keys)-1]...)
		var cmd tea.Cmd
		m, cmd = step1(t, m, keyMsg(keys[len(keys)-1]))
		m, _ = step1(t, m, oneSig(t, cmd))
		n := map[string]int{model.TestPairedBootstrap: 200, model.TestPairedAR: 300}[test]
		want, err := model.Compare(context.Background(), m.c.scored, 0, nil, model.CompareOptions{Test: test, N: n, Seed: scoring.SeedOf(7)})
		if err != nil {
			t.Fatal(err)
		}
		got := m.sig.res
		if got == nil || got.Test != test || got.N != n || got.Seed != scoring.SeedOf(7) {
			t.Fatalf("%s: comparison %+v; want N %d, seed 7", test, got, n)
		}
		if p, wp := got.Systems[1].PValue, want.Systems[1].PValue; p != wp {
			t.Errorf("%s: p %v; want %v", test, p, wp)
		}
		if v := m.View(); !strings.Contains(v, "n="+model.Thousands(n)+" seed 7") {
			t.Errorf("%s: the title does not give n and the seed:\n%s", test, v)
		}
	}
}

// TestSigScreenSeedPast64Bits: the comparison takes a seed past
// 2^64 - 1 whole (as compare's --seed and SACREBLEU_SEED give it), not the
// seed its low 64 bits would be, and its title gives it.
func TestSigScreenSeedPast64Bits(t *testing.T) {
	seed, err := scoring.ParseSeed("18446744073709551616") // 2^64
	if err != nil {
		t.Fatal(err)
	}
	m := readyWith(t, demoDataset(t), 120, 40, WithResampling(seed, 200, 0))
	m, cmd := step1(t, m, keyMsg("B"))
	m, _ = step1(t, m, oneSig(t, cmd))
	got := m.sig.res
	if got == nil || got.Seed != seed {
		t.Fatalf("comparison %+v; want seed 2^64", got)
	}
	opt := model.CompareOptions{Test: model.TestPairedBootstrap, N: 200, Seed: seed}
	want, err := model.Compare(context.Background(), m.c.scored, 0, nil, opt)
	if err != nil {
		t.Fatal(err)
	}
	opt.Seed = scoring.SeedOf(0)
	low, err := model.Compare(context.Background(), m.c.scored, 0, nil, opt)
	if err != nil {
		t.Fatal(err)
	}
	if g, w, l := got.Systems[1].Estimate, want.Systems[1].Estimate, low.Systems[1].Estimate; g != w || w == l {
		t.Errorf("estimate %+v; want seed 2^64's %+v, not seed 0's %+v", g, w, l)
	}
	if v := ansi.Strip(m.View()); !strings.Contains(v, "seed 18446744073709551616") {
		t.Errorf("the title does not give the seed:\n%s", v)
	}
}

// TestSigScreenLongSeed: a seed of 4,300 digits (the most a seed may
// have) is shown in the comparison's title shortened in the middle with
// its number of digits, "98888…88887 (4300 digits)", where it fits, and
// gives way where it does not; a seed of 40 digits is shown whole where it
// fits, shortened where only that fits; the title always fits the width,
// at 120, 70 and 60 columns, and the test runs with the whole seed. Before, a
// seed that did not fit whole was left out.
func TestSigScreenLongSeed(t *testing.T) {
	for _, tc := range []struct {
		digits, width int
		want          string // "" for no seed in the title
	}{
		{4300, 120, "seed 98888…88887 (4300 digits)"},
		{4300, 60, ""},
		{40, 120, "seed 9888888888888888888888888888888888888887 "},
		{40, 70, "seed 98888…88887 (40 digits)"},
		{40, 60, ""},
		{5, 60, "seed 98887 "},
	} {
		digits := "9" + strings.Repeat("8", tc.digits-2) + "7"
		seed, err := scoring.ParseSeed(digits)
		if err != nil {
			t.Fatal(err)
		}
		m := readyWith(t, demoDataset(t), tc.width, 30, WithResampling(seed, 50, 0))
		m, cmd := step1(t, m, keyMsg("B"))
		m, _ = step1(t, m, oneSig(t, cmd))
		if m.sig.res == nil || m.sig.res.Seed != seed {
			t.Fatalf("%d digits: the test ran with %+v; want the whole seed", tc.digits, m.sig.res)
		}
		v := ansi.Strip(m.View())
		checkFit(t, fmt.Sprintf("%d-digit seed", tc.digits), v, tc.width, 30)
		title := strings.Split(v, "\n")[0]
		switch {
		case tc.want != "" && !strings.Contains(title, tc.want):
			t.Errorf("%d digits at %d columns: title %q; want %q in it", tc.digits, tc.width, title, tc.want)
		case tc.want == "" && strings.Contains(title, "seed"):
			t.Errorf("%d digits at %d columns: title %q; want the seed left out", tc.digits, tc.width, title)
		}
		if !strings.Contains(title, "paired-bs") || !strings.Contains(title, "70 seg") {
			t.Errorf("%d digits at %d columns: title %q lacks the test or the rows", tc.digits, tc.width, title)
		}
	}
	// Shortened only when that is shorter: 23 digits stay whole.
	for digits, want := range map[string][]string{
		strings.Repeat("1", 23): {strings.Repeat("1", 23)},
		strings.Repeat("1", 24): {strings.Repeat("1", 24), "11111…11111 (24 digits)"},
	} {
		seed, err := scoring.ParseSeed(digits)
		if err != nil {
			t.Fatal(err)
		}
		if got := seedForms(seed); !slices.Equal(got, want) {
			t.Errorf("seedForms(%s) = %q; want %q", digits, got, want)
		}
	}
}

// TestSigScreenNoDifference: a system whose output is the baseline's
// keeps sacrebleu's p-value, 1/(N+1), but without the * (every resample
// or trial saw no difference, so the test says nothing), and a line under
// the table says why; a system that differs keeps its *. The same with
// approximate randomization.
func TestSigScreenNoDifference(t *testing.T) {
	ds, err := model.Load(model.Input{
		Systems: []string{fixtures.DemoFluent, "copy=" + fixtures.DemoFluent, fixtures.DemoStilted},
		Refs:    fixtures.DemoRefs,
		FS:      fixtures.Demo,
	})
	if err != nil {
		t.Fatal(err)
	}
	m := press(t, ready(t, ds, 120, 40), "p", "B")
	for _, test := range []struct {
		name string
		n    int
	}{{model.TestPairedBootstrap, 1000}, {model.TestPairedAR, 10000}} {
		if test.name == model.TestPairedAR {
			m = press(t, m, "T")
		}
		res := m.sig.res
		if res == nil || res.Test != test.name {
			t.Fatalf("%s: no comparison on the screen (err %v)", test.name, m.sig.err)
		}
		if same := res.Systems[1]; !same.NoDifference() || same.PValue != 1/float64(test.n+1) || same.Significant() {
			t.Fatalf("%s: the copy's comparison %+v; want no difference, p = 1/(N+1), not significant", test.name, same)
		}
		v := m.View()
		row := func(sys int) string {
			_, after, _ := strings.Cut(v, " "+ds.Systems[sys].Name+" ")
			r, _, _ := strings.Cut(after, "\n")
			return r
		}
		if r, p := row(1), fmt.Sprintf("%.4f", res.Systems[1].PValue); !strings.Contains(r, " "+p+" ") || strings.Contains(r, p+"*") {
			t.Errorf("%s: the copy's row %q; want p %s without *", test.name, r, p)
		}
		if r, p := row(2), formatP(res.Systems[2].PValue); !res.Systems[2].Significant() || !strings.Contains(r, " "+p+" ") {
			t.Errorf("%s: stilted's row %q; want its p %s with *", test.name, r, p)
		}
		if note := "no * for copy: the same score as the baseline on every segment, so the test says nothing"; !strings.Contains(v, note) {
			t.Errorf("%s: no note %q under the table:\n%s", test.name, note, v)
		}
	}
	narrow := press(t, ready(t, ds, 60, 16), "p", "B")
	if v, note := narrow.View(), "no * for copy: the test says nothing here"; !strings.Contains(v, note) {
		t.Errorf("60×16: no note %q under the table:\n%s", note, v)
	}
}

// TestSigScreenSaysItInWords: the selected system's result in words
// (better, worse, no significant difference) leads the second line; the
// title says the baseline was chosen by the rule, and at 60 columns it
// still shows the test, n and seed.
func TestSigScreenSaysItInWords(t *testing.T) {
	ds := demoDataset(t)
	m := press(t, ready(t, ds, 120, 40), "B")
	lines := strings.Split(m.View(), "\n")
	if !strings.HasPrefix(lines[1], "fluent is better than stilted (p 0.0010*)") {
		t.Errorf("selected fluent: second line %q", lines[1])
	}
	if !strings.Contains(lines[0], "stilted (auto)") {
		t.Errorf("title %q: want the baseline marked (auto)", lines[0])
	}
	m = press(t, m, "down", "down")
	if lines = strings.Split(m.View(), "\n"); !strings.HasPrefix(lines[1], "literal is worse than stilted (p 0.0010*)") {
		t.Errorf("selected literal: second line %q", lines[1])
	}
	m = press(t, m, "up")
	if lines = strings.Split(m.View(), "\n"); !strings.HasPrefix(lines[1], "* p ≤ 0.05") {
		t.Errorf("baseline selected: second line %q; want the legend alone", lines[1])
	}
	m = press(t, m, "p", "up")
	if lines = strings.Split(m.View(), "\n"); strings.Contains(lines[0], "(auto)") {
		t.Errorf("pinned baseline: title %q still says (auto)", lines[0])
	}
	// T starts the other test: until its result is in, the bootstrap's
	// result stays on screen, but no verdict is given under AR's name.
	m, _ = step1(t, m, keyMsg("T"))
	if lines = strings.Split(m.View(), "\n"); m.sig.res.Test == model.TestPairedAR || strings.Contains(lines[1], " than ") {
		t.Errorf("T, AR running: second line %q", lines[1])
	}
	// At 60 and 80 columns the title keeps the test and its n, never cut;
	// the default seed, which a rerun gets without asking, gives way
	// first (TestSigTitleCountApart), and at 100 columns it is there.
	for _, w := range []int{60, 80, 100} {
		narrow := press(t, ready(t, ds, w, 24), "B")
		title := strings.Split(narrow.View(), "\n")[0]
		if !strings.Contains(title, "paired-bs n=1,000") || w >= 100 && !strings.Contains(title, "n=1,000 seed 12345") {
			t.Errorf("%d columns: title %q cuts off n or seed", w, title)
		}
	}
}

// TestSigTitleKeepsDrawnSeed: a seed drawn for "none" (19 digits) stays
// in the title from 70 columns on the demo, where the n gives way to it: it is the one
// way to run the test again (a user saw neither at 80 columns).
func TestSigTitleKeepsDrawnSeed(t *testing.T) {
	const seed = 2302849682119186825
	for _, w := range []int{70, 80, 120} {
		m := press(t, readyWith(t, demoDataset(t), w, 24, WithResampling(scoring.SeedOf(seed), 0, 0)), "B")
		if title := strings.Split(ansi.Strip(m.View()), "\n")[0]; !strings.HasPrefix(title, "BLEU ") || !strings.Contains(title, "paired-bs") || !strings.Contains(title, " seed "+strconv.FormatUint(seed, 10)) {
			t.Errorf("%d columns: title %q; want the metric, the test and its seed", w, title)
		}
	}
}

// TestSigTitleKeepsName: at every width from 60 columns the significance
// screen's title keeps its name, which names the metric tested (BLEU as
// chrF; a user saw BLEU's comparison named by no metric), the baseline's, the test and the number
// of rows compared, saying the rest in fewer words rather than cutting
// it, and the line under it is not cut either (a user saw "vs
// JDExploreAcademy (auto) · paired-ar n=10000 seed 12345    all" at 80
// columns, and "…would be rare (under 5%) if the t…" at 120).
func TestSigTitleKeepsName(t *testing.T) {
	for _, ds := range []*model.Dataset{demoDataset(t), longNames(t)} {
		for _, keys := range [][]string{{"B"}, {"B", "T"}, {"B", "p"}, {"/", "t", "h", "e", "enter", "B"}, {"B", "M"}} {
			m := press(t, ready(t, ds, 60, 16), keys...)
			for w := 60; w <= 200; w++ {
				next, _ := m.Update(tea.WindowSizeMsg{Width: w, Height: 24})
				m = next.(Model)
				lines := strings.Split(ansi.Strip(m.View()), "\n")
				title := lines[0]
				count := strconv.Itoa(ds.Len())
				if m.list.filtered() {
					count = fmt.Sprintf("%d of %d", len(m.list.rows), ds.Len())
				}
				base := m.sig.columns(m.c).nameOf(m.c, m.list.view.Other)
				sig := m.c.metricTitle(m.sig.metric) + " significance vs " // BLEU's named as chrF's is
				named := strings.HasPrefix(title, sig+base+" ") || strings.HasPrefix(title, sig+"baseline "+base+" ")
				if !named || !strings.Contains(title, m.sig.test) ||
					!strings.Contains(title, count) || cutWord(title, ds) {
					t.Errorf("%v at %d columns: title %q; want the screen's name, %s, %s and %s, not cut", keys, w, title, base, m.sig.test, count)
				}
				if cutWord(lines[1], ds) {
					t.Errorf("%v at %d columns: the second line is cut: %q", keys, w, lines[1])
				}
			}
		}
	}
}

// TestSigTitleCountApart: at every width from 60 to 200 columns the
// title keeps at least two cells, or " · ", between its left part and the
// rows compared at its right end, and the default seed, which a rerun
// gets without asking, is the first thing to give way: a title with
// "seed 12345" says everything else too. A user saw "… paired-bs n=1000
// seed 12345 1875 segments" at 80 columns, "… n=10000 37 of 1875" at 60,
// one space apart, the seed and the count read as one figure.
func TestSigTitleCountApart(t *testing.T) {
	for _, ds := range []*model.Dataset{demoDataset(t), longNames(t)} {
		sigTitleCountApart(t, ds)
	}
}

// sigTitleCountApart checks TestSigTitleCountApart's titles on ds.
func sigTitleCountApart(t *testing.T, ds *model.Dataset) {
	n := ds.Len()
	for _, keys := range [][]string{{"B"}, {"B", "T"}, {"B", "p"}, {"/", "t", "h", "e", "enter", "B"}, {"/", "t", "h", "e", "enter", "B", "T"}} {
		m := press(t, ready(t, ds, 60, 16), keys...)
		if m.sig.res == nil {
			t.Fatalf("%v: no comparison (err %v)", keys, m.sig.err)
		}
		for w := 60; w <= 200; w++ {
			next, _ := m.Update(tea.WindowSizeMsg{Width: w, Height: 24})
			m = next.(Model)
			title := strings.Split(ansi.Strip(m.View()), "\n")[0]
			right := -1
			for _, count := range []string{fmt.Sprintf("%d of %d", len(m.list.rows), n), fmt.Sprintf("all %d ", n), fmt.Sprintf("%d seg", n)} {
				if i := strings.LastIndex(title, count); i >= 0 && (right < 0 || i < right) && (m.list.filtered() == strings.Contains(count, " of ")) {
					right = i
				}
			}
			if right < 0 {
				t.Fatalf("%v at %d columns: title %q; want the rows compared", keys, w, title)
			}
			if left := title[:right]; !strings.HasSuffix(left, "  ") && !strings.HasSuffix(left, " · ") {
				t.Errorf("%v at %d columns: title %q; want two cells before %q", keys, w, title, title[right:])
			}
			if strings.Contains(title, " seed 12345") && (!strings.Contains(title, " n=") || !strings.Contains(title, " vs baseline ") ||
				!m.list.pinned && !strings.Contains(title, "(auto)")) {
				t.Errorf("%v at %d columns: title %q keeps the default seed, having left out another part", keys, w, title)
			}
		}
	}
}

// TestSigTitleWholeBesideFilter: with a filter set, the title keeps its
// whole left part (the word "baseline", the test's n and seed) wherever it
// fits beside the count of rows ("237 of 1984 match"), the filter's label
// giving way first; and without the default seed wherever that fits. A
// user saw "BLEU significance vs LT22 (auto) · paired-bs n=1000   237 of
// 1984 match “len>30”" at 85 columns, where "… vs baseline LT22 (auto) ·
// paired-bs n=1000   237 of 1984 match" fits.
func TestSigTitleWholeBesideFilter(t *testing.T) {
	for _, ds := range []*model.Dataset{demoDataset(t), longNames(t)} {
		for _, q := range []string{"the", "len>5"} {
			m := press(t, filterBy(t, ready(t, ds, 60, 16), q), "B")
			if m.sig.res == nil {
				t.Fatalf("%q: no comparison (err %v)", q, m.sig.err)
			}
			count := fmt.Sprintf("%d of %d match", len(m.list.rows), ds.Len())
			for w := 60; w <= 200; w++ {
				next, _ := m.Update(tea.WindowSizeMsg{Width: w, Height: 24})
				m = next.(Model)
				base := m.sig.columns(m.c).nameOf(m.c, m.list.view.Other) // shortened at this width
				noSeed := "BLEU significance vs baseline " + base + " (auto) · paired-bs n=" + model.Thousands(m.sig.res.N)
				whole := noSeed + " seed " + m.sig.res.Seed.String()
				title := strings.Split(ansi.Strip(m.View()), "\n")[0]
				for _, left := range []string{whole, noSeed} {
					if render.Fits(left+sigTitleGap+count, w) {
						if !strings.HasPrefix(title, left+" ") {
							t.Errorf("%q at %d columns: title %q; want it to begin %q, which fits beside %q", q, w, title, left, count)
						}
						break
					}
				}
			}
		}
	}
}

// TestSigScreenCIAligned: the μ ± CI column puts every ± in line when the
// CIs differ in width (13.40 above 6.40 put a row one column off).
func TestSigScreenCIAligned(t *testing.T) {
	m := press(t, ready(t, demoDataset(t), 120, 40), "p", "B")
	res := m.sig.res
	if res == nil || len(res.Systems) != 3 {
		t.Fatalf("no comparison of three systems on the screen (err %v)", m.sig.err)
	}
	for i, ci := range []float64{13.40, 6.40, 9.76} {
		res.Systems[i].CI = ci
	}
	lines := strings.Split(ansi.Strip(m.View()), "\n")
	head := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, "μ ± CI") })
	if head < 0 {
		t.Fatalf("no μ ± CI column:\n%s", strings.Join(lines, "\n"))
	}
	want := -1
	for _, l := range lines[head+1 : head+4] {
		at := runeCol(l, " ± ")
		if want < 0 {
			want = at
		}
		if at < 0 || at != want {
			t.Errorf("row %q: ± at column %d; want %d, as in the first row", l, at, want)
		}
	}
}

// TestSigScreenNothingCut: no line of the significance screen has a word
// cut at its edge, at any width from 60 columns: the histogram's caption,
// the baseline's note and approximate randomization's column head say it
// in fewer words (the caption read "…counts |Δ| − mean > 8.…" at 100
// columns and "Δ +8.9…" at 60).
func TestSigScreenNothingCut(t *testing.T) {
	for _, ds := range []*model.Dataset{demoDataset(t), longNames(t)} {
		for _, keys := range [][]string{{"B"}, {"B", "down"}, {"B", "down", "down"}, {"B", "T"}, {"B", "T", "down"}, {"B", "T", "down", "down"}} {
			m := press(t, ready(t, ds, 60, 16), keys...)
			for w := 60; w <= 200; w++ {
				next, _ := m.Update(tea.WindowSizeMsg{Width: w, Height: 30})
				m = next.(Model)
				v := ansi.Strip(m.View())
				if m.screen != screenSig || m.sig.res == nil || !strings.Contains(v, "\n  system ") {
					t.Fatalf("%v at %d columns: not the comparison the keys opened (screen %d):\n%s", keys, w, m.screen, v)
				}
				for i, l := range strings.Split(v, "\n") {
					if cutWord(l, ds) {
						t.Errorf("%v at %d columns: line %d is cut: %q", keys, w, i+1, l)
					}
				}
			}
		}
	}
}

// TestSigScreenWarningsWhole: the significance screen's warnings and
// status (no segment matches, the filter picks by score or waits for
// scores, nltk compat, no difference to test, the verdict, the previous
// comparison shown while the next runs) say it in fewer words rather than
// being cut at the screen's edge, at 60 to 130 columns (they were cut
// "…nothing to compare (/ change…" at 60, "no * for copy-…ission,
// copy2…ission: the test says nothing …" up to 121).
func TestSigScreenWarningsWhole(t *testing.T) {
	copies := fluentCopies(t, "Online-W-submission-2022", "copy-of-Online-W-submission", "copy2-of-Online-W-submission")
	demo := demoDataset(t)
	for w := 60; w <= 130; w += 5 {
		for _, c := range []struct {
			name string
			m    func() Model
			says string // what the screen must say, whole or in fewer words
		}{
			{"no match", func() Model { return press(t, filterBy(t, ready(t, demo, w, 16), "zzzq"), "B") }, "no segment matches the filter"},
			{"score filter", func() Model { return press(t, filterBy(t, ready(t, demo, w, 16), "bleu<50"), "B") }, "this filter picks segments by score"},
			{"length filter", func() Model { return press(t, filterBy(t, ready(t, demo, w, 16), "len>5"), "B") }, "filter reads "},
			{"waiting", func() Model {
				m, _ := step1(t, typeText(t, press(t, ready(t, demo, w, 16), "/"), "chrf<80 ter>10"), keyMsg("enter"))
				m, _ = step1(t, m, keyMsg("B"))
				return m
			}, "the filter waits for the chrF"},
			{"nltk", func() Model { return press(t, ready(t, demo, w, 16), "c", "B") }, "sacrebleu"},
			{"no difference", func() Model { return press(t, ready(t, copies, w, 16), "p", "B") }, "no * for"},
			{"no difference, AR", func() Model { return press(t, ready(t, copies, w, 16), "p", "B", "T") }, "no * for"},
			{"verdict", func() Model { return press(t, ready(t, copies, w, 16), "p", "B", "down") }, "says nothing"},
			{"running", func() Model {
				m, _ := step1(t, press(t, ready(t, copies, w, 16), "B"), keyMsg("T"))
				return m
			}, "esc cancels"},
		} {
			lines := strings.Split(ansi.Strip(c.m().View()), "\n")
			if v := strings.Join(lines, "\n"); !strings.Contains(v, c.says) {
				t.Errorf("%s at %d columns: the screen does not say %q:\n%s", c.name, w, c.says, v)
			}
			for i, l := range lines[:len(lines)-1] { // the footer's keys end in "…" when some are left out
				if strings.HasSuffix(strings.TrimRight(l, " "), "…") {
					t.Errorf("%s at %d columns: line %d is cut: %q", c.name, w, i+1, l)
				}
			}
		}
	}
}

// TestSigScreenWideNamesWhole: with emoji and Devanagari in the systems'
// names, which terminals draw in different widths, the verdict with its
// reading and the no-difference note say it in fewer words rather than
// being cut by a cell at the edge (a form as wide as the screen by the
// widest count was taken, and the terminals drawing it narrower lost its
// end: "…unlikely to be chan…", "…so the test says nothi…").
func TestSigScreenWideNamesWhole(t *testing.T) {
	ds := fluentCopies(t, "Online-👍🏽-2022", "copy-of-👍🏽", "copy2-of-नमस्ते")
	for w := 100; w <= 175; w++ {
		for _, keys := range [][]string{{"p", "B"}, {"p", "B", "down"}} {
			lines := strings.Split(ansi.Strip(press(t, ready(t, ds, w, 16), keys...).View()), "\n")
			for i, l := range lines[:len(lines)-1] { // the footer's keys end in "…" when some are left out
				if strings.HasSuffix(strings.TrimRight(l, " "), "…") {
					t.Errorf("%v at %d columns: line %d is cut: %q", keys, w, i+1, l)
				}
			}
		}
	}
}

// fluentCopies loads the demo's fluent system under each of names, then
// its stilted one: the copies score alike on every segment, so the test
// says nothing of them.
func fluentCopies(t *testing.T, names ...string) *model.Dataset {
	t.Helper()
	var systems []string
	for _, n := range names {
		systems = append(systems, n+"="+fixtures.DemoFluent)
	}
	ds, err := model.Load(model.Input{Systems: append(systems, fixtures.DemoStilted), Refs: fixtures.DemoRefs, FS: fixtures.Demo})
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

// TestSigFromAnalysis: B on the analysis screen opens the comparison, where
// one asks whether the wins table's gap is significant, and esc comes back
// to the analysis screen as it was; i still goes to the list, sorted by
// the impact (a user pressed B on the wins table and nothing happened).
func TestSigFromAnalysis(t *testing.T) {
	m := press(t, openAnalysisScreen(t, ready(t, demoDataset(t), 100, 30)), "left")
	table := m.ana.table
	if m = press(t, m, "B"); m.screen != screenSig {
		t.Fatalf("B on the analysis screen: screen %v; want the comparison", m.screen)
	}
	if m = press(t, m, "esc"); m.screen != screenAnalysis || m.ana.table != table {
		t.Errorf("esc from the comparison: screen %v, table %v; want the analysis screen, table %v", m.screen, m.ana.table, table)
	}
	if m = press(t, m, "B", "i"); m.screen != screenMain {
		t.Errorf("i on the comparison opened from the analysis screen: screen %v; want the list", m.screen)
	}
}

// TestSigCaptionSaysWhatMarksMean: the histogram's caption says what its
// numbers are, at every width from 60 columns: after T, △'s number is the
// observed Δ's mirror, which the two-sided test counts too (it read "Δ
// +8.98 ▲ (△ -8.98)"); in bootstrap mode p counts the resamples whose |Δ|
// is over the mean |Δ| plus the observed |Δ| (it read "p 0.0010 counts
// |Δ| − mean > 8.98"), said at every width, and the share it gives beside
// p, where it fits, is of the resamples with Δ ≤ 0 (it read "1000/1000
// resamples ≤ 0"); without what p counts, "0/1000 resamples with Δ ≤ 0 · p
// 0.0030" read as a contradiction at 100 columns. The numbers are those of
// the comparison.
func TestSigCaptionSaysWhatMarksMean(t *testing.T) {
	for _, keys := range [][]string{{"B"}, {"B", "T"}} {
		m := press(t, ready(t, demoDataset(t), 60, 16), keys...)
		res := m.sig.res
		if res == nil || m.sig.cursor == res.Baseline {
			t.Fatalf("%v: no comparison of a system to the baseline (err %v)", keys, m.sig.err)
		}
		sc := res.Systems[m.sig.cursor]
		obs := sc.Score - res.Systems[res.Baseline].Score
		shared := 0
		for w := 60; w <= 200; w++ {
			var caption string
			m, caption = sigCaptionAt(t, m, w, keys)
			if !strings.Contains(caption, "Δ "+m.c.delta(obs)) {
				t.Errorf("%v at %d columns: caption %q lacks Δ %s", keys, w, caption, m.c.delta(obs))
			}
			if m.sig.test == model.TestPairedAR {
				if !strings.Contains(caption, "mirror "+m.c.delta(-obs)) {
					t.Errorf("%v at %d columns: caption %q does not say △ marks the mirror, %s", keys, w, caption, m.c.delta(-obs))
				}
				continue
			}
			share := "/" + model.Thousands(len(sc.Deltas)) + " "
			if strings.Contains(caption, " of "+model.Thousands(len(sc.Deltas))+" ") || strings.Contains(caption, share) {
				shared++
				if !strings.Contains(caption, "with Δ ≤ 0") {
					t.Errorf("%v at %d columns: caption %q does not say its count is of the resamples with Δ ≤ 0", keys, w, caption)
				}
			}
			p := fmt.Sprintf("p %.4f", sc.PValue)
			if !strings.Contains(caption, p) {
				t.Errorf("%v at %d columns: caption %q lacks %s", keys, w, caption, p)
			}
			if !strings.Contains(caption, "mean |Δ|") || !strings.Contains(caption, m.c.score(math.Abs(obs))) {
				t.Errorf("%v at %d columns: caption %q does not say p counts |Δ| over the mean |Δ| plus %s", keys, w, caption, m.c.score(math.Abs(obs)))
			}
		}
		if m.sig.test != model.TestPairedAR && shared == 0 {
			t.Errorf("%v: no width up to 200 columns gives the share of resamples with Δ ≤ 0", keys)
		}
	}
}

// TestSigCaptionOneResample: with one resample the caption's share
// counts it in the singular, "0 of 1 resample" or "0/1 resample", at
// every width that gives the share (it read "0 of 1 resamples").
func TestSigCaptionOneResample(t *testing.T) {
	m := press(t, readyWith(t, demoDataset(t), 60, 16, WithResampling(scoring.DefaultSeed(), 1, 0)), "B")
	if m.sig.res == nil || m.sig.cursor == m.sig.res.Baseline || len(m.sig.res.Systems[m.sig.cursor].Deltas) != 1 {
		t.Fatalf("no comparison of a system to the baseline of one resample (err %v)", m.sig.err)
	}
	shared := 0
	for w := 60; w <= 200; w++ {
		var caption string
		m, caption = sigCaptionAt(t, m, w, []string{"B"})
		if strings.Contains(caption, " 1 resamples") || strings.Contains(caption, "/1 resamples") {
			t.Errorf("at %d columns: caption %q counts one resample in the plural", w, caption)
		}
		if strings.Contains(caption, " 1 resample with") || strings.Contains(caption, "/1 resample with") {
			shared++
		}
	}
	if shared == 0 {
		t.Error("no width up to 200 columns gives the share of the one resample")
	}
}

// sigCaptionAt resizes m to w columns and returns it with the
// histogram's caption (the line with ▲ and Δ), failing the test (keys the
// ones pressed) when it has none.
func sigCaptionAt(t *testing.T, m Model, w int, keys []string) (Model, string) {
	t.Helper()
	next, _ := m.Update(tea.WindowSizeMsg{Width: w, Height: 30})
	m = next.(Model)
	lines := strings.Split(ansi.Strip(m.View()), "\n")
	at := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, "▲") && strings.Contains(l, "Δ") })
	if at < 0 {
		t.Fatalf("%v at %d columns: no caption:\n%s", keys, w, strings.Join(lines, "\n"))
	}
	return m, lines[at]
}

// TestSigCaptionSaysWhatItCounts: the histogram's caption says in words
// what p counts wherever a form that does fits (at 120 columns it read
// "counts |Δ| > mean |Δ| + 8.98"; on the demo that form fits from 122
// columns, its counts written in groups of three, "0/1,000", "(k+1)/1,001"),
// and, where room allows, what the count
// atop the bars' axis is: resamples per bin, or trials with approximate
// randomization (after what the dashed line at 0 marks, "╎ Δ = 0": with
// the fullest caption both need 203 columns).
func TestSigCaptionSaysWhatItCounts(t *testing.T) {
	ds := demoDataset(t)
	caption := func(m Model) string {
		for _, l := range strings.Split(ansi.Strip(m.View()), "\n") {
			if strings.Contains(l, "Δ ≤ 0") || strings.Contains(l, "mirror") {
				return l
			}
		}
		t.Fatalf("no caption:\n%s", ansi.Strip(m.View()))
		return ""
	}
	for _, w := range []int{122, 160} {
		if c := caption(press(t, ready(t, ds, w, 40), "B")); !strings.Contains(c, "whose |Δ| exceeds") {
			t.Errorf("at %d columns the caption does not say what p counts in words: %q", w, c)
		}
	}
	for _, c := range []struct {
		keys []string
		unit string
	}{{[]string{"B"}, "bars: resamples per bin"}, {[]string{"B", "T"}, "bars: trials per bin"}} {
		m := press(t, ready(t, ds, 210, 40), c.keys...)
		if got := caption(m); !strings.Contains(got, c.unit) {
			t.Errorf("%v at 210 columns: the caption does not say %q: %q", c.keys, c.unit, got)
		}
	}
}

// TestSigCaptionOneWording: at every width from 60 to 200 columns the
// bootstrap's caption says what p is, "p 0.0010 = (k+1)/1001, k with |Δ|
// > mean |Δ| + …" (sacrebleu's (1 + k) / (N + 1)), longer or shorter as
// room allows, or "p 0.0010 ≈ share with …" where that does not fit, on
// all segments and on a filter's rows; it read "p 0.0010 = share …" beside
// "0/1000 with Δ ≤ 0", which p 0.0010 is not.
func TestSigCaptionOneWording(t *testing.T) {
	for _, keys := range [][]string{{"B"}, {"/", "t", "h", "e", "enter", "B"}} {
		m := press(t, ready(t, demoDataset(t), 60, 16), keys...)
		res := m.sig.res
		if res == nil || m.sig.cursor == res.Baseline {
			t.Fatalf("%v: no comparison of a system to the baseline (err %v)", keys, m.sig.err)
		}
		p := res.Systems[m.sig.cursor].PValue
		exact, approx := fmt.Sprintf("p %.4f = (", p), fmt.Sprintf("p %.4f ≈ share ", p)
		for w := 60; w <= 200; w++ {
			var caption string
			if m, caption = sigCaptionAt(t, m, w, keys); !strings.Contains(caption, exact) && !strings.Contains(caption, approx) {
				t.Errorf("%v at %d columns: caption %q; want %q or, short of room, %q", keys, w, caption, exact, approx)
			}
		}
	}
}

// TestSigScreenSaysMoreSystems: when the screen is too short for every
// system's row, the line under the table says which rows are shown, and it
// follows the cursor; with every row in view it says nothing (a user with
// nine systems at 60×16 saw five rows and nothing saying there were more).
func TestSigScreenSaysMoreSystems(t *testing.T) {
	ds := manySystems(t)
	for _, w := range []int{60, 80, 120} {
		m := press(t, ready(t, ds, w, 16), "B")
		if v := ansi.Strip(m.View()); !strings.Contains(v, "1–5 of 6") {
			t.Errorf("at %d×16: no \"1–5 of 6\" under the table:\n%s", w, v)
		}
		m = press(t, m, "G")
		if v := ansi.Strip(m.View()); !strings.Contains(v, "2–6 of 6") {
			t.Errorf("at %d×16 after G: no \"2–6 of 6\" under the table:\n%s", w, v)
		}
		if v := ansi.Strip(press(t, ready(t, ds, w, 40), "B").View()); strings.Contains(v, " of 6") {
			t.Errorf("at %d×40, every system in view, it still counts them:\n%s", w, v)
		}
	}
}

// TestSigScreenPages: pgup and pgdn (b, f and space too) move the
// selection a page of the systems' table, the rows in view, stopping at
// its ends as the list's pages do, and the table follows; they did nothing
// and said nothing. With nine systems at 60×16 the table shows five.
func TestSigScreenPages(t *testing.T) {
	m := press(t, ready(t, demoSystems(t, 9), 60, 16), "B")
	if m.sig.cursor != 0 || !strings.Contains(ansi.Strip(m.View()), "1–5 of 9") {
		t.Fatalf("the test's premise: the first system selected (%d), rows 1–5 of 9 in view:\n%s", m.sig.cursor, ansi.Strip(m.View()))
	}
	for _, step := range []struct {
		key, rows string
		cursor    int
	}{
		{"pgdown", "2–6 of 9", 5},
		{"pgdown", "5–9 of 9", 8},
		{"pgdown", "5–9 of 9", 8}, // at the end
		{"pgup", "1–5 of 9", 3},
		{"pgup", "1–5 of 9", 0},
		{"f", "2–6 of 9", 5},
		{"b", "1–5 of 9", 0},
		{" ", "2–6 of 9", 5},
	} {
		m = press(t, m, step.key)
		if v := ansi.Strip(m.View()); m.sig.cursor != step.cursor || !strings.Contains(v, step.rows) {
			t.Errorf("%q: system %d selected; want %d, rows %s in view:\n%s", step.key, m.sig.cursor, step.cursor, step.rows, v)
		}
	}
	// With every system in view, a page goes to the last or the first.
	m = press(t, ready(t, demoDataset(t), 100, 30), "B")
	if m = press(t, m, "pgdown"); m.sig.cursor != 2 {
		t.Errorf("three systems, pgdn: system %d selected; want the last", m.sig.cursor)
	}
	if m = press(t, m, "pgup"); m.sig.cursor != 0 {
		t.Errorf("three systems, pgup: system %d selected; want the first", m.sig.cursor)
	}
}

// TestSigScreenWholeNamesWhenWide: at 200 columns a system's name of 22
// cells stands whole in the table, the axis keeping room; at 100 columns
// the column is cut to 18 cells as before (a user with nine long names saw
// "transformer-big-b…" beside 130 cells of axis).
func TestSigScreenWholeNamesWhenWide(t *testing.T) {
	ds := fluentCopies(t, "transformer-big-bt-ft22", "transformer-big-bt-ft23")
	row := func(w int) string {
		for _, l := range strings.Split(ansi.Strip(press(t, ready(t, ds, w, 30), "p", "B").View()), "\n") {
			if strings.Contains(l, "-ft23 ") && strings.Contains(l, "76.61") {
				return l
			}
		}
		t.Fatalf("at %d columns no row of the transformer systems", w)
		return ""
	}
	if l := row(200); !strings.Contains(l, "transformer-big-bt-ft23") || strings.Contains(l, "…") {
		t.Errorf("at 200 columns the name is cut: %q", l)
	}
	if l := row(100); !strings.Contains(l, "…") {
		t.Errorf("at 100 columns the name is not cut to the column: %q", l)
	}
}

// TestSigFooterWholeFrom60: the comparison screen's footer shows every
// key of the screen from 60 columns on, for each metric, in fewer words
// rather than leaving any out but q (which quits from every screen, and
// shows from 67 columns); at 60 it left out i, / and q ("esc back · ↑↓
// system · p pin base · T bs/ar · M metric …"), and i up to 93 columns.
func TestSigFooterWholeFrom60(t *testing.T) {
	ds := demoDataset(t)
	for w := 60; w <= 130; w++ {
		m := press(t, ready(t, ds, w, 16), "B", "j")
		for _, metric := range []string{"BLEU", "chrF", "TER"} {
			lines := strings.Split(ansi.Strip(m.View()), "\n")
			foot := lines[len(lines)-1]
			for _, hint := range []string{"esc", "↑↓", "p pin", "T ", "M metric", "i costly", "/ filter"} {
				if !strings.Contains(foot, hint) {
					t.Errorf("%s at %d columns: footer %q lacks %q", metric, w, foot, hint)
				}
			}
			if w >= 67 && !strings.Contains(foot, "q quit") {
				t.Errorf("%s at %d columns: footer %q lacks q", metric, w, foot)
			}
			if render.Cells(foot) > w {
				t.Errorf("%s at %d columns: footer %q is wider", metric, w, foot)
			}
			m = press(t, m, "M", "j")
		}
	}
}

// TestSigScreenOneSegment: a comparison of one segment (here a filter of
// one) has nothing to go on: the verdict says so and gives no *, where it
// said "better (p 0.0010*)", every bootstrap resample being that segment.
func TestSigScreenOneSegment(t *testing.T) {
	m := press(t, filterBy(t, ready(t, demoDataset(t), 120, 30), "2030"), "B")
	if len(m.list.rows) != 1 {
		t.Fatalf("the test's premise: the filter keeps one segment, not %d", len(m.list.rows))
	}
	m = press(t, m, "up")
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "the test has nothing to go on here (p 0.0010, its smallest)") || strings.Contains(v, "0.0010*") {
		t.Errorf("one segment's comparison:\n%s", v)
	}
}
