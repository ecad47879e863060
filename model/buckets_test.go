package model

import (
	"math"
	"reflect"
	"testing"
)

func TestBucketsLengthRatio(t *testing.T) {
	// Closest reference lengths r and hypothesis lengths c per line:
	//   1: c 2, r 4 → 0.5    2: c 4, r 4 → 1.0    3: c 5, r 4 → 1.25
	//   4: empty reference → r 0
	ds := memDataset(nil, [][]string{{"a b c d", "a b c d", "a b c d", ""}},
		System{Name: "A", Hyps: []string{"a b", "a b c d", "a b c d e", "x"}})
	s := mustScore(t, ds, DefaultSettings())
	got, err := s.Buckets(ds, 0, ByLengthRatio, BucketOptions{Edges: []float64{0.8, 1.0, 1.2}})
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		label string
		rows  []int
	}
	want := []row{{"<0.8", []int{0}}, {"[0.8,1)", nil}, {"[1,1.2)", []int{1}}, {">=1.2", []int{2}}, {NoRefLabel, []int{3}}}
	var rows []row
	for _, b := range got {
		rows = append(rows, row{b.Label, b.Rows})
	}
	if !reflect.DeepEqual(rows, want) {
		t.Fatalf("buckets = %v; want %v", rows, want)
	}
	if got[0].Lo != nil || *got[0].Hi != 0.8 || *got[3].Lo != 1.2 || got[3].Hi != nil || got[4].Lo != nil || got[4].Hi != nil {
		t.Error("bounds are not nil at the open ends and for the no-reference bucket")
	}
	if math.Abs(got[2].Result.Score-100) > 1e-9 {
		t.Errorf("bucket [1,1.2) (an exact match) scores %v; want 100", got[2].Result.Score)
	}
	if got[0].CI != nil {
		t.Error("CI set without BucketOptions.CI")
	}
}

func TestBucketsRefLengthAndCIHook(t *testing.T) {
	ds := memDataset(nil, [][]string{{"a b c", "a b c d e f g h i j k l"}},
		System{Name: "A", Hyps: []string{"a b c", "a b"}})
	s := mustScore(t, ds, DefaultSettings())
	var asked [][]int
	got, err := s.Buckets(ds, 0, ByRefLength, BucketOptions{CI: func(sys int, rows []int) (float64, error) {
		asked = append(asked, rows)
		return 1.5, nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 7 || !reflect.DeepEqual(got[0].Rows, []int{0}) || !reflect.DeepEqual(got[1].Rows, []int{1}) {
		t.Fatalf("ref-length buckets = %+v; want line 1 in <10 and line 2 in [10,20) of 7", got)
	}
	if len(asked) != 2 || got[0].CI == nil || *got[0].CI != 1.5 || got[2].CI != nil {
		t.Errorf("CI asked for %v; want the two non-empty buckets only", asked)
	}
}

func TestParseEdges(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []float64
		bad  bool
	}{
		{"10,20,30", []float64{10, 20, 30}, false},
		{" 0.5 , 1", []float64{0.5, 1}, false},
		{"10,10", nil, true},
		{"20,10", nil, true},
		{"a", nil, true},
		{"1,inf", nil, true},
		{"", nil, true},
	} {
		got, err := ParseEdges(tc.in)
		if (err != nil) != tc.bad || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ParseEdges(%q) = %v, %v; want %v (error %v)", tc.in, got, err, tc.want, tc.bad)
		}
	}
}
