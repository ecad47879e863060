package ui

import (
	"strings"

	"github.com/bleuscope/bleuscope/ui/render"
)

// pane is a scrollable block of pre-rendered lines: a small viewport whose
// lines are already cut to its width, so drawing it costs only its height.
type pane struct {
	lines  []string
	off    int
	width  int
	height int
}

// setContent replaces the lines, keeping the scroll offset when it still
// fits (resetTop puts it back at the top).
func (p *pane) setContent(s string, resetTop bool) {
	p.lines = strings.Split(s, "\n")
	if resetTop {
		p.off = 0
	}
	p.clamp()
}

func (p *pane) setSize(w, h int) {
	p.width, p.height = w, max(0, h)
	p.clamp()
}

func (p *pane) maxOff() int { return max(0, len(p.lines)-p.height) }

func (p *pane) clamp() {
	p.off = min(max(0, p.off), p.maxOff())
}

// scroll moves the view by n lines (negative: up).
func (p *pane) scroll(n int) {
	p.off += n
	p.clamp()
}

func (p *pane) top()    { p.off = 0 }
func (p *pane) bottom() { p.off = p.maxOff() }

// view returns exactly height lines, each at most width cells.
func (p pane) view() string {
	if p.height <= 0 {
		return ""
	}
	out := make([]string, p.height)
	for i := range out {
		if j := p.off + i; j < len(p.lines) {
			out[i] = render.Truncate(p.lines[j], p.width)
		}
	}
	return strings.Join(out, "\n")
}

// position describes the scroll position ("12–30 of 80"), or "" when all
// lines fit.
func (p pane) position() string {
	if len(p.lines) <= p.height {
		return ""
	}
	end := min(len(p.lines), p.off+p.height)
	return itoa(p.off+1) + "–" + itoa(end) + " of " + itoa(len(p.lines))
}
