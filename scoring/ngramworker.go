package scoring

// ngWorker counts the n-grams of a contiguous range of segments. It
// numbers tokens and n-grams in its own corpus-wide tables (an n-gram is
// the pair of its prefix's id and its last token's id; a unigram's id is
// its token's), and keeps per id and per system the running totals, and
// per system a forward index: for each segment, the ids it counts for
// with their kind flags.
type ngWorker struct {
	tok    Tokenizer
	lower  bool
	orders int

	grams ngramIDs
	local localCounts

	toks     []string
	ids, all []uint32
	touch    uint32 // folds the prefetching loads so they are kept

	sys []ngSystem
}

// ngSystem holds one system's totals per id and its forward index.
type ngSystem struct {
	totals pagedTotals
	fwd    forward
}

// idTotals are the corpus totals of one id in one system: per kind the
// sum and the number of segments where it is above 0.
type idTotals struct {
	count [NumKinds]int64
	segs  [NumKinds]uint32
}

// newNGWorker returns a worker for about segments segments.
func newNGWorker(tok Tokenizer, lower bool, orders, systems, segments int) *ngWorker {
	w := &ngWorker{tok: tok, lower: lower, orders: orders, sys: make([]ngSystem, systems)}
	w.grams.init(segments)
	return w
}

// grow makes room in the per-id totals for every id.
func (w *ngWorker) grow() {
	for s := range w.sys {
		w.sys[s].totals.ensure(w.grams.len())
	}
}

// ngrams interns the tokens of line and sets w.all to the ids of its
// n-gram occurrences, order by order. It reports false when the ids run
// out.
func (w *ngWorker) ngrams(line string) bool {
	w.toks = Preprocess(w.tok, w.lower, w.toks[:0], line)
	w.ids = w.ids[:0]
	for _, t := range w.toks {
		w.ids = append(w.ids, w.grams.token(t))
	}
	w.all = append(w.all[:0], w.ids...)
	prev := 0 // start of the previous order's ids in w.all
	for n := 2; n <= w.orders && len(w.ids) >= n; n++ {
		start := len(w.all)
		m := len(w.ids) - n + 1
		// Touch the pair table's slots of the whole order first: the loads
		// are independent, so the processor fetches the lines together
		// instead of waiting for one cache miss after another.
		w.touch ^= w.grams.prefetch(w.all[prev:prev+m], w.ids[n-1:])
		for i := range m {
			w.all = append(w.all, w.grams.pair(w.all[prev+i], w.ids[i+n-1]))
		}
		prev = start
	}
	if w.grams.len() > maxGrams {
		return false
	}
	w.grow()
	return true
}

// segment counts segment i; it reports false when the ids run out.
func (w *ngWorker) segment(i int, hyps, refs []string) bool {
	room := 0
	for _, r := range refs {
		room += len(r)
	}
	longest := 0
	for _, h := range hyps {
		longest = max(longest, len(h))
	}
	// Every token takes at least one byte, so a line of b bytes has at
	// most b·orders n-grams.
	w.local.reset((room + longest) * w.orders)
	for k, ref := range refs {
		if !w.ngrams(ref) {
			return false
		}
		for _, g := range w.all {
			e := w.local.find(g)
			if e.rref != int32(k+1) {
				e.rref, e.rcur = int32(k+1), 0
			}
			e.rcur++
			e.rmax = max(e.rmax, e.rcur)
		}
	}
	nref := len(w.local.entries)
	for s, hyp := range hyps {
		if !w.ngrams(hyp) {
			return false
		}
		for _, g := range w.all {
			w.local.find(g).h++
		}
		w.record(&w.sys[s], i)
		w.local.truncate(nref)
	}
	return true
}

// record adds the segment's counts to sys's totals and forward index.
func (w *ngWorker) record(sys *ngSystem, seg int) {
	fw := &sys.fwd
	fw.begin(seg)
	post := fw.cur.post              // appended to locally, stored back once
	for j := range w.local.entries { // fetch the totals' lines together
		w.touch ^= uint32(sys.totals.at(w.local.entries[j].g).segs[0])
	}
	for j := range w.local.entries {
		e := &w.local.entries[j]
		h, r := e.h, e.rmax
		m := min(h, r)
		t := sys.totals.at(e.g)
		var flags uint32
		if m > 0 {
			t.count[Matched] += int64(m)
			t.segs[Matched]++
			flags |= flagMatched
		}
		if h > m {
			t.count[Over] += int64(h - m)
			t.segs[Over]++
			flags |= flagOver
		}
		if r > m {
			t.count[Missed] += int64(r - m)
			t.segs[Missed]++
			flags |= flagMissed
		}
		post = append(post, e.g<<flagBits|flags)
	}
	fw.cur.post = post
	fw.end()
}
