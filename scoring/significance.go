package scoring

import (
	"errors"
	"fmt"
	"math"
)

// SumPath says where a metric's summed statistics come from, because
// sacrebleu 2.6.0 computes the score from Python numbers, from a float32
// numpy row or from an int64 numpy row, and the element type changes the
// last bits (and, for BLEU's add-k, more).
type SumPath int

const (
	// PathExact is the actual corpus score: sums of Python numbers, the
	// ordinary corpus-score arithmetic.
	PathExact SumPath = iota
	// PathFloat32 is a bootstrap resample (--confidence, --paired-bs, the
	// CI of AR): the sums are float32 values and the metric's arithmetic on
	// them follows numpy 1.24's float32 scalar rules (chrF's and TER's
	// divisions are float32 divisions; BLEU's add-k rounds to float32).
	PathFloat32
	// PathInt64 is an approximate-randomization trial: the sums are int64
	// (float64 for TER), so BLEU's add-k truncates a fractional k.
	PathInt64
)

// Metric is a corpus metric whose score is a function of per-segment
// statistics summed over segments, which is all the significance tests
// need. BLEU implements it as [BLEUMetric]; chrF and TER implement it the
// same way.
type Metric interface {
	// Width is the number of statistics per segment (the length of the
	// vector Score takes).
	Width() int
	// Score returns the corpus score (on the metric's usual scale) from
	// statistics summed over segments, computed as sacrebleu computes it
	// from sums that come by path. It must not keep sums and must be safe
	// to call from several goroutines at once.
	Score(sums []float64, path SumPath) float64
}

// BLEUMetric is sacrebleu's BLEU as a [Metric]. Its per-segment statistics
// are sacrebleu's: [hyp_len, ref_len, matches_1..N, totals_1..N] with
// N = Options.MaxOrder (see [BLEUStoreCounts]).
type BLEUMetric struct {
	opt Options
}

// ErrSignificanceCompat is returned for nltk compat: the significance tests
// follow sacrebleu's definitions only.
var ErrSignificanceCompat = errors.New("scoring: significance tests follow sacrebleu's BLEU; they are not available in nltk compat")

// NewBLEUMetric returns BLEU under opt as a [Metric]; opt must be valid and
// in sacrebleu compat.
func NewBLEUMetric(opt Options) (BLEUMetric, error) {
	if err := opt.Validate(); err != nil {
		return BLEUMetric{}, err
	}
	if opt.Compat != CompatSacreBLEU {
		return BLEUMetric{}, ErrSignificanceCompat
	}
	return BLEUMetric{opt: opt}, nil
}

// Width returns 2 + 2·MaxOrder.
func (m BLEUMetric) Width() int { return 2 + 2*m.opt.MaxOrder }

// Score returns sacrebleu's BLEU of the summed statistics. The sums are
// whole numbers on every path; only add-k smoothing depends on the path:
// sacrebleu adds k in place to the count vector, so a float32 vector rounds
// count+k to float32 and an int64 vector truncates it.
func (m BLEUMetric) Score(sums []float64, path SumPath) float64 {
	st := m.stats(sums)
	opt := m.opt
	if opt.Smooth == SmoothAddK {
		switch path {
		case PathInt64:
			opt.SmoothValue = math.Trunc(opt.SmoothValue)
		case PathFloat32:
			return addKFloat32(st, opt)
		}
	}
	return Score(st, opt)
}

// stats turns a summed vector back into Stats.
func (m BLEUMetric) stats(sums []float64) Stats {
	N := m.opt.MaxOrder
	st := Stats{HypLen: int(sums[0]), RefLen: int(sums[1])}
	for n := 0; n < N; n++ {
		st.Matches[n] = int(sums[2+n])
		st.Totals[n] = int(sums[2+N+n])
	}
	return st
}

// addKFloat32 is sacrebleu's compute_bleu with add-k smoothing on a float32
// statistics row: for orders 2..N, count+k and total+k are computed in
// float64 and stored back into float32, then the arithmetic is float64 as
// in [Compute].
func addKFloat32(st Stats, opt Options) float64 {
	N := opt.MaxOrder
	bp := BrevityPenalty(st.HypLen, st.RefLen)
	any := false
	for n := 0; n < N; n++ {
		any = any || st.Matches[n] != 0
	}
	if !any {
		return 0
	}
	k := opt.SmoothValue
	effOrder := N
	var logs [MaxOrderLimit]float64
	for i := range logs[:N] {
		logs[i] = noLog
	}
	for i := 0; i < N; i++ {
		c, t := float64(st.Matches[i]), float64(st.Totals[i])
		if i > 0 {
			c, t = float64(float32(c+k)), float64(float32(t+k))
		}
		if t == 0 {
			break
		}
		if opt.EffectiveOrder {
			effOrder = i + 1
		}
		if c != 0 {
			logs[i] = logRatio(c, t)
		}
	}
	sum := 0.0
	for _, l := range logs[:effOrder] {
		sum += l
	}
	return bp * crExp(sum/float64(effOrder))
}

// BLEUStoreCounts returns the per-segment statistics of the segments
// rows of a [StatsStore] (all of them when rows is nil; maxOrder at most
// its Orders) as [BLEUMetric] reads them: for the k-th, at k·(2+2N),
// hyp_len, ref_len, the matches and the totals of orders 1..N (N =
// maxOrder), as the whole counts they are, in half the memory of float64:
// the significance tests read them as they read the same float64 values.
// rows must be segments of s.
func BLEUStoreCounts(s *StatsStore, maxOrder int, rows []int) []uint32 {
	w := 2 + 2*maxOrder
	n := len(rows)
	if rows == nil {
		n = s.Len()
	}
	out := make([]uint32, n*w)
	for k := range n {
		i := k
		if rows != nil {
			i = rows[k]
		}
		putBLEURow(out[k*w:(k+1)*w], s.Get(i), maxOrder)
	}
	return out
}

// putBLEURow stores st into row as [BLEUMetric] reads it (its counts are
// never negative).
func putBLEURow[T Statistic](row []T, st Stats, N int) {
	row[0], row[1] = T(st.HypLen), T(st.RefLen)
	for n := 0; n < N; n++ {
		row[2+n] = T(st.Matches[n])
		row[2+N+n] = T(st.Totals[n])
	}
}

// Statistic is the type of the per-segment statistics the significance
// tests read: float64, or uint32 for statistics that are counts (BLEU's,
// [BLEUStoreCounts], and chrF's, [ChrFCounts]), which then take half the
// memory. The tests convert them
// to float64 and float32 exactly as they would the same float64 values.
type Statistic interface{ float64 | uint32 }

// checkStatistics reports whether stats holds whole rows of m's width for
// the given number of segments.
func checkStatistics[T Statistic](m Metric, segments int, stats ...[]T) error {
	w := m.Width()
	if w <= 0 {
		return fmt.Errorf("%w: metric statistics width %d", ErrBadOption, w)
	}
	for k, s := range stats {
		if len(s) != segments*w {
			return fmt.Errorf("%w: system %d has %d statistics, want %d segments × %d", ErrBadOption, k, len(s), segments, w)
		}
	}
	return nil
}
