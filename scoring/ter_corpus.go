package scoring

import "context"

// terChunk is how many segments a TER worker takes at a time.
const terChunk = 64

// TERSegments computes the TER statistics of segments 0..n-1 on all cores
// and hands each to put, which may be called from several goroutines at
// once (for different i). It returns [ErrNoReference] (after the other
// segments) if src gives some segment no reference, and ctx's error when
// cancelled.
func TERSegments(ctx context.Context, n int, o TEROptions, src SegmentSource, put func(i int, st TERStats)) error {
	workers := workerCount(n, terChunk)
	type state struct {
		s    *TERScorer
		refs []string
		err  error
	}
	st := make([]state, workers)
	for w := range st {
		st[w].s = NewTERScorer(o)
	}
	err := parallelChunks(ctx, n, terChunk, workers, func(w, lo, hi int) {
		b := &st[w]
		for i := lo; i < hi; i++ {
			var hyp string
			hyp, b.refs = src(i, b.refs[:0])
			stats, err := b.s.Segment(hyp, b.refs)
			if err != nil {
				b.err = err
				continue
			}
			put(i, stats)
		}
	})
	if err != nil {
		return err
	}
	for _, b := range st {
		if b.err != nil {
			return b.err
		}
	}
	return nil
}

// TERCorpusStats returns the TER statistics of segments 0..n-1 summed as
// sacrebleu sums them: the edits as integers, the average reference
// lengths as floats added in segment order (the order changes the last
// bits when some segment has three or more references).
func TERCorpusStats(ctx context.Context, n int, o TEROptions, src SegmentSource) (TERStats, error) {
	lens := make([]float64, n)
	edits := make([]int, n)
	err := TERSegments(ctx, n, o, src, func(i int, st TERStats) {
		edits[i], lens[i] = st.Edits, st.RefLen
	})
	var sum TERStats
	for i := range n {
		sum.Edits += edits[i]
		sum.RefLen += lens[i]
	}
	return sum, err
}

// CorpusTER scores a corpus as sacrebleu's TER.corpus_score does: hyps
// with reference streams refs, each as long as hyps. It returns the score
// and the summed statistics. For references missing from some segments,
// use [TERCorpusStats] with a [SegmentSource] that leaves them out.
func CorpusTER(hyps []string, refs [][]string, o TEROptions) (float64, TERStats, error) {
	st, err := TERCorpusStats(context.Background(), len(hyps), o, func(i int, out []string) (string, []string) {
		for _, stream := range refs {
			out = append(out, stream[i])
		}
		return hyps[i], out
	})
	if err != nil {
		return 0, TERStats{}, err
	}
	return st.Score(), st, nil
}
