package model

import (
	"fmt"
	"slices"

	"github.com/bleuscope/bleuscope/scoring"
)

// Impact is [Scored.Impact] on chrF or TER: for every segment, system
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
func (ms *MetricStatistics) Impact(sys, base int) ([]float64, error) {
	for _, s := range []int{sys, base} {
		if s < 0 || s >= len(ms.systems) {
			return nil, fmt.Errorf("model: no system %d", s)
		}
	}
	w := ms.metric.Width()
	a, b := ms.systems[sys], ms.systems[base]
	sums := make([]float64, w)
	for i := range ms.segments { // in segment order, as sacrebleu adds them
		for k := range sums {
			sums[k] += a[i*w+k]
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
		ra, rb := a[i*w:(i+1)*w], b[i*w:(i+1)*w]
		if sys == base || slices.Equal(ra, rb) {
			continue // the same statistics: nothing changes (TER's sums may not give back exactly what they held)
		}
		for k := range swapped {
			swapped[k] = sums[k] - ra[k] + rb[k]
		}
		out[i] = sign * (whole - score(swapped))
	}
	return out, nil
}
