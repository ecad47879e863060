package render

import (
	"fmt"
	"math"
	"strings"
)

// Axis maps values between Lo and Hi onto the columns of a strip Width
// cells wide: the shared axis of the comparison screen's intervals and of
// its histogram of resampled differences.
type Axis struct {
	Lo, Hi float64
	Width  int
}

// NewAxis returns the axis over [lo, hi] Width cells wide, widened a
// little so that the ends of the data never sit on the strip's edges
// (and to a unit range when lo = hi).
func NewAxis(lo, hi float64, width int) Axis {
	if math.IsNaN(lo) || math.IsNaN(hi) || math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		lo, hi = 0, 1
	}
	if hi < lo {
		lo, hi = hi, lo
	}
	pad := (hi - lo) * 0.04
	if pad == 0 {
		pad = math.Max(math.Abs(lo)*0.01, 0.5)
	}
	return Axis{Lo: lo - pad, Hi: hi + pad, Width: max(1, width)}
}

// Col returns the column of x, clamped to the strip (-1 for NaN).
func (a Axis) Col(x float64) int {
	if math.IsNaN(x) {
		return -1
	}
	c := int(math.Round((x - a.Lo) / (a.Hi - a.Lo) * float64(a.Width-1)))
	return max(0, min(a.Width-1, c))
}

// Interval draws the interval mid ± half on the axis, symmetric about
// its centre whatever the rounding to columns: "[──●──]", the same number
// of whiskers each side (it drew "[●─]" for an interval four columns
// wide), or a lone "●" when the interval is under two columns wide, with
// no room for both brackets and the centre, or half is NaN; and ref
// (NaN: none) as "┊" outside the interval or "┼" inside it, so that each
// row shows whether it overlaps ref. kind picks its colour.
func Interval(st Styles, a Axis, mid, half, ref float64, kind IntervalKind) string {
	cells := []rune(strings.Repeat(" ", a.Width))
	r, m := a.Col(ref), a.Col(mid)
	if r >= 0 {
		cells[r] = '┊'
	}
	// The half-width in columns, kept on the strip on both sides.
	span := half / (a.Hi - a.Lo) * float64(a.Width-1)
	k := 0
	if span >= 1 && m >= 0 {
		k = min(int(math.Round(span)), m, a.Width-1-m)
	}
	if k > 0 {
		for i := m - k + 1; i < m+k; i++ {
			cells[i] = '─'
		}
		cells[m-k], cells[m+k] = '[', ']'
		if r > m-k && r < m+k {
			cells[r] = '┼'
		}
	}
	if m >= 0 {
		cells[m] = '●'
	}
	return kind.Render(st, string(cells))
}

// IntervalKind picks the style of a drawn interval: the interval of a system
// that differs significantly from the baseline is drawn in the good or
// bad colour, the others in the text colour.
type IntervalKind int

// The interval styles.
const (
	IntervalPlain IntervalKind = iota
	IntervalBaseline
	IntervalBetter
	IntervalWorse
)

// Render styles s as k says.
func (k IntervalKind) Render(st Styles, s string) string {
	switch k {
	case IntervalBaseline:
		return st.Accent.Render(s)
	case IntervalBetter:
		return st.Good.Render(s)
	case IntervalWorse:
		return st.Bad.Render(s)
	}
	return st.Text.Render(s)
}

// AxisTicks labels the axis: its ends and, when there is room, its
// middle, each value formatted by format and placed under its column.
func AxisTicks(a Axis, format func(float64) string) string {
	return markedTicks(a, format, nil)
}

// tickMark is a column of a strip marked in the row above its labels, and
// the label that gives the mark's value ("": the mark says it itself).
type tickMark struct {
	col   int
	label string
}

// markedTicks labels the axis as [AxisTicks] does, keeping the labels of
// other values clear of the marks' columns and of the cells beside them:
// a reader takes a label under a mark as its value (the label +10.05 stood
// under the observed Δ's ▲, +9.28). A mark with a label of its own has it
// under its column first, shifted to stay on the strip; with marks, those
// labels keep two cells apart, and the others, which no tick on the axis
// points at, keep [tickClear] cells from every label and mark, or are left
// out ("-0.28" stood five columns left of 0's "0", as if it were its value).
func markedTicks(a Axis, format func(float64) string, marks []tickMark) string {
	line := []rune(strings.Repeat(" ", a.Width))
	// put writes s from start unless it leaves the strip, comes within gap
	// cells of a label already there or of a mark other than own (within a
	// cell for a mark's own label, whose gap is 2).
	put := func(s []rune, start, own int) bool {
		if start < 0 || start+len(s) > a.Width {
			return false
		}
		gap, near := 1, 1
		switch {
		case len(marks) > 0 && own >= 0:
			gap = 2
		case len(marks) > 0:
			gap, near = tickClear, tickClear
		}
		for _, m := range marks {
			if m.col != own && m.col >= start-near && m.col < start+len(s)+near {
				return false
			}
		}
		for i := max(0, start-gap); i < min(a.Width, start+len(s)+gap); i++ {
			if line[i] != ' ' {
				return false
			}
		}
		copy(line[start:], s)
		return true
	}
	for _, m := range marks {
		if s := []rune(m.label); m.label != "" && m.col >= 0 && len(s) <= a.Width {
			put(s, max(0, min(a.Width-len(s), m.col-len(s)/2)), m.col)
		}
	}
	for _, end := range []struct {
		x     float64
		align int
	}{{a.Lo, -1}, {a.Hi, 1}, {(a.Lo + a.Hi) / 2, 0}} {
		s := []rune(format(end.x))
		start := a.Col(end.x) - len(s)/2
		switch end.align {
		case -1:
			start = 0
		case 1:
			start = a.Width - len(s)
		}
		put(s, start, -1)
	}
	return strings.TrimRight(string(line), " ")
}

// tickClear is how many cells a tick label with no mark on the axis keeps
// from the other labels and the marks when there are marks.
const tickClear = 8

// maxDeltaBins is about the most bins a histogram of differences has: on
// a wider strip each bin spans several columns, so that a thousand
// resamples still draw a shape rather than spikes.
const maxDeltaBins = 72

// deltaColumn returns the column of the difference x on a whose 0 is in
// column zero (-1: beyond the strip): a.Col(x), but a difference other
// than 0 that rounds to 0's column goes to the column beside it on its
// own side, so that 0's column holds differences of exactly 0 and a bar
// never puts a difference on the wrong side of 0 (a bin of positive Δ
// alone was drawn across 0's column, beside a caption saying "0/1000
// with Δ ≤ 0").
func deltaColumn(a Axis, zero int, x float64) int {
	c := a.Col(x)
	switch {
	case zero < 0 || c != zero:
	case x > 0:
		c = min(zero+1, a.Width-1)
	case x < 0:
		c = max(zero-1, 0)
	}
	return c
}

// binDeltas counts the differences per column of a whose 0 is in column
// zero (-1: beyond the strip), pooling neighbouring columns into bins of
// equal width when the strip is wider than maxDeltaBins; every column gets
// its bin's count. 0's column is a bin of its own, the bins either side
// starting from the columns beside it, so that no bin holds differences
// of both signs.
func binDeltas(deltas []float64, a Axis, zero int) []int {
	span := (a.Width + maxDeltaBins - 1) / maxDeltaBins
	// binOf is a column's bin, named by the column at its end nearer 0.
	binOf := func(c int) int {
		switch {
		case zero < 0:
			return c - c%span
		case c > zero:
			return c - (c-zero-1)%span
		case c < zero:
			return c + (zero-1-c)%span
		}
		return c
	}
	bins := make([]int, a.Width)
	for _, d := range deltas {
		if !math.IsNaN(d) && !math.IsInf(d, 0) {
			bins[binOf(deltaColumn(a, zero, d))]++
		}
	}
	counts := make([]int, a.Width)
	for c := range counts {
		counts[c] = bins[binOf(c)]
	}
	return counts
}

// zoomShare is the share of an axis holding 0 and the marked differences
// below which the resampled differences' own span makes the axis hold
// them alone: on a corpus of 100,000 segments a difference of 40 points
// resamples within a few tenths of a point, which an axis stretched to 0
// drew as one bar.
const zoomShare = 0.25

// DeltaHistogram draws the distribution of resampled differences (a
// system's score minus the baseline's, per resample or trial) as columns
// height rows tall over width cells, on an axis that holds 0 and the
// observed difference; a dashed line "╎" rises from no difference, where
// the axis has "┬" (not the intervals' "┊" and "┼", which mark the
// baseline's centre: a user read them as one thing), and a marker row
// under the axis puts "0" there and "▲" at the observed one, so the
// picture reads without colour; twoSided (a test that counts differences of the observed size
// either way) also marks "△" at minus the observed. When the differences
// span less than [zoomShare] of that axis, the axis holds them alone, and
// the marks beyond its ends are pointed at from them ("0→", "←△"). The
// tick labels under the strip give ▲ and △ their values and keep other
// values clear of the marks' columns. format formats a difference for
// them. The columns are fewer rows tall when the tallest holds fewer
// differences than height: a row would then stand for less than one.
func DeltaHistogram(st Styles, deltas []float64, observed float64, twoSided bool, format func(float64) string, width, height int) string {
	height = max(2, height)
	dlo, dhi := math.Inf(1), math.Inf(-1) // the differences' own span
	marked := []float64{observed}
	if twoSided {
		marked = append(marked, -observed)
	}
	for _, d := range deltas {
		if !math.IsNaN(d) && !math.IsInf(d, 0) {
			dlo, dhi = math.Min(dlo, d), math.Max(dhi, d)
		}
	}
	if dlo > dhi {
		return st.Muted.Render(Truncate("no resampled differences to draw", width))
	}
	lo, hi := math.Min(0, dlo), math.Max(0, dhi)
	for _, d := range marked {
		if !math.IsNaN(d) && !math.IsInf(d, 0) {
			lo, hi = math.Min(lo, d), math.Max(hi, d)
		}
	}
	if dhi-dlo < zoomShare*(hi-lo) {
		lo, hi = dlo, dhi
	}
	// The count labels' width decides the strip's width, and the strip's
	// the counts: the labels widen until the tallest count fits them (a
	// narrower strip can gain its count a digit), never past what the
	// strip was drawn for.
	labelW, top := 0, 0
	var counts []int
	var a Axis
	for {
		a = centreZero(NewAxis(lo, hi, width-labelW))
		counts = binDeltas(deltas, a, zeroCol(a))
		top = 0
		for _, c := range counts {
			top = max(top, c)
		}
		need := len(fmt.Sprint(top)) + 2
		if need <= labelW {
			break
		}
		labelW = need
	}
	height = min(height, max(2, top)) // a row is one difference at least
	// The column of x as the bars put it, -1 when it lies beyond the
	// strip's ends.
	zero := zeroCol(a)
	colOf := func(x float64) int {
		if !(x >= a.Lo && x <= a.Hi) {
			return -1
		}
		return deltaColumn(a, zero, x)
	}
	obs := colOf(observed)
	lines := make([]string, 0, height+3)
	for row := range height {
		label := strings.Repeat(" ", labelW-1) + "│"
		switch row {
		case 0:
			label = PadLeft(fmt.Sprint(top), labelW-2) + " ┤"
		case height - 1:
			label = PadLeft("0", labelW-2) + " ┤"
		}
		var b strings.Builder
		b.WriteString(st.Muted.Render(label))
		for col, c := range counts {
			units := 0
			if top > 0 {
				units = int(math.Round(float64(c)/float64(top)*float64(height*8))) - (height-1-row)*8
			}
			if c > 0 && units <= 0 && row == height-1 {
				units = 1 // a non-empty column always shows
			}
			switch {
			case units > 0:
				b.WriteString(st.Bar.Render(string(levels[min(8, units)-1])))
			case col == zero:
				b.WriteString(st.Muted.Render(string(ZeroLine)))
			default:
				b.WriteByte(' ')
			}
		}
		lines = append(lines, strings.TrimRight(b.String(), " "))
	}
	axis := []rune(strings.Repeat("─", a.Width))
	marks := []rune(strings.Repeat(" ", a.Width))
	// The marks beyond the strip, pointed at from its ends.
	var left, right []rune
	beyond := func(x float64, r rune) {
		switch {
		case x < a.Lo:
			left = append(left, r)
		case x > a.Hi:
			right = append(right, r)
		}
	}
	if twoSided {
		beyond(-observed, '△')
	}
	beyond(0, '0')
	beyond(observed, '▲')
	if len(left) > 0 {
		left = append([]rune{'←'}, left...)
	}
	if len(right) > 0 {
		right = append(right, '→')
	}
	if len(left)+len(right) <= a.Width {
		copy(marks, left)
		copy(marks[a.Width-len(right):], right)
	}
	if zero >= 0 {
		axis[zero], marks[zero] = '┬', '0'
	}
	// The ticks keep clear of the marks on the strip, ▲ and △ labelled
	// with their values (those pointed at from its ends have none there).
	var ticks []tickMark
	if obs >= 0 {
		ticks = append(ticks, tickMark{obs, format(observed)})
	}
	if mirror := colOf(-observed); twoSided && mirror >= 0 && mirror != zero && mirror != obs {
		axis[mirror], marks[mirror] = '┴', '△'
		ticks = append(ticks, tickMark{mirror, format(-observed)})
	}
	if zero >= 0 {
		ticks = append(ticks, tickMark{col: zero}) // its "0" says it
	}
	if obs >= 0 {
		axis[obs], marks[obs] = '┴', '▲'
	}
	pad := strings.Repeat(" ", labelW)
	lines = append(lines,
		st.Muted.Render(strings.Repeat(" ", labelW-1)+"└"+string(axis)),
		pad+st.Accent.Render(strings.TrimRight(string(marks), " ")),
		pad+st.Muted.Render(markedTicks(a, format, ticks)))
	return strings.Join(lines, "\n")
}

// ZeroLine is the dashed line [DeltaHistogram] draws up from no
// difference, which a legend names.
const ZeroLine = '╎'

// centreZero shifts a by under half a column so that 0, when on it, is
// the centre of its column: the columns either side of 0's then hold
// differences of each sign over spans of one size, so that the bars
// beside 0 compare (with 0 off centre, the two around it in approximate
// randomization's trials differed by a third for spans that did).
func centreZero(a Axis) Axis {
	if a.Lo > 0 || a.Hi < 0 || a.Width < 2 {
		return a
	}
	h := (a.Hi - a.Lo) / float64(a.Width-1)
	a.Lo = -math.Round(-a.Lo/h) * h
	a.Hi = a.Lo + float64(a.Width-1)*h
	return a
}

// zeroCol is the column of 0 on a, -1 when 0 lies beyond its ends.
func zeroCol(a Axis) int {
	if a.Lo > 0 || a.Hi < 0 {
		return -1
	}
	return a.Col(0)
}
