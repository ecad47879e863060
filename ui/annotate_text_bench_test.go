package ui

import (
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/ui/render"
)

// BenchmarkMarkedLines lays out a hypothesis of 600 characters (accents
// and CJK among them) with a span marked, at 120 columns, as the
// annotation strip does for each drawing.
func BenchmarkMarkedLines(b *testing.B) {
	text := string([]rune(strings.Repeat("the naïve café serves 東京 tea · ", 24))[:600])
	mark := func(i int) spanMark {
		if i >= 40 && i < 90 {
			return markMajor
		}
		return markNone
	}
	st := render.DefaultStyles()
	b.ReportAllocs()
	for b.Loop() {
		_ = markedLines(st, "hyp", annLabelW, text, 120, mark)
	}
}

// BenchmarkMarkedLinesRunaway lays out a runaway hypothesis, 100,000 CJK
// characters with no space, at 120 columns: only its first 40 lines are
// drawn, so the layout should cost what those lines cost.
func BenchmarkMarkedLinesRunaway(b *testing.B) {
	text := strings.Repeat("東京", 50000)
	none := func(int) spanMark { return markNone }
	st := render.DefaultStyles()
	b.ReportAllocs()
	for b.Loop() {
		_ = markedLines(st, "hyp", annLabelW, text, 120, none)
	}
}
