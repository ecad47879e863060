package model

import (
	"slices"
	"sort"

	"github.com/bleuscope/bleuscope/scoring"
)

// This file is the highlighting of an explained segment, for any renderer
// (the terminal's lipgloss renderers, a future HTML one): which tokens are
// matched or clipped, and the clips in the order a ledger lists them.

// Mark is what a token is in the highlighting: the marker row under a token
// line spells it out for output without colour.
type Mark uint8

// The marks of a token. MarkOrder1 … MarkOrder9 (MarkOrder1+n-1) are used in
// the all-orders view: the token lies in a matched n-gram of order n and in
// none longer.
const (
	MarkNone      Mark = iota // unmatched: no marker
	MarkMatched               // part of a matched occurrence: '^'
	MarkClipped               // part of a clipped occurrence only: '~'
	MarkSupplied              // a reference token the matches are counted from: '^'
	MarkUnmatched             // part of an occurrence no reference has: ' '
	MarkOrder1                // longest matched n-gram through it has order 1: '1'
	// MarkFocus is a token of the n-gram followed from the corpus
	// analysis (see [Focus]), where it counts for its kind: '*'. It comes
	// after the nine order marks.
	MarkFocus = MarkOrder1 + 9
	// MarkAlso is a reference token of a matched n-gram whose matches
	// are counted from another reference, the one that has it most (the
	// first on a tie): this one has it too but adds nothing, since BLEU
	// takes the most any one reference has, never a sum: '-'.
	MarkAlso = MarkFocus + 1
)

// Marker characters of the colourless marker row.
const (
	MarkerMatched   = '^'
	MarkerClipped   = '~'
	MarkerUnmatched = ' '
	MarkerFocus     = '*'
	MarkerAlso      = '-'
)

// OrderMark returns the all-orders mark of order n (1..9).
func OrderMark(n int) Mark {
	if n < 1 {
		return MarkNone
	}
	if n > 9 {
		n = 9
	}
	return MarkOrder1 + Mark(n-1)
}

// Order returns the order of an all-orders mark, or 0 for any other mark.
func (m Mark) Order() int {
	if m >= MarkOrder1 && m < MarkOrder1+9 {
		return int(m-MarkOrder1) + 1
	}
	return 0
}

// Rune returns the character the marker row shows for m.
func (m Mark) Rune() rune {
	switch {
	case m == MarkMatched, m == MarkSupplied:
		return MarkerMatched
	case m == MarkClipped:
		return MarkerClipped
	case m == MarkFocus:
		return MarkerFocus
	case m == MarkAlso:
		return MarkerAlso
	case m.Order() > 0:
		return rune('0' + m.Order())
	}
	return MarkerUnmatched
}

// Marks are the highlighting of one segment for one view: a mark per token
// of the hypothesis and of every reference.
type Marks struct {
	Hyp  []Mark
	Refs [][]Mark
}

// WithFocus returns marks with the tokens set in focus marked
// [MarkFocus] (focus may be shorter or nil).
func WithFocus(marks []Mark, focus []bool) []Mark {
	for i, f := range focus {
		if f && i < len(marks) {
			marks[i] = MarkFocus
		}
	}
	return marks
}

// SegmentMarks returns the marks of d's tokens for order n (1..len(d.Orders)),
// or for the all-orders view when n is 0.
//
// For one order, a hypothesis token is matched when a matched occurrence
// covers it (the first Matched occurrences of a clip from the left), else
// clipped when a clipped occurrence of an n-gram some reference holds covers
// it, else unmatched when an occurrence no reference holds covers it. The
// matches of a clip are counted from one reference, MaxRef (the one that
// has the n-gram most, the first on a tie): a token of that reference is
// supplied when it lies in one of the first Matched occurrences there, so
// that the supplied occurrences of every order number its matches. A
// token of another reference is also-marked when it lies in one of the
// first min(RefCounts[k], Matched) occurrences there, unless a supplied
// occurrence covers it.
//
// In the all-orders view each token gets the order of the longest matched
// n-gram through it (hypothesis) or supplied through it (reference); a
// reference token with none is also-marked as above for some order. A
// hypothesis token no matched n-gram goes through is clipped when its
// unigram occurrence was clipped, so that a repeated word stays told
// apart from one no reference has.
func SegmentMarks(d scoring.Detail, n int) Marks {
	m := Marks{Hyp: make([]Mark, len(d.Hyp)), Refs: make([][]Mark, len(d.Refs))}
	for k := range d.Refs {
		m.Refs[k] = make([]Mark, len(d.Refs[k]))
	}
	if n < 0 || n > len(d.Orders) {
		return m
	}
	if n > 0 {
		markOrder(&m, d.Orders[n-1], n)
		return m
	}
	for _, od := range d.Orders {
		markLongest(&m, od)
	}
	for _, od := range d.Orders {
		markAlso(m.Refs, od, od.N)
	}
	if len(d.Orders) > 0 {
		markClippedUnigrams(m.Hyp, d.Orders[0])
	}
	return m
}

// markClippedUnigrams marks [MarkClipped] the hypothesis tokens still
// unmarked in the all-orders view whose unigram occurrence clipping
// removed (one a reference has, beyond the first Matched).
func markClippedUnigrams(hyp []Mark, uni scoring.OrderDetail) {
	for _, c := range uni.Clips {
		if c.RefMax == 0 {
			continue
		}
		for j := c.Matched; j < len(c.Positions); j++ {
			if p := c.Positions[j]; p >= 0 && p < len(hyp) && hyp[p] == MarkNone {
				hyp[p] = MarkClipped
			}
		}
	}
}

// rank orders the marks of one order by precedence: a token keeps the
// strongest mark of the occurrences covering it.
func rank(m Mark) int {
	switch m {
	case MarkMatched, MarkSupplied:
		return 3
	case MarkClipped:
		return 2
	case MarkUnmatched:
		return 1
	}
	return 0
}

func paint(dst []Mark, start, n int, mk Mark) {
	for i := start; i < start+n && i < len(dst); i++ {
		if i >= 0 && rank(mk) > rank(dst[i]) {
			dst[i] = mk
		}
	}
}

func markOrder(m *Marks, od scoring.OrderDetail, n int) {
	for _, c := range od.Clips {
		for j, p := range c.Positions {
			switch {
			case j < c.Matched:
				paint(m.Hyp, p, n, MarkMatched)
			case c.RefMax > 0:
				paint(m.Hyp, p, n, MarkClipped)
			default:
				paint(m.Hyp, p, n, MarkUnmatched)
			}
		}
		if k := c.MaxRef; k >= 0 && k < len(m.Refs) && k < len(c.RefPositions) {
			for j := 0; j < c.Matched && j < len(c.RefPositions[k]); j++ {
				paint(m.Refs[k], c.RefPositions[k][j], n, MarkSupplied)
			}
		}
	}
	markAlso(m.Refs, od, n)
}

// markAlso marks [MarkAlso] the unmarked tokens of the references other
// than a clip's MaxRef that lie in one of the first Matched occurrences
// of its n-gram there.
func markAlso(refs [][]Mark, od scoring.OrderDetail, n int) {
	for _, c := range od.Clips {
		for k, ps := range c.RefPositions {
			if k == c.MaxRef || k >= len(refs) {
				continue
			}
			for j := 0; j < c.Matched && j < len(ps); j++ {
				for i := ps[j]; i < ps[j]+n && i < len(refs[k]); i++ {
					if i >= 0 && refs[k][i] == MarkNone {
						refs[k][i] = MarkAlso
					}
				}
			}
		}
	}
}

// markLongest raises tokens covered by a matched (or supplying) occurrence
// of od to od's order mark; orders are visited shortest first, so the
// longest wins.
func markLongest(m *Marks, od scoring.OrderDetail) {
	mk := OrderMark(od.N)
	set := func(dst []Mark, p int) {
		for i := p; i < p+od.N && i < len(dst); i++ {
			if i >= 0 {
				dst[i] = mk
			}
		}
	}
	for _, c := range od.Clips {
		for j := 0; j < c.Matched && j < len(c.Positions); j++ {
			set(m.Hyp, c.Positions[j])
		}
		if k := c.MaxRef; k >= 0 && k < len(m.Refs) && k < len(c.RefPositions) {
			for j := 0; j < c.Matched && j < len(c.RefPositions[k]); j++ {
				set(m.Refs[k], c.RefPositions[k][j])
			}
		}
	}
}

// Tally counts the marks of a token line: matched (or supplied, or of an
// order in the all-orders view), clipped, unmatched, also-marked
// ([MarkAlso]) and unmarked tokens.
type Tally struct {
	Matched, Clipped, Unmatched, Also, None int
}

// CountMarks returns the tally of marks.
func CountMarks(marks []Mark) Tally {
	var t Tally
	for _, m := range marks {
		switch {
		case m == MarkMatched, m == MarkSupplied, m.Order() > 0:
			t.Matched++
		case m == MarkClipped:
			t.Clipped++
		case m == MarkUnmatched:
			t.Unmatched++
		case m == MarkAlso:
			t.Also++
		default:
			t.None++
		}
	}
	return t
}

// SortedClips returns the clips of od with the costly rows first: the most
// cut occurrences (hyp − clip: clipped, or in no reference) first, then
// those with no match at all, then in order of first occurrence.
func SortedClips(od scoring.OrderDetail) []scoring.Clip {
	cs := append([]scoring.Clip(nil), od.Clips...)
	sort.SliceStable(cs, func(i, j int) bool {
		a, b := cs[i], cs[j]
		if a.Clipped != b.Clipped {
			return a.Clipped > b.Clipped
		}
		return a.Matched == 0 && b.Matched != 0
	})
	return cs
}

// costlier reports whether a comes before b in [SortedClips]' order: more
// cut occurrences first, then no match at all, then (as the sort is stable) the
// earlier first occurrence; ia and ib are their indices in the order's
// clips.
func costlier(a, b *scoring.Clip, ia, ib int) bool {
	if a.Clipped != b.Clipped {
		return a.Clipped > b.Clipped
	}
	if am, bm := a.Matched == 0, b.Matched == 0; am != bm {
		return am
	}
	return ia < ib
}

// TopClips returns the first k clips of [SortedClips](od) without sorting
// them all: a bounded heap keeps the k costliest while the clips are read
// once, so a million n-grams cost one pass and k·log k to order the rest.
// k ≤ 0 or k ≥ len(od.Clips) returns them all, sorted.
func TopClips(od scoring.OrderDetail, k int) []scoring.Clip {
	n := len(od.Clips)
	if k <= 0 || k >= n {
		return SortedClips(od)
	}
	cs := od.Clips
	// heap of indices, the least costly of the kept ones at the root
	h := make([]int, 0, k)
	worse := func(i, j int) bool { return costlier(&cs[j], &cs[i], j, i) }
	down := func(i int) {
		for {
			l := 2*i + 1
			if l >= len(h) {
				return
			}
			if r := l + 1; r < len(h) && worse(h[r], h[l]) {
				l = r
			}
			if !worse(h[l], h[i]) {
				return
			}
			h[i], h[l] = h[l], h[i]
			i = l
		}
	}
	for i := range cs {
		if len(h) < k {
			h = append(h, i)
			for j := len(h) - 1; j > 0; {
				p := (j - 1) / 2
				if !worse(h[j], h[p]) {
					break
				}
				h[j], h[p] = h[p], h[j]
				j = p
			}
			continue
		}
		if costlier(&cs[i], &cs[h[0]], i, h[0]) {
			h[0] = i
			down(0)
		}
	}
	slices.SortFunc(h, func(i, j int) int {
		if costlier(&cs[i], &cs[j], i, j) {
			return -1
		}
		return 1
	})
	out := make([]scoring.Clip, len(h))
	for i, j := range h {
		out[i] = cs[j]
	}
	return out
}
