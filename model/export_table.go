package model

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bleuscope/bleuscope/scoring"
)

// segmentRecord returns the raw fields of one tsv/csv row, the chrF and
// TER of ms (nil: none) and then the figure fig (nil: none) before the
// hypothesis, which is last; the writers escape them.
func segmentRecord(ds *Dataset, s *Scored, sys, i int, ms *MetricScores, fig *sortFigure, rec []string) []string {
	n := s.Settings.Sentence.MaxOrder
	r, err := s.SentenceResult(ds, sys, i)
	rec = append(rec[:0], ds.Systems[sys].StableName(), strconv.Itoa(i+1))
	if err != nil {
		rec = append(rec, "", "", "", "")
		for range n {
			rec = append(rec, "")
		}
	} else {
		rec = append(rec, formatFloat(r.Score), formatFloat(r.BP), strconv.Itoa(r.SysLen), strconv.Itoa(r.RefLen))
		for _, p := range r.Precisions {
			rec = append(rec, formatFloat(p))
		}
	}
	_, scores := ms.segmentMetrics(sys, i)
	for _, x := range scores {
		rec = append(rec, formatFloat(x))
	}
	if fig != nil {
		cell := "" // NLTK raised on a segment it compares
		if x := fig.value(i); finite(x) {
			cell = formatFloat(x)
		}
		rec = append(rec, cell)
	}
	return append(rec, ds.Systems[sys].Hyps[i])
}

// segmentHeader is the header row of the tsv/csv table, with the chrf and
// ter columns of ms (nil: none) and the column of fig (nil: none).
func segmentHeader(s *Scored, ms *MetricScores, fig *sortFigure) []string {
	h := []string{"system", "line", "score", "bp", "sys_len", "ref_len"}
	for n := 1; n <= s.Settings.Sentence.MaxOrder; n++ {
		h = append(h, "p"+strconv.Itoa(n))
	}
	if ms != nil {
		h = append(h, ms.metricNames()...)
	}
	if fig != nil {
		h = append(h, fig.name)
	}
	return append(h, "hyp")
}

// tsvEscaper writes the characters that would break a TSV row visibly.
var tsvEscaper = strings.NewReplacer(`\`, `\\`, "\t", `\t`, "\n", `\n`, "\r", `\r`)

func writeTSV(w *bufio.Writer, ds *Dataset, s *Scored, rows []int, sys int, ms *MetricScores, fig *sortFigure) error {
	w.WriteString(strings.Join(segmentHeader(s, ms, fig), "\t") + "\n")
	var rec []string
	for _, i := range rows {
		rec = segmentRecord(ds, s, sys, i, ms, fig, rec)
		for j, f := range rec {
			if j > 0 {
				w.WriteByte('\t')
			}
			w.WriteString(tsvEscaper.Replace(f))
		}
		if err := w.WriteByte('\n'); err != nil {
			return err
		}
	}
	return nil
}

func writeCSV(w *bufio.Writer, ds *Dataset, s *Scored, rows []int, sys int, ms *MetricScores, fig *sortFigure) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(segmentHeader(s, ms, fig)); err != nil {
		return err
	}
	var rec []string
	for _, i := range rows {
		rec = segmentRecord(ds, s, sys, i, ms, fig, rec)
		// The system's name and the hypothesis are text; the rest numbers.
		rec[0], rec[len(rec)-1] = SpreadsheetSafe(rec[0]), SpreadsheetSafe(rec[len(rec)-1])
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// writeText writes the table for people, with each segment's Δ to other
// (none when other < 0) after the score, its impact after that when fig
// is the impact, and the chrF and TER of ms (nil: none) in columns before
// the hypothesis.
func writeText(w *bufio.Writer, ds *Dataset, s *Scored, rows []int, sys, other int, ms *MetricScores, fig *sortFigure) error {
	nltk := s.Settings.Sentence.Compat == scoring.CompatNLTK
	precDigits := 1
	if nltk {
		precDigits = 3
	}
	impact := other >= 0 && fig != nil && fig.impact
	impactNLTK := impact && nltk && fig.name == FigureImpact // chrF's and TER's impacts are on their own scale
	impactDecimals := 0
	if impact { // one for the column: its figures line up
		top := ImpactTop(func(yield func(float64) bool) {
			for _, i := range rows {
				if !yield(fig.value(i)) {
					return
				}
			}
		})
		impactDecimals = ImpactDecimals(top, impactNLTK)
	}
	vs := ""
	switch {
	case impact:
		what := map[string]string{FigureImpact: "impact", ImpactField(MetricChrF): "chrF impact", ImpactField(MetricTER): "TER impact"}[fig.name]
		vs = ", Δ and " + what + " vs " + Shown(ds.Systems[other].Name)
	case other >= 0:
		vs = ", Δ vs " + Shown(ds.Systems[other].Name)
	}
	bleuSig := s.SentenceSignature(ds)
	fmt.Fprintf(w, "system %s%s, sentence BLEU %s\n", Shown(ds.Systems[sys].Name), vs, bleuSig)
	if ms != nil { // the columns of chrF and TER have their own signatures
		version := signatureVersion(bleuSig)
		if ms.Metrics.Has(MetricChrF) {
			fmt.Fprintf(w, "sentence %s %s\n", ms.Metrics.Title(MetricChrF), ms.ChrFSignature(version))
		}
		if ms.Metrics.Has(MetricTER) {
			fmt.Fprintf(w, "sentence %s %s\n", ms.Metrics.Title(MetricTER), ms.TERSignature(version))
		}
	}
	// The columns before the precisions, right-aligned: line, score, Δ
	// (when asked), bp, hyp/ref.
	type line struct {
		nums      []string
		prec, hyp string
		metrics   []string
	}
	head := []string{"line", "score", "Δ", "", "bp", "hyp/ref"}
	if impact {
		head[3] = fig.name
	} else {
		head = slices.Delete(head, 3, 4)
	}
	if other < 0 {
		head = slices.Delete(head, 2, 3)
	}
	lines := []line{{nums: head, prec: "precisions", hyp: "hypothesis", metrics: ms.metricHeads()}}
	for _, i := range rows {
		r, err := s.SentenceResult(ds, sys, i)
		l := line{nums: []string{strconv.Itoa(i + 1)}, hyp: Shown(ds.Systems[sys].Hyps[i])}
		_, scores := ms.segmentMetrics(sys, i)
		for _, x := range scores {
			l.metrics = append(l.metrics, scoring.PyFixed(x, 2))
		}
		if err != nil {
			l.nums = append(l.nums, "error")
			for range len(head) - 2 {
				l.nums = append(l.nums, "")
			}
		} else {
			l.nums = append(l.nums, FormatScore(r.Score, nltk))
			if other >= 0 {
				cell := "error" // NLTK raised on the other's segment
				if d := s.Delta(sys, other, i); !math.IsNaN(d) {
					cell = FormatDelta(d, nltk)
				}
				l.nums = append(l.nums, cell)
			}
			if impact {
				l.nums = append(l.nums, impactText(fig.value(i), impactDecimals))
			}
			l.nums = append(l.nums, fmt.Sprintf("%.3f", r.BP), Thousands(r.SysLen)+"/"+Thousands(r.RefLen))
			p := make([]string, len(r.Precisions))
			for n, x := range r.Precisions {
				p[n] = scoring.PyFixed(x, precDigits)
			}
			l.prec = strings.Join(p, "/")
		}
		lines = append(lines, l)
	}
	nw := make([]int, len(head))
	pw := 0
	mw := make([]int, len(lines[0].metrics))
	for _, l := range lines {
		for c, f := range l.nums {
			nw[c] = max(nw[c], utf8.RuneCountInString(f))
		}
		pw = max(pw, len(l.prec))
		for c, f := range l.metrics {
			mw[c] = max(mw[c], len(f))
		}
	}
	for _, l := range lines {
		var row strings.Builder
		for c, f := range l.nums {
			row.WriteString(strings.Repeat(" ", nw[c]-utf8.RuneCountInString(f)) + f + "  ")
		}
		fmt.Fprintf(&row, "%-*s  ", pw, l.prec)
		for c, f := range l.metrics {
			fmt.Fprintf(&row, "%*s  ", mw[c], f)
		}
		w.WriteString(strings.TrimRight(row.String()+l.hyp, " ") + "\n")
	}
	return nil
}

// metricNames are the tsv/csv column names of the extra metrics asked
// for, in the order chrf, ter.
func (ms *MetricScores) metricNames() []string {
	var names []string
	for _, n := range []string{MetricChrF, MetricTER} {
		if ms.Metrics.Has(n) {
			names = append(names, n)
		}
	}
	return names
}

// metricHeads are the text table's headers of the extra metrics asked
// for (chrF2++, TER); none when ms is nil.
func (ms *MetricScores) metricHeads() []string {
	if ms == nil {
		return nil
	}
	var heads []string
	if ms.Metrics.Has(MetricChrF) {
		heads = append(heads, ms.Metrics.Title(MetricChrF))
	}
	if ms.Metrics.Has(MetricTER) {
		heads = append(heads, ms.Metrics.Title(MetricTER))
	}
	return heads
}

// segmentMetrics returns the sentence scores of segment i of system sys,
// one per extra metric asked for, in the order chrF, TER, with their
// column names; none when ms is nil.
func (ms *MetricScores) segmentMetrics(sys, i int) (names []string, scores []float64) {
	if ms == nil {
		return nil, nil
	}
	m := ms.Systems[sys]
	if ms.Metrics.Has(MetricChrF) {
		names, scores = append(names, MetricChrF), append(scores, m.ChrFSegments[i])
	}
	if ms.Metrics.Has(MetricTER) {
		names, scores = append(names, MetricTER), append(scores, m.TERSegments[i])
	}
	return names, scores
}

// impactText is the text table's form of an impact: [FormatImpact] with
// the column's decimals; "error" where NLTK raises.
func impactText(x float64, decimals int) string {
	if math.IsNaN(x) {
		return "error"
	}
	return FormatImpact(x, decimals)
}

func writeJSONL(w *bufio.Writer, ds *Dataset, s *Scored, rows []int, sys int, ms *MetricScores, fig *sortFigure) error {
	name := appendJSONName(nil, ds.Systems[sys].StableName())
	var b []byte
	for _, i := range rows {
		r, rerr := s.SentenceResult(ds, sys, i)
		b = append(b[:0], `{"system": `...)
		b = append(b, name...)
		b = append(b, `, "line": `...)
		b = strconv.AppendInt(b, int64(i+1), 10)
		b = append(b, `, "score": `...)
		if rerr != nil || !finite(r.Score) {
			b = append(b, "null"...)
		} else {
			b = appendFloat(b, r.Score)
		}
		b = append(b, `, "counts": `...)
		b = appendFloats(b, r.Counts)
		b = append(b, `, "totals": `...)
		b = appendFloats(b, r.Totals)
		b = append(b, `, "precisions": `...)
		b = appendFloats(b, r.Precisions)
		b = append(b, `, "bp": `...)
		b = appendFloat(b, r.BP)
		b = append(b, `, "sys_len": `...)
		b = strconv.AppendInt(b, int64(r.SysLen), 10)
		b = append(b, `, "ref_len": `...)
		b = strconv.AppendInt(b, int64(r.RefLen), 10)
		if rerr != nil {
			b = append(b, `, "error": `...)
			b = appendJSONString(b, scoring.NLTKErrorText(rerr))
		}
		names, scores := ms.segmentMetrics(sys, i)
		for k, n := range names {
			b = append(b, `, "`+n+`": {"score": `...)
			b = appendFloat(b, scores[k])
			b = append(b, '}')
		}
		if fig != nil {
			b = append(b, `, "`+fig.name+`": `...)
			b = appendFloatOrNull(b, fig.value(i), true)
		}
		b = append(b, "}\n"...)
		if _, err := w.Write(b); err != nil {
			return err
		}
	}
	return nil
}
