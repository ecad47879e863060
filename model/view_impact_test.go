package model

import (
	"cmp"
	"slices"
	"testing"
)

// TestRowsSortImpact checks that Rows with SortImpact orders the
// segments v's filter keeps by [Scored.Impact] against View.Other (ties
// in line order), both ways and under a filter, Worst keeping the
// costliest (the most negative impact) before Desc orders them, and
// falls back to the sentence score without another system.
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
		impact, err := s.Impact(ds, v.System, v.Other)
		if err != nil {
			t.Fatal(err)
		}
		byImpact := func(desc bool) func(a, b int) int {
			return func(a, b int) int {
				if desc {
					a, b = b, a
				}
				return cmp.Compare(impact[a], impact[b])
			}
		}
		want := s.Rows(ds, View{System: v.System, Filter: v.Filter, Sort: SortLine})
		slices.SortStableFunc(want, byImpact(false))
		if v.Worst > 0 {
			want = want[:v.Worst]
			slices.Sort(want)
		}
		slices.SortStableFunc(want, byImpact(v.Desc))
		if got := s.Rows(ds, v); !slices.Equal(got, want) {
			t.Errorf("Rows(%+v) = %v; want %v, by impact %v", v, got, want, impact)
		}
	}
	v := View{System: 1, Other: -1, Sort: SortImpact}
	byScore := s.Rows(ds, View{System: 1, Other: -1, Sort: SortScore})
	if got := s.Rows(ds, v); !slices.Equal(got, byScore) {
		t.Errorf("SortImpact without another system = %v; want the score order %v", got, byScore)
	}
}

// TestRowsImpact checks that RowsImpact orders as Rows (and, given
// segments, those of Rows' order) and hands back the very impact Impact gives,
// for the list's column; nil when the rows are not sorted by impact or
// there is no other system to weigh against.
func TestRowsImpact(t *testing.T) {
	ds := sigDataset()
	s := mustScore(t, ds, DefaultSettings())
	impact, err := s.Impact(ds, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	among := []int{0, 2, 3}
	for _, v := range []View{
		{System: 1, Other: 0, Sort: SortImpact},
		{System: 1, Other: 0, Sort: SortImpact, Desc: true, Filter: "the"},
		{System: 1, Other: 0, Sort: SortImpact, Worst: 2},
		{System: 1, Other: 0, Sort: SortScore},
		{System: 1, Other: -1, Sort: SortImpact},
	} {
		byImpact := v.Sort == SortImpact && v.Other >= 0
		rows, imp := s.RowsImpact(ds, v, nil)
		if want := s.Rows(ds, v); !slices.Equal(rows, want) {
			t.Errorf("RowsImpact(%+v) = %v; want Rows' %v", v, rows, want)
		}
		if byImpact && !slices.Equal(imp, impact) || !byImpact && imp != nil {
			t.Errorf("RowsImpact(%+v) gives the impact %v (Impact: %v)", v, imp, impact)
		}
		rows, imp = s.RowsImpact(ds, v, among)
		all := v // the corpus in v's order, whole: among is not filtered
		all.Filter, all.Worst = "", 0
		want := slices.DeleteFunc(s.Rows(ds, all), func(i int) bool { return !slices.Contains(among, i) })
		if v.Worst > 0 {
			want = want[:min(v.Worst, len(want))]
		}
		if !slices.Equal(rows, want) {
			t.Errorf("RowsImpact(%+v) among %v = %v; want those of Rows' order %v", v, among, rows, want)
		}
		if byImpact && !slices.Equal(imp, impact) || !byImpact && imp != nil {
			t.Errorf("RowsImpact(%+v) among %v gives the impact %v", v, among, imp)
		}
	}
}
