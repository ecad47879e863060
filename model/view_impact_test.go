package model

import (
	"slices"
	"testing"
)

// TestRowsSortImpact checks that Rows with SortImpact orders as
// RowsByImpact does against View.Other, in both directions and under a
// filter, and falls back to the sentence score without another system.
func TestRowsSortImpact(t *testing.T) {
	ds := sigDataset()
	s := mustScore(t, ds, DefaultSettings())
	for _, v := range []View{
		{System: 1, Other: 0, Sort: SortImpact},
		{System: 1, Other: 0, Sort: SortImpact, Desc: true},
		{System: 0, Other: 1, Sort: SortImpact, Filter: "the"},
		// Worst keeps the costliest in Rows too, not the lowest scores.
		{System: 1, Other: 0, Sort: SortImpact, Worst: 2},
		{System: 1, Other: 0, Sort: SortImpact, Worst: 2, Desc: true},
	} {
		want, _, err := s.RowsByImpact(ds, v, v.Other)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Rows(ds, v); !slices.Equal(got, want) {
			t.Errorf("Rows(%+v) = %v; want RowsByImpact's %v", v, got, want)
		}
	}
	v := View{System: 1, Other: -1, Sort: SortImpact}
	byScore := s.Rows(ds, View{System: 1, Other: -1, Sort: SortScore})
	if got := s.Rows(ds, v); !slices.Equal(got, byScore) {
		t.Errorf("SortImpact without another system = %v; want the score order %v", got, byScore)
	}
}
