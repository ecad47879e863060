package ui

import (
	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
)

// scoredMsg carries the result of a scoring run tagged with its generation;
// results of an older generation are dropped.
type scoredMsg struct {
	gen    int
	scored *model.Scored
	set    model.Settings
	err    error
	// rows, when not nil, are the rows of view already computed by the run
	// (big corpora sort off the UI loop).
	rows   []int
	view   model.View
	subset *subsetScore
	// upgrade marks a background run that counted every n-gram order for
	// the current settings: it replaces the scores without changing them.
	upgrade bool
}

// rowsMsg carries the rows of a view sorted and filtered off the UI loop.
type rowsMsg struct {
	gen    int
	view   model.View
	rows   []int
	subset *subsetScore
}

// subsetScore is the corpus score of the filtered rows.
type subsetScore struct {
	res scoring.Result
	err error
}

// ledgerMsg carries the computation of a long segment made off the UI
// loop, tagged with the segment, system and options it was made for;
// it is dropped when the selection has moved on.
type ledgerMsg struct {
	key  ledgerKey
	info segInfo
}

// walkMsg carries the walk-through of a long segment rendered off the UI
// loop at width×height.
type walkMsg struct {
	key           ledgerKey
	learner       learner
	width, height int
}
