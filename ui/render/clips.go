package render

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
)

// Ledger renders the clip ledger of one order as a table width cells wide:
// per distinct n-gram its count in the hypothesis, in each reference, the
// maximum and which reference holds it, clip = min(hyp, max) (the matches
// it contributes) and over = hyp − clip (the occurrences that do not
// count: clipped, or unmatched), costly rows first. At most
// maxRows rows are drawn and a footer says how many were left out; 0
// draws them all up to [LedgerCap], then a line counts the n-grams left
// out with their matched and clipped occurrences. Only the rows drawn are
// sorted ([model.TopClips]); the column widths fit every row.
// refLabels are the references' short names ([model.RefLabels]).
// The first column repeats the highlighting as a marker: '^' matched (every
// occurrence), '~' clipped (some occurrences), blank for unmatched.
func Ledger(st Styles, od scoring.OrderDetail, refLabels []string, width, maxRows int) string {
	clips := od.Clips
	limit := maxRows
	if maxRows <= 0 {
		limit = LedgerCap
	}
	shown := model.TopClips(od, limit)
	labels := make([]string, len(refLabels))
	labelW := make([]int, len(refLabels)) // what maxCell adds after the count
	for k, n := range refLabels {
		labels[k] = Safe(n)
		labelW[k] = len([]rune(strings.TrimSpace("0 "+labels[k]))) - 1
	}
	num := func(n int) int { return max(3, digits(n)) }
	hypW, maxW, overW := 3, 3, 4
	for i := range clips {
		c := &clips[i]
		hypW = max(hypW, num(c.HypCount))
		overW = max(overW, num(c.Clipped))
		w := digits(c.RefMax)
		if c.RefMax > 0 && c.MaxRef >= 0 && c.MaxRef < len(labels) {
			w += labelW[c.MaxRef]
		}
		maxW = max(maxW, w)
	}
	refW := make([]int, len(labels))
	for k, l := range labels {
		refW[k] = max(3, len([]rune(l)))
		for i := range clips {
			if k < len(clips[i].RefCounts) {
				refW[k] = max(refW[k], num(clips[i].RefCounts[k]))
			}
		}
	}
	fixed := 2 + 1 + hypW + 1 + maxW + 1 + 5 + 1 + overW
	showRefs := true
	refsTotal := 0
	for _, w := range refW {
		refsTotal += w + 1
	}
	if width-fixed-refsTotal < 10 {
		showRefs = false
		refsTotal = 0
	}
	gramW := len(fmt.Sprintf("%d-gram", od.N))
	for i := range clips {
		if gramW >= width-fixed-refsTotal {
			break // the column is as wide as it can be
		}
		gramW = max(gramW, cellWidth(clips[i].NGram))
	}
	gramW = max(4, min(gramW, width-fixed-refsTotal))

	var b strings.Builder
	head := "  " + PadRight(fmt.Sprintf("%d-gram", od.N), gramW) + " " + PadLeft("hyp", hypW)
	if showRefs {
		for k, l := range labels {
			head += " " + PadLeft(model.RefColumn(l), refW[k])
		}
	}
	head += " " + PadLeft("max", maxW) + " " + PadLeft("clip", 5) + " " + PadLeft("over", overW)
	b.WriteString(st.Header.Render(Truncate(head, width)))
	for _, c := range shown {
		mark, style := model.MarkMatched, st.Matched
		switch {
		case c.RefMax == 0:
			mark, style = model.MarkUnmatched, st.Unmatched
		case c.Clipped > 0:
			mark, style = model.MarkClipped, st.Clipped
		}
		row := string(mark.Rune()) + " " + style.Render(PadRight(Safe(c.NGram), gramW)) + " " + PadLeft(strconv.Itoa(c.HypCount), hypW)
		if showRefs {
			for k := range labels {
				v := "-"
				if k < len(c.RefCounts) {
					v = strconv.Itoa(c.RefCounts[k])
				}
				row += " " + PadLeft(v, refW[k])
			}
		}
		over := PadLeft(strconv.Itoa(c.Clipped), overW)
		if c.Clipped > 0 {
			over = style.Render(over)
		}
		row += " " + PadLeft(maxCell(c, labels), maxW) + " " + PadLeft(strconv.Itoa(c.Matched), 5) + " " + over
		b.WriteString("\n" + Truncate(row, width))
	}
	if maxRows <= 0 && len(shown) < len(clips) {
		b.WriteString("\n" + st.Muted.Render(Truncate(moreLine(od, shown), width)))
	}
	t := od.Tally()
	foot := fmt.Sprintf("%s of %s %d-grams matched · %s over", model.Thousands(od.Matches), model.Thousands(t.Occurrences), od.N, model.Thousands(t.Clipped+t.Unmatched))
	if maxRows > 0 && len(shown) < len(clips) {
		foot += " · " + model.Counted(len(clips)-len(shown), "more row")
	}
	if len(clips) == 0 {
		foot = fmt.Sprintf("no %d-grams: the hypothesis has fewer than %s", od.N, model.Counted(od.N, "token"))
		if od.N == 1 {
			foot = "no 1-grams: the hypothesis has no tokens"
		}
	}
	b.WriteString("\n" + st.Muted.Render(Truncate(foot, width)))
	return b.String()
}

// ClipColumns explains the clip and over columns of a clip table in the
// words the walk-through, the lessons and the ledger share.
const ClipColumns = "clip = min(hyp, max): the occurrences that count · over = hyp − clip: the occurrences that do not count (clipped, or unmatched: in no reference)"

// LedgerKey is the key under the full clip ledger, width cells wide: the
// markers as the token lines use them ([Styles.Legend]), what a row's
// marker says, and the clip and over columns ([ClipColumns]).
func LedgerKey(st Styles, width int) string {
	return Truncate(st.Legend(), width) + "\n" +
		st.Muted.Render(WrapFormulas("A row's marker: ^ when every occurrence is matched, ~ when some are clipped, blank when no reference has it. "+ClipColumns+".", width))
}

// maxCell is the ledger's max column: the maximum reference count and the
// reference that holds it.
func maxCell(c scoring.Clip, labels []string) string {
	if c.RefMax > 0 && c.MaxRef >= 0 && c.MaxRef < len(labels) {
		return strings.TrimSpace(strconv.Itoa(c.RefMax) + " " + labels[c.MaxRef])
	}
	return strconv.Itoa(c.RefMax)
}
