package scoring

import "context"

// chrfChunk is how many segments a chrF worker takes at a time.
const chrfChunk = 256

// ChrFSegments computes the chrF statistics of segments 0..n-1 on all
// cores and hands each vector to put, which may be called from several
// goroutines at once (for different i); the vector is reused after put
// returns. A segment that src gives no reference gets an all-zero vector.
// It returns ctx's error when cancelled.
func ChrFSegments(ctx context.Context, n int, o ChrFOptions, src SegmentSource, put func(i int, stats []int)) error {
	if err := o.Validate(); err != nil {
		return err
	}
	workers := workerCount(n, chrfChunk)
	type state struct {
		s     *ChrFScorer
		refs  []string
		stats []int
	}
	st := make([]state, workers)
	for w := range st {
		st[w].s, _ = NewChrFScorer(o)
	}
	return parallelChunks(ctx, n, chrfChunk, workers, func(w, lo, hi int) {
		b := &st[w]
		for i := lo; i < hi; i++ {
			var hyp string
			hyp, b.refs = src(i, b.refs[:0])
			b.stats = b.s.Segment(b.stats[:0], hyp, b.refs)
			put(i, b.stats)
		}
	})
}

// ChrFCorpusStats returns the chrF statistics of segments 0..n-1 summed
// over the corpus, computed on all cores without keeping any per-segment
// state. [ChrFScore] of the sum is sacrebleu's corpus chrF.
func ChrFCorpusStats(ctx context.Context, n int, o ChrFOptions, src SegmentSource) ([]int, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	workers := workerCount(n, chrfChunk)
	type state struct {
		s          *ChrFScorer
		refs       []string
		stats, sum []int
	}
	st := make([]state, workers)
	for w := range st {
		st[w].s, _ = NewChrFScorer(o)
		st[w].sum = make([]int, o.Width())
	}
	err := parallelChunks(ctx, n, chrfChunk, workers, func(w, lo, hi int) {
		b := &st[w]
		for i := lo; i < hi; i++ {
			var hyp string
			hyp, b.refs = src(i, b.refs[:0])
			b.stats = b.s.Segment(b.stats[:0], hyp, b.refs)
			for k, v := range b.stats {
				b.sum[k] += v
			}
		}
	})
	total := make([]int, o.Width())
	for _, b := range st {
		for k, v := range b.sum {
			total[k] += v
		}
	}
	return total, err
}

// CorpusChrF scores a corpus as sacrebleu's CHRF.corpus_score does: hyps
// with reference streams refs, each as long as hyps. It returns the score
// and the summed statistics; the score is never a mean of sentence scores.
// For references missing from some segments, use [ChrFCorpusStats] with a
// [SegmentSource] that leaves them out.
func CorpusChrF(hyps []string, refs [][]string, o ChrFOptions) (float64, []int, error) {
	if len(refs) == 0 {
		return 0, nil, ErrNoReference
	}
	st, err := ChrFCorpusStats(context.Background(), len(hyps), o, func(i int, out []string) (string, []string) {
		for _, stream := range refs {
			out = append(out, stream[i])
		}
		return hyps[i], out
	})
	if err != nil {
		return 0, nil, err
	}
	return ChrFScore(st, o), st, nil
}
