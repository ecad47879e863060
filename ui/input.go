package ui

import (
	"fmt"
	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/ui/render"
	"slices"
	"strconv"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// inputKind is the list's text input that has the keyboard, if any.
type inputKind int

const (
	typingNone   inputKind = iota
	typingFilter           // "/": filter text
	typingJump             // ":": a line number
)

// listAction is what a key typed into the list's prompts asks for.
type listAction int

const (
	actNone   listAction = iota
	actFilter            // apply filterText as the filter
	actJump              // jump to the line typed (jumpText)
)

// startTyping focuses the filter or the jump prompt.
func (l *segList) startTyping(k inputKind) {
	l.typing = k
	if k == typingJump {
		l.jump.setValue("")
		l.jump.focus = true
		return
	}
	l.before, l.beforeSeg = l.view.Filter, l.seg
	l.leftOut = 0
	l.setFilterText(l.view.Filter)
	l.filter.focus = true
}

// stopTyping gives the keyboard back to the list.
func (l *segList) stopTyping() {
	l.typing = typingNone
	l.filter.focus = false
	l.jump.focus = false
}

// updateTyping sends a key to the focused prompt: enter applies, esc
// cancels (restoring the filter there was before); live applies the
// filter on every key.
func (l segList) updateTyping(msg tea.KeyMsg, live bool) (segList, listAction) {
	switch msg.Type {
	case tea.KeyEnter:
		kind := l.typing
		l.stopTyping()
		if kind == typingJump {
			return l, actJump
		}
		return l, actFilter
	case tea.KeyEsc:
		kind := l.typing
		l.stopTyping()
		if kind == typingFilter {
			l.setFilterText(l.before)
			l.seg = l.beforeSeg // not a row the live filter passed by
			return l, actFilter
		}
		return l, actNone
	}
	if l.typing == typingJump {
		l.jump, _ = l.jump.update(msg)
		return l, actNone
	}
	l.filter, _ = l.filter.update(msg)
	l.leftOut = l.filter.dropped
	l.checkTyped()
	if live {
		return l, actFilter
	}
	return l, actNone
}

// setFilter sets the filter text (within a drill-down, it narrows it),
// with what it reads of the metrics; it reports whether it changed (the
// rows must then be refreshed).
func (l *segList) setFilter(s string) bool {
	if s == l.view.Filter {
		return false
	}
	l.view.Filter, l.reads = s, readsOf(s)
	return true
}

// openDrill shows the segments rows of an analysis row, called label,
// with focus (nil for none) marked in the pane, of system sys against
// other (a wins row's, which need not be the one shown); the filter,
// selection and systems there were before the first drill-down are kept
// for closeDrill.
func (l *segList) openDrill(label drillLabel, rows []int, focus *model.Focus, sys, other int) {
	if !l.fromAnalysis {
		l.drillFrom, l.drillSeg = l.view.Filter, l.seg
		l.drillSort, l.drillDesc = l.view.Sort, l.view.Desc
		l.drillView, l.drillSwitched = [2]int{l.view.System, l.view.Other}, false
	}
	if sys != l.view.System || other != l.view.Other {
		l.view.System, l.view.Other, l.drillSwitched = sys, other, true
		l.drillSet = [2]int{sys, other}
	}
	l.setFilterText("")
	l.setFilter("")
	l.only, l.drillLabel, l.focus = rows, label, focus
	l.fromAnalysis, l.atFirst = true, true
	l.fromSig = false // esc now goes back to the analysis, the impact's detour over
	l.drill++
}

// redrill shows rows, called label, with focus (nil for none) marked in
// the pane, in place of the drill-down's: its row found again under other
// settings. The filter typed in it, the sort and the selection stay (the
// first row is selected when the segment selected is not among them).
func (l *segList) redrill(label drillLabel, rows []int, focus *model.Focus) {
	l.only, l.drillLabel, l.focus = rows, label, focus
	l.refinding = false
	l.drill++
}

// findAgain has the drill-down, if any, find its row again under
// settings that just changed ([Model.refindDrill]).
func (l *segList) findAgain() {
	l.refinding, l.gone = l.fromAnalysis, nil
}

// findingAgain reports whether the drill-down's segments are being found
// again under new settings, or are found and not yet listed.
func (l segList) findingAgain() bool {
	return l.refinding || l.only != nil && l.drill != l.rowsDrill
}

// lost ends the search for the drill-down's row under other settings
// when the row is gone, saying why in forms (see segList.gone).
func (l *segList) lost(why []string) {
	l.gone, l.refinding = why, false
}

// refound ends the search for the drill-down's row under other settings
// when its segments are those shown: the label becomes the row's under
// those settings (c: a sentence BLEU bucket's bounds on the other scale).
func (l *segList) refound(label drillLabel) {
	l.drillLabel, l.refinding = label, false
}

// closeDrill leaves the drill-down and gives back the filter, the sort
// and the selection there were before it (and, leaveDrill, the systems).
func (l *segList) closeDrill() {
	l.leaveDrill()
	l.setFilterText(l.drillFrom)
	l.setFilter(l.drillFrom)
	l.seg = l.drillSeg
	l.view.Sort, l.view.Desc = l.drillSort, l.drillDesc
}

// openSigImpact keeps the list's order for closeSigImpact before i on the
// comparison screen sorts it by impact.
func (l *segList) openSigImpact() {
	l.sigBack = listOrder{l.view.System, l.seg, l.view.Sort, l.view.Desc, l.impactMetric}
	l.fromSig = true
}

// closeSigImpact gives back the system, the order and the selection there
// were before i on the comparison screen, among n systems.
func (l *segList) closeSigImpact(n int) {
	b := l.sigBack
	l.show(b.system, n)
	l.seg, l.view.Sort, l.view.Desc, l.impactMetric = b.seg, b.sort, b.desc, b.metric
	l.fromSig, l.atFirst = false, false
}

// filters are the list's filters: the one in force and, in a
// drill-down, the one it gives back when left ([segList.closeDrill]).
func (l *segList) filters() []string {
	if l.fromAnalysis {
		return []string{l.view.Filter, l.drillFrom}
	}
	return []string{l.view.Filter}
}

// leaveDrill forgets the drill-down, keeping the filter.
func (l *segList) leaveDrill() {
	l.only, l.drillLabel, l.fromAnalysis, l.focus, l.atFirst, l.refinding, l.gone = nil, nil, false, nil, false, false, nil
	l.drill++
	if l.drillSwitched && [2]int{l.view.System, l.view.Other} == l.drillSet {
		l.view.System, l.view.Other = l.drillView[0], l.drillView[1]
	}
	l.drillSwitched = false
}

// jumpLimit is the most characters the jump prompt takes: more than any
// line number has, so that one too large is seen whole, never cut to a
// number of fewer digits.
const jumpLimit = 24

// jumpTo selects the segment of the 1-based line number s among n lines.
// When a filter hides it, the filter is cleared (and the drill-down left
// when the line is not among its segments) and refresh is true: the line
// is selected once the rows are back. msg is for the status line.
func (l *segList) jumpTo(s string, n int) (moved, refresh bool, msg string) {
	s = strings.TrimSpace(s)
	if s == "" {
		return false, false, ""
	}
	line, err := strconv.Atoi(s)
	if digits := strings.TrimLeft(s, "0"); digits != "" && strings.Trim(digits, "0123456789") == "" && (err != nil || line > n) {
		return false, false, "line " + digits + " is past the last line, " + itoa(n) // Atoi's range error included
	}
	if err != nil || line < 1 || line > n {
		return false, false, "no line “" + s + "”: lines go from 1 to " + itoa(n)
	}
	for i, r := range l.rows {
		if r == line-1 {
			return l.moveTo(i), false, ""
		}
	}
	return false, true, l.showLine(line)
}

// showLine selects line (1-based), which the list's filter or drill-down
// leaves out, clearing the filter and leaving the drill-down it is not
// in, and says so: "filter cleared to show line 12". The rows are to be
// made again.
func (l *segList) showLine(line int) string {
	l.seg = line - 1
	what := "filter cleared"
	if l.only != nil && !slices.Contains(l.only, line-1) {
		l.leaveDrill()
		what = "left the drill-down"
	}
	l.setFilter("")
	l.setFilterText("")
	return fmt.Sprintf("%s to show line %d", what, line)
}

// parseError is why the filter being typed could not be applied, or ""
// when it was (or nothing is typed beyond what is applied). Without live
// filtering (a large corpus), nothing is applied before enter: it is why
// the text typed does not parse.
func (l segList) parseError(live bool) string {
	if !live {
		return l.typedWhy
	}
	if !l.queryErr.empty() && l.filter.text() != l.view.Filter {
		return l.queryErr.at(l.width)
	}
	return ""
}

// setFilterText puts s in the filter prompt, cursor at its end.
func (l *segList) setFilterText(s string) {
	l.filter.setValue(s)
	l.checkTyped()
}

// checkTyped words why the filter text does not parse ([segList.typedWhy])
// when the filter applies on enter only, parsing the text once a change
// (a key that moves the cursor, a new width, only reword it). A live
// filter is not parsed here: the rows parse it as it is typed, and say
// why it does not ([segList.queryErr]).
func (l *segList) checkTyped() {
	if l.live {
		return
	}
	if text := strings.TrimSpace(l.filter.text()); text != l.typedText {
		_, l.typedErr = model.ParseQuery(text)
		l.typedText = text
	}
	l.typedWhy = ""
	if l.typedErr != nil {
		l.typedWhy = whySaying("", l.typedErr).at(l.width)
	}
}

// backToBefore gives back the filter and the selection there were when
// "/" was pressed (a query entered that cannot be evaluated): the prompt
// shows that filter again, and the selection is not a row the live
// filter passed by.
func (l *segList) backToBefore() {
	l.setFilterText(l.before)
	l.seg = l.beforeSeg
	l.setFilter(l.before)
}

// shownNote says what the list shows while the filter typed cannot be
// applied and live filtering keeps the rows of the last one that could
// (a person would expect those of the filter typed): that filter, else
// the drill-down's rows, or none. "" when the filter typed is applied, or
// without live filtering.
func (l segList) shownNote(live bool) string {
	note := ""
	switch {
	case !live || l.parseError(live) == "":
	case strings.TrimSpace(l.rowsFilter) != "":
		note = "list: last filter that applied"
	case l.only != nil:
		note = "list: the drill-down"
	default:
		note = "list: unfiltered"
	}
	if l.refused != "" && l.refused == l.filter.text() { // enter was pressed on it
		return joinDot("enter: not applied", note)
	}
	return note
}

// leftOutNote says how many control characters the last key's text
// lost ([segList.leftOut]) in the first wording that room cells hold
// whole, else in the shortest, whole (the footer then does not fit, and
// the note stands above the prompt); "" when none was.
func (l segList) leftOutNote(room int) string {
	if l.leftOut == 0 {
		return ""
	}
	forms := droppedForms(l.leftOut, "the query")
	for _, f := range forms {
		if render.Fits(f, room) {
			return f
		}
	}
	return forms[len(forms)-1]
}

// typedNotes is what the filter prompt says beside the text typed, in
// width cells: the control characters a paste lost and why the text
// cannot be applied. Too long for the footer's line, it stands above the
// prompt ([Model.footerOverflow]).
func (l segList) typedNotes(width int, live bool) string {
	return joinDot(l.leftOutNote(width), l.parseError(live))
}

// footer draws the focused prompt in width cells; live says whether the
// filter applies while typing.
func (l segList) footer(c common, live bool) string {
	st := c.st
	if l.typing == typingJump {
		return l.jump.field(st, c.width) + st.Muted.Render("  enter jumps · esc cancels")
	}
	field := l.filter.field(st, c.width)
	hint := ""
	if note := l.leftOutNote(c.width - render.Cells(ansi.Strip(field)) - 2); note != "" {
		hint = st.Warn.Render("  " + note)
	}
	switch why := l.parseError(live); {
	case why != "":
		sep := "  "
		if hint != "" {
			sep = " · "
		}
		hint += st.Warn.Render(sep + why)
		if note := l.shownNote(live); note != "" {
			hint += st.Muted.Render(" · " + note)
		}
	case !live && hint == "":
		hint = st.Muted.Render("  enter applies")
	}
	return field + hint
}

// promptAlone draws the filter prompt for the last line when why the
// filter cannot be applied stands above it (footerOverflow): the field,
// narrowed to leave room for the note on what the list shows.
func (l segList) promptAlone(c common, live bool) string {
	note := l.shownNote(live)
	if note == "" {
		return l.filter.field(c.st, c.width)
	}
	note = "  " + note
	return l.filter.field(c.st, c.width-render.Cells(note)) + c.st.Muted.Render(note)
}
