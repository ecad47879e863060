package ui

import (
	"reflect"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/bleuscope/bleuscope/ui/render"
	tea "github.com/charmbracelet/bubbletea"
)

// syncLedgerBytes is the size of a segment (one system's hypothesis plus
// its references, in bytes) up to which its clip ledger is computed inside
// Update: scoring.Explain takes 6-9 ms at 64 KiB, some 6,000 tokens a side
// (BenchmarkExplainAtThreshold). Longer segments are explained in a
// command (a 10 MB line takes seconds and a gigabyte), and the segment
// pane says so meanwhile.
const syncLedgerBytes = 64 << 10

// ledgerKey names one explained segment: a system's hypothesis of a
// segment under the sentence options. A long segment's result is kept
// only while its key is still the selection's.
type ledgerKey struct {
	sys, seg int
	opt      scoring.Options
}

func (k ledgerKey) same(o ledgerKey) bool {
	return k.sys == o.sys && k.seg == o.seg && reflect.DeepEqual(k.opt, o.opt)
}

// segmentBytes is the length of system sys's hypothesis of segment seg
// plus its present references.
func (m *Model) segmentBytes(sys, seg int) int {
	n := len(m.ds.Systems[sys].Hyps[seg])
	for k, stream := range m.ds.Refs {
		if m.ds.RefAbsent == nil || k >= len(m.ds.RefAbsent) || !m.ds.RefAbsent[k][seg] {
			n += len(stream[seg])
		}
	}
	return n
}

// isLong reports whether system sys's segment seg is explained in a command.
func (m *Model) isLong(sys, seg int) bool { return m.segmentBytes(sys, seg) > syncLedgerBytes }

// ledgerKeys are the explanations the segment pane needs: the shown
// system's, and the compared system's in compare view.
func (m *Model) ledgerKeys() []ledgerKey {
	if !m.selected() {
		return nil
	}
	opt := m.shown().Sentence
	keys := []ledgerKey{{sys: m.view.System, seg: m.seg, opt: opt}}
	if o := m.view.Other; m.compare && o >= 0 && o < len(m.ds.Systems) {
		keys = append(keys, ledgerKey{sys: o, seg: m.seg, opt: opt})
	}
	return keys
}

// explained returns the computation of system sys's segment seg under the
// shown options: computed here for a normal segment, taken from the
// results of the commands for a long one (ok is false until it lands).
func (m *Model) explained(sys, seg int) (segInfo, bool) {
	if !m.isLong(sys, seg) {
		return m.segmentInfo(sys, seg), true
	}
	return m.longLedger(ledgerKey{sys: sys, seg: seg, opt: m.shown().Sentence})
}

// longLedger returns the computation of the long segment k, if at hand.
func (m *Model) longLedger(k ledgerKey) (segInfo, bool) {
	for _, in := range m.long.done {
		if in.key.same(k) {
			return in.info, true
		}
	}
	return segInfo{}, false
}

// waitsForWalk reports whether the walk-through of k is waited for: e
// was pressed on it, no key since, and it is still the selection.
func (m *Model) waitsForWalk(k ledgerKey) bool {
	keys := m.ledgerKeys()
	return m.long.walkWanted && m.screen == screenMain && m.long.walkFor.same(k) &&
		len(keys) > 0 && keys[0].same(k)
}

// ledgersReady reports whether every explanation the segment pane needs
// is at hand.
func (m *Model) ledgersReady() bool {
	for _, k := range m.ledgerKeys() {
		if _, ok := m.longLedger(k); !ok && m.isLong(k.sys, k.seg) {
			return false
		}
	}
	return true
}

// waitingText is what the segment pane says while a long segment is
// being explained.
const waitingText = "computing the ledger of this long segment…"

// explainLong is run at the end of every Update: it forgets the results
// of long segments no longer selected (each can hold hundreds of
// megabytes) and starts explaining the selected ones that are neither at
// hand nor in flight.
func (m *Model) explainLong() tea.Cmd {
	keys := m.ledgerKeys()
	var kept []longLedger
	for _, in := range m.long.done {
		if hasKey(keys, in.key) {
			kept = append(kept, in)
		}
	}
	if len(kept) != len(m.long.done) {
		m.long.done = kept
	}
	if len(kept) == 0 {
		m.long.pane = paneText{}
	}
	var cmds []tea.Cmd
	for _, k := range keys {
		if _, ok := m.longLedger(k); ok || hasKey(m.long.computing, k) || !m.isLong(k.sys, k.seg) {
			continue
		}
		m.long.computing = withKey(m.long.computing, k)
		cmds = append(cmds, ledgerCmd(m.ds, m.refLabels(), k))
	}
	if len(cmds) == 0 {
		return nil
	}
	return tea.Batch(append(cmds, m.spinner.Tick)...)
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

// withoutKey returns keys without k, in a new slice.
func withoutKey(keys []ledgerKey, k ledgerKey) []ledgerKey {
	var out []ledgerKey
	for _, c := range keys {
		if !c.same(k) {
			out = append(out, c)
		}
	}
	return out
}

// withKey returns keys with k added, in a new slice.
func withKey(keys []ledgerKey, k ledgerKey) []ledgerKey {
	return append(keys[:len(keys):len(keys)], k)
}

// longSegs is what the explorer knows of the long segments explained
// off the UI loop. Its slices are never appended to in place, so copies
// of the model don't share changes.
type longSegs struct {
	done      []longLedger // results for the selection, at most one per key
	computing []ledgerKey  // ledgerCmd in flight
	walking   []ledgerKey  // walkCmd in flight
	// walkWanted: e was pressed on the long segment walkFor; its
	// walk-through opens when ready unless a key is pressed first.
	walkWanted bool
	walkFor    ledgerKey
	// pane is the segment pane last rendered from long segments' ledgers:
	// rendering one costs up to a second (every n-gram is sorted), so a
	// refresh that changes nothing it shows (a rescore starting) reuses it.
	pane paneText
}

// paneText is the segment pane's content with what it was rendered from.
type paneText struct {
	keys         []ledgerKey
	scored       *model.Scored
	width, order int
	other        int
	text         string
}

func (p paneText) matches(q paneText) bool {
	if p.scored != q.scored || p.width != q.width || p.order != q.order || p.other != q.other || len(p.keys) != len(q.keys) {
		return false
	}
	for i := range p.keys {
		if !p.keys[i].same(q.keys[i]) {
			return false
		}
	}
	return true
}

// longPane returns the segment pane's content at width, reusing the last
// one when the selection holds a long segment and nothing it shows has
// changed.
func (m *Model) longPane(width int) string {
	keys := m.ledgerKeys()
	long := false
	for _, k := range keys {
		long = long || m.isLong(k.sys, k.seg)
	}
	if !long {
		return m.detailContent(width)
	}
	p := paneText{keys: keys, scored: m.scored, width: width, order: m.order, other: m.view.Other}
	if p.matches(m.long.pane) {
		return m.long.pane.text
	}
	p.text = m.detailContent(width)
	m.long.pane = p
	return p.text
}

// longLedger is the computation of a long segment with the key it was
// made for.
type longLedger struct {
	key  ledgerKey
	info segInfo
}

// ledgerCmd explains one long segment off the UI loop. Explain can't be
// cancelled, so a result that is no longer wanted is dropped on arrival.
func ledgerCmd(ds *model.Dataset, labels []string, k ledgerKey) tea.Cmd {
	return func() tea.Msg {
		return ledgerMsg{key: k, info: explainSegment(ds, labels, k.sys, k.seg, k.opt)}
	}
}

// handleLedger installs a long segment's computation if the selection and
// the options still ask for it, and opens the walk-through waiting for it.
func (m Model) handleLedger(msg ledgerMsg) (tea.Model, tea.Cmd) {
	m.long.computing = withoutKey(m.long.computing, msg.key)
	if !hasKey(m.ledgerKeys(), msg.key) {
		return m, nil // the selection or the options moved on
	}
	m.long.done = append(m.long.done[:len(m.long.done):len(m.long.done)], longLedger(msg))
	m.refreshDetail(false)
	m.refreshOverlay(false)
	if m.waitsForWalk(msg.key) {
		return m, m.openExplain()
	}
	return m, nil
}

// walkCmd renders the walk-through of a long segment off the UI loop: its
// steps list every n-gram of every order, which takes seconds there.
func walkCmd(k ledgerKey, in segInfo, st render.Styles, width, height int) tea.Cmd {
	return func() tea.Msg {
		return walkMsg{key: k, learner: newWalkthroughLearner(in, k.opt, st, width, height), width: width, height: height}
	}
}

// handleWalk opens a walk-through rendered off the UI loop if it is still
// waited for: no key was pressed since e and the selection is the same.
func (m Model) handleWalk(msg walkMsg) (tea.Model, tea.Cmd) {
	m.long.walking = withoutKey(m.long.walking, msg.key)
	if !m.waitsForWalk(msg.key) {
		return m, nil
	}
	m.long.walkWanted = false
	m.learn = msg.learner
	if msg.width != m.width || msg.height != m.height {
		m.learn = m.learn.setSize(m.width, m.height)
	}
	m.screen = screenExplain
	return m, nil
}
