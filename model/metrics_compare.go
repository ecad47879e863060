package model

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

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

// CompareMetrics runs the paired test of c (the same test, N and seed as
// BLEU's) on chrF and TER for every metric m asks for, every system of ds
// against c.Baseline, on all segments.
func CompareMetrics(ctx context.Context, ds *Dataset, m Metrics, c *Comparison) (MetricComparisons, error) {
	var out MetricComparisons
	if !m.Extra() {
		return out, nil
	}
	if err := everySegmentHasRef(ds); err != nil {
		return out, err
	}
	n := ds.Len()
	run := func(metric scoring.Metric, stats func(src scoring.SegmentSource) ([]float64, error)) (*MetricComparison, error) {
		rows := make([][]float64, len(ds.Systems))
		for s, sys := range ds.Systems {
			hyps := sys.Hyps
			var err error
			rows[s], err = stats(func(i int, refs []string) (string, []string) { return hyps[i], ds.SegmentRefs(i, refs) })
			if err != nil {
				return nil, err
			}
		}
		p := scoring.PairedTest{Metric: metric, Segments: n, Baseline: rows[c.Baseline], N: c.N, Seed: c.Seed}
		for s := range rows {
			if s != c.Baseline {
				p.Systems = append(p.Systems, rows[s])
			}
		}
		test := scoring.PairedBootstrap
		if c.Test == TestPairedAR {
			test = scoring.PairedApproxRandomization
		}
		res, err := test(ctx, p)
		if err != nil {
			return nil, err
		}
		mc := &MetricComparison{Estimates: make([]scoring.Estimate, len(rows)), PValues: make([]float64, len(rows)),
			NoDifference: make([]bool, len(rows)), DifferenceSize: make([]float64, len(rows))}
		k := 0
		for s := range rows {
			if s == c.Baseline {
				mc.Estimates[s] = res.Baseline
				continue
			}
			mc.Estimates[s], mc.PValues[s] = res.Systems[k].Estimate, res.Systems[k].PValue
			mc.NoDifference[s] = noDifference(c.Test, res.Systems[k].Deltas)
			mc.DifferenceSize[s] = differenceSize(res.Systems[k].Deltas)
			k++
		}
		return mc, nil
	}
	var err error
	if m.Has(MetricChrF) {
		metric, merr := scoring.NewChrFMetric(m.ChrF)
		if merr != nil {
			return out, merr
		}
		out.ChrF, err = run(metric, func(src scoring.SegmentSource) ([]float64, error) {
			return scoring.ChrFStatistics(ctx, n, m.ChrF, src)
		})
		if err != nil {
			return out, err
		}
	}
	if m.Has(MetricTER) {
		out.TER, err = run(scoring.TERMetric{}, func(src scoring.SegmentSource) ([]float64, error) {
			return scoring.TERStatistics(ctx, n, m.TER, src)
		})
	}
	return out, err
}

// WriteComparisonMetrics is [WriteComparison] with chrF and TER: "json"
// adds to each system's object "chrf" and/or "ter": {"score", "mean",
// "ci", "p_value"} (mean and ci null with approximate randomization,
// p_value null for the baseline); "text" follows BLEU's table with one
// table per metric under its sacrebleu signature: per system its score,
// interval, Δ to the baseline and p-value (cells measures the tables'
// cells, as for [WriteComparison]).
func WriteComparisonMetrics(w io.Writer, ds *Dataset, s *Scored, c *Comparison, m Metrics, mc MetricComparisons, format string, cells func(string) int) error {
	var bleu bytes.Buffer
	if err := WriteComparison(&bleu, ds, s, c, format, cells); err != nil || !m.Extra() {
		if err == nil {
			_, err = w.Write(bleu.Bytes())
		}
		return err
	}
	metrics := []struct {
		key, name string
		mc        *MetricComparison
	}{{MetricChrF, m.ChrF.Name(), mc.ChrF}, {MetricTER, "TER", mc.TER}}
	var b strings.Builder
	switch format {
	case FormatJSON:
		parts := strings.Split(bleu.String(), "\n  }")
		if len(parts) != len(ds.Systems)+1 {
			return fmt.Errorf("model: unexpected comparison JSON")
		}
		for i, p := range parts[:len(ds.Systems)] {
			b.WriteString(p)
			for _, k := range metrics {
				if k.mc == nil {
					continue
				}
				e := k.mc.Estimates[i]
				x := []byte(",\n    \"" + k.key + `": {"score": `)
				x = appendFloat(x, e.Score)
				x = append(x, `, "mean": `...)
				x = appendFloatOrNull(x, e.Mean, e.Resamples > 0)
				x = append(x, `, "ci": `...)
				x = appendFloatOrNull(x, e.CI, e.Resamples > 0)
				x = append(x, `, "p_value": `...)
				x = appendFloatOrNull(x, k.mc.PValues[i], i != c.Baseline)
				b.Write(append(x, '}'))
			}
			b.WriteString("\n  }")
		}
		b.WriteString(parts[len(ds.Systems)])
	case FormatText:
		b.Write(bleu.Bytes())
		version := signatureVersion(s.CorpusSignature(ds))
		test := "bs"
		if c.Test == TestPairedAR {
			test = "ar"
		}
		fields := []string{test + ":" + strconv.Itoa(c.N), "seed:" + strconv.FormatUint(c.Seed, 10)}
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
			writeMetricComparison(&b, ds, c, k.name, k.mc, cells)
			if k.key == MetricTER {
				b.WriteString("\nTER counts edits: lower is better, so a negative Δ is a gain.\n")
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
func writeMetricComparison(b *strings.Builder, ds *Dataset, c *Comparison, name string, mc *MetricComparison, cells func(string) int) {
	baseline := c.Baseline
	bs := len(mc.Estimates) > 0 && mc.Estimates[0].Resamples > 0
	header := []string{"system", name}
	if bs {
		header = append(header, "μ ± 95% CI")
	}
	table := [][]string{append(header, "Δ", "p-value")}
	two := func(x float64) string { return strconv.FormatFloat(x, 'f', 2, 64) }
	var mus []string
	if bs {
		mus = plusMinus(mc.Estimates)
	}
	for i, e := range mc.Estimates {
		row := []string{Printable(ds.Systems[i].Name), two(e.Score)}
		if bs {
			row = append(row, mus[i])
		}
		if i == baseline {
			row[0] += " (baseline)"
			row = append(row, "—", "—")
		} else {
			d := e.Score - mc.Estimates[baseline].Score
			row = append(row, FormatSigned(d, 2), pValueCell(mc.PValues[i], significant(mc.PValues[i], mc.NoDifference[i])))
		}
		table = append(table, row)
	}
	w := bufio.NewWriter(b)
	writeAligned(w, table, cells)
	w.Flush()
	what := Unit(c.Test)
	for i, same := range mc.NoDifference {
		if same {
			b.WriteString(noDifferenceNote(Printable(ds.Systems[i].Name), name, what, c.N, mc.DifferenceSize[i], false) + "\n")
		}
	}
}
