package ui

import (
	"context"
	"slices"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// sigMsg carries a comparison made off the UI loop (jobSig) and what it
// was made for.
type sigMsg struct {
	jobTag
	of  sigFor
	res *model.Comparison
	err error
}

// resampling is the seed of the explorer's significance tests and
// bucket intervals, and the resamples of the paired bootstrap and the
// trials of approximate randomization (0: sacrebleu's defaults).
type resampling struct {
	seed         scoring.Seed
	bootstrapN   int
	randomTrials int
}

// WithResampling sets the seed of the significance tests and bucket
// intervals (else [scoring.DefaultSeed]) and the resamples and trials of
// the paired tests (≤ 0: sacrebleu's defaults), as compare's --seed,
// --paired-bs-n and --paired-ar-n.
func WithResampling(seed scoring.Seed, bootstrapN, randomTrials int) Option {
	return func(root *Model) {
		root.c.resample = resampling{seed: seed, bootstrapN: bootstrapN, randomTrials: randomTrials}
	}
}

// WithStartWarning adds a warning about how the explorer was started (a
// setting it could not take, and what it does instead) to the input
// warnings: the first screen says so and ! lists it.
func WithStartWarning(w string) Option {
	return func(root *Model) { root.c.optWarnings = append(root.c.optWarnings, w) }
}

// sigCmd runs the paired test of every system against the baseline on
// the metric of, over rows (nil: all segments), reporting progress
// through prog. For chrF and TER it tests stats, their statistics
// computed for of.stats (metric_stats.go).
func sigCmd(ctx context.Context, tag jobTag, of sigFor, rows []int, rs resampling, stats *model.MetricStatistics, prog *progress) tea.Cmd {
	return func() tea.Msg {
		n := rs.bootstrapN
		if of.test == model.TestPairedAR {
			n = rs.randomTrials
		}
		opt := model.CompareOptions{Test: of.test, N: n, Seed: rs.seed, Progress: func(f float64) {
			prog.set(int(f*1000), 1000)
		}}
		if of.metric == model.MetricBLEU {
			res, err := model.Compare(ctx, of.scored, of.base, rows, opt)
			return sigMsg{jobTag: tag, of: of, res: res, err: err}
		}
		res, err := model.CompareMetric(ctx, stats, of.base, rows, opt)
		return sigMsg{jobTag: tag, of: of, res: res, err: err}
	}
}

// sigWanted returns what the comparison screen should show now: the
// current scores against the pinned baseline, on the rows of the filtered
// list (all segments without a filter). ok is false while the scores or
// the rows are still coming, when there is nothing to compare yet.
func (m Model) sigWanted() (sigFor, bool) {
	l := m.list
	if m.c.scored == nil || l.view.Other < 0 || m.jobs.running(jobScore) || m.jobs.running(jobRows) {
		return sigFor{}, false
	}
	f := sigFor{scored: m.c.scored, base: l.view.Other, test: m.sig.test, metric: m.sig.metric, system: -1}
	if f.metric != model.MetricBLEU {
		f.stats = m.c.metricStatsKey(f.metric)
	}
	if l.filtered() {
		f.system, f.filter, f.rows = l.view.System, l.filterLabel(m.c.systemName), len(l.rows)
	}
	return f, true
}

// significance runs at the end of every Update: while the comparison
// screen is open (the help over it too) it starts the comparison the
// screen should show when that is neither shown nor in flight (a newer
// one replaces an older one in flight, whose result is then dropped as
// stale). Opened in a drill-down whose row is found again under new
// settings, or gone there, it drops the comparison of the segments found
// before, and tests none until they are listed (the screen says it
// waits, or why the row is gone).
func (m *Model) significance() tea.Cmd {
	if !m.sigOpen() {
		return nil
	}
	if m.list.findingAgain() || m.list.gone != nil {
		m.jobs.stop(jobSig)
		m.sig.forget()
		return nil
	}
	want, ok := m.sigWanted()
	if !ok || m.sig.current(want) || m.jobs.running(jobSig) && m.sig.asked == want {
		return nil
	}
	if want.filter != "" && want.rows == 0 {
		m.jobs.stop(jobSig) // nothing to compare; the screen says so
		return nil
	}
	var stats *model.MetricStatistics
	if want.metric != model.MetricBLEU {
		var err error
		var cmd tea.Cmd
		if stats, err, cmd = m.wantStats(want.metric); stats == nil {
			m.jobs.stop(jobSig) // a test of other statistics in flight is stale
			if err != nil {
				m.sig.done(want, nil, err)
			}
			return cmd
		}
	}
	var rows []int
	if want.filter != "" {
		rows = slices.Clone(m.list.rows)
		slices.Sort(rows) // line order, as compare on those lines alone would resample them
	}
	ctx, tag, prog := m.jobs.start(jobSig)
	m.sig.asked = want
	return tea.Batch(m.c.spinner.Tick, sigCmd(ctx, tag, want, rows, m.c.resample, stats, prog))
}

// sigOpen reports whether the comparison screen is open: shown, or under
// the help opened from it, which leaves its test and statistics running
// as they do beneath the filter prompt; esc and the keys that leave it
// stop what no other screen waits for (stopUnwanted).
func (m Model) sigOpen() bool {
	return m.screen == screenSig || m.screen == screenHelp && m.overlayFrom == screenSig
}

// handleSig installs a comparison (stale ones never get here).
func (m Model) handleSig(msg sigMsg) Model {
	m.sig.done(msg.of, msg.res, msg.err)
	return m
}

// openSig opens the comparison screen on the shown system; the
// comparison starts at the end of the Update.
func (m *Model) openSig() tea.Cmd {
	if len(m.c.ds.Systems) < 2 {
		return m.flash("the comparison needs two systems")
	}
	m.sig.cursor = m.list.view.System
	if m.sig.cursor == m.list.view.Other { // the baseline has no differences to draw
		m.sig.cursor = (m.sig.cursor + 1) % len(m.c.ds.Systems)
	}
	m.sigFrom, m.screen = m.screen, screenSig
	m.list.fromSig = false // a new visit: esc leaves the list as it stands
	m.sig.opened = m.list.view.Filter
	return nil
}

// filterStays says, back on the list from the comparison, that a filter
// typed (or cleared) there is the list's, one set of segments for every
// screen: a researcher typed one on the comparison and, after esc, found
// the list filtered without a word. It says nothing when the filter is
// the one the list had when the comparison opened. In an analysis
// drill-down it says the filter is the drill-down's: leaving it gives
// back the filter there was before it ([segList.closeDrill]). It gives no
// count while the rows to come are not those listed ([Model.filterMatch]).
func (m *Model) filterStays() tea.Cmd {
	l := m.list
	if m.screen != screenMain || l.view.Filter == m.sig.opened {
		return nil
	}
	if l.fromAnalysis {
		return m.filterInDrill()
	}
	if l.view.Filter == "" {
		return m.flashFit("the filter is the list's, one for every screen: cleared there too", "the filter is the list's: cleared there too")
	}
	query, match, clear := m.filterMatch()
	return m.flashFit("the filter is the list's, one for every screen: "+match+clear,
		"the filter is the list's: "+match+clear,
		"the list's filter: "+match+clear,
		"the list's filter: "+query+clear,
		"the list keeps the filter"+clear,
		"still filtered"+clear)
}

// filterInDrill is [Model.filterStays] in an analysis drill-down, whose
// filter narrows its segments until it is left.
func (m *Model) filterInDrill() tea.Cmd {
	if m.list.view.Filter == "" {
		return m.flashFit("the filter is the drill-down's: cleared there too")
	}
	query, match, clear := m.filterMatch()
	return m.flashFit("the filter narrows the drill-down, not the list it came from: "+match+clear,
		"the filter narrows the drill-down: "+match+clear,
		"the drill-down's filter: "+match+clear,
		"the drill-down's filter: "+query+clear,
		"still filtered"+clear)
}

// filterMatch says the list's filter quoted (query, "“len>40”"), how many
// segments it keeps ("60 of 1,984 match “len>40”", or the query alone
// while its rows are not in), and clear that esc clears it ("" when esc
// leaves a zoom or the stacked hypotheses first).
func (m *Model) filterMatch() (query, match, clear string) {
	l := m.list
	query = "“" + l.view.Filter + "”" // escaped with the status
	match = query
	// No count for rows to come: a drill-down found again lists others.
	if !l.rowsStale() && !l.misfit(m.c) && !m.jobs.running(jobRows) && l.waiting == "" && !l.refinding {
		match = model.Thousands(len(l.rows)) + " of " + model.Thousands(m.c.ds.Len()) + " match " + match
	}
	if m.pane.zoom || m.pane.compare {
		return query, match, ""
	}
	return query, match, " · esc clears it"
}

// closeSig leaves the comparison screen for the one it was opened from
// and cancels the comparison in flight.
func (m *Model) closeSig() {
	m.jobs.stop(jobSig)
	m.screen = m.sigFrom
	m.refreshPane(false)
}

// backToSig leaves the list sorted by impact by i on the comparison
// screen for that screen, the list's order before it given back.
func (m *Model) backToSig() tea.Cmd {
	m.list.closeSigImpact(len(m.c.ds.Systems))
	m.screen = screenSig
	return m.refreshRows()
}

// handleSigKey handles keys on the comparison screen: pinning the
// selected system as the baseline, filtering and leaving are the root's;
// the rest is the screen's.
func (m Model) handleSigKey(msg tea.KeyMsg) (Model, tea.Cmd) {
	k := m.c.keys
	switch {
	case key.Matches(msg, k.Quit):
		return m, m.quit()
	case key.Matches(msg, k.Back, k.Significance):
		m.closeSig()
		m.stopUnwanted()
		return m, m.filterStays()
	case key.Matches(msg, k.Pin):
		return m, m.togglePin(m.sig.cursor)
	case key.Matches(msg, k.Impact):
		if m.list.gone != nil { // the drill-down's segments are no row's now
			return m, m.flashFit("the drill-down's row is gone: esc goes back to the table", "the row is gone: esc, back to the table")
		}
		if m.sig.cursor == m.list.view.Other {
			return m, m.flashFit("that is the baseline: select a system to see the segments that cost it the most",
				"that is the baseline: select another system", "the baseline: select another")
		}
		m.closeSig()
		m.list.openSigImpact()
		m.screen = screenMain // the impact is a sort of the list; esc comes back
		return m, m.sortByImpact(m.sig.cursor, m.sig.metric)
	case key.Matches(msg, k.Filter):
		m.list.startTyping(typingFilter)
	case key.Matches(msg, k.Help): // an overlay: the comparison goes on beneath it
		m.openOverlay(screenHelp)
	case key.Matches(msg, k.Metrics):
		m.sig = m.sig.cycleMetric()
		testing := "testing " + m.c.metricTitle(m.sig.metric) + " (M: BLEU, chrF, TER)"
		return m, m.flashFit(testing+" · i lists "+m.c.costliest(m.sig.metric), testing+" · i lists the costliest", testing)
	case key.Matches(msg, k.Other):
		return m, m.cycleOther()
	case key.Matches(msg, k.Analysis):
		// Back, as esc, to the analysis or its drill-down the comparison
		// was opened on; from the list, on to the analysis.
		m.closeSig()
		m.stopUnwanted()
		if m.screen != screenAnalysis && !m.list.fromAnalysis {
			return m, m.openAnalysis()
		}
		return m, m.filterStays()
	default:
		// The options rescore, and the comparison follows the new scores;
		// opened in a drill-down, it follows the drill-down's row found
		// again under them (refindDrill).
		if cmd, ok := m.handleOptionKey(msg); ok {
			return m, cmd
		}
		if !pressedAny(msg, k.PrevSystem, k.NextSystem, k.SigTest) { // the screen's own, with the moves
			if cmd, ok := m.elsewhere(msg); ok {
				return m, cmd
			}
		}
		m.sig = m.sig.Update(msg, k, len(m.c.ds.Systems))
	}
	return m, nil
}

// metricTitle is how the explorer names a metric: BLEU, chrF2 (chrF2++
// with word n-grams, under the explorer's chrF options) or TER.
func (c common) metricTitle(metric string) string {
	return c.metricOptions().Title(metric)
}

// togglePin is p: it pins system sys as the baseline, or, when sys is
// the pinned baseline already, unpins it, so that every system is
// compared with its auto baseline again.
func (m *Model) togglePin(sys int) tea.Cmd {
	if !m.list.pinned || sys != m.list.view.Other {
		return m.pin(sys)
	}
	m.list.pinned = false
	m.list.show(m.list.view.System, len(m.c.ds.Systems))
	m.flashFit("baseline: auto again (the first system vs the second, the others vs the first; p pins one)",
		"baseline: auto again (p pins one)")
	return m.baselineChanged()
}

// pin makes system sys the baseline every Δ, the impact and the
// comparison are against.
func (m *Model) pin(sys int) tea.Cmd {
	if sys < 0 || sys >= len(m.c.ds.Systems) || len(m.c.ds.Systems) < 2 {
		return nil
	}
	m.list.view.Other, m.list.pinned = sys, true
	m.flash("baseline: " + m.c.shortName(sys) + " (every Δ is against it)")
	return m.baselineChanged()
}

// baselineChanged redraws what depends on the baseline.
func (m *Model) baselineChanged() tea.Cmd {
	if m.list.byBaseline() {
		return m.refreshRows()
	}
	m.list.impact = nil // against the baseline before, of rows sorted otherwise now
	m.refreshPane(false)
	return nil
}

// sigRun is the state of the comparison job for the screen's status line.
// While the test waits for chrF's or TER's statistics, it is their job's.
func (m Model) sigRun() sigStatus {
	if m.sig.metric != model.MetricBLEU && !m.jobs.running(jobSig) && m.computing(m.sig.metric) {
		_, _, prog := m.jobs.current(metricJob(m.sig.metric))
		return sigStatus{running: true, frac: prog.fraction(), spinner: m.c.spinner.View(), stats: m.c.metricTitle(m.sig.metric)}
	}
	_, _, prog := m.jobs.current(jobSig)
	return sigStatus{running: m.jobs.running(jobSig), frac: prog.fraction(), spinner: m.c.spinner.View()}
}

// sigView draws the comparison screen with its footer, or the filter
// prompt while one is typed.
func (m Model) sigView() string {
	c := m.c
	footer := c.st.Muted.Render(fitKeyForms(c.width, c.keys.sigFooter(m.sig.metric)...))
	switch {
	case m.list.typing != typingNone:
		footer = m.list.footer(c, m.liveFilter())
	case !m.status.empty():
		footer = m.statusLine()
	}
	return m.sig.View(c, m.list, m.sigRun(), footer)
}
