package ui

import (
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/ui/render"
	"github.com/charmbracelet/bubbles/viewport"
)

// mainView composes the main screen: header, list, segment pane, footer.
// It only composes: every part is either cached or costs the visible rows.
func (m Model) mainView() string {
	c := m.c
	l := mainLayout(c.width, c.height, m.pane.zoom)
	parts := []string{m.header.View(c, m.list, m.jobs)}
	if !m.pane.zoom {
		if c.scored == nil && !m.list.inLineOrder {
			parts = append(parts, m.loadingView(l.listHead+l.listRows))
		} else {
			list := m.list
			list.mark = m.ann.rowMark(c.ds, list.view.System)
			parts = append(parts, list.View(c))
		}
	}
	sel := m.list.selection(c)
	switch {
	case m.ann.active():
		parts = append(parts, m.ann.panelView(c, sel, l.detail))
	case m.ann.on:
		parts = append(parts, m.pane.View(c, sel), m.ann.stripView(c, sel))
	default:
		parts = append(parts, m.pane.View(c, sel))
	}
	parts = append(parts, m.footerView())
	return strings.Join(parts, "\n")
}

// loadingView fills the list area while the first scoring run is going.
func (m Model) loadingView(lines int) string {
	c := m.c
	out := make([]string, lines)
	msg := c.spinner.View() + " scoring " + model.Thousands(c.ds.Len()) + " segments"
	if n := len(c.ds.Systems); n > 1 {
		msg += " × " + itoa(n) + " systems"
	}
	_, _, prog := m.jobs.current(jobScore)
	if f := prog.fraction(); f > 0 {
		msg += " " + render.Bar(c.st, f, 20)
	}
	out[min(1, lines-1)] = render.Truncate("  "+msg, c.width)
	return strings.Join(out, "\n")
}

// footerView is the bottom line: an input being typed, an error or status
// message, or the short help.
func (m Model) footerView() string {
	c := m.c
	switch {
	case m.list.typing != typingNone:
		return render.Truncate(m.list.footer(c, m.liveFilter()), c.width)
	case m.exp.typing:
		return render.Truncate(m.exp.footer(c, m.statusText()), c.width)
	case m.ann.active() && m.status.empty():
		return c.st.Muted.Render(fitKeyLine(m.ann.footer(c, m.list.selection(c)), c.width))
	case m.err != nil:
		return c.st.Error.Render(render.Truncate(m.errText(), c.width))
	case !m.status.empty():
		return m.statusLine()
	case m.pane.zoom:
		return c.st.Muted.Render(fitKeyLine(c.keys.zoomFooter(), c.width))
	}
	return fitHelp(c.help, c.width, c.keys.ShortHelp())
}

// errText is the scoring error as the footer shows it, escaped as the
// status is ([render.Safe]): an error may quote what the input holds.
func (m Model) errText() string { return render.Safe(m.err.Error()) }

// statusLine draws the status line as a footer of one line, on every
// screen that shows it; one too long for that takes the last two lines
// instead ([Model.footerOverflow]); cut, it is never cut inside a number
// ([render.TruncateWhole]).
func (m Model) statusLine() string {
	return m.c.st.Warn.Render(render.TruncateWhole(m.statusText(), m.c.width))
}

// fit clips every line of s to width cells ([render.Clip]) and s to height
// lines, padding with empty lines, so a screen can never spill out of the
// window.
func fit(s string, width, height int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > height {
		lines = lines[:height]
	}
	for i, l := range lines {
		lines[i] = render.Clip(l, width)
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

// scrollHint says, before a footer's keys, that vp's text goes on: "↓ 7
// more lines · " while some is below, "↑ 7 lines above · " at the end, ""
// when it all fits.
func scrollHint(vp viewport.Model) string {
	if long, _ := scrollWhere(vp); long != "" {
		return long + " · "
	}
	return ""
}

// scrollWhere says where vp's text goes on, in full ("↓ 7 more lines",
// "↑ 7 lines above") and in short ("↓ 7 more", "↑ 7 above"); "" when it
// all fits.
func scrollWhere(vp viewport.Model) (long, short string) {
	total := vp.TotalLineCount()
	if total <= vp.Height {
		return "", ""
	}
	if below := total - vp.YOffset - vp.Height; below > 0 {
		return "↓ " + itoa(below) + " more line" + model.PluralS(below), "↓ " + itoa(below) + " more"
	}
	return "↑ " + itoa(vp.YOffset) + " line" + model.PluralS(vp.YOffset) + " above", "↑ " + itoa(vp.YOffset) + " above"
}
