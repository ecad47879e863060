package scoring

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
)

// corpus is a test corpus: per segment, one hypothesis per system and the
// references present.
type corpus struct {
	hyps [][]string // hyps[sys][i]
	refs [][]string // refs[i]: the references of segment i
}

func (c corpus) source() SystemsSource {
	return func(i int, hyps, refs []string) ([]string, []string) {
		for _, h := range c.hyps {
			hyps = append(hyps, h[i])
		}
		return hyps, append(refs, c.refs[i]...)
	}
}

func (c corpus) count(t *testing.T, opt Options) *NGramCounts {
	t.Helper()
	got, err := CountNGrams(context.Background(), len(c.refs), len(c.hyps), opt, 0, c.source(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// naiveEntry is what the naive counter finds for one n-gram in one system.
type naiveEntry struct {
	count [NumKinds]int64
	segs  [NumKinds][]int
}

// naiveCounts counts with maps of joined strings, straight from SPEC's
// definitions: per segment h, R = max over references, m = min(h, R).
func naiveCounts(c corpus, opt Options) []map[string]*naiveEntry {
	tok, _ := NewTokenizer(opt.Tokenize)
	grams := func(line string) map[string]int {
		toks := Preprocess(tok, opt.Lowercase, nil, line)
		out := map[string]int{}
		for n := 1; n <= opt.MaxOrder; n++ {
			for i := 0; i+n <= len(toks); i++ {
				out[strings.Join(toks[i:i+n], " ")]++
			}
		}
		return out
	}
	out := make([]map[string]*naiveEntry, len(c.hyps))
	for s := range c.hyps {
		out[s] = map[string]*naiveEntry{}
		for i := range c.refs {
			rmax := map[string]int{}
			for _, r := range c.refs[i] {
				for g, k := range grams(r) {
					rmax[g] = max(rmax[g], k)
				}
			}
			h := grams(c.hyps[s][i])
			all := map[string]bool{}
			for g := range h {
				all[g] = true
			}
			for g := range rmax {
				all[g] = true
			}
			for g := range all {
				m := min(h[g], rmax[g])
				e := out[s][g]
				if e == nil {
					e = &naiveEntry{}
					out[s][g] = e
				}
				for k, v := range [NumKinds]int{m, h[g] - m, rmax[g] - m} {
					if v > 0 {
						e.count[k] += int64(v)
						e.segs[k] = append(e.segs[k], i)
					}
				}
			}
		}
	}
	return out
}

// checkAgainstNaive compares every n-gram of got with the naive counts.
func checkAgainstNaive(t *testing.T, c corpus, opt Options, got *NGramCounts) {
	t.Helper()
	want := naiveCounts(c, opt)
	for s := range c.hyps {
		seen := 0
		for g := range got.Len() {
			text := got.Text(g)
			w := want[s][text]
			var zero naiveEntry
			if w == nil {
				w = &zero
			} else {
				seen++
			}
			for k := range Kind(NumKinds) {
				if got.Count(s, k, g) != w.count[k] || got.SegmentCount(s, k, g) != len(w.segs[k]) {
					t.Fatalf("system %d %s %q: count %d in %d segments; want %d in %d", s, k, text,
						got.Count(s, k, g), got.SegmentCount(s, k, g), w.count[k], len(w.segs[k]))
				}
				slices.Sort(w.segs[k])
				if segs := got.SegmentsOf(s, k, g, 0); !slices.Equal(segs, w.segs[k]) {
					t.Fatalf("system %d %s %q: segments %v; want %v", s, k, text, segs, w.segs[k])
				}
				if segs := got.SegmentsOf(s, k, g, 2); !slices.Equal(segs, w.segs[k][:min(2, len(w.segs[k]))]) {
					t.Fatalf("system %d %s %q: first 2 segments %v; want those of %v", s, k, text, segs, w.segs[k])
				}
			}
		}
		if seen != len(want[s]) {
			t.Fatalf("system %d: %d n-grams found; the naive count has %d", s, seen, len(want[s]))
		}
	}
}

func TestCountNGramsHandChecked(t *testing.T) {
	opt := DefaultOptions()
	opt.MaxOrder = 2
	type row struct {
		kind  Kind
		ngram string
		count int64
		segs  int
	}
	for _, tc := range []struct {
		name string
		c    corpus
		want []row
	}{{
		// h("the") = 7, R = 2 (one reference with two "the"): m = 2,
		// over = 7 − 2 = 5, missed = 0. "the the": h = 6, R = 0 (the
		// reference has no two adjacent "the"), so over 6.
		name: "the the the",
		c: corpus{
			hyps: [][]string{{"the the the the the the the"}},
			refs: [][]string{{"the cat sat on the mat"}},
		},
		want: []row{
			{Matched, "the", 2, 1}, {Over, "the", 5, 1}, {Missed, "the", 0, 0},
			{Over, "the the", 6, 1}, {Matched, "the the", 0, 0},
			{Missed, "cat", 1, 1}, {Missed, "the cat", 1, 1}, {Missed, "mat", 1, 1},
		},
	}, {
		// "big" is only in the second reference: R = max(0, 1) = 1, so it
		// is missed once; "house" is in both, produced, so matched.
		name: "missed from the second reference only",
		c: corpus{
			hyps: [][]string{{"a house"}},
			refs: [][]string{{"a house", "a big house"}},
		},
		want: []row{
			{Matched, "a", 1, 1}, {Matched, "house", 1, 1}, {Matched, "a house", 1, 1},
			{Missed, "big", 1, 1}, {Missed, "a big", 1, 1}, {Missed, "big house", 1, 1},
			{Over, "a", 0, 0}, {Missed, "a", 0, 0},
		},
	}, {
		// References with different counts of "ha": 1, 3, 2 → R = 3. The
		// first segment's hypothesis has 2 (matched 2, missed 1); the
		// second's has 5 against R = 1 (matched 1, over 4).
		name: "several references with different counts",
		c: corpus{
			hyps: [][]string{{"ha ha", "ha ha ha ha ha"}},
			refs: [][]string{{"ha", "ha ha ha", "ha ha"}, {"ha"}},
		},
		want: []row{
			{Matched, "ha", 3, 2}, {Missed, "ha", 1, 1}, {Over, "ha", 4, 1},
			// "ha ha": seg 1 h=1, R=max(0,2,1)=2 → m 1, missed 1; seg 2
			// h=4, R=0 → over 4.
			{Matched, "ha ha", 1, 1}, {Missed, "ha ha", 1, 1}, {Over, "ha ha", 4, 1},
		},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.c.count(t, opt)
			tok, _ := NewTokenizer(opt.Tokenize)
			for _, r := range tc.want {
				count, segs := int64(0), 0
				if g, ok := got.Lookup(Preprocess(tok, false, nil, r.ngram)); ok {
					count, segs = got.Count(0, r.kind, g), got.SegmentCount(0, r.kind, g)
				}
				if count != r.count || segs != r.segs {
					t.Errorf("%s %q = %d in %d segments; want %d in %d", r.kind, r.ngram, count, segs, r.count, r.segs)
				}
			}
			checkAgainstNaive(t, tc.c, opt, got)
		})
	}
}

// randomCorpus builds n segments over a tiny vocabulary (so that n-grams
// repeat, clip and go missing), with up to three references of which some
// are absent, and two systems.
func randomCorpus(n int, seed uint64) corpus {
	rng := rand.New(rand.NewPCG(seed, 7))
	words := []string{"a", "b", "c", "A", "dé", "b."}
	line := func() string {
		var b strings.Builder
		for j := range rng.IntN(9) {
			if j > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(words[rng.IntN(len(words))])
		}
		return b.String()
	}
	c := corpus{hyps: make([][]string, 2), refs: make([][]string, n)}
	for i := range n {
		for s := range c.hyps {
			c.hyps[s] = append(c.hyps[s], line())
		}
		for range rng.IntN(4) {
			c.refs[i] = append(c.refs[i], line())
		}
	}
	return c
}

// smallWorkers makes every chunk of segments a worker's, so that the
// merge of their counts runs on a test's small corpus.
func smallWorkers(t *testing.T) {
	old := ngWorkerSegments
	ngWorkerSegments = chunk
	t.Cleanup(func() { ngWorkerSegments = old })
}

func TestCountNGramsAgainstNaive(t *testing.T) {
	// More segments than one worker's, so the merge is exercised.
	smallWorkers(t)
	c := randomCorpus(3*chunk+17, 1)
	for _, opt := range []Options{DefaultOptions(), func() Options {
		o := DefaultOptions()
		o.Lowercase, o.MaxOrder, o.Tokenize = true, 3, "char"
		return o
	}()} {
		t.Run(fmt.Sprintf("%s_lc=%v_N=%d", opt.Tokenize, opt.Lowercase, opt.MaxOrder), func(t *testing.T) {
			got := c.count(t, opt)
			checkAgainstNaive(t, c, opt, got)
			checkNGramStatistics(t, c, opt, got)
		})
	}
}

// checkNGramStatistics checks that, per order, Σ matched is the clipped matches
// and Σ matched + Σ over the hypothesis n-grams of the BLEU statistics.
func checkNGramStatistics(t *testing.T, c corpus, opt Options, got *NGramCounts) {
	t.Helper()
	for s, hyps := range c.hyps {
		var st Stats
		sc, _ := NewScorer(opt)
		for i, h := range hyps {
			st.Add(sc.Segment(h, c.refs[i]))
		}
		matched, over := got.Totals(s, Matched), got.Totals(s, Over)
		for n := range opt.MaxOrder {
			if matched[n] != int64(st.Matches[n]) || matched[n]+over[n] != int64(st.Totals[n]) {
				t.Errorf("system %d order %d: matched %d, matched+over %d; statistics %d/%d",
					s, n+1, matched[n], matched[n]+over[n], st.Matches[n], st.Totals[n])
			}
		}
	}
}

func TestCountNGramsDeterministic(t *testing.T) {
	smallWorkers(t)
	c := randomCorpus(4*chunk, 2)
	a, b := c.count(t, DefaultOptions()), c.count(t, DefaultOptions())
	if !reflect.DeepEqual(a.sys, b.sys) || !reflect.DeepEqual(a.ids.prefix, b.ids.prefix) {
		t.Fatal("two runs over the same corpus differ")
	}
}

// idOf returns the id of an n-gram of got given as text, failing the test
// when got has no such n-gram.
func idOf(t *testing.T, got *NGramCounts) func(text string) int {
	return func(text string) int {
		t.Helper()
		g, ok := got.Lookup(strings.Fields(text))
		if !ok {
			t.Fatalf("%q is not counted", text)
		}
		return g
	}
}

func TestSegmentsOfKindsHandChecked(t *testing.T) {
	// Segment 1: "the" is matched once and over twice; "the the" and
	// "the the the" are only over. Segment 2: "the" is missed (the second
	// reference has it twice, the hypothesis once).
	c := corpus{hyps: [][]string{{"x y", "the the the", "the"}}, refs: [][]string{{"x z"}, {"the"}, {"a", "the b the"}}}
	got := c.count(t, DefaultOptions())
	id := idOf(t, got)
	reqs := []KindID{{Matched, id("the")}, {Over, id("the")}, {Missed, id("the")},
		{Over, id("the the")}, {Matched, id("the the")}, {Over, id("the the the")}, {Missed, id("z")}, {Matched, id("x")}}
	want := [][]int{{1, 2}, {1}, {2}, {1}, nil, {1}, {0}, {0}}
	if segs := listsOf(got.SegmentsOfKinds(0, reqs, 0)); !reflect.DeepEqual(segs, want) {
		t.Errorf("SegmentsOfKinds = %v; want %v", segs, want)
	}
	if segs := got.SegmentsOf(0, Matched, id("the"), 1); !slices.Equal(segs, []int{1}) {
		t.Errorf("first matched segment of \"the\" = %v; want [1]", segs)
	}
}

func TestSegmentsOfKindsOrdersInAnyOrder(t *testing.T) {
	// A trigram asked before a unigram: the scan must still find "a" at
	// the start of a line, where a trigram begins too.
	c := corpus{hyps: [][]string{{"a b c", "c a b"}}, refs: [][]string{{"a b c"}, {"a b"}}}
	got := c.count(t, DefaultOptions())
	id := idOf(t, got)
	segs := listsOf(got.SegmentsOfKinds(0, []KindID{{Matched, id("a b c")}, {Matched, id("a")}}, 0))
	if want := [][]int{{0}, {0, 1}}; !reflect.DeepEqual(segs, want) {
		t.Errorf("SegmentsOfKinds = %v; want %v", segs, want)
	}
}

func TestSegmentsOfKindsAgainstNaive(t *testing.T) {
	// Every n-gram and kind in one scan, with a limit (so that patterns
	// drop out of the lookup on the way) and without; several workers;
	// by scanning for the patterns and by numbering the corpus again
	// (segmentsByID), for every order and for the orders up to 2 alone
	// (numbered no further). The numbering goes in steps of a few
	// segments, on one core and on three (whose shares of the n-grams
	// each fill their own requests).
	smallWorkers(t)
	defer func(n int) { findStep = n }(findStep)
	findStep = 7
	c := randomCorpus(3*chunk+5, 2)
	got := c.count(t, DefaultOptions())
	want := naiveCounts(c, DefaultOptions())
	byID := func(procs int) func(s int, reqs []KindID, limit int) SegmentLists {
		return func(s int, reqs []KindID, limit int) SegmentLists {
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
			out, ok := got.segmentsByID(s, reqs, limit)
			if !ok {
				t.Fatal("segmentsByID refused a small corpus")
			}
			return out
		}
	}
	for _, path := range []struct {
		name string
		find func(s int, reqs []KindID, limit int) SegmentLists
		top  int // the highest order requested
	}{{"scan or by id", got.SegmentsOfKinds, 4}, {"by id", byID(1), 4}, {"by id on 3 cores", byID(3), 4},
		{"by id, orders 1-2", byID(3), 2}} {
		for s := range c.hyps {
			var reqs []KindID
			for g := range got.Len() {
				for k := range Kind(NumKinds) {
					if got.Order(g) <= path.top {
						reqs = append(reqs, KindID{k, g})
					}
				}
			}
			checkSegmentsOfKinds(t, path.name, path.find, got, want, s, reqs)
		}
	}
	// The scan itself, for requests too few to number the corpus for.
	defer func(n int) { manyPatterns = n }(manyPatterns)
	manyPatterns = 1 << 30
	var reqs []KindID
	for g := range got.Len() {
		reqs = append(reqs, KindID{Kind(g % NumKinds), g})
	}
	checkSegmentsOfKinds(t, "scan", got.SegmentsOfKinds, got, want, 0, reqs)
}

// listsOf returns the lists of l as slices, nil for an empty one.
func listsOf(l SegmentLists) [][]int {
	out := make([][]int, l.Len())
	for j := range out {
		for _, seg := range l.List(j) {
			out[j] = append(out[j], int(seg))
		}
	}
	return out
}

// checkSegmentsOfKinds checks the segments of reqs in system s with and
// without a limit against the naive count.
func checkSegmentsOfKinds(t *testing.T, path string, find func(s int, reqs []KindID, limit int) SegmentLists, got *NGramCounts, want []map[string]*naiveEntry, s int, reqs []KindID) {
	t.Helper()
	for _, limit := range []int{0, 3} {
		segs := listsOf(find(s, reqs, limit))
		if len(segs) != len(reqs) {
			t.Fatalf("%s: %d lists for %d requests", path, len(segs), len(reqs))
		}
		for j, r := range reqs {
			var w []int
			if e := want[s][got.Text(r.ID)]; e != nil {
				w = slices.Sorted(slices.Values(e.segs[r.Kind]))
			}
			if limit > 0 {
				w = w[:min(limit, len(w))]
			}
			if !slices.Equal(segs[j], w) {
				t.Fatalf("%s: system %d limit %d %s %q: %v; want %v", path, s, limit, r.Kind, got.Text(r.ID), segs[j], w)
			}
		}
	}
}

func TestCountNGramsCancelAndProgress(t *testing.T) {
	smallWorkers(t) // progress comes per worker's batch
	c := randomCorpus(5*chunk, 3)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := CountNGrams(ctx, len(c.refs), 2, DefaultOptions(), 0, c.source(), nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: err = %v; want context.Canceled", err)
	}
	last, calls, totals := 0, 0, 0
	_, err := CountNGrams(context.Background(), len(c.refs), 2, DefaultOptions(), 0, c.source(), func(done, total int) {
		if done < last || total != 2*len(c.refs) {
			t.Errorf("progress(%d, %d) after %d", done, total, last)
		}
		if done == total {
			totals++
		}
		last = done
		calls++
	})
	if err != nil || last != 2*len(c.refs) || calls < 2 {
		t.Fatalf("err %v, last progress %d, %d calls; want the total %d in several calls", err, last, calls, 2*len(c.refs))
	}
	if totals != 1 {
		t.Errorf("the total was reported %d times; want once, when the counts are made", totals)
	}
	// The total comes from finish, after the merge, not from the workers
	// reaching their last segment (a line would sit at 100% while the
	// tables are merged).
	var got []int
	p := &ngProgress{fn: func(done, total int) { got = append(got, done) }, total: 10}
	p.add(4)
	p.add(6)
	p.finish()
	if !slices.Equal(got, []int{4, 9, 10}) {
		t.Errorf("progress of 4, 6 more of 10, then finish: %v; want [4 9 10]", got)
	}
}

// TestCountNGramsCancelledPartWay: a count whose context is cancelled
// while it runs (here as it reads its first segment) stops reading the
// corpus, part way, and returns the context's error. A context cancelled
// before the count, as TestCountNGramsCancelAndProgress tries, gets that
// error from the check after the work, whether the work stopped or not.
func TestCountNGramsCancelledPartWay(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2)) // a lone worker, a batch at a time
	c := randomCorpus(9*pipeBatchMin+5, 4)          // more than pipeBatches batches
	ctx, cancel := context.WithCancel(context.Background())
	var read atomic.Int64
	src := func(i int, hyps, refs []string) ([]string, []string) {
		read.Add(1)
		cancel()
		return c.source()(i, hyps, refs)
	}
	if _, err := CountNGrams(ctx, len(c.refs), len(c.hyps), DefaultOptions(), 0, src, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled while counting: err = %v; want context.Canceled", err)
	}
	if n := read.Load(); n >= int64(len(c.refs)) {
		t.Errorf("the count read %d segments of %d after it was cancelled at the first; want it to stop part way", n, len(c.refs))
	}
}

func TestLocalCountsGrowsAndTruncates(t *testing.T) {
	var lc localCounts
	lc.reset(1) // a hint far too small: the table must grow
	for g := range uint32(1000) {
		lc.find(g * 7).rmax = int32(g)
	}
	lc.find(3 * 7).h = 5
	for g := range uint32(1000) {
		if e := lc.find(g * 7); e.rmax != int32(g) {
			t.Fatalf("entry %d has rmax %d after growing", g*7, e.rmax)
		}
	}
	lc.truncate(10)
	if e := lc.find(3 * 7); e.h != 0 || e.rmax != 3 {
		t.Errorf("kept entry after truncate: h %d rmax %d; want 0 and 3", e.h, e.rmax)
	}
	if e := lc.find(500 * 7); e.rmax != 0 || len(lc.entries) != 11 {
		t.Errorf("dropped entry comes back with rmax %d (%d entries); want a fresh one", e.rmax, len(lc.entries))
	}
}

func TestCountNGramsQueuedTotals(t *testing.T) {
	smallWorkers(t)
	// Many distinct n-grams (several pages of totals), a queue that fills
	// every few segments, and a segment with more than 1<<pendBits of one
	// n-gram (added at once, not queued).
	defer func(n, d int) { pendMax, directSegments = n, d }(pendMax, directSegments)
	pendMax, directSegments = 50, 0
	rng := rand.New(rand.NewPCG(3, 9))
	n := 2*chunk + 5
	c := corpus{hyps: make([][]string, 2), refs: make([][]string, n)}
	line := func() string {
		w := make([]string, 3+rng.IntN(6))
		for j := range w {
			w[j] = fmt.Sprint("w", rng.IntN(20000))
		}
		return strings.Join(w, " ")
	}
	for i := range n {
		for s := range c.hyps {
			c.hyps[s] = append(c.hyps[s], line())
		}
		c.refs[i] = []string{line(), line()}
	}
	c.hyps[0][7] = strings.Repeat("x y ", 1500)
	c.refs[7] = []string{strings.Repeat("x ", 1100), strings.Repeat("y x ", 3)}
	got := c.count(t, DefaultOptions())
	if got.Len() <= 2<<pageBits {
		t.Fatalf("only %d n-grams: the test wants several pages of totals", got.Len())
	}
	// The totals only: checkAgainstNaive also opens every n-gram's
	// segments, far too slow for this many n-grams.
	want := naiveCounts(c, DefaultOptions())
	for s := range c.hyps {
		for g := range got.Len() {
			w := want[s][got.Text(g)]
			if w == nil {
				w = &naiveEntry{}
			}
			for k := range Kind(NumKinds) {
				if got.Count(s, k, g) != w.count[k] || got.SegmentCount(s, k, g) != len(w.segs[k]) {
					t.Fatalf("system %d %s %q: count %d in %d segments; want %d in %d", s, k, got.Text(g),
						got.Count(s, k, g), got.SegmentCount(s, k, g), w.count[k], len(w.segs[k]))
				}
			}
		}
	}
	checkNGramStatistics(t, c, DefaultOptions(), got)
}

func TestScannerVerifiesHashHits(t *testing.T) {
	// Every pattern filed under the hash of "a": a lookup of "a" meets all
	// of them (under the key of its order), and only "a" (not "c", nor "a b"
	// of another order) may be counted there.
	c := randomCorpus(200, 4)
	got := c.count(t, DefaultOptions())
	var reqs []KindID
	for g := range got.Len() {
		reqs = append(reqs, KindID{Matched, g})
	}
	s := newScanner(got.newScanQuery(reqs), got.Len(), 0)
	a, ok := got.Lookup([]string{"a"})
	if !ok {
		t.Fatal(`"a" is not counted`)
	}
	h := patHash(0, got.tokenIDs(uint32(a))[0])
	clear(s.slots)
	for p := range int32(s.q.pats()) {
		i := (h>>s.shift + uint64(p)) & uint64(len(s.slots)-1)
		s.slots[i] = scanSlot{key: scanKey(h, len(s.q.pat(p))), pat: p + 1, tok: s.q.start[p]}
	}
	s.run(got.lines.blocks, 0, len(got.sys))
	segs := listsOf(joinScans([]*scanner{s}, len(reqs), 0))
	want := got.SegmentsOf(0, Matched, a, 0)
	for j, r := range reqs {
		if r.ID == a && !slices.Equal(segs[j], want) {
			t.Errorf(`"a": %v; want %v`, segs[j], want)
		}
		if r.ID != a && len(segs[j]) > 0 {
			t.Fatalf("%q counted where only \"a\" was looked up: %v", got.Text(r.ID), segs[j])
		}
	}
}

func TestKindCount(t *testing.T) {
	for _, c := range []struct{ h, r, matched, over, missed int }{
		{7, 2, 2, 5, 0}, // "the" ×7 against a reference with two
		{0, 3, 0, 0, 3},
		{2, 2, 2, 0, 0},
		{0, 0, 0, 0, 0},
	} {
		for k, want := range []int{c.matched, c.over, c.missed} {
			if got := Kind(k).Count(c.h, c.r); got != want {
				t.Errorf("%s.Count(%d, %d) = %d; want %d", Kind(k), c.h, c.r, got, want)
			}
		}
	}
}

// TestTokenIDsThroughRecent: a token's id is the same whether it comes from
// the table of recent tokens or from the vocabulary, for more tokens than
// the table has entries (so they evict one another), short and long.
func TestTokenIDsThroughRecent(t *testing.T) {
	var ids ngramIDs
	ids.init(1)
	rng := rand.New(rand.NewPCG(3, 4))
	words := make([]string, 3*recentSlots)
	for i := range words {
		words[i] = strings.Repeat("x", i%25) + strconv.Itoa(i) // up to 30 bytes
	}
	for range 4 {
		for range len(words) {
			w := words[rng.IntN(len(words))]
			id := ids.token(w)
			if want, ok := ids.vocab[w]; !ok || id != want || ids.tokens[ids.last[id]] != w {
				t.Fatalf("token(%q) = %d; the vocabulary has %d (%v)", w, id, want, ok)
			}
		}
	}
}

// Four-byte sums carry into the wide part past 2^32: when a flush adds a
// queued count, when a rare large count is added at once, and when
// workers' totals are merged.
func TestTotalsPastFourBillion(t *testing.T) {
	const top = 1<<32 - 1
	w := &ngWorker{sys: make([]ngSystem, 1)}
	tot := &w.sys[0].totals
	tot.ensure(3)
	tot.at(0).count[Matched] = top
	tot.at(0).segs[Matched] = 7
	w.sys[0].pend = []uint64{0<<32 | 3<<(2*pendBits) | 2}
	w.flush()
	if got := tot.count(0, Matched); got != top+3 {
		t.Errorf("flush: matched %d, want %d", got, int64(top)+3)
	}
	if got := tot.at(0).segs; got != [NumKinds]uint32{8, 0, 1} {
		t.Errorf("flush: segments %v, want [8 0 1]", got)
	}
	if got := tot.count(0, Missed); got != 2 {
		t.Errorf("flush: missed %d, want 2", got)
	}

	tot.at(1).count[Over] = top - 10
	tot.add(tot.at(1), 1, Over, 1<<31)
	if got, want := tot.count(1, Over), int64(top-10)+1<<31; got != want {
		t.Errorf("add: over %d, want %d", got, want)
	}

	var other pagedTotals
	other.ensure(1)
	other.at(0).count[Matched] = top
	other.at(0).segs[Matched] = 2
	other.carry(0, Matched, 3<<32)
	tot.addSum(tot.at(0), 0, &other, 0)
	if got, want := tot.count(0, Matched), int64(top)+3+top+3<<32; got != want {
		t.Errorf("merge: matched %d, want %d", got, want)
	}
	if got := tot.at(0).segs[Matched]; got != 10 {
		t.Errorf("merge: segments %d, want 10", got)
	}
	if got := tot.count(2, Matched); got != 0 {
		t.Errorf("untouched id: %d", got)
	}
	c := &NGramCounts{sys: w.sys}
	for g := range 3 {
		counts, segs := c.TotalsOf(0, g)
		for k := range Kind(NumKinds) {
			if counts[k] != c.Count(0, k, g) || segs[k] != c.SegmentCount(0, k, g) {
				t.Errorf("TotalsOf(0, %d) = %v, %v; kind %v has %d in %d segments", g, counts, segs, k, c.Count(0, k, g), c.SegmentCount(0, k, g))
			}
		}
	}
}

// TestCountNGramsSplitSegments: a segment counted one order at a time
// (every segment, with splitSegment 0) gives the counts of one counted in
// one table.
func TestCountNGramsSplitSegments(t *testing.T) {
	smallWorkers(t)
	c := randomCorpus(2*chunk+9, 4)
	whole := c.count(t, DefaultOptions())
	defer func(n int) { splitSegment = n }(splitSegment)
	splitSegment = 0
	split := c.count(t, DefaultOptions())
	checkAgainstNaive(t, c, DefaultOptions(), split)
	checkNGramStatistics(t, c, DefaultOptions(), split)
	if !reflect.DeepEqual(whole.sys, split.sys) {
		t.Error("the totals counted one order at a time differ from those counted at once")
	}
}

// TestHugeSegmentLocalTable: the local table of a segment of one huge line
// holds one order's n-grams at a time, instead of every order's (on a line
// of 39 MB, gigabytes).
func TestHugeSegmentLocalTable(t *testing.T) {
	const tokens = 40000 // distinct: every n-gram of the line is new
	words := make([]string, tokens)
	for i := range words {
		words[i] = fmt.Sprint("w", i)
	}
	line := strings.Join(words, " ")
	tok, _ := NewTokenizer("13a")
	w := newNGWorker(tok, false, 4, 1, 1, nil)
	b := new(ngBatch)
	w.fill(b, 0, 1, func(int, []string, []string) ([]string, []string) {
		return []string{line}, []string{line}
	}, nil, nil)
	if !w.numberBatch(b, 0) {
		t.Fatal("numberBatch stopped")
	}
	w.countBatch(b)
	// One order's n-grams: at most tokens of the reference's, the
	// hypothesis's the same; the table keeps its slots under half full.
	if perOrder := 2 * tokens; len(w.local.slots) > 4*perOrder || cap(w.local.entries) > 3*perOrder {
		t.Errorf("local table of %d slots, room for %d entries; want about one order's %d n-grams", len(w.local.slots), cap(w.local.entries), perOrder)
	}
	w.flush()
	if got := w.sys[0].totals.at(b.bids[0]).count[Matched]; got != 1 {
		t.Errorf("the first token matched %d times; want 1", got)
	}
}

// TestCountNGramsPipelined: a lone worker on two cores numbers the next
// batch while it counts one; its counts, segments and lines are the naive
// counter's, over many batches.
func TestCountNGramsPipelined(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	c := randomCorpus(9*pipeBatchMin+5, 4) // more than pipeBatches batches
	calls := 0
	got, err := CountNGrams(context.Background(), len(c.refs), len(c.hyps), DefaultOptions(), 0, c.source(), func(int, int) { calls++ })
	if err != nil {
		t.Fatal(err)
	}
	if calls < pipeBatches {
		t.Fatalf("%d progress calls; want one per batch, at least %d", calls, pipeBatches)
	}
	checkAgainstNaive(t, c, DefaultOptions(), got)
	checkNGramStatistics(t, c, DefaultOptions(), got)
}

// TestCountNGramsLimit: a count stops with an [*NGramLimitError] once its
// workers would hold more n-grams than the limit, and not before: a lone
// worker holds the corpus's distinct n-grams, so a limit of exactly that
// many counts and one fewer stops; and a count that passes its limit stops
// part way, without reading the rest of the corpus.
func TestCountNGramsLimit(t *testing.T) {
	corpusOf := func(n int) corpus {
		c := corpus{hyps: [][]string{make([]string, n)}, refs: make([][]string, n)}
		for i := range n { // four new n-grams a line: a new word starts it
			c.hyps[0][i] = fmt.Sprintf("h%d a b c", i)
			c.refs[i] = []string{fmt.Sprintf("r%d a b c", i)}
		}
		return c
	}
	c := corpusOf(ngWorkerSegments - 1) // one worker
	d := c.count(t, DefaultOptions()).Len()
	if _, err := CountNGrams(context.Background(), len(c.refs), 1, DefaultOptions(), d, c.source(), nil); err != nil {
		t.Errorf("limit %d, the distinct n-grams: %v; want the counts", d, err)
	}
	var limitErr *NGramLimitError
	if _, err := CountNGrams(context.Background(), len(c.refs), 1, DefaultOptions(), d-1, c.source(), nil); !errors.As(err, &limitErr) || limitErr.Limit != d-1 {
		t.Errorf("limit %d, one below the distinct n-grams: %v; want an NGramLimitError of limit %d", d-1, err, d-1)
	}

	c = corpusOf(8 * ngWorkerSegments)
	var read atomic.Int64
	src := func(i int, hyps, refs []string) ([]string, []string) {
		read.Add(1)
		return c.source()(i, hyps, refs)
	}
	if _, err := CountNGrams(context.Background(), len(c.refs), 1, DefaultOptions(), budgetReports, src, nil); !errors.As(err, &limitErr) || limitErr.Limit != budgetReports {
		t.Errorf("limit %d: %v; want an NGramLimitError", budgetReports, err)
	}
	if n := read.Load(); n >= int64(len(c.refs)) {
		t.Errorf("the count read %d segments of %d before it stopped; want it to stop part way", n, len(c.refs))
	}
}

// TestNumberBatchStopsPartWay: a batch whose n-grams pass the budget stops
// numbering part way through an order, a line at a time, not at the end
// of the order or of the batch: its worker holds at most the limit, a
// report's worth and one line's n-grams more.
func TestNumberBatchStopsPartWay(t *testing.T) {
	const segments, words = 2000, 30
	rng := rand.New(rand.NewPCG(3, 5))
	line := func() string { // 50 words: few tokens and bigrams, many trigrams
		w := make([]string, words)
		for j := range w {
			w[j] = fmt.Sprint("w", rng.IntN(50))
		}
		return strings.Join(w, " ")
	}
	c := corpus{hyps: [][]string{make([]string, segments)}, refs: make([][]string, segments)}
	for i := range segments {
		c.hyps[0][i], c.refs[i] = line(), []string{line()}
	}
	tok, _ := NewTokenizer("13a")
	limit := 2 * budgetReports
	w := newNGWorker(tok, false, 4, 1, segments, &gramBudget{limit: int64(limit)})
	b := new(ngBatch)
	w.fill(b, 0, segments, c.source(), nil, nil)
	if len(b.segs) != segments {
		t.Fatalf("fill stopped at %d segments of %d; the test wants the tokens within the budget", len(b.segs), segments)
	}
	if w.numberBatch(b, 0) {
		t.Fatal("numberBatch numbered the whole batch past a budget of 8,192")
	}
	if most := limit + budgetReports + words; w.grams.len() > most {
		t.Errorf("the worker holds %d n-grams; want at most %d, numbering stopped within a line of the budget's report", w.grams.len(), most)
	}
}
