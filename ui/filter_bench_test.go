package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// benchFilterTyped draws the main screen of a corpus of 100k segments
// (the filter applies on enter only) at 120×40 while q is typed at the
// filter prompt.
func benchFilterTyped(b *testing.B, q string) {
	m := press(b, ready(b, synthDataset(b, 100_000), 120, 40), "/")
	next, _ := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(q), Paste: true})
	m = next.(Model)
	b.ReportAllocs()
	for b.Loop() {
		_ = m.View()
	}
}

// BenchmarkFilterTypedParses100k types a filter that parses: 20 words.
func BenchmarkFilterTypedParses100k(b *testing.B) {
	benchFilterTyped(b, strings.Repeat("word ", 20)+"bleu<30")
}

// BenchmarkFilterTypedFails100k types a filter that does not parse.
func BenchmarkFilterTypedFails100k(b *testing.B) {
	benchFilterTyped(b, strings.Repeat("word ", 20)+"bleu<<")
}
