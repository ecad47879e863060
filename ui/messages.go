package ui

import (
	"github.com/bleuscope/bleuscope/model"
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
	// rows, when not nil, are the rows of view already computed by the run
	// (big corpora sort off the UI loop).
	rows   []int
	view   model.View
	subset *subsetScore
	// anyCase is the empty list's anyCaseCount.
	anyCase int
}

// rowsMsg carries the rows of a view sorted and filtered off the UI loop.
type rowsMsg struct {
	jobTag
	view   model.View
	rows   []int
	subset *subsetScore
	err    error // the filter could not be applied; rows is nil
	// anyCase is the empty list's anyCaseCount.
	anyCase int
}

// subsetScore is the corpus score of the filtered rows, and the pinned
// baseline's on the same rows (hasBase false without a baseline).
type subsetScore struct {
	res     scoring.Result
	err     error
	base    scoring.Result
	hasBase bool
}

// metricsMsg carries the chrF or TER scores of a metric run (jobChrF,
// jobTER).
type metricsMsg struct {
	jobTag
	ms  *model.MetricScores
	err error
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
