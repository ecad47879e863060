package scoring

// BLEUSegmentStatistics returns the per-segment statistics of a system as
// [BLEUMetric] reads them, as float64: the rows of [BLEUStoreCounts] for
// stats, which the tests of the float64 statistics start from.
func BLEUSegmentStatistics(stats []Stats, maxOrder int) []float64 {
	w := 2 + 2*maxOrder
	out := make([]float64, len(stats)*w)
	for i, st := range stats {
		putBLEURow(out[i*w:(i+1)*w], st, maxOrder)
	}
	return out
}
