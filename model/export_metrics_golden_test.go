package model

import (
	"context"
	"strings"
	"testing"
)

// TestExportMetricsGoldens pins the output of every format with chrF++ and
// TER beside BLEU (corpus and segments, one and several systems), and with
// chrF alone, so that the writers can change shape without changing a
// byte.
func TestExportMetricsGoldens(t *testing.T) {
	ds := exportDataset()
	s := mustScore(t, ds, DefaultSettings())
	write := func(f func(*strings.Builder) error) string {
		var b strings.Builder
		if err := f(&b); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	all, err := ScoreMetrics(context.Background(), ds, allMetrics(), true)
	if err != nil {
		t.Fatal(err)
	}
	chrf := allMetrics()
	chrf.Names = []string{MetricChrF, MetricBLEU}
	chrfOnly, err := ScoreMetrics(context.Background(), ds, chrf, true)
	if err != nil {
		t.Fatal(err)
	}
	one := memDataset(ds.Src, ds.Refs, ds.Systems[0])
	oneScored := mustScore(t, one, DefaultSettings())
	oneMetrics, err := ScoreMetrics(context.Background(), one, allMetrics(), false)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range CorpusFormats {
		golden(t, "metrics_corpus_"+f, write(func(b *strings.Builder) error { return WriteCorpusMetrics(b, ds, s, all, f) }))
		golden(t, "metrics_corpus_chrf_"+f, write(func(b *strings.Builder) error { return WriteCorpusMetrics(b, ds, s, chrfOnly, f) }))
		golden(t, "metrics_corpus_one_"+f, write(func(b *strings.Builder) error { return WriteCorpusMetrics(b, one, oneScored, oneMetrics, f) }))
	}
	rows := s.Rows(ds, View{System: 1, Other: 0})
	for _, f := range SegmentFormats {
		golden(t, "metrics_segments_"+f, write(func(b *strings.Builder) error { return WriteSegmentsMetrics(b, ds, s, rows, 1, -1, all, f) }))
		golden(t, "metrics_segments_chrf_"+f, write(func(b *strings.Builder) error { return WriteSegmentsMetrics(b, ds, s, rows, 0, -1, chrfOnly, f) }))
	}
}
