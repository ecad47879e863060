package model

import (
	"math"
	"testing"

	"github.com/bleuscope/bleuscope/scoring"
)

// close12 reports got within 1e-12 relative of want.
func close12(got, want float64) bool {
	return math.Abs(got-want) <= 1e-12*math.Abs(want)
}

func TestScoreSentencesAndCorpus(t *testing.T) {
	opt := scoring.DefaultOptions()
	opt.Tokenize, opt.MaxOrder = "none", 2
	segs := []Segment{
		{Hyp: "a", Refs: []string{"a"}},             // 1/1, no bigram
		{Hyp: "a b c d", Refs: []string{"a b c y"}}, // 3/4, 2/3
	}
	got, err := ScoreSentencesAndCorpus(segs, opt)
	if err != nil {
		t.Fatal(err)
	}
	st := got.Stats[1]
	if st.HypLen != 4 || st.RefLen != 4 || st.Matches[0] != 3 || st.Matches[1] != 2 || st.Totals[0] != 4 || st.Totals[1] != 3 {
		t.Errorf("segment 2 stats %+v; want c = r = 4, 3/4 and 2/3", st)
	}
	// "a" alone scores 100 only with effective order on (sentence_bleu):
	// with it off, its empty bigram order would make it 0.
	// "a b c d": √(75 · 200/3) = √5000.
	for i, want := range []float64{100, math.Sqrt(5000)} {
		if !close12(got.Sentence[i], want) {
			t.Errorf("sentence score %d = %v; want %v", i+1, got.Sentence[i], want)
		}
	}
	if want := (100 + math.Sqrt(5000)) / 2; !close12(got.MeanSentence, want) {
		t.Errorf("mean of the sentence scores = %v; want %v", got.MeanSentence, want)
	}
	// The sums: c = r = 5, 4/5 and 2/3, so corpus BLEU = √(80 · 200/3),
	// about 73.03 where the mean of the sentence scores is about 85.36.
	s := got.Sum
	if s.HypLen != 5 || s.RefLen != 5 || s.Matches[0] != 4 || s.Matches[1] != 2 || s.Totals[0] != 5 || s.Totals[1] != 3 {
		t.Errorf("sum %+v; want c = r = 5, 4/5 and 2/3", s)
	}
	if want := math.Sqrt(80 * 200.0 / 3); !close12(got.Corpus.Score, want) || got.Corpus.EffOrder != 2 {
		t.Errorf("corpus BLEU = %v over %d orders; want %v over 2", got.Corpus.Score, got.Corpus.EffOrder, want)
	}

	// One-word segments have no bigrams: each sentence scores 100, but
	// corpus_bleu, with effective order off, keeps p2 = 0 and scores 0.
	words, err := ScoreSentencesAndCorpus([]Segment{{Hyp: "a", Refs: []string{"a"}}, {Hyp: "b", Refs: []string{"b"}}}, opt)
	if err != nil {
		t.Fatal(err)
	}
	if !close12(words.MeanSentence, 100) || words.Corpus.Score != 0 {
		t.Errorf("one-word segments: mean %v, corpus %v; want 100 and 0", words.MeanSentence, words.Corpus.Score)
	}

	opt.Tokenize = "no-such-tokenizer"
	if _, err := ScoreSentencesAndCorpus(segs, opt); err == nil {
		t.Error("an unknown tokenizer gave no error")
	}
}

func TestMeanScore(t *testing.T) {
	tests := []struct {
		scores []float64
		mean   float64
		n      int
	}{
		{[]float64{1, 2, 6}, 3, 3},
		{[]float64{1, math.NaN(), 2, 6}, 3, 3}, // NLTK raised on the second
		{[]float64{0.25}, 0.25, 1},
		{nil, math.NaN(), 0},
		{[]float64{math.NaN()}, math.NaN(), 0},
	}
	for _, tt := range tests {
		mean, n := MeanScore(tt.scores)
		if n != tt.n || !(mean == tt.mean || math.IsNaN(mean) && math.IsNaN(tt.mean)) {
			t.Errorf("MeanScore(%v) = %v, %d; want %v, %d", tt.scores, mean, n, tt.mean, tt.n)
		}
	}
}
