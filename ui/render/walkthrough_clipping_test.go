package render

import (
	"strings"
	"testing"
)

// resultBody is the Result step of c's walk-through at width, its words
// joined by single spaces.
func resultBody(t *testing.T, c wtCase, width int) string {
	t.Helper()
	d, res, err := explainCase(t, c)
	if err != nil {
		t.Fatal(err)
	}
	steps := WalkthroughSteps(DefaultStyles(), d, res, c.opt, width)
	return strings.Join(strings.Fields(steps[len(steps)-1].Body), " ")
}

// TestResultSaysWhatClippingDid: the Result step says how much clipping
// took from each order it clipped, with step 2's figures, and nothing of
// clipping where nothing was clipped.
func TestResultSaysWhatClippingDid(t *testing.T) {
	// Against wtCatRefs, "the" ×3 (at most 2 in a reference) and "cat" ×2
	// (at most 1) leave 5 of the 7 unigrams, all found: 100% then 5/7;
	// "the cat" ×2 (at most 1) leaves 4 of the 6 bigrams, 5 of them found
	// ("cat the" is in neither): 5/6 then 4/6.
	got := resultBody(t, wtCase{"the cat the cat on the mat", wtCatRefs, wtOpt(nil)}, 80)
	want := "Clipping lowered p1 from 100.00% to 71.43% (2 of the 7 unigrams clipped) and p2 from 83.33% to 66.67% (1 of the 6 bigrams clipped)."
	if !strings.Contains(got, want) {
		t.Errorf("the Result step lacks %q:\n%s", want, got)
	}
	for _, c := range []wtCase{
		{"the cat is on the mat", wtCatRefs, wtOpt(nil)},
		{"mat the on is cat the", []string{"the cat is on the mat"}, wtOpt(nil)},
	} {
		if got := resultBody(t, c, 80); strings.Contains(got, "Clipping") {
			t.Errorf("%q: nothing is clipped, yet the Result step says: %s", c.hyp, got)
		}
	}
}
