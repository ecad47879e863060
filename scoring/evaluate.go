package scoring

// LastSegment is the text of the last segment of a corpus (or the segment
// itself for a sentence score). NLTK's smoothing methods 5 to 7 use it; the
// other methods and sacrebleu do not.
type LastSegment struct {
	Hyp  string
	Refs []string
}

// ReadsLastSegment reports whether scores under o read the text of the
// last segment ([LastSegment]): NLTK's smoothing methods 5 to 7 do.
func (o Options) ReadsLastSegment() bool {
	return o.Compat == CompatNLTK && o.NLTK.Smoothing.Method >= 5
}

// Evaluate turns summed statistics into a score under opt's compat:
// [Compute] for sacrebleu, NLTK's corpus_bleu arithmetic for nltk (on
// NLTK's 0-1 scale, with Result.NLTK holding every step). An error means
// NLTK itself would raise (method6 on short input, for example).
func Evaluate(st Stats, opt Options, last LastSegment) (Result, error) {
	if opt.Compat != CompatNLTK {
		return Compute(st, opt), nil
	}
	N := opt.MaxOrder
	t := NLTKTotals{
		Num:    append([]int(nil), st.Matches[:N]...),
		Den:    append([]int(nil), st.Totals[:N]...),
		HypLen: st.HypLen,
		RefLen: st.RefLen,
	}
	var hyp []string
	var refs [][]string
	if opt.ReadsLastSegment() {
		tok, err := NewTokenizer(opt.Tokenize)
		if err != nil {
			return Result{}, err
		}
		hyp = Preprocess(tok, opt.Lowercase, nil, last.Hyp)
		for _, r := range last.Refs {
			refs = append(refs, Preprocess(tok, opt.Lowercase, nil, r))
		}
	}
	steps, err := NLTKStepsFromTotals(t, refs, hyp, opt.NLTKWeights(), opt.NLTK.Smoothing, opt.NLTK.AutoReweigh)
	if err != nil {
		return Result{}, err
	}
	r := nltkResult(st, N, steps.BP.Value)
	r.Score, r.NoMatch, r.NLTK = steps.Score.Value, steps.NoMatch, &steps
	r.LogSum, r.LogMean = steps.LogSum, steps.LogSum
	if !steps.NoMatch {
		r.GeoMean = crExp(steps.LogSum)
	}
	for n := 0; n < N; n++ {
		r.Counts[n], r.Totals[n] = float64(t.Num[n]), float64(t.Den[n])
		if n < len(steps.Smoothed) {
			r.Precisions[n] = steps.Smoothed[n]
			r.Smoothed[n] = steps.Smoothed[n] != float64(t.Num[n])/float64(t.Den[n])
		}
	}
	return r, nil
}

// nltkResult is the part of an NLTK result that st and the brevity
// penalty bp give: the lengths, their ratio and room for n orders.
func nltkResult(st Stats, n int, bp float64) Result {
	r := Result{
		Counts:     make([]float64, n),
		Totals:     make([]float64, n),
		Precisions: make([]float64, n),
		Smoothed:   make([]bool, n),
		BP:         bp,
		SysLen:     st.HypLen,
		RefLen:     st.RefLen,
		EffOrder:   n,
	}
	if st.RefLen > 0 {
		r.Ratio = float64(st.HypLen) / float64(st.RefLen)
	}
	return r
}

// EvaluateUnsmoothed is what [Evaluate] gives st without smoothing
// ([Options.WithoutSmoothing]): what a score would be had smoothing not
// stood in for a zero precision. Method0 reads no last segment, so none
// is needed.
func EvaluateUnsmoothed(st Stats, opt Options) (Result, error) {
	return Evaluate(st, opt.WithoutSmoothing(), LastSegment{})
}

// NLTKBeforeSmoothing is what NLTK's corpus_bleu has computed from st
// before it smooths: every order's precision num/den of orders
// 1..maxOrder, unsmoothed (0 where den is 0), and the brevity penalty,
// which it computes first. It is what there is to show for a segment NLTK
// raises on; Score, the logs and the means are 0 and NLTK is nil.
func NLTKBeforeSmoothing(st Stats, maxOrder int) Result {
	r := nltkResult(st, maxOrder, NLTKBrevityPenalty(st.RefLen, st.HypLen).Value)
	for i := range maxOrder {
		r.Counts[i], r.Totals[i] = float64(st.Matches[i]), float64(st.Totals[i])
		if st.Totals[i] > 0 {
			r.Precisions[i] = r.Counts[i] / r.Totals[i]
		}
	}
	return r
}
