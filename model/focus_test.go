package model

import (
	"reflect"
	"testing"

	"github.com/bleuscope/bleuscope/scoring"
)

// marked returns the positions set in b.
func marked(b []bool) []int {
	var at []int
	for i, x := range b {
		if x {
			at = append(at, i)
		}
	}
	return at
}

func TestFocusMarks(t *testing.T) {
	lower := scoring.DefaultOptions()
	lower.Lowercase = true
	for _, c := range []struct {
		name     string
		hyp      string
		refs     []string
		opt      scoring.Options
		kind     scoring.Kind
		ngram    string
		count    int
		hyp1     []int   // tokens marked in the hypothesis
		refsMark [][]int // and in each reference
	}{
		{"over: the ×7 against two", "the the the the the the the", []string{"the cat is on the mat"}, scoring.DefaultOptions(),
			scoring.Over, "the", 5, []int{2, 3, 4, 5, 6}, [][]int{nil}},
		{"matched: the first two and what supplied them", "the the the the the the the", []string{"the cat is on the mat"}, scoring.DefaultOptions(),
			scoring.Matched, "the", 2, []int{0, 1}, [][]int{{0, 4}}},
		{"missed: only the second reference has it", "a cat sat", []string{"a cat sat", "the cat sat on the mat"}, scoring.DefaultOptions(),
			scoring.Missed, "on the", 1, nil, [][]int{nil, {3, 4}}},
		{"missed: the reference with the most, after the one matched", "the dog", []string{"the the cat", "the cat the the"}, scoring.DefaultOptions(),
			scoring.Missed, "the", 2, nil, [][]int{nil, {2, 3}}},
		{"missed: the reference with the most", "a dog", []string{"a thing of the past", "the cat of the mat", "of the of the"}, scoring.DefaultOptions(),
			scoring.Missed, "of the", 2, nil, [][]int{nil, nil, {0, 1, 2, 3}}},
		{"missed: two references tie, the first is marked", "a dog", []string{"a thing of the past", "made of the wood"}, scoring.DefaultOptions(),
			scoring.Missed, "of the", 1, nil, [][]int{{2, 3}, nil}},
		{"matched: two references tie, the first supplies", "of the", []string{"a thing of the past", "made of the wood"}, scoring.DefaultOptions(),
			scoring.Matched, "of the", 1, []int{0, 1}, [][]int{{2, 3}, nil}},
		{"matched: counted from the second, which has it most", "the the", []string{"the cat", "the dog and the cat"}, scoring.DefaultOptions(),
			scoring.Matched, "the", 2, []int{0, 1}, [][]int{nil, {0, 3}}},
		{"13a splits the comma", "Hello, world.", []string{"Hello, world!"}, scoring.DefaultOptions(),
			scoring.Matched, ", world", 1, []int{1, 2}, [][]int{{1, 2}}},
		{"lowercased tokens", "The Cat sat", []string{"the cat sat down"}, lower,
			scoring.Matched, "the cat", 1, []int{0, 1}, [][]int{{0, 1}}},
		{"over: none beyond the references", "the cat", []string{"the cat"}, scoring.DefaultOptions(),
			scoring.Over, "the cat", 0, nil, [][]int{nil}},
	} {
		d, err := scoring.Explain(c.hyp, c.refs, c.opt)
		if err != nil {
			t.Fatal(err)
		}
		fm := NewFocus(c.kind, c.ngram).Marks(d)
		if fm.Count != c.count || !reflect.DeepEqual(marked(fm.Hyp), c.hyp1) {
			t.Errorf("%s: count %d, hyp %v; want %d, %v", c.name, fm.Count, marked(fm.Hyp), c.count, c.hyp1)
		}
		for k := range c.refsMark {
			if got := marked(fm.Refs[k]); !reflect.DeepEqual(got, c.refsMark[k]) {
				t.Errorf("%s: ref %d marks %v; want %v", c.name, k, got, c.refsMark[k])
			}
		}
	}
}

// TestFocusAgreesWithAnalysis: summed over the WMT-like demo corpus, the
// focus counts of an n-gram equal the corpus analysis's for each kind.
func TestFocusAgreesWithAnalysis(t *testing.T) {
	ds := memDataset(nil,
		[][]string{{"the cat sat on the mat", "a dog barked at the cat", "the the end"}, {"there is a cat on the mat", "the dog barked", "the end"}},
		System{Name: "A", Hyps: []string{"the the cat sat on mat", "the dog barked at a cat", "the end the end"}})
	set := DefaultSettings()
	an, err := Analyze(t.Context(), ds, set, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range Kinds {
		rows, err := rankAll(an, 0, []scoring.Kind{k}, []int{1}, 0)
		if err != nil {
			t.Fatal(err)
		}
		rows2, err := rankAll(an, 0, []scoring.Kind{k}, []int{2}, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range append(rows, rows2...) {
			f := NewFocus(k, r.NGram)
			sum, segs := 0, 0
			for i := range ds.Len() {
				seg := ds.Segment(0, i)
				d, err := scoring.Explain(seg.Hyp, seg.Refs, set.Sentence)
				if err != nil {
					t.Fatal(err)
				}
				if c := f.Marks(d).Count; c > 0 {
					sum += c
					segs++
				}
			}
			if int64(sum) != r.Count || segs != r.Segments {
				t.Errorf("%s %q: focus counts %d in %d segments; the analysis %d in %d", k, r.NGram, sum, segs, r.Count, r.Segments)
			}
		}
	}
}
