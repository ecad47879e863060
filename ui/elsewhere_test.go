package ui

import (
	"slices"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// TestKeysSaidNotSwallowed: on the analysis, the comparison, the
// annotation summary and a segment's list of annotations (E), a key of
// the list's that does nothing there says where it works, or what it
// needs (a researcher pressed :, X and A on the analysis, h, x, e, v, S
// and ←/→ on the comparison, %, r, R, l and M on the summary, S, N and /
// in E's list, and nothing happened). Every key of the help is pressed:
// each changes the screen or says something, but for the moves, silent
// at a table's end, and the keys listed as the screen's own.
func TestKeysSaidNotSwallowed(t *testing.T) {
	for _, tc := range []struct {
		name   string
		open   func() Model
		keys   map[string]string // a key and what its status says
		silent []string          // the screen's own keys, with nothing to do on the demo
	}{
		{"analysis", func() Model { return openAnalysisScreen(t, ready(t, demoDataset(t), 120, 40)) },
			map[string]string{":": ": (jump to line) works on the list: esc to it", "X": "X (export the list to a file) works on the list",
				"A": "annotating needs an annotation file", "T": "T picks the comparison's test"},
			[]string{"0", "a"}}, // every order is shown already
		{"comparison", func() Model { return press(t, ready(t, demoDataset(t), 60, 16), "B") },
			map[string]string{"h": "h (charts", "x": "x (full clip ledger) works on the list", "e": "e (walk through segment) works",
				"v": "v (two hypotheses stacked) works on the list: esc to it", "S": "needs annotations: start",
				"left": "← moves between the analysis's tables", "right": "→ moves between the analysis's tables"},
			nil},
		{"summary", func() Model { m, _ := annotating(t, 120, 40); return press(t, m, "S") },
			map[string]string{"%": "% (segment score 0-100) works on the list: esc to it", "r": "r (reverse sort) works on the list",
				"o": "o (next/prev sort) works on the list: esc to it",
				"R": "R (score: all refs / each alone) works on the list", "l": "l (toggle lowercase) works on the list", "M": "M (chrF / chrF+TER / BLEU alone) works on the list",
				"right": "→ moves between the analysis's tables"},
			[]string{"J", "K", "ctrl+d", "ctrl+u", "enter"}}, // nothing to scroll or open
		{"annotation list", func() Model { // E on a segment with an error marked: the list has the keyboard
			m, _ := annotating(t, 120, 40)
			return press(t, m, "A", "x", "a", "m", "M", "enter", "E")
		}, map[string]string{"S": "S (summary: MQM beside BLEU) works once these annotations are closed: esc, then S",
			"N": "N (mark segment: no error) works once", "/": "/ (filter) works once", "X": "X (export the list to a file) works once",
			"T":     "T picks the comparison's test (paired bootstrap or approximate randomization): esc, then B",
			"right": "→ moves between the analysis's tables (n-grams, buckets, wins): esc, then n"},
			nil},
	} {
		base := tc.open()
		for k, want := range tc.keys {
			if m := press(t, base, k); m.screen != base.screen || !strings.Contains(m.statusText(), want) {
				t.Errorf("%s: %s gives screen %v, status %q; want %v, %q", tc.name, k, m.screen, m.statusText(), base.screen, want)
			}
		}
		k := base.c.keys
		moves := slices.Concat(k.Up.Keys(), k.Down.Keys(), k.PageUp.Keys(), k.PageDown.Keys(), k.Top.Keys(), k.Bottom.Keys())
		before := ansi.Strip(base.View())
		for _, group := range k.FullHelp() {
			for _, b := range group {
				for _, key := range b.Keys() {
					if key == "mouse" || slices.Contains(moves, key) || slices.Contains(tc.silent, key) || slices.Contains(k.Quit.Keys(), key) {
						continue
					}
					if m := press(t, base, key); m.statusText() == "" && ansi.Strip(m.View()) == before {
						t.Errorf("%s: %q does nothing and says nothing", tc.name, key)
					}
				}
			}
		}
	}
}

// TestAnnotationListQuitHelpAndA: in a segment's list of annotations (E),
// q quits and ? shows the help, esc coming back to the list, as on every
// screen, E, which opened it, says that esc closes it, and A, which
// marks an error on the list, adds one as a does; before, all four were
// swallowed without a word.
func TestAnnotationListQuitHelpAndA(t *testing.T) {
	m, _ := annotating(t, 120, 40)
	m = press(t, m, "A", "x", "a", "m", "M", "enter", "E")
	if !m.annListOpen() {
		t.Fatalf("E does not open the segment's list:\n%s", m.View())
	}
	if _, cmd := m.Update(keyMsg("q")); len(msgsOf[tea.QuitMsg](cmd)) != 1 {
		t.Errorf("q in E's list does not quit")
	}
	help := press(t, m, "?")
	if help.screen != screenHelp {
		t.Fatalf("? in E's list gives screen %v; want the help", help.screen)
	}
	if back := press(t, help, "esc"); !back.annListOpen() {
		t.Errorf("esc from the help does not come back to E's list:\n%s", back.View())
	}
	if e := press(t, m, "E"); !e.annListOpen() || !strings.Contains(e.statusText(), "esc closes the list") {
		t.Errorf("E in E's list: open %v, status %q; want it open, saying how to close it", e.annListOpen(), e.statusText())
	}
	if a := press(t, m, "A"); a.ann.step != stepSpan {
		t.Errorf("A in E's list gives step %v; want the span step, as a", a.ann.step)
	}
}
