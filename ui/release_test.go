package ui

import (
	"sync/atomic"
	"testing"
)

// TestSignificanceReleasesMemory: on a corpus over releaseAbove, the end
// of the comparison screen's significance job hands the memory its
// resampling used back to the system, as the end of a scoring or a count
// does (the explorer held 2 GB after B at a million segments × 2).
func TestSignificanceReleasesMemory(t *testing.T) {
	old, oldFree := releaseAbove, freeOSMemory
	t.Cleanup(func() { releaseAbove, freeOSMemory = old, oldFree })
	var calls atomic.Int32
	freeOSMemory = func() { calls.Add(1) }
	releaseAbove = 10 // the demo corpus is "big" here
	m := ready(t, demoDataset(t), 120, 40)
	calls.Store(0)
	m = press(t, m, "B")
	if m.sig.res == nil {
		t.Fatal("B gave no comparison")
	}
	if calls.Load() == 0 {
		t.Error("the significance job ended without handing memory back")
	}
}
