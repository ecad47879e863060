package scoring

import (
	"errors"
	"math"
	"math/big"
	"math/rand/v2"
	"strconv"
	"testing"
)

// exactSum is a naive reference for fsum: the exact sum in a big.Float
// wide enough for any float64, rounded once to nearest-even.
func exactSum(xs []float64) float64 {
	sum := new(big.Float).SetPrec(4200)
	for _, x := range xs {
		sum.Add(sum, new(big.Float).SetPrec(4200).SetFloat64(x))
	}
	f, _ := sum.Float64()
	return f
}

func naiveSum(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s
}

func hexFloat(t *testing.T, s string) float64 {
	t.Helper()
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestFsum(t *testing.T) {
	harmonic := make([]float64, 1000)
	alternating := make([]float64, 1000)
	for n := 1; n <= 1000; n++ {
		harmonic[n-1] = 1 / float64(n)
		alternating[n-1] = math.Pow(-1, float64(n)) / float64(n)
	}
	var extreme []float64
	for n := -1074; n < 972; n += 2 {
		extreme = append(extreme, math.Ldexp(1, n)-math.Ldexp(1, n+50)+math.Ldexp(1, n+52))
	}
	extreme = append(extreme, -math.Ldexp(1, 1022))
	tenths := []float64{0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1}

	tests := []struct {
		name string
		xs   []float64
		want float64
	}{
		{"empty", nil, 0},
		{"zero", []float64{0}, 0},
		{"tenths", tenths, 1},
		{"cancelling giants", []float64{1e100, 1, -1e100, 1e-100, 1e50, -1, -1e50}, 1e-100},
		{"below 2**53", []float64{1 << 53, -0.5, -0x1p-54}, 1<<53 - 1},
		{"above 2**53", []float64{1 << 53, 1, 0x1p-100}, 1<<53 + 2},
		{"above 2**53 plus ten", []float64{1<<53 + 10, 1, 0x1p-100}, 1<<53 + 12},
		{"below 2**53 minus four", []float64{1<<53 - 4, 0.5, 0x1p-54}, 1<<53 - 3},
		{"half-even across partials", []float64{1e16, 1, 1e-16}, 10000000000000002},
		{"exact zero", []float64{1e16 - 2, 1 - 0x1p-53, -(1e16 - 2), -(1 - 0x1p-53)}, 0},
		{"harmonic", harmonic, hexFloat(t, "0x1.df11f45f4e61ap+2")},
		{"alternating harmonic", alternating, hexFloat(t, "-0x1.62a2af1bd3624p-1")},
		{"full exponent range", extreme, hexFloat(t, "0x1.5555555555555p+970")},
		{"infinity", []float64{1, math.Inf(1), 2}, math.Inf(1)},
		{"two infinities", []float64{math.Inf(-1), 1, math.Inf(-1)}, math.Inf(-1)},
	}
	for _, tt := range tests {
		got, err := fsum(tt.xs)
		if err != nil || got != tt.want {
			t.Errorf("fsum(%s) = %v, %v; want %v", tt.name, got, err, tt.want)
		}
	}
	// Cases where a plain left-to-right sum is wrong.
	for _, xs := range [][]float64{tenths, {1e100, 1, -1e100}, {1e16, 1, 1e-16}} {
		if got, _ := fsum(xs); got == naiveSum(xs) {
			t.Errorf("fsum(%v) = naive sum %v; the case should tell them apart", xs, got)
		}
	}
}

func TestFsumSpecial(t *testing.T) {
	if got, err := fsum([]float64{1, math.NaN()}); err != nil || !math.IsNaN(got) {
		t.Errorf("fsum(1, NaN) = %v, %v; want NaN", got, err)
	}
	tests := []struct {
		xs   []float64
		want string
	}{
		{[]float64{math.Inf(1), math.Inf(-1)}, "ValueError"},
		{[]float64{math.MaxFloat64, math.MaxFloat64}, "OverflowError"},
		{[]float64{1.7e308, 1.7e308, -1e308}, "OverflowError"},
	}
	for _, tt := range tests {
		_, err := fsum(tt.xs)
		var ne *NLTKError
		if !errors.As(err, &ne) || ne.Exception != tt.want {
			t.Errorf("fsum(%v) error = %v; want %s", tt.xs, err, tt.want)
		}
	}
}

func FuzzFsum(f *testing.F) {
	f.Add(0.1, 0.2, 0.3, -0.6, 1e16)
	f.Add(1e100, 1.0, -1e100, 1e-100, -1.0)
	f.Add(1e16, 1.0, 1e-16, 0.0, 0.0)
	f.Add(-708.3964185322641, -0.25*708.3964185322641, -1.2, 3.3, 5e-324)
	f.Fuzz(func(t *testing.T, a, b, c, d, e float64) {
		xs := []float64{a, b, c, d, e}
		for _, x := range xs {
			if math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) > 1e300 {
				t.Skip() // exactSum has no overflow semantics
			}
		}
		got, err := fsum(xs)
		if err != nil {
			t.Fatalf("fsum(%v): %v", xs, err)
		}
		if want := exactSum(xs); got != want {
			t.Fatalf("fsum(%v) = %v; want %v", xs, got, want)
		}
		// The result does not depend on the order of the inputs.
		rev := []float64{e, d, c, b, a}
		if r, _ := fsum(rev); r != got {
			t.Fatalf("fsum(%v) = %v but reversed %v", xs, got, r)
		}
	})
}

// refPrec is the working precision of the big.Float references below.
const refPrec = 320

// refLn2 is log(2) = 2 atanh(1/3) to refPrec bits.
var refLn2 = func() *big.Float {
	third := new(big.Float).SetPrec(refPrec).Quo(big.NewFloat(1).SetPrec(refPrec), big.NewFloat(3))
	return refAtanh2(third)
}()

// refAtanh2 is 2 atanh(s) = 2(s + s**3/3 + s**5/5 + ...) for |s| < 1/2.
func refAtanh2(s *big.Float) *big.Float {
	z := new(big.Float).SetPrec(refPrec).Mul(s, s)
	pow := new(big.Float).SetPrec(refPrec).Set(s)
	sum := new(big.Float).SetPrec(refPrec)
	eps := new(big.Float).SetMantExp(big.NewFloat(1), -refPrec-8)
	for k := 0; ; k++ {
		term := new(big.Float).SetPrec(refPrec).Quo(pow, big.NewFloat(float64(2*k+1)))
		sum.Add(sum, term)
		if term.Abs(term).Cmp(eps) < 0 {
			break
		}
		pow.Mul(pow, z)
	}
	return sum.Mul(sum, big.NewFloat(2))
}

// refLog is log(x) for x > 0, rounded once from refPrec bits.
func refLog(x float64) float64 {
	m, e := math.Frexp(x)
	bm := new(big.Float).SetPrec(refPrec).SetFloat64(m)
	one := big.NewFloat(1)
	s := new(big.Float).SetPrec(refPrec).Quo(
		new(big.Float).SetPrec(refPrec).Sub(bm, one),
		new(big.Float).SetPrec(refPrec).Add(bm, one))
	l := refAtanh2(s)
	l.Add(l, new(big.Float).SetPrec(refPrec).Mul(refLn2, big.NewFloat(float64(e))))
	f, _ := l.Float64()
	return f
}

// refExp is e**x, rounded once from refPrec bits.
func refExp(x float64) float64 {
	k := math.Round(x / math.Ln2)
	r := new(big.Float).SetPrec(refPrec).SetFloat64(x)
	r.Sub(r, new(big.Float).SetPrec(refPrec).Mul(refLn2, big.NewFloat(k)))
	sum := new(big.Float).SetPrec(refPrec).SetInt64(1)
	term := new(big.Float).SetPrec(refPrec).SetInt64(1)
	eps := new(big.Float).SetMantExp(big.NewFloat(1), -refPrec-8)
	for n := 1; ; n++ {
		term.Mul(term, r)
		term.Quo(term, big.NewFloat(float64(n)))
		sum.Add(sum, term)
		if new(big.Float).Abs(term).Cmp(eps) < 0 {
			break
		}
	}
	sum.SetMantExp(sum, int(k))
	f, _ := sum.Float64()
	return f
}

func TestNLTKLogExp(t *testing.T) {
	// Values as CPython's math.log and math.exp give them.
	logs := map[float64]float64{
		1: 0, 2: math.Ln2, 10: math.Ln10, 0x1p-1022: -708.3964185322641,
		math.SmallestNonzeroFloat64: -744.4400719213812, math.MaxFloat64: 709.782712893384,
		0.9444444444444444: -0.05715841383994864,
	}
	for x, want := range logs {
		if got := crLog(x); got != want {
			t.Errorf("crLog(%v) = %v; want %v", x, got, want)
		}
	}
	exps := map[float64]float64{0: 1, 1: math.E, -1: 1 / math.E, 709.782712893384: 1.7976931348622732e308}
	for x, want := range exps {
		if got := crExp(x); got != want {
			t.Errorf("crExp(%v) = %v; want %v", x, got, want)
		}
	}
	if !math.IsNaN(crLog(-1)) || !math.IsInf(crLog(0), -1) || !math.IsInf(crLog(math.Inf(1)), 1) ||
		!math.IsInf(crExp(710), 1) || crExp(math.Inf(-1)) != 0 || !math.IsNaN(crExp(math.NaN())) {
		t.Error("special values differ from C's log and exp")
	}

	// Against the big.Float references, over the whole range.
	rng := rand.New(rand.NewPCG(1, 2))
	for range 3000 {
		x := math.Ldexp(1+rng.Float64(), rng.IntN(2098)-1074)
		if got, want := crLog(x), refLog(x); got != want {
			t.Fatalf("crLog(%v) = %v; want %v", x, got, want)
		}
		y := -708 + rng.Float64()*1417.7
		if got, want := crExp(y), refExp(y); got != want {
			t.Fatalf("crExp(%v) = %v; want %v", y, got, want)
		}
	}
}

func FuzzNLTKLogExp(f *testing.F) {
	f.Add(0.5, -3.0)
	f.Add(0x1p-1022, -708.3964185322641)
	f.Add(1.0000000000000002, 1e-300)
	f.Fuzz(func(t *testing.T, x, y float64) {
		if x > 0 && !math.IsInf(x, 0) {
			if got, want := crLog(x), refLog(x); got != want {
				t.Fatalf("crLog(%v) = %v; want %v", x, got, want)
			}
		}
		if y >= -708.3 && y <= 709.78 {
			if got, want := crExp(y), refExp(y); got != want {
				t.Fatalf("crExp(%v) = %v; want %v", y, got, want)
			}
		}
	})
}
