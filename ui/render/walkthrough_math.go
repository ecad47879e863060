package render

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
)

// precisionStep is step 3: p_n for every order, and what smoothing did
// where a count was zero, or why an order was dropped.
func (w *walk) precisionStep() Step {
	var b strings.Builder
	if w.nltk() {
		b.WriteString(w.para("NLTK's modified_precision gives each order's precision as a fraction: the matches after clipping (the clip column) over max(1, hypothesis n-grams). Scores are on NLTK's 0–1 scale."))
	} else {
		b.WriteString(w.para("The precision of order n is p_n = matches after clipping (the clip column) / hypothesis n-grams. sacrebleu writes it as a percentage."))
	}
	b.WriteString("\n\n")
	if w.nltk() && w.err != nil {
		b.WriteString(precisionBars(w.st, w.res, true, w.width)) // before smoothing: what NLTK raised on
	} else {
		b.WriteString(PrecisionBars(w.st, w.res, w.width))
	}
	b.WriteString("\n\n")
	var notes []string
	if w.nltk() {
		notes = w.nltkSmoothingNotes()
	} else {
		notes = w.smoothingNotes()
	}
	for i, n := range notes {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(w.para(n))
	}
	return Step{Title: "Precisions and smoothing", Body: b.String(), Marks: model.SegmentMarks(w.d, 0)}
}

// smoothingNotes explains, order by order, sacrebleu's treatment of zero
// counts and empty orders under the chosen smoothing.
func (w *walk) smoothingNotes() []string {
	r := w.res
	N := len(r.Precisions)
	if r.NoMatch {
		return []string{"No n-gram of any order matched, so sacrebleu stops right here: BLEU is 0, and smoothing never runs."}
	}
	var notes []string
	zeros := 0
	toldEmpty := false // the note on add-k and effective order is given once
	for i := 0; i < N; i++ {
		n := i + 1
		if r.Cut > 0 && n >= r.Cut {
			if n > r.Cut {
				continue
			}
			s := fmt.Sprintf("p%d: the hypothesis has no %ss (total 0), so sacrebleu stops counting: %s 0.", n, orderName(n), orderRange(n, N, "stays", "stay"))
			if w.opt.EffectiveOrder {
				s += fmt.Sprintf(" Effective order is on, so the mean uses %s only.", orderRange(1, r.EffOrder, "", ""))
			} else {
				they := "they stay"
				if n == N {
					they = "it stays"
				}
				s += " Effective order is off, so " + they + " in the mean, and a 0 there makes BLEU 0."
			}
			notes = append(notes, s)
			continue
		}
		if r.Totals[i] > 0 && r.Counts[i] == 0 {
			zeros++
		}
		switch {
		case r.Smoothed[i] && w.opt.Smooth == scoring.SmoothExp:
			s := fmt.Sprintf("p%d: no %s matched. exp smoothing puts 100/(2^%d · %s) = %s in place of 0",
				n, orderName(n), zeros, fnum(r.Totals[i]), fnum(r.Precisions[i]))
			if zeros == 1 {
				s += " (the power of 2 counts the orders without a match so far, so each further one gets half as much again, per n-gram)"
			}
			notes = append(notes, s+".")
		case r.Smoothed[i] && w.opt.Smooth == scoring.SmoothFloor && w.opt.SmoothValue == 0:
			notes = append(notes, fmt.Sprintf("p%d = 0: no %s matched, and floor smoothing with the value 0 puts 0 back in its place.", n, orderName(n)))
		case r.Smoothed[i] && w.opt.Smooth == scoring.SmoothFloor:
			notes = append(notes, fmt.Sprintf("p%d: no %s matched. floor smoothing uses 100 · %s / %s = %s instead of 0.",
				n, orderName(n), fnum(w.opt.SmoothValue), fnum(r.Totals[i]), fnum(r.Precisions[i])))
		case r.Smoothed[i] && w.opt.Smooth == scoring.SmoothAddK:
			s := fmt.Sprintf("p%d: add-k smoothing added k = %s to both count and total: %s/%s = %s%%.",
				n, fnum(w.opt.SmoothValue), fnum(r.Counts[i]), fnum(r.Totals[i]), fnum(r.Precisions[i]))
			if w.d.Stats.Totals[i] == 0 {
				s = fmt.Sprintf("p%d: the hypothesis has no %ss (0/0); add-k smoothing added k = %s to both count and total: %s/%s = %s%%, so the order stays in the mean.",
					n, orderName(n), fnum(w.opt.SmoothValue), fnum(r.Counts[i]), fnum(r.Totals[i]), fnum(r.Precisions[i]))
				if w.opt.EffectiveOrder && !toldEmpty {
					s += " Effective order does not leave it out: sacrebleu adds k before it looks for an order with no n-grams."
				}
				toldEmpty = true
			}
			if n == 2 {
				s += " It does so at every order above 1, matched or not, never for unigrams; an order with no n-grams at all becomes k/k = 100%."
			}
			notes = append(notes, s)
		case r.Counts[i] == 0 && r.Totals[i] > 0:
			why := "smoothing is off"
			if w.opt.Smooth == scoring.SmoothAddK {
				why = "add-k leaves unigrams alone"
				if n > 1 {
					why = "add-k with k = 0 adds nothing"
				}
			}
			notes = append(notes, fmt.Sprintf("p%d = 0: no %s matched and %s, so nothing takes the place of the 0.", n, orderName(n), why))
		}
	}
	if len(notes) == 0 {
		notes = append(notes, fmt.Sprintf("No precision was zero, so smoothing (%s) changed nothing.", w.opt.Smooth))
	}
	return notes
}

// nltkMethodNote describes NLTK's SmoothingFunction methods.
func nltkMethodNote(s scoring.NLTKSmoothing) string {
	switch s.Method {
	case 0:
		return "none (method0, NLTK's \"no smoothing\"). It leaves every precision as it is, except that a zero one counts as sys.float_info.min (about 2.2e-308), the smallest float, with a warning: ln 0 has no value, and this makes the score tiny instead of 0."
	case 1:
		return fmt.Sprintf("method1: ε = %s is added to the numerator of each zero precision.", fnum(s.Epsilon))
	case 2:
		return "method2: 1 is added to the numerator and the denominator of every order above 1, matched or not (Lin and Och, 2004)."
	case 3:
		return "method3 (NIST geometric): the k-th zero precision becomes 1/(2^k · denominator)."
	case 4:
		return fmt.Sprintf("method4: the k-th zero precision becomes ln(c) / (2^k · K · denominator), with K = %s and c the hypothesis length (when c = 1 it stays 0).", fnum(s.K))
	case 5:
		return "method5: each precision becomes the mean of three: the smoothed one before it (p1 + 1 before p1), itself and the raw one after it (after the last order, the 5-gram precision, whatever the max order)."
	case 6:
		return fmt.Sprintf("method6: from order 3 on, p_n becomes (matches + α · p_{n-1}²/p_{n-2}) / (n-grams + α), with α = %s. NLTK requires p3 > 0 (its error message says bigrams).", fnum(s.Alpha))
	case 7:
		return "method7: method4, then method5."
	}
	return "method" + strconv.Itoa(s.Method) + "."
}

// nltkSmoothingNotes explains NLTK's smoothing of this segment.
func (w *walk) nltkSmoothingNotes() []string {
	s := w.res.NLTK
	if w.err != nil {
		return []string{"These are the precisions before smoothing. NLTK raises an error for this segment (" + Safe(scoring.NLTKErrorText(w.err)) + "), so there are no smoothed precisions and no score; the last step says why."}
	}
	if s.NoMatch {
		return []string{"No unigram matched: NLTK returns the integer 0 straight away, before any smoothing."}
	}
	notes := []string{"Smoothing: " + nltkMethodNote(w.opt.NLTK.Smoothing)}
	changed := false
	for i := range s.Smoothed {
		if i >= len(s.Num) || i >= len(s.Den) {
			break
		}
		raw := strconv.Itoa(s.Num[i]) + "/" + strconv.Itoa(s.Den[i])
		if s.Exact[i] == raw {
			continue
		}
		changed = true
		shown := fnum(s.Smoothed[i])
		if s.Exact[i] != "" {
			shown = s.Exact[i] + " = " + shown
		}
		note := fmt.Sprintf("p%d: %s became %s.", i+1, raw, shown)
		if s.Reweighted && i >= len(s.Weights) {
			note = fmt.Sprintf("p%d: %s became %s, and then auto_reweigh leaves it out (below).", i+1, raw, shown)
		}
		notes = append(notes, note)
	}
	if !changed {
		notes = append(notes, "It changed no precision here.")
	}
	if s.Reweighted && len(s.Weights) < len(s.Smoothed) {
		notes = append(notes, fmt.Sprintf("auto_reweigh: the hypothesis has only %s (fewer than 4), so NLTK weighs %s by 1/%d each, and %s no weight at all, smoothed or not.",
			plural(s.HypLen, "token"), orderRange(1, len(s.Weights), "", ""), len(s.Weights),
			orderRange(len(s.Weights)+1, len(s.Smoothed), "gets", "get")))
	}
	for i, used := range s.Used {
		if !used {
			notes = append(notes, fmt.Sprintf("p%d is still 0 after smoothing: NLTK leaves its term out of the sum (the other weights stay as they are).", i+1))
		}
	}
	return notes
}

// meanStep is step 4: the weighted geometric mean with the logs and
// weights written out.
func (w *walk) meanStep() Step {
	var b strings.Builder
	if w.nltk() {
		w.nltkMean(&b)
		return Step{Title: "Geometric mean", Body: b.String()}
	}
	r := w.res
	b.WriteString(w.para("BLEU combines the precisions by their geometric mean: the average of their logarithms, each order weighted 1/N, turned back with exp. Being a product, it is dragged down by any one low precision."))
	b.WriteString("\n\n")
	if r.NoMatch {
		b.WriteString(w.para("No n-gram matched at any order, so there is nothing to average: sacrebleu returns 0."))
		return Step{Title: "Geometric mean", Body: b.String()}
	}
	n := r.EffOrder
	logs := make([]float64, 0, n)
	zero := false
	weight := "1/" + strconv.Itoa(n)
	rows := make([][3]string, n) // "ln pN", "= ln p", "= log p" in aligned columns
	for i := 0; i < n; i++ {
		p := r.Precisions[i]
		rows[i][0] = fmt.Sprintf("ln p%d", i+1)
		if p == 0 {
			zero = true
			rows[i][1], rows[i][2] = "= ln 0", "→ −9999999999"
		} else {
			l := r.Logs[i]
			rows[i][1], rows[i][2] = "= ln "+fnum(p), "= "+fnum(l)
			logs = append(logs, l)
		}
	}
	for i, row := range alignColumns(rows) {
		line := w.st.Label.Render(row[0]) + " " + row[1] + " " + row[2] + "   × " + weight
		if r.Precisions[i] == 0 {
			line += "   (−9999999999 stands for −∞)"
		}
		b.WriteString(w.formula(line))
		b.WriteString("\n")
	}
	if n < len(r.Precisions) {
		b.WriteString(w.para(w.st.Muted.Render(fmt.Sprintf("%s left out: effective order %d.", orderRange(n+1, len(r.Precisions), "is", "are"), n))))
		b.WriteString("\n")
	}
	b.WriteString("\n")
	if zero {
		b.WriteString(w.para("A precision of 0 makes the mean of the logs hugely negative, and exp of it is 0: the geometric mean is 0."))
		return Step{Title: "Geometric mean", Body: b.String()}
	}
	b.WriteString(w.formula(fmt.Sprintf("mean = (%s) / %d = %s", joinSum(logs), n, fnum(r.LogMean))))
	b.WriteString("\n")
	b.WriteString(w.formula(fmt.Sprintf("geometric mean = exp(%s) = %s", fnum(r.LogMean), w.st.Score.Render(fnum(r.GeoMean)))))
	return Step{Title: "Geometric mean", Body: b.String()}
}

// nltkMean writes NLTK's weighted sum of logs.
func (w *walk) nltkMean(b *strings.Builder) {
	b.WriteString(w.para("NLTK adds w_n · ln p_n over the orders it keeps (with math.fsum) and takes exp of the sum: a weighted geometric mean."))
	b.WriteString("\n\n")
	s := w.res.NLTK
	switch {
	case s == nil:
		b.WriteString(w.para("NLTK raised an error for this segment; there is no mean."))
		return
	case s.NoMatch:
		b.WriteString(w.para("No unigram matched, so NLTK returned 0 before this step."))
		return
	}
	if s.Reweighted {
		b.WriteString(w.para(fmt.Sprintf("auto_reweigh: the hypothesis has only %s (fewer than 4), so NLTK replaced the weights by 1/%d each.", plural(s.HypLen, "token"), s.HypLen)))
		b.WriteString("\n")
	}
	var terms []float64
	rows := make([][3]string, len(s.Weights)) // "wN · ln pN", "= w × ln p", "= term" in aligned columns
	for i, wt := range s.Weights {
		rows[i][0] = fmt.Sprintf("w%d · ln p%d", i+1, i+1)
		if i < len(s.Used) && s.Used[i] {
			rows[i][1], rows[i][2] = "= "+fnum(wt)+" × ln "+fnum(s.Smoothed[i]), "= "+fnum(s.Terms[i])
			terms = append(terms, s.Terms[i])
		}
	}
	for i, row := range alignColumns(rows) {
		line := w.st.Label.Render(row[0]) + " " + row[1] + " " + row[2]
		if i >= len(s.Used) || !s.Used[i] {
			line = w.st.Label.Render(row[0]) + " " + w.st.Muted.Render("dropped: p is 0")
		}
		b.WriteString(w.formula(strings.TrimRight(line, " ")))
		b.WriteString("\n")
	}
	if k := len(s.Weights); s.Reweighted && k < len(s.Smoothed) {
		b.WriteString(w.para(w.st.Muted.Render(fmt.Sprintf("%s no weight: NLTK pairs the %d weights with p1…p%d and stops there.", orderRange(k+1, len(s.Smoothed), "has", "have"), k, k))))
		b.WriteString("\n")
	}
	b.WriteString("\n")
	sum := "sum = " + fnum(s.LogSum) // one term is its own sum
	if len(terms) > 1 {
		sum = fmt.Sprintf("sum = %s = %s", joinSum(terms), fnum(s.LogSum))
	}
	b.WriteString(w.formula(sum))
	b.WriteString("\n")
	b.WriteString(w.formula(fmt.Sprintf("exp(sum) = %s", w.st.Score.Render(fnum(w.res.GeoMean)))))
}

// alignColumns pads every cell of rows to its column's widest, so that
// the "=" signs and what follows them line up.
func alignColumns(rows [][3]string) [][3]string {
	var w [3]int
	for _, r := range rows {
		for c, cell := range r {
			w[c] = max(w[c], Cells(cell))
		}
	}
	out := make([][3]string, len(rows))
	for i, r := range rows {
		for c, cell := range r {
			out[i][c] = PadRight(cell, w[c])
		}
	}
	return out
}

// joinSum writes a sum of terms the way one would by hand: "a + b − c".
func joinSum(terms []float64) string {
	var b strings.Builder
	for i, t := range terms {
		switch {
		case i == 0:
			b.WriteString(fnum(t))
		case t < 0:
			b.WriteString(" − " + fnum(-t))
		default:
			b.WriteString(" + " + fnum(t))
		}
	}
	return b.String()
}

// orderRange names precisions a…b followed by a verb in the right number:
// "p3 stays", "p3…p4 stay" ("p1…p2" with no verb).
func orderRange(a, b int, one, many string) string {
	if a == b {
		return strings.TrimSpace(fmt.Sprintf("p%d %s", a, one))
	}
	return strings.TrimSpace(fmt.Sprintf("p%d…p%d %s", a, b, many))
}
