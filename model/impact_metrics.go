package model

import (
	"context"
	"fmt"
	"slices"

	"github.com/bleuscope/bleuscope/scoring"
)

// ImpactContext is [Scored.Impact] on chrF or TER: for every segment, system
// sys's corpus score against system base, changed by that one segment's
// output, with the corpus scores computed by the metric from the
// statistics summed over the segments (as sacrebleu's corpus chrF and TER
// are), once as they are and once with the segment's statistics replaced
// by base's. For chrF that is the corpus score minus the one with the
// segment swapped, as for BLEU. TER counts edits, so a lower score is the
// better one: its impact is the score with the segment swapped minus the
// corpus score, so that for every metric a negative impact is a segment
// that costs sys against base, and the costliest segments sort first. A
// segment whose statistics are base's has an impact of 0.
//
// The impact of a pair is worked out once and kept ([impactMemo]); the
// slice returned is shared and must not be changed. It may be called from
// several goroutines at once. It stops with ctx's error when ctx is
// cancelled, whether it works the impact out or waits for another
// caller's pass over the same pair.
func (ms *MetricStatistics) ImpactContext(ctx context.Context, sys, base int) ([]float64, error) {
	n := len(ms.counts) + len(ms.values) // one of them holds the systems
	for _, s := range []int{sys, base} {
		if s < 0 || s >= n {
			return nil, fmt.Errorf("model: no system %d", s)
		}
	}
	return ms.impacts.of(ctx, impactKey{sys: sys, base: base}, func() ([]float64, error) {
		if ms.counts != nil {
			return metricImpact(ctx, ms, ms.counts[sys], ms.counts[base], sys == base)
		}
		return metricImpact(ctx, ms, ms.values[sys], ms.values[base], sys == base)
	})
}

// metricImpact is [MetricStatistics.ImpactContext] of the system whose rows are a
// against the baseline's b (same says they are one system), whichever
// type the rows are held in: they are summed as float64, which holds
// chrF's counts exactly. It stops with ctx's error when ctx is cancelled.
func metricImpact[T scoring.Statistic](ctx context.Context, ms *MetricStatistics, a, b []T, same bool) ([]float64, error) {
	w := ms.metric.Width()
	sums := make([]float64, w)
	for i := range ms.segments { // in segment order, as sacrebleu adds them
		if i%impactCheckEvery == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		for k := range sums {
			sums[k] += float64(a[i*w+k])
		}
	}
	score := func(sums []float64) float64 { return ms.metric.Score(sums, scoring.PathExact) }
	whole := score(sums)
	sign := 1.0
	if ms.LowerIsBetter() {
		sign = -1
	}
	out := make([]float64, ms.segments)
	swapped := make([]float64, w)
	for i := range out {
		if i%impactCheckEvery == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		ra, rb := a[i*w:(i+1)*w], b[i*w:(i+1)*w]
		if same || slices.Equal(ra, rb) {
			continue // the same statistics: nothing changes (TER's sums may not give back exactly what they held)
		}
		for k := range swapped {
			swapped[k] = sums[k] - float64(ra[k]) + float64(rb[k])
		}
		out[i] = sign * (whole - score(swapped))
	}
	return out, nil
}
