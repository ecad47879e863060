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

	// Scratch per id, valid for the current segment (rseg) or reference
	// (rref): the maximum count over references and the count in the
	// current reference; h is the count in the current hypothesis.
	rmax, rcur []int32
	rseg, rref []uint32
	h          []int32
	segStamp   uint32
	refStamp   uint32

	toks       []string
	ids, cur   []uint32
	refTouched []uint32
	hypTouched []uint32

	sys []ngSystem
}

// ngSystem holds one system's totals per id and its forward index.
type ngSystem struct {
	count [NumKinds][]int64
	segs  [NumKinds][]uint32
	fwd   forward
}

func newNGWorker(tok Tokenizer, lower bool, orders, systems int) *ngWorker {
	w := &ngWorker{tok: tok, lower: lower, orders: orders, sys: make([]ngSystem, systems)}
	w.grams.init()
	return w
}

// grow makes the per-id arrays as long as the number of ids.
func (w *ngWorker) grow() {
	n := w.grams.len()
	for len(w.h) < n {
		w.rmax = append(w.rmax, 0)
		w.rcur = append(w.rcur, 0)
		w.rseg = append(w.rseg, 0)
		w.rref = append(w.rref, 0)
		w.h = append(w.h, 0)
		for s := range w.sys {
			for k := range NumKinds {
				w.sys[s].count[k] = append(w.sys[s].count[k], 0)
				w.sys[s].segs[k] = append(w.sys[s].segs[k], 0)
			}
		}
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
			if w.rseg[g] != w.segStamp {
				w.rseg[g], w.rmax[g] = w.segStamp, 0
				w.refTouched = append(w.refTouched, g)
			}
			if w.rref[g] != w.refStamp {
				w.rref[g], w.rcur[g] = w.refStamp, 0
			}
			w.rcur[g]++
			w.rmax[g] = max(w.rmax[g], w.rcur[g])
		})
		if !ok {
			return false
		}
	}
	for s, hyp := range hyps {
		w.hypTouched = w.hypTouched[:0]
		ok := w.ngrams(hyp, func(g uint32) {
			if w.h[g] == 0 {
				w.hypTouched = append(w.hypTouched, g)
			}
			w.h[g]++
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
		h := w.h[g]
		r := int32(0)
		if w.rseg[g] == w.segStamp {
			r = w.rmax[g]
		}
		m := min(h, r)
		var flags uint32
		if m > 0 {
			sys.count[Matched][g] += int64(m)
			sys.segs[Matched][g]++
			flags |= flagMatched
		}
		if h > m {
			sys.count[Over][g] += int64(h - m)
			sys.segs[Over][g]++
			flags |= flagOver
		}
		if r > m {
			sys.count[Missed][g] += int64(r - m)
			sys.segs[Missed][g]++
			flags |= flagMissed
		}
		fw.add(g<<flagBits | flags)
	}
	for _, g := range w.refTouched {
		if w.h[g] != 0 {
			continue
		}
		r := w.rmax[g]
		sys.count[Missed][g] += int64(r)
		sys.segs[Missed][g]++
		fw.add(g<<flagBits | flagMissed)
	}
	for _, g := range w.hypTouched {
		w.h[g] = 0
	}
	fw.end()
}
