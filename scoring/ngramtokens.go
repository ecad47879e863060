package scoring

import "unsafe"

// lineStore keeps the token ids (the ids of their unigrams) of every line
// of a contiguous run of segments: per segment its references, then one
// hypothesis per system. The segments where an n-gram counts are found
// by scanning it (ngramscan.go), which costs a fraction of the memory an
// inverted or forward index of the n-grams would. It is kept in blocks
// of about blockTokens tokens that start and end at segment boundaries,
// so that it grows without copying and is scanned block by block.
type lineStore struct {
	blocks []tokBlock
	cur    *tokBlock
}

// tokBlock holds the lines of segments first, first+1, …: segment
// first+j has lines segEnd[j-1]:segEnd[j] (from 0 for j = 0), line i the
// tokens toks[lineEnd[i-1]:lineEnd[i]] (from 0 for i = 0).
type tokBlock struct {
	first   int
	segEnd  []uint32
	lineEnd []uint32
	toks    []uint32
}

// blockTokens is the size blocks grow to: 4 MB, so that the blocks of a
// large corpus are backed by huge pages.
const blockTokens = 1 << 20

// begin starts segment seg, which follows the last one begun; the caller
// adds its lines, then calls end.
func (s *lineStore) begin(seg int) {
	if s.cur == nil || len(s.cur.toks) >= cap(s.cur.toks)*7/8 {
		// Blocks start small (a small corpus allocates little) and double
		// up to blockTokens, with an eighth spare for the segment that
		// crosses the mark.
		size := 1 << 12
		if s.cur != nil {
			size = min(2*cap(s.cur.toks), blockTokens+blockTokens/8)
		}
		toks := make([]uint32, 0, size)
		adviseHuge(unsafe.Pointer(unsafe.SliceData(toks)), uintptr(size)*4)
		s.blocks = append(s.blocks, tokBlock{first: seg, toks: toks})
		s.cur = &s.blocks[len(s.blocks)-1]
	}
}

// line adds a line of the segment begun.
func (s *lineStore) line(toks []uint32) {
	b := s.cur
	b.toks = append(b.toks, toks...)
	b.lineEnd = append(b.lineEnd, uint32(len(b.toks)))
}

// end ends the segment begun.
func (s *lineStore) end() { s.cur.segEnd = append(s.cur.segEnd, uint32(len(s.cur.lineEnd))) }

// seal trims the spare room of the last block and forgets the cursor.
func (s *lineStore) seal() {
	if s.cur != nil {
		s.cur.toks = s.cur.toks[:len(s.cur.toks):len(s.cur.toks)]
		s.cur = nil
	}
}

// segment returns the range of lines of the j-th segment of b.
func (b *tokBlock) segment(j int) (lo, hi uint32) {
	if j > 0 {
		lo = b.segEnd[j-1]
	}
	return lo, b.segEnd[j]
}

// line returns the tokens of line i of b.
func (b *tokBlock) line(i uint32) []uint32 {
	lo := uint32(0)
	if i > 0 {
		lo = b.lineEnd[i-1]
	}
	return b.toks[lo:b.lineEnd[i]]
}

// bytes returns the memory the blocks hold.
func (s *lineStore) bytes() int {
	n := 0
	for _, b := range s.blocks {
		n += 4 * (cap(b.toks) + cap(b.lineEnd) + cap(b.segEnd))
	}
	return n
}
