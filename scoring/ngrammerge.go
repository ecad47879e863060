package scoring

import "sync"

// NGramCounts is the result of [CountNGrams]: the n-grams of a corpus, with
// ids 0..Len()-1, and per system and kind their corpus totals and the
// number of segments where each is above 0; the token ids of every line,
// which [NGramCounts.SegmentsOf] scans for those segments. It is read-only
// and safe for concurrent use.
type NGramCounts struct {
	ids      ngramIDs
	segments int
	orders   int
	sys      []ngSystem
	lines    lineStore
}

// merge joins the workers' tables into one numbering: the first worker's
// ids stay, the others' are added in worker order and their totals and
// lines renumbered.
func merge(ws []*ngWorker, n, systems, orders int) *NGramCounts {
	ws[0].grams.budget = nil // what merge numbers the workers held already
	c := &NGramCounts{ids: ws[0].grams, segments: n, orders: orders, sys: make([]ngSystem, systems), lines: ws[0].store}
	for s := range c.sys {
		c.sys[s] = ws[0].sys[s]
	}
	for _, w := range ws[1:] {
		remap := make([]uint32, w.grams.len())
		for g := range remap {
			if p := w.grams.prefix[g]; p == noPrefix {
				remap[g] = c.ids.token(w.grams.tokens[w.grams.last[g]])
			} else {
				remap[g] = c.ids.pair(remap[p], remap[w.grams.last[g]])
			}
		}
		for s := range c.sys {
			dst, src := &c.sys[s], &w.sys[s]
			dst.totals.ensure(c.ids.len())
			for g, r := range remap {
				dst.totals.addSum(dst.totals.at(r), r, &src.totals, uint32(g))
			}
		}
		renumber(w.store.blocks, remap)
		c.lines.blocks = append(c.lines.blocks, w.store.blocks...)
	}
	c.ids.dropPairs()
	return c
}

// renumber rewrites the token ids of the lines in blocks through remap,
// one goroutine per block batch.
func renumber(blocks []tokBlock, remap []uint32) {
	var wg sync.WaitGroup
	const batch = 8
	for lo := 0; lo < len(blocks); lo += batch {
		wg.Add(1)
		go func(bs []tokBlock) {
			defer wg.Done()
			for _, b := range bs {
				for j, t := range b.toks {
					b.toks[j] = remap[t]
				}
			}
		}(blocks[lo:min(lo+batch, len(blocks))])
	}
	wg.Wait()
}
