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

	hypToks []string
	refToks [][]string // tokens of each reference of the current segment
	vocab   vocab
	// With the char tokenizer tokens are numbered by code point: the
	// keys of the hypothesis and of each reference ([charKeys]).
	char           bool
	chars          charVocab
	hypKeys        []uint32
	refKeys        [][]uint32
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
		char:   tok.kind == kindChar,
	}, nil
}

// Preprocess returns the tokens BLEU counts for one line: lowercased when
// asked, right-stripped, tokenized and split, as sacrebleu does it.
func Preprocess(tok Tokenizer, lowercase bool, dst []string, line string) []string {
	return tok.Tokens(dst, preprocessLine(lowercase, line))
}

// preprocessLine is what BLEU does to a line before the tokenizer:
// lowercase when asked, then strip whitespace on the right.
func preprocessLine(lowercase bool, line string) string {
	if lowercase {
		line = PyLower(line)
	}
	return PyRstrip(line)
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
	if s.char {
		s.charRefs(refs)
		return
	}
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

// charRefs is tokenizeRefs for the char tokenizer: it keeps the keys of
// each reference's characters.
func (s *Scorer) charRefs(refs []string) {
	for len(s.refKeys) < len(refs) {
		s.refKeys = append(s.refKeys, nil)
	}
	s.refKeys = s.refKeys[:len(refs)]
	s.refLens = s.refLens[:0]
	for k, ref := range refs {
		s.refKeys[k] = charKeys(s.refKeys[k][:0], preprocessLine(s.lower, ref))
		s.refLens = append(s.refLens, len(s.refKeys[k]))
	}
}

// countChars counts the n-grams of hyp and of the references charRefs
// kept, with characters numbered by code point, and returns the id range
// of each order.
func (s *Scorer) countChars(hyp string) [MaxOrderLimit]idRange {
	s.hypKeys = charKeys(s.hypKeys[:0], preprocessLine(s.lower, hyp))
	s.chars.reset()
	s.hypIDs = s.hypIDs[:0]
	for _, k := range s.hypKeys {
		s.hypIDs = append(s.hypIDs, s.chars.intern(k))
	}
	s.grams.reset(s.chars.n, len(s.hypIDs), s.orders)
	ranges := s.grams.countHyp(s.hypIDs, s.orders)
	for k, keys := range s.refKeys {
		s.refIDs = s.refIDs[:0]
		for _, key := range keys {
			s.refIDs = append(s.refIDs, s.chars.lookup(key))
		}
		s.grams.countRef(s.refIDs, s.orders, int32(k+1), len(s.refKeys) == 1)
	}
	return ranges
}

// count scores one hypothesis against the references tokenizeRefs kept.
func (s *Scorer) count(hyp string) Stats {
	var ranges [MaxOrderLimit]idRange
	if s.char {
		ranges = s.countChars(hyp)
	} else {
		s.hypToks = Preprocess(s.tok, s.lower, s.hypToks[:0], hyp)
		s.vocab.reset(len(s.hypToks))
		s.hypIDs = s.hypIDs[:0]
		for _, t := range s.hypToks {
			s.hypIDs = append(s.hypIDs, s.vocab.intern(t))
		}
		s.grams.reset(s.vocab.n, len(s.hypIDs), s.orders)
		ranges = s.grams.countHyp(s.hypIDs, s.orders)
		for k, toks := range s.refToks {
			s.refIDs = s.refIDs[:0]
			for _, t := range toks {
				s.refIDs = append(s.refIDs, s.vocab.lookup(t))
			}
			s.grams.countRef(s.refIDs, s.orders, int32(k+1), len(s.refToks) == 1)
		}
	}
	var st Stats
	st.HypLen = len(s.hypIDs)
	if r := ClosestRefLen(st.HypLen, s.refLens); r > 0 {
		st.RefLen = r
	}
	for n := 1; n <= s.orders; n++ {
		st.Totals[n-1] = ngramTotal(st.HypLen, n, s.nltk)
		st.Matches[n-1] = s.grams.matches(ranges[n-1])
	}
	return st
}
