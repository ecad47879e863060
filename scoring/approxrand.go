package scoring

import (
	"context"
	"math/bits"
	"runtime"
	"sync"
)

// arChunk is how many trials are drawn and summed at a time: large enough
// that building the per-block tables costs little next to using them.
const arChunk = 2048

// arParts is how many parts the segments are split into, each summed on
// its own goroutine; the parts are added in a fixed order, so the result
// does not depend on the number of cores.
const arParts = 4

// arSystem is what the trials keep of one system of an AR test: the
// sums of its statistics and the baseline's, and its deltas.
type arSystem struct {
	total  []float64
	deltas []float64
}

// arTrials runs n approximate-randomization trials of each system against
// the baseline, with one swap mask (numpy's rng.integers(2, size=(n, S),
// dtype=bool)) drawn from rng and shared by every system, and returns per
// system score(A_r) − score(B_r) for every trial r: A takes the baseline's
// segment where the mask is set and the system's elsewhere, B the
// complement. Whole and half-whole statistics are summed exactly, as
// sacrebleu's int64 matrix products sum them; other values (TER's average
// reference length with three references or more) in float64.
func arTrials[T Statistic](ctx context.Context, rng *NumpyRNG, m Metric, segments int, base []T, systems [][]T, n int, progress func(done int)) ([][]float64, error) {
	w := m.Width()
	if p, ok := packAR(segments, w, base, systems); ok {
		load := func(dst []uint64, rows []T) {
			clear(dst)
			for r := range len(rows) / w {
				packRow(p, dst[r*p.width:(r+1)*p.width], 0, rows[r*w:(r+1)*w])
			}
		}
		return runAR(ctx, rng, m, segments, w, p.width, base, systems, load, n, progress, p.unpack)
	}
	load := func(dst []float64, rows []T) {
		for k, v := range rows {
			dst[k] = float64(v)
		}
	}
	unpack := func(out []float64, sums []float64) { copy(out, sums) }
	return runAR(ctx, rng, m, segments, w, w, base, systems, load, n, progress, unpack)
}

// packAR reports whether the baseline's and every system's statistics are
// non-negative whole or half-whole numbers whose every selection sums
// below 2^32 per column, and if so how to pack them.
func packAR[T Statistic](segments, w int, base []T, systems [][]T) (*packedColumns, bool) {
	p := &packedColumns{cols: w, width: (w + 1) / 2, scale: make([]float64, w)}
	for k := range w {
		scale := 1.0
		for _, st := range append([][]T{base}, systems...) {
			for i := range segments {
				switch wholeScale(st[i*w+k]) {
				case 0:
					return nil, false
				case 2:
					scale = 2
				}
			}
		}
		for _, st := range systems {
			sum := 0.0
			for i := range segments {
				sum += float64(max(base[i*w+k], st[i*w+k])) * scale
			}
			if sum >= 1<<32 {
				return nil, false
			}
		}
		p.scale[k] = scale
	}
	return p, true
}

// runAR draws the masks chunk by chunk and sums every trial's pseudo-system
// A with per-block tables: for 8 segments at a time, the sum of A's rows
// for each of the 256 ways the mask can select them, so a trial adds one
// table row per 8 segments. load turns rows of statistics (w values
// each) into rows of width summable values (packed or float64), in
// place of a copy of every system's statistics.
func runAR[T Statistic, P uint64 | float64](ctx context.Context, rng *NumpyRNG, m Metric, segments, w, width int,
	base []T, systems [][]T, load func(dst []P, rows []T), n int, progress func(done int), unpack func(out []float64, sums []P)) ([][]float64, error) {
	blocks := (segments + 7) / 8
	words := (segments + 31) / 32
	sys := make([]arSystem, len(systems))
	bb, sb := make([]P, 8*width), make([]P, 8*width)
	for s, st := range systems {
		bs, ss := make([]P, width), make([]P, width)
		for lo := 0; lo < segments; lo += 8 {
			hi := min(lo+8, segments)
			load(bb[:(hi-lo)*width], base[lo*w:hi*w])
			load(sb[:(hi-lo)*width], st[lo*w:hi*w])
			for r := range hi - lo {
				for p := range width {
					bs[p] += bb[r*width+p]
					ss[p] += sb[r*width+p]
				}
			}
		}
		b, y := make([]float64, w), make([]float64, w)
		unpack(b, bs)
		unpack(y, ss)
		sys[s].total = make([]float64, w)
		for k := range w {
			sys[s].total[k] = b[k] + y[k]
		}
		sys[s].deltas = make([]float64, n)
	}
	chunk := min(arChunk, n)
	mask := make([]uint32, chunk*words) // trial t's row at t·words
	mr := maskReader{rng: rng}
	parts := min(arParts, blocks)
	acc := make([][]P, parts) // per part: systems × chunk × width
	for p := range acc {
		acc[p] = make([]P, len(sys)*chunk*width)
	}
	for first := 0; first < n; first += chunk {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		count := min(chunk, n-first)
		for t := range count {
			mr.row(mask[t*words:(t+1)*words], segments)
		}
		inParallel(parts, func(part int) {
			a := acc[part]
			clear(a)
			table := make([]P, 256*width)
			bb, sb := make([]P, 8*width), make([]P, 8*width)
			for blk := part * blocks / parts; blk < (part+1)*blocks/parts; blk++ {
				lo, hi := blk*8, min(blk*8+8, segments)
				word, shift := blk/4, 8*(blk%4)
				rows := bb[:(hi-lo)*width]
				load(rows, base[lo*w:hi*w])
				for s, st := range systems {
					load(sb[:(hi-lo)*width], st[lo*w:hi*w])
					buildSelectionSums(table, rows, sb[:(hi-lo)*width], width)
					as := a[s*chunk*width:]
					for t := range count {
						x := uint8(mask[t*words+word] >> shift)
						r := table[int(x)*width : int(x)*width+width]
						at := as[t*width : t*width+width]
						at = at[:len(r)]
						for p, v := range r {
							at[p] += v
						}
					}
				}
			}
		})
		workers := min(runtime.GOMAXPROCS(0), count)
		inParallel(workers, func(part int) {
			sums := make([]P, width)
			a, b := make([]float64, w), make([]float64, w)
			for t := part * count / workers; t < (part+1)*count/workers; t++ {
				for s := range sys {
					clear(sums)
					for _, ap := range acc {
						for p, v := range ap[(s*chunk+t)*width : (s*chunk+t+1)*width] {
							sums[p] += v
						}
					}
					unpack(a, sums)
					for k := range w {
						b[k] = sys[s].total[k] - a[k]
					}
					sys[s].deltas[first+t] = m.Score(a, PathInt64) - m.Score(b, PathInt64)
				}
			}
		})
		if progress != nil {
			progress(first + count)
		}
	}
	out := make([][]float64, len(sys))
	for s := range sys {
		out[s] = sys[s].deltas
	}
	return out, nil
}

// inParallel runs fn(0..n-1) on n goroutines and waits for them.
func inParallel(n int, fn func(part int)) {
	var wg sync.WaitGroup
	for part := range n {
		wg.Go(func() { fn(part) })
	}
	wg.Wait()
}

// buildSelectionSums fills table (256 rows of width) for the up to 8
// segments of one block: row x is the sum of the baseline's rows whose bit
// is set in x and of the system's rows whose bit is clear. Packed sums
// wrap around 2^64, which the final (non-negative, below 2^32 a column)
// total undoes.
func buildSelectionSums[T uint64 | float64](table, base, sys []T, width int) {
	rows := len(base) / width
	t0 := table[:width]
	clear(t0)
	for j := range rows {
		for p := range width {
			t0[p] += sys[j*width+p]
		}
	}
	for x := 1; x < 256; x++ {
		low := bits.TrailingZeros(uint(x))
		if low >= rows {
			continue // never selected: the mask has no bit beyond the corpus
		}
		dst := table[x*width : (x+1)*width]
		src := table[(x&(x-1))*width : (x&(x-1)+1)*width]
		for p := range dst {
			dst[p] = src[p] + base[low*width+p] - sys[low*width+p]
		}
	}
}
