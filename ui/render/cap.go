package render

import (
	"fmt"
	"slices"

	"github.com/bleuscope/bleuscope/scoring"
	"github.com/charmbracelet/x/ansi"
)

// LedgerCap is the most rows [Ledger] draws when asked for all of them:
// a 10 MB segment has over a million distinct n-grams per order, which no
// one reads row by row and which would take seconds to draw.
const LedgerCap = 500

// WalkClipRows is the most rows the walk-through's clip table draws per
// order.
const WalkClipRows = 50

// costlier reports whether a comes before b in [SortedClips]' order: more
// excess first, then no match at all, then (as the sort is stable) the
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

// moreLine is the line after a capped table: how many n-grams were left
// out, and among their occurrences those matched and those clipping cut
// (of n-grams some reference has; the rest are in none), from the
// order's totals less the rows shown.
func moreLine(od scoring.OrderDetail, shown []scoring.Clip) string {
	matched, clipped := od.Matches, 0
	for i := range od.Clips {
		if c := &od.Clips[i]; c.RefMax > 0 {
			clipped += c.Clipped
		}
	}
	for _, c := range shown {
		matched -= c.Matched
		if c.RefMax > 0 {
			clipped -= c.Clipped
		}
	}
	return fmt.Sprintf("… %d more n-grams (%d matched, %d clipped) not shown", len(od.Clips)-len(shown), matched, clipped)
}

// cellWidth is the width of s once made [Safe]: its length when it is
// printable ASCII (nearly always, and cheap for a million n-grams).
func cellWidth(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] >= 0x7f {
			return ansi.StringWidth(Safe(s))
		}
	}
	return len(s)
}

// digits is the length of the decimal form of n.
func digits(n int) int {
	if n < 0 {
		return 1 + digits(-n)
	}
	d := 1
	for n >= 10 {
		n /= 10
		d++
	}
	return d
}
