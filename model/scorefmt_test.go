package model

import (
	"fmt"
	"math"
	"slices"
	"testing"
)

// TestFormatScore: the formatter prints what fmt's %.2f / %.4f (and %+.2f
// / %+.4f for deltas) print, the forms every score output used before,
// but for a delta that reads 0 there, which has no sign (TestFormatDeltaZero),
// and a figure that is not finite (TestFormatNonFinite).
func TestFormatScore(t *testing.T) {
	for _, x := range []float64{0, 1, 28.3456, 99.995, 0.00004, -0.001, -12.5, math.Copysign(0, -1), -0.004} {
		for _, nltk := range []bool{false, true} {
			f, df := "%.2f", "%+.2f"
			if nltk {
				f, df = "%.4f", "%+.4f"
			}
			if got, want := FormatScore(x, nltk), fmt.Sprintf(f, x); got != want {
				t.Errorf("FormatScore(%v, %v) = %q; want %q", x, nltk, got, want)
			}
			if got, want := FormatDelta(x, nltk), fmt.Sprintf(df, x); got != want && !readsZero(x, ScoreDecimals(nltk)) && !math.IsNaN(x) {
				t.Errorf("FormatDelta(%v, %v) = %q; want %q", x, nltk, got, want)
			}
		}
	}
}

// TestFormatNonFinite: a score or difference that is not finite (a huge
// add-k or floor value makes one) is spelled as the score lines spell it,
// as Python does, not as Go's "+Inf" and "NaN" (the compare and buckets
// tables printed "+Inf" beside a score line's "inf"); a difference keeps
// its sign, and nan has none.
func TestFormatNonFinite(t *testing.T) {
	inf, nan := math.Inf(1), math.NaN()
	for _, nltk := range []bool{false, true} {
		for _, c := range []struct {
			x            float64
			score, delta string
		}{{inf, "inf", "+inf"}, {-inf, "-inf", "-inf"}, {nan, "nan", "nan"}} {
			if got := FormatScore(c.x, nltk); got != c.score {
				t.Errorf("FormatScore(%v, %v) = %q; want %q", c.x, nltk, got, c.score)
			}
			if got := FormatDelta(c.x, nltk); got != c.delta {
				t.Errorf("FormatDelta(%v, %v) = %q; want %q", c.x, nltk, got, c.delta)
			}
			if got := FormatImpact(c.x, nltk); got != c.delta {
				t.Errorf("FormatImpact(%v, %v) = %q; want %q", c.x, nltk, got, c.delta)
			}
		}
	}
}

// TestFormatDeltaZero: a delta that reads 0 at the scores' decimals has no
// sign, and does not read as a loss (ReadsLoss); before, NLTK's 0 against
// 1e-154 was "-0.0000", a loss beside a note saying there was none, and a
// tie "+0.00".
func TestFormatDeltaZero(t *testing.T) {
	for _, c := range []struct {
		d    float64
		nltk bool
		want string
		loss bool
	}{
		{-1e-154, true, "0.0000", false}, {0, false, "0.00", false}, {math.Copysign(0, -1), true, "0.0000", false},
		{-0.004, false, "0.00", false}, {0.004, false, "0.00", false}, {-0.006, false, "-0.01", true},
		{-0.00006, true, "-0.0001", true}, {0.00006, true, "+0.0001", false}, {math.NaN(), false, "nan", false},
	} {
		if got := FormatDelta(c.d, c.nltk); got != c.want {
			t.Errorf("FormatDelta(%v, %v) = %q; want %q", c.d, c.nltk, got, c.want)
		}
		if got := ReadsLoss(c.d, ScoreDecimals(c.nltk)); got != c.loss {
			t.Errorf("ReadsLoss(%v, %d) = %v; want %v", c.d, ScoreDecimals(c.nltk), got, c.loss)
		}
	}
}

// TestFormatSigned: a sign, unless the difference rounds to zero.
func TestFormatSigned(t *testing.T) {
	for _, c := range []struct {
		x    float64
		d    int
		want string
	}{{0, 1, "0.0"}, {-0.04, 1, "0.0"}, {0.04, 1, "0.0"}, {-0.06, 1, "-0.1"}, {12.34, 1, "+12.3"}, {-0.0004, 3, "0.000"}, {0.02, 5, "+0.02000"}} {
		if got := FormatSigned(c.x, c.d); got != c.want {
			t.Errorf("FormatSigned(%v, %d) = %q; want %q", c.x, c.d, got, c.want)
		}
	}
}

// TestPlusMinus: the half-widths are padded to the widest, so that the
// cells, right-aligned, put ± in line; a value without one stands alone.
func TestPlusMinus(t *testing.T) {
	got := PlusMinus([]string{"37.30", "–", "100.00", "8.07"}, []string{"13.40", "", "0.05", "1.41"})
	want := []string{"37.30 ± 13.40", "–", "100.00 ±  0.05", "8.07 ±  1.41"}
	if !slices.Equal(got, want) {
		t.Errorf("PlusMinus = %q; want %q", got, want)
	}
}

// TestFormatImpact: an impact keeps two significant digits at any corpus
// size (a segment of a million moves BLEU by ten-thousandths, which three
// decimals showed as 0.000 on every row), within the list's column (7
// cells, 9 on NLTK's scale), and keeps three decimals (five) where they
// give two digits.
func TestFormatImpact(t *testing.T) {
	for _, c := range []struct {
		x    float64
		nltk bool
		want string
	}{
		{0.25, false, "+0.250"}, {-0.0123, false, "-0.012"}, {-12.345, false, "-12.345"},
		{-0.0004, false, "-4.0e-4"}, {0.000137, false, "+1.4e-4"}, {-0.0099, false, "-9.9e-3"},
		{-3.2e-12, false, "-3e-12"}, {0, false, "0.000"},
		{0.02, true, "+0.02000"}, {-0.000004, true, "-4.0e-6"}, {0.00012, true, "+0.00012"},
	} {
		got := FormatImpact(c.x, c.nltk)
		if got != c.want {
			t.Errorf("FormatImpact(%v, %v) = %q; want %q", c.x, c.nltk, got, c.want)
		}
		if w, max := len(got), map[bool]int{false: 7, true: 9}[c.nltk]; w > max {
			t.Errorf("FormatImpact(%v, %v) = %q: %d wide, over the list's %d", c.x, c.nltk, got, w, max)
		}
	}
}
