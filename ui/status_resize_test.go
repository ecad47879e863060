package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// TestStatusFollowsResize: a status with shorter wordings, said at one
// width, reads after a resize as it reads when said at the new width: the
// fullest wording once the window is wide enough for it, a shorter one
// that keeps to the footer's line once it is narrower, the line above
// the footer left alone. Before, the wording chosen when it was said
// stayed: cut short at 120 columns, or wrapped over the line above the
// footer at 60.
func TestStatusFollowsResize(t *testing.T) {
	type size struct{ w, h int }
	narrow, wide := size{60, 16}, size{120, 40}
	lastTwo := func(m Model) [2]string {
		lines := strings.Split(ansi.Strip(m.View()), "\n")
		return [2]string{strings.TrimRight(lines[len(lines)-2], " "), strings.TrimRight(lines[len(lines)-1], " ")}
	}
	for _, keys := range [][]string{{"i"}, {"n", "M"}} {
		said := map[size][2]string{}
		for _, at := range []size{narrow, wide} {
			said[at] = lastTwo(press(t, ready(t, demoDataset(t), at.w, at.h), keys...))
		}
		if said[narrow][1] == said[wide][1] {
			t.Fatalf("%v: the status reads %q at both widths; want a status with a shorter wording", keys, said[wide][1])
		}
		for _, c := range []struct{ from, to size }{{narrow, wide}, {wide, narrow}} {
			m := press(t, ready(t, demoDataset(t), c.from.w, c.from.h), keys...)
			next, cmd := m.Update(tea.WindowSizeMsg{Width: c.to.w, Height: c.to.h})
			m = drive(t, next.(Model), cmd)
			if got := lastTwo(m); got != said[c.to] {
				t.Errorf("%v said at %d columns, then resized to %d: the last two lines read\n%q\nwant, as when said at %d columns,\n%q", keys, c.from.w, c.to.w, got, c.to.w, said[c.to])
			}
		}
	}
}
