package ui

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/bleuscope/bleuscope/ui/render"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	// golden defines the -update flag the goldens here honour too.
	_ "github.com/charmbracelet/x/exp/golden"
)

// wtKey turns a key name into a KeyMsg ("esc", "tab", … or runes).
func wtKey(s string) tea.KeyMsg {
	named := map[string]tea.KeyType{
		"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
		"esc": tea.KeyEsc, "tab": tea.KeyTab, "shift+tab": tea.KeyShiftTab, " ": tea.KeySpace,
		"pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown, "home": tea.KeyHome, "end": tea.KeyEnd,
		"backspace": tea.KeyBackspace, "delete": tea.KeyDelete, "ctrl+u": tea.KeyCtrlU,
		"ctrl+w": tea.KeyCtrlW, "ctrl+k": tea.KeyCtrlK, "ctrl+a": tea.KeyCtrlA, "ctrl+e": tea.KeyCtrlE,
		"ctrl+r": tea.KeyCtrlR,
	}
	if k, ok := named[s]; ok {
		return tea.KeyMsg{Type: k}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)}
}

// wtFits fails when view is taller than h or has a line wider than w.
func wtFits(t *testing.T, name, view string, w, h int) {
	t.Helper()
	lines := strings.Split(view, "\n")
	if len(lines) > h {
		t.Errorf("%s at %d×%d: %d lines", name, w, h, len(lines))
	}
	for i, l := range lines {
		if lw := lipgloss.Width(l); lw > w {
			t.Errorf("%s at %d×%d: line %d is %d cells: %q", name, w, h, i+1, lw, l)
		}
	}
}

// wtGolden compares got with testdata/name.golden (-update writes it).
func wtGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if f := flag.Lookup("update"); f != nil && f.Value.String() == "true" {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from %s (run with -update if intended)\n got:\n%s\nwant:\n%s", name, path, got, want)
	}
}

// newTheThe is the walk-through of the BLEU paper's "the the …" example
// with --max-order 1 -t none.
func newTheThe(t *testing.T, w, h int) Walkthrough {
	t.Helper()
	opt := scoring.SentenceOptions()
	opt.MaxOrder, opt.Tokenize = 1, "none"
	return newWalk(t, "the the the the the the the", []string{"the cat is on the mat", "there is a cat on the mat"}, opt, w, h)
}

func newWalk(t *testing.T, hyp string, refs []string, opt scoring.Options, w, h int) Walkthrough {
	t.Helper()
	d, err := scoring.Explain(hyp, refs, opt)
	if err != nil {
		t.Fatal(err)
	}
	res, err := scoring.Evaluate(d.Stats, opt, scoring.LastSegment{Hyp: hyp, Refs: refs})
	if err != nil {
		t.Fatal(err)
	}
	return NewWalkthrough(d, res, opt, render.DefaultStyles(), w, h, render.WithText(hyp, refs))
}

func TestWalkthroughComponentNavigation(t *testing.T) {
	w := newTheThe(t, 80, 24)
	last := len(w.Steps()) - 1
	if last != 5 {
		t.Fatalf("%d steps; want 6 (tokens, unigrams, precisions, mean, BP, result)", last+1)
	}
	steps := []struct {
		key  string
		want int
	}{
		{"right", 1}, {"l", 2}, {"n", 3}, {" ", 4}, {"right", 5}, {"right", 5},
		{"left", 4}, {"h", 3}, {"p", 2}, {"home", 0}, {"left", 0}, {"end", 5}, {"g", 0}, {"G", 5},
	}
	for _, s := range steps {
		w, _ = w.Update(wtKey(s.key))
		if w.Step() != s.want {
			t.Fatalf("after %q: step %d; want %d", s.key, w.Step(), s.want)
		}
		if !strings.Contains(w.View(), fmt.Sprintf("step %d of 6", s.want+1)) {
			t.Fatalf("after %q: view does not say step %d of 6", s.key, s.want+1)
		}
		if w.Closed() {
			t.Fatalf("closed by %q", s.key)
		}
	}
	if c, _ := w.Update(wtKey("esc")); !c.Closed() {
		t.Error("esc did not close the walk-through")
	}
	// q quits the explorer, which takes it first (TestQQuitsFromScreens).
	if c, _ := w.Update(wtKey("q")); c.Closed() {
		t.Error("q closed the walk-through; the explorer quits on it")
	}
}

func TestWalkthroughComponentHighlights(t *testing.T) {
	w := newTheThe(t, 80, 40)
	w, _ = w.Update(wtKey("right"))
	if cur := w.Current(); cur.Order != 1 {
		t.Fatalf("step 2 highlights order %d; want 1", cur.Order)
	}
	v := w.View()
	for _, want := range []string{"hyp    the the the the the the the", "       ^^^ ^^^ ~~~ ~~~ ~~~ ~~~ ~~~", "modified precision 2/7 = 28.57%"} {
		if !strings.Contains(v, want) {
			t.Errorf("step 2 view lacks %q:\n%s", want, v)
		}
	}
	wtGolden(t, "walkthrough_thethe_step2", v)
}

func TestWalkthroughComponentScroll(t *testing.T) {
	w := newTheThe(t, 60, 16)
	w, _ = w.Update(wtKey("right")) // the unigram step is longer than 12 lines
	top := w.View()
	w, _ = w.Update(wtKey("j"))
	if w.View() == top {
		t.Fatal("j did not scroll")
	}
	bodyLine := func(v string) string { return strings.Split(v, "\n")[2] }
	second := bodyLine(w.View())
	if !strings.Contains(top, second) || bodyLine(top) == second {
		t.Errorf("j should move the text up one line: top %q, then %q", bodyLine(top), second)
	}
	w, _ = w.Update(wtKey("k"))
	if w.View() != top {
		t.Error("k did not scroll back")
	}
	w, _ = w.Update(wtKey("pgdown"))
	w, _ = w.Update(tea.MouseMsg{Button: tea.MouseButtonWheelUp})
	w, _ = w.Update(wtKey("pgup"))
	if w.View() != top {
		t.Error("pgdown, wheel up, pgup did not come back to the top")
	}
	// A new step starts at its top.
	w, _ = w.Update(wtKey("j"))
	w, _ = w.Update(wtKey("right"))
	w, _ = w.Update(wtKey("left"))
	if w.View() != top {
		t.Error("returning to a step did not show it from the top")
	}
}

func TestWalkthroughComponentFits(t *testing.T) {
	refs := []string{"It is a guide to action that ensures that the military will forever heed Party commands",
		"It is the guiding principle which guarantees the military forces always being under the command of the Party",
		"It is the practical guide for the army always to heed the directions of the party"}
	hyp := "It is a guide to action which ensures that the military always obeys the commands of the party"
	for _, size := range [][2]int{{60, 16}, {80, 24}, {200, 50}} {
		w := newWalk(t, hyp, refs, scoring.SentenceOptions(), size[0], size[1])
		for i := range w.Steps() {
			wtFits(t, fmt.Sprintf("step %d", i+1), w.View(), size[0], size[1])
			w, _ = w.Update(wtKey("right"))
		}
	}
	// Resizing renders the steps again for the new width, keeping the step.
	w := newWalk(t, hyp, refs, scoring.SentenceOptions(), 120, 30)
	w, _ = w.Update(wtKey("right"))
	w, _ = w.Update(tea.WindowSizeMsg{Width: 60, Height: 16})
	if w.Step() != 1 {
		t.Errorf("resize moved to step %d", w.Step())
	}
	wtFits(t, "after resize", w.View(), 60, 16)
	w, _ = w.Update(wtKey("end"))
	wtGolden(t, "walkthrough_guide_result", w.SetSize(80, 24).View())
}

// TestWalkthroughNLTKErrorAdvice: in the explorer, the walk-through of a
// segment NLTK raises on says to change the method with the explorer's
// key, not with explain's --nltk-smoothing flag.
func TestWalkthroughNLTKErrorAdvice(t *testing.T) {
	opt := scoring.SentenceOptions()
	opt.Compat = scoring.CompatNLTK
	opt.NLTK.Smoothing.Method = 6
	in := model.Explain(model.Segment{Hyp: "the cat sat on a mat", Refs: []string{"the cat is sitting on the mat"}}, opt)
	if in.EvalErr == nil {
		t.Fatal("Explain: want NLTK's method6 error")
	}
	l := newWalkthroughLearner(in, walkSubject{line: "line 1", system: "s"}, render.DefaultStyles(), 120, 40)
	l, _ = l.update(wtKey("end"))
	view := strings.Join(strings.Fields(l.view()), " ")
	key := DefaultKeyMap().NLTKMethod.Help().Key
	if !strings.Contains(view, key+" cycles NLTK's methods") || strings.Contains(view, "--nltk-smoothing") {
		t.Errorf("the last step should name the %s key and no flag:\n%s", key, l.view())
	}
}

// TestWalkthroughCountsAsTitlesNumber: at 60×16, each step's heading
// counts the steps as the titles number them (1, 2.1–2.4, 3–6): "step 2
// of 6" over "2.3 Trigrams", "step 6 of 6" over "6 Result"; it said "step
// 4 of 9" and "step 9 of 9", a count that disagreed with the numbering.
func TestWalkthroughCountsAsTitlesNumber(t *testing.T) {
	refs := []string{"It is a guide to action that ensures that the military will forever heed Party commands"}
	w := newWalk(t, "It is a guide to action which ensures that the military always obeys the commands of the party", refs, scoring.SentenceOptions(), 60, 16)
	want := []string{"1 Tokens", "2.1 ", "2.2 ", "2.3 ", "2.4 ", "3 ", "4 ", "5 ", "6 Result"}
	for i, title := range want {
		head := strings.SplitN(ansi.Strip(w.View()), "\n", 2)[0]
		count := "step " + title[:1] + " of 6"
		if !strings.HasPrefix(head, title) || !strings.HasSuffix(head, count) {
			t.Errorf("step %d: heading %q; want %q…%q", i+1, head, title, count)
		}
		w, _ = w.Update(wtKey("right"))
	}
}

// TestWalkthroughOptionKeysSayWhere: an option key of the list (t, s, +,
// -, c, m) pressed in the walk-through says in the footer where it works,
// and the next key brings the footer's keys back. Before, it did nothing
// and said nothing, and a teacher pressing s to show another smoothing
// saw the same numbers.
func TestWalkthroughOptionKeysSayWhere(t *testing.T) {
	for _, k := range []string{"t", "s", "+", "-", "c", "m"} {
		for _, size := range [][2]int{{60, 16}, {100, 30}} {
			m := press(t, ready(t, demoDataset(t), size[0], size[1]), "e", k)
			lines := strings.Split(ansi.Strip(m.View()), "\n")
			if foot := lines[len(lines)-1]; !strings.Contains(foot, "esc first: options change on the list") {
				t.Errorf("%s at %d×%d: footer %q; want where the options change", k, size[0], size[1], foot)
			}
			wtFits(t, "walk-through after "+k, m.View(), size[0], size[1])
			lines = strings.Split(ansi.Strip(press(t, m, "n").View()), "\n")
			if foot := lines[len(lines)-1]; !strings.Contains(foot, "esc close") {
				t.Errorf("%s then n at %d×%d: footer %q; want the keys back", k, size[0], size[1], foot)
			}
		}
	}
}

// TestWalkthroughShowsSource: with a source loaded, the walk-through's
// first step shows it above the tokens, as bleuscope explain shows it
// under its title. Before, a student following a segment from the list
// lost its German source on pressing e.
func TestWalkthroughShowsSource(t *testing.T) {
	m := press(t, ready(t, demoDataset(t), 100, 40), "e")
	view := ansi.Strip(m.View())
	if !strings.Contains(view, "src    Die Schülerinnen und Schüler protestierten für mehr Klimaschutz.") {
		t.Errorf("step 1 lacks the source of line 46:\n%s", view)
	}
	if i, j := strings.Index(view, "src    "), strings.Index(view, "hyp    "); i < 0 || j < i {
		t.Errorf("the source is not above the hypothesis:\n%s", view)
	}
}
