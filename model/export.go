package model

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/bleuscope/bleuscope/scoring"
)

// Corpus and segment export formats.
const (
	FormatText  = "text"
	FormatJSON  = "json"
	FormatJSONL = "jsonl"
	FormatTSV   = "tsv"
	FormatCSV   = "csv"
)

// CorpusFormats and SegmentFormats list the formats WriteCorpus and
// WriteSegments accept.
var (
	CorpusFormats  = []string{FormatText, FormatJSON}
	SegmentFormats = []string{FormatText, FormatJSONL, FormatTSV, FormatCSV}
)

// CorpusSignature returns the signature of s's corpus scores on ds, with
// bleuscope's version.
func (s *Scored) CorpusSignature(ds *Dataset) string {
	return scoring.Signature(s.Settings.Corpus, ds.NRefs(), scoring.SignatureVersion)
}

// SentenceSignature returns the signature of s's sentence scores on ds.
func (s *Scored) SentenceSignature(ds *Dataset) string {
	return scoring.Signature(s.Settings.Sentence, ds.NRefs(), scoring.SignatureVersion)
}

// WriteCorpus writes the corpus score of every system. "text" writes
// sacrebleu's -f text line per system (BLEU|signature = 50.0 72.2/…; in
// nltk compat NLTK's 0-1 figures to four decimals, 0.5000 0.7222/…);
// with several systems each line starts with the system name and ": ".
// "json" writes a JSON array with one object per system, in input order:
// system, score, counts, totals, precisions, bp, ratio, sys_len, ref_len,
// signature and verbose (and error, in nltk compat, when NLTK would
// raise; score is then null).
func WriteCorpus(w io.Writer, ds *Dataset, s *Scored, format string) error {
	return WriteCorpusMetrics(w, ds, s, nil, format)
}

// WriteCorpusMetrics is [WriteCorpus] with the chrF and TER scores of ms
// (nil: BLEU alone). "text" writes, per system, sacrebleu's -f text line
// of every metric asked for, in the order asked (chrF2|signature = 49.2,
// TER|signature = 46.7); "json" adds to each system's object "chrf"
// and/or "ter": {"score", "signature"}, the score with full precision.
// The chrF and TER signatures carry the version field of BLEU's.
func WriteCorpusMetrics(w io.Writer, ds *Dataset, s *Scored, ms *MetricScores, format string) error {
	bw := bufio.NewWriter(w)
	sig := s.CorpusSignature(ds)
	names := []string{MetricBLEU}
	var chrfSig, terSig string
	if ms != nil && ms.Metrics.Extra() {
		names = ms.Metrics.Names
		version := signatureVersion(sig)
		chrfSig, terSig = ms.ChrFSignature(version), ms.TERSignature(version)
	}
	switch format {
	case FormatText:
		for i, ss := range s.Systems {
			prefix := ""
			if len(s.Systems) > 1 {
				prefix = Shown(ds.Systems[i].Name) + ": "
			}
			for _, name := range names {
				bw.WriteString(prefix)
				switch name {
				case MetricBLEU:
					if ss.CorpusErr != nil {
						fmt.Fprintf(bw, "BLEU|%s = error: %s\n", sig, Printable(ss.CorpusErr.Error()))
						continue
					}
					bw.WriteString(corpusLine(ss.Corpus, sig, s.Settings.Corpus))
				case MetricChrF:
					bw.WriteString(ms.Metrics.Title(MetricChrF) + "|" + chrfSig + " = " + strconv.FormatFloat(ms.Systems[i].ChrF, 'f', 1, 64))
				case MetricTER:
					bw.WriteString(ms.Metrics.Title(MetricTER) + "|" + terSig + " = " + strconv.FormatFloat(ms.Systems[i].TER, 'f', 1, 64))
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
			b = appendCorpusFields(b, ds.Systems[i].StableName(), ss, sig, s.Settings.Corpus)
			if len(names) > 1 || names[0] != MetricBLEU {
				b = ms.appendCorpusJSON(b, i, chrfSig, terSig)
			}
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

// corpusLine is one system's text line: sacrebleu's "-f text" form, or in
// nltk compat the same shape with NLTK's 0-1 figures to four decimals (one
// decimal, as sacrebleu prints, would round them all to 0.x).
func corpusLine(r scoring.Result, sig string, opt scoring.Options) string {
	if opt.Compat != scoring.CompatNLTK {
		return r.CLIText(sig)
	}
	return "BLEU|" + sig + " = " + nltkFigures(r)
}

// CorpusVerbose is a corpus result on one line, as score's JSON "verbose"
// gives it: sacrebleu's verbose form ("BLEU = 28.35 60.1/34.0/21.3/13.9
// (BP = 1.000 …)") in sacrebleu compat; in nltk compat the same shape with
// the figures of the text line, NLTK's 0-1 scale to four decimals ("BLEU =
// 0.4033 0.7557/0.5004/0.3428/0.2362 (BP = 1.000 …)").
func CorpusVerbose(r scoring.Result, opt scoring.Options) string {
	if opt.Compat != scoring.CompatNLTK {
		return r.Verbose(2)
	}
	return "BLEU = " + nltkFigures(r)
}

// nltkFigures is the part of an nltk-compat corpus line after "= ": the
// score and precisions to four decimals, then BP, ratio and lengths as
// sacrebleu prints them.
func nltkFigures(r scoring.Result) string {
	p := make([]string, len(r.Precisions))
	for i, x := range r.Precisions {
		p[i] = scoring.PyFixed(x, 4)
	}
	return fmt.Sprintf("%s %s (BP = %.3f ratio = %.3f hyp_len = %d ref_len = %d)",
		scoring.PyFixed(r.Score, 4), strings.Join(p, "/"), r.BP, r.Ratio, r.SysLen, r.RefLen)
}

// withSystemMembers returns js, a JSON array of one object per system as
// BLEU's corpus, confidence and comparison writers write it (each object
// closed by "\n  }", its members one a line), with what members appends
// for system i added at the end of object i: chrF's and TER's members.
// what names the output in the error for an array of another shape.
func withSystemMembers(js []byte, systems int, what string, members func(b []byte, i int) []byte) ([]byte, error) {
	const end = "\n  }"
	parts := bytes.Split(js, []byte(end))
	if len(parts) != systems+1 {
		return nil, fmt.Errorf("model: unexpected %s JSON", what)
	}
	b := make([]byte, 0, len(js)+systems*160)
	for i, p := range parts[:systems] {
		b = members(append(b, p...), i)
		b = append(b, end...)
	}
	return append(b, parts[systems]...), nil
}

// appendCorpusJSON appends one system's corpus object, closed.
func appendCorpusJSON(b []byte, name string, ss SystemScores, sig string, opt scoring.Options) []byte {
	return append(appendCorpusFields(b, name, ss, sig, opt), "\n  }"...)
}

// appendCorpusFields appends one system's corpus object without its
// closing brace, so that more members can follow; opt (the corpus
// options) chooses the verbose form ([CorpusVerbose]).
func appendCorpusFields(b []byte, name string, ss SystemScores, sig string, opt scoring.Options) []byte {
	r := ss.Corpus
	field := func(key string) {
		b = append(b, ",\n    \""...)
		b = append(b, key...)
		b = append(b, "\": "...)
	}
	b = append(b, "  {\n    \"system\": "...)
	b = appendJSONName(b, name)
	field("score")
	if ss.CorpusErr != nil || !finite(r.Score) {
		b = append(b, "null"...)
	} else {
		b = appendFloat(b, r.Score)
	}
	field("counts")
	b = appendFloats(b, nonNil(r.Counts))
	field("totals")
	b = appendFloats(b, nonNil(r.Totals))
	field("precisions")
	b = appendFloats(b, nonNil(r.Precisions))
	field("bp")
	b = appendFloat(b, r.BP)
	field("ratio")
	b = appendFloat(b, r.Ratio)
	field("sys_len")
	b = strconv.AppendInt(b, int64(r.SysLen), 10)
	field("ref_len")
	b = strconv.AppendInt(b, int64(r.RefLen), 10)
	field("signature")
	b = appendJSONString(b, sig)
	field("verbose")
	if ss.CorpusErr != nil {
		b = appendJSONString(b, "")
		field("error")
		b = appendJSONString(b, ss.CorpusErr.Error())
	} else {
		b = appendJSONString(b, CorpusVerbose(r, opt))
	}
	return b
}

// WriteSegments writes the sentence scores of system sys for the segments
// rows (0-based, in that order). "jsonl" writes one JSON object per line:
// system, line (1-based), score, counts, totals, precisions, bp, sys_len,
// ref_len (score null and an error key where NLTK would raise). "tsv" and
// "csv" write a header row and then system, line, score, bp, sys_len,
// ref_len, p1 … pN and the hypothesis; "text" writes a table for people.
// The text is written exactly, as [WriteSegmentTexts] writes it: in tsv,
// tabs, line breaks and backslashes are written as \t, \n, \r and \\ (every
// row one line, undone to get the text back); csv quotes as RFC 4180 says
// and applies [SpreadsheetSafe] to the system's name and the hypothesis;
// only "text", a table for people, shows control characters as visible
// escapes ([Printable]). Showing tsv, csv or jsonl on a terminal is the
// caller's business.
func WriteSegments(w io.Writer, ds *Dataset, s *Scored, rows []int, sys int, format string) error {
	return WriteSegmentsMetrics(w, ds, s, rows, sys, -1, nil, format)
}

// WriteSegmentsMetrics is [WriteSegments] with the sentence chrF and TER
// scores of ms (computed with segments; nil: BLEU alone): "jsonl" adds
// "chrf" and/or "ter": {"score"} to each object; "tsv" and "csv" add chrf
// and/or ter columns before the hypothesis; "text" adds chrF and TER
// columns the same way. With other ≥ 0, "text" also gives each segment's Δ,
// sys's sentence score minus other's, in a column after the score, and
// names other in its title; the other formats are the same either way.
func WriteSegmentsMetrics(w io.Writer, ds *Dataset, s *Scored, rows []int, sys, other int, ms *MetricScores, format string) error {
	return writeSegments(w, ds, s, rows, sys, other, nil, ms, format)
}

// WriteSegmentsSorted is [WriteSegmentsMetrics] for rows ordered by a
// figure that compares system sys with system other (≥ 0), which every
// format then gives: by [SortDelta], each segment's Δ (sys's sentence
// score minus other's) as "delta" in jsonl and a delta column in tsv and
// csv (text has its Δ column); by [SortImpact], each segment's impact on
// the corpus score difference to other ([Scored.Impact]) as "impact" in
// jsonl, an impact column in tsv and csv, and an impact column after Δ in
// text. jsonl, tsv and csv give the figure with full precision (null in
// jsonl, empty in tsv and csv, where NLTK raises), after the fields they
// always have (in tsv and csv, before the hypothesis, which stays last).
// Any other key adds nothing: it is WriteSegmentsMetrics. impact is the
// impact [Scored.RowsImpact] ordered the rows by, or nil to work out
// BLEU's; impactMetric is the metric it is of: "" or MetricBLEU for
// BLEU's, MetricChrF or MetricTER for theirs ([MetricStatistics.ImpactContext],
// which impact must then hold), named as [ImpactField] says ("chrf_impact"
// in jsonl, tsv and csv, and in text the column's head).
func WriteSegmentsSorted(w io.Writer, ds *Dataset, s *Scored, rows []int, sys, other int, by SortKey, impact []float64, impactMetric string, ms *MetricScores, format string) error {
	if by != SortDelta && by != SortImpact {
		return WriteSegmentsMetrics(w, ds, s, rows, sys, other, ms, format)
	}
	if other < 0 {
		return fmt.Errorf("model: WriteSegmentsSorted by %s needs another system", by)
	}
	if err := s.check(sys); err != nil {
		return err
	}
	if err := s.check(other); err != nil {
		return err
	}
	fig := &sortFigure{name: FigureDelta, value: func(i int) float64 { return s.Delta(sys, other, i) }}
	if by == SortImpact {
		name := ImpactField(impactMetric)
		if impact == nil && name != FigureImpact {
			return fmt.Errorf("model: WriteSegmentsSorted needs the %s impact it writes", impactMetric)
		}
		if impact == nil {
			var err error
			if impact, err = s.Impact(ds, sys, other); err != nil {
				return err
			}
		}
		fig = &sortFigure{name: name, value: func(i int) float64 { return impact[i] }, impact: true}
	}
	return writeSegments(w, ds, s, rows, sys, other, fig, ms, format)
}

// The names [WriteSegmentsSorted] gives its figures in jsonl, tsv and csv.
const (
	FigureDelta  = "delta"
	FigureImpact = "impact"
)

// sortFigure is the figure [WriteSegmentsSorted] adds: its name and its
// value for a segment (0-based), NaN where it has none.
type sortFigure struct {
	name  string
	value func(i int) float64
	// impact says the figure is an impact: BLEU's (named FigureImpact),
	// or chrF's or TER's.
	impact bool
}

// writeSegments is [WriteSegmentsSorted] with its figure made (nil for
// none).
func writeSegments(w io.Writer, ds *Dataset, s *Scored, rows []int, sys, other int, fig *sortFigure, ms *MetricScores, format string) error {
	if err := s.check(sys); err != nil {
		return err
	}
	if other >= 0 {
		if err := s.check(other); err != nil {
			return err
		}
	}
	for _, i := range rows {
		if i < 0 || i >= ds.Len() {
			return fmt.Errorf("model: segment %d out of range", i)
		}
	}
	if ms != nil && !ms.Metrics.Extra() {
		ms = nil
	}
	if ms != nil {
		for _, m := range ms.Systems {
			if ms.Metrics.Has(MetricChrF) && len(m.ChrFSegments) != ds.Len() || ms.Metrics.Has(MetricTER) && len(m.TERSegments) != ds.Len() {
				return fmt.Errorf("model: WriteSegmentsMetrics needs sentence scores (ScoreMetrics with segments)")
			}
		}
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	var err error
	switch format {
	case FormatJSONL:
		err = writeJSONL(bw, ds, s, rows, sys, ms, fig)
	case FormatTSV:
		err = writeTSV(bw, ds, s, rows, sys, ms, fig)
	case FormatCSV:
		err = writeCSV(bw, ds, s, rows, sys, ms, fig)
	case FormatText:
		err = writeText(bw, ds, s, rows, sys, other, ms, fig)
	default:
		return fmt.Errorf("model: unknown segment format %q (want %s)", format, strings.Join(SegmentFormats, ", "))
	}
	if err != nil {
		return err
	}
	return bw.Flush()
}

func finite(f float64) bool {
	return !math.IsNaN(f) && !math.IsInf(f, 0)
}

func nonNil(xs []float64) []float64 {
	if xs == nil {
		return []float64{}
	}
	return xs
}
