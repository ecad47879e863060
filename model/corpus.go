package model

import (
	"context"

	"github.com/bleuscope/bleuscope/scoring"
)

// CorpusScores computes the corpus score of every system of ds under set
// straight from the loaded lines, keeping no per-segment state: the summed
// statistics are all a corpus score needs, so memory does not grow with
// the corpus. Each [SystemScores] of the result has Corpus (or CorpusErr,
// where NLTK's corpus_bleu would raise) and nothing else: the result is
// for [WriteCorpus], not for [Scored.Rows] or the sentence scores, which
// need [Score]. It stops with ctx's error when ctx is cancelled.
func CorpusScores(ctx context.Context, ds *Dataset, set Settings) (*Scored, error) {
	if err := set.Validate(); err != nil {
		return nil, err
	}
	opt := set.Corpus
	out := &Scored{Settings: set, orders: set.orders(0), Systems: make([]SystemScores, len(ds.Systems))}
	n := ds.Len()
	for s, sys := range ds.Systems {
		hyps := sys.Hyps
		st, err := scoring.CorpusStats(ctx, n, opt, func(i int, refs []string) (string, []string) {
			return hyps[i], ds.SegmentRefs(i, refs)
		})
		if err != nil {
			return nil, err
		}
		var last scoring.LastSegment
		if n > 0 {
			last = scoring.LastSegment{Hyp: hyps[n-1], Refs: ds.SegmentRefs(n-1, nil)}
		}
		out.Systems[s].sum = st
		out.Systems[s].Corpus, out.Systems[s].CorpusErr = scoring.Evaluate(st, opt, last)
	}
	return out, nil
}
