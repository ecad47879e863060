package ui

import (
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/ui/render"
	tea "github.com/charmbracelet/bubbletea"
)

// longLine is a line of 5,000 characters, words with accents and CJK among
// them, as a pasted paragraph would be.
func longLine() string {
	return string([]rune(strings.Repeat("the naïve café serves 東京 tea · ", 200))[:5000])
}

// BenchmarkLineInputView draws a lesson's or an annotation note's input
// ([lineInput.view]) holding a 5,000-character line, cursor at its end.
func BenchmarkLineInputView(b *testing.B) {
	st := render.DefaultStyles()
	h := lineInput{prompt: "note › "}
	h.setValue(longLine())
	h, _ = h.update(tea.KeyMsg{Type: tea.KeyEnd})
	b.ReportAllocs()
	for b.Loop() {
		_ = h.view(st, 120)
	}
}

// BenchmarkLineInputField draws a prompt ([lineInput.field], the filter's
// and the export path's) holding a 5,000-character line, cursor at its end.
func BenchmarkLineInputField(b *testing.B) {
	st := render.DefaultStyles()
	h := lineInput{prompt: "/ ", focus: true}
	h.setValue(longLine())
	b.ReportAllocs()
	for b.Loop() {
		_ = h.field(st, 120)
	}
}

// BenchmarkFilterPromptView draws the main screen of the demo corpus at
// 120×40 while a 5,000-character line pasted into the filter prompt is
// typed (the prompt keeps what its limit allows).
func BenchmarkFilterPromptView(b *testing.B) {
	m := press(b, ready(b, demoDataset(b), 120, 40), "/")
	next, _ := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(longLine()), Paste: true})
	m = next.(Model)
	b.ReportAllocs()
	for b.Loop() {
		_ = m.View()
	}
}
