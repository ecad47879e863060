package model

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
)

// TextExport says what [WriteSegmentTexts] writes besides the texts and
// sentence scores.
type TextExport struct {
	// Pinned says a baseline was chosen: Baseline, the index of the
	// system every other one is compared with. Each system but Baseline
	// then gets a delta (its sentence score minus the baseline's).
	// Unpinned, each system is compared with its [DefaultOther], as the
	// explorer's list compares them until a baseline is pinned.
	Pinned   bool
	Baseline int
	// Notes, when set, returns the manual annotations of segment i
	// (0-based) of system sys, and adds a column of them per system;
	// nil leaves that column out.
	Notes func(sys, i int) []Note
	// Metrics, when set, holds sentence chrF and TER scores
	// ([ScoreMetrics] with segments) and adds a column of each metric it
	// was asked for per system, after the score; nil leaves them out.
	Metrics *MetricScores
	// Impact, when set, is system ImpactSystem's [Scored.Impact] against
	// the system its delta is to ([TextExport.DeltaTo]) per segment (what
	// the rows are sorted by) and adds an impact column after that
	// system's delta; nil leaves it out. ImpactMetric is the metric
	// whose impact it is, "" for BLEU's, else MetricChrF or MetricTER
	// ([MetricStatistics.ImpactContext]), which the column's name then says
	// ([ImpactField]).
	Impact       []float64
	ImpactSystem int
	ImpactMetric string
}

// DeltaTo returns the system that system sys of n has its delta to: the
// pinned baseline, else sys's [DefaultOther]; -1 when it has none (it is
// the pinned baseline, or the only system).
func (t TextExport) DeltaTo(sys, n int) int {
	switch {
	case !t.Pinned:
		return DefaultOther(sys, n)
	case sys == t.Baseline:
		return -1
	}
	return t.Baseline
}

// ImpactField is the name the impact of metric takes in a table's
// header and a JSON object: "impact" for BLEU's (metric "" or
// MetricBLEU), "chrf_impact" and "ter_impact" for chrF's and TER's, so
// that a figure of another metric is never read as BLEU's.
func ImpactField(metric string) string {
	if metric == "" || metric == MetricBLEU {
		return FigureImpact
	}
	return metric + "_" + FigureImpact
}

// impactOf reports whether sys has the impact column.
func (t TextExport) impactOf(sys int) bool { return t.Impact != nil && sys == t.ImpactSystem }

// metricColumns returns the chrF and TER sentence scores t adds to each
// system: the column names (chrf, ter, as asked) and, per name, system
// sys's scores.
func (t TextExport) metricColumns(sys int) (names []string, scores [][]float64) {
	ms := t.Metrics
	if ms == nil {
		return nil, nil
	}
	for _, k := range []SortKey{SortChrF, SortTER} {
		name := MetricChrF
		if k == SortTER {
			name = MetricTER
		}
		if ms.Metrics.Has(name) {
			names, scores = append(names, name), append(scores, ms.sentenceScores(sys, k))
		}
	}
	return names, scores
}

// Note is one manual annotation of a segment as [WriteSegmentTexts] writes
// it.
type Note struct {
	// Text is the annotation in one line a person reads; tsv and csv cells
	// join a segment's notes with line breaks.
	Text string
	// Value is what jsonl writes for it, through encoding/json.
	Value any
}

// SpreadsheetSafe returns cell with a leading apostrophe when it starts
// with a character a spreadsheet would read as the start of a formula (=,
// +, -, @) or that some strip (tab, "\r"). CSV writers apply it to text
// cells, never to numbers (a negative delta stays a number). A lone "-",
// which no spreadsheet takes for a formula (the doc of an annotation made
// in bleuscope), stays as it is.
func SpreadsheetSafe(cell string) string {
	if cell == "" || cell == "-" {
		return cell
	}
	switch cell[0] {
	case '=', '+', '-', '@', '\t', '\r':
		return "'" + cell
	}
	return cell
}

// WriteSegmentTexts writes the full segment table a colleague opens in a
// spreadsheet: one row per segment of rows (0-based, in that order) with
// its line (1-based), the source (when loaded), every reference, and for
// each system its hypothesis, its sentence score, its delta to the
// system [TextExport.DeltaTo] names (none where it names none), with t.Metrics its sentence
// chrF and TER, and with t.Notes its annotations.
//
// The text is written exactly as it is; showing it on a terminal is the
// caller's business ([Printable]). "tsv" writes a header row (line, src,
// ref:LABEL… with the references' [RefLabels] (ref alone for one), then
// hyp:NAME, score:NAME, delta:NAME vs BASE, impact:NAME vs BASE
// (t.Impact's system; chrf_impact or ter_impact for t.ImpactMetric's,
// [ImpactField]), where BASE is the system NAME's delta is to, chrf:NAME, ter:NAME, notes:NAME per system)
// and escapes backslash, tab, line feed and carriage return inside a field
// as \\, \t, \n and \r, so every row is one line and the text comes back
// exactly by undoing them. "csv" writes the same columns quoted as RFC 4180
// says (encoding/csv reads them back), with [SpreadsheetSafe] applied to
// every text cell. "jsonl" writes one object per segment: line, src (null
// when none was loaded), refs (null for a reference the segment lacks),
// ref_labels (the references' [Dataset.ReferenceLabels], when they have
// any) and systems, an array of {system, hyp, score, baseline (with two
// systems or more: the name of the system the delta is to, null where
// there is none), delta, impact (t.Impact's system, named as in tsv), chrf, ter, notes},
// score null where it is undefined, delta null where there is no
// baseline, chrf and ter only with t.Metrics, notes only with t.Notes.
func WriteSegmentTexts(w io.Writer, ds *Dataset, s *Scored, rows []int, t TextExport, format string) error {
	if t.Pinned {
		if err := s.check(t.Baseline); err != nil {
			return err
		}
	}
	if len(s.Systems) != len(ds.Systems) {
		return fmt.Errorf("model: %d systems scored but %d loaded", len(s.Systems), len(ds.Systems))
	}
	for _, i := range rows {
		if i < 0 || i >= ds.Len() {
			return fmt.Errorf("model: segment %d out of range", i)
		}
	}
	for sys := range ds.Systems {
		if _, scores := t.metricColumns(sys); slices.ContainsFunc(scores, func(x []float64) bool { return len(x) != ds.Len() }) {
			return fmt.Errorf("model: WriteSegmentTexts needs sentence chrF and TER scores (ScoreMetrics with segments)")
		}
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	var err error
	switch format {
	case FormatJSONL:
		err = writeTextsJSONL(bw, ds, s, rows, t)
	case FormatTSV:
		err = writeTextsTable(bw, ds, s, rows, t, func(rec []string, text []bool) error {
			for j, f := range rec {
				if j > 0 {
					bw.WriteByte('\t')
				}
				bw.WriteString(tsvEscaper.Replace(f))
			}
			return bw.WriteByte('\n')
		})
	case FormatCSV:
		cw := csv.NewWriter(bw)
		err = writeTextsTable(bw, ds, s, rows, t, func(rec []string, text []bool) error {
			for j := range rec {
				if text[j] {
					rec[j] = SpreadsheetSafe(rec[j])
				}
			}
			return cw.Write(rec)
		})
		if err == nil {
			cw.Flush()
			err = cw.Error()
		}
	default:
		return fmt.Errorf("model: the segment text table is written as %s, not %q", strings.Join(TextFormats, ", "), format)
	}
	if err != nil {
		return err
	}
	return bw.Flush()
}

// TextFormats lists the formats [WriteSegmentTexts] accepts.
var TextFormats = []string{FormatJSONL, FormatTSV, FormatCSV}

// writeTextsTable builds the header and each row of the tsv/csv table and
// hands them to put with, per field, whether it holds text (as opposed to
// a line number or a score).
func writeTextsTable(w *bufio.Writer, ds *Dataset, s *Scored, rows []int, t TextExport, put func(rec []string, text []bool) error) error {
	var rec []string
	var text []bool
	add := func(f string, isText bool) {
		rec = append(rec, f)
		text = append(text, isText)
	}
	add("line", true)
	if ds.Src != nil {
		add("src", true)
	}
	for _, label := range ds.ReferenceLabels() { // as the explorer names them: ref:A, ref:B
		if label == "" {
			label = "ref"
		} else {
			label = "ref:" + label
		}
		add(label, true)
	}
	n := len(ds.Systems)
	for sys, sy := range ds.Systems {
		name := sy.StableName()
		add("hyp:"+name, true)
		add("score:"+name, true) // header cells are all text
		vsBase := ""             // the delta's and the impact's headers name the system they are to
		if base := t.DeltaTo(sys, n); base >= 0 {
			vsBase = " vs " + ds.Systems[base].StableName()
			add("delta:"+name+vsBase, true)
		}
		if t.impactOf(sys) {
			add(ImpactField(t.ImpactMetric)+":"+name+vsBase, true)
		}
		names, _ := t.metricColumns(sys)
		for _, n := range names {
			add(n+":"+name, true)
		}
		if t.Notes != nil {
			add("notes:"+name, true)
		}
	}
	if err := put(rec, text); err != nil {
		return err
	}
	for _, i := range rows {
		rec, text = rec[:0], text[:0]
		add(strconv.Itoa(i+1), false)
		if ds.Src != nil {
			add(ds.Src[i], true)
		}
		for k := range ds.Refs {
			add(ds.Refs[k][i], true)
		}
		for sys, sy := range ds.Systems {
			add(sy.Hyps[i], true)
			add(formatFloat(s.Systems[sys].Sentence[i]), false)
			if base := t.DeltaTo(sys, n); base >= 0 {
				add(formatFloat(s.Delta(sys, base, i)), false)
			}
			if t.impactOf(sys) {
				add(formatFloat(t.Impact[i]), false)
			}
			_, scores := t.metricColumns(sys)
			for _, x := range scores {
				add(formatFloat(x[i]), false)
			}
			if t.Notes != nil {
				notes := t.Notes(sys, i)
				lines := make([]string, len(notes))
				for j, n := range notes {
					lines[j] = n.Text
				}
				add(strings.Join(lines, "\n"), true)
			}
		}
		if err := put(rec, text); err != nil {
			return err
		}
	}
	return nil
}

func writeTextsJSONL(w *bufio.Writer, ds *Dataset, s *Scored, rows []int, t TextExport) error {
	names := jsonNames(ds.SystemNames(true))
	// What every line has between refs and systems: the references'
	// labels, as the explorer and the TSV header name them, when they have
	// any (one reference of its own has none).
	var shared []byte
	if ls := ds.ReferenceLabels(); slices.ContainsFunc(ls, func(l string) bool { return l != "" }) {
		shared = append(shared, `, "ref_labels": [`...)
		for k, l := range ls {
			if k > 0 {
				shared = append(shared, ", "...)
			}
			shared = appendJSONString(shared, l)
		}
		shared = append(shared, ']')
	}
	var b []byte
	for _, i := range rows {
		b = append(b[:0], `{"line": `...)
		b = strconv.AppendInt(b, int64(i+1), 10)
		b = append(b, `, "src": `...)
		if ds.Src != nil {
			b = appendJSONString(b, ds.Src[i])
		} else {
			b = append(b, "null"...)
		}
		b = append(b, `, "refs": [`...)
		for k := range ds.Refs {
			if k > 0 {
				b = append(b, ", "...)
			}
			if ds.RefAbsent != nil && ds.RefAbsent[k][i] {
				b = append(b, "null"...)
			} else {
				b = appendJSONString(b, ds.Refs[k][i])
			}
		}
		b = append(b, ']')
		b = append(b, shared...)
		b = append(b, `, "systems": [`...)
		for sys, sy := range ds.Systems {
			if sys > 0 {
				b = append(b, ", "...)
			}
			b = append(b, `{"system": `...)
			b = append(b, names[sys]...)
			b = append(b, `, "hyp": `...)
			b = appendJSONString(b, sy.Hyps[i])
			b = append(b, `, "score": `...)
			b = appendJSONNumber(b, s.Systems[sys].Sentence[i])
			base := t.DeltaTo(sys, len(ds.Systems))
			if len(ds.Systems) > 1 {
				b = append(b, `, "baseline": `...)
				if base < 0 {
					b = append(b, "null"...)
				} else {
					b = append(b, names[base]...)
				}
			}
			b = append(b, `, "delta": `...)
			if base < 0 {
				b = append(b, "null"...)
			} else {
				b = appendJSONNumber(b, s.Delta(sys, base, i))
			}
			if t.impactOf(sys) {
				b = append(b, `, "`+ImpactField(t.ImpactMetric)+`": `...)
				b = appendJSONNumber(b, t.Impact[i])
			}
			names, scores := t.metricColumns(sys)
			for k, n := range names {
				b = append(b, `, "`+n+`": `...)
				b = appendJSONNumber(b, scores[k][i])
			}
			if t.Notes != nil {
				b = append(b, `, "notes": [`...)
				for j, n := range t.Notes(sys, i) {
					if j > 0 {
						b = append(b, ", "...)
					}
					v, err := json.Marshal(n.Value)
					if err != nil {
						return fmt.Errorf("model: note of line %d: %w", i+1, err)
					}
					b = append(b, v...)
				}
				b = append(b, ']')
			}
			b = append(b, '}')
		}
		b = append(b, "]}\n"...)
		if _, err := w.Write(b); err != nil {
			return err
		}
	}
	return nil
}

// appendJSONNumber appends f, or null when it is NaN or infinite.
func appendJSONNumber(b []byte, f float64) []byte {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return append(b, "null"...)
	}
	return appendFloat(b, f)
}
