package ui

import (
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/ui/render"
	"github.com/charmbracelet/x/ansi"
)

// TestMarkedColumns checks that markedLines puts each mark under its
// text: marking one token, or two with the space between them, the marker
// row's run starts and ends at the columns render.Cells gives the token's
// text in the line above, for emoji with a variation selector, flags, ZWJ
// sequences, combining marks and wide characters.
func TestMarkedColumns(t *testing.T) {
	texts := []string{
		"I am ☺️ happy today",
		"☺️ ☺️ ☺️ x",
		"the flag 🇩🇪 is here",
		"a family 👨‍👩‍👧 at home ok",
		"café with nai\u0308ve e\u0301 marks",
		"漢字 and 日本語 in text",
		"☺️x 🇩🇪y 👨‍👩‍👧z 漢e\u0301 end",
	}
	st := render.DefaultStyles()
	for _, text := range texts {
		rs := []rune(text)
		toks := spanTokens(text)
		draw := func(from, to int) (line, marks string) {
			out := markedLines(st, "hyp", annLabelW, text, 120, func(i int) spanMark {
				return map[bool]spanMark{true: markSelected}[i >= from && i < to]
			})
			if len(out) != 2 && from < to {
				t.Fatalf("%q marked [%d,%d): %d lines, want the text and its marker row", text, from, to, len(out))
			}
			return ansi.Strip(out[0]), out[len(out)-1]
		}
		// Where each token's text starts and ends on the line, in cells.
		starts, ends := make([]int, len(toks)), make([]int, len(toks))
		line, _ := draw(0, 0)
		at := 0
		for k, tok := range toks {
			s := string(rs[tok.start:tok.end])
			i := strings.Index(line[at:], s)
			if i < 0 {
				t.Fatalf("%q: token %q not on the line %q", text, s, line)
			}
			at += i
			starts[k] = render.Cells(line[:at])
			at += len(s)
			ends[k] = render.Cells(line[:at])
		}
		check := func(a, b int) {
			t.Helper()
			_, marks := draw(toks[a].start, toks[b].end)
			first, last := strings.IndexByte(marks, '-'), strings.LastIndexByte(marks, '-')+1
			if first != starts[a] || last != ends[b] {
				t.Errorf("%q: marking %q puts the marks at columns %d–%d, the text is at %d–%d\n%s\n%s",
					text, string(rs[toks[a].start:toks[b].end]), first, last, starts[a], ends[b], line, marks)
			}
		}
		for k := range toks {
			check(k, k)
			if k+1 < len(toks) {
				check(k, k+1)
			}
		}
	}
}
