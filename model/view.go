package model

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/bleuscope/bleuscope/scoring"
)

// SortKey is what [Scored.Rows] orders segments by.
type SortKey int

// The sort keys. Ties are always broken by line, first line first.
const (
	// SortScore orders by sentence score (ascending: worst first).
	SortScore SortKey = iota
	// SortLine orders by line number.
	SortLine
	// SortLength orders by hypothesis length in tokens.
	SortLength
	// SortBP orders by the segment's brevity penalty.
	SortBP
	// SortDelta orders by sentence score minus that of View.Other.
	SortDelta
	// SortChrF orders by sentence chrF from View.Metrics (ascending: worst
	// first); in line order when View.Metrics has no chrF.
	SortChrF
	// SortTER orders by sentence TER from View.Metrics, highest first (TER
	// counts edits, so that is worst first too); in line order when
	// View.Metrics has no TER.
	SortTER
	// SortImpact orders by [Scored.Impact] of View.System against
	// View.Other, or by [MetricStatistics.ImpactContext] of View.ImpactOf
	// (ascending: the segments that cost the most corpus score against
	// View.Other first); by sentence score when View.Other is not a
	// system.
	SortImpact
)

var sortNames = []string{"score", "line", "length", "bp", "delta", "chrf", "ter", "impact"}

// String returns the key's name as the command line spells it.
func (k SortKey) String() string {
	if k >= 0 && int(k) < len(sortNames) {
		return sortNames[k]
	}
	return fmt.Sprintf("SortKey(%d)", int(k))
}

// ParseSortKey returns the key named s (score, line, length, bp, delta,
// chrf, ter, impact).
func ParseSortKey(s string) (SortKey, error) {
	for i, n := range sortNames {
		if n == s {
			return SortKey(i), nil
		}
	}
	return 0, fmt.Errorf("model: unknown sort key %q (want %s)", s, strings.Join(sortNames, ", "))
}

// View selects and orders the segments of one system.
type View struct {
	// System is the index of the system shown.
	System int
	// Other is the system compared against (for SortDelta), -1 for none.
	Other int
	// Sort is the order.
	Sort SortKey
	// Desc reverses the order (ties stay first line first).
	Desc bool
	// Filter keeps the segments whose source, hypothesis of System or any
	// reference contains it, ignoring case; "" keeps all.
	Filter string
	// Worst keeps only the Worst worst segments (after filtering), which
	// Sort then orders; 0 keeps all. The worst are those with the lowest
	// sentence scores, or with SortDelta the lowest deltas: the biggest
	// losses against Other, with SortChrF and SortTER the worst sentence
	// chrF or TER.
	Worst int
	// Metrics holds the sentence chrF and TER scores SortChrF and SortTER
	// order by ([ScoreMetrics] with segments); nil for the other keys.
	Metrics *MetricScores
	// ImpactOf, when not nil, holds the chrF or TER statistics whose
	// impact SortImpact orders by ([MetricStatistics.ImpactContext]); nil orders
	// by BLEU's ([Scored.Impact]). They must be of the same dataset.
	ImpactOf *MetricStatistics
}

// DefaultOther is the system that system sys of n is compared with when
// no baseline is chosen: the second for the first, the first for every
// later one; -1 when there is only one.
func DefaultOther(sys, n int) int {
	switch {
	case n < 2:
		return -1
	case sys == 0:
		return 1
	default:
		return 0
	}
}

// Rows returns the segment indices (0-based) that v selects, in v's order:
// with SortScore ascending, worst first. Ties are broken by line, so the
// result is deterministic. It returns nil when v.System is out of range.
func (s *Scored) Rows(ds *Dataset, v View) []int {
	rows, _ := s.RowsImpact(ds, v, nil)
	return rows
}

// RowsImpact is [Scored.Rows] of v, or, with among not nil, the segments
// among (0-based, ascending) in v's order, as Rows would order them
// (v.Filter is not read): sorting a subset, not the corpus. It also
// returns the impact the rows are ordered by: [Scored.Impact] (or
// v.ImpactOf's) of v.System against v.Other when v sorts by impact, nil otherwise (or when v.Other
// is not a system), worked out once, for the order and for the caller's
// column. The rows are nil when v.System is out of range or a segment
// of among is, or among is not ascending.
func (s *Scored) RowsImpact(ds *Dataset, v View, among []int) ([]int, []float64) {
	rows, impact, _ := s.RowsImpactContext(context.Background(), ds, v, among)
	return rows, impact
}

// RowsImpactContext is [Scored.RowsImpact] that stops with ctx's error
// when ctx is cancelled while the impact is worked out (or waited for).
func (s *Scored) RowsImpactContext(ctx context.Context, ds *Dataset, v View, among []int) ([]int, []float64, error) {
	if v.System < 0 || v.System >= len(s.Systems) {
		return nil, nil, nil
	}
	if among == nil {
		return s.order(ctx, ds, v, s.filter(ds, v.System, v.Filter))
	}
	n := s.Systems[v.System].Stats.Len()
	rows := make([]int32, len(among))
	for j, i := range among {
		if i < 0 || i >= n || (j > 0 && i <= among[j-1]) {
			return nil, nil, nil
		}
		rows[j] = int32(i)
	}
	return s.order(ctx, ds, v, rows)
}

// order puts rows (ascending) in v's order, and returns the impact it
// ordered them by (nil unless v sorts by impact against a system); it
// stops with ctx's error when ctx is cancelled while the impact is worked
// out.
func (s *Scored) order(ctx context.Context, ds *Dataset, v View, rows []int32) ([]int, []float64, error) {
	var impact []float64
	if v.Sort == SortImpact {
		var err error
		if v.ImpactOf != nil {
			impact, err = v.ImpactOf.ImpactContext(ctx, v.System, v.Other)
		} else {
			impact, err = s.ImpactContext(ctx, ds, v.System, v.Other)
		}
		if err != nil && ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		if err != nil {
			v.Sort = SortScore // no baseline to weigh against
		}
	}
	return s.orderBy(v, rows, impact), impact, nil
}

// orderBy is [Scored.order] with the impact SortImpact orders by already
// made. Worst keeps the worst by the sort key (the lowest scores, the
// biggest losses, the costliest segments…), which v.Desc then orders.
func (s *Scored) orderBy(v View, rows []int32, impact []float64) []int {
	if v.Worst > 0 && v.Worst < len(rows) {
		by := SortScore
		if v.Sort == SortDelta || v.Sort == SortChrF || v.Sort == SortTER || v.Sort == SortImpact {
			by = v.Sort
		}
		worst := s.sortRows(rows, v, by, false, impact)
		rows = rows[:0]
		for _, i := range worst[:v.Worst] {
			rows = append(rows, int32(i))
		}
		slices.Sort(rows) // line order, which ties keep
	}
	return s.sortRows(rows, v, v.Sort, v.Desc, impact)
}

// sortRows orders rows (ascending line order on entry) of v's system by
// key (impact holds every segment's impact for SortImpact). Keys are mapped to integers that sort like the floats (NaN first,
// -0 = +0) and radix-sorted, which keeps equal keys in line order.
func (s *Scored) sortRows(rows []int32, v View, key SortKey, desc bool, impact []float64) []int {
	sys, other := v.System, v.Other
	values := v.Metrics.sentenceScores(sys, key)
	if (key == SortChrF || key == SortTER) && values == nil {
		key = SortLine
	}
	out := make([]int, len(rows))
	if key == SortLine {
		for j, i := range rows {
			if desc {
				out[len(rows)-1-j] = int(i)
			} else {
				out[j] = int(i)
			}
		}
		return out
	}
	ss := s.Systems[sys]
	items := make([]keyed, len(rows))
	for j, i := range rows {
		var k uint64
		switch key {
		case SortLength:
			k = uint64(ss.Stats.HypLen(int(i)))
		case SortBP:
			k = floatKey(scoring.BrevityPenalty(ss.Stats.HypLen(int(i)), ss.Stats.RefLen(int(i))))
		case SortDelta:
			k = floatKey(s.Delta(sys, other, int(i)))
		case SortChrF:
			k = floatKey(values[i])
		case SortTER:
			k = floatKey(-values[i])
		case SortImpact:
			k = floatKey(impact[i])
		default:
			k = floatKey(ss.Sentence[i])
		}
		if desc {
			k = ^k
		}
		items[j] = keyed{key: k, row: i}
	}
	radixSort(items)
	for j, it := range items {
		out[j] = int(it.row)
	}
	return out
}

// floatKey maps f to an integer with the same order: NaN below everything,
// -0 equal to +0.
func floatKey(f float64) uint64 {
	if math.IsNaN(f) {
		return 0
	}
	if f == 0 {
		f = 0 // -0 → +0
	}
	u := math.Float64bits(f)
	if u>>63 != 0 {
		return ^u
	}
	return u | 1<<63
}
