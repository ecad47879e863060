package ui

import (
	"fmt"
	"strings"

	"github.com/bleuscope/bleuscope/ui/render"
	"github.com/charmbracelet/lipgloss"
)

// openOverlay shows the help, the full clip ledger or the charts.
func (m *Model) openOverlay(s screen) {
	switch {
	case s == screenLedger && !m.selected():
		m.flash("no segment selected")
		return
	case s == screenCharts && m.scored == nil:
		m.flash("the charts show once the scores are in")
		return
	}
	m.screen = s
	m.refreshOverlay(true)
}

// refreshOverlay renders the open overlay's content at the current width.
func (m *Model) refreshOverlay(resetTop bool) {
	if m.width == 0 {
		return
	}
	switch m.screen {
	case screenHelp:
		m.overlay.setContent(m.helpContent(m.width), resetTop)
	case screenLedger:
		if !m.selected() {
			m.screen = screenMain
			return
		}
		m.overlay.setContent(m.ledgerContent(m.width), resetTop)
	case screenCharts:
		m.overlay.setContent(m.chartsContent(m.width, m.overlay.height), resetTop)
	}
}

// overlayView draws an overlay screen: a title, the scrolled content and
// a footer with the keys that work here.
func (m Model) overlayView() string {
	st := m.st
	title, keys := "keys", "esc or ? back · ↑↓ pgup pgdn scroll · q quit"
	if m.screen == screenLedger {
		title = fmt.Sprintf("clip ledger · line %d · %s", m.seg+1, render.Safe(m.ds.Systems[m.view.System].Name))
		keys = "esc or x back · ↑↓ pgup pgdn scroll · 1-9 order · 0 all orders"
	}
	if m.screen == screenCharts {
		title = m.chartsTitle()
		keys = "esc or h back · ↑↓ pgup pgdn scroll · q quit"
		if len(m.ds.Systems) > 1 {
			keys = "esc or h back · ↑↓ pgup pgdn scroll · tab system · q quit"
		}
	}
	head := st.Title.Render(joinRight(title, m.overlay.position(), m.width))
	foot := st.Muted.Render(render.Truncate(keys, m.width))
	return fit(head+"\n"+m.overlay.view()+"\n"+foot, m.width, m.height)
}

// helpContent lays the key groups out in as many columns as fit, followed
// by how to read the screen.
func (m *Model) helpContent(width int) string {
	st := m.st
	const colW = 38
	groups := m.keys.FullHelp()
	blocks := make([]string, 0, len(groups))
	for g, keys := range groups {
		lines := []string{st.Title.Render(helpGroups[g])}
		for _, k := range keys {
			if !k.Enabled() {
				continue
			}
			h := k.Help()
			lines = append(lines, render.Truncate(st.Key.Render(render.PadRight(h.Key, 8))+" "+st.Text.Render(h.Desc), min(colW, width)))
		}
		blocks = append(blocks, strings.Join(lines, "\n"))
	}
	ncols := max(1, min(len(blocks), width/(colW+2)))
	cols := make([][]string, ncols)
	heights := make([]int, ncols)
	for _, b := range blocks {
		c := 0
		for i := range heights {
			if heights[i] < heights[c] {
				c = i
			}
		}
		cols[c] = append(cols[c], b)
		heights[c] += lipgloss.Height(b) + 1
	}
	rendered := make([]string, ncols)
	for i, c := range cols {
		rendered[i] = strings.Join(c, "\n\n")
	}
	keys := render.Columns(rendered, min(colW, width), 2)
	read := []string{
		"Tokens are shown as BLEU counts them. Under each line of tokens a marker row repeats the colours: " +
			st.Matched.Render("^ matched") + ", " + st.Clipped.Render("~ clipped") +
			" (the n-gram is in a reference, but not that often), blank: unmatched. In a reference, ^ marks the tokens that supplied a match. With 0 (all orders) each token shows the order of the longest matched n-gram through it.",
		"The clip ledger lists each distinct n-gram: its count in the hypothesis and in each reference, the max and which reference has it, the clipped count that counts as matched, and the excess clipping removed, costly rows first.",
	}
	for i, p := range read {
		read[i] = render.Wrap(p, width)
	}
	return keys + "\n\n" + st.Title.Render("Reading the segment pane") + "\n" + strings.Join(read, "\n\n")
}

// ledgerContent is the full clip ledger of the selected segment under its
// highlighted text: the chosen order, or every order in the all-orders
// view.
func (m *Model) ledgerContent(width int) string {
	if !m.ledgersReady() {
		return m.st.Muted.Render(render.Truncate(waitingText, width))
	}
	in, _ := m.explained(m.view.System, m.seg)
	if in.err != nil {
		return m.st.Error.Render(render.Truncate(in.err.Error(), width))
	}
	parts := []string{m.segmentText(in, width)}
	for _, od := range in.detail.Orders {
		if m.order != 0 && od.N != m.order {
			continue
		}
		parts = append(parts, m.st.Title.Render(fmt.Sprintf("%d-grams", od.N))+"\n"+render.Ledger(m.st, od, in.refNames, width, 0))
	}
	legend := m.st.Muted.Render(render.Truncate("marker: ^ all occurrences matched · ~ some clipped · blank: no reference has it", width))
	return strings.Join(parts, "\n\n") + "\n\n" + legend
}
