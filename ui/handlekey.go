package ui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// handleKey routes a key: ctrl+c always quits; then a focused text input
// takes it (so "q" in the filter is a letter), then an open screen, then
// the global keys, then the list. A key read together with the Escape
// before it is handled as esc, then that key ([Model.handleAfterEsc]).
func (m Model) handleKey(msg tea.KeyMsg) (Model, tea.Cmd) {
	if msg.Type == tea.KeyCtrlC {
		return m, m.quit()
	}
	if msg.Alt && !msg.Paste && (msg.Type == tea.KeyEscape || !m.typingNote()) {
		return m.handleAfterEsc(msg)
	}
	m.cancelWaits() // a key cancels a drill-down or an analysis still waited for
	m.status = saying{}
	if !key.Matches(msg, m.c.keys.Explain) {
		m.jobs.stop(jobWalk) // a key cancels a walk-through still waited for
	}
	if m.list.typing != typingNone {
		return m.handleTyping(msg)
	}
	if m.exp.typing {
		return m.handleExportKey(msg)
	}
	if msg.Type == tea.KeyRunes && len(msg.Runes) > 1 && !msg.Paste {
		return m.handleRunes(msg.Runes)
	}
	if m.ann.active() && m.screen == screenMain {
		return m.handleAnnotatorKey(msg)
	}
	switch m.screen {
	case screenExplain:
		switch {
		case key.Matches(msg, m.c.keys.Quit):
			return m, m.quit() // q quits here as on every other screen
		case key.Matches(msg, m.c.keys.Help): // and ? shows the help, esc coming back to the step
			m.openOverlay(screenHelp)
			return m, nil
		}
		return m.forward(msg)
	case screenLessons:
		return m.forward(msg)
	case screenHelp, screenLedger, screenCharts, screenWarnings:
		return m.handleOverlayKey(msg)
	case screenAnnSummary:
		if cmd, ok := m.summaryElsewhere(msg); ok {
			return m, cmd
		}
		return m.handleSummaryKey(msg)
	case screenSig:
		next, cmd := m.handleSigKey(msg)
		return next.analysisFromSig(m.sigFrom), cmd
	case screenAnalysis:
		return m.handleAnalysisKey(msg)
	}
	if cmd, ok := m.handleGlobalKey(msg); ok {
		return m, cmd
	}
	if cmd, ok := m.handleOptionKey(msg); ok {
		return m, cmd
	}
	if cmd, ok := m.handleAnnotateKey(msg); ok {
		return m, cmd
	}
	m.handleListKey(msg)
	return m, nil
}

// quit stops every job and ends the program.
func (m *Model) quit() tea.Cmd {
	if m.quitBlocked() || m.exportBlocksQuit() {
		return nil
	}
	m.jobs.stopAll()
	return tea.Quit
}

// scaleWarning says when a query's bleu or delta threshold lies beyond
// NLTK's 0–1 scale under nltk compat (bleu<10 then selects every
// segment); "" otherwise.
func scaleWarning(q *model.Query, set model.Settings) string {
	if !isNLTK(set) {
		return ""
	}
	v, ok := q.ScoreBeyond(model.ScoreScale(true))
	if !ok {
		return ""
	}
	return fmt.Sprintf("%s in the filter is on sacrebleu's 0–100 scale, but NLTK's scores run from 0 to 1: divide it by 100 (%s)",
		strconv.FormatFloat(v, 'g', -1, 64), strconv.FormatFloat(v/100, 'g', -1, 64))
}

// needsTwoSystems reports whether msg is one of the keys of bindings,
// which compare systems, while one system is loaded: they are off (and
// out of the help) then, and the status line says that a second one is
// needed rather than nothing happening.
func (m *Model) needsTwoSystems(msg tea.KeyMsg, bindings ...key.Binding) (tea.Cmd, bool) {
	if len(m.c.ds.Systems) > 1 || !pressedAny(msg, bindings...) {
		return nil, false
	}
	k := msg.String()
	return m.flashFit(k+" compares systems: load a second one (bleuscope base=a.txt new=b.txt -r ref.txt)",
		k+" compares systems: load a second one (base=a.txt new=b.txt)", k+" compares systems: load a second one"), true
}

// pressedAny reports whether msg is one of the keys of bindings, enabled
// or not.
func pressedAny(msg tea.KeyMsg, bindings ...key.Binding) bool {
	for _, b := range bindings {
		if slices.Contains(b.Keys(), msg.String()) {
			return true
		}
	}
	return false
}

// handleGlobalKey handles the keys that open screens or change the view.
func (m *Model) handleGlobalKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	k := m.c.keys
	if cmd, ok := m.needsTwoSystems(msg, k.NextSystem, k.PrevSystem, k.Other, k.Pin, k.Compare, k.Significance, k.SigTest, k.Impact); ok {
		return cmd, true
	}
	switch {
	case key.Matches(msg, k.Quit):
		return m.quit(), true
	case key.Matches(msg, k.Help):
		m.openOverlay(screenHelp)
	case key.Matches(msg, k.Warnings):
		m.openOverlay(screenWarnings)
	case pressedAny(msg, k.Warnings):
		// The key is off without warnings; saying so beats doing nothing.
		return m.flashFit("no input warnings: nothing in the files looks unlike what BLEU expects",
			"no input warnings: the files look as BLEU expects"), true
	case key.Matches(msg, k.Ledger):
		m.openOverlay(screenLedger)
	case key.Matches(msg, k.Charts):
		m.openOverlay(screenCharts)
	case key.Matches(msg, k.Explain):
		return m.openExplain(), true
	case key.Matches(msg, k.Lessons):
		var cmd tea.Cmd
		m.learn, cmd = newLessonsLearner(m.c, m.list.view.System)
		m.screen = screenLessons
		return cmd, true
	case key.Matches(msg, k.Filter):
		m.list.startTyping(typingFilter)
	case key.Matches(msg, k.Jump):
		m.list.startTyping(typingJump)
	case key.Matches(msg, k.Back):
		return m.back(), true
	case key.Matches(msg, k.Zoom):
		m.pane.zoom = !m.pane.zoom
		m.resize()
	case key.Matches(msg, k.Order):
		return m.setOrder(int(msg.Runes[0] - '0')), true
	case key.Matches(msg, k.AllOrders):
		return m.setOrder(0), true
	case key.Matches(msg, k.Sort):
		return m.cycleSort(backward(msg)), true
	case key.Matches(msg, k.Reverse):
		m.list.view.Desc = !m.list.view.Desc
		return m.resort(), true
	case key.Matches(msg, k.NextSystem):
		return m.switchSystem(1), true
	case key.Matches(msg, k.PrevSystem):
		return m.switchSystem(-1), true
	case key.Matches(msg, k.Other):
		return m.cycleOther(), true
	case key.Matches(msg, k.Pin):
		return m.togglePin(m.list.view.System), true
	case key.Matches(msg, k.Significance):
		return m.openSig(), true
	case key.Matches(msg, k.Analysis):
		return m.openAnalysis(), true
	case key.Matches(msg, k.Impact):
		return m.sortByImpact(m.list.view.System, model.MetricBLEU), true
	case key.Matches(msg, k.Compare):
		m.pane.compare = !m.pane.compare
		m.refreshPane(true) // another layout: an offset into the last one means nothing in it
		if m.pane.compare && m.list.view.Other == m.list.view.System {
			return m.flashFit("this is the baseline: tab to another system to see it above the baseline (w pins another)",
				"this is the baseline: tab to another system (w pins another)", "this is the baseline: tab to another system"), true
		}
	default:
		return nil, false
	}
	return nil, true
}

// back leaves zoom, then the stacked view, then goes back to the
// comparison screen the sort by impact came from (i there), then clears
// the filter (or goes back to the analysis table a drill-down came from).
func (m *Model) back() tea.Cmd {
	switch {
	case m.pane.zoom:
		m.pane.zoom = false
		m.resize()
	case m.pane.compare:
		m.pane.compare = false
		m.refreshPane(false)
	case m.list.fromSig:
		return m.backToSig()
	case m.list.fromAnalysis && m.list.view.Filter == "":
		return m.backToAnalysis()
	case m.list.view.Filter != "": // within a drill-down, back to it
		m.list.setFilterText("")
		m.list.setFilter("")
		return m.refreshRows()
	}
	return nil
}

// handleListKey moves the selection in the list, or scrolls the segment
// pane when it is zoomed.
func (m *Model) handleListKey(msg tea.KeyMsg) {
	k := m.c.keys
	switch {
	case m.pane.zoom:
		m.pane.body.update(msg, k)
	case key.Matches(msg, k.DetailDown):
		m.pane.body.scroll(max(1, m.pane.body.height/2))
	case key.Matches(msg, k.DetailUp):
		m.pane.body.scroll(-max(1, m.pane.body.height/2))
	case m.list.misfit(m.c):
		// The rows of another system or scores, not shown: a move would
		// select one of them, which the new rows may not have.
	default:
		var moved bool
		if m.list, moved = m.list.Update(msg, k); moved {
			m.refreshPane(true)
		}
	}
}

// handleOverlayKey scrolls or closes the help, ledger and charts screens;
// on the charts screen tab switches the system charted, on the ledger
// screen digits change the order.
func (m Model) handleOverlayKey(msg tea.KeyMsg) (Model, tea.Cmd) {
	k := m.c.keys
	switch {
	case key.Matches(msg, k.Quit):
		return m, m.quit()
	case key.Matches(msg, k.Back, k.Help, k.Ledger, k.Charts, k.Zoom, k.Warnings):
		m.screen = m.overlayFrom
		m.refreshOverlay(false) // the summary, laid out again for a window resized meanwhile
	case m.screen == screenCharts && key.Matches(msg, k.NextSystem, k.PrevSystem):
		d := 1
		if key.Matches(msg, k.PrevSystem) {
			d = -1
		}
		cmd := m.switchSystem(d)
		m.refreshOverlay(false)
		return m, cmd
	case m.screen == screenHelp:
		m.help = m.help.Update(msg, k)
	case m.screen == screenWarnings:
		m.warns = m.warns.Update(msg, k)
	case m.screen == screenCharts:
		m.charts = m.charts.Update(msg, k)
	case key.Matches(msg, k.Order):
		cmd := m.setOrder(int(msg.Runes[0] - '0'))
		m.refreshOverlay(true)
		return m, cmd
	case key.Matches(msg, k.AllOrders):
		m.setOrder(0)
		m.refreshOverlay(true)
	default:
		m.ledger = m.ledger.Update(msg, k)
	}
	return m, nil
}

// handleRunes handles keys that arrived together (fast typing, key repeat,
// tmux send-keys): the terminal reader hands them over as one KeyMsg, so
// they are split and handled one by one.
func (m Model) handleRunes(runes []rune) (Model, tea.Cmd) {
	var cmds []tea.Cmd
	for _, r := range runes {
		var cmd tea.Cmd
		m, cmd = m.handleKey(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
		cmds = append(cmds, cmd)
	}
	return m, tea.Batch(cmds...)
}

// handleAfterEsc handles a key the terminal reader hands over with Alt
// set because an Escape came just before it, read together: "\x1b\x1b"
// (a fast double press of esc, tmux send-keys Escape Escape) or "\x1b"
// and another key (esc, then n or ↓ at once). The explorer binds no alt
// key, so it is what was pressed, esc and then the key: the second acts
// from where the first led instead of being lost, and a prompt the esc
// cancels is cancelled. Only an annotation's note or score, which esc
// would give up, takes any but a second Escape as it came.
func (m Model) handleAfterEsc(msg tea.KeyMsg) (Model, tea.Cmd) {
	m, first := m.handleKey(tea.KeyMsg{Type: tea.KeyEscape})
	msg.Alt = false
	m, second := m.handleKey(msg)
	return m, tea.Batch(first, second)
}

// actsWhenSmall reports whether key msg acts while the window is below
// the minimum size, where nothing shows what a key does: ctrl+c, and q
// where it quits, not where it is a letter typed ([Model.typing]); every
// other key, ? too (the help would open unseen), waits for a larger
// window.
func (m Model) actsWhenSmall(msg tea.KeyMsg) bool {
	return msg.Type == tea.KeyCtrlC || !m.typing() && !msg.Alt && pressedAny(msg, m.c.keys.Quit)
}

// typing reports whether a key that is a letter goes into text: a prompt
// of the list's or the export's, the annotator (its note, and its steps
// whose keys are its own) or the lessons' hypothesis.
func (m Model) typing() bool {
	return m.list.typing != typingNone || m.exp.typing || m.ann.active() && m.screen == screenMain || m.screen == screenLessons
}

// typingNote reports whether the annotator's note or score has the
// keyboard.
func (m Model) typingNote() bool {
	return m.ann.on && (m.ann.step == stepNote || m.ann.step == stepScore)
}

// handleTyping sends keys to the list's focused prompt and applies what
// it asks for.
func (m Model) handleTyping(msg tea.KeyMsg) (Model, tea.Cmd) {
	var q *model.Query // the query entered
	if msg.Type == tea.KeyEnter && m.list.typing == typingFilter {
		var err error
		if q, err = model.ParseQuery(strings.TrimSpace(m.list.filter.text())); err != nil {
			// A query that does not parse leaves the prompt open, saying
			// why as it did while typed, and that enter applied nothing:
			// nothing typed lost (esc gives back the filter there was
			// before "/").
			m.list.refused = m.list.filter.text()
			return m, nil
		}
	}
	var act listAction
	m.list, act = m.list.updateTyping(msg, m.liveFilter())
	switch act {
	case actFilter:
		// Spaces around the query change nothing it selects: the filter
		// is the query without them (no refiltering on a typed space, no
		// "len>30 " in the header).
		text := strings.TrimSpace(m.list.filter.text())
		if msg.Type == tea.KeyEnter { // live filtering parses each key's query as it makes the rows
			if w := scaleWarning(q, m.c.set); w != "" {
				m.flash(w)
			}
			if q.AndAsWord() {
				m.flash(`"and" is searched as a word: terms side by side all hold already`)
			}
			if cats := m.ann.categories(); m.ann.on {
				if unknown := q.UnknownCategories(cats); len(unknown) > 0 {
					some := strings.Join(cats[:min(3, len(cats))], ", ")
					if len(cats) > 3 {
						some += fmt.Sprintf(", … %d in all", len(cats))
					}
					m.flash("cat:" + unknown[0] + " selects nothing: no category here is called that (" + some + ")")
				}
			}
		}
		m.list.entered = msg.Type == tea.KeyEnter
		if m.list.setFilter(text) {
			return m, m.refreshRows()
		}
		m.list.entered = false
	case actJump:
		moved, refresh, status := m.list.jumpTo(m.list.jump.text(), m.c.ds.Len())
		m.flash(status)
		if moved {
			m.refreshPane(true)
		}
		if refresh {
			return m, m.refreshRows()
		}
	}
	return m, nil
}

// liveFilter reports whether the filter applies while typing: on corpora
// small enough to filter inside Update; bigger ones filter on enter.
func (m Model) liveFilter() bool { return m.list.live }

// cancelWaits drops the drill-down and the analysis still waited for
// (enter while the table was made, n before the scores), and what the
// status said of them while it still says it.
func (m *Model) cancelWaits() {
	m.dropWait(&m.ana.drillWaits)
	m.dropWait(&m.anaWaits)
}

// dropWait forgets a wait whose status, said while waiting, is *said,
// and takes that status off the line while it still says it.
func (m *Model) dropWait(said *saying) {
	if !said.empty() && m.status == *said {
		m.status = saying{}
	}
	*said = saying{}
}

// handleMouse scrolls what is under the pointer and selects a clicked row.
func (m Model) handleMouse(msg tea.MouseMsg) (Model, tea.Cmd) {
	if m.list.typing != typingNone || m.ann.active() {
		return m, nil
	}
	if msg.Action == tea.MouseActionPress { // as a key does, a click or the wheel cancels what is waited for
		m.cancelWaits()
	}
	switch m.screen {
	case screenExplain, screenLessons:
		return m.forward(msg)
	case screenHelp:
		m.help = m.help.Update(msg, m.c.keys)
		return m, nil
	case screenLedger:
		m.ledger = m.ledger.Update(msg, m.c.keys)
		return m, nil
	case screenWarnings:
		m.warns = m.warns.Update(msg, m.c.keys)
		return m, nil
	case screenAnnSummary:
		m.annSum, _ = m.annSum.Update(msg, m.c.keys)
		return m, nil
	case screenCharts:
		m.charts = m.charts.Update(msg, m.c.keys)
		return m, nil
	case screenSig:
		m.sig = m.sig.mouse(msg, len(m.c.ds.Systems))
		return m, nil
	case screenAnalysis:
		m.ana = m.ana.mouse(msg, m.anaCtx())
		return m, nil
	}
	l := mainLayout(m.c.width, m.c.height, m.pane.zoom)
	inList := !m.pane.zoom && msg.Y >= l.listTop() && msg.Y < l.listTop()+l.listRows
	moved := false
	switch {
	case !inList:
		m.pane.body.update(msg, m.c.keys)
	case m.list.misfit(m.c): // no row shown to select (see handleListKey)
	case msg.Button == tea.MouseButtonWheelUp:
		moved = m.list.moveTo(m.list.cursor - 1)
	case msg.Button == tea.MouseButtonWheelDown:
		moved = m.list.moveTo(m.list.cursor + 1)
	case msg.Button == tea.MouseButtonLeft && msg.Action == tea.MouseActionPress:
		if i := m.list.top + msg.Y - l.listTop(); i < len(m.list.rows) {
			moved = m.list.moveTo(i)
		}
	}
	if moved {
		m.jobs.stop(jobWalk) // the walk-through waited for is another segment's
		m.refreshPane(true)
	}
	return m, nil
}
