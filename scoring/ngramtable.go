package scoring

// ngramTable gives every distinct hypothesis n-gram of a segment a dense id
// (unigrams are the token ids themselves; an n-gram is the pair of its
// (n-1)-gram prefix id and its last token id) and counts, per id, the
// hypothesis occurrences and the maximum over references.
type ngramTable struct {
	keys   []uint64 // open addressing: pair key per slot
	vals   []int32  // n-gram id per slot
	used   []int32  // slot generation; a slot is live when used == gen
	gen    int32
	mask   uint64
	shift  uint
	nextID int32

	counts []gramCount // per n-gram id
	prev   []int32     // per hyp position: id of the n-gram starting there
	rprev  []int32
}

// gramCount holds the counts of one hypothesis n-gram: in the hypothesis,
// the maximum over the references so far, and in the current reference
// (valid when stamp names the current reference).
type gramCount struct {
	hyp, refMax, refCur, stamp int32
}

// idRange is the half-open range of ids of one order.
type idRange struct{ lo, hi int32 }

func (g *ngramTable) reset(vocab int32, hypLen, orders int) {
	need := 0
	for n := 2; n <= orders; n++ {
		if hypLen-n+1 > 0 {
			need += hypLen - n + 1
		}
	}
	size := 16
	for size < 2*need {
		size <<= 1
	}
	if len(g.keys) < size || (len(g.keys) > 1<<16 && size < len(g.keys)/16) {
		g.keys = make([]uint64, size)
		g.vals = make([]int32, size)
		g.used = make([]int32, size)
		g.gen = 0
	}
	g.gen++
	if g.gen == 0 { // wrapped: clear generations
		clear(g.used)
		g.gen = 1
	}
	g.mask = uint64(len(g.keys) - 1)
	g.shift = 64
	for s := len(g.keys); s > 1; s >>= 1 {
		g.shift--
	}
	g.nextID = vocab
	maxIDs := int(vocab) + need
	if cap(g.counts) < maxIDs {
		g.counts = make([]gramCount, maxIDs, maxIDs+maxIDs/4)
	} else {
		g.counts = g.counts[:maxIDs]
		clear(g.counts)
	}
}

func (g *ngramTable) slot(key uint64) uint64 {
	return (key * 0x9E3779B97F4A7C15) >> g.shift & g.mask
}

// intern returns the id of the pair key, adding it when new.
func (g *ngramTable) intern(key uint64) int32 {
	i := g.slot(key)
	for {
		if g.used[i] != g.gen {
			g.used[i] = g.gen
			g.keys[i] = key
			id := g.nextID
			g.vals[i] = id
			g.nextID++
			return id
		}
		if g.keys[i] == key {
			return g.vals[i]
		}
		i = (i + 1) & g.mask
	}
}

// lookup returns the id of the pair key, or -1 when the hypothesis has no
// such n-gram.
func (g *ngramTable) lookup(key uint64) int32 {
	i := g.slot(key)
	for {
		if g.used[i] != g.gen {
			return -1
		}
		if g.keys[i] == key {
			return g.vals[i]
		}
		i = (i + 1) & g.mask
	}
}

func pairKey(prefix, tok int32) uint64 {
	return uint64(uint32(prefix))<<32 | uint64(uint32(tok))
}

// countHyp counts the hypothesis n-grams of every order and returns the id
// range of each order.
func (g *ngramTable) countHyp(ids []int32, orders int) [MaxOrderLimit]idRange {
	var ranges [MaxOrderLimit]idRange
	ranges[0] = idRange{0, g.nextID}
	for _, id := range ids {
		g.counts[id].hyp++
	}
	g.prev = append(g.prev[:0], ids...)
	for n := 2; n <= orders; n++ {
		lo := g.nextID
		m := len(ids) - n + 1
		for i := 0; i < m; i++ {
			id := g.intern(pairKey(g.prev[i], ids[i+n-1]))
			g.prev[i] = id
			g.counts[id].hyp++
		}
		ranges[n-1] = idRange{lo, g.nextID}
	}
	return ranges
}

// countRef counts one reference's n-grams that the hypothesis has and
// raises their maximum; stamp (1, 2, … per segment) tells this reference
// from earlier ones. only says it is the segment's one reference: its
// counts are then the maximum itself.
func (g *ngramTable) countRef(ids []int32, orders int, stamp int32, only bool) {
	g.rprev = append(g.rprev[:0], ids...)
	for n := 1; n <= orders; n++ {
		m := len(ids) - n + 1
		for i := 0; i < m; i++ {
			id := g.rprev[i]
			if n > 1 {
				if id >= 0 {
					if last := ids[i+n-1]; last >= 0 {
						id = g.lookup(pairKey(id, last))
					} else {
						id = -1
					}
				}
				g.rprev[i] = id
			}
			if id < 0 {
				continue
			}
			c := &g.counts[id]
			if only {
				c.refMax++
				continue
			}
			if c.stamp != stamp {
				c.stamp, c.refCur = stamp, 0
			}
			c.refCur++
			c.refMax = max(c.refMax, c.refCur)
		}
	}
}

// matches returns the clipped matches of the ids in r.
func (g *ngramTable) matches(r idRange) int {
	sum := 0
	for id := r.lo; id < r.hi; id++ {
		c := &g.counts[id]
		sum += int(min(c.hyp, c.refMax))
	}
	return sum
}
