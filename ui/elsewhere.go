package ui

import (
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// elsewhere says where a key of the list's works when it is pressed on a
// screen that has no use for it (the analysis, the comparison, the
// annotation summary, a segment's list of annotations, E), rather than
// doing nothing and saying nothing: the key, what it does (its help,
// without an aside in brackets) and the esc that leads to the list. The
// annotation keys say what they need when no file is open, as on the
// list; ! shows the warnings over the screen; T, the comparison's, and
// ←/→, the analysis's, say so.
// It reports false for the moves (↑↓, pages, ends: a screen's own, silent
// at its ends) and for a key bound to nothing.
func (m *Model) elsewhere(msg tea.KeyMsg) (tea.Cmd, bool) {
	k := m.c.keys
	if pressedAny(msg, k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom, k.Mouse) {
		return nil, false
	}
	escFirst := m.screen == screenAnnSummary || m.annListOpen() // the list is under it: esc, then the key
	if pressedAny(msg, k.Warnings) {
		return m.handleGlobalKey(msg) // the warnings over this screen, or that there are none
	}
	if pressedAny(msg, k.Annotate, k.NoError, k.SegmentScore, k.Undo) && !k.Annotate.Enabled() {
		return m.handleAnnotateKey(msg) // what annotating needs, worded as on the list
	}
	if pressedAny(msg, k.SigTest) { // the comparison's, not the list's
		open := "B opens it"
		if escFirst {
			open = "esc, then B"
		}
		return m.flashFit("T picks the comparison's test (paired bootstrap or approximate randomization): "+open,
			"T picks the comparison's test: "+open), true
	}
	if pressedAny(msg, k.AnaTable) { // the analysis's, which the help does not list with the list's
		arrow, open := "→", "n opens it"
		if msg.Type == tea.KeyLeft {
			arrow = "←"
		}
		if escFirst {
			open = "esc, then n"
		}
		return m.flashFit(arrow+" moves between the analysis's tables (n-grams, buckets, wins): "+open,
			arrow+" moves between the analysis's tables: "+open, arrow+": the analysis's tables ("+open+")"), true
	}
	var b key.Binding
	for _, group := range k.FullHelp() {
		if i := slices.IndexFunc(group, func(b key.Binding) bool { return pressedAny(msg, b) }); i >= 0 {
			b = group[i]
			break
		}
	}
	if len(b.Keys()) == 0 {
		return nil, false
	}
	name := msg.String()
	if name == " " {
		name = "space"
	}
	desc := b.Help().Desc // "next/prev sort (see Sorting)": the aside goes, the brackets around it would nest
	if i := strings.Index(desc, " ("); i > 0 {
		desc = desc[:i]
	}
	if !m.ann.on && pressedAny(msg, k.Annotations, k.NextUnrated, k.AnnSummary) {
		return m.flashFit(name+" ("+desc+") needs annotations: start bleuscope with --annotations FILE",
			name+" needs annotations: start with --annotations FILE"), true
	}
	if m.annListOpen() {
		return m.flashFit(name+" ("+desc+") works once these annotations are closed: esc, then "+name,
			name+" works once the annotations are closed: esc, then "+name, name+": esc first"), true
	}
	esc, short := "esc to it", "esc"
	if m.screen == screenAnalysis && m.anaFrom == screenSig || m.screen == screenSig && m.sigFrom == screenAnalysis {
		esc, short = "esc twice to it", "esc twice"
	}
	return m.flashFit(name+" ("+desc+") works on the list: "+esc,
		name+" works on the list: "+esc, name+": on the list ("+short+")"), true
}

// summaryElsewhere is [Model.elsewhere] for the keys the annotation
// summary has no use for (its own: its moves and scrolling, enter, the
// systems, u, esc, S and ?, quit).
func (m *Model) summaryElsewhere(msg tea.KeyMsg) (tea.Cmd, bool) {
	k := m.c.keys
	if msg.Type == tea.KeyEnter || pressedAny(msg, k.Quit, k.Undo, k.Back, k.AnnSummary, k.Help, k.NextSystem, k.PrevSystem, k.DetailUp, k.DetailDown) {
		return nil, false
	}
	return m.elsewhere(msg)
}

// annListOpen reports whether a segment's list of annotations (E) has the
// keyboard.
func (m *Model) annListOpen() bool {
	return m.screen == screenMain && m.ann.on && m.ann.step == stepList
}
