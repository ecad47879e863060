package ui

import (
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/ui/render"
)

// TestMarkedLineCount checks that the strip's count of marked lines is
// the number of lines markedLines draws: with and without marks, a mark
// on a space only, the cursor, narrow widths and text past the most rows.
func TestMarkedLineCount(t *testing.T) {
	texts := []string{"", "one", "a few words here and there", "wide 漢字 and ☺ text\twith\u0007 controls",
		strings.Repeat("word ", 400)}
	marks := map[string]func(int) spanMark{
		"none":   func(int) spanMark { return markNone },
		"all":    func(int) spanMark { return markSelected },
		"cursor": func(i int) spanMark { return map[bool]spanMark{true: markCursor}[i == 2] },
		"space":  func(i int) spanMark { return map[bool]spanMark{true: markSelected}[i == 1 || i == 7] },
		"late":   func(i int) spanMark { return map[bool]spanMark{true: markSelected}[i > 30] },
	}
	st := render.DefaultStyles()
	for _, text := range texts {
		for name, mark := range marks {
			for _, w := range []int{1, 7, 12, 40, 120} {
				want := len(markedLines(st, "hyp", annLabelW, text, w, mark))
				if got := markedLineCount(annLabelW, text, w, mark); got != want {
					t.Errorf("%q, marks %s, width %d: count %d, markedLines draws %d", render.Truncate(text, 20), name, w, got, want)
				}
			}
		}
	}
}
