package scoring

import (
	"errors"
	"strconv"
	"strings"
)

// ChrFMaxOrder is the highest character or word n-gram order
// [ChrFOptions] accept.
const ChrFMaxOrder = 32

// ChrFMaxBeta is the highest beta [ChrFOptions] accept: the largest
// whose square, plus one, is a 64-bit integer, which sacrebleu's Python
// ints give exactly and floats then round once.
const ChrFMaxBeta = 3037000499

// ChrFOptions is everything that changes a chrF figure; the fields map one
// to one onto sacrebleu 2.6.0's CHRF(char_order, word_order, beta,
// lowercase, whitespace, eps_smoothing). Start from [DefaultChrFOptions].
type ChrFOptions struct {
	// CharOrder is the highest character n-gram order (sacrebleu: 6).
	CharOrder int
	// WordOrder is the highest word n-gram order: 0 for chrF, 2 for chrF++.
	WordOrder int
	// Beta weighs recall beta times as much as precision (sacrebleu: 2).
	Beta int
	// Lowercase applies Python's str.lower() to hypothesis and references.
	Lowercase bool
	// Whitespace keeps whitespace characters in the character n-grams;
	// by default every whitespace character is removed first.
	Whitespace bool
	// EpsSmoothing averages the F-scores of all orders, an order without
	// n-grams scoring eps, as chrF++.py, Moses and NLTK do. By default the
	// precisions and recalls are averaged over the orders where both the
	// hypothesis and the reference have n-grams (sacrebleu's effective
	// order, signature eff:yes).
	EpsSmoothing bool
}

// DefaultChrFOptions returns sacrebleu's chrF defaults: character order 6,
// no word n-grams, beta 2, mixed case, whitespace removed, effective order.
func DefaultChrFOptions() ChrFOptions {
	return ChrFOptions{CharOrder: 6, Beta: 2}
}

// ChrFPlusPlusOptions returns sacrebleu's chrF++ defaults: the chrF defaults
// with word order 2.
func ChrFPlusPlusOptions() ChrFOptions {
	o := DefaultChrFOptions()
	o.WordOrder = 2
	return o
}

// Validate reports the first thing wrong with o as an [*OptionError]
// naming the option, whose text can be shown to a user as it is.
func (o ChrFOptions) Validate() error {
	if o.CharOrder < 0 || o.CharOrder > ChrFMaxOrder {
		return badNumber(OptChrFCharOrder, o.CharOrder, "is not between 0 and %d", ChrFMaxOrder)
	}
	if o.WordOrder < 0 || o.WordOrder > ChrFMaxOrder {
		return badNumber(OptChrFWordOrder, o.WordOrder, "is not between 0 and %d", ChrFMaxOrder)
	}
	if o.CharOrder+o.WordOrder == 0 {
		return badOption("", "chrF needs a character order or a word order above 0")
	}
	if o.Beta < 0 || int64(o.Beta) > ChrFMaxBeta {
		return badNumber(OptChrFBeta, o.Beta, "is not between 0 and %d", ChrFMaxBeta)
	}
	return nil
}

// Orders returns the number of n-gram orders, CharOrder + WordOrder.
func (o ChrFOptions) Orders() int { return o.CharOrder + o.WordOrder }

// Width returns the length of a chrF statistics vector: three numbers
// (hypothesis n-grams, reference n-grams, matches) per order, character
// orders 1..CharOrder first, then word orders 1..WordOrder.
func (o ChrFOptions) Width() int { return 3 * o.Orders() }

// Name returns the score's name as sacrebleu prints it: chrF<beta> and one
// "+" per word order (chrF2, chrF2++).
func (o ChrFOptions) Name() string {
	return "chrF" + strconv.Itoa(o.Beta) + strings.Repeat("+", o.WordOrder)
}

// ChrFSignature returns sacrebleu's chrF signature, such as
// nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:0.1.0. nrefs is
// the number of references per segment, or [VariableRefs].
func ChrFSignature(o ChrFOptions, nrefs int, version string) string {
	return chrfSignature(o, nrefs, version, false)
}

// ChrFShortSignature returns the short form of [ChrFSignature]:
// #:1|c:mixed|e:yes|nc:6|nw:0|s:no|v:0.1.0.
func ChrFShortSignature(o ChrFOptions, nrefs int, version string) string {
	return chrfSignature(o, nrefs, version, true)
}

func chrfSignature(o ChrFOptions, nrefs int, version string, short bool) string {
	keys := [...]string{"nrefs", "case", "eff", "nc", "nw", "space", "version"}
	if short {
		keys = [...]string{"#", "c", "e", "nc", "nw", "s", "v"}
	}
	vals := [...]string{refsField(nrefs), yesNo(o.Lowercase, "lc", "mixed"), yesNo(!o.EpsSmoothing, "yes", "no"),
		strconv.Itoa(o.CharOrder), strconv.Itoa(o.WordOrder), yesNo(o.Whitespace, "yes", "no"), version}
	return joinFields(keys[:], vals[:])
}

// chrfEps is the value sacrebleu gives a precision or recall whose
// denominator is 0, and the F-score of an order whose F denominator is 0
// in eps smoothing.
const chrfEps = 1e-16

// ChrFScore returns sacrebleu's chrF score (0..100) of a statistics vector
// laid out as [ChrFOptions.Width] says: one segment's, or the sum over the
// segments of a corpus. It follows CHRF._compute_f_score operation by
// operation. It panics if len(stats) is not o.Width().
func ChrFScore(stats []int, o ChrFOptions) float64 {
	if len(stats) != o.Width() {
		panic("scoring: ChrFScore: statistics vector of the wrong width")
	}
	return chrfScore(len(stats)/3, o.Beta, o.EpsSmoothing, false, func(i int) float64 { return float64(stats[i]) })
}

// ChrFScoreSums is [ChrFScore] on statistics summed as floats, as the
// significance tests hold them. With float32Div the per-order precision
// and recall are float32 divisions, as sacrebleu computes them on a
// float32 numpy row (bootstrap resamples); everything else stays float64.
func ChrFScoreSums(sums []float64, o ChrFOptions, float32Div bool) float64 {
	if len(sums) != o.Width() {
		panic("scoring: ChrFScoreSums: statistics vector of the wrong width")
	}
	return chrfScore(len(sums)/3, o.Beta, o.EpsSmoothing, float32Div, func(i int) float64 { return sums[i] })
}

// chrfScore is CHRF._compute_f_score over orders triples read by at.
func chrfScore(orders, beta int, epsSmoothing, float32Div bool, at func(int) float64) float64 {
	// beta**2 and 1 + beta**2 are Python ints, each rounded once to a
	// float where a float meets them.
	square := int64(beta) * int64(beta)
	factor, onePlus := float64(square), float64(square+1)
	div := func(a, b float64) float64 {
		if float32Div {
			return float64(float32(a) / float32(b))
		}
		return a / b
	}
	score, avgPrec, avgRec := 0.0, 0.0, 0.0
	effective := 0
	for i := 0; i < orders; i++ {
		hyp, ref, match := at(3*i), at(3*i+1), at(3*i+2)
		prec, rec := chrfEps, chrfEps
		if hyp > 0 {
			prec = div(match, hyp)
		}
		if ref > 0 {
			rec = div(match, ref)
		}
		if denom := factor*prec + rec; denom > 0 {
			score += onePlus * prec * rec / denom
		} else {
			score += chrfEps
		}
		if hyp > 0 && ref > 0 {
			avgPrec += prec
			avgRec += rec
			effective++
		}
	}
	if epsSmoothing {
		return 100 * score / float64(orders)
	}
	if effective == 0 {
		avgPrec, avgRec = 0, 0
	} else {
		avgPrec /= float64(effective)
		avgRec /= float64(effective)
	}
	if avgPrec+avgRec == 0 {
		return 0
	}
	score = onePlus * avgPrec * avgRec
	score /= factor*avgPrec + avgRec
	return 100 * score
}

// ErrNoReference is returned when a segment has no reference at all, which
// sacrebleu's chrF and TER cannot score either.
var ErrNoReference = errors.New("scoring: a segment has no reference")

// SentenceChrF returns sacrebleu's CHRF.sentence_score of hyp against refs
// and the segment's statistics vector (those of the first reference with
// the highest F-score).
func SentenceChrF(hyp string, refs []string, o ChrFOptions) (float64, []int, error) {
	s, err := NewChrFScorer(o)
	if err != nil {
		return 0, nil, err
	}
	if len(refs) == 0 {
		return 0, nil, ErrNoReference
	}
	st := s.Segment(nil, hyp, refs)
	return ChrFScore(st, o), st, nil
}
