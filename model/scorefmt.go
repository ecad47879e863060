package model

import (
	"fmt"
	"iter"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/bleuscope/bleuscope/scoring"
)

// FormatScore formats a score on its scale: two decimals on sacrebleu's
// 0–100, four on NLTK's 0–1. It is the one score formatter of the text
// outputs, the renderers and the explorer. A score that is not finite (a
// huge add-k or floor value makes one) reads as the score lines spell it,
// as Python does: "inf", "-inf", "nan" ([scoring.PyFixed]), not Go's
// "+Inf" and "NaN".
func FormatScore(x float64, nltk bool) string {
	return scoring.PyFixed(x, ScoreDecimals(nltk))
}

// ScoreDecimals is the number of decimals [FormatScore] gives a score:
// two on sacrebleu's 0–100 scale, four on NLTK's 0–1 (for [FormatSigned]).
func ScoreDecimals(nltk bool) int {
	if nltk {
		return 4
	}
	return 2
}

// ScoreScale is the top of the sentence and corpus scores' scale: 100 for
// sacrebleu, 1 for NLTK.
func ScoreScale(nltk bool) float64 {
	if nltk {
		return 1
	}
	return 100
}

// ImpactDecimals is how many decimals a column of impacts ([Scored.Impact])
// is printed with ([FormatImpact]), one for the whole column so that its
// figures line up and compare at a glance: enough for the largest in
// magnitude, top, to show three significant digits, and at least three
// decimals of a BLEU point (five on NLTK's scale), at most six (eight). A
// segment of a million moves the corpus score by ten-thousandths, which
// three decimals would show as 0 on every row; below the most decimals, an
// impact reads 0.
func ImpactDecimals(top float64, nltk bool) int {
	least, most := 3, 6
	if nltk {
		least, most = 5, 8
	}
	d := least
	for d < most && top > 0 && top*math.Pow10(d) < 99.5 {
		d++
	}
	return d
}

// ImpactTop is the largest magnitude of the finite impacts of xs, the
// top [ImpactDecimals] takes (0 when there is none).
func ImpactTop(xs iter.Seq[float64]) float64 {
	top := 0.0
	for x := range xs {
		if a := math.Abs(x); a > top && !math.IsInf(a, 0) {
			top = a
		}
	}
	return top
}

// FormatImpact formats an impact ([Scored.Impact]) as the explorer and the
// text tables show it: signed, with the decimals of its column
// ([ImpactDecimals]), and without a sign when it reads 0 there
// ([FormatSigned]).
func FormatImpact(x float64, decimals int) string {
	return FormatSigned(x, decimals)
}

// ImpactReadsZero reports whether x reads 0 as [FormatImpact] prints it
// with decimals: a cost too small for the column, to colour as none.
func ImpactReadsZero(x float64, decimals int) bool {
	return readsZero(x, decimals)
}

// FormatDelta formats a difference of scores with a sign, as precisely as
// [FormatScore] prints the scores themselves, and without one when it
// reads 0 there ([FormatSigned]): "-0.0000" would read as a loss where
// the gap is NLTK's 0 against 1e-154, and "+0.00" as a gain in a tie.
func FormatDelta(d float64, nltk bool) string {
	return FormatSigned(d, ScoreDecimals(nltk))
}

// PlusMinus joins each value to its confidence interval's half-width as
// "value ± ci", the half-widths padded on the left to the widest, so that
// the cells, right-aligned in one column of a text table, put every ± and
// every value's decimal point in line (41.13 ± 12.50 above 77.10 ±  7.67).
// A value whose ci is "" stands alone.
func PlusMinus(values, cis []string) []string {
	width := 0
	for _, c := range cis {
		width = max(width, len(c))
	}
	cells := make([]string, len(values))
	for i, v := range values {
		cells[i] = v
		if c := cis[i]; c != "" {
			cells[i] += " ± " + strings.Repeat(" ", width-len(c)) + c
		}
	}
	return cells
}

// FormatSigned formats a difference with a sign and the given decimals,
// but without the sign when it rounds to zero ("0.0": "-0.0" would read
// as a loss). [ReadsLoss] tells whether what it prints reads as a loss.
// Not finite, it reads as [FormatScore] spells it, signed: "+inf",
// "-inf", and "nan", which has no sign to give.
func FormatSigned(x float64, decimals int) string {
	s := scoring.PyFixed(x, decimals)
	switch {
	case math.IsNaN(x):
		return s
	case readsZero(x, decimals):
		return strings.TrimPrefix(s, "-")
	case x > 0:
		return "+" + s
	}
	return s
}

// ReadsLoss reports whether x, printed with the given decimals by
// [FormatSigned], reads below zero: a loss to colour as one.
func ReadsLoss(x float64, decimals int) bool {
	return x < 0 && !readsZero(x, decimals)
}

// DeltaReadsZero reports whether a difference of scores reads 0 as
// [FormatDelta] prints it, with the decimals of the scores themselves: a
// gap no shown score can tell apart, such as NLTK's 1e-154 against 0.
func DeltaReadsZero(d float64, nltk bool) bool {
	return readsZero(d, ScoreDecimals(nltk))
}

// readsZero reports whether x, printed with the given decimals, reads 0
// ("0.00" or "-0.00").
func readsZero(x float64, decimals int) bool {
	return strings.Trim(strconv.FormatFloat(x, 'f', decimals, 64), "-0.") == ""
}

// shownAs is x as it reads printed with the given decimals (-5.01 for
// -5.0078).
func shownAs(x float64, decimals int) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'f', decimals, 64), 64)
	return v
}

// ZeroReason says in a few words why r's score is 0 when an order makes it
// so, as the explorer's header and score's text say it: "the hypotheses
// are empty" (no token at all, so BP is 0 too), "nothing matched"
// (no n-gram of any order did, and sacrebleu scores 0 before any
// smoothing), "no 3-gram matched" (the first order of the mean whose
// precision is 0 had no match, and no smoothing lifted it) or "no 4-grams"
// (that order has no n-gram at all: without effective order its precision
// 0/0 ends the mean at 0); "" for a score above 0. In nltk compat it
// speaks of a score that reads 0 at NLTK's four decimals ([nltkZeroReason]).
func ZeroReason(r scoring.Result) string {
	if r.NLTK != nil {
		return nltkZeroReason(r)
	}
	switch {
	case r.Score != 0:
		return ""
	case r.SysLen == 0 && r.RefLen > 0: // BP is 0 too: no smoothing or order helps
		return "the hypotheses are empty"
	case r.NoMatch:
		return "nothing matched"
	}
	for i, p := range r.Precisions[:min(r.EffOrder, len(r.Precisions))] {
		switch {
		case p != 0:
		case r.Cut > 0 && i+1 >= r.Cut: // the orders from a cut keep precision 0
			return fmt.Sprintf("no %d-grams", r.Cut)
		default:
			return fmt.Sprintf("no %d-gram matched", i+1)
		}
	}
	return ""
}

// nltkZeroReason is [ZeroReason] for an NLTK score, which reads 0 far
// more often than it is 0: method0 stands the smallest normal float in for
// a precision of 0, which leaves a score such as 6.2e-78. It says "the
// hypotheses are empty", "nothing matched" (no unigram did: NLTK returns
// 0 before any smoothing), or "no 4-gram matched" for the first order
// with a weight above 0 and no match; "" for a score that reads above 0
// or that no order makes 0.
func nltkZeroReason(r scoring.Result) string {
	switch {
	case !readsZero(r.Score, ScoreDecimals(true)):
		return ""
	case r.SysLen == 0 && r.RefLen > 0:
		return "the hypotheses are empty"
	case r.NoMatch:
		return "nothing matched"
	}
	w := r.NLTK.Weights
	for i := range min(len(w), len(r.Counts)) {
		if r.Counts[i] == 0 && w[i] > 0 {
			return fmt.Sprintf("no %d-gram matched", i+1)
		}
	}
	return ""
}

// zeroFixes names the flags that would score st above 0 where opt scores
// it 0, each tried on st: the other smoothing methods at their default
// values ("--smooth exp, floor or add-k"), a --smooth-value above 0 for
// floor or add-k at 0, and effective order; "" when none would (nothing
// matched). For nltk compat see [nltkZeroFixes].
func zeroFixes(st scoring.Stats, opt scoring.Options) string {
	lifts := func(o scoring.Options) bool { return scoring.Score(st, o) > 0 }
	var methods, fixes []string
	for _, m := range []string{scoring.SmoothExp, scoring.SmoothFloor, scoring.SmoothAddK} {
		o := opt
		o.Smooth, o.SmoothValue = m, scoring.DefaultSmoothValue(m)
		if m != opt.Smooth && lifts(o) {
			methods = append(methods, m)
		}
	}
	if len(methods) > 0 {
		fixes = append(fixes, "--smooth "+orList(methods))
	}
	if o := opt; scoring.TakesSmoothValue(o.Smooth) && o.SmoothValue == 0 {
		if o.SmoothValue = scoring.DefaultSmoothValue(o.Smooth); lifts(o) {
			fixes = append(fixes, "--smooth-value "+strconv.FormatFloat(o.SmoothValue, 'g', -1, 64))
		}
	}
	if o := opt; !o.EffectiveOrder {
		if o.EffectiveOrder = true; lifts(o) {
			fixes = append(fixes, "--effective-order")
		}
	}
	return orList(fixes)
}

// nltkZeroFixes names NLTK's flags that would make st, which reads 0
// under opt ([nltkZeroReason]), read above 0, each tried on st with last,
// the corpus's last segment (methods 5 to 7 read it): the other smoothing
// methods with the parameters in effect ("--nltk-smoothing 1, 2 or 4"),
// --auto-reweigh, and even weights over the orders before the first with a
// weight and no match ("--weights 0.33,0.33,0.33": the weights as written,
// which are those tried); "" when none would.
func nltkZeroFixes(st scoring.Stats, opt scoring.Options, last scoring.LastSegment) string {
	lifts := func(o scoring.Options) bool {
		r, err := scoring.Evaluate(st, o, last)
		return err == nil && !readsZero(r.Score, ScoreDecimals(true))
	}
	var methods, fixes []string
	for m := range scoring.MaxNLTKMethod + 1 {
		o := opt
		o.NLTK.Smoothing.Method = m
		if m != opt.NLTK.Smoothing.Method && lifts(o) {
			methods = append(methods, strconv.Itoa(m))
		}
	}
	if len(methods) > 0 {
		fixes = append(fixes, "--nltk-smoothing "+orList(methods))
	}
	if o := opt; !o.NLTK.AutoReweigh {
		if o.NLTK.AutoReweigh = true; lifts(o) {
			fixes = append(fixes, "--auto-reweigh")
		}
	}
	if w, text := matchedWeights(st, opt.NLTKWeights()); w != nil {
		o := opt
		o.MaxOrder, o.NLTK.Weights = len(w), scoring.NewWeights(w)
		if lifts(o) {
			fixes = append(fixes, "--weights "+text)
		}
	}
	return orList(fixes)
}

// matchedWeights are even weights over the orders before the first that
// has a weight in w and no match in st, each 1/k to two significant
// digits, and the text of them that --weights reads ("0.33,0.33,0.33");
// nil when every weighed order matched or the first did not.
func matchedWeights(st scoring.Stats, w []float64) ([]float64, string) {
	k := 0
	for k < len(w) && (st.Matches[k] > 0 || w[k] <= 0) {
		k++
	}
	if k == 0 || k == len(w) {
		return nil, ""
	}
	one := strconv.FormatFloat(1/float64(k), 'g', 2, 64)
	v, _ := strconv.ParseFloat(one, 64)
	return slices.Repeat([]float64{v}, k), strings.Repeat(","+one, k)[1:]
}

// orList joins words as a person lists choices: "a", "a or b", "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// ZeroNote says why system sys of ds's corpus BLEU is exactly 0
// ([ZeroReason]) and which flags would score it above 0, each tried on its
// summed statistics: "BLEU is 0 (no 4-grams); --smooth add-k or
// --effective-order would score it above 0"; "" for a score above 0. In
// nltk compat it speaks of a score that reads 0: "BLEU reads 0.0000 (no
// 3-gram matched); --nltk-smoothing 1, 2, 3, 4, 5 or 7 or --weights
// 0.5,0.5 would score it above 0.0000" ([nltkZeroFixes]). score's
// text gives it on standard error, its standard output being sacrebleu's
// (or NLTK's) line exactly.
func (s *Scored) ZeroNote(ds *Dataset, sys int) string {
	ss := &s.Systems[sys]
	why := ZeroReason(ss.Corpus)
	if why == "" || ss.CorpusErr != nil {
		return ""
	}
	opt := s.Settings.Corpus
	if opt.Compat != scoring.CompatNLTK {
		note := "BLEU is 0 (" + why + ")"
		if fix := zeroFixes(ss.sum, opt); fix != "" {
			note += "; " + fix + " would score it above 0"
		}
		return note
	}
	zero := FormatScore(0, true)
	note := "BLEU reads " + zero + " (" + why + ")"
	var last scoring.LastSegment
	if n := ds.Len(); n > 0 {
		last = scoring.LastSegment{Hyp: ds.Systems[sys].Hyps[n-1], Refs: ds.SegmentRefs(n-1, nil)}
	}
	if fix := nltkZeroFixes(ss.sum, opt, last); fix != "" {
		note += "; " + fix + " would score it above " + zero
	}
	return note
}
