package cli

import (
	"encoding/csv"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// jsonKeys returns the keys of a JSON object, in order.
func jsonKeys(t *testing.T, line string) []string {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(line))
	if _, err := dec.Token(); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, k.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	return keys
}

// TestSegmentsSortFigure: segments sorted by delta or impact gives the
// figure it sorts by in every format: "delta" / "impact" after SPEC's
// JSONL fields (which stay as they are), a column before the hypothesis
// in TSV and CSV with the same values, and for impact a column in the
// text table; other orders add nothing.
func TestSegmentsSortFigure(t *testing.T) {
	specKeys := []string{"system", "line", "score", "counts", "totals", "precisions", "bp", "sys_len", "ref_len"}
	score := demoSentenceScores(t)
	other := map[string]string{"fluent": "stilted", "stilted": "fluent", "literal": "fluent"}
	for _, fig := range []string{"delta", "impact"} {
		code, out, stderr := runCLI(t, "", "segments", "--demo", "--sort", fig, "--format", "jsonl")
		if code != 0 || stderr != "" {
			t.Fatalf("%s: status %d, stderr %q", fig, code, stderr)
		}
		type row struct {
			system string
			line   int
			value  float64
		}
		var rows []row
		for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			if keys := jsonKeys(t, l); !slices.Equal(keys, append(slices.Clone(specKeys), fig)) {
				t.Fatalf("--sort %s: keys %v; want SPEC's then %q", fig, keys, fig)
			}
			var o map[string]any
			if err := json.Unmarshal([]byte(l), &o); err != nil {
				t.Fatal(err)
			}
			r := row{o["system"].(string), int(o["line"].(float64)), o[fig].(float64)}
			if fig == "delta" && r.value != score[r.system][r.line]-score[other[r.system]][r.line] {
				t.Errorf("%s line %d: delta %v; want %v", r.system, r.line, r.value, score[r.system][r.line]-score[other[r.system]][r.line])
			}
			if n := len(rows); n > 0 && rows[n-1].system == r.system && r.value < rows[n-1].value {
				t.Errorf("--sort %s: %s line %d (%v) after line %d (%v); want ascending", fig, r.system, r.line, r.value, rows[n-1].line, rows[n-1].value)
			}
			rows = append(rows, r)
		}
		if len(rows) != 3*70 {
			t.Fatalf("--sort %s: %d rows; want 210", fig, len(rows))
		}
		for _, format := range []string{"tsv", "csv"} {
			_, table, _ := runCLI(t, "", "segments", "--demo", "--sort", fig, "--format", format)
			var recs [][]string
			if format == "csv" {
				var err error
				if recs, err = csv.NewReader(strings.NewReader(table)).ReadAll(); err != nil {
					t.Fatal(err)
				}
			} else {
				for _, l := range strings.Split(strings.TrimSuffix(table, "\n"), "\n") {
					recs = append(recs, strings.Split(l, "\t"))
				}
			}
			head := recs[0]
			if n := len(head); n < 2 || head[n-2] != fig || head[n-1] != "hyp" || !slices.Equal(head[:10], []string{"system", "line", "score", "bp", "sys_len", "ref_len", "p1", "p2", "p3", "p4"}) {
				t.Fatalf("--sort %s, %s: header %v; want the usual columns, %s, hyp", fig, format, head, fig)
			}
			if len(recs)-1 != len(rows) {
				t.Fatalf("--sort %s, %s: %d rows; want %d", fig, format, len(recs)-1, len(rows))
			}
			for i, rec := range recs[1:] {
				v, err := strconv.ParseFloat(rec[len(rec)-2], 64)
				if rec[0] != rows[i].system || rec[1] != strconv.Itoa(rows[i].line) || err != nil || v != rows[i].value {
					t.Errorf("--sort %s, %s row %d: %v; want %s line %d %s %v", fig, format, i+1, rec[:2], rows[i].system, rows[i].line, fig, rows[i].value)
				}
			}
		}
	}
	_, text, _ := runCLI(t, "", "segments", "--demo", "--sort", "impact", "--worst", "2")
	if !strings.Contains(text, ", Δ and impact vs stilted,") || !strings.Contains(text, "     Δ  impact ") {
		t.Errorf("--sort impact: the text table has no impact column:\n%s", text)
	}
	for _, format := range []string{"jsonl", "tsv"} {
		_, out, _ := runCLI(t, "", "segments", "--demo", "--sort", "score", "--format", format)
		if strings.Contains(out, "delta") || strings.Contains(out, "impact") {
			t.Errorf("--sort score, %s: a delta or impact it is not sorted by:\n%.300s", format, out)
		}
	}
}
