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
		ms := &out.Systems[s]
		if segments {
			// The scores of the statistics the paired tests and the
			// explorer read ([MetricStatistics.Scores]), made a system at
			// a time so that one system's statistics are held at once.
			for _, name := range []string{MetricChrF, MetricTER} {
				if !m.Has(name) {
					continue
				}
				st, err := systemStatistics(ctx, ds, ds.Systems[s:s+1], name, m, nil)
				if err != nil {
					return nil, err
				}
				st.systemScores(0, ms)
			}
			continue
		}
		// The corpus scores alone, from sums kept as they are made.
		hyps := sys.Hyps
		src := func(i int, refs []string) (string, []string) { return hyps[i], ds.SegmentRefs(i, refs) }
		if m.Has(MetricChrF) {
			st, err := scoring.ChrFCorpusStats(ctx, n, m.ChrF, src)
			if err != nil {
				return nil, err
			}
			ms.ChrF = scoring.ChrFScore(st, m.ChrF)
		}
		if m.Has(MetricTER) {
			st, err := scoring.TERCorpusStats(ctx, n, m.TER, src)
			if err != nil {
				return nil, err
			}
			ms.TER = st.Score()
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

// Scores returns the chrF or TER scores (st's metric) of every system of
// ds, corpus and sentence scores, from the statistics st holds of them
// (those [ScoreMetrics] gives with segments too), without scoring the
// segments again. The other metric, if m names it, is left out.
func (st *MetricStatistics) Scores(ds *Dataset, m Metrics) *MetricScores {
	out := &MetricScores{Metrics: m, NRefs: ds.NRefs(), Systems: make([]MetricSystem, len(ds.Systems))}
	for s := range out.Systems {
		st.systemScores(s, &out.Systems[s])
	}
	return out
}

// systemScores sets the corpus and sentence scores of st's metric in ms,
// from the statistics st holds of its system s: each segment's row scored
// as sacrebleu's sentence_score does, and the corpus score of the rows
// summed exactly (chrF's counts as integers, TER's edits and reference
// lengths in segment order, as sacrebleu adds them).
func (st *MetricStatistics) systemScores(s int, ms *MetricSystem) {
	w := st.metric.Width()
	row := make([]float64, w)
	score := func(row []float64) float64 { return st.metric.Score(row, scoring.PathExact) }
	segments := make([]float64, st.segments)
	if st.counts != nil {
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
		return
	}
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
