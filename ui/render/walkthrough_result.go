package render

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
)

// brevityStep is step 5: c, every reference length, the closest one (and
// the tie rule), and the brevity penalty evaluated, with its curve.
func (w *walk) brevityStep() Step {
	var b strings.Builder
	b.WriteString(w.para("Precision alone rewards a hypothesis that says little: the fewer words, the fewer chances to be wrong. So BLEU multiplies by a brevity penalty BP, below 1 when the hypothesis is shorter than r, the length of the reference closest to it. Being longer costs nothing here: extra words already lower the precisions."))
	b.WriteString("\n\n")
	c, r := w.d.Stats.HypLen, w.d.Stats.RefLen
	b.WriteString(w.lengths())
	b.WriteString("\n\n")
	b.WriteString(w.formula(w.bpFormula(c, r)))
	b.WriteString("\n\n")
	if w.err != nil && w.nltk() {
		b.WriteString(w.para("NLTK raises an error for this segment, so this BP goes into no score."))
		b.WriteString("\n\n")
	}
	if r > 0 {
		b.WriteString(BPCurve(w.st, w.res.Ratio, w.res.BP, w.width, 9))
	}
	return Step{Title: "Brevity penalty", Body: b.String()}
}

// lengths lists c, every reference length with its distance from c, the
// closest one (and the tie rule when it applied), and r.
func (w *walk) lengths() string {
	var b strings.Builder
	c, r := w.d.Stats.HypLen, w.d.Stats.RefLen
	b.WriteString(w.para(w.st.Label.Render("c") + " = " + strconv.Itoa(c) + "  " + w.st.Muted.Render("hypothesis length in tokens")))
	b.WriteString("\n")
	if len(w.d.RefLens) == 0 {
		b.WriteString(w.para("There is no reference, so r = 0."))
		b.WriteString("\n")
	}
	best := -1
	for _, l := range w.d.RefLens {
		if d := absInt(l - c); best < 0 || d < best {
			best = d
		}
	}
	var tied []string
	tiedLens := map[int]bool{}
	for k, l := range w.d.RefLens {
		d := absInt(l - c)
		line := fmt.Sprintf("%s = %d  (off by %d)", w.refName(k), l, d)
		if k == w.d.ClosestRef {
			line = w.st.Accent.Render(line) + "  ← closest, sets r"
		}
		if d == best {
			tied = append(tied, w.refName(k))
			tiedLens[l] = true
		}
		b.WriteString(w.para("  " + line))
		b.WriteString("\n")
	}
	if len(tied) > 1 {
		s := fmt.Sprintf("%s are equally close to c. ", strings.Join(tied, " and "))
		if len(tiedLens) == 1 {
			s += "They have the same length, so the tie makes no difference to r."
		} else {
			s += "The tie goes to the shorter one, as in sacrebleu and NLTK."
		}
		b.WriteString(w.para(s))
		b.WriteString("\n")
	}
	b.WriteString(w.para(w.st.Label.Render("r") + " = " + strconv.Itoa(r) + "  " + w.st.Muted.Render("the closest reference length")))
	return b.String()
}

// bpFormula evaluates the brevity penalty in words and numbers.
func (w *walk) bpFormula(c, r int) string {
	bp := w.st.Score.Render("BP = " + fnum(w.res.BP))
	switch {
	case c == 0:
		return "The hypothesis is empty (c = 0): " + bp + "."
	case w.nltk() && c > r:
		return fmt.Sprintf("c > r, so NLTK returns %s: no penalty.", bp)
	case !w.nltk() && c >= r:
		return fmt.Sprintf("c ≥ r, so %s: no penalty.", bp)
	}
	return fmt.Sprintf("c %s r, so BP = exp(1 − r/c) = exp(1 − %d/%d) = exp(%s) = %s",
		map[bool]string{true: "=", false: "<"}[c == r], r, c, fnum(scoring.BrevityExponent(c, r)), w.st.Score.Render(fnum(w.res.BP)))
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// resultStep is step 6: the score, and in words why it is 0 or tiny.
func (w *walk) resultStep() Step {
	var b strings.Builder
	if w.err != nil {
		if !w.nltk() {
			b.WriteString(w.para("Scoring failed for this segment: " + Safe(w.err.Error())))
			return Step{Title: "Result", Body: b.String()}
		}
		b.WriteString(w.para("No score: NLTK raises an error for this segment:"))
		b.WriteString("\n")
		b.WriteString(w.para("  " + w.st.Error.Render(Safe(scoring.NLTKErrorText(w.err)))))
		b.WriteString("\n")
		if w.opt.NLTK.Smoothing.Method == 6 {
			p3 := "method6 needs at least 3 orders"
			if len(w.res.Precisions) >= 3 {
				p3 = fmt.Sprintf("method6 needs at least 3 orders and a trigram precision p3 above 0, and here p3 = %s/%s; NLTK's message says bigrams, but p3 is what it tests", fnum(w.res.Counts[2]), fnum(w.res.Totals[2]))
			}
			b.WriteString(w.para(p3 + "."))
			b.WriteString("\n")
		}
		if w.explorer {
			b.WriteString(w.para("The list shows err for this segment. Try another smoothing method: " + w.methodHint + "."))
		} else {
			b.WriteString(w.para("So `bleuscope score` of this segment alone stops with this error (exit status 2), and `bleuscope segments` prints error on its line; explain shows the computation as far as NLTK gets. Try another smoothing method: " + w.methodHint + "."))
		}
		return Step{Title: "Result", Body: b.String()}
	}
	r := w.res
	if w.nltk() && r.NLTK != nil && r.NLTK.NoMatch {
		b.WriteString(w.para(fmt.Sprintf("BLEU = %s (on NLTK's 0–1 scale): NLTK returns the integer 0 when no unigram matches, without computing the mean (the BP above is shown for teaching; NLTK does not use it here).", w.st.Score.Render("0"))))
	} else if w.nltk() {
		b.WriteString(w.formula(fmt.Sprintf("BLEU = BP × exp(sum) = %s × %s", fnum(r.BP), fnum(r.GeoMean))))
		b.WriteString("\n")
		b.WriteString(w.formula(w.st.Score.Render("BLEU = " + gnum(r.Score))))
		b.WriteString("\n")
		b.WriteString(w.para(w.st.Muted.Render("on NLTK's 0–1 scale; rounded: " + model.FormatScore(r.Score, true))))
	} else {
		if g, ok := w.geoMean(); ok {
			b.WriteString(w.formula(fmt.Sprintf("BLEU = BP × geometric mean = %s × %s = %s", fnum(r.BP), fnum(g), fnum(r.Score))))
			b.WriteString("\n")
		}
		b.WriteString(w.st.Score.Render("BLEU = " + model.FormatScore(r.Score, false)))
		b.WriteString("\n")
		b.WriteString(w.verbatim("sacrebleu prints:", r.Verbose(2)))
	}
	b.WriteString("\n\n")
	for i, s := range w.reasons() {
		if i > 0 {
			b.WriteString("\n\n") // each reason is a paragraph of its own
		}
		b.WriteString(w.paraWhole(s, equations.FindAllString(s, -1)...))
	}
	return Step{Title: "Result", Body: b.String()}
}

// equations finds the "name = value" phrases of a reason (c = 2, p4 =
// 0/3), which its wrapping keeps whole, so that a value never starts a
// line apart from its name.
var equations = regexp.MustCompile(`\b[A-Za-z][A-Za-z0-9]* = [^\s,;:()]+`)

// geoMean is the geometric mean of the precisions in the mean, for
// display (0 when one is 0); ok is false when there is none.
func (w *walk) geoMean() (float64, bool) {
	r := w.res
	if r.NoMatch || r.EffOrder == 0 {
		return 0, false
	}
	return r.GeoMean, true
}

// reasons says why the score is what it is: above all why it is 0 or
// tiny, and otherwise what costs the most.
func (w *walk) reasons() []string {
	r := w.res
	c, rl := w.d.Stats.HypLen, w.d.Stats.RefLen
	tiny := r.Score < 1
	if w.nltk() {
		tiny = r.Score < 0.01
	}
	var out []string
	switch {
	case c == 0 && w.nltk():
		return []string{"The hypothesis is empty: there is nothing to count, so no unigram matches and BLEU is 0."}
	case c == 0 && rl == 0:
		return []string{"The hypothesis is empty, and so is the closest reference (c = r = 0, so BP = 1): there is nothing to count, so BLEU is 0."}
	case c == 0:
		return []string{"The hypothesis is empty: there is nothing to count, and BP = 0, so BLEU is 0."}
	case w.nltk() && r.NLTK != nil && r.NLTK.NoMatch, !w.nltk() && r.NoMatch:
		return []string{"No word of the hypothesis appears in any reference: BLEU is 0."}
	}
	if w.nltk() {
		if s := r.NLTK; s != nil && w.opt.NLTK.Smoothing.Method == 0 && tiny && r.Score > 0 && s.Score.Warnings > 0 {
			out = append(out, "Some order has no match at all, and method0 put sys.float_info.min in its place: the score is a tiny positive number that means 0. Sentence scores need a smoothing method: "+w.methodHint+".")
		} else if s != nil && w.opt.NLTK.Smoothing.Method != 0 {
			for i := 0; i < len(s.Num) && i < len(s.Used); i++ {
				if s.Num[i] == 0 && s.Used[i] {
					out = append(out, w.nltkSmoothedZero(i+1))
					break
				}
			}
		}
	} else {
		for i := 0; i < r.EffOrder && i < len(r.Precisions); i++ {
			if r.Precisions[i] != 0 {
				continue
			}
			n := i + 1
			if r.Cut > 0 && n >= r.Cut {
				out = append(out, fmt.Sprintf("The hypothesis has only %s, so it has no %ss; with effective order off that precision counts as 0, and so BLEU is 0. Sentence scores turn effective order on for this reason.", plural(c, "token"), orderName(n)))
			} else {
				s := fmt.Sprintf("No %s of the hypothesis appears in any reference, and smoothing is %s: BLEU is 0", orderName(n), smoothWord(w.opt.Smooth))
				if n > 1 {
					s += " however good the unigrams are"
				}
				out = append(out, s+".")
			}
			break
		}
		if len(out) == 0 {
			if s := w.smoothedZero(); s != "" {
				out = append(out, s)
			}
		}
	}
	zero := len(out) // the reasons before the length's
	switch {
	case r.BP < 0.5 && c > 0:
		out = append(out, fmt.Sprintf("The hypothesis is much shorter than the closest reference (c = %d, r = %d): BP = %s scales the score down, however good the precisions.", c, rl, fnum(r.BP)))
	case r.BP < 1 && len(out) > 0 && r.Score > 0 && !tiny:
		// weakest, which says what BP takes off, is not reached: say it
		// here, beside the zero order.
		out = append(out, fmt.Sprintf("The brevity penalty takes off %s%% as well (c = %d, r = %d).", pct(100*(1-r.BP)), c, rl))
	}
	if len(out) == 0 {
		out = append(out, w.weakest())
	}
	// What clipping did follows the zero it goes with, else closes.
	if s := w.clippingNote(); s != "" && zero > 0 {
		out = slices.Insert(out, zero, s)
	} else if s != "" {
		out = append(out, s)
	}
	return out
}

// clippingNote says what clipping did to the precisions, when it clipped
// anything: "Clipping lowered p1 from 100.00% to 25.00% (6 of the 8
// unigrams clipped)", an order after another, with the figures step 2
// shows ([scoring.OrderDetail.Precisions]); "" when nothing was clipped.
func (w *walk) clippingNote() string {
	var parts []string
	for _, od := range w.d.Orders {
		t := od.Tally()
		if t.Clipped == 0 {
			continue
		}
		simple, modified := od.Precisions()
		parts = append(parts, fmt.Sprintf("p%d from %s%% to %s%% (%d of the %s clipped)",
			od.N, pct(simple), pct(modified), t.Clipped, plural(t.Occurrences, orderName(od.N))))
	}
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return "Clipping lowered " + parts[0] + "."
	}
	return "Clipping lowered " + strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1] + "."
}

// smoothedZero says what smoothing did for the first order in the mean
// that matched nothing: no n-gram of it matched, or the hypothesis is too
// short to have any (add-k then counts the order as k/k). It says that
// only smoothing keeps BLEU above 0 when the same statistics score 0
// without smoothing ([scoring.EvaluateUnsmoothed]), and otherwise what
// they would score. It is "" when smoothing replaced no zero (or when the
// score without it fails, which sacrebleu's arithmetic never does).
func (w *walk) smoothedZero() string {
	r := w.res
	n, empty := 0, false
	for i := 0; i < r.EffOrder && i < len(w.d.Orders); i++ {
		if !r.Smoothed[i] || w.d.Orders[i].Matches != 0 {
			continue
		}
		if w.d.Orders[i].Total > 0 {
			n, empty = i+1, false // an order that missed outweighs an empty one
			break
		}
		if n == 0 {
			n, empty = i+1, true
		}
	}
	if n == 0 {
		return ""
	}
	without, err := scoring.EvaluateUnsmoothed(w.d.Stats, w.opt)
	if err != nil {
		return ""
	}
	s := fmt.Sprintf("No %s matched", orderName(n))
	if empty {
		longer := ""
		if n < r.EffOrder {
			longer = " or longer n-grams"
		}
		s = fmt.Sprintf("The hypothesis has only %s, so it has no %ss%s; add-k counts %s as k/k = 100%%", plural(len(w.d.Hyp), "token"), orderName(n), longer, orderRange(n, r.EffOrder, "", ""))
	}
	if without.Score == 0 && r.Score > 0 {
		if empty && !w.opt.EffectiveOrder {
			return s + ". Without smoothing, and with effective order off, " + orderRange(n, r.EffOrder, "", "") + " would count as 0: only smoothing keeps BLEU above 0."
		}
		return s + "; only smoothing keeps BLEU above 0."
	}
	s += ". Without smoothing"
	if without.EffOrder < r.EffOrder {
		s += ", effective order would leave " + orderRange(without.EffOrder+1, r.EffOrder, "", "") + " out of the mean, and"
	}
	if without.Score == r.Score {
		return s + fmt.Sprintf(" BLEU would be the same, %s.", fnum(without.Score))
	}
	return s + fmt.Sprintf(" BLEU would be %s.", fnum(without.Score))
}

// nltkSmoothedZero says what NLTK's smoothing stood in for at order n,
// the first used order with no match: none of its n-grams matched, or
// the hypothesis has none (NLTK still counts the order, as 0/1); and what
// BLEU would be without smoothing (method0, whose sys.float_info.min in
// place of a 0 leaves a score above 0, if only just).
func (w *walk) nltkSmoothedZero(n int) string {
	s := fmt.Sprintf("No %s matched", orderName(n))
	switch {
	case len(w.d.Hyp) < n && n < len(w.d.Orders):
		s = fmt.Sprintf("The hypothesis has only %s, so it has no %ss or longer n-grams, and NLTK counts each such order as 0/1", plural(len(w.d.Hyp), "token"), orderName(n))
	case len(w.d.Hyp) < n:
		s = fmt.Sprintf("The hypothesis has only %s, so it has no %ss, and NLTK counts that order as 0/1", plural(len(w.d.Hyp), "token"), orderName(n))
	}
	s += fmt.Sprintf("; smoothing (method%d) stands in for the 0", w.opt.NLTK.Smoothing.Method)
	without, err := scoring.EvaluateUnsmoothed(w.d.Stats, w.opt)
	if err != nil {
		return s + "."
	}
	return s + fmt.Sprintf(". Without smoothing (method0, which puts sys.float_info.min there) BLEU would be %s.", fnum(without.Score))
}

// smoothWord names the smoothing in the zero-precision reason.
func smoothWord(method string) string {
	if method == "none" {
		return "off"
	}
	return method + ", which does not replace it here"
}

// weakest names the lowest precision used, next to p1 when it is a longer
// order, and what the brevity penalty takes off; or says that nothing is
// lost when every n-gram matched and BP = 1.
func (w *walk) weakest() string {
	r := w.res
	if w.allMatched() && r.BP == 1 {
		return "Every n-gram of the hypothesis matches a reference and BP = 1: nothing is lost."
	}
	lo := -1
	for i := 0; i < len(r.Precisions) && i < r.EffOrder; i++ {
		if w.nltk() && r.NLTK != nil && (i >= len(r.NLTK.Used) || !r.NLTK.Used[i]) {
			continue
		}
		if lo < 0 || r.Precisions[i] < r.Precisions[lo] {
			lo = i
		}
	}
	if lo < 0 {
		return "Nothing more to explain."
	}
	s := fmt.Sprintf("Nothing is zero here. The lowest precision is p%d = %s", lo+1, w.precText(r.Precisions[lo]))
	if lo > 0 {
		s += fmt.Sprintf(", below p1 = %s: single tokens match more often than runs of %d", w.precText(r.Precisions[0]), lo+1)
	}
	s += "."
	if r.BP < 1 {
		s += fmt.Sprintf(" The brevity penalty takes off %s%%.", pct(100*(1-r.BP)))
	}
	return s
}

// precText formats a precision on its scale: "57.14%" for sacrebleu,
// "0.266667" for NLTK.
func (w *walk) precText(p float64) string {
	if w.nltk() {
		return fnum(p)
	}
	return pct(p) + "%"
}

// allMatched reports whether every n-gram of every order in the score
// matched (before smoothing).
func (w *walk) allMatched() bool {
	r := w.res
	if w.nltk() {
		s := r.NLTK
		if s == nil || len(s.Num) == 0 {
			return false
		}
		for i := range s.Num {
			if i >= len(s.Den) || s.Num[i] != s.Den[i] {
				return false
			}
		}
		return true
	}
	if r.EffOrder == 0 {
		return false
	}
	for n := 1; n <= r.EffOrder && n <= len(w.d.Orders); n++ {
		od := w.d.Orders[n-1]
		if od.Total == 0 || od.Matches != od.Total {
			return false
		}
	}
	return r.EffOrder <= len(w.d.Orders)
}
