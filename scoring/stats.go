package scoring

// Stats holds the summable statistics of one segment or of a whole corpus:
// hypothesis length, closest reference length, and for every order n
// (index n-1) the clipped matches and the number of hypothesis n-grams.
// Corpus statistics are the field-by-field sum of the segments' Stats.
type Stats struct {
	// HypLen is the number of hypothesis tokens.
	HypLen int
	// RefLen is the length of the reference closest in length to the
	// hypothesis (the shorter one on a tie).
	RefLen int
	// Matches are the clipped n-gram matches per order.
	Matches [MaxOrderLimit]int
	// Totals are the hypothesis n-grams per order (in nltk compat at least
	// 1 per segment, as NLTK's modified precision counts them).
	Totals [MaxOrderLimit]int
}

// Add adds the statistics of o to s.
func (s *Stats) Add(o Stats) {
	s.HypLen += o.HypLen
	s.RefLen += o.RefLen
	for i := range s.Matches {
		s.Matches[i] += o.Matches[i]
		s.Totals[i] += o.Totals[i]
	}
}

// ClosestRefLen returns the reference length closest to hypLen, the shorter
// one on a tie, as sacrebleu and NLTK choose it; -1 when there is no
// reference.
func ClosestRefLen(hypLen int, refLens []int) int {
	best, bestDiff := -1, -1
	for _, r := range refLens {
		d := hypLen - r
		if d < 0 {
			d = -d
		}
		if bestDiff == -1 || d < bestDiff || (d == bestDiff && r < best) {
			best, bestDiff = r, d
		}
	}
	return best
}

// ngramTotal is the number of n-grams of order n in a hypothesis of
// hypLen tokens, as the compat counts them: NLTK's modified precision
// counts at least one.
func ngramTotal(hypLen, n int, nltk bool) int {
	total := max(hypLen-n+1, 0)
	if nltk && total == 0 {
		total = 1
	}
	return total
}

// Scorer computes the [Stats] of segments under fixed options. It keeps
// scratch buffers between calls, so one Scorer must not be used by two
// goroutines at once; make one per worker.
type Scorer struct {
	tok    Tokenizer
	lower  bool
	orders int
	nltk   bool

	hypToks        []string
	refToks        [][]string // tokens of each reference of the current segment
	vocab          vocab
	hypIDs, refIDs []int32
	refLens        []int
	grams          ngramTable
}

// NewScorer returns a Scorer that counts n-grams of orders 1..opt.MaxOrder.
func NewScorer(opt Options) (*Scorer, error) {
	return NewScorerOrders(opt, opt.MaxOrder)
}

// NewScorerOrders returns a Scorer that counts orders 1..orders (at least
// opt.MaxOrder), so that a later change of max order up to orders needs no
// new pass over the text.
func NewScorerOrders(opt Options, orders int) (*Scorer, error) {
	if err := opt.Validate(); err != nil {
		return nil, err
	}
	if orders < opt.MaxOrder {
		orders = opt.MaxOrder
	}
	if orders > MaxOrderLimit {
		orders = MaxOrderLimit
	}
	tok, _ := NewTokenizer(opt.Tokenize)
	return &Scorer{
		tok:    tok,
		lower:  opt.Lowercase,
		orders: orders,
		nltk:   opt.Compat == CompatNLTK,
	}, nil
}

// Preprocess returns the tokens BLEU counts for one line: lowercased when
// asked, right-stripped, tokenized and split, as sacrebleu does it.
func Preprocess(tok Tokenizer, lowercase bool, dst []string, line string) []string {
	if lowercase {
		line = PyLower(line)
	}
	return tok.Tokens(dst, PyRstrip(line))
}

// Segment returns the statistics of one hypothesis against its references.
// A segment with no reference at all has RefLen 0 and no matches.
func (s *Scorer) Segment(hyp string, refs []string) Stats {
	s.tokenizeRefs(refs)
	return s.count(hyp)
}

// Systems appends to out the statistics of several hypotheses of one
// segment (one per system) against the same references, which are
// tokenized once for all of them.
func (s *Scorer) Systems(hyps []string, refs []string, out []Stats) []Stats {
	s.tokenizeRefs(refs)
	for _, h := range hyps {
		out = append(out, s.count(h))
	}
	return out
}

// tokenizeRefs keeps the tokens and lengths of the segment's references.
func (s *Scorer) tokenizeRefs(refs []string) {
	for len(s.refToks) < len(refs) {
		s.refToks = append(s.refToks, nil)
	}
	s.refToks = s.refToks[:len(refs)]
	s.refLens = s.refLens[:0]
	for k, ref := range refs {
		s.refToks[k] = Preprocess(s.tok, s.lower, s.refToks[k][:0], ref)
		s.refLens = append(s.refLens, len(s.refToks[k]))
	}
}

// count scores one hypothesis against the references tokenizeRefs kept.
func (s *Scorer) count(hyp string) Stats {
	s.hypToks = Preprocess(s.tok, s.lower, s.hypToks[:0], hyp)
	s.vocab.reset(len(s.hypToks))
	s.hypIDs = s.hypIDs[:0]
	for _, t := range s.hypToks {
		s.hypIDs = append(s.hypIDs, s.vocab.intern(t))
	}
	var st Stats
	st.HypLen = len(s.hypIDs)
	s.grams.reset(s.vocab.n, len(s.hypIDs), s.orders)
	ranges := s.grams.countHyp(s.hypIDs, s.orders)

	for k, toks := range s.refToks {
		s.refIDs = s.refIDs[:0]
		for _, t := range toks {
			s.refIDs = append(s.refIDs, s.vocab.lookup(t))
		}
		s.grams.countRef(s.refIDs, s.orders, int32(k+1))
	}
	if r := ClosestRefLen(st.HypLen, s.refLens); r > 0 {
		st.RefLen = r
	}
	for n := 1; n <= s.orders; n++ {
		st.Totals[n-1] = ngramTotal(st.HypLen, n, s.nltk)
		st.Matches[n-1] = s.grams.matches(ranges[n-1])
	}
	return st
}

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
// from earlier ones.
func (g *ngramTable) countRef(ids []int32, orders int, stamp int32) {
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
