package ui

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/model/annotations"
	"github.com/charmbracelet/x/ansi"
)

// TestAllOrdersShowsClipped: on the demo's literal line 12 ("the" eight
// times, two of them matched) the all-orders view still marks the clipped
// occurrences ~, and its per-order lines count what does not count as
// "over", the ledger's word (SPEC's: clipped or unmatched).
func TestAllOrdersShowsClipped(t *testing.T) {
	m := press(t, ready(t, demoDataset(t), 120, 60), ":", "1", "2", "enter", "tab", "tab", "0")
	view := m.View()
	if !strings.Contains(view, "line 12 · ") || !strings.Contains(view, "all orders") {
		t.Fatalf("not on line 12's all-orders view:\n%s", view)
	}
	lines := strings.Split(view, "\n")
	found := false
	for i, l := range lines {
		if strings.Contains(l, "literal the the the") && i+1 < len(lines) {
			found = true
			if marks := strings.Fields(lines[i+1]); strings.Join(marks, " ") != "111 111 ~~~ ~~~ ~~~ ~~~ ~~~ ~~~" {
				t.Errorf("marker row under line 12 = %q; want the six clipped occurrences marked ~", lines[i+1])
			}
		}
	}
	if !found {
		t.Errorf("no hypothesis line of the literal system:\n%s", view)
	}
	if !strings.Contains(view, "1-grams: 2 of 8 matched, 6 over") || strings.Contains(view, " lost") || strings.Contains(view, " cut") {
		t.Errorf("the per-order lines should count the occurrences over:\n%s", view)
	}
}

// TestPaneTie: on a segment where the shown system and the baseline score
// the same, the pane says it is a tie (the list's "="), not "Δ +0.00".
func TestPaneTie(t *testing.T) {
	m := ready(t, demoDataset(t), 120, 40)
	sys, other := m.list.view.System, m.list.selection(m.c).other
	tie := -1
	for i := range m.c.ds.Len() {
		if m.c.scored.Delta(sys, other, i) == 0 {
			tie = i
			break
		}
	}
	if tie < 0 {
		t.Fatal("the demo corpus has no tie to show")
	}
	m = press(t, m, append(append([]string{":"}, strings.Split(itoa(tie+1), "")...), "enter")...)
	v := ansi.Strip(m.View())
	if want := "scores " + m.c.score(m.c.scored.Systems[other].Sentence[tie]) + " here too (a tie)"; !strings.Contains(v, want) || strings.Contains(v, "(Δ +0.00)") {
		t.Errorf("line %d, a tie: the pane lacks %q:\n%s", tie+1, want, v)
	}
}

// TestCompareOpensAtTop: v, into the stacked view and out of it, shows
// the pane from its top, where the hypotheses are: it kept the offset
// scrolled to in the other view, and opened on the clip ledger's end.
func TestCompareOpensAtTop(t *testing.T) {
	m := ready(t, demoDataset(t), 60, 16)
	for _, keys := range [][]string{{"v"}, {"v", "v"}} {
		s := m
		if len(keys) == 2 {
			s = press(t, s, "v")
		}
		for range 40 {
			s = press(t, s, "J")
		}
		if s.pane.body.off == 0 {
			t.Fatalf("%v: J did not scroll the pane", keys)
		}
		s = press(t, s, "v")
		if s.pane.body.off != 0 {
			t.Errorf("%v: the pane opens scrolled to line %d of %d; want its top", keys, s.pane.body.off+1, len(s.pane.body.lines))
		}
	}
}

// TestPaneTitleGivesWayWhole: the pane's title, beside its scroll range,
// gives way a part at a time (the segment's id, "compare", chrF and TER,
// the order), never cut inside a word; at 60 columns in the stacked view
// it read "2-grams · com… 1–7 of 39", and with chrF and TER "2-… 1–9 of 34".
func TestPaneTitleGivesWayWhole(t *testing.T) {
	ds := longNames(t)
	for _, metrics := range [][]string{nil, {"M"}, {"M", "M"}} {
		for w := 60; w <= 130; w++ {
			m := press(t, ready(t, ds, w, 24), append([]string{"v", "+"}, metrics...)...)
			var title string
			for _, l := range strings.Split(ansi.Strip(m.View()), "\n") {
				if strings.HasPrefix(l, "line ") {
					title = l
				}
			}
			if title == "" || strings.Contains(title, "…") || !strings.Contains(title, " BLEU ") {
				t.Errorf("%v, %d columns: the pane's title is cut or missing: %q", metrics, w, title)
			}
		}
	}
}

// TestPaneShowsHypothesisUnderLongSource: however long the source, the
// segment pane shows the hypothesis at every size from 60×16, beside an
// annotation strip too: the source takes at most half the pane's lines,
// its last one ending in "…", and zoomed it is whole. A user saw only the
// source in the pane at 60×16 on the MQM TED file, the hypothesis in the
// strip alone.
func TestPaneShowsHypothesisUnderLongSource(t *testing.T) {
	src := strings.TrimSpace(strings.Repeat("a source sentence far longer than the pane can hold ", 60)) + " LASTWORD"
	hyp := "Zebras graze on the open plain at dawn"
	fsys := fstest.MapFS{
		"src": {Data: []byte(src + "\n")},
		"ref": {Data: []byte("zebras graze on the plain at dawn\n")},
		"sys": {Data: []byte(hyp + "\n")},
	}
	ds, err := model.Load(model.Input{Systems: []string{"sys"}, Refs: []string{"ref"}, Src: "src", FS: fsys})
	if err != nil {
		t.Fatal(err)
	}
	a := annotations.Annotation{Kind: annotations.KindError, System: "sys", Line: 1, Rater: "r1", Category: "Accuracy/Mistranslation", Severity: "Major",
		Span: &annotations.Span{Side: annotations.SideHyp, Start: 0, End: 6}}
	a.SetText(hyp, src)
	for _, strip := range []bool{false, true} {
		for _, size := range [][2]int{{60, 16}, {61, 17}, {70, 20}, {80, 24}, {100, 30}, {120, 40}, {200, 50}} {
			w, h := size[0], size[1]
			var opts []Option
			if strip {
				opts = append(opts, WithAnnotations(Annotating{Preset: annotations.MQM(), Extra: []annotations.Annotation{a}}))
			}
			m := readyWith(t, ds, w, h, opts...)
			pane := ansi.Strip(m.pane.body.view())
			if !strings.Contains(pane, "Zebras graze") {
				t.Errorf("%d×%d, strip %v: the pane lacks the hypothesis:\n%s", w, h, strip, pane)
			}
			if !strings.Contains(pane, "src") || strings.Contains(pane, "LASTWORD") || !strings.Contains(pane, "…") {
				t.Errorf("%d×%d, strip %v: want the source cut with …:\n%s", w, h, strip, pane)
			}
			// Cut after a whole word: it was cut inside one ("can h…").
			if cut := regexp.MustCompile(`(\S+) …`).FindStringSubmatch(pane); cut == nil || !slices.Contains(strings.Fields(src), cut[1]) {
				t.Errorf("%d×%d, strip %v: want the source cut after a whole word, then \" …\":\n%s", w, h, strip, pane)
			}
			checkFit(t, "the pane", m.View(), w, h)
			if zoomed := press(t, m, "z"); !strings.Contains(strings.Join(zoomed.pane.body.lines, "\n"), "LASTWORD") {
				t.Errorf("%d×%d, strip %v: zoomed, the source is not whole:\n%s", w, h, strip, strings.Join(zoomed.pane.body.lines, "\n"))
			}
		}
	}
}
