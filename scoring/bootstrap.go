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
	// exact is set when every float32 partial sum is exact (whole or
	// half-whole statistics and totals far enough below 2^24): then the
	// sums are taken in float64 in any order with the same result. Else
	// the rows are added in float32, in resample order, as numpy does.
	exact bool
	mat   []float64 // segments × cols, the systems side by side
	mat32 []float32 // the same in float32, when not exact
}

func newResampler(m Metric, segments int, systems [][]float64) *resampler {
	w := m.Width()
	rs := &resampler{m: m, w: w, systems: len(systems), segments: segments, cols: w * len(systems)}
	rs.mat = make([]float64, segments*rs.cols)
	for s, st := range systems {
		for i := range segments {
			copy(rs.mat[i*rs.cols+s*w:i*rs.cols+(s+1)*w], st[i*w:(i+1)*w])
		}
	}
	rs.exact = exactInFloat32(rs.mat, segments, rs.cols)
	if !rs.exact {
		rs.mat32 = make([]float32, len(rs.mat))
		for i, v := range rs.mat {
			rs.mat32[i] = float32(v)
		}
	}
	return rs
}

// exactInFloat32 reports whether summing any multiset of segments rows of
// mat (rows of cols values) in float32 is exact: every value is a
// multiple of 1/2 and, per column, segments times the largest magnitude
// stays below 2^24 (2^23 when halves occur).
func exactInFloat32(mat []float64, segments, cols int) bool {
	for k := range cols {
		big, half := 0.0, false
		for i := range segments {
			v := math.Abs(mat[i*cols+k])
			if v != math.Trunc(v) {
				if 2*v != math.Trunc(2*v) {
					return false
				}
				half = true
			}
			big = max(big, v)
		}
		limit := float64(float32Exact)
		if half {
			limit /= 2
		}
		if big*float64(segments) >= limit {
			return false
		}
	}
	return true
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
			var counts []int32
			var acc32 []float32
			if rs.exact {
				counts = make([]int32, rs.segments*resampleBatch)
			} else {
				acc32 = make([]float32, rs.cols)
			}
			for b := range todo {
				if ctx.Err() != nil {
					pool.Put(b.idx)
					continue
				}
				acc := acc[:b.count*rs.cols]
				clear(acc)
				if rs.exact {
					rs.sumCounted(acc, counts, b.idx, b.count)
				} else {
					for j := range b.count {
						rs.sum32(acc[j*rs.cols:(j+1)*rs.cols], acc32, b.idx[j*rs.segments:(j+1)*rs.segments])
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

// sumCounted sums count resamples at once: it counts how often each
// segment is drawn in each resample, then runs once over the statistics,
// adding every row times its count to each resample's sums. Exact sums
// make the order irrelevant.
func (rs *resampler) sumCounted(acc []float64, counts []int32, idx []uint32, count int) {
	S, C := rs.segments, rs.cols
	for j := range count {
		for _, i := range idx[j*S : (j+1)*S] {
			counts[int(i)*resampleBatch+j]++
		}
	}
	for i := range S {
		cs := counts[i*resampleBatch : i*resampleBatch+count]
		row := rs.mat[i*C : (i+1)*C]
		for j, c := range cs {
			if c == 0 {
				continue
			}
			cs[j] = 0
			a := acc[j*C : (j+1)*C]
			f := float64(c)
			for k, v := range row {
				a[k] += f * v
			}
		}
	}
}

// sum32 adds the rows idx of the float32 statistics in order, in float32,
// and stores the sums in out.
func (rs *resampler) sum32(out []float64, acc []float32, idx []uint32) {
	clear(acc)
	C := rs.cols
	for _, i := range idx {
		row := rs.mat32[int(i)*C : (int(i)+1)*C]
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
