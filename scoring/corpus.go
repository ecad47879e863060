package scoring

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
)

// SegmentSource gives the text of segment i: its hypothesis, and its
// references appended to refs (a buffer the caller may reuse). A reference
// that is absent for this segment is simply not appended.
type SegmentSource func(i int, refs []string) (hyp string, refsOut []string)

// chunk is how many segments a worker takes at a time.
const chunk = 512

// forEachSegment runs fn over segments 0..n-1 on all cores, handing each
// worker its own Scorer. It stops early when ctx is cancelled.
func forEachSegment(ctx context.Context, n int, opt Options, orders int, fn func(worker int, s *Scorer, i int)) error {
	workers := runtime.GOMAXPROCS(0)
	if max := (n + chunk - 1) / chunk; workers > max {
		workers = max
	}
	scorers := make([]*Scorer, workers)
	for w := range scorers {
		s, err := NewScorerOrders(opt, orders)
		if err != nil {
			return err
		}
		scorers[w] = s
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for ctx.Err() == nil {
				lo := int(next.Add(chunk)) - chunk
				if lo >= n {
					return
				}
				for i := lo; i < min(lo+chunk, n); i++ {
					fn(w, scorers[w], i)
				}
			}
		}(w)
	}
	wg.Wait()
	return ctx.Err()
}

// ScoreSegments computes the [Stats] of segments 0..n-1 in parallel,
// counting orders 1..orders (at least opt.MaxOrder), and hands each to
// put, which may be called from several goroutines at once (for different
// i). It returns ctx's error when cancelled.
func ScoreSegments(ctx context.Context, n int, opt Options, orders int, src SegmentSource, put func(i int, st Stats)) error {
	bufs := make([][]string, runtime.GOMAXPROCS(0))
	return forEachSegment(ctx, n, opt, orders, func(w int, s *Scorer, i int) {
		var hyp string
		hyp, bufs[w] = src(i, bufs[w][:0])
		put(i, s.Segment(hyp, bufs[w]))
	})
}

// SystemsSource gives the text of segment i: its hypotheses, one per
// system, appended to hyps, and its present references appended to refs
// (buffers the caller may reuse).
type SystemsSource func(i int, hyps, refs []string) (hypsOut, refsOut []string)

// ScoreSystems is [ScoreSegments] for several systems at once: every
// segment's references are tokenized once for all its hypotheses. put gets
// the statistics of segment i in system order; the slice is reused after
// put returns. It may be called from several goroutines at once.
func ScoreSystems(ctx context.Context, n int, opt Options, orders int, src SystemsSource, put func(i int, st []Stats)) error {
	type buf struct {
		hyps, refs []string
		out        []Stats
	}
	bufs := make([]buf, runtime.GOMAXPROCS(0))
	return forEachSegment(ctx, n, opt, orders, func(w int, s *Scorer, i int) {
		b := &bufs[w]
		b.hyps, b.refs = src(i, b.hyps[:0], b.refs[:0])
		b.out = s.Systems(b.hyps, b.refs, b.out[:0])
		put(i, b.out)
	})
}

// CorpusStats sums the statistics of segments 0..n-1, computed in
// parallel, without keeping any per-segment state.
func CorpusStats(ctx context.Context, n int, opt Options, src SegmentSource) (Stats, error) {
	workers := runtime.GOMAXPROCS(0)
	sums := make([]Stats, workers)
	bufs := make([][]string, workers)
	err := forEachSegment(ctx, n, opt, opt.MaxOrder, func(w int, s *Scorer, i int) {
		var hyp string
		hyp, bufs[w] = src(i, bufs[w][:0])
		sums[w].Add(s.Segment(hyp, bufs[w]))
	})
	var total Stats
	for _, s := range sums {
		total.Add(s)
	}
	return total, err
}

// SentenceStats returns the statistics of one segment under opt.
func SentenceStats(hyp string, refs []string, opt Options) (Stats, error) {
	s, err := NewScorer(opt)
	if err != nil {
		return Stats{}, err
	}
	return s.Segment(hyp, refs), nil
}

// SentenceBLEU scores one segment as sacrebleu's BLEU.sentence_score does
// under opt (use [SentenceOptions] for sacrebleu's sentence defaults).
func SentenceBLEU(hyp string, refs []string, opt Options) (Result, error) {
	st, err := SentenceStats(hyp, refs, opt)
	if err != nil {
		return Result{}, err
	}
	return Compute(st, opt), nil
}

// CorpusBLEU scores a corpus as sacrebleu's BLEU.corpus_score does: hyps
// with reference streams refs, each as long as hyps. The statistics are
// summed first; the score is never a mean of sentence scores. For
// references missing from some segments, use [CorpusStats] with a
// [SegmentSource] that leaves them out.
func CorpusBLEU(hyps []string, refs [][]string, opt Options) (Result, error) {
	if err := opt.Validate(); err != nil {
		return Result{}, err
	}
	st, err := CorpusStats(context.Background(), len(hyps), opt, func(i int, out []string) (string, []string) {
		for _, stream := range refs {
			out = append(out, stream[i])
		}
		return hyps[i], out
	})
	if err != nil {
		return Result{}, err
	}
	return Compute(st, opt), nil
}
