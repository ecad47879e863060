package ui

import (
	"context"
	"runtime/debug"
	"strings"
	"time"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/bleuscope/bleuscope/ui/render"
	tea "github.com/charmbracelet/bubbletea"
)

// syncRows is the corpus size up to which rows are sorted and filtered
// inside Update (a few milliseconds); above it that runs in a command,
// and the first screen lists the lines in order while scoring runs.
const syncRows = 50_000

// syncRowsBudget is how long sorting and filtering may hold Update on a
// corpus of up to syncRows segments; past it (a /regexp/ can take
// milliseconds a segment) the rows are made in a job instead.
var syncRowsBudget = 300 * time.Millisecond

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

// countOrders is how many n-gram orders the explorer's scoring runs
// count: at least 4 at first, every order in the upgrade (all true). It
// is the one place the explorer decides what to count.
func countOrders(all bool) model.ScoreOption {
	if all {
		return model.CountOrders(scoring.MaxOrderLimit)
	}
	return model.CountOrders(4)
}

// wantsUpgrade reports whether s should be counted again with every order.
func wantsUpgrade(ds *model.Dataset, s *model.Scored) bool {
	return s != nil && ds.Len() <= allOrdersUpTo && s.Orders() < scoring.MaxOrderLimit
}

// upgradeCmd counts every n-gram order under set in the background. The
// scores are the same as before; only Recompute can then go further.
func upgradeCmd(ctx context.Context, tag jobTag, ds *model.Dataset, set model.Settings) tea.Cmd {
	return func() tea.Msg {
		s, err := model.Score(ctx, ds, set, nil, countOrders(true))
		return scoredMsg{jobTag: tag, scored: s, set: set, err: err}
	}
}

// scoreCmd scores ds under set in its own goroutine, or only redoes the
// arithmetic of old when old is given (the caller asked
// [model.Scored.CanRecompute]); for big
// corpora it also sorts the rows of view, so nothing proportional to the
// corpus runs on the UI loop. metrics are the chrF and TER scores the
// filter may read (those at hand under set).
func scoreCmd(ctx context.Context, tag jobTag, ds *model.Dataset, old *model.Scored, set model.Settings, view model.View, facts model.AnnotationFacts, metrics []*model.MetricScores, prog *progress) tea.Cmd {
	return func() tea.Msg {
		var s *model.Scored
		var err error
		if old != nil {
			s, _ = old.Recompute(ds, set)
		} else {
			prog.set(0, ds.Len())
			s, err = model.Score(ctx, ds, set, prog.set, countOrders(false))
		}
		msg := scoredMsg{jobTag: tag, scored: s, set: set, err: err, view: view}
		if err == nil && s != nil && ds.Len() > syncRows {
			if rows, rerr := makeListRows(ctx, ds, s, ds, view, nil, facts, metrics); rerr == nil {
				msg.listRows = rows
			}
		}
		return msg
	}
}

// rowsCmd sorts and filters the rows of view off the UI loop, until ctx
// is cancelled; s are the scores on screen, made against the references
// of on.
func rowsCmd(ctx context.Context, tag jobTag, ds *model.Dataset, s *model.Scored, on *model.Dataset, view model.View, only []int, facts model.AnnotationFacts, metrics []*model.MetricScores) tea.Cmd {
	return func() tea.Msg {
		msg := rowsMsg{jobTag: tag, view: view}
		msg.listRows, msg.err = makeListRows(ctx, ds, s, on, view, only, facts, metrics)
		return msg
	}
}

// makeListRows returns the rows of view (viewRows) with the impact they
// are sorted by, their corpus score (subsetOf) and, when there are none,
// anyCaseCount. A drill-down's score needs only its segments, not their
// order: it is computed while they are sorted. It stops with ctx's error
// when ctx is done while the impact is worked out or the filter tested.
// s are the scores on screen, made against the references of on (ds's
// but while the references R chose are scored): the rows' basis names on.
func makeListRows(ctx context.Context, ds *model.Dataset, s *model.Scored, on *model.Dataset, view model.View, only []int, facts model.AnnotationFacts, metrics []*model.MetricScores) (listRows, error) {
	var r listRows
	var err error
	if only == nil || strings.TrimSpace(view.Filter) != "" || len(only) == 0 || s.SubsetNeedsOrder() {
		if r.rows, r.impact, err = viewRows(ctx, ds, s, view, only, facts, metrics...); err != nil {
			return listRows{}, err
		}
		r.subset = subsetOf(ds, s, view, only, r.rows)
	} else {
		done := make(chan *subsetScore)
		go func() { done <- subsetOf(ds, s, view, only, only) }()
		r.rows, r.impact, err = viewRows(ctx, ds, s, view, only, facts, metrics...)
		if r.subset = <-done; err != nil {
			return listRows{}, err
		}
	}
	if r.anyCase = anyCaseCount(ctx, ds, s, view, only, facts, metrics, r.rows); ctx.Err() != nil {
		return listRows{}, ctx.Err()
	}
	r.basis = rowsBasis{view.System, view.Other, s.Settings, on}
	r.impactOf = model.MetricBLEU
	if view.ImpactOf != nil {
		r.impactOf = view.ImpactOf.Name
	}
	return r, nil
}

// subsetOf returns the corpus score of rows when a filter or a drill-down
// (only) is active, and the baseline's on them.
func subsetOf(ds *model.Dataset, s *model.Scored, view model.View, only, rows []int) *subsetScore {
	if (view.Filter == "" && only == nil) || len(rows) == 0 {
		return nil
	}
	res, err := s.Subset(ds, view.System, rows)
	sub := &subsetScore{res: res, err: err}
	if err == nil && view.Other >= 0 && view.Other != view.System && view.Other < len(ds.Systems) {
		if base, err := s.Subset(ds, view.Other, rows); err == nil {
			sub.base, sub.hasBase = base, true
		}
	}
	return sub
}

// ledgerCmd explains long segments off the UI loop. Explain can't be
// cancelled, so a result no longer wanted is dropped on arrival.
func ledgerCmd(tag jobTag, ds *model.Dataset, keys []ledgerKey) tea.Cmd {
	return func() tea.Msg {
		msg := ledgerMsg{jobTag: tag}
		for _, k := range keys {
			msg.done = append(msg.done, longLedger{key: k, info: model.Explain(ds.Segment(k.sys, k.seg), k.opt)})
		}
		return msg
	}
}

// walkCmd renders the walk-through of a long segment off the UI loop: its
// steps list every n-gram of every order, which takes seconds there.
func walkCmd(tag jobTag, in model.Explained, about walkSubject, st render.Styles, width, height int) tea.Cmd {
	return func() tea.Msg {
		return walkMsg{jobTag: tag, learner: newWalkthroughLearner(in, about, st, width, height), width: width, height: height}
	}
}

// releaseAbove is the corpus size from which the explorer hands memory
// back to the system after a job that replaced large data (counts, or
// scores): Go keeps freed memory for reuse, so after a few tokenizer
// changes on a million segments the process held twice what it uses.
var releaseAbove = 200_000 // a variable so that tests can lower it

// releaseMemory returns a command that collects garbage and returns the
// free memory to the system, for a corpus of n segments above
// releaseAbove (nil below: small corpora free little).
func releaseMemory(n int) tea.Cmd {
	if n <= releaseAbove {
		return nil
	}
	return func() tea.Msg {
		freeOSMemory()
		return nil
	}
}

// releasedFirst returns cmd run once the memory just let go of (counts of
// other settings) is collected and handed back: else the work cmd does
// (a count) grows the process beside it, the collector's next run being
// paced by the heap it last saw, which held it (1.5 GB at a million
// segments as the count began, where 1.0 was in use).
func releasedFirst(cmd tea.Cmd) tea.Cmd {
	return func() tea.Msg {
		freeOSMemory()
		return cmd()
	}
}

// freeOSMemory hands freed memory back to the system (a variable so that
// tests can count the calls).
var freeOSMemory = debug.FreeOSMemory
