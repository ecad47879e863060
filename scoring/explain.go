package scoring

import "strings"

// Detail is the whole computation for one segment: the tokens as scored,
// the reference lengths and, for every order, the clip ledger.
type Detail struct {
	// Hyp and Refs are the tokens as BLEU counts them.
	Hyp  []string
	Refs [][]string
	// RefLens are the reference lengths; ClosestRef is the index of the
	// reference that sets r (the shorter on a tie; -1 with no reference).
	RefLens    []int
	ClosestRef int
	// Orders holds the ledger of orders 1..MaxOrder (index n-1).
	Orders []OrderDetail
	// Stats are the segment's statistics, derived from the ledger.
	Stats Stats
}

// OrderDetail is the clip ledger of one n-gram order.
type OrderDetail struct {
	// N is the order.
	N int
	// Clips has one entry per distinct hypothesis n-gram, in the order of
	// first occurrence.
	Clips []Clip
	// Matches and Total are the clipped matches and hypothesis n-grams of
	// this order (Total as the compat counts it).
	Matches, Total int
}

// ClipTally sums an order's clip ledger over its n-grams: Occurrences
// is the hypothesis n-grams (the total before NLTK's max(1, ·)); Found
// those some reference has, of which clipping cut Clipped (so Matches =
// Found − Clipped); and Unmatched those no reference has (so Occurrences
// = Found + Unmatched).
type ClipTally struct {
	Occurrences, Found, Clipped, Unmatched int
}

// Tally sums od's clip ledger ([ClipTally]).
func (od OrderDetail) Tally() ClipTally {
	var t ClipTally
	for i := range od.Clips {
		c := &od.Clips[i]
		t.Occurrences += c.HypCount
		if c.RefMax > 0 {
			t.Found += c.HypCount
			t.Clipped += c.Clipped
		} else {
			t.Unmatched += c.HypCount
		}
	}
	return t
}

// Precisions returns od's precision without clipping, where every
// occurrence some reference has counts (simple: 100·Found/Total), and
// with it, BLEU's modified precision before any smoothing (modified:
// 100·Matches/Total), in percent and computed as sacrebleu computes its
// precisions; both are 0 when Total is 0.
func (od OrderDetail) Precisions() (simple, modified float64) {
	if od.Total == 0 {
		return 0, 0
	}
	return 100 * float64(od.Tally().Found) / float64(od.Total), 100 * float64(od.Matches) / float64(od.Total)
}

// Clip is one row of the clip ledger: a distinct hypothesis n-gram and how
// many of its occurrences count.
type Clip struct {
	// NGram is the n-gram's tokens joined by single spaces.
	NGram string
	// HypCount is how often it occurs in the hypothesis.
	HypCount int
	// RefCounts is how often it occurs in each reference.
	RefCounts []int
	// RefMax is the maximum of RefCounts; MaxRef the first reference that
	// holds it (-1 when RefMax is 0).
	RefMax, MaxRef int
	// Matched is min(HypCount, RefMax): the first Matched occurrences from
	// the left count as matches.
	Matched int
	// Clipped is HypCount − Matched: the occurrences clipping removed (or
	// that no reference has at all when RefMax is 0).
	Clipped int
	// Positions are the start indices of the occurrences in the hypothesis.
	Positions []int
	// RefPositions are, per reference, the start indices of the n-gram's
	// occurrences there; the first min(RefCounts[k], Matched) of them are
	// the tokens that supply the matches.
	RefPositions [][]int
}

// Explain computes the clip ledger of one segment under opt. It is the
// detailed (and slower) counterpart of [Scorer.Segment], and agrees with it.
func Explain(hyp string, refs []string, opt Options) (Detail, error) {
	if err := opt.Validate(); err != nil {
		return Detail{}, err
	}
	tok, _ := NewTokenizer(opt.Tokenize)
	d := Detail{Hyp: Preprocess(tok, opt.Lowercase, nil, hyp), ClosestRef: -1}
	for _, r := range refs {
		t := Preprocess(tok, opt.Lowercase, nil, r)
		d.Refs = append(d.Refs, t)
		d.RefLens = append(d.RefLens, len(t))
	}
	d.Stats.HypLen = len(d.Hyp)
	if r := ClosestRefLen(len(d.Hyp), d.RefLens); r >= 0 {
		d.Stats.RefLen = r
		for k, l := range d.RefLens {
			if l == r {
				d.ClosestRef = k
				break
			}
		}
	}
	for _, od := range explainOrders(d.Hyp, d.Refs, opt.MaxOrder) {
		if opt.Compat == CompatNLTK && od.Total == 0 {
			od.Total = 1
		}
		d.Stats.Matches[od.N-1] = od.Matches
		d.Stats.Totals[od.N-1] = od.Total
		d.Orders = append(d.Orders, od)
	}
	return d, nil
}

// explainOrders builds the ledger of orders 1..maxOrder. Every distinct
// hypothesis n-gram gets an id (an n-gram is the pair of its prefix's id
// and its last token's id), allocated in order of first occurrence; the
// positions of all occurrences share one array per order and per
// reference, and each n-gram's text is a substring of the hypothesis
// joined by spaces, so a segment of any length costs a few allocations
// per order.
func explainOrders(hyp []string, refs [][]string, maxOrder int) []OrderDetail {
	var b strings.Builder
	starts := make([]int, len(hyp)+1) // token i spans joined[starts[i] : starts[i+1]-1]
	for i, t := range hyp {
		if i > 0 {
			b.WriteByte(' ')
		}
		starts[i] = b.Len()
		b.WriteString(t)
	}
	joined := b.String()
	starts[len(hyp)] = len(joined) + 1

	vocab := make(map[string]int32, len(hyp))
	cur := make([]int32, len(hyp)) // id of the n-gram starting at each position
	for i, t := range hyp {
		id, ok := vocab[t]
		if !ok {
			id = int32(len(vocab))
			vocab[t] = id
		}
		cur[i] = id
	}
	tokIDs := append([]int32(nil), cur...)
	refTok := make([][]int32, len(refs))
	refCur := make([][]int32, len(refs))
	for k, r := range refs {
		refTok[k] = make([]int32, len(r))
		for i, t := range r {
			id, ok := vocab[t]
			if !ok {
				id = -1
			}
			refTok[k][i] = id
		}
		refCur[k] = append([]int32(nil), refTok[k]...)
	}

	var pairs ngramTable
	pairs.reset(int32(len(vocab)), len(hyp), maxOrder)
	var out []OrderDetail
	for n := 1; n <= maxOrder; n++ {
		lo := int32(0)
		if n > 1 {
			lo = pairs.nextID
			cur = cur[:max(len(cur)-1, 0)]
			for i := range cur {
				cur[i] = pairs.intern(pairKey(cur[i], tokIDs[i+n-1]))
			}
			for k := range refCur {
				rc := refCur[k][:max(len(refCur[k])-1, 0)]
				for i := range rc {
					id := int32(-1)
					if rc[i] >= 0 && refTok[k][i+n-1] >= 0 {
						id = pairs.lookup(pairKey(rc[i], refTok[k][i+n-1]))
					}
					rc[i] = id
				}
				refCur[k] = rc
			}
		}
		hi := pairs.nextID
		out = append(out, ledger(n, joined, starts, cur, refCur, lo, hi))
	}
	return out
}

// positions groups the positions i with lo <= ids[i] < hi by id: the
// occurrences of local id l are pos[off[l]:off[l+1]].
func positions(ids []int32, lo, hi int32) (pos, off []int) {
	off = make([]int, hi-lo+1)
	for _, id := range ids {
		if id >= lo && id < hi {
			off[id-lo+1]++
		}
	}
	for l := 1; l < len(off); l++ {
		off[l] += off[l-1]
	}
	pos = make([]int, off[len(off)-1])
	fill := append([]int(nil), off[:len(off)-1]...)
	for i, id := range ids {
		if id >= lo && id < hi {
			pos[fill[id-lo]] = i
			fill[id-lo]++
		}
	}
	return pos, off
}

// ledger is the clip ledger of order n, whose n-grams have the ids lo..hi-1
// (in order of first occurrence); hypIDs and refIDs give the id of the
// n-gram starting at each position.
func ledger(n int, joined string, starts []int, hypIDs []int32, refIDs [][]int32, lo, hi int32) OrderDetail {
	od := OrderDetail{N: n, Clips: make([]Clip, hi-lo)}
	hpos, hoff := positions(hypIDs, lo, hi)
	nrefs := len(refIDs)
	rpos := make([][]int, nrefs)
	roff := make([][]int, nrefs)
	for k, ids := range refIDs {
		rpos[k], roff[k] = positions(ids, lo, hi)
	}
	counts := make([]int, len(od.Clips)*nrefs)
	refPositions := make([][]int, len(od.Clips)*nrefs)
	for l := range od.Clips {
		c := &od.Clips[l]
		p := hpos[hoff[l]:hoff[l+1]:hoff[l+1]]
		first := p[0]
		*c = Clip{
			NGram:        joined[starts[first] : starts[first+n]-1],
			HypCount:     len(p),
			Positions:    p,
			MaxRef:       -1,
			RefCounts:    counts[l*nrefs : (l+1)*nrefs : (l+1)*nrefs],
			RefPositions: refPositions[l*nrefs : (l+1)*nrefs : (l+1)*nrefs],
		}
		for k := range nrefs {
			if rp := rpos[k][roff[k][l]:roff[k][l+1]:roff[k][l+1]]; len(rp) > 0 {
				c.RefCounts[k] = len(rp)
				c.RefPositions[k] = rp
				if len(rp) > c.RefMax {
					c.RefMax, c.MaxRef = len(rp), k
				}
			}
		}
		c.Matched = min(c.HypCount, c.RefMax)
		c.Clipped = c.HypCount - c.Matched
		od.Matches += c.Matched
		od.Total += c.HypCount
	}
	return od
}
