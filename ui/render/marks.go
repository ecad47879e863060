package render

import "github.com/bleuscope/bleuscope/scoring"

// Marks are the highlighting of one segment for one view: a mark per token
// of the hypothesis and of every reference.
type Marks struct {
	Hyp  []Mark
	Refs [][]Mark
}

// SegmentMarks returns the marks of d's tokens for order n (1..len(d.Orders)),
// or for the all-orders view when n is 0.
//
// For one order, a hypothesis token is matched when a matched occurrence
// covers it (the first Matched occurrences of a clip from the left), else
// clipped when a clipped occurrence of an n-gram some reference holds covers
// it, else unmatched when an occurrence no reference holds covers it. A
// reference token is supplied when it lies in one of the first
// min(RefCounts[k], Matched) occurrences of a clip in that reference.
//
// In the all-orders view each token gets the order of the longest matched
// n-gram through it (hypothesis) or supplied through it (reference).
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
	return m
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
		for k, ps := range c.RefPositions {
			if k >= len(m.Refs) {
				break
			}
			for j, p := range ps {
				if j >= c.Matched {
					break
				}
				paint(m.Refs[k], p, n, MarkSupplied)
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
		for k, ps := range c.RefPositions {
			if k >= len(m.Refs) {
				break
			}
			for j := 0; j < c.Matched && j < len(ps); j++ {
				set(m.Refs[k], ps[j])
			}
		}
	}
}

// Tally counts the marks of a token line: matched (or supplied), clipped,
// unmatched, and the tokens in the all-orders view per order.
type Tally struct {
	Matched, Clipped, Unmatched, None int
}

// Count returns the tally of marks.
func Count(marks []Mark) Tally {
	var t Tally
	for _, m := range marks {
		switch {
		case m == MarkMatched, m == MarkSupplied, m.Order() > 0:
			t.Matched++
		case m == MarkClipped:
			t.Clipped++
		case m == MarkUnmatched:
			t.Unmatched++
		default:
			t.None++
		}
	}
	return t
}
