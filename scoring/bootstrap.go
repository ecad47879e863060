package scoring

import (
	"context"
	"math"
	"runtime"
	"sync"
)

// resampleBatch is how many resamples a worker takes at a time when they
// are summed packed, which reads every segment's statistics once for the
// batch; resamples summed in float32 are taken one at a time.
const resampleBatch = 8

// float32Exact is the bound below which float32 holds every whole number.
const float32Exact = 1 << 24

// resampler computes the bootstrap scores of several systems over the same
// resamples: for resample r, the float32 column sums of the statistics
// rows idx[r], as sacrebleu's numpy code sums them, then the metric's score
// of each system's part.
type resampler[T Statistic] struct {
	m        Metric
	w        int // statistics per system
	systems  [][]T
	segments int
	cols     int         // w · systems
	sums     [][]float64 // per system, its column sums over the corpus (exactSums)
	// packed is set when the statistics are non-negative whole or
	// half-whole numbers whose sums stay below 2^24 (2^23 with halves)
	// over the whole corpus: then each resample is summed as integers, two
	// columns to a word, in any order, and such a sum is what numpy's
	// float32 additions give too, every partial sum being exact. A
	// resample with a larger sum, or statistics that cannot be packed or
	// whose corpus sums are larger (most resamples' would be), are added
	// in float32, in resample order, as numpy adds them, from tab.
	packed *packedColumns
	// counts says the statistics are uint32 counts, which packRows
	// packs a word at a time.
	counts bool
	once   sync.Once
	tab    *table32 // built when first needed
}

func newResampler[T Statistic](m Metric, segments int, systems [][]T) *resampler[T] {
	w := m.Width()
	rs := &resampler[T]{m: m, w: w, systems: systems, segments: segments, cols: w * len(systems)}
	_, rs.counts = any(systems).([][]uint32)
	rs.sums = make([][]float64, len(systems))
	for s, st := range systems {
		rs.sums[s] = exactSums(st, w)
	}
	if !rs.exactOverall(nil) {
		return rs // above 2^24 whatever the scale: float32 only
	}
	if p, ok := packColumns(segments, w, systems, 1<<32); ok && rs.exactOverall(p.scale) {
		// The rows are packed once, counts too: the sums then read
		// them as they are, which packing them again for every batch of
		// resamples made a fifth slower.
		rs.packed = p
		data := make([]uint64, segments*p.width)
		for i := range segments {
			rs.packRows(i, data[i*p.width:(i+1)*p.width])
		}
		p.data = data
	}
	return rs
}

// exactOverall reports whether every system's column sums over the whole
// corpus, times the columns' scale (1 when nil), stay below 2^24, so that
// most resamples' sums do too and are summed packed.
func (rs *resampler[T]) exactOverall(scale []float64) bool {
	for s, sums := range rs.sums {
		for k, v := range sums {
			if scale != nil {
				v *= scale[s*rs.w+k]
			}
			if v >= float32Exact {
				return false
			}
		}
	}
	return true
}

// table returns the float32 path's table, building it once.
func (rs *resampler[T]) table() *table32 {
	rs.once.Do(func() { rs.tab = newTable32(rs.segments, rs.w, rs.systems) })
	return rs.tab
}

// packRows packs segment i's statistics of every system, side by side,
// into row (packed.width words), which must hold zeros.
func (rs *resampler[T]) packRows(i int, row []uint64) {
	p, w := rs.packed, rs.w
	if rs.counts && w%2 == 0 {
		// Whole counts (scale 1), each system's row starting a word.
		for s, st := range rs.systems {
			r := st[i*w : (i+1)*w]
			out := row[s*w/2 : (s+1)*w/2]
			for j := range out {
				out[j] = uint64(r[2*j]) | uint64(r[2*j+1])<<32
			}
		}
		return
	}
	for s, st := range rs.systems {
		packRow(p, row, s*w, st[i*w:(i+1)*w])
	}
}

// exact32 reports whether the whole-number sums of one resample are what
// float32 additions give: every column below 2^24 (2^23 with halves).
func (rs *resampler[T]) exact32(sums []float64) bool {
	for k, v := range sums {
		if v*rs.packed.scale[k] >= float32Exact {
			return false
		}
	}
	return true
}

// packedColumns says how columns of non-negative whole or half-whole
// numbers are packed as whole numbers (halves doubled), two columns to a
// uint64, for sums whose every partial total stays below a bound ≤ 2^32,
// so that the two halves of a word never carry into each other: column
// 2p in the low half of word p, column 2p+1 in the high half.
type packedColumns struct {
	cols  int
	width int       // words a row: (cols+1)/2
	scale []float64 // 1, or 2 for a column with halves
	// data holds the packed rows, row i at i·width: every row, as
	// newResampler packs them; unset for approximate randomization, which
	// packs its own.
	data []uint64
}

// wholeScale returns 1 for a non-negative whole number, 2 for a
// non-negative half-whole one and 0 for anything else.
func wholeScale[T Statistic](v T) float64 {
	f := float64(v)
	switch {
	case f < 0 || 2*f != math.Trunc(2*f):
		return 0
	case f != math.Trunc(f):
		return 2
	}
	return 1
}

// packColumns says how to pack the columns of systems (rows rows of w
// values each, the systems side by side) when every value is a
// non-negative multiple of 1/2 and rows times a column's largest value
// (doubled for halves) stays below limit (at most 2^32).
func packColumns[T Statistic](rows, w int, systems [][]T, limit float64) (*packedColumns, bool) {
	cols := w * len(systems)
	p := &packedColumns{cols: cols, width: (cols + 1) / 2, scale: make([]float64, cols)}
	for k := range cols {
		st, c := systems[k/w], k%w
		big, scale := 0.0, 1.0
		for i := range rows {
			v := st[i*w+c]
			switch wholeScale(v) {
			case 0:
				return nil, false
			case 2:
				scale = 2
			}
			big = max(big, float64(v))
		}
		if big*scale*float64(rows) >= limit {
			return nil, false
		}
		p.scale[k] = scale
	}
	return p, true
}

// packRow adds values, columns first, first+1, … of a row, into the
// packed row row, which must hold zeros where they go.
func packRow[T Statistic](p *packedColumns, row []uint64, first int, values []T) {
	for j, v := range values {
		k := first + j
		x := uint64(v)
		if p.scale[k] == 2 {
			x = uint64(v + v)
		}
		row[k/2] |= x << (32 * (k % 2))
	}
}

// unpack stores into out the column sums that the word sums sums hold.
func (p *packedColumns) unpack(out []float64, sums []uint64) {
	for k := range p.cols {
		v := sums[k/2]
		if k%2 == 1 {
			v >>= 32
		}
		out[k] = float64(uint32(v)) / p.scale[k]
	}
}

// indexSource draws the resample indices: numpy's
// rng.choice(segments, size=(n, segments)), row by row.
type indexSource struct {
	rng      *NumpyRNG
	segments int
}

// scores returns, per system, the scores of n resamples drawn from src, in
// resample order. progress, when not nil, is called after each batch with
// the number of resamples done; it is called from one goroutine at a time.
func (rs *resampler[T]) scores(ctx context.Context, src indexSource, n int, progress func(done int)) ([][]float64, error) {
	out := make([][]float64, len(rs.systems))
	for s := range out {
		out[s] = make([]float64, n)
	}
	type batch struct {
		first, count int
		idx          []uint32
		buf          *[]uint32 // idx's, from the pool and back to it
	}
	per := 1
	if rs.packed != nil {
		per = resampleBatch
	}
	workers := min(runtime.GOMAXPROCS(0), (n+per-1)/per)
	// One batch waits while each worker sums one and the generator draws
	// the next: on a million segments the indices of a packed batch take
	// 32 MB, those of one resample 4 MB.
	todo := make(chan batch, 1)
	pool := sync.Pool{New: func() any { idx := make([]uint32, per*rs.segments); return &idx }}
	go func() {
		defer close(todo)
		for first := 0; first < n; first += per {
			if ctx.Err() != nil {
				return
			}
			buf := pool.Get().(*[]uint32)
			b := batch{first: first, count: min(per, n-first), idx: *buf, buf: buf}
			src.rng.Below(uint64(src.segments), b.idx[:b.count*rs.segments])
			todo <- b
		}
	}()
	var mu sync.Mutex
	done := 0
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			acc := make([]float64, per*rs.cols)
			var sums []uint64
			var counts []uint32
			acc32 := make([]float32, rs.cols)
			var sink uint32 // what the float32 sums read ahead
			if rs.packed != nil {
				sums = make([]uint64, resampleBatch*rs.packed.width)
				counts = make([]uint32, resampleBatch*rs.segments)
			}
			for b := range todo {
				if ctx.Err() != nil {
					pool.Put(b.buf)
					continue
				}
				if rs.packed != nil {
					rs.sumPacked(acc, sums, counts, b.idx, b.count)
				}
				for j := range b.count {
					row := acc[j*rs.cols : (j+1)*rs.cols]
					if rs.packed == nil || !rs.exact32(row) {
						rs.table().sum(row, acc32, b.idx[j*rs.segments:(j+1)*rs.segments], &sink)
					}
				}
				pool.Put(b.buf)
				for j := range b.count {
					row := acc[j*rs.cols : (j+1)*rs.cols]
					for s := range rs.systems {
						out[s][b.first+j] = rs.m.Score(row[s*rs.w:(s+1)*rs.w], PathFloat32)
					}
				}
				if progress != nil {
					mu.Lock()
					done += b.count
					progress(done)
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// sumPacked stores in acc (count rows of cols) the sums of count
// resamples, whose indices are the rows of idx: it counts how often each
// segment is drawn in each resample, then runs once over the packed
// statistics, adding each row times its counts. The sums are whole numbers
// far from overflowing, so the order does not matter. counts must be zero
// on entry and is left zero.
func (rs *resampler[T]) sumPacked(acc []float64, sums []uint64, counts []uint32, idx []uint32, count int) {
	S, P, data := rs.segments, rs.packed.width, rs.packed.data
	for j := range count {
		c := counts[j*S : (j+1)*S]
		for _, i := range idx[j*S : (j+1)*S] {
			c[i]++
		}
	}
	sums = sums[:count*P]
	clear(sums)
	for i := range S {
		row := data[i*P : (i+1)*P]
		for j := range count {
			c := uint64(counts[j*S+i])
			counts[j*S+i] = 0
			a := sums[j*P : j*P+P]
			a = a[:len(row)]
			for p, v := range row {
				a[p] += c * v
			}
		}
	}
	for j := range count {
		rs.packed.unpack(acc[j*rs.cols:(j+1)*rs.cols], sums[j*P:(j+1)*P])
	}
}

// exactSums returns the column sums of stats (segments rows of width w),
// added in segment order in float64 as sacrebleu sums Python numbers
// (whole counts converted exactly).
func exactSums[T Statistic](stats []T, w int) []float64 {
	sums := make([]float64, w)
	for i := 0; i < len(stats); i += w {
		for k := range sums {
			sums[k] += float64(stats[i+k])
		}
	}
	return sums
}
