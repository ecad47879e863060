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

// TestScrollStartMeasuresAsBefore checks that [lineInput.scrollStart],
// which measures only the runes near the cursor, finds the rune that
// measuring the text before the cursor from each rune on finds, on text
// whose clusters are wider than their code points (emoji with a variation
// selector, flags) or narrower (combining marks), and CJK.
func TestScrollStartMeasuresAsBefore(t *testing.T) {
	texts := []string{
		string([]rune(longLine())[:300]),
		strings.Repeat("☺️ 🇩🇪🇫🇷🇮🇹 e\u0301\u0301 東京 a", 12),
		strings.Repeat("🇩🇪", 40),
		strings.Repeat("\u0301", 30) + strings.Repeat("ab", 30),
	}
	for _, text := range texts {
		h := lineInput{}
		h.setValue(text)
		for pos := 0; pos <= len(h.value); pos++ {
			h.pos = pos
			for _, room := range []int{0, 1, 2, 3, 10, 37} {
				want := 0
				for want < pos && render.Cells(render.Safe(string(h.value[want:pos]))) > room {
					want++
				}
				if got := h.scrollStart(room); got != want {
					t.Fatalf("%q, cursor %d, room %d: scrollStart = %d; want %d", text, pos, room, got, want)
				}
			}
		}
	}
}
