package scoring

import "sync"

// NGramCounts is the result of [CountNGrams]: the n-grams of a corpus, with
// ids 0..Len()-1, and per system and kind their corpus totals, the number
// of segments where each is above 0, and the index from each n-gram to
// those segments. It is read-only and safe for concurrent use.
type NGramCounts struct {
	ids      ngramIDs
	segments int
	orders   int
	sys      []ngSystem
}

// merge joins the workers' tables into one numbering: the first worker's
// ids stay, the others' are added in worker order and their totals and
// postings renumbered.
func merge(ws []*ngWorker, n, systems, orders int) (*NGramCounts, error) {
	c := &NGramCounts{ids: ws[0].grams, segments: n, orders: orders, sys: make([]ngSystem, systems)}
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
		if c.ids.len() > maxGrams {
			return nil, ErrTooManyNGrams
		}
		for s := range c.sys {
			dst, src := &c.sys[s], &w.sys[s]
			dst.totals.ensure(c.ids.len())
			for g, r := range remap {
				d, t := dst.totals.at(r), src.totals.at(uint32(g))
				for k := range NumKinds {
					d.count[k] += t.count[k]
					d.segs[k] += t.segs[k]
				}
			}
			renumber(src.fwd.blocks, remap)
			dst.fwd.blocks = append(dst.fwd.blocks, src.fwd.blocks...)
		}
	}
	for s := range c.sys {
		c.sys[s].fwd.seal()
		c.sys[s].fwd.cur = nil
	}
	c.ids.dropPairs()
	return c, nil
}

// renumber rewrites the ids of the postings in blocks through remap, one
// goroutine per block batch.
func renumber(blocks []fwdBlock, remap []uint32) {
	var wg sync.WaitGroup
	const batch = 8
	for lo := 0; lo < len(blocks); lo += batch {
		wg.Add(1)
		go func(bs []fwdBlock) {
			defer wg.Done()
			for _, b := range bs {
				for j, p := range b.post {
					b.post[j] = remap[p>>flagBits]<<flagBits | p&(1<<flagBits-1)
				}
			}
		}(blocks[lo:min(lo+batch, len(blocks))])
	}
	wg.Wait()
}
