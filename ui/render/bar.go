package render

import (
	"math"
	"strings"
)

// eighths are the partial blocks of a bar, from one eighth to a full cell.
var eighths = []string{"▏", "▎", "▍", "▌", "▋", "▊", "▉", "█"}

// BarText returns a plain bar of frac (clamped to 0..1) over width cells:
// full blocks, one partial block, then spaces. It never exceeds width. A
// frac that is not finite (an infinite score, or nan) has no bar: filled
// is "" and empty the width's spaces (see [Drawn]).
func BarText(frac float64, width int) (filled, empty string) {
	if width <= 0 {
		return "", ""
	}
	if !finite(frac) {
		return "", strings.Repeat(" ", width)
	}
	if frac < 0 {
		frac = 0
	}
	if frac > 1 {
		frac = 1
	}
	units := int(math.Round(frac * float64(width) * 8))
	full, part := units/8, units%8
	filled = strings.Repeat("█", full)
	cells := full
	if part > 0 && cells < width {
		filled += eighths[part-1]
		cells++
	}
	return filled, strings.Repeat(" ", width-cells)
}

// Bar renders a bar of frac over width cells in the bar colours; the empty
// part is drawn as a faint track so the bar's extent shows without colour.
// A frac that is not finite draws nothing, not even the track: no length
// stands for an infinite score (the histogram leaves such scores out too).
func Bar(st Styles, frac float64, width int) string {
	filled, empty := BarText(frac, width)
	if !Drawn(frac) {
		return empty
	}
	return st.Bar.Render(filled) + st.BarEmpty.Render(strings.Repeat("·", len(empty)))
}

// Drawn reports whether [Bar] and [BarText] draw a bar for frac: whether
// it is finite.
func Drawn(frac float64) bool { return finite(frac) }
