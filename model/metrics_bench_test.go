package model

import (
	"context"
	"runtime"
	"testing"

	"github.com/bleuscope/bleuscope/fixtures/heapsample"
	"github.com/bleuscope/bleuscope/scoring"
)

// BenchmarkCompareChrF100k measures chrF's paired tests of two systems on
// 100k synthetic segments of about 100 bytes: the bytes the statistics
// hold (MB-held; 18 counts a segment and system, 4 bytes each, make
// 14.4 MB) and the most the heap holds over them while a test resamples
// (MB-peak: the statistics, their copies if any, and the test's work).
func BenchmarkCompareChrF100k(b *testing.B) {
	const n = 100_000
	ds := memDataset(nil, [][]string{synthLines(synthText(n, 2))},
		System{Name: "a", Hyps: synthLines(synthText(n, 1))}, System{Name: "b", Hyps: synthLines(synthText(n, 3))})
	m := DefaultMetrics()
	m.Names = append(m.Names, MetricChrF)
	var st *MetricStatistics
	b.Run("statistics", func(b *testing.B) {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		for b.Loop() {
			st = nil
			var err error
			if st, err = ComputeMetricStatistics(context.Background(), ds, MetricChrF, m, nil); err != nil {
				b.Fatal(err)
			}
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/1e6, "MB-held")
	})
	if st == nil {
		return
	}
	for _, test := range []string{TestPairedBootstrap, TestPairedAR} {
		b.Run(test, func(b *testing.B) {
			runtime.GC()
			var before runtime.MemStats
			runtime.ReadMemStats(&before)
			var most uint64
			for b.Loop() {
				runtime.GC()
				stop := heapsample.Start()
				if _, err := CompareMetric(context.Background(), st, 0, nil, CompareOptions{Test: test, N: 100, Seed: scoring.SeedOf(12345)}); err != nil {
					b.Fatal(err)
				}
				most = max(most, stop())
			}
			b.ReportMetric(float64(most-before.HeapAlloc)/1e6, "MB-peak")
		})
	}
}
