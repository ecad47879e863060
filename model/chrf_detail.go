package model

import (
	"math"

	"github.com/bleuscope/bleuscope/scoring"
)

// ChrFOrder is one n-gram order of a chrF statistics vector: how many
// n-grams the hypothesis and the reference have and how many match.
type ChrFOrder struct {
	// Word is true for a word n-gram order (chrF++), false for a
	// character one.
	Word bool
	// N is the order: 1..CharOrder for characters, 1..WordOrder for words.
	N int
	// Hyp, Ref and Match are the n-gram counts of the hypothesis and the
	// reference, and the matches.
	Hyp, Ref, Match int
}

// Precision is Match/Hyp in percent, NaN when the hypothesis has no
// n-gram of this order.
func (o ChrFOrder) Precision() float64 { return percent(o.Match, o.Hyp) }

// Recall is Match/Ref in percent, NaN when the reference has no n-gram of
// this order.
func (o ChrFOrder) Recall() float64 { return percent(o.Match, o.Ref) }

func percent(a, b int) float64 {
	if b == 0 {
		return math.NaN()
	}
	return 100 * float64(a) / float64(b)
}

// ChrFOrders splits a chrF statistics vector laid out as
// [scoring.ChrFOptions.Width] says into its orders: the character orders
// first, then the word orders. It returns nil when stats has another
// width.
func ChrFOrders(stats []int, o scoring.ChrFOptions) []ChrFOrder {
	if len(stats) != o.Width() {
		return nil
	}
	out := make([]ChrFOrder, o.Orders())
	for i := range out {
		out[i] = ChrFOrder{Word: i >= o.CharOrder, N: i + 1, Hyp: stats[3*i], Ref: stats[3*i+1], Match: stats[3*i+2]}
		if out[i].Word {
			out[i].N -= o.CharOrder
		}
	}
	return out
}
