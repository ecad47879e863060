package model

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

// TestWriteSegmentTextsMetrics checks the chrf and ter columns of the full
// table against ScoreMetrics' sentence scores, in tsv and jsonl, and that
// only the metrics asked for get a column.
func TestWriteSegmentTextsMetrics(t *testing.T) {
	ds := exportDataset()
	s := mustScore(t, ds, DefaultSettings())
	ms, err := ScoreMetrics(context.Background(), ds, allMetrics(), true)
	if err != nil {
		t.Fatal(err)
	}
	rows := []int{2, 0}
	var b strings.Builder
	if err := WriteSegmentTexts(&b, ds, s, rows, TextExport{Metrics: ms}, FormatTSV); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	head := strings.Split(lines[0], "\t")
	col := map[string]int{}
	for c, h := range head {
		col[h] = c
	}
	for sys, sy := range ds.Systems {
		for r, i := range rows {
			rec := strings.Split(lines[r+1], "\t")
			for _, c := range []struct {
				name string
				want float64
			}{{"chrf:", ms.Systems[sys].ChrFSegments[i]}, {"ter:", ms.Systems[sys].TERSegments[i]}} {
				k, ok := col[c.name+sy.Name]
				if !ok {
					t.Fatalf("no column %s%s in %q", c.name, sy.Name, head)
				}
				if got, _ := strconv.ParseFloat(rec[k], 64); got != c.want {
					t.Errorf("line %d %s%s = %s; want %v", i+1, c.name, sy.Name, rec[k], c.want)
				}
			}
		}
	}
	if k, want := col["chrf:"+ds.Systems[0].Name], col["delta:"+ds.Systems[0].Name+" vs "+ds.Systems[1].Name]+1; k != want {
		t.Errorf("chrf column at %d; want %d, right after the score and delta", k, want)
	}

	b.Reset()
	if err := WriteSegmentTexts(&b, ds, s, rows, TextExport{Metrics: ms}, FormatJSONL); err != nil {
		t.Fatal(err)
	}
	for r, line := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
		var obj struct {
			Systems []struct {
				ChrF float64 `json:"chrf"`
				TER  float64 `json:"ter"`
			} `json:"systems"`
		}
		if err := json.Unmarshal([]byte(line), &obj); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		for sys, got := range obj.Systems {
			i := rows[r]
			if got.ChrF != ms.Systems[sys].ChrFSegments[i] || got.TER != ms.Systems[sys].TERSegments[i] {
				t.Errorf("line %d system %d: chrf %v ter %v; want %v %v", i+1, sys, got.ChrF, got.TER, ms.Systems[sys].ChrFSegments[i], ms.Systems[sys].TERSegments[i])
			}
		}
	}

	chrfOnly := allMetrics()
	chrfOnly.Names = []string{MetricBLEU, MetricChrF}
	ms2, err := ScoreMetrics(context.Background(), ds, chrfOnly, true)
	if err != nil {
		t.Fatal(err)
	}
	b.Reset()
	if err := WriteSegmentTexts(&b, ds, s, rows, TextExport{Metrics: ms2}, FormatTSV); err != nil {
		t.Fatal(err)
	}
	if head := b.String()[:strings.IndexByte(b.String(), '\n')]; strings.Contains(head, "ter:") || !strings.Contains(head, "chrf:") {
		t.Errorf("chrf only: header %q", head)
	}
	if err := WriteSegmentTexts(&b, ds, s, rows, TextExport{Metrics: &MetricScores{Metrics: allMetrics(), Systems: make([]MetricSystem, len(ds.Systems))}}, FormatTSV); err == nil {
		t.Error("corpus-only metric scores accepted; want an error")
	}
}
