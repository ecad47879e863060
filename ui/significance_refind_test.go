package ui

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// sigOn fails unless m shows the comparison of exactly the segments rows
// against the baseline under m's scores: the one model.Compare makes of
// those lines (in line order, as the comparison resamples them), its
// title counting them.
func sigOn(t *testing.T, m Model, what string, rows []int) {
	t.Helper()
	if m.screen != screenSig || m.list.refinding || m.sig.res == nil || m.jobs.running(jobSig) {
		t.Fatalf("%s: screen %v, finding the segments %v, comparison in %v, running %v; want the comparison done",
			what, m.screen, m.list.refinding, m.sig.res != nil, m.jobs.running(jobSig))
	}
	lines := slices.Sorted(slices.Values(rows))
	want, err := model.Compare(context.Background(), m.c.scored, m.list.view.Other, lines,
		model.CompareOptions{Test: m.sig.test, Seed: scoring.DefaultSeed()})
	if err != nil {
		t.Fatal(err)
	}
	got := m.sig.res
	if got.Segments != len(rows) || len(got.Systems) != len(want.Systems) {
		t.Fatalf("%s: compared %d segments of %d systems; want the %d found again, of %d", what, got.Segments, len(got.Systems), len(rows), len(want.Systems))
	}
	for i, w := range want.Systems {
		g := got.Systems[i]
		if g.Score != w.Score || g.PValue != w.PValue || g.Mean != w.Mean || g.Wins != w.Wins || g.Ties != w.Ties || g.Losses != w.Losses {
			t.Errorf("%s: system %d: score %v p %v μ %v w/t/l %d/%d/%d; want %v p %v μ %v %d/%d/%d on the segments found again",
				what, i, g.Score, g.PValue, g.Mean, g.Wins, g.Ties, g.Losses, w.Score, w.PValue, w.Mean, w.Wins, w.Ties, w.Losses)
		}
	}
	count := model.Thousands(len(rows)) + " of " + model.Thousands(m.c.ds.Len())
	if v := ansi.Strip(m.View()); !strings.Contains(strings.SplitN(v, "\n", 2)[0], count) {
		t.Errorf("%s: the title does not count %q:\n%s", what, count, v)
	}
}

// TestComparisonFollowsDrill: an option key on the comparison opened in
// an n-gram's drill-down has it compare the segments of that n-gram
// found again under the new settings (as counted afresh from the text):
// the p-values, scores and wins are those of the comparison of those
// lines, and of one opened fresh on the drill-down found again; the
// status says how many segments it has now against before where it has
// room beside the key's. Before, it
// compared the segments found under the old settings (17 for the
// demo's missed "the" after l, which makes it 10) until esc.
func TestComparisonFollowsDrill(t *testing.T) {
	for _, size := range [][2]int{{100, 30}, {60, 16}} {
		comparisonFollowsDrill(t, size[0], size[1])
	}
}

// comparisonFollowsDrill is TestComparisonFollowsDrill at w×h.
func comparisonFollowsDrill(t *testing.T, w, h int) {
	m := press(t, openAnalysisScreen(t, ready(t, demoDataset(t), w, h)), "enter", "B")
	sys, gram := m.list.view.System, m.ana.drilled.ngram
	if m.screen != screenSig || m.ana.mode != anaMissed || gram != "the" {
		t.Fatalf("the test's premise: B on the drill-down of the missed \"the\", not %v %q (screen %v)", m.ana.mode, gram, m.screen)
	}
	for _, k := range []string{"t", "l"} {
		before := len(m.list.only)
		m = press(t, m, k)
		what := fmt.Sprintf("%s on the comparison at %d columns (tok %s, lowercase %v)", k, w, m.c.set.Corpus.Tokenize, m.c.set.Corpus.Lowercase)
		if f := lastLine(m.View()); !strings.HasPrefix(strings.TrimSpace(f), m.statusText()) {
			t.Errorf("%s: the footer %q does not show the status %q whole", what, f, m.statusText())
		}
		want := segmentsWithKind(t, m, sys, scoring.Missed, gram)
		if k == "l" && len(want) == before {
			t.Fatalf("the test's premise: l changes the segments of the missed \"the\" (%d, as before)", before)
		}
		sigOn(t, m, what, want)
		if len(want) != before && w >= 100 { // narrower, the option key's status stays, the title counting them
			if count := fmt.Sprintf("%s segments (%s before)", model.Thousands(len(want)), model.Thousands(before)); !strings.Contains(m.statusText(), count) {
				t.Errorf("%s: status %q; want it to say %q", what, m.statusText(), count)
			}
		}
		fresh := press(t, m, "esc", "B")
		sigOn(t, fresh, what+", then esc, B", want)
		for i, s := range fresh.sig.res.Systems {
			if g := m.sig.res.Systems[i]; g.PValue != s.PValue || g.Score != s.Score {
				t.Errorf("%s: system %d: p %v, score %v; the comparison opened afresh says p %v, score %v", what, i, g.PValue, g.Score, s.PValue, s.Score)
			}
		}
	}
}

// TestComparisonWaitsForDrill: until the drill-down's row is found again
// after an option key on its comparison, the comparison says it waits
// for it, shows no result (the one of the segments found before is
// dropped) and runs none, its title giving no count; at 60 columns too.
// Before, it showed and ran the comparison of the segments found before.
func TestComparisonWaitsForDrill(t *testing.T) {
	for _, size := range [][2]int{{100, 30}, {60, 16}} {
		m := press(t, openAnalysisScreen(t, ready(t, demoDataset(t), size[0], size[1])), "enter", "B")
		next, cmd := m.Update(keyMsg("l"))
		m = next.(Model)
		counting := func(m Model) bool { return m.jobs.running(jobAnalysis) }
		waits := func(m Model, when string) {
			t.Helper()
			v := ansi.Strip(m.View())
			lines := strings.Split(v, "\n")
			if m.sig.res != nil || m.jobs.running(jobSig) || strings.Contains(v, "win/tie/loss") || strings.Contains(lines[0], " of "+model.Thousands(m.c.ds.Len())) {
				t.Errorf("l at %d columns, %s: a comparison shown %v, running %v; want neither, nor a count:\n%s", size[0], when, m.sig.res != nil, m.jobs.running(jobSig), v)
			}
			if !strings.Contains(lines[1], "finding the drill-down's segments again") || !strings.Contains(lines[0], "finding") {
				t.Errorf("l at %d columns, %s: the screen does not say it waits for the segments found again:\n%s", size[0], when, v)
			}
		}
		waits(m, "the key pressed")
		m, rest := driveUntil(t, m, cmd, counting)
		if !m.list.refinding || !counting(m) {
			t.Fatalf("the test's premise at %d columns: l on the comparison has the analysis made anew (finding %v, counting %v)", size[0], m.list.refinding, counting(m))
		}
		waits(m, "the n-grams counted")
		m = drive(t, m, tea.Batch(rest...))
		sigOn(t, m, fmt.Sprintf("l at %d columns, found again", size[0]), segmentsWithKind(t, m, m.list.view.System, scoring.Missed, "the"))
	}
}

// TestComparisonDrillRowGone: when the drill-down's row is gone under the
// settings an option key on its comparison chose (the char tokenizer
// makes no "the"), the comparison says so, and why, and compares
// nothing; esc or n then goes back to the table, saying why in one line,
// as the drill-down does; another option key there finds the row again,
// the comparison following. Before, it compared the segments found
// before, and esc went back to the drill-down that then left.
func TestComparisonDrillRowGone(t *testing.T) {
	for _, size := range [][2]int{{100, 30}, {60, 16}} {
		for _, back := range []string{"esc", "n"} {
			what := fmt.Sprintf("t to char at %d columns", size[0])
			m := press(t, openAnalysisScreen(t, ready(t, demoDataset(t), size[0], size[1])), "enter", "B", "t", "t", "t")
			if m.c.set.Corpus.Tokenize != "char" || m.screen != screenSig {
				t.Fatalf("the test's premise: t, t, t on the comparison chooses char (%s), on it (screen %v)", m.c.set.Corpus.Tokenize, m.screen)
			}
			v := ansi.Strip(m.View())
			lines := strings.Split(v, "\n")
			if m.sig.res != nil || m.jobs.running(jobSig) || strings.Contains(v, "win/tie/loss") || strings.Contains(lines[0], " match") {
				t.Errorf("%s: a comparison shown %v, running %v; want none, nor a count:\n%s", what, m.sig.res != nil, m.jobs.running(jobSig), v)
			}
			want := `"the" is not among the table's missed n-grams now: nothing to compare (esc: back to the table)`
			if size[0] < 100 {
				want = `no missed "the" in the table now (esc: back to the table)`
			}
			if lines[1] != want {
				t.Errorf("%s: the comparison says %q; want %q", what, lines[1], want)
			}
			if m = press(t, m, "i"); m.screen != screenSig {
				t.Errorf("%s, i: screen %v; want the comparison, which has no segments to sort by", what, m.screen)
			}
			gone := press(t, m, back)
			if !onRow(gone, "") || gone.list.fromAnalysis || !strings.HasSuffix(gone.statusText(), "back to the table") {
				t.Errorf("%s, %s: screen %v, drill-down %v, status %q; want the table, saying why", what, back, gone.screen, gone.list.fromAnalysis, gone.statusText())
			}
			if want := `"the" is not among the table's missed n-grams now: back to the table`; size[0] >= 100 && gone.statusText() != want {
				t.Errorf("%s, %s: status %q; want %q", what, back, gone.statusText(), want)
			}
			m = press(t, m, "t") // to none, which makes "the" again
			sigOn(t, m, "t to "+m.c.set.Corpus.Tokenize+" after char", segmentsWithKind(t, m, m.list.view.System, scoring.Missed, "the"))
		}
	}
}

// TestComparisonDrillRowGoneEscaped: the comparison's line saying why the
// drill-down's row is gone quotes the row's n-gram escaped, as every
// text of the input is shown.
func TestComparisonDrillRowGoneEscaped(t *testing.T) {
	gram := "x\x1b]2;owned\x07y"
	ds := loadJSONL(t,
		`{"src": "a", "refs": ["x\u001b]2;owned\u0007y is here"], "hyps": {"one": "nothing is here", "two": "is here"}}`,
		`{"src": "b", "refs": ["one two"], "hyps": {"one": "one", "two": "one two"}}`,
	)
	m := openAnalysisScreen(t, ready(t, ds, 100, 30))
	m = press(t, m, "t", "t", "t", "t") // none: the n-gram is one token, which 13a splits
	m = press(t, cursorTo(t, m, gram), "enter", "B", "t")
	if m.c.set.Corpus.Tokenize != "13a" || m.screen != screenSig || m.sig.res != nil || !strings.Contains(m.ana.drilled.ngram, "\x1b") {
		t.Fatalf("the test's premise: t on the comparison of an n-gram with an escape (%q) chooses 13a (%s), which lacks it: screen %v, comparison %v",
			m.ana.drilled.ngram, m.c.set.Corpus.Tokenize, m.screen, m.sig.res != nil)
	}
	v := m.View()
	if strings.ContainsAny(v, "\x1b\x07") || !strings.Contains(v, "␛]2;owned") {
		t.Errorf("the n-gram gone is not shown escaped: %q", v)
	}
}
