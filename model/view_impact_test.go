package model

import (
	"cmp"
	"context"
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

// TestBLEUImpactKept: BLEU's impact of a pair is summed once and kept, as
// chrF's and TER's are (TestMetricImpactKept): the list sorting its rows
// by impact again for each key of a filter typed gets the very slice of
// the first sort (it summed every segment again, 140 ms a time on 100k
// segments), with the figures of a pass of its own; another dataset, whose
// texts NLTK's impact reads, is a pair of its own.
func TestBLEUImpactKept(t *testing.T) {
	ds := sigDataset()
	s := mustScore(t, ds, DefaultSettings())
	v := View{System: 1, Other: 0, Sort: SortImpact}
	_, first := s.RowsImpact(ds, v, nil)
	v.Filter = "the"
	_, again := s.RowsImpact(ds, v, nil)
	if len(first) == 0 || &first[0] != &again[0] {
		t.Fatal("a second sort by impact summed BLEU's impact again")
	}
	if fresh, _ := s.impact(context.Background(), ds, 1, 0); !slices.Equal(first, fresh) {
		t.Errorf("kept impact %v; a pass of its own gives %v", first, fresh)
	}
	other := *ds
	if other, _ := s.Impact(&other, 1, 0); &other[0] == &first[0] {
		t.Error("another dataset got the impact kept for the first")
	}
}

// BenchmarkBLEUImpact100k is BLEU's impact on 100k segments summed
// (summed) and asked for again (kept), what each sort of the list by
// impact took before it was kept and takes now.
func BenchmarkBLEUImpact100k(b *testing.B) {
	const n = 100_000
	ds := memDataset(nil, [][]string{synthLines(synthText(n, 2))},
		System{Name: "a", Hyps: synthLines(synthText(n, 1))}, System{Name: "b", Hyps: synthLines(synthText(n, 3))})
	s, err := Score(context.Background(), ds, DefaultSettings(), nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("summed", func(b *testing.B) {
		for b.Loop() {
			s.impact(context.Background(), ds, 0, 1)
		}
	})
	b.Run("kept", func(b *testing.B) {
		s.Impact(ds, 0, 1) // the first sort sums it
		for b.Loop() {
			if _, err := s.Impact(ds, 0, 1); err != nil {
				b.Fatal(err)
			}
		}
	})
}
