package scoring

// localCounts counts the n-grams of one segment by id in a small table
// that stays in cache: per n-gram its count in the hypothesis, its
// maximum over the references and its count in the current reference.
// The references' entries come first; each hypothesis adds its own after
// them, and truncate drops those again for the next system. A slot is live
// when its generation is current and its entry points back to it, so
// dropped entries free their slots without clearing anything.
type localCounts struct {
	slots   []localSlot
	mask    uint32
	shift   uint32
	gen     uint32
	entries []localEntry
}

type localSlot struct {
	gen uint32
	idx uint32
}

// localEntry is one n-gram of the segment.
type localEntry struct {
	g    uint32
	slot uint32
	h    int32
	rmax int32
	rcur int32
	rref int32 // the reference rcur counts (index+1)
}

// reset empties the table and makes room for about n entries (more are
// added by growing it).
func (t *localCounts) reset(n int) {
	size := 64
	for size < 2*n {
		size <<= 1
	}
	t.entries = t.entries[:0]
	if len(t.slots) < size || (len(t.slots) > 1<<16 && size < len(t.slots)/16) {
		t.alloc(size)
		return
	}
	t.gen++
	if t.gen == 0 {
		clear(t.slots)
		t.gen = 1
	}
}

// alloc gives the table size empty slots (a power of two).
func (t *localCounts) alloc(size int) {
	t.slots = make([]localSlot, size)
	t.gen = 1
	t.mask = uint32(size - 1)
	t.shift = 32
	for s := size; s > 1; s >>= 1 {
		t.shift--
	}
}

// rehash doubles the table and puts the entries back.
func (t *localCounts) rehash() {
	t.alloc(2 * len(t.slots))
	for j := range t.entries {
		e := &t.entries[j]
		i := (e.g * 0x9E3779B1) >> t.shift & t.mask
		for t.slots[i].gen == t.gen {
			i = (i + 1) & t.mask
		}
		t.slots[i] = localSlot{gen: t.gen, idx: uint32(j)}
		e.slot = i
	}
}

// find returns the entry of id g, adding an empty one when new.
func (t *localCounts) find(g uint32) *localEntry {
	if 2*len(t.entries) >= len(t.slots) {
		t.rehash()
	}
	i := (g * 0x9E3779B1) >> t.shift & t.mask
	for {
		s := &t.slots[i]
		if s.gen != t.gen || int(s.idx) >= len(t.entries) || t.entries[s.idx].slot != i {
			s.gen, s.idx = t.gen, uint32(len(t.entries))
			t.entries = append(t.entries, localEntry{g: g, slot: i})
			return &t.entries[len(t.entries)-1]
		}
		if e := &t.entries[s.idx]; e.g == g {
			return e
		}
		i = (i + 1) & t.mask
	}
}

// addRef counts the n-grams ids of reference k (0-based): each n-gram's
// count in it, and its most in any reference so far.
func (t *localCounts) addRef(k int, ids []uint32) {
	for _, g := range ids {
		e := t.find(g)
		if e.rref != int32(k+1) {
			e.rref, e.rcur = int32(k+1), 0
		}
		e.rcur++
		e.rmax = max(e.rmax, e.rcur)
	}
}

// addHyp counts the n-grams ids of the hypothesis.
func (t *localCounts) addHyp(ids []uint32) {
	for _, g := range ids {
		t.find(g).h++
	}
}

// truncate keeps the first n entries, with their hypothesis counts
// cleared.
func (t *localCounts) truncate(n int) {
	t.entries = t.entries[:n]
	for j := range t.entries {
		t.entries[j].h = 0
	}
}
