package model

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/fixtures/conformance"
	"github.com/bleuscope/bleuscope/scoring"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// golden compares got with testdata/name.golden, or rewrites the file
// when -update is given.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./model -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from %s (run go test ./model -update after checking the change):\n got:\n%s\nwant:\n%s", name, path, got, want)
	}
}

// exportDataset is a small corpus whose text tries to reach the terminal:
// an escape sequence, a bell, a bidi override, a tab and a line break.
func exportDataset() *Dataset {
	return memDataset(
		[]string{"Die Katze saß auf der Matte.", "Es war nicht überraschend.", "Der Mann biss zuerst.", "Titel"},
		[][]string{
			{"The cat sat on the mat.", "It was not unexpected.", "The man bit him first.", "a title"},
			{"The cat was on the mat.", "No one was surprised.", "The man bit first.", "the title"},
		},
		System{Name: "base", Path: "base.txt", Hyps: []string{
			"The cat sat on the mat.", "It wasn't\tsurprising.", "The man had just bitten him.", "the \x1b]2;pwned\x07title",
		}},
		System{Name: "new \u202eevil", Path: "new.txt", Hyps: []string{
			"The cat was on the mat.", "No one was\nsurprised.", "The man bit first.", "a title \\ here",
		}},
	)
}

func TestExportGoldens(t *testing.T) {
	ds := exportDataset()
	s := mustScore(t, ds, DefaultSettings())
	write := func(f func(*strings.Builder) error) string {
		var b strings.Builder
		if err := f(&b); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	one := memDataset(ds.Src, ds.Refs, ds.Systems[0])
	oneScored := mustScore(t, one, DefaultSettings())
	golden(t, "corpus_text_one", write(func(b *strings.Builder) error { return WriteCorpus(b, one, oneScored, FormatText) }))
	golden(t, "corpus_text", write(func(b *strings.Builder) error { return WriteCorpus(b, ds, s, FormatText) }))
	golden(t, "corpus_json", write(func(b *strings.Builder) error { return WriteCorpus(b, ds, s, FormatJSON) }))
	rows := s.Rows(ds, View{System: 1, Other: 0})
	for _, f := range SegmentFormats {
		golden(t, "segments_"+f, write(func(b *strings.Builder) error { return WriteSegments(b, ds, s, rows, 1, f) }))
	}
	base := s.Rows(ds, View{System: 0, Other: -1, Sort: SortLine})
	golden(t, "segments_text_base", write(func(b *strings.Builder) error { return WriteSegments(b, ds, s, base, 0, FormatText) }))
	byDelta := s.Rows(ds, View{System: 1, Other: 0, Sort: SortDelta})
	golden(t, "segments_text_delta", write(func(b *strings.Builder) error {
		return WriteSegmentsMetrics(b, ds, s, byDelta, 1, 0, nil, FormatText)
	}))
	for _, f := range []string{FormatJSONL, FormatTSV, FormatCSV} { // Δ is for the table for people only
		with := write(func(b *strings.Builder) error { return WriteSegmentsMetrics(b, ds, s, byDelta, 1, 0, nil, f) })
		without := write(func(b *strings.Builder) error { return WriteSegments(b, ds, s, byDelta, 1, f) })
		if with != without {
			t.Errorf("%s with a Δ system differs from %s without:\n%s\n%s", f, f, with, without)
		}
	}

	nltk := mustScore(t, ds, nltkSettings(1))
	golden(t, "corpus_json_nltk", write(func(b *strings.Builder) error { return WriteCorpus(b, ds, nltk, FormatJSON) }))
	golden(t, "segments_text_nltk", write(func(b *strings.Builder) error { return WriteSegments(b, ds, nltk, base, 0, FormatText) }))
}

// TestExportNoRawControls checks that the tables for people (segments
// and corpus text) let no control character of the input through, and
// that JSON escapes them.
func TestExportNoRawControls(t *testing.T) {
	ds := exportDataset()
	s := mustScore(t, ds, DefaultSettings())
	rows := s.Rows(ds, View{Other: -1, Sort: SortLine})
	for sys := range ds.Systems {
		for _, f := range []string{FormatText, FormatJSONL} {
			var b strings.Builder
			if err := WriteSegments(&b, ds, s, rows, sys, f); err != nil {
				t.Fatal(err)
			}
			checkNoControls(t, f, b.String())
		}
	}
	for _, f := range CorpusFormats {
		var b strings.Builder
		if err := WriteCorpus(&b, ds, s, f); err != nil {
			t.Fatal(err)
		}
		checkNoControls(t, f, b.String())
	}
}

func checkNoControls(t *testing.T, format, out string) {
	t.Helper()
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if p := Printable(line); p != line && !(format == FormatTSV || format == FormatText) || strings.ContainsAny(line, "\x1b\x07\r\u202e") {
			t.Errorf("%s output has a raw control character: %q", format, line)
		}
	}
}

// TestSegmentsTableKeepsText checks that tsv and csv keep the text
// exactly: a tsv cell unescaped, a csv cell read back by encoding/csv
// (less the apostrophe SpreadsheetSafe puts before =, +, -, @, tab, CR)
// is the system's name and the hypothesis as loaded, controls, bidi
// overrides, tabs and line breaks included.
func TestSegmentsTableKeepsText(t *testing.T) {
	ds := exportDataset()
	ds.Systems[0].Hyps[0] = "=HYPERLINK(\"x\")"
	ds.Systems[1].Hyps[0] = "-1 \t\rx\n" // (a reader of csv may drop the \r of \r\n)
	s := mustScore(t, ds, DefaultSettings())
	rows := s.Rows(ds, View{Other: -1, Sort: SortLine})
	unTSV := strings.NewReplacer(`\\`, `\`, `\t`, "\t", `\n`, "\n", `\r`, "\r")
	for sys, sy := range ds.Systems {
		var tsv, csvOut strings.Builder
		if err := WriteSegments(&tsv, ds, s, rows, sys, FormatTSV); err != nil {
			t.Fatal(err)
		}
		if err := WriteSegments(&csvOut, ds, s, rows, sys, FormatCSV); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(tsv.String(), "\n"), "\n")[1:]
		recs, err := csv.NewReader(strings.NewReader(csvOut.String())).ReadAll()
		if err != nil {
			t.Fatalf("csv does not read back: %v", err)
		}
		recs = recs[1:]
		if len(lines) != len(rows) || len(recs) != len(rows) {
			t.Fatalf("%d tsv rows, %d csv rows; want %d", len(lines), len(recs), len(rows))
		}
		for r, i := range rows {
			cells := strings.Split(lines[r], "\t")
			if name, hyp := unTSV.Replace(cells[0]), unTSV.Replace(cells[len(cells)-1]); name != sy.Name || hyp != sy.Hyps[i] {
				t.Errorf("tsv row %d: %q %q; want %q %q", r+1, name, hyp, sy.Name, sy.Hyps[i])
			}
			rec := recs[r]
			if name, hyp := rec[0], rec[len(rec)-1]; name != SpreadsheetSafe(sy.Name) || hyp != SpreadsheetSafe(sy.Hyps[i]) {
				t.Errorf("csv row %d: %q %q; want %q %q", r+1, name, hyp, SpreadsheetSafe(sy.Name), SpreadsheetSafe(sy.Hyps[i]))
			}
		}
	}
	if got := SpreadsheetSafe("=HYPERLINK(\"x\")"); got != "'=HYPERLINK(\"x\")" {
		t.Errorf("SpreadsheetSafe(=…) = %q", got)
	}
}

func TestWriteCorpusJSONValues(t *testing.T) {
	ds := exportDataset()
	s := mustScore(t, ds, DefaultSettings().WithOption(func(o *scoring.Options) { o.Smooth, o.SmoothValue = scoring.SmoothAddK, 0.5 }))
	var b strings.Builder
	if err := WriteCorpus(&b, ds, s, FormatJSON); err != nil {
		t.Fatal(err)
	}
	var got []conformance.CorpusObject
	if err := json.Unmarshal([]byte(b.String()), &got); err != nil {
		t.Fatalf("WriteCorpus json is not valid JSON: %v\n%s", err, b.String())
	}
	if len(got) != 2 {
		t.Fatalf("%d objects; want 2", len(got))
	}
	for i, g := range got {
		r := s.Systems[i].Corpus
		if g.System != ds.Systems[i].Name || g.Score != r.Score || g.BP != r.BP || g.Ratio != r.Ratio ||
			g.SysLen != r.SysLen || g.RefLen != r.RefLen || !floatsEqual(g.Counts, r.Counts) ||
			!floatsEqual(g.Totals, r.Totals) || !floatsEqual(g.Precisions, r.Precisions) {
			t.Errorf("object %d = %+v; want the figures of %+v", i, g, r)
		}
		if g.Signature != scoring.Signature(s.Settings.Corpus, 2, scoring.SignatureVersion) || g.Verbose != r.Verbose(2) {
			t.Errorf("object %d signature/verbose = %q / %q", i, g.Signature, g.Verbose)
		}
	}
	if !strings.Contains(b.String(), `"counts": [`) || strings.Contains(b.String(), "e+") {
		t.Errorf("unexpected number format:\n%s", b.String())
	}
}

// TestWriteCorpusJSONVerboseNLTK checks that in nltk compat the JSON
// "verbose" carries the figures of the text line (NLTK's 0-1 scale to four
// decimals), not sacrebleu's one decimal, which rounds every precision to
// 0.x, and that sacrebleu compat keeps sacrebleu's form.
func TestWriteCorpusJSONVerboseNLTK(t *testing.T) {
	ds := exportDataset()
	for _, c := range []struct {
		name string
		set  Settings
	}{{"nltk", nltkSettings(1)}, {"sacrebleu", DefaultSettings()}} {
		s := mustScore(t, ds, c.set)
		var js, text strings.Builder
		if err := WriteCorpus(&js, ds, s, FormatJSON); err != nil {
			t.Fatal(err)
		}
		if err := WriteCorpus(&text, ds, s, FormatText); err != nil {
			t.Fatal(err)
		}
		var got []conformance.CorpusObject
		if err := json.Unmarshal([]byte(js.String()), &got); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(text.String(), "\n"), "\n")
		for i, g := range got {
			r := s.Systems[i].Corpus
			want := r.Verbose(2)
			if c.name == "nltk" {
				_, figures, _ := strings.Cut(lines[i], " = ")
				want = "BLEU = " + figures
				if !strings.HasPrefix(want, "BLEU = "+strconv.FormatFloat(r.Score, 'f', 4, 64)+" ") {
					t.Errorf("%s text line %q does not give the score to four decimals", c.name, lines[i])
				}
			}
			if g.Verbose != want {
				t.Errorf("%s object %d verbose = %q; want %q", c.name, i, g.Verbose, want)
			}
		}
	}
}

func floatsEqual(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestWriteSegmentsJSONLValues(t *testing.T) {
	ds := exportDataset()
	s := mustScore(t, ds, DefaultSettings())
	rows := []int{3, 0}
	var b strings.Builder
	if err := WriteSegments(&b, ds, s, rows, 0, FormatJSONL); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != len(rows) {
		t.Fatalf("%d lines; want %d", len(lines), len(rows))
	}
	for j, line := range lines {
		var g conformance.SegmentObject
		if err := json.Unmarshal([]byte(line), &g); err != nil {
			t.Fatalf("line %d is not JSON: %v", j+1, err)
		}
		r := scoring.Compute(s.Systems[0].Stats.Get(rows[j]), s.Settings.Sentence)
		if g.System != "base" || g.Line != rows[j]+1 || g.Score != r.Score || g.BP != r.BP || g.SysLen != r.SysLen ||
			g.RefLen != r.RefLen || !floatsEqual(g.Counts, r.Counts) || !floatsEqual(g.Totals, r.Totals) || !floatsEqual(g.Precisions, r.Precisions) {
			t.Errorf("line %d = %+v; want segment %d with %+v", j+1, g, rows[j], r)
		}
	}
}

func TestExportErrors(t *testing.T) {
	ds := exportDataset()
	s := mustScore(t, ds, DefaultSettings())
	var b strings.Builder
	if err := WriteCorpus(&b, ds, s, "xml"); err == nil || err.Error() != `model: unknown corpus format "xml" (want text, json)` {
		t.Errorf("WriteCorpus(xml) = %v", err)
	}
	if err := WriteSegments(&b, ds, s, nil, 0, "json"); err == nil || err.Error() != `model: unknown segment format "json" (want text, jsonl, tsv, csv)` {
		t.Errorf("WriteSegments(json) = %v", err)
	}
	if err := WriteSegments(&b, ds, s, []int{4}, 0, FormatTSV); err == nil {
		t.Error("WriteSegments accepted a row out of range")
	}
	if err := WriteSegments(&b, ds, s, nil, 2, FormatTSV); err == nil {
		t.Error("WriteSegments accepted a system out of range")
	}
	if b.Len() != 0 {
		t.Errorf("something was written before the error: %q", b.String())
	}
	broken := errors.New("disk full")
	for _, f := range SegmentFormats {
		if err := WriteSegments(failWriter{broken}, ds, s, []int{0, 1}, 0, f); !errors.Is(err, broken) {
			t.Errorf("WriteSegments(%s) to a failing writer = %v; want %v", f, err, broken)
		}
	}
	for _, f := range CorpusFormats {
		if err := WriteCorpus(failWriter{broken}, ds, s, f); !errors.Is(err, broken) {
			t.Errorf("WriteCorpus(%s) to a failing writer = %v; want %v", f, err, broken)
		}
	}
}

type failWriter struct{ err error }

func (w failWriter) Write([]byte) (int, error) { return 0, w.err }

// TestAppendFloatMatchesEncodingJSON checks the hand-written number format
// against encoding/json on random and special values.
func TestAppendFloatMatchesEncodingJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	xs := []float64{0, 1, -1, 100, 100.00000000000004, 1e-6, 9.99e-7, 1e-7, 1e20, 1e21, 123456789e13, 5.9e-155, 0.1, 2.5e-308}
	for range 20000 {
		x := math.Float64frombits(rng.Uint64())
		if !math.IsNaN(x) && !math.IsInf(x, 0) {
			xs = append(xs, x)
		}
		xs = append(xs, rng.Float64()*100, float64(rng.IntN(1e6)))
	}
	for _, x := range xs {
		want, err := json.Marshal(x)
		if err != nil {
			t.Fatal(err)
		}
		if got := string(appendFloat(nil, x)); got != string(want) {
			t.Fatalf("appendFloat(%v) = %s; encoding/json writes %s", x, got, want)
		}
	}
}

func TestAppendJSONString(t *testing.T) {
	for _, s := range []string{"", "plain", `q"b\s`, "\x00\x07\x1b[31m\t\n\r\x7f", "\u0085\u009b\u202e\u2066\u2069\u2028\u2029", "é中😀", "bad \xff byte"} {
		b := appendJSONString(nil, s)
		var back string
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatalf("appendJSONString(%q) = %s: %v", s, b, err)
		}
		want := strings.ToValidUTF8(s, "\ufffd")
		if back != want {
			t.Errorf("appendJSONString(%q) decodes to %q", s, back)
		}
		if Printable(string(b)) != string(b) || strings.ContainsAny(string(b), "\u2028\u2029") {
			t.Errorf("appendJSONString(%q) = %q lets a control character through", s, b)
		}
	}
}

// TestWriteSegmentsSortedNoFigure: where NLTK raises on a segment, its Δ
// is null in jsonl, empty in tsv and "error" in text; WriteSegmentsSorted needs
// another system, and by any other key it is WriteSegmentsMetrics.
func TestWriteSegmentsSortedNoFigure(t *testing.T) {
	// NLTK's method6 raises when the trigram precision is 0: on line 2 of a.
	ds := memDataset(nil, [][]string{{"a b c d", "a b c d"}},
		System{Name: "a", Hyps: []string{"a b c d", "a b"}}, System{Name: "b", Hyps: []string{"a b c", "a b c d"}})
	s := mustScore(t, ds, nltkSettings(6))
	write := func(by SortKey, format string) string {
		var b strings.Builder
		if err := WriteSegmentsSorted(&b, ds, s, []int{0, 1}, 0, 1, by, nil, "", nil, format); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	// (The corpus score does not raise here, so the impact has a value.)
	if jl := write(SortImpact, FormatJSONL); strings.Count(jl, `"impact": `) != 2 || strings.Contains(jl, `"impact": null`) {
		t.Errorf("impact jsonl:\n%s", jl)
	}
	jl := strings.Split(write(SortDelta, FormatJSONL), "\n")
	if !strings.HasSuffix(jl[1], `, "delta": null}`) || !strings.Contains(jl[0], `, "delta": `) || strings.HasSuffix(jl[0], "null}") {
		t.Errorf("delta jsonl:\n%s", strings.Join(jl, "\n"))
	}
	tsv := strings.Split(write(SortDelta, FormatTSV), "\n")
	if f := strings.Split(tsv[2], "\t"); f[len(f)-2] != "" || !strings.HasSuffix(tsv[0], "\tdelta\thyp") {
		t.Errorf("delta tsv:\n%s", strings.Join(tsv, "\n"))
	}
	if text := write(SortDelta, FormatText); !strings.Contains(strings.Split(text, "\n")[3], "error") {
		t.Errorf("delta text:\n%s", text)
	}
	var b strings.Builder
	if err := WriteSegmentsSorted(&b, ds, s, []int{0}, 0, -1, SortDelta, nil, "", nil, FormatJSONL); err == nil {
		t.Error("by delta with no other system: no error")
	}
	var plain strings.Builder
	WriteSegmentsMetrics(&plain, ds, s, []int{0, 1}, 0, 1, nil, FormatJSONL)
	if got := write(SortScore, FormatJSONL); got != plain.String() {
		t.Errorf("by score:\n%s\nwant WriteSegmentsMetrics's:\n%s", got, plain.String())
	}
}

// TestWriteSegmentsImpactColumn: the text table prints its impact column
// with one number of decimals ([ImpactDecimals]), so that the figures line
// up, where the smaller ones took the exponent form ("-9.8e-3" under
// "-0.084"); tsv keeps every figure whole.
func TestWriteSegmentsImpactColumn(t *testing.T) {
	hyps := []string{"a b c d", "a b c", "a b", "a"}
	ds := memDataset(nil, [][]string{hyps}, System{Name: "a", Hyps: hyps}, System{Name: "b", Hyps: hyps})
	s := mustScore(t, ds, DefaultSettings())
	impact := []float64{-0.084, -0.0098, -0.00016, 0.0021}
	write := func(format string) string {
		var b strings.Builder
		if err := WriteSegmentsSorted(&b, ds, s, []int{0, 1, 2, 3}, 0, 1, SortImpact, impact, MetricBLEU, nil, format); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	lines := strings.Split(write(FormatText), "\n")
	for i, want := range []string{"-0.0840", "-0.0098", "-0.0002", "+0.0021"} {
		if f := strings.Fields(lines[2+i]); len(f) < 4 || f[3] != want {
			t.Errorf("row %d %q: want the impact %s in the fourth column\n%s", i+1, lines[2+i], want, strings.Join(lines, "\n"))
		}
	}
	if tsv := write(FormatTSV); !strings.Contains(tsv, "\t-0.0098\t") || !strings.Contains(tsv, "\t-0.00016\t") {
		t.Errorf("tsv does not keep the impacts whole:\n%s", tsv)
	}
}
