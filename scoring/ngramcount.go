package scoring

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
)

// Kind is one of the three corpus quantities of an n-gram g in a segment
// where h is its count in the hypothesis, R its maximum count over the
// references and m = min(h, R).
type Kind uint8

// The kinds, in the order reports list them.
const (
	// Matched is m: occurrences that count as matches.
	Matched Kind = iota
	// Over is h − m: occurrences beyond what any reference supports
	// (unmatched or clipped).
	Over
	// Missed is R − m: occurrences in a reference the hypothesis lacks.
	Missed
)

// NumKinds is the number of kinds.
const NumKinds = 3

var kindNames = [NumKinds]string{"matched", "over", "missed"}

// String returns the kind's name: matched, over or missed.
func (k Kind) String() string {
	if int(k) < NumKinds {
		return kindNames[k]
	}
	return "kind?"
}

// Count returns how many occurrences of an n-gram count for kind k in a
// segment where it is h times in the hypothesis and at most r times in a
// reference: min(h, r), h − min(h, r) or r − min(h, r).
func (k Kind) Count(h, r int) int {
	m := min(h, r)
	switch k {
	case Matched:
		return m
	case Over:
		return h - m
	}
	return r - m
}

// ParseKind returns the kind called s (matched, over, missed).
func ParseKind(s string) (Kind, error) {
	for i, n := range kindNames {
		if n == s {
			return Kind(i), nil
		}
	}
	return 0, errors.New("scoring: unknown n-gram kind " + quoteName(s) + " (want matched, over, missed)")
}

func quoteName(s string) string {
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return "\"" + strings.ToValidUTF8(s, "?") + "\""
}

// NGramLimitError is returned by [CountNGrams] when counting would hold
// more n-grams than its limit: the n-grams each worker holds, added up
// (an n-gram that two workers meet is held by both until their tables are
// merged).
type NGramLimitError struct {
	// Limit is the limit that was passed.
	Limit int
}

func (e *NGramLimitError) Error() string {
	return fmt.Sprintf("scoring: counting n-grams passed %d n-grams held, the limit", e.Limit)
}

const (
	// MaxNGramLimit is the highest limit of [CountNGrams]: the ids of a
	// count's n-grams stay below it.
	MaxNGramLimit = 1 << 29
	noPrefix      = ^uint32(0) // the prefix of a unigram
)

// gramBudget is what the workers of a count hold together: each tells it
// the n-grams it numbers, budgetReports at a time, and stops once the
// total passes the limit, so that a corpus of too many distinct n-grams
// stops before the tables take the machine's memory.
type gramBudget struct {
	limit int64
	held  atomic.Int64
}

// budgetReports is how many new n-grams a worker numbers before it tells
// the budget.
const budgetReports = 4096

// NGramProgress is called with the segments done and the total (segments
// × systems); calls never overlap and the last reports done == total.
type NGramProgress func(done, total int)

// ngWorkerSegments is the fewest segments worth a worker of their own:
// below it, merging what two workers numbered costs more than it saves
// (a variable, so that tests can make the merge run on small corpora).
var ngWorkerSegments = 4096

// collectAroundMerge is the fewest segments for which CountNGrams collects
// garbage before and after merging: below it the heap is small and a
// collection costs more than it saves.
const collectAroundMerge = 200_000

// CountNGrams counts, for every system and every n-gram of orders
// 1..opt.MaxOrder, the corpus totals of matched, over and missed and the
// number of segments where each is above 0, and keeps the token ids of
// every line to find those segments. Tokens are [Preprocess]'s under opt (its
// tokenizer and case). src gives segment i's hypotheses (one per system,
// systems of them) and its present references. The work is split over
// all cores in contiguous ranges whose tables are merged in range order,
// so the result does not depend on scheduling. It returns ctx's error
// when cancelled, and an [*NGramLimitError] when the workers together
// would hold more than limit n-grams (at most [MaxNGramLimit]; 0 or less
// means that): whether it does depends on the corpus and the number of
// cores only. progress may be nil.
func CountNGrams(ctx context.Context, n, systems int, opt Options, limit int, src SystemsSource, progress NGramProgress) (*NGramCounts, error) {
	if err := opt.Validate(); err != nil {
		return nil, err
	}
	tok, _ := NewTokenizer(opt.Tokenize)
	workers := max(1, min(runtime.GOMAXPROCS(0), n/ngWorkerSegments))
	// A lone worker on a machine of several cores numbers the next batch
	// while it counts one (ngrambatch.go: countRange).
	pipelined := workers == 1 && runtime.GOMAXPROCS(0) > 1
	ws := make([]*ngWorker, workers)
	p := &ngProgress{fn: progress, total: n * systems}
	var wg sync.WaitGroup
	if limit <= 0 || limit > MaxNGramLimit {
		limit = MaxNGramLimit
	}
	budget := &gramBudget{limit: int64(limit)}
	var full atomic.Bool
	for w := range ws {
		lo, hi := w*n/workers, (w+1)*n/workers
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			// Made here, not before the workers start: a worker's tables
			// of a large corpus take a tenth of a second to allocate and
			// fault in, which the workers then do side by side.
			wk := newNGWorker(tok, opt.Lowercase, opt.MaxOrder, systems, hi-lo, budget)
			ws[w] = wk
			if !wk.countRange(ctx, lo, hi, src, pipelined, &full, p) {
				return
			}
			wk.flush()
			wk.store.seal()
			wk.release()
			if w > 0 { // merge numbers the first worker's n-grams on, the others' anew
				wk.grams.dropPairs()
			}
		}(w)
	}
	wg.Wait()
	if n > collectAroundMerge {
		// The workers' pair tables and queues are garbage now: collected
		// here, their memory takes the merge's tables instead of the heap
		// growing past them (on 1M segments the process peaks ~100 MB
		// lower).
		runtime.GC()
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	for _, w := range ws {
		w.grams.report()
	}
	// A worker that stopped (full) did so with more held than the limit,
	// and all of it is reported now; a count that ended as the limit was
	// passed has not stopped, but holds too many all the same.
	if budget.held.Load() > budget.limit {
		return nil, &NGramLimitError{Limit: limit}
	}
	c := merge(ws, n, systems, opt.MaxOrder)
	if n > collectAroundMerge && len(ws) > 1 {
		// The merged workers' tables are garbage now: collected here,
		// their memory takes what the caller makes of the counts (the
		// rankings) instead of the heap growing past them.
		runtime.GC()
	}
	p.finish()
	return c, nil
}

// ngProgress reports progress one call at a time, never going backwards.
// The workers' last segments are reported only by finish, once their
// tables are merged (half a second on a million segments), so that the
// total means the counts are made.
type ngProgress struct {
	fn    NGramProgress
	total int
	mu    sync.Mutex
	done  int
}

func (p *ngProgress) add(d int) {
	if p.fn == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done += d
	p.fn(max(0, min(p.done, p.total-1)), p.total)
}

func (p *ngProgress) finish() {
	if p.fn == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done = p.total
	p.fn(p.total, p.total)
}
