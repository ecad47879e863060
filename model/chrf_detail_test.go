package model

import (
	"math"
	"testing"

	"github.com/bleuscope/bleuscope/scoring"
)

// TestChrFOrders splits a chrF++ vector of a hand-counted segment: "ab"
// against "abc" has 2 of 3 character unigrams and 1 of 2 bigrams, no
// trigram in the hypothesis, and one word "ab" against "abc": no match.
func TestChrFOrders(t *testing.T) {
	o := scoring.DefaultChrFOptions()
	o.CharOrder, o.WordOrder = 3, 1
	_, st, err := scoring.SentenceChrF("ab", []string{"abc"}, o)
	if err != nil {
		t.Fatal(err)
	}
	got := ChrFOrders(st, o)
	want := []ChrFOrder{
		{N: 1, Hyp: 2, Ref: 3, Match: 2},
		{N: 2, Hyp: 1, Ref: 2, Match: 1},
		{N: 3, Hyp: 0, Ref: 1, Match: 0},
		{Word: true, N: 1, Hyp: 1, Ref: 1, Match: 0},
	}
	if len(got) != len(want) {
		t.Fatalf("ChrFOrders = %+v; want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("order %d = %+v; want %+v", i, got[i], want[i])
		}
	}
	if p, r := got[0].Precision(), got[0].Recall(); p != 100 || math.Abs(r-200.0/3) > 1e-12 {
		t.Errorf("c1 precision %v recall %v; want 100 and 66.7", p, r)
	}
	if p := got[2].Precision(); !math.IsNaN(p) {
		t.Errorf("c3 precision with no hypothesis trigram = %v; want NaN", p)
	}
	if ChrFOrders(st[:3], o) != nil {
		t.Error("a vector of the wrong width was split")
	}
}
