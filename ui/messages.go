package ui

import (
	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/model/annotations"
	"github.com/bleuscope/bleuscope/scoring"
)

// Every message that ends a job embeds its jobTag; Update drops the stale
// ones before any handler sees them ([jobTable.finish]).

// scoredMsg carries the result of a scoring run (jobScore or jobUpgrade).
type scoredMsg struct {
	jobTag
	scored *model.Scored
	set    model.Settings
	err    error
	view   model.View
	// listRows, when rows is not nil, are the rows of view already made
	// by the run (big corpora sort off the UI loop).
	listRows
}

// rowsMsg carries the rows of a view sorted and filtered off the UI loop.
type rowsMsg struct {
	jobTag
	view model.View
	listRows
	err error // the filter could not be applied; rows is nil
}

// listRows are the rows of a view, sorted and filtered, with what the
// list shows beside them ([makeListRows]).
type listRows struct {
	rows []int
	// impact is what the rows are sorted by while they are sorted by
	// impact ([model.Scored.RowsImpact]), nil otherwise: the list's
	// impact column, made with the rows, off the UI loop for big corpora.
	impact []float64
	// impactOf is the metric of impact: model.MetricBLEU, or chrF's or
	// TER's when the view weighs their statistics (model.View.ImpactOf).
	impactOf string
	subset   *subsetScore
	// anyCase is the empty list's anyCaseCount.
	anyCase int
	// basis is the system, baseline and scores the rows were made for.
	basis rowsBasis
}

// rowsBasis is what rows were made for besides the filter and the
// drill-down: the system shown, the baseline, and the settings and the
// references (the dataset made with them, [common.scoredOn]) of the
// scores they were sorted and filtered by.
type rowsBasis struct {
	system, other int
	set           model.Settings
	refs          *model.Dataset
}

// subsetScore is the corpus score of the filtered rows, and the pinned
// baseline's on the same rows (hasBase false without a baseline).
type subsetScore struct {
	res     scoring.Result
	err     error
	base    scoring.Result
	hasBase bool
}

// ledgerMsg carries long segments explained off the UI loop, each with
// the key it was made for.
type ledgerMsg struct {
	jobTag
	done []longLedger
}

// walkMsg carries the walk-through of a long segment rendered off the UI
// loop at width×height.
type walkMsg struct {
	jobTag
	learner       learner
	width, height int
}

// annReadMsg carries the annotation file read again off the UI loop
// ([annotations.Store.Refresh]): whether the store took in another
// bleuscope's changes, or why the file could not be read, and, when it
// took them in then or since the rows of the MQM file opened as the
// corpus were last left out of what it holds (missing), those rows it
// does not hold after catching up at times ([annotations.Store.Missing],
// [annotations.Store.CaughtUp]).
type annReadMsg struct {
	jobTag
	read    bool
	err     error
	missing bool
	extra   []annotations.Annotation
	at      int
}
