package scoring

import (
	"math"
	"slices"
)

// Finding the segments of many n-grams at once, such as every n-gram of a
// corpus (ngrams --top 0). The scan of ngramscan.go looks each position's
// n-grams up among the patterns wanted; with millions of patterns its
// lookup is far bigger than the caches and nearly every probe waits on
// memory, over the whole corpus (a minute on a million segments). Here
// the n-grams of the stored lines are numbered again, as the count
// numbered them (each the pair of its prefix's id and its last token's),
// and clipped per segment as the count clipped them, so each segment
// gives the ids of its n-grams with h and R; a request is then found by
// id. Each core numbers a contiguous run of the corpus; the runs' finds
// are joined in order, so each request gets its first segments.

// manyPatterns is the number of distinct n-grams from which
// [NGramCounts.SegmentsOfKinds] numbers the corpus again instead of
// scanning for the patterns (a variable so that tests can use the path on
// small corpora).
var manyPatterns = 1 << 15

// byIDShare: the corpus is numbered again only for requests of at least
// one n-gram in byIDShare of the corpus's (its cost is the corpus's, where
// the scan's grows with the requests: on 200k segments of 20M n-grams,
// 400k requests took 0.63 s by the scan and 0.81 s by id).
const byIDShare = 8

// pairsOf builds the count's pair table again from the ids, for the
// n-grams of orders 2..maxOrder.
func (c *NGramCounts) pairsOf(maxOrder int) pairTable {
	n := 0
	for g := range c.ids.len() {
		if o := int(c.ids.order[g]); o > 1 && o <= maxOrder {
			n++
		}
	}
	size := 16
	for maxLoad(size) < n {
		size <<= 1
	}
	var p pairTable
	p.alloc(size)
	for g := range c.ids.len() {
		if o := int(c.ids.order[g]); o > 1 && o <= maxOrder {
			p.put(pairSlot{key: uint64(c.ids.prefix[g])<<32 | uint64(c.ids.last[g]), id: uint32(g) + 1})
		}
	}
	return p
}

// id returns the id of the n-gram whose pair is key (its prefix's id <<
// 32 | its last token's); every n-gram of the stored lines has one.
func (p *pairTable) id(key uint64) uint32 {
	for i := p.slot(key); ; i = (i + 1) & p.mask {
		if sl := &p.slots[i]; sl.key == key && sl.id != 0 {
			return sl.id - 1
		}
	}
}

// idWant is one request as a run of the corpus keeps it: where its
// segments go in the run's list, how many it may have, how many it has,
// and its kind. The requests of one n-gram lie side by side, so that a
// find reads one cache line of them.
type idWant struct {
	off, room, found uint32
	kind             Kind
}

// segmentsByID is [NGramCounts.SegmentsOfKinds] by numbering the corpus
// again (see above); ok is false when the segments asked for are more than
// its lists number (2^32), and the scan must do.
func (c *NGramCounts) segmentsByID(sys int, reqs []KindID, limit int) (out [][]int, ok bool) {
	// The requests grouped by n-gram (wants[reqLo[g]:reqLo[g+1]] are g's,
	// reqsOf says which request each is), each with room for as many
	// segments as its kind is above 0 in (at most limit), which the
	// totals know.
	maxOrder := 0
	reqLo := make([]int32, c.ids.len()+1)
	for _, r := range reqs {
		reqLo[r.ID+1]++
		maxOrder = max(maxOrder, int(c.ids.order[r.ID]))
	}
	for g := range c.ids.len() {
		reqLo[g+1] += reqLo[g]
	}
	reqsOf := make([]int32, len(reqs))
	wants := make([]idWant, len(reqs))
	next := slices.Clone(reqLo[:len(reqLo)-1])
	for j, r := range reqs {
		room := c.SegmentCount(sys, r.Kind, r.ID)
		if limit > 0 {
			room = min(room, limit)
		}
		p := next[r.ID]
		reqsOf[p], wants[p] = int32(j), idWant{room: uint32(room), kind: r.Kind}
		next[r.ID]++
	}
	sum := 0
	for p := range wants {
		wants[p].off = uint32(sum)
		sum += int(wants[p].room)
	}
	if uint64(sum) > math.MaxUint32 {
		return nil, false
	}
	total := uint32(sum)
	pairs := c.pairsOf(maxOrder)

	// Each core takes a contiguous run of the blocks with a list of its
	// own (a run cannot know how many segments the runs before it find);
	// the lists are joined in order, up to each request's room.
	runs := inRuns(c.lines.blocks, func(run []tokBlock) *idNumberer {
		w := &idNumberer{pairs: &pairs, reqLo: reqLo, wants: slices.Clone(wants), segs: make([]uint32, total),
			sys: uint32(sys), systems: uint32(len(c.sys)), maxOrder: maxOrder}
		for p := range w.wants {
			if w.wants[p].room > 0 {
				w.pending++
			}
		}
		for bi := range run {
			if w.pending == 0 {
				break
			}
			w.block(&run[bi])
		}
		w.segs = w.segs[:total:total]
		return w
	})
	all := make([]int, 0, total)
	out = make([][]int, len(reqs))
	for p, want := range wants {
		from := len(all)
		for _, w := range runs {
			have := w.wants[p]
			n := min(have.found, want.room-uint32(len(all)-from))
			for _, seg := range w.segs[have.off : have.off+n] {
				all = append(all, int(seg))
			}
		}
		out[reqsOf[p]] = all[from:len(all):len(all)]
	}
	return out, true
}

// idNumberer is one run's numbering of the corpus and what it found.
type idNumberer struct {
	pairs    *pairTable
	reqLo    []int32
	wants    []idWant
	segs     []uint32 // the segments found: wants[p]'s from wants[p].off
	pending  int      // the requests with room left
	sys      uint32
	systems  uint32
	maxOrder int

	ids   []uint32 // the ids of a line, order by order
	keys  []uint64 // the pairs of one order of the line
	touch uint64   // what number loaded ahead, so that the loads stay
	local localCounts
}

// block numbers and clips the segments of b, and adds each to the
// requests whose n-gram and kind it has.
func (w *idNumberer) block(b *tokBlock) {
	for j := range b.segEnd {
		lo, hi := b.segment(j)
		refs := hi - lo - w.systems
		hyp := b.line(lo + refs + w.sys)
		room := len(hyp) * w.maxOrder
		for k := range refs {
			room += len(b.line(lo+k)) * w.maxOrder
		}
		w.local.reset(room)
		for k := range refs {
			w.local.addRef(int(k), w.number(b.line(lo+k)))
		}
		w.local.addHyp(w.number(hyp))
		seg := uint32(b.first + j)
		for _, e := range w.local.entries {
			for p := w.reqLo[e.g]; p < w.reqLo[e.g+1]; p++ {
				want := &w.wants[p]
				if want.found < want.room && want.kind.Count(int(e.h), int(e.rmax)) > 0 {
					w.segs[want.off+want.found] = seg
					if want.found++; want.found == want.room {
						w.pending--
					}
				}
			}
		}
		if w.pending == 0 {
			return
		}
	}
}

// number returns the ids of the n-grams of orders 1..maxOrder of a line
// of token ids (a token's id is its unigram's).
// The table is far bigger than the caches: as numberOrder does, each
// order first loads the slots of all its pairs, loads that do not wait on
// one another, then looks them up.
func (w *idNumberer) number(line []uint32) []uint32 {
	w.ids = append(w.ids[:0], line...)
	p := w.pairs
	prev := 0 // where the order below starts in ids
	for n := 2; n <= w.maxOrder && n <= len(line); n++ {
		start := len(w.ids)
		keys := w.keys[:0]
		for i := range len(line) - n + 1 {
			key := uint64(w.ids[prev+i])<<32 | uint64(line[i+n-1])
			keys = append(keys, key)
			w.touch ^= p.slots[slotHash(key)>>p.shift&p.mask].key
		}
		for _, key := range keys {
			w.ids = append(w.ids, p.id(key))
		}
		w.keys = keys
		prev = start
	}
	return w.ids
}
