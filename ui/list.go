package ui

import (
	"fmt"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/bleuscope/bleuscope/ui/render"
)

// moveTo selects row i (clamped) and shows it.
func (m *Model) moveTo(i int) {
	if len(m.rows) == 0 {
		return
	}
	i = min(max(i, 0), len(m.rows)-1)
	if i == m.cursor && m.rows[i] == m.seg {
		return
	}
	m.cursor = i
	m.seg = m.rows[i]
	m.ensureVisible()
	m.refreshDetail(true)
}

// ensureVisible scrolls the list so the cursor row is on screen.
func (m *Model) ensureVisible() {
	n := mainLayout(m.width, m.height, m.zoom).listRows
	if n <= 0 {
		return
	}
	if m.cursor < m.top {
		m.top = m.cursor
	}
	if m.cursor >= m.top+n {
		m.top = m.cursor - n + 1
	}
	m.top = max(0, min(m.top, len(m.rows)-n))
}

// columns are the widths of the list's columns at the current size.
type columns struct {
	line, score, bar, length, bp, delta, hyp int
}

func (m *Model) listColumns() columns {
	c := columns{ // wide enough for the header and its sort arrow ("line↑", "hyp/ref↑")
		line:   max(5, len(itoa(m.ds.Len()))),
		score:  6,
		bar:    5,
		length: max(8, 2*m.maxLen+1),
		bp:     5,
	}
	if m.view.Other >= 0 {
		c.delta = 6
	}
	used := 2 + c.line + 1 + c.score + 1 + c.bar + 1 + c.length + 1 + c.bp + 1
	if c.delta > 0 {
		used += c.delta + 1
	}
	c.hyp = max(0, m.width-used)
	return c
}

// listHeader is the column header line, with an arrow on the sort column.
func (m *Model) listHeader(c columns) string {
	arrow := func(k model.SortKey, s string) string {
		if m.view.Sort != k {
			return s
		}
		if m.view.Desc {
			return s + "↓"
		}
		return s + "↑"
	}
	bleu := "BLEU"
	if isNLTK(m.shown()) {
		bleu = "nltk"
	}
	h := "  " + render.PadLeft(arrow(model.SortLine, "line"), c.line) + " " +
		render.PadLeft(arrow(model.SortScore, bleu), c.score) + " " + strings.Repeat(" ", c.bar) + " " +
		render.PadLeft(arrow(model.SortLength, "hyp/ref"), c.length) + " " +
		render.PadLeft(arrow(model.SortBP, "BP"), c.bp) + " "
	if c.delta > 0 {
		h += render.PadLeft(arrow(model.SortDelta, "Δ"), c.delta) + " "
	}
	name := "hypothesis"
	if len(m.ds.Systems) > 0 {
		name += " · " + render.Safe(m.ds.Systems[m.view.System].Name)
	}
	return m.st.Header.Render(render.PadRight(h+name, m.width))
}

// listView renders only the visible rows, so a million segments cost no
// more to draw than ten.
func (m *Model) listView(rows int) string {
	c := m.listColumns()
	out := make([]string, 0, rows+1)
	out = append(out, m.listHeader(c))
	for i := m.top; i < m.top+rows; i++ {
		if i >= len(m.rows) {
			out = append(out, "")
			continue
		}
		out = append(out, m.listRow(c, m.rows[i], i == m.cursor))
	}
	if len(m.rows) == 0 && rows > 0 && m.scored != nil {
		msg := "  no segment matches the filter (esc clears it)"
		if m.view.Filter == "" {
			msg = "  no segments"
		}
		out[1] = m.st.Muted.Render(render.Truncate(msg, m.width))
	}
	return strings.Join(out, "\n")
}

// listRow renders segment seg: line, score with a bar, lengths, BP when
// below 1, delta and the start of the hypothesis.
func (m *Model) listRow(c columns, seg int, selected bool) string {
	sys := m.view.System
	ss := m.scored.Systems[sys]
	st := ss.Stats.Get(seg)
	score := ss.Sentence[seg]
	nltk := isNLTK(m.shown())
	scale := m.scoreScale()
	scoreText := "err"
	if !math.IsNaN(score) {
		scoreText = formatScore(score, nltk)
	}
	filled, empty := render.BarText(score/scale, c.bar)
	bp := scoring.BrevityPenalty(st.HypLen, st.RefLen)
	bpText := ""
	if bp < 1 {
		bpText = fmt.Sprintf("%.3f", bp)
	}
	delta := ""
	if c.delta > 0 {
		d := m.scored.Delta(sys, m.view.Other, seg)
		switch {
		case math.IsNaN(d):
			delta = "err"
		case d == 0:
			delta = "0"
		case nltk:
			delta = fmt.Sprintf("%+.3f", d)
		default:
			delta = fmt.Sprintf("%+.1f", d)
		}
	}
	hyp := render.Safe(head(m.ds.Systems[sys].Hyps[seg], 4*c.hyp+16))
	length := fmt.Sprintf("%d/%d", st.HypLen, st.RefLen)
	parts := []string{
		render.PadLeft(itoa(seg+1), c.line),
		render.PadLeft(scoreText, c.score),
		filled + strings.Repeat("·", len(empty)),
		render.PadLeft(length, c.length),
		render.PadLeft(bpText, c.bp),
	}
	if c.delta > 0 {
		parts = append(parts, render.PadLeft(delta, c.delta))
	}
	parts = append(parts, render.Truncate(hyp, c.hyp))
	if selected {
		return m.st.Selected.Render(render.PadRight("▸ "+strings.Join(parts, " "), m.width))
	}
	s := m.st
	parts[0] = s.Muted.Render(parts[0])
	parts[2] = s.Bar.Render(filled) + s.BarEmpty.Render(strings.Repeat("·", len(empty)))
	parts[3] = s.Muted.Render(parts[3])
	parts[4] = s.Warn.Render(parts[4])
	if c.delta > 0 {
		d := m.scored.Delta(sys, m.view.Other, seg)
		switch {
		case d > 0:
			parts[5] = s.Good.Render(parts[5])
		case d < 0:
			parts[5] = s.Bad.Render(parts[5])
		default:
			parts[5] = s.Muted.Render(parts[5])
		}
	}
	return "  " + strings.Join(parts, " ")
}

// formatScore prints a score on its scale: two decimals on sacrebleu's
// 0-100, four on NLTK's 0-1.
func formatScore(x float64, nltk bool) string {
	if nltk {
		return fmt.Sprintf("%.4f", x)
	}
	return fmt.Sprintf("%.2f", x)
}

// formatDelta prints a difference of scores with a sign, as precisely as
// formatScore prints the scores themselves.
func formatDelta(d float64, nltk bool) string {
	if nltk {
		return fmt.Sprintf("%+.4f", d)
	}
	return fmt.Sprintf("%+.2f", d)
}

// head returns at most the first n bytes of s, cut at a rune boundary, so
// that a huge line costs no more to show than its visible start.
func head(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
