package scoring

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
	// Logs are the terms of the geometric mean, log(p_n) for the first
	// EffOrder orders (sacrebleu's -9999999999 for a zero precision), and
	// LogSum their sum, accumulated left to right: Score = BP·exp(LogSum/EffOrder).
	// In nltk compat Logs is nil and LogSum is NLTK's fsum of w_n·log p_n.
	Logs   []float64
	LogSum float64
	// LogMean is the exponent GeoMean is exp of: LogSum/EffOrder for
	// sacrebleu, LogSum itself in nltk compat (its weights are in the sum).
	LogMean float64
	// GeoMean is the (weighted) geometric mean of the precisions, the
	// score before the brevity penalty: Score = BP·GeoMean.
	GeoMean float64
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
	return bpRatio(sysLen, refLen)
}

// BrevityExponent returns 1 − refLen/sysLen, the exponent of the brevity
// penalty exp(1 − r/c) for a hypothesis of sysLen > 0 tokens.
func BrevityExponent(sysLen, refLen int) float64 {
	return 1 - float64(refLen)/float64(sysLen)
}

// Compute turns summed statistics into sacrebleu's BLEU score under opt,
// performing the arithmetic in sacrebleu's order, with correctly rounded
// log and exp as CPython's math library gives them, so that the figures
// agree to the last bit. For nltk compat use [Evaluate].
func Compute(st Stats, opt Options) Result {
	a := arithmetic(st, opt)
	N := opt.MaxOrder
	return Result{
		Score:      a.score,
		Counts:     append([]float64(nil), a.counts[:N]...),
		Totals:     append([]float64(nil), a.totals[:N]...),
		Precisions: append([]float64(nil), a.prec[:N]...),
		Smoothed:   append([]bool(nil), a.smoothed[:N]...),
		BP:         a.bp,
		Ratio:      a.ratio,
		SysLen:     st.HypLen,
		RefLen:     st.RefLen,
		EffOrder:   a.effOrder,
		Logs:       append([]float64(nil), a.logs[:a.nlogs]...),
		LogSum:     a.logSum,
		LogMean:    a.logMean,
		GeoMean:    a.geoMean,
		NoMatch:    a.noMatch,
		Cut:        a.cut,
	}
}

// Score is [Compute]'s score alone, without allocating: for scoring many
// segments at once.
func Score(st Stats, opt Options) float64 {
	return arithmetic(st, opt).score
}

// figures is what [Compute] computes, in fixed-size arrays.
type figures struct {
	score, bp, ratio, logSum   float64
	logMean, geoMean           float64
	counts, totals, prec, logs [MaxOrderLimit]float64
	nlogs                      int
	smoothed                   [MaxOrderLimit]bool
	effOrder, cut              int
	noMatch                    bool
}

// arithmetic is sacrebleu's compute_bleu, step for step.
func arithmetic(st Stats, opt Options) figures {
	N := opt.MaxOrder
	r := figures{bp: BrevityPenalty(st.HypLen, st.RefLen), effOrder: N}
	if st.RefLen > 0 {
		r.ratio = float64(st.HypLen) / float64(st.RefLen)
	}
	any := false
	for n := 0; n < N; n++ {
		r.counts[n] = float64(st.Matches[n])
		r.totals[n] = float64(st.Totals[n])
		any = any || st.Matches[n] != 0
	}
	if !any {
		r.noMatch = true
		return r
	}
	value := opt.SmoothValue
	mteval := 1.0
	for n := 1; n <= N; n++ {
		i := n - 1
		if opt.Smooth == SmoothAddK && n > 1 {
			r.counts[i] += value
			r.totals[i] += value
			r.smoothed[i] = value != 0
		}
		if r.totals[i] == 0 {
			r.cut = n
			break
		}
		if opt.EffectiveOrder {
			r.effOrder = n
		}
		// r.logs[i] is log(prec[i]); it is computed here, where the
		// precision is still a ratio, so common ratios come from a table.
		if r.counts[i] == 0 {
			switch opt.Smooth {
			case SmoothExp:
				mteval *= 2
				r.prec[i] = 100 / (mteval * r.totals[i])
				r.logs[i] = logRatio(1, mteval*r.totals[i])
				r.smoothed[i] = true
			case SmoothFloor:
				r.prec[i] = 100 * value / r.totals[i]
				r.logs[i] = logOrNo(r.prec[i])
				r.smoothed[i] = true
			default:
				r.logs[i] = noLog
			}
		} else {
			r.prec[i] = 100 * r.counts[i] / r.totals[i]
			r.logs[i] = logRatio(r.counts[i], r.totals[i])
		}
	}
	for i := range r.effOrder {
		if r.prec[i] == 0 { // orders after a cut keep precision 0
			r.logs[i] = noLog
		}
		r.logSum += r.logs[i]
	}
	r.nlogs = r.effOrder
	r.logMean = r.logSum / float64(r.effOrder)
	r.geoMean = crExp(r.logMean)
	r.score = r.bp * r.geoMean
	return r
}

func logOrNo(p float64) float64 {
	if p == 0 {
		return noLog
	}
	return crLog(p)
}
