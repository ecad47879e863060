package scoring

import (
	"slices"
	"unicode/utf8"
)

// The char tokenizer's tokens are single characters, five or so times as
// many as 13a's words, so the scorer numbers them by code point instead of
// hashing one-character strings: an array indexed by the code point for
// the Basic Multilingual Plane, a map for the rest.

// invalidKey is the key of an invalid UTF-8 byte b: invalidKey + b, above
// every code point, as each such byte is a token of its own (scanChars).
const invalidKey = utf8.MaxRune + 1

// charKeys appends the keys of the tokens the char tokenizer makes of
// line, in order: each character that is not whitespace (as Python's
// str.split sees it), a valid one as its code point, an invalid byte as
// invalidKey plus the byte. It keeps the tokens of [scanChars] exactly.
func charKeys(dst []uint32, line string) []uint32 {
	// Room for a key per byte, at most, so that ASCII (most text) is
	// written without a branch on spaces: every byte is stored and the
	// end moves on only past a non-space.
	n := len(dst)
	dst = slices.Grow(dst, len(line))[:n+len(line)]
	out := dst[n:]
	j := 0
	for i := 0; i < len(line); {
		if c := line[i]; c < utf8.RuneSelf {
			out[j] = uint32(c)
			j += int(keep[c])
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(line[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			out[j] = invalidKey + uint32(line[i])
			j++
		case !IsPySpace(r):
			out[j] = uint32(r)
			j++
		}
		i += size
	}
	return dst[:n+j]
}

// keep is 1 for the ASCII bytes that are tokens (not whitespace), else 0.
var keep = func() (k [utf8.RuneSelf]uint8) {
	for c := range k {
		if !asciiSpace[c] {
			k[c] = 1
		}
	}
	return k
}()

// bmpSize is the number of code points [charVocab] numbers by array.
const bmpSize = 1 << 16

// charVocab gives the distinct character keys of one segment dense ids,
// like [vocab] for strings. Resetting it bumps a generation counter.
type charVocab struct {
	ids  []int32  // by code point below bmpSize
	gens []uint32 // an entry of ids is live when its gen is gen
	gen  uint32
	rest map[uint32]int32 // keys from bmpSize up, this segment's
	n    int32
}

// reset empties the vocabulary.
func (v *charVocab) reset() {
	if v.ids == nil {
		v.ids = make([]int32, bmpSize)
		v.gens = make([]uint32, bmpSize)
		v.rest = make(map[uint32]int32)
	}
	v.gen++
	if v.gen == 0 {
		clear(v.gens)
		v.gen = 1
	}
	if len(v.rest) > 0 {
		clear(v.rest)
	}
	v.n = 0
}

// intern returns the id of key, adding it when new.
func (v *charVocab) intern(key uint32) int32 {
	if key < bmpSize {
		if v.gens[key] == v.gen {
			return v.ids[key]
		}
		v.gens[key], v.ids[key] = v.gen, v.n
		v.n++
		return v.n - 1
	}
	if id, ok := v.rest[key]; ok {
		return id
	}
	v.rest[key] = v.n
	v.n++
	return v.n - 1
}

// lookup returns the id of key, or -1 when the vocabulary lacks it.
func (v *charVocab) lookup(key uint32) int32 {
	if key < bmpSize {
		if v.gens[key] == v.gen {
			return v.ids[key]
		}
		return -1
	}
	if id, ok := v.rest[key]; ok {
		return id
	}
	return -1
}
