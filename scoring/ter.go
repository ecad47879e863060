package scoring

import (
	"bytes"
	"hash/maphash"
)

// TERSignature returns sacrebleu's TER signature, such as
// nrefs:1|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:0.1.0.
// nrefs is the number of references per segment, or [VariableRefs].
func TERSignature(o TEROptions, nrefs int, version string) string {
	return terSignature(o, nrefs, version, false)
}

// TERShortSignature returns the short form of [TERSignature]:
// #:1|c:lc|t:tercom|nr:no|pn:yes|as:no|v:0.1.0.
func TERShortSignature(o TEROptions, nrefs int, version string) string {
	return terSignature(o, nrefs, version, true)
}

func terSignature(o TEROptions, nrefs int, version string, short bool) string {
	keys := [...]string{"nrefs", "case", "tok", "norm", "punct", "asian", "version"}
	if short {
		keys = [...]string{"#", "c", "t", "nr", "pn", "as", "v"}
	}
	vals := [...]string{refsField(nrefs), yesNo(o.CaseSensitive, "mixed", "lc"), "tercom",
		yesNo(o.Normalized, "yes", "no"), yesNo(!o.NoPunct, "yes", "no"), yesNo(o.AsianSupport, "yes", "no"), version}
	return joinFields(keys[:], vals[:])
}

// TERStats are the statistics of one segment, or summed over a corpus, as
// sacrebleu's TER keeps them: the fewest edits over the references, and
// the average length of all the references (not of the best one).
type TERStats struct {
	// Edits is the number of edits (shifts, insertions, deletions,
	// substitutions).
	Edits int
	// RefLen is the average reference length in words (a sum of averages
	// over a corpus).
	RefLen float64
}

// Score returns sacrebleu's TER of s: 100 · (Edits / RefLen), 100 when
// there are edits but no reference words, 0 when neither.
func (s TERStats) Score() float64 { return TERScore(float64(s.Edits), s.RefLen) }

// TERScore returns sacrebleu's TER score of summed edits and reference
// lengths: the division first, then the multiplication by 100.
func TERScore(edits, refLen float64) float64 {
	switch {
	case refLen > 0:
		return 100 * (edits / refLen)
	case edits > 0:
		return 100
	}
	return 0
}

// TERScoreSums is [TERScore] of a summed statistics vector [edits,
// reference length] as the significance tests hold it. With float32Div the
// division is a float32 division, as sacrebleu computes it on a float32
// numpy row (bootstrap resamples); the multiplication by 100 stays float64.
func TERScoreSums(sums []float64, float32Div bool) float64 {
	edits, refLen := sums[0], sums[1]
	if float32Div && refLen > 0 {
		return 100 * float64(float32(edits)/float32(refLen))
	}
	return TERScore(edits, refLen)
}

// TERScorer computes the TER statistics of segments under fixed options.
// It keeps scratch buffers between calls, so one TERScorer must not be
// used by two goroutines at once; make one per worker.
type TERScorer struct {
	tok   terTokenizer
	words wordIDs
	al    terAligner
	spans [][2]int32
	hyp   []int32
	ref   []int32
}

// NewTERScorer returns a TERScorer for o.
func NewTERScorer(o TEROptions) *TERScorer {
	return &TERScorer{tok: terTokenizer{opt: o}}
}

// ids tokenizes line and returns its words as ids appended to dst.
func (s *TERScorer) ids(dst []int32, line string) []int32 {
	text := s.tok.tokenize(line)
	s.spans = splitBytes(s.spans[:0], text)
	for _, sp := range s.spans {
		dst = append(dst, s.words.intern(text[sp[0]:sp[1]]))
	}
	return dst
}

// Segment returns the statistics of hyp against refs: the fewest edits
// over the references and their average length. It returns
// [ErrNoReference] when refs is empty (sacrebleu divides by zero).
func (s *TERScorer) Segment(hyp string, refs []string) (TERStats, error) {
	if len(refs) == 0 {
		return TERStats{}, ErrNoReference
	}
	s.words.reset()
	s.hyp = s.ids(s.hyp[:0], hyp)
	best, total := -1, 0
	for _, ref := range refs {
		s.ref = s.ids(s.ref[:0], ref)
		p := s.al.pair(s.hyp, s.ref)
		total += p.RefLen
		if best < 0 || p.Edits < best {
			best = p.Edits
		}
	}
	return TERStats{Edits: best, RefLen: float64(total) / float64(len(refs))}, nil
}

// TERPairs returns, for each reference, what TER did for hyp against it
// (sacrebleu's per-reference diagnostics), and the words of the
// hypothesis in the final order of each search.
func TERPairs(hyp string, refs []string, o TEROptions) ([]TERPair, [][]string) {
	s := NewTERScorer(o)
	hw := TERTokens(hyp, o)
	var pairs []TERPair
	var shifted [][]string
	for _, ref := range refs {
		s.words.reset()
		s.hyp = s.hyp[:0]
		for _, w := range hw {
			s.hyp = append(s.hyp, s.words.intern([]byte(w)))
		}
		s.ref = s.ids(s.ref[:0], ref)
		p := s.al.pair(s.hyp, s.ref)
		pairs = append(pairs, p)
		words := make([]string, len(s.al.h))
		for i, id := range s.al.h {
			words[i] = s.words.word(id)
		}
		shifted = append(shifted, words)
	}
	return pairs, shifted
}

// SentenceTER returns sacrebleu's TER.sentence_score of hyp against refs
// and the segment's statistics.
func SentenceTER(hyp string, refs []string, o TEROptions) (float64, TERStats, error) {
	st, err := NewTERScorer(o).Segment(hyp, refs)
	if err != nil {
		return 0, TERStats{}, err
	}
	return st.Score(), st, nil
}

// wordIDs gives the distinct words of one segment dense ids. Words are
// copied into an arena, so the text they come from may be reused; reset
// empties the table for the next segment without allocating.
type wordIDs struct {
	seed  maphash.Seed
	arena []byte
	ends  []int32 // per id: end of its word in the arena
	slots []int32 // open addressing: id+1, 0 when empty
	hash  []uint64
}

func (v *wordIDs) reset() {
	if v.slots == nil {
		v.seed = maphash.MakeSeed()
		v.slots = make([]int32, 256)
		v.hash = make([]uint64, 256)
	}
	if len(v.ends) > 0 {
		if len(v.slots) > 1<<14 && 8*len(v.ends) < len(v.slots) {
			v.slots = make([]int32, 256)
			v.hash = make([]uint64, 256)
		} else {
			clear(v.slots)
		}
	}
	v.arena, v.ends = v.arena[:0], v.ends[:0]
}

// word returns the text of id.
func (v *wordIDs) word(id int32) string { return string(v.bytes(id)) }

// bytes returns the text of id in the arena.
func (v *wordIDs) bytes(id int32) []byte {
	start := int32(0)
	if id > 0 {
		start = v.ends[id-1]
	}
	return v.arena[start:v.ends[id]]
}

// intern returns the id of w, adding it when new.
func (v *wordIDs) intern(w []byte) int32 {
	if 2*(len(v.ends)+1) > len(v.slots) {
		v.rehash()
	}
	h := maphash.Bytes(v.seed, w)
	mask := uint64(len(v.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		s := v.slots[i]
		if s == 0 {
			v.arena = append(v.arena, w...)
			v.ends = append(v.ends, int32(len(v.arena)))
			id := int32(len(v.ends) - 1)
			v.slots[i], v.hash[i] = id+1, h
			return id
		}
		if v.hash[i] == h && bytes.Equal(w, v.bytes(s-1)) {
			return s - 1
		}
	}
}

// rehash doubles the table.
func (v *wordIDs) rehash() {
	slots := make([]int32, 2*len(v.slots))
	hash := make([]uint64, len(slots))
	mask := uint64(len(slots) - 1)
	for i, s := range v.slots {
		if s == 0 {
			continue
		}
		j := v.hash[i] & mask
		for slots[j] != 0 {
			j = (j + 1) & mask
		}
		slots[j], hash[j] = s, v.hash[i]
	}
	v.slots, v.hash = slots, hash
}
