package ui

import (
	"testing"
	"time"

	"github.com/bleuscope/bleuscope/model"
	tea "github.com/charmbracelet/bubbletea"
)

// BenchmarkFirstScreen1M is opening the explorer on a million segments
// and two systems, as the Update cycle sees it: New and the first
// WindowSizeMsg give the first screen with rows (the lines in order,
// scores to come), then the scoring job lands and the list turns worst
// first. It reports both times: rows-ms (first screen with rows) and
// scored-ms (every score in, worst first).
func BenchmarkFirstScreen1M(b *testing.B) {
	ds := synthDataset(b, 1_000_000)
	var rows, scored time.Duration
	b.ReportAllocs()
	for b.Loop() {
		start := time.Now()
		m := New(ds, model.DefaultSettings())
		next, _ := m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
		first := next.(Model)
		_ = first.View()
		if len(first.list.rows) != ds.Len() {
			b.Fatal("no rows on the first screen")
		}
		rows += time.Since(start)
		m = settle(b, first, m.Init())
		if m.c.scored == nil || len(m.list.rows) != ds.Len() || m.list.inLineOrder {
			b.Fatal("no scored screen")
		}
		_ = m.View()
		scored += time.Since(start)
	}
	b.ReportMetric(float64(rows.Milliseconds())/float64(b.N), "rows-ms")
	b.ReportMetric(float64(scored.Milliseconds())/float64(b.N), "scored-ms")
}
