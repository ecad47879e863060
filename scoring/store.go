package scoring

import (
	"math"
	"runtime"
)

// StatsStore keeps the [Stats] of many segments compactly, for holding a
// million of them in memory: the two lengths and the matches of each
// counted order as int32, about 24 bytes a segment at four orders instead
// of the 160 of a Stats. The totals are not stored: they follow from the
// hypothesis length. A StatsStore may be read from several goroutines at
// once, and written from several as long as each writes its own segments.
type StatsStore struct {
	orders  int
	nltk    bool
	lens    []int32 // HypLen, RefLen of segment i at 2i, 2i+1
	matches []int32 // order n of segment i at i*orders + n-1
}

// NewStatsStore returns a store for n segments whose statistics count
// orders 1..orders, in nltk compat when nltk is set (which changes the
// totals).
func NewStatsStore(n, orders int, nltk bool) *StatsStore {
	return &StatsStore{
		orders:  orders,
		nltk:    nltk,
		lens:    make([]int32, 2*n),
		matches: make([]int32, n*orders),
	}
}

// Len returns the number of segments.
func (s *StatsStore) Len() int { return len(s.lens) / 2 }

// Orders returns the number of orders kept.
func (s *StatsStore) Orders() int { return s.orders }

// Set stores the statistics of segment i. Counts beyond the int32 range
// (a segment of more than two billion tokens) are clamped.
func (s *StatsStore) Set(i int, st Stats) {
	s.lens[2*i], s.lens[2*i+1] = clamp32(st.HypLen), clamp32(st.RefLen)
	m := s.matches[i*s.orders : (i+1)*s.orders]
	for n := range m {
		m[n] = clamp32(st.Matches[n])
	}
}

// Get returns the statistics of segment i, equal to what was Set.
func (s *StatsStore) Get(i int) Stats {
	st := Stats{HypLen: int(s.lens[2*i]), RefLen: int(s.lens[2*i+1])}
	for n, m := range s.matches[i*s.orders : (i+1)*s.orders] {
		st.Matches[n] = int(m)
		st.Totals[n] = ngramTotal(st.HypLen, n+1, s.nltk)
	}
	return st
}

// Sum returns the statistics of the segments rows summed, as adding up
// their [StatsStore.Get] would, without building each one; a long list is
// summed in parts on all cores. It reports false when a row is out of
// range.
func (s *StatsStore) Sum(rows []int) (Stats, bool) {
	const part = 1 << 16
	if len(rows) < 2*part || runtime.GOMAXPROCS(0) < 2 {
		return s.sum(rows)
	}
	workers := min(runtime.GOMAXPROCS(0), len(rows)/part)
	sums := make([]Stats, workers)
	oks := make([]bool, workers)
	inParallel(workers, func(w int) { sums[w], oks[w] = s.sum(rows[w*len(rows)/workers : (w+1)*len(rows)/workers]) })
	var sum Stats
	for w := range workers {
		if !oks[w] {
			return Stats{}, false
		}
		sum.Add(sums[w])
	}
	return sum, true
}

func (s *StatsStore) sum(rows []int) (Stats, bool) {
	var sum Stats
	var matches [MaxOrderLimit]int
	n := s.Len()
	for _, i := range rows {
		if i < 0 || i >= n {
			return Stats{}, false
		}
		h := int(s.lens[2*i])
		sum.HypLen += h
		sum.RefLen += int(s.lens[2*i+1])
		for k, m := range s.matches[i*s.orders : (i+1)*s.orders] {
			matches[k] += int(m)
			sum.Totals[k] += ngramTotal(h, k+1, s.nltk)
		}
	}
	sum.Matches = matches
	return sum, true
}

// HypLen returns the hypothesis length of segment i without building its
// Stats.
func (s *StatsStore) HypLen(i int) int { return int(s.lens[2*i]) }

// RefLen returns the closest reference length of segment i.
func (s *StatsStore) RefLen(i int) int { return int(s.lens[2*i+1]) }

func clamp32(v int) int32 {
	return int32(min(max(v, math.MinInt32), math.MaxInt32))
}
