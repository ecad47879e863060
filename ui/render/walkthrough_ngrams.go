package render

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
)

// orderStep is step 2 for order n: what clipping did (simple next to
// modified precision, and in words), then how the order's n-grams are
// counted and clipped, the n-grams marked in the hypothesis and every
// reference, and the clip table. What clipping did comes first, so that
// it is in view on the shortest screen, the table last.
func (w *walk) orderStep(n int) Step {
	od := w.d.Orders[n-1]
	name := orderName(n)
	marks := model.SegmentMarks(w.d, n)
	var b strings.Builder
	if len(od.Clips) > 0 {
		b.WriteString(w.precisionPair(od))
		b.WriteString("\n")
		b.WriteString(w.para(w.clipSummary(od, name)))
		b.WriteString("\n\n")
	}
	if n == 1 {
		b.WriteString(w.paraWhole("Each token is a unigram. For every distinct unigram of the hypothesis, BLEU counts it in the hypothesis (hyp) and in every reference, takes the largest reference count (max), and lets at most that many occurrences count: "+clipFormula+". The occurrences beyond that are clipped. This clipping is what stops a hypothesis from scoring by repeating a word the references have.", clipFormula))
	} else {
		b.WriteString(w.paraWhole(fmt.Sprintf("A %s is a run of %d consecutive tokens. They are counted and clipped exactly like unigrams: %s. Matching longer n-grams rewards words in the right order.", name, n, clipOverRefs), clipOverRefs))
	}
	b.WriteString("\n\n")
	b.WriteString(w.sentences(marks, false))
	b.WriteString("\n")
	b.WriteString(w.st.Legend())
	if key := w.st.RefKey(marks, w.width); key != "" {
		b.WriteString("\n" + key)
	}
	b.WriteString("\n\n")
	if len(od.Clips) == 0 {
		msg := fmt.Sprintf("The hypothesis has %s, so it has no %ss at all.", plural(len(w.d.Hyp), "token"), name)
		if w.nltk() {
			msg += " NLTK still divides by max(1, 0) = 1, so its precision for this order is 0/1."
		}
		b.WriteString(w.para(msg))
		return Step{Title: capital(name) + "s: counting and clipping", Body: b.String(), Order: n, Marks: marks}
	}
	b.WriteString(w.clipTable(od))
	b.WriteString("\n")
	b.WriteString(w.paraWhole(w.st.Muted.Render("hyp: occurrences in the hypothesis · "+w.refColumnsNote()+"max: the most any one reference has · "+ClipColumns), clipFormula, overFormula))
	return Step{Title: capital(name) + "s: counting and clipping", Body: b.String(), Order: n, Marks: marks}
}

// The formulas of the clipping, which the walk-through's prose keeps whole
// on a line ([walk.paraWhole]).
const (
	clipFormula  = "clip = min(hyp, max)"
	clipOverRefs = "clip = min(hyp, max over the references)"
	overFormula  = "over = hyp − clip"
)

// refColumnsNote explains the reference columns of the clip table.
func (w *walk) refColumnsNote() string {
	switch len(w.d.Refs) {
	case 0:
		return ""
	case 1:
		return w.shortRef(0) + ": occurrences in the reference · "
	}
	if len(w.d.Refs) == 2 { // "A to B: … in ref A to ref B" read as a range of one
		return w.shortRef(0) + ", " + w.shortRef(1) + ": occurrences in each reference · "
	}
	return w.shortRef(0) + " to " + w.shortRef(len(w.d.Refs)-1) + ": occurrences in each reference · "
}

// precisionPair shows od's simple (unclipped) precision next to its
// modified precision, as matched/total with the percentage
// ([scoring.OrderDetail.Precisions]).
func (w *walk) precisionPair(od scoring.OrderDetail) string {
	simple, modified := od.Precisions()
	ratio := func(a int, p float64) string {
		if od.Total == 0 {
			return model.Thousands(a) + "/0"
		}
		return model.Thousands(a) + "/" + model.Thousands(od.Total) + " = " + pct(p) + "%"
	}
	denNote := ""
	if w.nltk() && od.Total != od.Tally().Occurrences {
		denNote = " (NLTK divides by max(1, n-grams))"
	}
	a, m := ratio(od.Tally().Found, simple), ratio(od.Matches, modified)
	fw := max(len(a), len(m))
	lines := []string{
		w.st.Label.Render("simple precision   ") + PadRight(a, fw) + w.st.Muted.Render("  without clipping"),
		w.st.Label.Render("modified precision ") + w.st.Score.Render(PadRight(m, fw)) + w.st.Muted.Render("  with clipping (BLEU's)"+denNote),
	}
	return w.formula(lines[0]) + "\n" + w.formula(lines[1])
}

// clipSummary says in words what clipping did at this order.
func (w *walk) clipSummary(od scoring.OrderDetail, name string) string {
	t := od.Tally()
	if t.Unmatched == t.Occurrences {
		// Nothing was found in a reference, so there was nothing to clip.
		if t.Occurrences == 1 {
			return fmt.Sprintf("The hypothesis's only %s appears in no reference, so it does not count; there is nothing to clip.", name)
		}
		return fmt.Sprintf("None of the hypothesis's %s appears in any reference, so none counts; there is nothing to clip.", plural(t.Occurrences, name))
	}
	var s string
	if t.Clipped == 0 {
		s = fmt.Sprintf("Nothing is clipped at this order: every %s found in a reference occurs in the hypothesis at most as often as in the reference that has it most.", name)
	} else {
		var parts []string // the first three n-grams with occurrences clipped
		for i := range od.Clips {
			c := &od.Clips[i]
			if c.RefMax == 0 || c.Clipped == 0 {
				continue
			}
			if len(parts) == 3 {
				break
			}
			parts = append(parts, fmt.Sprintf("%q occurs %s in the hypothesis but at most %s in a reference (%s)",
				Safe(c.NGram), times(c.HypCount), times(c.RefMax), w.refsWithMost(c)))
		}
		s = fmt.Sprintf("%s clipped: %s.", capital(plural(t.Clipped, "occurrence")), strings.Join(parts, "; "))
	}
	if t.Unmatched > 0 {
		verb := "appear"
		if t.Unmatched == 1 {
			verb = "appears"
		}
		s += fmt.Sprintf(" %s of the hypothesis %s in no reference at all.", capital(plural(t.Unmatched, name)), verb)
	}
	return s
}

// refsWithMost names every reference that holds c's n-gram most often
// ("ref A", "ref A and ref B", "ref 1, ref 2 and ref 3"), so that a tie
// does not read as if the first reference alone had it.
func (w *walk) refsWithMost(c *scoring.Clip) string {
	var names []string
	for k, n := range c.RefCounts {
		if n == c.RefMax {
			names = append(names, w.refName(k))
		}
	}
	if len(names) < 2 {
		return w.refName(c.MaxRef)
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// times formats a count of occurrences: "once", "twice", "7 times".
func times(n int) string {
	switch n {
	case 1:
		return "once"
	case 2:
		return "twice"
	}
	return strconv.Itoa(n) + " times"
}

// capital upper-cases the first letter of an ASCII word.
func capital(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

// clipTable renders the clip ledger of one order: one row per distinct
// n-gram in order of first occurrence, with a marker ('^' matched, '~'
// some occurrences clipped, blank: unmatched) so it reads without colour. It
// draws at most [WalkClipRows] rows, then a line counts the rest; the
// columns are as wide as the rows drawn need, the total row covers every
// n-gram.
func (w *walk) clipTable(od scoring.OrderDetail) string {
	shown := od.Clips[:min(len(od.Clips), WalkClipRows)]
	numW := func(head string, vals func(c *scoring.Clip) int) int {
		most := 0
		for i := range shown {
			most = max(most, vals(&shown[i]))
		}
		return max(len(head), digits(most))
	}
	hypW := numW("hyp", func(c *scoring.Clip) int { return c.HypCount })
	maxW := numW("max", func(c *scoring.Clip) int { return c.RefMax })
	clipW := numW("clip", func(c *scoring.Clip) int { return c.Matched })
	overW := numW("over", func(c *scoring.Clip) int { return c.Clipped })
	refW := make([]int, len(w.d.Refs))
	refsTotal := 0
	for k := range w.d.Refs {
		refW[k] = numW(w.shortRef(k), func(c *scoring.Clip) int {
			if k < len(c.RefCounts) {
				return c.RefCounts[k]
			}
			return 0
		})
		refsTotal += refW[k] + 1
	}
	fixed := 2 + 1 + hypW + 1 + maxW + 1 + clipW + 1 + overW
	showRefs := w.width-fixed-refsTotal >= 12
	if !showRefs {
		refsTotal = 0
	}
	gramW := max(6, w.width-fixed-refsTotal)
	longest := len(orderName(od.N))
	for i := range shown {
		longest = max(longest, cellWidth(shown[i].NGram))
	}
	gramW = min(gramW, longest)

	head := "  " + PadRight(orderName(od.N), gramW) + " " + PadLeft("hyp", hypW)
	if showRefs {
		for k := range w.d.Refs {
			head += " " + PadLeft(w.shortRef(k), refW[k])
		}
	}
	head += " " + PadLeft("max", maxW) + " " + PadLeft("clip", clipW) + " " + PadLeft("over", overW)
	lines := []string{w.st.Header.Render(head)}
	for _, c := range shown {
		mark, style := model.MarkMatched, w.st.Matched
		switch {
		case c.RefMax == 0:
			mark, style = model.MarkUnmatched, w.st.Unmatched
		case c.Clipped > 0:
			mark, style = model.MarkClipped, w.st.Clipped
		}
		row := string(mark.Rune()) + " " + style.Render(PadRight(Safe(c.NGram), gramW)) + " " + PadLeft(strconv.Itoa(c.HypCount), hypW)
		if showRefs {
			for k := range w.d.Refs {
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
		row += " " + PadLeft(strconv.Itoa(c.RefMax), maxW) + " " + PadLeft(strconv.Itoa(c.Matched), clipW) + " " + over
		lines = append(lines, row)
	}
	if len(shown) < len(od.Clips) {
		lines = append(lines, w.st.Muted.Render(Truncate(moreLine(od, shown), w.width)))
	}
	hypTotal := od.Tally().Occurrences
	total := fmt.Sprintf("  %s %s", PadRight("total", gramW), PadLeft(strconv.Itoa(hypTotal), hypW))
	if showRefs {
		total += strings.Repeat(" ", refsTotal)
	}
	total += " " + strings.Repeat(" ", maxW) + " " + PadLeft(strconv.Itoa(od.Matches), clipW) + " " + PadLeft(strconv.Itoa(hypTotal-od.Matches), overW)
	lines = append(lines, w.st.Label.Render(total))
	return strings.Join(lines, "\n")
}
