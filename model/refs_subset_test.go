package model

import (
	"reflect"
	"testing"
)

// TestWithRefs checks that a dataset kept to some references scores as one
// loaded with only those, keeps load order and d unchanged, recounts the
// references per segment (a JSONL null leaves a segment with fewer), and
// refuses an empty or unknown choice.
func TestWithRefs(t *testing.T) {
	sys := []System{{Name: "A", Hyps: []string{"the cat sat on the mat", "a dog barked"}}}
	refs := [][]string{{"the cat sat on a mat", "the dog barked"}, {"a cat was on the mat", "a dog barked loudly"}, {"", "one dog barked"}}
	absent := [][]bool{{false, false}, {false, false}, {true, false}}
	d, err := NewDataset(nil, []string{"r1", "r2", "r3"}, refs, absent, sys, nil)
	if err != nil {
		t.Fatal(err)
	}
	if d.NRefs() >= 0 {
		t.Fatalf("NRefs %d; the third reference is absent from segment 1, so it varies", d.NRefs())
	}
	sub, err := d.WithRefs([]int{1, 0})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(sub.RefNames, []string{"r1", "r2"}) || sub.NRefs() != 2 || len(d.Refs) != 3 {
		t.Errorf("WithRefs(1, 0): names %q, nrefs %d, original %d refs; want r1 r2 in load order, 2, 3", sub.RefNames, sub.NRefs(), len(d.Refs))
	}
	alone, err := NewDataset(nil, []string{"r2"}, refs[1:2], nil, sys, nil)
	if err != nil {
		t.Fatal(err)
	}
	got, err := d.WithRefs([]int{1})
	if err != nil {
		t.Fatal(err)
	}
	a := mustScore(t, got, DefaultSettings())
	b := mustScore(t, alone, DefaultSettings())
	if a.Systems[0].Corpus.Score != b.Systems[0].Corpus.Score || !reflect.DeepEqual(a.Systems[0].Sentence, b.Systems[0].Sentence) {
		t.Errorf("against r2 kept: %v %v; loaded alone: %v %v", a.Systems[0].Corpus.Score, a.Systems[0].Sentence, b.Systems[0].Corpus.Score, b.Systems[0].Sentence)
	}
	if all := mustScore(t, d, DefaultSettings()); all.Systems[0].Corpus.Score == a.Systems[0].Corpus.Score {
		t.Errorf("every reference and r2 alone score the same (%v): the choice was not applied", a.Systems[0].Corpus.Score)
	}
	third, err := d.WithRefs([]int{2})
	if err != nil {
		t.Fatal(err)
	}
	if third.NRefs() >= 0 {
		t.Errorf("r3 alone: NRefs %d; segment 1 has none, segment 2 one, so it varies", third.NRefs())
	}
	for _, keep := range [][]int{nil, {3}, {-1}} {
		if _, err := d.WithRefs(keep); err == nil {
			t.Errorf("WithRefs(%v): no error", keep)
		}
	}
}
