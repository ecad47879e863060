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
	for n := 1; n <= opt.MaxOrder; n++ {
		od := explainOrder(d.Hyp, d.Refs, n)
		if opt.Compat == CompatNLTK && od.Total == 0 {
			od.Total = 1
		}
		d.Stats.Matches[n-1] = od.Matches
		d.Stats.Totals[n-1] = od.Total
		d.Orders = append(d.Orders, od)
	}
	return d, nil
}

// occurrences maps each n-gram of toks (joined by spaces) to its start
// positions, and lists the n-grams in order of first occurrence.
func occurrences(toks []string, n int) (map[string][]int, []string) {
	pos := map[string][]int{}
	var order []string
	for i := 0; i+n <= len(toks); i++ {
		g := strings.Join(toks[i:i+n], " ")
		if _, seen := pos[g]; !seen {
			order = append(order, g)
		}
		pos[g] = append(pos[g], i)
	}
	return pos, order
}

func explainOrder(hyp []string, refs [][]string, n int) OrderDetail {
	od := OrderDetail{N: n}
	hpos, order := occurrences(hyp, n)
	rpos := make([]map[string][]int, len(refs))
	for k, r := range refs {
		rpos[k], _ = occurrences(r, n)
	}
	for _, g := range order {
		c := Clip{NGram: g, HypCount: len(hpos[g]), Positions: hpos[g], MaxRef: -1}
		for k := range refs {
			p := rpos[k][g]
			c.RefCounts = append(c.RefCounts, len(p))
			c.RefPositions = append(c.RefPositions, p)
			if len(p) > c.RefMax {
				c.RefMax, c.MaxRef = len(p), k
			}
		}
		c.Matched = min(c.HypCount, c.RefMax)
		c.Clipped = c.HypCount - c.Matched
		od.Matches += c.Matched
		od.Total += c.HypCount
		od.Clips = append(od.Clips, c)
	}
	return od
}
