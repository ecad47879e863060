package scoring

import "slices"

// Numbering n-grams a batch at a time. The pair table that numbers the
// n-grams of a large corpus is far bigger than the caches, and the pairs of
// consecutive n-grams fall anywhere in it, so numbering them as they come
// waits on a cache miss for almost every one. A worker therefore first
// tokenizes a batch of segments and numbers their tokens, then numbers
// their n-grams order by order: it gathers the batch's pairs of one order,
// sorts them by where they fall in the table (a counting sort on the top
// bits of the slot hash), and looks them up in that order, sweeping the
// table from one end to the other; the ids go back to where each n-gram
// sits in its line. The counting then reads the ids of each segment's
// lines.

// ngBatchSegments is how many segments a worker numbers together.
const ngBatchSegments = 16384

// bucketBits is how finely the pairs of an order are sorted: by the top
// bucketBits bits of their slot hash.
const bucketBits = 16

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
	for _, t := range w.toks {
		w.bids = append(w.bids, w.grams.token(t))
	}
	// Room for the higher orders, each position written by numberBatch.
	more := orderStart(n, min(w.orders, n)+1) - n
	w.bids = slices.Grow(w.bids, more)[:len(w.bids)+more]
	w.lines = append(w.lines, ngLine{off: off, n: n})
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
	for n := 2; n <= w.orders; n++ {
		keys := w.sortBySlot(n)
		done := w.grams.reserve(n, keys)
		for j, key := range w.skeys[:keys] {
			w.bids[w.sdests[j]] = w.grams.pair(uint32(key>>32), uint32(key))
		}
		done()
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

// sortBySlot puts the pairs of order n (an n-gram's (n-1)-gram prefix's id
// and its last token's id), and where their ids go in bids, into skeys and
// sdests grouped by the top bits of the keys' slot hash (stable within a
// group, so the numbering does not depend on anything but the input), and
// returns how many there are. The pairs are made twice, to count and to
// place them, rather than stored in between.
func (w *ngWorker) sortBySlot(n int) int {
	const buckets = 1 << bucketBits
	if w.bucket == nil {
		w.bucket = make([]int, buckets+1)
	}
	count := w.bucket
	clear(count)
	for _, l := range w.lines {
		if l.n < n {
			continue
		}
		// The ids of order k start after those of orders 1..k-1.
		prev, last := w.bids[l.off+orderStart(l.n, n-1):], w.bids[l.off+n-1:l.off+l.n]
		for i, t := range last {
			count[slotHash(uint64(prev[i])<<32|uint64(t))>>(64-bucketBits)+1]++
		}
	}
	for b := 1; b <= buckets; b++ {
		count[b] += count[b-1]
	}
	keys := count[buckets]
	w.skeys = grown(w.skeys, keys)
	w.sdests = grown(w.sdests, keys)
	for _, l := range w.lines {
		if l.n < n {
			continue
		}
		prev, last := w.bids[l.off+orderStart(l.n, n-1):], w.bids[l.off+n-1:l.off+l.n]
		cur := uint32(l.off + orderStart(l.n, n))
		for i, t := range last {
			key := uint64(prev[i])<<32 | uint64(t)
			b := slotHash(key) >> (64 - bucketBits)
			w.skeys[count[b]] = key
			w.sdests[count[b]] = cur + uint32(i)
			count[b]++
		}
	}
	return keys
}

// grown returns s resized to n, reusing its room.
func grown[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
