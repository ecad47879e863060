package model

import (
	"iter"
	"slices"

	"github.com/bleuscope/bleuscope/scoring"
)

// rankings are the rankings of [Analysis.RankEveryLines], one per kind and order
// (kinds outer), held compactly until their rows are made: per row only
// the n-gram and kind, and the lines of all rows in one list of 4 bytes a
// line. A row's text, count and segments come from the counts as it is
// made.
type rankings struct {
	a      *Analysis
	sys    int
	kinds  []scoring.Kind
	orders []int
	sizes  []int                // every ranking's size without a top (RankingSizes)
	rows   []scoring.KindID     // every ranking's rows, one ranking after the other
	ends   []int                // ranking i is rows[ends[i-1]:ends[i]] (from 0 for i = 0)
	lines  scoring.SegmentLists // list j is row j's segments
	text   []byte               // row's buffer for the n-gram's text
}

// add appends the next ranking: its candidates of kind k, best first.
func (r *rankings) add(k scoring.Kind, best []cand) {
	for _, b := range best {
		r.rows = append(r.rows, scoring.KindID{Kind: k, ID: b.id})
	}
	r.ends = append(r.ends, len(r.rows))
}

// findLines finds up to limit lines of every row in one scan of the
// corpus.
func (r *rankings) findLines(limit int) {
	r.lines = r.a.Counts.SegmentsOfKinds(r.sys, r.rows, limit)
}

// row makes row j, its Lines appended to lines.
func (r *rankings) row(j int, lines []int) NGramRow {
	c, q := r.a.Counts, r.rows[j]
	segs := r.lines.List(j)
	lines = slices.Grow(lines, len(segs))
	for _, seg := range segs {
		lines = append(lines, int(seg)+1)
	}
	r.text = c.AppendText(r.text[:0], q.ID)
	return NGramRow{System: r.sys, Kind: q.Kind, Order: c.Order(q.ID), ID: q.ID, NGram: string(r.text),
		Count: c.Count(r.sys, q.Kind, q.ID), Segments: c.SegmentCount(r.sys, q.Kind, q.ID), Lines: lines}
}

// all makes every row, each with Lines of its own.
func (r *rankings) all() []NGramRow {
	rows := make([]NGramRow, len(r.rows))
	for j := range rows {
		rows[j] = r.row(j, nil)
	}
	return rows
}

// each calls fn with each ranking in turn, its rows made as fn ranges
// over them, all with the same Lines slice (see [Analysis.EachRanking]).
func (r *rankings) each(fn func(k scoring.Kind, order int, rows iter.Seq[NGramRow]) error) error {
	var lines []int
	for i, to := range r.ends {
		from := 0
		if i > 0 {
			from = r.ends[i-1]
		}
		rows := func(yield func(NGramRow) bool) {
			for j := from; j < to; j++ {
				row := r.row(j, lines[:0])
				if lines = row.Lines; !yield(row) {
					return
				}
			}
		}
		if err := fn(r.kinds[i/len(r.orders)], r.orders[i%len(r.orders)], rows); err != nil {
			return err
		}
	}
	return nil
}
