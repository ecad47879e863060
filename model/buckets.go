package model

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/bleuscope/bleuscope/scoring"
)

// BucketBy is what [Scored.Buckets] groups segments by.
type BucketBy int

// The groupings.
const (
	// ByRefLength groups by r, the reference length brevity uses.
	ByRefLength BucketBy = iota
	// ByLengthRatio groups by c / r; segments with r = 0 go to a bucket of
	// their own.
	ByLengthRatio
	// BySentenceBLEU groups by sentence score.
	BySentenceBLEU
)

var bucketByNames = []string{"ref-length", "length-ratio", "sentence-bleu"}

// BucketBys lists the groupings in the order reports show them.
var BucketBys = []BucketBy{ByRefLength, ByLengthRatio, BySentenceBLEU}

// String returns the grouping's name as the command line spells it.
func (b BucketBy) String() string {
	if b >= 0 && int(b) < len(bucketByNames) {
		return bucketByNames[b]
	}
	return fmt.Sprintf("BucketBy(%d)", int(b))
}

// ParseBucketBy returns the grouping named s (ref-length, length-ratio,
// sentence-bleu).
func ParseBucketBy(s string) (BucketBy, error) {
	for i, n := range bucketByNames {
		if n == s {
			return BucketBy(i), nil
		}
	}
	return 0, fmt.Errorf("model: unknown bucket grouping %q (want %s)", s, strings.Join(bucketByNames, ", "))
}

// DefaultEdges returns SPEC's edges of grouping b, the sentence scores'
// on a scale whose top is scale (100 for sacrebleu's, 1 for NLTK's:
// 0.1, 0.2, …, 0.9).
func DefaultEdges(b BucketBy, scale float64) []float64 {
	switch b {
	case ByLengthRatio:
		return []float64{0.8, 0.9, 1.0, 1.1, 1.2}
	case BySentenceBLEU:
		edges := []float64{10, 20, 30, 40, 50, 60, 70, 80, 90}
		for i := range edges {
			edges[i] = edges[i] * scale / 100
		}
		return edges
	default:
		return []float64{10, 20, 30, 40, 50, 60}
	}
}

// scale is the top of the scale of the sentence scores: 100 for
// sacrebleu's, 1 for NLTK's.
func (s *Scored) scale() float64 {
	return ScoreScale(s.Settings.Sentence.Compat == scoring.CompatNLTK)
}

// ParseEdges reads edges of grouping b written as "a,b,c": numbers as
// [ParseDecimal] reads them, strictly increasing. Its error names the
// number or the edges at fault as written and says how to write them, with
// edges of b as the example (sentence scores on a scale whose top is
// scale), in place of ParseDecimal's forms of any number, -5 among them,
// which are no example of an edge. Edges that increase as written but
// are one float64 (1,1.0000000000000001) are refused with an error that
// says so, and how to write them apart.
func ParseEdges(s string, b BucketBy, scale float64) ([]float64, error) {
	how := "write edges as " + edgesExample(b, scale)
	var edges []float64
	prev := ""
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		v, err := ParseDecimalAs(f, "")
		if err != nil {
			return nil, fmt.Errorf("model: %w; %s", err, how)
		}
		switch {
		case len(edges) == 0:
		case v == edges[len(edges)-1] && cmpDecimal(f, prev) > 0:
			return nil, fmt.Errorf("model: %q is not increasing once read: %s and %s are one floating-point number, %s; write edges with at most 15 significant digits, which floating point keeps apart",
				strings.TrimSpace(s), prev, f, strconv.FormatFloat(v, 'g', -1, 64))
		case v <= edges[len(edges)-1]:
			return nil, fmt.Errorf("model: %q is not increasing (%s follows %s); %s", strings.TrimSpace(s), f, prev, how)
		}
		edges, prev = append(edges, v), f
	}
	return edges, nil
}

// edgesExample is the first three default edges of grouping b (sentence
// scores on a scale whose top is scale), as a person writes them.
func edgesExample(b BucketBy, scale float64) string {
	var example []string
	for _, e := range DefaultEdges(b, scale)[:3] {
		example = append(example, strconv.FormatFloat(e, 'f', -1, 64))
	}
	return strings.Join(example, ",")
}

// CheckEdges reports edges that grouping b cannot use with sentence
// scores of options opt. Every value b groups by has a range: r and c / r
// are 0 or more, and sentence scores run from 0 to the top of their scale
// (100, or 1 on NLTK's), which only some smoothings can pass (sacrebleu's
// floor above 1, NLTK's method1 with an epsilon above 1 and methods 4 to
// 7). An edge at or below the bottom, or above the top, makes a bucket no
// segment can fall in: the error, of one line, gives the range and edges
// to use.
func CheckEdges(b BucketBy, edges []float64, opt scoring.Options) error {
	example := edgesExample(b, ScoreScale(opt.Compat == scoring.CompatNLTK))
	var what string
	switch b {
	case ByRefLength:
		what = "reference lengths r are"
	case ByLengthRatio:
		what = "length ratios c / r are"
	default:
		what = "sentence BLEU is"
		if opt.Compat == scoring.CompatNLTK {
			what = "with --compat nltk sentence BLEU is"
		}
		if top, ok := sentenceTop(opt); ok {
			for _, e := range edges {
				if !(e > 0) || e > top {
					scale := strings.TrimSuffix(what, " is")
					return fmt.Errorf("model: %s runs from 0 to %g, so every edge must be above 0 and at most %[2]g (a bucket beyond them would always be empty); give edges such as %s", scale, top, example)
				}
			}
			return nil
		}
	}
	for _, e := range edges {
		if !(e > 0) {
			return fmt.Errorf("model: %s 0 or more, so every edge must be above 0 (a bucket below 0 would always be empty); give edges such as %s", what, example)
		}
	}
	return nil
}

// sentenceTop returns the top of the scale of sentence scores under opt
// (100, or 1 for NLTK's), and whether no score can pass it: every
// precision is at most 1 unless smoothing puts more than one in place of
// a zero count (sacrebleu's floor above 1, NLTK's method1 with an epsilon
// above 1, method4 with a small k) or averages with more than 1 (NLTK's
// methods 5 to 7; method 5 gives a perfect hypothesis 1.12).
func sentenceTop(opt scoring.Options) (float64, bool) {
	if opt.Compat == scoring.CompatNLTK {
		s := opt.NLTK.Smoothing
		return 1, s.Method == 0 || s.Method == 2 || s.Method == 3 || s.Method == 1 && s.Epsilon <= 1
	}
	return 100, opt.Smooth != scoring.SmoothFloor || opt.SmoothValue <= 1
}

// NoRefLabel is the label of the length-ratio bucket of segments whose
// reference length r is 0.
const NoRefLabel = "no reference tokens"

// NoScoreLabel is the label of the sentence-bleu bucket of segments that
// have no sentence score (NLTK raised on them: some of its smoothing
// methods do, on some segments).
const NoScoreLabel = "no sentence score"

// Bucket is one bucket of segments: those whose value lies in [Lo, Hi).
type Bucket struct {
	// By is the grouping.
	By BucketBy
	// Label names the bucket: "<10", "[10,20)", ">=60", [NoRefLabel] or
	// [NoScoreLabel].
	Label string
	// Lo and Hi are the bounds; nil for −∞ and +∞ (both nil for the
	// no-reference and the no-score bucket).
	Lo, Hi *float64
	// Rows are the bucket's segments (0-based, ascending).
	Rows []int
	// Result is the corpus BLEU of the bucket's segments (statistics
	// summed, then scored); meaningless when Rows is empty.
	Result scoring.Result
	// Err is set when the corpus score cannot be had (nltk compat).
	Err error
	// CI is the bootstrap half-width when [BucketOptions.CI] was given,
	// else nil.
	CI *float64
}

// BucketOptions choose the buckets.
type BucketOptions struct {
	// Edges are the bucket edges, strictly increasing; nil means
	// [DefaultEdges].
	Edges []float64
	// CI, when set, is called for each non-empty bucket with its rows and
	// returns the confidence half-width of its corpus score (a bootstrap);
	// nil leaves Bucket.CI nil.
	CI func(sys int, rows []int) (float64, error)
}

// Buckets groups the segments of system sys by b and scores each bucket
// as a corpus. Every bucket is returned, empty ones too: len(edges)+1 of
// them from −∞ to +∞ and, for [ByLengthRatio], the no-reference bucket
// last. Segments without a sentence score (NLTK raised) are in a
// sentence-bleu bucket of their own, [NoScoreLabel], last, there only
// when some segment has none (it cannot happen in sacrebleu compat).
func (s *Scored) Buckets(ds *Dataset, sys int, b BucketBy, opt BucketOptions) ([]Bucket, error) {
	if err := s.check(sys); err != nil {
		return nil, err
	}
	edges := opt.Edges
	if edges == nil {
		edges = DefaultEdges(b, s.scale())
	}
	for j := 1; j < len(edges); j++ {
		if !(edges[j] > edges[j-1]) {
			return nil, fmt.Errorf("model: bucket edges must increase, but %v follows %v", edges[j], edges[j-1])
		}
	}
	if err := CheckEdges(b, edges, s.Settings.Sentence); err != nil {
		return nil, err
	}
	out := make([]Bucket, len(edges)+1)
	for j := range out {
		out[j].By = b
		if j > 0 {
			out[j].Lo = &edges[j-1]
		}
		if j < len(edges) {
			out[j].Hi = &edges[j]
		}
		out[j].Label = bucketLabel(out[j].Lo, out[j].Hi)
	}
	if b == ByLengthRatio {
		out = append(out, Bucket{By: b, Label: NoRefLabel})
	}
	ss := s.Systems[sys]
	var unscored []int
	for i := range ss.Stats.Len() {
		var v float64
		switch b {
		case ByRefLength:
			v = float64(ss.Stats.RefLen(i))
		case ByLengthRatio:
			r := ss.Stats.RefLen(i)
			if r == 0 {
				out[len(out)-1].Rows = append(out[len(out)-1].Rows, i)
				continue
			}
			v = float64(ss.Stats.HypLen(i)) / float64(r)
		default:
			v = ss.Sentence[i]
			if math.IsNaN(v) {
				unscored = append(unscored, i)
				continue
			}
		}
		// The bucket is the number of edges at or below v.
		j := sort.Search(len(edges), func(j int) bool { return edges[j] > v })
		out[j].Rows = append(out[j].Rows, i)
	}
	if len(unscored) > 0 {
		out = append(out, Bucket{By: b, Label: NoScoreLabel, Rows: unscored})
	}
	for j := range out {
		bk := &out[j]
		if len(bk.Rows) == 0 {
			continue
		}
		bk.Result, bk.Err = s.Subset(ds, sys, bk.Rows)
		if opt.CI != nil {
			ci, err := opt.CI(sys, bk.Rows)
			if err != nil {
				return nil, err
			}
			bk.CI = &ci
		}
	}
	return out, nil
}

func bucketLabel(lo, hi *float64) string {
	f := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	switch {
	case lo == nil && hi == nil:
		return "all"
	case lo == nil:
		return "<" + f(*hi)
	case hi == nil:
		return ">=" + f(*lo)
	}
	return "[" + f(*lo) + "," + f(*hi) + ")"
}

// MinSupport is the fewest segments a bucket needs to be named by
// [MostBehind], unless no bucket has that many: a Δ on a handful of
// segments is mostly noise.
const MinSupport = 20

// Behind is a bucket where one system scores below another: its index
// (-1 for none) and the Δ, the first's score minus the other's.
type Behind struct {
	Index int
	Delta float64
}

// MostBehind compares two systems' scores on the same buckets (mine and
// base, made on the same segments): most is the bucket where mine is
// furthest below base among those of [MinSupport] segments or more (among
// all when none has that many), small the one where it is furthest below
// among the smaller buckets, and further below than in most, where there
// is a most. Buckets without segments or a score are skipped, and so is
// a Δ that reads 0 at the decimals the scores are shown with
// ([ScoreDecimals]): NLTK's 1.5e-154 against 0, say, is no gap a person
// can see; so is a small one that reads no further below than most's
// (-5.01 against -5.01). An index is -1 when mine is below in no such
// bucket.
func MostBehind(mine, base []Bucket, decimals int) (most, small Behind) {
	support := 0
	for i := range mine {
		if len(mine[i].Rows) >= MinSupport {
			support = MinSupport
		}
	}
	most, small = Behind{Index: -1}, Behind{Index: -1}
	for i := range mine {
		if len(mine[i].Rows) == 0 || mine[i].Err != nil || i >= len(base) || base[i].Err != nil {
			continue
		}
		d := mine[i].Result.Score - base[i].Result.Score
		if readsZero(d, decimals) {
			continue
		}
		switch {
		case len(mine[i].Rows) < support:
			if d < small.Delta || small.Index < 0 && d < 0 {
				small = Behind{i, d}
			}
		case d < most.Delta || most.Index < 0 && d < 0:
			most = Behind{i, d}
		}
	}
	if most.Index >= 0 && small.Index >= 0 && shownAs(small.Delta, decimals) >= shownAs(most.Delta, decimals) {
		small = Behind{Index: -1}
	}
	return most, small
}
