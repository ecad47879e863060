package model

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"iter"
	"slices"

	"github.com/bleuscope/bleuscope/scoring"
)

// Analysis is the corpus n-gram analysis of a [Dataset] (SPEC's Corpus
// analysis): per system, kind and n-gram the corpus totals of matched,
// over and missed, the segments where each counts, and rankings of them.
// It is read-only and safe for concurrent use.
type Analysis struct {
	// Settings are the options the tokens were counted with (tokenizer,
	// case; orders 1..Settings.Corpus.MaxOrder).
	Settings Settings
	// Counts holds the n-grams, their totals and the lines to find their
	// segments in.
	Counts *scoring.NGramCounts
}

// Analyze counts the n-grams of every system of ds under set's corpus
// options, in parallel on all cores and off the caller's goroutine's
// loop: it stops with ctx's error when ctx is cancelled, and calls
// progress (when not nil) with the segments done and the total (segments ×
// systems), never overlapping, the last call with done == total. It stops
// with an [*NGramLimitError] (an [*InputError] naming --max-ngrams) when
// counting would hold more than maxNGrams n-grams (0 or less:
// [DefaultMaxNGrams]).
func Analyze(ctx context.Context, ds *Dataset, set Settings, maxNGrams int, progress func(done, total int)) (*Analysis, error) {
	if err := set.Validate(); err != nil {
		return nil, err
	}
	byDefault := maxNGrams <= 0
	if byDefault {
		maxNGrams = DefaultMaxNGrams()
	}
	c, err := scoring.CountNGrams(ctx, ds.Len(), len(ds.Systems), set.Corpus, maxNGrams, ds.systemsSource(), progress)
	var limit *scoring.NGramLimitError
	if errors.As(err, &limit) {
		return nil, nGramLimitErr(limit.Limit, byDefault)
	}
	if err != nil {
		return nil, err
	}
	return &Analysis{Settings: set, Counts: c}, nil
}

// MaxSalientAlpha is the largest α the salient ratio takes: above it,
// c_A + c_B + 2α could pass the largest float.
const MaxSalientAlpha = 1e300

// SalientAlphaOK reports whether the salient ratio takes α: above 0 and at
// most [MaxSalientAlpha] (so not NaN).
func SalientAlphaOK(alpha float64) bool {
	return alpha > 0 && alpha <= MaxSalientAlpha
}

// checkSalientAlpha reports an α the salient ratio does not take.
func checkSalientAlpha(alpha float64) error {
	if !SalientAlphaOK(alpha) {
		return fmt.Errorf("model: salient alpha must be a number above 0 and at most 1e300, not %v", alpha)
	}
	return nil
}

// NGramRow is one row of an n-gram ranking.
type NGramRow struct {
	// System is the index of the system in Dataset.Systems.
	System int
	// Kind is matched, over or missed.
	Kind scoring.Kind
	// Order is the n-gram's order.
	Order int
	// ID is the n-gram's id in [Analysis.Counts].
	ID int
	// NGram is its tokens joined by single spaces.
	NGram string
	// Count is the corpus total of Kind.
	Count int64
	// Segments is the number of segments where Kind is above 0.
	Segments int
	// Lines are the 1-based line numbers of up to [MaxRowLines] of those
	// segments, ascending.
	Lines []int
}

// MaxRowLines is how many line numbers an [NGramRow] lists.
const MaxRowLines = 20

// Kinds lists the kinds in the order rankings show them.
var Kinds = []scoring.Kind{scoring.Matched, scoring.Over, scoring.Missed}

// EachRanking is [Analysis.RankEveryLines] (with [MaxRowLines] lines a
// row) for more rows than are worth holding
// (every n-gram of a large corpus): it calls fn with each ranking in turn,
// its kind, order and rows, which are made one at a time as fn ranges
// over them, the same rows in the same order. Until then a row is its
// n-gram's id and its lines, found for all rows in one scan of the corpus
// as RankEveryLines finds them, 4 bytes a line. A row's Lines are reused by the
// next row: copy them to keep them. An error from fn stops the rankings
// and is returned.
func (a *Analysis) EachRanking(sys int, kinds []scoring.Kind, orders []int, top int, fn func(k scoring.Kind, order int, rows iter.Seq[NGramRow]) error) error {
	r, err := a.rank(context.Background(), sys, kinds, orders, top, MaxRowLines, nil)
	if err != nil {
		return err
	}
	return r.each(fn)
}

// rank makes the rankings of [Analysis.RankEveryLines] with up to lines line
// numbers per row: for top > 0 in one pass over the n-grams that keeps
// top candidates a ranking ([Analysis.rankTop]; progress and ctx are for
// it), for top 0, or a top no ranking can reach, every n-gram
// ([Analysis.rankAllRows]).
func (a *Analysis) rank(ctx context.Context, sys int, kinds []scoring.Kind, orders []int, top, lines int, progress func(done, total int)) (*rankings, error) {
	if top > 0 && top < a.Counts.Len() {
		return a.rankTop(ctx, sys, kinds, orders, top, lines, progress)
	}
	return a.rankAllRows(sys, kinds, orders, lines)
}

// rankAllRows makes the rankings of every n-gram (top 0) with up to lines
// line numbers per row.
func (a *Analysis) rankAllRows(sys int, kinds []scoring.Kind, orders []int, lines int) (*rankings, error) {
	// The candidates are counted first, so that their list and that of the
	// rows are made at their size: grown by append, lists of millions of
	// rows would allocate about five times their size on the way.
	sizes, err := a.RankingSizes(sys, kinds, orders)
	if err != nil {
		return nil, err
	}
	most, rows := 0, 0
	for _, n := range sizes {
		most = max(most, n)
		rows += n
	}
	r := &rankings{a: a, sys: sys, kinds: kinds, orders: orders, sizes: sizes, rows: make([]scoring.KindID, 0, rows)}
	cands := make([]cand, 0, most) // reused by every ranking
	for _, k := range kinds {
		for _, order := range orders {
			cands = a.candidates(sys, k, order, cands[:0])
			r.add(k, a.sortByText(cands, cand.better))
		}
	}
	r.findLines(lines)
	return r, nil
}

// RankingSizes returns how many n-grams of each kind and order are above
// 0 in system sys, kind by kind, each order by order: the rows of each
// ranking with no top.
func (a *Analysis) RankingSizes(sys int, kinds []scoring.Kind, orders []int) ([]int, error) {
	pos, err := a.orderSlots(orders, sys)
	if err != nil {
		return nil, err
	}
	c := a.Counts
	sizes := make([]int, len(kinds)*len(orders))
	for g := range c.Len() {
		o := pos[c.Order(g)]
		if o < 0 {
			continue
		}
		for ki, k := range kinds {
			if c.Count(sys, k, g) > 0 {
				sizes[ki*len(orders)+o]++
			}
		}
	}
	return sizes, nil
}

// candidates appends to cands the n-grams of order `order` with kind k
// above 0 in system sys.
func (a *Analysis) candidates(sys int, k scoring.Kind, order int, cands []cand) []cand {
	c := a.Counts
	for g := range c.Len() {
		if c.Order(g) != order {
			continue
		}
		if n := c.Count(sys, k, g); n > 0 {
			cands = append(cands, cand{id: g, key1: n, key2: int64(c.SegmentCount(sys, k, g))})
		}
	}
	return cands
}

func (a *Analysis) check(sys, order int) error {
	if sys < 0 || sys >= a.Counts.Systems() {
		return fmt.Errorf("model: system %d out of range (have %d)", sys, a.Counts.Systems())
	}
	if order < 1 || order > a.Counts.Orders() {
		return fmt.Errorf("model: n-gram order %d out of range (counted 1..%d)", order, a.Counts.Orders())
	}
	return nil
}

// cand is a ranking candidate: an n-gram id with two keys that sort
// descending (count and segments, or salient score and total), then its
// text ascending.
type cand struct {
	id         int
	key1, key2 int64
	score      float64 // the salient score, when ranking by it
	text       string
}

// better orders candidates by key1, then key2, both descending.
func (x cand) better(y cand) int {
	if c := cmp.Compare(y.key1, x.key1); c != 0 {
		return c
	}
	return cmp.Compare(y.key2, x.key2)
}

// sortByText sorts cands in ranking order: by keys (a negative result
// puts the first argument first), then by text in byte order, which it
// sets.
func (a *Analysis) sortByText(cands []cand, keys func(x, y cand) int) []cand {
	var buf []byte
	for j := range cands {
		buf = a.Counts.AppendText(buf[:0], cands[j].id)
		cands[j].text = string(buf)
	}
	// The text decides every tie (no two n-grams of one order have the
	// same), so an unstable sort gives the one order: on --top 0's
	// millions of rows it takes a third of the time of a stable one.
	slices.SortFunc(cands, func(x, y cand) int {
		if c := keys(x, y); c != 0 {
			return c
		}
		return cmp.Compare(x.text, y.text) // byte order
	})
	return cands
}

// SalientRow is one row of compare-mt's salient n-gram ranking of two
// systems.
type SalientRow struct {
	// SystemA and SystemB are the two systems compared.
	SystemA, SystemB int
	// Kind is the quantity compared.
	Kind scoring.Kind
	// Order is the n-gram's order.
	Order int
	// ID is the n-gram's id in [Analysis.Counts].
	ID int
	// NGram is its tokens joined by single spaces.
	NGram string
	// CountA and CountB are its corpus totals of Kind in A and B.
	CountA, CountB int64
	// Score is s = (CountA + α) / (CountA + CountB + 2α).
	Score float64
}

// SalientScore is compare-mt's ratio s(g) = (cA + α) / (cA + cB + 2α).
func SalientScore(cA, cB int64, alpha float64) float64 {
	return (float64(cA) + alpha) / (float64(cA) + float64(cB) + 2*alpha)
}

// Salient ranks the n-grams of order `order` with kind k above 0 in A or
// B by compare-mt's [SalientScore]: the top rows in A's favour (A has
// them more often: s > 1/2; highest score first), then the top in B's (s
// < 1/2; lowest first); ties by the larger CountA + CountB, then by
// n-gram in byte order. An n-gram both have as often is in neither list.
// top 0 means every n-gram in each list. alpha must be above 0 and at most
// [MaxSalientAlpha].
func (a *Analysis) Salient(sysA, sysB int, k scoring.Kind, order, top int, alpha float64) ([]SalientRow, error) {
	if err := a.check(sysA, order); err != nil {
		return nil, err
	}
	if err := a.check(sysB, order); err != nil {
		return nil, err
	}
	if err := checkSalientAlpha(alpha); err != nil {
		return nil, err
	}
	if top > 0 && top < a.Counts.Len() { // a heap of top candidates a side, whatever the ties
		out, _, err := a.salientTop(context.Background(), sysA, sysB, k, []int{order}, top, alpha, nil)
		if err != nil {
			return nil, err
		}
		return out[0], nil
	}
	c := a.Counts
	var up, down []cand
	for g := range c.Len() {
		if c.Order(g) != order {
			continue
		}
		ca, cb := c.Count(sysA, k, g), c.Count(sysB, k, g)
		if ca+cb == 0 {
			continue
		}
		// s > 1/2 exactly when A has it more often: an n-gram both have as
		// often favours neither and is listed in neither half.
		x := cand{id: g, key1: ca, key2: cb, score: SalientScore(ca, cb, alpha)}
		switch {
		case ca > cb:
			up = append(up, x)
		case ca < cb:
			down = append(down, x)
		}
	}
	var rows []SalientRow
	for dir, list := range [][]cand{up, down} {
		for _, x := range a.sortByText(list, salientOrder(1-2*float64(dir))) {
			rows = append(rows, SalientRow{SystemA: sysA, SystemB: sysB, Kind: k, Order: order, ID: x.id,
				NGram: x.text, CountA: x.key1, CountB: x.key2, Score: x.score})
		}
	}
	return rows, nil
}

// SegmentsOf returns the 0-based segments of system sys where kind k of
// n-gram id counts, ascending (all of them).
func (a *Analysis) SegmentsOf(sys int, k scoring.Kind, id int) []int {
	return a.Counts.SegmentsOf(sys, k, id, 0)
}
