package model

import (
	"context"
	"fmt"
	"slices"
	"sync/atomic"

	"github.com/bleuscope/bleuscope/scoring"
)

// Metric names, as --metrics spells them.
const (
	MetricBLEU = "bleu"
	MetricChrF = "chrf"
	MetricTER  = "ter"
)

// MetricNames lists the metrics in the order help texts show them.
var MetricNames = []string{MetricBLEU, MetricChrF, MetricTER}

// Metrics says which metrics to report beside BLEU's figures and with
// which options. BLEU is always computed (it is what the rest of bleuscope
// shows); Names decides which score lines text output prints.
type Metrics struct {
	// Names are the metrics asked for, in the order given, without
	// repeats: bleu, chrf, ter.
	Names []string
	// ChrF are the chrF options (used when Names has chrf).
	ChrF scoring.ChrFOptions
	// TER are the TER options (used when Names has ter).
	TER scoring.TEROptions
}

// DefaultMetrics returns BLEU alone, with sacrebleu's chrF and TER
// defaults ready for when they are asked for.
func DefaultMetrics() Metrics {
	return Metrics{Names: []string{MetricBLEU}, ChrF: scoring.DefaultChrFOptions()}
}

// Has reports whether the metric name was asked for.
func (m Metrics) Has(name string) bool { return slices.Contains(m.Names, name) }

// Title is how the metric name is titled under m's options, as sacrebleu
// names its scores: chrF's name under its options (chrF2, chrF2++), TER,
// BLEU for any other name.
func (m Metrics) Title(name string) string {
	switch name {
	case MetricChrF:
		return m.ChrF.Name()
	case MetricTER:
		return "TER"
	}
	return "BLEU"
}

// Extra reports whether chrF or TER was asked for.
func (m Metrics) Extra() bool { return m.Has(MetricChrF) || m.Has(MetricTER) }

// MetricScores are the chrF and TER scores of every system of a dataset,
// for the metrics asked for.
type MetricScores struct {
	// Metrics are what was asked for.
	Metrics Metrics
	// NRefs is the nrefs of the signatures: references per segment, or
	// [scoring.VariableRefs].
	NRefs int
	// Systems are in the dataset's order.
	Systems []MetricSystem
}

// ChrFSignature returns sacrebleu's chrF signature with the given version
// field (the one BLEU's signature carries: see [WriteCorpusMetrics]).
func (ms *MetricScores) ChrFSignature(version string) string {
	return scoring.ChrFSignature(ms.Metrics.ChrF, ms.NRefs, version)
}

// TERSignature returns sacrebleu's TER signature with the given version
// field.
func (ms *MetricScores) TERSignature(version string) string {
	return scoring.TERSignature(ms.Metrics.TER, ms.NRefs, version)
}

// MetricSystem holds one system's chrF and TER.
type MetricSystem struct {
	// ChrF and TER are the corpus scores, from statistics summed over the
	// segments as sacrebleu does.
	ChrF, TER float64
	// ChrFSegments and TERSegments are the sentence scores per segment
	// (sacrebleu's sentence_score), nil unless asked for.
	ChrFSegments, TERSegments []float64
}

// ScoreMetrics computes the corpus chrF and TER of every system of ds that
// m asks for, and with segments also every sentence score. A segment
// without any reference cannot be scored by either (sacrebleu fails on
// it too): that is an [InputError] naming its line.
func ScoreMetrics(ctx context.Context, ds *Dataset, m Metrics, segments bool) (*MetricScores, error) {
	out := &MetricScores{Metrics: m, NRefs: ds.NRefs(), Systems: make([]MetricSystem, len(ds.Systems))}
	if !m.Extra() {
		return out, nil
	}
	if m.Has(MetricChrF) {
		if err := m.ChrF.Validate(); err != nil {
			return nil, err
		}
	}
	if err := everySegmentHasRef(ds); err != nil {
		return nil, err
	}
	n := ds.Len()
	for s, sys := range ds.Systems {
		hyps := sys.Hyps
		src := func(i int, refs []string) (string, []string) { return hyps[i], ds.SegmentRefs(i, refs) }
		ms := &out.Systems[s]
		if m.Has(MetricChrF) {
			if err := chrfScores(ctx, n, m.ChrF, src, segments, ms); err != nil {
				return nil, err
			}
		}
		if m.Has(MetricTER) {
			if err := terScores(ctx, n, m.TER, src, segments, ms); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// metricsProgressEvery is how many segments chrF's and TER's statistics
// count between two reports of their progress.
const metricsProgressEvery = 256

// countedSource returns the segment source of hyps and ds's references
// that, when tell is not nil, adds each segment read to done (the source
// is read by several goroutines) and tells tell how many are done, out of
// total, every metricsProgressEvery segments and at the last.
func countedSource(ds *Dataset, hyps []string, done *atomic.Int64, total int, tell func(done, total int)) scoring.SegmentSource {
	return func(i int, refs []string) (string, []string) {
		if tell != nil {
			if d := done.Add(1); d%metricsProgressEvery == 0 || d == int64(total) {
				tell(int(d), total)
			}
		}
		return hyps[i], ds.SegmentRefs(i, refs)
	}
}

// everySegmentHasRef returns an [InputError] naming the first segment
// without any reference, which chrF and TER cannot score.
func everySegmentHasRef(ds *Dataset) error {
	var refs []string
	for i := range ds.Len() {
		if refs = ds.SegmentRefs(i, refs[:0]); len(refs) == 0 {
			return &InputError{Line: i + 1, Msg: fmt.Sprintf(
				"segment %d has no reference; chrF and TER need at least one per segment (use --metrics bleu for this input)", i+1)}
		}
	}
	return nil
}

// chrfScores fills the chrF scores of one system.
func chrfScores(ctx context.Context, n int, o scoring.ChrFOptions, src scoring.SegmentSource, segments bool, ms *MetricSystem) error {
	if !segments {
		st, err := scoring.ChrFCorpusStats(ctx, n, o, src)
		if err != nil {
			return err
		}
		ms.ChrF = scoring.ChrFScore(st, o)
		return nil
	}
	// Sentence scores, and the corpus sums added atomically (integers:
	// the order of the additions does not matter).
	sums := make([]atomic.Int64, o.Width())
	ms.ChrFSegments = make([]float64, n)
	err := scoring.ChrFSegments(ctx, n, o, src, func(i int, st []int) {
		for k, v := range st {
			sums[k].Add(int64(v))
		}
		ms.ChrFSegments[i] = scoring.ChrFScore(st, o)
	})
	if err != nil {
		return err
	}
	sum := make([]int, len(sums))
	for k := range sums {
		sum[k] = int(sums[k].Load())
	}
	ms.ChrF = scoring.ChrFScore(sum, o)
	return nil
}

// terScores fills the TER scores of one system.
func terScores(ctx context.Context, n int, o scoring.TEROptions, src scoring.SegmentSource, segments bool, ms *MetricSystem) error {
	if !segments {
		st, err := scoring.TERCorpusStats(ctx, n, o, src)
		if err != nil {
			return err
		}
		ms.TER = st.Score()
		return nil
	}
	per := make([]scoring.TERStats, n)
	err := scoring.TERSegments(ctx, n, o, src, func(i int, st scoring.TERStats) { per[i] = st })
	if err != nil {
		return err
	}
	ms.TERSegments = make([]float64, n)
	var sum scoring.TERStats
	for i, st := range per {
		ms.TERSegments[i] = st.Score()
		sum.Edits += st.Edits
		sum.RefLen += st.RefLen // in segment order, as sacrebleu adds them
	}
	ms.TER = sum.Score()
	return nil
}

// Scores returns the chrF or TER scores (st's metric) of every system of
// ds, corpus and sentence scores, from the statistics st holds of them:
// those [ScoreMetrics] gives with segments, bit for bit, for m (whose
// options st was computed under), without scoring the segments again.
// The other metric, if m names it, is left out.
func (st *MetricStatistics) Scores(ds *Dataset, m Metrics) *MetricScores {
	out := &MetricScores{Metrics: m, NRefs: ds.NRefs(), Systems: make([]MetricSystem, len(ds.Systems))}
	w := st.metric.Width()
	row := make([]float64, w)
	score := func(row []float64) float64 { return st.metric.Score(row, scoring.PathExact) }
	for s := range out.Systems {
		ms := &out.Systems[s]
		segments := make([]float64, st.segments)
		if st.counts != nil {
			// chrF: the counts summed as integers, as chrfScores sums them.
			counts, sums := st.counts[s], make([]uint64, w)
			for i := range segments {
				for k, v := range counts[i*w : (i+1)*w] {
					row[k] = float64(v)
					sums[k] += uint64(v)
				}
				segments[i] = score(row)
			}
			for k, v := range sums {
				row[k] = float64(v)
			}
			ms.ChrF, ms.ChrFSegments = score(row), segments
			continue
		}
		// TER: edits and reference lengths summed in segment order, as
		// terScores sums them (the edits are whole numbers: exact).
		values, sums := st.values[s], make([]float64, w)
		for i := range segments {
			r := values[i*w : (i+1)*w]
			for k, v := range r {
				sums[k] += v
			}
			segments[i] = score(r)
		}
		ms.TER, ms.TERSegments = score(sums), segments
	}
	return out
}

// sentenceScores returns the sentence scores of system sys that key
// orders by: chrF's for [SortChrF], TER's for [SortTER]; nil when ms (which
// may be nil) does not hold them.
func (ms *MetricScores) sentenceScores(sys int, key SortKey) []float64 {
	if ms == nil || sys < 0 || sys >= len(ms.Systems) {
		return nil
	}
	switch key {
	case SortChrF:
		return ms.Systems[sys].ChrFSegments
	case SortTER:
		return ms.Systems[sys].TERSegments
	}
	return nil
}
