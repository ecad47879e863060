package scoring

// symTable gives sequences of symbols (characters, or words) dense ids, one
// pair at a time: the id of a sequence is the id of the pair (id of the
// sequence without its last symbol, last symbol), so a table of pairs is a
// trie of every n-gram and prefix it has seen. It is an open-addressing
// table emptied by bumping a generation, so reusing it for the next segment
// costs nothing.
type symTable struct {
	slots []symSlot
	gen   uint32
	mask  uint64
	shift uint
	n     int32 // ids handed out
	pairs int   // live slots
}

// maxPresize bounds the ids reset makes room for ahead: a segment
// of millions of characters has far fewer distinct n-grams than the
// bound reset is given, and the table grows when it needs to.
const maxPresize = 1 << 18

// symSlot is one slot of a symTable: live when gen is the table's.
type symSlot struct {
	key uint64
	id  int32
	gen uint32
}

// Roots of the tries: the prefix of a one-symbol sequence. They are
// negative, like the -1 that stands for a sequence the table lacks, but
// never -1.
const (
	rootChar int32 = -2 // character n-grams
	rootWord int32 = -3 // the characters of a word
)

// reset empties the table and makes room for about expect ids (at most
// maxPresize: it grows beyond).
func (t *symTable) reset(expect int) {
	size := 64
	for size < 2*min(expect, maxPresize) {
		size <<= 1
	}
	if len(t.slots) < size || (len(t.slots) > 1<<16 && size < len(t.slots)/16) {
		t.alloc(size)
	} else if t.gen++; t.gen == 0 {
		clear(t.slots)
		t.gen = 1
	}
	t.n, t.pairs = 0, 0
}

// alloc gives the table size empty slots (a power of two).
func (t *symTable) alloc(size int) {
	t.slots = make([]symSlot, size)
	t.gen = 1
	t.mask = uint64(size - 1)
	t.shift = 64
	for s := size; s > 1; s >>= 1 {
		t.shift--
	}
}

// grow doubles the table and puts its live pairs back.
func (t *symTable) grow() {
	old, gen := t.slots, t.gen
	t.alloc(2 * len(old))
	for _, s := range old {
		if s.gen != gen {
			continue
		}
		i := t.slot(s.key)
		for t.slots[i].gen == t.gen {
			i = (i + 1) & t.mask
		}
		s.gen = t.gen
		t.slots[i] = s
	}
}

func (t *symTable) slot(key uint64) uint64 {
	return (key * 0x9E3779B97F4A7C15) >> t.shift & t.mask
}

// intern returns the id of the pair (prefix, sym), adding it when new;
// the table grows to stay at most half full.
func (t *symTable) intern(prefix, sym int32) int32 {
	key := pairKey(prefix, sym)
	for i := t.slot(key); ; i = (i + 1) & t.mask {
		s := &t.slots[i]
		if s.gen != t.gen {
			*s = symSlot{key: key, id: t.n, gen: t.gen}
			t.n++
			if t.pairs++; 2*t.pairs > len(t.slots) {
				id := s.id
				t.grow()
				return id
			}
			return s.id
		}
		if s.key == key {
			return s.id
		}
	}
}

// newID hands out an id that no pair holds, for a sequence the caller
// keeps track of itself.
func (t *symTable) newID() int32 {
	t.n++
	return t.n - 1
}

// lookup returns the id of the pair (prefix, sym), or -1 when the table
// does not hold it. prefix is an id or a root, never -1.
func (t *symTable) lookup(prefix, sym int32) int32 {
	key := pairKey(prefix, sym)
	for i := t.slot(key); ; i = (i + 1) & t.mask {
		s := &t.slots[i]
		if s.gen != t.gen {
			return -1
		}
		if s.key == key {
			return s.id
		}
	}
}
