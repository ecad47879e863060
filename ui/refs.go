package ui

import (
	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/ui/render"
	tea "github.com/charmbracelet/bubbletea"
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
// one is, else "ref B only".
func (r refChoice) label() string {
	if r.only < 0 || r.all == nil {
		return ""
	}
	l := r.all.ReferenceLabels()[r.only]
	return "ref " + render.Safe(model.RefColumn(l)) + " only"
}

// cycleRefs scores the next choice of references: the dataset is kept to
// it, every score made from the old one is dropped (chrF and TER, the
// explanations of long segments) and everything is scored again in a job.
func (m *Model) cycleRefs() tea.Cmd {
	r := m.c.refs
	n := len(r.all.Refs)
	if n < 2 {
		return m.flash("one reference loaded: give a second with -r to see what it changes")
	}
	only := r.only + 1
	if only == n {
		only = -1
	}
	ds := r.all
	if only >= 0 {
		var err error
		if ds, err = r.all.WithRefs([]int{only}); err != nil {
			return m.flash(render.Safe(err.Error()))
		}
	}
	back, note := m.leaveStaleDrill() // before the references change: it shows the rows there were
	m.c.refs.only = only
	m.c.ds = ds
	m.c.met.forget()
	m.jobs.stop(jobChrF)
	m.jobs.stop(jobTER)
	m.jobs.stop(jobExplain)
	m.pane.keep(nil)
	m.refreshPane(false)
	m.status = "scoring against every reference"
	if only >= 0 {
		m.status = "scoring against " + m.c.refs.label() + " (R: the next)"
	}
	if note != "" {
		m.status += " · " + note
	}
	return tea.Batch(back, m.rescore(false), m.refreshMetrics())
}
