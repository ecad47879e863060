package scoring

import (
	"fmt"
	"strings"
	"testing"
)

// The vectors below are the ones SIGNIFICANCE.md gives for numpy 1.24's
// default_rng; these tests stand alone, without the shared data.

func TestSigSeedSequencePool(t *testing.T) {
	pool := seedSequencePool(12345)
	want := [4]uint32{0xf293d734, 0xfd668225, 0xf94ff895, 0x872090a0}
	if pool != want {
		t.Errorf("pool(12345) = %08x, want %08x", pool, want)
	}
	state := seedSequenceState(pool, 8)
	wantState := []uint32{0xa03d837c, 0xb5ae6482, 0xfa1f7a2f, 0xbbe2996f, 0x37158f94, 0x64e39a9f, 0xa013fd73, 0x3ebb0f96}
	if fmt.Sprint(state) != fmt.Sprint(wantState) {
		t.Errorf("state(12345) = %08x, want %08x", state, wantState)
	}
}

func TestSigPCG64State(t *testing.T) {
	r := NewNumpyRNG(12345)
	got := fmt.Sprintf("%016x%016x %016x%016x", r.stateHi, r.stateLo, r.incHi, r.incLo)
	want := "1905e0335aae96349199b0d09775add5 c9c7353e6e2b1f287d761f2d4027fae7"
	if got != want {
		t.Errorf("state inc = %s, want %s", got, want)
	}
}

func TestSigPCG64Next64(t *testing.T) {
	r := NewNumpyRNG(12345)
	want := []uint64{0x3a32b18db2ffc19d, 0x51171315c9e4c4de, 0xcc2024823444efd9}
	for i, w := range want {
		if g := r.Uint64(); g != w {
			t.Errorf("next64 #%d = %016x, want %016x", i, g, w)
		}
	}
}

func TestSigPCG64Next32(t *testing.T) {
	r := NewNumpyRNG(12345)
	want := []uint32{0xb2ffc19d, 0x3a32b18d, 0xc9e4c4de, 0x51171315}
	for i, w := range want {
		if g := r.Uint32(); g != w {
			t.Errorf("next32 #%d = %08x, want %08x", i, g, w)
		}
	}
	// The half-word buffer lives in the generator: a 64-bit draw after an
	// odd number of 32-bit draws skips the buffered half.
	r = NewNumpyRNG(12345)
	r.Uint32()
	if g := r.Uint64(); g != 0x51171315c9e4c4de {
		t.Errorf("next64 after one next32 = %016x, want the second 64-bit word", g)
	}
}

func TestSigChoice(t *testing.T) {
	for _, c := range []struct {
		segments uint64
		want     []uint32
	}{
		{2037, []uint32{1424, 463, 1606, 645, 415, 1624, 1309, 1377, 2013, 796, 1709, 677}},
		{5, []uint32{3, 1, 3, 1, 1, 3, 3, 3, 4, 1}},
	} {
		got := make([]uint32, len(c.want))
		NewNumpyRNG(12345).Below(c.segments, got)
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("choice(%d) = %v, want %v", c.segments, got, c.want)
		}
	}
}

func TestSigChoiceOneSegmentDrawsNothing(t *testing.T) {
	r := NewNumpyRNG(7)
	got := []uint32{9, 9, 9}
	r.Below(1, got)
	if fmt.Sprint(got) != "[0 0 0]" {
		t.Errorf("choice(1) = %v, want zeros", got)
	}
	if g, w := r.Uint64(), NewNumpyRNG(7).Uint64(); g != w {
		t.Errorf("choice(1) consumed random numbers: next draw %x, want %x", g, w)
	}
}

// TestSigChoiceRejection checks Lemire's rejection against a direct
// computation: for a range near 2^31 about half the 32-bit draws are
// rejected, and the accepted ones map to m>>32.
func TestSigChoiceRejection(t *testing.T) {
	const n = 1<<31 + 1
	got := make([]uint32, 200)
	NewNumpyRNG(42).Below(n, got)
	r := NewNumpyRNG(42)
	threshold := uint32((1<<32 - n) % n)
	rejected := 0
	for i, g := range got {
		var m uint64
		for {
			m = uint64(r.Uint32()) * n
			if uint32(m) >= threshold {
				break
			}
			rejected++
		}
		if w := uint32(m >> 32); g != w {
			t.Fatalf("value %d = %d, want %d", i, g, w)
		}
	}
	if rejected == 0 {
		t.Errorf("no rejection in 200 draws near 2^31: the rejection loop was not exercised")
	}
}

func TestSigMask(t *testing.T) {
	const want = "1011100110000011111111110100110110110001"
	m := maskReader{rng: NewNumpyRNG(12345)}
	// Rows of 7 bits cross word boundaries like numpy's (N, S) matrix.
	var b strings.Builder
	row := make([]uint32, 1)
	for b.Len() < len(want) {
		m.row(row, 7)
		for k := range 7 {
			b.WriteByte('0' + byte(row[0]>>k&1))
		}
	}
	if got := b.String()[:len(want)]; got != want {
		t.Errorf("mask = %s, want %s", got, want)
	}
	// 32 bits per word: the 40 bits above took two 32-bit draws, the
	// first two halves of the first 64-bit word.
	r := NewNumpyRNG(12345)
	r.Uint64()
	if g, w := m.rng.Uint64(), r.Uint64(); g != w {
		t.Errorf("after 42 mask bits the generator is at %x, want %x", g, w)
	}
}

func TestSigSeedWords(t *testing.T) {
	// 2^32 is two words [0, 1], so it differs from seed 0 and seed 1.
	a, b, c := NewNumpyRNG(0).Uint64(), NewNumpyRNG(1).Uint64(), NewNumpyRNG(1<<32).Uint64()
	if a == c || b == c || a == b {
		t.Errorf("seeds 0, 1, 2^32 give first draws %x %x %x, want three different", a, b, c)
	}
}
