package ui

import (
	"context"
	"sync/atomic"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	tea "github.com/charmbracelet/bubbletea"
)

// syncRows is the corpus size up to which rows are sorted and filtered
// inside Update (a few milliseconds); above it that runs in a command.
const syncRows = 50_000

// syncRecompute is the corpus size up to which the arithmetic of a
// smoothing or max-order change runs inside Update; it costs about a
// microsecond per segment and system, so bigger corpora do it in a
// command and the keyboard stays live.
const syncRecompute = 20_000

// allOrdersUpTo is the corpus size up to which every n-gram order up to
// scoring.MaxOrderLimit is counted, so that changing the max order never
// needs a new pass over the text. Counting them all costs about twice as
// much as four, so the first run counts max(MaxOrder, 4) to show the
// screen soon and a second run in the background counts them all
// (upgradeCmd). Bigger corpora count max(MaxOrder, 4) only.
const allOrdersUpTo = 200_000

// countOrders returns the n-gram orders a scoring run counts first.
func countOrders(set model.Settings) int {
	return max(set.Corpus.MaxOrder, set.Sentence.MaxOrder, 4)
}

// wantsUpgrade reports whether s should be counted again with every order.
func wantsUpgrade(ds *model.Dataset, s *model.Scored) bool {
	return s != nil && ds.Len() <= allOrdersUpTo && s.Orders() < scoring.MaxOrderLimit
}

// upgradeCmd counts every n-gram order under set in the background. The
// scores are the same as before; only Recompute can then go further.
func upgradeCmd(ctx context.Context, gen int, ds *model.Dataset, set model.Settings) tea.Cmd {
	set.Orders = scoring.MaxOrderLimit
	return func() tea.Msg {
		s, err := model.Score(ctx, ds, set, nil)
		return scoredMsg{gen: gen, scored: s, set: set, err: err, upgrade: true}
	}
}

// progress is shared between a scoring run and the view: the run stores,
// the view loads.
type progress struct {
	done, total atomic.Int64
}

func (p *progress) set(done, total int) {
	p.done.Store(int64(done))
	p.total.Store(int64(total))
}

// fraction returns how far the run is, 0..1.
func (p *progress) fraction() float64 {
	t := p.total.Load()
	if t <= 0 {
		return 0
	}
	return float64(p.done.Load()) / float64(t)
}

// scoreCmd scores ds under set in its own goroutine and, for big corpora,
// also sorts the rows of view, so nothing proportional to the corpus runs
// on the UI loop.
func scoreCmd(ctx context.Context, gen int, ds *model.Dataset, set model.Settings, view model.View, prog *progress) tea.Cmd {
	return func() tea.Msg {
		prog.set(0, ds.Len())
		s, err := model.Score(ctx, ds, set, prog.set)
		return finishScore(gen, ds, s, set, view, err)
	}
}

// recomputeCmd redoes only the arithmetic of old under set (falling back
// to a full scoring run when the statistics can't be reused), for corpora
// too big to do it inside Update.
func recomputeCmd(ctx context.Context, gen int, ds *model.Dataset, old *model.Scored, set model.Settings, view model.View, prog *progress) tea.Cmd {
	return func() tea.Msg {
		if s, ok := old.Recompute(ds, set); ok {
			return finishScore(gen, ds, s, set, view, nil)
		}
		prog.set(0, ds.Len())
		s, err := model.Score(ctx, ds, set, prog.set)
		return finishScore(gen, ds, s, set, view, err)
	}
}

func finishScore(gen int, ds *model.Dataset, s *model.Scored, set model.Settings, view model.View, err error) scoredMsg {
	msg := scoredMsg{gen: gen, scored: s, set: set, err: err, view: view}
	if err == nil && s != nil && ds.Len() > syncRows {
		msg.rows = s.Rows(ds, view)
		msg.subset = subsetOf(ds, s, view, msg.rows)
	}
	return msg
}

// rowsCmd sorts and filters the rows of view off the UI loop.
func rowsCmd(gen int, ds *model.Dataset, s *model.Scored, view model.View) tea.Cmd {
	return func() tea.Msg {
		rows := s.Rows(ds, view)
		return rowsMsg{gen: gen, view: view, rows: rows, subset: subsetOf(ds, s, view, rows)}
	}
}

// subsetOf returns the corpus score of rows when a filter is active.
func subsetOf(ds *model.Dataset, s *model.Scored, view model.View, rows []int) *subsetScore {
	if view.Filter == "" || len(rows) == 0 {
		return nil
	}
	res, err := s.Subset(ds, view.System, rows)
	return &subsetScore{res: res, err: err}
}
