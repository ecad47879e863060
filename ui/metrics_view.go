package ui

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/bleuscope/bleuscope/ui/render"
)

// syncTERBytes is the size of a segment (hypothesis plus references, in
// bytes) up to which the segment pane computes its TER edits inside
// Update. TER's shift search grows faster than the length (about 15 ms
// for 1 KB of unrelated words, 55 ms for 3 KB), so a longer segment shows
// the sentence score of the job alone and moving the selection stays
// quick.
const syncTERBytes = 1 << 10

// shownMetrics is what the screens show of chrF and TER: which of them
// are shown, and their scores or why they could not be computed, read
// from the statistics for the options in effect (nil and nil: not in
// yet). It is made from the state whenever it is read, never kept but by
// the segment pane's cache of a long segment, which compares it.
type shownMetrics struct {
	showChrF, showTER bool
	chrf, ter         *model.MetricScores
	chrfErr, terErr   error
}

// shownMetrics returns what the screens show of chrF and TER now.
func (c common) shownMetrics() shownMetrics {
	sm := shownMetrics{showChrF: c.met.showChrF, showTER: c.met.showTER}
	sm.chrf, sm.chrfErr = c.metricScores(model.MetricChrF)
	sm.ter, sm.terErr = c.metricScores(model.MetricTER)
	return sm
}

// corpusScores are the header's chrF and TER of system sys: each
// "chrF2 49.2", "chrF2 …" until its run lands, or "chrF2 error".
func (c common) corpusScores(sys int) []string {
	sm := c.shownMetrics()
	var out []string
	if sm.showChrF {
		out = append(out, c.metricTitle(model.MetricChrF)+" "+metricFigure(sm.chrf, sm.chrfErr, func(s model.MetricSystem) float64 { return s.ChrF }, sys))
	}
	if sm.showTER {
		out = append(out, c.metricTitle(model.MetricTER)+" "+metricFigure(sm.ter, sm.terErr, func(s model.MetricSystem) float64 { return s.TER }, sys))
	}
	return out
}

// sentenceScores are segment seg's chrF and TER of system sys, as
// corpusScores has them.
func (c common) sentenceScores(sys, seg int) []string {
	sm := c.shownMetrics()
	var out []string
	if sm.showChrF {
		out = append(out, c.metricTitle(model.MetricChrF)+" "+metricFigure(sm.chrf, sm.chrfErr, func(s model.MetricSystem) float64 { return s.ChrFSegments[seg] }, sys))
	}
	if sm.showTER {
		out = append(out, c.metricTitle(model.MetricTER)+" "+metricFigure(sm.ter, sm.terErr, func(s model.MetricSystem) float64 { return s.TERSegments[seg] }, sys))
	}
	return out
}

// metricFigure formats one figure of ms: "…" before it lands, "error"
// after a failed run, one decimal below 10000 (TER can pass it), so that
// it fits the list's column of metricWidth cells up to 999999.
func metricFigure(ms *model.MetricScores, err error, get func(model.MetricSystem) float64, sys int) string {
	switch {
	case err != nil:
		return "error"
	case ms == nil || sys < 0 || sys >= len(ms.Systems):
		return "…"
	}
	v := get(ms.Systems[sys])
	if v >= 9999.95 { // a TER of a hypothesis many times its reference: whole, to fit the list's column
		return fmt.Sprintf("%.0f", v)
	}
	return fmt.Sprintf("%.1f", v)
}

// headerScores is what the header adds after BLEU: " · chrF2 49.2 · TER
// 46.7", or "".
func (c common) headerScores(sys int) string {
	var b strings.Builder
	for _, s := range c.corpusScores(sys) {
		name, fig, _ := strings.Cut(s, " ")
		b.WriteString(c.st.Muted.Render(" · ") + c.st.Label.Render(name+" ") + c.st.Score.Render(fig))
	}
	return b.String()
}

// titleScores is what the segment pane's title adds after the sentence
// BLEU: " · chrF2 45.6 · TER 50.0", or "".
func (c common) titleScores(sel selection) string {
	var b strings.Builder
	for _, s := range c.sentenceScores(sel.sys, sel.seg) {
		b.WriteString(" · " + s)
	}
	return b.String()
}

// metricHypMin is the narrowest the list's hypothesis column gets to make
// room for a chrF or TER column beside it (but that of the metric the list
// is sorted by, which always shows).
const metricHypMin = 30

// metricColumns are the list's metric columns, in the header's order
// (chrF, TER), given hyp cells for the hypothesis without them: the metric
// the list is sorted by, always, and each other metric shown while the
// hypothesis keeps metricHypMin cells beside it, TER giving way first.
func (l segList) metricColumns(c common, hyp int) []model.SortKey {
	shown := c.met.sortKeys()
	if slices.Contains(shown, l.view.Sort) {
		hyp -= metricWidth + 1
	}
	var keys []model.SortKey
	for _, k := range shown {
		switch {
		case k == l.view.Sort:
		case hyp-metricWidth-1 >= metricHypMin:
			hyp -= metricWidth + 1
		default:
			continue
		}
		keys = append(keys, k)
	}
	return keys
}

// columnTitle is the list's header of the metric column.
func columnTitle(k model.SortKey) string {
	if k == model.SortTER {
		return "TER"
	}
	return "chrF"
}

// metricCell is the list's cell of segment seg of system sys in the
// metric column: "…" until the run lands.
func (c common) metricCell(k model.SortKey, sys, seg int) string {
	if k == model.SortTER {
		ter, err := c.metricScores(model.MetricTER)
		return metricFigure(ter, err, func(s model.MetricSystem) float64 { return s.TERSegments[seg] }, sys)
	}
	chrf, err := c.metricScores(model.MetricChrF)
	return metricFigure(chrf, err, func(s model.MetricSystem) float64 { return s.ChrFSegments[seg] }, sys)
}

// metricsText is the segment pane's chrF and TER block for the segment in:
// one line on what chrF is, its precision and recall per order, and TER's
// edits; "" when neither is shown.
func (p segPane) metricsText(c common, in model.Explained, width int) string {
	mt := c.met
	var lines []string
	if mt.showChrF {
		lines = append(lines, mt.chrfLines(c, in, width)...)
	}
	if mt.showTER {
		if len(lines) > 0 {
			lines = append(lines, "")
		}
		lines = append(lines, mt.terLines(c, in, width)...)
	}
	if len(lines) == 0 {
		return ""
	}
	for i, l := range lines {
		lines[i] = render.Truncate(l, width)
	}
	return strings.Join(lines, "\n")
}

// chrfLines explain the segment's chrF: its score and what it is, then a
// table of precision (P) and recall (R) per character order (c1…) and word
// order (w1…, chrF++), from the best-matching reference.
func (mt metricState) chrfLines(c common, in model.Explained, width int) []string {
	st := c.st
	o := mt.chrfOptions(c.set)
	chrf, err := c.metricScores(model.MetricChrF)
	score := metricFigure(chrf, err, func(s model.MetricSystem) float64 { return s.ChrFSegments[in.Line] }, in.System)
	kind := "character"
	if o.WordOrder > 0 {
		kind = "character and word"
	}
	weigh := fmt.Sprintf("β = %d weighs recall %d×", o.Beta, o.Beta)
	if o.Beta == 2 {
		weigh = "β = 2 weighs recall twice"
	}
	lines := []string{
		st.Title.Render(c.metricTitle(model.MetricChrF)+" "+score) + st.Muted.Render(" · "+kind+" n-gram F-score, "+weigh),
	}
	if in.Bytes() > syncLedgerBytes {
		return append(lines, st.Muted.Render("(per-order figures are left out for a segment this long)"))
	}
	_, stats, err := scoring.SentenceChrF(in.Hyp, in.Refs, o)
	if err != nil {
		return append(lines, st.Error.Render(err.Error()))
	}
	orders := model.ChrFOrders(stats, o)
	head := "   "
	prec, rec := st.Label.Render("P")+"  ", st.Label.Render("R")+"  "
	for _, od := range orders {
		name := fmt.Sprintf("c%d", od.N)
		if od.Word {
			name = fmt.Sprintf("w%d", od.N)
		}
		head += render.PadLeft(name, 6)
		prec += render.PadLeft(percentCell(od.Precision()), 6)
		rec += render.PadLeft(percentCell(od.Recall()), 6)
	}
	lines = append(lines, st.Header.Render(head), prec, rec)
	note := "P = matched/hyp n-grams, R = matched/ref n-grams (%)"
	if len(in.Refs) > 1 {
		note += fmt.Sprintf(", best of %d refs", len(in.Refs))
	}
	lines = append(lines, st.Muted.Render(note))
	return lines
}

// terLines explain the segment's TER: its score and, for a segment short
// enough, the edits over the average reference length.
func (mt metricState) terLines(c common, in model.Explained, width int) []string {
	st := c.st
	ter, err := c.metricScores(model.MetricTER)
	score := metricFigure(ter, err, func(s model.MetricSystem) float64 { return s.TERSegments[in.Line] }, in.System)
	line := st.Title.Render(c.metricTitle(model.MetricTER)+" "+score) + st.Muted.Render(" · edits per reference word, lower is better")
	if len(in.Refs) == 0 {
		return []string{line}
	}
	if in.Bytes() > syncTERBytes {
		return []string{line, st.Muted.Render("(the edits are counted for segments up to 1 KB)")}
	}
	_, ts, err := scoring.SentenceTER(in.Hyp, in.Refs, mt.opts.TER)
	if err != nil {
		return []string{line, st.Error.Render(err.Error())}
	}
	return []string{line, terEdits(ts.Edits, ts.RefLen)}
}

// terEdits says a segment's TER edits over its reference length, "1 edit
// (a shift, insertion, deletion or substitution) / 1 ref word", "2 edits
// (shifts, insertions, deletions or substitutions) / 7 ref words".
func terEdits(edits int, refLen float64) string {
	words := trimFloat(refLen)
	word := "words"
	if words == "1" {
		word = "word"
	}
	kinds := "shifts, insertions, deletions or substitutions"
	if edits == 1 {
		kinds = "a shift, insertion, deletion or substitution"
	}
	return fmt.Sprintf("%d edit%s (%s) / %s ref %s", edits, model.PluralS(edits), kinds, words, word)
}

// percentCell formats a percentage for the chrF table, "–" when undefined.
func percentCell(x float64) string {
	if math.IsNaN(x) {
		return "–"
	}
	return fmt.Sprintf("%.1f", x)
}
