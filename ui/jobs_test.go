package ui

import (
	"testing"

	"github.com/bleuscope/bleuscope/scoring"
)

// TestJobTable: a result is current only for the run last started of its
// kind; starting again, stopping or finishing once outdates it; kinds are
// independent; the status names the first running job with a label.
func TestJobTable(t *testing.T) {
	var jt jobTable
	ctx, first, prog := jt.start(jobScore)
	if !jt.running(jobScore) || !jt.busy() {
		t.Fatal("a started job is not running")
	}
	prog.set(1, 4)
	if label, f, ok := jt.status(); !ok || label != "scoring" || f != 0.25 {
		t.Errorf("status = %q %v %v; want scoring 0.25", label, f, ok)
	}
	_, second, _ := jt.start(jobScore)
	if ctx.Err() == nil {
		t.Error("starting again did not cancel the run in flight")
	}
	if jt.finish(first) {
		t.Error("the result of the older run was taken")
	}
	_, rows, _ := jt.start(jobRows)
	if !jt.finish(second) || jt.running(jobScore) {
		t.Error("the current run's result was dropped, or the job still runs")
	}
	if jt.finish(second) {
		t.Error("a result was taken twice")
	}
	if label, _, ok := jt.status(); !ok || label != "sorting" {
		t.Errorf("status = %q %v; want sorting", label, ok)
	}
	jt.stop(jobRows)
	if jt.finish(rows) || jt.busy() {
		t.Error("a stopped job's result was taken, or something still runs")
	}

	_, up, _ := jt.start(jobUpgrade)
	if _, _, ok := jt.status(); ok {
		t.Error("the silent upgrade job shows in the status")
	}
	jt.stopAll()
	if jt.finish(up) {
		t.Error("stopAll left a job current")
	}
}

// TestJobTablePending: a job waiting for another's result is pending for
// its keys, not running for them, until it is started for real.
func TestJobTablePending(t *testing.T) {
	var jt jobTable
	k := []ledgerKey{{sys: 0, seg: 3, opt: scoring.SentenceOptions(), long: true}}
	other := []ledgerKey{{sys: 0, seg: 4, opt: scoring.SentenceOptions(), long: true}}
	jt.wait(jobWalk, k)
	if !jt.pendingFor(jobWalk, k) || jt.runningFor(jobWalk, k) || jt.pendingFor(jobWalk, other) {
		t.Fatal("a waiting job is not pending for its keys alone")
	}
	tag := jt.startFor(jobWalk, k)
	if jt.pendingFor(jobWalk, k) || !jt.runningFor(jobWalk, k) {
		t.Error("a started job is still pending")
	}
	if !jt.finish(tag) {
		t.Error("the started job's result was dropped")
	}
}
