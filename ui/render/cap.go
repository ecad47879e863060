package render

import (
	"fmt"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
)

// LedgerCap is the most rows [Ledger] draws when asked for all of them:
// a 10 MB segment has over a million distinct n-grams per order, which no
// one reads row by row and which would take seconds to draw.
const LedgerCap = 500

// WalkClipRows is the most rows the walk-through's clip table draws per
// order.
const WalkClipRows = 50

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
	return fmt.Sprintf("… %s more n-grams (%s matched, %s clipped) not shown", model.Thousands(len(od.Clips)-len(shown)), model.Thousands(matched), model.Thousands(clipped))
}

// cellWidth is the width of s once made [Safe]: its length when it is
// printable ASCII (nearly always, and cheap for a million n-grams).
func cellWidth(s string) int {
	if PlainASCII(s) {
		return len(s)
	}
	return Cells(Safe(s))
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
