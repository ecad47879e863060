package render

import (
	"math"
	"strings"

	"github.com/bleuscope/bleuscope/model"
)

// levels are the vertical partial blocks of a histogram column, from one
// eighth of a cell to a full cell.
var levels = []rune{'▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'}

// Histogram draws the distribution of sentence scores as columns height
// rows tall and at most width cells wide, with the bin of mark picked out
// (in the accent colour and by a '^' under the axis) and a caption. The
// scale is the compat setting's, never the scores': 0–1 when nltk is set
// (NLTK's scores), else 0–100, so sacrebleu scores that are all below 1
// stay on 0–100 ([model.ScoreScale]). NaN scores (segments NLTK could not
// score) are left out and counted in the caption, as are scores that are
// infinite (sacrebleu's arithmetic under a huge add-k or floor value),
// which no bin holds; such a mark marks nothing.
func Histogram(st Styles, scores []float64, nltk bool, mark float64, width, height int) string {
	height = max(2, height)
	hi := model.ScoreScale(nltk)
	n, nan, infinite := 0, 0, 0
	for _, s := range scores {
		switch {
		case math.IsNaN(s):
			nan++
		case math.IsInf(s, 0):
			infinite++
		default:
			n++
		}
	}
	if n == 0 {
		return st.Muted.Render(Truncate("no scores to draw", width))
	}
	counts, binOf := binScores(scores, hi, width)
	bins := len(counts)
	top := 0
	for _, c := range counts {
		top = max(top, c)
	}
	labelW := len(model.Thousands(top)) + 2 // "12 ┤", "1,234 ┤"
	binW := max(1, (width-labelW)/bins)
	pw := binW * bins
	markBin := -1
	if finite(mark) {
		markBin = binOf(mark)
	}
	lines := make([]string, 0, height+3)
	for row := 0; row < height; row++ {
		label := strings.Repeat(" ", labelW-1) + "│"
		switch row {
		case 0:
			label = PadLeft(model.Thousands(top), labelW-2) + " ┤"
		case height - 1:
			label = PadLeft("0", labelW-2) + " ┤"
		}
		var b strings.Builder
		b.WriteString(st.Muted.Render(label))
		for i, c := range counts {
			// eighths of a cell this bin fills above the bottom of this row
			units := int(math.Round(float64(c)/float64(top)*float64(height*8))) - (height-1-row)*8
			if c > 0 && units <= 0 && row == height-1 {
				units = 1 // a non-empty bin always shows
			}
			ch := " "
			if units > 0 {
				ch = string(levels[min(8, units)-1])
			}
			cell := strings.Repeat(ch, binW)
			switch {
			case units <= 0:
				b.WriteString(cell)
			case i == markBin:
				b.WriteString(st.Accent.Render(cell))
			default:
				b.WriteString(st.Bar.Render(cell))
			}
		}
		lines = append(lines, strings.TrimRight(b.String(), " "))
	}
	lines = append(lines, st.Muted.Render(strings.Repeat(" ", labelW-1)+"└"+strings.Repeat("─", pw)))
	markCol := -1
	if markBin >= 0 {
		markCol = markBin*binW + binW/2
	}
	lines = append(lines, axisLabels(pw, labelW, markCol, hi, []float64{0, hi / 2, hi}, "", st))
	caption := model.Counted(n, "segment") // as the chart's title writes the count: "1,448 segments"
	if nan > 0 {
		caption += " (" + model.Thousands(nan) + " not scored)"
	}
	if infinite > 0 {
		caption += " (" + model.Thousands(infinite) + " infinite, not drawn)"
	}
	if markBin >= 0 {
		lo := hi * float64(markBin) / float64(bins)
		up := hi * float64(markBin+1) / float64(bins)
		// The score as the list shows it.
		score, bin := model.FormatScore(mark, nltk), fnum(lo)+"–"+fnum(up)
		held := model.Thousands(counts[markBin])
		caption = FirstFit(width,
			"^ "+score+": its bin "+bin+" holds "+held+" of "+caption,
			"^ "+score+": bin "+bin+" holds "+held+" of "+model.Thousands(n),
			"^ "+score+": bin "+bin+" holds "+held)
	}
	lines = append(lines, st.Accent.Render(FirstFit(width, caption)))
	return strings.Join(lines, "\n")
}

// binScores counts the scores (0..hi) into equal bins, 20 when the width
// allows and fewer in a narrow space, and returns the function that maps
// a score to its bin (the top score falls in the last bin).
func binScores(scores []float64, hi float64, width int) ([]int, func(float64) int) {
	bins := max(1, min(20, width-6))
	binOf := func(s float64) int {
		b := int(s / hi * float64(bins))
		return max(0, min(bins-1, b))
	}
	counts := make([]int, bins)
	for _, s := range scores {
		if finite(s) {
			counts[binOf(s)]++
		}
	}
	return counts, binOf
}

// finite reports whether x is a number other than ±inf.
func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
