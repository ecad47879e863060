package model

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// filter returns, in line order, the segments whose source, hypothesis of
// system sys or any present reference contains needle, ignoring case
// (Unicode simple case folding); every segment when needle is "".
func (s *Scored) filter(ds *Dataset, sys int, needle string) []int32 {
	n := len(s.Systems[sys].Stats)
	if needle == "" {
		rows := make([]int32, n)
		for i := range rows {
			rows[i] = int32(i)
		}
		return rows
	}
	m := newMatcher(needle)
	hyps := ds.Systems[sys].Hyps
	match := func(i int) bool {
		if m.match(hyps[i]) || (ds.Src != nil && m.match(ds.Src[i])) {
			return true
		}
		for k, ref := range ds.Refs {
			if (ds.RefAbsent == nil || !ds.RefAbsent[k][i]) && m.match(ref[i]) {
				return true
			}
		}
		return false
	}
	// Each chunk collects its own matches; chunks are joined in order.
	const chunkSize = 1 << 14
	parts := make([][]int32, (n+chunkSize-1)/chunkSize)
	parallel(len(parts), func(lo, hi int) {
		for c := lo; c < hi; c++ {
			var got []int32
			for i := c * chunkSize; i < min((c+1)*chunkSize, n); i++ {
				if match(i) {
					got = append(got, int32(i))
				}
			}
			parts[c] = got
		}
	})
	var rows []int32
	for _, p := range parts {
		rows = append(rows, p...)
	}
	return rows
}

// matcher finds a needle in text ignoring case. Candidate positions come
// from searching for each case variant of the needle's first character
// (which is as fast as a byte search for most needles); each candidate is
// then compared rune by rune under simple case folding.
type matcher struct {
	first []string // UTF-8 forms of every case variant of the first rune
	rest  []rune   // the other runes, folded to their canonical case
	width int      // minimal byte length of a match
}

func newMatcher(needle string) *matcher {
	r0, size := utf8.DecodeRuneInString(needle)
	m := &matcher{}
	for r := r0; ; {
		m.first = append(m.first, string(r))
		if r = unicode.SimpleFold(r); r == r0 {
			break
		}
	}
	for _, r := range needle[size:] {
		m.rest = append(m.rest, foldCanon(r))
	}
	m.width = len(m.rest) + 1
	return m
}

// match reports whether text contains the needle.
func (m *matcher) match(text string) bool {
	if len(text) < m.width {
		return false
	}
	// next[v] is the next position of variant v at or after from (-1:
	// none left); positions are searched for lazily and reused.
	var nextBuf [4]int
	next := nextBuf[:0]
	for range m.first {
		next = append(next, -2)
	}
	from := 0
	for {
		best, bestV := -1, -1
		for v, f := range m.first {
			if next[v] == -2 || (next[v] >= 0 && next[v] < from) {
				next[v] = index(text, from, f)
			}
			if next[v] >= 0 && (best < 0 || next[v] < best) {
				best, bestV = next[v], v
			}
		}
		if best < 0 {
			return false
		}
		if m.restAt(text[best+len(m.first[bestV]):]) {
			return true
		}
		from = best + 1
	}
}

// index returns the position of f in text at or after from, or -1.
func index(text string, from int, f string) int {
	var i int
	if len(f) == 1 {
		i = strings.IndexByte(text[from:], f[0])
	} else {
		i = strings.Index(text[from:], f)
	}
	if i < 0 {
		return -1
	}
	return from + i
}

// restAt reports whether text starts with the needle's other runes.
func (m *matcher) restAt(text string) bool {
	for _, want := range m.rest {
		if text == "" {
			return false
		}
		c := text[0]
		if c < utf8.RuneSelf {
			if asciiCanon[c] != want {
				return false
			}
			text = text[1:]
			continue
		}
		r, size := utf8.DecodeRuneInString(text)
		if foldCanon(r) != want {
			return false
		}
		text = text[size:]
	}
	return true
}

// asciiCanon maps each ASCII byte to the canonical (smallest) rune of its
// case-folding orbit: upper case for letters.
var asciiCanon = func() (t [utf8.RuneSelf]rune) {
	for c := range t {
		t[c] = foldCanon(rune(c))
	}
	return t
}()

// foldCanon returns the smallest rune that simple case folding makes
// equivalent to r, so that two runes are equal ignoring case exactly when
// their foldCanon values are equal.
func foldCanon(r rune) rune {
	best := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		best = min(best, f)
	}
	return best
}
