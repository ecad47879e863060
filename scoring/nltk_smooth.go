package scoring

import (
	"fmt"
	"math"
	"math/big"
)

// This file reproduces NLTK 3.8's SmoothingFunction. NLTK hands its
// smoothing methods a list of un-normalised fractions.Fraction values and
// lets Python's numeric tower decide what each operation yields: exact
// Fractions where every operand is an int or a Fraction, floats as soon as
// a float is involved, and a float from int / int. pyNum models exactly
// that, so every smoothed precision is rounded where Python rounds it.

// pyKind is the Python type a pyNum stands for.
type pyKind uint8

const (
	pyInt pyKind = iota
	pyFrac
	pyFloat
)

// pyNum is a Python int, Fraction or float.
//
// Ints and Fractions are held as num/den while they stay small, and in rat
// once they grow; arithmetic results are normalised. One built by NLTK
// with _normalize=False is kept as NLTK built it (raw): NLTK reads it back
// through .numerator and .denominator, and Python's "== 0" on such a
// Fraction compares them as they are.
type pyNum struct {
	kind     pyKind
	raw      bool
	num, den int      // the value when rat is nil; den > 0
	rat      *big.Rat // the value of a large int or Fraction
	f        float64  // the value of a float
}

func pyFloatOf(f float64) pyNum { return pyNum{kind: pyFloat, f: f} }

func pyIntOf(i int) pyNum { return pyNum{kind: pyInt, raw: true, num: i, den: 1} }

// pyFraction is Fraction(num, den, _normalize=False); den must be > 0.
func pyFraction(num, den int) pyNum { return pyNum{kind: pyFrac, raw: true, num: num, den: den} }

// pyExact is the normalised int or Fraction n/d; d must not be 0.
func pyExact(kind pyKind, n, d int) pyNum {
	if d < 0 {
		n, d = -n, -d
	}
	if g := gcd(pyAbs(n), d); g > 1 {
		n, d = n/g, d/g
	}
	return pyNum{kind: kind, num: n, den: d}
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// small reports an exact value whose parts are below 2**31, so that the
// products and sums of two such values cannot overflow an int64.
func (x pyNum) small() bool {
	return x.kind != pyFloat && x.rat == nil && pyAbs(x.num) < 1<<31 && x.den < 1<<31
}

// value returns the exact value of an int or Fraction.
func (x pyNum) value() *big.Rat {
	if x.rat != nil {
		return x.rat
	}
	return big.NewRat(int64(x.num), int64(x.den))
}

// sign is the sign of an int or Fraction.
func (x pyNum) sign() int {
	switch {
	case x.rat != nil:
		return x.rat.Sign()
	case x.num > 0:
		return 1
	case x.num < 0:
		return -1
	}
	return 0
}

// pyMaxExact is 2**53: integers up to it convert to float64 exactly.
const pyMaxExact = 1 << 53

// float is Python's float(x). For an int or Fraction it is the correctly
// rounded quotient, and an OverflowError when that is out of range.
func (x pyNum) float() (float64, error) {
	if x.kind == pyFloat {
		return x.f, nil
	}
	if x.rat == nil && pyAbs(x.num) <= pyMaxExact && x.den <= pyMaxExact {
		// Both exact in float64: IEEE division rounds correctly.
		return float64(x.num) / float64(x.den), nil
	}
	f, _ := x.value().Float64()
	if math.IsInf(f, 0) {
		if x.kind == pyInt {
			return 0, pyError("OverflowError", "int too large to convert to float")
		}
		return 0, pyError("OverflowError", "integer division result too large for a float")
	}
	return f, nil
}

// positive is Python's x > 0.
func (x pyNum) positive() bool {
	if x.kind == pyFloat {
		return x.f > 0
	}
	return x.sign() > 0
}

// eqZero is Python's x == 0. For a Fraction, Python compares numerator
// and denominator with 0 and 1, so an un-normalised Fraction(0, 5) is not
// equal to 0.
func (x pyNum) eqZero() bool {
	switch {
	case x.kind == pyFloat:
		return x.f == 0
	case x.raw:
		return x.num == 0 && x.den == 1
	}
	return x.sign() == 0
}

// truthy is Python's bool(x); for a Fraction it tests the numerator.
func (x pyNum) truthy() bool {
	if x.kind == pyFloat {
		return x.f != 0 // NaN is true in Python too
	}
	return x.sign() != 0
}

// exactKind is the kind of an exact result: int only if both are ints.
func exactKind(a, b pyNum) pyKind {
	if a.kind == pyInt && b.kind == pyInt {
		return pyInt
	}
	return pyFrac
}

// pyFloats converts both operands to float, as Python does when either is one.
func pyFloats(a, b pyNum) (float64, float64, error) {
	x, err := a.float()
	if err != nil {
		return 0, 0, err
	}
	y, err := b.float()
	return x, y, err
}

// pyAdd is Python's a + b.
func pyAdd(a, b pyNum) (pyNum, error) {
	switch {
	case a.kind == pyFloat || b.kind == pyFloat:
		x, y, err := pyFloats(a, b)
		return pyFloatOf(x + y), err
	case a.small() && b.small():
		return pyExact(exactKind(a, b), a.num*b.den+b.num*a.den, a.den*b.den), nil
	}
	return pyNum{kind: exactKind(a, b), rat: new(big.Rat).Add(a.value(), b.value())}, nil
}

// pyMul is Python's a * b.
func pyMul(a, b pyNum) (pyNum, error) {
	switch {
	case a.kind == pyFloat || b.kind == pyFloat:
		x, y, err := pyFloats(a, b)
		return pyFloatOf(x * y), err
	case a.small() && b.small():
		return pyExact(exactKind(a, b), a.num*b.num, a.den*b.den), nil
	}
	return pyNum{kind: exactKind(a, b), rat: new(big.Rat).Mul(a.value(), b.value())}, nil
}

// pyDiv is Python's a / b (true division): a float when either operand is a
// float or both are ints, an exact Fraction otherwise.
func pyDiv(a, b pyNum) (pyNum, error) {
	if a.kind == pyFloat || b.kind == pyFloat {
		x, y, err := pyFloats(a, b)
		if err != nil {
			return pyNum{}, err
		}
		if y == 0 {
			return pyNum{}, pyError("ZeroDivisionError", "float division by zero")
		}
		return pyFloatOf(x / y), nil
	}
	ints := a.kind == pyInt && b.kind == pyInt
	if b.sign() == 0 {
		if ints {
			return pyNum{}, pyError("ZeroDivisionError", "division by zero")
		}
		return pyNum{}, pyError("ZeroDivisionError", fmt.Sprintf("Fraction(%s, 0)", a.value().Num()))
	}
	if ints {
		// int / int is the correctly rounded quotient.
		if a.rat == nil && b.rat == nil && pyAbs(a.num) <= pyMaxExact && pyAbs(b.num) <= pyMaxExact {
			return pyFloatOf(float64(a.num) / float64(b.num)), nil
		}
		f, _ := new(big.Rat).Quo(a.value(), b.value()).Float64()
		if math.IsInf(f, 0) {
			return pyNum{}, pyError("OverflowError", "integer division result too large for a float")
		}
		return pyFloatOf(f), nil
	}
	if a.small() && b.small() {
		return pyExact(pyFrac, a.num*b.den, a.den*b.num), nil
	}
	return pyNum{kind: pyFrac, rat: new(big.Rat).Quo(a.value(), b.value())}, nil
}

// pySquare is Python's x ** 2.
func pySquare(x pyNum) (pyNum, error) {
	switch {
	case x.kind == pyFloat:
		r := x.f * x.f
		if math.IsInf(r, 0) && !math.IsInf(x.f, 0) {
			return pyNum{}, pyError("OverflowError", "(34, 'Numerical result out of range')")
		}
		return pyFloatOf(r), nil
	case x.small():
		return pyExact(x.kind, x.num*x.num, x.den*x.den), nil
	}
	v := x.value()
	return pyNum{kind: x.kind, rat: new(big.Rat).Mul(v, v)}, nil
}

// pyParam is a smoothing parameter as Python would hold it: NLTK's
// defaults (alpha=5, k=5) are ints, so integral values are taken as ints,
// which keeps method6's arithmetic exact as it is in NLTK.
func pyParam(v float64) pyNum {
	if v == math.Trunc(v) && math.Abs(v) <= pyMaxExact {
		return pyIntOf(int(v))
	}
	return pyFloatOf(v)
}

// NLTKSmoothing selects NLTK's SmoothingFunction method (0..7) and its
// parameters. Epsilon is used by method1, K by method4 (and method7), Alpha
// by method6. Integral Alpha and K values behave like Python ints, as NLTK's
// defaults do.
type NLTKSmoothing struct {
	Method  int
	Epsilon float64
	Alpha   float64
	K       float64
}

// DefaultNLTKSmoothing returns method0 (no smoothing) with NLTK's default
// parameters: epsilon 0.1, alpha 5, k 5.
func DefaultNLTKSmoothing() NLTKSmoothing {
	return NLTKSmoothing{Method: 0, Epsilon: 0.1, Alpha: 5, K: 5}
}

// nltkSmoother is the context NLTK passes a smoothing method in corpus_bleu:
// the corpus hypothesis length and the last segment's tokens.
type nltkSmoother struct {
	NLTKSmoothing
	hypLen   int
	lastRefs [][]string
	lastHyp  []string
	warnings int
}

// apply smooths p (the raw per-order Fractions) in place the way the
// selected NLTK method does.
func (s *nltkSmoother) apply(p []pyNum) ([]pyNum, error) {
	switch s.Method {
	case 0:
		return s.method0(p), nil
	case 1:
		return s.method1(p), nil
	case 2:
		return s.method2(p), nil
	case 3:
		return s.method3(p)
	case 4:
		return s.method4(p)
	case 5:
		return s.method5(p)
	case 6:
		return s.method6(p)
	case 7:
		p, err := s.method4(p)
		if err != nil {
			return nil, err
		}
		return s.method5(p)
	}
	return nil, pyError("AttributeError", fmt.Sprintf("'SmoothingFunction' object has no attribute 'method%d'", s.Method))
}

// floatInfoMin is Python's sys.float_info.min, the smallest normal float64.
const floatInfoMin = 0x1p-1022

// method0 replaces each zero precision by the smallest normal float
// (sys.float_info.min), warning once per such order.
func (s *nltkSmoother) method0(p []pyNum) []pyNum {
	for i, pi := range p {
		if pi.num == 0 {
			p[i] = pyFloatOf(floatInfoMin)
			s.warnings++
		}
	}
	return p
}

// method1 adds epsilon to the numerator of each zero precision.
func (s *nltkSmoother) method1(p []pyNum) []pyNum {
	for i, pi := range p {
		if pi.num == 0 {
			// (0 + epsilon) / denominator in float arithmetic.
			p[i] = pyFloatOf(s.Epsilon / float64(pi.den))
		}
	}
	return p
}

// method2 adds 1 to numerator and denominator of every order but the
// first (NLTK 3.8 leaves unigrams alone).
func (s *nltkSmoother) method2(p []pyNum) []pyNum {
	for i := 1; i < len(p); i++ {
		p[i] = pyFraction(p[i].num+1, p[i].den+1)
	}
	return p
}

// method3 is NIST's geometric smoothing: the k-th zero precision becomes
// 1 / (2**k * denominator), an int division.
func (s *nltkSmoother) method3(p []pyNum) ([]pyNum, error) {
	k := uint(1)
	for i, pi := range p {
		if pi.num != 0 {
			continue
		}
		d := new(big.Int).Lsh(big.NewInt(int64(pi.den)), k)
		f, _ := new(big.Rat).SetFrac(big.NewInt(1), d).Float64()
		p[i] = pyFloatOf(f)
		k++
	}
	return p, nil
}

// method4 gives the k-th zero precision 1 / (2**k * K / ln(hyp_len)) /
// denominator, with hyp_len the corpus hypothesis length, when it exceeds 1.
func (s *nltkSmoother) method4(p []pyNum) ([]pyNum, error) {
	hypLen := s.hypLen
	if hypLen == 0 {
		hypLen = len(s.lastHyp)
	}
	if hypLen <= 1 {
		return p, nil
	}
	logLen := crLog(float64(hypLen))
	k := 1
	for i, pi := range p {
		if pi.num != 0 { // p still holds NLTK's raw Fractions here
			continue
		}
		scaled := math.Ldexp(s.K, k) / logLen
		if scaled == 0 {
			return nil, pyError("ZeroDivisionError", "float division by zero")
		}
		p[i] = pyFloatOf(1 / scaled / float64(pi.den))
		k++
	}
	return p, nil
}

// method5 averages each order with its smoothed predecessor and its raw
// successor; the successor of the last order is always the 5-gram
// precision of the last segment, whatever the number of orders.
func (s *nltkSmoother) method5(p []pyNum) ([]pyNum, error) {
	if len(p) == 0 {
		return p, nil
	}
	num, den, err := NLTKModifiedPrecision(s.lastRefs, s.lastHyp, 5)
	if err != nil {
		return nil, err
	}
	next := append(append(make([]pyNum, 0, len(p)+1), p...), pyFraction(num, den))
	three := pyIntOf(3)
	prev, err := pyAdd(p[0], pyIntOf(1))
	if err != nil {
		return nil, err
	}
	for i, pi := range p {
		sum, err := pyAdd(prev, pi)
		if err != nil {
			return nil, err
		}
		if sum, err = pyAdd(sum, next[i+1]); err != nil {
			return nil, err
		}
		if prev, err = pyDiv(sum, three); err != nil {
			return nil, err
		}
		p[i] = prev
	}
	return p, nil
}

// method6 interpolates each order from the third on with the prior
// p[n-1]**2 / p[n-2], using the last segment's hypothesis n-gram count. It
// asserts that the trigram precision is non-zero (NLTK's message says
// bigrams), and fails with IndexError on fewer than three orders.
func (s *nltkSmoother) method6(p []pyNum) ([]pyNum, error) {
	if len(p) < 3 {
		return nil, pyError("IndexError", "list index out of range")
	}
	if !p[2].truthy() {
		return nil, pyError("AssertionError", "This smoothing method requires non-zero precision for bigrams.")
	}
	alpha := pyParam(s.Alpha)
	for i := 2; i < len(p); i++ {
		m := pyIntOf(p[i].num) // p[i] is still NLTK's raw Fraction here
		var prior pyNum
		if p[i-2].eqZero() {
			prior = pyIntOf(0)
		} else {
			sq, err := pySquare(p[i-1])
			if err != nil {
				return nil, err
			}
			if prior, err = pyDiv(sq, p[i-2]); err != nil {
				return nil, err
			}
		}
		l := max(0, len(s.lastHyp)-i)
		top, err := pyMul(alpha, prior)
		if err != nil {
			return nil, err
		}
		if top, err = pyAdd(m, top); err != nil {
			return nil, err
		}
		bottom, err := pyAdd(pyIntOf(l), alpha)
		if err != nil {
			return nil, err
		}
		if p[i], err = pyDiv(top, bottom); err != nil {
			return nil, err
		}
	}
	return p, nil
}

func pyAbs(i int) int {
	if i < 0 {
		return -i
	}
	return i
}
