package ui

import (
	"fmt"
	"slices"

	"github.com/bleuscope/bleuscope/model"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// anaCtx returns what the analysis screen reads of the root: in a
// drill-down, the systems of the table it was opened on, whose row it
// lists (a wins row's drill-down shows its own system, and tab may show
// another).
func (m Model) anaCtx() anaCtx {
	x := anaCtx{c: m.c, sys: m.list.view.System, other: m.list.view.Other, filtered: m.list.view.Filter != ""}
	if m.list.fromAnalysis {
		x.sys, x.other = m.ana.drilled.sys, m.ana.drilled.other
	}
	if m.jobs.running(jobScore) && m.c.scored != nil {
		_, _, prog := m.jobs.current(jobScore)
		x.rescoring = m.c.spinner.View() + " rescoring…"
		if f := prog.fraction(); f > 0 {
			x.rescoring += fmt.Sprintf(" %.0f%%", 100*f)
		}
	}
	return x
}

// openAnalysis opens the analysis screen where it was left (from a
// drill-down, as esc does); the job starts at the end of the Update when
// what it shows is not at hand.
func (m *Model) openAnalysis() tea.Cmd {
	if m.c.scored == nil { // opened when they land (analysisOnScores)
		m.flashFit("the analysis opens when the scores are in (any key cancels)", "the analysis opens when the scores are in")
		m.anaWaits = m.status
		return nil
	}
	if m.list.fromAnalysis {
		return m.backToAnalysis()
	}
	m.screen, m.anaFrom = screenAnalysis, screenMain
	m.ana.clamp(m.anaCtx(), m.ana.table)
	return nil
}

// analysisOnScores runs as the first scores land (ok: scored, not
// failed): the analysis n asked for before them opens, on the list it
// was asked on, and what was said meanwhile goes, unless something else
// was said since.
func (m *Model) analysisOnScores(ok bool) tea.Cmd {
	if m.anaWaits.empty() {
		return nil
	}
	m.dropWait(&m.anaWaits)
	if !ok || m.screen != screenMain {
		return nil
	}
	return m.openAnalysis()
}

// analysisFromSig follows a key on the comparison screen, which was
// opened from the screen sigFrom: when the key (n) opened the analysis
// there, rather than going back to the analysis the comparison was
// opened from, esc on the analysis comes back to the comparison as it
// was left (its test, its selected system), as it does from the list
// sorted by i; the analysis's own drill-down, and esc out of it, keep
// that way back.
func (m Model) analysisFromSig(sigFrom screen) Model {
	if m.screen == screenAnalysis && sigFrom != screenAnalysis {
		m.anaFrom = screenSig
	}
	return m
}

// leaveAnalysis goes back to the screen the analysis was opened from:
// the comparison (its state kept, its test started again at the end of
// the Update) or the list. The count, if any, goes on (see analysis).
func (m *Model) leaveAnalysis() {
	m.screen = screenMain
	if m.anaFrom == screenSig {
		m.screen = screenSig
	}
	m.anaFrom = screenMain
}

// analysis runs at the end of every Update: while the analysis screen is
// open it starts the job that makes what the screen should show when
// that is neither shown nor in flight, so the screen never shows numbers
// of other scores (a rescore, a max-order change) or of another pair of
// systems or grouping. Counts made under the same tokenizer, case and
// order are reused: only what depends on the scores is made again. While
// the n-grams are counted, a new pair or grouping gets its buckets and
// wins from a job beside the count (jobAnaPart); nothing starts while a
// rescore is in flight. A count goes on, on screen or off it, while it
// counts what the dataset and settings in force count (a smoothing change
// keeps it); else it is stopped here, as soon as they change. A
// drill-down whose row is found again under new settings (refindDrill)
// has it made off the screen.
func (m *Model) analysis() tea.Cmd {
	a := &m.ana
	if m.jobs.running(jobAnalysis) && !(a.askedDS == m.c.ds && sameCounts(a.asked.scored.Settings, m.c.set)) {
		m.jobs.stop(jobAnalysis)
	}
	if m.screen != screenAnalysis && !m.list.refinding || m.c.scored == nil || m.jobs.running(jobScore) {
		return nil // off screen, or the scores on screen are being replaced
	}
	x := m.anaCtx()
	want := a.want(x)
	switch {
	case a.baseFresh(x) && a.salientFresh(x):
		return nil
	case a.asked == want && (m.jobs.running(jobAnalysis) || a.err != nil):
		return nil // on its way, or failed for exactly this
	case m.jobs.running(jobAnalysis) && !a.baseFresh(x), a.countFailedFor(x):
		// Counting what these scores count (see above): the salient
		// n-grams of the new pair follow when the counts land, but its
		// buckets and wins need the scores only, and are made beside the
		// count.
		if a.derFresh(x) || a.partAsked == want && m.jobs.running(jobAnaPart) {
			return nil
		}
		ctx, tag, _ := m.jobs.start(jobAnaPart)
		a.partAsked = want
		a.rememberCursor(x) // its buckets replace the salient rows of the tables shown
		return anaPartCmd(ctx, tag, m.c.ds, want, a.der)
	}
	base := a.base.forScores(m.c.ds, want.scored)
	if base != nil {
		a.base = base
	}
	ctx, tag, prog := m.jobs.start(jobAnalysis)
	a.asked, a.askedDS, a.err, a.countFailed, a.phase = want, m.c.ds, nil, false, &anaPhase{}
	a.rememberCursor(x) // before its early buckets replace the salient rows shown
	dropped := a.letGo(want, base == nil)
	cmd := anaCmd(ctx, tag, m.c.ds, want, base, a.der, prog, a.phase)
	if dropped {
		cmd = releasedFirst(cmd)
	}
	return tea.Batch(m.c.spinner.Tick, cmd)
}

// keepCountsBytes is the most memory that counts of other settings may
// hold and stay kept while a count for new ones runs: a 100k-segment
// corpus's (about 140 MB for two systems), whose count takes seconds,
// not a million segments' (420 MB). A variable, so that tests can make a
// small corpus's counts large.
var keepCountsBytes = 256 << 20

// letGo drops, as a job for want starts (counting: with no counts at
// hand), what the tables it makes no longer need once the cursor's
// n-gram is kept (rememberCursor): the derived part of other scores,
// which no job reuses, and while counting, counts of other settings that
// hold more than keepCountsBytes, so that the old and the new counts of
// a million segments are never held together (2.1 GB at the peak, where
// one analysis takes 1.5); it reports whether it dropped counts, which
// the job then collects before it counts (releasedFirst). Smaller ones
// stay: a key that brings their settings back before the count lands
// (l, then l) shows them at once.
func (a *anaScreen) letGo(want anaWant, counting bool) (dropped bool) {
	if a.der != nil && a.der.scored != want.scored {
		a.der = nil
	}
	if a.partAsked.scored != want.scored {
		a.partAsked = anaWant{}
	}
	if counting && a.base != nil && a.base.an.Counts.Bytes() > keepCountsBytes {
		a.base = nil
		return true
	}
	return false
}

// countFailedFor reports whether the count failed for what x's scores
// count (the same dataset, tokenizer, case and order): counting again
// would fail again, so another pair or grouping gets its buckets and wins
// alone.
func (a *anaScreen) countFailedFor(x anaCtx) bool {
	return a.countFailed && a.askedDS == x.c.ds && sameCounts(a.asked.scored.Settings, x.c.scored.Settings)
}

// handleAnalysisEarly shows the buckets and outcomes the job made while
// it counts, and lets it go on; what a stale run sends is dropped.
func (m Model) handleAnalysisEarly(msg anaEarlyMsg) (Model, tea.Cmd) {
	if !m.jobs.live(msg.tag) {
		return m, nil
	}
	if x := m.anaCtx(); !m.ana.derFresh(x) || msg.der.anaWant == m.ana.want(x) && m.ana.der.partial {
		m.ana.der = msg.der // not over the buckets of a newer pair or grouping
	}
	m.ana.clamp(m.anaCtx(), m.ana.table)
	return m, msg.next
}

// handleAnalysisPart shows the buckets and wins of a pair or grouping
// chosen while the n-grams are counted (stale results never get here).
func (m Model) handleAnalysisPart(msg anaPartMsg) Model {
	x := m.anaCtx()
	switch {
	case msg.err != nil:
		m.flash(msg.err.Error())
	case msg.der.anaWant == m.ana.want(x) && !m.ana.derFresh(x):
		m.ana.der = msg.der
		m.ana.clamp(x, m.ana.table)
	}
	return m
}

// handleAnalysisBase shows the counts and rankings the job made, and lets
// it go on to the derived part; what a stale run sends is dropped.
func (m Model) handleAnalysisBase(msg anaBaseMsg) (Model, tea.Cmd) {
	if !m.jobs.live(msg.tag) {
		return m, nil
	}
	x := m.anaCtx()
	m.ana.rememberCursor(x)
	m.ana.installBase(x, msg.base)
	return m, msg.next
}

// handleAnalysis installs what the job made (stale results never get
// here).
func (m Model) handleAnalysis(msg anaMsg) Model {
	x := m.anaCtx()
	m.ana.rememberCursor(x) // the n-gram under the cursor, followed to its new row
	if msg.err != nil {
		if msg.base != nil { // counted, even when what follows failed
			m.ana.setBase(x, msg.base)
		}
		if msg.der != nil && (!m.ana.derFresh(x) || msg.der.anaWant == m.ana.want(x)) {
			m.ana.der = msg.der // the buckets and wins made though the count failed
			m.ana.clamp(x, m.ana.table)
		}
		m.ana.err, m.ana.countFailed = msg.err, msg.counting
		return m
	}
	m.ana.err, m.ana.countFailed = nil, false
	if !m.ana.derFresh(x) || msg.der.anaWant == m.ana.want(x) {
		m.ana.der = msg.der // else the pair or grouping changed while counting: the newer one stays, and is completed next
	}
	m.ana.installBase(x, msg.base)
	return m
}

// setBase keeps base, the counts and rankings of the scores on screen, or
// of scores that replaced the job's meanwhile but count the same (a
// smoothing change, the max-order upgrade).
func (a *anaScreen) setBase(x anaCtx, base *anaBase) {
	a.base = base
	if b := base.forScores(x.c.ds, x.c.scored); b != nil {
		a.base = b
	}
}

// installBase shows base (see setBase): the cursor on the n-gram it
// was on, else on that n-gram lowercased (once the table is made: the
// salient rows may come with a later message), the order shown within
// base's.
func (a *anaScreen) installBase(x anaCtx, base *anaBase) {
	a.setBase(x, base)
	if a.order > base.an.Counts.Orders() { // the max order went down
		a.order = 0
	}
	if items := a.ngramItems(x); items != nil {
		if a.follow != "" {
			if i := findNGram(items, a.follow, func(anaNGramItem) bool { return true }); i >= 0 {
				a.cursor[anaNGrams] = i
			}
			a.cursorSys, a.placed = x.sys, true // followed into the shown system's table
		}
		a.follow = ""
	}
	a.clamp(x, a.table)
}

// handleAnalysisKey handles keys on the analysis screen: enter drills
// into the list (esc there comes back), esc or n leaves, tab and w/p
// choose the systems as on the main screen, the option keys rescore (and
// the screen follows); the rest is the screen's.
func (m Model) handleAnalysisKey(msg tea.KeyMsg) (Model, tea.Cmd) {
	k := m.c.keys
	var cmd tea.Cmd
	if cmd, ok := m.needsTwoSystems(msg, k.NextSystem, k.PrevSystem, k.Other, k.Pin); ok {
		return m, cmd
	}
	switch {
	case key.Matches(msg, k.Quit):
		return m, m.quit()
	case key.Matches(msg, k.Back, k.Analysis):
		m.leaveAnalysis()
		return m, nil
	case msg.Type == tea.KeyEnter:
		return m.drillAnalysis()
	case key.Matches(msg, k.Significance): // is the wins table's gap significant?
		m.anaFrom = screenMain // the comparison comes back here, and esc here then leaves both
		return m, m.openSig()
	case key.Matches(msg, k.Help):
		m.openOverlay(screenHelp)
		m.help.showSection(analysisHelpTitle)
		return m, nil
	case key.Matches(msg, k.NextSystem):
		cmd = m.switchSystem(1)
	case key.Matches(msg, k.PrevSystem):
		cmd = m.switchSystem(-1)
	case key.Matches(msg, k.Other):
		cmd = m.cycleOther()
	case key.Matches(msg, k.Pin):
		cmd = m.togglePin(m.list.view.System)
	default:
		var ok bool
		x := m.anaCtx()
		if m.ana, ok = m.ana.Update(msg, x); ok {
			if n := m.ana.maxOrder(x); key.Matches(msg, k.Order) && m.ana.table == anaNGrams && int(msg.Runes[0]-'0') > n {
				return m, m.flash(fmt.Sprintf("the n-grams go up to order %d (N=%d): + raises the max order", n, n))
			}
			return m, nil
		}
		switch { // keys that mean something else here, or nothing: said, not swallowed
		case key.Matches(msg, k.Metrics):
			return m, m.flashFit("the analysis is of BLEU's n-grams: M shows chrF and TER on the list, and on B tests them",
				"the analysis is of BLEU's n-grams: M shows chrF and TER on the list",
				"the analysis is BLEU's: M shows chrF and TER on the list")
		case key.Matches(msg, k.NLTKMethod):
			return m, m.flashFit("m switches the n-grams' kind and the buckets' grouping: ←/→ to those tables",
				"m: the n-grams' kind, the buckets' grouping (←/→ to them)")
		case key.Matches(msg, k.Sort, k.Order, k.AllOrders): // on the buckets and wins
			return m, m.flashFit("o and 1–9 (0: all) pick the n-grams' order: ←/→ to the n-grams",
				"o, 1–9: the n-grams' order (←/→ to them)")
		case key.Matches(msg, k.Filter):
			return m, m.flashFit("/ filters the list: esc to it; here enter lists a row's segments",
				"/ filters the list (esc to it)")
		}
		if cmd, ok = m.handleOptionKey(msg); !ok {
			cmd, _ = m.elsewhere(msg) // the list's keys (:, X, A…): said where they work
		}
	}
	m.ana.clamp(m.anaCtx(), m.ana.table)
	return m, cmd
}

// drillAnalysis opens the segments of the row under the cursor in the
// list, labelled; esc there comes back to the table as it was left.
func (m Model) drillAnalysis() (Model, tea.Cmd) {
	x := m.anaCtx()
	if a := &m.ana; !a.ready(x, a.table) && m.anaBusy() && (a.err == nil || a.countFailed && a.table != anaNGrams) {
		// A key pressed with enter (m, tab) asked for the table: its row
		// opens once it is in, rather than "no segments" for a row of 46.
		m.flashFit("making the table: enter opens the row under the cursor as soon as it is in",
			"making the table: its row opens when it is in", "making the table…")
		a.drillWaits = m.status
		return m, nil
	}
	d, ok := m.ana.drill(x)
	if !ok {
		return m, m.flash("no segments behind this row")
	}
	var focus *model.Focus
	if g := d.ngram; g != nil { // the segment pane marks the row's n-gram
		f := model.NewFocus(g.Kind, g.NGram)
		focus = &f
		if !m.list.fromAnalysis { // the first drill-down: the orders to give back
			m.pane.beforeDrill = [2]int{m.pane.order, m.pane.picked}
		}
		if m.pane.order != 0 { // and highlights its order (0: every order)
			m.pane.order, m.pane.picked = g.Order, g.Order
		}
	}
	m.ana.drilled = d.row
	m.list.openDrill(d.label, d.rows, focus, d.sys, d.other)
	m.screen = screenMain
	return m, m.refreshRows()
}

// refindDrill runs at the end of every Update, after analysis: in a
// drill-down whose settings an option key changed (segList.refinding),
// once the analysis is made anew under the new ones, it lists the
// segments of its row there, its filter, sort and selection kept, and
// says how many there are when that changed or the segment selected is
// not among them; when the tables lack the row, or could not be made, it
// goes back to them, saying why in one line. The comparison opened in
// the drill-down follows it: the row is found again beneath it, which
// then tests the segments found again, or says the row is gone and goes
// back to the table with esc (segList.gone). While the drill-down is not
// on screen otherwise (the help over it), or a segment of it is being
// annotated, it waits.
func (m *Model) refindDrill() tea.Cmd {
	if m.list.gone != nil && m.screen == screenMain { // back from the comparison that said so
		return m.leaveGoneDrill(m.list.gone)
	}
	underSig := m.sigOpen() && m.list.fromAnalysis
	if !m.list.refinding || m.screen != screenMain && !underSig || m.ann.active() || m.c.scored == nil || m.jobs.running(jobScore) {
		return nil
	}
	x, a := m.anaCtx(), &m.ana
	if !a.ready(x, a.drilled.table) {
		if m.anaBusy() {
			return nil
		}
		if underSig {
			m.list.lost([]string{"the analysis could not be made under the new settings", "the analysis failed"})
			return nil
		}
		cmd := m.backToAnalysis() // the table says why
		m.flashFit("the analysis could not be made under the new settings: back to it", "back to the analysis, which failed")
		return cmd
	}
	was, seg := a.drilled.ngram, m.list.seg
	before := len(m.list.only)
	d, why, ok := a.refind(x)
	switch {
	case !ok && underSig:
		m.list.lost(why)
		return nil
	case !ok:
		return m.leaveGoneDrill(why)
	}
	if slices.Equal(d.rows, m.list.only) && d.row.ngram == was {
		m.list.refound(d.label) // the same segments, rescored already
		return nil
	}
	var focus *model.Focus
	if g := d.ngram; g != nil {
		f := model.NewFocus(g.Kind, g.NGram)
		focus = &f
	}
	m.list.redrill(d.label, d.rows, focus)
	m.sayRefound(d, was, before, seg)
	return m.refreshRows()
}

// leaveGoneDrill goes back from a drill-down whose row is gone under the
// new settings to the table, saying why (in forms, the fullest first).
func (m *Model) leaveGoneDrill(why []string) tea.Cmd {
	cmd := m.backToAnalysis()
	forms := make([]string, len(why))
	for i, w := range why {
		forms[i] = w + ": back to the table"
	}
	m.flashFit(forms...)
	return cmd
}

// sayRefound says how a drill-down's row found again differs: its
// n-gram lowercased (was, "The" now "the"), how many segments it has
// (before, the number it had; with a filter typed in the drill-down,
// said to be without it, the header counting what it keeps), and whether
// segment seg, selected, is among them. When it is not, the line
// replaces the status, the selection having moved; else it follows the
// status there is (the option key's) when both fit, the header showing
// the count anyway.
func (m *Model) sayRefound(d anaDrill, was string, before, seg int) {
	n := len(d.rows)
	in := slices.Contains(d.rows, seg)
	renamed := d.row.ngram != was
	if n == before && in && !renamed {
		return
	}
	lead := "found again under the new settings: "
	if renamed {
		lead = "found again as " + model.QuoteNGram(d.row.ngram) + ": "
	}
	count := fmt.Sprintf("%s segments (%s before)", model.Thousands(n), model.Thousands(before))
	if n == before {
		count = model.Thousands(n) + " segments, as before"
	}
	// A filter typed in the drill-down keeps some of these: the header
	// counts those, so the counts here say they are the row's whole.
	unfiltered, aside := "", ""
	q := m.list.view.Filter
	if q != "" {
		unfiltered, aside = " without the filter “"+q+"”", " without the filter"
	}
	forms := []string{lead + count + unfiltered, "found again: " + count + unfiltered, "found again: " + count + aside}
	if q != "" {
		forms = append(forms, fmt.Sprintf("%s found again (%s before), unfiltered", model.Thousands(n), model.Thousands(before)))
	}
	if !in {
		gone := fmt.Sprintf("; line %d is not among them", seg+1)
		m.flashFit(forms[0]+gone, forms[1]+gone, forms[2]+gone,
			fmt.Sprintf("%s segments found again (%s before)%s; line %d not in them", model.Thousands(n), model.Thousands(before), aside, seg+1),
			fmt.Sprintf("line %d not among the %s found again%s", seg+1, model.Thousands(n), aside), forms[len(forms)-1])
		return
	}
	if m.status.empty() {
		m.flashFit(forms...)
		return
	}
	more := make([]string, len(forms))
	for i, s := range forms {
		more[i] = " · " + s
	}
	m.status = m.status.then(more...)
}

// anaBusy reports whether a job is making what the analysis screen
// shows: the analysis, the buckets and wins beside a count, or the scores.
func (m Model) anaBusy() bool {
	return m.jobs.running(jobAnalysis) || m.jobs.running(jobAnaPart) || m.jobs.running(jobScore)
}

// drillWhenReady runs at the end of every Update, after analysis: an
// enter pressed while the table was being made opens the row under the
// cursor once the table is in; leaving the screen, or a job that ends
// without it (the table then says why), drops it, and a key does
// (handleKey). What was said meanwhile goes, unless something else was
// said since.
func (m *Model) drillWhenReady() tea.Cmd {
	a := &m.ana
	if a.drillWaits.empty() {
		return nil
	}
	x := m.anaCtx()
	ready := a.ready(x, a.table)
	if m.screen == screenAnalysis && !ready && m.anaBusy() {
		return nil
	}
	m.dropWait(&a.drillWaits)
	if m.screen != screenAnalysis || !ready {
		return nil
	}
	next, cmd := m.drillAnalysis()
	*m = next
	return cmd
}

// backToAnalysis leaves a drill-down: the filter and the selection there
// were before it come back, and the analysis screen where it was left.
func (m *Model) backToAnalysis() tea.Cmd {
	if m.list.focus != nil { // an n-gram's drill-down chose the pane's order
		m.pane.order, m.pane.picked = m.pane.beforeDrill[0], m.pane.beforeDrill[1]
		m.pane.order = min(m.pane.order, m.c.set.Sentence.MaxOrder)
	}
	m.list.closeDrill()
	m.screen = screenAnalysis
	m.ana.clamp(m.anaCtx(), m.ana.table)
	return m.refreshRows()
}

// analysisView draws the analysis screen with the footer of its table.
func (m Model) analysisView() string {
	c := m.c
	footer := m.ana.footer(m.anaCtx())
	if !m.status.empty() {
		footer = m.statusLine()
	}
	_, _, prog := m.jobs.current(jobAnalysis)
	running := c.spinner.View() + " waiting for the analysis…"
	if m.jobs.running(jobAnalysis) && m.ana.phase != nil {
		running = c.spinner.View() + " " + phaseNames[m.ana.phase.Load()] + "…"
		if f := prog.fraction(); f > 0 {
			running += fmt.Sprintf(" %.0f%%", 100*f)
		}
	}
	return m.ana.View(m.anaCtx(), running, footer)
}

// footer lists the keys of the current table in the window's width, the
// most needed first: with m's choices spelt out when they all fit, else
// in fewer words and, as the main screen's footer does, without the last
// hints that do not fit ([keyFooter]).
func (a anaScreen) footer(x anaCtx) string {
	k := x.c.keys
	multi := len(x.c.ds.Systems) > 1
	sys := as(k.NextSystem, "tab", "system")
	sys.SetEnabled(multi)
	base := as(k.Other, "w/p", "baseline")
	base.SetEnabled(multi)
	enter := as(k.Zoom, "enter", "segments")
	enter.SetEnabled(a.rowCount(x, a.table) > 0) // nothing to open on a table with no rows (a count that failed)
	tables := as(k.AnaTable, "←→", "table")
	back := as(k.Back, "esc", "back")
	switch a.table {
	case anaNGrams:
		modes := "missed/over/matched"
		if multi {
			modes += "/salient"
		}
		order := as(k.Sort, "o", "order")
		return keyFooter(x.c, x.c.width, []key.Binding{enter, back, tables, as(k.NLTKMethod, "m", modes), order, sys, base},
			[]key.Binding{enter, back, tables, as(k.NLTKMethod, "m", "mode"), order, sys, base})
	case anaBuckets:
		return keyFooter(x.c, x.c.width, []key.Binding{enter, back, tables, as(k.NLTKMethod, "m", "by length/ratio/score"), sys, base},
			[]key.Binding{enter, back, tables, as(k.NLTKMethod, "m", "grouping"), sys, base})
	}
	return keyFooter(x.c, x.c.width, []key.Binding{enter, back, tables, base})
}
