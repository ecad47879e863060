package scoring

import "hash/maphash"

// vocab gives the distinct tokens of one segment dense ids. It is an
// open-addressing table that is emptied by bumping a generation counter,
// so reusing it for the next segment costs nothing.
type vocab struct {
	seed   maphash.Seed
	hashes []uint64
	strs   []string
	ids    []int32
	used   []uint32 // a slot is live when used == gen
	gen    uint32
	mask   uint64
	n      int32
}

// reset empties the table and makes room for about expect tokens.
func (v *vocab) reset(expect int) {
	size := 64
	for size < 2*expect {
		size <<= 1
	}
	if len(v.used) < size || (len(v.used) > 1<<14 && size < len(v.used)/16) {
		if v.used == nil {
			v.seed = maphash.MakeSeed()
		}
		v.hashes = make([]uint64, size)
		v.strs = make([]string, size)
		v.ids = make([]int32, size)
		v.used = make([]uint32, size)
		v.gen = 0
	}
	v.gen++
	if v.gen == 0 {
		clear(v.used)
		v.gen = 1
	}
	v.mask = uint64(len(v.used) - 1)
	v.n = 0
}

// intern returns the id of s, adding it when new.
func (v *vocab) intern(s string) int32 {
	h := maphash.String(v.seed, s)
	for i := h & v.mask; ; i = (i + 1) & v.mask {
		if v.used[i] != v.gen {
			v.used[i], v.hashes[i], v.strs[i], v.ids[i] = v.gen, h, s, v.n
			v.n++
			return v.ids[i]
		}
		if v.hashes[i] == h && v.strs[i] == s {
			return v.ids[i]
		}
	}
}

// lookup returns the id of s, or -1 when the table does not hold it.
func (v *vocab) lookup(s string) int32 {
	h := maphash.String(v.seed, s)
	for i := h & v.mask; ; i = (i + 1) & v.mask {
		if v.used[i] != v.gen {
			return -1
		}
		if v.hashes[i] == h && v.strs[i] == s {
			return v.ids[i]
		}
	}
}
