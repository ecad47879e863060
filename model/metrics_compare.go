package model

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/bleuscope/bleuscope/scoring"
)

// MetricComparison is one extra metric's paired test of every system
// against the baseline: per system (baseline included, dataset order) its
// estimate and p-value (meaningless for the baseline).
type MetricComparison struct {
	// Estimates are the corpus scores, with the bootstrap mean and CI when
	// the test has them.
	Estimates []scoring.Estimate
	// PValues are the p-values against the baseline (0 for the baseline).
	PValues []float64
	// NoDifference says, per system, that the test had no difference to
	// go on (see [SystemComparison.NoDifference]); false for the baseline.
	// DifferenceSize is then the size every resampled difference had.
	NoDifference   []bool
	DifferenceSize []float64
}

// MetricComparisons are the paired tests of chrF and TER, for the metrics
// asked for (nil otherwise).
type MetricComparisons struct {
	// ChrF and TER are the tests of each metric.
	ChrF, TER *MetricComparison
}

// MetricProgress is told how far chrF's or TER's part of a test is. It
// may be called from several goroutines at once.
type MetricProgress func(MetricStep)

// MetricStep is how far one step of chrF's or TER's part of a test is.
type MetricStep struct {
	// Metric is the metric's title (chrF2, TER).
	Metric string
	// Step is metricStatistics, then metricResampling.
	Step string
	// System is the system the step is about (an index in the dataset's
	// Systems), or -1 when it covers every system at once.
	System int
	// Fraction is the fraction of the step done.
	Fraction float64
}

// The steps a [MetricProgress] is told of.
const (
	metricStatistics = "statistics"
	metricResampling = "resampling"
)

// step returns the callback that tells progress the fraction done of
// metric's step for system sys (-1: every system); nil when progress is
// nil.
func (progress MetricProgress) step(metric, step string, sys int) func(fraction float64) {
	if progress == nil {
		return nil
	}
	return func(f float64) { progress(MetricStep{Metric: metric, Step: step, System: sys, Fraction: f}) }
}

// statistics is the callback [ComputeMetricStatistics] takes that tells
// progress the statistics step of metric for system sys (-1 for every
// system at once); nil when progress is.
func (progress MetricProgress) statistics(metric string, sys int) func(done, total int) {
	tell := progress.step(metric, metricStatistics, sys)
	if tell == nil {
		return nil
	}
	return func(done, total int) {
		if total > 0 {
			tell(float64(done) / float64(total))
		}
	}
}

// CompareMetrics runs the paired test of c (the same test, N and seed as
// BLEU's) on chrF and TER for every metric m asks for, every system of ds
// against c.Baseline, on all segments, telling progress (when not nil) how
// far it is.
func CompareMetrics(ctx context.Context, ds *Dataset, m Metrics, c *Comparison, progress MetricProgress) (MetricComparisons, error) {
	var out MetricComparisons
	if !m.Extra() {
		return out, nil
	}
	run := func(name string) (*MetricComparison, error) {
		collectGarbage(ds.Len())
		title := m.Title(name)
		st, err := ComputeMetricStatistics(ctx, ds, name, m, progress.statistics(title, -1))
		if err != nil {
			return nil, err
		}
		res, err := CompareMetric(ctx, st, c.Baseline, nil, CompareOptions{Test: c.Test, N: c.N, Seed: c.Seed, Progress: progress.step(title, metricResampling, -1)})
		if err != nil {
			return nil, err
		}
		n := len(res.Systems)
		mc := &MetricComparison{Estimates: make([]scoring.Estimate, n), PValues: make([]float64, n),
			NoDifference: make([]bool, n), DifferenceSize: make([]float64, n)}
		for s, sc := range res.Systems {
			mc.Estimates[s], mc.PValues[s] = sc.Estimate, sc.PValue
			if s != c.Baseline {
				mc.NoDifference[s], mc.DifferenceSize[s] = sc.NoDifference(), differenceSize(sc.Deltas)
			}
		}
		return mc, nil
	}
	var err error
	if m.Has(MetricChrF) {
		if out.ChrF, err = run(MetricChrF); err != nil {
			return out, err
		}
	}
	if m.Has(MetricTER) {
		out.TER, err = run(MetricTER)
	}
	return out, err
}

// collectAbove is the number of segments above which [CompareMetrics]
// and [ConfidenceMetrics] collect the garbage of the test before them
// (BLEU's statistics, their copies and the resampling buffers) before
// they compute chrF's or TER's statistics. Without it the heap, paced by
// what that test held, grows by that garbage and the new test's memory
// at once (chrF after BLEU on a million segments peaked at 1.5 GB
// without it, 1.2 GB with it and fewer resampling buffers).
const collectAbove = 200_000

// collectGarbage runs the garbage collector on a corpus of more than
// collectAbove segments.
func collectGarbage(segments int) {
	if segments > collectAbove {
		runtime.GC()
	}
}

// MetricStatistics are the per-segment statistics of chrF or TER of every
// system of a dataset, as the paired tests read them: computed once, they
// serve a comparison against any baseline on any rows.
type MetricStatistics struct {
	// Name is MetricChrF or MetricTER; Title is how a table heads its
	// scores (chrF2, chrF2++, TER).
	Name, Title string
	metric      scoring.Metric
	segments    int
	// Per system, segment i's row at i·Width: chrF's as the counts they
	// are (counts), in half the memory of TER's float64 rows (values).
	counts [][]uint32
	values [][]float64
	// impacts are the impacts worked out so far ([MetricStatistics.ImpactContext]).
	impacts impactMemo
}

// LowerIsBetter reports whether the metric's better score is the lower
// one (TER counts edits).
func (ms *MetricStatistics) LowerIsBetter() bool { return ms.Name == MetricTER }

// ComputeMetricStatistics computes the statistics of the metric name
// (MetricChrF or MetricTER, under m's options) for every system of ds.
// progress, when not nil, is told how many of the segments to score (per
// system) are done, from several goroutines, done rising.
func ComputeMetricStatistics(ctx context.Context, ds *Dataset, name string, m Metrics, progress func(done, total int)) (*MetricStatistics, error) {
	if err := everySegmentHasRef(ds); err != nil {
		return nil, err
	}
	return systemStatistics(ctx, ds, ds.Systems, name, m, progress)
}

// systemStatistics is [ComputeMetricStatistics] for systems, some of ds's,
// whose statistics it holds in their order; every segment has a
// reference.
func systemStatistics(ctx context.Context, ds *Dataset, systems []System, name string, m Metrics, progress func(done, total int)) (*MetricStatistics, error) {
	n := ds.Len()
	ms := &MetricStatistics{Name: name, segments: n}
	var stats func(src scoring.SegmentSource) error
	switch name {
	case MetricChrF:
		metric, err := scoring.NewChrFMetric(m.ChrF)
		if err != nil {
			return nil, err
		}
		ms.metric, ms.Title = metric, m.Title(name)
		stats = func(src scoring.SegmentSource) error {
			rows, err := scoring.ChrFCounts(ctx, n, m.ChrF, src)
			ms.counts = append(ms.counts, rows)
			return err
		}
	case MetricTER:
		ms.metric, ms.Title = scoring.TERMetric{}, m.Title(name)
		stats = func(src scoring.SegmentSource) error {
			rows, err := scoring.TERStatistics(ctx, n, m.TER, src)
			ms.values = append(ms.values, rows)
			return err
		}
	default:
		return nil, fmt.Errorf("model: no paired statistics for metric %q (want %s or %s)", name, MetricChrF, MetricTER)
	}
	var done atomic.Int64
	total := n * len(systems)
	for _, sys := range systems {
		if err := stats(countedSource(ds, sys.Hyps, &done, total, progress)); err != nil {
			return nil, err
		}
	}
	return ms, nil
}

// CompareMetric runs the paired test opt asks for on the statistics st,
// every system against system base, over the segments rows (all of them
// when nil), exactly as sacrebleu 2.6.0 tests chrF and TER, and counts
// each system's wins, ties and losses by sentence score (for TER a win is
// a lower score). The comparison's Metric is st's.
func CompareMetric(ctx context.Context, st *MetricStatistics, base int, rows []int, opt CompareOptions) (*Comparison, error) {
	if st.counts != nil {
		return compareMetric(ctx, st, st.counts, base, rows, opt)
	}
	return compareMetric(ctx, st, st.values, base, rows, opt)
}

// compareMetric is [CompareMetric] on the systems' statistics systems.
func compareMetric[T scoring.Statistic](ctx context.Context, st *MetricStatistics, systems [][]T, base int, rows []int, opt CompareOptions) (*Comparison, error) {
	if base < 0 || base >= len(systems) {
		return nil, fmt.Errorf("model: no system %d", base)
	}
	if len(systems) < 2 {
		return nil, errors.New("model: a comparison needs at least two systems")
	}
	if rows != nil && len(rows) == 0 || rows == nil && st.segments == 0 {
		return nil, errors.New("model: no segment to compare")
	}
	w := st.metric.Width()
	pick := func(all []T) ([]T, error) {
		if rows == nil {
			return all, nil
		}
		out := make([]T, 0, len(rows)*w)
		for _, i := range rows {
			if i < 0 || i >= st.segments {
				return nil, fmt.Errorf("model: segment %d out of range", i)
			}
			out = append(out, all[i*w:(i+1)*w]...)
		}
		return out, nil
	}
	segments := st.segments
	if rows != nil {
		segments = len(rows)
	}
	p := scoring.PairedTest[T]{Metric: st.metric, Segments: segments, Seed: opt.Seed, N: opt.N, Progress: opt.Progress}
	var others []int
	picked := make([][]T, len(systems))
	for s, all := range systems {
		var err error
		if picked[s], err = pick(all); err != nil {
			return nil, err
		}
		if s == base {
			p.Baseline = picked[s]
		} else {
			p.Systems = append(p.Systems, picked[s])
			others = append(others, s)
		}
	}
	res, err := runPaired(ctx, opt.Test, p)
	if err != nil {
		return nil, err
	}
	c := newComparison(opt, base, segments, len(systems))
	c.Metric, c.LowerIsBetter = st.Name, st.LowerIsBetter()
	c.Systems[base].Estimate = res.Baseline
	row := make([]float64, w)
	sentence := func(stats []T, i int) float64 {
		for k, v := range stats[i*w : (i+1)*w] {
			row[k] = float64(v)
		}
		return st.metric.Score(row, scoring.PathExact)
	}
	baseScores := make([]float64, segments) // the baseline's sentence scores, once for every system
	for i := range baseScores {
		baseScores[i] = sentence(picked[base], i)
	}
	for k, s := range others {
		r := res.Systems[k]
		sc := SystemComparison{Estimate: r.Estimate, PValue: r.PValue, Deltas: r.Deltas, noDiff: noDifference(opt.Test, r.Deltas, segments)}
		for i, b := range baseScores {
			a := sentence(picked[s], i)
			if c.LowerIsBetter {
				a, b = b, a
			}
			sc.tally(a, b)
		}
		c.Systems[s] = sc
	}
	return c, nil
}

// WriteComparisonMetrics is [WriteComparison] with chrF and TER: "json"
// adds to each system's object "chrf" and/or "ter": {"score", "mean",
// "ci", "p_value"} (mean and ci null with approximate randomization,
// p_value null for the baseline); "text" follows BLEU's table with one
// table per metric under its sacrebleu signature: per system its score,
// interval, Δ to the baseline and p-value (laid out as lay says, as for
// [WriteComparison]).
func WriteComparisonMetrics(w io.Writer, ds *Dataset, s *Scored, c *Comparison, m Metrics, mc MetricComparisons, format string, lay TextLayout) error {
	var bleu bytes.Buffer
	if err := WriteComparison(&bleu, ds, s, c, format, lay); err != nil || !m.Extra() {
		if err == nil {
			_, err = w.Write(bleu.Bytes())
		}
		return err
	}
	metrics := []struct {
		key, name string
		mc        *MetricComparison
	}{{MetricChrF, m.Title(MetricChrF), mc.ChrF}, {MetricTER, m.Title(MetricTER), mc.TER}}
	var b strings.Builder
	switch format {
	case FormatJSON:
		js, err := withSystemMembers(bleu.Bytes(), len(ds.Systems), "comparison", func(x []byte, i int) []byte {
			for _, k := range metrics {
				if k.mc == nil {
					continue
				}
				e := k.mc.Estimates[i]
				x = append(x, ",\n    \""+k.key+`": {"score": `...)
				x = appendFloat(x, e.Score)
				x = append(x, `, "mean": `...)
				x = appendFloatOrNull(x, e.Mean, e.Resamples > 0)
				x = append(x, `, "ci": `...)
				x = appendFloatOrNull(x, e.CI, e.Resamples > 0)
				x = append(x, `, "p_value": `...)
				x = appendFloatOrNull(x, k.mc.PValues[i], i != c.Baseline)
				x = append(x, '}')
			}
			return x
		})
		if err != nil {
			return err
		}
		b.Write(js)
	case FormatText:
		b.Write(bleu.Bytes())
		version := signatureVersion(s.CorpusSignature(ds))
		test := "bs"
		if c.Test == TestPairedAR {
			test = "ar"
		}
		fields := []string{test + ":" + strconv.Itoa(c.N), "seed:" + c.Seed.String()}
		ms := &MetricScores{Metrics: m, NRefs: ds.NRefs()}
		for _, k := range metrics {
			if k.mc == nil {
				continue
			}
			sig := ms.TERSignature(version)
			if k.key == MetricChrF {
				sig = ms.ChrFSignature(version)
			}
			b.WriteString("\n" + k.name + "|" + withFields(sig, fields...) + "\n\n")
			writeMetricComparison(&b, ds, c, k.name, k.mc, lay)
			if k.key == MetricTER {
				b.WriteString("\n" + wrapProse(lay.Wrap, "TER counts edits: lower is better, so a negative Δ is a gain.") + "\n")
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeMetricComparison writes the table of one extra metric in a
// comparison, shaped as BLEU's: system, score, μ ± 95% CI (bootstrap),
// Δ to the baseline and p-value, two decimals as BLEU's (with one, as
// sacrebleu prints chrF and TER, Δ read as off by 0.1 from the scores
// shown); under it a note for each system the test saw no difference in.
// Wider than lay.Width (when set), it marks the baseline "base" in the Δ
// column instead of "(baseline)" after its name and cuts the names too
// long.
func writeMetricComparison(b *strings.Builder, ds *Dataset, c *Comparison, name string, mc *MetricComparison, lay TextLayout) {
	baseline := c.Baseline
	bs := len(mc.Estimates) > 0 && mc.Estimates[0].Resamples > 0
	header := []string{"system", name}
	if bs {
		header = append(header, "μ ± 95% CI")
	}
	table := [][]string{append(header, "Δ", "p-value")}
	two := func(x float64) string { return scoring.PyFixed(x, 2) }
	var mus []string
	if bs {
		mus = plusMinus(mc.Estimates)
	}
	for i, e := range mc.Estimates {
		row := []string{Shown(ds.Systems[i].Name), two(e.Score)}
		if bs {
			row = append(row, mus[i])
		}
		if i == baseline {
			row = append(row, "—", "—")
		} else {
			d := e.Score - mc.Estimates[baseline].Score
			row = append(row, FormatSigned(d, 2), pValueCell(mc.PValues[i], starred(mc.PValues[i], mc.NoDifference[i], d)))
		}
		table = append(table, row)
	}
	// Too wide for lay.Width, the table marks the baseline in its Δ
	// column, as BLEU's narrower forms do, and cuts the names too long.
	plain := table[1+baseline][0]
	table[1+baseline][0] += " (baseline)"
	if lay.Width > 0 && tableCells(table, lay.Cells) > lay.Width {
		table[1+baseline][0] = plain
		table[1+baseline][len(table[0])-2] = "base"
		cutNames(table, lay)
	}
	w := bufio.NewWriter(b)
	writeAligned(w, table, lay.Cells)
	w.Flush()
	what := Unit(c.Test)
	for i, same := range mc.NoDifference {
		d := mc.Estimates[i].Score - mc.Estimates[baseline].Score
		switch {
		case same:
			b.WriteString(wrapProse(lay.Wrap, noDifferenceNote(Shown(ds.Systems[i].Name), name, what, c.N, mc.DifferenceSize[i], false)) + "\n")
		case i != baseline && significant(mc.PValues[i], same) && !starred(mc.PValues[i], same, d):
			b.WriteString(wrapProse(lay.Wrap, nanDeltaNote(Shown(ds.Systems[i].Name), name)) + "\n")
		}
	}
}
