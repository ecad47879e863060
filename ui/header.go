package ui

import (
	"fmt"
	"strings"

	"github.com/bleuscope/bleuscope/scoring"
	"github.com/bleuscope/bleuscope/ui/render"
	"github.com/charmbracelet/lipgloss"
)

// headerView is the corpus summary at the top: the current system and its
// corpus score, the precisions, BP, ratio and lengths, the signature and
// options, and how many segments are shown.
func (m *Model) headerView(lines int) string {
	st := m.st
	sep := st.Muted.Render(" · ")
	title := st.Title.Render("bleuscope")
	nsys := len(m.ds.Systems)
	sys := render.Safe(m.ds.Systems[m.view.System].Name)
	if nsys > 1 {
		sys += st.Muted.Render(fmt.Sprintf(" %d/%d", m.view.System+1, nsys))
	}
	first := title + sep + st.Accent.Render(sys)
	set := m.shown()
	nltk := isNLTK(set)
	var figures string
	if m.scored != nil {
		ss := m.scored.Systems[m.view.System]
		if ss.CorpusErr != nil {
			first += sep + st.Error.Render("BLEU: "+ss.CorpusErr.Error())
		} else {
			first += sep + st.Label.Render("BLEU ") + st.Score.Render(formatScore(ss.Corpus.Score, nltk))
			figures = corpusFigures(ss.Corpus, nltk, m.width < 100)
		}
		if o := m.view.Other; o >= 0 && o < nsys {
			os := m.scored.Systems[o]
			if os.CorpusErr == nil && ss.CorpusErr == nil {
				first += sep + st.Muted.Render(fmt.Sprintf("vs %s %s (%s)", render.Safe(m.ds.Systems[o].Name),
					formatScore(os.Corpus.Score, nltk), formatDelta(ss.Corpus.Score-os.Corpus.Score, nltk)))
			}
		}
	}
	if busy := m.busyView(); busy != "" {
		first = joinRight(first, busy, m.width)
	}
	nrefs := m.ds.NRefs()
	sig := scoring.Signature(set.Corpus, nrefs, scoring.SignatureVersion)
	if m.width < 100 {
		sig = scoring.ShortSignature(set.Corpus, nrefs, scoring.SignatureVersion)
	}
	opts := st.Muted.Render(sig) + sep + st.Muted.Render(fmt.Sprintf("N=%d", set.Corpus.MaxOrder))
	third := opts + sep + m.shownView()
	if m.view.Filter != "" {
		third = m.shownView() + sep + opts // the subset's score must not be cut off
	}
	out := []string{
		render.Truncate(first, m.width),
		render.Truncate(figures, m.width),
		render.Truncate(third, m.width),
	}
	return strings.Join(out[:min(lines, 3)], "\n")
}

// corpusFigures is the second header line: p1..pN, BP, ratio and lengths
// (in fewer words when narrow).
func corpusFigures(r scoring.Result, nltk, narrow bool) string {
	p := make([]string, len(r.Precisions))
	for i, x := range r.Precisions {
		if nltk {
			x *= 100
		}
		p[i] = fmt.Sprintf("%.1f", x)
	}
	if narrow {
		return fmt.Sprintf("p %s BP %.3f ratio %.3f len %d/%d", strings.Join(p, "/"), r.BP, r.Ratio, r.SysLen, r.RefLen)
	}
	names := "p1"
	if len(p) > 1 {
		names = fmt.Sprintf("p1..p%d", len(p))
	}
	return fmt.Sprintf("%s %s · BP %.3f · ratio %.3f · hyp %d · ref %d",
		names, strings.Join(p, "/"), r.BP, r.Ratio, r.SysLen, r.RefLen)
}

// shownView says how many segments are shown, and the corpus score of the
// filtered ones.
func (m *Model) shownView() string {
	st := m.st
	n := m.ds.Len()
	narrow := m.width < 100
	if m.view.Filter == "" {
		if narrow {
			return st.Text.Render(fmt.Sprintf("%d/%d shown", len(m.rows), n))
		}
		return st.Text.Render(fmt.Sprintf("%d of %d segments", len(m.rows), n))
	}
	f := "%d of %d match %q"
	if narrow {
		f = "%d/%d match %q"
	}
	s := st.Accent.Render(fmt.Sprintf(f, len(m.rows), n, render.Safe(m.view.Filter)))
	if m.subset != nil {
		if m.subset.err != nil {
			s += st.Error.Render(" · BLEU on them: " + m.subset.err.Error())
		} else {
			s += st.Accent.Render(" · BLEU " + formatScore(m.subset.res.Score, isNLTK(m.shown())))
		}
	}
	return s
}

// busyView is the spinner and progress of a run in flight, or "".
func (m *Model) busyView() string {
	switch {
	case m.busy:
		f := m.prog.fraction()
		if m.ds.Len() > syncRows && f > 0 {
			return m.spinner.View() + " scoring " + render.Bar(m.st, f, 12) + fmt.Sprintf(" %3.0f%%", 100*f)
		}
		return m.spinner.View() + " scoring…"
	case m.rowsBusy:
		return m.spinner.View() + " sorting…"
	}
	return ""
}

// joinRight puts right at the right edge of a line width cells wide,
// cutting left to make room.
func joinRight(left, right string, width int) string {
	rw := lipgloss.Width(right)
	if rw >= width {
		return render.Truncate(right, width)
	}
	left = render.Truncate(left, width-rw-1)
	return left + strings.Repeat(" ", max(1, width-rw-lipgloss.Width(left))) + right
}
