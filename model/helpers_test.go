package model

import (
	"context"
	"testing"
)

// memDataset builds a dataset in memory, as Load would.
func memDataset(src []string, refs [][]string, systems ...System) *Dataset {
	ds := &Dataset{Src: src, Refs: refs, Systems: systems}
	for k := range refs {
		ds.RefNames = append(ds.RefNames, refName(k, len(refs)))
	}
	ds.countRefs()
	return ds
}

// mustScore scores ds and fails the test on error.
func mustScore(t testing.TB, ds *Dataset, set Settings, opts ...ScoreOption) *Scored {
	t.Helper()
	s, err := Score(context.Background(), ds, set, nil, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// viewDataset has six segments with sentence scores in a known order
// (against the reference "a b c d e"):
//
//	line  A hyp        A score  len  BP      B hyp      B score
//	0     a b c d e    100      5    1       x y z      0
//	1     x y z        0        3    0.51    x y z      0
//	2     a b c d e    100      5    1       a b c d e  100
//	3     a b c x y    ≈40      5    1       a b c d e  100
//	4     x y z w      0        4    0.78    a b c d e  100
//	5     a b          ≈22      2    0.22    a b        ≈22
func viewDataset() *Dataset {
	ref := []string{"a b c d e", "a b c d e", "a b c d e", "a b c d e", "a b c d e", "a b c d e"}
	return memDataset(
		[]string{"Straße eins", "ÉCOLE deux", "kelvin drei", "\u212aelvin vier", "fünf", "sechs"},
		[][]string{ref},
		System{Name: "A", Hyps: []string{"a b c d e", "x y z", "a b c d e", "a b c x y", "x y z w", "a b"}},
		System{Name: "B", Hyps: []string{"x y z", "x y z", "a b c d e", "a b c d e", "a b c d e", "a b"}},
	)
}
