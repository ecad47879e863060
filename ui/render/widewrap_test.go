package render

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// zhSource is a Chinese sentence of the kind WMT's zh-en sources hold:
// runs of characters with a space or two, full-width punctuation and a
// Latin word inside.
const zhSource = "爱因斯坦还意识到－ 这可是真正最关键的部分（matter也有“物质”的意思）–如果你在宇宙中放入能量和物质， 宇宙就会弯曲。自由落体的物体在经过向地球坠落的过程中，其实是沿着时空弯曲的曲线在运动。"

// filled checks that lines (after a label of labelW cells) fit in width
// cells, hold text whole in order, and leave at most room cells empty
// at the end of any line but the last.
func filled(t *testing.T, what string, lines []string, labelW, width, room int, text string) {
	t.Helper()
	var got strings.Builder
	for i, l := range lines {
		l = ansi.Strip(l)
		if Cells(l) > width {
			t.Errorf("%s, width %d: line %d is %d cells: %q", what, width, i, Cells(l), l)
		}
		if i < len(lines)-1 && Cells(l) < width-room {
			t.Errorf("%s, width %d: line %d is %d cells, %d empty: %q", what, width, i, Cells(l), width-Cells(l), l)
		}
		got.WriteString(strings.TrimLeft(l[min(len(l), labelW):], " ")) // labels are ASCII
	}
	if flat := strings.ReplaceAll(text, " ", ""); strings.ReplaceAll(got.String(), " ", "") != flat {
		t.Errorf("%s, width %d: lines hold %q; want %q", what, width, got.String(), flat)
	}
}

// TestWideTextFillsLines: text of Chinese characters breaks between them
// where a line has no space at which to break, so its lines fill up; it
// broke at spaces only, and a source on the MQM zh-en file showed at 60
// columns as "src        爱因斯坦还意识到－ …", nine characters with about
// 28 cells empty. Latin words stay whole ("matter" on one line).
func TestWideTextFillsLines(t *testing.T) {
	st := PlainStyles()
	for _, width := range []int{60, 80} {
		// Wrapped prose: a line leaves empty at most the cells of a wide
		// character and an opening quote that cannot end a line.
		wrapped := strings.Split(Wrap(zhSource, width), "\n")
		filled(t, "Wrap", wrapped, 0, width, 3, zhSource)
		// The segment pane's source, after its label.
		src := TextLines(st, "src", 11, zhSource, width)
		filled(t, "TextLines", src, 11, width, 3, zhSource)
		if len(src) > 1 && !strings.HasPrefix(src[0], "src        爱因斯坦还意识到－ 这可是") {
			t.Errorf("width %d: source starts %q; want the second run of characters on its first line", width, src[0])
		}
		for _, l := range append(wrapped, src...) {
			if strings.Contains(l, "matter") == (strings.Contains(l, "mat") || strings.Contains(l, "ter")) {
				continue
			}
			t.Errorf("width %d: %q cuts the word matter", width, l)
		}
		// A hypothesis tokenized into long runs of characters (13a on
		// Chinese), with the markers under it.
		toks := strings.Fields(zhSource)
		lines := TokenLines(st, "hyp", 5, toks, nil, width)
		filled(t, "TokenLines", lines, 5, width, 3, zhSource)
	}
}

// TestTruncateAtBreak: a line cut to make room for " …" loses whole
// words, or wide characters, never part of a word of narrow letters.
func TestTruncateAtBreak(t *testing.T) {
	for _, c := range []struct {
		s    string
		w    int
		want string
	}{
		{"src  the pane can hold …", 20, "src  the pane can …"}, // Truncate: "src  the pane can h…"
		{"src  部分（matter也有 …", 18, "src  部分 …"},                 // "（matter" whole or gone
		{"src  爱因斯坦还意识到 …", 14, "src  爱因斯 …"},
		{"src  supercalifragilistic …", 12, "src …"},
		{"supercalifragilistic", 8, "superc …"}, // no break in reach: as Truncate
		{"fits …", 10, "fits …"},
	} {
		if got := TruncateAtBreak(c.s, c.w, " …"); got != c.want {
			t.Errorf("TruncateAtBreak(%q, %d) = %q; want %q", c.s, c.w, got, c.want)
		}
	}
}
