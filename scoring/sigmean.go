package scoring

import (
	"math"
	"math/big"
	"slices"
)

// NumpyMean returns numpy's ndarray.mean() of a float64 array: numpy's
// chunked pairwise sum divided by the length (NaN for an empty slice, as
// numpy gives).
func NumpyMean(x []float64) float64 {
	n := len(x)
	sum := 0.0
	for len(x) > 0 {
		k := min(len(x), 8192)
		sum += pairwiseSum(x[:k])
		x = x[k:]
	}
	return sum / float64(n)
}

// pairwiseSum is numpy's pairwise summation of one chunk.
func pairwiseSum(x []float64) float64 {
	n := len(x)
	switch {
	case n < 8:
		s := 0.0
		for _, v := range x {
			s += v
		}
		return s
	case n <= 128:
		var r [8]float64
		copy(r[:], x[:8])
		i := 8
		for ; i+8 <= n; i += 8 {
			for k := range r {
				r[k] += x[i+k]
			}
		}
		s := (r[0] + r[1]) + (r[2] + r[3]) + ((r[4] + r[5]) + (r[6] + r[7]))
		for ; i < n; i++ {
			s += x[i]
		}
		return s
	}
	n2 := n / 2
	n2 -= n2 % 8
	return pairwiseSum(x[:n2]) + pairwiseSum(x[n2:])
}

// ExactMean returns Python's statistics.mean of x: the exact mean of the
// float64 values, rounded once to the nearest float64 (0 for an empty
// slice). When some are infinite or NaN (scores that overflowed), it is,
// as in Python, their float sum divided by the length: inf, -inf or NaN.
func ExactMean(x []float64) float64 {
	if len(x) == 0 {
		return 0
	}
	sum := new(big.Rat)
	v := new(big.Rat)
	special, nonFinite := 0.0, false
	for _, f := range x {
		if math.IsInf(f, 0) || math.IsNaN(f) {
			special, nonFinite = special+f, true
			continue
		}
		sum.Add(sum, v.SetFloat64(f))
	}
	if nonFinite {
		return special / float64(len(x))
	}
	sum.Quo(sum, v.SetInt64(int64(len(x))))
	f, _ := sum.Float64()
	return f
}

// ConfidenceHalfWidth returns sacrebleu's 95% confidence interval of the
// resampled scores as a half-width: with the scores sorted into s and
// lo = N/40, hi = N-lo-1, it is (s[hi]-s[lo])/2. sorted must be in
// ascending order.
func ConfidenceHalfWidth(sorted []float64) float64 {
	n := len(sorted)
	if n == 0 {
		return 0
	}
	lo := n / 40
	hi := n - lo - 1
	return 0.5 * (sorted[hi] - sorted[lo])
}

// sortedCopy returns x sorted ascending, leaving x as it is.
func sortedCopy(x []float64) []float64 {
	s := slices.Clone(x)
	slices.Sort(s)
	return s
}
