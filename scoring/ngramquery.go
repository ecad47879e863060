package scoring

import (
	"runtime"
	"sync"
	"unsafe"
)

// Len returns the number of distinct n-grams (of every order, in the
// hypotheses and references of all systems).
func (c *NGramCounts) Len() int { return c.ids.len() }

// Segments returns the number of segments counted.
func (c *NGramCounts) Segments() int { return c.segments }

// Systems returns the number of systems counted.
func (c *NGramCounts) Systems() int { return len(c.sys) }

// Orders returns the highest order counted.
func (c *NGramCounts) Orders() int { return c.orders }

// Order returns the order of n-gram g.
func (c *NGramCounts) Order(g int) int { return int(c.ids.order[g]) }

// Text returns the tokens of n-gram g joined by single spaces.
func (c *NGramCounts) Text(g int) string { return string(c.ids.appendText(nil, uint32(g))) }

// AppendText appends the text of n-gram g to dst, without allocating when
// dst has room.
func (c *NGramCounts) AppendText(dst []byte, g int) []byte {
	return c.ids.appendText(dst, uint32(g))
}

// Count returns the corpus total of kind k of n-gram g in system sys.
func (c *NGramCounts) Count(sys int, k Kind, g int) int64 {
	return c.sys[sys].totals.at(uint32(g)).count[k]
}

// SegmentCount returns the number of segments of system sys where kind k
// of n-gram g is above 0.
func (c *NGramCounts) SegmentCount(sys int, k Kind, g int) int {
	return int(c.sys[sys].totals.at(uint32(g)).segs[k])
}

// Lookup returns the id of the n-gram whose tokens (as counted: tokenized
// and lowercased as the options said) are toks, or false when the corpus
// has no such n-gram.
func (c *NGramCounts) Lookup(toks []string) (int, bool) {
	if len(toks) == 0 || len(toks) > c.orders {
		return 0, false
	}
	want := make([]uint32, len(toks))
	for i, t := range toks {
		id, ok := c.ids.vocab[t]
		if !ok {
			return 0, false
		}
		want[i] = id
	}
	if len(toks) == 1 {
		return int(want[0]), true
	}
	// The pair table is gone after counting: find the n-gram by walking
	// its prefixes, order by order, over the ids.
	cur := want[0]
	for n := 1; n < len(toks); n++ {
		found := false
		for g := range c.ids.prefix {
			if c.ids.prefix[g] == cur && c.ids.last[g] == want[n] {
				cur, found = uint32(g), true
				break
			}
		}
		if !found {
			return 0, false
		}
	}
	return int(cur), true
}

// SegmentsOf returns, in ascending order, the segments (0-based) of system
// sys where kind k of n-gram g is above 0: all of them when limit is 0,
// else the first limit.
func (c *NGramCounts) SegmentsOf(sys int, k Kind, g int, limit int) []int {
	if limit > 0 {
		return c.SegmentsOfMany(sys, k, []int{g}, limit)[0]
	}
	want := uint32(g)<<flagBits | 1<<k
	mask := ^uint32(1<<flagBits-1) | 1<<k
	blocks := c.sys[sys].fwd.blocks
	// Each worker scans a contiguous run of blocks with a tight loop over
	// the postings and finds a hit's segment by walking the block's ends
	// forward; the runs are joined in order.
	workers := max(1, min(runtime.GOMAXPROCS(0), len(blocks)))
	parts := make([][]int, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			var got []int
			for _, b := range blocks[w*len(blocks)/workers : (w+1)*len(blocks)/workers] {
				j := 0
				for pos, p := range b.post {
					if p&mask != want {
						continue
					}
					for b.ends[j] <= uint32(pos) {
						j++
					}
					got = append(got, b.first+j)
				}
			}
			parts[w] = got
		}(w)
	}
	wg.Wait()
	var out []int
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// SegmentsOfMany is [NGramCounts.SegmentsOf] for several n-grams of one
// kind with one scan of the index: out[j] holds the segments of gs[j].
func (c *NGramCounts) SegmentsOfMany(sys int, k Kind, gs []int, limit int) [][]int {
	reqs := make([]KindID, len(gs))
	for j, g := range gs {
		reqs[j] = KindID{Kind: k, ID: g}
	}
	return c.SegmentsOfKinds(sys, reqs, limit)
}

// KindID names an n-gram and one of its kinds.
type KindID struct {
	Kind Kind
	ID   int
}

// SegmentsOfKinds is [NGramCounts.SegmentsOf] for several n-grams, each
// with its own kind, with one scan of the index: out[j] holds the
// segments of reqs[j], ascending, at most limit of them (all when limit
// is 0).
func (c *NGramCounts) SegmentsOfKinds(sys int, reqs []KindID, limit int) [][]int {
	out := make([][]int, len(reqs))
	if len(reqs) == 0 {
		return out
	}
	// A bit per id (a few hundred kilobytes: it stays in cache) rules out
	// almost every posting before the map of requests is asked.
	byID := make(map[uint32][]int, len(reqs))
	bits := make([]uint64, (c.Len()+63)/64)
	for j, r := range reqs {
		byID[uint32(r.ID)] = append(byID[uint32(r.ID)], j)
		bits[r.ID/64] |= 1 << (r.ID % 64)
	}
	blocks := c.sys[sys].fwd.blocks
	// Each worker scans a contiguous run of blocks; the runs are joined in
	// order, so the segments stay ascending.
	workers := max(1, min(runtime.GOMAXPROCS(0), len(blocks)))
	parts := make([][][]int, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			got := make([][]int, len(reqs))
			full := 0
			for _, b := range blocks[w*len(blocks)/workers : (w+1)*len(blocks)/workers] {
				j := 0
				for pos, p := range b.post {
					id := p >> flagBits
					if bits[id/64]&(1<<(id%64)) == 0 {
						continue
					}
					for b.ends[j] <= uint32(pos) {
						j++
					}
					for _, r := range byID[id] {
						if p&(1<<reqs[r].Kind) == 0 || (limit > 0 && len(got[r]) >= limit) {
							continue
						}
						got[r] = append(got[r], b.first+j)
						if len(got[r]) == limit {
							full++
						}
					}
				}
				if limit > 0 && full == len(reqs) {
					break
				}
			}
			parts[w] = got
		}(w)
	}
	wg.Wait()
	for j := range reqs {
		for _, p := range parts {
			out[j] = append(out[j], p[j]...)
		}
		if limit > 0 && len(out[j]) > limit {
			out[j] = out[j][:limit]
		}
	}
	return out
}

// Postings calls fn for every n-gram that counts in segment seg of system
// sys, with the kinds it counts for (a bit per [Kind]: 1<<Matched, …).
func (c *NGramCounts) Postings(sys, seg int, fn func(g int, kinds uint8)) {
	blocks := c.sys[sys].fwd.blocks
	lo, hi := 0, len(blocks)
	for lo < hi { // the last block whose first segment is <= seg
		mid := (lo + hi) / 2
		if blocks[mid].first <= seg {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo == 0 {
		return
	}
	b := blocks[lo-1]
	j := seg - b.first
	if j >= len(b.ends) {
		return
	}
	start := uint32(0)
	if j > 0 {
		start = b.ends[j-1]
	}
	for _, p := range b.post[start:b.ends[j]] {
		fn(int(p>>flagBits), uint8(p&(1<<flagBits-1)))
	}
}

// Bytes returns roughly how many bytes of memory the counts hold.
func (c *NGramCounts) Bytes() int {
	n := c.ids.len()
	total := n * (4 + 4 + 1) // prefix, last, order
	for _, t := range c.ids.tokens {
		total += len(t) + 16 + 16 // text, string header, map entry
	}
	for _, s := range c.sys {
		total += s.totals.len() * int(unsafe.Sizeof(idTotals{}))
		for _, b := range s.fwd.blocks {
			total += 4*cap(b.post) + 4*cap(b.ends)
		}
	}
	return total
}

// Totals returns the corpus totals of kind k in system sys per order
// (index n-1): for Matched, the clipped matches of the BLEU statistics;
// Matched plus Over, the hypothesis n-grams (sacrebleu's totals: nltk
// compat counts at least one per segment, which no n-gram stands for).
func (c *NGramCounts) Totals(sys int, k Kind) []int64 {
	out := make([]int64, c.orders)
	for g := range c.ids.len() {
		out[c.ids.order[g]-1] += c.sys[sys].totals.at(uint32(g)).count[k]
	}
	return out
}
