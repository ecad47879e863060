package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// TestStripKeptLayoutIsCurrent checks that the strip drawn from the
// marked text kept by stripLines is the strip laid out afresh, after the
// selection moves, the width changes (the texts wrapped anew) and an annotation is added.
func TestStripKeptLayoutIsCurrent(t *testing.T) {
	ds := demoDataset(t)
	for _, sys := range ds.Systems { // texts that wrap at 120 columns and more at 60
		for i, h := range sys.Hyps {
			sys.Hyps[i] = strings.Repeat(h+" ", 3)
		}
	}
	m, _ := annotatingOn(t, ds, 120, 40)
	m = annotateFirstTwo(t, m)
	check := func(when string) {
		t.Helper()
		sel := m.list.selection(m.c)
		if !m.ann.strip.of(m.ann.res, m.c, sel) {
			t.Fatalf("%s: the strip's marked text is not kept for the selection", when)
		}
		fresh := m.ann
		fresh.strip = stripText{}
		if got, want := m.ann.stripView(m.c, sel), fresh.stripView(m.c, sel); got != want {
			t.Errorf("%s: the strip drawn from the kept layout\n%s\nwant, laid out afresh,\n%s", when, got, want)
		}
	}
	check("at first")
	m = press(t, m, "k")
	check("after moving up")
	next, _ := m.Update(tea.WindowSizeMsg{Width: 60, Height: 40})
	m = next.(Model)
	check("at 60 columns")
	m = press(t, m, "A", "right", " ", "right", "right", " ", "a", "m", "M")
	m = typeText(t, m, "another")
	m = press(t, m, "enter")
	check("after adding an annotation")
}

// TestStripMarksWholeSegment: an error of the whole segment is marked in
// the strip, in a line of its severity's mark above the hypothesis; before,
// the strip's marked text left it out (only the list named it).
func TestStripMarksWholeSegment(t *testing.T) {
	m, _ := annotating(t, 120, 40)
	m = press(t, m, "A", "x", "a", "m", "C", "enter")
	sel := m.list.selection(m.c)
	_, marked, _ := m.ann.stripParts(m.c, sel)
	plain := ansi.Strip(strings.Join(marked, "\n"))
	hyp := m.c.ds.Systems[sel.sys].Hyps[sel.seg]
	if !strings.HasPrefix(plain, strings.Repeat(" ", annLabelW)+"C whole segment\nhyp") || !strings.Contains(plain, strings.Fields(hyp)[0]) {
		t.Errorf("the strip's marked text of a critical whole-segment error is\n%s\nwant a line 'C whole segment' above the hypothesis", plain)
	}
}
