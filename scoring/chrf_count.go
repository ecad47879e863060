package scoring

import (
	"slices"
	"unicode/utf8"
)

// ChrFScorer computes the chrF statistics of segments under fixed options.
// It keeps scratch buffers between calls, so one ChrFScorer must not be
// used by two goroutines at once; make one per worker.
type ChrFScorer struct {
	opt ChrFOptions

	tab    symTable
	counts []chrfCount // per id
	refNo  int32

	// Ids of the hypothesis's characters below uniDirect, looked up
	// without hashing; an entry is valid when its stamp is uniGen.
	uniID    [uniDirect]int32
	uniStamp [uniDirect]uint32
	uniGen   uint32

	runes  []int32 // the line's characters, whitespace included
	spaces []bool  // per character: Python whitespace
	chars  []int32 // the characters of the character n-grams
	toks   []int32 // the chrF++ word tokens, as ids (-1: not in the hypothesis)
	prev   []int32 // per position: id of the n-gram of the previous order
	totals []int   // per order: hypothesis n-grams
	stats  []int   // the statistics against the current reference
}

// chrfCount holds the counts of one n-gram: in the hypothesis, and in the
// reference counted now (valid when stamp names that reference).
type chrfCount struct {
	hyp, ref, stamp int32
}

// uniDirect bounds the characters whose unigram ids a table holds
// directly: every character of one or two UTF-8 bytes.
const uniDirect = 0x800

// NewChrFScorer returns a ChrFScorer for o.
func NewChrFScorer(o ChrFOptions) (*ChrFScorer, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	return &ChrFScorer{opt: o, totals: make([]int, o.Orders()), stats: make([]int, o.Width())}, nil
}

// Segment appends to dst the statistics vector of hyp against refs (see
// [ChrFOptions.Width]): against each reference in turn, keeping those of
// the first reference with the highest F-score, as sacrebleu does. With no
// reference the vector is all zeros (sacrebleu cannot score such a
// segment; [SentenceChrF] reports it).
func (s *ChrFScorer) Segment(dst []int, hyp string, refs []string) []int {
	w := s.opt.Width()
	at := len(dst)
	dst = slices.Grow(dst, w)[:at+w]
	clear(dst[at:])
	if len(refs) == 0 {
		return dst
	}
	s.countHyp(hyp)
	best := -1.0
	for _, ref := range refs {
		s.countRef(ref)
		if f := ChrFScore(s.stats, s.opt); f > best {
			best = f
			copy(dst[at:], s.stats)
		}
	}
	return dst
}

// decode reads line into s.runes and s.spaces, lowercased when the options
// ask, and fills s.chars with the characters of the character n-grams.
// A byte that is not valid UTF-8 is a character of its own, distinct from
// every real one.
func (s *ChrFScorer) decode(line string) {
	asciiLower := false
	if s.opt.Lowercase {
		asciiLower = true
		for i := 0; i < len(line); i++ {
			if line[i] >= utf8.RuneSelf {
				line, asciiLower = PyLower(line), false
				break
			}
		}
	}
	s.runes, s.spaces = s.runes[:0], s.spaces[:0]
	for i := 0; i < len(line); {
		c := line[i]
		if c < utf8.RuneSelf {
			if asciiLower && 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			s.runes = append(s.runes, int32(c))
			s.spaces = append(s.spaces, asciiSpace[c])
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(line[i:])
		if r == utf8.RuneError && size == 1 {
			r = utf8.MaxRune + 1 + rune(c)
		}
		s.runes = append(s.runes, r)
		s.spaces = append(s.spaces, IsPySpace(r))
		i += size
	}
	if s.opt.Whitespace {
		s.chars = s.runes
		return
	}
	s.chars = s.chars[:0]
	for i, r := range s.runes {
		if !s.spaces[i] {
			s.chars = append(s.chars, r)
		}
	}
}

// chrfPunct marks the ASCII punctuation (Python's string.punctuation) that
// chrF++ splits off a word.
var chrfPunct = func() (t [128]bool) {
	for _, c := range "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~" {
		t[c] = true
	}
	return t
}()

func isChrFPunct(r int32) bool { return r < utf8.RuneSelf && r >= 0 && chrfPunct[r] }

// words fills s.toks with the ids of the line's chrF++ tokens: the
// whitespace-separated words, each longer than one character losing one
// punctuation character into a token of its own (the last one if it is
// punctuation, else the first one if it is). id gives a token's id from
// its characters.
func (s *ChrFScorer) words(id func(chars []int32) int32) {
	s.toks = s.toks[:0]
	r := s.runes
	for i := 0; i < len(r); {
		if s.spaces[i] {
			i++
			continue
		}
		j := i + 1
		for j < len(r) && !s.spaces[j] {
			j++
		}
		switch {
		case j-i == 1:
			s.toks = append(s.toks, id(r[i:j]))
		case isChrFPunct(r[j-1]):
			s.toks = append(s.toks, id(r[i:j-1]), id(r[j-1:j]))
		case isChrFPunct(r[i]):
			s.toks = append(s.toks, id(r[i:i+1]), id(r[i+1:j]))
		default:
			s.toks = append(s.toks, id(r[i:j]))
		}
		i = j
	}
}

// wordSym turns a token id into a symbol of word n-grams, apart from every
// character (characters are below 1<<30).
func wordSym(id int32) int32 { return id | 1<<30 }

// countHyp counts the hypothesis n-grams of every order, giving each
// distinct one an id, and keeps the totals per order.
func (s *ChrFScorer) countHyp(hyp string) {
	o := s.opt
	s.decode(hyp)
	expect := o.CharOrder*len(s.chars) + len(s.runes)*(1+o.WordOrder)
	s.tab.reset(expect)
	s.counts = growTo(s.counts, min(expect, maxPresize))
	clear(s.counts)
	s.refNo = 0
	if s.uniGen++; s.uniGen == 0 {
		clear(s.uniStamp[:])
		s.uniGen = 1
	}

	s.prev = append(s.prev[:0], s.chars...)
	for n := 1; n <= o.CharOrder; n++ {
		m := len(s.chars) - n + 1
		s.totals[n-1] = max(m, 0)
		for i := 0; i < m; i++ {
			var id int32
			if n > 1 {
				id = s.tab.intern(s.prev[i], s.chars[i+n-1])
			} else if c := s.chars[i]; c < uniDirect {
				if s.uniStamp[c] != s.uniGen {
					s.uniStamp[c], s.uniID[c] = s.uniGen, s.tab.newID()
				}
				id = s.uniID[c]
			} else {
				id = s.tab.intern(rootChar, c)
			}
			s.prev[i] = id
			s.addHyp(id)
		}
	}
	if o.WordOrder == 0 {
		return
	}
	s.words(func(chars []int32) int32 {
		id := rootWord
		for _, c := range chars {
			id = s.tab.intern(id, c)
		}
		return id
	})
	s.prev = append(s.prev[:0], s.toks...)
	for n := 1; n <= o.WordOrder; n++ {
		m := len(s.toks) - n + 1
		s.totals[o.CharOrder+n-1] = max(m, 0)
		for i := 0; i < m; i++ {
			id := s.prev[i]
			if n > 1 {
				id = s.tab.intern(id, wordSym(s.toks[i+n-1]))
				s.prev[i] = id
			}
			s.addHyp(id)
		}
	}
}

// addHyp counts one hypothesis occurrence of the n-gram id, making room
// for the ids the table handed out beyond what countHyp made room for.
func (s *ChrFScorer) addHyp(id int32) {
	if int(id) >= len(s.counts) {
		s.growCounts(id)
	}
	s.counts[id].hyp++
}

// growCounts makes room for the counts of id at least, doubling (kept
// out of line so that addHyp inlines).
//
//go:noinline
func (s *ChrFScorer) growCounts(id int32) {
	n := len(s.counts)
	s.counts = slices.Grow(s.counts, max(n, int(id)+1-n))[:max(2*n, int(id)+1)]
	clear(s.counts[n:])
}

// countRef fills s.stats with the statistics of the hypothesis counted by
// countHyp against ref.
func (s *ChrFScorer) countRef(ref string) {
	o := s.opt
	s.refNo++
	s.decode(ref)
	clear(s.stats)
	s.prev = append(s.prev[:0], s.chars...)
	for n := 1; n <= o.CharOrder; n++ {
		m := len(s.chars) - n + 1
		matches := 0
		for i := 0; i < m; i++ {
			id := int32(-1)
			if n == 1 {
				if c := s.chars[i]; c >= uniDirect {
					id = s.tab.lookup(rootChar, c)
				} else if s.uniStamp[c] == s.uniGen {
					id = s.uniID[c]
				}
			} else if p := s.prev[i]; p >= 0 {
				id = s.tab.lookup(p, s.chars[i+n-1])
			}
			s.prev[i] = id
			matches += s.match(id)
		}
		s.put(n-1, m, matches)
	}
	if o.WordOrder == 0 {
		return
	}
	s.words(func(chars []int32) int32 {
		id := rootWord
		for _, c := range chars {
			if id = s.tab.lookup(id, c); id < 0 {
				break
			}
		}
		return id
	})
	s.prev = append(s.prev[:0], s.toks...)
	for n := 1; n <= o.WordOrder; n++ {
		m := len(s.toks) - n + 1
		matches := 0
		for i := 0; i < m; i++ {
			id := s.prev[i]
			if n > 1 {
				if last := s.toks[i+n-1]; id >= 0 && last >= 0 {
					id = s.tab.lookup(id, wordSym(last))
				} else {
					id = -1
				}
				s.prev[i] = id
			}
			matches += s.match(id)
		}
		s.put(o.CharOrder+n-1, m, matches)
	}
}

// match counts one reference occurrence of the n-gram id (-1: not in the
// hypothesis; an id without a count is a word prefix, in it 0 times) and returns 1 when it is matched: when the reference has not
// yet shown more of it than the hypothesis holds.
func (s *ChrFScorer) match(id int32) int {
	if id < 0 || int(id) >= len(s.counts) { // an id beyond the counts has none
		return 0
	}
	c := &s.counts[id]
	if c.stamp != s.refNo {
		c.stamp, c.ref = s.refNo, 0
	}
	c.ref++
	if c.ref <= c.hyp {
		return 1
	}
	return 0
}

// put stores the triple of order index k: the hypothesis n-grams (0 when
// the reference has none of this order), the refN reference n-grams and
// the matches.
func (s *ChrFScorer) put(k, refN, matches int) {
	refN = max(refN, 0)
	hypN := s.totals[k]
	if refN == 0 {
		hypN = 0
	}
	s.stats[3*k], s.stats[3*k+1], s.stats[3*k+2] = hypN, refN, matches
}
