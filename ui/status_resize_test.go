package ui

import (
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// TestStatusFollowsResize: a status with shorter wordings, said at one
// width, reads after a resize as it reads when said at the new width: the
// fullest wording once the window is wide enough for it, a shorter one
// that keeps to the footer's line once it is narrower, the line above
// the footer left alone. So does a refused filter's reason, on the status
// line or above the prompt it was typed in. Before, the wording chosen
// when it was said stayed: cut short after widening, or wrapped over the
// line above the footer after narrowing.
func TestStatusFollowsResize(t *testing.T) {
	type size struct{ w, h int }
	// typed is the key that opens a prompt, then text's letters.
	typed := func(open, text string) []string { return append([]string{open}, strings.Split(text, "")...) }
	for _, tc := range []struct {
		name         string
		ds           func(testing.TB) *model.Dataset
		keys         []string
		narrow, wide size
	}{
		{"i: the sort by impact", demoDataset, []string{"i"}, size{60, 16}, size{120, 40}},
		{"M on the analysis", demoDataset, []string{"n", "M"}, size{60, 16}, size{120, 40}},
		{"a filter refused for chrF", demoFirstRefless, append(typed("/", "chrf<50"), "enter"), size{80, 24}, size{120, 40}},
		{"a filter out of range, typed", demoDataset, typed("/", "bleu<1e-999"), size{60, 16}, size{120, 40}},
	} {
		lastThree := func(m Model) [3]string {
			lines := strings.Split(ansi.Strip(m.View()), "\n")
			var last [3]string
			for i := range last {
				last[i] = strings.TrimRight(lines[len(lines)-3+i], " ")
			}
			return last
		}
		said := map[size][3]string{}
		for _, at := range []size{tc.narrow, tc.wide} {
			said[at] = lastThree(press(t, ready(t, tc.ds(t), at.w, at.h), tc.keys...))
		}
		if said[tc.narrow] == said[tc.wide] {
			t.Fatalf("%s: the footer reads %q at both widths; want a status with a shorter wording", tc.name, said[tc.wide])
		}
		for _, c := range []struct{ from, to size }{{tc.narrow, tc.wide}, {tc.wide, tc.narrow}} {
			m := press(t, ready(t, tc.ds(t), c.from.w, c.from.h), tc.keys...)
			next, cmd := m.Update(tea.WindowSizeMsg{Width: c.to.w, Height: c.to.h})
			m = drive(t, next.(Model), cmd)
			if got := lastThree(m); got != said[c.to] {
				t.Errorf("%s at %d columns, then resized to %d: the last lines read\n%q\nwant, as when said at %d columns,\n%q", tc.name, c.from.w, c.to.w, got, c.to.w, said[c.to])
			}
		}
	}
}
