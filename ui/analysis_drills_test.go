package ui

import (
	"slices"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// TestAnalysisWhereNLTKRaises: under NLTK's method6, which raises on b's
// one-token second line, the wins table lists that segment as "no score",
// not as a tie, and the buckets by sentence score put it in a bucket of
// its own; enter on either lists it, and the header says what it is, the
// reason NLTK gives for raising on its BLEU giving way to that.
func TestAnalysisWhereNLTKRaises(t *testing.T) {
	ds := loadTexts(t, map[string]string{
		"ref.txt": "the cat sat on the mat\nthe cat sat on the mat\na dog ran in the park\n",
		"a.txt":   "the cat sat on a mat\nthe cat sat on a mat\na dog ran in a park\n",
		"b.txt":   "the cat sat on a mat\nthe\na dog ran in the park\n",
	}, []string{"a.txt", "b.txt"}, []string{"ref.txt"})
	set := model.DefaultSettings().WithOption(func(o *scoring.Options) {
		o.Compat = scoring.CompatNLTK
		o.NLTK.Smoothing.Method = 6
	})
	m := New(ds, set)
	next, _ := m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	m = drive(t, next.(Model), next.(Model).Init())
	m = press(t, openAnalysisScreen(t, press(t, m, "tab")), "right", "right")
	view := ansi.Strip(m.View())
	for _, want := range []string{"wins 1 33.3%", "ties 1 33.3%", "losses 0 0.0%", "no score 1 33.3%"} {
		if !strings.Contains(strings.Join(strings.Fields(view), " "), strings.Join(strings.Fields(want), " ")) {
			t.Errorf("the wins table of b against a lacks %q:\n%s", want, view)
		}
	}
	m = press(t, m, "G", "enter")
	if v := ansi.Strip(m.View()); !strings.Contains(v, "b or a has no sentence score") || !strings.Contains(v, "1 of 3") {
		t.Errorf("enter on the no-score row:\n%s", v)
	}
	m = press(t, m, "esc", "left", "m", "m", "G", "enter")
	if v := ansi.Strip(m.View()); !strings.Contains(v, "segments with no sentence score") || !strings.Contains(v, "1 of 3") {
		t.Errorf("enter on the no-score bucket:\n%s", v)
	}
	checkFit(t, "nltk method6 buckets", m.View(), 100, 30)
}

// threeSystems is three systems, a, b and c, of three segments, each
// with wins, ties or losses against the others.
func threeSystems(t *testing.T) *model.Dataset {
	return loadTexts(t, map[string]string{
		"ref.txt": "the cat sat on the mat\na dog ran in the park\nit rains\n",
		"a.txt":   "the cat sat on the mat\na dog ran in a park\nit rains\n",
		"b.txt":   "a cat sat on a mat\na dog ran in the park\nit is raining\n",
		"c.txt":   "the cat sat on a mat\na dog ran\nit rains\n",
	}, []string{"a.txt", "b.txt", "c.txt"}, []string{"ref.txt"})
}

// TestWinsDrillShowsTheRowsSystem: enter on another system's wins row
// lists that system's segments against the baseline, as tab would show
// them (it listed the shown system's, under the other's label), the
// header not calling that baseline c's by the rule, "(auto)", which it is
// not (c's is a); esc gives back the system shown and the row the cursor
// was on.
func TestWinsDrillShowsTheRowsSystem(t *testing.T) {
	ds := threeSystems(t)
	m := ready(t, ds, 100, 30)
	m = press(t, openAnalysisScreen(t, m), "right", "right") // a shown, against b
	x := m.anaCtx()
	items := m.ana.winItems(x)
	at := slices.IndexFunc(items, func(it anaWinItem) bool { return it.system == 2 && len(it.rows) > 0 })
	if x.sys != 0 || x.other != 1 || at < 0 {
		t.Fatalf("the test's premise: a shown against b (%d, %d), c has a row with segments (%d)", x.sys, x.other, at)
	}
	for range at {
		m = press(t, m, "down")
	}
	m = press(t, m, "enter")
	if m.screen != screenMain || m.list.view.System != 2 || m.list.view.Other != 1 {
		t.Fatalf("enter on c's %s: screen %v, system %d against %d; want c against b", anaOutcomes[items[at].outcome].name, m.screen, m.list.view.System, m.list.view.Other)
	}
	want, err := m.c.scored.Subset(ds, 2, items[at].rows)
	if err != nil {
		t.Fatal(err)
	}
	if v := ansi.Strip(m.View()); !strings.Contains(v, "BLEU "+m.c.score(want.Score)) || strings.Contains(v, "(auto)") {
		t.Errorf("the header does not give c's BLEU on those segments, %s, or calls b its baseline by the rule (auto), which a is:\n%s", m.c.score(want.Score), v)
	}
	m = press(t, m, "esc")
	if m.screen != screenAnalysis || m.list.view.System != 0 || m.list.view.Other != 1 || m.ana.cursor[m.ana.table] != at {
		t.Errorf("esc: screen %v, system %d against %d, cursor %d; want the wins table as left, a against b, on row %d", m.screen, m.list.view.System, m.list.view.Other, m.ana.cursor[m.ana.table], at)
	}
}

// TestWinsDrillLeftKeepsChoices: leaving a wins row's drill-down of
// another system gives back the systems before it however it is left (by
// : too, which left the list on that system against a baseline neither
// pinned nor the rule's), but not over a baseline pinned in it, which esc
// undid, leaving one pinned that the person never chose.
func TestWinsDrillLeftKeepsChoices(t *testing.T) {
	ds := threeSystems(t)
	drillC := func() Model {
		m := press(t, openAnalysisScreen(t, ready(t, ds, 100, 30)), "right", "right") // a shown, against b
		at := slices.IndexFunc(m.ana.winItems(m.anaCtx()), func(it anaWinItem) bool { return it.system == 2 && len(it.rows) > 0 })
		for range at {
			m = press(t, m, "down")
		}
		m = press(t, m, "enter")
		if m.list.view.System != 2 || m.list.view.Other != 1 {
			t.Fatalf("the test's premise: the drill-down shows c against b, not %d against %d", m.list.view.System, m.list.view.Other)
		}
		return m
	}
	m := press(t, drillC(), "w", "esc")
	if m.list.view.System != 2 || m.list.view.Other != 0 || !m.list.pinned {
		t.Errorf("w in the drill-down, then esc: %d against %d (pinned %v); want c against a, pinned as w chose", m.list.view.System, m.list.view.Other, m.list.pinned)
	}
	m = press(t, typeText(t, press(t, drillC(), ":"), "2"), "enter")
	if m.list.only != nil || m.list.view.System != 0 || m.list.view.Other != 1 || m.list.pinned {
		t.Errorf(":2 in the drill-down: left %v, %d against %d (pinned %v); want the drill-down left, a against b as before it", m.list.only == nil, m.list.view.System, m.list.view.Other, m.list.pinned)
	}
}
