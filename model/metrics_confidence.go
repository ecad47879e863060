package model

import (
	"bytes"
	"context"
	"io"
	"strconv"
	"strings"

	"github.com/bleuscope/bleuscope/scoring"
)

// MetricEstimates are the bootstrap estimates (sacrebleu's --confidence)
// of chrF and TER per system, for the metrics asked for (nil otherwise).
type MetricEstimates struct {
	// ChrF and TER hold one estimate per system, in the dataset's order.
	ChrF, TER []scoring.Estimate
}

// ConfidenceMetrics returns sacrebleu's single-system bootstrap of chrF
// and TER for every system of ds that m asks for: n resamples drawn from
// seed, the same draws as for BLEU (each metric starts its own generator
// from the seed, as sacrebleu does), telling progress (when not nil) how far
// each system's steps are.
func ConfidenceMetrics(ctx context.Context, ds *Dataset, m Metrics, n int, seed scoring.Seed, progress MetricProgress) (MetricEstimates, error) {
	var out MetricEstimates
	if !m.Extra() {
		return out, nil
	}
	if err := everySegmentHasRef(ds); err != nil {
		return out, err
	}
	segments := ds.Len()
	for s := range ds.Systems {
		for _, name := range []string{MetricChrF, MetricTER} {
			if !m.Has(name) {
				continue
			}
			collectGarbage(segments)
			title := m.Title(name)
			st, err := systemStatistics(ctx, ds, ds.Systems[s:s+1], name, m, progress.statistics(title, s))
			if err != nil {
				return out, err
			}
			e, err := st.confidence(ctx, 0, n, seed, progress.step(title, metricResampling, s))
			if err != nil {
				return out, err
			}
			if name == MetricChrF {
				out.ChrF = append(out.ChrF, e)
			} else {
				out.TER = append(out.TER, e)
			}
		}
	}
	return out, nil
}

// confidence is sacrebleu's single-system bootstrap of the statistics st
// holds of its system s: n resamples drawn from seed, telling progress
// (when not nil) the fraction done.
func (st *MetricStatistics) confidence(ctx context.Context, s, n int, seed scoring.Seed, progress func(float64)) (scoring.Estimate, error) {
	if st.counts != nil {
		return scoring.ConfidenceProgress(ctx, st.metric, st.segments, st.counts[s], n, seed, progress)
	}
	return scoring.ConfidenceProgress(ctx, st.metric, st.segments, st.values[s], n, seed, progress)
}

// WriteCorpusConfidenceMetrics is [WriteCorpusConfidence] with chrF and
// TER: "text" writes, per system, sacrebleu's --confidence line of every
// metric asked for, in the order asked (chrF2|nrefs:1|bs:1000|seed:12345|…
// = 58.0 (μ = 58.1 ± 0.7)); "json" adds to each system's object "chrf"
// and/or "ter": {"score", "mean", "ci"}.
func WriteCorpusConfidenceMetrics(w io.Writer, ds *Dataset, s *Scored, est []scoring.Estimate, n int, seed scoring.Seed,
	m Metrics, me MetricEstimates, format string) error {
	var bleu bytes.Buffer
	if err := WriteCorpusConfidence(&bleu, ds, s, est, n, seed, format); err != nil || !m.Extra() {
		if err == nil {
			_, err = w.Write(bleu.Bytes())
		}
		return err
	}
	sig := ConfidenceSignature(ds, s, n, seed)
	version := signatureVersion(sig)
	fields := []string{"bs:" + strconv.Itoa(n), "seed:" + seed.String()}
	ms := &MetricScores{Metrics: m, NRefs: ds.NRefs()}
	chrfSig := withFields(ms.ChrFSignature(version), fields...)
	terSig := withFields(ms.TERSignature(version), fields...)
	var b strings.Builder
	switch format {
	case FormatText:
		lines := strings.SplitAfter(bleu.String(), "\n")
		for i := range s.Systems {
			prefix := ""
			if len(s.Systems) > 1 {
				prefix = Shown(ds.Systems[i].Name) + ": "
			}
			for _, name := range m.Names {
				switch name {
				case MetricBLEU:
					b.WriteString(lines[i])
				case MetricChrF:
					b.WriteString(prefix + confidenceLine(m.Title(MetricChrF), chrfSig, me.ChrF[i]))
				case MetricTER:
					b.WriteString(prefix + confidenceLine(m.Title(MetricTER), terSig, me.TER[i]))
				}
			}
		}
	case FormatJSON:
		js, err := withSystemMembers(bleu.Bytes(), len(s.Systems), "confidence", func(x []byte, i int) []byte {
			for _, k := range []struct {
				name string
				est  []scoring.Estimate
			}{{MetricChrF, me.ChrF}, {MetricTER, me.TER}} {
				if !m.Has(k.name) {
					continue
				}
				e := k.est[i]
				x = append(x, ",\n    \""+k.name+`": {"score": `...)
				x = appendFloat(x, e.Score)
				x = append(x, `, "mean": `...)
				x = appendFloatOrNull(x, e.Mean, true)
				x = append(x, `, "ci": `...)
				x = appendFloatOrNull(x, e.CI, true)
				x = append(x, '}')
			}
			return x
		})
		if err != nil {
			return err
		}
		b.Write(js)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// confidenceLine is sacrebleu's -f text line of a metric with
// --confidence (the interval only when the mean is above 0, as sacrebleu
// prints it).
func confidenceLine(name, sig string, e scoring.Estimate) string {
	line := name + "|" + sig + " = " + strconv.FormatFloat(e.Score, 'f', 1, 64)
	if e.Mean > 0 {
		line += " (μ = " + strconv.FormatFloat(e.Mean, 'f', 1, 64) + " ± " + strconv.FormatFloat(e.CI, 'f', 1, 64) + ")"
	}
	return line + "\n"
}
