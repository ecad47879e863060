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

	scratch  []idScratch // per id
	segStamp uint32
	refStamp uint32

	toks       []string
	ids, cur   []uint32
	refTouched []uint32
	hypTouched []uint32

	sys []ngSystem
}

// idScratch is the per-segment state of one id, kept in one struct so
// that an occurrence touches one cache line: the maximum count over the
// references (valid when rseg is the current segment's stamp), the count
// in the current reference (valid when rref is its stamp) and the count
// in the current hypothesis.
type idScratch struct {
	rmax, rcur int32
	rseg, rref uint32
	h          int32
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

// grow makes the per-id arrays at least as long as the number of ids,
// doubling them so that the cost is amortized.
func (w *ngWorker) grow() {
	n := w.grams.len()
	if n <= len(w.scratch) {
		return
	}
	n = max(n, 2*len(w.scratch), 1<<12)
	w.scratch = growTo(w.scratch, n)
	for s := range w.sys {
		w.sys[s].totals = growTo(w.sys[s].totals, n)
	}
}

// ngrams interns the tokens of line and calls fn with the id of every
// n-gram occurrence, order by order. It reports false when the ids run
// out.
func (w *ngWorker) ngrams(line string, fn func(g uint32)) bool {
	w.toks = Preprocess(w.tok, w.lower, w.toks[:0], line)
	w.ids = w.ids[:0]
	for _, t := range w.toks {
		w.ids = append(w.ids, w.grams.token(t))
	}
	w.cur = append(w.cur[:0], w.ids...)
	for n := 1; n <= w.orders && len(w.cur) > 0; n++ {
		if n > 1 {
			w.cur = w.cur[:len(w.cur)-1]
			for i := range w.cur {
				w.cur[i] = w.grams.pair(w.cur[i], w.ids[i+n-1])
			}
		}
		if w.grams.len() > maxGrams {
			return false
		}
		w.grow()
		for _, g := range w.cur {
			fn(g)
		}
	}
	return true
}

// segment counts segment i; it reports false when the ids run out.
func (w *ngWorker) segment(i int, hyps, refs []string) bool {
	w.segStamp++
	w.refTouched = w.refTouched[:0]
	for _, ref := range refs {
		w.refStamp++
		ok := w.ngrams(ref, func(g uint32) {
			sc := &w.scratch[g]
			if sc.rseg != w.segStamp {
				sc.rseg, sc.rmax = w.segStamp, 0
				w.refTouched = append(w.refTouched, g)
			}
			if sc.rref != w.refStamp {
				sc.rref, sc.rcur = w.refStamp, 0
			}
			sc.rcur++
			sc.rmax = max(sc.rmax, sc.rcur)
		})
		if !ok {
			return false
		}
	}
	for s, hyp := range hyps {
		w.hypTouched = w.hypTouched[:0]
		ok := w.ngrams(hyp, func(g uint32) {
			sc := &w.scratch[g]
			if sc.h == 0 {
				w.hypTouched = append(w.hypTouched, g)
			}
			sc.h++
		})
		if !ok {
			return false
		}
		w.record(&w.sys[s], i)
	}
	return true
}

// record adds the current hypothesis's counts to sys and its forward index
// and clears the hypothesis counts.
func (w *ngWorker) record(sys *ngSystem, seg int) {
	fw := &sys.fwd
	fw.begin(seg)
	for _, g := range w.hypTouched {
		sc := &w.scratch[g]
		h, r := sc.h, int32(0)
		if sc.rseg == w.segStamp {
			r = sc.rmax
		}
		m := min(h, r)
		t := &sys.totals[g]
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
		fw.add(g<<flagBits | flags)
	}
	for _, g := range w.refTouched {
		sc := &w.scratch[g]
		if sc.h != 0 {
			continue
		}
		t := &sys.totals[g]
		t.count[Missed] += int64(sc.rmax)
		t.segs[Missed]++
		fw.add(g<<flagBits | flagMissed)
	}
	for _, g := range w.hypTouched {
		w.scratch[g].h = 0
	}
	fw.end()
}
