package ui

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/fixtures"
	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/ui/render"
	"github.com/charmbracelet/x/ansi"
)

// send presses keys in l, one by one.
func send(l Lessons, keys ...string) Lessons {
	for _, k := range keys {
		l, _ = l.Update(wtKey(k))
	}
	return l
}

// typeInto clears the hypothesis and types s a rune at a time, as a
// person would.
// shows reports whether view v holds want, as words: the lessons pad
// their tables, so runs of spaces count as one.
func shows(v, want string) bool {
	flat := func(s string) string { return strings.Join(strings.Fields(ansi.Strip(s)), " ") }
	return strings.Contains(flat(v), flat(want))
}

func typeInto(l Lessons, s string) Lessons {
	l = send(l, "ctrl+u")
	for _, r := range s {
		k := string(r)
		if r == ' ' {
			k = " "
		}
		l = send(l, k)
	}
	return l
}

// tall is high enough for a lesson's whole text and figures to show.
const tall = 400

func TestLessonsTypingChangesNumbers(t *testing.T) {
	tests := []struct {
		lesson int // tabs from the first lesson
		typed  string
		before []string
		after  []string
	}{
		{0, "the cat is on the mat",
			[]string{"modified precision 2/7 = 28.57%"},
			[]string{"modified precision 6/6 = 100.00%", "sentence BLEU (N = 2) = 100.00"}},
		{1, "It is a guide to action",
			[]string{"exp(1 − 16/2) = exp(-7) = 0.000911882"},
			[]string{"c = 6 ", "exp(1 − 16/6) = exp(-1.66667) = 0.188876", "sentence BLEU = BP × mean = 18.89"}},
		{2, "the mat is on the cat",
			[]string{"BLEU (N = 4) = 12.70"},
			[]string{"6/6 100.00%", "4/5  80.00%", "unigrams only (N = 1) = 100.00"}},
		{3, "It is the guiding principle which guarantees the military forces always being under the command of the Party",
			[]string{"all 3 refs = 50.46"},
			[]string{"all 3 refs = 100.00", "ref B alone = 100.00"}},
		{4, "closed",
			[]string{"mean of the 4 sentence scores = 38.39", "corpus BLEU from the sums = 44.30"},
			[]string{"mean of the 4 sentence scores = 31.12", "corpus BLEU from the sums = 35.31"}},
		{5, "the cat sat",
			[]string{"exp             83.3/60.0/25.0/16.7       37.99"},
			[]string{"none            100.0/100.0/100.0/0.0     36.79", "none, eff. off  100.0/100.0/100.0/0.0     0.00"}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.lesson+1), func(t *testing.T) {
			l := NewLessons(render.DefaultStyles(), 80, tall)
			for range tt.lesson {
				l = send(l, "tab")
			}
			if l.Lesson() != tt.lesson {
				t.Fatalf("on lesson %d; want %d", l.Lesson(), tt.lesson)
			}
			for _, w := range tt.before {
				if !shows(l.View(), w) {
					t.Errorf("before typing: view lacks %q", w)
				}
			}
			l = typeInto(l, tt.typed)
			if l.Hyp() != tt.typed {
				t.Fatalf("Hyp() = %q; want %q", l.Hyp(), tt.typed)
			}
			v := l.View()
			for _, w := range tt.after {
				if !shows(v, w) {
					t.Errorf("after typing %q: view lacks %q", tt.typed, w)
				}
			}
			for _, w := range tt.before {
				if shows(v, w) {
					t.Errorf("after typing %q: view still shows %q", tt.typed, w)
				}
			}
		})
	}
}

func TestLessonsKeys(t *testing.T) {
	l := NewLessons(render.DefaultStyles(), 80, 24)
	start := l.Hyp()
	// Letters that are keys elsewhere are text here.
	l = send(l, "end", " ", "q", "L", "e", "?", "j")
	if l.Closed() || l.Hyp() != start+" qLe?j" {
		t.Fatalf("typing: Hyp() = %q, closed %v; want %q, open", l.Hyp(), l.Closed(), start+" qLe?j")
	}
	l = send(l, "backspace", "left", "left", "delete", "home", "X")
	if want := "X" + start + " qL?"; l.Hyp() != want {
		t.Fatalf("editing: Hyp() = %q; want %q", l.Hyp(), want)
	}
	// ctrl+w after "X" takes the X; at the end it takes "qL?".
	l = send(l, "ctrl+w", "end", "ctrl+w")
	if want := start + " "; l.Hyp() != want {
		t.Fatalf("ctrl+w: Hyp() = %q; want %q", l.Hyp(), want)
	}
	// Edits stay with their lesson; tab and shift+tab move and wrap.
	edited := l.Hyp()
	l = send(l, "tab")
	if l.Lesson() != 1 || l.Hyp() != render.AllLessons()[1].Hyp {
		t.Fatalf("tab: lesson %d with %q", l.Lesson(), l.Hyp())
	}
	l = send(l, "shift+tab")
	if l.Lesson() != 0 || l.Hyp() != edited {
		t.Fatalf("shift+tab: lesson %d with %q; want 0 with %q", l.Lesson(), l.Hyp(), edited)
	}
	l = send(l, "shift+tab")
	if l.Lesson() != len(render.AllLessons())-1 {
		t.Fatalf("shift+tab from the first: lesson %d; want the last", l.Lesson())
	}
	l = send(l, "tab", "ctrl+r")
	if l.Hyp() != start {
		t.Fatalf("ctrl+r: Hyp() = %q; want %q", l.Hyp(), start)
	}
	l = send(l, "esc")
	if !l.Closed() {
		t.Fatal("esc did not close the lessons")
	}
}

func TestLessonsScroll(t *testing.T) {
	l := NewLessons(render.DefaultStyles(), 60, 16)
	top := l.View()
	l = send(l, "down")
	if l.View() == top {
		t.Fatal("↓ did not scroll")
	}
	l = send(l, "up")
	if l.View() != top {
		t.Fatal("↑ did not scroll back")
	}
	// The first edit scrolls past the text to the figures…
	typed := send(l, "end", " ", "x")
	if body := strings.Split(typed.View(), "\n")[3]; !strings.HasPrefix(body, "hyp    the the") {
		t.Errorf("after typing, the body starts with %q; want the highlighted hypothesis", body)
	}
	// …and typing keeps a position further down, so the figures stay put.
	l = send(l, "pgdown", "pgdown")
	scrolled := strings.Split(l.View(), "\n")[3]
	l = send(l, "x", "backspace")
	if got := strings.Split(l.View(), "\n")[3]; got != scrolled {
		t.Errorf("typing moved the text: %q then %q", scrolled, got)
	}
}

func TestLessonsFit(t *testing.T) {
	for _, size := range [][2]int{{60, 16}, {80, 24}, {200, 50}} {
		l := NewLessons(render.DefaultStyles(), size[0], size[1])
		for i := range render.AllLessons() {
			wtFits(t, fmt.Sprintf("lesson %d", i+1), l.View(), size[0], size[1])
			long := send(l, "ctrl+u", strings.Repeat("long words ", 30)) // pasted at once
			wtFits(t, fmt.Sprintf("lesson %d, long hypothesis", i+1), long.View(), size[0], size[1])
			l = send(l, "tab")
		}
	}
}

func TestLessonsGolden(t *testing.T) {
	l := NewLessons(render.DefaultStyles(), 80, 24)
	for _, ls := range render.AllLessons() {
		wtGolden(t, "lesson_"+ls.ID, l.View())
		l = send(l, "tab")
	}
}

func TestLessonsWithScores(t *testing.T) {
	ds, err := model.Load(model.Input{Systems: fixtures.DemoSystems, Refs: fixtures.DemoRefs, Src: fixtures.DemoSource, FS: fixtures.Demo})
	if err != nil {
		t.Fatal(err)
	}
	sc, err := model.Score(context.Background(), ds, model.DefaultSettings(), nil)
	if err != nil {
		t.Fatal(err)
	}
	sum, n := 0.0, 0
	for _, x := range sc.Systems[0].Sentence {
		if !math.IsNaN(x) {
			sum, n = sum+x, n+1
		}
	}
	l := NewLessons(render.DefaultStyles(), 200, tall).WithScores(ds, sc, 0)
	l = send(l, "tab", "tab", "tab", "tab") // the corpus lesson
	want := fmt.Sprintf("%s, %d segments: corpus BLEU = %.2f, mean of the sentence scores = %.2f.",
		ds.Systems[0].Name, ds.Len(), sc.Systems[0].Corpus.Score, sum/float64(n))
	if v := l.View(); !strings.Contains(v, "Your corpus") || !strings.Contains(v, want) {
		t.Errorf("corpus lesson lacks %q:\n%s", want, v)
	}
	// Without scores, or for a system that does not exist, nothing is added.
	for _, bad := range []Lessons{NewLessons(render.DefaultStyles(), 200, tall).WithScores(ds, nil, 0),
		NewLessons(render.DefaultStyles(), 200, tall).WithScores(ds, sc, 99)} {
		if v := send(bad, "tab", "tab", "tab", "tab").View(); strings.Contains(v, "Your corpus") {
			t.Error("WithScores added figures it did not have")
		}
	}
}

func TestHypInputScrollsToCursor(t *testing.T) {
	st := render.DefaultStyles()
	h := lineInput{prompt: "hyp › "}
	h.setValue(strings.Repeat("abcdefghij", 10) + "END")
	v := h.view(st, 30)
	if n := len([]rune(v)); n > 30 {
		t.Fatalf("view is %d cells; want ≤ 30: %q", n, v)
	}
	if !strings.HasPrefix(v, "hyp › abcdefghij") || !strings.HasSuffix(v, "…") {
		t.Errorf("text not yet edited: %q; want it from its start, cut with …", v)
	}
	h, _ = h.update(wtKey("end"))
	if v := h.view(st, 30); !strings.HasSuffix(v, "END|") {
		t.Errorf("cursor at the end is out of view: %q", v)
	}
	h, _ = h.update(wtKey("home"))
	if v := h.view(st, 30); !strings.HasPrefix(v, "hyp › |abcdefghij") {
		t.Errorf("cursor at the start: %q", v)
	}
	// Pasted line breaks and tabs become spaces; control characters go.
	h.setValue("")
	h, _ = h.update(wtKey("a\tb\nc\x1bd"))
	if h.text() != "a b cd" {
		t.Errorf("paste: %q; want %q", h.text(), "a b cd")
	}
	h, _ = h.update(wtKey("ctrl+a"))
	h, _ = h.update(wtKey("ctrl+k"))
	if h.text() != "" {
		t.Errorf("ctrl+a ctrl+k left %q", h.text())
	}
}

// TestLessonsFooterWhole: the footer with its scroll hint ("↓ 19 more lines
// · ") is one line at every width, its last key shown whole or left out
// for " …", never cut. From a review.
func TestLessonsFooterWhole(t *testing.T) {
	for w := 60; w <= 200; w++ {
		l := NewLessons(render.DefaultStyles(), w, 24)
		lines := strings.Split(ansi.Strip(l.View()), "\n")
		foot := strings.TrimRight(lines[len(lines)-1], " ")
		if render.Cells(foot) > w || !strings.HasSuffix(foot, "scroll") && !strings.HasSuffix(foot, "↓↑ pgdn") && !strings.HasSuffix(foot, " …") {
			t.Errorf("%d×24: footer %q; want one line of the keys that fit, ending in the scrolling keys or \" …\"", w, foot)
		}
	}
}

// TestLessonsFooterEveryKey: from 95 columns the footer names every key
// the lessons answer to; below, those most needed, in this order: esc and
// the lessons from 60 columns, ctrl+r from 70 and ctrl+n from 80 (as ^r
// and ^n, the explorer's help's notation, for which there is room), the
// scrolling keys giving way first, as the line count before them says the
// text goes on. At 100 columns a user once saw the footer end in "⇧tab
// back …", ctrl+r among the keys left out, and could not find it: ? types
// into the hypothesis there. (Before "type to edit" came first,
// [TestLessonsFooterSaysTypeToEdit], ctrl+r and ctrl+n showed at 60 and
// 80 columns as ctrl+r and ctrl+n, and the scrolling keys at 80.)
func TestLessonsFooterEveryKey(t *testing.T) {
	every := []string{"esc close", "tab", "⇧tab", "ctrl+r reset", "ctrl+n", "↓↑", "pgdn"}
	for _, h := range []int{16, 24, 60} {
		for _, w := range []int{60, 70, 80, 90, 95, 100, 120} {
			l := NewLessons(render.DefaultStyles(), w, h)
			lines := strings.Split(ansi.Strip(l.View()), "\n")
			foot := lines[len(lines)-1]
			want := every
			all := true
			for _, k := range every {
				all = all && strings.Contains(foot, k)
			}
			switch {
			case all: // a text that does not scroll leaves room for every key
			case w < 70:
				want = []string{"esc close · tab/⇧tab lesson"}
			case w < 80:
				want = []string{"esc close · tab/⇧tab lesson · ^r reset"}
			case w < 95:
				want = []string{"esc close · tab/⇧tab lesson · ^r reset · ^n ref A"}
			}
			for _, k := range want {
				if !strings.Contains(foot, k) {
					t.Errorf("%d×%d: footer %q lacks %q", w, h, foot, k)
				}
			}
			if !render.Fits(foot, w) {
				t.Errorf("%d×%d: footer %q wider than the screen", w, h, foot)
			}
		}
	}
}

// A hypothesis wider than the editor shows from its first word until it
// is edited ("It is a guide …", not "t is a guide … party"); once the
// cursor moves, the editor scrolls to keep it in view.
func TestLessonsLongHypothesisShowsFromItsStart(t *testing.T) {
	for _, w := range []int{60, 100} {
		l := send(NewLessons(render.DefaultStyles(), w, 30), "tab", "tab", "tab") // several references
		hyp := l.Hyp()
		if render.Cells("hyp › "+hyp) < w {
			t.Fatalf("width %d: the hypothesis %q fits; the test needs one that does not", w, hyp)
		}
		line := strings.Split(l.View(), "\n")[1]
		if !strings.HasPrefix(line, "hyp › It is a guide") || !strings.HasSuffix(line, "…") && line != "hyp › "+hyp || render.Cells(line) > w {
			t.Errorf("width %d: editor shows %q; want the hypothesis from its start, whole or cut with …", w, line)
		}
		line = strings.Split(send(l, "left").View(), "\n")[1]
		if !strings.HasSuffix(line, "part|y") { // '|' marks the cursor without colour
			t.Errorf("width %d: after ← the editor shows %q; want it scrolled to the cursor near the end", w, line)
		}
	}
}

// TestHypInputFitsFromItsStart: text set and not yet edited shows from
// its first letter at every width, also where it and the cursor fill the
// line without colour (the '|' marker takes a cell there): at that one
// width it was scrolled by a letter, "hyp › he cat|".
func TestHypInputFitsFromItsStart(t *testing.T) {
	for _, st := range []render.Styles{render.DefaultStyles(), render.PlainStyles()} {
		h := lineInput{prompt: "hyp › "}
		h.setValue("the cat")
		for w := 8; w <= 20; w++ {
			if v := ansi.Strip(h.view(st, w)); !strings.HasPrefix(v, "hyp › t") || render.Cells(v) > w {
				t.Errorf("width %d: %q; want the text from its start in %d cells", w, v, w)
			}
		}
	}
}

// TestLessonsFooterSaysTypeToEdit: at every width from 60 columns the
// footer says that typing edits the text, the lessons' point, first, right
// after how many lines are below: whatever the text, the field in the
// editor or the scroll. Before, it came after esc and the lessons' keys
// and only from about 95 columns: below, the keys ctrl+r and ctrl+n kept
// their place and nothing on the screen said the text could be edited.
func TestLessonsFooterSaysTypeToEdit(t *testing.T) {
	for w := 60; w <= 200; w += 5 {
		for _, h := range []int{16, 24, 60} {
			for _, keys := range [][]string{nil, {"ctrl+n"}, {"tab", "pgdown", "pgdown", "pgdown"}, {"shift+tab"}} {
				l := send(NewLessons(render.DefaultStyles(), w, h), keys...)
				lines := strings.Split(ansi.Strip(l.View()), "\n")
				foot := lines[len(lines)-1]
				if _, after, _ := strings.Cut(foot, " · "); !strings.HasPrefix(foot, "type to edit · ") && !strings.HasPrefix(after, "type to edit · ") {
					t.Errorf("%d×%d after %q: footer %q; want \"type to edit\" first, after the lines below", w, h, keys, foot)
				}
			}
		}
	}
}

// TestLessonsFooterSaysMoreFirst: at every width the footer starts with
// how many lines of the text are below ("↓ N more"), the only sign that it
// goes on, and names ctrl+n truly where it names it: "hyp/refs", or the
// text it goes to ([TestLessonsFooterNamesField]), as ctrl+n goes from the
// hypothesis to each reference and back.
// At 60 columns a user saw "esc close · tab/⇧tab lesson · ctrl+r reset ·
// ctrl+n refs …", the lines below left out, and at 80 "ctrl+n refs".
func TestLessonsFooterSaysMoreFirst(t *testing.T) {
	for _, w := range []int{60, 70, 80, 100} {
		for _, h := range []int{16, 24} {
			l := NewLessons(render.DefaultStyles(), w, h)
			lines := strings.Split(ansi.Strip(l.View()), "\n")
			foot := lines[len(lines)-1]
			if !strings.HasPrefix(foot, "↓ ") || !strings.Contains(foot, " more") {
				t.Errorf("%d×%d: footer %q; want it to start with \"↓ N more\"", w, h, foot)
			}
			if strings.Contains(foot, "ctrl+n") && !strings.Contains(foot, "ctrl+n hyp/refs") && !strings.Contains(foot, "ctrl+n ref A") ||
				strings.Contains(foot, "^n") && !strings.Contains(foot, "^n ref A") {
				t.Errorf("%d×%d: footer %q; want ctrl+n named as \"hyp/refs\" or \"ref A\"", w, h, foot)
			}
			if w >= 80 && !strings.Contains(foot, "ctrl+n") && !strings.Contains(foot, "^n") {
				t.Errorf("%d×%d: footer %q lacks ctrl+n", w, h, foot)
			}
		}
	}
}

// TestLessonsResetScrollsToTop: typing scrolls the text to the figures;
// ctrl+r, which puts the lesson's text back, shows it from the top again.
// Before, the text was reset but stayed scrolled down.
func TestLessonsResetScrollsToTop(t *testing.T) {
	for _, w := range []int{60, 80, 100} {
		l := NewLessons(render.DefaultStyles(), w, 16)
		top := l.View()
		typed := send(l, "end", "x")
		if typed.View() == top {
			t.Fatalf("%d×16: typing changed nothing on screen; the test needs it to scroll", w)
		}
		if got := send(typed, "ctrl+r").View(); got != top {
			t.Errorf("%d×16: after ctrl+r the screen is\n%s\nwant the lesson as it opened:\n%s", w, got, top)
		}
	}
}

// TestLessonsFooterNamesField: where the footer has no room for "ctrl+n
// hyp/refs" it names ctrl+n by the text it puts in the editor, as the
// editor's prompt names it ("ref A", then "ref B", then "hyp"), never
// "next", which a user read as the next lesson beside "tab/⇧tab lesson"
// at 70 to 80 columns. (ctrl+n shows from 80 columns, as ^n up to 90:
// [TestLessonsFooterEveryKey].)
func TestLessonsFooterNamesField(t *testing.T) {
	for _, w := range []int{80, 90, 95} {
		l := NewLessons(render.DefaultStyles(), w, 24)
		refs := len(l.Refs())
		if refs < 2 {
			t.Fatalf("lesson 1 has %d references; the test wants two", refs)
		}
		for i, want := range []string{"ref A", "ref B", "hyp"} {
			lines := strings.Split(ansi.Strip(l.View()), "\n")
			foot := lines[len(lines)-1]
			if !strings.Contains(foot, "ctrl+n "+want+" ") && !strings.Contains(foot, "^n "+want+" ") || strings.Contains(foot, "next") {
				t.Errorf("%d columns, after %d ctrl+n: footer %q; want \"ctrl+n %s\", no \"next\"", w, i, foot, want)
			}
			l = send(l, "ctrl+n")
		}
	}
}

// TestLessonsFooterKeepsCtrlN: at every width, pressing ctrl+n changes
// the name ctrl+n shows in the footer and nothing else: which keys show is
// decided with the widest name it can have ("ref A", not "hyp"). At
// exactly 70 columns (69 to 75 with the line count's two digits) ctrl+n
// showed while it led to the hypothesis, "ctrl+n hyp …", and was gone for
// " …" once pressed, where "ctrl+n ref A" did not fit.
func TestLessonsFooterKeepsCtrlN(t *testing.T) {
	for w := 60; w <= 140; w++ {
		for _, h := range []int{16, 24} {
			l := NewLessons(render.DefaultStyles(), w, h)
			var first string
			for i := 0; i <= len(l.Refs()); i++ {
				lines := strings.Split(ansi.Strip(l.View()), "\n")
				foot := lines[len(lines)-1]
				for _, name := range []string{"hyp/refs", "ref A", "ref B", "hyp"} {
					foot = strings.ReplaceAll(foot, "ctrl+n "+name, "ctrl+n NAME")
					foot = strings.ReplaceAll(foot, "^n "+name, "^n NAME")
				}
				if i == 0 {
					first = foot
				} else if foot != first {
					t.Errorf("%d×%d after %d ctrl+n: footer %q; want the keys of %q", w, h, i, foot, first)
				}
				l = send(l, "ctrl+n")
			}
		}
	}
}
