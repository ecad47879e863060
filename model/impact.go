package model

import (
	"math"

	"github.com/bleuscope/bleuscope/scoring"
)

// Impact returns, for every segment, how much system sys's corpus score
// difference to system base would change if that segment's output were
// base's: the corpus score of sys minus the corpus score of sys with the
// segment's statistics replaced by base's. A negative impact is a segment
// that costs sys corpus score against base; the sum of the statistics is
// taken once, so the whole is linear in the number of segments. Where the
// corpus score cannot be computed (NLTK raising) the impact is NaN.
func (s *Scored) Impact(ds *Dataset, sys, base int) ([]float64, error) {
	if err := s.check(sys); err != nil {
		return nil, err
	}
	if err := s.check(base); err != nil {
		return nil, err
	}
	a, b := s.Systems[sys].Stats, s.Systems[base].Stats
	n := a.Len()
	var sum scoring.Stats
	for i := range n {
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
			continue
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

// sub subtracts o from s field by field.
func sub(s *scoring.Stats, o scoring.Stats) {
	s.HypLen -= o.HypLen
	s.RefLen -= o.RefLen
	for n := range s.Matches {
		s.Matches[n] -= o.Matches[n]
		s.Totals[n] -= o.Totals[n]
	}
}
