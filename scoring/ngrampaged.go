package scoring

import "unsafe"

// pageBits sets the size of a page of per-id totals: 1<<pageBits ids.
const pageBits = 13

// maxSlabPages is the most pages allocated at once (about 12 MB).
const maxSlabPages = 64

// idTotals are the totals of one id in one system: per kind the sum,
// modulo 2^32 (the rest is in [pagedTotals] wide), and the number of
// segments where it is above 0. Four-byte sums keep the totals of a
// million segments' n-grams 16 bytes an id smaller than eight-byte ones
// would, and those of a page in the caches while a flush adds to it.
type idTotals struct {
	count [NumKinds]uint32
	segs  [NumKinds]uint32
}

// pagedTotals holds one [idTotals] per id in fixed-size pages, so that it
// grows by adding pages and never copies what it holds. Pages are cut
// from slabs that double up to maxSlabPages pages, so that a large table
// lies in few long runs of memory that can be backed by huge pages.
type pagedTotals struct {
	pages [][]idTotals
	// wide holds, for the few ids whose sum of a kind has passed 2^32,
	// the multiples of 2^32 of each kind's sum.
	wide map[uint32]*[NumKinds]int64
}

// at returns the totals of id g, which must be below len.
func (p *pagedTotals) at(g uint32) *idTotals {
	return &p.pages[g>>pageBits][g&(1<<pageBits-1)]
}

// count returns the sum of kind k of id g.
func (p *pagedTotals) count(g uint32, k Kind) int64 {
	n := int64(p.at(g).count[k])
	if p.wide != nil { // nil but for sums past 2^32: no lookup at all
		if w := p.wide[g]; w != nil {
			n += w[k]
		}
	}
	return n
}

// add adds v > 0 to the sum of kind k of id g, whose totals are t, and
// counts one more segment.
func (p *pagedTotals) add(t *idTotals, g uint32, k Kind, v uint32) {
	t.count[k] += v
	if t.count[k] < v { // wrapped
		p.carry(g, k, 1<<32)
	}
	t.segs[k]++
}

// addCounts adds the counts of id g in a segment where it is h times in
// the hypothesis and at most r times in a reference: matched min(h, r),
// over h − min(h, r), missed r − min(h, r), each where above 0.
func (p *pagedTotals) addCounts(g uint32, h, r int32) {
	t := p.at(g)
	m := min(h, r)
	for k, v := range [NumKinds]int32{m, h - m, r - m} {
		if v > 0 {
			p.add(t, g, Kind(k), uint32(v))
		}
	}
}

// addSum adds the sums and segment counts of src's id h to id g, whose
// totals are t.
func (p *pagedTotals) addSum(t *idTotals, g uint32, src *pagedTotals, h uint32) {
	s := src.at(h)
	for k := range Kind(NumKinds) {
		sum := uint64(t.count[k]) + uint64(s.count[k])
		t.count[k] = uint32(sum)
		if sum >= 1<<32 {
			p.carry(g, k, 1<<32)
		}
		if w := src.wide[h]; w != nil && w[k] != 0 {
			p.carry(g, k, w[k])
		}
		t.segs[k] += s.segs[k]
	}
}

// carry adds n (a multiple of 2^32) to the wide part of kind k of id g.
func (p *pagedTotals) carry(g uint32, k Kind, n int64) {
	if p.wide == nil {
		p.wide = make(map[uint32]*[NumKinds]int64)
	}
	w := p.wide[g]
	if w == nil {
		w = new([NumKinds]int64)
		p.wide[g] = w
	}
	w[k] += n
}

// len returns how many ids the pages hold room for.
func (p *pagedTotals) len() int { return len(p.pages) << pageBits }

// bytes returns roughly how many bytes the totals hold.
func (p *pagedTotals) bytes() int {
	return p.len()*int(unsafe.Sizeof(idTotals{})) + len(p.wide)*(8+8+int(unsafe.Sizeof([NumKinds]int64{})))
}

// ensure makes room for ids 0..n-1.
func (p *pagedTotals) ensure(n int) {
	for p.len() < n {
		k := min(max(1, len(p.pages)), maxSlabPages)
		slab := make([]idTotals, k<<pageBits)
		adviseHuge(unsafe.Pointer(&slab[0]), uintptr(len(slab))*unsafe.Sizeof(idTotals{}))
		writeFault(unsafe.Pointer(&slab[0]), uintptr(len(slab))*unsafe.Sizeof(idTotals{}))
		for i := range k {
			p.pages = append(p.pages, slab[i<<pageBits:(i+1)<<pageBits:(i+1)<<pageBits])
		}
	}
}
