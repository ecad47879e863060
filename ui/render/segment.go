package render

import (
	"fmt"
	"slices"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
)

// Hyp is one hypothesis shown in the segment section: its label (the
// system name, as the caller abbreviates it: it is cut only past a third
// of the section's width) and the computation of its segment.
type Hyp struct {
	Label  string
	Detail scoring.Detail
}

// SegmentView is what the segment section shows: the source (when given),
// one hypothesis (or two, one above the other, in compare view) and every
// reference, tokenized as scored and highlighted for Order (0 = all orders).
// The references are highlighted for the first hypothesis.
type SegmentView struct {
	Src      string
	HasSrc   bool
	Hyps     []Hyp
	RefNames []string
	Order    int
	// Focus, when set, is the n-gram followed from the corpus analysis:
	// its occurrences that count for its kind are marked in the first
	// hypothesis and the references, and a line says what they are.
	Focus *model.Focus
	// SrcLines, when above 0, is the most lines the source takes: a
	// longer one is cut there, its last line ending in "…".
	SrcLines int
}

// labelWidth is the width of the label column of the segment section:
// as wide as the hypotheses' labels, which are drawn whole up to a third
// of width (the caller abbreviates a system's name as the rest of its
// screen does, and the column must not give it another form), and the
// references' names up to 13 cells and a fifth of width.
func labelWidth(v SegmentView, width int) int {
	w, hw := 4, 0
	for _, h := range v.Hyps {
		hw = max(hw, Cells(Safe(h.Label)))
	}
	for _, n := range v.RefNames {
		w = max(w, Cells(Safe(n))+4)
	}
	return max(min(w+1, 14, max(5, width/5)), min(hw+1, max(5, width/3)))
}

// refNote is the note under a reference of n tokens in w cells: its
// count, whether its length is the closest (r), how many of its tokens
// the matches are counted from (matched) and how many are of matches
// counted from another reference (also, [model.MarkAlso]); it says less,
// a word at a time, rather than being cut ("closest length → r · 3
// tokens matched", then "closest → r · 3 matched", then without the
// matches; the also-marked tokens go first).
func refNote(n int, closest bool, matched, also, w int) string {
	tokens := plural(n, "token")
	var near, short, count, few, more, less string
	if closest {
		near, short = " · closest length → r", " · closest → r"
	}
	if matched > 0 {
		count, few = " · "+plural(matched, "token")+" matched", " · "+model.Thousands(matched)+" matched"
	}
	if also > 0 {
		more = fmt.Sprintf(" · %s %c (counted from another ref)", plural(also, "token"), model.MarkerAlso)
		less = fmt.Sprintf(" · %s %c", model.Thousands(also), model.MarkerAlso)
	}
	return FirstFit(w, tokens+near+count+more, tokens+near+count+less, tokens+near+few+less,
		tokens+short+few+less, tokens+near+count, tokens+near+few, tokens+short+few, tokens+short, tokens)
}

// Segment renders the segment section at the given width.
func Segment(st Styles, v SegmentView, width int) string {
	if len(v.Hyps) == 0 {
		return st.Muted.Render("no segment")
	}
	lw := labelWidth(v, width)
	var lines []string
	if v.HasSrc {
		src := TextLines(st, "src", lw, v.Src, width)
		if n := v.SrcLines; n > 0 && len(src) > n {
			src = src[:n]
			src[n-1] = TruncateAtBreak(src[n-1]+" …", width, " …")
		}
		lines = append(lines, src...)
	}
	var first model.Marks
	var focus model.FocusMarks
	if v.Focus != nil {
		focus = v.Focus.Marks(v.Hyps[0].Detail)
		lines = append(lines, FocusLine(st, *v.Focus, focus, v.RefNames, width))
	}
	hypLabels := make([]string, len(v.Hyps)) // cut as names are among the others
	for i, h := range v.Hyps {
		hypLabels[i] = Safe(h.Label)
	}
	for i, h := range v.Hyps {
		mk := model.SegmentMarks(h.Detail, v.Order)
		hypMarks := mk.Hyp
		if i == 0 {
			first = mk
			hypMarks = model.WithFocus(slices.Clone(mk.Hyp), focus.Hyp)
		}
		lines = append(lines, TokenLines(st, CutName(Safe(h.Label), lw-1, hypLabels...), lw, h.Detail.Hyp, hypMarks, width)...)
		lines = append(lines, indent(lw, OrderSummary(st, h.Detail, v.Order, width-lw)))
	}
	d := v.Hyps[0].Detail
	labels := v.RefNames
	if len(labels) != len(d.Refs) {
		labels = model.NumberedRefLabels(len(d.Refs))
	}
	for k, toks := range d.Refs {
		name := model.RefLabel(Safe(labels[k]))
		var marks []model.Mark
		if k < len(first.Refs) {
			marks = first.Refs[k]
		}
		drawn := marks
		if k < len(focus.Refs) {
			drawn = model.WithFocus(slices.Clone(marks), focus.Refs[k])
		}
		lines = append(lines, TokenLines(st, name, lw, toks, drawn, width)...)
		tally := model.CountMarks(marks)
		lines = append(lines, indent(lw, st.Muted.Render(refNote(len(toks), k == d.ClosestRef, tally.Matched, tally.Also, width-lw))))
	}
	if len(d.Refs) == 0 {
		lines = append(lines, indent(lw, st.Warn.Render("no reference for this segment")))
	}
	return strings.Join(lines, "\n")
}

// FocusLine says what the focused n-gram is in this segment, e.g.
// `* missed "on the" ×1 here: the hypothesis has it 0×, ref A 1×, ref B 0×`
// ("hyp 0×" where width has no room for that).
// The n-gram is quoted as a filter would find it ([model.QuoteNGram]).
func FocusLine(st Styles, f model.Focus, fm model.FocusMarks, refNames []string, width int) string {
	ngram := Safe(model.QuoteNGram(strings.Join(f.Tokens, " ")))
	var refs string
	for k, n := range fm.InRef {
		name := "a reference"
		if k < len(refNames) {
			name = model.RefLabel(Safe(refNames[k]))
		}
		refs += fmt.Sprintf(", %s %d×", name, n)
	}
	if len(fm.InRef) == 0 {
		refs = ", no reference"
	}
	here := fmt.Sprintf("%c %s %s ×%d here: ", model.MarkerFocus, f.Kind, ngram, fm.Count)
	return st.Focus.Render(FirstFit(width, here+fmt.Sprintf("the hypothesis has it %d×", fm.H)+refs,
		here+fmt.Sprintf("hyp %d×", fm.H)+refs))
}

func indent(n int, s string) string { return strings.Repeat(" ", n) + s }

// OrderSummary is the counts line under a hypothesis: for one order the
// matched, clipped and unmatched occurrences out of the total; for the
// all-orders view the matches of every order.
func OrderSummary(st Styles, d scoring.Detail, order, width int) string {
	tokens := plural(len(d.Hyp), "token")
	if order == 0 {
		parts := make([]string, 0, len(d.Orders))
		for _, od := range d.Orders {
			parts = append(parts, model.Thousands(od.Matches)+"/"+model.Thousands(od.Tally().Occurrences))
		}
		matched := "matched per order " + strings.Join(parts, " ")
		legend, clipped := " · digit = longest match", ""
		if model.CountMarks(model.SegmentMarks(d, 0).Hyp).Clipped > 0 {
			legend, clipped = legend+", ~ clipped", " · ~ clipped"
		}
		return st.Muted.Render(FirstFit(width,
			tokens+" · "+matched+legend, tokens+" · "+matched+clipped, matched+clipped))
	}
	if order > len(d.Orders) {
		return ""
	}
	od := d.Orders[order-1]
	t := od.Tally()
	if t.Occurrences == 0 { // shorter than the order: no n-gram to count
		return st.Muted.Render(FirstFit(width, fmt.Sprintf("%d-grams: none in %s", order, tokens), fmt.Sprintf("%d-grams: none", order)))
	}
	counts := []string{
		st.Matched.Render("^ " + model.Thousands(od.Matches) + " matched"),
		st.Clipped.Render("~ " + model.Thousands(t.Clipped) + " clipped"),
		st.Unmatched.Render(model.Thousands(t.Unmatched) + " unmatched"),
	}
	name := st.Muted.Render(fmt.Sprintf("%d-grams: ", order))
	head := strings.Join(counts, " ")
	// The order's name comes first, so that the total after the counts
	// ("14 in all") never stands beside it as "14 2-grams" would. The token
	// count gives way first, then the total, which the three counts add up
	// to, then the order's name, a " …" after the counts in its place:
	// never a count cut, nor a line that drops something with no sign.
	return FirstFit(width,
		name+head+st.Muted.Render(", "+model.Thousands(t.Occurrences)+" in all · "+tokens),
		name+head+st.Muted.Render(", "+model.Thousands(t.Occurrences)+" in all"),
		name+head,
		head+st.Muted.Render(" …"))
}
