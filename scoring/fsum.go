package scoring

// This file holds the parts of Python's math module that NLTK's arithmetic
// goes through: math.fsum, and math.log and math.exp. CPython's log and exp
// come from the C library, whose results are correctly rounded in all but
// about one case in a thousand; Go's math.Log and math.Exp differ from them
// in the last bit far more often (about one result in ten), so crLog and
// crExp below are correctly rounded instead.

import "math"

// fsum returns the correctly rounded sum of xs, the way Python's math.fsum
// computes it: Shewchuk's exact summation into non-overlapping partials,
// followed by a final round-half-even correction across the partials.
//
// Like math.fsum it reports an error (an *NLTKError of type OverflowError)
// when finite inputs overflow along the way, and one of type ValueError
// when +Inf and -Inf are both present. Any other infinity or NaN in xs is
// returned as the plain float sum of the non-finite inputs.
func fsum(xs []float64) (float64, error) {
	var partials []float64
	var stack [16]float64
	partials = stack[:0]
	special, infs := 0.0, 0.0

	for _, x := range xs {
		orig := x
		i := 0
		for _, y := range partials {
			if math.Abs(x) < math.Abs(y) {
				x, y = y, x
			}
			hi := x + y
			lo := y - (hi - x)
			if lo != 0 {
				partials[i] = lo
				i++
			}
			x = hi
		}
		partials = partials[:i]
		if x == 0 {
			continue
		}
		if math.IsInf(x, 0) || math.IsNaN(x) {
			// A non-finite running sum comes either from a non-finite
			// input or from overflow among finite inputs.
			if !math.IsInf(orig, 0) && !math.IsNaN(orig) {
				return 0, pyError("OverflowError", "intermediate overflow in fsum")
			}
			if math.IsInf(orig, 0) {
				infs += orig
			}
			special += orig
			partials = partials[:0]
			continue
		}
		partials = append(partials, x)
	}

	if special != 0 {
		if math.IsNaN(infs) {
			return 0, pyError("ValueError", "-inf + inf in fsum")
		}
		return special, nil
	}

	n := len(partials)
	if n == 0 {
		return 0, nil
	}
	n--
	hi := partials[n]
	lo := 0.0
	// Add the partials from the largest down while the sum stays exact.
	for n > 0 {
		x := hi
		n--
		y := partials[n]
		hi = x + y
		lo = y - (hi - x)
		if lo != 0 {
			break
		}
	}
	// When the rounding error lo points the same way as the next partial,
	// the true sum lies beyond the halfway point that lo alone suggests,
	// so round away from hi if that is representable.
	if n > 0 && ((lo < 0 && partials[n-1] < 0) || (lo > 0 && partials[n-1] > 0)) {
		y := lo * 2
		x := hi + y
		if y == x-hi {
			hi = x
		}
	}
	return hi, nil
}

// dd is an unevaluated sum hi + lo with |lo| <= ulp(hi)/2 (double-double),
// which carries about 106 bits: enough to round log and exp correctly
// except in cases vanishingly close to a halfway point.
type dd struct{ hi, lo float64 }

// twoSum is a + b exactly.
func twoSum(a, b float64) dd {
	s := a + b
	bb := s - a
	return dd{s, (a - (s - bb)) + (b - bb)}
}

// fastTwoSum is a + b exactly, given |a| >= |b| or a == 0.
func fastTwoSum(a, b float64) dd {
	s := a + b
	return dd{s, b - (s - a)}
}

// twoProd is a * b exactly.
func twoProd(a, b float64) dd {
	p := a * b
	return dd{p, math.FMA(a, b, -p)}
}

func ddAdd(a, b dd) dd {
	s := twoSum(a.hi, b.hi)
	t := twoSum(a.lo, b.lo)
	s = fastTwoSum(s.hi, s.lo+t.hi)
	return fastTwoSum(s.hi, s.lo+t.lo)
}

func ddMul(a, b dd) dd {
	p := twoProd(a.hi, b.hi)
	return fastTwoSum(p.hi, p.lo+(a.hi*b.lo+a.lo*b.hi))
}

func ddDiv(a, b dd) dd {
	q1 := a.hi / b.hi
	r := ddAdd(a, ddMul(dd{-q1, 0}, b))
	q2 := r.hi / b.hi
	r = ddAdd(r, ddMul(dd{-q2, 0}, b))
	q3 := r.hi / b.hi
	return ddAdd(fastTwoSum(q1, q2), dd{q3, 0})
}

// ddLn2 is log(2) to about 107 bits.
var ddLn2 = dd{0x1.62e42fefa39efp-1, 0x1.abc9e3b39803fp-56}

// Series lengths. The leading terms are summed in double-double; the
// later ones are small enough for plain float64.
const (
	logTerms = 24 // z**k/(2k+1) for k < logTerms
	logExact = 5
	expTerms = 26 // r**n/n! for n < expTerms
	expExact = 9
)

var (
	invOdd  [logTerms]dd // 1/(2k+1)
	invFact [expTerms]dd // 1/n!
)

func init() {
	for k := range invOdd {
		invOdd[k] = ddDiv(dd{1, 0}, dd{float64(2*k + 1), 0})
	}
	invFact[0] = dd{1, 0}
	for n := 1; n < expTerms; n++ {
		invFact[n] = ddDiv(invFact[n-1], dd{float64(n), 0})
	}
}

// crLog is the natural logarithm of x, correctly rounded.
func crLog(x float64) float64 {
	switch {
	case math.IsNaN(x) || x < 0:
		return math.NaN()
	case x == 0:
		return math.Inf(-1)
	case math.IsInf(x, 1):
		return x
	}
	m, e := math.Frexp(x)
	if m < math.Sqrt2/2 {
		m *= 2
		e--
	}
	// log(m) = 2 atanh(s) = 2s(1 + z/3 + z**2/5 + ...) with s = (m-1)/(m+1)
	// and z = s*s <= 0.0295, since m lies in [sqrt(2)/2, sqrt(2)).
	s := ddDiv(dd{m - 1, 0}, twoSum(m, 1))
	z := ddMul(s, s)
	tail := invOdd[logTerms-1].hi
	for k := logTerms - 2; k >= logExact; k-- {
		tail = tail*z.hi + invOdd[k].hi
	}
	p := dd{tail, 0}
	for k := logExact - 1; k >= 0; k-- {
		p = ddAdd(ddMul(p, z), invOdd[k])
	}
	l := ddMul(s, p)
	l = dd{2 * l.hi, 2 * l.lo}
	if e != 0 {
		fe := float64(e)
		l = ddAdd(ddAdd(twoProd(fe, ddLn2.hi), dd{fe * ddLn2.lo, 0}), l)
	}
	return l.hi + l.lo
}

// crExp is e**x, correctly rounded where the result is a normal float64
// (below that it is math.Exp).
func crExp(x float64) float64 {
	switch {
	case math.IsNaN(x):
		return x
	case x > 709.79:
		return math.Inf(1)
	case x < -708.3:
		return math.Exp(x)
	}
	// x = k·log(2)/expTabN + r with |r| <= log(2)/(2·expTabN), r in
	// double-double, and k = expTabN·m + j with 0 <= j < expTabN; then
	// e**x = 2**m · 2**(j/expTabN) · e**r, the middle factor from a table
	// and e**r from a short series.
	k := math.Round(x * (expTabN / ddLn2.hi))
	r := ddAdd(dd{x, 0}, ddMul(dd{-k, 0}, ddLn2Tab))
	tail := invFact[expShortTerms-1].hi
	for n := expShortTerms - 2; n >= expShortExact; n-- {
		tail = tail*r.hi + invFact[n].hi
	}
	p := dd{tail, 0}
	for n := expShortExact - 1; n >= 0; n-- {
		p = ddAdd(ddMul(p, r), invFact[n])
	}
	ki := int(k)
	j := ki & (expTabN - 1)
	p = ddMul(expTab[j], p)
	return math.Ldexp(p.hi+p.lo, (ki-j)/expTabN)
}

// expSeries is e**r in double-double for |r| <= log(2)/2.
func expSeries(r dd) dd {
	tail := invFact[expTerms-1].hi
	for n := expTerms - 2; n >= expExact; n-- {
		tail = tail*r.hi + invFact[n].hi
	}
	p := dd{tail, 0}
	for n := expExact - 1; n >= 0; n-- {
		p = ddAdd(ddMul(p, r), invFact[n])
	}
	return p
}

// The table of crExp: expTab[j] = 2**(j/expTabN) in double-double, and
// log(2)/expTabN (exact: expTabN is a power of two). With |r| at most
// log(2)/2048, terms 5 to 8 of e**r's series are below 2**-50 and need
// only float64; terms 0 to 4 are summed in double-double.
const (
	expTabN       = 1024
	expShortTerms = 9
	expShortExact = 5
)

var (
	expTab   [expTabN]dd
	ddLn2Tab = dd{ddLn2.hi / expTabN, ddLn2.lo / expTabN}
)

func init() {
	for j := range expTab {
		// 2**(j/N) = (e**(r/2))**2 with r = j·log(2)/N, so that the
		// series argument stays within log(2)/2.
		half := expSeries(ddMul(dd{float64(j) / 2, 0}, ddLn2Tab))
		expTab[j] = ddMul(half, half)
	}
}
