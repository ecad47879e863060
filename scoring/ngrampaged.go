package scoring

// pageBits sets the size of a page of per-id totals: 1<<pageBits ids.
const pageBits = 13

// pagedTotals holds one [idTotals] per id in fixed-size pages, so that it
// grows by adding a page and never copies what it holds.
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
		p.pages = append(p.pages, make([]idTotals, 1<<pageBits))
	}
}
