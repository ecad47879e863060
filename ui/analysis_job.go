package ui

import (
	"context"
	"reflect"
	"slices"
	"sync"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	tea "github.com/charmbracelet/bubbletea"
)

// anaTop is how many n-grams of each kind and order the screen ranks;
// anaSalientTop how many salient ones of each order on each side;
// anaLines how many line numbers each ranked row keeps (more than a row
// of a 300-column window has room for, the rest said by "…").
const (
	anaTop        = 50
	anaSalientTop = 25
	anaLines      = 100
)

// anaSalientAlpha is compare-mt's smoothing α of the salient score.
const anaSalientAlpha = 1.0

// anaCIMax is the largest corpus (segments × systems) whose buckets get a
// bootstrap CI: 1000 resamples of every bucket of every system take about
// a second up to there, on 2 cores, after the n-gram table has shown (a
// variable, so that tests can make a small
// corpus's buckets come beside the count, as a large one's do).
var anaCIMax = 50000

// anaBase is the part of the analysis that depends on the scores only:
// the n-gram counts of every system and their rankings.
type anaBase struct {
	ds     *model.Dataset
	scored *model.Scored
	an     *model.Analysis
	ranked [][][]model.NGramRow // [system][kind in anaModeKinds]: order 1's rows, then order 2's, …
	sizes  [][]int              // [system]: the rows of each whole ranking (model.Analysis.RankingSizes)
}

// anaKey is what the derived part depends on besides the scores.
type anaKey struct {
	sys, other int
	by         model.BucketBy
}

// forScores returns b's counts and rankings for scores s of ds: b itself
// when made for s, a copy bound to s when s counts the same n-grams (a
// smoothing change), nil when b is nil or its counts are not s's.
func (b *anaBase) forScores(ds *model.Dataset, s *model.Scored) *anaBase {
	switch {
	case b == nil || s == nil || b.ds != ds || !sameCounts(b.an.Settings, s.Settings):
		return nil
	case b.scored == s:
		return b
	}
	c := *b
	c.scored = s
	return &c
}

// anaWant is what the screen should show: the scores on screen and the
// choices.
type anaWant struct {
	scored    *model.Scored
	key       anaKey
	seed      scoring.Seed // of the buckets' bootstrap intervals
	maxNGrams int          // the most n-grams the count holds (--max-ngrams; 0: the default)
}

// anaDerived is the part of the analysis that depends on the pair of
// systems and the grouping: the salient n-grams of sys against other,
// the buckets of sys's segments with every system scored on them, and
// each system's wins, ties and losses against other.
type anaDerived struct {
	anaWant
	partial    bool                 // made before the counts: no salient n-grams yet
	favA, favB [][]model.SalientRow // [order-1]: what sys matches and other does not, and the reverse
	salSizes   []int                // [2(order-1)+side]: how many n-grams each side has in all (favA's, then favB's)
	buckets    [][]model.Bucket     // [system], on sys's bucket rows
	outcomes   [][4][]int           // [system]: wins, ties, losses, unscored vs other (nil for other itself)
}

// anaMsg carries what the analysis job made (jobAnalysis).
type anaMsg struct {
	jobTag
	base *anaBase
	der  *anaDerived
	err  error
	// counting says err is the count's: der, partial, has the buckets and
	// outcomes all the same.
	counting bool
}

// anaEarlyMsg carries the buckets and outcomes the analysis job makes
// while it counts the n-grams (they need the scores only), so that their
// tables show at once on a large corpus; next is the rest of the job. It
// is not the job's result: the job runs on.
type anaEarlyMsg struct {
	tag  jobTag
	der  *anaDerived // partial
	next tea.Cmd
}

// anaBaseMsg carries the counts and rankings the analysis job made, ahead
// of the derived part (salient n-grams, and on a small corpus the buckets
// and outcomes), so that the n-gram table shows at once; next is the rest
// of the job. It is not the job's result: the job runs on.
type anaBaseMsg struct {
	tag  jobTag
	base *anaBase
	next tea.Cmd
}

// anaPartMsg carries the buckets and outcomes of a pair or grouping chosen
// while the n-grams are counted (jobAnaPart).
type anaPartMsg struct {
	jobTag
	der *anaDerived // partial
	err error
}

// anaPartCmd makes the partial derived part of want (buckets and
// outcomes), beside the count in flight, with what old has of it.
func anaPartCmd(ctx context.Context, tag jobTag, ds *model.Dataset, want anaWant, old *anaDerived) tea.Cmd {
	return func() tea.Msg {
		der, err := makeDerived(ctx, ds, nil, want, old, nil, nil)
		return anaPartMsg{jobTag: tag, der: der, err: err}
	}
}

// baseFresh reports whether the counts shown are those of the scores on
// screen.
func (a anaScreen) baseFresh(x anaCtx) bool {
	return a.base != nil && a.base.scored == x.c.scored && a.base.ds == x.c.ds
}

// derFresh reports whether the derived part shown is that of the scores
// on screen and the current pair and grouping.
func (a anaScreen) derFresh(x anaCtx) bool {
	return a.der != nil && a.der.anaWant == a.want(x)
}

// salientFresh reports whether the salient n-grams shown are those of the
// scores on screen and the current pair.
func (a anaScreen) salientFresh(x anaCtx) bool {
	return a.derFresh(x) && !a.der.partial
}

// want is what the screen should show now.
func (a anaScreen) want(x anaCtx) anaWant {
	return anaWant{scored: x.c.scored, key: anaKey{sys: x.sys, other: x.other, by: a.bucketBy()}, seed: x.c.resample.seed, maxNGrams: x.c.maxNGrams}
}

// sameCounts reports whether n-grams counted under a are those counted
// under b: the settings differ at most in how scores are computed from
// the counts (smoothing, effective order, NLTK's smoothing and weights),
// never in what makes the statistics (tokenizer, case, compat, order, or
// anything the settings may come to hold).
func sameCounts(a, b model.Settings) bool {
	strip := func(s model.Settings) model.Settings {
		for _, o := range []*scoring.Options{&s.Corpus, &s.Sentence} {
			o.Smooth, o.SmoothValue, o.EffectiveOrder, o.NLTK = "", 0, false, scoring.NLTKOptions{}
		}
		return s
	}
	return reflect.DeepEqual(strip(a), strip(b))
}

// anaCmd makes what want asks for: the counts and rankings unless base
// (nil, or made for want's scores) has them already, then the derived
// part, with what old has of it. The counts and rankings are sent as soon
// as they are made (anaBaseMsg), so that the n-gram table shows before
// the salient n-grams that follow. On a corpus whose buckets get no
// bootstrap interval, the buckets and outcomes (which need the scores
// only) are made while it counts, and sent ahead (anaEarlyMsg); on a
// smaller one, they would slow the count the n-gram table waits for, and
// follow it.
func anaCmd(ctx context.Context, tag jobTag, ds *model.Dataset, want anaWant, base *anaBase, old *anaDerived, prog *progress, phase *anaPhase) tea.Cmd {
	if base != nil {
		return func() tea.Msg { return derivedMsg(ctx, tag, ds, base, want, old, prog, phase) }
	}
	if bucketCIs(ds, want.scored) {
		return func() tea.Msg {
			b, err := makeBase(ctx, ds, want, prog, phase)
			return baseMsg(ctx, tag, ds, b, err, want, old, prog, phase)
		}
	}
	return func() tea.Msg {
		type counted struct {
			base *anaBase
			err  error
		}
		done := make(chan counted, 1)
		go func() {
			b, err := makeBase(ctx, ds, want, prog, phase)
			done <- counted{b, err}
		}()
		early, err := makeDerived(ctx, ds, nil, want, old, nil, nil)
		if err != nil {
			<-done
			return anaMsg{jobTag: tag, err: err}
		}
		return anaEarlyMsg{tag: tag, der: early, next: func() tea.Msg {
			c := <-done
			return baseMsg(ctx, tag, ds, c.base, c.err, want, early, prog, phase)
		}}
	}
}

// baseMsg sends the counts and rankings b ahead (anaBaseMsg), the derived
// part of want to follow, or ends the job with the count's err, with the
// buckets and outcomes, which need no counts, when it was not cancelled.
func baseMsg(ctx context.Context, tag jobTag, ds *model.Dataset, b *anaBase, err error, want anaWant, old *anaDerived, prog *progress, phase *anaPhase) tea.Msg {
	if err != nil {
		if ctx.Err() != nil {
			return anaMsg{jobTag: tag, err: err}
		}
		der, derErr := makeDerived(ctx, ds, nil, want, old, prog, phase)
		if derErr != nil {
			der = nil
		}
		return anaMsg{jobTag: tag, der: der, err: err, counting: true}
	}
	return anaBaseMsg{tag: tag, base: b, next: func() tea.Msg {
		return derivedMsg(ctx, tag, ds, b, want, old, prog, phase)
	}}
}

// WithMaxNGrams sets the most n-grams the analysis's count holds, as
// --max-ngrams (0 or less: [model.DefaultMaxNGrams]).
func WithMaxNGrams(n int) Option {
	return func(root *Model) { root.c.maxNGrams = max(0, n) }
}

// derivedMsg makes the derived part of want on base and returns the job's
// result.
func derivedMsg(ctx context.Context, tag jobTag, ds *model.Dataset, base *anaBase, want anaWant, old *anaDerived, prog *progress, phase *anaPhase) anaMsg {
	phase.Store(phaseComparing)
	prog.set(0, 0)
	der, err := makeDerived(ctx, ds, base, want, old, prog, phase)
	return anaMsg{jobTag: tag, base: base, der: der, err: err}
}

// keepsBuckets reports whether old's buckets are those want shows.
func keepsBuckets(old *anaDerived, want anaWant) bool {
	return old != nil && old.scored == want.scored && old.key.sys == want.key.sys && old.key.by == want.key.by
}

// makeBase counts the n-grams of every system under want's scores (with
// progress) and ranks each kind over every order.
func makeBase(ctx context.Context, ds *model.Dataset, want anaWant, prog *progress, phase *anaPhase) (*anaBase, error) {
	phase.Store(phaseCounting)
	s := want.scored
	an, err := model.Analyze(ctx, ds, s.Settings, want.maxNGrams, prog.set)
	if err != nil {
		return nil, err
	}
	phase.Store(phaseRanking)
	b := &anaBase{ds: ds, scored: s, an: an}
	orders := make([]int, an.Counts.Orders())
	for i := range orders {
		orders[i] = i + 1
	}
	// The systems are ranked side by side (the counts are read-only), the
	// progress following the first.
	b.ranked = make([][][]model.NGramRow, len(ds.Systems))
	b.sizes = make([][]int, len(ds.Systems))
	errs := make([]error, len(ds.Systems))
	var wg sync.WaitGroup
	for sys := range ds.Systems {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rows, sizes, err := an.RankEveryLines(ctx, sys, anaModeKinds, orders, anaTop, anaLines, func(done, total int) {
				if sys == 0 {
					prog.set(done, total)
				}
			})
			if err != nil {
				errs[sys] = err
				return
			}
			b.sizes[sys] = sizes
			kinds := make([][]model.NGramRow, len(anaModeKinds))
			for _, r := range rows {
				k := slices.Index(anaModeKinds, r.Kind)
				kinds[k] = append(kinds[k], r)
			}
			b.ranked[sys] = kinds
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return b, nil
}

// makeDerived makes the salient n-grams, the buckets and the outcomes of
// want's pair and grouping, taking from old (nil for none) what it made
// for the same scores and the same part of the key: a new grouping keeps
// the salient n-grams and the outcomes, a new baseline the buckets. With
// base nil (the counts are not in yet) it makes a partial one, without
// salient n-grams. prog and phase (nil for none) follow the salient
// n-grams, then the buckets' intervals.
func makeDerived(ctx context.Context, ds *model.Dataset, base *anaBase, want anaWant, old *anaDerived, prog *progress, phase *anaPhase) (*anaDerived, error) {
	k := want.key
	d := &anaDerived{anaWant: want, partial: base == nil}
	same := old != nil && old.scored == want.scored
	var err error
	switch {
	case base == nil:
	case same && !old.partial && old.key.sys == k.sys && old.key.other == k.other:
		d.favA, d.favB, d.salSizes = old.favA, old.favB, old.salSizes
	case k.other >= 0 && k.other != k.sys:
		if d.favA, d.favB, d.salSizes, err = salientSides(ctx, base, k, prog); err != nil {
			return nil, err
		}
	}
	if keepsBuckets(old, want) {
		d.buckets = old.buckets
	} else if d.buckets, err = sameRowBuckets(ctx, ds, want, prog, phase); err != nil {
		return nil, err
	}
	switch {
	case same && old.key.other == k.other:
		d.outcomes = old.outcomes
	case k.other >= 0:
		d.outcomes = make([][4][]int, len(ds.Systems))
		for sys := range ds.Systems {
			if sys == k.other {
				continue
			}
			w, t, l, u, err := want.scored.Outcomes(sys, k.other, nil)
			if err != nil {
				return nil, err
			}
			d.outcomes[sys] = [4][]int{w, t, l, u}
		}
	}
	return d, nil
}

// salientSides ranks the salient n-grams of every order of k's pair:
// favA[order-1] what k.sys matches and k.other does not, favB the
// reverse; sizes[2(order-1)] and sizes[2(order-1)+1] are how many n-grams
// each side has in all (model.Analysis.SalientEverySizes).
func salientSides(ctx context.Context, base *anaBase, k anaKey, prog *progress) (favA, favB [][]model.SalientRow, sizes []int, err error) {
	orders := make([]int, base.an.Counts.Orders())
	for i := range orders {
		orders[i] = i + 1
	}
	all, sizes, err := base.an.SalientEverySizes(ctx, k.sys, k.other, scoring.Matched, orders, anaSalientTop, anaSalientAlpha, prog.set)
	if err != nil {
		return nil, nil, nil, err
	}
	for _, rows := range all {
		// A's side first (A has them more often), then B's.
		split := len(rows)
		for i, r := range rows {
			if r.CountA < r.CountB {
				split = i
				break
			}
		}
		favA, favB = append(favA, rows[:split:split]), append(favB, rows[split:])
	}
	return favA, favB, sizes, nil
}

// sameRowBuckets groups want's shown system's segments by want's grouping
// and scores every system on those same rows (with a bootstrap CI on
// small corpora under sacrebleu compat). Those intervals are the
// resampling phase, whose progress (with prog and phase not nil) is the
// segments resampled of every system's.
func sameRowBuckets(ctx context.Context, ds *model.Dataset, want anaWant, prog *progress, phase *anaPhase) ([][]model.Bucket, error) {
	s, k := want.scored, want.key
	var opt model.BucketOptions
	if bucketCIs(ds, s) {
		total, done := ds.Len()*len(ds.Systems), 0
		if prog != nil && phase != nil {
			phase.Store(phaseResampling)
			prog.set(0, total)
		}
		opt.CI = func(sys int, rows []int) (float64, error) {
			est, err := model.Confidence(ctx, s, sys, rows, 0, want.seed)
			if prog != nil && phase != nil {
				done = min(done+len(rows), total)
				prog.set(done, total)
			}
			return est.CI, err
		}
	}
	return s.SameRowBuckets(ctx, ds, k.sys, k.by, opt)
}

// bucketCIs reports whether the buckets of ds scored as s get a bootstrap
// interval: on a corpus of at most anaCIMax segments × systems, under
// sacrebleu compat.
func bucketCIs(ds *model.Dataset, s *model.Scored) bool {
	return ds.Len()*len(ds.Systems) <= anaCIMax && s.Settings.Corpus.Compat != scoring.CompatNLTK
}
