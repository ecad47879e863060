package scoring

import (
	"hash/maphash"
	"slices"
	"strings"
	"unsafe"
)

// ngramIDs numbers the tokens and n-grams of a corpus. A token's id is the
// id of its unigram; an n-gram of order n > 1 is the pair of its (n-1)-gram
// prefix's id and its last token's id, so its id is found with one probe
// of an open-addressing table and no string is built. Ids are given as
// n-grams are first numbered (a batch's tokens, then its bigrams, and so
// on, each order in line order: see ngrambatch.go), so a prefix's id is
// always below its n-gram's.
type ngramIDs struct {
	vocab  map[string]uint32
	recent recentTokens // the ids of tokens seen lately, in front of vocab
	tokens []string     // text of each token, by token index
	prefix []uint32     // per id: the prefix's id, noPrefix for a unigram
	last   []uint32     // per id: the last token's id (a unigram's: its token index)
	order  []uint8      // per id: the order

	pairTable     // the pairs numbered
	used      int // pairs in it

	budget     *gramBudget // told the ids given, when not nil
	unreported int         // ids given since it was last told
	full       bool        // set once the budget is spent: numbering stops
}

// added counts a new id, telling the budget every budgetReports ids.
func (t *ngramIDs) added() {
	if t.unreported++; t.unreported == budgetReports {
		t.report()
	}
}

// report tells the budget the ids given since it was last told, and sets
// full when the workers together hold more than its limit.
func (t *ngramIDs) report() {
	if t.budget != nil && t.budget.held.Add(int64(t.unreported)) > t.budget.limit {
		t.full = true
	}
	t.unreported = 0
}

// pairTable is an open-addressing table from an n-gram's pair (its
// prefix's id << 32 | its last token's id) to its id, probed linearly.
type pairTable struct {
	slots []pairSlot
	mask  uint64
	shift uint
}

// pairSlot is one slot of the pair table, key and id side by side so
// that a probe touches one cache line.
type pairSlot struct {
	key uint64
	id  uint32 // id+1, 0 when the slot is empty
}

// init makes an empty table for the n-grams of about segments segments:
// 16 slots a segment (room for 12 new n-grams), at most 1<<22 slots (64
// MB), so that a large corpus does not pay for a dozen resizes on the way.
func (t *ngramIDs) init(segments int) {
	t.vocab = make(map[string]uint32)
	size := 1 << 12
	for size < 16*segments && size < 1<<22 {
		size <<= 1
	}
	t.resize(size)
	// Room for as many n-grams as the table holds before it grows, so
	// that the per-id arrays are not copied again and again on the way.
	t.prefix = make([]uint32, 0, maxLoad(size))
	t.last = make([]uint32, 0, maxLoad(size))
	t.order = make([]uint8, 0, maxLoad(size))
}

func (t *ngramIDs) len() int { return len(t.prefix) }

// token returns the id of token s, adding it when new.
func (t *ngramIDs) token(s string) uint32 {
	e := t.recent.entry(s)
	if e != nil && int(e.n) == len(s) && string(e.text[:e.n]) == s {
		return e.id
	}
	id := t.tokenOf(s)
	if e != nil {
		e.n, e.id = uint8(copy(e.text[:], s)), id
	}
	return id
}

// tokenOf returns the id of token s from the vocabulary, adding it when
// new.
func (t *ngramIDs) tokenOf(s string) uint32 {
	if id, ok := t.vocab[s]; ok {
		return id
	}
	id := uint32(len(t.prefix))
	s = strings.Clone(s) // s may be a piece of a much longer line
	t.vocab[s] = id
	t.prefix = append(t.prefix, noPrefix)
	t.last = append(t.last, uint32(len(t.tokens)))
	t.order = append(t.order, 1)
	t.tokens = append(t.tokens, s)
	t.added()
	return id
}

// alloc gives the table size empty slots (a power of two).
func (t *pairTable) alloc(size int) {
	t.slots = make([]pairSlot, size)
	adviseHuge(unsafe.Pointer(&t.slots[0]), uintptr(size)*unsafe.Sizeof(pairSlot{}))
	writeFault(unsafe.Pointer(&t.slots[0]), uintptr(size)*unsafe.Sizeof(pairSlot{}))
	t.mask = uint64(size - 1)
	t.shift = 64
	for s := size; s > 1; s >>= 1 {
		t.shift--
	}
}

// slot is key's home slot.
func (t *pairTable) slot(key uint64) uint64 {
	return slotHash(key) >> t.shift & t.mask
}

// put files the slot sl, whose key the table does not hold, in the first
// empty slot from its home.
func (t *pairTable) put(sl pairSlot) {
	i := t.slot(sl.key)
	for t.slots[i].id != 0 {
		i = (i + 1) & t.mask
	}
	t.slots[i] = sl
}

// slotHash is the hash whose top bits pick a pair's slot, whatever the
// table's size.
func slotHash(key uint64) uint64 { return key * 0x9E3779B97F4A7C15 }

// pair returns the id of the n-gram made of prefix and last, adding it
// when new.
func (t *ngramIDs) pair(prefix, last uint32) uint32 {
	key := uint64(prefix)<<32 | uint64(last)
	i := t.slot(key)
	for {
		sl := &t.slots[i]
		if sl.id == 0 {
			break
		}
		if sl.key == key {
			return sl.id - 1
		}
		i = (i + 1) & t.mask
	}
	id := uint32(len(t.prefix))
	t.slots[i] = pairSlot{key, id + 1}
	t.prefix = append(t.prefix, prefix)
	t.last = append(t.last, last)
	t.order = append(t.order, t.order[prefix]+1)
	t.added()
	if t.used++; t.used > maxLoad(len(t.slots)) {
		t.resize(2 * len(t.slots))
	}
	return id
}

// maxLoad is how many pairs a table of size slots holds before it grows:
// three quarters (with linear probing, a lookup still takes about two
// probes, and a table twice the size would only cost memory).
func maxLoad(size int) int { return size / 4 * 3 }

// reserveSlots is the largest table reserve makes: 16 MB, as much as
// the doublings to it would allocate on the way.
const reserveSlots = 1 << 20

// reserve makes room for n more pairs at once, up to reserveSlots slots,
// so that a small corpus, whose first batch is the whole of it, does not
// move its pairs through every doubling of the table on the way; a large
// one starts at that size already ([ngramIDs.init]).
func (t *ngramIDs) reserve(n int) {
	size := len(t.slots)
	for size < reserveSlots && maxLoad(size) < t.used+n {
		size <<= 1
	}
	if size > len(t.slots) {
		t.resize(size)
		if m := maxLoad(size); cap(t.prefix) < m {
			t.prefix = slices.Grow(t.prefix, m-len(t.prefix))
			t.last = slices.Grow(t.last, m-len(t.last))
			t.order = slices.Grow(t.order, m-len(t.order))
		}
	}
}

// resize rebuilds the pair table with size slots (a power of two).
func (t *ngramIDs) resize(size int) {
	old := t.slots
	t.alloc(size)
	for _, sl := range old {
		if sl.id != 0 {
			t.put(sl)
		}
	}
}

// dropPairs frees the pair table and the recent tokens once no more
// n-grams will be added.
func (t *ngramIDs) dropPairs() {
	t.slots, t.recent = nil, recentTokens{}
}

// appendText appends the tokens of n-gram g joined by single spaces.
func (t *ngramIDs) appendText(dst []byte, g uint32) []byte {
	var stack [MaxOrderLimit]uint32
	n := 0
	for ; t.prefix[g] != noPrefix; g = t.prefix[g] {
		stack[n] = t.last[g]
		n++
	}
	dst = append(dst, t.tokens[t.last[g]]...)
	for n > 0 {
		n--
		dst = append(dst, ' ')
		dst = append(dst, t.tokens[t.last[stack[n]]]...)
	}
	return dst
}

// recentTokens remembers the ids of short tokens seen lately in a small
// direct-mapped table that stays in the caches: most tokens of a corpus
// are among a few thousand frequent ones, which the vocabulary map, far
// bigger than the caches on a large corpus, would fetch from memory each
// time.
type recentTokens struct {
	seed    maphash.Seed
	entries []recentToken
}

// recentToken is a token of up to 19 bytes (n of them; 0 for an empty
// entry) and its id.
type recentToken struct {
	n    uint8
	text [19]byte
	id   uint32
}

// recentSlots is the size of the table: 16,384 entries, 384 KB.
const recentSlots = 1 << 14

// entry returns the entry where s is remembered or would be, or nil when
// s is too long to remember.
func (r *recentTokens) entry(s string) *recentToken {
	if len(s) > len(recentToken{}.text) {
		return nil
	}
	if r.entries == nil {
		r.seed = maphash.MakeSeed()
		r.entries = make([]recentToken, recentSlots)
	}
	return &r.entries[maphash.String(r.seed, s)&(recentSlots-1)]
}
