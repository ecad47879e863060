package ui

import (
	"errors"
	"fmt"
	"github.com/charmbracelet/x/ansi"
	"strings"
	"sync/atomic"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/bleuscope/bleuscope/ui/render"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// anaTable names the analysis screen's tables, in the order ←/→ move
// through them.
type anaTable int

const (
	anaNGrams  anaTable = iota // n-grams of the shown system, of one kind (or salient vs the baseline)
	anaBuckets                 // buckets of the shown system's segments, every system scored on them
	anaWins                    // wins, ties and losses of every system against the baseline
	numAnaTables
)

// anaTableNames are the tables' names in the title's tab strip.
var anaTableNames = [numAnaTables]string{"n-grams", "buckets", "wins"}

// anaMode is what the n-gram table ranks: a kind of the shown system, or
// the salient n-grams of the shown system against the baseline.
type anaMode int

const (
	anaMissed  anaMode = iota // in a reference, not produced
	anaOver                   // produced beyond what any reference supports
	anaMatched                // produced and supported
	anaSalient                // matched by one of the pair far more than by the other
	numAnaModes
)

// anaModeKinds are the kinds of the modes that rank one system's counts.
var anaModeKinds = []scoring.Kind{scoring.Missed, scoring.Over, scoring.Matched}

// String names the mode as the title says it.
func (k anaMode) String() string {
	if k == anaSalient {
		return "salient"
	}
	return anaModeKinds[k].String()
}

// anaPhase says what the analysis job is doing, for the progress line;
// the job stores, the view loads.
type anaPhase struct{ atomic.Int32 }

// The phases of the analysis job.
const (
	phaseCounting   int32 = iota // counting the n-grams of every system
	phaseRanking                 // ranking them
	phaseComparing               // salient n-grams, buckets and outcomes of the pair
	phaseResampling              // the buckets' bootstrap intervals
)

var phaseNames = []string{"counting n-grams", "ranking n-grams", "comparing systems", "resampling buckets"}

// anaScreen is the analysis screen: three tables (←/→ between them), a
// cursor and scroll position in each, the n-gram mode and order and the
// bucket grouping. What it shows comes from the analysis job: base (the
// n-gram counts and rankings) and der (what depends on the shown system,
// the baseline and the grouping); each is shown only while it was made
// for the scores on screen and the current choices.
type anaScreen struct {
	base *anaBase
	der  *anaDerived
	err  error
	// countFailed says err is the count's (the limit of n-grams held
	// passed): the buckets and wins, which need the scores only, are
	// still made and shown.
	countFailed bool
	asked       anaWant        // what the job in flight makes
	askedDS     *model.Dataset // and of which dataset
	// partAsked is what the buckets and wins made beside a count are for
	// (jobAnaPart).
	partAsked anaWant
	phase     *anaPhase // what it is doing
	table     anaTable
	mode      anaMode
	order     int // 0: every order, one after the other
	by        int // index in model.BucketBys
	cursor    [numAnaTables]int
	top       [numAnaTables]int
	// follow is the n-gram the cursor was on when a recount began,
	// followed to its new row when the count lands ("" for none).
	follow string
	// cursorSys is the system whose n-gram table the cursor's row was
	// last placed in (while placed): when another system's is shown, the
	// cursor follows its n-gram there ([anaScreen.followSystem]).
	cursorSys int
	placed    bool
	// drillWaits is the status said when enter was pressed while the
	// table was being made: the row under the cursor opens once it is
	// ([Model.drillWhenReady]); empty for none.
	drillWaits saying
	// drilled is the row the last drill-down lists, found again in the
	// tables made anew when an option key is pressed in it
	// ([anaScreen.refind]).
	drilled anaRow
	width   int
	height  int
}

// rememberCursor keeps the n-gram under the cursor, unless one is kept
// already, for the count that will replace the tables.
func (a *anaScreen) rememberCursor(x anaCtx) {
	if a.placed && a.mode != anaSalient {
		x.sys = a.cursorSys // the system switched meanwhile: the row is of the table shown before
	}
	if prev := a.items(x, false); a.follow == "" && a.cursor[anaNGrams] < len(prev) {
		a.follow = prev[a.cursor[anaNGrams]].text()
	}
}

// followSystem moves the n-gram table's cursor, when another system is
// shown than the one it was placed for (tab, or tab in a drill-down and
// esc), to the row of the n-gram it was on, as a recount does; when the
// new table lacks that n-gram, to that of the nearest row around it that
// the new table has. The salient table, of the pair, follows through its
// recount (rememberCursor).
func (a *anaScreen) followSystem(x anaCtx) {
	from, placed := a.cursorSys, a.placed
	a.cursorSys, a.placed = x.sys, true
	if !placed || from == x.sys || a.mode == anaSalient {
		return
	}
	was := x
	was.sys = from
	prev, now := a.items(was, true), a.ngramItems(x)
	row := make(map[string]int, len(now))
	for i, it := range now {
		row[it.text()] = i
	}
	c := a.cursor[anaNGrams]
	for d := 0; c-d >= 0 || c+d < len(prev); d++ {
		for _, i := range []int{c - d, c + d} {
			if i < 0 || i >= len(prev) {
				continue
			}
			if j, ok := row[prev[i].text()]; ok {
				a.cursor[anaNGrams] = j
				return
			}
		}
	}
}

// anaCtx is what the screen reads of the root: the shared state, the
// shown system and the baseline (-1 for none).
type anaCtx struct {
	c          common
	sys, other int
	rescoring  string // what the rescore in flight says ("" for none): the tables shown are of the scores before it
	filtered   bool   // the list has a filter, which the analysis, of the whole corpus, does not follow
}

// SetSize fits the screen to width×height cells: the row under each
// table's cursor stays in view, as the list keeps its selection, scrolled
// the least that takes.
func (a anaScreen) SetSize(width, height int, x anaCtx) anaScreen {
	a.width, a.height = width, height
	if x.c.scored != nil { // no table before the first scores
		for t := range numAnaTables {
			a.clamp(x, t)
		}
	}
	return a
}

// bodyRows is how many table rows fit under the title, the note and the
// table's head, above the footer.
func (a anaScreen) bodyRows() int { return max(1, a.height-4) }

// bucketBy is the grouping the bucket table shows.
func (a anaScreen) bucketBy() model.BucketBy { return model.BucketBys[a.by] }

// rowCount is the number of rows of table t.
func (a anaScreen) rowCount(x anaCtx, t anaTable) int {
	switch t {
	case anaNGrams:
		return len(a.ngramItems(x))
	case anaBuckets:
		return len(a.bucketItems(x))
	}
	return len(a.winItems(x))
}

// ready reports whether table t's numbers are at hand (those of the
// scores on screen and the current choices).
func (a anaScreen) ready(x anaCtx, t anaTable) bool {
	switch {
	case t != anaNGrams: // the buckets and wins need the scores only
		return a.derFresh(x)
	case a.mode != anaSalient:
		return a.baseFresh(x)
	}
	return a.baseFresh(x) && a.salientFresh(x)
}

// clamp keeps table t's cursor on a row and visible; while the table's
// numbers are being made it leaves the cursor where it is, for them.
func (a *anaScreen) clamp(x anaCtx, t anaTable) {
	if a.ready(x, anaNGrams) {
		a.followSystem(x)
	}
	if !a.ready(x, t) {
		return
	}
	var items []anaBucketItem
	n := 0
	if t == anaBuckets { // built once: the count, the stops and the view need them
		items = a.bucketItems(x)
		n = len(items)
	} else {
		n = a.rowCount(x, t)
	}
	h := a.bodyRows()
	a.cursor[t] = min(max(a.cursor[t], 0), max(n-1, 0))
	start, end, tall := 0, 0, false
	if t == anaBuckets && n > 0 {
		// A bucket's rows are one stop, at its first, when they fit in
		// the view; each row of a taller one is a stop, so that its last
		// systems can be seen (14 systems at 60×16 hid two of each).
		start, end = bucketSpan(items, a.cursor[t])
		if tall = end-start+1 > h; !tall {
			a.cursor[t] = start
		}
	}
	a.top[t] = min(a.top[t], a.cursor[t], max(n-h, 0))
	if a.cursor[t] >= a.top[t]+h {
		a.top[t] = a.cursor[t] - h + 1
	}
	if t == anaBuckets && n > 0 {
		// The whole bucket under the cursor in view when it fits, and no
		// rows of an earlier bucket whose label is above the view at the
		// top (a taller one's label is drawn again there, bucketView).
		if !tall && end >= a.top[t]+h {
			a.top[t] = min(end-h+1, a.cursor[t])
		}
		for a.top[t] < start && !items[a.top[t]].first {
			a.top[t]++
		}
	}
}

// bucketSpan returns the first and last rows of the bucket that row i of
// the bucket table is in.
func bucketSpan(items []anaBucketItem, i int) (start, end int) {
	start, end = i, i
	for start > 0 && !items[start].first {
		start--
	}
	for end+1 < len(items) && !items[end+1].first {
		end++
	}
	return start, end
}

// modes returns the n-gram modes m cycles through: salient only with two
// systems or more.
func (a anaScreen) modes(x anaCtx) int {
	if len(x.c.ds.Systems) > 1 {
		return int(numAnaModes)
	}
	return int(anaSalient)
}

// Update handles the screen's own keys: ←/→ switch table, m cycles the
// n-gram mode or the bucket grouping, o (or a digit, 0 for all) the
// n-gram order, the arrows and pages move the cursor. It reports whether
// the key was one of them.
func (a anaScreen) Update(msg tea.KeyMsg, x anaCtx) (anaScreen, bool) {
	k := x.c.keys
	t := a.table
	switch {
	case key.Matches(msg, k.AnaTable):
		d := 1
		if msg.Type == tea.KeyLeft {
			d = int(numAnaTables) - 1
		}
		a.table = (a.table + anaTable(d)) % numAnaTables
	case key.Matches(msg, k.NLTKMethod) && t == anaNGrams:
		a.mode = (a.mode + 1) % anaMode(a.modes(x))
		a.cursor[t], a.top[t] = 0, 0
	case key.Matches(msg, k.NLTKMethod) && t == anaBuckets:
		a.by = (a.by + 1) % len(model.BucketBys)
		a.cursor[t], a.top[t] = 0, 0
	case key.Matches(msg, k.Sort) && t == anaNGrams:
		step := 1
		if backward(msg) {
			step = a.maxOrder(x)
		}
		a.order = (a.order + step) % (a.maxOrder(x) + 1)
		a.cursor[t], a.top[t] = 0, 0
	case key.Matches(msg, k.Order) && t == anaNGrams:
		a.order = min(int(msg.Runes[0]-'0'), a.maxOrder(x))
		a.cursor[t], a.top[t] = 0, 0
	case key.Matches(msg, k.AllOrders) && t == anaNGrams:
		a.order = 0
		a.cursor[t], a.top[t] = 0, 0
	case key.Matches(msg, k.Up):
		a.cursor[t]--
	case key.Matches(msg, k.Down):
		a.cursor[t]++
		// To the next bucket's first row, if any, from a bucket that fits
		// in the view; a taller one's rows a row at a time (clamp).
		if t != anaBuckets {
			break
		}
		items := a.bucketItems(x)
		if a.cursor[t] > len(items) {
			break
		}
		if start, end := bucketSpan(items, a.cursor[t]-1); end-start+1 <= a.bodyRows() {
			for i := a.cursor[t]; i < len(items); i++ {
				if items[i].first {
					a.cursor[t] = i
					break
				}
			}
		}
	case key.Matches(msg, k.PageUp):
		a.cursor[t] -= a.bodyRows()
	case key.Matches(msg, k.PageDown):
		a.cursor[t] += a.bodyRows()
	case key.Matches(msg, k.Top):
		a.cursor[t] = 0
	case key.Matches(msg, k.Bottom):
		a.cursor[t] = a.rowCount(x, t) - 1
	default:
		return a, false
	}
	a.clamp(x, a.table)
	return a, true
}

// maxOrder is the highest n-gram order counted (that of the settings
// shown before the counts land).
func (a anaScreen) maxOrder(x anaCtx) int {
	if a.base != nil {
		return a.base.an.Counts.Orders()
	}
	return x.c.shown().Corpus.MaxOrder
}

// anaFirstRow is the screen line of the first table row, under the
// title, the note and the table's head.
const anaFirstRow = 3

// mouse moves the cursor with the wheel, or to a row clicked.
func (a anaScreen) mouse(msg tea.MouseMsg, x anaCtx) anaScreen {
	t := a.table
	switch {
	case msg.Button == tea.MouseButtonWheelUp:
		a.cursor[t]--
	case msg.Button == tea.MouseButtonWheelDown:
		a.cursor[t]++
	case msg.Button == tea.MouseButtonLeft && msg.Action == tea.MouseActionPress && msg.Y >= anaFirstRow:
		if i := a.top[t] + msg.Y - anaFirstRow; i < a.rowCount(x, t) && msg.Y < anaFirstRow+a.bodyRows() {
			a.cursor[t] = i
		}
	}
	a.clamp(x, t)
	return a
}

// anaDrill is what enter on a row opens: the segments, the label the list
// shows for them, and for an n-gram row the n-gram itself.
type anaDrill struct {
	rows  []int
	label drillLabel
	ngram *anaNGram
	// sys is the system whose segments they are, against other: the
	// shown system and its baseline but for a wins row of another system.
	sys, other int
	// row is the row they are of.
	row anaRow
}

// drillLabel says what a drill-down's segments are, in its wordings from
// the fullest to the shortest: phrases that quote their n-gram
// themselves, naming each system as name does: the frame's form of a
// name, which the width decides, so the label is made when drawn.
type drillLabel func(name func(sys int) string) []string

// anaNGram is the n-gram of a drilled row, for the segment pane: the
// system whose segments show it, what it counts there for that system
// (for a salient row in the baseline's favour: missed), its order, its id
// in the analysis and its tokens joined by spaces.
type anaNGram struct {
	System int
	Kind   scoring.Kind
	Order  int
	ID     int
	NGram  string
}

// drill returns what the row under the cursor opens; ok is false when
// there is no row.
func (a anaScreen) drill(x anaCtx) (anaDrill, bool) {
	i := a.cursor[a.table]
	row := anaRow{table: a.table, sys: x.sys, other: x.other}
	switch a.table {
	case anaNGrams:
		items := a.ngramItems(x)
		if i >= len(items) {
			return anaDrill{}, false
		}
		it := items[i]
		row.ngram, row.order, row.favA = it.text(), it.order(), it.favA
		return drillOf(x, a.drillNGram(x, it), row), true
	case anaBuckets:
		items := a.bucketItems(x)
		if i >= len(items) || len(items[i].b.Rows) == 0 {
			return anaDrill{}, false
		}
		row.bucket, row.system = items[i].bucket, items[i].system
		return drillOf(x, a.drillBucket(x, items[i]), row), true
	}
	items := a.winItems(x)
	if i >= len(items) || len(items[i].rows) == 0 {
		return anaDrill{}, false
	}
	row.system, row.outcome = items[i].system, items[i].outcome
	d := a.drillWins(x, items[i])
	d.row = row
	return d, true
}

// drillOf returns d, of row, with the shown system and its baseline,
// whose segments it lists.
func drillOf(x anaCtx, d anaDrill, row anaRow) anaDrill {
	d.sys, d.other, d.row = x.sys, x.other, row
	return d
}

// View draws the screen with its footer; running is the progress line
// shown while the job makes what the table needs.
func (a anaScreen) View(x anaCtx, running, footer string) string {
	c := x.c
	st := c.st
	titles, notes, head, body := a.tableView(x, running)
	tabs := make([]string, numAnaTables)
	for t, n := range anaTableNames {
		tabs[t] = n
		if anaTable(t) == a.table {
			tabs[t] = "[" + n + "]"
		}
	}
	if c.width < 100 { // the current table only, and where it is
		tabs = []string{fmt.Sprintf("[%s] %d/%d", anaTableNames[a.table], a.table+1, numAnaTables)}
	}
	right := strings.Join(tabs, " ")
	switch {
	case x.rescoring != "": // the tables are of the scores before it
		right = x.rescoring + "  " + right
	case a.table != anaNGrams && !a.baseFresh(x) && a.derFresh(x) && !a.countFailed: // shown while the n-grams are counted
		right = strings.TrimSpace(running) + "  " + right
	}
	lines := make([]string, 0, c.height)
	// The fullest title that leaves the tab strip room.
	lines = append(lines, st.Title.Render(joinFirstFit(titles, right, c.width)))
	rights, fewer := a.noteRights(x)
	lines = append(lines, st.Muted.Render(noteLine(notes, rights, fewer, c.width)))
	if head != "" {
		lines = append(lines, st.Header.Render(render.Truncate(head, c.width)))
	}
	for _, l := range body {
		lines = append(lines, render.Truncate(l, c.width))
	}
	for len(lines) < c.height-1 {
		lines = append(lines, "")
	}
	lines = append(lines[:max(1, c.height-1)], st.Muted.Render(render.Truncate(footer, c.width)))
	return fit(strings.Join(lines, "\n"), c.width, c.height)
}

// noteLine draws the line under the title in width cells: the note, and
// at the right end what the counts and scores were made with (that one
// reference is scored alone, that the tables do not follow the filter,
// the settings). Each comes in forms, from the fullest to the shortest:
// notes and rights, then fewer, the right end in fewer words still once
// the note has given way ("" when it has none). What gives way first is
// the least needed: the right end's wording among rights, then the
// note's wording, then the right end for fewer; the right end is never
// left out, and only the note's last form is ever cut. A form fits when
// every terminal draws the line in width cells ([render.Fits]), however
// it counts a name's emoji or Indic script.
func noteLine(notes, rights []string, fewer string, width int) string {
	// Each note beside each of rights, the right giving way before the
	// note does, then beside fewer.
	var forms []lineForm
	beside := func(rights ...string) {
		for _, note := range notes {
			for _, right := range rights {
				forms = append(forms, lineForm{note, right})
			}
		}
	}
	beside(rights...)
	if fewer != "" {
		beside(fewer)
	}
	return firstFitLine(width, "  ", forms...) // two spaces at least between
}

// noteRights returns the forms of the note line's right end, from the
// fullest to the shortest, as [noteLine] takes them: that one reference
// is scored alone (always whole), that the tables are of the whole corpus
// when the list has a filter, and from 100 columns the settings, in the
// one wording every table gives them ([settingsLabel]). The filter's
// warning says it in fewer words only after the note does (fewer);
// neither is left out (a user test saw
// the settings give way to the warning, so that lowercasing with l did
// not show).
func (a anaScreen) noteRights(x anaCtx) (rights []string, fewer string) {
	scope := x.c.refsLabel()
	if x.filtered { // said, as the tables do not follow it
		scope, fewer = joinDot(scope, "whole corpus, not the filter"), joinDot(scope, "whole corpus")
	}
	set := ""
	if x.c.width >= 100 {
		set = settingsLabel(x.c.shown())
	}
	rights = []string{joinDot(scope, set)}
	if fewer != "" {
		fewer = joinDot(fewer, set)
	}
	return rights, fewer
}

// joinDot joins the parts that are not empty with " · ", so that they do
// not read as one ("whole corpus, not the filter 13a mixed" did).
func joinDot(parts ...string) string {
	var kept []string
	for _, p := range parts {
		if p != "" {
			kept = append(kept, p)
		}
	}
	return strings.Join(kept, " · ")
}

// tableView returns the title (in its forms, from the fullest to the
// shortest: [anaTitles]), the note under it (in its forms likewise), the
// column head and the visible rows of the current table, or what stands for them while the
// job runs or when it failed.
func (a anaScreen) tableView(x anaCtx, running string) (titles, notes []string, head string, body []string) {
	c := x.c
	titles = anaTitles(c.shortName(x.sys))
	switch {
	case a.err != nil && (a.table == anaNGrams || !a.countFailed || !a.derFresh(x)):
		// Wrapped, so that the fix at its end shows (it names the flag
		// to raise, --max-ngrams), and what can be done here.
		msg := render.Safe(strings.TrimPrefix(a.err.Error(), "bleuscope: "))
		var limit *model.NGramLimitError
		switch { // - only while there is an order to lower
		case !errors.As(a.err, &limit):
		case a.asked.scored.Settings.Corpus.MaxOrder > 1:
			msg += "\n\nHere, - lowers the max order (fewer n-grams to count); the buckets and wins (←→) need no counts."
		default:
			msg += "\n\nHere, the buckets and wins (←→) need no counts."
		}
		for l := range strings.SplitSeq(render.Wrap(msg, c.width), "\n") {
			body = append(body, c.st.Warn.Render(l))
		}
		failed := "the analysis failed"
		if a.countFailed { // at which max order: after -, the same words would say nothing new
			failed = "the 1-grams could not be counted"
			if n := a.asked.scored.Settings.Corpus.MaxOrder; n > 1 {
				failed = fmt.Sprintf("the 1–%d-grams could not be counted", n)
			}
		}
		return titles, []string{failed}, "", body
	case !a.baseFresh(x) && a.table == anaNGrams:
		return titles, []string{"counting every n-gram of every system against every reference", "counting every n-gram"}, "", []string{c.st.Accent.Render(running)}
	}
	switch a.table {
	case anaNGrams:
		return a.ngramView(x, running)
	case anaBuckets:
		return a.bucketView(x, running)
	}
	return a.winsView(x, running)
}

// anaTitles returns a title's forms, from the fullest to the shortest:
// "analysis · " then each of forms (themselves from the fullest to the
// shortest), then the last of forms alone. A shorter form leaves out the
// least: the screen's name, then the wording, never what a title counts
// (the n-gram table's "top 50 of 6,050").
func anaTitles(forms ...string) []string {
	out := make([]string, 0, len(forms)+1)
	for _, f := range forms {
		out = append(out, "analysis · "+f)
	}
	return append(out, forms[len(forms)-1])
}

// visible draws the rows of the current table in view, the one under the
// cursor marked; line draws row i.
func (a anaScreen) visible(x anaCtx, n int, line func(i int) string) []string {
	t := a.table
	var out []string
	for i := a.top[t]; i < n && i < a.top[t]+a.bodyRows(); i++ {
		s := line(i)
		if i == a.cursor[t] {
			// Highlighted whole, as the list's selected row: the cells'
			// own styles (a bar's colour) would end the highlight.
			out = append(out, x.c.st.Selected.Render(render.Truncate("›"+ansi.Strip(s), x.c.width)))
			continue
		}
		out = append(out, " "+s)
	}
	return out
}

// rowsInView says, for the title, which of the current table's total
// rows are in view when some are not: " · rows 3–14 of 14", or below
// [anaTerseRows] columns, on every table alike, without "rows": " · 3–14
// of 14"; "" when every row is.
func (a anaScreen) rowsInView(total int) string {
	span, ok := scrollRange(a.top[a.table], a.bodyRows(), total)
	if !ok {
		return ""
	}
	return a.rowsWord() + spanOf(span, total)
}

// anaTerseRows is the width below which every analysis table says the
// rows in view without the word "rows", which the n-gram table's count
// leaves no room for at 60 columns: one way at each width, where at 60
// one table wrote "· 1–12" and another "· rows 1–12 of 17".
const anaTerseRows = 80

// rowsWord is what comes before the rows in view in a title: " · rows "
// from [anaTerseRows] columns, else " · ".
func (a anaScreen) rowsWord() string {
	if a.width < anaTerseRows {
		return " · "
	}
	return " · rows "
}

// rowsOfHeld says it of a table whose total rows are only part of a
// ranking, held saying how many of how many n-grams ("top 200 of
// 129,941", [anaScreen.ranksOf]): held first, which gives the rows'
// count, then the rows in view, " · top 200 of 129,941 · rows 3–14" (not
// "rows 3–14 of 200 of 129,941", two "of"s a reader had to untangle), or
// below [anaTerseRows] columns " · top 200 of 129,941 · 3–14"; held
// alone when every row is in view. With held "" it is
// [anaScreen.rowsInView].
func (a anaScreen) rowsOfHeld(total int, held string) string {
	span, ok := scrollRange(a.top[a.table], a.bodyRows(), total)
	switch {
	case held == "":
		return a.rowsInView(total)
	case !ok:
		return " · " + held
	}
	return " · " + held + a.rowsWord() + span
}

// waiting is the body of a table whose numbers the job is still making.
func waiting(x anaCtx, running string) []string {
	return []string{x.c.st.Accent.Render(running)}
}

// anaNameWidth is the width of system sys's name in the analysis
// tables' columns: that of its short form (at least 6 cells), so that a
// column of it ([common.systemCell]) abbreviates a name as the title and
// the note do.
func anaNameWidth(c common, sys int) int { return max(6, render.Cells(c.shortName(sys))) }

// settingsLabel says in a few words what the analysis shown was made
// with (tokenizer, case, max order, and the smoothing, NLTK's method in
// nltk compat): "13a lc N=4 exp", "13a mixed N=4 nltk m7". Every table
// words it so, at every width: the fuller "tok:13a case:lc N=4
// smooth:exp" does not fit beside the buckets' note at 100 columns.
func settingsLabel(set model.Settings) string {
	o := set.Corpus
	lc := "mixed"
	if o.Lowercase {
		lc = "lc"
	}
	smooth := o.Smooth
	if o.Compat == scoring.CompatNLTK {
		smooth = fmt.Sprintf("nltk m%d", o.NLTK.Smoothing.Method)
	}
	return fmt.Sprintf("%s %s N=%d %s", o.Tokenize, lc, o.MaxOrder, smooth)
}
