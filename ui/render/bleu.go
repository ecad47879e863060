package render

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/charmbracelet/x/ansi"
)

// MathView is one BLEU computation to explain: its result, the options it
// was computed under, the raw statistics, and the name of the reference
// that set r ("" for a corpus, where r sums the closest lengths).
type MathView struct {
	Result  scoring.Result
	Opt     scoring.Options
	Stats   scoring.Stats
	RefName string
}

// nltk reports whether v is on NLTK's 0-1 scale.
func (v MathView) nltk() bool { return v.Opt.Compat == scoring.CompatNLTK }

// Math renders the arithmetic of a score: each order's precision as
// matched/total with a bar (and what smoothing did where it changed it),
// the brevity penalty with c, r and where r comes from, and the final
// formula with the numbers filled in.
func Math(st Styles, v MathView, width int) string {
	lines := Precisions(st, v, width)
	lines = append(lines, Brevity(st, v, width)...)
	lines = append(lines, Formula(st, v, width)...)
	return strings.Join(lines, "\n")
}

// Precisions renders one line per order: n, a bar, matched/total, the
// precision and a smoothing note.
func Precisions(st Styles, v MathView, width int) []string {
	r := v.Result
	N := len(r.Precisions)
	frac := make([]string, N)
	fw := 0
	for i := range N {
		frac[i] = model.Thousands(v.Stats.Matches[i]) + "/" + model.Thousands(v.Stats.Totals[i])
		fw = max(fw, len(frac[i]))
	}
	barW := max(4, min(20, width-fw-20))
	out := make([]string, 0, N)
	for i := range N {
		p := r.Precisions[i]
		if v.nltk() {
			p *= 100
		}
		line := st.Label.Render(fmt.Sprintf("p%d ", i+1)) + Bar(st, p/100, barW) + " " +
			PadLeft(frac[i], fw) + " " + PadLeft(scoring.PyFixed(p, 2), 6) + "%"
		note := smoothNote(v, i)
		if s := r.NLTK; v.nltk() && s != nil && s.Reweighted && i >= len(s.Weights) {
			note = strings.TrimPrefix(note+", then no weight (auto_reweigh)", ", then ")
		}
		if note != "" {
			line += " " + st.Warn.Render(note)
		} else if i >= r.EffOrder && !v.nltk() {
			line += " " + st.Muted.Render(notInMean)
		}
		out = append(out, Truncate(line, width))
	}
	return out
}

// smoothNote says what smoothing did to order i, or "" when nothing.
func smoothNote(v MathView, i int) string {
	r := v.Result
	if i >= len(r.Smoothed) || !r.Smoothed[i] {
		if !v.nltk() && r.Totals[i] > 0 && r.Counts[i] == 0 && !r.NoMatch && i < r.EffOrder {
			return "zero: no smoothing"
		}
		return ""
	}
	if v.nltk() {
		if v.Opt.NLTK.Smoothing.Method == 0 { // NLTK's "no smoothing" still replaces a 0
			return "method0: no smoothing, 0 taken as the smallest float"
		}
		return fmt.Sprintf("method%d smoothed", v.Opt.NLTK.Smoothing.Method)
	}
	switch v.Opt.Smooth {
	case scoring.SmoothExp:
		return fmt.Sprintf("exp smoothing: 100/(%s·%s)", twoPow(v, i), model.Thousands(v.Stats.Totals[i]))
	case scoring.SmoothFloor:
		return fmt.Sprintf("floor: 100·%g/%s", v.Opt.SmoothValue, model.Thousands(v.Stats.Totals[i]))
	case scoring.SmoothAddK:
		return fmt.Sprintf("add-k: (%s+%g)/(%s+%g)", model.Thousands(v.Stats.Matches[i]), v.Opt.SmoothValue, model.Thousands(v.Stats.Totals[i]), v.Opt.SmoothValue)
	}
	return "smoothed"
}

// twoPow is the 2^k of exp smoothing at order i: k counts the zero-match
// orders up to and including i.
func twoPow(v MathView, i int) string {
	k := 0
	for j := 0; j <= i; j++ {
		if v.Result.Totals[j] > 0 && v.Result.Counts[j] == 0 {
			k++
		}
	}
	return strconv.Itoa(1 << k)
}

// Brevity renders the brevity penalty with c, r and the reference that set r.
func Brevity(st Styles, v MathView, width int) []string {
	r := v.Result
	c, rl := r.SysLen, r.RefLen
	where := "sum of closest refs"
	if v.RefName != "" {
		where = "closest: " + v.RefName
	}
	var s string
	switch {
	case c >= rl:
		s = fmt.Sprintf("c = %s ≥ r = %s (%s) → BP = 1", model.Thousands(c), model.Thousands(rl), where)
	case c == 0:
		s = fmt.Sprintf("c = 0 < r = %s (%s) → BP = 0", model.Thousands(rl), where)
	default:
		s = fmt.Sprintf("c = %s < r = %s (%s) → BP = exp(1 − %s/%s) = %.4f", model.Thousands(c), model.Thousands(rl), where, model.Thousands(rl), model.Thousands(c), r.BP)
	}
	style := st.Text
	if r.BP < 1 {
		style = st.Warn
	}
	return wrapLines(st.Label.Render("BP ")+style.Render(s), width, "   ")
}

// Formula renders the final formula with this computation's numbers.
func Formula(st Styles, v MathView, width int) []string {
	r := v.Result
	bp := strconv.FormatFloat(r.BP, 'f', 4, 64)
	score := st.Score.Render(model.FormatScore(r.Score, v.nltk()))
	if r.NoMatch {
		return wrapLines(st.Label.Render("BLEU ")+"= 0: no n-gram of any order matched → "+score, width, "     ")
	}
	if v.nltk() && r.NLTK != nil {
		return nltkFormula(st, v, bp, score, width)
	}
	n := r.EffOrder
	names := make([]string, n)
	vals := make([]string, n)
	zero := false
	for i := range n {
		names[i] = fmt.Sprintf("p%d", i+1)
		vals[i] = scoring.PyFixed(r.Precisions[i], 2)
		zero = zero || r.Precisions[i] == 0
	}
	gm := r.GeoMean
	exp := fmt.Sprintf("^(1/%d)", n)
	lines := wrapLines(st.Label.Render("BLEU ")+"= BP · ("+strings.Join(names, "·")+")"+exp, width, "       ")
	lines = append(lines, wrapLines("     = "+bp+" · ("+strings.Join(vals, " · ")+")"+exp, width, "       ")...)
	last := "     = " + bp + " · " + scoring.PyFixed(gm, 2) + " = " + score
	if zero {
		last = "     = 0 (a precision is 0, and log 0 ends the mean) → " + score
	}
	return append(lines, wrapLines(last, width, "       ")...)
}

func nltkFormula(st Styles, v MathView, bp, score string, width int) []string {
	s := v.Result.NLTK
	terms := []string{}
	for i, w := range s.Weights {
		if i < len(s.Used) && !s.Used[i] {
			continue
		}
		p := 0.0
		if i < len(s.Smoothed) {
			p = s.Smoothed[i]
		}
		terms = append(terms, fmt.Sprintf("%g·log %s", w, smoothedP(p)))
	}
	lines := wrapLines(st.Label.Render("BLEU ")+"= BP · exp(Σ wₙ·log pₙ)", width, "       ")
	lines = append(lines, wrapLines("     = "+bp+" · exp("+strings.Join(terms, " + ")+")", width, "       ")...)
	last := fmt.Sprintf("     = %s · exp(%.6f) = ", bp, s.LogSum) + score
	if s.Reweighted {
		last += " (auto-reweighed)"
	}
	return append(lines, wrapLines(last, width, "       ")...)
}

// smoothedP writes a smoothed precision with four decimals, or, when so
// small that they would read 0 (method 0's 0/n becomes 2.225e-308, whose
// log is finite), in three significant digits.
func smoothedP(p float64) string {
	if p > 0 && p < 5e-5 {
		return strconv.FormatFloat(p, 'g', 3, 64)
	}
	return fmt.Sprintf("%.4f", p)
}

// wrapLines wraps s to width, indenting continuation lines with cont.
func wrapLines(s string, width int, cont string) []string {
	if width < 8 {
		return []string{Truncate(s, width)}
	}
	if Cells(s) <= width {
		return []string{s}
	}
	// ansi.Wrap measures by grapheme, not as Cells does, but these lines
	// are numbers, names of orders and math signs, on which the two agree;
	// it also breaks after "·" (p₁·p₂·p₃·p₄), which Wrap does not.
	first := ansi.Wrap(s, width, " ·")
	parts := strings.Split(first, "\n")
	out := []string{parts[0]}
	if len(parts) > 1 {
		rest := strings.Join(parts[1:], " ")
		for _, l := range strings.Split(ansi.Wrap(rest, width-len(cont), " ·"), "\n") {
			out = append(out, cont+strings.TrimLeft(l, " "))
		}
	}
	return out
}
