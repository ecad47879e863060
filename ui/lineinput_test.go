package ui

import (
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/ui/render"
	tea "github.com/charmbracelet/bubbletea"
)

// TestLineInputKeepsJoiners: a typed note or filter keeps the zero-width
// non-joiner of a Persian word and the joiner of an emoji sequence, which
// were dropped as unprintable (می‌خواهم became میخواهم, a misspelling),
// and still drops controls and the bidirectional override.
func TestLineInputKeepsJoiners(t *testing.T) {
	for _, c := range []struct{ typed, want string }{
		{"می\u200cخواهم", "می\u200cخواهم"},
		{"👷🏽\u200d♀️ ok", "👷🏽\u200d♀️ ok"},
		{"co\u00adop\u2060x", "co\u00adop\u2060x"},
		{"a\u202eb\x1bc\u200fd", "abcd"},
		{"a\tb", "a b"},
	} {
		var h lineInput
		h, _ = h.update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(c.typed)})
		if h.text() != c.want {
			t.Errorf("typed %+q: text %+q; want %+q", c.typed, h.text(), c.want)
		}
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
