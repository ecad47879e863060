package scoring

import (
	"math"
	"runtime"
	"slices"
	"sync/atomic"
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
// id. The corpus is read in steps of findStep segments, each on all cores
// in two halves: each core numbers a share of the step's segments, then
// each core adds the segments found to the requests of its own share of
// the n-grams, reading the numberings in the order of the segments. So
// every request gets its first segments in its one list of the result,
// whatever the number of cores.

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

// idWant is one request as the numbering keeps it: where its next
// segment goes in the lists, where its list ends, and its kind. The
// requests of one n-gram lie side by side, so that a find reads one cache
// line of them.
type idWant struct {
	at, end uint32
	kind    Kind
}

// findStep is how many segments the cores number between two fills (a
// variable so that tests can take several steps on small corpora).
var findStep = 1 << 12

// segmentsByID is [NGramCounts.SegmentsOfKinds] by numbering the corpus
// again (see above); ok is false when the segments asked for are more than
// its lists number (2^32), and the scan must do.
func (c *NGramCounts) segmentsByID(sys int, reqs []KindID, limit int) (lists SegmentLists, ok bool) {
	// Request j's list is segs[end[j-1]:end[j]]: room for as many segments
	// as its kind is above 0 in (at most limit), which the totals know, so
	// that the numbering fills it exactly.
	end := make([]int, len(reqs))
	reqLo := make([]int32, c.ids.len()+1) // wants[reqLo[g]:reqLo[g+1]] are n-gram g's
	maxOrder, sum, kinds := 0, 0, uint8(0)
	for j, r := range reqs {
		room := c.SegmentCount(sys, r.Kind, r.ID)
		if limit > 0 {
			room = min(room, limit)
		}
		sum += room
		end[j] = sum
		reqLo[r.ID+1]++
		maxOrder = max(maxOrder, int(c.ids.order[r.ID]))
		kinds |= 1 << r.Kind
	}
	if uint64(sum) > math.MaxUint32 {
		return SegmentLists{}, false
	}
	for g := range c.ids.len() {
		reqLo[g+1] += reqLo[g]
	}
	shares := runtime.GOMAXPROCS(0)
	f := &idFiller{reqLo: reqLo, wants: make([]idWant, len(reqs)), segs: make([]uint32, sum), pending: make([]int, shares)}
	next := slices.Clone(reqLo[:len(reqLo)-1])
	asked := make([]uint64, (c.ids.len()+63)/64)
	for j, r := range reqs {
		from := 0
		if j > 0 {
			from = end[j-1]
		}
		f.wants[next[r.ID]] = idWant{at: uint32(from), end: uint32(end[j]), kind: r.Kind}
		next[r.ID]++
		if end[j] > from { // room for a segment
			f.pending[shareOf(uint32(r.ID), shares)]++
			asked[r.ID>>6] |= 1 << (r.ID & 63)
		}
	}
	f.asked = asked
	pairs := c.pairsOf(maxOrder)
	nums := make([]idNumberer, shares)
	for w := range nums {
		nums[w] = idNumberer{pairs: &pairs, sys: uint32(sys), systems: uint32(len(c.sys)), maxOrder: maxOrder,
			kinds: kinds, asked: asked, hits: make([][]idHit, shares)}
	}
	for bi := range c.lines.blocks {
		b := &c.lines.blocks[bi]
		for lo := 0; lo < len(b.segEnd) && f.wanted(); lo += findStep {
			hi := min(lo+findStep, len(b.segEnd))
			inParallel(shares, func(w int) { nums[w].segments(b, lo+(hi-lo)*w/shares, lo+(hi-lo)*(w+1)/shares) })
			inParallel(shares, func(s int) { f.fill(s, nums) })
		}
	}
	return SegmentLists{segs: f.segs, end: end}, true
}

// shareOf returns which of shares cores fills the requests of n-gram g
// (a multiplicative hash: ids close together, often of frequent n-grams,
// spread over the cores).
func shareOf(g uint32, shares int) int {
	return int(uint64(g*0x9E3779B1) * uint64(shares) >> 32)
}

// idFiller holds the requests and their lists while the corpus is
// numbered.
type idFiller struct {
	reqLo   []int32
	wants   []idWant
	segs    []uint32 // the lists
	pending []int    // per share of the n-grams, its requests with room left
	asked   []uint64 // a bit per n-gram with a request with room left (the numberers' asked)
}

// wanted reports whether any request has room left.
func (f *idFiller) wanted() bool {
	return slices.ContainsFunc(f.pending, func(n int) bool { return n > 0 })
}

// fill adds the segments of the hits of share s that the numberers found,
// in the order of the segments, to the requests whose kind they have. An
// n-gram whose requests are all full is no longer asked for, so that the
// numberers stop keeping its hits (most n-grams of a large corpus fill
// their lists long before its end).
func (f *idFiller) fill(s int, nums []idNumberer) {
	for w := range nums {
		for _, hit := range nums[w].hits[s] {
			open := false
			for p := f.reqLo[hit.g]; p < f.reqLo[hit.g+1]; p++ {
				want := &f.wants[p]
				if want.at < want.end && hit.kinds&(1<<want.kind) != 0 {
					f.segs[want.at] = hit.seg
					if want.at++; want.at == want.end {
						f.pending[s]--
					}
				}
				open = open || want.at < want.end
			}
			if !open {
				// Shares fill at once and n-grams of two shares may share a
				// word of the bits.
				atomic.AndUint64(&f.asked[hit.g>>6], ^(1 << (hit.g & 63)))
			}
		}
	}
}

// idHit is an n-gram of a segment with the kinds asked for that count
// there (a bit per kind).
type idHit struct {
	g, seg uint32
	kinds  uint8
}

// idNumberer is one core's numbering of the corpus.
type idNumberer struct {
	pairs    *pairTable
	sys      uint32
	systems  uint32
	maxOrder int
	kinds    uint8     // the kinds asked for (a bit per kind)
	asked    []uint64  // a bit per n-gram asked for (a few hundred KB, in cache, where the requests are not)
	hits     [][]idHit // per share of the n-grams, what the last segments numbered gave

	ids   []uint32 // the ids of a line, order by order
	keys  []uint64 // the pairs of one order of the line
	touch uint64   // what number loaded ahead, so that the loads stay
	local localCounts
}

// segments numbers and clips segments from..to-1 of b, and keeps their
// n-grams asked for with the kinds asked for that count there, in the
// order of the segments, each in its share's hits.
func (w *idNumberer) segments(b *tokBlock, from, to int) {
	for s := range w.hits {
		w.hits[s] = w.hits[s][:0]
	}
	for j := from; j < to; j++ {
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
			if w.asked[e.g>>6]&(1<<(e.g&63)) == 0 { // nobody asked for it
				continue
			}
			var kinds uint8
			for k := range Kind(NumKinds) {
				if k.Count(int(e.h), int(e.rmax)) > 0 {
					kinds |= 1 << k
				}
			}
			if kinds &= w.kinds; kinds != 0 {
				s := shareOf(e.g, len(w.hits))
				w.hits[s] = append(w.hits[s], idHit{g: e.g, seg: seg, kinds: kinds})
			}
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
