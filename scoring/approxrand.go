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

// arTrials runs n approximate-randomization trials of each system against
// the baseline, with one swap mask (numpy's rng.integers(2, size=(n, S),
// dtype=bool)) drawn from rng and shared by every system, and returns per
// system score(A_r) − score(B_r) for every trial r: A takes the baseline's
// segment where the mask is set and the system's elsewhere, B the
// complement. The sums are exact (whole or half-whole statistics), as
// sacrebleu's int64 (float64 for TER) matrix products are.
func arTrials(ctx context.Context, rng *NumpyRNG, m Metric, segments int, base []float64, systems [][]float64, n int, progress func(done int)) ([][]float64, error) {
	w := m.Width()
	words := (segments + 31) / 32
	blocks := (segments + 7) / 8
	type sysData struct {
		diff     []float64 // base − system, per segment
		sysSum   []float64
		total    []float64 // base + system sums
		deltaOut []float64
	}
	baseSum := exactSums(base, w)
	sd := make([]sysData, len(systems))
	for s, st := range systems {
		d := sysData{diff: make([]float64, len(st)), sysSum: exactSums(st, w), total: make([]float64, w), deltaOut: make([]float64, n)}
		for i := range st {
			d.diff[i] = base[i] - st[i]
		}
		for k := range d.total {
			d.total[k] = baseSum[k] + d.sysSum[k]
		}
		sd[s] = d
	}
	mr := maskReader{rng: rng}
	mask := make([]uint32, min(arChunk, n)*words)
	workers := runtime.GOMAXPROCS(0)
	for first := 0; first < n; first += arChunk {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		count := min(arChunk, n-first)
		for t := range count {
			mr.row(mask[t*words:(t+1)*words], segments)
		}
		per := (count + workers - 1) / workers
		var wg sync.WaitGroup
		for lo := 0; lo < count; lo += per {
			hi := min(lo+per, count)
			wg.Go(func() {
				table := make([]float64, 256*w)
				acc := make([]float64, (hi-lo)*w)
				a := make([]float64, w)
				b := make([]float64, w)
				for s := range sd {
					d := &sd[s]
					clear(acc)
					for blk := range blocks {
						buildSubsetSums(table, d.diff[blk*8*w:min(blk*8+8, segments)*w], w)
						word, shift := blk/4, 8*(blk%4)
						for t := lo; t < hi; t++ {
							x := int(mask[t*words+word]>>shift) & 0xff
							if x == 0 {
								continue
							}
							row := table[x*w : (x+1)*w]
							at := acc[(t-lo)*w : (t-lo+1)*w]
							for k, v := range row {
								at[k] += v
							}
						}
					}
					for t := lo; t < hi; t++ {
						at := acc[(t-lo)*w : (t-lo+1)*w]
						for k := range a {
							a[k] = d.sysSum[k] + at[k]
							b[k] = d.total[k] - a[k]
						}
						d.deltaOut[first+t] = m.Score(a, PathInt64) - m.Score(b, PathInt64)
					}
				}
			})
		}
		wg.Wait()
		if progress != nil {
			progress(first + count)
		}
	}
	out := make([][]float64, len(sd))
	for s := range sd {
		out[s] = sd[s].deltaOut
	}
	return out, nil
}

// buildSubsetSums fills table (256 rows of w) with the sums of every subset
// of the up to 8 rows of diff: row x of the table is the sum of the rows
// whose bit is set in x.
func buildSubsetSums(table, diff []float64, w int) {
	rows := len(diff) / w
	clear(table[:w])
	for x := 1; x < 256; x++ {
		low := bits.TrailingZeros(uint(x))
		dst := table[x*w : (x+1)*w]
		if low >= rows {
			clear(dst)
			continue
		}
		src := table[(x&(x-1))*w : (x&(x-1)+1)*w]
		add := diff[low*w : (low+1)*w]
		for k := range dst {
			dst[k] = src[k] + add[k]
		}
	}
}
