package ui

import (
	"context"
	"sync/atomic"
)

// The job table holds every piece of background work the explorer runs.
//
// A job has a kind, a generation and a cancel. Starting a job of a kind
// cancels the one of that kind in flight and bumps the generation, so the
// older run's result is stale; [jobTable.finish] is the one place that
// drops stale results (Update calls it for every message that carries a
// [jobTag]). The header shows the label and progress of the first running
// job with a label.
//
// Adding background work is adding a kind, not fields:
//  1. add a jobKind constant (before numJobKinds) and its label in jobLabels;
//  2. write the command: it receives the ctx and jobTag from
//     [jobTable.start], reports progress through the *progress it is
//     given, and returns a message that embeds the jobTag;
//  3. handle that message in a case of Model.update, which only results
//     of the current generation reach.

// jobKind is a kind of background work; at most one job of each kind runs.
type jobKind int

const (
	jobScore    jobKind = iota // scoring (or recomputing) the dataset under the settings
	jobUpgrade                 // counting every n-gram order, so max-order changes are arithmetic
	jobRows                    // sorting and filtering the rows of the view
	jobExplain                 // explaining the selection's long segments
	jobWalk                    // rendering a long segment's walk-through (waited for after e)
	jobSig                     // the paired significance test of the comparison screen
	jobChrF                    // chrF's per-segment statistics of every system: the list's scores, the paired test, the impact (metric_stats.go)
	jobTER                     // TER's per-segment statistics
	jobExport                  // writing the list as the full segment table (export.go)
	jobAnalysis                // corpus n-grams and buckets of the analysis screen (analysis_job.go)
	jobAnaPart                 // the buckets and wins of a new pair or grouping while the n-grams are counted
	jobAnnRead                 // reading the annotation file again, which another bleuscope saved to (annotate.go)
	numJobKinds
)

// jobLabels are what the header says while a job of each kind runs ("":
// the job runs silently).
var jobLabels = [numJobKinds]string{
	jobScore:    "scoring",
	jobRows:     "sorting",
	jobExplain:  "explaining",
	jobWalk:     "rendering",
	jobSig:      "significance",
	jobChrF:     "chrF statistics",
	jobTER:      "TER statistics",
	jobExport:   "exporting",
	jobAnalysis: "analysing",
}

// jobTag names one run of a job: its kind and generation. Every result
// message embeds the tag of the run that made it.
type jobTag struct {
	kind jobKind
	gen  int
}

// tag returns t itself, so that every message embedding a jobTag
// satisfies jobResult.
func (t jobTag) tag() jobTag { return t }

// jobResult is a message that ends a job.
type jobResult interface{ tag() jobTag }

// job is the state of one kind of job.
type job struct {
	gen     int
	running bool
	cancel  context.CancelFunc
	prog    *progress
	ctx     context.Context
	keys    []ledgerKey // the long segments an explain or walk job is for
	// pending: the job is wanted but waits for another job's result
	// before its command starts (a walk-through waits for its ledger).
	pending bool
}

// jobTable is the state of every kind of job. It is a value: copies of
// the root model share only the cancel funcs and progress counters.
type jobTable struct {
	jobs [numJobKinds]job
}

// start begins a new run of kind k: the run in flight (if any) is
// cancelled and its result will be dropped.
func (t *jobTable) start(k jobKind) (context.Context, jobTag, *progress) {
	t.stop(k)
	ctx, cancel := context.WithCancel(context.Background())
	j := &t.jobs[k]
	j.running, j.cancel, j.prog, j.ctx = true, cancel, &progress{}, ctx
	return ctx, jobTag{kind: k, gen: j.gen}, j.prog
}

// startFor is start for a job about long segments: it records what the
// job is for (see [jobTable.runningFor]).
func (t *jobTable) startFor(k jobKind, keys []ledgerKey) jobTag {
	_, tag, _ := t.start(k)
	t.jobs[k].keys = keys
	return tag
}

// wait marks a job of kind k for keys as wanted before its command can
// start; [jobTable.pendingFor] finds it when what it waits for lands.
func (t *jobTable) wait(k jobKind, keys []ledgerKey) {
	t.startFor(k, keys)
	t.jobs[k].pending = true
}

// current returns the context, tag and progress of the run of kind k
// (for Init, which cannot change the model).
func (t jobTable) current(k jobKind) (context.Context, jobTag, *progress) {
	j := t.jobs[k]
	return j.ctx, jobTag{kind: k, gen: j.gen}, j.prog
}

// stop cancels the run of kind k in flight, if any, and outdates it.
func (t *jobTable) stop(k jobKind) {
	j := &t.jobs[k]
	if j.cancel != nil {
		j.cancel()
	}
	j.gen++
	j.running, j.cancel, j.prog, j.ctx, j.keys, j.pending = false, nil, nil, nil, nil, false
}

// stopAll stops every job (on quit).
func (t *jobTable) stopAll() {
	for k := range t.jobs {
		t.stop(jobKind(k))
	}
}

// finish ends the run tag names and reports whether its result is current;
// a stale result (a newer run was started, or the job was stopped) must
// be dropped.
func (t *jobTable) finish(tag jobTag) bool {
	j := &t.jobs[tag.kind]
	if tag.gen != j.gen || !j.running {
		return false
	}
	j.running = false
	if j.cancel != nil {
		j.cancel() // releases the context
	}
	j.cancel = nil
	return true
}

// live reports whether tag names the run in flight of its kind: what a
// run sends before its result is dropped when not.
func (t jobTable) live(tag jobTag) bool {
	j := t.jobs[tag.kind]
	return tag.gen == j.gen && j.running
}

// running reports whether a job of kind k is in flight.
func (t jobTable) running(k jobKind) bool { return t.jobs[k].running }

// runningFor reports whether a job of kind k is in flight (its command
// started) for keys.
func (t jobTable) runningFor(k jobKind, keys []ledgerKey) bool {
	j := t.jobs[k]
	return j.running && !j.pending && sameKeys(j.keys, keys)
}

// pendingFor reports whether a job of kind k for keys waits to start.
func (t jobTable) pendingFor(k jobKind, keys []ledgerKey) bool {
	j := t.jobs[k]
	return j.running && j.pending && sameKeys(j.keys, keys)
}

// sameKeys reports whether a and b name the same segments in order.
func sameKeys(a, b []ledgerKey) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !a[i].same(b[i]) {
			return false
		}
	}
	return true
}

// busy reports whether any job is in flight.
func (t jobTable) busy() bool {
	for _, j := range t.jobs {
		if j.running {
			return true
		}
	}
	return false
}

// status returns the label and progress (0..1, 0 when unknown) of the
// first running job with a label; ok is false when none runs.
func (t jobTable) status() (label string, frac float64, ok bool) {
	for k, j := range t.jobs {
		if j.running && jobLabels[k] != "" {
			return jobLabels[k], j.prog.fraction(), true
		}
	}
	return "", 0, false
}

// progress is shared between a job and the view: the job stores, the
// view loads.
type progress struct {
	done, total atomic.Int64
}

// set records that done of total units of work are done.
func (p *progress) set(done, total int) {
	p.done.Store(int64(done))
	p.total.Store(int64(total))
}

// fraction returns how far the job is, 0..1 (0 for a nil progress).
func (p *progress) fraction() float64 {
	if p == nil {
		return 0
	}
	t := p.total.Load()
	if t <= 0 {
		return 0
	}
	return float64(p.done.Load()) / float64(t)
}
