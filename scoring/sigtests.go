package scoring

import (
	"context"
	"fmt"
	"math"
)

// Defaults of sacrebleu 2.6.0's significance tests.
const (
	// DefaultBootstrapN is the number of resamples of --confidence and
	// --paired-bs.
	DefaultBootstrapN = 1000
	// DefaultARTrials is the number of trials of --paired-ar.
	DefaultARTrials = 10000
)

// Estimate is a system's corpus score with, when a bootstrap ran, the mean
// and 95% confidence half-width of its resampled scores.
type Estimate struct {
	// Score is the actual corpus score.
	Score float64
	// Resamples is the number of bootstrap resamples behind Mean and CI;
	// 0 when there was no bootstrap (then Mean and CI are 0).
	Resamples int
	// Mean is the mean of the resampled scores.
	Mean float64
	// CI is the half-width of the 95% confidence interval (sacrebleu's
	// "± x"), not a standard deviation.
	CI float64
}

// Comparison is one system tested against the baseline.
type Comparison struct {
	Estimate
	// PValue is (c+1)/(N+1), c the number of resamples or trials whose
	// difference exceeds the observed one.
	PValue float64
	// Deltas are the resampled differences in resample (trial) order:
	// system minus baseline score per bootstrap resample, or
	// score(A)−score(B) per approximate-randomization trial, where A is
	// the system with the masked segments taken from the baseline. The
	// observed difference is Score minus the baseline's Score.
	Deltas []float64
}

// Paired is the outcome of a paired test: the baseline and every other
// system, in the order given.
type Paired struct {
	Baseline Estimate
	Systems  []Comparison
}

// PairedTest describes a paired significance test of several systems
// against a baseline on the same segments.
type PairedTest[T Statistic] struct {
	// Metric scores summed statistics.
	Metric Metric
	// Segments is the number of segments (at least 1).
	Segments int
	// Baseline and Systems hold per-segment statistics, Segments rows of
	// Metric.Width() values each.
	Baseline []T
	Systems  [][]T
	// N is the number of resamples (bootstrap) or trials (approximate
	// randomization); N ≤ 0 means sacrebleu's default.
	N int
	// Seed seeds numpy's generator, as SACREBLEU_SEED does. Every system
	// gets a fresh generator with this seed, so all see the same draws.
	// Seed 0, the zero value, is an ordinary seed (sacrebleu leaves
	// systems unseeded).
	Seed Seed
	// ARConfidence asks approximate randomization for a bootstrap CI of
	// the baseline and every system with this many resamples (0: no CI;
	// sacrebleu's API n_ar_confidence=0 is 1000 here). The bootstrap
	// ignores it.
	ARConfidence int
	// Progress, when not nil, is told how much of the work is done, as a
	// fraction in [0, 1]; it is called from one goroutine at a time.
	Progress func(fraction float64)
}

func (p PairedTest[T]) check() error {
	if p.Metric == nil {
		return fmt.Errorf("%w: no metric", ErrBadOption)
	}
	if p.Segments < 1 {
		return fmt.Errorf("%w: significance needs at least one segment", ErrBadOption)
	}
	if len(p.Systems) == 0 {
		return fmt.Errorf("%w: a paired test needs a system besides the baseline", ErrBadOption)
	}
	return checkStatistics(p.Metric, p.Segments, append([][]T{p.Baseline}, p.Systems...)...)
}

// progressOf turns counts of done units into fractions of total for p's
// Progress (nil when there is none).
func (p PairedTest[T]) progressOf(offset, total int) func(done int) {
	if p.Progress == nil {
		return nil
	}
	return func(done int) { p.Progress(float64(offset+done) / float64(total)) }
}

// estimate turns resampled scores into an Estimate: mean by mean of the
// sorted scores, half-width by [ConfidenceHalfWidth].
func estimate(score float64, resampled []float64, mean func([]float64) float64) Estimate {
	s := sortedCopy(resampled)
	return Estimate{Score: score, Resamples: len(s), Mean: mean(s), CI: ConfidenceHalfWidth(s)}
}

// pValue returns (c+1)/(n+1).
func pValue(c, n int) float64 { return float64(c+1) / float64(n+1) }

// Confidence is sacrebleu's single-system bootstrap (--confidence): the
// actual score of stats (segments rows of m.Width() values) and the mean
// (exact, as statistics.mean) and 95% half-width of n resampled scores
// (n ≤ 0: 1000) drawn with numpy's generator seeded with seed.
func Confidence[T Statistic](ctx context.Context, m Metric, segments int, stats []T, n int, seed Seed) (Estimate, error) {
	return ConfidenceProgress(ctx, m, segments, stats, n, seed, nil)
}

// ConfidenceProgress is [Confidence] telling progress, when not nil, the
// fraction of the resamples done, from one goroutine at a time.
func ConfidenceProgress[T Statistic](ctx context.Context, m Metric, segments int, stats []T, n int, seed Seed, progress func(fraction float64)) (Estimate, error) {
	if m == nil || segments < 1 {
		return Estimate{}, fmt.Errorf("%w: significance needs a metric and at least one segment", ErrBadOption)
	}
	if err := checkStatistics(m, segments, stats); err != nil {
		return Estimate{}, err
	}
	if n <= 0 {
		n = DefaultBootstrapN
	}
	rs := newResampler(m, segments, [][]T{stats})
	score := m.Score(rs.sums[0], PathExact)
	var done func(int)
	if progress != nil {
		done = func(d int) { progress(float64(d) / float64(n)) }
	}
	out, err := rs.scores(ctx, indexSource{NewNumpyRNG(seed), segments}, n, done)
	if err != nil {
		return Estimate{}, err
	}
	return estimate(score, out[0], ExactMean), nil
}

// PairedBootstrap is sacrebleu's paired bootstrap resampling (--paired-bs):
// the same N resamples for the baseline and every system; each system's
// p-value counts the resamples whose |system − baseline| minus the mean of
// those differences exceeds the observed |difference|.
func PairedBootstrap[T Statistic](ctx context.Context, p PairedTest[T]) (Paired, error) {
	if err := p.check(); err != nil {
		return Paired{}, err
	}
	n := p.N
	if n <= 0 {
		n = DefaultBootstrapN
	}
	all := append([][]T{p.Baseline}, p.Systems...)
	rs := newResampler(p.Metric, p.Segments, all)
	out, err := rs.scores(ctx, indexSource{NewNumpyRNG(p.Seed), p.Segments}, n, p.progressOf(0, n))
	if err != nil {
		return Paired{}, err
	}
	baseScore := p.Metric.Score(rs.sums[0], PathExact)
	res := Paired{Baseline: estimate(baseScore, out[0], NumpyMean)}
	for s := range p.Systems {
		score := p.Metric.Score(rs.sums[s+1], PathExact)
		delta := math.Abs(baseScore - score)
		sy, bl := out[s+1], out[0]
		signed := make([]float64, n)
		abs := make([]float64, n)
		for r := range n {
			signed[r] = sy[r] - bl[r]
			abs[r] = math.Abs(sy[r] - bl[r])
		}
		mean := NumpyMean(abs)
		c := 0
		for _, d := range abs {
			if d-mean > delta {
				c++
			}
		}
		res.Systems = append(res.Systems, Comparison{
			Estimate: estimate(score, sy, NumpyMean),
			PValue:   pValue(c, n),
			Deltas:   signed,
		})
	}
	return res, nil
}

// PairedApproxRandomization is sacrebleu's paired approximate
// randomization (--paired-ar): N trials, each swapping the baseline's and
// the system's segments where a random mask is set (the same mask for every
// system); a system's p-value counts the trials whose |score(A) − score(B)|
// exceeds the observed |difference|. With ARConfidence the baseline and
// every system also get a bootstrap CI, the systems' resample indices
// drawn from the same generator right after the mask, as sacrebleu does.
func PairedApproxRandomization[T Statistic](ctx context.Context, p PairedTest[T]) (Paired, error) {
	if err := p.check(); err != nil {
		return Paired{}, err
	}
	n := p.N
	if n <= 0 {
		n = DefaultARTrials
	}
	ciN := max(p.ARConfidence, 0)
	w := p.Metric.Width()
	total := n + 2*ciN
	rng := NewNumpyRNG(p.Seed)
	deltas, err := arTrials(ctx, rng, p.Metric, p.Segments, p.Baseline, p.Systems, n, p.progressOf(0, total))
	if err != nil {
		return Paired{}, err
	}
	baseScore := p.Metric.Score(exactSums(p.Baseline, w), PathExact)
	res := Paired{Baseline: Estimate{Score: baseScore}}
	var sysCI [][]float64
	if ciN > 0 {
		rs := newResampler(p.Metric, p.Segments, p.Systems)
		if sysCI, err = rs.scores(ctx, indexSource{rng, p.Segments}, ciN, p.progressOf(n, total)); err != nil {
			return Paired{}, err
		}
		rb := newResampler(p.Metric, p.Segments, [][]T{p.Baseline})
		bl, err := rb.scores(ctx, indexSource{NewNumpyRNG(p.Seed), p.Segments}, ciN, p.progressOf(n+ciN, total))
		if err != nil {
			return Paired{}, err
		}
		res.Baseline = estimate(baseScore, bl[0], NumpyMean)
	}
	for s, st := range p.Systems {
		score := p.Metric.Score(exactSums(st, w), PathExact)
		delta := math.Abs(baseScore - score)
		c := 0
		for _, d := range deltas[s] {
			if math.Abs(d) > delta {
				c++
			}
		}
		cmp := Comparison{Estimate: Estimate{Score: score}, PValue: pValue(c, n), Deltas: deltas[s]}
		if ciN > 0 {
			cmp.Estimate = estimate(score, sysCI[s], NumpyMean)
		}
		res.Systems = append(res.Systems, cmp)
	}
	return res, nil
}
