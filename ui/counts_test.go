package ui

import (
	"regexp"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestCountsInGroupsOfThree: the header, the list and the charts write
// their counts as the analysis does, a comma between each group of three
// digits: the segments, the hypothesis's and the reference's tokens, the
// rows in view (they read "50500 of 50500 segments", "hyp 933799", "rows
// 1–13 of 50500" beside the analysis's "top 20 of 101,820").
func TestCountsInGroupsOfThree(t *testing.T) {
	ds := synthDataset(t, syncRows+500)
	if ds.Len() != 50_500 {
		t.Fatalf("the synthetic corpus has %d segments; the test wants 50,500", ds.Len())
	}
	m := ready(t, ds, 120, 40)
	grouped := `[1-9]\d{0,2}(,\d{3})+`
	for _, sc := range []struct {
		keys  []string
		wants []string
	}{
		{nil, []string{"50,500 of 50,500 segments", "hyp " + grouped + " · ref " + grouped, `rows 1–\d+ of 50,500`}},
		{[]string{"h"}, []string{"all 50,500 segments", "c = " + grouped + ", r = " + grouped}}, // the charts
	} {
		v := ansi.Strip(press(t, m, sc.keys...).View())
		for _, want := range sc.wants {
			if !regexp.MustCompile(want).MatchString(v) {
				t.Errorf("after %q the screen lacks %q:\n%s", sc.keys, want, v)
			}
		}
	}
}
