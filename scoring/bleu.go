package scoring

import "math"

// Result is a BLEU score with everything that went into it, on sacrebleu's
// 0-100 scale (or NLTK's 0-1 scale in nltk compat).
type Result struct {
	// Score is the BLEU score.
	Score float64
	// Counts and Totals are the matches and n-gram totals per order as
	// sacrebleu reports them: with add-k they include the added k.
	Counts, Totals []float64
	// Precisions are the n-gram precisions (percent), after smoothing.
	Precisions []float64
	// Smoothed marks the precisions that smoothing replaced or changed.
	Smoothed []bool
	// BP is the brevity penalty.
	BP float64
	// Ratio is SysLen/RefLen (0 when RefLen is 0).
	Ratio float64
	// SysLen and RefLen are the hypothesis and (closest) reference lengths.
	SysLen, RefLen int
	// EffOrder is the number of orders in the geometric mean: MaxOrder,
	// or fewer with effective order.
	EffOrder int
	// NoMatch is set when no n-gram of any order matched: the score is 0
	// before any smoothing (sacrebleu's early return).
	NoMatch bool
	// Cut is the first order whose total was 0, which ends the precisions
	// (0 when none was).
	Cut int
	// NLTK holds NLTK's steps in nltk compat (nil for sacrebleu); then
	// Precisions are on NLTK's 0-1 scale.
	NLTK *NLTKSteps
}

// noLog is what sacrebleu uses for log(0).
const noLog = -9999999999

// BrevityPenalty returns sacrebleu's brevity penalty for a hypothesis of
// sysLen tokens against a reference length refLen: 1 when sysLen ≥ refLen,
// 0 when sysLen is 0, else exp(1 − refLen/sysLen).
func BrevityPenalty(sysLen, refLen int) float64 {
	if sysLen >= refLen {
		return 1
	}
	if sysLen == 0 {
		return 0
	}
	return math.Exp(1 - float64(refLen)/float64(sysLen))
}

// Compute turns summed statistics into sacrebleu's BLEU score under opt,
// performing the arithmetic in sacrebleu's order so that the figures agree
// to the last bit wherever log and exp allow. For nltk compat use
// [ComputeNLTK].
func Compute(st Stats, opt Options) Result {
	N := opt.MaxOrder
	r := Result{
		Counts:     make([]float64, N),
		Totals:     make([]float64, N),
		Precisions: make([]float64, N),
		Smoothed:   make([]bool, N),
		SysLen:     st.HypLen,
		RefLen:     st.RefLen,
		BP:         BrevityPenalty(st.HypLen, st.RefLen),
		EffOrder:   N,
	}
	if st.RefLen > 0 {
		r.Ratio = float64(st.HypLen) / float64(st.RefLen)
	}
	any := false
	for n := 0; n < N; n++ {
		r.Counts[n] = float64(st.Matches[n])
		r.Totals[n] = float64(st.Totals[n])
		any = any || st.Matches[n] != 0
	}
	if !any {
		r.NoMatch = true
		return r
	}
	value := opt.SmoothValue
	mteval := 1.0
	for n := 1; n <= N; n++ {
		i := n - 1
		if opt.Smooth == SmoothAddK && n > 1 {
			r.Counts[i] += value
			r.Totals[i] += value
			r.Smoothed[i] = value != 0
		}
		if r.Totals[i] == 0 {
			r.Cut = n
			break
		}
		if opt.EffectiveOrder {
			r.EffOrder = n
		}
		if r.Counts[i] == 0 {
			switch opt.Smooth {
			case SmoothExp:
				mteval *= 2
				r.Precisions[i] = 100 / (mteval * r.Totals[i])
				r.Smoothed[i] = true
			case SmoothFloor:
				r.Precisions[i] = 100 * value / r.Totals[i]
				r.Smoothed[i] = true
			}
		} else {
			r.Precisions[i] = 100 * r.Counts[i] / r.Totals[i]
		}
	}
	sum := 0.0
	for _, p := range r.Precisions[:r.EffOrder] {
		sum += logOrNo(p)
	}
	r.Score = r.BP * math.Exp(sum/float64(r.EffOrder))
	return r
}

func logOrNo(p float64) float64 {
	if p == 0 {
		return noLog
	}
	return math.Log(p)
}
