package ui

import (
	"fmt"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/bleuscope/bleuscope/ui/render"
)

// segInfo is the whole computation of one segment of one system.
type segInfo struct {
	sys, seg int
	hyp      string
	refs     []string
	refNames []string // display names of the references present
	detail   scoring.Detail
	res      scoring.Result
	err      error // Explain failed (invalid options)
	evalErr  error // NLTK raised for this segment
}

// segmentInfo explains segment seg of system sys under the sentence
// options. It costs one segment's work, so it may run inside Update for
// a normal segment; a long one goes through [Model.explained].
func (m *Model) segmentInfo(sys, seg int) segInfo {
	return explainSegment(m.ds, m.refLabels(), sys, seg, m.shown().Sentence)
}

// explainSegment explains segment seg of system sys of ds under opt;
// labels are the short names of ds's references. It reads only ds, which
// is read-only, so it may run in a command.
func explainSegment(ds *model.Dataset, labels []string, sys, seg int, opt scoring.Options) segInfo {
	in := segInfo{sys: sys, seg: seg, hyp: ds.Systems[sys].Hyps[seg]}
	in.refs = ds.SegmentRefs(seg, nil)
	for k := range ds.RefNames {
		if ds.RefAbsent == nil || k >= len(ds.RefAbsent) || !ds.RefAbsent[k][seg] {
			in.refNames = append(in.refNames, labels[k])
		}
	}
	in.detail, in.err = scoring.Explain(in.hyp, in.refs, opt)
	if in.err == nil {
		in.res, in.evalErr = scoring.Evaluate(in.detail.Stats, opt, scoring.LastSegment{Hyp: in.hyp, Refs: in.refs})
	}
	return in
}

// refLabels are the short names of the dataset's references.
func (m *Model) refLabels() []string { return render.RefLabels(m.ds.RefNames) }

// selected reports whether a segment is selected and shown.
func (m *Model) selected() bool {
	return m.scored != nil && len(m.rows) > 0 && m.seg >= 0 && m.seg < m.ds.Len()
}

// refreshDetail renders the segment pane for the selection at the current
// width; resetTop scrolls it back to the top (a new segment).
func (m *Model) refreshDetail(resetTop bool) {
	if m.width == 0 {
		return
	}
	m.waiting = false
	switch {
	case m.scored == nil:
		m.detail.setContent(m.st.Muted.Render("scoring…"), true)
		return
	case !m.selected():
		m.detail.setContent("", true)
		return
	case !m.ledgersReady():
		m.waiting = true // mainView draws the spinner and waitingText
		m.detail.setContent("", true)
		return
	}
	m.detail.setContent(m.longPane(m.width), resetTop)
}

// detailContent is the segment pane: the highlighted text on one side, the
// arithmetic and the clip ledger on the other (below it when narrow). A
// long segment's computations must be at hand ([Model.ledgersReady]).
func (m *Model) detailContent(width int) string {
	in, _ := m.explained(m.view.System, m.seg)
	if in.err != nil {
		return m.st.Error.Render(render.Truncate(in.err.Error(), width))
	}
	if width < wideDetail {
		parts := []string{m.segmentText(in, width), m.mathText(in, width), m.ledgerText(in, width, 8)}
		return strings.Join(parts, "\n\n")
	}
	lw := width * 11 / 20
	rw := width - lw - 3
	left := strings.Split(m.segmentText(in, lw), "\n")
	right := strings.Split(m.mathText(in, rw)+"\n\n"+m.ledgerText(in, rw, 12), "\n")
	rule := m.st.Muted.Render(" │ ")
	out := make([]string, max(len(left), len(right)))
	for i := range out {
		l, r := "", ""
		if i < len(left) {
			l = left[i]
		}
		if i < len(right) {
			r = right[i]
		}
		out[i] = render.PadRight(l, lw) + rule + r
	}
	return strings.Join(out, "\n")
}

// segmentText renders the source, the hypothesis (two in compare view) and
// the references, highlighted for the chosen order.
func (m *Model) segmentText(in segInfo, width int) string {
	v := render.SegmentView{
		HasSrc:   m.ds.Src != nil,
		RefNames: in.refNames,
		Order:    m.order,
		Hyps:     []render.Hyp{{Label: m.ds.Systems[in.sys].Name, Detail: in.detail}},
	}
	if v.HasSrc {
		v.Src = m.ds.Src[in.seg]
	}
	if o := m.view.Other; m.compare && o >= 0 && o < len(m.ds.Systems) {
		other, ok := m.explained(o, in.seg)
		if ok && other.err == nil {
			v.Hyps = append(v.Hyps, render.Hyp{Label: m.ds.Systems[o].Name, Detail: other.detail})
		}
	}
	return render.Segment(m.st, v, width)
}

// mathText renders the segment's precisions, brevity penalty and formula.
func (m *Model) mathText(in segInfo, width int) string {
	st := m.st
	if in.evalErr != nil {
		return st.Error.Render(render.Truncate("NLTK raises for this segment: "+in.evalErr.Error(), width))
	}
	ref := ""
	if k := in.detail.ClosestRef; k >= 0 && k < len(in.refNames) {
		ref = render.RefLabel(in.refNames[k])
	}
	s := render.Math(st, render.MathView{Result: in.res, Opt: m.shown().Sentence, Stats: in.detail.Stats, RefName: ref}, width)
	if o := m.view.Other; o >= 0 && o < len(m.ds.Systems) && m.scored != nil {
		other := m.scored.Systems[o].Sentence[in.seg]
		d := m.scored.Delta(in.sys, o, in.seg)
		nltk := isNLTK(m.shown())
		line := fmt.Sprintf("%s scores %s here (Δ %s)", render.Safe(m.ds.Systems[o].Name), formatScore(other, nltk), formatDelta(d, nltk))
		s += "\n" + st.Muted.Render(render.Truncate(line, width))
	}
	return s
}

// ledgerText renders the clip ledger of the chosen order (at most rows
// rows), or a per-order summary in the all-orders view.
func (m *Model) ledgerText(in segInfo, width, rows int) string {
	st := m.st
	if m.order == 0 {
		lines := []string{st.Title.Render("matches per order")}
		for _, od := range in.detail.Orders {
			lost := 0
			for _, c := range od.Clips {
				lost += c.Clipped
			}
			mark := render.OrderMark(od.N)
			line := st.Token(mark).Render(fmt.Sprintf("%d", od.N)) +
				fmt.Sprintf("-grams: %d of %d matched, %d lost", od.Matches, od.Total, lost)
			lines = append(lines, render.Truncate(line, width))
		}
		lines = append(lines, st.Muted.Render(render.Truncate("press 1-9 for an order's clip ledger, x for all of it", width)))
		return strings.Join(lines, "\n")
	}
	if m.order > len(in.detail.Orders) {
		return ""
	}
	title := st.Title.Render(fmt.Sprintf("clip ledger · %d-grams", m.order)) + st.Muted.Render(" (x: full screen)")
	return render.Truncate(title, width) + "\n" + render.Ledger(st, in.detail.Orders[m.order-1], in.refNames, width, rows)
}

// detailTitle is the line above the segment pane.
func (m *Model) detailTitle() string {
	st := m.st
	if !m.selected() {
		return st.Header.Render(render.PadRight("segment", m.width))
	}
	ss := m.scored.Systems[m.view.System]
	score := "err"
	if x := ss.Sentence[m.seg]; x == x {
		score = formatScore(x, isNLTK(m.shown()))
	}
	order := "all orders"
	if m.order > 0 {
		order = fmt.Sprintf("%d-grams", m.order)
	}
	left := fmt.Sprintf("line %d · sentence BLEU %s · %s", m.seg+1, score, order)
	if m.compare {
		left += " · compare"
	}
	right := m.detail.position()
	return st.Header.Render(joinRight(left, right, m.width))
}
