package scoring

import "math"

// The limits of sacrebleu's TER search (lib_ter.py).
const (
	terMaxShiftSize  = 10   // longest phrase a shift moves
	terMaxShiftDist  = 50   // farthest a phrase's hypothesis and reference starts may be apart
	terBeamWidth     = 25   // half-width of the edit-distance band
	terMaxCandidates = 1000 // shift candidates evaluated per hypothesis-reference pair
	terInf           = int32(1 << 30)
)

// Edit operations of the distance table, as sacrebleu records them
// (rewriting the hypothesis into the reference): a hypothesis word kept or
// substituted, dropped (del), or a reference word inserted (ins).
const (
	opNop uint8 = iota
	opSub
	opDel
	opIns
)

// TERPair is what TER did for one hypothesis against one reference.
type TERPair struct {
	// Edits is Shifts + EditDistance, the TER edits of the pair.
	Edits int
	// RefLen is the number of reference words.
	RefLen int
	// Shifts is the number of phrase shifts applied.
	Shifts int
	// EditDistance is the banded edit distance of the final word order.
	EditDistance int
	// Candidates is the number of shift candidates evaluated, over all
	// rounds of the search.
	Candidates int
	// LimitHit says the search ended at the candidate limit (1000), which
	// throws away the best move of its last round.
	LimitHit bool
	// DiscardedGain is the gain of that move when LimitHit.
	DiscardedGain int
}

// terAligner runs sacrebleu's TER search for one hypothesis and one
// reference at a time, as word ids. Its buffers are kept between pairs:
// one per worker.
type terAligner struct {
	h    []int32 // current hypothesis (shifted in place)
	r    []int32
	n, m int

	lo, hi []int   // band of row i (1..n): columns lo[i] <= j < hi[i]
	cost   []int32 // (n+1)×(m+1) distance table of the current hypothesis
	op     []uint8
	rowA   []int32 // rolling rows of a candidate's distance
	rowB   []int32
	cand   []int32 // the candidate being evaluated
	best   []int32 // the best candidate of the round

	trace  []uint8
	align  []int32 // per reference position: hypothesis position aligned (-1: before the first)
	refErr []int32 // per reference position: 1 if not matched
	hypErr []int32 // per hypothesis position: 1 if not matched
}

// pair returns the TER of hyp against ref; on return a.h holds the final
// word order. hyp is not modified.
func (a *terAligner) pair(hyp, ref []int32) TERPair {
	a.h = append(a.h[:0], hyp...)
	a.r = ref
	a.n, a.m = len(hyp), len(ref)
	if a.m == 0 {
		return TERPair{Edits: a.n, EditDistance: a.n}
	}
	a.setBand()
	res := TERPair{RefLen: a.m}
	for {
		cost0 := a.table()
		gain, found, count := a.round(cost0, res.Candidates)
		res.Candidates = count
		res.EditDistance = int(cost0)
		if count >= terMaxCandidates {
			res.LimitHit, res.DiscardedGain = true, gain
			break
		}
		if !found || gain <= 0 {
			break
		}
		res.Shifts++
		a.h, a.best = a.best, a.h
	}
	res.Edits = res.Shifts + res.EditDistance
	return res
}

// setBand computes the columns each row of the distance table fills, as
// BeamEditDistance does: around the pseudo-diagonal floor(i·m/n), B = 25
// on either side (more when m/n is above 50), to the last column in the
// last row.
func (a *terAligner) setBand() {
	n, m := a.n, a.m
	ratio := 1.0
	if n > 0 {
		ratio = float64(m) / float64(n)
	}
	beam := terBeamWidth
	if float64(terBeamWidth) < ratio/2 {
		beam = int(math.Ceil(ratio/2 + terBeamWidth))
	}
	a.lo = growTo(a.lo, n+1)
	a.hi = growTo(a.hi, n+1)
	a.lo[0], a.hi[0] = 0, m+1
	for i := 1; i <= n; i++ {
		d := int(math.Floor(float64(i) * ratio))
		a.lo[i] = max(0, d-beam)
		a.hi[i] = min(m+1, d+beam)
	}
	if n > 0 {
		a.hi[n] = m + 1
	}
}

// growTo returns s with length n, reusing its memory when it can.
func growTo[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n, n+n/4)
	}
	return s[:n]
}

// table fills the distance table of a.h with its operations and returns
// the distance. Cells outside the band hold terInf.
func (a *terAligner) table() int32 {
	n, m := a.n, a.m
	w := m + 1
	a.cost = growTo(a.cost, (n+1)*w)
	a.op = growTo(a.op, (n+1)*w)
	for j := 0; j <= m; j++ {
		a.cost[j], a.op[j] = int32(j), opIns
	}
	for i := 1; i <= n; i++ {
		row, prev := a.cost[i*w:(i+1)*w], a.cost[(i-1)*w:i*w]
		ops := a.op[i*w : (i+1)*w]
		for j := range row {
			row[j] = terInf
		}
		hw := a.h[i-1]
		for j := a.lo[i]; j < a.hi[i]; j++ {
			if j == 0 {
				row[0], ops[0] = prev[0]+1, opDel
				continue
			}
			c, o := terInf, uint8(0)
			sub, so := int32(1), opSub
			if hw == a.r[j-1] {
				sub, so = 0, opNop
			}
			if d := prev[j-1] + sub; c > d {
				c, o = d, so
			}
			if d := prev[j] + 1; c > d {
				c, o = d, opDel
			}
			if d := row[j-1] + 1; c > d {
				c, o = d, opIns
			}
			row[j], ops[j] = c, o
		}
	}
	a.alignment()
	return a.cost[n*w+m]
}

// alignment reads the trace of the table back from (n, m) and turns it
// into sacrebleu's alignment: for each reference position the hypothesis
// position it is aligned to, and which positions of either side are
// errors.
func (a *terAligner) alignment() {
	w := a.m + 1
	a.trace = a.trace[:0]
	for i, j := a.n, a.m; i > 0 || j > 0; {
		o := a.op[i*w+j]
		a.trace = append(a.trace, o)
		switch o {
		case opNop, opSub:
			i, j = i-1, j-1
		case opIns:
			j--
		case opDel:
			i--
		}
	}
	a.align = growTo(a.align, a.m)
	a.refErr = growTo(a.refErr, a.m)
	a.hypErr = growTo(a.hypErr, a.n)
	hp, rp := -1, -1
	for k := len(a.trace) - 1; k >= 0; k-- {
		switch a.trace[k] {
		case opNop, opSub:
			e := int32(0)
			if a.trace[k] == opSub {
				e = 1
			}
			hp++
			rp++
			a.align[rp], a.refErr[rp], a.hypErr[hp] = int32(hp), e, e
		case opDel: // a hypothesis word without reference word
			hp++
			a.hypErr[hp] = 1
		case opIns: // a reference word without hypothesis word
			rp++
			a.align[rp], a.refErr[rp] = int32(hp), 1
		}
	}
}

// round is one call of sacrebleu's _shift: it evaluates the shift
// candidates of a.h in sacrebleu's order, counting from count, and keeps
// the best in a.best. It returns the best gain, whether there was any
// candidate, and the running count.
func (a *terAligner) round(cost0 int32, count int) (gain int, found bool, _ int) {
	n, m := a.n, a.m
	var bestGain, bestLen, bestStart, bestTarget int
	for sh := 0; sh < n; sh++ {
		for sr := max(0, sh-terMaxShiftDist); sr < min(m, sh+terMaxShiftDist+1); sr++ {
			for length := 0; a.h[sh+length] == a.r[sr+length] && length < terMaxShiftSize; {
				length++
				if a.worthShifting(sh, sr, length) {
					prev := -1
					for off := -1; off < length; off++ {
						t := 0
						if sr+off >= 0 {
							t = int(a.align[sr+off]) + 1
						}
						if t == prev {
							continue
						}
						prev = t
						a.shifted(sh, length, t)
						g := int(cost0 - a.distance(min(sh, t)))
						count++
						if !found || g > bestGain || g == bestGain && (length > bestLen ||
							length == bestLen && (sh < bestStart || sh == bestStart && t < bestTarget)) {
							found = true
							bestGain, bestLen, bestStart, bestTarget = g, length, sh, t
							a.best = append(a.best[:0], a.cand...)
						}
					}
					if count >= terMaxCandidates {
						return bestGain, found, count
					}
				}
				if sh+length == n || sr+length == m {
					break
				}
			}
		}
	}
	return bestGain, found, count
}

// worthShifting applies sacrebleu's filters to the phrase of length words
// at hypothesis position sh and reference position sr: some hypothesis
// word and some reference word of it are errors, and the reference start
// is not aligned inside the phrase.
func (a *terAligner) worthShifting(sh, sr, length int) bool {
	var he, re int32
	for k := 0; k < length; k++ {
		he += a.hypErr[sh+k]
		re += a.refErr[sr+k]
	}
	if he == 0 || re == 0 {
		return false
	}
	al := int(a.align[sr])
	return al < sh || al >= sh+length
}

// shifted writes into a.cand the hypothesis with the phrase of length
// words at start moved to target, as _perform_shift does.
func (a *terAligner) shifted(start, length, target int) {
	h := a.h
	c := a.cand[:0]
	switch {
	case target < start:
		c = append(c, h[:target]...)
		c = append(c, h[start:start+length]...)
		c = append(c, h[target:start]...)
		c = append(c, h[start+length:]...)
	case target > start+length:
		c = append(c, h[:start]...)
		c = append(c, h[start+length:target]...)
		c = append(c, h[start:start+length]...)
		c = append(c, h[target:]...)
	default:
		// Python slices stop at the end of the list: length+target may
		// pass it (target = start+length moves the phrase to the end).
		end := min(length+target, len(h))
		c = append(c, h[:start]...)
		c = append(c, h[start+length:end]...)
		c = append(c, h[start:start+length]...)
		c = append(c, h[end:]...)
	}
	a.cand = c
}

// distance returns the banded edit distance of a.cand, whose first p words
// are those of a.h: rows 0..p are taken from the table of a.h.
func (a *terAligner) distance(p int) int32 {
	n, m := a.n, a.m
	w := m + 1
	a.rowA = growTo(a.rowA, w)
	a.rowB = growTo(a.rowB, w)
	prev := a.cost[p*w : (p+1)*w]
	plo, phi := 0, w // the base table is filled with terInf outside the band
	cur := a.rowA
	for i := p + 1; i <= n; i++ {
		lo, hi := a.lo[i], a.hi[i]
		at := func(j int) int32 {
			if j < plo || j >= phi {
				return terInf
			}
			return prev[j]
		}
		hw := a.cand[i-1]
		left := terInf
		for j := lo; j < hi; j++ {
			var c int32
			if j == 0 {
				c = at(0) + 1
			} else {
				c = terInf
				sub := int32(1)
				if hw == a.r[j-1] {
					sub = 0
				}
				if d := at(j-1) + sub; c > d {
					c = d
				}
				if d := at(j) + 1; c > d {
					c = d
				}
				if d := left + 1; c > d {
					c = d
				}
			}
			cur[j], left = c, c
		}
		prev, plo, phi = cur, lo, hi
		if &cur[0] == &a.rowA[0] {
			cur = a.rowB
		} else {
			cur = a.rowA
		}
	}
	if p == n {
		return a.cost[n*w+m]
	}
	return prev[m]
}
