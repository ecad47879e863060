package model

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/bleuscope/bleuscope/scoring"
)

// Scored holds the scores of every system of a [Dataset] under one
// [Settings]. It is never changed after it is returned, so it can be
// shared between goroutines.
type Scored struct {
	// Settings are the options the scores were computed with.
	Settings Settings
	// Systems are the scores of each system, in Dataset.Systems order.
	Systems []SystemScores

	orders int // n-gram orders counted in the Stats
	// impacts are the impacts worked out so far ([Scored.Impact]).
	impacts impactMemo
}

// SystemScores are the scores of one system.
type SystemScores struct {
	// Stats are the statistics of each segment, kept compactly.
	Stats *scoring.StatsStore
	// Sentence is each segment's sentence score (NaN where NLTK raised).
	Sentence []float64
	// Corpus is the corpus score: the statistics summed, then scored.
	Corpus scoring.Result
	// CorpusErr is set when NLTK's corpus_bleu would raise (nltk compat
	// only); Corpus is then the zero Result.
	CorpusErr error
	// sum is the statistics summed, which Corpus scores.
	sum scoring.Stats
}

// progressEvery is roughly how many segments pass between progress calls.
const progressEvery = 4096

// Score computes the statistics of every segment of every system, in
// parallel on all cores, then the sentence and corpus scores. It stops
// with ctx's error when ctx is cancelled. progress, when not nil, is
// called every few thousand segments with the segments done and the total
// (segments × systems); the calls come from the scoring goroutines but
// never overlap, and the last one reports done == total. It counts the
// max orders of set unless [CountOrders] asks for more. Score is the one
// entry point for scoring a dataset.
func Score(ctx context.Context, ds *Dataset, set Settings, progress func(done, total int), opts ...ScoreOption) (*Scored, error) {
	if err := set.Validate(); err != nil {
		return nil, err
	}
	var cfg scoreConfig
	for _, o := range opts {
		o(&cfg)
	}
	n := ds.Len()
	out := &Scored{Settings: set, orders: set.orders(cfg.orders), Systems: make([]SystemScores, len(ds.Systems))}
	p := newProgress(progress, n*len(ds.Systems))
	for s := range out.Systems {
		out.Systems[s].Stats = scoring.NewStatsStore(n, out.orders, set.Corpus.Compat == scoring.CompatNLTK)
	}
	err := scoring.ScoreSystems(ctx, n, set.Corpus, out.orders, ds.systemsSource(), func(i int, st []scoring.Stats) {
		for s := range st {
			out.Systems[s].Stats.Set(i, st[s])
			p.tick()
		}
	})
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	out.computeScores(ds)
	p.finish()
	return out, nil
}

// ScoreOption changes how [Score] counts.
type ScoreOption func(*scoreConfig)

type scoreConfig struct {
	orders int
}

// orders returns the number of n-gram orders to count under s: asked,
// but at least the max orders of s and at most [scoring.MaxOrderLimit].
func (s Settings) orders(asked int) int {
	return min(max(asked, s.Corpus.MaxOrder, s.Sentence.MaxOrder), scoring.MaxOrderLimit)
}

// CountOrders makes [Score] count n n-gram orders (at least the max orders
// of the settings, at most [scoring.MaxOrderLimit]), so that raising the
// max order up to n later is only arithmetic ([Scored.Recompute]). It is
// a performance choice of the caller, not a setting of the user.
func CountOrders(n int) ScoreOption {
	return func(c *scoreConfig) { c.orders = n }
}

// CanRecompute reports whether the scores under set can be had from the
// statistics already counted ([Scored.Recompute]) rather than a new pass
// over the text ([Score]). It is the one place that decides "recount or
// only recompute".
func (s *Scored) CanRecompute(set Settings) bool {
	return set.Validate() == nil && scoring.SameStatistics(s.Settings.Corpus, set.Corpus) &&
		set.Corpus.MaxOrder <= s.orders && set.Sentence.MaxOrder <= s.orders
}

// Orders returns the number of n-gram orders the statistics hold: a max
// order up to it can be had from [Scored.Recompute].
func (s *Scored) Orders() int {
	return s.orders
}

// Recompute returns the scores under set from the statistics already
// counted, which is only arithmetic. That is possible when set counts the
// same statistics ([scoring.SameStatistics]: tokenizer, case, compat) and
// its max orders do not exceed [Scored.Orders]; otherwise (or when set is
// not valid) it returns false and the caller must call [Score].
func (s *Scored) Recompute(ds *Dataset, set Settings) (*Scored, bool) {
	if !s.CanRecompute(set) {
		return nil, false
	}
	out := &Scored{Settings: set, orders: s.orders, Systems: make([]SystemScores, len(s.Systems))}
	sameSentence := set.Sentence == s.Settings.Sentence
	for i := range s.Systems {
		out.Systems[i].Stats = s.Systems[i].Stats
		if sameSentence {
			// A change of the corpus options alone keeps every sentence
			// score (slices are never written after Score returns).
			out.Systems[i].Sentence = s.Systems[i].Sentence
		}
	}
	out.computeScores(ds)
	return out, true
}

// computeScores fills the sentence scores (unless already there) and the
// corpus scores from the Stats.
func (s *Scored) computeScores(ds *Dataset) {
	for sys := range s.Systems {
		ss := &s.Systems[sys]
		if ss.Sentence != nil {
			s.computeCorpus(ds, sys)
			continue
		}
		ss.Sentence = make([]float64, ss.Stats.Len())
		parallel(ss.Stats.Len(), func(lo, hi int) {
			if s.Settings.Sentence.Compat != scoring.CompatNLTK {
				// sacrebleu's arithmetic needs the statistics only, and
				// its score alone allocates nothing.
				for i := lo; i < hi; i++ {
					ss.Sentence[i] = scoring.Score(ss.Stats.Get(i), s.Settings.Sentence)
				}
				return
			}
			var refs []string
			for i := lo; i < hi; i++ {
				r, err := scoring.Evaluate(ss.Stats.Get(i), s.Settings.Sentence, s.lastSegment(ds, sys, i, s.Settings.Sentence, &refs))
				if err != nil {
					ss.Sentence[i] = math.NaN()
				} else {
					ss.Sentence[i] = r.Score
				}
			}
		})
		s.computeCorpus(ds, sys)
	}
}

// computeCorpus scores the summed statistics of system sys.
func (s *Scored) computeCorpus(ds *Dataset, sys int) {
	ss := &s.Systems[sys]
	var sum scoring.Stats
	for i := range ss.Stats.Len() {
		sum.Add(ss.Stats.Get(i))
	}
	ss.sum = sum
	ss.Corpus, ss.CorpusErr = s.CorpusUnder(ds, sys, s.Settings.Corpus)
}

// CorpusUnder returns the corpus score of system sys under the corpus
// options opt, from the statistics summed when it was scored: only the
// arithmetic, so it says at once what a change of smoothing or weights
// would make of the corpus score (opt must count the same statistics:
// tokenizer, case, compat and at most [Scored.Orders] orders).
func (s *Scored) CorpusUnder(ds *Dataset, sys int, opt scoring.Options) (scoring.Result, error) {
	if err := s.check(sys); err != nil {
		return scoring.Result{}, err
	}
	var refs []string
	ss := &s.Systems[sys]
	return scoring.Evaluate(ss.sum, opt, s.lastSegment(ds, sys, ss.Stats.Len()-1, opt, &refs))
}

// lastSegment returns the text of segment i when opt's arithmetic needs it
// (NLTK's smoothing methods 5 to 7), else nothing, so that no other score
// pays for looking at the text. refs is a reusable buffer.
func (s *Scored) lastSegment(ds *Dataset, sys, i int, opt scoring.Options, refs *[]string) scoring.LastSegment {
	if !opt.ReadsLastSegment() || i < 0 {
		return scoring.LastSegment{}
	}
	*refs = ds.SegmentRefs(i, (*refs)[:0])
	return scoring.LastSegment{Hyp: ds.Systems[sys].Hyps[i], Refs: *refs}
}

// SentenceResult returns the full sentence score of segment i of system
// sys under the sentence options.
func (s *Scored) SentenceResult(ds *Dataset, sys, i int) (scoring.Result, error) {
	if err := s.check(sys); err != nil {
		return scoring.Result{}, err
	}
	if i < 0 || i >= s.Systems[sys].Stats.Len() {
		return scoring.Result{}, fmt.Errorf("model: segment %d out of range", i)
	}
	var refs []string
	return scoring.Evaluate(s.Systems[sys].Stats.Get(i), s.Settings.Sentence, s.lastSegment(ds, sys, i, s.Settings.Sentence, &refs))
}

// SubsetNeedsOrder reports whether [Scored.Subset] depends on the order of
// its rows, not only on which they are: under NLTK's methods 5 to 7 the
// last row's text takes part.
func (s *Scored) SubsetNeedsOrder() bool { return s.Settings.Corpus.ReadsLastSegment() }

// Subset returns the corpus score of system sys over the segments rows
// (0-based, as [Scored.Rows] returns them): their statistics summed, then
// scored under the corpus options. For NLTK's methods 5 to 7 the last row
// plays the part of the last segment.
func (s *Scored) Subset(ds *Dataset, sys int, rows []int) (scoring.Result, error) {
	if err := s.check(sys); err != nil {
		return scoring.Result{}, err
	}
	sum, ok := s.Systems[sys].Stats.Sum(rows)
	if !ok {
		return scoring.Result{}, fmt.Errorf("model: a segment out of range (have %d)", s.Systems[sys].Stats.Len())
	}
	last := -1
	if len(rows) > 0 {
		last = rows[len(rows)-1]
	}
	var refs []string
	return scoring.Evaluate(sum, s.Settings.Corpus, s.lastSegment(ds, sys, last, s.Settings.Corpus, &refs))
}

// Delta returns the sentence score of segment i of system sys minus that
// of system other; 0 when other is -1 or sys itself.
func (s *Scored) Delta(sys, other, i int) float64 {
	if other < 0 || other == sys || other >= len(s.Systems) {
		return 0
	}
	return s.Systems[sys].Sentence[i] - s.Systems[other].Sentence[i]
}

func (s *Scored) check(sys int) error {
	if sys < 0 || sys >= len(s.Systems) {
		return fmt.Errorf("model: system %d out of range (have %d)", sys, len(s.Systems))
	}
	return nil
}

// parallel runs fn over [0, n) split into contiguous chunks, one
// goroutine per core.
func parallel(n int, fn func(lo, hi int)) {
	workers := min(runtime.GOMAXPROCS(0), (n+1023)/1024)
	if workers <= 1 {
		fn(0, n)
		return
	}
	var wg sync.WaitGroup
	step := (n + workers - 1) / workers
	for lo := 0; lo < n; lo += step {
		wg.Add(1)
		go func(lo, hi int) {
			defer wg.Done()
			fn(lo, hi)
		}(lo, min(lo+step, n))
	}
	wg.Wait()
}

// progress reports scoring progress every progressEvery segments, one
// call at a time and never going backwards.
type progress struct {
	fn    func(done, total int)
	total int
	done  atomic.Int64
	mu    sync.Mutex
	last  int
}

func newProgress(fn func(done, total int), total int) *progress {
	return &progress{fn: fn, total: total}
}

func (p *progress) tick() {
	if p.fn == nil {
		return
	}
	if d := p.done.Add(1); d%progressEvery == 0 {
		p.report(int(d))
	}
}

func (p *progress) report(d int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if d > p.last {
		p.last = d
		p.fn(d, p.total)
	}
}

func (p *progress) finish() {
	if p.fn != nil {
		p.report(p.total)
	}
}
