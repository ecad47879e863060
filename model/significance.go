package model

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/bleuscope/bleuscope/scoring"
)

// The paired significance tests, as the command line names them.
const (
	TestPairedBootstrap = "paired-bs"
	TestPairedAR        = "paired-ar"
)

// ErrSignificanceNLTK is returned for nltk compat: significance follows
// sacrebleu's definitions.
var ErrSignificanceNLTK = errors.New("significance tests follow sacrebleu's definitions of BLEU and are not available with --compat nltk")

// CompareOptions say which paired test to run and how.
type CompareOptions struct {
	// Test is TestPairedBootstrap or TestPairedAR.
	Test string
	// N is the number of resamples or trials; N ≤ 0 means sacrebleu's
	// default (1000 for the bootstrap, 10000 for AR).
	N int
	// Seed seeds numpy's generator as SACREBLEU_SEED does.
	Seed scoring.Seed
	// Progress, when not nil, is told the fraction of the work done; it is
	// called from one goroutine at a time.
	Progress func(fraction float64)
}

// Comparison is a paired test of every system against a baseline.
type Comparison struct {
	// Metric is the metric tested (MetricBLEU, MetricChrF or MetricTER);
	// LowerIsBetter is true for TER, whose better score is the lower.
	Metric        string
	LowerIsBetter bool
	// Test is the test that ran, N its resamples or trials (the default
	// filled in), Seed its seed.
	Test string
	N    int
	Seed scoring.Seed
	// Baseline is the index of the baseline system.
	Baseline int
	// Segments is the number of segments tested.
	Segments int
	// Systems has one entry per system of the dataset, in its order, the
	// baseline included.
	Systems []SystemComparison
}

// SystemComparison is one system's line of a [Comparison].
type SystemComparison struct {
	// Estimate is the corpus score, with the bootstrap mean and CI when
	// the test has them (Resamples > 0).
	scoring.Estimate
	// PValue is the p-value against the baseline (0 for the baseline).
	PValue float64
	// Deltas are the resampled differences to the baseline (nil for the
	// baseline): see [scoring.Comparison].
	Deltas []float64
	// Wins, Ties and Losses count the segments whose sentence score is
	// higher than, equal to or lower than the baseline's.
	Wins, Ties, Losses int

	noDiff bool // NoDifference, worked out once from Deltas
}

// SignificanceLevel is the p-value at or below which a difference is
// marked significant (*), as sacrebleu 2.6.0 marks it: its code stars
// p ≤ 0.05, though its legend says p < 0.05.
const SignificanceLevel = 0.05

// NoDifference reports whether the test had no difference to go on: every
// resample's difference is 0 (the system's statistics are the baseline's
// on every segment), or, in approximate randomization, every trial's
// difference has the observed size (swapping segments can only exchange
// it, as when a single segment differs), or the test ran on one segment (a
// filter or a drill-down of one), every resample of which is that segment.
// None then exceeds the observed difference, so the p-value is 1/(N+1),
// the smallest the test gives (sacrebleu's own value, kept exactly), and
// says nothing about the two systems. (A bootstrap over several segments
// whose every resample shows the same non-zero difference, as when the
// system scores 100 and the baseline 0 on every segment, is no such case.)
func (sc SystemComparison) NoDifference() bool { return sc.noDiff }

// Significant reports whether the system's p-value marks it as
// significantly different from the baseline: p ≤ [SignificanceLevel], and
// the test saw a difference ([SystemComparison.NoDifference] is false).
func (sc SystemComparison) Significant() bool { return significant(sc.PValue, sc.noDiff) }

// Starred reports whether system sys's p-value is marked * against the
// baseline: it is [SystemComparison.Significant] and the difference of
// the two scores is a number. When a huge add-k or floor value makes both
// scores infinite, their difference is nan, and the test ranks neither
// system however small p is.
func (c *Comparison) Starred(sys int) bool {
	sc := c.Systems[sys]
	return starred(sc.PValue, sc.noDiff, sc.Score-c.Systems[c.Baseline].Score)
}

// NaNDelta reports whether system sys's difference to the baseline is not
// a number (inf − inf, when a huge add-k or floor value makes both scores
// infinite): its p-value may be small, but the test ranks neither.
func (c *Comparison) NaNDelta(sys int) bool {
	return math.IsNaN(c.Systems[sys].Score - c.Systems[c.Baseline].Score)
}

// starred is the rule of [Comparison.Starred] for a p-value, whether the
// test had no difference to go on, and the difference of the scores.
func starred(p float64, noDiff bool, delta float64) bool {
	return significant(p, noDiff) && !math.IsNaN(delta)
}

// Better reports whether system sys scores better than the baseline:
// higher, or lower when the metric's better score is the lower (TER).
func (c *Comparison) Better(sys int) bool {
	a, b := c.Systems[sys].Score, c.Systems[c.Baseline].Score
	if c.LowerIsBetter {
		return a < b
	}
	return a > b
}

// significant is the rule of [SystemComparison.Significant] for a p-value
// and whether the test had no difference to go on.
func significant(p float64, noDiff bool) bool { return p <= SignificanceLevel && !noDiff }

// Unit names what a test draws: "resample" for the paired bootstrap,
// "trial" for approximate randomization.
func Unit(test string) string {
	if test == TestPairedAR {
		return "trial"
	}
	return "resample"
}

// noDifference reports whether there are resampled differences of test
// and all of them are 0 or, in approximate randomization, all have the
// same size; or whether the test ran on one segment, every resample of
// which is that segment again, the observed difference (and a trial of
// which swaps it or not): one segment is no sample to test a difference
// on, though the p-value is then the smallest the test gives.
func noDifference(test string, deltas []float64, segments int) bool {
	if len(deltas) > 0 && segments == 1 {
		return true
	}
	if len(deltas) == 0 || test != TestPairedAR && deltas[0] != 0 {
		return false
	}
	for _, d := range deltas {
		if math.Abs(d) != math.Abs(deltas[0]) {
			return false
		}
	}
	return true
}

// differenceSize is the size every resampled difference has when
// noDifference holds.
func differenceSize(deltas []float64) float64 {
	if len(deltas) == 0 {
		return 0
	}
	return math.Abs(deltas[0])
}

// Signature returns the signature of the comparison's scores:
// sacrebleu's, with the test and the seed after nrefs
// (nrefs:1|bs:1000|seed:12345|case:mixed|…).
func (c *Comparison) Signature(ds *Dataset, s *Scored) string {
	test := "bs"
	if c.Test == TestPairedAR {
		test = "ar"
	}
	return withFields(s.CorpusSignature(ds), test+":"+strconv.Itoa(c.N), "seed:"+c.Seed.String())
}

// ConfidenceSignature returns the signature of a --confidence score with n
// resamples and the given seed: nrefs:1|bs:1000|seed:12345|case:mixed|….
func ConfidenceSignature(ds *Dataset, s *Scored, n int, seed scoring.Seed) string {
	return withFields(s.CorpusSignature(ds), "bs:"+strconv.Itoa(n), "seed:"+seed.String())
}

// withFields inserts fields after the first field (nrefs) of sig.
func withFields(sig string, fields ...string) string {
	head, tail, _ := strings.Cut(sig, "|")
	return strings.Join(append(append([]string{head}, fields...), tail), "|")
}

// bleuMetric returns the corpus BLEU of s as a significance metric.
func (s *Scored) bleuMetric() (scoring.BLEUMetric, error) {
	if s.Settings.Corpus.Compat == scoring.CompatNLTK {
		return scoring.BLEUMetric{}, ErrSignificanceNLTK
	}
	return scoring.NewBLEUMetric(s.Settings.Corpus)
}

// statistics returns the BLEU statistics of system sys for the segments
// rows (all of them when rows is nil), as [scoring.BLEUMetric] reads them,
// held as the counts they are.
func (s *Scored) statistics(sys int, rows []int) ([]uint32, int, error) {
	st := s.Systems[sys].Stats
	for _, i := range rows {
		if i < 0 || i >= st.Len() {
			return nil, 0, fmt.Errorf("model: segment %d out of range", i)
		}
	}
	out := scoring.BLEUStoreCounts(st, s.Settings.Corpus.MaxOrder, rows)
	if rows == nil {
		return out, st.Len(), nil
	}
	return out, len(rows), nil
}

// Compare runs a paired significance test of every system of s against
// system base over the segments rows (all of them when rows is nil; a
// filtered view's rows test the difference on that subset), exactly as
// sacrebleu 2.6.0 does, and counts each system's wins, ties and losses by
// sentence score.
func Compare(ctx context.Context, s *Scored, base int, rows []int, opt CompareOptions) (*Comparison, error) {
	if err := s.check(base); err != nil {
		return nil, err
	}
	if len(s.Systems) < 2 {
		return nil, errors.New("model: a comparison needs at least two systems")
	}
	m, err := s.bleuMetric()
	if err != nil {
		return nil, err
	}
	if rows != nil && len(rows) == 0 || rows == nil && s.Systems[base].Stats.Len() == 0 {
		return nil, errors.New("model: no segment to compare")
	}
	p := scoring.PairedTest[uint32]{Metric: m, Seed: opt.Seed, N: opt.N, Progress: opt.Progress}
	var others []int
	for sys := range s.Systems {
		st, n, err := s.statistics(sys, rows)
		if err != nil {
			return nil, err
		}
		p.Segments = n
		if sys == base {
			p.Baseline = st
		} else {
			p.Systems = append(p.Systems, st)
			others = append(others, sys)
		}
	}
	res, err := runPaired(ctx, opt.Test, p)
	if err != nil {
		return nil, err
	}
	c := newComparison(opt, base, p.Segments, len(s.Systems))
	c.Systems[base].Estimate = res.Baseline
	for k, sys := range others {
		r := res.Systems[k]
		sc := SystemComparison{Estimate: r.Estimate, PValue: r.PValue, Deltas: r.Deltas, noDiff: noDifference(opt.Test, r.Deltas, p.Segments)}
		// No sentence score is missing: these tests refuse nltk compat.
		sc.Wins, sc.Ties, sc.Losses, _ = s.winsTiesLosses(sys, base, rows)
		c.Systems[sys] = sc
	}
	return c, nil
}

// runPaired runs the paired test named test (TestPairedBootstrap or
// TestPairedAR) on p.
func runPaired[T scoring.Statistic](ctx context.Context, test string, p scoring.PairedTest[T]) (scoring.Paired, error) {
	switch test {
	case TestPairedBootstrap:
		return scoring.PairedBootstrap(ctx, p)
	case TestPairedAR:
		return scoring.PairedApproxRandomization(ctx, p)
	}
	return scoring.Paired{}, fmt.Errorf("model: unknown test %q (want %s or %s)", test, TestPairedBootstrap, TestPairedAR)
}

// newComparison returns the comparison opt asks for, of systems systems
// against base on segments segments, its N the one the test used (the
// default filled in) and its systems to fill in.
func newComparison(opt CompareOptions, base, segments, systems int) *Comparison {
	c := &Comparison{Metric: MetricBLEU, Test: opt.Test, N: opt.N, Seed: opt.Seed, Baseline: base, Segments: segments, Systems: make([]SystemComparison, systems)}
	if c.N <= 0 {
		c.N = scoring.DefaultBootstrapN
		if opt.Test == TestPairedAR {
			c.N = scoring.DefaultARTrials
		}
	}
	return c
}

// winsTiesLosses counts the segments rows (all when nil) where system
// sys's sentence score is higher than, equal to or lower than base's, and
// those where either has none (NLTK raised on it), which are none of the
// three.
func (s *Scored) winsTiesLosses(sys, base int, rows []int) (wins, ties, losses, unscored int) {
	a, b := s.Systems[sys].Sentence, s.Systems[base].Sentence
	var sc SystemComparison
	count := func(i int) {
		if math.IsNaN(a[i]) || math.IsNaN(b[i]) {
			unscored++
			return
		}
		sc.tally(a[i], b[i])
	}
	if rows == nil {
		for i := range a {
			count(i)
		}
	}
	for _, i := range rows {
		count(i)
	}
	return sc.Wins, sc.Ties, sc.Losses, unscored
}

// tally counts one segment whose sentence score is a against the
// baseline's b as a win, a tie or a loss (a higher a wins).
func (sc *SystemComparison) tally(a, b float64) {
	switch {
	case a > b:
		sc.Wins++
	case a < b:
		sc.Losses++
	default:
		sc.Ties++
	}
}

// Confidence runs sacrebleu's single-system bootstrap (--confidence) on
// system sys over the segments rows (all when nil): its corpus score and
// the mean and 95% half-width of n resampled scores (n ≤ 0: 1000).
func Confidence(ctx context.Context, s *Scored, sys int, rows []int, n int, seed scoring.Seed) (scoring.Estimate, error) {
	return ConfidenceProgress(ctx, s, sys, rows, n, seed, nil)
}

// ConfidenceProgress is [Confidence] telling progress, when not nil, the
// fraction of the resamples done, from one goroutine at a time.
func ConfidenceProgress(ctx context.Context, s *Scored, sys int, rows []int, n int, seed scoring.Seed, progress func(fraction float64)) (scoring.Estimate, error) {
	if err := s.check(sys); err != nil {
		return scoring.Estimate{}, err
	}
	m, err := s.bleuMetric()
	if err != nil {
		return scoring.Estimate{}, err
	}
	st, segs, err := s.statistics(sys, rows)
	if err != nil {
		return scoring.Estimate{}, err
	}
	if segs == 0 {
		return scoring.Estimate{}, errors.New("model: no segment to resample")
	}
	return scoring.ConfidenceProgress(ctx, m, segs, st, n, seed, progress)
}
