package ui

import (
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/ui/render"
)

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
