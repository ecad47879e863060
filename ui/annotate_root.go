package ui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/model/annotations"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// Option changes how [New] and [Run] set the explorer up.
type Option func(*Model)

// handleAnnotateKey handles the global annotation keys of the main
// screen; it reports whether msg was one of them.
func (m *Model) handleAnnotateKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	if key.Matches(msg, m.c.keys.Export) {
		m.exp.open()
		return nil, true
	}
	if pressedAny(msg, m.c.keys.Annotate, m.c.keys.NoError, m.c.keys.SegmentScore, m.c.keys.Undo) && !m.c.keys.Annotate.Enabled() {
		// The annotation keys, pressed where no annotation file is open
		// or where it cannot be written.
		if m.ann.store != nil {
			return m.flash(m.ann.refusal()), true
		}
		if m.ann.on {
			return m.flashFit("these annotations are read-only: add --annotations FILE to annotate beside them",
				"read-only annotations: add --annotations FILE to annotate"), true
		}
		return m.flashFit("annotating needs an annotation file: start bleuscope with --annotations FILE",
			"annotating needs a file: start with --annotations FILE"), true
	}
	if !m.ann.on {
		return nil, false
	}
	k := m.c.keys
	sel := m.list.selection(m.c)
	var r annResult
	switch {
	case key.Matches(msg, k.Annotate):
		r = m.ann.start(m.c, sel)
	case key.Matches(msg, k.Annotations):
		// The list opens on the annotations held; another bleuscope's
		// saved since follow when the file is read again.
		r = m.ann.openList(m.c, sel)
		read := m.readAnnotations()
		if m.jobs.running(jobAnnRead) && m.ann.step != stepList {
			m.ann.listFor = sel
		}
		return tea.Batch(m.applyAnn(r), read), true
	case key.Matches(msg, k.NoError):
		r = m.ann.markNoError(m.c, sel)
	case key.Matches(msg, k.Undo):
		r = m.ann.undoLast(m.c, m.list.view.System)
	case key.Matches(msg, k.NextUnrated):
		r = m.ann.nextUnrated(m.c, sel, m.list.view.System, m.list.rows, m.list.cursor)
	case key.Matches(msg, k.AnnSummary):
		m.screen = screenAnnSummary
		m.refreshOverlay(true)
		return m.readAnnotations(), true
	case key.Matches(msg, k.SegmentScore):
		if !m.ann.preset.SegmentScore {
			return m.flash("the " + m.ann.preset.Name + " typology has no segment score"), true
		}
		r = m.ann.openScore(m.c, sel)
	default:
		return nil, false
	}
	return m.applyAnn(r), true
}

// readAnnotations starts reading the annotation file again, off the UI
// loop, for the summary and the list to show what another bleuscope saved
// since ([rereadCmd]); a read under way is let land, as it brings the
// same. nil without an annotation file.
func (m *Model) readAnnotations() tea.Cmd {
	if m.ann.store == nil || m.jobs.running(jobAnnRead) {
		return nil
	}
	_, tag, _ := m.jobs.start(jobAnnRead)
	return rereadCmd(tag, m.ann.store, m.ann.extra, m.ann.extraAt)
}

// extraBehind starts leaving out of the rows of the MQM file opened as
// the corpus, off the UI loop, those the store holds, when it has taken
// in another bleuscope's changes since they were last (a change saved
// here catches up with the file as it writes, and the other may have
// imported them): each is then shown once. nil when they are up to date.
func (m *Model) extraBehind() tea.Cmd {
	if m.ann.store == nil || len(m.ann.extra) == 0 || m.ann.store.CaughtUp() == m.ann.extraAt {
		return nil
	}
	return m.readAnnotations()
}

// rereadCmd reads the annotation file st again, off the UI loop, when
// another bleuscope saved to it since this one last read or wrote it
// ([annotations.Store.Refresh], which waits a moment for a write under
// way to end): the summary and the list then show the other's changes,
// and of extra, the rows of the MQM file opened as the corpus, left out
// of what st held when it had caught up at times, those the file does
// not hold now (the other imported them, say), so that each is shown
// once.
func rereadCmd(tag jobTag, st *annotations.Store, extra []annotations.Annotation, at int) tea.Cmd {
	return func() tea.Msg {
		read, err := st.Refresh()
		msg := annReadMsg{jobTag: tag, read: read, err: err}
		if now := st.CaughtUp(); now != at {
			msg.missing, msg.at = true, now
			msg.extra, _ = st.Missing(extra)
		}
		return msg
	}
}

// handleAnnRead takes in the annotation file read again: the list, the
// strip and the summary show what it holds now. Under another screen (the
// summary, the help) the pane and the strip are laid out for it as
// applyAnn does on the main screen, so that they are right when that
// screen closes.
func (m Model) handleAnnRead(msg annReadMsg) (Model, tea.Cmd) {
	r := m.ann.reread(m.c, m.list.selection(m.c), msg)
	cmd := m.applyAnn(r)
	if r.changed && m.screen != screenMain {
		m.refreshPane(false)
	}
	if r.changed && m.screen == screenAnnSummary {
		m.refreshOverlay(false)
	}
	return m, cmd
}

// handleAnnotatorKey gives a key to the annotator while it has the
// keyboard.
func (m Model) handleAnnotatorKey(msg tea.KeyMsg) (Model, tea.Cmd) {
	var r annResult
	m.ann, r = m.ann.Update(msg, m.c, m.list.selection(m.c))
	if r.notMine {
		return m, m.annListElsewhere(msg)
	}
	return m, m.applyAnn(r)
}

// annListElsewhere handles a key that a segment's list of annotations
// (E) has no use for: q quits and ? shows the help (esc coming back to
// the list), as on every screen; E, which opened it, reads the file
// again as it did and says that esc closes it; a key of the main list's
// says what it does and that it works once the list is closed
// ([Model.elsewhere]).
func (m *Model) annListElsewhere(msg tea.KeyMsg) tea.Cmd {
	k := m.c.keys
	switch {
	case key.Matches(msg, k.Quit):
		return m.quit()
	case key.Matches(msg, k.Help):
		m.openOverlay(screenHelp)
		return nil
	case key.Matches(msg, k.Annotations):
		m.flashFit("these are the segment's annotations, as the file holds them: esc closes the list",
			"the segment's annotations: esc closes the list")
		return m.readAnnotations()
	}
	cmd, _ := m.elsewhere(msg)
	return cmd
}

// applyAnn does what the annotator asked: a status line, a move of the
// selection, a redraw after a change.
func (m *Model) applyAnn(r annResult) tea.Cmd {
	switch {
	case len(r.forms) > 0:
		m.flashFit(r.forms...)
	case r.status != "":
		m.flash(r.status)
	}
	var cmd tea.Cmd
	refreshed := false // the rows are made again once, with the annotations as they are now
	switch {
	case r.jump < 0:
	case r.toSys && r.sys != m.list.view.System:
		cmd, refreshed = m.showSystemAt(r), true
	case r.changed && m.rejoins(r.jump):
		m.list.seg = r.jump // selected by the rows made again below
	default:
		moved, refresh, status := m.list.jumpTo(itoa(r.jump+1), m.c.ds.Len())
		if status != "" {
			m.flashFit(jumpForms(r, status)...)
		}
		if refresh {
			cmd, refreshed = m.refreshRows(), true
		} else if moved {
			m.refreshPane(true)
		}
	}
	if r.changed && m.screen == screenMain {
		m.refreshPane(false)
	}
	if r.changed && !refreshed && m.filterUsesAnnotations() {
		cmd = m.refreshRows() // the segment may leave or join the list
	}
	if r.changed && len(m.c.annWarnings) > 0 && m.ann.store.Pending() == 0 {
		// Saved: what the first screen warned of (another writer) may be
		// over; the warnings say what holds now.
		m.c.annWarnings = m.ann.openWarnings()
		m.c.syncWarningsKey()
	}
	return tea.Batch(cmd, m.extraBehind())
}

// rejoins reports whether segment seg, which the list does not show, is
// one its filter selects with the annotations as they are now: a change
// to its annotations (an undo under is:unannotated) brings it back, and
// the rows made again show it, the filter kept.
func (m *Model) rejoins(seg int) bool {
	return m.c.scored != nil && !slices.Contains(m.list.rows, seg) && m.filterUsesAnnotations() && m.selects(seg)
}

// selects reports whether the list's filter and drill-down select
// segment seg of the system shown, with the annotations as they are now.
func (m *Model) selects(seg int) bool {
	if m.list.only != nil && !slices.Contains(m.list.only, seg) {
		return false
	}
	if m.list.view.Filter == "" {
		return true
	}
	if m.c.scored == nil {
		return false
	}
	q, err := model.ParseQuery(m.list.view.Filter)
	if err != nil {
		return false
	}
	v := m.rowsView()
	ok, err := m.c.scored.QueryMatches(m.c.ds, q, v.System, v.Other, m.ann.facts(m.c.ds), seg, m.queryMetrics()...)
	return err == nil && ok
}

// showSystemAt shows the system of r's change, as tab would (a pinned
// baseline stays), with its segment selected: the filter stays when it
// selects that segment there, and is cleared otherwise, as a jump to a
// line clears it.
func (m *Model) showSystemAt(r annResult) tea.Cmd {
	m.list.show(r.sys, len(m.c.ds.Systems))
	if m.selects(r.jump) {
		m.list.seg = r.jump // selected by the rows made again below
	} else {
		status := m.list.showLine(r.jump + 1)
		m.flashFit(jumpForms(r, status)...)
	}
	return m.refreshRows()
}

// jumpForms are the wordings of r's status followed by what the jump to
// its segment did (note, "filter cleared to show line 12", or short,
// "filter cleared"), the fullest first, for [Model.flashFit]: the
// status's own shorter wordings come with the short note.
func jumpForms(r annResult, note string) []string {
	short := strings.TrimSuffix(note, " to show line "+itoa(r.jump+1))
	base := r.forms
	if len(base) == 0 {
		base = []string{r.status}
	}
	if base[0] == "" {
		return []string{note, short}
	}
	forms := []string{base[0] + " (" + note + ")"}
	for _, b := range base {
		forms = append(forms, b+" ("+short+")")
	}
	return forms
}

// quitBlocked reports whether quitting must wait because changes could
// not be written: the first q says so, a second one quits anyway.
func (m *Model) quitBlocked() bool {
	if !m.ann.on {
		return false
	}
	if m.ann.flush() {
		return false
	}
	if m.ann.quitAnyway {
		return false
	}
	m.ann.quitAnyway = true
	m.flashFit("changes not saved (see above): press q again to quit and lose them", "not saved (see above): q again quits and loses them", "not saved: q again quits, losing them")
	return true
}

// resumeAnnotating selects the segment changed last in the annotation
// file, where the person was, when it belongs to the input: the list
// keeps it selected once its rows land, and the first status says so
// ([Model.sayResumed]).
func (m *Model) resumeAnnotating() {
	if m.ann.store == nil {
		return
	}
	system, line, ok := m.ann.store.LastChanged()
	if !ok || line > m.c.ds.Len() {
		return
	}
	if i, ok := annotations.SystemOf(m.c.ds, system); ok { // an older file's short name too
		m.list.show(i, len(m.c.ds.Systems))
		m.list.seg = line - 1
		if m.list.inLineOrder { // a big corpus lists its lines until scored
			m.list.moveTo(line - 1)
		}
		m.resumed = selection{sys: i, seg: line - 1, ok: true}
	}
}

// sayResumed says, once, in a status of its own, where reopening the
// annotation file went back to, in as many words as the width has room
// for; the first screen's warnings, when there are any, keep the line.
func (m *Model) sayResumed() {
	r := m.resumed
	if !r.ok || m.c.width <= 0 {
		return
	}
	m.resumed.ok = false
	if !m.status.empty() {
		return
	}
	at := fmt.Sprintf("%s line %d", m.c.shortName(r.sys), r.seg+1)
	if len(m.ann.segment(m.c, selection{sys: r.sys, seg: r.seg, ok: true})) == 0 {
		// The last change took its marks away (a deletion, an undo): E
		// would list none.
		m.flashFit("resumed at "+at+", the last mark changed (none left: A marks an error)",
			"resumed at "+at+", the last mark changed (none left)",
			"resumed at "+at)
		return
	}
	m.flashFit("resumed at "+at+", the last mark changed; E lists its marks",
		"resumed at "+at+", the last mark changed",
		"resumed at "+at)
}

// handleSummaryKey handles a key on the annotation summary screen: back,
// the help (esc coming back to the summary), another system, a segment
// to show, or u, which takes back the last change as on the main screen
// (or says why not) and shows the figures without it.
func (m Model) handleSummaryKey(msg tea.KeyMsg) (Model, tea.Cmd) {
	k := m.c.keys
	switch {
	case key.Matches(msg, k.Quit):
		return m, m.quit()
	case pressedAny(msg, k.Undo):
		cmd, _ := m.handleAnnotateKey(msg)
		m.refreshOverlay(false)
		return m, cmd
	case key.Matches(msg, k.Help):
		m.openOverlay(screenHelp)
	case key.Matches(msg, k.Back, k.AnnSummary):
		m.screen = screenMain
	case key.Matches(msg, k.NextSystem, k.PrevSystem):
		d := 1
		if key.Matches(msg, k.PrevSystem) {
			d = -1
		}
		cmd := m.switchSystem(d)
		m.refreshOverlay(true)
		return m, cmd
	default:
		var seg int
		m.annSum, seg = m.annSum.Update(msg, k)
		if seg < 0 {
			m.refreshOverlay(false)
			return m, nil
		}
		m.screen = screenMain
		return m, m.applyAnn(annResult{jump: seg})
	}
	return m, nil
}

// filterUsesAnnotations reports whether the list's filter has annotation
// terms (cat:, sev:, rater:, is:), whose rows change with the annotations.
func (m *Model) filterUsesAnnotations() bool {
	q, err := model.ParseQuery(m.list.view.Filter)
	return err == nil && q.UsesAnnotations()
}
