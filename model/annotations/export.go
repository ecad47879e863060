package annotations

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"io"
	"strconv"
	"time"

	"github.com/bleuscope/bleuscope/model"
)

// csvColumns are the columns [WriteCSV] writes: the MQM TSV's, then the
// line, the span as offsets, the kind, the ESA score and the time.
var csvColumns = append(append([]string{}, mqmColumns...), "line", "span_side", "span_start", "span_end", "kind", "score", "time")

// WriteCSV writes anns as CSV for a spreadsheet: the ten MQM columns (the
// span marked <v>…</v> as in the TSV) followed by line, span_side,
// span_start, span_end (code points), kind, score and time, one row per
// annotation, ESA scores included. Fields are quoted as CSV needs, and a
// cell that starts with =, +, -, @, a tab or "\r" gets a leading
// apostrophe so that no spreadsheet takes it for a formula.
func WriteCSV(w io.Writer, anns []Annotation) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(csvColumns); err != nil {
		return err
	}
	row := make([]string, 0, len(csvColumns))
	for i := range anns {
		a := &anns[i]
		row = append(row[:0], mqmFields(a)...)
		if a.Kind == KindScore {
			row[7], row[8] = "", ""
		}
		side, start, end := "", "", ""
		if a.Span != nil {
			side, start, end = string(a.Span.Side), strconv.Itoa(a.Span.Start), strconv.Itoa(a.Span.End)
		}
		score := ""
		if a.Score != nil {
			score = strconv.Itoa(*a.Score)
		}
		stamp := ""
		if !a.Time.IsZero() {
			stamp = a.Time.UTC().Format(time.RFC3339Nano)
		}
		row = append(row, strconv.Itoa(a.Line), side, start, end, string(a.Kind), score, stamp)
		for j := range row {
			row[j] = model.SpreadsheetSafe(row[j])
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// WriteJSONL writes anns one JSON object per line, with every field of
// [Annotation] (the texts kept exactly, as JSON escapes them).
func WriteJSONL(w io.Writer, anns []Annotation) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	for i := range anns {
		if err := enc.Encode(&anns[i]); err != nil {
			return err
		}
	}
	return bw.Flush()
}
