package scoring

import (
	"errors"
	"fmt"
	"math"
	"strconv"
)

// This file reproduces nltk.translate.bleu_score of NLTK 3.8 on NLTK's 0-1
// scale, quirks included; the smoothing methods are in nltk_smooth.go.
// Python's operations are followed one for one (Fractions exact, floats
// rounded where Python rounds them, math.fsum for the weighted log sum, and
// correctly rounded log and exp as the C library nearly always gives), so
// results agree with NLTK to the last bit but in rare halfway cases.

// NLTKError is an exception NLTK 3.8 raises for the same input, such as
// method6's AssertionError on short input or a KeyError for a segment
// without references. Its text is "scoring: nltk: Type: message".
type NLTKError struct {
	Exception string // Python exception type, e.g. "AssertionError"
	Message   string // Python's message for it
}

// Error implements error.
func (e *NLTKError) Error() string {
	return "scoring: nltk: " + e.Exception + ": " + e.Message
}

// NLTKErrorText is an error as NLTK's Python would print it
// ("ZeroDivisionError: …") when err is an [NLTKError], else err's text.
func NLTKErrorText(err error) string {
	var e *NLTKError
	if errors.As(err, &e) {
		return e.Exception + ": " + e.Message
	}
	return err.Error()
}

func pyError(exception, message string) error {
	return &NLTKError{Exception: exception, Message: message}
}

// errNLTKTotals reports totals that hold fewer orders than the weights need.
var errNLTKTotals = errors.New("scoring: nltk: totals hold fewer n-gram orders than the weights need")

// NLTKScore is a number as NLTK returns it, on NLTK's 0-1 scale. IsInt
// reports that NLTK returned a Python int rather than a float: the int 0
// of corpus_bleu and sentence_bleu when no unigram matches, and the int 1 or
// 0 of brevity_penalty. Warnings counts the Python warnings the whole call
// emits (method0 warns once per order with no match).
type NLTKScore struct {
	Value    float64
	IsInt    bool
	Warnings int
}

// NLTKTotals is what NLTK's corpus_bleu accumulates over segments, indexed
// by order n at n-1: Num sums the clipped n-gram matches and Den sums
// max(1, number of hypothesis n-grams) per segment; HypLen sums hypothesis
// lengths and RefLen the closest reference lengths. Totals of segments add
// up with Add, so a corpus of any size is scored from its sum.
type NLTKTotals struct {
	Num, Den       []int
	HypLen, RefLen int
}

// Add adds u to t, growing t to u's number of orders if needed.
func (t *NLTKTotals) Add(u NLTKTotals) {
	for len(t.Num) < len(u.Num) {
		t.Num = append(t.Num, 0)
	}
	for len(t.Den) < len(u.Den) {
		t.Den = append(t.Den, 0)
	}
	for i, v := range u.Num {
		t.Num[i] += v
	}
	for i, v := range u.Den {
		t.Den[i] += v
	}
	t.HypLen += u.HypLen
	t.RefLen += u.RefLen
}

// NLTKSteps is one NLTK BLEU computation step by step, for a walk-through:
// the precisions before and after smoothing, the weights actually used,
// the brevity penalty, the fsum of the weighted logs and the score.
type NLTKSteps struct {
	// Num and Den are the un-normalised Fraction NLTK builds per order.
	Num, Den []int
	// HypLen (c) and RefLen (r) give BP = brevity_penalty(r, c).
	HypLen, RefLen int
	BP             NLTKScore
	// NoMatch reports that no unigram matched: NLTK returns the int 0
	// before smoothing, and the fields below stay empty.
	NoMatch bool
	// Smoothed holds float(p_n) after smoothing, one per order; Exact holds
	// "num/den" where Python still holds an exact Fraction, else "".
	Smoothed []float64
	Exact    []string
	// Weights are the weights used, after auto_reweigh (Reweighted).
	Weights    []float64
	Reweighted bool
	// Used[i] is false when the smoothed p_n is not positive: NLTK drops
	// the order and its weight. Terms[i] is w_n * log(p_n) for used orders.
	Used  []bool
	Terms []float64
	// LogSum is math.fsum of the used terms; Score = BP * exp(LogSum).
	LogSum float64
	Score  NLTKScore
}

// NLTKModifiedPrecision is NLTK's modified_precision: the Fraction
// num/den, un-normalised as NLTK returns it, of clipped n-gram matches over
// max(1, number of hypothesis n-grams). With no references it fails with
// NLTK's KeyError as soon as the hypothesis has an n-gram.
func NLTKModifiedPrecision(refs [][]string, hyp []string, n int) (num, den int, err error) {
	if n < 0 {
		return 0, 0, pyError("ValueError", "n must be >= 0")
	}
	c := newNLTKClipCounter(refs, hyp)
	num, den, err = c.order(n)
	return num, den, err
}

// NLTKClosestRefLength is NLTK's closest_ref_length: the length of the
// reference closest to hypLen, the shorter one on a tie. With no
// references it fails with NLTK's ValueError.
func NLTKClosestRefLength(refs [][]string, hypLen int) (int, error) {
	if len(refs) == 0 {
		return 0, pyError("ValueError", "min() arg is an empty sequence")
	}
	best := len(refs[0])
	for _, r := range refs[1:] {
		l := len(r)
		d, bd := pyAbs(l-hypLen), pyAbs(best-hypLen)
		if d < bd || d == bd && l < best {
			best = l
		}
	}
	return best, nil
}

// NLTKBrevityPenalty is NLTK's brevity_penalty (note its argument order):
// the int 1 when hypLen > closestRefLen, the int 0 when hypLen is 0, and
// the float exp(1 - r/c) otherwise, 1.0 included.
func NLTKBrevityPenalty(closestRefLen, hypLen int) NLTKScore {
	switch {
	case hypLen > closestRefLen:
		return NLTKScore{Value: 1, IsInt: true}
	case hypLen == 0:
		return NLTKScore{Value: 0, IsInt: true}
	}
	ratio, _ := pyDiv(pyIntOf(closestRefLen), pyIntOf(hypLen))
	return NLTKScore{Value: crExp(1 - ratio.f)}
}

// NLTKSegmentTotals returns one segment's NLTKTotals for orders
// 1..maxOrder, failing where NLTK's corpus_bleu fails on that segment.
func NLTKSegmentTotals(refs [][]string, hyp []string, maxOrder int) (NLTKTotals, error) {
	t := NLTKTotals{Num: make([]int, maxOrder), Den: make([]int, maxOrder), HypLen: len(hyp)}
	c := newNLTKClipCounter(refs, hyp)
	for n := 1; n <= maxOrder; n++ {
		num, den, err := c.order(n)
		if err != nil {
			return NLTKTotals{}, err
		}
		t.Num[n-1], t.Den[n-1] = num, den
	}
	r, err := NLTKClosestRefLength(refs, len(hyp))
	if err != nil {
		return NLTKTotals{}, err
	}
	t.RefLen = r
	return t, nil
}

// NLTKSentenceBLEU is NLTK's sentence_bleu(refs, hyp, weights,
// smoothing_function, auto_reweigh), which is corpus_bleu on one segment.
func NLTKSentenceBLEU(refs [][]string, hyp []string, weights []float64, sm NLTKSmoothing, autoReweigh bool) (NLTKScore, error) {
	return NLTKCorpusBLEU([][][]string{refs}, [][]string{hyp}, weights, sm, autoReweigh)
}

// NLTKCorpusBLEU is NLTK's corpus_bleu with one weight vector of any
// length. It sums the segments' NLTKTotals and scores the sum with
// NLTKCorpusFromTotals, passing the last segment for methods 5 to 7.
func NLTKCorpusBLEU(refs [][][]string, hyps [][]string, weights []float64, sm NLTKSmoothing, autoReweigh bool) (NLTKScore, error) {
	scores, err := NLTKCorpusBLEUMulti(refs, hyps, [][]float64{weights}, sm, autoReweigh)
	if err != nil {
		return NLTKScore{}, err
	}
	return scores[0], nil
}

// NLTKCorpusBLEUMulti is NLTK's corpus_bleu given a list of weight
// vectors: the precisions are counted and smoothed once, up to the longest
// vector, and one score is returned per vector (each carrying the call's
// warnings). sentence_bleu with a list of weights is this on one segment.
func NLTKCorpusBLEUMulti(refs [][][]string, hyps [][]string, weightSets [][]float64, sm NLTKSmoothing, autoReweigh bool) ([]NLTKScore, error) {
	if len(refs) != len(hyps) {
		return nil, pyError("AssertionError", "The number of hypotheses and their reference(s) should be the same ")
	}
	orders, err := maxOrderOf(weightSets)
	if err != nil {
		return nil, err
	}
	t := NLTKTotals{Num: make([]int, orders), Den: make([]int, orders)}
	for i := range hyps {
		seg, err := NLTKSegmentTotals(refs[i], hyps[i], orders)
		if err != nil {
			return nil, err
		}
		t.Add(seg)
	}
	var lastRefs [][]string
	var lastHyp []string
	if len(hyps) > 0 {
		lastRefs, lastHyp = refs[len(refs)-1], hyps[len(hyps)-1]
	}
	steps, err := nltkCompute(t, lastRefs, lastHyp, weightSets, sm, autoReweigh, false)
	if err != nil {
		return nil, err
	}
	scores := make([]NLTKScore, len(steps))
	for i, s := range steps {
		scores[i] = s.Score
	}
	return scores, nil
}

// NLTKCorpusFromTotals scores summed statistics as NLTK's corpus_bleu
// does, without the segments: lastRefs and lastHyp, the last segment's
// tokens, are all it needs besides t (methods 5 to 7 smooth with them, as
// NLTK does). t must hold at least len(weights) orders.
func NLTKCorpusFromTotals(t NLTKTotals, lastRefs [][]string, lastHyp []string, weights []float64, sm NLTKSmoothing, autoReweigh bool) (NLTKScore, error) {
	steps, err := nltkCompute(t, lastRefs, lastHyp, [][]float64{weights}, sm, autoReweigh, false)
	if err != nil {
		return NLTKScore{}, err
	}
	return steps[0].Score, nil
}

// NLTKStepsFromTotals is NLTKCorpusFromTotals with every intermediate
// value kept, for a walk-through. For one segment pass its own totals
// (NLTKSegmentTotals) and tokens.
func NLTKStepsFromTotals(t NLTKTotals, lastRefs [][]string, lastHyp []string, weights []float64, sm NLTKSmoothing, autoReweigh bool) (NLTKSteps, error) {
	steps, err := nltkCompute(t, lastRefs, lastHyp, [][]float64{weights}, sm, autoReweigh, true)
	if err != nil {
		return NLTKSteps{}, err
	}
	return steps[0], nil
}

// maxOrderOf is the longest weight vector, after NLTK's weights[0][0] probe.
func maxOrderOf(weightSets [][]float64) (int, error) {
	if len(weightSets) == 0 || len(weightSets[0]) == 0 {
		return 0, pyError("IndexError", "tuple index out of range")
	}
	orders := 0
	for _, w := range weightSets {
		orders = max(orders, len(w))
	}
	return orders, nil
}

// nltkCompute is the part of corpus_bleu after the segment loop.
func nltkCompute(t NLTKTotals, lastRefs [][]string, lastHyp []string, weightSets [][]float64, sm NLTKSmoothing, autoReweigh, detail bool) ([]NLTKSteps, error) {
	orders, err := maxOrderOf(weightSets)
	if err != nil {
		return nil, err
	}
	if len(t.Num) < orders || len(t.Den) < orders {
		return nil, errNLTKTotals
	}
	bp := NLTKBrevityPenalty(t.RefLen, t.HypLen)
	p := make([]pyNum, orders)
	for i := range p {
		if t.Den[i] == 0 {
			return nil, pyError("ZeroDivisionError", fmt.Sprintf("Fraction(%d, 0)", t.Num[i]))
		}
		p[i] = pyFraction(t.Num[i], t.Den[i])
	}

	steps := make([]NLTKSteps, len(weightSets))
	for i := range steps {
		steps[i] = NLTKSteps{HypLen: t.HypLen, RefLen: t.RefLen, BP: bp}
		if detail {
			steps[i].Num = append([]int(nil), t.Num[:orders]...)
			steps[i].Den = append([]int(nil), t.Den[:orders]...)
		}
	}
	if t.Num[0] == 0 {
		for i := range steps {
			steps[i].NoMatch = true
			steps[i].Score = NLTKScore{Value: 0, IsInt: true}
		}
		return steps, nil
	}

	s := nltkSmoother{NLTKSmoothing: sm, hypLen: t.HypLen, lastRefs: lastRefs, lastHyp: lastHyp}
	if p, err = s.apply(p); err != nil {
		return nil, err
	}
	var smoothed []float64
	var exact []string
	if detail {
		smoothed, exact = make([]float64, orders), make([]string, orders)
		for i, pi := range p {
			smoothed[i], _ = pi.float()
			exact[i] = pi.exactString()
		}
	}
	var buf [8]float64
	for i, weights := range weightSets {
		st := &steps[i]
		if autoReweigh && t.HypLen < 4 && isDefaultNLTKWeights(weights) {
			w := 1 / float64(t.HypLen)
			weights = make([]float64, t.HypLen)
			for j := range weights {
				weights[j] = w
			}
			st.Reweighted = true
		}
		n := min(len(weights), len(p))
		terms := buf[:0]
		if detail {
			st.Smoothed, st.Exact = smoothed, exact
			st.Weights = append([]float64(nil), weights...)
			st.Used, st.Terms = make([]bool, n), make([]float64, n)
		}
		for j := 0; j < n; j++ {
			if !p[j].positive() {
				continue
			}
			f, err := p[j].float()
			if err != nil {
				return nil, err
			}
			if f == 0 {
				return nil, pyError("ValueError", "math domain error")
			}
			term := weights[j] * crLog(f)
			terms = append(terms, term)
			if detail {
				st.Used[j], st.Terms[j] = true, term
			}
		}
		sum, err := fsum(terms)
		if err != nil {
			return nil, err
		}
		e := crExp(sum)
		if math.IsInf(e, 0) && !math.IsInf(sum, 0) {
			return nil, pyError("OverflowError", "math range error")
		}
		st.LogSum = sum
		st.Score = NLTKScore{Value: bp.Value * e, Warnings: s.warnings}
	}
	return steps, nil
}

// isDefaultNLTKWeights reports weights == (0.25, 0.25, 0.25, 0.25), the
// only weights NLTK's auto_reweigh replaces.
func isDefaultNLTKWeights(w []float64) bool {
	return len(w) == 4 && w[0] == 0.25 && w[1] == 0.25 && w[2] == 0.25 && w[3] == 0.25
}

// exactString is "num/den" for a Fraction (as NLTK holds it, so a raw one
// unreduced), the number for an int, and "" for a float.
func (x pyNum) exactString() string {
	switch {
	case x.kind == pyFloat:
		return ""
	case x.rat == nil && x.kind == pyInt:
		return strconv.Itoa(x.num)
	case x.rat == nil:
		return strconv.Itoa(x.num) + "/" + strconv.Itoa(x.den)
	case x.kind == pyInt:
		return x.rat.Num().String()
	}
	return x.rat.Num().String() + "/" + x.rat.Denom().String()
}
