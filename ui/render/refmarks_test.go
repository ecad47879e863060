package render

import (
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/fixtures"
	"github.com/bleuscope/bleuscope/model"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"
)

// demoLine returns line n of the demo's system file sys and its two
// references.
func demoLine(t *testing.T, sys string, n int) (string, []string) {
	t.Helper()
	line := func(path string) string {
		b, err := fixtures.Demo.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return strings.Split(string(b), "\n")[n-1]
	}
	return line(sys), []string{line(fixtures.DemoRefA), line(fixtures.DemoRefB)}
}

// refMarkers counts, in rendered text without colour, the tokens marked
// '^' and '-' in the marker rows under each reference (a line that starts
// with "ref"), by reference label.
func refMarkers(s string) (matched, also map[string]int) {
	matched, also = map[string]int{}, map[string]int{}
	lines := strings.Split(ansi.Strip(s), "\n")
	label := ""
	for i, l := range lines {
		if f := strings.Fields(l); len(f) > 1 && f[0] == "ref" {
			label = f[0] + " " + f[1]
			continue
		}
		t := strings.TrimSpace(l)
		if label == "" || t == "" || strings.Trim(t, "^-~ ") != "" || i == 0 {
			label = ""
			continue
		}
		for _, run := range strings.Fields(t) {
			switch run[0] {
			case '^':
				matched[label]++
			case '-':
				also[label]++
			}
		}
		label = ""
	}
	return matched, also
}

// TestRefMarksCountTheMatches: on the demo's gaming line ("the" eight
// times, two of them matched, counted from reference B, which has "the"
// twice), the pane, the walk-through's unigram step and the clipping
// lesson, drawn without colour as NO_COLOR draws them, mark exactly two
// reference tokens '^', both in reference B, and reference A's "the"
// '-', with a line saying what '-' is where a legend is. Before, reference
// A's "the" was '^' too: three marks for two matches.
func TestRefMarksCountTheMatches(t *testing.T) {
	hyp, refs := demoLine(t, fixtures.DemoLiteral, fixtures.LineGaming)
	st := DefaultStyles() // no colour: the tests run with the Ascii profile
	c := wtCase{hyp, refs, wtOpt(nil)}
	d, res, err := explainCase(t, c)
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"A", "B"}
	pane := Segment(st, SegmentView{Hyps: []Hyp{{Label: "literal", Detail: d}}, RefNames: names, Order: 1}, 80)
	steps := WalkthroughSteps(st, d, res, c.opt, 80, WithRefNames(names))
	step := ""
	for _, s := range steps {
		if s.Order == 1 {
			step = s.Body
		}
	}
	for name, s := range map[string]string{"the pane": pane, "the walk-through": step} {
		matched, also := refMarkers(s)
		if matched["ref A"] != 0 || matched["ref B"] != 2 || also["ref A"] != 1 || also["ref B"] != 0 {
			t.Errorf("%s: '^' tokens %v, '-' tokens %v; want ref B 2 '^', ref A 1 '-':\n%s", name, matched, also, ansi.Strip(s))
		}
	}
	if !strings.Contains(ansi.Strip(pane), "1 token - (counted from another ref)") {
		t.Errorf("the pane does not say what reference A's '-' is:\n%s", ansi.Strip(pane))
	}
	if !strings.Contains(strings.Join(strings.Fields(ansi.Strip(step)), " "), "- there too, adds nothing") {
		t.Errorf("the walk-through's step has no key to '-':\n%s", ansi.Strip(step))
	}

	// Lesson 1: "the" twice in reference A, which gives the count, once
	// in reference B.
	var clipping Lesson
	for _, l := range AllLessons() {
		if l.ID == "clipping" {
			clipping = l
		}
	}
	lesson := LessonFigures(st, clipping, clipping.Hyp, 80)
	matched, also := refMarkers(lesson)
	if matched["ref A"] != 2 || matched["ref B"] != 0 || also["ref B"] != 1 || also["ref A"] != 0 {
		t.Errorf("the clipping lesson: '^' tokens %v, '-' tokens %v; want ref A 2 '^', ref B 1 '-':\n%s", matched, also, ansi.Strip(lesson))
	}
	if !strings.Contains(LessonText(clipping, 1000), `"the" occurs twice in reference A, so only 2 of the 7 count`) {
		t.Error("the clipping lesson's text no longer names reference A as the one the count comes from")
	}
}

// TestRefMarksOfABigram: a matched bigram is marked on both its tokens, in
// the reference it is counted from (the second here, which has it twice
// where the first has it once) '^', in the other '-'; a token of the
// other reference that supplies a match of its own keeps '^'.
func TestRefMarksOfABigram(t *testing.T) {
	d := explain(t, "a b a b c", "x a b c", "a b a b")
	m := model.SegmentMarks(d, 2)
	if got, want := runes(m.Refs[0]), ".-ss"; got != want {
		// "a b" is counted from ref 2; "b c" only ref 1 has, which
		// supplies it: its "b" is '^' although "a b" covers it too.
		t.Errorf("ref 1 bigram marks %q; want %q", got, want)
	}
	if got := runes(m.Refs[1]); got != "ssss" {
		t.Errorf("ref 2 bigram marks %q; want ssss", got)
	}
}

// TestRefMarksStyles: in colour the tokens a match is counted from and
// those that add nothing are drawn differently, as their marker rows
// differ without it.
func TestRefMarksStyles(t *testing.T) {
	lipgloss.SetColorProfile(termenv.TrueColor)
	defer lipgloss.SetColorProfile(termenv.Ascii)
	st := DefaultStyles()
	if st.Token(model.MarkSupplied).Render("the") == st.Token(model.MarkAlso).Render("the") {
		t.Error("in colour, a reference token a match is counted from looks like one that adds nothing")
	}
	if model.MarkSupplied.Rune() == model.MarkAlso.Rune() {
		t.Error("without colour, their marker rows are the same")
	}
}
