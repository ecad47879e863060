package sacrebleu

import (
	"context"

	"github.com/bleuscope/bleuscope/scoring"
)

// sigStats are a metric's per-segment statistics for the significance
// tests, one slice per system: as the uint32 counts they are where every
// value is a whole number that fits (BLEU's and chrF's, in half the
// memory), else as float64 (TER's). The tests read both alike.
type sigStats struct {
	// metric scores summed statistics.
	metric scoring.Metric
	// counts holds the statistics when they are counts; floats when not.
	counts [][]uint32
	floats [][]float64
}

// confidence is the bootstrap of --confidence on the first system.
func (s sigStats) confidence(ctx context.Context, segments, n int, seed scoring.Seed) (scoring.Estimate, error) {
	if s.counts != nil {
		return scoring.Confidence(ctx, s.metric, segments, s.counts[0], n, seed)
	}
	return scoring.Confidence(ctx, s.metric, segments, s.floats[0], n, seed)
}

// paired tests every system after the first against the first, by paired
// bootstrap resampling or else approximate randomization, n resamples or
// trials, seeded as confidence is.
func (s sigStats) paired(ctx context.Context, bootstrap bool, segments, n int, seed scoring.Seed) (scoring.Paired, error) {
	if s.counts != nil {
		return runPaired(ctx, bootstrap, scoring.PairedTest[uint32]{Metric: s.metric, Segments: segments, Baseline: s.counts[0], Systems: s.counts[1:], N: n, Seed: seed})
	}
	return runPaired(ctx, bootstrap, scoring.PairedTest[float64]{Metric: s.metric, Segments: segments, Baseline: s.floats[0], Systems: s.floats[1:], N: n, Seed: seed})
}

// runPaired runs p as a paired bootstrap or approximate randomization.
func runPaired[T scoring.Statistic](ctx context.Context, bootstrap bool, p scoring.PairedTest[T]) (scoring.Paired, error) {
	if bootstrap {
		return scoring.PairedBootstrap(ctx, p)
	}
	return scoring.PairedApproxRandomization(ctx, p)
}
