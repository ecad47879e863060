package model

import (
	"context"
	"errors"
	"slices"
	"sync/atomic"
	"testing"
	"time"
)

// TestImpactMemoWaitsWithoutLock: while one caller works out a pair's
// impact (a long pass on a big corpus), another pair is served at once
// (the memo held its lock during the pass, so every caller waited it
// out); a second caller of the same pair waits for that pass and gets its
// result, the work done once; a caller whose context is cancelled while it
// waits returns at once with the context's error; and when the caller
// running the pass is cancelled, a caller still waiting works it out
// itself. Run it with -race. Each caller meant to wait is seen waiting
// (awaitingPass) before the test goes on: after a sleep, or none, a caller
// that started late found the pass over and passed without waiting.
func TestImpactMemoWaitsWithoutLock(t *testing.T) {
	waits := make(chan struct{}, 8)
	old := awaitingPass
	awaitingPass = func() { waits <- struct{}{} }
	t.Cleanup(func() { awaitingPass = old })
	waiting := func(what string) {
		t.Helper()
		select {
		case <-waits:
		case <-time.After(5 * time.Second):
			t.Fatalf("%s never waited for the pass under way", what)
		}
	}
	m := &impactMemo{}
	slow, other := impactKey{sys: 0, base: 1}, impactKey{sys: 1, base: 0}
	want := []float64{1, 2, 3}
	started, release := make(chan struct{}), make(chan struct{})
	var passes atomic.Int32
	longPass := func(ctx context.Context) func() ([]float64, error) {
		return func() ([]float64, error) {
			passes.Add(1)
			close(started)
			select {
			case <-release:
				return want, nil
			case <-ctx.Done():
				return nil, ctx.Err()
			}
		}
	}
	type result struct {
		impact []float64
		err    error
	}
	call := func(ctx context.Context, key impactKey, work func() ([]float64, error)) chan result {
		out := make(chan result, 1)
		go func() {
			impact, err := m.of(ctx, key, work)
			out <- result{impact, err}
		}()
		return out
	}
	within := func(what string, c chan result) result {
		t.Helper()
		select {
		case r := <-c:
			return r
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: still waiting after 5 s", what)
			return result{}
		}
	}
	never := func() ([]float64, error) {
		t.Error("a pair being worked out was worked out a second time")
		return nil, errors.New("second pass")
	}

	first := call(context.Background(), slow, longPass(context.Background()))
	<-started
	r := within("another pair during a pass", call(context.Background(), other, func() ([]float64, error) { return []float64{9}, nil }))
	if r.err != nil || !slices.Equal(r.impact, []float64{9}) {
		t.Errorf("another pair during a pass = %v, %v; want [9]", r.impact, r.err)
	}
	second := call(context.Background(), slow, never)
	waiting("the second caller")
	ctx, cancel := context.WithCancel(context.Background())
	gaveUp := call(ctx, slow, never)
	waiting("the caller cancelled")
	cancel()
	if r := within("a cancelled waiter", gaveUp); !errors.Is(r.err, context.Canceled) {
		t.Errorf("a waiter cancelled = %v, %v; want context.Canceled", r.impact, r.err)
	}
	select {
	case r := <-second:
		t.Fatalf("the second caller returned %v, %v before the pass ended", r.impact, r.err)
	default:
	}
	close(release)
	for name, c := range map[string]chan result{"the first caller": first, "the second caller": second} {
		if r := within(name, c); r.err != nil || &r.impact[0] != &want[0] {
			t.Errorf("%s got %v, %v; want the pass's %v", name, r.impact, r.err, want)
		}
	}
	if n := passes.Load(); n != 1 {
		t.Errorf("the pair was worked out %d times; want once", n)
	}

	// The caller running the pass is cancelled: one still waiting works
	// it out itself, and nothing is kept of the pass given up.
	m = &impactMemo{}
	started, release = make(chan struct{}), make(chan struct{})
	runCtx, stopRun := context.WithCancel(context.Background())
	run := call(runCtx, slow, longPass(runCtx))
	<-started
	waiter := call(context.Background(), slow, func() ([]float64, error) { return []float64{4}, nil })
	waiting("the caller left waiting") // else it runs a pass of its own at once: the same result
	stopRun()
	if r := within("the cancelled pass", run); !errors.Is(r.err, context.Canceled) {
		t.Errorf("the cancelled pass = %v, %v; want context.Canceled", r.impact, r.err)
	}
	if r := within("the caller left waiting", waiter); r.err != nil || !slices.Equal(r.impact, []float64{4}) {
		t.Errorf("the caller left waiting got %v, %v; want its own pass's [4]", r.impact, r.err)
	}
}

// TestImpactCancelled: BLEU's, chrF's and TER's impact asked for with a
// cancelled context stop with its error, keeping nothing, and a pass cut
// short by it (BLEU's and the metrics' own loops) does too; asked again,
// the impact is that of a pass of its own.
func TestImpactCancelled(t *testing.T) {
	ds := sigDataset()
	s := mustScore(t, ds, DefaultSettings())
	done, cancel := context.WithCancel(context.Background())
	cancel()
	if got, err := s.ImpactContext(done, ds, 1, 0); !errors.Is(err, context.Canceled) || got != nil {
		t.Errorf("ImpactContext cancelled = %v, %v; want context.Canceled", got, err)
	}
	if got, err := s.impact(done, ds, 1, 0); !errors.Is(err, context.Canceled) || got != nil {
		t.Errorf("BLEU's pass cancelled = %v, %v; want context.Canceled", got, err)
	}
	if rows, impact, err := s.RowsImpactContext(done, ds, View{System: 1, Other: 0, Sort: SortImpact}, nil); !errors.Is(err, context.Canceled) || rows != nil || impact != nil {
		t.Errorf("RowsImpactContext cancelled = %v, %v, %v; want context.Canceled", rows, impact, err)
	}
	fresh, _ := s.impact(context.Background(), ds, 1, 0)
	if got, err := s.Impact(ds, 1, 0); err != nil || !slices.Equal(got, fresh) {
		t.Errorf("Impact after a cancelled call = %v, %v; want %v", got, err, fresh)
	}
	for _, name := range []string{MetricChrF, MetricTER} {
		st, err := ComputeMetricStatistics(context.Background(), ds, name, DefaultMetrics(), nil)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := st.ImpactContext(done, 1, 0); !errors.Is(err, context.Canceled) || got != nil {
			t.Errorf("%s: ImpactContext cancelled = %v, %v; want context.Canceled", name, got, err)
		}
		var cut error
		if st.counts != nil {
			_, cut = metricImpact(done, st, st.counts[1], st.counts[0], false)
		} else {
			_, cut = metricImpact(done, st, st.values[1], st.values[0], false)
		}
		if !errors.Is(cut, context.Canceled) {
			t.Errorf("%s: the pass cancelled gave %v; want context.Canceled", name, cut)
		}
		if got, err := st.ImpactContext(context.Background(), 1, 0); err != nil || !slices.Equal(got, metricImpactOnce(st, 1, 0)) {
			t.Errorf("%s: Impact after a cancelled call = %v, %v", name, got, err)
		}
	}
}

// TestImpactMemoPassPanics: a pass whose work panics still releases the
// pair, so that a later caller works it out instead of waiting forever
// for a pass that will never end.
func TestImpactMemoPassPanics(t *testing.T) {
	m := &impactMemo{}
	key := impactKey{sys: 0, base: 1}
	func() {
		defer func() { _ = recover() }()
		_, _ = m.of(context.Background(), key, func() ([]float64, error) { panic("a bug in the pass") })
	}()
	done := make(chan []float64)
	go func() {
		got, _ := m.of(context.Background(), key, func() ([]float64, error) { return []float64{7}, nil })
		done <- got
	}()
	select {
	case got := <-done:
		if !slices.Equal(got, []float64{7}) {
			t.Errorf("impact after a pass that panicked: %v; want [7]", got)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("a caller still waits for the pass that panicked")
	}
}
