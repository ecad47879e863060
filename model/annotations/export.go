package annotations

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/csv"
	"encoding/json"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/bleuscope/bleuscope/model"
)

// csvColumns are the columns [WriteCSV] writes: the MQM TSV's, then the
// line, the span as offsets, the kind, the ESA score, the time and
// whether an error is of the whole segment.
var csvColumns = append(append([]string{}, mqmColumns...), "line", "span_side", "span_start", "span_end", "kind", "score", "time", "whole_segment")

// ExportOrder puts anns in the order the exports list them: by system,
// the systems in the order they first come in anns (as [Summarize] lists
// them), then by line; the annotations of one segment keep their order in
// anns (in a file, that of their IDs). An annotation an undo put back
// under a new ID stays with its segment, where the order of IDs put it
// after every other.
func ExportOrder(anns []Annotation) {
	rank := map[string]int{}
	for _, a := range anns {
		if _, ok := rank[a.System]; !ok {
			rank[a.System] = len(rank)
		}
	}
	slices.SortStableFunc(anns, func(a, b Annotation) int {
		return cmp.Or(cmp.Compare(rank[a.System], rank[b.System]), cmp.Compare(a.Line, b.Line))
	})
}

// wholeSegment says whether a is an error of the whole segment (it has
// no span), and whether it is an error at all: the other kinds have no
// span either, and are neither.
func wholeSegment(a *Annotation) (whole, isError bool) {
	return a.Span == nil, a.Kind == KindError
}

// WriteCSV writes anns as CSV for a spreadsheet: the ten MQM columns (the
// span marked <v>…</v> as in the TSV) followed by line, span_side,
// span_start, span_end (code points), kind, score, time and whole_segment
// (true for an error of the whole segment, false for one with a span,
// empty for other kinds), one row per
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
		whole := ""
		if w, ok := wholeSegment(a); ok {
			whole = strconv.FormatBool(w)
		}
		row = append(row, strconv.Itoa(a.Line), side, start, end, string(a.Kind), score, stamp, whole)
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
// [Annotation] (the texts kept exactly, as JSON escapes them; the system
// named as [model.JSONName] names it) and, for an
// error, "whole_segment": true when it is of the whole segment (it has no
// "span"), false when it has a span. "id" is the annotation's ID in its
// [Store], left out for one that has none (a row of an MQM TSV): such a
// row gets an ID only when imported, from the annotation file it goes
// into, so a number given here would name another annotation there.
func WriteJSONL(w io.Writer, anns []Annotation) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	type exported struct {
		ID *int `json:"id,omitempty"` // shadows Annotation's, for rows with none
		*Annotation
		WholeSegment *bool `json:"whole_segment,omitempty"`
	}
	for i := range anns {
		a := anns[i]
		a.System = model.JSONName(a.System) // as every JSON output names a system
		x := exported{Annotation: &a}
		if anns[i].ID != 0 {
			x.ID = &anns[i].ID
		}
		if whole, ok := wholeSegment(&anns[i]); ok {
			x.WholeSegment = &whole
		}
		if err := enc.Encode(x); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// jsonlExportStart is how [WriteJSONL]'s first object starts: an
// annotation's id (when it has one), its kind, then its system.
var jsonlExportStart = regexp.MustCompile(`^\{("id":[0-9]+,)?"kind":"[a-z-]+","system":"`)

// ExportKind names the format of an export whose output starts with head
// (a file's first bytes): "csv" for [WriteCSV]'s header row, "jsonl" for
// [WriteJSONL]'s first object, "" for anything else. Neither is read
// back, so a command refusing one can say what it is.
func ExportKind(head []byte) string {
	first, _, _ := bytes.Cut(head, []byte("\n"))
	switch {
	case string(bytes.TrimSuffix(first, []byte("\r"))) == strings.Join(csvColumns, ","):
		return "csv"
	case jsonlExportStart.Match(head):
		return "jsonl"
	}
	return ""
}
