package model

import (
	"math"

	"github.com/bleuscope/bleuscope/scoring"
)

// SentenceAndCorpus is a small corpus scored both ways, to set the mean of
// its sentence scores beside corpus BLEU.
type SentenceAndCorpus struct {
	// Stats are each segment's statistics, and Sentence its sentence score
	// (effective order on, as sacrebleu's sentence_bleu).
	Stats    []scoring.Stats
	Sentence []float64
	// Sum is the statistics summed over the segments, and Corpus the score
	// computed from them (as corpus_bleu: the options as given).
	Sum    scoring.Stats
	Corpus scoring.Result
	// MeanSentence is the mean of the sentence scores ([MeanScore]).
	MeanSentence float64
}

// ScoreSentencesAndCorpus scores every segment of segs on its own and the
// whole as a corpus, under opt with sacrebleu's arithmetic
// ([scoring.Compute]). Its error is that of an invalid opt.
func ScoreSentencesAndCorpus(segs []Segment, opt scoring.Options) (SentenceAndCorpus, error) {
	sentOpt := opt
	sentOpt.EffectiveOrder = true
	out := SentenceAndCorpus{Stats: make([]scoring.Stats, len(segs)), Sentence: make([]float64, len(segs))}
	for i, s := range segs {
		st, err := scoring.SentenceStats(s.Hyp, s.Refs, opt)
		if err != nil {
			return SentenceAndCorpus{}, err
		}
		out.Stats[i] = st
		out.Sentence[i] = scoring.Compute(st, sentOpt).Score
		out.Sum.Add(st)
	}
	out.Corpus = scoring.Compute(out.Sum, opt)
	out.MeanSentence, _ = MeanScore(out.Sentence)
	return out, nil
}

// MeanScore is the mean of the scores that are numbers (a segment NLTK
// raises on has NaN), added left to right, and how many there are; the
// mean is NaN when there are none.
func MeanScore(scores []float64) (mean float64, n int) {
	sum := 0.0
	for _, x := range scores {
		if !math.IsNaN(x) {
			sum += x
			n++
		}
	}
	return sum / float64(n), n
}
