package scoring

import (
	"context"
	"math"
	"runtime"
	"sync"
)

// resampleBatch is how many resamples a worker takes at a time.
const resampleBatch = 8

// float32Exact is the bound below which float32 holds every whole number.
const float32Exact = 1 << 24

// resampler computes the bootstrap scores of several systems over the same
// resamples: for resample r, the float32 column sums of the statistics
// rows idx[r], as sacrebleu's numpy code sums them, then the metric's score
// of each system's part.
type resampler struct {
	m        Metric
	w        int // statistics per system
	systems  int
	segments int
	cols     int // w · systems
	col      func(k, i int) float64
	// packed is set when the statistics are non-negative whole or
	// half-whole numbers whose sums fit 32 bits: then each resample is
	// summed as integers, two columns to a word, in any order. A sum
	// below 2^24 (2^23 with halves) is what numpy's float32 additions
	// give too, every partial sum being exact; a resample with a larger
	// sum, or statistics that cannot be packed, are added in float32, in
	// resample order, as numpy adds them.
	packed *packedColumns
	once   sync.Once
	mat32  []float32 // segments × cols, the systems side by side, built when first needed
}

func newResampler(m Metric, segments int, systems [][]float64) *resampler {
	w := m.Width()
	rs := &resampler{m: m, w: w, systems: len(systems), segments: segments, cols: w * len(systems)}
	rs.col = func(k, i int) float64 { return systems[k/w][i*w+k%w] }
	if p, ok := packColumns(segments, rs.cols, rs.col, 1<<32); ok {
		rs.packed = p
	}
	return rs
}

// rows32 returns the statistics as float32 rows, building them once.
func (rs *resampler) rows32() []float32 {
	rs.once.Do(func() {
		rs.mat32 = make([]float32, rs.segments*rs.cols)
		for i := range rs.segments {
			for k := range rs.cols {
				rs.mat32[i*rs.cols+k] = float32(rs.col(k, i))
			}
		}
	})
	return rs.mat32
}

// exact32 reports whether the whole-number sums of one resample are what
// float32 additions give: every column below 2^24 (2^23 with halves).
func (rs *resampler) exact32(sums []float64) bool {
	for k, v := range sums {
		if v*rs.packed.scale[k] >= float32Exact {
			return false
		}
	}
	return true
}

// packedColumns holds columns of non-negative whole or half-whole numbers
// as whole numbers (halves doubled), two columns to a uint64, row by row,
// for sums whose every partial total stays below a bound ≤ 2^32, so that
// the two halves of a word never carry into each other.
type packedColumns struct {
	cols  int
	width int       // words a row: (cols+1)/2
	scale []float64 // 1, or 2 for a column with halves
	// data holds row i at i·width; its word p holds columns 2p (low half)
	// and 2p+1 (high half).
	data []uint64
}

// packColumns packs the cols columns of rows rows (value col(k, i)) when
// every value is a non-negative multiple of 1/2 and rows times a column's
// largest value (doubled for halves) stays below limit (at most 2^32).
func packColumns(rows, cols int, col func(k, i int) float64, limit float64) (*packedColumns, bool) {
	p := &packedColumns{cols: cols, width: (cols + 1) / 2, scale: make([]float64, cols)}
	for k := range cols {
		big, scale := 0.0, 1.0
		for i := range rows {
			v := col(k, i)
			if v < 0 || 2*v != math.Trunc(2*v) {
				return nil, false
			}
			if v != math.Trunc(v) {
				scale = 2
			}
			big = max(big, v)
		}
		if big*scale*float64(rows) >= limit {
			return nil, false
		}
		p.scale[k] = scale
	}
	p.data = make([]uint64, rows*p.width)
	for i := range rows {
		for k := range cols {
			p.data[i*p.width+k/2] |= uint64(col(k, i)*p.scale[k]) << (32 * (k % 2))
		}
	}
	return p, true
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
func (rs *resampler) scores(ctx context.Context, src indexSource, n int, progress func(done int)) ([][]float64, error) {
	out := make([][]float64, rs.systems)
	for s := range out {
		out[s] = make([]float64, n)
	}
	type batch struct {
		first, count int
		idx          []uint32
	}
	workers := min(runtime.GOMAXPROCS(0), (n+resampleBatch-1)/resampleBatch)
	todo := make(chan batch, 2*workers)
	pool := sync.Pool{New: func() any { return make([]uint32, resampleBatch*rs.segments) }}
	go func() {
		defer close(todo)
		for first := 0; first < n; first += resampleBatch {
			if ctx.Err() != nil {
				return
			}
			b := batch{first: first, count: min(resampleBatch, n-first), idx: pool.Get().([]uint32)}
			src.rng.Below(uint64(src.segments), b.idx[:b.count*rs.segments])
			todo <- b
		}
	}()
	var mu sync.Mutex
	done := 0
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			acc := make([]float64, resampleBatch*rs.cols)
			var sums []uint64
			var counts []uint32
			acc32 := make([]float32, rs.cols)
			if rs.packed != nil {
				sums = make([]uint64, resampleBatch*rs.packed.width)
				counts = make([]uint32, resampleBatch*rs.segments)
			}
			for b := range todo {
				if ctx.Err() != nil {
					pool.Put(b.idx)
					continue
				}
				if rs.packed != nil {
					rs.sumPacked(acc, sums, counts, b.idx, b.count)
				}
				for j := range b.count {
					row := acc[j*rs.cols : (j+1)*rs.cols]
					if rs.packed == nil || !rs.exact32(row) {
						rs.sum32(row, acc32, b.idx[j*rs.segments:(j+1)*rs.segments])
					}
				}
				pool.Put(b.idx)
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
func (rs *resampler) sumPacked(acc []float64, sums []uint64, counts []uint32, idx []uint32, count int) {
	S, P := rs.segments, rs.packed.width
	for j := range count {
		c := counts[j*S : (j+1)*S]
		for _, i := range idx[j*S : (j+1)*S] {
			c[i]++
		}
	}
	sums = sums[:count*P]
	clear(sums)
	data := rs.packed.data
	for i := range S {
		row := data[i*P : i*P+P]
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

// sum32 adds the rows idx of the float32 statistics in order, in float32,
// and stores the sums in out.
func (rs *resampler) sum32(out []float64, acc []float32, idx []uint32) {
	clear(acc)
	C := rs.cols
	mat := rs.rows32()
	for _, i := range idx {
		row := mat[int(i)*C : (int(i)+1)*C]
		for k, v := range row {
			acc[k] += v
		}
	}
	for k, v := range acc {
		out[k] = float64(v)
	}
}

// exactSums returns the column sums of stats (segments rows of width w),
// added in segment order in float64 as sacrebleu sums Python numbers.
func exactSums(stats []float64, w int) []float64 {
	sums := make([]float64, w)
	for i := 0; i < len(stats); i += w {
		for k := range sums {
			sums[k] += stats[i+k]
		}
	}
	return sums
}
