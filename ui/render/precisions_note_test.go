package render

import (
	"strconv"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
)

// A one-token hypothesis has no bigrams: the pane marks p2…p4 "not in
// mean", the words the lessons' bars use, whole at the pane's narrowest.
func TestPrecisionsSayNotInMeanAsTheLessons(t *testing.T) {
	opt := scoring.SentenceOptions()
	e := model.Explain(model.Segment{Hyp: "cat", Refs: []string{"the cat"}}, opt)
	bars := strings.Split(PrecisionBars(PlainStyles(), e.Result, 60), "\n")
	if !strings.HasSuffix(bars[1], " not in mean") {
		t.Fatalf("the lessons' bar for p2 reads %q; this test expects \"not in mean\"", bars[1])
	}
	for _, w := range []int{60, 100} {
		lines := Precisions(PlainStyles(), MathView{Result: e.Result, Opt: opt, Stats: e.Detail.Stats}, w)
		for n, l := range lines[1:] {
			if !strings.HasSuffix(l, " 0/0   0.00% not in mean") {
				t.Errorf("width %d: p%d reads %q; want it marked \"not in mean\", as the lessons do", w, n+2, l)
			}
		}
	}
}

// TestPrecisionsCountsInGroupsOfThree: the segment pane's and the
// walk-through's counts of a long segment are written in groups of three
// digits, as every count the explorer shows: the precisions' matched/total,
// the brevity penalty's c and r, the counts per order and the tokens.
func TestPrecisionsCountsInGroupsOfThree(t *testing.T) {
	words := make([]string, 1500)
	for i := range words {
		words[i] = "w" + strconv.Itoa(i)
	}
	text := strings.Join(words, " ")
	opt := scoring.SentenceOptions()
	e := model.Explain(model.Segment{Hyp: text, Refs: []string{text}}, opt)
	v := MathView{Result: e.Result, Opt: opt, Stats: e.Detail.Stats, RefName: "ref A"}
	for _, c := range []struct{ what, got, want string }{
		{"p1", strings.Join(Precisions(PlainStyles(), v, 100), "\n"), " 1,500/1,500 "},
		{"p4", strings.Join(Precisions(PlainStyles(), v, 100), "\n"), " 1,497/1,497 "},
		{"the lessons' bars", PrecisionBars(PlainStyles(), e.Result, 100), " 1,500/1,500 "},
		{"the brevity penalty", strings.Join(Brevity(PlainStyles(), v, 100), "\n"), "c = 1,500 ≥ r = 1,500"},
		{"the counts per order", OrderSummary(PlainStyles(), e.Detail, 0, 200), "1,500 tokens · matched per order 1,500/1,500 1,499/1,499"},
		{"the 1-grams", OrderSummary(PlainStyles(), e.Detail, 1, 200), "^ 1,500 matched ~ 0 clipped 0 unmatched, 1,500 in all · 1,500 tokens"},
	} {
		if !strings.Contains(c.got, c.want) {
			t.Errorf("%s: %q lacks %q", c.what, c.got, c.want)
		}
	}
}
