package scoring

import (
	"runtime"
	"slices"
)

// Finding the segments where n-grams count: a scan of the stored lines
// (ngramtokens.go). Each requested n-gram is a pattern of token ids; a
// scanner walks the lines of its run of segments, and at each position
// whose token starts a pattern still wanted, looks the n-grams starting
// there up by a hash of their tokens. Per segment it counts each pattern
// in the hypothesis (h) and its highest count in a reference (R), and the
// kind test on h and R is that of the counting. With a limit, a pattern
// drops out of the lookup once all its requests are full, so a scan for
// the first lines of frequent n-grams ends early, and one that must go on
// for a rare n-gram checks little else on the way.

// scanQuery is what a scan looks for: the distinct patterns of the
// requests, their tokens one after another, and per pattern the requests
// it answers. A scan for every n-gram of a large corpus meets millions of
// patterns, each far from the last in memory, so what one hit reads is
// kept in few places: the lookup's slot, the pattern's tokens, its state.
type scanQuery struct {
	reqs   []KindID
	toks   []uint32 // the tokens of pattern p: toks[start[p]:start[p+1]]
	start  []uint32
	reqsOf []int32 // the requests of pattern p: reqsOf[reqLo[p]:reqLo[p+1]]
	reqLo  []int32
}

func (c *NGramCounts) newScanQuery(reqs []KindID) *scanQuery {
	q := &scanQuery{reqs: reqs, start: []uint32{0}}
	patOf := make([]int32, len(reqs))
	byID := make(map[int]int32, len(reqs))
	for r, req := range reqs {
		p, ok := byID[req.ID]
		if !ok {
			p = int32(len(q.start) - 1)
			byID[req.ID] = p
			q.toks = c.appendTokenIDs(q.toks, uint32(req.ID))
			q.start = append(q.start, uint32(len(q.toks)))
		}
		patOf[r] = p
	}
	// The requests grouped by pattern (a counting sort, stable).
	pats := len(q.start) - 1
	q.reqLo = make([]int32, pats+1)
	for _, p := range patOf {
		q.reqLo[p+1]++
	}
	for p := range pats {
		q.reqLo[p+1] += q.reqLo[p]
	}
	q.reqsOf = make([]int32, len(reqs))
	next := slices.Clone(q.reqLo[:pats])
	for r, p := range patOf {
		q.reqsOf[next[p]] = int32(r)
		next[p]++
	}
	return q
}

// pats returns the number of patterns.
func (q *scanQuery) pats() int { return len(q.start) - 1 }

// pat returns the tokens of pattern p.
func (q *scanQuery) pat(p int32) []uint32 { return q.toks[q.start[p]:q.start[p+1]] }

// tokenIDs returns the ids of the tokens of n-gram g, in order.
func (c *NGramCounts) tokenIDs(g uint32) []uint32 { return c.appendTokenIDs(nil, g) }

// appendTokenIDs appends the ids of the tokens of n-gram g, in order.
func (c *NGramCounts) appendTokenIDs(dst []uint32, g uint32) []uint32 {
	n := int(c.ids.order[g])
	dst = slices.Grow(dst, n)[:len(dst)+n]
	out := dst[len(dst)-n:]
	for i := n - 1; i > 0; i-- {
		out[i] = c.ids.last[g]
		g = c.ids.prefix[g]
	}
	out[0] = g // the unigram's id is its token's
	return dst
}

// patHash hashes the token ids of an n-gram, one token at a time.
func patHash(h uint64, tok uint32) uint64 {
	h = (h ^ uint64(tok)) * 0x9E3779B97F4A7C15
	return h ^ h>>31
}

// scanSlot is one slot of a scanner's lookup: the pattern's key (see
// scanKey), the pattern (index+1; 0 is empty) and where its tokens start.
type scanSlot struct {
	key uint64
	pat int32
	tok uint32
}

// scanKey is the key a pattern of order n with hash h is filed under: the
// hash with its low 4 bits replaced by the order, so that one comparison
// tells patterns of other orders apart.
func scanKey(h uint64, n int) uint64 { return h&^15 | uint64(n) }

// patState is what a scan keeps of one pattern: its count in the
// hypothesis, its highest count in a reference so far and in the line
// being read, and whether all its requests are full.
type patState struct {
	h, rmax, cur int32
	done         bool
}

// scanner is one goroutine's scan of a run of blocks.
type scanner struct {
	q       *scanQuery
	limit   int
	found   []int32   // per request, the segments found
	hits    []scanHit // the segments found, in the order found
	pending int       // patterns not yet full

	// The lookup of the patterns still wanted.
	first   []uint64 // a bit per token id that starts one
	slots   []scanSlot
	shift   uint  // a hash's slot is its top bits
	orders  []int // the orders among the patterns
	indexed int   // how many patterns the lookup holds

	state             []patState
	seen, lineTouched []int32 // the patterns seen in the segment, in the line

	probes []scanProbe // count's sweeps (kept for their room)
	cands  []scanCand
	touch  uint64 // what count loaded ahead, so that the loads are not dropped
}

// scanHit is a segment found for a request.
type scanHit struct {
	req int32
	seg uint32
}

func newScanner(q *scanQuery, tokens, limit int) *scanner {
	n := q.pats()
	s := &scanner{q: q, limit: limit, found: make([]int32, len(q.reqs)), pending: n,
		first: make([]uint64, (tokens+63)/64), state: make([]patState, n)}
	s.index()
	return s
}

// index builds the lookup of the patterns not yet full.
func (s *scanner) index() {
	clear(s.first)
	size := 16
	s.shift = 60
	for size < 2*s.pending {
		size, s.shift = 2*size, s.shift-1
	}
	s.slots = make([]scanSlot, size)
	var hasOrder [MaxOrderLimit + 1]bool
	s.orders = s.orders[:0]
	for p := range int32(s.q.pats()) {
		if s.state[p].done {
			continue
		}
		pat := s.q.pat(p)
		s.first[pat[0]/64] |= 1 << (pat[0] % 64)
		h := uint64(0)
		for _, t := range pat {
			h = patHash(h, t)
		}
		i := h >> s.shift
		for s.slots[i].pat != 0 {
			i = (i + 1) & uint64(len(s.slots)-1)
		}
		s.slots[i] = scanSlot{key: scanKey(h, len(pat)), pat: p + 1, tok: s.q.start[p]}
		hasOrder[len(pat)] = true
	}
	// Ascending: count hashes the n-grams at a position one token at a
	// time, from the lowest order up.
	for n, has := range hasOrder {
		if has {
			s.orders = append(s.orders, n)
		}
	}
	s.indexed = s.pending
}

// run scans blocks for system sys of systems.
func (s *scanner) run(blocks []tokBlock, sys, systems int) {
	for bi := range blocks {
		b := &blocks[bi]
		for j := range b.segEnd {
			lo, hi := b.segment(j)
			refs := hi - lo - uint32(systems)
			s.count(b.line(lo+refs+uint32(sys)), false)
			for k := range refs {
				s.count(b.line(lo+k), true)
				for _, p := range s.lineTouched {
					st := &s.state[p]
					st.rmax = max(st.rmax, st.cur)
					st.cur = 0
				}
				s.lineTouched = s.lineTouched[:0]
			}
			if len(s.seen) > 0 {
				s.finish(b.first + j)
			}
			if s.limit > 0 && s.pending == 0 {
				return
			}
		}
		if s.pending <= s.indexed/2 {
			s.index()
		}
	}
}

// count counts the patterns found in line: a reference's in cur, the
// hypothesis's in h. With many patterns, the lookup, the tokens and the
// states are far bigger than the caches, and a hit would wait for each in
// turn; so the line is read in three sweeps, each of which only loads
// what the next needs (the loads of a sweep do not wait on one another):
// the first slot of every n-gram that may be wanted, then the tokens and
// state of every slot whose key matches, then the tokens are compared
// and the counts taken.
func (s *scanner) count(line []uint32, ref bool) {
	mask := uint64(len(s.slots) - 1)
	var touch uint64 // what the sweeps load, kept so that the loads stay
	probes := s.probes[:0]
	for i, t := range line {
		if s.first[t/64]&(1<<(t%64)) == 0 {
			continue
		}
		h, n := uint64(0), 0
		for _, order := range s.orders {
			if i+order > len(line) {
				break
			}
			for ; n < order; n++ {
				h = patHash(h, line[i+n])
			}
			k := h >> s.shift
			touch ^= s.slots[k].key
			probes = append(probes, scanProbe{pos: int32(i), order: int32(order), key: scanKey(h, order), slot: k})
		}
	}
	cands := s.cands[:0]
	for _, pr := range probes {
		for k := pr.slot; s.slots[k].pat != 0; k = (k + 1) & mask {
			if sl := &s.slots[k]; sl.key == pr.key {
				touch ^= uint64(s.q.toks[sl.tok]) ^ uint64(s.state[sl.pat-1].h)
				cands = append(cands, scanCand{pos: pr.pos, order: pr.order, pat: sl.pat - 1, tok: sl.tok})
			}
		}
	}
	for _, c := range cands {
		if !slices.Equal(s.q.toks[c.tok:c.tok+uint32(c.order)], line[c.pos:c.pos+c.order]) {
			continue // another n-gram with the same hash
		}
		st := &s.state[c.pat]
		if st.h == 0 && st.rmax == 0 && st.cur == 0 {
			s.seen = append(s.seen, c.pat)
		}
		if !ref {
			st.h++
			continue
		}
		if st.cur == 0 {
			s.lineTouched = append(s.lineTouched, c.pat)
		}
		st.cur++
	}
	s.probes, s.cands = probes, cands
	s.touch ^= touch
}

// scanProbe is an n-gram of a line that may be wanted: where it starts,
// its order, its key and its first slot in the lookup.
type scanProbe struct {
	pos, order int32
	key, slot  uint64
}

// scanCand is a slot whose key an n-gram of a line has: where the n-gram
// starts, its order, the slot's pattern and where its tokens start.
type scanCand struct {
	pos, order, pat int32
	tok             uint32
}

// finish adds segment seg to the requests whose kind counts there, and
// clears the counts.
func (s *scanner) finish(seg int) {
	for _, p := range s.seen {
		st := &s.state[p]
		h, r := int(st.h), int(st.rmax)
		if !st.done {
			full := true
			for _, ri := range s.q.reqsOf[s.q.reqLo[p]:s.q.reqLo[p+1]] {
				got := s.found[ri]
				if (s.limit == 0 || int(got) < s.limit) && s.q.reqs[ri].Kind.Count(h, r) > 0 {
					s.hits = append(s.hits, scanHit{req: ri, seg: uint32(seg)})
					got++
					s.found[ri] = got
				}
				full = full && s.limit > 0 && int(got) >= s.limit
			}
			if full {
				st.done = true
				s.pending--
			}
		}
		st.h, st.rmax = 0, 0
	}
	s.seen = s.seen[:0]
}

// joinScans joins the segments the runs' scanners found into one list
// per request of reqs, the runs' in the runs' order, keeping the first
// limit of each (all when limit is 0).
func joinScans(runs []*scanner, reqs, limit int) SegmentLists {
	end := make([]int, reqs)
	sum := 0
	for r := range end {
		n := 0
		for _, s := range runs {
			n += int(s.found[r])
		}
		if limit > 0 {
			n = min(n, limit)
		}
		sum += n
		end[r] = sum
	}
	l := SegmentLists{segs: make([]uint32, sum), end: end}
	next := make([]int, reqs) // where each request's next segment goes
	for r := 1; r < reqs; r++ {
		next[r] = end[r-1]
	}
	for _, s := range runs {
		for _, hit := range s.hits {
			if at := &next[hit.req]; *at < end[hit.req] {
				l.segs[*at] = hit.seg
				*at++
			}
		}
	}
	return l
}

// SegmentsOf returns, in ascending order, the segments (0-based) of system
// sys where kind k of n-gram g is above 0: all of them when limit is 0,
// else the first limit.
func (c *NGramCounts) SegmentsOf(sys int, k Kind, g int, limit int) []int {
	return c.segmentsOfOne(sys, KindID{Kind: k, ID: g}, limit)
}

// KindID names an n-gram and one of its kinds.
type KindID struct {
	Kind Kind
	ID   int
}

// SegmentsOfKinds is [NGramCounts.SegmentsOf] for several n-grams, each
// with its own kind, in one scan: list j holds the segments of reqs[j],
// ascending, at most limit of them (all when limit is 0).
func (c *NGramCounts) SegmentsOfKinds(sys int, reqs []KindID, limit int) SegmentLists {
	switch len(reqs) {
	case 0:
		return SegmentLists{}
	case 1: // its tokens compared directly, without the lookup
		segs := c.segmentsOfOne(sys, reqs[0], limit)
		l := SegmentLists{segs: make([]uint32, len(segs)), end: []int{len(segs)}}
		for i, seg := range segs {
			l.segs[i] = uint32(seg)
		}
		return l
	}
	if len(reqs) >= manyPatterns && len(reqs) >= c.ids.len()/byIDShare {
		if l, ok := c.segmentsByID(sys, reqs, limit); ok {
			return l
		}
	}
	q := c.newScanQuery(reqs)
	// Each goroutine scans a contiguous run of blocks; the runs are joined
	// in order, so the segments stay ascending.
	runs := inRuns(c.lines.blocks, func(run []tokBlock) *scanner {
		s := newScanner(q, c.ids.len(), limit)
		s.run(run, sys, len(c.sys))
		return s
	})
	return joinScans(runs, len(reqs), limit)
}

// segmentsOfOne is [NGramCounts.SegmentsOfKinds] for one request: each
// line is compared with the n-gram's tokens directly, and a segment's
// references are read only as far as its kind needs.
func (c *NGramCounts) segmentsOfOne(sys int, r KindID, limit int) []int {
	pat := c.tokenIDs(uint32(r.ID))
	blocks := c.lines.blocks
	systems := uint32(len(c.sys))
	parts := inRuns(blocks, func(run []tokBlock) []int {
		var got []int
		for bi := range run {
			b := &run[bi]
			for j := range b.segEnd {
				lo, hi := b.segment(j)
				refs := hi - lo - systems
				h := countRun(b.line(lo+refs+uint32(sys)), pat)
				if h == 0 && r.Kind != Missed {
					continue
				}
				// R's test: matched wants R ≥ 1, over R < h, missed R > h.
				rmax := 0
				for k := range refs {
					rmax = max(rmax, countRun(b.line(lo+k), pat))
					if (r.Kind == Matched && rmax > 0) || rmax > h {
						break
					}
				}
				if r.Kind.Count(h, rmax) > 0 {
					got = append(got, b.first+j)
					if limit > 0 && len(got) == limit {
						return got
					}
				}
			}
		}
		return got
	})
	return joinRuns(parts, limit)
}

// joinRuns joins the segments the runs found, in the runs' order, keeping
// the first limit (all when limit is 0).
func joinRuns(runs [][]int, limit int) []int {
	var out []int
	for _, r := range runs {
		out = append(out, r...)
		if limit > 0 && len(out) >= limit {
			return out[:limit]
		}
	}
	return out
}

// countRun returns how often pat occurs in line as consecutive tokens.
func countRun(line, pat []uint32) int {
	n, first := 0, pat[0]
	if len(pat) == 1 {
		for _, t := range line {
			if t == first {
				n++
			}
		}
		return n
	}
	if len(line) < len(pat) {
		return 0
	}
	rest := pat[1:]
	for i, t := range line[:len(line)-len(rest)] {
		if t == first && slices.Equal(rest, line[i+1:i+len(pat)]) {
			n++
		}
	}
	return n
}

// inRuns splits blocks into a contiguous run per core, calls scan on each
// run in its own goroutine and returns the results in the runs' order.
func inRuns[T any](blocks []tokBlock, scan func(run []tokBlock) T) []T {
	workers := max(1, min(runtime.GOMAXPROCS(0), len(blocks)))
	out := make([]T, workers)
	inParallel(workers, func(w int) { out[w] = scan(blocks[w*len(blocks)/workers : (w+1)*len(blocks)/workers]) })
	return out
}
