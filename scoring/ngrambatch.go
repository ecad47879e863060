package scoring

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

// ngLine is one line (a reference or a hypothesis) of the batch: its ids
// start at off in ngWorker.bids, order by order (the n tokens' ids, then
// the n-1 bigrams', …).
type ngLine struct {
	off, n int
}

// ngSeg is one segment of the batch: its references' lines, then one line
// per system, from line first.
type ngSeg struct {
	first, refs int
}

// startBatch empties the batch.
func (w *ngWorker) startBatch() {
	w.bids, w.lines, w.segs = w.bids[:0], w.lines[:0], w.segs[:0]
}

// addSegment tokenizes a segment's references and hypotheses, numbers
// their tokens, and keeps room for the ids of their n-grams.
func (w *ngWorker) addSegment(hyps, refs []string) {
	w.segs = append(w.segs, ngSeg{first: len(w.lines), refs: len(refs)})
	for _, r := range refs {
		w.addLine(r)
	}
	for _, h := range hyps {
		w.addLine(h)
	}
}

func (w *ngWorker) addLine(line string) {
	w.toks = Preprocess(w.tok, w.lower, w.toks[:0], line)
	off, n := len(w.bids), len(w.toks)
	// The tokens' ids, then room for the higher orders, each position
	// written by numberBatch.
	w.bids = withRoom(w.bids, orderStart(n, min(w.orders, n)+1))
	for i, t := range w.toks {
		w.bids[off+i] = w.grams.token(t)
	}
	w.lines = append(w.lines, ngLine{off: off, n: n})
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
func (w *ngWorker) ids(j int) []uint32 {
	end := len(w.bids)
	if j+1 < len(w.lines) {
		end = w.lines[j+1].off
	}
	return w.bids[w.lines[j].off:end]
}

// numberBatch numbers the n-grams of orders 2 and up of the batch's lines;
// it reports false when the ids run out.
func (w *ngWorker) numberBatch() bool {
	tokens := 0
	for _, l := range w.lines {
		tokens += l.n
	}
	w.grams.reserve(len(w.bids) - tokens) // the batch's n-grams of orders 2 and up
	for n := 2; n <= w.orders; n++ {
		w.numberOrder(n)
		if w.grams.len() > maxGrams {
			return false
		}
	}
	if w.grams.len() > maxGrams { // the tokens alone, with one order
		return false
	}
	w.grow()
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

// numberOrder numbers the n-grams of order n of the batch's lines, line by
// line: it first loads the table slot of every n-gram of the line, in a
// loop kept short so that many loads are in flight at once, then looks
// each up.
func (w *ngWorker) numberOrder(n int) {
	t := &w.grams
	var touch uint64
	keys := w.keys
	for _, l := range w.lines {
		if l.n < n {
			continue
		}
		prev, last := w.bids[l.off+orderStart(l.n, n-1):], w.bids[l.off+n-1:l.off+l.n]
		out := w.bids[l.off+orderStart(l.n, n):]
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
