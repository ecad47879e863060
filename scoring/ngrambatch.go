package scoring

import (
	"context"
	"sync/atomic"
)

// Numbering n-grams a batch at a time. A worker first tokenizes a batch of
// segments and numbers their tokens, then numbers their n-grams order by
// order (an n-gram is the pair of its prefix's id and its last token's id,
// so an order needs the ids of the one below), then counts the segments
// from the ids of their lines. The pair table of a large corpus is far
// bigger than the caches and the pairs of consecutive n-grams fall
// anywhere in it, so looking them up one after another would wait on a
// cache miss for almost every one: numberOrder first loads the slots of
// all the n-grams of a line, loads that do not wait on one another, then
// looks them up. Numbering one order over the whole batch keeps that
// order's frequent pairs in the caches (batches of 64 to 4,096 segments
// were slower).

// ngBatchSegments is how many segments a worker numbers together.
const ngBatchSegments = 16384

// pipeBatches is how many batches at least a pipelined worker cuts its
// segments into, so that numbering and counting overlap for most of
// the time; pipeBatchMin the fewest segments of a batch.
const (
	pipeBatches  = 8
	pipeBatchMin = 128
)

// countRange counts segments lo..hi-1 a batch at a time: it tokenizes
// and numbers a batch, then counts it. Pipelined, a goroutine of its own
// tokenizes and numbers the next batch meanwhile: the two share no table
// (numbering writes the vocabulary and the pair table, counting the
// totals, the local table and the lines), only the batches, which go from
// one to the other and back. It stops early when ctx is done or stop is
// set, and sets stop and reports false when the budget of n-grams is
// spent.
func (w *ngWorker) countRange(ctx context.Context, lo, hi int, src SystemsSource, pipelined bool, stop *atomic.Bool, p *ngProgress) bool {
	size := ngBatchSegments
	if pipelined {
		size = min(ngBatchSegments, max(pipeBatchMin, (hi-lo+pipeBatches-1)/pipeBatches))
	}
	numbered := make(chan *ngBatch, 1)
	free := make(chan *ngBatch, 2)
	free <- new(ngBatch)
	ok := true
	number := func() {
		defer close(numbered)
		var hyps, refs []string
		for from := lo; from < hi; from += size {
			if ctx.Err() != nil || stop.Load() {
				return
			}
			b := <-free
			hyps, refs = w.fill(b, from, min(from+size, hi), src, hyps, refs)
			rest := 0 // the batches after the first, which makes room for them
			if from == lo {
				rest = (hi-lo+size-1)/size - 1
			}
			if !w.numberBatch(b, rest) {
				stop.Store(true)
				ok = false
				return
			}
			numbered <- b
		}
	}
	if pipelined { // else numbering waits for the one batch to be counted
		free <- new(ngBatch)
	}
	go number()
	for b := range numbered {
		w.countBatch(b)
		p.add(len(w.sys) * len(b.segs))
		free <- b
	}
	return ok
}

// ngLine is one line (a reference or a hypothesis) of the batch: its ids
// start at off in ngBatch.bids, order by order (the n tokens' ids, then
// the n-1 bigrams', …).
type ngLine struct {
	off, n int
}

// ngSeg is one segment of the batch: its references' lines, then one line
// per system, from line first.
type ngSeg struct {
	first, refs int
}

// ngBatch is a batch of segments, tokenized and numbered: the ids of its
// lines, its lines and its segments, the first of which is segment first
// of the corpus; once numbered, the worker's tables hold grams n-grams.
type ngBatch struct {
	bids  []uint32
	lines []ngLine
	segs  []ngSeg
	first int
	grams int
}

// fill tokenizes segments from..to-1 into b and numbers their tokens,
// stopping early when the budget of n-grams is spent (hyps and refs are
// src's buffers, returned for the next call).
func (w *ngWorker) fill(b *ngBatch, from, to int, src SystemsSource, hyps, refs []string) ([]string, []string) {
	b.bids, b.lines, b.segs, b.first = b.bids[:0], b.lines[:0], b.segs[:0], from
	for i := from; i < to && !w.grams.full; i++ {
		hyps, refs = src(i, hyps[:0], refs[:0])
		b.segs = append(b.segs, ngSeg{first: len(b.lines), refs: len(refs)})
		for _, r := range refs {
			w.addLine(b, r)
		}
		for _, h := range hyps {
			w.addLine(b, h)
		}
	}
	return hyps, refs
}

func (w *ngWorker) addLine(b *ngBatch, line string) {
	w.toks = Preprocess(w.tok, w.lower, w.toks[:0], line)
	off, n := len(b.bids), len(w.toks)
	// The tokens' ids, then room for the higher orders, each position
	// written by numberBatch.
	b.bids = withRoom(b.bids, orderStart(n, min(w.orders, n)+1))
	for i, t := range w.toks {
		b.bids[off+i] = w.grams.token(t)
	}
	b.lines = append(b.lines, ngLine{off: off, n: n})
}

// withRoom returns ids extended by k elements, doubling its capacity when
// it must grow: the first batch's ids reach their size in a few steps,
// leaving as much garbage as they hold at most (append's smaller steps on
// a large slice left five times that, 80 MB on a million segments).
func withRoom(ids []uint32, k int) []uint32 {
	if cap(ids)-len(ids) < k {
		grown := make([]uint32, len(ids), max(2*cap(ids), len(ids)+k))
		copy(grown, ids)
		ids = grown
	}
	return ids[:len(ids)+k]
}

// ids returns the ids of all n-grams of line j, order by order.
func (b *ngBatch) ids(j int) []uint32 {
	end := len(b.bids)
	if j+1 < len(b.lines) {
		end = b.lines[j+1].off
	}
	return b.bids[b.lines[j].off:end]
}

// orderIDs returns the ids of the n-grams of order n of line j.
func (b *ngBatch) orderIDs(j, n int) []uint32 {
	ids := b.ids(j)
	toks := b.lines[j].n
	if toks < n {
		return nil
	}
	start := orderStart(toks, n)
	return ids[start : start+toks-n+1]
}

// numberBatch numbers the n-grams of orders 2 and up of b's lines; it
// reports false when the budget of n-grams is spent (then b's numbering
// may have stopped part way). With rest > 0, it then makes room
// in the pair table for as many new pairs in each of rest batches as b
// had, so that the table does not grow batch after batch, moving every
// pair each time (later batches have fewer new pairs, as their n-grams
// have been seen more and more often).
func (w *ngWorker) numberBatch(b *ngBatch, rest int) bool {
	tokens := 0
	for _, l := range b.lines {
		tokens += l.n
	}
	w.grams.reserve(len(b.bids) - tokens) // at most the batch's n-grams of orders 2 and up
	before := w.grams.used
	for n := 2; n <= w.orders && !w.grams.full; n++ {
		w.numberOrder(b, n)
	}
	if w.grams.full {
		return false
	}
	if rest > 0 {
		w.grams.reserve(rest * (w.grams.used - before))
	}
	b.grams = w.grams.len()
	return true
}

// orderStart is where the ids of order k begin among those of a line of n
// tokens: after n, n-1, …, n-k+2 ids of orders 1..k-1.
func orderStart(n, k int) int {
	s := 0
	for j := 1; j < k; j++ {
		s += n - j + 1
	}
	return s
}

// numberOrder numbers the n-grams of order n of b's lines, line by
// line: it first loads the table slot of every n-gram of the line, in a
// loop kept short so that many loads are in flight at once, then looks
// each up.
func (w *ngWorker) numberOrder(b *ngBatch, n int) {
	t := &w.grams
	var touch uint64
	keys := w.keys
	for _, l := range b.lines {
		if l.n < n {
			continue
		}
		if t.full {
			break
		}
		prev, last := b.bids[l.off+orderStart(l.n, n-1):], b.bids[l.off+n-1:l.off+l.n]
		out := b.bids[l.off+orderStart(l.n, n):]
		keys = keys[:0]
		for i, tok := range last {
			keys = append(keys, uint64(prev[i])<<32|uint64(tok))
		}
		slots, shift, mask := t.slots, t.shift, t.mask
		for _, key := range keys {
			touch ^= slots[slotHash(key)>>shift&mask].key
		}
		for i, key := range keys {
			// The common case, a pair in its home slot, without a call.
			if sl := &t.slots[t.slot(key)]; sl.key == key && sl.id != 0 {
				out[i] = sl.id - 1
				continue
			}
			out[i] = t.pair(uint32(key>>32), uint32(key))
		}
	}
	w.keys = keys
	w.touch ^= touch
}
