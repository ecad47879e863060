package ui

import (
	"context"
	"errors"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	tea "github.com/charmbracelet/bubbletea"
)

// handleResize lays the screens out for the new window size.
func (m Model) handleResize(msg tea.WindowSizeMsg) Model {
	m.c.width, m.c.height = msg.Width, msg.Height
	m.c.help.Width = msg.Width
	m.resize()
	m.sayResumed()
	return m
}

// resize hands every component its size and redraws what depends on it.
func (m *Model) resize() {
	w, h := m.c.width, m.c.height
	l := mainLayout(w, h, m.pane.zoom)
	m.header = m.header.SetSize(w, l.header)
	m.list = m.list.SetSize(w, l.listRows)
	m.help = m.help.SetSize(w, h)
	m.warns = m.warns.SetSize(w, h)
	m.ledger = m.ledger.SetSize(w, h)
	m.charts = m.charts.SetSize(w, h)
	m.annSum = m.annSum.SetSize(w, h)
	m.sig = m.sig.SetSize(w, h)
	m.ana = m.ana.SetSize(w, h, m.anaCtx())
	if m.learn != nil {
		m.learn = m.learn.setSize(w, h)
	}
	m.refreshPane(false) // sizes the segment pane and the strip
	m.refreshOverlay(false)
}

// handleScored takes in a scoring run's result (stale ones never get
// here): the scores, and with them the rows worst first, the selection
// kept.
func (m Model) handleScored(msg scoredMsg) (Model, tea.Cmd) {
	if msg.kind == jobUpgrade {
		if msg.err == nil && msg.scored != nil {
			m.c.scored, m.c.set = msg.scored, msg.set
		}
		return m, nil
	}
	if msg.err != nil {
		if !errors.Is(msg.err, context.Canceled) {
			m.err = msg.err
			m.analysisOnScores(false)
		}
		if m.c.scored != nil { // keep showing what the scores were made with
			m.c.set = m.c.scored.Settings
		}
		return m, nil
	}
	m.err = nil
	m.c.scored, m.c.set, m.c.scoredOn = msg.scored, msg.set, m.c.ds
	opened := m.analysisOnScores(true)
	if m.screen == screenAnnSummary { // its BLEU and disagreements are the scores'
		m.refreshOverlay(false)
	}
	m.list.maxLen = widestLength(msg.scored)
	if m.list.inLineOrder && m.list.cursor == 0 {
		// The first line was selected only because the lines came first:
		// the first of the sorted rows is (a big corpus opened worst first
		// with line 1 selected half a million rows down).
		m.list.seg = -1
	}
	m.list.inLineOrder, m.list.early = false, nil
	m.jobs.stop(jobRows) // rows sorted on the previous scores are stale now
	// The scoring job made rows for the view, but not for a drill-down,
	// nor by chrF's or TER's impact.
	if note := m.awaitNote(); !note.empty() {
		m.status, m.list.awaited = note, note
	}
	if msg.rows != nil && msg.view == m.rowsView() && m.list.only == nil && !m.list.weighsMetric() {
		m.applyRows(msg.listRows)
		return m, tea.Batch(opened, m.upgrade(), m.refreshMetrics(), releaseMemory(m.c.ds.Len()))
	}
	return m, tea.Batch(opened, m.refreshRows(), m.upgrade(), m.refreshMetrics(), releaseMemory(m.c.ds.Len()))
}

// upgrade starts counting every n-gram order in the background when the
// current scores hold fewer, so that later max-order changes are only
// arithmetic. A rescore stops it.
func (m *Model) upgrade() tea.Cmd {
	if !wantsUpgrade(m.c.ds, m.c.scored) {
		return nil
	}
	ctx, tag, _ := m.jobs.start(jobUpgrade)
	return upgradeCmd(ctx, tag, m.c.ds, m.c.set)
}

// refreshRows sorts and filters the rows of the current view: at once for
// small corpora, in a job for big ones and for a filter that takes longer
// than syncRowsBudget. Before the first scores land the
// scoring run sorts them. A filter that reads chrF or TER scores not at
// hand waits for them (holdForMetrics).
func (m *Model) refreshRows() tea.Cmd {
	if m.c.scored == nil {
		m.refreshPane(false) // the list is in line order until then
		return nil
	}
	if cmd, held := m.holdForMetrics(); held {
		return cmd
	}
	ds, s, view, metrics := m.c.ds, m.c.scored, m.rowsView(), m.queryMetrics()
	if m.list.weighsMetric() {
		stats, cmd, ok := m.impactStats()
		if !ok { // the rows wait for the statistics, computed once for every view
			m.jobs.stop(jobRows)
			return cmd
		}
		view.ImpactOf = stats
	}
	if ds.Len() <= syncRows {
		m.jobs.stop(jobRows)
		ctx, cancel := context.WithTimeout(context.Background(), syncRowsBudget)
		rows, err := makeListRows(ctx, ds, s, m.c.scoredOn, view, m.list.only, m.ann.facts(ds), metrics)
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) {
			if err != nil {
				return m.rowsFailed(err)
			}
			m.applyRows(rows)
			return nil
		}
		// A filter slower than that (a big /regexp/) goes on in the job,
		// the keyboard live meanwhile.
	}
	ctx, tag, _ := m.jobs.start(jobRows)
	return tea.Batch(m.c.spinner.Tick, rowsCmd(ctx, tag, ds, s, m.c.scoredOn, view, m.list.only, m.ann.facts(ds), metrics))
}

// rowsFailed keeps the rows shown when the filter can't be applied: the
// view goes back to the filter they were made with (the prompt keeps what
// was typed) and the status line says why, in one line.
//
// A query just entered that parses but cannot be evaluated here (cat:
// without annotations) leaves the filter there was before "/": live
// filtering may have shown part of it. (One that does not parse is not
// entered: the prompt stays open, handleTyping.)
func (m *Model) rowsFailed(err error) tea.Cmd {
	if m.list.entered {
		m.list.entered = false
		m.list.backToBefore()
		// "filter unchanged" first, where an explanation too long for
		// the footer's two lines does not cut it, then why.
		m.status = whySaying("filter unchanged · ", err)
		return m.refreshRows()
	}
	failed := m.list.view.Filter
	m.list.setFilter(m.list.rowsFilter)
	m.status = whySaying("", err)
	m.list.queryErr = m.status
	if !m.list.misfit(m.c) {
		return nil
	}
	// The rows shown were made for another system, baseline or scores
	// (a tab, an option key): that filter's are made again for these, or,
	// when it is the one that failed here, the list goes back to none,
	// whose rows cannot fail, rather than wait for rows that never come.
	switch {
	case failed != m.list.view.Filter:
		return m.refreshRows()
	case failed != "":
		m.list.setFilter("")
		m.status = whySaying("filter cleared · ", err)
		m.list.queryErr = saying{}
		return m.refreshRows()
	}
	m.list.rows, m.list.basis = nil, m.list.shownBasis(m.c)
	return nil
}

// applyRows installs new rows, keeping the selection when still shown.
func (m *Model) applyRows(r listRows) {
	if m.list.waiting != "" && m.status == m.list.waitStatus {
		m.status = saying{} // the rows it promised are in
	}
	found := m.list.setRows(r)
	if m.list.typing != typingFilter || strings.TrimSpace(m.list.filter.text()) == m.list.view.Filter {
		// Else the rows are those of the last filter that applied, made
		// again (a rescore landing, the metrics): the query typed still
		// cannot be, and the prompt goes on saying why.
		m.list.queryErr = saying{}
	}
	m.list.entered, m.list.waiting = false, ""
	m.sorted()
	m.refreshPane(!found)
	if m.screen == screenCharts {
		m.refreshOverlay(false)
	}
}

// refreshPane redraws the segment pane for the selection (and, before
// the first scores, fills in the visible rows' scores).
func (m *Model) refreshPane(resetTop bool) {
	m.pane.focus = m.list.drillFocus()
	m.list.fillIn(m.c)
	sel := m.list.selection(m.c)
	// The annotations strip takes the lines the selection needs, the
	// pane the rest.
	detail := mainLayout(m.c.width, m.c.height, m.pane.zoom).detail
	strip := m.ann.stripLines(m.c, sel, detail)
	m.pane = m.pane.SetSize(m.c.width, detail-1-strip)
	m.ann = m.ann.SetSize(m.c.width, strip)
	m.pane.refresh(m.c, sel, resetTop)
}

// rescore scores the dataset again with the settings asked for, in a
// job; reuse (from [model.Scored.CanRecompute]) redoes only the
// arithmetic.
func (m *Model) rescore(reuse bool) tea.Cmd {
	m.jobs.stop(jobUpgrade)
	ctx, tag, prog := m.jobs.start(jobScore)
	var old *model.Scored
	if reuse {
		old = m.c.scored
	}
	return tea.Batch(m.c.spinner.Tick, scoreCmd(ctx, tag, m.c.ds, old, m.c.set, m.rowsView(), m.ann.facts(m.c.ds), m.queryMetrics(), prog),
		m.holdStaleFilter())
}

// applySettings switches to set and rescores: inside Update when only the
// arithmetic changes on a small corpus, else in a job. The settings are
// validated here, once, as they come from the keyboard: a bad option is
// shown by its name (max order: 10 is not between 1 and 9) and changes
// nothing.
func (m *Model) applySettings(set model.Settings) tea.Cmd {
	if err := set.Validate(); err != nil {
		msg := err.Error()
		var oe *scoring.OptionError
		if errors.As(err, &oe) {
			msg = oe.Text()
		}
		return m.flash(msg)
	}
	// A drill-down's segments were found under the settings before: its
	// row is found again under these ones (refindDrill).
	m.list.findAgain()
	ds := m.c.ds
	before := inputWarnings(m.c)
	m.c.set = set
	m.noteWarnings(before)
	m.pane.order = min(m.pane.picked, set.Sentence.MaxOrder)
	reuse := m.c.scored != nil && m.c.scored.CanRecompute(set)
	if reuse && ds.Len()*len(ds.Systems) <= syncRecompute {
		s, _ := m.c.scored.Recompute(ds, set)
		m.jobs.stop(jobScore) // a run still in flight has the old settings
		m.jobs.stop(jobUpgrade)
		m.c.scored = s
		m.list.maxLen = widestLength(s)
		return tea.Batch(m.refreshRows(), m.upgrade())
	}
	m.refreshPane(false)
	return m.rescore(reuse)
}

// errGist is what err says is wrong, in fewer words for a status line's
// shorter wordings: an input error's gist ([model.InputError.Gist], which
// knows where its fix begins), any other error's message whole.
func errGist(err error) string {
	var ie *model.InputError
	if errors.As(err, &ie) {
		return ie.Gist()
	}
	return err.Error()
}

// explainLong runs at the end of every Update: it forgets the
// explanations of long segments no longer selected and starts explaining
// the selected ones not at hand, unless that job runs already.
func (m *Model) explainLong() tea.Cmd {
	keys := m.pane.shown
	m.pane.keep(keys)
	missing := m.pane.missing(m.c, keys)
	if len(missing) == 0 || m.jobs.runningFor(jobExplain, missing) {
		return nil
	}
	tag := m.jobs.startFor(jobExplain, missing)
	return tea.Batch(ledgerCmd(tag, m.c.ds, missing), m.c.spinner.Tick)
}

// handleLedger installs long explanations the selection still asks for,
// and opens the walk-through waiting for them.
func (m Model) handleLedger(msg ledgerMsg) (Model, tea.Cmd) {
	keys := m.pane.shown
	if !m.pane.install(msg.done, keys) {
		return m, nil // the selection or the options moved on
	}
	m.refreshPane(false)
	m.refreshOverlay(false)
	if len(keys) > 0 && m.jobs.pendingFor(jobWalk, keys[:1]) && m.screen == screenMain {
		return m, m.openExplain()
	}
	return m, nil
}

// handleWalk opens a walk-through rendered off the UI loop (a key since
// e would have stopped the job, and then its result never gets here).
func (m Model) handleWalk(msg walkMsg) Model {
	m.learn = msg.learner
	if msg.width != m.c.width || msg.height != m.c.height {
		m.learn = m.learn.setSize(m.c.width, m.c.height)
	}
	m.screen = screenExplain
	return m
}

// forward hands messages no handler claimed to an open walk-through or
// lessons.
func (m Model) forward(msg tea.Msg) (Model, tea.Cmd) {
	var cmd tea.Cmd
	if m.learn != nil && (m.screen == screenExplain || m.screen == screenLessons) {
		m.learn, cmd = m.learn.update(msg)
		if m.learn.closed() {
			m.learn = nil
			m.screen = screenMain
		}
	}
	return m, cmd
}
