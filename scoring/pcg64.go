package scoring

import "math/bits"

// This file reproduces, draw for draw, the random numbers sacrebleu 2.6.0
// gets from numpy 1.24's default_rng(seed): numpy's SeedSequence turns the
// seed into a PCG64 state, PCG64 (XSL-RR 128/64) produces 64-bit words, and
// numpy hands out 32-bit halves of them through a one-word buffer.

// SeedSequence constants (numpy.random.SeedSequence, pool size 4).
const (
	ssInitA    = 0x43b0d7e5
	ssMultA    = 0x931e8875
	ssInitB    = 0x8b51f9dd
	ssMultB    = 0x58f38ded
	ssMixMultL = 0xca01f9dd
	ssMixMultR = 0x4973f715
	ssXShift   = 16
	ssPoolSize = 4
)

// seedSequencePool returns the entropy pool numpy's SeedSequence builds
// from entropy, the 32-bit words of a non-negative integer seed, least
// significant first ([Seed.entropy]).
func seedSequencePool(entropy []uint32) [ssPoolSize]uint32 {
	hc := uint32(ssInitA)
	hashmix := func(v uint32) uint32 {
		v ^= hc
		hc *= ssMultA
		v *= hc
		return v ^ v>>ssXShift
	}
	mix := func(x, y uint32) uint32 {
		r := ssMixMultL*x - ssMixMultR*y
		return r ^ r>>ssXShift
	}
	var pool [ssPoolSize]uint32
	for i := range pool {
		var w uint32
		if i < len(entropy) {
			w = entropy[i]
		}
		pool[i] = hashmix(w)
	}
	for src := range pool {
		for dst := range pool {
			if src != dst {
				pool[dst] = mix(pool[dst], hashmix(pool[src]))
			}
		}
	}
	// Words past the pool's size are mixed into every word of it, in turn.
	for k := ssPoolSize; k < len(entropy); k++ {
		for dst := range pool {
			pool[dst] = mix(pool[dst], hashmix(entropy[k]))
		}
	}
	return pool
}

// seedSequenceState returns the n 32-bit words SeedSequence.generate_state
// derives from pool.
func seedSequenceState(pool [ssPoolSize]uint32, n int) []uint32 {
	out := make([]uint32, n)
	hc := uint32(ssInitB)
	for i := range out {
		v := pool[i%ssPoolSize] ^ hc
		hc *= ssMultB
		v *= hc
		out[i] = v ^ v>>ssXShift
	}
	return out
}

// PCG64 multiplier, 0x2360ed051fc65da44385df649fccf645.
const (
	pcgMultHi = 0x2360ed051fc65da4
	pcgMultLo = 0x4385df649fccf645
)

// NumpyRNG is numpy's default_rng(seed) as sacrebleu 2.6.0 uses it: a PCG64
// generator seeded through SeedSequence, with numpy's buffer of one 32-bit
// half-word. It is not safe for concurrent use.
type NumpyRNG struct {
	stateHi, stateLo uint64
	incHi, incLo     uint64
	half             uint32 // buffered high half of the last 64-bit draw
	hasHalf          bool
}

// NewNumpyRNG returns the generator numpy.random.default_rng(seed) makes.
func NewNumpyRNG(seed Seed) *NumpyRNG {
	w := seedSequenceState(seedSequencePool(seed.entropy()), 8)
	u := func(j int) uint64 { return uint64(w[2*j]) | uint64(w[2*j+1])<<32 }
	// initstate = u0<<64 | u1, initseq = u2<<64 | u3, inc = initseq<<1 | 1.
	r := &NumpyRNG{
		incHi: u(2)<<1 | u(3)>>63,
		incLo: u(3)<<1 | 1,
	}
	r.step()
	var c uint64
	r.stateLo, c = bits.Add64(r.stateLo, u(1), 0)
	r.stateHi, _ = bits.Add64(r.stateHi, u(0), c)
	r.step()
	return r
}

// step advances the 128-bit LCG: state = state*M + inc (mod 2^128).
func (r *NumpyRNG) step() {
	hi, lo := bits.Mul64(r.stateLo, pcgMultLo)
	hi += r.stateHi*pcgMultLo + r.stateLo*pcgMultHi
	var c uint64
	r.stateLo, c = bits.Add64(lo, r.incLo, 0)
	r.stateHi, _ = bits.Add64(hi, r.incHi, c)
}

// Uint64 returns the next 64-bit output (PCG64's next64: step, then
// XSL-RR of the new state).
func (r *NumpyRNG) Uint64() uint64 {
	r.step()
	return bits.RotateLeft64(r.stateHi^r.stateLo, -int(r.stateHi>>58))
}

// Uint32 returns the next 32-bit output as numpy's next32 gives it: the
// buffered high half of the previous 64-bit draw if there is one, else the
// low half of a new draw (whose high half is buffered).
func (r *NumpyRNG) Uint32() uint32 {
	if r.hasHalf {
		r.hasHalf = false
		return r.half
	}
	v := r.Uint64()
	r.half, r.hasHalf = uint32(v>>32), true
	return uint32(v)
}

// Below fills dst with values drawn uniformly from 0..n-1, in order, as
// numpy's rng.integers(0, n) (and so rng.choice(n, replace=True)) draws
// them for 1 ≤ n ≤ 2^32: Lemire's multiply-shift with rejection on 32-bit
// draws. With n = 1 no random number is consumed.
func (r *NumpyRNG) Below(n uint64, dst []uint32) {
	switch {
	case n == 1:
		clear(dst)
		return
	case n == 1<<32:
		for i := range dst {
			dst[i] = r.Uint32()
		}
		return
	}
	threshold := uint32((1<<32 - n) % n)
	for i := range dst {
		m := uint64(r.Uint32()) * n
		for uint32(m) < threshold {
			m = uint64(r.Uint32()) * n
		}
		dst[i] = uint32(m >> 32)
	}
}

// maskReader hands out the bits of numpy's rng.integers(2, size=k,
// dtype=bool), least significant bit of each 32-bit draw first. A word is
// drawn only when its first bit is needed; the bits left over at the end
// are discarded with the reader, as numpy discards them.
type maskReader struct {
	rng  *NumpyRNG
	cur  uint64
	ncur uint
}

// read returns the next n ≤ 32 mask bits, the first in the lowest bit.
func (m *maskReader) read(n uint) uint32 {
	for m.ncur < n {
		m.cur |= uint64(m.rng.Uint32()) << m.ncur
		m.ncur += 32
	}
	v := uint32(m.cur & (1<<n - 1))
	m.cur >>= n
	m.ncur -= n
	return v
}

// row fills dst with the next segments bits of an AR swap mask, one row of
// numpy's boolean matrix, bit k of dst[j] being element 32j+k.
func (m *maskReader) row(dst []uint32, segments int) {
	for j := range dst {
		n := min(32, segments-32*j)
		dst[j] = m.read(uint(n))
	}
}
