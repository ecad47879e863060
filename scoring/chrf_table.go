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
}

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

// reset empties the table and makes room for about expect ids.
func (t *symTable) reset(expect int) {
	size := 64
	for size < 2*expect {
		size <<= 1
	}
	if len(t.slots) < size || (len(t.slots) > 1<<16 && size < len(t.slots)/16) {
		t.slots = make([]symSlot, size)
		t.gen = 0
	}
	t.gen++
	if t.gen == 0 {
		clear(t.slots)
		t.gen = 1
	}
	t.mask = uint64(len(t.slots) - 1)
	t.shift = 64
	for s := len(t.slots); s > 1; s >>= 1 {
		t.shift--
	}
	t.n = 0
}

func (t *symTable) slot(key uint64) uint64 {
	return (key * 0x9E3779B97F4A7C15) >> t.shift & t.mask
}

// intern returns the id of the pair (prefix, sym), adding it when new. The
// caller keeps the table at most half full (see reset).
func (t *symTable) intern(prefix, sym int32) int32 {
	key := pairKey(prefix, sym)
	for i := t.slot(key); ; i = (i + 1) & t.mask {
		s := &t.slots[i]
		if s.gen != t.gen {
			*s = symSlot{key: key, id: t.n, gen: t.gen}
			t.n++
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
