package ui

import (
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/ui/render"
	"github.com/charmbracelet/x/ansi"
)

// TestMarkedLinesWideTextFills: the annotator's marked text of Chinese
// breaks between characters where a line has no space, as the pane's
// source does, instead of leaving half a line empty before a long run of
// characters; the marks stay under the characters they mark, and a Latin
// word ("matter") stays whole.
func TestMarkedLinesWideTextFills(t *testing.T) {
	const text = "爱因斯坦还意识到－ 这可是真正最关键的部分（matter也有“物质”的意思）–如果你在宇宙中放入能量和物质， 宇宙就会弯曲。自由落体的物体在经过向地球坠落的过程中，其实是沿着时空弯曲的曲线在运动。"
	from := len([]rune(text[:strings.Index(text, "真正")])) // in code points
	mark := func(i int) spanMark {
		if i >= from && i < from+8 { // 真正最关键的部分
			return markMajor
		}
		return markNone
	}
	for _, width := range []int{60, 80} {
		lines := markedLines(render.PlainStyles(), "hyp", annLabelW, text, width, mark)
		var shown, marked strings.Builder
		for i, l := range lines {
			l = ansi.Strip(l)
			if render.Cells(l) > width {
				t.Errorf("width %d: line %d is %d cells: %q", width, i, render.Cells(l), l)
			}
			if strings.Contains(l, "mat") && !strings.Contains(l, "matter") {
				t.Errorf("width %d: %q cuts the word matter", width, l)
			}
			if strings.ContainsRune(l, 'M') && strings.Trim(l, " M") == "" { // a marker row
				above := []rune(ansi.Strip(lines[i-1]))
				col := 0
				for _, r := range above {
					if col >= len(l) {
						break
					}
					if l[col] == 'M' {
						marked.WriteRune(r)
					}
					col += render.Cells(string(r))
				}
				continue
			}
			if i < len(lines)-1 && render.Cells(l) < width-3 {
				t.Errorf("width %d: line %d is %d cells, %d empty: %q", width, i, render.Cells(l), width-render.Cells(l), l)
			}
			shown.WriteString(strings.TrimLeft(l[min(len(l), annLabelW):], " "))
		}
		if got, want := strings.ReplaceAll(shown.String(), " ", ""), strings.ReplaceAll(text, " ", ""); got != want {
			t.Errorf("width %d: lines hold %q; want %q", width, got, want)
		}
		if got := marked.String(); got != "真正最关键的部分" {
			t.Errorf("width %d: the marks stand under %q; want 真正最关键的部分", width, got)
		}
	}
}
