package ui

import (
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/ui/render"
	"github.com/charmbracelet/x/ansi"
)

// TestMarkedLinesSayWhatIsLeftOut checks the last line of a text longer
// than the rows drawn: it says how many characters are not shown, exactly,
// for many short words (where the layout stops early) and one long word.
func TestMarkedLinesSayWhatIsLeftOut(t *testing.T) {
	none := func(int) spanMark { return markNone }
	st := render.DefaultStyles()
	width := annLabelW + 40
	for _, c := range []struct {
		text string
		want string
	}{
		// 8 words of 5 characters fill a line of 40 cells: 40 lines show
		// 320 words, 1,600 characters, of 2,000.
		{strings.Repeat("word ", 400), "… 400 more characters not shown"},
		// 40 characters a line: 1,600 shown of 100,000.
		{strings.Repeat("a", 100000), "… 98,400 more characters not shown"},
		// 20 CJK characters a line: 800 shown of 100,000.
		{strings.Repeat("東京", 50000), "… 99,200 more characters not shown"},
		// Each cluster 21 code points: the layout reads 2 × 41 × 40 =
		// 3,280 of 105,000 and counts the rest.
		{strings.Repeat("a"+strings.Repeat("\u0301", 20), 5000), "… 101,720 more characters not shown"},
	} {
		lines := markedLines(st, "hyp", annLabelW, c.text, width, none)
		if len(lines) > maxMarkedRows+1 {
			t.Errorf("%q…: %d lines; want at most %d", c.text[:12], len(lines), maxMarkedRows+1)
		}
		if got := strings.TrimSpace(ansi.Strip(lines[len(lines)-1])); got != c.want {
			t.Errorf("%q…: the last line says %q; want %q", c.text[:12], got, c.want)
		}
	}
}
