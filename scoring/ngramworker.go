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

	sys []ngSystem
}

// ngSystem holds one system's totals per id and its forward index.
type ngSystem struct {
	totals []idTotals
	fwd    forward
}

// idTotals are the corpus totals of one id in one system: per kind the
// sum and the number of segments where it is above 0.
type idTotals struct {
	count [NumKinds]int64
	segs  [NumKinds]uint32
}

func newNGWorker(tok Tokenizer, lower bool, orders, systems int) *ngWorker {
	w := &ngWorker{tok: tok, lower: lower, orders: orders, sys: make([]ngSystem, systems)}
	w.grams.init()
	return w
}

// grow makes the per-id totals at least as long as the number of ids,
// doubling them so that the cost is amortized.
func (w *ngWorker) grow() {
	n := w.grams.len()
	if len(w.sys) == 0 || n <= len(w.sys[0].totals) {
		return
	}
	n = max(n, 2*len(w.sys[0].totals), 1<<12)
	for s := range w.sys {
		w.sys[s].totals = growTo(w.sys[s].totals, n)
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
		for i := 0; i+n <= len(w.ids); i++ {
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
	for j := range w.local.entries {
		e := &w.local.entries[j]
		h, r := e.h, e.rmax
		m := min(h, r)
		t := &sys.totals[e.g]
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
		fw.add(e.g<<flagBits | flags)
	}
	fw.end()
}
