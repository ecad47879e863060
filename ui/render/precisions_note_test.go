package render

import (
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
