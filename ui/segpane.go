package ui

import (
	"fmt"
	"math"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/bleuscope/bleuscope/ui/render"
)

// segPane is the segment pane: the selected segment's text highlighted
// for the chosen order, its arithmetic and its clip ledger. It owns the
// highlighted order, the compare and zoom toggles, and the explanations
// of long segments made off the UI loop (jobExplain).
type segPane struct {
	body  pane
	order int // highlighted n-gram order, 0 = all orders
	// picked is the order last picked (order is it, or the max order when
	// that is lower, so that raising the max order gives it back).
	picked int
	// beforeDrill is order and picked from before an analysis drill-down
	// made them the n-gram's, given back when it closes.
	beforeDrill [2]int
	compare     bool
	zoom        bool
	waiting     bool // a long segment of the selection is being explained
	// focus is the n-gram followed from the analysis, marked in the text
	// (nil: none); the root sets it from the list's drill-down.
	focus *model.Focus
	// shown are the explanations the selection needs, decided at each
	// refresh ([segPane.keys]); the rest of the explorer reads them here.
	shown []ledgerKey
	long  []longLedger // long segments explained for the selection
	// cache is the content last rendered from long segments' ledgers:
	// rendering one costs up to a second (every n-gram is sorted), so a
	// refresh that changes nothing it shows (a rescore starting) reuses it.
	cache paneText
}

// syncLedgerBytes is the size of a segment (one system's hypothesis plus
// its references, in bytes) up to which its clip ledger is computed inside
// Update: scoring.Explain takes 6-9 ms at 64 KiB, some 6,000 tokens a side
// (BenchmarkExplainAtThreshold). Longer segments are explained in a
// command (a 10 MB line takes seconds and a gigabyte), and the segment
// pane says so meanwhile.
const syncLedgerBytes = 64 << 10

// waitingText is what the segment pane says while a long segment is
// being explained.
const waitingText = "computing the ledger of this long segment…"

// ledgerKey names one explained segment: a system's hypothesis of a
// segment under the sentence options, and whether it is long (explained
// in a command).
type ledgerKey struct {
	sys, seg int
	opt      scoring.Options
	long     bool
}

func (k ledgerKey) same(o ledgerKey) bool {
	return k.sys == o.sys && k.seg == o.seg && k.opt == o.opt
}

// longLedger is the computation of a long segment with the key it was
// made for.
type longLedger struct {
	key  ledgerKey
	info model.Explained
}

// paneText is the segment pane's content with what it was rendered from.
type paneText struct {
	keys         []ledgerKey
	scored       *model.Scored
	width, order int
	srcLines     int
	other        int
	met          shownMetrics // chrF and TER shown
	focus        *model.Focus
	text         string
}

func (p paneText) matches(q paneText) bool {
	return p.scored == q.scored && p.met == q.met && p.width == q.width && p.order == q.order && p.srcLines == q.srcLines && p.other == q.other && p.focus == q.focus && sameKeys(p.keys, q.keys)
}

// newSegPane returns the pane highlighting bigrams (or the max order, if
// lower).
func newSegPane(set model.Settings) segPane {
	return segPane{order: min(2, set.Sentence.MaxOrder), picked: 2}
}

// SetSize fits the pane's content to width×height cells.
func (p segPane) SetSize(width, height int) segPane {
	p.body.setSize(width, height)
	return p
}

// keys are the explanations the pane needs for sel: the shown system's,
// and the compared system's in compare view. Whether each is long is
// decided here, once per refresh (into shown).
func (p segPane) keys(c common, sel selection) []ledgerKey {
	if !sel.ok {
		return nil
	}
	opt := c.shown().Sentence
	key := func(sys int) ledgerKey {
		return ledgerKey{sys: sys, seg: sel.seg, opt: opt, long: c.ds.Segment(sys, sel.seg).Bytes() > syncLedgerBytes}
	}
	keys := []ledgerKey{key(sel.sys)}
	if o := sel.other; p.compare && o >= 0 && o < len(c.ds.Systems) && o != sel.sys {
		keys = append(keys, key(o))
	}
	return keys
}

// explained returns the computation k names: computed here for a normal
// segment, taken from the results of jobExplain for a long one (ok is
// false until it lands).
func (p segPane) explained(c common, k ledgerKey) (model.Explained, bool) {
	if !k.long {
		return model.Explain(c.ds.Segment(k.sys, k.seg), k.opt), true
	}
	for _, in := range p.long {
		if in.key.same(k) {
			return in.info, true
		}
	}
	return model.Explained{}, false
}

// missing returns the long explanations among keys not yet at hand.
func (p segPane) missing(c common, keys []ledgerKey) []ledgerKey {
	var out []ledgerKey
	for _, k := range keys {
		if _, ok := p.explained(c, k); !ok {
			out = append(out, k)
		}
	}
	return out
}

// ready reports whether every explanation of keys is at hand.
func (p segPane) ready(c common, keys []ledgerKey) bool { return len(p.missing(c, keys)) == 0 }

// keep forgets the long explanations not among keys (each can hold
// hundreds of megabytes).
func (p *segPane) keep(keys []ledgerKey) {
	var kept []longLedger
	for _, in := range p.long {
		if hasKey(keys, in.key) {
			kept = append(kept, in)
		}
	}
	if len(kept) != len(p.long) {
		p.long = kept
	}
	if len(kept) == 0 {
		p.cache = paneText{}
	}
}

// install adds long explanations that keys still ask for; it reports
// whether any was.
func (p *segPane) install(done []longLedger, keys []ledgerKey) bool {
	added := false
	for _, d := range done {
		if hasKey(keys, d.key) {
			p.long = append(p.long[:len(p.long):len(p.long)], d)
			added = true
		}
	}
	return added
}

// hasKey reports whether keys holds k.
func hasKey(keys []ledgerKey, k ledgerKey) bool {
	for _, c := range keys {
		if c.same(k) {
			return true
		}
	}
	return false
}

// refresh renders the pane for sel at the current width; resetTop scrolls
// it back to the top (a new segment).
func (p *segPane) refresh(c common, sel selection, resetTop bool) {
	keys := p.keys(c, sel)
	p.shown = keys
	if c.width == 0 {
		return
	}
	p.waiting = false
	switch {
	case c.scored == nil && !sel.ok:
		p.body.setContent(c.st.Muted.Render("scoring…"), true)
	case !sel.ok:
		p.body.setContent("", true)
	case !p.ready(c, keys):
		p.waiting = true // View draws the spinner and waitingText
		p.body.setContent("", true)
	default:
		p.body.setContent(p.cached(c, sel, keys, c.width), resetTop)
	}
}

// cached returns the content at width, reusing the last one when the
// selection holds a long segment and nothing it shows has changed.
func (p *segPane) cached(c common, sel selection, keys []ledgerKey, width int) string {
	long := false
	for _, k := range keys {
		long = long || k.long
	}
	if !long {
		return p.content(c, sel, keys, width)
	}
	t := paneText{keys: keys, scored: c.scored, width: width, order: p.order, srcLines: p.srcLines(), other: sel.other, met: c.shownMetrics(), focus: p.focus}
	if t.matches(p.cache) {
		return p.cache.text
	}
	t.text = p.content(c, sel, keys, width)
	p.cache = t
	return t.text
}

// content is the text on one side, the arithmetic and the clip ledger on
// the other (below it when narrow). Every explanation of keys must be at
// hand.
func (p segPane) content(c common, sel selection, keys []ledgerKey, width int) string {
	in, _ := p.explained(c, keys[0])
	if in.Err != nil {
		return c.st.Error.Render(render.Truncate(in.Err.Error(), width))
	}
	text := p.segmentText(c, in, keys, width)
	if width < wideDetail {
		parts := []string{text, p.mathText(c, sel, in, width)}
		if mt := p.metricsText(c, in, width); mt != "" {
			parts = append(parts, mt)
		}
		parts = append(parts, p.ledgerText(c, in, width, 8))
		return strings.Join(parts, "\n\n")
	}
	lw := width * 11 / 20
	rw := width - lw - 3
	right := p.mathText(c, sel, in, rw)
	if mt := p.metricsText(c, in, rw); mt != "" {
		right += "\n\n" + mt
	}
	right += "\n\n" + p.ledgerText(c, in, rw, 12)
	return sideBySide(p.segmentText(c, in, keys, lw), right, lw, c.st.Muted.Render(" │ "), false)
}

// segmentText renders the source, the hypothesis (two in compare view) and
// the references, highlighted for the chosen order.
func (p segPane) segmentText(c common, in model.Explained, keys []ledgerKey, width int) string {
	v := render.SegmentView{
		HasSrc:   c.ds.Src != nil,
		Src:      in.Src,
		RefNames: in.RefLabels,
		Order:    p.order,
		Hyps:     []render.Hyp{{Label: c.shortName(in.System), Detail: in.Detail}},
		Focus:    p.focus,
		SrcLines: p.srcLines(),
	}
	if len(keys) > 1 {
		if other, ok := p.explained(c, keys[1]); ok && other.Err == nil {
			v.Hyps = append(v.Hyps, render.Hyp{Label: c.shortName(other.System), Detail: other.Detail})
		}
	}
	return render.Segment(c.st, v, width)
}

// srcLines is the most lines the source takes in the pane: half of the
// pane's (less the focused n-gram's line), at least one, so that the
// hypothesis shows under it at every size (on a small screen with an
// annotation strip, a long source took every line of the pane); zoomed,
// the source is whole (0).
func (p segPane) srcLines() int {
	if p.zoom {
		return 0
	}
	h := p.body.height
	if p.focus != nil {
		h--
	}
	return max(1, h/2)
}

// mathText renders the segment's precisions, brevity penalty and formula.
func (p segPane) mathText(c common, sel selection, in model.Explained, width int) string {
	st := c.st
	if in.EvalErr != nil {
		return st.Error.Render(render.Truncate("NLTK raises for this segment: "+scoring.NLTKErrorText(in.EvalErr), width))
	}
	ref := ""
	if k := in.Detail.ClosestRef; k >= 0 && k < len(in.RefLabels) {
		ref = model.RefLabel(in.RefLabels[k])
	}
	s := render.Math(st, render.MathView{Result: in.Result, Opt: in.Opt, Stats: in.Detail.Stats, RefName: ref}, width)
	if o := sel.other; o >= 0 && o < len(c.ds.Systems) && o != in.System && c.scored != nil { // (no Δ of the baseline to itself)
		other := c.scored.Systems[o].Sentence[in.Line]
		d := c.scored.Delta(in.System, o, in.Line)
		line := fmt.Sprintf("%s scores %s here (Δ %s)", c.shortName(o), c.score(other), c.delta(d))
		switch {
		case d == 0: // the list's "=": a tie, not a rounded difference
			line = fmt.Sprintf("%s scores %s here too (a tie)", c.shortName(o), c.score(other))
		case math.IsNaN(other): // NLTK raised on the baseline's segment
			line = c.shortName(o) + " has no score here: NLTK raises on its segment, so there is no Δ"
		}
		s += "\n" + st.Muted.Render(render.Truncate(line, width))
	}
	return s
}

// ledgerText renders the clip ledger of the chosen order (at most rows
// rows), or a per-order summary in the all-orders view.
func (p segPane) ledgerText(c common, in model.Explained, width, rows int) string {
	st := c.st
	if p.order == 0 {
		lines := []string{st.Title.Render("matches per order")}
		for _, od := range in.Detail.Orders {
			t := od.Tally() // over: clipped, and unmatched (all of whose occurrences are over)
			line := st.Token(model.OrderMark(od.N)).Render(fmt.Sprintf("%d", od.N)) +
				fmt.Sprintf("-grams: %d of %d matched, %d over", od.Matches, od.Total, t.Clipped+t.Unmatched)
			lines = append(lines, render.Truncate(line, width))
		}
		lines = append(lines, st.Muted.Render(render.Truncate("press 1-9 for an order's clip ledger, x for all of it", width)))
		return strings.Join(lines, "\n")
	}
	if p.order > len(in.Detail.Orders) {
		return ""
	}
	title := st.Title.Render(fmt.Sprintf("clip ledger · %d-grams", p.order)) + st.Muted.Render(" (x: full screen)")
	return render.Truncate(title, width) + "\n" + render.Ledger(st, in.Detail.Orders[p.order-1], in.RefLabels, width, rows)
}

// title is the line above the pane.
func (p segPane) title(c common, sel selection) string {
	st := c.st
	if !sel.ok {
		return st.Header.Render(render.PadRight(render.Truncate("no segment selected", c.width), c.width))
	}
	score := "…"
	if c.scored != nil {
		score = "err"
		if x := c.scored.Systems[sel.sys].Sentence[sel.seg]; x == x {
			score = c.score(x)
		}
	}
	order := "all orders"
	if p.order > 0 {
		order = fmt.Sprintf("%d-grams", p.order)
	}
	line, more := fmt.Sprintf("line %d", sel.seg+1), c.titleScores(sel)
	bleu := "sentence BLEU"
	if more != "" && c.width < 100 {
		bleu = "BLEU" // room for chrF and TER
	}
	mode := " · " + order
	if p.compare {
		mode += " · compare"
	}
	// The wordings, the fullest first: the segment's id gives way, then
	// "compare" (the stacked layout shows it), then chrF and TER, then
	// the order, each whole.
	forms := []string{
		line + c.segID(sel.seg) + " · " + bleu + " " + score + more + mode,
		line + " · BLEU " + score + more + mode,
		line + " · BLEU " + score + more + " · " + order,
		line + " · BLEU " + score + " · " + order,
		line + " · BLEU " + score,
	}
	return st.Header.Render(joinFirstFit(forms, p.body.position(), c.width))
}

// View draws the title and the pane, or the spinner while a long segment
// of the selection is explained.
func (p segPane) View(c common, sel selection) string {
	parts := []string{p.title(c, sel)}
	switch h := p.body.height; {
	case h > 0 && p.waiting:
		out := make([]string, h)
		out[min(1, h-1)] = render.Truncate("  "+c.spinner.View()+" "+waitingText, c.width)
		parts = append(parts, strings.Join(out, "\n"))
	case h > 0:
		parts = append(parts, p.body.view())
	}
	return strings.Join(parts, "\n")
}
