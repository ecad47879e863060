package model

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// hostileDataset is exportDataset with texts that a spreadsheet or a
// terminal would act on in every column: formulas, a leading tab and CR,
// quotes, separators, line breaks, an escape sequence and a bidi override.
func hostileDataset() *Dataset {
	ds := exportDataset()
	ds.Src = []string{"=HYPERLINK(\"http://x\")", "\tEs war, \"nicht\"; überraschend.", "Der Mann\r\nbiss.", "@Titel\\n"}
	ds.Refs[1][2] = "-The man bit first."
	ds.Systems[0].Name = "=base"
	ds.Systems[1].Hyps[0] = "+The cat was on the mat."
	return ds
}

// textNotes gives every segment of the second system two notes and the
// first none, with text as hostile as the rest.
func textNotes(sys, i int) []Note {
	if sys == 0 {
		return nil
	}
	return []Note{
		{Text: "Major Accuracy \"x\"\tnote", Value: map[string]any{"i": i, "t": "=1+1\x1b"}},
		{Text: "-minor", Value: map[string]any{"i": i}},
	}
}

func TestWriteSegmentTextsCSVRoundTrip(t *testing.T) {
	ds := hostileDataset()
	s := mustScore(t, ds, DefaultSettings())
	rows := []int{3, 0, 2, 1}
	var b strings.Builder
	if err := WriteSegmentTexts(&b, ds, s, rows, TextExport{Pinned: true, Baseline: 0, Notes: textNotes}, FormatCSV); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(strings.NewReader(b.String())).ReadAll()
	if err != nil {
		t.Fatalf("encoding/csv cannot read it back: %v\n%s", err, b.String())
	}
	// A header cell starts with its column's kind, so even the system
	// named "=base" needs no apostrophe there.
	wantHeader := []string{"line", "src", "ref:1", "ref:2", "hyp:=base", "score:=base", "notes:=base", "hyp:new \u202eevil", "score:new \u202eevil", "delta:new \u202eevil vs =base", "notes:new \u202eevil"}
	if strings.Join(recs[0], "|") != strings.Join(wantHeader, "|") {
		t.Fatalf("header %q;\nwant %q", recs[0], wantHeader)
	}
	if len(recs) != len(rows)+1 {
		t.Fatalf("%d records; want a header and %d rows", len(recs), len(rows))
	}
	for r, i := range rows {
		rec := recs[r+1]
		want := []string{strconv.Itoa(i + 1), ds.Src[i], ds.Refs[0][i], ds.Refs[1][i], ds.Systems[0].Hyps[i]}
		for c, w := range want {
			if c > 0 {
				// encoding/csv reads a CR LF inside a quoted cell as LF, as
				// spreadsheets do; TSV and JSONL keep it.
				w = SpreadsheetSafe(strings.ReplaceAll(w, "\r\n", "\n"))
			}
			if rec[c] != w {
				t.Errorf("line %d column %s = %q; want %q", i+1, recs[0][c], rec[c], w)
			}
		}
		if rec[7] != SpreadsheetSafe(ds.Systems[1].Hyps[i]) {
			t.Errorf("line %d hyp of new = %q; want %q", i+1, rec[7], ds.Systems[1].Hyps[i])
		}
		if rec[6] != "" {
			t.Errorf("line %d: notes of the baseline = %q; want none", i+1, rec[6])
		}
		if want := "Major Accuracy \"x\"\tnote\n-minor"; rec[10] != want {
			t.Errorf("line %d notes = %q; want %q (a cell starting with a letter is left alone)", i+1, rec[10], want)
		}
		for _, c := range []struct {
			col  int
			want float64
		}{{5, s.Systems[0].Sentence[i]}, {8, s.Systems[1].Sentence[i]}, {9, s.Systems[1].Sentence[i] - s.Systems[0].Sentence[i]}} {
			got, err := strconv.ParseFloat(rec[c.col], 64)
			if err != nil || got != c.want {
				t.Errorf("line %d %s = %q; want the number %v (numbers are never prefixed)", i+1, recs[0][c.col], rec[c.col], c.want)
			}
		}
	}
	if !strings.Contains(b.String(), `,"'=HYPERLINK(""http`) || !strings.Contains(b.String(), "\"'\tEs war") {
		t.Errorf("formula and tab cells not defused:\n%s", b.String())
	}
}

// unescapeTSV undoes the writer's \\, \t, \n and \r.
func unescapeTSV(f string) string {
	var b strings.Builder
	for i := 0; i < len(f); i++ {
		if f[i] != '\\' || i+1 == len(f) {
			b.WriteByte(f[i])
			continue
		}
		i++
		switch f[i] {
		case 't':
			b.WriteByte('\t')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		default:
			b.WriteByte(f[i])
		}
	}
	return b.String()
}

func TestWriteSegmentTextsTSVExact(t *testing.T) {
	ds := hostileDataset()
	s := mustScore(t, ds, DefaultSettings())
	rows := []int{0, 1, 2, 3}
	var b strings.Builder
	if err := WriteSegmentTexts(&b, ds, s, rows, TextExport{Pinned: true, Baseline: 1, Notes: textNotes}, FormatTSV); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != len(rows)+1 {
		t.Fatalf("%d lines; want one per row and a header:\n%s", len(lines), b.String())
	}
	// Baseline 1 pinned: the first system gets the delta column, the second none.
	header := strings.Split(lines[0], "\t")
	wantHeader := "line|src|ref:1|ref:2|hyp:=base|score:=base|delta:=base vs new \u202eevil|notes:=base|hyp:new \u202eevil|score:new \u202eevil|notes:new \u202eevil"
	if strings.Join(header, "|") != wantHeader {
		t.Fatalf("header %q; want %q", strings.Join(header, "|"), wantHeader)
	}
	for r, i := range rows {
		f := strings.Split(lines[r+1], "\t")
		if len(f) != len(header) {
			t.Fatalf("line %d has %d fields; want %d: %q", i+1, len(f), len(header), lines[r+1])
		}
		for c, want := range map[int]string{1: ds.Src[i], 2: ds.Refs[0][i], 3: ds.Refs[1][i], 4: ds.Systems[0].Hyps[i], 7: "", 8: ds.Systems[1].Hyps[i], 10: "Major Accuracy \"x\"\tnote\n-minor"} {
			if got := unescapeTSV(f[c]); got != want {
				t.Errorf("line %d %s = %q; want %q exactly", i+1, header[c], got, want)
			}
		}
		if got, _ := strconv.ParseFloat(f[6], 64); got != s.Systems[0].Sentence[i]-s.Systems[1].Sentence[i] {
			t.Errorf("line %d delta = %s; want the first system minus the baseline", i+1, f[6])
		}
	}
}

func TestWriteSegmentTextsJSONL(t *testing.T) {
	ds := hostileDataset()
	ds.RefAbsent = [][]bool{make([]bool, 4), {false, true, false, false}}
	s := mustScore(t, ds, DefaultSettings())
	var b strings.Builder
	if err := WriteSegmentTexts(&b, ds, s, []int{1, 3}, TextExport{Notes: textNotes}, FormatJSONL); err != nil {
		t.Fatal(err)
	}
	type sysObj struct {
		System string           `json:"system"`
		Hyp    string           `json:"hyp"`
		Score  *float64         `json:"score"`
		Base   *string          `json:"baseline"`
		Delta  *float64         `json:"delta"`
		Notes  []map[string]any `json:"notes"`
	}
	type segObj struct {
		Line    int       `json:"line"`
		Src     *string   `json:"src"`
		Refs    []*string `json:"refs"`
		Labels  []string  `json:"ref_labels"`
		Systems []sysObj  `json:"systems"`
	}
	var got []segObj
	sc := bufio.NewScanner(strings.NewReader(b.String()))
	for sc.Scan() {
		var o segObj
		if err := json.Unmarshal(sc.Bytes(), &o); err != nil {
			t.Fatalf("%v: %s", err, sc.Text())
		}
		got = append(got, o)
	}
	if len(got) != 2 || got[0].Line != 2 || got[1].Line != 4 {
		t.Fatalf("lines %+v; want 2 and 4", got)
	}
	for _, o := range got {
		i := o.Line - 1
		if o.Src == nil || *o.Src != ds.Src[i] || len(o.Systems) != 2 {
			t.Fatalf("line %d: %+v", o.Line, o)
		}
		if want := ds.ReferenceLabels(); !slices.Equal(o.Labels, want) || len(want) != 2 || want[0] == "" {
			t.Errorf("line %d ref_labels %q; want the references' labels %q", o.Line, o.Labels, want)
		}
		for k, r := range o.Refs {
			switch {
			case ds.RefAbsent[k][i] && r != nil:
				t.Errorf("line %d ref %d = %q; want null (absent)", o.Line, k, *r)
			case !ds.RefAbsent[k][i] && (r == nil || *r != ds.Refs[k][i]):
				t.Errorf("line %d ref %d = %v; want %q", o.Line, k, r, ds.Refs[k][i])
			}
		}
		for sys, so := range o.Systems {
			if so.System != ds.Systems[sys].Name || so.Hyp != ds.Systems[sys].Hyps[i] || so.Score == nil || *so.Score != s.Systems[sys].Sentence[i] {
				t.Errorf("line %d system %d = %+v", o.Line, sys, so)
			}
		}
		// No baseline pinned: each system's delta is to the other, and
		// names it.
		for sys, so := range o.Systems {
			other := 1 - sys
			if so.Base == nil || *so.Base != ds.Systems[other].Name || so.Delta == nil || *so.Delta != s.Delta(sys, other, i) {
				t.Errorf("line %d system %d: baseline %v, delta %v; want %q and %v", o.Line, sys, so.Base, so.Delta, ds.Systems[other].Name, s.Delta(sys, other, i))
			}
		}
		if len(o.Systems[0].Notes) != 0 || len(o.Systems[1].Notes) != 2 || o.Systems[1].Notes[0]["t"] != "=1+1\x1b" || o.Systems[1].Notes[0]["i"] != float64(i) {
			t.Errorf("line %d notes %+v", o.Line, o.Systems[1].Notes)
		}
	}
	if strings.ContainsAny(b.String(), "\x1b\u202e") {
		t.Error("jsonl holds a raw escape or bidi override; JSON escapes keep the value and stay inert")
	}
	// The first system pinned: it has neither baseline nor delta, the
	// second's are to it.
	b.Reset()
	if err := WriteSegmentTexts(&b, ds, s, []int{1}, TextExport{Pinned: true}, FormatJSONL); err != nil {
		t.Fatal(err)
	}
	var pinned segObj
	if err := json.Unmarshal([]byte(b.String()), &pinned); err != nil {
		t.Fatalf("%v: %s", err, b.String())
	}
	if p := pinned.Systems; p[0].Base != nil || p[0].Delta != nil || p[1].Base == nil || *p[1].Base != ds.Systems[0].Name || p[1].Delta == nil || *p[1].Delta != s.Delta(1, 0, 1) {
		t.Errorf("pinned: %s; want no baseline nor delta for the first, the first and the difference for the second", b.String())
	}
	if !strings.Contains(b.String(), `"baseline": null, "delta": null`) {
		t.Errorf("pinned: %s; want the baseline's baseline and delta written as null", b.String())
	}
	// Without notes there is no notes key; a source-less corpus has src null.
	ds.Src = nil
	b.Reset()
	if err := WriteSegmentTexts(&b, ds, s, []int{0}, TextExport{}, FormatJSONL); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "notes") || !strings.HasPrefix(b.String(), `{"line": 1, "src": null, "refs": [`) {
		t.Errorf("jsonl without notes or source: %s", b.String())
	}
	// Kept to the second reference, the one left is labelled as among all
	// (B, not an unlabelled ref); one reference of its own has no label.
	b.Reset()
	kept, err := ds.WithRefs([]int{1})
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteSegmentTexts(&b, kept, mustScore(t, kept, DefaultSettings()), []int{0}, TextExport{}, FormatJSONL); err != nil {
		t.Fatal(err)
	}
	if want := `"ref_labels": ["` + ds.ReferenceLabels()[1] + `"]`; !strings.Contains(b.String(), want) {
		t.Errorf("jsonl kept to the second reference lacks %s: %s", want, b.String())
	}
	one := memDataset(nil, [][]string{{"a"}}, System{Name: "A", Hyps: []string{"a"}})
	b.Reset()
	if err := WriteSegmentTexts(&b, one, mustScore(t, one, DefaultSettings()), []int{0}, TextExport{}, FormatJSONL); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), `"baseline"`) {
		t.Errorf("one system has no baseline to name: %s", b.String())
	}
	if strings.Contains(b.String(), "ref_labels") {
		t.Errorf("one reference has no label to give: %s", b.String())
	}
}

func TestWriteSegmentTextsNaNAndErrors(t *testing.T) {
	ds := exportDataset()
	s := mustScore(t, ds, DefaultSettings())
	s.Systems[1].Sentence[0] = math.NaN()
	var b strings.Builder
	if err := WriteSegmentTexts(&b, ds, s, []int{0}, TextExport{}, FormatJSONL); err != nil {
		t.Fatal(err)
	}
	// Both deltas are to the system with no score.
	if !strings.Contains(b.String(), `"score": null, "baseline": "base", "delta": null}]}`) || strings.Count(b.String(), `"delta": null`) != 2 {
		t.Errorf("undefined score: %s; want null score and deltas", b.String())
	}
	for _, c := range []struct {
		rows   []int
		t      TextExport
		format string
	}{
		{[]int{4}, TextExport{}, FormatTSV},
		{[]int{0}, TextExport{Pinned: true, Baseline: 2}, FormatTSV},
		{[]int{0}, TextExport{}, FormatText},
	} {
		if err := WriteSegmentTexts(&b, ds, s, c.rows, c.t, c.format); err == nil {
			t.Errorf("WriteSegmentTexts(%v, %+v, %s) = nil; want an error", c.rows, c.t, c.format)
		}
	}
}

// TestWriteSegmentTextsDeltaTo: unpinned, each system's delta is to its
// DefaultOther, as the explorer's list shows it (B and C to A, A to B);
// pinned, every system's but the baseline's is to the baseline. Each
// delta column names the system it is to. Before, unpinned, every delta
// was to the first system, which the first had none of.
func TestWriteSegmentTextsDeltaTo(t *testing.T) {
	refs := [][]string{{"the cat sat on the mat", "a dog barked"}}
	ds := memDataset(nil, refs,
		System{Name: "A", Hyps: []string{"the cat sat on a mat", "a dog barked"}},
		System{Name: "B", Hyps: []string{"the cat sat on the mat", "the dog"}},
		System{Name: "C", Hyps: []string{"a cat on the mat", "a dog barked loudly"}})
	s := mustScore(t, ds, DefaultSettings())
	for _, c := range []struct {
		t    TextExport
		want map[string][2]int // delta column: system, the system it is to
	}{
		{TextExport{}, map[string][2]int{"delta:A vs B": {0, 1}, "delta:B vs A": {1, 0}, "delta:C vs A": {2, 0}}},
		{TextExport{Pinned: true, Baseline: 1}, map[string][2]int{"delta:A vs B": {0, 1}, "delta:C vs B": {2, 1}}},
	} {
		var b strings.Builder
		if err := WriteSegmentTexts(&b, ds, s, []int{0, 1}, c.t, FormatCSV); err != nil {
			t.Fatal(err)
		}
		recs, err := csv.NewReader(strings.NewReader(b.String())).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		got := 0
		for k, h := range recs[0] {
			if !strings.HasPrefix(h, "delta:") {
				continue
			}
			got++
			pair, ok := c.want[h]
			if !ok {
				t.Errorf("%+v: column %q; want only %v", c.t, h, c.want)
				continue
			}
			for r, i := range []int{0, 1} {
				if d, _ := strconv.ParseFloat(recs[r+1][k], 64); d != s.Delta(pair[0], pair[1], i) {
					t.Errorf("%+v: line %d %s = %s; want %v", c.t, i+1, h, recs[r+1][k], s.Delta(pair[0], pair[1], i))
				}
			}
		}
		if got != len(c.want) {
			t.Errorf("%+v: header %q; want the delta columns %v", c.t, recs[0], c.want)
		}
	}
}

// TestSpreadsheetSafe: a cell a spreadsheet would run as a formula gets an
// apostrophe; a lone "-" (an annotation's doc) and plain text do not.
func TestSpreadsheetSafe(t *testing.T) {
	for in, want := range map[string]string{"=SUM(A1)": "'=SUM(A1)", "-oops": "'-oops", "+1": "'+1", "@x": "'@x", "\tx": "'\tx", "-": "-", "": "", "text": "text"} {
		if got := SpreadsheetSafe(in); got != want {
			t.Errorf("SpreadsheetSafe(%q) = %q; want %q", in, got, want)
		}
	}
}
