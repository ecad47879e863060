package scoring

// symTable gives sequences of symbols (characters, or words) dense ids, one
// pair at a time: the id of a sequence is the id of the pair (id of the
// sequence without its last symbol, last symbol), so a table of pairs is a
// trie of every n-gram and prefix it has seen. It is an open-addressing
// table emptied by bumping a generation, so reusing it for the next segment
// costs nothing.
type symTable struct {
	keys  []uint64
	vals  []int32
	used  []uint32 // a slot is live when used == gen
	gen   uint32
	mask  uint64
	shift uint
	n     int32 // ids handed out
}

// Roots of the tries: the prefix of a one-symbol sequence. They are
// negative, like the -1 that stands for a sequence the table lacks, but
// never -1.
const (
	rootChar int32 = -2 // character n-grams
	rootWord int32 = -3 // the characters of a word
	rootGram int32 = -4 // word n-grams (whose symbols are word ids)
)

// reset empties the table and makes room for about expect ids.
func (t *symTable) reset(expect int) {
	size := 64
	for size < 2*expect {
		size <<= 1
	}
	if len(t.keys) < size || (len(t.keys) > 1<<16 && size < len(t.keys)/16) {
		t.keys = make([]uint64, size)
		t.vals = make([]int32, size)
		t.used = make([]uint32, size)
		t.gen = 0
	}
	t.gen++
	if t.gen == 0 {
		clear(t.used)
		t.gen = 1
	}
	t.mask = uint64(len(t.keys) - 1)
	t.shift = 64
	for s := len(t.keys); s > 1; s >>= 1 {
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
		if t.used[i] != t.gen {
			t.used[i], t.keys[i], t.vals[i] = t.gen, key, t.n
			t.n++
			return t.vals[i]
		}
		if t.keys[i] == key {
			return t.vals[i]
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
		if t.used[i] != t.gen {
			return -1
		}
		if t.keys[i] == key {
			return t.vals[i]
		}
	}
}
