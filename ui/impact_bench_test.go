package ui

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/bleuscope/bleuscope/model"
	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"
)

// BenchmarkSortByImpact1M is i (sort by impact) on hyp.en of en1m inside
// $BLEUSCOPE_BENCH_CORPORA against ref.en as a second system (skipped
// when unset), then o (the next sort key). It reports the time spent in
// Update, which blocks the UI loop, for the key and every message it
// leads to (impact-update-ms, next-update-ms), apart from the jobs run
// off the loop.
func BenchmarkSortByImpact1M(b *testing.B) {
	dir := os.Getenv("BLEUSCOPE_BENCH_CORPORA")
	if dir == "" {
		b.Skip("BLEUSCOPE_BENCH_CORPORA is not set (a folder made by make-corpora.sh)")
	}
	hyp, ref := filepath.Join(dir, "en1m", "hyp.en"), filepath.Join(dir, "en1m", "ref.en")
	ds, err := model.Load(model.Input{Systems: []string{"hyp=" + hyp, "ref=" + ref}, Refs: []string{ref}})
	if err != nil {
		b.Fatal(err)
	}
	m := ready(b, ds, 120, 40)
	var inUpdate [2]time.Duration
	i := 0
	update := func(msg tea.Msg) tea.Cmd {
		start := time.Now()
		next, cmd := m.Update(msg)
		inUpdate[i%2] += time.Since(start)
		m = next.(Model)
		return cmd
	}
	keys := []string{"i", "o"} // impact, then the next sort key
	for b.Loop() {
		queue := []tea.Cmd{update(keyMsg(keys[i%2]))}
		for len(queue) > 0 {
			c := queue[0]
			queue = queue[1:]
			if c == nil {
				continue
			}
			switch msg := c().(type) {
			case nil, spinner.TickMsg:
			case tea.BatchMsg:
				queue = append(queue, msg...)
			default:
				queue = append(queue, update(msg))
			}
		}
		if i%2 == 0 && (m.list.view.Sort != model.SortImpact || m.list.impact == nil) {
			b.Fatal("not sorted by impact")
		}
		i++
	}
	b.ReportMetric(float64(inUpdate[0].Milliseconds())/float64((b.N+1)/2), "impact-update-ms")
	b.ReportMetric(float64(inUpdate[1].Milliseconds())/float64(max(b.N/2, 1)), "next-update-ms")
}
