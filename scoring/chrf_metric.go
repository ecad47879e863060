package scoring

import (
	"context"
	"errors"
	"math"
	"sync/atomic"
)

// ChrFMetric is chrF under fixed options as a [Metric] for the
// significance tests: per-segment statistics rows of [ChrFMetric.Width]
// numbers ([ChrFStatistics]) and a score from their sums.
type ChrFMetric struct {
	opt ChrFOptions
}

// NewChrFMetric returns chrF under o as a metric; o must be valid.
func NewChrFMetric(o ChrFOptions) (ChrFMetric, error) {
	if err := o.Validate(); err != nil {
		return ChrFMetric{}, err
	}
	return ChrFMetric{opt: o}, nil
}

// Width returns the number of statistics per segment, 3·(CharOrder +
// WordOrder).
func (m ChrFMetric) Width() int { return m.opt.Width() }

// ScoreSums returns sacrebleu's chrF of statistics summed over segments;
// see [ChrFScoreSums].
func (m ChrFMetric) ScoreSums(sums []float64, float32Div bool) float64 {
	return ChrFScoreSums(sums, m.opt, float32Div)
}

// Score returns sacrebleu's chrF of statistics summed by path: bootstrap
// resamples ([PathFloat32]) divide in float32, approximate-randomization
// trials (int64 sums) and the actual score in float64.
func (m ChrFMetric) Score(sums []float64, path SumPath) float64 {
	return m.ScoreSums(sums, path == PathFloat32)
}

// ChrFStatistics returns the chrF statistics of segments 0..n-1, computed
// on all cores, as rows of Width numbers: segment i at i·Width.
func ChrFStatistics(ctx context.Context, n int, o ChrFOptions, src SegmentSource) ([]float64, error) {
	w := o.Width()
	out := make([]float64, n*w)
	err := ChrFSegments(ctx, n, o, src, func(i int, st []int) {
		for k, v := range st {
			out[i*w+k] = float64(v)
		}
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// ErrChrFCountTooLarge is ChrFCounts' error for a count above 2^32 − 1.
var ErrChrFCountTooLarge = errors.New("scoring: a chrF count of a segment does not fit 32 bits")

// ChrFCounts is [ChrFStatistics] held as the whole counts they are, in
// half the memory: the significance tests read them as they read the
// same float64 values. A count above 2^32 − 1 (a segment of over four
// billion characters) is an error.
func ChrFCounts(ctx context.Context, n int, o ChrFOptions, src SegmentSource) ([]uint32, error) {
	w := o.Width()
	out := make([]uint32, n*w)
	var tooLarge atomic.Bool
	err := ChrFSegments(ctx, n, o, src, func(i int, st []int) {
		if !putCounts(out[i*w:(i+1)*w], st) {
			tooLarge.Store(true)
		}
	})
	if err == nil && tooLarge.Load() {
		err = ErrChrFCountTooLarge
	}
	if err != nil {
		return nil, err
	}
	return out, nil
}

// putCounts stores the counts st in row and reports whether every one
// fits (none is above 2^32 − 1).
func putCounts(row []uint32, st []int) bool {
	ok := true
	for k, v := range st {
		ok = ok && v >= 0 && uint64(v) <= math.MaxUint32
		row[k] = uint32(v)
	}
	return ok
}
