package model

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"testing"
)

// TestRowsByMetric checks SortChrF and SortTER against a plain stable sort
// of ScoreMetrics' sentence scores: chrF lowest first, TER highest first,
// ties by line; Worst keeps the worst by that metric; without the scores
// the rows stay in line order.
func TestRowsByMetric(t *testing.T) {
	ds := viewDataset()
	s := mustScore(t, ds, DefaultSettings())
	ms, err := ScoreMetrics(context.Background(), ds, allMetrics(), true)
	if err != nil {
		t.Fatal(err)
	}
	byLine := []int{0, 1, 2, 3, 4, 5}
	for sys := range ds.Systems {
		for _, key := range []SortKey{SortChrF, SortTER} {
			vals := ms.Systems[sys].ChrFSegments
			sign := 1.0
			if key == SortTER {
				vals, sign = ms.Systems[sys].TERSegments, -1
			}
			want := slices.Clone(byLine)
			slices.SortStableFunc(want, func(a, b int) int { return cmp.Compare(sign*vals[a], sign*vals[b]) })
			for _, desc := range []bool{false, true} {
				t.Run(fmt.Sprintf("%d/%v/%v", sys, key, desc), func(t *testing.T) {
					w := slices.Clone(want)
					if desc {
						w = slices.Clone(byLine)
						slices.SortStableFunc(w, func(a, b int) int { return cmp.Compare(sign*vals[b], sign*vals[a]) })
					}
					v := View{System: sys, Other: -1, Sort: key, Desc: desc, Metrics: ms}
					if got := s.Rows(ds, v); !slices.Equal(got, w) {
						t.Errorf("Rows(%v desc %v) = %v; want %v (scores %v)", key, desc, got, w, vals)
					}
					v.Worst, v.Desc = 2, false
					if got := s.Rows(ds, v); !slices.Equal(got, want[:2]) {
						t.Errorf("Rows(%v worst 2) = %v; want %v", key, got, want[:2])
					}
					v.Metrics, v.Worst = nil, 0
					if got := s.Rows(ds, v); !slices.Equal(got, byLine) {
						t.Errorf("Rows(%v) without scores = %v; want line order", key, got)
					}
				})
			}
		}
	}
}
