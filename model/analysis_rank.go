package model

import (
	"bytes"
	"cmp"
	"context"
	"slices"

	"github.com/bleuscope/bleuscope/scoring"
)

// rankStep is how many n-grams a ranking pass looks at between two checks
// of its context and two progress reports.
const rankStep = 1 << 16

// RankEveryLines returns the rankings of system sys's n-grams for every
// kind in kinds and, within each, every order in orders, one ranking
// after the other (SPEC's order of rows). A ranking holds the n-grams of
// its order with its kind above 0, highest count first, ties by more
// segments first, then by n-gram in byte order: the first top rows (all
// when top is 0), each with its first lines line numbers (at least 1;
// the explorer shows as many as a wide window has room for), found for
// all rankings in one scan of the corpus. For top > 0 (and below the
// n-grams' count, which no ranking can pass) it stops with ctx's error
// when ctx is cancelled and calls progress (when not nil) with the
// n-grams looked at so far and their total, as its one pass over them
// goes. It also returns how many rows each ranking would have without a
// top, as [Analysis.RankingSizes] (for top > 0, counted as the
// candidates are offered, in the same pass).
func (a *Analysis) RankEveryLines(ctx context.Context, sys int, kinds []scoring.Kind, orders []int, top, lines int, progress func(done, total int)) ([]NGramRow, []int, error) {
	r, err := a.rank(ctx, sys, kinds, orders, top, max(1, lines), progress)
	if err != nil {
		return nil, nil, err
	}
	return r.all(), r.sizes, nil
}

// rankTop makes the rankings of [Analysis.rank] for top > 0 in one pass
// over the n-grams for every kind and order at once, each ranking keeping
// only its best top in a heap: whatever the ties, it holds top candidates
// a ranking.
func (a *Analysis) rankTop(ctx context.Context, sys int, kinds []scoring.Kind, orders []int, top, lines int, progress func(done, total int)) (*rankings, error) {
	pos, err := a.orderSlots(orders, sys)
	if err != nil {
		return nil, err
	}
	c := a.Counts
	slots := make([]candHeap, len(kinds)*len(orders)) // [kind][order]
	for i := range slots {
		slots[i] = a.newCandHeap(top, cand.better)
	}
	err = a.bestOf(ctx, progress, func(g int) {
		o := pos[c.Order(g)]
		if o < 0 {
			return
		}
		for ki, k := range kinds {
			n := c.Count(sys, k, g)
			if n == 0 {
				continue
			}
			// Most n-grams count less than the last of a full ranking: their
			// segments are never read.
			if h := &slots[ki*len(orders)+o]; !h.belowCut(n) {
				h.offer(cand{id: g, key1: n, key2: int64(c.SegmentCount(sys, k, g))})
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
			r.add(k, h.best())
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
// [Analysis.RankEveryLines] makes its rankings: one pass over the n-grams for
// every order and both sides at once, the sizes counted as the candidates
// are offered; progress and cancellation are as there. Top 0 (or a top
// no side can reach) is Salient itself, order by order.
func (a *Analysis) SalientEverySizes(ctx context.Context, sysA, sysB int, k scoring.Kind, orders []int, top int, alpha float64, progress func(done, total int)) ([][]SalientRow, []int, error) {
	if top > 0 && top < a.Counts.Len() {
		return a.salientTop(ctx, sysA, sysB, k, orders, top, alpha, progress)
	}
	out := make([][]SalientRow, len(orders))
	sizes := make([]int, 2*len(orders))
	for i, o := range orders {
		rows, err := a.Salient(sysA, sysB, k, o, 0, alpha)
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

// salientTop is [Analysis.SalientEverySizes] for top > 0: one pass over
// the n-grams, each side of each order keeping its best top in a heap.
func (a *Analysis) salientTop(ctx context.Context, sysA, sysB int, k scoring.Kind, orders []int, top int, alpha float64, progress func(done, total int)) ([][]SalientRow, []int, error) {
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
		slots[i] = a.newCandHeap(top, salientOrder(1-2*float64(i%2)))
	}
	err = a.bestOf(ctx, progress, func(g int) {
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
			slots[2*o].offer(x)
		case ca < cb:
			slots[2*o+1].offer(x)
		}
	})
	if err != nil {
		return nil, nil, err
	}
	out := make([][]SalientRow, len(orders))
	sizes := make([]int, len(slots))
	for oi, order := range orders {
		for side := range 2 {
			h := &slots[2*oi+side]
			sizes[2*oi+side] = h.offered
			for _, x := range h.best() {
				out[oi] = append(out[oi], SalientRow{SystemA: sysA, SystemB: sysB, Kind: k, Order: order, ID: x.id,
					NGram: x.text, CountA: x.key1, CountB: x.key2, Score: x.score})
			}
		}
	}
	return out, sizes, nil
}

// salientOrder is the salient ranking's order before the text: sign·score
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

// bestOf calls visit with every n-gram in turn, which offers it to the
// rankings it belongs to. It stops with ctx's error when ctx is cancelled
// and reports progress (when not nil) every rankStep n-grams and at the
// end.
func (a *Analysis) bestOf(ctx context.Context, progress func(done, total int), visit func(g int)) error {
	n := a.Counts.Len()
	for g := range n {
		if g%rankStep == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
			if progress != nil {
				progress(g, n)
			}
		}
		visit(g)
	}
	if progress != nil {
		progress(n, n)
	}
	return nil
}

// candHeap keeps the best top candidates offered in a ranking's whole
// order: keys (a negative result puts the first argument first), then the
// n-gram's text in byte order, which decides every tie, as no two n-grams
// of one order have the same text. The keys are compared for every
// candidate; a text is built only when the keys tie, into a buffer the
// heap keeps, so that a ranking where every n-gram ties (random text: all
// counts 1) holds top candidates, not every tie, and allocates nothing per
// candidate.
type candHeap struct {
	c       []heapCand // the heap, the worst at c[0]
	top     int
	keys    func(x, y cand) int
	offered int // candidates offered, kept or not
	counts  *scoring.NGramCounts
	text    []byte // the text of the candidate offered, when the keys tie
}

// heapCand is a candidate in a [candHeap], with its text once built (its
// buffer kept for the next candidate in its place).
type heapCand struct {
	cand
	text  []byte
	built bool
}

// newCandHeap returns an empty heap of the best top candidates under keys
// and then the text.
func (a *Analysis) newCandHeap(top int, keys func(x, y cand) int) candHeap {
	return candHeap{top: top, keys: keys, counts: a.Counts}
}

// textOf returns the text of x, building it the first time.
func (h *candHeap) textOf(x *heapCand) []byte {
	if !x.built {
		x.text, x.built = h.counts.AppendText(x.text[:0], x.id), true
	}
	return x.text
}

// order compares c[i] and c[j] in the whole order.
func (h *candHeap) order(i, j int) int {
	if c := h.keys(h.c[i].cand, h.c[j].cand); c != 0 {
		return c
	}
	return bytes.Compare(h.textOf(&h.c[i]), h.textOf(&h.c[j]))
}

// belowCut reports whether a candidate whose key1 is key1 ranks below
// every candidate of a full heap whose order puts the highest key1 first
// (the count rankings'), counting it as offered: it need not be offered.
func (h *candHeap) belowCut(key1 int64) bool {
	if len(h.c) < h.top || key1 >= h.c[0].key1 {
		return false
	}
	h.offered++
	return true
}

// offer puts x in the heap when it is better than the worst kept (or the
// heap has room).
func (h *candHeap) offer(x cand) {
	h.offered++
	if len(h.c) < h.top {
		h.c = append(h.c, heapCand{cand: x})
		for i := len(h.c) - 1; i > 0; {
			p := (i - 1) / 2
			if h.order(i, p) <= 0 {
				break
			}
			h.c[i], h.c[p] = h.c[p], h.c[i]
			i = p
		}
		return
	}
	w := &h.c[0]
	switch c := h.keys(x, w.cand); {
	case c > 0:
		return
	case c == 0:
		h.text = h.counts.AppendText(h.text[:0], x.id)
		if bytes.Compare(h.text, h.textOf(w)) >= 0 {
			return
		}
		w.cand = x
		w.text, h.text = h.text, w.text
	default:
		w.cand, w.built = x, false
	}
	for i := 0; ; {
		l := 2*i + 1
		if l >= len(h.c) {
			return
		}
		if r := l + 1; r < len(h.c) && h.order(r, l) > 0 {
			l = r
		}
		if h.order(l, i) <= 0 {
			return
		}
		h.c[i], h.c[l] = h.c[l], h.c[i]
		i = l
	}
}

// best returns the candidates kept, best first, with their text set.
func (h *candHeap) best() []cand {
	for i := range h.c {
		h.textOf(&h.c[i])
	}
	slices.SortFunc(h.c, func(x, y heapCand) int {
		if c := h.keys(x.cand, y.cand); c != 0 {
			return c
		}
		return bytes.Compare(x.text, y.text)
	})
	out := make([]cand, len(h.c))
	for i := range h.c {
		out[i] = h.c[i].cand
		out[i].text = string(h.c[i].text)
	}
	return out
}
