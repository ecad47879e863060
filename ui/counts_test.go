package ui

import (
	"regexp"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestCountsInGroupsOfThree: the header and the list write their counts
// as the analysis does, a comma between each group of three digits: the
// segments, the hypothesis's and the reference's tokens, the rows in view
// (they read "50500 of 50500 segments", "hyp 933799", "rows 1–13 of
// 50500" beside the analysis's "top 20 of 101,820").
func TestCountsInGroupsOfThree(t *testing.T) {
	ds := synthDataset(t, syncRows+500)
	if ds.Len() != 50_500 {
		t.Fatalf("the synthetic corpus has %d segments; the test wants 50,500", ds.Len())
	}
	v := ansi.Strip(ready(t, ds, 120, 40).View())
	grouped := `[1-9]\d{0,2}(,\d{3})+`
	for _, want := range []string{"50,500 of 50,500 segments", "hyp " + grouped + " · ref " + grouped, `rows 1–\d+ of 50,500`} {
		if !regexp.MustCompile(want).MatchString(v) {
			t.Errorf("the screen lacks %q:\n%s", want, v)
		}
	}
}
