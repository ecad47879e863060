package ui

import (
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model"
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

// benchFilterKeys types a key at the filter prompt, moves the cursor left
// and right and takes the key back, on ds at 120×40: two changes of the
// text and two keys that change nothing, each of which used to parse the
// query once more than the rows need.
func benchFilterKeys(b *testing.B, ds *model.Dataset) {
	m := press(b, ready(b, ds, 120, 40), "/")
	next, _ := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(`bleu<30 "the" len>5 `), Paste: true})
	m = next.(Model)
	keys := []tea.KeyMsg{{Type: tea.KeyRunes, Runes: []rune("x")}, {Type: tea.KeyLeft}, {Type: tea.KeyRight}, {Type: tea.KeyBackspace}}
	b.ReportAllocs()
	for b.Loop() {
		for _, k := range keys {
			next, _ := m.Update(k)
			m = next.(Model)
		}
	}
}

// BenchmarkFilterKeysLive types at the filter prompt of the demo corpus,
// where the filter applies on every key.
func BenchmarkFilterKeysLive(b *testing.B) { benchFilterKeys(b, demoDataset(b)) }

// BenchmarkFilterKeys100k types at the filter prompt of a corpus of 100k
// segments, where the filter applies on enter.
func BenchmarkFilterKeys100k(b *testing.B) { benchFilterKeys(b, synthDataset(b, 100_000)) }
