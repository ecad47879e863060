package ui

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/charmbracelet/lipgloss"
)

// TestZeroReason: a corpus score of 0 says which order made it so: one
// with no n-gram at all (its precision 0/0 ends the mean without
// effective order), one with no match, or no match at all; a score above
// 0 says nothing.
func TestZeroReason(t *testing.T) {
	none, exp := scoring.DefaultOptions(), scoring.DefaultOptions()
	none.Smooth = scoring.SmoothNone
	stats := func(matches, totals [4]int) scoring.Stats {
		st := scoring.Stats{HypLen: 5, RefLen: 5}
		copy(st.Matches[:], matches[:])
		copy(st.Totals[:], totals[:])
		return st
	}
	for _, c := range []struct {
		what string
		st   scoring.Stats
		opt  scoring.Options
		want string
	}{
		{"no 4-grams", stats([4]int{3, 2, 1, 0}, [4]int{3, 2, 1, 0}), exp, " (no 4-grams)"},
		{"no 3-gram matched", stats([4]int{4, 1, 0, 0}, [4]int{4, 3, 2, 1}), none, " (no 3-gram matched)"},
		{"nothing matched", stats([4]int{}, [4]int{4, 3, 2, 1}), none, " (nothing matched)"},
		{"smoothed above 0", stats([4]int{4, 1, 0, 0}, [4]int{4, 3, 2, 1}), exp, ""},
		{"every order matched", stats([4]int{4, 3, 2, 1}, [4]int{4, 3, 2, 1}), none, ""},
	} {
		if got := zeroReason(scoring.Compute(c.st, c.opt)); got != c.want {
			t.Errorf("%s: zeroReason = %q; want %q", c.what, got, c.want)
		}
	}
}

// TestFilteredZeroSaysWhy: the header's BLEU of filtered rows that hold
// no 4-gram reads "BLEU 0.00 (no 4-grams)", and the screen still fits
// 60×16.
func TestFilteredZeroSaysWhy(t *testing.T) {
	fsys := fstest.MapFS{
		"hyp": {Data: []byte("a b c\nthe cat sat on the mat\nit is here\n")},
		"ref": {Data: []byte("a b c\nthe cat sat on the mat\nit is here\n")},
	}
	ds, err := model.Load(model.Input{Systems: []string{"hyp"}, Refs: []string{"ref"}, FS: fsys})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []int{60, 120} {
		m := filterBy(t, ready(t, ds, w, 16), "len<4")
		v := m.View()
		if !strings.Contains(v, "BLEU 0.00 (no 4-grams)") {
			t.Errorf("at %d columns the header does not say why BLEU is 0:\n%s", w, v)
		}
		for _, l := range strings.Split(v, "\n") {
			if lipgloss.Width(l) > w {
				t.Errorf("at %d columns the line %q is wider", w, l)
			}
		}
	}
}
