package scoring

import "unsafe"

// ngWorker counts the n-grams of a contiguous range of segments. It
// numbers tokens and n-grams in its own corpus-wide tables (an n-gram is
// the pair of its prefix's id and its last token's id; a unigram's id is
// its token's), and keeps per id and per system the running totals, and
// the token ids of every line. Numbering a batch (fill, numberBatch) and
// counting one (countBatch) touch separate fields, so that they may run
// at once on two batches (countRange).
type ngWorker struct {
	tok      Tokenizer
	lower    bool
	orders   int
	segments int // about how many segments it counts

	// The numbering's.
	grams ngramIDs
	toks  []string
	keys  []uint64 // numberOrder's pairs of a line
	touch uint64   // what numberOrder loaded ahead, so that the loads stay

	// The counting's.
	local localCounts
	sys   []ngSystem
	store lineStore // the lines counted, for SegmentsOf

	starts, next []int    // flush's offsets per totals page
	sorted       []uint64 // flush's queue grouped by page
}

// ngSystem holds one system's totals per id and the counts queued for
// them.
type ngSystem struct {
	totals pagedTotals
	pend   []uint64 // totals not yet added (see [ngWorker.flush])
}

// newNGWorker returns a worker for about segments segments, which tells
// budget the n-grams it numbers.
func newNGWorker(tok Tokenizer, lower bool, orders, systems, segments int, budget *gramBudget) *ngWorker {
	w := &ngWorker{tok: tok, lower: lower, orders: orders, segments: segments, sys: make([]ngSystem, systems)}
	w.grams.init(segments)
	w.grams.budget = budget
	return w
}

// countBatch counts the segments of b, which numberBatch numbered.
func (w *ngWorker) countBatch(b *ngBatch) {
	for s := range w.sys {
		w.sys[s].totals.ensure(b.grams)
	}
	for j := range b.segs {
		w.countSegment(b, j)
	}
}

// countSegment counts the j-th segment of b.
func (w *ngWorker) countSegment(b *ngBatch, j int) {
	sg := b.segs[j]
	w.store.begin(b.first + j)
	for k := range sg.refs + len(w.sys) {
		w.store.line(b.ids(sg.first + k)[:b.lines[sg.first+k].n])
	}
	w.store.end()
	room, longest := 0, 0
	for k := range sg.refs {
		room += len(b.ids(sg.first + k))
	}
	for s := range w.sys {
		longest = max(longest, len(b.ids(sg.first+sg.refs+s)))
	}
	if room+longest > splitSegment {
		w.countByOrder(b, sg)
		return
	}
	w.local.reset(room + longest)
	for k := range sg.refs {
		w.local.addRef(k, b.ids(sg.first+k))
	}
	nref := len(w.local.entries)
	for s := range w.sys {
		w.local.addHyp(b.ids(sg.first + sg.refs + s))
		w.record(&w.sys[s])
		w.local.truncate(nref)
	}
}

// countByOrder counts a huge segment (one line of megabytes) one order at
// a time, so that its local table holds one order's n-grams, not every
// order's (about 90 bytes per token each).
func (w *ngWorker) countByOrder(b *ngBatch, sg ngSeg) {
	for n := 1; n <= w.orders; n++ {
		room, longest := 0, 0
		for k := range sg.refs {
			room += len(b.orderIDs(sg.first+k, n))
		}
		for s := range w.sys {
			longest = max(longest, len(b.orderIDs(sg.first+sg.refs+s, n)))
		}
		w.local.reset(room + longest)
		for k := range sg.refs {
			w.local.addRef(k, b.orderIDs(sg.first+k, n))
		}
		nref := len(w.local.entries)
		for s := range w.sys {
			w.local.addHyp(b.orderIDs(sg.first+sg.refs+s, n))
			w.record(&w.sys[s])
			w.local.truncate(nref)
		}
	}
}

// splitSegment is the most n-gram ids (of the references and the longest
// hypothesis) a segment has for its n-grams of every order to be counted
// in one table, beyond which [ngWorker.countByOrder] counts them; a
// variable so that tests can split every segment.
var splitSegment = 1 << 18

// record adds the segment's totals: to the queue (see [ngWorker.flush]),
// or straight to the totals when the worker counts few segments, whose
// totals stay in the caches.
func (w *ngWorker) record(sys *ngSystem) {
	if w.segments <= directSegments {
		for j := range w.local.entries {
			e := &w.local.entries[j]
			sys.totals.addCounts(e.g, e.h, e.rmax)
		}
		return
	}
	if sys.pend == nil { // the system's share of the queue (it grows only for a segment longer than that)
		sys.pend = make([]uint64, 0, max(1, min(pendMax/len(w.sys), w.segments*256)))
		adviseHuge(unsafe.Pointer(unsafe.SliceData(sys.pend)), uintptr(cap(sys.pend))*8)
	}
	if len(sys.pend) > 0 && len(sys.pend)+len(w.local.entries) > cap(sys.pend) {
		w.flush()
	}
	pend := sys.pend
	for j := range w.local.entries {
		e := &w.local.entries[j]
		h, r := e.h, e.rmax
		m := min(h, r)
		if m < 1<<pendBits && h-m < 1<<pendBits && r-m < 1<<pendBits {
			pend = append(pend, uint64(e.g)<<32|uint64(m)<<(2*pendBits)|uint64(h-m)<<pendBits|uint64(r-m))
		} else { // rare: a segment with a thousand of one n-gram
			sys.totals.addCounts(e.g, h, r)
		}
	}
	sys.pend = pend
}

// directSegments is the most segments a worker counts for it to add their
// totals straight away: the totals of a test set's n-grams (a few
// thousand segments) fit in the caches, and queueing them only costs
// (a variable, so that tests can make the queue run on small corpora).
var directSegments = 8192

// release frees the queue once every count is added.
func (w *ngWorker) release() {
	for s := range w.sys {
		w.sys[s].pend = nil
	}
	w.starts, w.next, w.sorted = nil, nil, nil
}

// Queued totals: an n-gram's counts in one segment, each below
// 1<<pendBits, packed with its id as id<<32 | matched<<20 | over<<10 |
// missed.
const pendBits = 10

// pendMax is how many queued totals a worker holds over all systems
// before adding them (8 MB, and as much again to group them); a variable
// so that tests can make the queue fill often.
var pendMax = 1 << 20

// flush adds the queued counts to the totals. The totals of a large
// corpus are far bigger than the caches, and the ids of consecutive
// n-grams are scattered over them, so adding each count where it is made
// would miss the cache every time. Instead the queue is first grouped by
// totals page (a counting sort: one pass to count, one to scatter, both
// sequential), then each page, small enough to stay in cache, takes all of
// its counts in a row.
func (w *ngWorker) flush() {
	for s := range w.sys {
		sys := &w.sys[s]
		if len(sys.pend) == 0 {
			continue
		}
		pages := sys.totals.pages
		starts := w.starts[:0]
		for range len(pages) + 1 {
			starts = append(starts, 0)
		}
		for _, u := range sys.pend {
			starts[u>>(32+pageBits)+1]++
		}
		for p := 1; p <= len(pages); p++ {
			starts[p] += starts[p-1]
		}
		if cap(w.sorted) < len(sys.pend) {
			w.sorted = make([]uint64, len(sys.pend))
			adviseHuge(unsafe.Pointer(unsafe.SliceData(w.sorted)), uintptr(len(w.sorted))*8)
		}
		sorted := w.sorted[:len(sys.pend)]
		next := append(w.next[:0], starts[:len(pages)]...)
		for _, u := range sys.pend {
			p := u >> (32 + pageBits)
			sorted[next[p]] = u
			next[p]++
		}
		const low = 1<<pendBits - 1
		for p, page := range pages {
			for _, u := range sorted[starts[p]:starts[p+1]] {
				g := uint32(u >> 32)
				t := &page[g&(1<<pageBits-1)]
				if m := uint32(u>>(2*pendBits)) & low; m > 0 {
					sys.totals.add(t, g, Matched, m)
				}
				if o := uint32(u>>pendBits) & low; o > 0 {
					sys.totals.add(t, g, Over, o)
				}
				if x := uint32(u) & low; x > 0 {
					sys.totals.add(t, g, Missed, x)
				}
			}
		}
		w.starts, w.next = starts, next
		sys.pend = sys.pend[:0]
	}
}
