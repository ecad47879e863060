package scoring

import "context"

// TERMetric is TER as a [Metric] for the significance tests: per-segment
// statistics rows [edits, average reference length] ([TERStatistics]) and
// a score from their sums. The options only change the statistics, not
// the score.
type TERMetric struct{}

// Width returns 2: edits and average reference length.
func (TERMetric) Width() int { return 2 }

// ScoreSums returns sacrebleu's TER of statistics summed over segments;
// see [TERScoreSums].
func (TERMetric) ScoreSums(sums []float64, float32Div bool) float64 {
	return TERScoreSums(sums, float32Div)
}

// Score returns sacrebleu's TER of statistics summed by path: bootstrap
// resamples ([PathFloat32]) divide in float32, approximate-randomization
// trials (float64 sums) and the actual score in float64.
func (m TERMetric) Score(sums []float64, path SumPath) float64 {
	return m.ScoreSums(sums, path == PathFloat32)
}

// TERStatistics returns the TER statistics of segments 0..n-1, computed on
// all cores, as rows [edits, average reference length]: segment i at 2·i.
func TERStatistics(ctx context.Context, n int, o TEROptions, src SegmentSource) ([]float64, error) {
	out := make([]float64, 2*n)
	err := TERSegments(ctx, n, o, src, func(i int, st TERStats) {
		out[2*i], out[2*i+1] = float64(st.Edits), st.RefLen
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
