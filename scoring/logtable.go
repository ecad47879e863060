package scoring

import (
	"math"
	"sync/atomic"
)

// ratioTabN bounds the whole numbers whose ratios have cached figures.
const ratioTabN = 256

// ratioTable caches a correctly rounded function of a ratio a/b of whole
// numbers 1 ≤ a ≤ b < ratioTabN at index b(b-1)/2 + a-1: the figures of
// nearly every sentence. A zero entry means "not computed yet" (a true 0
// is recomputed, cheaply). Entries are written with atomics, so all
// goroutines share one table.
type ratioTable [ratioTabN * (ratioTabN - 1) / 2]atomic.Uint64

// get returns f() for the ratio a/b, from the table when it can.
func (t *ratioTable) get(a, b float64, f func() float64) float64 {
	if a < 1 || a > b || b >= ratioTabN || a != math.Trunc(a) || b != math.Trunc(b) {
		return f()
	}
	ai, bi := int(a), int(b)
	slot := &t[bi*(bi-1)/2+ai-1]
	if v := slot.Load(); v != 0 {
		return math.Float64frombits(v)
	}
	v := f()
	slot.Store(math.Float64bits(v))
	return v
}

var logTab, bpTab ratioTable

// logRatio returns log(100*c/t), correctly rounded, with p = 100*c/t
// computed exactly as sacrebleu computes a precision.
func logRatio(c, t float64) float64 {
	return logTab.get(c, t, func() float64 { return crLog(100 * c / t) })
}

// bpRatio returns exp(1 − refLen/sysLen) for 0 < sysLen < refLen,
// correctly rounded.
func bpRatio(sysLen, refLen int) float64 {
	return bpTab.get(float64(sysLen), float64(refLen), func() float64 { return crExp(BrevityExponent(sysLen, refLen)) })
}
