package ui

import (
	"strings"
	"unicode"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/bleuscope/bleuscope/ui/render"
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

// screen is what fills the window.
type screen int

const (
	screenMain       screen = iota
	screenHelp              // the full key help
	screenLedger            // the clip ledger of the selected segment, full size
	screenExplain           // the walk-through of the selected segment
	screenLessons           // the lessons
	screenCharts            // score distribution, precisions and BP as charts
	screenAnnSummary        // the annotation summary (annotate_summary.go)
	screenSig               // every system against the pinned baseline, with significance
	screenWarnings          // the input warnings (warnings.go)
	screenAnalysis          // corpus n-grams and buckets (analysis.go)
)

// Model is the explorer's root model. It routes messages to its
// components and holds only what they share (common) and the job table;
// the components own their state and never call back into it.
type Model struct {
	c      common
	jobs   jobTable
	header header
	list   segList
	pane   segPane
	help   helpScreen
	ledger ledgerScreen
	charts chartsScreen
	sig    sigScreen
	ana    anaScreen
	learn  learner // the walk-through or the lessons, when open
	ann    annotator
	annSum annSummary
	exp    exporter
	warns  warningsScreen
	screen screen
	// overlayFrom is the screen an overlay (help, charts, …) goes back to.
	overlayFrom screen
	// sigFrom is the screen the comparison (B) goes back to: the list or
	// the analysis screen.
	sigFrom screen
	// anaFrom is the screen the analysis (n) goes back to: the list, or
	// the comparison it was opened on.
	anaFrom screen
	// anaWaits is the status said when n was pressed before the first
	// scores: the analysis opens when they land unless a key comes first
	// ([Model.analysisOnScores]); empty for none.
	anaWaits saying
	status   saying // what the footer says until the next key
	// resumed is the segment reopening an annotation file went back to
	// ([Model.resumeAnnotating]), which the status says once the window's
	// width is known; ok false for none or once said.
	resumed  selection
	warnLine saying // the first screen's warning line (its full text is on the ! screen: it keeps to one line)
	err      error
}

// New returns the explorer for ds scored under set. Scoring starts in
// Init; until it lands the screen says so (a big corpus lists its lines
// in order meanwhile).
func New(ds *model.Dataset, set model.Settings, opts ...Option) Model {
	st := render.DefaultStyles()
	sp := spinner.New(spinner.WithSpinner(spinner.Dot))
	sp.Style = st.Accent
	h := help.New()
	h.ShortSeparator = " · " // as every footer joins its hints
	h.Styles.ShortKey = st.Key
	h.Styles.ShortDesc = st.Muted
	h.Styles.ShortSeparator = st.Muted
	h.Styles.Ellipsis = st.Muted
	m := Model{
		c:    common{refs: newRefChoice(ds), set: set, st: st, keys: DefaultKeyMap(), help: h, spinner: sp, resample: resampling{seed: scoring.DefaultSeed()}},
		list: newSegList(ds),
		pane: newSegPane(set),
		sig:  newSigScreen(),
	}
	m.c.setDataset(ds)
	m.c.keys.setEnabled(len(ds.Systems))
	for _, o := range opts {
		o(&m)
	}
	// The input's warnings and those the options brought (the annotation
	// file's, a setting that could not be taken): the first screen says so.
	if ws := inputWarnings(m.c); len(ws) > 0 && len(ds.Systems) > 0 {
		m.c.syncWarningsKey()
		m.flash(warningLine(ws, warningsTitle(m.c)))
		m.warnLine = m.status
	}
	if len(ds.Systems) > 0 {
		m.jobs.start(jobScore) // Init has a value receiver: the job is started here
		if ds.Len() > syncRows {
			m.list.lineOrder(ds.Len())
		}
	}
	return m
}

// Init implements tea.Model: it runs the scoring job New started, and the
// spinner.
func (m Model) Init() tea.Cmd {
	if len(m.c.ds.Systems) == 0 {
		return nil
	}
	ctx, tag, prog := m.jobs.current(jobScore)
	return tea.Batch(m.c.spinner.Tick, scoreCmd(ctx, tag, m.c.ds, nil, m.c.set, m.rowsView(), m.ann.facts(m.c.ds), nil, prog), m.initMetrics())
}

// Update implements tea.Model. A job's result of an older generation is
// dropped here, before any handler sees it. Whatever the message, Update
// ends by starting the explanation of a selected long segment not yet at
// hand.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if r, ok := msg.(jobResult); ok && !m.jobs.finish(r.tag()) {
		return m, nil
	}
	m, cmd := m.update(msg)
	if more := m.explainLong(); more != nil {
		cmd = tea.Batch(cmd, more)
	}
	if more := m.analysis(); more != nil {
		cmd = tea.Batch(cmd, more)
	}
	if more := m.drillWhenReady(); more != nil {
		cmd = tea.Batch(cmd, more)
	}
	if more := m.refindDrill(); more != nil {
		cmd = tea.Batch(cmd, more)
	}
	// After refindDrill: the comparison opened in a drill-down tests the
	// segments found again as soon as they are listed.
	if more := m.significance(); more != nil {
		cmd = tea.Batch(cmd, more)
	}
	m.settleStats()
	return m, cmd
}

// update routes msg to its handler.
func (m Model) update(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		return m.handleResize(msg), nil
	case tea.KeyMsg:
		if m.c.tooSmall() && !m.actsWhenSmall(msg) {
			return m, nil // unseen, it would act blind
		}
		return m.handleKey(msg)
	case tea.MouseMsg:
		if m.c.tooSmall() {
			return m, nil
		}
		return m.handleMouse(msg)
	case scoredMsg:
		return m.handleScored(msg)
	case rowsMsg:
		return m.handleRows(msg)
	case statsMsg:
		return m.handleStats(msg)
	case ledgerMsg:
		return m.handleLedger(msg)
	case walkMsg:
		return m.handleWalk(msg), nil
	case sigMsg:
		// The resampling's buffers (hundreds of MB on a big corpus) are
		// garbage now: hand them back, as after a scoring or a count.
		return m.handleSig(msg), releaseMemory(m.c.ds.Len())
	case anaMsg:
		return m.handleAnalysis(msg), releaseMemory(m.c.ds.Len())
	case anaEarlyMsg:
		return m.handleAnalysisEarly(msg)
	case anaBaseMsg:
		return m.handleAnalysisBase(msg)
	case anaPartMsg:
		return m.handleAnalysisPart(msg), nil
	case exportedMsg:
		return m.handleExported(msg), nil
	case annReadMsg:
		return m.handleAnnRead(msg)
	case spinner.TickMsg:
		if !m.jobs.busy() {
			return m, nil
		}
		var cmd tea.Cmd
		m.c.spinner, cmd = m.c.spinner.Update(msg)
		return m, cmd
	}
	return m.forward(msg)
}

// View implements tea.Model. Whatever the screen draws, every line is
// clipped here so that any terminal draws it within the width, and the
// screen is cut or padded to the height: no text can wrap a row, scroll
// the screen or push the header off.
func (m Model) View() string {
	v := m.screenView()
	if m.c.width < minWidth || m.c.height < minHeight {
		return v
	}
	v = fit(v, m.c.width, m.c.height)
	if more := m.footerOverflow(); more != nil {
		lines := strings.Split(v, "\n")
		for i := range more {
			more[i] = render.Clip(more[i], m.c.width) // as fit clips every line
		}
		copy(lines[len(lines)-len(more):], more)
		v = strings.Join(lines, "\n")
	}
	return v
}

// footerOverflow returns the lines that take the place of the last ones
// of a screen whose footer says more than one line holds: a status or
// error message (the advice in it often comes last) wrapped to two lines,
// or, while a filter or an export path is typed, why it is refused (up to
// two lines) above the prompt. nil when the footer fits, or on a screen
// that does not show the message.
func (m Model) footerOverflow() []string {
	c := m.c
	switch m.screen {
	case screenMain, screenSig:
	case screenAnalysis, screenAnnSummary:
		if m.status.empty() {
			return nil
		}
	default:
		return nil
	}
	switch {
	case m.list.typing == typingFilter:
		live := m.liveFilter()
		return aboveThePrompt(c, m.list.typedNotes(c.width, live), m.list.footer(c, live), m.list.promptAlone(c, live))
	case m.exp.typing && m.screen == screenMain:
		return aboveThePrompt(c, m.statusText(), m.exp.footer(c, m.statusText()), m.exp.path.field(c.st, c.width))
	case m.list.typing != typingNone || m.exp.typing || m.screen == screenMain && m.ann.active() && m.status.empty():
		return nil
	case m.screen == screenMain && m.err != nil:
		return twoLines(c.st.Error, m.errText(), c.width)
	case !m.status.empty() && m.status != m.warnLine:
		return twoLines(c.st.Warn, m.statusText(), c.width)
	}
	return nil
}

// aboveThePrompt returns the lines that end the screen while a prompt
// whose footer (the prompt and why, on one line) does not fit is typed:
// why, wrapped to two lines when it needs them, above the prompt alone.
// nil when there is no why or the footer fits.
func aboveThePrompt(c common, why, footer, prompt string) []string {
	if why == "" || render.Cells(ansi.Strip(footer)) <= c.width {
		return nil
	}
	lines := twoLines(c.st.Warn, why, c.width)
	if lines == nil {
		lines = []string{c.st.Warn.Render(why)}
	}
	return append(lines, prompt)
}

// twoLines wraps text in style to two lines of width cells, the second
// cut when it is still too long, never inside a number
// ([render.TruncateWhole]); nil when it fits on one.
func twoLines(style lipgloss.Style, text string, width int) []string {
	first, rest := wrapTwo(text, width)
	if rest == "" {
		return nil
	}
	return []string{style.Render(first), style.Render(render.TruncateWhole(rest, width))}
}

// wrapTwo wraps text (one line) to width cells: its first line, and the
// text that follows it ("" when text fits on one), as written: a break
// after a hyphen adds no space to it.
func wrapTwo(text string, width int) (first, rest string) {
	if render.Cells(text) <= width {
		return text, ""
	}
	first, _, _ = strings.Cut(render.Wrap(text, width), "\n")
	return first, strings.TrimLeftFunc(strings.TrimPrefix(text, first), unicode.IsSpace)
}

// inTwoLines reports whether [twoLines] shows text whole in width cells.
func inTwoLines(text string, width int) bool {
	_, rest := wrapTwo(text, width)
	return render.Cells(rest) <= width
}

// screenView draws the screen open.
func (m Model) screenView() string {
	c := m.c
	switch {
	case c.width == 0 || c.height == 0:
		return "loading…"
	case c.tooSmall():
		acting := "q (quit) acts"
		if m.typing() {
			acting = "ctrl+c (quit) acts"
		}
		return tooSmallScreen(c.width, c.height, acting)
	case len(c.ds.Systems) == 0:
		return render.Truncate("no system output to explore: give a SYSTEM file (q quits)", c.width)
	}
	switch m.screen {
	case screenHelp:
		return m.help.View(c)
	case screenLedger:
		return m.ledger.View(c, m.list.selection(c))
	case screenCharts:
		return m.charts.View(c, m.list)
	case screenAnnSummary:
		return m.annSum.View(c, m.ann, m.statusText())
	case screenSig:
		return m.sigView()
	case screenWarnings:
		return m.warns.View(c)
	case screenAnalysis:
		return m.analysisView()
	case screenExplain, screenLessons:
		if m.learn == nil {
			return fit("", c.width, c.height)
		}
		return fit(m.learn.view(), c.width, c.height)
	}
	return m.mainView()
}
