package scoring

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
	return c.sys[sys].totals.count(uint32(g), k)
}

// TotalsOf returns the corpus totals of every kind of n-gram g in system
// sys and the number of segments where each is above 0, read at once (a
// ranking over every n-gram reads them faster so than kind by kind).
func (c *NGramCounts) TotalsOf(sys int, g int) (counts [NumKinds]int64, segments [NumKinds]int) {
	p := &c.sys[sys].totals
	t := p.at(uint32(g))
	for k := range Kind(NumKinds) {
		counts[k], segments[k] = int64(t.count[k]), int(t.segs[k])
	}
	if p.wide != nil {
		if w := p.wide[uint32(g)]; w != nil {
			for k := range counts {
				counts[k] += w[k]
			}
		}
	}
	return counts, segments
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

// Bytes returns roughly how many bytes of memory the counts hold.
func (c *NGramCounts) Bytes() int {
	n := c.ids.len()
	total := n * (4 + 4 + 1) // prefix, last, order
	for _, t := range c.ids.tokens {
		total += len(t) + 16 + 16 // text, string header, map entry
	}
	for _, s := range c.sys {
		total += s.totals.bytes()
	}
	return total + c.lines.bytes()
}

// Totals returns the corpus totals of kind k in system sys per order
// (index n-1): for Matched, the clipped matches of the BLEU statistics;
// Matched plus Over, the hypothesis n-grams (sacrebleu's totals: nltk
// compat counts at least one per segment, which no n-gram stands for).
func (c *NGramCounts) Totals(sys int, k Kind) []int64 {
	out := make([]int64, c.orders)
	for g := range c.ids.len() {
		out[c.ids.order[g]-1] += c.sys[sys].totals.count(uint32(g), k)
	}
	return out
}
