package model

import (
	"runtime"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// filter returns, in line order, the segments whose source, hypothesis of
// system sys or any present reference contains needle, ignoring case
// (Unicode simple case folding); every segment when needle is "".
func (s *Scored) filter(ds *Dataset, sys int, needle string) []int32 {
	n := s.Systems[sys].Stats.Len()
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
			if ds.RefPresent(k, i) && m.match(ref[i]) {
				return true
			}
		}
		return false
	}
	// Each worker takes a contiguous range and collects its own matches;
	// the ranges are joined in order.
	workers := max(1, min(runtime.GOMAXPROCS(0), n/4096))
	parts := make([][]int32, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			var got []int32
			for i := w * n / workers; i < (w+1)*n/workers; i++ {
				if match(i) {
					got = append(got, int32(i))
				}
			}
			parts[w] = got
		}(w)
	}
	wg.Wait()
	if workers == 1 {
		return parts[0]
	}
	var rows []int32
	for _, p := range parts {
		rows = append(rows, p...)
	}
	return rows
}

// matcher finds a needle in text ignoring case. It anchors on the
// needle's rarest character: candidate positions come from searching for
// each case variant of that character (as fast as a byte search for most
// needles), and each candidate is compared rune by rune, forwards and
// backwards, under simple case folding.
type matcher struct {
	anchor   []string // UTF-8 forms of every case variant of the anchor rune
	before   []rune   // the needle's runes before the anchor, folded
	after    []rune   // the needle's runes after the anchor, folded
	minBytes int      // the least number of bytes a match can take
}

// letterFrequency orders ASCII letters from the most to the least common
// in English text, to pick a rare anchor.
const letterFrequency = "etaoinshrdlcumwfgypbvkjxqz"

// commonness estimates how often r occurs in text: higher is more common.
func commonness(r rune) int {
	switch {
	case r == ' ':
		return 40
	case r >= utf8.RuneSelf:
		return 0
	}
	c := byte(r) | 0x20
	if i := strings.IndexByte(letterFrequency, c); i >= 0 && c >= 'a' && c <= 'z' {
		return 39 - i
	}
	return 5
}

func newMatcher(needle string) *matcher {
	runes := []rune(needle)
	a := 0
	for i, r := range runes {
		if commonness(r) < commonness(runes[a]) {
			a = i
		}
	}
	m := &matcher{minBytes: len(runes)}
	r0 := runes[a]
	for r := r0; ; {
		m.anchor = append(m.anchor, string(r))
		if r = unicode.SimpleFold(r); r == r0 {
			break
		}
	}
	for i, r := range runes {
		switch {
		case i < a:
			m.before = append(m.before, foldCanon(r))
		case i > a:
			m.after = append(m.after, foldCanon(r))
		}
	}
	return m
}

// match reports whether text contains the needle.
func (m *matcher) match(text string) bool {
	if len(text) < m.minBytes {
		return false
	}
	// next[v] is the next position of anchor variant v at or after from
	// (-1: none left, -2: not searched yet); positions are reused until
	// passed.
	var nextBuf [4]int
	next := nextBuf[:0]
	for range m.anchor {
		next = append(next, -2)
	}
	from := 0
	for {
		best, bestV := -1, -1
		for v, f := range m.anchor {
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
		if foldedPrefix(text[best+len(m.anchor[bestV]):], m.after) && foldedSuffix(text[:best], m.before) {
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

// foldedPrefix reports whether text starts with the folded runes want.
func foldedPrefix(text string, want []rune) bool {
	for _, w := range want {
		if text == "" {
			return false
		}
		if c := text[0]; c < utf8.RuneSelf {
			if asciiCanon[c] != w {
				return false
			}
			text = text[1:]
			continue
		}
		r, size := utf8.DecodeRuneInString(text)
		if foldCanon(r) != w {
			return false
		}
		text = text[size:]
	}
	return true
}

// foldedSuffix reports whether text ends with the folded runes want.
func foldedSuffix(text string, want []rune) bool {
	for j := len(want) - 1; j >= 0; j-- {
		if text == "" {
			return false
		}
		if c := text[len(text)-1]; c < utf8.RuneSelf {
			if asciiCanon[c] != want[j] {
				return false
			}
			text = text[:len(text)-1]
			continue
		}
		r, size := utf8.DecodeLastRuneInString(text)
		if foldCanon(r) != want[j] {
			return false
		}
		text = text[:len(text)-size]
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
