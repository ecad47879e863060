package ui

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/bleuscope/bleuscope/ui/render"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
)

// segList is the segment list: the view (system, sort, filter), its rows,
// the cursor and the scroll position, the filter and jump prompts. It
// owns the selection: seg is kept across re-sorts and rescoring.
type segList struct {
	view model.View
	// reads is what view.Filter reads of the metrics, kept with it
	// ([segList.setFilter]) so that asking (every Update) parses nothing.
	reads filterReads
	// pinned says the baseline (view.Other) was chosen (p, w, --baseline);
	// until it is, each system is compared with model.DefaultOther.
	pinned bool
	rows   []int
	cursor int // index into rows
	top    int // first visible row
	seg    int // selected segment
	subset *subsetScore
	maxLen int // widest hyp/ref length figure
	// anyCase is, when no row matches the filter, how many would if its
	// quoted n-grams matched in any case (anyCaseCount).
	anyCase int
	// awaited is the status shown while the rows, sorted by chrF or TER,
	// wait in line order for those scores (Model.awaitNote), which their
	// landing replaces with the sort's status.
	awaited saying
	// inLineOrder: the rows are the lines in order while the first scoring
	// run is in flight (big corpora); the scores fill in when it lands.
	inLineOrder bool
	// early are the results of the rows scored one by one while the first
	// run is in flight ([segList.fillIn]), by system and segment. It only
	// grows, so copies of the list may share it.
	early map[[2]int]scoring.Result

	// rowsFilter and rowsDrill are the filter and the drill-down the rows
	// were made for: until the rows of new ones land (a job on big
	// corpora) the list shows the previous rows and the header says it is
	// filtering.
	rowsFilter string
	rowsDrill  int
	// basis is the system, baseline and scores the rows were made for:
	// until those of others land (a job), the list shows none
	// ([segList.misfit]).
	basis rowsBasis

	filter lineInput
	// leftOut counts the control characters (unprintable or
	// bidirectional) the last key's text typed in the filter prompt (a
	// paste) had, which were left out of the query: the prompt says so
	// until the next key ([segList.leftOutNote]).
	leftOut int
	// refused is the query enter refused because it does not parse, for
	// the prompt to say so while it stands there unchanged.
	refused string
	// typedWhy is why the filter text does not parse, worded for the
	// list's width, or "" when it parses: set with the text
	// (setFilterText, updateTyping) and the width, as every frame of the
	// prompt reads it (parseError); unused, and "", when live.
	typedWhy string
	// typedText is the text typedWhy was worked out for, and typedErr why
	// it does not parse (nil when it does).
	typedText string
	typedErr  error
	// live: the filter applies as it is typed (a corpus of at most
	// syncRows segments).
	live      bool
	jump      lineInput
	typing    inputKind
	before    string // the filter when "/" was pressed, restored by esc
	beforeSeg int    // and the segment selected then
	entered   bool   // the filter was entered and its rows are not in yet
	// waiting names the metrics ("chrF", "TER", "chrF and TER") whose
	// scores the filter reads and waits for: until they land the list
	// shows no row rather than rows of other scores (query_metrics.go).
	waiting string
	// waitStatus is the status line the wait began with, cleared when
	// the rows come if it is still shown.
	waitStatus saying
	// sorting is the status of a new order whose rows are not in yet
	// (flashSort), shown when they land.
	sorting pendingSort
	// only, when not nil, are the segments an analysis drill-down shows,
	// called drillLabel; a filter typed then (view.Filter) narrows them.
	// esc clears that filter, then goes back to the analysis screen.
	only         []int
	drillLabel   drillLabel
	drill        int    // counts the drill-downs, so that rows know which they are of
	queryErr     saying // why the filter typed could not be applied (empty when it was)
	fromAnalysis bool
	// refinding: an option key changed the settings the drill-down's
	// segments were found under; they are shown, rescored, until its row
	// is found again in the analysis made anew ([Model.refindDrill]).
	refinding bool
	// gone says why (in forms from the fullest to the shortest) the row
	// is not in the analysis made anew, as found while the comparison
	// opened in the drill-down was over it: the comparison says so, and
	// the drill-down goes back to the table as soon as it is on screen
	// again ([Model.refindDrill]).
	gone []string
	// drillFrom, drillSeg, drillSort and drillDesc are the filter, the
	// selected segment and the sort there were when the drill-down opened,
	// given back when it closes.
	drillFrom string
	drillSeg  int
	drillSort model.SortKey
	drillDesc bool
	// drillView, when a drill-down showed another system than the one
	// shown (a wins row's: drillSwitched), is the system and baseline
	// before it, given back when it is left, unless the person chose others
	// in it than those it set, drillSet.
	drillView, drillSet [2]int
	drillSwitched       bool
	// fromSig: the list sorts by impact as i on the comparison screen
	// asked; esc goes back to that screen, giving back sigBack, the order
	// there was before (the filter stays as it is).
	fromSig bool
	sigBack listOrder
	// atFirst makes the next rows open on their first row (a drill-down
	// starts from its worst segment) rather than on the segment selected.
	atFirst bool
	// focus is the n-gram of the drill-down (nil for a bucket or wins
	// row): the segment pane marks it while the drill-down is shown.
	focus *model.Focus
	// mark, when annotating, is the mark of a segment of the shown system
	// drawn before its line number ("E", "✓" or ""); the root sets it for
	// each drawing.
	mark func(seg int) string

	width, height int // height: visible rows

	// impact is every segment's impact on the corpus Δ to the baseline
	// while the rows are sorted by it (the impact column), made with
	// them ([listRows]); nil on the baseline itself, which has none
	// ([segList.impactColumn]).
	impact []float64
	// impactTop is the largest of impact in magnitude, which sets the
	// column's decimals ([segList.impactDecimals]).
	impactTop float64
	// impactOf is the metric impact is of (model.MetricBLEU, MetricChrF
	// or MetricTER); impactMetric is the one the sort by impact weighs
	// (i on the comparison screen sets chrF's or TER's, i on the list
	// BLEU's; o keeps it).
	impactOf, impactMetric string
}

// listOrder is the system a list shows, its order and its selection, kept
// by a detour to give back when it ends.
type listOrder struct {
	system, seg int
	sort        model.SortKey
	desc        bool
	metric      string // the impact's (segList.impactMetric)
}

// impactColumn reports whether the list shows an impact column: while it
// sorts by impact, with the impact computed, or on the pinned baseline
// itself, whose column says — as its Δ does.
func (l segList) impactColumn() bool {
	return l.impact != nil || l.view.Sort == model.SortImpact && l.view.Other == l.view.System
}

// newSegList returns the list of ds's first system, worst first.
func newSegList(ds *model.Dataset) segList {
	l := segList{
		view:   model.View{System: 0, Other: -1, Sort: model.SortScore},
		seg:    -1,
		filter: lineInput{prompt: "/ ", limit: model.MaxQueryLen + 1}, // a longer paste is cut where ParseQuery says it is too long
		jump:   lineInput{prompt: "line: ", limit: jumpLimit},
		live:   ds.Len() <= syncRows,

		impactMetric: model.MetricBLEU,
	}
	l.show(0, len(ds.Systems))
	return l
}

// SetSize fits the list to width cells and rows visible rows.
func (l segList) SetSize(width, rows int) segList {
	l.width, l.height = width, rows
	l.checkTyped()
	l.ensureVisible()
	return l
}

// selection returns the selected segment, if the list shows one.
func (l segList) selection(c common) selection {
	return selection{sys: l.view.System, other: l.view.Other, seg: l.seg,
		ok: (c.scored != nil || l.inLineOrder) && len(l.rows) > 0 && l.seg >= 0 && l.seg < c.ds.Len()}
}

// lineOrder lists every line in order, before any score is in.
func (l *segList) lineOrder(n int) {
	rows := make([]int, n)
	for i := range rows {
		rows[i] = i
	}
	l.inLineOrder = true
	l.setRows(listRows{rows: rows})
}

// setRows installs new rows and keeps the selection on the same segment
// when it is still shown (unless atFirst says to start from the first
// row); found reports whether it was. While a filter is typed, and until
// the rows of the one entered are in, that segment is the one selected
// when "/" was pressed, so that the rows a query passes by on its way do
// not lose it. When the selection is on the first screenful, the list
// shows it from its first row, so that no row above it is hidden.
func (l *segList) setRows(r listRows) (found bool) {
	rows := r.rows
	l.rows, l.subset, l.anyCase, l.rowsFilter, l.rowsDrill = rows, r.subset, r.anyCase, l.view.Filter, l.drill
	l.basis = r.basis
	l.impact, l.impactOf = r.impact, r.impactOf
	if l.view.Other == l.view.System { // no Δ to itself, so no impact
		l.impact = nil
	}
	l.impactTop = model.ImpactTop(slices.Values(l.impact))
	l.waiting = ""
	want := l.seg
	if l.typing == typingFilter || l.entered {
		want = l.beforeSeg
	}
	l.cursor = 0
	for i, r := range rows {
		if r == want && !l.atFirst {
			l.seg = want
			l.cursor, found = i, true
			break
		}
	}
	if !found && len(rows) > 0 {
		l.seg = rows[0]
		l.atFirst = false
	}
	if l.cursor < l.height {
		l.top = 0
	}
	l.ensureVisible()
	return found
}

// moveTo selects row i (clamped); it reports whether the selection moved.
func (l *segList) moveTo(i int) bool {
	if len(l.rows) == 0 {
		return false
	}
	i = min(max(i, 0), len(l.rows)-1)
	if i == l.cursor && l.rows[i] == l.seg {
		return false
	}
	l.cursor = i
	l.seg = l.rows[i]
	l.ensureVisible()
	return true
}

// Update moves the selection for a browsing key; it reports whether the
// selection moved.
func (l segList) Update(msg tea.KeyMsg, k KeyMap) (segList, bool) {
	page := max(1, l.height-1)
	moved := false
	switch {
	case key.Matches(msg, k.Up):
		moved = l.moveTo(l.cursor - 1)
	case key.Matches(msg, k.Down):
		moved = l.moveTo(l.cursor + 1)
	case key.Matches(msg, k.PageUp):
		moved = l.moveTo(l.cursor - page)
	case key.Matches(msg, k.PageDown):
		moved = l.moveTo(l.cursor + page)
	case key.Matches(msg, k.Top):
		moved = l.moveTo(0)
	case key.Matches(msg, k.Bottom):
		moved = l.moveTo(len(l.rows) - 1)
	}
	return l, moved
}

// ensureVisible scrolls the list so the cursor row is on screen.
func (l *segList) ensureVisible() {
	n := l.height
	if n <= 0 {
		return
	}
	if l.cursor < l.top {
		l.top = l.cursor
	}
	if l.cursor >= l.top+n {
		l.top = l.cursor - n + 1
	}
	l.top = max(0, min(l.top, len(l.rows)-n))
}

// columns are the widths of the list's columns at the current size.
type columns struct {
	line, score, bar, length, bp, delta, impact, hyp int
	metrics                                          []model.SortKey // the chrF and TER columns shown, metricWidth each
	impactDecimals                                   int             // every impact cell's ([segList.impactDecimals])
}

func (l segList) columns(c common) columns {
	cols := columns{ // wide enough for the header and its sort arrow ("↑line", "↑hyp/ref")
		line:   max(5, len(itoa(c.ds.Len()))),
		score:  6,
		bar:    5,
		length: max(8, 2*l.maxLen+1),
		bp:     5,
	}
	if l.width < narrowList {
		cols.bar = 0 // the score says it already: the hypothesis needs the room
	}
	if l.view.Other >= 0 {
		cols.delta = max(6, render.Cells(l.deltaHead(c))) // "+100.0", "BLEU Δ"
	}
	if l.impactColumn() {
		cols.impact = 7
		if l.impactHead() != "impact" {
			cols.impact = 9 // "↑chrF imp"
		}
		if l.impact != nil { // as wide as its widest figure
			cols.impactDecimals = l.impactDecimals(c)
			cols.impact = max(cols.impact, len(model.FormatImpact(-l.impactTop, cols.impactDecimals)))
		}
	}
	used := 2 + cols.line + 1 + cols.score + 1 + cols.length + 1 + cols.bp + 1
	if cols.bar > 0 {
		used += cols.bar + 1
	}
	if cols.delta > 0 {
		used += cols.delta + 1
	}
	if cols.impact > 0 {
		used += cols.impact + 1
	}
	cols.metrics = l.metricColumns(c, l.width-used)
	used += len(cols.metrics) * (metricWidth + 1)
	cols.hyp = max(0, l.width-used)
	return cols
}

// header is the column header line, with an arrow on the sort column.
// The arrow comes before the column's name ("↑line", "↓BLEU"), in the cell
// each column keeps for it, so that every name stays over the right end
// of its figures, sorted by or not.
func (l segList) header(c common, cols columns) string {
	arrow := func(k model.SortKey, s string) string {
		if l.view.Sort != k || l.inLineOrder {
			return s
		}
		if l.view.Desc != (k == model.SortTER) { // TER sorts highest (worst) first
			return "↓" + s
		}
		return "↑" + s
	}
	bleu := "BLEU"
	if c.nltk() {
		bleu = "nltk"
	}
	h := "  " + render.PadLeft(arrow(model.SortLine, "line"), cols.line) + " " +
		render.PadLeft(arrow(model.SortScore, bleu), cols.score) + " " + cols.barHead() +
		render.PadLeft(arrow(model.SortLength, "hyp/ref"), cols.length) + " " +
		render.PadLeft(arrow(model.SortBP, "BP"), cols.bp) + " "
	if cols.delta > 0 {
		h += render.PadLeft(arrow(model.SortDelta, l.deltaHead(c)), cols.delta) + " "
	}
	if cols.impact > 0 {
		h += render.PadLeft(arrow(model.SortImpact, l.impactHead()), cols.impact) + " "
	}
	for _, k := range cols.metrics {
		h += render.PadLeft(arrow(k, columnTitle(k)), metricWidth) + " "
	}
	names := []string{"hypothesis"}
	if len(c.ds.Systems) > 0 {
		// Whole or not at all: the system's name takes the header's form
		// (a user saw "hypothesis · JDExp…cad…" under "JDExp…cademy").
		sys := c.shortName(l.view.System)
		names = []string{"hypothesis · " + sys, "hyp · " + sys, "hypothesis"}
	}
	room := l.width - render.Cells(h)
	pos := l.position()
	if pos == nil || l.misfit(c) { // no count of the rows of before, not shown
		return c.st.Header.Render(render.PadRight(h+render.FirstFit(room, names...), l.width))
	}
	// Which rows are in view, at the right end, as the analysis tables
	// say it: the column's name gives way first, then the sign's words.
	forms := func(pos []string) []lineForm {
		var out []lineForm
		for _, n := range append(names, "hyp") {
			out = append(out, lineForm{n, pos[0]})
		}
		for _, p := range pos[1:] {
			out = append(out, lineForm{"hyp", p})
		}
		for _, p := range pos {
			out = append(out, lineForm{"", p})
		}
		return out
	}
	// The form is the first that fits with the widest sign the list can
	// show (both ends with the total's digits), so the column's name and
	// the sign's words stay as they are while the rows scroll (the head
	// read "hypothesis" at the top and "hyp" at the bottom).
	now, widest := forms(pos), forms(l.positionForms(model.Thousands(len(l.rows))+"–"+model.Thousands(len(l.rows))))
	for i, f := range widest {
		if render.Fits(f.left+" "+f.right, room) {
			return c.st.Header.Render(h + firstFitLine(room, " ", now[i:]...))
		}
	}
	return c.st.Header.Render(h + firstFitLine(room, " ", now[len(now)-1]))
}

// position says which rows are in view when some are not
// ([segList.positionForms]); nil when every row is in view.
func (l segList) position() []string {
	span, ok := scrollRange(l.top, l.height, len(l.rows))
	if !ok || l.height <= 0 {
		return nil
	}
	return l.positionForms(span)
}

// positionForms words rows span ("14–26") of the list's rows in view, in
// forms from the fullest to the shortest: "rows 14–26 of 1984", "14–26
// of 1984", "rows 14–26", "14–26".
func (l segList) positionForms(span string) []string {
	of := spanOf(span, len(l.rows))
	return []string{"rows " + of, of, "rows " + span, span}
}

// drillFocus returns the n-gram the segment pane marks: the drill-down's,
// while it is shown.
func (l segList) drillFocus() *model.Focus {
	if !l.fromAnalysis {
		return nil
	}
	return l.focus
}

// View renders the column header and only the visible rows, so a million
// segments cost no more to draw than ten.
func (l segList) View(c common) string {
	cols := l.columns(c)
	out := make([]string, 0, l.height+1)
	out = append(out, l.header(c, cols))
	misfit := l.misfit(c)
	for i := l.top; i < l.top+l.height; i++ {
		if i >= len(l.rows) || misfit {
			out = append(out, "")
			continue
		}
		out = append(out, l.row(c, cols, l.rows[i], i == l.cursor))
	}
	if misfit && l.height > 0 {
		out[1] = c.st.Muted.Render(render.Truncate(l.againNote(l.width, "  "), l.width))
		return strings.Join(out, "\n")
	}
	if len(l.rows) == 0 && l.height > 0 && c.scored != nil {
		msg := "  no segment matches the filter (esc clears it)"
		switch {
		case l.waiting != "":
			msg = "  the filter waits for the " + l.waiting + " scores, being computed (esc clears it)"
		case !l.filtered():
			msg = "  no segments"
		case l.anyCase > 0:
			msg = render.FirstFit(l.width,
				fmt.Sprintf("  no segment matches: quoted n-grams match case exactly; ignoring case, %s would (l lowercases, esc clears the filter)", model.Thousands(l.anyCase)),
				fmt.Sprintf("  no segment matches: quoted n-grams match case exactly; ignoring case, %s would (l lowercases)", model.Thousands(l.anyCase)),
				fmt.Sprintf("  none: quoted n-grams match case; ignoring it, %s would (l)", model.Thousands(l.anyCase)),
				fmt.Sprintf("  none; ignoring case, %s would (l)", model.Thousands(l.anyCase)))
		}
		out[1] = c.st.Muted.Render(render.Truncate(msg, l.width))
	}
	return strings.Join(out, "\n")
}

// rowFigures are the figures of one row: the sentence score, the
// lengths and the brevity penalty, and the delta (when there is one).
type rowFigures struct {
	score          float64
	hypLen, refLen int
	delta          float64
	hasDelta       bool
}

// figures returns row seg's figures from the scores, or from the early
// scores of the visible rows while the first run is in flight; ok is
// false when there are none yet.
func (l segList) figures(c common, seg int, withDelta bool) (f rowFigures, ok bool) {
	sys := l.view.System
	if c.scored == nil {
		r, ok := l.early[[2]int{sys, seg}]
		return rowFigures{score: r.Score, hypLen: r.SysLen, refLen: r.RefLen}, ok
	}
	ss := c.scored.Systems[sys]
	st := ss.Stats.Get(seg)
	f = rowFigures{score: ss.Sentence[seg], hypLen: st.HypLen, refLen: st.RefLen}
	if withDelta {
		f.delta, f.hasDelta = c.scored.Delta(sys, l.view.Other, seg), true
	}
	return f, true
}

// fillIn scores the visible rows one by one while the first scoring run
// is in flight, so the first screen shows figures at once; a long
// segment waits for the run.
func (l *segList) fillIn(c common) {
	if !l.inLineOrder || c.scored != nil {
		return
	}
	if l.early == nil {
		l.early = map[[2]int]scoring.Result{}
	}
	sys := l.view.System
	for i := l.top; i < min(l.top+l.height, len(l.rows)); i++ {
		k := [2]int{sys, l.rows[i]}
		if _, ok := l.early[k]; ok {
			continue
		}
		seg := c.ds.Segment(sys, l.rows[i])
		if seg.Bytes() > syncLedgerBytes {
			continue
		}
		e := model.Explain(seg, c.set.Sentence)
		if e.Err != nil || e.EvalErr != nil {
			e.Result.Score = math.NaN()
		}
		l.early[k] = e.Result
	}
}

// row renders segment seg: line, score with a bar, lengths, BP when below
// 1, delta and the start of the hypothesis; "…" where no score is in yet.
func (l segList) row(c common, cols columns, seg int, selected bool) string {
	scoreText, lengthText, bpText, delta := "…", "", "", ""
	filled, empty := "", strings.Repeat(" ", cols.bar)
	f, ok := l.figures(c, seg, cols.delta > 0)
	if ok {
		scoreText = c.score(f.score) // "nan" where sacrebleu's arithmetic made one
		if math.IsNaN(f.score) && c.nltk() {
			scoreText = "err" // NLTK raised
		}
		frac := f.score / c.scoreScale()
		filled, empty = render.BarText(frac, cols.bar)
		if render.Drawn(frac) { // an infinite score has no bar, not even its track
			empty = strings.Repeat("·", len(empty))
		}
		if bp := scoring.BrevityPenalty(f.hypLen, f.refLen); bp < 1 {
			bpText = fmt.Sprintf("%.3f", bp)
		}
		lengthText = model.Thousands(f.hypLen) + "/" + model.Thousands(f.refLen)
		switch {
		case l.view.Other == l.view.System: // the baseline against itself: no difference to show
			delta = "—"
		case f.hasDelta:
			delta = deltaCell(f.delta, c.nltk())
		}
	}
	hyp := render.Safe(head(c.ds.Systems[l.view.System].Hyps[seg], 4*cols.hyp+16))
	parts := []string{
		render.PadLeft(itoa(seg+1), cols.line),
		render.PadLeft(scoreText, cols.score),
		filled + empty,
		render.PadLeft(lengthText, cols.length),
		render.PadLeft(bpText, cols.bp),
	}
	if cols.delta > 0 {
		parts = append(parts, render.PadLeft(delta, cols.delta))
	}
	imp := math.NaN()
	if cols.impact > 0 {
		cell := "—" // as Δ: the baseline has no impact on a Δ to itself
		if l.impact != nil {
			imp = l.impact[seg]
			cell = impactCell(imp, cols.impactDecimals)
			if model.ImpactReadsZero(imp, cols.impactDecimals) {
				imp = 0 // coloured as it reads
			}
		}
		parts = append(parts, render.PadLeft(cell, cols.impact))
	}
	impAt := len(parts) - 1 // the impact cell, when there is one
	for _, k := range cols.metrics {
		parts = append(parts, render.PadLeft(c.metricCell(k, l.view.System, seg), metricWidth))
	}
	parts = append(parts, render.Truncate(hyp, cols.hyp))
	mark := " "
	if l.mark != nil {
		if k := l.mark(seg); k != "" {
			mark = k
		}
	}
	if selected {
		return c.st.Selected.Render(render.PadRight("▸"+mark+cols.join(parts), l.width))
	}
	s := c.st
	parts[0] = s.Muted.Render(parts[0])
	parts[2] = s.Bar.Render(filled) + s.BarEmpty.Render(empty)
	parts[3] = s.Muted.Render(parts[3])
	parts[4] = s.Warn.Render(parts[4])
	if cols.delta > 0 {
		d := f.delta
		if model.DeltaReadsZero(d, c.nltk()) {
			d = 0 // coloured as it reads, a tie
		}
		parts[5] = signed(s, d).Render(parts[5])
	}
	if cols.impact > 0 {
		parts[impAt] = signed(s, imp).Render(parts[impAt])
	}
	if mark == "E" {
		mark = s.Warn.Render(mark)
	}
	return " " + mark + cols.join(parts)
}

// metricWidth is the width of the list's chrF and TER columns.
const metricWidth = 6

// narrowList is the width below which the list drops its bar column.
const narrowList = 80

// barHead is the bar column's header (blank) and its separator, or ""
// when there is no bar column.
func (cols columns) barHead() string {
	if cols.bar == 0 {
		return ""
	}
	return strings.Repeat(" ", cols.bar) + " "
}

// join joins a row's cells (line, score, bar, …) with spaces, leaving
// out the bar cell when there is no bar column.
func (cols columns) join(parts []string) string {
	if cols.bar == 0 {
		parts = append(parts[:2:2], parts[3:]...)
	}
	return strings.Join(parts, " ")
}

// signed is the style of a signed figure: good above 0, bad below.
func signed(s render.Styles, x float64) lipgloss.Style {
	switch {
	case x > 0:
		return s.Good
	case x < 0:
		return s.Bad
	}
	return s.Muted
}

// impactCell is the list's form of a segment's impact on the corpus Δ:
// [model.FormatImpact] with the column's decimals, "0" when it is none at
// all, "err" where NLTK raised.
func impactCell(x float64, decimals int) string {
	switch {
	case math.IsNaN(x):
		return "err"
	case x == 0:
		return "0"
	}
	return model.FormatImpact(x, decimals)
}

// impactDecimals is the decimals of the impact column, one for all its
// rows ([model.ImpactDecimals]): BLEU's impact is on NLTK's scale under
// --compat nltk, chrF's and TER's keep theirs.
func (l segList) impactDecimals(c common) int {
	return model.ImpactDecimals(l.impactTop, c.nltk() && l.impactOf == model.MetricBLEU)
}

// deltaCell is the list's short form of a difference of scores: signed,
// to one decimal (three on NLTK's scale), where a difference too small for
// that keeps its sign ("+0.0", "-0.0": which system is ahead, if barely)
// as long as the scores' own decimals show it ([model.FormatDelta], the
// header's form); one that reads 0 there too (NLTK's 1e-154 against 0)
// has no sign, "0.000" under the header's "Δ 0.0000", and an exact tie
// is "=". Not a number, it is "err" on NLTK's scale (NLTK raised on a
// segment) and "nan" on sacrebleu's, whose arithmetic made it (inf − inf
// under a huge add-k).
func deltaCell(d float64, nltk bool) string {
	switch {
	case math.IsNaN(d) && nltk:
		return "err"
	case math.IsNaN(d):
		return "nan"
	case d == 0:
		return "="
	}
	decimals := 1
	if nltk {
		decimals = 3
	}
	if math.IsInf(d, 0) {
		return model.FormatSigned(d, decimals) // "+inf", "-inf"
	}
	s := strconv.FormatFloat(math.Abs(d), 'f', decimals, 64)
	switch {
	case model.DeltaReadsZero(d, nltk):
		return s
	case d < 0:
		return "-" + s
	}
	return "+" + s
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

// widestLength is the widest "hyp/ref" length figure over all segments of
// every system, so the list's column never changes width while scrolling.
func widestLength(s *model.Scored) int {
	most := 0
	for _, sys := range s.Systems {
		for i := range sys.Stats.Len() {
			most = max(most, sys.Stats.HypLen(i), sys.Stats.RefLen(i))
		}
	}
	return len(model.Thousands(most))
}

// filtered reports whether the list shows a subset: a filter or a
// drill-down.
func (l segList) filtered() bool { return l.view.Filter != "" || l.only != nil }

// rowsStale reports whether the rows shown are not yet those of the
// filter and drill-down asked for.
func (l segList) rowsStale() bool { return l.view.Filter != l.rowsFilter || l.drill != l.rowsDrill }

// misfit reports whether the rows were made for another system, baseline
// or scores than the list's and those on screen (a tab, a baseline or an
// option key, the scores of R's references landed, their new rows made in
// a job): they would show another system's
// matches, or figures and an order of other scores, so the list shows
// none until the new ones land. Rows held back for a filter's metrics
// show none anyway, and a drill-down found again shows its segments,
// rescored, while it is looked for ([segList.refinding]).
func (l segList) misfit(c common) bool {
	if c.scored == nil || l.inLineOrder || l.waiting != "" || l.refinding {
		return false
	}
	want := l.shownBasis(c)
	if !l.byBaseline() { // the same rows against any baseline
		want.other = l.basis.other
	}
	return l.basis != want
}

// shownBasis is the basis the rows shown should have: the list's system
// and baseline, and the scores on screen, not the settings asked for
// (during a rescore the rows and their figures are both of the scores
// before).
func (l segList) shownBasis(c common) rowsBasis {
	return rowsBasis{l.view.System, l.view.Other, c.scored.Settings, c.scoredOn}
}

// againNote says, in width cells after lead, that the rows are being
// made again for the system, baseline and options shown, while they are
// not ([segList.misfit]): what the list and the charts show instead of
// the rows of before.
func (l segList) againNote(width int, lead string) string {
	what := "sorting"
	if l.filtered() {
		what = "filtering"
	}
	return render.FirstFit(width, lead+what+" again for the system, baseline and options shown…", lead+what+" again…")
}

// byBaseline reports whether the rows depend on the baseline: sorted by
// Δ or impact, or filtered (delta<-5, and the Δ on them in the header).
func (l segList) byBaseline() bool {
	return l.view.Sort == model.SortDelta || l.view.Sort == model.SortImpact || l.filtered()
}

// filterLabel is the filter as labels show it, safe for the terminal: the
// query as typed, always in curly quotes (“len>30 hyp:"the"”, “rain”), so
// that every filter reads as one apart from the words around it. Straight
// quotes belong to the query language, a quoted n-gram matched on tokens,
// so curly ones keep the words the cat (each a substring anywhere),
// “the cat”, apart from the n-gram, “"the cat"”, which the drill-downs
// and the pane quote straight. A drill-down's label is shown as it is (a phrase that quotes its n-gram
// itself, naming systems as name does), followed by the query that
// narrows it.
func (l segList) filterLabel(name func(sys int) string) string { return l.filterLabels(name)[0] }

// filterLabels are [segList.filterLabel]'s wordings, the fullest first: a
// drill-down's label gives way a wording at a time.
func (l segList) filterLabels(name func(sys int) string) []string {
	query := "“" + render.Safe(l.view.Filter) + "”"
	if l.only == nil {
		return []string{query}
	}
	labels := l.drillLabel(name)
	for i, s := range labels {
		labels[i] = render.Safe(s)
		if l.view.Filter != "" {
			labels[i] += " · " + query
		}
	}
	return labels
}

// show makes system sys (of n) the one listed; until a baseline is
// pinned, it is compared with model.DefaultOther.
func (l *segList) show(sys, n int) {
	l.view.System = sys
	if !l.pinned {
		l.view.Other = model.DefaultOther(sys, n)
	}
}

// WithBaseline pins system sys as the baseline every Δ is against, as p
// does; out of range, it is ignored.
func WithBaseline(sys int) Option {
	return func(root *Model) {
		if n := len(root.c.ds.Systems); n > 1 && sys >= 0 && sys < n {
			root.list.view.Other, root.list.pinned = sys, true
		}
	}
}
