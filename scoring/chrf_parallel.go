package scoring

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
)

// workerCount is the number of workers [parallelChunks] uses for n
// segments in chunks of chunkSize: one per core, at most one per chunk, at
// least one. Callers size their per-worker state with it.
func workerCount(n, chunkSize int) int {
	return max(min(runtime.GOMAXPROCS(0), (n+chunkSize-1)/chunkSize), 1)
}

// parallelChunks runs fn over the segments 0..n-1 on workers goroutines,
// in chunks of chunkSize consecutive segments: fn(worker, lo, hi) handles
// segments lo..hi-1 with the state of that worker (0..workers-1), which no
// other goroutine uses meanwhile. It stops handing out chunks when ctx is
// cancelled and returns ctx's error. chrF and TER share it.
func parallelChunks(ctx context.Context, n, chunkSize, workers int, fn func(worker, lo, hi int)) error {
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				lo := int(next.Add(int64(chunkSize))) - chunkSize
				if lo >= n {
					return
				}
				fn(w, lo, min(lo+chunkSize, n))
			}
		}()
	}
	wg.Wait()
	return ctx.Err()
}
