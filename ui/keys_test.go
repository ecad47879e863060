package ui

import (
	"fmt"
	"io"
	"math"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bleuscope/bleuscope/fixtures"
	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/bleuscope/bleuscope/ui/render"
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

func sentence(m Model, seg int) float64 {
	return m.c.scored.Systems[m.list.view.System].Sentence[seg]
}

func TestWorstFirstByDefault(t *testing.T) {
	m := ready(t, demoDataset(t), 100, 30)
	if len(m.list.rows) != 70 {
		t.Fatalf("%d rows; want all 70 segments", len(m.list.rows))
	}
	for i := 1; i < len(m.list.rows); i++ {
		if sentence(m, m.list.rows[i-1]) > sentence(m, m.list.rows[i]) {
			t.Fatalf("rows %d and %d are not worst first: %v > %v", i-1, i, sentence(m, m.list.rows[i-1]), sentence(m, m.list.rows[i]))
		}
	}
	if m.list.seg != m.list.rows[0] || m.list.cursor != 0 {
		t.Errorf("selection = segment %d at row %d; want the worst segment %d at row 0", m.list.seg, m.list.cursor, m.list.rows[0])
	}
	v := m.View()
	for _, want := range []string{"BLEU 76.61", "nrefs:2|case:mixed|eff:no|tok:13a|smooth:exp|version:" + scoring.SignatureVersion, "70 of 70 segments", "p1..p4 94.2/84.0/72.2/60.3"} {
		if !strings.Contains(v, want) {
			t.Errorf("main view lacks %q:\n%s", want, v)
		}
	}
}

// TestSortBackwards: O goes through the sorts o cycles the other way, on
// the list and on the analysis's n-gram orders; it did nothing.
func TestSortBackwards(t *testing.T) {
	m := ready(t, demoDataset(t), 100, 30)
	order := sortCycle(m.list.view.Other >= 0, m.c.met.sortKeys())
	for i := len(order) - 1; i >= 0; i-- {
		if m = press(t, m, "O"); m.list.view.Sort != order[i] {
			t.Fatalf("O from %v: sort %v; want %v", order[(i+1)%len(order)], m.list.view.Sort, order[i])
		}
	}
	m = openAnalysisScreen(t, m)
	if m = press(t, m, "O"); m.ana.order != m.ana.maxOrder(m.anaCtx()) {
		t.Errorf("O on every order: order %d; want the highest, %d", m.ana.order, m.ana.maxOrder(m.anaCtx()))
	}
	if m = press(t, m, "O"); m.ana.order != m.ana.maxOrder(m.anaCtx())-1 {
		t.Errorf("O again: order %d; want %d", m.ana.order, m.ana.maxOrder(m.anaCtx())-1)
	}
}

func TestSortKeys(t *testing.T) {
	m := press(t, ready(t, demoDataset(t), 100, 30), "o")
	if m.list.view.Sort != model.SortLine {
		t.Fatalf("after o, sort = %v; want line", m.list.view.Sort)
	}
	for i, r := range m.list.rows {
		if r != i {
			t.Fatalf("sorted by line, row %d is segment %d", i, r)
		}
	}
	m = press(t, m, "r")
	if m.list.rows[0] != 69 {
		t.Errorf("reversed line order starts with segment %d; want 69", m.list.rows[0])
	}
	// By line the selection stays among its neighbours; by anything else
	// the list starts from its most extreme row.
	m = press(t, m, ":", "3", "0", "enter", "r")
	if m.list.view.Sort != model.SortLine || m.list.seg != 29 {
		t.Fatalf("r by line: segment %d selected; want 29 kept", m.list.seg)
	}
	m = press(t, m, "o", "o", "o")
	if m.list.view.Sort != model.SortDelta {
		t.Errorf("after cycling, sort = %v; want delta", m.list.view.Sort)
	}
	if m.list.cursor != 0 || m.list.top != 0 || m.list.seg != m.list.rows[0] {
		t.Errorf("sorted by Δ: cursor %d, top %d, segment %d; want the first row, %d", m.list.cursor, m.list.top, m.list.seg, m.list.rows[0])
	}
	if !strings.Contains(m.View(), "↑Δ") {
		t.Errorf("the delta column header lacks the sort arrow")
	}
	m = press(t, m, "j", "j", "r")
	if m.list.cursor != 0 || m.list.seg != m.list.rows[0] {
		t.Errorf("r by Δ: cursor %d; want the first row", m.list.cursor)
	}
	m = press(t, m, "o", "o")
	if m.list.view.Sort != model.SortScore {
		t.Errorf("sort cycle (delta, impact) does not come back to score: %v", m.list.view.Sort)
	}
}

func TestFilter(t *testing.T) {
	m := ready(t, demoDataset(t), 100, 30)
	m = press(t, m, "/")
	m = typeText(t, m, "climate")
	if m.list.view.Filter != "climate" {
		t.Fatalf("filter = %q while typing; want it live", m.list.view.Filter)
	}
	m = press(t, m, "enter")
	if len(m.list.rows) == 0 || len(m.list.rows) == 70 {
		t.Fatalf("filter kept %d rows; want some but not all", len(m.list.rows))
	}
	for _, r := range m.list.rows {
		text := strings.ToLower(m.c.ds.Src[r] + m.c.ds.Systems[0].Hyps[r] + m.c.ds.Refs[0][r] + m.c.ds.Refs[1][r])
		if !strings.Contains(text, "climate") {
			t.Errorf("segment %d is shown but does not contain the filter text", r+1)
		}
	}
	if m.list.subset == nil || m.list.subset.err != nil {
		t.Fatalf("no corpus score of the filtered subset")
	}
	want, _ := m.c.scored.Subset(m.c.ds, 0, m.list.rows)
	if m.list.subset.res.Score != want.Score {
		t.Errorf("subset BLEU = %v; want %v", m.list.subset.res.Score, want.Score)
	}
	if v := m.View(); !strings.Contains(v, `match “climate”`) || !strings.Contains(v, model.FormatScore(want.Score, false)) {
		t.Errorf("header lacks the filter and its BLEU:\n%s", v)
	}
	m = press(t, m, "esc")
	if m.list.view.Filter != "" || len(m.list.rows) != 70 {
		t.Errorf("esc left filter %q with %d rows", m.list.view.Filter, len(m.list.rows))
	}
}

func TestTypingDoesNotQuit(t *testing.T) {
	m := press(t, ready(t, demoDataset(t), 100, 30), "/")
	next, cmd := m.Update(keyMsg("q"))
	m = next.(Model)
	if cmd != nil {
		if _, quit := cmd().(tea.QuitMsg); quit {
			t.Fatal("q quit while typing in the filter")
		}
	}
	if m.list.filter.text() != "q" {
		t.Errorf("filter text = %q; want \"q\"", m.list.filter.text())
	}
	m = press(t, m, "esc")
	_, cmd = m.Update(keyMsg("q"))
	if cmd == nil {
		t.Fatal("q outside the filter returned no command")
	}
	if _, quit := cmd().(tea.QuitMsg); !quit {
		t.Error("q outside the filter does not quit")
	}
}

// TestQQuitsFromScreens checks that q quits from the walk-through as it
// does from the overlays, and stays a letter of the lessons' hypothesis.
func TestQQuitsFromScreens(t *testing.T) {
	for _, open := range []string{"e", "?", "x", "h"} {
		m := press(t, ready(t, demoDataset(t), 100, 30), open)
		if m.screen == screenMain {
			t.Fatalf("%q opened no screen", open)
		}
		_, cmd := m.Update(keyMsg("q"))
		if cmd == nil {
			t.Errorf("q after %q returned no command", open)
			continue
		}
		if _, quit := cmd().(tea.QuitMsg); !quit {
			t.Errorf("q after %q does not quit", open)
		}
	}
	m := press(t, ready(t, demoDataset(t), 100, 30), "L", "q")
	if m.screen != screenLessons {
		t.Errorf("q in the lessons left them (screen %d); it is a letter of the hypothesis", m.screen)
	}
}

func TestWalkthroughFooterSaysQQuits(t *testing.T) {
	for _, w := range []int{60, 80, 120} {
		m := press(t, ready(t, demoDataset(t), w, 24), "e")
		if v := m.View(); !strings.Contains(v, "q quit") {
			t.Errorf("at %d columns the walk-through's footer does not say q quits:\n%s", w, v)
		}
	}
}

func TestJumpToLine(t *testing.T) {
	m := press(t, ready(t, demoDataset(t), 100, 30), ":", "1", "2", "enter")
	if m.list.seg != 11 || m.list.rows[m.list.cursor] != 11 {
		t.Fatalf("after :12, selected segment %d (row %d); want line 12", m.list.seg+1, m.list.cursor)
	}
	if !strings.Contains(m.View(), "line 12 ·") {
		t.Errorf("segment pane title does not name line 12")
	}
	// A line hidden by the filter clears the filter.
	m = press(t, m, "/", "z", "z", "z", "enter", ":", "3", "enter")
	if m.list.view.Filter != "" || m.list.seg != 2 {
		t.Errorf("jump to a filtered-out line: filter %q, segment %d; want no filter, line 3", m.list.view.Filter, m.list.seg+1)
	}
	m = press(t, m, ":", "9", "9", "9", "enter")
	if m.list.seg != 2 || !strings.Contains(m.View(), "line 999 is past the last line, 70") {
		t.Errorf("jump to line 999 should keep the selection and explain")
	}
	// A number of more digits than any line number has is said whole,
	// too large, as is one past what an int holds; before, the field kept
	// its first nine digits and quoted those ("no line “123456789”").
	for _, typed := range []string{"12345678901", "000000000012345678901", "99999999999999999999"} {
		m = press(t, typeText(t, press(t, m, ":"), typed), "enter")
		if want := "line " + strings.TrimLeft(typed, "0") + " is past the last line, 70"; m.statusText() != want || m.list.seg != 2 {
			t.Errorf("jump to %s: status %q, line %d selected; want %q, line 3 kept", typed, m.statusText(), m.list.seg+1, want)
		}
	}
	// What is not a line number is quoted as the other messages quote
	// text, not Go-style ("1\"é\\").
	m = press(t, typeText(t, press(t, m, ":"), `1"é\`), "enter")
	if want := `no line “1"é\”: lines go from 1 to 70`; m.statusText() != want || !strings.Contains(m.View(), want) {
		t.Errorf("jump to %q: the status says %q; want %q on the screen", `1"é\`, m.statusText(), want)
	}
}

func TestOptionsRescoreAndKeepSelection(t *testing.T) {
	m := press(t, ready(t, demoDataset(t), 120, 40), ":", "3", "0", "enter")
	before := m.c.scored
	m = press(t, m, "t")
	if m.c.set.Corpus.Tokenize != "intl" || m.c.set.Sentence.Tokenize != "intl" {
		t.Fatalf("t: tokenizer %q/%q; want intl", m.c.set.Corpus.Tokenize, m.c.set.Sentence.Tokenize)
	}
	if m.c.scored == before || m.c.scored.Settings.Corpus.Tokenize != "intl" {
		t.Fatal("t did not rescore")
	}
	if m.list.seg != 29 || m.list.rows[m.list.cursor] != 29 {
		t.Errorf("after rescoring the selection moved to line %d; want 30", m.list.seg+1)
	}
	if !strings.Contains(m.View(), "tok:intl") {
		t.Error("signature does not show tok:intl")
	}
	m = press(t, m, "s")
	if m.c.set.Corpus.Smooth != scoring.SmoothFloor || !strings.Contains(m.View(), "smooth:floor[0.10]") {
		t.Errorf("s: smoothing %q; want floor in the signature", m.c.set.Corpus.Smooth)
	}
	m = press(t, m, "+")
	if m.c.set.Corpus.MaxOrder != 5 || len(m.c.scored.Systems[0].Corpus.Precisions) != 5 {
		t.Errorf("+: max order %d; want 5 with five precisions", m.c.set.Corpus.MaxOrder)
	}
	m = press(t, m, "-", "-")
	if m.c.set.Corpus.MaxOrder != 3 || m.pane.order > 3 {
		t.Errorf("- -: max order %d, highlighted order %d; want 3 and at most 3", m.c.set.Corpus.MaxOrder, m.pane.order)
	}
	// The order picked comes back when the max order does.
	m = press(t, m, "3", "-", "-")
	if m.pane.order != 1 {
		t.Fatalf("3 - -: highlighted order %d; want 1 at max order 1", m.pane.order)
	}
	m = press(t, m, "+", "+", "+")
	if m.c.set.Corpus.MaxOrder != 4 || m.pane.order != 3 {
		t.Errorf("3 - - + + +: max order %d, highlighted order %d; want 4 and the 3 picked", m.c.set.Corpus.MaxOrder, m.pane.order)
	}
}

func TestLowercaseKey(t *testing.T) {
	m := ready(t, demoDataset(t), 120, 40)
	m = press(t, m, "tab", ":", "5", "8", "enter")
	if m.c.ds.Systems[m.list.view.System].Name != "stilted" || m.list.seg != fixtures.LineLowercase-1 {
		t.Fatalf("want stilted, line 58; have %s line %d", m.c.ds.Systems[m.list.view.System].Name, m.list.seg+1)
	}
	low := sentence(m, m.list.seg)
	m = press(t, m, "l")
	if high := sentence(m, m.list.seg); low > 99 || math.Abs(high-100) > 1e-9 {
		t.Errorf("line 58: %v mixed case, %v lowercased; want low, then 100", low, high)
	}
	if !strings.Contains(m.View(), "case:lc") {
		t.Error("signature does not show case:lc")
	}
}

func TestNLTKCompat(t *testing.T) {
	m := press(t, ready(t, demoDataset(t), 120, 40), "c")
	if m.c.set.Corpus.Compat != scoring.CompatNLTK {
		t.Fatal("c did not switch to nltk")
	}
	if s := m.c.scored.Systems[0].Corpus.Score; s <= 0 || s > 1 {
		t.Errorf("nltk corpus score %v; want NLTK's 0-1 scale", s)
	}
	// The difference to the other system is as precise as the scores.
	a, o := m.c.scored.Systems[0].Corpus.Score, m.c.scored.Systems[1].Corpus.Score
	if want := fmt.Sprintf("Δ %+.4f vs baseline %s %.4f", a-o, m.c.ds.Systems[1].Name, o); !strings.Contains(m.View(), want) {
		t.Errorf("nltk header lacks %q:\n%s", want, m.View())
	}
	// The precisions are on the scores' scale: fractions, not percent.
	var ps []string
	for _, x := range m.c.scored.Systems[0].Corpus.Precisions {
		ps = append(ps, fmt.Sprintf("%.3f", x))
	}
	if want := "p1..p4 " + strings.Join(ps, "/") + " ·"; !strings.Contains(m.View(), want) || ps[0] == "0.000" {
		t.Errorf("nltk header lacks %q:\n%s", want, m.View())
	}
	// Narrow, two decimals keep the lengths on the line.
	narrow := press(t, ready(t, demoDataset(t), 60, 16), "c")
	line := strings.Split(ansi.Strip(narrow.View()), "\n")[1]
	p1 := fmt.Sprintf("%.2f", m.c.scored.Systems[0].Corpus.Precisions[0])
	if !strings.HasPrefix(line, "p "+p1+"/") || !strings.Contains(line, fmt.Sprintf("len %d/%d", m.c.scored.Systems[0].Corpus.SysLen, m.c.scored.Systems[0].Corpus.RefLen)) {
		t.Errorf("narrow nltk header line %q; want p with two decimals and the lengths", line)
	}
	m = press(t, m, "m")
	if m.c.set.Corpus.NLTK.Smoothing.Method != 1 || !strings.Contains(m.View(), "nltk:method1") {
		t.Errorf("m: method %d; want 1 in the signature", m.c.set.Corpus.NLTK.Smoothing.Method)
	}
	m = press(t, m, "s")
	if m.statusText() == "" {
		t.Error("s in nltk compat should say why it does nothing")
	}
	m = press(t, m, "c")
	if m.c.set.Corpus.Compat != scoring.CompatSacreBLEU || math.Abs(m.c.scored.Systems[0].Corpus.Score-76.61) > 0.01 {
		t.Errorf("back to sacrebleu: %v", m.c.scored.Systems[0].Corpus.Score)
	}
}

func TestSystemsAndCompare(t *testing.T) {
	m := ready(t, demoDataset(t), 120, 40)
	m = press(t, m, "tab", "w")
	if m.list.view.System != 1 || m.list.view.Other != 2 {
		t.Fatalf("tab, w: system %d, baseline %d; want 1, 2", m.list.view.System, m.list.view.Other)
	}
	m = press(t, m, "shift+tab", "shift+tab")
	if m.list.view.System != 2 {
		t.Fatalf("shift+tab twice from 1: system %d; want 2", m.list.view.System)
	}
	m = press(t, m, "w")
	if m.list.view.Other == m.list.view.System || m.list.view.Other < 0 {
		t.Errorf("w picked other = %d with current %d", m.list.view.Other, m.list.view.System)
	}
	seg := m.list.seg
	d := m.c.scored.Delta(m.list.view.System, m.list.view.Other, seg)
	if want := sentence(m, seg) - m.c.scored.Systems[m.list.view.Other].Sentence[seg]; d != want {
		t.Errorf("delta %v; want %v", d, want)
	}
	m = press(t, m, "v")
	v := m.View()
	if !m.pane.compare || !strings.Contains(v, "compare") {
		t.Fatal("v did not open the compare view")
	}
	for _, name := range []string{m.c.ds.Systems[m.list.view.System].Name, m.c.ds.Systems[m.list.view.Other].Name} {
		if !strings.Contains(v, name+" ") {
			t.Errorf("compare view lacks the hypothesis of %s", name)
		}
	}
}

func TestOrderKeysAndMarkers(t *testing.T) {
	m := press(t, ready(t, demoDataset(t), 120, 40), "tab", "tab", ":", "1", "2", "enter", "1")
	// Line 12 of literal: "the" repeated, clipped.
	v := m.View()
	if m.pane.order != 1 || !strings.Contains(v, "1-grams") {
		t.Fatalf("order %d after 1", m.pane.order)
	}
	if !strings.Contains(v, "~~~") || !strings.Contains(v, "^^^") {
		t.Errorf("the clipped \"the\"s lack their ~ markers (or the matched ones ^) without colour:\n%s", v)
	}
	m = press(t, m, "a")
	if m.pane.order != 0 || !strings.Contains(m.View(), "all orders") {
		t.Errorf("a: order %d; want the all-orders view", m.pane.order)
	}
	m = press(t, m, "9")
	if m.pane.order != 0 || m.statusText() == "" {
		t.Errorf("9 beyond max order 4 should leave the order and explain")
	}
}

func TestScreensOpenAndClose(t *testing.T) {
	m := ready(t, demoDataset(t), 100, 30)
	for _, c := range []struct {
		open, close string
		want        screen
		text        string
	}{
		{"?", "esc", screenHelp, "filter (see Filtering below)"},
		{"x", "x", screenLedger, "clip ledger"},
		{"e", "esc", screenExplain, "step 1 of"},
		{"L", "esc", screenLessons, "lesson 1 of"},
	} {
		m = press(t, m, c.open)
		if m.screen != c.want || !strings.Contains(m.View(), c.text) {
			t.Errorf("%s: screen %d, view lacks %q:\n%s", c.open, m.screen, c.text, m.View())
		}
		m = press(t, m, c.close)
		if m.screen != screenMain {
			t.Errorf("%s did not close %s", c.close, c.open)
		}
	}
	m = press(t, m, "enter")
	if !m.pane.zoom || strings.Contains(m.View(), "hyp/ref") {
		t.Error("enter did not zoom the segment pane over the list")
	}
	m = press(t, m, "esc")
	if m.pane.zoom {
		t.Error("esc did not leave zoom")
	}
}

func TestMouse(t *testing.T) {
	m := ready(t, demoDataset(t), 100, 30)
	l := mainLayout(100, 30, false)
	next, _ := m.Update(tea.MouseMsg{X: 10, Y: l.listTop() + 3, Button: tea.MouseButtonLeft, Action: tea.MouseActionPress})
	m = next.(Model)
	if m.list.cursor != 3 || m.list.seg != m.list.rows[3] {
		t.Errorf("click on the fourth row selected row %d", m.list.cursor)
	}
	next, _ = m.Update(tea.MouseMsg{X: 10, Y: l.listTop(), Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress})
	m = next.(Model)
	if m.list.cursor != 4 {
		t.Errorf("wheel down over the list: row %d; want 4", m.list.cursor)
	}
	off := m.pane.body.off
	next, _ = m.Update(tea.MouseMsg{X: 10, Y: l.detailTop() + 2, Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress})
	m = next.(Model)
	if m.pane.body.off <= off {
		t.Errorf("wheel over the segment pane did not scroll it")
	}
}

func TestStaleResultsDropped(t *testing.T) {
	m := ready(t, demoDataset(t), 100, 30)
	old := m.c.scored
	other, err := model.Score(t.Context(), m.c.ds, m.c.set.WithOption(func(o *scoring.Options) { o.Tokenize = "char" }), nil)
	if err != nil {
		t.Fatal(err)
	}
	next, _ := m.Update(scoredMsg{jobTag: jobTag{kind: jobScore, gen: m.jobs.jobs[jobScore].gen - 1}, scored: other, set: m.c.set})
	m = next.(Model)
	if m.c.scored != old {
		t.Error("a result of an older generation replaced the scores")
	}
	next, _ = m.Update(rowsMsg{jobTag: jobTag{kind: jobRows, gen: m.jobs.jobs[jobRows].gen - 1}, view: m.list.view, listRows: listRows{rows: []int{5}}})
	if len(next.(Model).list.rows) != 70 {
		t.Error("stale rows replaced the current ones")
	}
}

// TestBigCorpusOffLoop checks the path of corpora too big to sort inside
// Update: rows come from a command, the selection survives a re-sort.
func TestBigCorpusOffLoop(t *testing.T) {
	ds := synthDataset(t, syncRows+500)
	m := ready(t, ds, 120, 40)
	if len(m.list.rows) != ds.Len() {
		t.Fatalf("%d rows; want %d", len(m.list.rows), ds.Len())
	}
	m = press(t, m, "j", "j", "j")
	seg := m.list.seg
	next, cmd := m.Update(keyMsg("o"))
	m = next.(Model)
	if cmd == nil || !m.jobs.running(jobRows) {
		t.Fatal("sorting a big corpus did not go to a command")
	}
	m = drive(t, m, cmd)
	if m.jobs.running(jobRows) || m.list.view.Sort != model.SortLine || m.list.seg != seg || m.list.rows[m.list.cursor] != seg {
		t.Errorf("after sorting by line: busy %v, sort %v, selection %d (want %d)", m.jobs.running(jobRows), m.list.view.Sort, m.list.seg, seg)
	}
	m = press(t, m, "s")
	if m.jobs.running(jobScore) || m.c.scored.Settings.Corpus.Smooth != scoring.SmoothFloor || m.list.seg != seg {
		t.Errorf("smoothing change on a big corpus: busy %v, smooth %s, selection %d", m.jobs.running(jobScore), m.c.scored.Settings.Corpus.Smooth, m.list.seg)
	}
}

// TestKeysArrivingTogether: the terminal reader delivers runes typed fast
// as one KeyMsg; each must still act as a key.
func TestKeysArrivingTogether(t *testing.T) {
	m := ready(t, demoDataset(t), 100, 30)
	next, cmd := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("jjj")})
	m = drive(t, next.(Model), cmd)
	if m.list.cursor != 3 {
		t.Errorf("\"jjj\" in one message moved to row %d; want 3", m.list.cursor)
	}
	next, cmd = m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("/ab")})
	m = drive(t, next.(Model), cmd)
	if m.list.typing != typingFilter || m.list.filter.text() != "ab" {
		t.Errorf("\"/ab\" together: typing %v, filter %q; want the filter holding \"ab\"", m.list.typing, m.list.filter.text())
	}
}

func TestFilterEscRestores(t *testing.T) {
	m := press(t, ready(t, demoDataset(t), 100, 30), "/")
	m = typeText(t, m, "rain")
	m = press(t, m, "enter", "/")
	m = typeText(t, m, "xyz")
	if m.list.view.Filter != "rainxyz" {
		t.Fatalf("live filter = %q", m.list.view.Filter)
	}
	m = press(t, m, "esc")
	if m.list.view.Filter != "rain" || m.list.typing != typingNone {
		t.Errorf("esc while typing left filter %q; want the previous \"rain\"", m.list.view.Filter)
	}
}

// TestRescoreInFlightShowsScoredSettings: while a big corpus is rescored
// under new options, the screen keeps describing the scores it shows (a
// sacrebleu score is not printed on NLTK's scale, nor under NLTK's
// signature) until the new ones land.
func TestRescoreInFlightShowsScoredSettings(t *testing.T) {
	ds := synthDataset(t, syncRecompute+1)
	m := ready(t, ds, 120, 40)
	old := m.c.scored.Systems[m.list.view.System].Corpus.Score
	next, cmd := m.Update(keyMsg("c"))
	m = next.(Model)
	if cmd == nil || !m.jobs.running(jobScore) {
		t.Fatal("switching to nltk on a big corpus did not go to a command")
	}
	v := m.View()
	for _, want := range []string{"BLEU " + model.FormatScore(old, false), "|smooth:exp|", "line  ↑BLEU"} {
		if !strings.Contains(v, want) {
			t.Errorf("while rescoring, the view lacks %q:\n%s", want, v)
		}
	}
	if strings.Contains(v, "nltk:method0") || strings.Contains(v, model.FormatScore(old, true)) {
		t.Errorf("while rescoring, the sacrebleu scores are shown as NLTK's:\n%s", v)
	}
	m = drive(t, m, cmd)
	v = m.View()
	if m.jobs.running(jobScore) || !strings.Contains(v, "nltk:method0") || !strings.Contains(v, "line  ↑nltk") {
		t.Errorf("after rescoring, the view does not show NLTK's scores:\n%s", v)
	}
}

// TestMaxOrderOneHeader: with N = 1 the header names one precision, p1,
// not the range "p1..p1".
func TestMaxOrderOneHeader(t *testing.T) {
	m := press(t, ready(t, demoDataset(t), 120, 40), "-", "-", "-")
	if m.c.set.Corpus.MaxOrder != 1 {
		t.Fatalf("max order %d; want 1", m.c.set.Corpus.MaxOrder)
	}
	r := m.c.scored.Systems[m.list.view.System].Corpus
	want := fmt.Sprintf("p1 %.1f · BP", r.Precisions[0])
	if v := m.View(); !strings.Contains(v, want) || strings.Contains(v, "p1..p1") {
		t.Errorf("N = 1 header lacks %q:\n%s", want, v)
	}
}

// TestMaxOrderKeysStopAtTheLimits: - at max order 1 and + at 9 change
// nothing and say why, in the words of the key (not of an order 0 or 10
// nobody asked for).
func TestMaxOrderKeysStopAtTheLimits(t *testing.T) {
	m := press(t, ready(t, demoDataset(t), 120, 40), "-", "-", "-")
	scored := m.c.scored
	m = press(t, m, "-")
	if m.c.set.Corpus.MaxOrder != 1 || m.c.scored != scored || m.statusText() != "max order is 1 already, the lowest" {
		t.Errorf("- at max order 1: max order %d, status %q; want 1 kept and the range", m.c.set.Corpus.MaxOrder, m.statusText())
	}
	for range 8 {
		m = press(t, m, "+")
	}
	if m.c.set.Corpus.MaxOrder != 9 {
		t.Fatalf("max order %d after eight +; want 9", m.c.set.Corpus.MaxOrder)
	}
	scored = m.c.scored
	m = press(t, m, "+")
	if m.c.set.Corpus.MaxOrder != 9 || m.c.scored != scored || m.statusText() != "max order is 9 already, the highest" {
		t.Errorf("+ at max order 9: max order %d, status %q; want 9 kept and the range", m.c.set.Corpus.MaxOrder, m.statusText())
	}
}

// TestSortArrowFits: every column header keeps its sort arrow whole.
func TestSortArrowFits(t *testing.T) {
	m := ready(t, demoDataset(t), 100, 30)
	for _, want := range []string{"↑line", "↑hyp/ref", "↑BP", "↑Δ", "↑impact", "↑BLEU"} {
		m = press(t, m, "o")
		if h := m.list.header(m.c, m.list.columns(m.c)); !strings.Contains(h, want) {
			t.Errorf("sorted by %s: header %q lacks %q", sortNames[m.list.view.Sort], h, want)
		}
	}
}

// TestSortArrowKeepsNames: every sortable column shows its arrow the same
// way, in the cell before its name, so that the name stays where it is,
// over the right end of its figures, whichever column the list is sorted
// by and either way. Before, the arrow came after the name and pushed it a
// cell left ("line↑" over "  683" where "line" stood over its last digit).
func TestSortArrowKeepsNames(t *testing.T) {
	for _, size := range [][2]int{{60, 16}, {100, 30}, {200, 50}} {
		m := ready(t, demoDataset(t), size[0], size[1])
		ends := map[string]int{} // where each name ends, in cells
		for range 12 {
			for _, rev := range []bool{false, true} {
				if rev {
					m = press(t, m, "r")
				}
				h := ansi.Strip(m.list.header(m.c, m.list.columns(m.c)))
				sorted := 0
				for _, name := range []string{"line", "BLEU", "hyp/ref", "BP", "Δ", "impact"} {
					loc := regexp.MustCompile(`(?:^| |↑|↓)` + regexp.QuoteMeta(name) + `(?:$| |↑|↓)`).FindStringIndex(h)
					if loc == nil {
						if name != "impact" {
							t.Errorf("%dx%d sorted by %s: header %q lacks %q", size[0], size[1], sortNames[m.list.view.Sort], h, name)
						}
						continue
					}
					j := strings.Index(h[loc[0]:], name) + loc[0]
					if before := h[:j]; strings.HasSuffix(before, "↑") || strings.HasSuffix(before, "↓") {
						sorted++
					}
					end := render.Cells(h[:j+len(name)])
					if e, ok := ends[name]; ok && e != end {
						t.Errorf("%dx%d sorted by %s: %q ends at cell %d; at %d sorted otherwise:\n%s", size[0], size[1], sortNames[m.list.view.Sort], name, end, e, h)
					}
					ends[name] = end
				}
				if sorted != 1 && m.list.view.Sort != model.SortChrF && m.list.view.Sort != model.SortTER {
					t.Errorf("%dx%d sorted by %s: %d names with an arrow before them; want 1:\n%s", size[0], size[1], sortNames[m.list.view.Sort], sorted, h)
				}
			}
			m = press(t, m, "o")
		}
	}
}

// TestFilterEscKeepsSelection: esc while typing a filter selects the
// segment selected before "/", not the row the live filter passed by.
func TestFilterEscKeepsSelection(t *testing.T) {
	m := press(t, ready(t, demoDataset(t), 100, 30), "down", "down", "down")
	seg := m.list.seg
	m = press(t, m, "/")
	// A filter that hides the selected segment and keeps others.
	m = typeText(t, m, "len>"+itoa(m.c.scored.Systems[0].Stats.HypLen(seg)))
	if m.list.seg == seg || len(m.list.rows) == 0 {
		t.Fatalf("the live filter kept line %d selected (%d rows): the test wants it hidden", seg+1, len(m.list.rows))
	}
	m = press(t, m, "esc")
	if m.list.seg != seg || m.list.rows[m.list.cursor] != seg {
		t.Errorf("esc while typing selects line %d; want line %d, selected before /", m.list.seg+1, seg+1)
	}
}

// TestFilterUnevaluableKeepsFilter: a query that parses but cannot be
// evaluated here (cat: without annotations) leaves the filter there was
// before "/", as one that does not parse does (a new user lost bleu<10).
func TestFilterUnevaluableKeepsFilter(t *testing.T) {
	m := filterBy(t, ready(t, demoDataset(t), 100, 30), "len>12")
	want := append([]int(nil), m.list.rows...)
	m = press(t, m, "/", "ctrl+u")
	m = typeText(t, m, "cat:omission")
	m = press(t, m, "enter")
	if m.list.view.Filter != "len>12" || !slices.Equal(m.list.rows, want) || !strings.HasPrefix(m.statusText(), "filter unchanged") {
		t.Errorf("cat: without annotations: filter %q, %d rows, status %q; want len>12's %d rows and \"filter unchanged\"",
			m.list.view.Filter, len(m.list.rows), m.statusText(), len(want))
	}
}

// TestCompareOnBaseline: v on the baseline itself stacks nothing twice and
// says what to do; esc leaves the stacked view before anything else.
func TestCompareOnBaseline(t *testing.T) {
	m := press(t, ready(t, demoDataset(t), 120, 40), "p", "v")
	sel := m.list.selection(m.c)
	if keys := m.pane.keys(m.c, sel); len(keys) != 1 {
		t.Errorf("v on the baseline explains %d hypotheses; want its own alone", len(keys))
	}
	if !strings.Contains(m.View(), "this is the baseline") {
		t.Errorf("v on the baseline says nothing of it:\n%s", m.View())
	}
	m = press(t, m, "tab")
	if keys := m.pane.keys(m.c, m.list.selection(m.c)); len(keys) != 2 {
		t.Errorf("v on another system explains %d hypotheses; want 2", len(keys))
	}
	m = press(t, m, "/", "t", "h", "e", "enter", "esc")
	if m.pane.compare || m.list.view.Filter != "the" {
		t.Errorf("esc: compare %v, filter %q; want the stacked view left and the filter kept", m.pane.compare, m.list.view.Filter)
	}
}

// TestHelpListsWalkthroughAndLessonKeys: the help lists the keys of the
// walk-through and of the lessons, whose footers cannot show them all in a
// narrow window.
func TestHelpListsWalkthroughAndLessonKeys(t *testing.T) {
	m := ready(t, demoDataset(t), 120, 40)
	h := ansi.Strip(helpContent(m.c, 120))
	for _, want := range []string{"In the walk-through (e)", "→/n      next step", "In the lessons (L)", "ctrl+n   hyp/refs", "ctrl+r   reset", "⇧tab     back", "type     edit the hyp/ref text"} {
		if !strings.Contains(h, want) {
			t.Errorf("the help lacks %q:\n%s", want, h)
		}
	}
}

// TestLessonsFooterFits: the lessons' footer is one line, as the other
// screens' are: the keys that fit, esc and tab to the next lesson always
// among them, the scrolling keys last, then " …" for those left out, which the help lists, and
// the screen fits (at 60×16 it took three of the 16 rows, "… ctrl+n hyp/refs" / "tab next lesson … pgdn page" / "ctrl+r
// reset", and at 120 columns "ctrl+r reset" took a second line).
func TestLessonsFooterFits(t *testing.T) {
	hints := strings.Split(LessonsKeyMap().helpLine(), " · ")
	for _, size := range [][2]int{{60, 16}, {120, 30}} {
		w, h := size[0], size[1]
		m := press(t, ready(t, demoDataset(t), w, h), "L")
		checkFit(t, "lessons", m.View(), w, h)
		lines := strings.Split(ansi.Strip(m.View()), "\n")
		foot, above := strings.TrimRight(lines[len(lines)-1], " "), lines[len(lines)-2]
		lessons := strings.Contains(foot, "tab next lesson") || strings.Contains(foot, "tab/⇧tab lesson")
		whole := strings.HasSuffix(foot, "scroll") || strings.HasSuffix(foot, "↓↑ pgdn") || strings.HasSuffix(foot, " …")
		if !strings.Contains(foot, "esc close") || !lessons || !whole {
			t.Errorf("the lessons at %d×%d: footer %q; want the keys that fit, then \" …\" if any is left out", w, h, foot)
		}
		for _, hint := range hints {
			if strings.Contains(above, hint) {
				t.Errorf("the lessons at %d×%d: the footer takes a second line: %q", w, h, above)
				break
			}
		}
	}
}

// TestZoomFooterSaysHowBack: the zoomed pane's footer gives the way back
// and its own keys, not the list's.
func TestZoomFooterSaysHowBack(t *testing.T) {
	m := press(t, ready(t, demoDataset(t), 100, 30), "z")
	if f := ansi.Strip(lastLine(m.View())); !strings.HasPrefix(f, "esc back to the list") || strings.Contains(f, "filter") {
		t.Errorf("the zoomed pane's footer is %q", f)
	}
	if f := ansi.Strip(lastLine(press(t, m, "esc").View())); strings.Contains(f, "back to the list") {
		t.Errorf("after esc the footer is still the zoom's: %q", f)
	}
}

// TestNLTKLastSegmentMethodsWarn: methods 5 to 7, which NLTK's corpus_bleu
// applies with the last segment's hypothesis, say so when chosen.
func TestNLTKLastSegmentMethodsWarn(t *testing.T) {
	m := press(t, ready(t, demoDataset(t), 200, 40), "c")
	for meth := 1; meth <= 7; meth++ {
		m = press(t, m, "m")
		said := strings.Contains(ansi.Strip(m.View()), "last segment's hypothesis")
		if said != (meth >= 5) {
			t.Errorf("method %d: the note on the last segment shown %v", meth, said)
		}
	}
}

// TestOneSystemKeysSaySo: with one system the keys that compare systems
// are out of the help, but pressing one says why it does nothing.
func TestOneSystemKeysSaySo(t *testing.T) {
	ds := demoDataset(t)
	ds.Systems = ds.Systems[:1]
	for _, k := range []string{"v", "B", "T", "i", "w", "p", "tab", "shift+tab"} {
		m := press(t, ready(t, ds, 100, 30), k)
		if !strings.Contains(m.statusText(), "compares systems: load a second one") {
			t.Errorf("%s with one system: status %q", k, m.statusText())
		}
	}
	for _, k := range []string{"w", "p", "tab", "shift+tab"} { // on the analysis screen too
		m := press(t, ready(t, ds, 100, 30), "n", k)
		if m.screen != screenAnalysis || !strings.Contains(ansi.Strip(m.View()), "compares systems: load a second one") {
			t.Errorf("%s on the analysis screen with one system: screen %v\n%s", k, m.screen, ansi.Strip(m.View()))
		}
	}
}

// TestFilterScaleUnderNLTK: a bleu threshold beyond NLTK's 0–1 scale under
// nltk compat says so, and switching compat under a filter with one says
// that the numbers stay.
func TestFilterScaleUnderNLTK(t *testing.T) {
	m := press(t, ready(t, demoDataset(t), 120, 40), "/", "b", "l", "e", "u", "<", "1", "0", "enter")
	if strings.Contains(m.statusText(), "scale") {
		t.Errorf("bleu<10 under sacrebleu: status %q", m.statusText())
	}
	m = press(t, m, "c")
	if !strings.Contains(m.statusText(), "keep their numbers, now read on NLTK's 0–1 scale") {
		t.Errorf("c under bleu<10: status %q", m.statusText())
	}
	m = press(t, m, "/", "ctrl+u", "b", "l", "e", "u", "<", "1", "0", "enter")
	if !strings.Contains(m.statusText(), "NLTK's scores run from 0 to 1: divide it by 100 (0.1)") {
		t.Errorf("bleu<10 typed under nltk: status %q", m.statusText())
	}
	m = press(t, m, "/", "ctrl+u", "b", "l", "e", "u", "<", "0", ".", "1", "enter")
	if strings.Contains(m.statusText(), "scale") {
		t.Errorf("bleu<0.1 under nltk: status %q", m.statusText())
	}
}

// TestPaneBaselineRaises: where NLTK raises on the baseline's segment the
// pane says so instead of a NaN score and Δ.
func TestPaneBaselineRaises(t *testing.T) {
	ds := loadJSONL(t,
		`{"refs": ["the cat sat on the mat"], "hyps": {"a": "the cat sat on a mat", "b": "the cat sat on a mat"}}`,
		`{"refs": ["the cat sat on the mat"], "hyps": {"a": "the cat sat on a mat", "b": "the"}}`,
	)
	set := model.DefaultSettings().WithOption(func(o *scoring.Options) {
		o.Compat = scoring.CompatNLTK
		o.NLTK.Smoothing.Method = 6
	})
	m := readyWith(t, ds, 120, 40, WithBaseline(1))
	m = press(t, m, ":", "2", "enter")
	m = drive(t, m, m.applySettings(set))
	v := ansi.Strip(m.View())
	if strings.Contains(v, "NaN") || !strings.Contains(v, "b has no score here: NLTK raises on its segment") {
		t.Errorf("line 2 against a baseline NLTK raises on:\n%s", v)
	}
}

// TestFootersFitAlike: a footer of key bindings (help's short view, as the
// main and analysis screens draw theirs) and a plain footer of the same
// hints (keyLine's, as the overlays draw theirs) leave out the same hints
// at every width: one rule, the last hints first, never one cut.
func TestFootersFitAlike(t *testing.T) {
	k := DefaultKeyMap()
	hints := []key.Binding{as(k.Back, "esc", "back"), as(k.Down, "↑↓", "system"), as(k.Pin, "p", "pin base"), as(k.Quit, "q", "quit")}
	h := ready(t, demoDataset(t), 100, 30).c.help
	h.ShortSeparator = " · "
	line := keyLine(hints...)
	for w := 1; w <= render.Cells(line)+1; w++ {
		got, want := fitHelp(h, w, hints), fitKeyLine(line, w)
		if got != want {
			t.Errorf("%d columns: the key footer is %q, the plain one %q", w, got, want)
		}
		if render.Cells(got) > w {
			t.Errorf("%d columns: footer %q is wider", w, got)
		}
	}
}

// TestHelpSaysTheSortCycle: the help lists the sorts in the order o goes
// through them with a baseline and chrF and TER shown, each by the first
// word of the name its status gives it (it said "score/line/Δ/impact/…",
// where o goes score, line, length, BP, Δ, impact, chrF, TER).
func TestHelpSaysTheSortCycle(t *testing.T) {
	m := press(t, ready(t, demoDataset(t), 120, 40), "M", "M")
	if !m.c.met.showChrF || !m.c.met.showTER || m.list.view.Other < 0 {
		t.Fatalf("M M: chrF %v, TER %v shown, baseline %d; the test wants both and a baseline", m.c.met.showChrF, m.c.met.showTER, m.list.view.Other)
	}
	var words []string
	for first := m.list.view.Sort; len(words) == 0 || m.list.view.Sort != first; m = press(t, m, "o") {
		if len(words) > 20 {
			t.Fatalf("o does not come back to %v: %q", first, words)
		}
		word, _, _ := strings.Cut(sortNames[m.list.view.Sort], " ")
		words = append(words, word)
	}
	want := "o sorts the list by " + strings.Join(words, ", ") + ", in turn"
	if help := strings.Join(strings.Fields(ansi.Strip(helpContent(m.c, 120))), " "); !strings.Contains(help, want) {
		t.Errorf("the help does not say %q:\n%s", want, help)
	}
}

// TestHelpEntriesFitColumn: every key's help on the help screen fits its
// column whole, so none is cut (the sort key's read
// "sort: score/line/…/Δ/impact/…" even at 130 columns).
func TestHelpEntriesFitColumn(t *testing.T) {
	groups := slices.Concat(DefaultKeyMap().FullHelp(), DefaultWalkthroughKeyMap().FullHelp(), LessonsKeyMap().FullHelp())
	for _, k := range slices.Concat(groups...) {
		h := k.Help()
		if line := render.PadRight(h.Key, 8) + " " + h.Desc; render.Cells(line) > helpColumn {
			t.Errorf("%q is %d cells; the help's column is %d", line, render.Cells(line), helpColumn)
		}
	}
}

// TestTokenizerAndCaseKeysSay: t and l say on the status line what the
// scores now use, as o and M do (they changed every score and said
// nothing), at every width; when they leave a drill-down, the note that
// says so is said alone.
func TestTokenizerAndCaseKeysSay(t *testing.T) {
	for _, size := range [][2]int{{60, 16}, {120, 40}} {
		m := ready(t, demoDataset(t), size[0], size[1])
		for range scoring.TokenizerNames {
			m = press(t, m, "t")
			want := "scoring with the " + m.c.set.Corpus.Tokenize + " tokenizer"
			if !strings.Contains(ansi.Strip(m.View()), want) {
				t.Errorf("%v t: tokenizer %s; the screen does not say %q (status %q)", size, m.c.set.Corpus.Tokenize, want, m.statusText())
			}
		}
		for _, want := range []string{"scoring lowercased", "scoring with case as written"} {
			m = press(t, m, "l")
			if lc := m.c.set.Corpus.Lowercase; lc != (want == "scoring lowercased") || !strings.Contains(ansi.Strip(m.View()), want) {
				t.Errorf("%v l: lowercase %v; the screen does not say %q (status %q)", size, lc, want, m.statusText())
			}
		}
	}
	m := openAnalysisScreen(t, ready(t, demoDataset(t), 120, 30))
	m = press(t, m, "enter", "l")
	if !m.list.fromAnalysis || !strings.HasPrefix(m.statusText(), "scoring lowercased") {
		t.Errorf("l in a drill-down: drill-down %v, status %q; want it kept, saying what l did", m.list.fromAnalysis, m.statusText())
	}
}

// TestDrillOptionWarnings: in a drill-down, which an option key keeps,
// c and m to NLTK's methods 5-7 warn as they do on the list: c of the
// thresholds of the drill-down's own filter and of the filter it gives
// back when left, which before went unsaid under "back to the analysis".
func TestDrillOptionWarnings(t *testing.T) {
	says := func(t *testing.T, m Model, what, want string) {
		t.Helper()
		if m.screen != screenMain || !m.list.fromAnalysis || !strings.HasPrefix(m.statusText(), want) {
			t.Errorf("%s at %d columns: screen %v, drill-down %v, status %q; want the drill-down, and the status to say %q", what, m.c.width, m.screen, m.list.fromAnalysis, m.statusText(), want)
		}
	}
	const toNLTK = "the filter's bleu and delta thresholds keep their numbers, now read on NLTK's 0–1 scale"
	for _, w := range []int{60, 120} {
		m := filterBy(t, ready(t, demoDataset(t), w, 24), "bleu<80")
		m = press(t, openAnalysisScreen(t, m), "enter", "c")
		says(t, m, "c behind bleu<80", "the filter the drill-down's esc gives back keeps its bleu and delta thresholds, now read on NLTK's 0–1 scale")
		m = press(t, m, "c")
		says(t, m, "c back behind bleu<80", "the filter the drill-down's esc gives back keeps its bleu and delta thresholds, now read on sacrebleu's 0–100 scale")

		m = filterBy(t, press(t, openAnalysisScreen(t, ready(t, demoDataset(t), w, 24)), "enter"), "bleu<80")
		m = press(t, m, "c")
		says(t, m, "c with the drill-down's own bleu<80", toNLTK)

		m = press(t, ready(t, demoDataset(t), w, 24), "c", "m", "m", "m", "m")
		m = press(t, openAnalysisScreen(t, m), "enter", "m")
		says(t, m, "m to method 5", "NLTK method 5: its corpus_bleu smooths every order")
		m = press(t, m, "m")
		says(t, m, "m to method 6", "NLTK method 6: its corpus_bleu smooths every order")
	}
}

// TestOptionKeysSay: s, + and -, and c say on the status line what the
// scores now use, as t and l do (they changed every score and said
// nothing, c only when the filter had thresholds), each on the footer's
// one line at 60 columns as at 120 (s with its note that the corpus BLEU
// stays on two); when they leave a drill-down, the note that says so is
// said alone.
func TestOptionKeysSay(t *testing.T) {
	says := func(t *testing.T, m Model, what, want string) {
		t.Helper()
		if f := lastLine(m.View()); !strings.Contains(f, want) {
			t.Errorf("%s at %dx%d: the footer is %q; want it to say %q (status %q)", what, m.c.width, m.c.height, f, want, m.statusText())
		}
	}
	for _, size := range [][2]int{{60, 16}, {120, 40}} {
		m := ready(t, demoDataset(t), size[0], size[1])
		for _, s := range []struct{ smooth, want string }{
			{"floor", "scoring with floor smoothing 0.1 (s: the next)"},
			{"add-k", "scoring with add-k smoothing 1 (s: the next)"},
			{"none", "scoring with no smoothing (s: the next)"},
			{"exp", "scoring with exp smoothing (s: the next)"},
		} {
			m = press(t, m, "s")
			if got := m.c.set.Corpus.Smooth; got != s.smooth {
				t.Fatalf("s: smoothing %s; want %s", got, s.smooth)
			}
			// Where the corpus BLEU stays, the status says so too, and at
			// 60 columns takes the footer's two lines (footerOverflow).
			lines := strings.Split(m.View(), "\n")
			if f := strings.Join(lines[len(lines)-2:], " "); !strings.Contains(f, s.want) {
				t.Errorf("s at %dx%d: the footer is %q; want it to say %q (status %q)", m.c.width, m.c.height, f, s.want, m.statusText())
			}
		}
		for n := 5; n <= scoring.MaxOrderLimit; n++ {
			m = press(t, m, "+")
			want := fmt.Sprintf("max order %d (+ raises it, - lowers it)", n)
			if n == scoring.MaxOrderLimit {
				want = fmt.Sprintf("max order %d, the highest (- lowers it)", n)
			}
			says(t, m, "+", want)
		}
		for n := scoring.MaxOrderLimit - 1; n >= 1; n-- {
			m = press(t, m, "-")
			want := fmt.Sprintf("max order %d (+ raises it, - lowers it)", n)
			if n == 1 {
				want = "max order 1, the lowest (+ raises it)"
			}
			says(t, m, "-", want)
		}
		if m.c.set.Corpus.MaxOrder != 1 {
			t.Fatalf("max order %d after the presses; want 1", m.c.set.Corpus.MaxOrder)
		}
		m = press(t, m, "s", "c")
		says(t, m, "c", "NLTK scoring, 0–1, smoothing method0 (c: sacrebleu)")
		for meth := 1; meth <= 8; meth++ {
			m = press(t, m, "m")
			want := fmt.Sprintf("scoring with NLTK's smoothing method%d (m: the next)", meth%8)
			if meth%8 >= 5 { // 5-7 warn of NLTK's corpus smoothing instead
				want = fmt.Sprintf("NLTK method %d: its corpus_bleu smooths every order", meth)
			}
			if !strings.Contains(m.statusText(), want) {
				t.Errorf("m to method %d: status %q; want it to say %q", meth%8, m.statusText(), want)
			} else if meth%8 < 5 {
				says(t, m, "m", want)
			}
		}
		m = press(t, m, "c")
		says(t, m, "c back", "sacrebleu scoring, 0–100, floor smoothing 0.1 (c: nltk)")
	}

	set := model.DefaultSettings()
	set = set.WithOption(func(o *scoring.Options) {
		o.Compat, o.NLTK.Weights = scoring.CompatNLTK, scoring.NewWeights([]float64{0.4, 0.3, 0.2, 0.1})
	})
	next, _ := New(demoDataset(t), set).Update(tea.WindowSizeMsg{Width: 60, Height: 16})
	m := next.(Model)
	m = press(t, drive(t, m, m.Init()), "+")
	if m.c.set.Corpus.NLTK.Weights.Len() != 0 {
		t.Errorf("+ with 4 weights: weights %v; want none (uniform)", m.c.set.Corpus.NLTK.Weights.Slice())
	}
	says(t, m, "+ with 4 weights", "max order 5, weights now uniform (+ raises it, - lowers it)")

	// In a drill-down, which they keep, as on the list.
	for _, k := range []string{"s", "+", "-", "c", "m"} {
		m := ready(t, demoDataset(t), 120, 30)
		if k == "m" { // to NLTK's method 1: m gives 2, without a warning
			m = press(t, m, "c", "m")
		}
		// Without the corpus note of s, which a drill-down's status leaves
		// out (corpusUnchangedNote: the header gives its rows' BLEU).
		onList, _, _ := strings.Cut(press(t, m, k).statusText(), " · ")
		m = press(t, openAnalysisScreen(t, m), "enter", k)
		if !m.list.fromAnalysis || !strings.HasPrefix(m.statusText(), onList) {
			t.Errorf("%s in a drill-down: drill-down %v, status %q; want it kept, the status saying %q as on the list", k, m.list.fromAnalysis, m.statusText(), onList)
		}
	}
}

// TestHelpFromWalkthrough: ? in the walk-through shows the help, and esc
// there comes back to the step it was on. Before, ? did nothing there.
func TestHelpFromWalkthrough(t *testing.T) {
	m := press(t, ready(t, demoDataset(t), 100, 30), "e", "right", "right")
	title := func(v string) string { // the step's title line
		for _, l := range strings.Split(v, "\n") {
			if strings.Contains(l, " of 6") {
				return strings.TrimSpace(l)
			}
		}
		return ""
	}
	at := title(m.View())
	if !strings.Contains(at, "2.2 Bigrams") {
		t.Fatalf("e → →: not on the bigrams' clipping:\n%s", m.View())
	}
	m = press(t, m, "?")
	if m.screen != screenHelp || !strings.Contains(m.View(), "filter (see Filtering below)") {
		t.Fatalf("? in the walk-through: screen %d:\n%s", m.screen, m.View())
	}
	m = press(t, m, "esc")
	if m.screen != screenExplain || title(m.View()) != at {
		t.Errorf("esc from the help: screen %d, title %q; want the walk-through at %q", m.screen, title(m.View()), at)
	}
}

// TestKeyFormsFitLikeStatusLines: a footer's wordings are chosen as other
// status lines' are ([render.FirstFit]): one that some terminals draw a
// cell wider than the window, which Clip would cut, gives way to a
// shorter one, and when none fits whole the last leaves its last hints
// out ([fitKeyLine]).
func TestKeyFormsFitLikeStatusLines(t *testing.T) {
	full, short := "e 👍🏽 · q quit", "e ok · q quit" // 15 cells (16 on some terminals), 13
	for _, c := range []struct {
		w    int
		want string
	}{{16, full}, {15, short}, {13, short}, {10, "e ok …"}} {
		got := fitKeyForms(c.w, full, short)
		if got != c.want {
			t.Errorf("%d columns: %q; want %q", c.w, got, c.want)
		}
		if render.Clip(got, c.w) != got {
			t.Errorf("%d columns: Clip cuts %q", c.w, got)
		}
	}
}

// TestFitHintsLikeStatusLines: the footer's hints are fitted by the rule
// every status line follows ([render.Fits]): a line of hints that some
// terminals draw a cell wider than the window, which Clip would cut, leaves
// its last hints out instead; before, fitHints measured with Cells alone
// and kept it, to be cut by one cell. The help's short view (fitHelp)
// chooses among its forms the same way.
func TestFitHintsLikeStatusLines(t *testing.T) {
	line := "e walk · q 👍🏽" // 15 cells on terminals that count code points, 13 on others
	for _, c := range []struct {
		w    int
		want string
	}{{16, line}, {15, "e walk …"}, {8, "e walk …"}, {5, "e wa…"}} {
		got := fitKeyLine(line, c.w)
		if got != c.want {
			t.Errorf("fitKeyLine at %d columns: %q; want %q", c.w, got, c.want)
		}
		if render.Clip(got, c.w) != got {
			t.Errorf("fitKeyLine at %d columns: Clip cuts %q", c.w, got)
		}
	}
	h := help.New()
	wide := []key.Binding{key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "👍🏽"))}
	plain := []key.Binding{key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "ok"))}
	w := render.Cells(h.ShortHelpView(wide))
	if got := fitHelp(h, w, wide, plain); got != h.ShortHelpView(plain) {
		t.Errorf("fitHelp at %d columns: %q; want the form every terminal draws whole, %q", w, got, h.ShortHelpView(plain))
	}
}

// keysFromTerminal returns the key messages bubbletea's terminal reader
// makes of the bytes in, as a running program receives them.
func keysFromTerminal(t *testing.T, in string) []tea.KeyMsg {
	t.Helper()
	rec := &keyRecorder{}
	p := tea.NewProgram(rec, tea.WithInput(strings.NewReader(in)), tea.WithOutput(io.Discard), tea.WithoutRenderer(), tea.WithoutSignalHandler())
	done := make(chan error, 1)
	go func() { _, err := p.Run(); done <- err }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		p.Kill()
		t.Fatalf("bubbletea read no key from %q", in)
	}
	return rec.keys
}

// keyRecorder is a program that keeps the first key it gets and quits.
type keyRecorder struct{ keys []tea.KeyMsg }

func (r *keyRecorder) Init() tea.Cmd { return nil }
func (r *keyRecorder) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok {
		r.keys = append(r.keys, k)
		return r, tea.Quit
	}
	return r, nil
}
func (r *keyRecorder) View() string { return "" }

// TestDoubleEscIsTwoPresses: two Escapes read together reach the program
// as one key, alt+esc; it does what esc pressed twice does: from the help
// over a filtered list, back to the list and the filter cleared; from
// the analysis screen, back to the list (not left open for the next key).
func TestDoubleEscIsTwoPresses(t *testing.T) {
	keys := keysFromTerminal(t, "\x1b\x1b")
	if len(keys) != 1 || keys[0].Type != tea.KeyEscape || !keys[0].Alt {
		t.Fatalf("bubbletea reads \"\\x1b\\x1b\" as %v; the explorer expects one alt+esc", keys)
	}
	base := press(t, ready(t, demoDataset(t), 100, 30), "/")
	base = press(t, typeText(t, base, "rain"), "enter")
	for _, c := range []struct {
		name string
		open func(Model) Model
	}{
		{"help", func(m Model) Model { return press(t, m, "?") }},
		{"analysis", func(m Model) Model { return openAnalysisScreen(t, m) }},
	} {
		twice := press(t, c.open(base), "esc", "esc")
		if twice.screen != screenMain || twice.list.view.Filter != "" {
			t.Fatalf("%s, esc esc: screen %v, filter %q; want the list, unfiltered", c.name, twice.screen, twice.list.view.Filter)
		}
		next, cmd := c.open(base).Update(keys[0])
		m := drive(t, next.(Model), cmd)
		if m.screen != twice.screen || m.list.view.Filter != twice.list.view.Filter {
			t.Errorf("%s, two Escapes together: screen %v, filter %q; want those of esc esc, screen %v, filter %q",
				c.name, m.screen, m.list.view.Filter, twice.screen, twice.list.view.Filter)
		}
	}
}

// TestEscThenKeyIsTwoPresses: an Escape read together with the key after
// it (esc, then o or ↓ at once) reaches the program as one key, alt+o or
// alt+down; the explorer, which binds no alt key, does what esc then that
// key does: from the help, back to the list, sorted anew or moved down.
// Before, the key did nothing and the help stayed open. In the filter's
// prompt it cancels the prompt, then sorts; before, "o" was typed into the
// filter and the esc lost.
func TestEscThenKeyIsTwoPresses(t *testing.T) {
	keys := keysFromTerminal(t, "\x1bo")
	if len(keys) != 1 || keys[0].Type != tea.KeyRunes || string(keys[0].Runes) != "o" || !keys[0].Alt {
		t.Fatalf("bubbletea reads \"\\x1bo\" as %v; the explorer expects one alt+o", keys)
	}
	base := ready(t, demoDataset(t), 100, 30)
	want := press(t, base, "?", "esc", "o")
	next, cmd := press(t, base, "?").Update(keys[0])
	m := drive(t, next.(Model), cmd)
	if m.screen != screenMain || m.list.view.Sort != want.list.view.Sort || m.list.view.Sort == base.list.view.Sort {
		t.Errorf("alt+o on the help: screen %v, sort %v; want those of esc then o, screen %v, sort %v", m.screen, m.list.view.Sort, want.screen, want.list.view.Sort)
	}
	down := keysFromTerminal(t, "\x1b\x1b[B")
	if len(down) != 1 || down[0].Type != tea.KeyDown || !down[0].Alt {
		t.Fatalf("bubbletea reads esc then ↓ as %v; the explorer expects one alt+down", down)
	}
	wantDown := press(t, base, "?", "esc", "down")
	next, cmd = press(t, base, "?").Update(down[0])
	m = drive(t, next.(Model), cmd)
	if m.screen != screenMain || m.list.cursor != wantDown.list.cursor || m.list.cursor == base.list.cursor {
		t.Errorf("alt+down on the help: screen %v, cursor %d; want those of esc then ↓, screen %v, cursor %d", m.screen, m.list.cursor, wantDown.screen, wantDown.list.cursor)
	}
	typed := typeText(t, press(t, base, "/"), "ab")
	wantTyped := press(t, typed, "esc", "o")
	next, cmd = typed.Update(keys[0])
	m = drive(t, next.(Model), cmd)
	if m.list.typing != typingNone || m.list.view.Filter != "" || m.list.view.Sort != wantTyped.list.view.Sort {
		t.Errorf("alt+o in the filter's prompt: typing %v, filter %q, sort %v; want those of esc then o: the prompt cancelled, sort %v",
			m.list.typing, m.list.view.Filter, m.list.view.Sort, wantTyped.list.view.Sort)
	}
}
