package ui

import (
	"testing"
)

// benchAnalysis opens the analysis screen on n segments (two systems)
// and waits for it: counting, ranking, and the pair's salient n-grams,
// buckets and outcomes.
func benchAnalysis(b *testing.B, n int) {
	m := ready(b, synthDataset(b, n), 120, 40)
	b.ReportAllocs()
	for b.Loop() {
		m.ana = anaScreen{}
		m.ana = m.ana.SetSize(120, 40)
		next, cmd := m.Update(keyMsg("n"))
		m = settle(b, next.(Model), cmd)
		if x := m.anaCtx(); !m.ana.baseFresh(x) || !m.ana.derFresh(x) {
			b.Fatal("no analysis")
		}
		_ = m.View()
		next, _ = m.Update(keyMsg("esc"))
		m = next.(Model)
	}
}

func BenchmarkAnalysisOpen100k(b *testing.B) { benchAnalysis(b, 100_000) }
func BenchmarkAnalysisOpen1M(b *testing.B)   { benchAnalysis(b, 1_000_000) }

// BenchmarkAnalysisGrouping1M is m on the bucket table of a million
// segments (two systems): the buckets of the next grouping with both
// systems scored on them, the salient n-grams and the outcomes, from the
// key to the redrawn screen.
func BenchmarkAnalysisGrouping1M(b *testing.B) {
	m := ready(b, synthDataset(b, 1_000_000), 120, 40)
	next, cmd := m.Update(keyMsg("n"))
	m = settle(b, next.(Model), cmd)
	m = press(b, m, "right")
	b.ReportAllocs()
	for b.Loop() {
		next, cmd := m.Update(keyMsg("m"))
		m = settle(b, next.(Model), cmd)
		if !m.ana.derFresh(m.anaCtx()) {
			b.Fatal("no buckets")
		}
		_ = m.View()
	}
}
