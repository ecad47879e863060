package model

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// WriteCorpusMetrics is [WriteCorpus] with the chrF and TER scores of ms.
// "text" writes, per system, sacrebleu's -f text line of every metric
// asked for, in the order asked (chrF2|signature = 49.2, TER|signature =
// 46.7); "json" adds to each system's object "chrf" and/or "ter":
// {"score", "signature"}, the score with full precision. With BLEU alone it
// is WriteCorpus.
func WriteCorpusMetrics(w io.Writer, ds *Dataset, s *Scored, ms *MetricScores, format string) error {
	if ms == nil || !ms.Metrics.Extra() {
		return WriteCorpus(w, ds, s, format)
	}
	bw := bufio.NewWriter(w)
	sig := s.CorpusSignature(ds)
	version := signatureVersion(sig)
	chrfSig, terSig := ms.ChrFSignature(version), ms.TERSignature(version)
	switch format {
	case FormatText:
		for i, ss := range s.Systems {
			prefix := ""
			if len(s.Systems) > 1 {
				prefix = Printable(ds.Systems[i].Name) + ": "
			}
			for _, name := range ms.Metrics.Names {
				bw.WriteString(prefix)
				switch name {
				case MetricBLEU:
					if ss.CorpusErr != nil {
						fmt.Fprintf(bw, "BLEU|%s = error: %s\n", sig, Printable(ss.CorpusErr.Error()))
						continue
					}
					bw.WriteString(corpusLine(ss.Corpus, sig, s.Settings.Corpus))
				case MetricChrF:
					bw.WriteString(ms.Metrics.ChrF.Name() + "|" + chrfSig + " = " + strconv.FormatFloat(ms.Systems[i].ChrF, 'f', 1, 64))
				case MetricTER:
					bw.WriteString("TER|" + terSig + " = " + strconv.FormatFloat(ms.Systems[i].TER, 'f', 1, 64))
				}
				bw.WriteByte('\n')
			}
		}
	case FormatJSON:
		b := []byte("[\n")
		for i, ss := range s.Systems {
			if i > 0 {
				b = append(b, ",\n"...)
			}
			b = appendCorpusJSON(b, ds.Systems[i].Name, ss, sig)
			b = b[:len(b)-len("\n  }")]
			b = ms.appendCorpusJSON(b, i, chrfSig, terSig)
			b = append(b, "\n  }"...)
		}
		b = append(b, "\n]\n"...)
		bw.Write(b)
	default:
		return fmt.Errorf("model: unknown corpus format %q (want %s)", format, strings.Join(CorpusFormats, ", "))
	}
	return bw.Flush()
}

// signatureVersion returns the version field of a signature, so that the
// chrF and TER signatures name the version BLEU's names.
func signatureVersion(sig string) string {
	_, v, _ := strings.Cut(sig[strings.LastIndex(sig, "|")+1:], ":")
	return v
}

// appendCorpusJSON appends the "chrf" and "ter" members of system sys's
// corpus object, each after a separator: {"score", "signature"}.
func (ms *MetricScores) appendCorpusJSON(b []byte, sys int, chrfSig, terSig string) []byte {
	m := ms.Systems[sys]
	for _, k := range []struct {
		name  string
		score float64
		sig   string
	}{{MetricChrF, m.ChrF, chrfSig}, {MetricTER, m.TER, terSig}} {
		if !ms.Metrics.Has(k.name) {
			continue
		}
		b = append(b, ",\n    \""+k.name+`": {"score": `...)
		b = appendFloat(b, k.score)
		b = append(b, `, "signature": `...)
		b = appendJSONString(b, k.sig)
		b = append(b, '}')
	}
	return b
}

// segmentMetrics returns the sentence scores of segment i of system sys,
// one per extra metric asked for, in the order chrF, TER, with their
// column names.
func (ms *MetricScores) segmentMetrics(sys, i int) (names []string, scores []float64) {
	m := ms.Systems[sys]
	if ms.Metrics.Has(MetricChrF) {
		names, scores = append(names, MetricChrF), append(scores, m.ChrFSegments[i])
	}
	if ms.Metrics.Has(MetricTER) {
		names, scores = append(names, MetricTER), append(scores, m.TERSegments[i])
	}
	return names, scores
}

// WriteSegmentsMetrics is [WriteSegments] with the sentence chrF and TER
// scores of ms (computed with segments): "jsonl" adds "chrf" and/or "ter":
// {"score"} to each object; "tsv" and "csv" add chrf and/or ter columns
// before the hypothesis; "text" adds chrF and TER columns the same way.
// With BLEU alone it is WriteSegments.
func WriteSegmentsMetrics(w io.Writer, ds *Dataset, s *Scored, rows []int, sys int, ms *MetricScores, format string) error {
	if ms == nil || !ms.Metrics.Extra() {
		return WriteSegments(w, ds, s, rows, sys, format)
	}
	for _, m := range ms.Systems {
		if ms.Metrics.Has(MetricChrF) && len(m.ChrFSegments) != ds.Len() || ms.Metrics.Has(MetricTER) && len(m.TERSegments) != ds.Len() {
			return fmt.Errorf("model: WriteSegmentsMetrics needs sentence scores (ScoreMetrics with segments)")
		}
	}
	switch format {
	case FormatJSONL:
		iw := &insertWriter{w: w, ms: ms, sys: sys, rows: rows}
		if err := WriteSegments(iw, ds, s, rows, sys, format); err != nil {
			return err
		}
		return iw.err
	case FormatTSV, FormatCSV:
		return writeTableMetrics(w, ds, s, rows, sys, ms, format)
	case FormatText:
		var buf bytes.Buffer
		if err := WriteSegments(&buf, ds, s, rows, sys, format); err != nil {
			return err
		}
		return writeTextMetrics(w, &buf, rows, sys, ms)
	}
	return WriteSegments(w, ds, s, rows, sys, format)
}

// insertWriter passes JSON Lines on to w, adding the metric members of
// rows[k] before the closing brace of line k.
type insertWriter struct {
	w    io.Writer
	ms   *MetricScores
	sys  int
	rows []int
	line []byte
	k    int
	err  error
}

func (iw *insertWriter) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		j := bytes.IndexByte(p, '\n')
		if j < 0 {
			iw.line = append(iw.line, p...)
			break
		}
		iw.line = append(iw.line, p[:j]...)
		p = p[j+1:]
		if iw.k >= len(iw.rows) || len(iw.line) == 0 || iw.line[len(iw.line)-1] != '}' {
			iw.err = fmt.Errorf("model: unexpected JSON Lines output")
			return 0, iw.err
		}
		out := iw.line[:len(iw.line)-1]
		out = iw.ms.appendSegmentJSON(out, iw.sys, iw.rows[iw.k])
		out = append(out, "}\n"...)
		if _, err := iw.w.Write(out); err != nil {
			iw.err = err
			return 0, err
		}
		iw.line, iw.k = out[:0], iw.k+1
	}
	return n, nil
}

// appendSegmentJSON appends the "chrf" and "ter" members of segment i.
func (ms *MetricScores) appendSegmentJSON(b []byte, sys, i int) []byte {
	names, scores := ms.segmentMetrics(sys, i)
	for k, name := range names {
		b = append(b, `, "`+name+`": {"score": `...)
		b = appendFloat(b, scores[k])
		b = append(b, '}')
	}
	return b
}

// writeTableMetrics writes tsv or csv with the metric columns before the
// hypothesis.
func writeTableMetrics(w io.Writer, ds *Dataset, s *Scored, rows []int, sys int, ms *MetricScores, format string) error {
	if err := s.check(sys); err != nil {
		return err
	}
	names, _ := ms.segmentMetrics(sys, 0)
	header := segmentHeader(s)
	header = append(header[:len(header)-1:len(header)-1], append(names, "hyp")...)
	bw := bufio.NewWriterSize(w, 64<<10)
	cw := csv.NewWriter(bw)
	put := func(rec []string) error {
		if format == FormatCSV {
			for j := range rec {
				rec[j] = Printable(rec[j])
			}
			return cw.Write(rec)
		}
		for j, f := range rec {
			if j > 0 {
				bw.WriteByte('\t')
			}
			bw.WriteString(Printable(tsvEscaper.Replace(f)))
		}
		return bw.WriteByte('\n')
	}
	if err := put(header); err != nil {
		return err
	}
	var rec []string
	for _, i := range rows {
		if i < 0 || i >= ds.Len() {
			return fmt.Errorf("model: segment %d out of range", i)
		}
		rec = segmentRecord(ds, s, sys, i, rec)
		hyp := rec[len(rec)-1]
		rec = rec[:len(rec)-1]
		_, scores := ms.segmentMetrics(sys, i)
		for _, x := range scores {
			rec = append(rec, formatFloat(x))
		}
		if err := put(append(rec, hyp)); err != nil {
			return err
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return err
	}
	return bw.Flush()
}

// writeTextMetrics rewrites the text table of WriteSegments in text with
// chrF and TER columns before the hypothesis column: the table's columns
// are separated by two spaces and the hypothesis starts at the same offset
// on every row, so the new columns go in at that offset.
func writeTextMetrics(w io.Writer, text *bytes.Buffer, rows []int, sys int, ms *MetricScores) error {
	lines := strings.SplitAfter(text.String(), "\n")
	if len(lines) < 2 {
		_, err := io.WriteString(w, text.String())
		return err
	}
	title, head := lines[0], strings.TrimSuffix(lines[1], "\n")
	at := strings.Index(head, "hypothesis")
	if at < 0 {
		return fmt.Errorf("model: unexpected segment table")
	}
	var heads []string
	if ms.Metrics.Has(MetricChrF) {
		heads = append(heads, ms.Metrics.ChrF.Name())
	}
	if ms.Metrics.Has(MetricTER) {
		heads = append(heads, "TER")
	}
	cells := make([][]string, len(rows)+1)
	cells[0] = heads
	for r, i := range rows {
		_, scores := ms.segmentMetrics(sys, i)
		for _, x := range scores {
			cells[r+1] = append(cells[r+1], strconv.FormatFloat(x, 'f', 2, 64))
		}
	}
	width := make([]int, len(heads))
	for _, row := range cells {
		for c, f := range row {
			width[c] = max(width[c], len(f))
		}
	}
	bw := bufio.NewWriter(w)
	bw.WriteString(title)
	for r, line := range lines[1 : len(rows)+2] {
		line = strings.TrimSuffix(line, "\n")
		left, right := line, ""
		if len(line) > at {
			left, right = line[:at], line[at:]
		}
		left = fmt.Sprintf("%-*s", at, left)
		var mid strings.Builder
		for c, f := range cells[r] {
			fmt.Fprintf(&mid, "%*s  ", width[c], f)
		}
		bw.WriteString(strings.TrimRight(left+mid.String()+right, " ") + "\n")
	}
	for _, rest := range lines[len(rows)+2:] {
		bw.WriteString(rest)
	}
	return bw.Flush()
}
