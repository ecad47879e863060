package model

import (
	"context"
	"fmt"
	"slices"
)

// ScoreBuckets scores system sys on the rows of buckets made for another
// system (or for the same one): each returned bucket has the label, bounds
// and rows of its counterpart in bs, and sys's corpus BLEU over those rows
// (with the CI when opt.CI is set; opt.Edges is not used). This is how two
// systems are compared on the same segments when the grouping depends on
// the system (length ratio, sentence score): a segment's bucket is the
// first system's, and both are scored there.
func (s *Scored) ScoreBuckets(ds *Dataset, sys int, bs []Bucket, opt BucketOptions) ([]Bucket, error) {
	if err := s.check(sys); err != nil {
		return nil, err
	}
	out := make([]Bucket, len(bs))
	for j, b := range bs {
		out[j] = Bucket{By: b.By, Label: b.Label, Lo: b.Lo, Hi: b.Hi, Rows: b.Rows}
		if len(b.Rows) == 0 {
			continue
		}
		out[j].Result, out[j].Err = s.Subset(ds, sys, b.Rows)
		if opt.CI != nil {
			ci, err := opt.CI(sys, b.Rows)
			if err != nil {
				return nil, err
			}
			out[j].CI = &ci
		}
	}
	return out, nil
}

// SameRowBuckets groups system sys's segments by b and scores every
// system on each group: out[k] are system k's buckets, all on sys's rows
// (out[sys] is [Scored.Buckets] itself). The explorer's buckets and the
// text form of the buckets command compare systems so.
func (s *Scored) SameRowBuckets(ctx context.Context, ds *Dataset, sys int, b BucketBy, opt BucketOptions) ([][]Bucket, error) {
	mine, err := s.Buckets(ds, sys, b, opt)
	if err != nil {
		return nil, err
	}
	out := make([][]Bucket, len(ds.Systems))
	for k := range ds.Systems {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if k == sys {
			out[k] = mine
			continue
		}
		if out[k], err = s.ScoreBuckets(ds, k, mine, opt); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Outcomes splits the segments rows (all of them when nil) by how system
// sys's sentence score compares with system base's: higher (wins), equal
// (ties) or lower (losses), or not at all, either score missing (unscored:
// NLTK raised on it), each list ascending when rows is. The wins, ties
// and losses are [Compare]'s Wins, Ties and Losses (which has no
// unscored: it refuses nltk compat): each segment is judged by the same
// rule.
func (s *Scored) Outcomes(sys, base int, rows []int) (wins, ties, losses, unscored []int, err error) {
	if err := s.check(sys); err != nil {
		return nil, nil, nil, nil, err
	}
	if err := s.check(base); err != nil {
		return nil, nil, nil, nil, err
	}
	n := s.Systems[sys].Stats.Len()
	if rows == nil {
		rows = make([]int, n)
		for i := range rows {
			rows[i] = i
		}
	}
	one := make([]int, 1)
	for _, i := range rows {
		if i < 0 || i >= n {
			return nil, nil, nil, nil, fmt.Errorf("model: segment %d out of range", i)
		}
		one[0] = i
		switch w, t, l, _ := s.winsTiesLosses(sys, base, one); {
		case w > 0:
			wins = append(wins, i)
		case t > 0:
			ties = append(ties, i)
		case l > 0:
			losses = append(losses, i)
		default:
			unscored = append(unscored, i)
		}
	}
	return wins, ties, losses, unscored, nil
}

// SalientSegments returns the segments behind a salient row, ascending:
// with favourA, those where system A's count of the row's kind is above 0
// and B's is 0 (what A gets and B does not), else the reverse. When the
// difference lies only in how often the two produce it (no segment has it
// in one system alone), it returns every segment of the favoured system.
func (a *Analysis) SalientSegments(r SalientRow, favourA bool) []int {
	x, y := r.SystemA, r.SystemB
	if !favourA {
		x, y = y, x
	}
	mine := a.SegmentsOf(x, r.Kind, r.ID)
	theirs := a.SegmentsOf(y, r.Kind, r.ID)
	only := make([]int, 0, len(mine))
	for _, i := range mine {
		if _, found := slices.BinarySearch(theirs, i); !found {
			only = append(only, i)
		}
	}
	if len(only) == 0 {
		return mine
	}
	return only
}
