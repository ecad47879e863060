package ui

import (
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/ui/render"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
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
	span, ok := scrollRange(p.off, p.height, len(p.lines))
	if !ok {
		return ""
	}
	return spanOf(span, len(p.lines))
}

// spanOf words a span of total lines or rows: "12–30 of 80".
func spanOf(span string, total int) string {
	return span + " of " + model.Thousands(total)
}

// scrollRange says which of total lines or rows a view of height of them
// from off shows, as a span ("12–30"); ok is false when all fit.
func scrollRange(off, height, total int) (span string, ok bool) {
	if total <= height {
		return "", false
	}
	return model.Thousands(off+1) + "–" + model.Thousands(min(total, off+height)), true
}

// update scrolls p for the scrolling keys of k (a line, a page, to the top
// or the bottom) and the mouse wheel (three lines); it reports whether
// msg was one of them.
func (p *pane) update(msg tea.Msg, k KeyMap) bool {
	switch msg := msg.(type) {
	case tea.MouseMsg:
		switch msg.Button {
		case tea.MouseButtonWheelUp:
			p.scroll(-3)
		case tea.MouseButtonWheelDown:
			p.scroll(3)
		default:
			return false
		}
		return true
	case tea.KeyMsg:
		page := max(1, p.height-1)
		switch {
		case key.Matches(msg, k.Up, k.DetailUp):
			p.scroll(-1)
		case key.Matches(msg, k.Down, k.DetailDown):
			p.scroll(1)
		case key.Matches(msg, k.PageUp):
			p.scroll(-page)
		case key.Matches(msg, k.PageDown):
			p.scroll(page)
		case key.Matches(msg, k.Top):
			p.top()
		case key.Matches(msg, k.Bottom):
			p.bottom()
		default:
			return false
		}
		return true
	}
	return false
}
