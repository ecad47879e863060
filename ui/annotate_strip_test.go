package ui

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model/annotations"
	"github.com/bleuscope/bleuscope/ui/render"

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
// the strip, in a line of its severity's mark below the hypothesis, where a
// span's marks stand (before, that line stood above it); before that, the
// strip's marked text left it out (only the list named it).
func TestStripMarksWholeSegment(t *testing.T) {
	m, _ := annotating(t, 120, 40)
	m = press(t, m, "A", "x", "a", "m", "C", "enter")
	sel := m.list.selection(m.c)
	_, text, _ := m.ann.stripParts(m.c, sel)
	plain := ansi.Strip(strings.Join(fitStrip(m.c.st, text, nil, 10), "\n"))
	hyp := m.c.ds.Systems[sel.sys].Hyps[sel.seg]
	if !strings.HasPrefix(plain, "hyp") || !strings.HasSuffix(plain, "\n"+strings.Repeat(" ", annLabelW)+"C whole segment") || !strings.Contains(plain, strings.Fields(hyp)[0]) {
		t.Errorf("the strip's marked text of a critical whole-segment error is\n%s\nwant a line 'C whole segment' below the hypothesis", plain)
	}
}

// TestStripSpanMarksBeforeWholeSegment: at 60×16, where the strip has
// three lines under its title, a segment with an error of the whole
// segment and one with a span shows the hypothesis with the span's marks
// under it, the whole segment's mark at the end of the line saying how
// many annotations E lists; before, "M whole segment" and the hypothesis
// took the lines and the span's marks were cut.
func TestStripSpanMarksBeforeWholeSegment(t *testing.T) {
	m, _ := annotating(t, 60, 16)
	m = press(t, m, "A", "x", "a", "m", "M", "enter")
	m = press(t, m, "A", "right", " ", "right", " ", "f", "p", "m", "enter")
	v := ansi.Strip(m.View())
	lines := strings.Split(v, "\n")
	marks := -1
	for i, l := range lines {
		if strings.HasPrefix(l, "hyp ") && i+1 < len(lines) && strings.Trim(lines[i+1], " m") == "" && strings.Contains(lines[i+1], "m") {
			marks = i + 1
		}
	}
	if marks < 0 {
		t.Errorf("no marks row of the span under the hypothesis:\n%s", v)
	}
	if !strings.Contains(v, "(E lists them) · M whole segment") {
		t.Errorf("the whole segment's mark is not on the line of the annotations E lists:\n%s", v)
	}
}

// TestStripShowsLaterLineMarks: at 60×16, a span marked on the last line
// of a hypothesis that wraps shows with its marks under it; before, the
// strip kept the hypothesis's first lines, and the line of marks, the
// only place the span shows without colour, was cut.
func TestStripShowsLaterLineMarks(t *testing.T) {
	ds := demoDataset(t)
	for _, sys := range ds.Systems { // texts that wrap at 60 columns
		for i, h := range sys.Hyps {
			sys.Hyps[i] = strings.Repeat(h+" ", 3)
		}
	}
	m, _ := annotatingOn(t, ds, 60, 16)
	m = press(t, m, "A", "end", "enter", "a", "m", "m", "enter")
	v := ansi.Strip(m.View())
	lines := strings.Split(v, "\n")
	marks := -1
	for i, l := range lines {
		if strings.HasPrefix(l, strings.Repeat(" ", annLabelW)) && strings.Trim(l, " ") != "" && strings.Trim(l, " m") == "" {
			marks = i
		}
	}
	if marks < 1 || !strings.HasSuffix(strings.TrimRight(lines[marks-1], " "), ".") {
		t.Errorf("no line of marks under the hypothesis's last line:\n%s", v)
	}
}

// TestFitStripKeepsMarksInView: short of room, the marked text shown ends
// with its first line of marks when its first lines would leave it out.
func TestFitStripKeepsMarksInView(t *testing.T) {
	marked := []string{"hyp one", "    two", "    three", "    MMMMM", "src text"}
	for _, c := range []struct {
		room, focus int
		want        []string
	}{
		{3, 3, []string{"1 a", "    three", "    MMMMM"}},
		{4, 3, []string{"1 a", "    two", "    three", "    MMMMM"}},
		{5, 3, []string{"1 a", "hyp one", "    two", "    three", "    MMMMM"}},
		{3, -1, []string{"1 a", "hyp one", "    two"}},
	} {
		if got := fitStrip(render.PlainStyles(), markedText{lines: slices.Clone(marked), focus: c.focus}, []string{"1 a"}, c.room); !slices.Equal(got, c.want) {
			t.Errorf("room %d, marks on line %d: %q; want %q", c.room, c.focus, got, c.want)
		}
	}
}

// TestRereadUnderHelpSizesTheStrip: the annotation file read again (as E
// or S starts it) lands while ? is open and brings another bleuscope's
// mark on the segment shown: once the help closes, the strip shows it and
// the pane is sized for the strip it now is, as a refresh lays them out
// (the pane kept the size of the strip before the read until then).
func TestRereadUnderHelpSizesTheStrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ann.jsonl")
	other, mine := openStore(t, path), openStore(t, path)
	m := annotatingWith(t, mine, annotations.MQM(), 120, 40)
	othersMark(t, m, other, "bo", "Major", "a note long enough to take a line of the strip of its own")
	m = press(t, m, "?")
	m = drive(t, m, m.readAnnotations())
	m = press(t, m, "esc")
	if m.screen != screenMain {
		t.Fatalf("esc on the help: screen %v; want the list", m.screen)
	}
	want := m
	want.refreshPane(false)
	if got := ansi.Strip(m.View()); got != ansi.Strip(want.View()) || !strings.Contains(got, "[bo] M Major") {
		t.Errorf("after the help, the screen:\n%s\nwant, laid out afresh with bo's mark in the strip:\n%s", got, ansi.Strip(want.View()))
	}
}
