package ui

import (
	"testing"

	"github.com/bleuscope/bleuscope/model"
	tea "github.com/charmbracelet/bubbletea"
)

// BenchmarkView draws the main screen of the demo corpus at 120×40.
func BenchmarkView(b *testing.B) {
	m := ready(b, demoDataset(b), 120, 40)
	b.ReportAllocs()
	for b.Loop() {
		_ = m.View()
	}
}

// BenchmarkKeypress1M is one keypress (next segment) and the redraw that
// follows, on a corpus of a million segments and two systems.
func BenchmarkKeypress1M(b *testing.B) {
	m := ready(b, synthDataset(b, 1_000_000), 120, 40)
	keys := []tea.KeyMsg{keyMsg("j"), keyMsg("k")}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		next, _ := m.Update(keys[i%2])
		m = next.(Model)
		_ = m.View()
		i++
	}
}

// BenchmarkFirstScreen100k is opening the explorer on 100k segments (two
// systems): the first scoring run, the worst-first rows and the first view.
func BenchmarkFirstScreen100k(b *testing.B) {
	ds := synthDataset(b, 100_000)
	b.ReportAllocs()
	for b.Loop() {
		m := ready(b, ds, 120, 40)
		_ = m.View()
	}
}

// benchRescore measures one option key on 100k segments, from the key to
// the redrawn screen with everything rescored.
func benchRescore(b *testing.B, key string) {
	m := ready(b, synthDataset(b, 100_000), 120, 40)
	b.ReportAllocs()
	for b.Loop() {
		m = press(b, m, key)
		_ = m.View()
	}
}

func BenchmarkRescoreTokenizer100k(b *testing.B) { benchRescore(b, "t") }
func BenchmarkRescoreLowercase100k(b *testing.B) { benchRescore(b, "l") }
func BenchmarkRescoreSmooth100k(b *testing.B)    { benchRescore(b, "s") }

// BenchmarkRescoreMaxOrder100k alternates + and - on 100k segments.
func BenchmarkRescoreMaxOrder100k(b *testing.B) {
	m := ready(b, synthDataset(b, 100_000), 120, 40)
	keys := []string{"+", "-"}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		m = press(b, m, keys[i%2])
		_ = m.View()
		i++
	}
}

// BenchmarkSort1M is a sort change on a million segments (the rows are
// sorted in a command, off the UI loop).
func BenchmarkSort1M(b *testing.B) {
	m := ready(b, synthDataset(b, 1_000_000), 120, 40)
	b.ReportAllocs()
	for b.Loop() {
		m = press(b, m, "o")
	}
}

var _ = model.SortScore
