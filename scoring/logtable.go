package scoring

import (
	"math"
	"sync/atomic"
)

// logTabN bounds the n-gram totals whose precision logs are cached.
const logTabN = 256

// logTab caches crLog(100*c/t) for whole numbers 1 ≤ c ≤ t < logTabN, the
// precisions of nearly every sentence, at index t(t-1)/2 + c-1. A zero
// entry means "not computed yet" (log is 0 only for p = 1, recomputed
// cheaply). Entries are written with atomics, so goroutines share it.
var logTab [logTabN * (logTabN - 1) / 2]atomic.Uint64

// logRatio returns log(100*c/t), correctly rounded, with p = 100*c/t
// computed exactly as sacrebleu computes a precision.
func logRatio(c, t float64) float64 {
	p := 100 * c / t
	if c < 1 || c > t || t >= logTabN || c != math.Trunc(c) || t != math.Trunc(t) {
		return crLog(p)
	}
	ti, ci := int(t), int(c)
	slot := &logTab[ti*(ti-1)/2+ci-1]
	if b := slot.Load(); b != 0 {
		return math.Float64frombits(b)
	}
	v := crLog(p)
	slot.Store(math.Float64bits(v))
	return v
}
