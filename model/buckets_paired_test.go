package model

import (
	"context"
	"math"
	"reflect"
	"slices"
	"testing"

	"github.com/bleuscope/bleuscope/scoring"
)

// TestScoreBucketsSameRows: the baseline scored on the other system's
// length-ratio buckets keeps those rows and labels, and each bucket's
// score is the baseline's corpus BLEU on exactly those lines.
func TestScoreBucketsSameRows(t *testing.T) {
	ds := sigDataset()
	s := mustScore(t, ds, DefaultSettings())
	mine, err := s.Buckets(ds, 1, ByLengthRatio, BucketOptions{})
	if err != nil {
		t.Fatal(err)
	}
	theirs, err := s.ScoreBuckets(ds, 0, mine, BucketOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(theirs) != len(mine) {
		t.Fatalf("%d buckets; want %d", len(theirs), len(mine))
	}
	// SameRowBuckets is the two together, for every system.
	all, err := s.SameRowBuckets(context.Background(), ds, 1, ByLengthRatio, BucketOptions{})
	if err != nil || len(all) != len(ds.Systems) || !reflect.DeepEqual(all[1], mine) || !reflect.DeepEqual(all[0], theirs) {
		t.Errorf("SameRowBuckets = %v (%v); want system 1's buckets and system 0 scored on them", all, err)
	}
	for j := range mine {
		if theirs[j].Label != mine[j].Label || !reflect.DeepEqual(theirs[j].Rows, mine[j].Rows) {
			t.Errorf("bucket %d: %s %v; want %s %v", j, theirs[j].Label, theirs[j].Rows, mine[j].Label, mine[j].Rows)
		}
		if len(mine[j].Rows) == 0 {
			continue
		}
		// The same lines alone, as a corpus of their own.
		sub := subDataset(ds, 0, mine[j].Rows)
		want := mustScore(t, sub, DefaultSettings()).Systems[0].Corpus.Score
		if got := theirs[j].Result.Score; got != want {
			t.Errorf("bucket %s: baseline scores %v on the rows; the lines alone score %v", mine[j].Label, got, want)
		}
	}
	// By reference length the rows do not depend on the system: scoring
	// on another system's buckets is the system's own buckets.
	refA, _ := s.Buckets(ds, 1, ByRefLength, BucketOptions{})
	on, _ := s.ScoreBuckets(ds, 0, refA, BucketOptions{})
	own, _ := s.Buckets(ds, 0, ByRefLength, BucketOptions{})
	for j := range own {
		if !reflect.DeepEqual(on[j].Rows, own[j].Rows) || on[j].Result.Score != own[j].Result.Score {
			t.Errorf("ref-length bucket %s differs on the other system's rows", own[j].Label)
		}
	}
	var asked int
	if _, err := s.ScoreBuckets(ds, 0, mine, BucketOptions{CI: func(int, []int) (float64, error) { asked++; return 0, nil }}); err != nil {
		t.Fatal(err)
	}
	nonEmpty := 0
	for _, b := range mine {
		if len(b.Rows) > 0 {
			nonEmpty++
		}
	}
	if asked != nonEmpty {
		t.Errorf("CI asked %d times; want once per non-empty bucket (%d)", asked, nonEmpty)
	}
	if _, err := s.ScoreBuckets(ds, 9, mine, BucketOptions{}); err == nil {
		t.Error("system 9: no error")
	}
}

// TestOutcomesAgreeWithCompare: the segments of each outcome partition
// the rows and number what Compare counts.
func TestOutcomesAgreeWithCompare(t *testing.T) {
	ds := sigDataset()
	s := mustScore(t, ds, DefaultSettings())
	c, err := Compare(context.Background(), s, 0, nil, CompareOptions{Test: TestPairedBootstrap, N: 10, Seed: scoring.SeedOf(1)})
	if err != nil {
		t.Fatal(err)
	}
	for sys := 1; sys < len(ds.Systems); sys++ {
		w, ti, l, u, err := s.Outcomes(sys, 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		sc := c.Systems[sys]
		if len(w) != sc.Wins || len(ti) != sc.Ties || len(l) != sc.Losses || len(u) != 0 {
			t.Errorf("system %d: %d/%d/%d segments, %d unscored; Compare counts %d/%d/%d", sys, len(w), len(ti), len(l), len(u), sc.Wins, sc.Ties, sc.Losses)
		}
		all := slices.Concat(w, ti, l)
		slices.Sort(all)
		if !reflect.DeepEqual(all, []int{0, 1, 2, 3, 4, 5}) {
			t.Errorf("system %d: outcomes cover %v; want every segment once", sys, all)
		}
		a, b := s.Systems[sys].Sentence, s.Systems[0].Sentence
		for _, i := range w {
			if !(a[i] > b[i]) {
				t.Errorf("system %d line %d is a win at %v vs %v", sys, i+1, a[i], b[i])
			}
		}
		for _, i := range l {
			if !(a[i] < b[i]) {
				t.Errorf("system %d line %d is a loss at %v vs %v", sys, i+1, a[i], b[i])
			}
		}
	}
	// "same" has the baseline's text: every segment ties.
	if w, ti, l, _, _ := s.Outcomes(2, 0, []int{1, 3}); len(w)+len(l) != 0 || !reflect.DeepEqual(ti, []int{1, 3}) {
		t.Errorf("identical systems on lines 2 and 4: wins %v ties %v losses %v; want two ties", w, ti, l)
	}
	if _, _, _, _, err := s.Outcomes(1, 0, []int{6}); err == nil {
		t.Error("segment 6 of 6: no error")
	}
}

// TestSalientSegments: the segments of a salient n-gram are those where
// the favoured system has it and the other does not; when both have it
// wherever either does, all of the favoured system's.
func TestSalientSegments(t *testing.T) {
	// Reference "a b c" on three lines. A matches "a" on lines 1 and 2, B
	// on line 2 only; both match "b" on line 3 and nowhere else.
	ds := memDataset(nil, [][]string{{"a b c", "a b c", "a b c"}},
		System{Name: "A", Hyps: []string{"a", "a", "b"}},
		System{Name: "B", Hyps: []string{"x", "a", "b"}})
	an := mustAnalyze(t, ds, DefaultSettings())
	rows, err := an.Salient(0, 1, scoring.Matched, 1, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	find := func(g string) SalientRow {
		for _, r := range rows {
			if r.NGram == g {
				return r
			}
		}
		t.Fatalf("no salient row for %q in %v", g, rows)
		return SalientRow{}
	}
	if got := an.SalientSegments(find("a"), true); !reflect.DeepEqual(got, []int{0}) {
		t.Errorf("a in A's favour: segments %v; want [0] (B has it on line 2 too)", got)
	}
	if got := an.SalientSegments(find("a"), false); !reflect.DeepEqual(got, []int{1}) {
		t.Errorf("a in B's favour: segments %v; want B's own [1] (B has it nowhere A does not)", got)
	}
	// Both have "b" as often: it is in neither list, but its segments are
	// still those of either system.
	if slices.ContainsFunc(rows, func(r SalientRow) bool { return r.NGram == "b" }) {
		t.Errorf("b, as often in A as in B, is listed: %v", rows)
	}
	id, ok := an.Counts.Lookup([]string{"b"})
	if !ok {
		t.Fatal("no id for b")
	}
	b := SalientRow{SystemA: 0, SystemB: 1, Kind: scoring.Matched, Order: 1, ID: id}
	if got := an.SalientSegments(b, true); !reflect.DeepEqual(got, []int{2}) {
		t.Errorf("b: segments %v; want [2]", got)
	}
}

// raisingDataset is two segments where NLTK's method6 raises on system
// b's second (a one-token hypothesis) and on none of a's.
func raisingDataset(t *testing.T) (*Dataset, *Scored) {
	t.Helper()
	ds := memDataset(nil, [][]string{{"the cat sat on the mat", "the cat sat on the mat", "a dog ran in the park"}},
		System{Name: "a", Hyps: []string{"the cat sat on a mat", "the cat sat on a mat", "a dog ran in a park"}},
		System{Name: "b", Hyps: []string{"the cat sat on a mat", "the", "a dog ran in the park"}})
	s := mustScore(t, ds, nltkSettings(6))
	for sys, want := range [][]bool{{false, false, false}, {false, true, false}} {
		for i, nan := range want {
			if math.IsNaN(s.Systems[sys].Sentence[i]) != nan {
				t.Fatalf("the test's premise: NLTK raises on b's line 2 alone (%v, %v)", s.Systems[0].Sentence, s.Systems[1].Sentence)
			}
		}
	}
	return ds, s
}

// TestOutcomesWhereNLTKRaises: a segment whose sentence score NLTK raises
// on, the system's or the baseline's, is no win, tie or loss but
// unscored (it was counted a tie).
func TestOutcomesWhereNLTKRaises(t *testing.T) {
	_, s := raisingDataset(t)
	for _, tc := range []struct{ sys, base int }{{1, 0}, {0, 1}} {
		w, ti, l, u, err := s.Outcomes(tc.sys, tc.base, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(u, []int{1}) || len(w)+len(ti)+len(l) != 2 || slices.Contains(ti, 1) {
			t.Errorf("system %d vs %d: wins %v ties %v losses %v unscored %v; want line 2 unscored alone", tc.sys, tc.base, w, ti, l, u)
		}
	}
}

// TestBucketsWhereNLTKRaises: grouped by sentence score, the segments
// NLTK raises on are in a bucket of their own, last, so that every
// segment is in one bucket (they were in none); a system without such
// segments has no such bucket, and the other system is scored on it.
func TestBucketsWhereNLTKRaises(t *testing.T) {
	ds, s := raisingDataset(t)
	per, err := s.SameRowBuckets(context.Background(), ds, 1, BySentenceBLEU, BucketOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for sys, bks := range per {
		last := bks[len(bks)-1]
		if last.Label != NoScoreLabel || !reflect.DeepEqual(last.Rows, []int{1}) || last.Lo != nil || last.Hi != nil {
			t.Errorf("system %d on b's buckets: last %q rows %v; want %q holding line 2", sys, last.Label, last.Rows, NoScoreLabel)
		}
		var all []int
		for _, b := range bks {
			all = append(all, b.Rows...)
		}
		slices.Sort(all)
		if !reflect.DeepEqual(all, []int{0, 1, 2}) {
			t.Errorf("system %d: the buckets hold %v; want every segment once", sys, all)
		}
	}
	if per[0][len(per[0])-1].Score() == nil {
		t.Error("a's score on the segment b has no sentence score for: none; want a's corpus score of it")
	}
	own, err := s.Buckets(ds, 0, BySentenceBLEU, BucketOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range own {
		if b.Label == NoScoreLabel {
			t.Errorf("a, which has every sentence score, has a %q bucket", NoScoreLabel)
		}
	}
}
