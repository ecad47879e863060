package model

import (
	"context"
	"errors"
	"math"
	"slices"
	"sync"

	"github.com/bleuscope/bleuscope/scoring"
)

// Impact returns, for every segment, how much system sys's corpus score
// difference to system base would change if that segment's output were
// base's: the corpus score of sys minus the corpus score of sys with the
// segment's statistics replaced by base's. A negative impact is a segment
// that costs sys corpus score against base; the sum of the statistics is
// taken once, so the whole is linear in the number of segments. Where the
// corpus score cannot be computed (NLTK raising) the impact is NaN.
//
// The impact of a pair is worked out once and kept ([impactMemo]); the
// slice returned is shared and must not be changed. Impact may be called
// from several goroutines at once. It is [Scored.ImpactContext] with a
// context never cancelled.
func (s *Scored) Impact(ds *Dataset, sys, base int) ([]float64, error) {
	return s.ImpactContext(context.Background(), ds, sys, base)
}

// ImpactContext is [Scored.Impact] that stops with ctx's error when ctx is
// cancelled, whether it works the impact out or waits for another
// caller's pass over the same pair.
func (s *Scored) ImpactContext(ctx context.Context, ds *Dataset, sys, base int) ([]float64, error) {
	if err := s.check(sys); err != nil {
		return nil, err
	}
	if err := s.check(base); err != nil {
		return nil, err
	}
	return s.impacts.of(ctx, impactKey{ds: ds, sys: sys, base: base}, func() ([]float64, error) {
		return s.impact(ctx, ds, sys, base)
	})
}

// impact is [Scored.Impact] worked out; it stops with ctx's error when
// ctx is cancelled.
func (s *Scored) impact(ctx context.Context, ds *Dataset, sys, base int) ([]float64, error) {
	a, b := s.Systems[sys].Stats, s.Systems[base].Stats
	n := a.Len()
	var sum scoring.Stats
	for i := range n {
		if i%impactCheckEvery == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		sum.Add(a.Get(i))
	}
	opt := s.Settings.Corpus
	var refs []string
	score := func(st scoring.Stats, last int) float64 {
		if opt.Compat != scoring.CompatNLTK {
			return scoring.Score(st, opt)
		}
		r, err := scoring.Evaluate(st, opt, s.lastSegment(ds, last, n-1, opt, &refs))
		if err != nil {
			return math.NaN()
		}
		return r.Score
	}
	whole := score(sum, sys)
	out := make([]float64, n)
	for i := range n {
		if base == sys {
			break
		}
		if i%impactCheckEvery == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		swapped := sum
		sub(&swapped, a.Get(i))
		swapped.Add(b.Get(i))
		owner := sys
		if i == n-1 {
			owner = base // NLTK's methods 5-7 read the last segment's text
		}
		out[i] = whole - score(swapped, owner)
	}
	return out, nil
}

// impactCheckEvery is how many segments an impact's pass adds up between
// two looks at whether its context is cancelled.
const impactCheckEvery = 4096

// impactMemo keeps the impacts of the last impactsKept pairs of systems
// worked out, so that the list, sorting its rows again for each key of a
// filter typed or a baseline pinned back, does not sum every segment again
// (BLEU's impact on 100k segments took 140 ms a time, chrF's 21 ms). It is
// safe for concurrent use (the rows are made off the UI loop): a pair is
// worked out without the lock held, once, and a caller asking for it
// meanwhile waits for that pass (or its own context's end), so that other
// pairs are never held up by it. Its zero value is ready to use.
type impactMemo struct {
	mu      sync.Mutex
	pairs   []pairImpact // the last used last
	running map[impactKey]*impactRun
}

// impactsKept is how many pairs' impacts an [impactMemo] keeps: a system
// against its baseline and a few switched to and back, at 8 bytes a
// segment each.
const impactsKept = 4

// impactKey names a pair: system sys against base, of the dataset ds
// (whose texts NLTK's impact reads; nil for chrF's and TER's).
type impactKey struct {
	ds        *Dataset
	sys, base int
}

// pairImpact is the impact of a pair.
type pairImpact struct {
	key    impactKey
	impact []float64
}

// impactRun is a pass working out a pair's impact: done is closed when it
// ends, with its impact or its error (the context of the caller that
// runs it cancelled).
type impactRun struct {
	done   chan struct{}
	impact []float64
	err    error
}

// of returns the impact of key, from work when it is neither kept nor
// being worked out by another caller. It stops with ctx's error when ctx
// is cancelled while it waits for that caller; when that caller's pass
// fails (its own context cancelled), the impact is worked out again here.
func (m *impactMemo) of(ctx context.Context, key impactKey, work func() ([]float64, error)) ([]float64, error) {
	for {
		m.mu.Lock()
		if i := slices.IndexFunc(m.pairs, func(p pairImpact) bool { return p.key == key }); i >= 0 {
			p := m.pairs[i]
			m.pairs = append(slices.Delete(m.pairs, i, i+1), p)
			m.mu.Unlock()
			return p.impact, nil
		}
		if r := m.running[key]; r != nil {
			m.mu.Unlock()
			awaitingPass()
			select {
			case <-r.done:
				if r.err == nil {
					return r.impact, nil
				}
				continue // its caller gave up: the pass is this caller's now
			case <-ctx.Done():
				return nil, ctx.Err()
			}
		}
		if err := ctx.Err(); err != nil {
			m.mu.Unlock()
			return nil, err
		}
		r := &impactRun{done: make(chan struct{})}
		if m.running == nil {
			m.running = map[impactKey]*impactRun{}
		}
		m.running[key] = r
		m.mu.Unlock()

		return m.run(key, r, work)
	}
}

// run does the pass r over key's pair and keeps its impact; r's waiters are
// released however work ends (a panic too, which leaves them
// errPassAbandoned: each then works the impact out itself).
func (m *impactMemo) run(key impactKey, r *impactRun, work func() ([]float64, error)) ([]float64, error) {
	r.err = errPassAbandoned
	defer func() {
		m.mu.Lock()
		delete(m.running, key)
		if r.err == nil {
			if len(m.pairs) == impactsKept {
				m.pairs = slices.Delete(m.pairs, 0, 1) // the least recently used goes
			}
			m.pairs = append(m.pairs, pairImpact{key, r.impact})
		}
		m.mu.Unlock()
		close(r.done)
	}()
	r.impact, r.err = work()
	return r.impact, r.err
}

// awaitingPass is called as a caller of [impactMemo.of] starts waiting
// for another caller's pass; tests replace it to know that it waits.
var awaitingPass = func() {}

// errPassAbandoned is the error of a pass whose work never returned.
var errPassAbandoned = errors.New("model: the impact's pass was abandoned")

// sub subtracts o from s field by field.
func sub(s *scoring.Stats, o scoring.Stats) {
	s.HypLen -= o.HypLen
	s.RefLen -= o.RefLen
	for n := range s.Matches {
		s.Matches[n] -= o.Matches[n]
		s.Totals[n] -= o.Totals[n]
	}
}
