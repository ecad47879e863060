package ui

import (
	"strconv"
	"strings"

	"github.com/bleuscope/bleuscope/ui/render"
	"github.com/charmbracelet/bubbles/viewport"
)

// mainView composes the main screen: header, list, segment pane, footer.
// It only composes: every part is either cached or costs the visible rows.
func (m Model) mainView() string {
	l := mainLayout(m.width, m.height, m.zoom)
	parts := []string{m.headerView(l.header)}
	if !m.zoom {
		if m.scored == nil {
			parts = append(parts, m.loadingView(l.listHead+l.listRows))
		} else {
			parts = append(parts, m.listView(l.listRows))
		}
	}
	parts = append(parts, m.detailTitle())
	switch {
	case m.detail.height > 0 && m.waiting:
		parts = append(parts, m.waitingView(m.detail.height))
	case m.detail.height > 0:
		parts = append(parts, m.detail.view())
	}
	parts = append(parts, m.footerView())
	return strings.Join(parts, "\n")
}

// loadingView fills the list area while the first scoring run is going.
func (m Model) loadingView(lines int) string {
	out := make([]string, lines)
	msg := m.spinner.View() + " scoring " + itoa(m.ds.Len()) + " segments"
	if n := len(m.ds.Systems); n > 1 {
		msg += " × " + itoa(n) + " systems"
	}
	if f := m.prog.fraction(); f > 0 {
		msg += " " + render.Bar(m.st, f, 20)
	}
	out[min(1, lines-1)] = render.Truncate("  "+msg, m.width)
	return strings.Join(out, "\n")
}

// waitingView fills the segment pane while a long segment is explained.
func (m Model) waitingView(lines int) string {
	out := make([]string, lines)
	out[min(1, lines-1)] = render.Truncate("  "+m.spinner.View()+" "+waitingText, m.width)
	return strings.Join(out, "\n")
}

// footerView is the bottom line: an input being typed, an error or status
// message, or the short help.
func (m Model) footerView() string {
	st := m.st
	switch {
	case m.typing == typingFilter:
		hint := ""
		if !m.liveFilter() {
			hint = st.Muted.Render("  enter applies")
		}
		return render.Truncate(m.filter.view(st, m.width)+hint, m.width)
	case m.typing == typingJump:
		return render.Truncate(m.jump.view(st, m.width)+st.Muted.Render("  enter jumps · esc cancels"), m.width)
	case m.err != nil:
		return st.Error.Render(render.Truncate(m.err.Error(), m.width))
	case m.status != "":
		return st.Warn.Render(render.Truncate(m.status, m.width))
	}
	return render.Truncate(m.help.View(m.keys), m.width)
}

// fit cuts every line of s to width cells and s to height lines, padding
// with empty lines, so a screen can never spill out of the window.
func fit(s string, width, height int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > height {
		lines = lines[:height]
	}
	for i, l := range lines {
		lines[i] = render.Truncate(l, width)
	}
	for len(lines) < height {
		lines = append(lines, "")
	}
	return strings.Join(lines, "\n")
}

// firstLines returns s cut to its first n lines.
func firstLines(s string, n int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}

// scrollPercent returns how far vp is scrolled, as "42% ", or "" when its
// content fits.
func scrollPercent(vp viewport.Model) string {
	if vp.TotalLineCount() <= vp.Height {
		return ""
	}
	return strconv.Itoa(int(vp.ScrollPercent()*100)) + "% "
}
