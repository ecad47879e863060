package ui

import (
	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/ui/render"
	tea "github.com/charmbracelet/bubbletea"
	"strings"
)

// refChoice is which of the loaded references are scored: every one (the
// default) or one alone. The references key cycles all → the first alone
// → the second alone → … → all, so a teacher can show what a second
// reference does to the score. Every figure (BLEU, chrF, TER, the pane,
// the comparison, the analysis, exports) is made from common.ds, which is
// the loaded dataset kept to the choice.
type refChoice struct {
	all  *model.Dataset // as loaded, with every reference
	only int            // the reference scored alone, or -1 for every one
}

// newRefChoice scores every reference of ds.
func newRefChoice(ds *model.Dataset) refChoice { return refChoice{all: ds, only: -1} }

// label says which references are scored, for the header: "" when every
// one loaded is, else "ref B only" (R, or --refs at start: "refs A, C
// only"). The labels come from the files' names: it is drawn through
// [common.refsLabel], and a status escapes it with the rest of its line.
func (r refChoice) label() string {
	if r.all == nil {
		return ""
	}
	labels := r.all.ReferenceLabels()
	if r.only >= 0 {
		return "ref " + model.RefColumn(labels[r.only]) + " only"
	}
	if !r.all.KeptRefs() {
		return ""
	}
	names := make([]string, len(labels))
	for i, l := range labels {
		names[i] = model.RefColumn(l)
	}
	if len(names) == 1 {
		return "ref " + names[0] + " only"
	}
	return "refs " + strings.Join(names, ", ") + " only"
}

// refsLabel is [refChoice.label] escaped, to be drawn.
func (c common) refsLabel() string { return render.Safe(c.refs.label()) }

// cycleRefs scores the next choice of references: the dataset is kept to
// it, every score made from the old one is dropped (chrF and TER, the
// explanations of long segments) and everything is scored again in a job.
func (m *Model) cycleRefs() tea.Cmd {
	r := m.c.refs
	n := len(r.all.Refs)
	if n < 2 {
		return m.flashFit("one reference scored: R needs two (give a second with -r, and no --refs that keeps one)",
			"one reference scored: R needs two (give a second with -r)", "one reference scored: R needs two")
	}
	only := r.only + 1
	if only == n {
		only = -1
	}
	ds := r.all
	if only >= 0 {
		var err error
		if ds, err = r.all.WithRefs([]int{only}); err != nil {
			return m.flash(err.Error())
		}
	}
	m.list.findAgain() // a drill-down's row is found again against them (refindDrill)
	m.c.refs.only = only
	m.c.setDataset(ds)
	m.c.met.forget()
	m.jobs.stop(jobChrF)
	m.jobs.stop(jobTER)
	m.jobs.stop(jobExplain)
	m.pane.keep(nil)
	m.refreshPane(false)
	status := "scoring against every reference"
	if l := m.c.refs.label(); only < 0 && l != "" { // --refs kept these at start
		status = "scoring against " + l + " again, the ones --refs kept"
	}
	if only >= 0 {
		status = "scoring against " + m.c.refs.label() + " (R: the next)"
	}
	m.flash(status)
	return tea.Batch(m.rescore(false), m.refreshMetrics())
}
