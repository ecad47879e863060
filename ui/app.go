// Package ui is bleuscope's explorer: the Bubble Tea program that browses
// the segments of a scored corpus and shows how each BLEU figure comes
// about.
package ui

import (
	"context"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/bleuscope/bleuscope/ui/render"
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"
)

// screen is what fills the window.
type screen int

const (
	screenMain    screen = iota
	screenHelp           // the full key help
	screenLedger         // the clip ledger of the selected segment, full size
	screenExplain        // the walk-through of the selected segment
	screenLessons        // the lessons
	screenCharts         // score distribution, precisions and BP as charts
)

// Model is the explorer's root model.
type Model struct {
	ds     *model.Dataset
	set    model.Settings
	scored *model.Scored
	view   model.View
	rows   []int
	cursor int // index into rows
	top    int // first visible row of the list
	seg    int // selected segment, kept across re-sorts and rescoring
	order  int // highlighted n-gram order, 0 = all orders
	subset *subsetScore

	compare bool
	zoom    bool
	screen  screen

	detail  pane     // the segment pane
	waiting bool     // the pane waits for a long segment's ledger
	long    longSegs // long segments explained off the UI loop
	overlay pane     // help, ledger and plain explanation screens
	learn   learner  // the walk-through or the lessons, when open

	filter  lineInput
	jump    lineInput
	typing  inputKind
	before  string // the filter when "/" was pressed, restored by esc
	keys    KeyMap
	help    help.Model
	spinner spinner.Model
	st      render.Styles

	gen      int
	rowsGen  int
	cancel   context.CancelFunc
	busy     bool
	rowsBusy bool
	prog     *progress
	err      error
	status   string // a message shown in the footer until the next key

	width, height int
	maxLen        int // widest hyp/ref length figure in the list
}

// New returns the explorer for ds scored under set. Scoring starts in
// Init; until it lands the screen says so.
func New(ds *model.Dataset, set model.Settings) Model {
	st := render.DefaultStyles()
	fi := lineInput{prompt: "/ ", limit: 200}
	ji := lineInput{prompt: "line: ", limit: 9}
	sp := spinner.New(spinner.WithSpinner(spinner.Dot))
	sp.Style = st.Accent
	h := help.New()
	h.Styles.ShortKey = st.Key
	h.Styles.ShortDesc = st.Muted
	h.Styles.ShortSeparator = st.Muted
	h.Styles.Ellipsis = st.Muted
	set.Orders = max(set.Orders, countOrders(set))
	m := Model{
		ds:      ds,
		set:     set,
		view:    model.View{System: 0, Other: -1, Sort: model.SortScore},
		seg:     -1,
		order:   min(2, set.Sentence.MaxOrder),
		filter:  fi,
		jump:    ji,
		keys:    DefaultKeyMap(),
		help:    h,
		spinner: sp,
		st:      st,
		busy:    true,
		prog:    &progress{},
	}
	if len(ds.Systems) > 1 {
		m.view.Other = 1
	}
	m.keys.setEnabled(len(ds.Systems), set.Corpus.Compat == scoring.CompatNLTK)
	return m
}

// Init implements tea.Model: it starts the first scoring run (generation
// 0) and the spinner.
func (m Model) Init() tea.Cmd {
	if len(m.ds.Systems) == 0 {
		return nil
	}
	ctx := context.Background()
	return tea.Batch(m.spinner.Tick, scoreCmd(ctx, m.gen, m.ds, m.set, m.view, m.prog))
}

// Update implements tea.Model. Whatever the message, it ends by starting
// the explanation of a selected long segment not yet at hand.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	next, cmd := m.update(msg)
	nm, ok := next.(Model)
	if !ok {
		return next, cmd
	}
	if more := nm.explainLong(); more != nil {
		return nm, tea.Batch(cmd, more)
	}
	return nm, cmd
}

// update routes msg to its handler.
func (m Model) update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		return m.handleResize(msg)
	case tea.KeyMsg:
		return m.handleKey(msg)
	case tea.MouseMsg:
		return m.handleMouse(msg)
	case scoredMsg:
		return m.handleScored(msg)
	case rowsMsg:
		return m.handleRows(msg)
	case ledgerMsg:
		return m.handleLedger(msg)
	case walkMsg:
		return m.handleWalk(msg)
	case spinner.TickMsg:
		if !m.busy && !m.rowsBusy && !m.waiting {
			return m, nil
		}
		var cmd tea.Cmd
		m.spinner, cmd = m.spinner.Update(msg)
		return m, cmd
	}
	return m.forward(msg)
}

// View implements tea.Model.
func (m Model) View() string {
	switch {
	case m.width == 0 || m.height == 0:
		return "loading…"
	case m.width < minWidth || m.height < minHeight:
		return tooSmall(m.width, m.height)
	case len(m.ds.Systems) == 0:
		return render.Truncate("no system output to explore: give a SYSTEM file (q quits)", m.width)
	}
	switch m.screen {
	case screenHelp, screenLedger, screenCharts:
		return m.overlayView()
	case screenExplain, screenLessons:
		return m.learnView()
	}
	return m.mainView()
}
