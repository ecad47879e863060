package model

import (
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/scoring"
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
		err  string // the error, "" for none
	}{
		{"10,20,30", []float64{10, 20, 30}, ""},
		{" 0.5 , 1", []float64{0.5, 1}, ""},
		{"10,10", nil, `model: "10,10" is not increasing (10 follows 10); write edges as 10,20,30`},
		{" 20.0, 1e1 ", nil, `model: "20.0, 1e1" is not increasing (1e1 follows 20.0); write edges as 10,20,30`},
		// The faults of a number are ParseDecimal's (TestParseDecimal), but
		// for its example of a number, -5 among them, which is no edge: the
		// grouping's edges are the example.
		{"a", nil, `model: "a" is not a plain decimal number; write edges as 10,20,30`},
		{"1,-1e400", nil, `model: "-1e400" is out of range (numbers go up to about 1.8e308); write edges as 10,20,30`},
		{"1e-999,1", nil, `model: "1e-999" is out of range (numbers other than 0 go down to about 2.2e-308); write edges as 10,20,30`},
		{"1,,2", nil, `model: a number is missing; write edges as 10,20,30`},
		{".5,1e1,+20", []float64{0.5, 10, 20}, ""},
		// Increasing as written, one number as a float64: the error says
		// so, where it said 1.0000000000000001 did not increase on 1.
		{"1,1.0000000000000001", nil, `model: "1,1.0000000000000001" is not increasing once read: 1 and 1.0000000000000001 are one floating-point number, 1; write edges with at most 15 significant digits, which floating point keeps apart`},
		{"0.1, 1000000000000000055511151231257827e-34", nil, `model: "0.1, 1000000000000000055511151231257827e-34" is not increasing once read: 0.1 and 1000000000000000055511151231257827e-34 are one floating-point number, 0.1; write edges with at most 15 significant digits, which floating point keeps apart`},
		{"-2,-1.99999999999999999", nil, `model: "-2,-1.99999999999999999" is not increasing once read: -2 and -1.99999999999999999 are one floating-point number, -2; write edges with at most 15 significant digits, which floating point keeps apart`},
		// Decreasing or equal as written too: not increasing, as before.
		{"1.0000000000000001,1", nil, `model: "1.0000000000000001,1" is not increasing (1 follows 1.0000000000000001); write edges as 10,20,30`},
		{"-1.99999999999999999,-2", nil, `model: "-1.99999999999999999,-2" is not increasing (-2 follows -1.99999999999999999); write edges as 10,20,30`},
		{"1.50,15e-1", nil, `model: "1.50,15e-1" is not increasing (15e-1 follows 1.50); write edges as 10,20,30`},
		{"-0,0", nil, `model: "-0,0" is not increasing (0 follows -0); write edges as 10,20,30`},
	} {
		got, err := ParseEdges(tc.in, ByRefLength, 100)
		msg := ""
		if err != nil {
			msg = err.Error()
		}
		if msg != tc.err || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ParseEdges(%q) = %v, %q; want %v, %q", tc.in, got, msg, tc.want, tc.err)
		}
	}
	// The example is the grouping's own (it said 10,20,30 for ratios).
	for _, tc := range []struct {
		by    BucketBy
		scale float64
		want  string
	}{
		{ByLengthRatio, 100, "write edges as 0.8,0.9,1"},
		{BySentenceBLEU, 100, "write edges as 10,20,30"},
		{BySentenceBLEU, 1, "write edges as 0.1,0.2,0.3"},
	} {
		_, err := ParseEdges("0.8;0.9", tc.by, tc.scale)
		if err == nil || !strings.HasSuffix(err.Error(), tc.want) {
			t.Errorf("edges for %v (scale %v): %v; want it to end %q", tc.by, tc.scale, err, tc.want)
		}
	}
}

// TestCheckEdges: an edge a grouping's values can never reach (r and
// c / r are 0 or more; sentence BLEU runs from 0 to 100, or 0 to 1 under
// NLTK, unless smoothing can pass the top) is refused with the range; an
// edge at the top is taken (>=100 holds the perfect segments).
func TestCheckEdges(t *testing.T) {
	sacre := scoring.SentenceOptions()
	nltk := sacre
	nltk.Compat = scoring.CompatNLTK
	floor5 := sacre
	floor5.Smooth, floor5.SmoothValue = scoring.SmoothFloor, 5
	method5 := nltk
	method5.NLTK.Smoothing.Method = 5
	const (
		refLen   = "model: reference lengths r are 0 or more, so every edge must be above 0 (a bucket below 0 would always be empty); give edges such as 10,20,30"
		ratio    = "model: length ratios c / r are 0 or more, so every edge must be above 0 (a bucket below 0 would always be empty); give edges such as 0.8,0.9,1"
		bleu100  = "model: sentence BLEU runs from 0 to 100, so every edge must be above 0 and at most 100 (a bucket beyond them would always be empty); give edges such as 10,20,30"
		bleu1    = "model: with --compat nltk sentence BLEU runs from 0 to 1, so every edge must be above 0 and at most 1 (a bucket beyond them would always be empty); give edges such as 0.1,0.2,0.3"
		bleuOver = "model: sentence BLEU is 0 or more, so every edge must be above 0 (a bucket below 0 would always be empty); give edges such as 10,20,30"
	)
	for _, tc := range []struct {
		by    BucketBy
		edges []float64
		opt   scoring.Options
		want  string
	}{
		{ByRefLength, []float64{10, 20, 1e300}, sacre, ""},
		{ByRefLength, []float64{0.5, 1}, sacre, ""},
		{ByRefLength, []float64{-5}, sacre, refLen},
		{ByRefLength, []float64{0, 10}, sacre, refLen},
		{ByLengthRatio, []float64{0.5, 1, 3}, sacre, ""},
		{ByLengthRatio, []float64{0, 1}, sacre, ratio},
		{ByLengthRatio, []float64{-1, 1}, nltk, ratio},
		{BySentenceBLEU, []float64{10, 50, 100}, sacre, ""},
		{BySentenceBLEU, []float64{50, 150}, sacre, bleu100},
		{BySentenceBLEU, []float64{0, 50}, sacre, bleu100},
		{BySentenceBLEU, []float64{0.2, 1}, nltk, ""},
		{BySentenceBLEU, []float64{20, 50}, nltk, bleu1},
		{BySentenceBLEU, []float64{-0.1, 0.5}, nltk, bleu1},
		{BySentenceBLEU, []float64{50, 150}, floor5, ""}, // floor 5 scores past 100
		{BySentenceBLEU, []float64{-1, 50}, floor5, bleuOver},
		{BySentenceBLEU, []float64{0.5, 1.1}, method5, ""}, // a perfect hypothesis scores 1.12
	} {
		err := CheckEdges(tc.by, tc.edges, tc.opt)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("CheckEdges(%v, %v) = %q; want %q", tc.by, tc.edges, got, tc.want)
		}
	}
	// Buckets refuses them as well.
	ds := memDataset(nil, [][]string{{"a b c"}}, System{Name: "A", Hyps: []string{"a b c"}})
	s := mustScore(t, ds, DefaultSettings())
	if _, err := s.Buckets(ds, 0, BySentenceBLEU, BucketOptions{Edges: []float64{50, 150}}); err == nil || err.Error() != bleu100 {
		t.Errorf("Buckets with an edge above 100: %v", err)
	}
}

// TestMostBehind: the bucket where one system is furthest behind another
// among those of MinSupport segments or more, and the smaller one where it
// is further behind still; among all when none is that big; none when it
// is behind nowhere, or by a gap that reads 0 at the shown decimals; no
// smaller one where it reads no further behind at those decimals.
func TestMostBehind(t *testing.T) {
	b := func(rows int, score float64) Bucket {
		return Bucket{Rows: make([]int, rows), Result: scoring.Result{Score: score}}
	}
	for _, tc := range []struct {
		name        string
		mine, base  []Bucket
		most, small Behind
	}{
		{"big and small",
			[]Bucket{b(400, 36.5), b(300, 40), b(0, 0), b(9, 20)},
			[]Bucket{b(400, 50.5), b(300, 41), b(0, 0), b(9, 36)},
			Behind{0, -14}, Behind{3, -16}},
		{"ahead in the big ones",
			[]Bucket{b(400, 60), b(9, 20)},
			[]Bucket{b(400, 50), b(9, 36)},
			Behind{-1, 0}, Behind{1, -16}},
		{"all small: all count",
			[]Bucket{b(5, 10), b(9, 20)},
			[]Bucket{b(5, 12), b(9, 36)},
			Behind{1, -16}, Behind{-1, 0}},
		{"behind nowhere",
			[]Bucket{b(400, 60), b(9, 40)},
			[]Bucket{b(400, 50), b(9, 36)},
			Behind{-1, 0}, Behind{-1, 0}},
		{"a failed score is skipped",
			[]Bucket{{Rows: make([]int, 50), Err: errors.New("nltk")}, b(30, 1)},
			[]Bucket{b(50, 99), b(30, 2)},
			Behind{1, -1}, Behind{-1, 0}},
		{"a gap that reads 0 is none",
			[]Bucket{b(400, 60), b(9, 0)},
			[]Bucket{b(400, 50), b(9, 1.5e-154)},
			Behind{-1, 0}, Behind{-1, 0}},
		{"a gap that reads -0.01 is one",
			[]Bucket{b(400, 60), b(9, 0)},
			[]Bucket{b(400, 50), b(9, 0.006)},
			Behind{-1, 0}, Behind{1, -0.006}},
		{"a smaller bucket that reads no further behind is none",
			[]Bucket{b(400, 40), b(9, 40)},
			[]Bucket{b(400, 45.0078125), b(9, 45.009765625)}, // -5.0078125 and -5.009765625 both read -5.01
			Behind{0, -5.0078125}, Behind{-1, 0}},
	} {
		most, small := MostBehind(tc.mine, tc.base, 2)
		if most != tc.most || small != tc.small {
			t.Errorf("%s: MostBehind = %+v, %+v; want %+v, %+v", tc.name, most, small, tc.most, tc.small)
		}
	}
}

// TestBucketsSentenceBLEUScale: sentence-BLEU buckets are cut at tenths
// of the scores' own scale, 0.1 … 0.9 on NLTK's 0–1 (its edges 10 … 90
// put every segment in the first bucket).
func TestBucketsSentenceBLEUScale(t *testing.T) {
	ds := memDataset(nil, [][]string{{"a b c d e", "a b c d e", "a b c d e"}},
		System{Name: "A", Hyps: []string{"a b c d e", "a b c x y", "v w x y z"}})
	for _, set := range []Settings{DefaultSettings(), nltkSettings(1)} {
		s := mustScore(t, ds, set)
		got, err := s.Buckets(ds, 0, BySentenceBLEU, BucketOptions{})
		if err != nil {
			t.Fatal(err)
		}
		scale := 100.0
		if set.Corpus.Compat == scoring.CompatNLTK {
			scale = 1
		}
		if len(got) != 10 || *got[0].Hi != 0.1*scale || *got[9].Lo != 0.9*scale {
			t.Fatalf("%s: %d buckets from <%v to >=%v; want 10 at tenths of %v", set.Corpus.Compat, len(got), *got[0].Hi, *got[9].Lo, scale)
		}
		for _, b := range got {
			for _, i := range b.Rows {
				v := s.Systems[0].Sentence[i]
				if b.Lo != nil && v < *b.Lo || b.Hi != nil && v >= *b.Hi {
					t.Errorf("%s: line %d scores %v, in bucket %s", set.Corpus.Compat, i+1, v, b.Label)
				}
			}
		}
		if n := len(got[9].Rows); n != 1 {
			t.Errorf("%s: %d segments in %s; want the exact match", set.Corpus.Compat, n, got[9].Label)
		}
	}
}
