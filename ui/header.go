package ui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/bleuscope/bleuscope/ui/render"
)

// header is the corpus summary at the top: the current system and its
// corpus score, the precisions, BP, ratio and lengths, the signature and
// options, how many segments are shown, and the job in flight.
type header struct {
	width, lines int
}

// SetSize fits the header to width cells and lines lines.
func (h header) SetSize(width, lines int) header {
	h.width, h.lines = width, lines
	return h
}

// View draws the header for the list l, with the status of jobs.
func (h header) View(c common, l segList, jobs jobTable) string {
	st := c.st
	sep := st.Muted.Render(" · ")
	title := st.Title.Render("bleuscope")
	nsys := len(c.ds.Systems)
	sys := c.shortName(l.view.System)
	if nsys > 1 {
		sys += st.Muted.Render(fmt.Sprintf(" %d/%d", l.view.System+1, nsys))
	}
	first := st.Accent.Render(sys)
	set := c.shown()
	narrow := h.width < 100
	var figures []string
	var deltas []string   // the Δ to the baseline, its fullest wording first
	var more, mark string // chrF and TER when shown; " · the baseline" when it is
	if c.scored != nil {
		ss := c.scored.Systems[l.view.System]
		if ss.CorpusErr != nil {
			first += sep + st.Error.Render("BLEU: "+ss.CorpusErr.Error())
		} else {
			first += sep + st.Label.Render("BLEU ") + st.Score.Render(c.score(ss.Corpus.Score))
			figures = corpusFigures(ss.Corpus, c.nltk(), narrow)
		}
		more = c.headerScores(l.view.System)
		if o := l.view.Other; o >= 0 && o < nsys {
			os := c.scored.Systems[o]
			auto := "" // a baseline chosen by the rule, which tab changes for the first system
			if !l.pinned && o == model.DefaultOther(l.view.System, nsys) {
				auto = " (auto)" // not a wins row's drill-down of another system, whose baseline the row's is
			}
			switch {
			case o == l.view.System:
				mark = sep + st.Accent.Render("the baseline")
			case os.CorpusErr == nil && ss.CorpusErr == nil:
				d, name := c.delta(ss.Corpus.Score-os.Corpus.Score), c.shortName(o)
				deltas = slices.Compact([]string{
					fmt.Sprintf("Δ %s vs baseline %s %s%s", d, name, c.score(os.Corpus.Score), auto),
					fmt.Sprintf("Δ %s vs baseline %s%s", d, name, auto),
					fmt.Sprintf("Δ %s vs %s%s", d, name, auto),
					fmt.Sprintf("Δ %s vs %s", d, name),
					"Δ " + d,
				})
			}
		}
	}
	// chrF and TER follow BLEU while the first line has room for them with
	// all it says; else, and always in a narrow window, they lead the
	// figures (the lengths at their end give way), rather than the
	// baseline's score giving way to them.
	full := title + sep + first + more + mark
	if len(deltas) > 0 {
		full += sep + st.Muted.Render(deltas[0])
	}
	if more != "" && len(figures) > 0 && (narrow || !render.Fits(full, h.width)) {
		for i, f := range figures {
			figures[i] = strings.TrimPrefix(more, sep) + sep + f
		}
	} else {
		first += more
	}
	first += mark
	// The first line's wordings, the fullest first: the baseline's score
	// gives way first, then "bleuscope" (the baseline's name matters more
	// than ours), then the word "baseline"; below 80 columns, with several
	// systems, the wordings from that one on are the rule. Where even that
	// has no room (beside a job's progress), "(auto)" gives way, then the
	// baseline's name.
	titled := title + sep + first
	firsts := []string{titled, first}
	if len(deltas) > 0 {
		with := func(lead, delta string) string { return lead + sep + st.Muted.Render(delta) }
		firsts = []string{with(titled, deltas[0]), with(titled, deltas[1])}
		for _, d := range deltas[1:] {
			firsts = append(firsts, with(first, d))
		}
		if h.width < 80 && nsys > 1 {
			firsts = firsts[3:]
		}
	} else if h.width < 80 && nsys > 1 {
		firsts = firsts[1:]
	}
	if busy := h.busyView(c, l, jobs); busy != "" {
		first = joinFirstFit(firsts, busy, h.width)
	} else {
		first = render.FirstFit(h.width, firsts...)
	}
	nrefs := c.ds.NRefs()
	sig := scoring.Signature(set.Corpus, nrefs, scoring.SignatureVersion)
	if narrow {
		sig = scoring.ShortSignature(set.Corpus, nrefs, scoring.SignatureVersion)
	}
	order := fmt.Sprintf("N=%d", set.Corpus.MaxOrder)
	lead := ""
	if r := c.refsLabel(); r != "" { // first: what is scored is never cut off
		lead = st.Warn.Render(r) + sep
	}
	shown, withDelta := h.shownViews(c, l, h.width-render.Cells(lead))
	third := lead + st.Muted.Render(sig+" · "+order) + sep + shown[0]
	if l.filtered() || narrow || !render.Fits(third, h.width) {
		// The subset's score must not be cut off, nor the count of
		// segments (NLTK's signature is long: it does not fit whole in
		// 100 columns). The least needed gives way first: the
		// signature's fields, one at a time from its end (its version
		// first), down to its first sigKeep; then the subset's words, a
		// form at a time (shownViews), while they keep the Δ on the
		// subset; then the signature's first fields, for "…", beside the
		// fullest form of the words that fits (a stub "#:2|…" says less
		// than "match", and the Δ, which a drill-down is opened for, more
		// than the signature, which the main screen gives: a user saw
		// "Δ +4.54 on them" left out beside "#:2|c:mixed|…" at 80
		// columns); then the Δ, the signature's first fields coming back
		// where they fit; then "…" again, and last, in the shortest form,
		// the stub.
		head := sig // the signature cut to its first sigKeep fields
		if f := strings.Split(sig, "|"); len(f) > sigKeep {
			head = strings.Join(f[:sigKeep], "|") + "|…"
		}
		third = lead + shown[len(shown)-1]
		fits := func(s, opts string, keep int) bool {
			// A cell spare where terminals disagree on the label's width
			// (a filter with emoji or Devanagari), as joinRight leaves.
			room := h.width - render.Cells(lead+s) - 3 - render.Spare(lead+s)
			if o := fitOpts(opts, order, room, keep); o != "" {
				third = lead + s + sep + st.Muted.Render(o)
				return true
			}
			return false
		}
		found := false
		stubbed := func(from, to int) { // the forms from..to-1 with "…" for the signature
			for i := from; !found && i < to; i++ {
				found = fits(shown[i], "…", 1)
			}
		}
		for i := 0; !found && i < len(shown); i++ {
			if i == withDelta {
				stubbed(0, withDelta) // the Δ outstays the signature
			}
			opts := head
			if i == 0 {
				opts = sig
			}
			found = found || fits(shown[i], opts, sigKeep)
		}
		stubbed(withDelta, len(shown)-1)
		if !found {
			fits(shown[len(shown)-1], head, 0)
		}
	}
	out := []string{
		first, // fitted above (FirstFit, joinFirstFit)
		render.FirstFit(h.width, figures...),
		render.FirstFit(h.width, third),
	}
	return strings.Join(out[:min(h.lines, 3)], "\n")
}

// sigKeep is how many of the signature's fields the header keeps
// ("#:2|c:mixed|… · N=4") before a filter's words give way.
const sigKeep = 2

// fitOpts returns the signature and the max order in room cells: whole,
// else the signature cut after a field, never inside one, "|…" saying so
// ("#:2|c:mixed|… · N=4"), down to its first keep fields; with keep 0,
// down to its first field, else "…"; "" when none of these fits.
func fitOpts(sig, order string, room, keep int) string {
	if s := sig + " · " + order; render.Cells(s) <= room {
		return s
	}
	fields := strings.Split(sig, "|")
	for k := len(fields) - 1; k >= max(1, keep); k-- {
		if s := strings.Join(fields[:k], "|") + "|… · " + order; render.Cells(s) <= room {
			return s
		}
	}
	if keep == 0 && room >= 1 {
		return "…"
	}
	return ""
}

// corpusFigures is the second header line: p1..pN, BP, ratio and lengths
// (in fewer words when narrow), in its wordings from the fullest to the
// shortest: the lengths give way, then the ratio, never cut inside.
func corpusFigures(r scoring.Result, nltk, narrow bool) []string {
	p := make([]string, len(r.Precisions))
	for i, x := range r.Precisions {
		p[i] = scoring.PyFixed(x, 1) // percent, as sacrebleu prints them
		switch {
		case nltk && narrow:
			p[i] = scoring.PyFixed(x, 2) // as wide as the percentages
		case nltk:
			p[i] = scoring.PyFixed(x, 3) // fractions, on NLTK's scale as its scores are
		}
	}
	if narrow {
		bp := fmt.Sprintf("p %s BP %.3f", strings.Join(p, "/"), r.BP)
		ratio := bp + fmt.Sprintf(" ratio %.3f", r.Ratio)
		return []string{ratio + " len " + model.Thousands(r.SysLen) + "/" + model.Thousands(r.RefLen), ratio, bp}
	}
	names := "p1"
	if len(p) > 1 {
		names = fmt.Sprintf("p1..p%d", len(p))
	}
	bp := fmt.Sprintf("%s %s · BP %.3f", names, strings.Join(p, "/"), r.BP)
	ratio := bp + fmt.Sprintf(" · ratio %.3f", r.Ratio)
	return []string{ratio + " · hyp " + model.Thousands(r.SysLen) + " · ref " + model.Thousands(r.RefLen), ratio, bp}
}

// shownViews say how many segments are shown, and the corpus score of the
// filtered ones (and its Δ), or what the rows wait for (a drill-down's
// own, found again under new settings), in forms from the fullest to the
// shortest:
// a drill-down's label follows a colon ("409 of 1,875 match: HuaweiTSC
// missed "of""), a filter's quoted query does not;
// the Δ's "on them" gives way, then "match", then the Δ (with "match"
// back in a form of its own, then without it); in the last, a
// drill-down's label gives way a wording at a time, and when none fits
// room cells beside the score, the shortest is cut: the score never is.
// withDelta is how many of the forms, the first, give the Δ.
func (h header) shownViews(c common, l segList, room int) (forms []string, withDelta int) {
	st := c.st
	n := c.ds.Len()
	// While the rows wait, the line says so with each wording of the
	// label, the fullest first, as the forms below do.
	pending := func(say func(label string) string) []string {
		labels := l.filterLabels(c.shortName)
		for i, label := range labels {
			labels[i] = st.Accent.Render(c.spinner.View() + " " + say(label))
		}
		return labels
	}
	if l.refinding && c.scored != nil {
		return pending(func(label string) string { return label + ": finding its segments again…" }), 0
	}
	if l.waiting != "" && !l.rowsStale() && c.scored != nil {
		return pending(func(label string) string { return label + " waits for " + l.waiting + " scores…" }), 0
	}
	if (l.rowsStale() || l.misfit(c)) && c.scored != nil {
		switch {
		case l.filtered():
			return pending(func(label string) string { return "filtering " + label + "…" }), 0
		case l.rowsStale():
			return []string{st.Accent.Render(c.spinner.View() + " clearing the filter…")}, 0
		}
		// Rows of another system, baseline or scores: the order is made again.
		return []string{st.Accent.Render(c.spinner.View() + " sorting " + model.Thousands(n) + " segment" + model.PluralS(n) + "…")}, 0
	}
	// The count is worded "837 of 1,984" at every width, as the list's
	// rows and the significance screen word theirs.
	of := model.Thousands(len(l.rows)) + " of " + model.Thousands(n)
	if !l.filtered() {
		return []string{st.Text.Render(of + " segment" + model.PluralS(n))}, 0
	}
	match := of + " match "
	labels := l.filterLabels(c.shortName)
	count := of + " "
	if l.only != nil { // a drill-down's label is a phrase: a colon sets it off from the count
		match, count = of+" match: ", of+": "
	}
	var tails []string // the figures, the fullest first
	plain := ""        // the score without why it is 0, for the last form
	switch {
	case l.subset == nil:
		tails = []string{""}
	case l.subset.err != nil: // the reason gives way before the label
		tails = []string{st.Error.Render(" · BLEU on them: " + l.subset.err.Error()), st.Error.Render(" · BLEU on them: NLTK raises")}
	default:
		plain = st.Accent.Render(" · BLEU " + c.score(l.subset.res.Score))
		score := st.Accent.Render(" · BLEU " + c.score(l.subset.res.Score) + zeroReason(l.subset.res))
		tails = []string{score}
		if l.subset.hasBase { // the Δ on these segments, as the first line's on all
			delta := " · Δ " + c.delta(l.subset.res.Score-l.subset.base.Score)
			tails = []string{score + st.Muted.Render(delta+" on them"), score + st.Muted.Render(delta), score}
			withDelta = 3 // the forms below with tails[0] and mid
		}
	}
	mid, last := tails[min(1, len(tails)-1)], tails[len(tails)-1]
	forms = []string{
		st.Accent.Render(match+labels[0]) + tails[0],
		st.Accent.Render(match+labels[0]) + mid,
		st.Accent.Render(count+labels[0]) + mid,
	}
	if last != mid { // the Δ gone, "match" comes back where it has room
		forms = append(forms, st.Accent.Render(match+labels[0])+last)
	}
	// The last form: the first wording of the label that fits beside the
	// score (with why it is 0, unless only without it does one), else the
	// shortest cut to leave the score whole.
	// A drill-down's colon gives way before its label's wording does.
	bare := of + " "
	fits := func(label string) bool {
		switch {
		case render.Fits(count+label+last, room):
			return true
		case render.Fits(bare+label+last, room):
			count = bare
			return true
		}
		return false
	}
	i := slices.IndexFunc(labels, fits)
	if i < 0 && plain != "" { // why the score is 0 gives way to a label cut
		last = plain
		i = slices.IndexFunc(labels, fits)
	}
	label := labels[max(i, 0)]
	if i < 0 {
		label = labels[len(labels)-1]
		label = render.Truncate(label, room-render.Cells(count+last)-render.Spare(count+label+last))
	}
	return slices.Compact(append(forms, st.Accent.Render(count+label)+last)), withDelta
}

// zeroReason is why r's score is 0 in a few words after it, " (no
// 4-grams)", as score's text says it too ([model.ZeroReason]); "" for a
// score above 0.
func zeroReason(r scoring.Result) string {
	if why := model.ZeroReason(r); why != "" {
		return " (" + why + ")"
	}
	return ""
}

// busyView is the spinner, label and progress of the job in flight, or "".
// The rows job says "filtering" while the list has a filter, which it
// tests again whatever made it run (a query, a tab, an option key).
func (h header) busyView(c common, l segList, jobs jobTable) string {
	label, f, ok := jobs.status()
	if !ok {
		return ""
	}
	if label == jobLabels[jobRows] && strings.TrimSpace(l.view.Filter) != "" {
		label = "filtering"
	}
	if f > 0 && c.ds.Len() > syncRows {
		return c.spinner.View() + " " + label + " " + render.Bar(c.st, f, 12) + fmt.Sprintf(" %3.0f%%", 100*f)
	}
	return c.spinner.View() + " " + label + "…"
}

// joinFirstFit is [joinRight] with the first of lefts, wordings of one
// text from the fullest to the shortest, that fits two cells from right on
// every terminal ([render.Fits]), as a note stands from its right end (one
// space between read as one: "top 193 of 525 · 1–16 [n-grams] 1/3"); the
// shortest is cut when none does, and no wording leaves right alone.
func joinFirstFit(lefts []string, right string, width int) string {
	if len(lefts) == 0 {
		lefts = []string{""}
	}
	forms := make([]lineForm, len(lefts))
	for i, left := range lefts {
		forms[i] = lineForm{left, right}
	}
	if right == "" { // a space still between the text and the edge
		return joinRight(firstFitLine(width-1, "", forms...), "", width)
	}
	return firstFitLine(width, "  ", forms...)
}

// lineForm is one wording of a line: left, and right at its right end
// ("" for none).
type lineForm struct{ left, right string }

// firstFitLine joins ([joinLine]) the first of forms, wordings of one
// line from the fullest to the shortest, that every terminal draws in
// width cells with gap at least between its left and its right
// ([render.Fits]); when none does, the last, its left cut so that the gap
// stays (a cut note and its right end one space apart read as one:
// "… − by Onli… whole corpus").
func firstFitLine(width int, gap string, forms ...lineForm) string {
	for _, f := range forms {
		line := f.left
		if f.right != "" {
			line += gap + f.right
		}
		if render.Fits(line, width) {
			return joinLine(f.left, f.right, width)
		}
	}
	last := forms[len(forms)-1]
	left := last.left
	if last.right != "" {
		left = render.Truncate(left, width-render.Spare(left+last.right)-render.Cells(gap+last.right))
	}
	return joinLine(left, last.right, width)
}

// joinLine is left, and right at the right end when there is one
// ([joinRight]), in width cells, left cut when they do not fit.
func joinLine(left, right string, width int) string {
	if right == "" {
		return render.Truncate(left, width)
	}
	return joinRight(left, right, width)
}

// joinRight puts right at the right edge of a line width cells wide
// ([render.Cells]), cutting left to make room. When the terminals may
// draw the text in fewer cells (a name with emoji or Indic script), the
// line ends a cell short of the edge: one that filled it would lose its
// last cell to [render.Clip] ([render.Spare]).
func joinRight(left, right string, width int) string {
	width -= render.Spare(left + right)
	rw := render.Cells(right)
	if rw >= width {
		return render.Truncate(right, width)
	}
	left = render.Truncate(left, width-rw-1)
	return left + strings.Repeat(" ", max(1, width-rw-render.Cells(left))) + right
}
