package model

import (
	"cmp"
	"context"

	"github.com/bleuscope/bleuscope/scoring"
)

// rankStep is how many n-grams a ranking pass looks at between two checks
// of its context and two progress reports.
const rankStep = 1 << 16

// RankEvery returns the rows of [Analysis.RankAll] (the same rows, in the
// same order) for top > 0, made in two passes over the n-grams for every
// kind and order at once that keep only the best top of each ranking and
// what ties with the last of them, instead of one pass and one list of
// every candidate per kind and order: on a corpus of millions of n-grams
// it reads them twice and allocates little. It stops with ctx's error
// when ctx is cancelled, and calls progress (when not nil) with the
// n-grams looked at so far and the total of both passes. top 0 (every
// n-gram) is RankAll itself.
func (a *Analysis) RankEvery(ctx context.Context, sys int, kinds []scoring.Kind, orders []int, top int, progress func(done, total int)) ([]NGramRow, error) {
	rows, _, err := a.RankEveryLines(ctx, sys, kinds, orders, top, MaxRowLines, progress)
	return rows, err
}

// RankEveryLines is [Analysis.RankEvery] with up to lines line numbers per
// row (at least 1) instead of [MaxRowLines]: the explorer shows as many as
// a wide window has room for. It also returns how many rows each ranking
// would have without a top, as [Analysis.RankingSizes] (counted as the
// candidates are offered, in the same pass).
func (a *Analysis) RankEveryLines(ctx context.Context, sys int, kinds []scoring.Kind, orders []int, top, lines int, progress func(done, total int)) ([]NGramRow, []int, error) {
	lines = max(1, lines)
	var r *rankings
	var err error
	if top <= 0 {
		r, err = a.rank(sys, kinds, orders, top, lines)
	} else {
		r, err = a.rankTop(ctx, sys, kinds, orders, top, lines, progress)
	}
	if err != nil {
		return nil, nil, err
	}
	return r.all(), r.sizes, nil
}

// rankTop makes the rankings of [Analysis.RankEveryLines] for top > 0.
func (a *Analysis) rankTop(ctx context.Context, sys int, kinds []scoring.Kind, orders []int, top, lines int, progress func(done, total int)) (*rankings, error) {
	pos, err := a.orderSlots(orders, sys)
	if err != nil {
		return nil, err
	}
	c := a.Counts
	slots := make([]candHeap, len(kinds)*len(orders)) // [kind][order]
	for i := range slots {
		slots[i] = candHeap{top: top, order: cand.better}
	}
	err = a.bestOf(ctx, slots, progress, func(g int, emit func(slot int, x cand)) {
		o := pos[c.Order(g)]
		if o < 0 {
			return
		}
		counts, segs := c.TotalsOf(sys, g)
		for ki, k := range kinds {
			if counts[k] > 0 {
				emit(ki*len(orders)+o, cand{id: g, key1: counts[k], key2: int64(segs[k])})
			}
		}
	})
	if err != nil {
		return nil, err
	}
	r := &rankings{a: a, sys: sys, kinds: kinds, orders: orders, sizes: make([]int, len(slots))}
	for ki, k := range kinds {
		for oi := range orders {
			h := &slots[ki*len(orders)+oi]
			r.add(k, a.selectTop(h.c, top))
			r.sizes[ki*len(orders)+oi] = h.offered
		}
	}
	r.findLines(lines)
	return r, nil
}

// SalientEverySizes returns [Analysis.Salient] of every order in orders
// (out[i] holds the rows of orders[i], the same rows in the same order),
// and how many rows each side of each order would have without a top:
// sizes[2i] the n-grams of order orders[i] that A has more often than B,
// sizes[2i+1] those B has more often. For top > 0 it makes them as
// [Analysis.RankEvery] makes its rankings: two passes over the n-grams for
// every order and both sides at once, the sizes counted as the candidates
// are offered; progress and cancellation are as there. Top 0 is Salient
// itself, order by order.
func (a *Analysis) SalientEverySizes(ctx context.Context, sysA, sysB int, k scoring.Kind, orders []int, top int, alpha float64, progress func(done, total int)) ([][]SalientRow, []int, error) {
	if top <= 0 {
		out := make([][]SalientRow, len(orders))
		sizes := make([]int, 2*len(orders))
		for i, o := range orders {
			rows, err := a.Salient(sysA, sysB, k, o, top, alpha)
			if err != nil {
				return nil, nil, err
			}
			out[i] = rows
			for _, r := range rows { // every row: A's side, then B's
				if r.CountA > r.CountB {
					sizes[2*i]++
				} else {
					sizes[2*i+1]++
				}
			}
		}
		return out, sizes, nil
	}
	if _, err := a.orderSlots(orders, sysA); err != nil {
		return nil, nil, err
	}
	pos, err := a.orderSlots(orders, sysB)
	if err != nil {
		return nil, nil, err
	}
	if err := checkSalientAlpha(alpha); err != nil {
		return nil, nil, err
	}
	c := a.Counts
	slots := make([]candHeap, 2*len(orders)) // [order][A's side, B's]
	for i := range slots {
		slots[i] = candHeap{top: top, order: salientOrder(1 - 2*float64(i%2))}
	}
	err = a.bestOf(ctx, slots, progress, func(g int, emit func(slot int, x cand)) {
		o := pos[c.Order(g)]
		if o < 0 {
			return
		}
		ca, cb := c.Count(sysA, k, g), c.Count(sysB, k, g)
		if ca+cb == 0 {
			return
		}
		x := cand{id: g, key1: ca, key2: cb, score: SalientScore(ca, cb, alpha)}
		switch { // as Salient: each side holds the n-grams it has more often
		case ca > cb:
			emit(2*o, x)
		case ca < cb:
			emit(2*o+1, x)
		}
	})
	if err != nil {
		return nil, nil, err
	}
	out := make([][]SalientRow, len(orders))
	sizes := make([]int, len(slots))
	for oi, order := range orders {
		for side, sign := range []float64{1, -1} {
			h := &slots[2*oi+side]
			sizes[2*oi+side] = h.offered
			for _, x := range a.selectSalient(h.c, top, sign) {
				out[oi] = append(out[oi], SalientRow{SystemA: sysA, SystemB: sysB, Kind: k, Order: order, ID: x.id,
					NGram: x.text, CountA: x.key1, CountB: x.key2, Score: x.score})
			}
		}
	}
	return out, sizes, nil
}

// salientOrder is the ranking order of [Analysis.selectSalient]: sign·score
// descending, then count A + B descending.
func salientOrder(sign float64) func(x, y cand) int {
	return func(x, y cand) int {
		if c := cmp.Compare(sign*y.score, sign*x.score); c != 0 {
			return c
		}
		return cmp.Compare(y.key1+y.key2, x.key1+x.key2)
	}
}

// orderSlots checks sys and orders and maps each order counted to its
// index in orders (-1 for the orders not asked for).
func (a *Analysis) orderSlots(orders []int, sys int) ([]int, error) {
	pos := make([]int, a.Counts.Orders()+1)
	for i := range pos {
		pos[i] = -1
	}
	for i, o := range orders {
		if err := a.check(sys, o); err != nil {
			return nil, err
		}
		pos[o] = i
	}
	return pos, nil
}

// bestOf fills each ranking in slots with the candidates that rank among
// its first top, and every candidate that ties with the last of those
// (the text decides among them later). visit hands each n-gram's
// candidates to emit, slot by slot; it is called once per n-gram in each
// of the two passes: the first finds each ranking's best top, the second,
// for the rankings that filled up, the candidates that tie with the last.
func (a *Analysis) bestOf(ctx context.Context, slots []candHeap, progress func(done, total int), visit func(g int, emit func(slot int, x cand))) error {
	n := a.Counts.Len()
	pass := func(base int, emit func(slot int, x cand)) error {
		for g := range n {
			if g%rankStep == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
				if progress != nil {
					progress(base+g, 2*n)
				}
			}
			visit(g, emit)
		}
		return nil
	}
	if err := pass(0, func(slot int, x cand) { slots[slot].offer(x) }); err != nil {
		return err
	}
	cuts := make([]*cand, len(slots))
	full := false
	for i := range slots {
		h := &slots[i]
		if len(h.c) < h.top {
			continue // every candidate is in
		}
		cut := h.c[0]
		cuts[i], full = &cut, true
		kept := h.c[:0]
		for _, x := range h.c {
			if h.order(x, cut) < 0 {
				kept = append(kept, x)
			}
		}
		h.c = kept
	}
	if full {
		err := pass(n, func(slot int, x cand) {
			if cut := cuts[slot]; cut != nil && slots[slot].order(x, *cut) == 0 {
				slots[slot].c = append(slots[slot].c, x)
			}
		})
		if err != nil {
			return err
		}
	}
	if progress != nil {
		progress(2*n, 2*n)
	}
	return nil
}

// candHeap keeps the best top candidates offered under order (a negative
// result puts the first argument first), the worst of them at c[0].
type candHeap struct {
	c       []cand
	top     int
	order   func(x, y cand) int
	offered int // candidates offered, kept or not
}

// offer puts x in the heap when it is better than the worst kept (or the
// heap has room).
func (h *candHeap) offer(x cand) {
	h.offered++
	worse := func(i, j int) bool { return h.order(h.c[i], h.c[j]) > 0 }
	if len(h.c) < h.top {
		h.c = append(h.c, x)
		for i := len(h.c) - 1; i > 0; {
			p := (i - 1) / 2
			if !worse(i, p) {
				break
			}
			h.c[i], h.c[p] = h.c[p], h.c[i]
			i = p
		}
		return
	}
	if h.order(x, h.c[0]) >= 0 {
		return
	}
	h.c[0] = x
	for i := 0; ; {
		l := 2*i + 1
		if l >= len(h.c) {
			return
		}
		if r := l + 1; r < len(h.c) && worse(r, l) {
			l = r
		}
		if !worse(l, i) {
			return
		}
		h.c[i], h.c[l] = h.c[l], h.c[i]
		i = l
	}
}
