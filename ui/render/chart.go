package render

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
)

// bpXMax is the right end of the brevity-penalty chart's c/r axis.
const bpXMax = 1.5

// bpScale is the reference length the curve is sampled with: BP(c/r) is
// scoring.BrevityPenalty(c, bpScale) at c = ratio·bpScale.
const bpScale = 100000

// BPCurve draws the brevity penalty as a function of c/r (hypothesis over
// reference length) from 0 to 1.5, height rows tall and at most width
// cells wide, with ratio marked by a vertical line, a '^' under the axis
// (above the tick values) and a caption giving c/r and bp, the segment's
// exact brevity penalty (the curve itself is sampled, so reading it off at
// ratio would be off in the sixth digit). A ratio beyond the axis is marked
// at its right end. The curve's values come from [scoring.BrevityPenalty].
func BPCurve(st Styles, ratio, bp float64, width, height int) string {
	height = max(3, height)
	const labelW = 5 // "1.0 ┤"
	pw := max(8, width-labelW-len(" c/r"))
	cv := newBraille(pw, height)
	bpAt := func(x float64) float64 {
		return scoring.BrevityPenalty(int(math.Round(x*bpScale)), bpScale)
	}
	prev := -1
	for px := 0; px < cv.pxW(); px++ {
		x := (float64(px) + 0.5) / float64(cv.pxW()) * bpXMax
		py := int(math.Round((1 - bpAt(x)) * float64(cv.pxH()-1)))
		cv.line(px, prev, py)
		prev = py
	}
	markCol := -1
	if !math.IsNaN(ratio) && ratio >= 0 {
		markCol = min(pw-1, int(ratio/bpXMax*float64(pw)))
	}
	lines := make([]string, 0, height+3)
	for row := 0; row < height; row++ {
		label := "    │"
		switch row {
		case 0:
			label = "1.0 ┤"
		case height - 1:
			label = "0.0 ┤"
		case (height - 1) / 2:
			if height >= 5 {
				label = fmt.Sprintf("%.1f ┤", 1-float64(row)/float64(height-1))
			}
		}
		var b strings.Builder
		b.WriteString(st.Muted.Render(label))
		for col := 0; col < pw; col++ {
			ch := cv.cell(col, row)
			switch {
			case col == markCol && ch == ' ':
				b.WriteString(st.Accent.Render("┊"))
			case col == markCol:
				b.WriteString(st.Accent.Render(string(ch)))
			case ch != ' ':
				b.WriteString(st.Bar.Render(string(ch)))
			default:
				b.WriteByte(' ')
			}
		}
		lines = append(lines, strings.TrimRight(b.String(), " "))
	}
	lines = append(lines, st.Muted.Render("    └"+strings.Repeat("─", pw)))
	lines = append(lines, axisLabels(pw, labelW, markCol, bpXMax, []float64{0, 0.5, 1, 1.5}, "c/r", st))
	if markCol >= 0 {
		caption := fmt.Sprintf("^ c/r = %s, BP = %s", fnum(ratio), fnum(bp))
		if ratio > bpXMax {
			caption += " (beyond the axis: BP stays 1)"
		}
		lines = append(lines, st.Accent.Render(Truncate(caption, width)))
	}
	return strings.Join(lines, "\n")
}

// axisLabels writes the row with the '^' of the marked column (when
// markCol ≥ 0) and the row of tick values under an axis of pw cells that
// starts after indent cells, with the axis name at its end.
func axisLabels(pw, indent, markCol int, xmax float64, ticks []float64, name string, st Styles) string {
	row := []rune(strings.Repeat(" ", indent+pw+1+len(name)))
	put := func(col int, s string) {
		for i, r := range s {
			if col+i >= 0 && col+i < len(row) {
				row[col+i] = r
			}
		}
	}
	for _, t := range ticks {
		s := strconv.FormatFloat(t, 'g', 3, 64)
		col := indent + int(t/xmax*float64(pw))
		col = min(col, indent+pw-len(s))
		put(col, s)
	}
	if name != "" {
		put(indent+pw+1, name)
	}
	labels := st.Muted.Render(strings.TrimRight(string(row), " "))
	if markCol < 0 {
		return labels
	}
	return st.Accent.Render(strings.Repeat(" ", indent+markCol)+"^") + "\n" + labels
}

// notInMean marks a precision effective order leaves out of the mean, in
// the lessons' bars and the segment pane alike.
const notInMean = "not in mean"

// PrecisionBars draws p1…pN of res as bars, one line per order with
// matched/total and the precision, at most width cells wide. A '*' marks
// a precision smoothing stood in for, or a 0 NLTK's method0 (no
// smoothing) took as the smallest float; orders outside the mean are
// marked "not in mean". NLTK results show their 0–1 values.
func PrecisionBars(st Styles, res scoring.Result, width int) string {
	return precisionBars(st, res, res.NLTK != nil, width)
}

// precisionBars is [PrecisionBars] on NLTK's 0–1 scale when nltk is set,
// also for precisions NLTK raised on before smoothing them (res.NLTK nil:
// no note on the orders it used).
func precisionBars(st Styles, res scoring.Result, nltk bool, width int) string {
	used := nltk && res.NLTK != nil // the orders NLTK used are known
	N := len(res.Precisions)
	frac := make([]string, N)
	vals := make([]string, N)
	notes := make([]string, N)
	fracW, valW, noteW := 0, 0, 0
	anySmoothed := false
	star, legend := "* smoothed", "* smoothing changed this value"
	if floatMinForZero(res) {
		star, legend = "* smallest float", "* 0 counts as the smallest float (NLTK)"
	}
	for i := 0; i < N; i++ {
		frac[i] = countText(at(res.Counts, i)) + "/" + countText(at(res.Totals, i))
		if nltk {
			vals[i] = strconv.FormatFloat(res.Precisions[i], 'f', 4, 64)
		} else {
			vals[i] = pct(res.Precisions[i]) + "%"
		}
		switch {
		case used && i >= len(res.NLTK.Used) && !res.NLTK.NoMatch:
			// auto_reweigh left fewer weights than orders: NLTK's zip
			// stops before this one, smoothed or not.
			notes[i] = "no weight"
			if res.NLTK.Reweighted {
				notes[i] += " (auto_reweigh)"
			}
			if i < len(res.Smoothed) && res.Smoothed[i] {
				notes[i] = star + ", then " + notes[i]
				anySmoothed = true
			}
		case used && !res.NLTK.NoMatch && !res.NLTK.Used[i]:
			notes[i] = "dropped"
		case !nltk && i >= res.EffOrder:
			notes[i] = notInMean
		case i < len(res.Smoothed) && res.Smoothed[i]:
			notes[i] = star
			anySmoothed = true
		}
		fracW = max(fracW, len(frac[i]))
		valW = max(valW, len(vals[i]))
		noteW = max(noteW, len(notes[i]))
	}
	labelW := len("p" + strconv.Itoa(N) + " ")
	barW := width - labelW - 1 - fracW - 1 - valW
	if noteW > 0 {
		barW -= noteW + 1
	}
	barW = min(40, barW)
	lines := make([]string, 0, N+1)
	for i := 0; i < N; i++ {
		p := res.Precisions[i]
		if !nltk {
			p /= 100
		}
		line := st.Label.Render(PadRight("p"+strconv.Itoa(i+1), labelW))
		if barW >= 4 {
			line += Bar(st, p, barW) + " "
		}
		line += PadLeft(frac[i], fracW) + " " + st.Score.Render(PadLeft(vals[i], valW))
		if notes[i] != "" {
			line += " " + st.Warn.Render(notes[i])
		}
		lines = append(lines, Truncate(line, width))
	}
	if anySmoothed {
		lines = append(lines, st.Muted.Render(Truncate(legend, width)))
	}
	return strings.Join(lines, "\n")
}

// floatMinForZero reports whether res is NLTK's under method0, which does
// not smooth but puts sys.float_info.min in place of a zero precision,
// warning each time (the only NLTK smoothing method that warns).
func floatMinForZero(res scoring.Result) bool {
	return res.NLTK != nil && res.NLTK.Score.Warnings > 0
}

// countText writes count x for a person, in groups of three digits
// ([model.Thousands]) when it is a whole number, as a count is, else as
// the walk-through writes numbers.
func countText(x float64) string {
	if x == math.Trunc(x) && math.Abs(x) < 1<<53 {
		return model.Thousands(int(x))
	}
	return fnum(x)
}

// at returns xs[i], or 0 when xs is too short.
func at(xs []float64, i int) float64 {
	if i < len(xs) {
		return xs[i]
	}
	return 0
}
