package scoring

import "unsafe"

// pageBits sets the size of a page of per-id totals: 1<<pageBits ids.
const pageBits = 13

// maxSlabPages is the most pages allocated at once (about 21 MB).
const maxSlabPages = 64

// pagedTotals holds one [idTotals] per id in fixed-size pages, so that it
// grows by adding pages and never copies what it holds. Pages are cut
// from slabs that double up to maxSlabPages pages, so that a large table
// lies in few long runs of memory that can be backed by huge pages.
type pagedTotals struct {
	pages [][]idTotals
}

// at returns the totals of id g, which must be below len.
func (p *pagedTotals) at(g uint32) *idTotals {
	return &p.pages[g>>pageBits][g&(1<<pageBits-1)]
}

// len returns how many ids the pages hold room for.
func (p *pagedTotals) len() int { return len(p.pages) << pageBits }

// ensure makes room for ids 0..n-1.
func (p *pagedTotals) ensure(n int) {
	for p.len() < n {
		k := min(max(1, len(p.pages)), maxSlabPages)
		slab := make([]idTotals, k<<pageBits)
		adviseHuge(unsafe.Pointer(&slab[0]), uintptr(len(slab))*unsafe.Sizeof(idTotals{}))
		for i := range k {
			p.pages = append(p.pages, slab[i<<pageBits:(i+1)<<pageBits:(i+1)<<pageBits])
		}
	}
}
