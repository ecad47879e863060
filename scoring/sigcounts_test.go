package scoring

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestSigCountsMatchFloats checks that the tests give the same figures,
// bit for bit, on uint32 counts as on the same values as float64, on
// every way they sum: packed (small counts), in float32 (resample sums
// at 2^24 or more), unpacked (sums at 2^32 or more), with an even and an
// odd number of statistics a segment.
func TestSigCountsMatchFloats(t *testing.T) {
	ctx := context.Background()
	for _, orders := range []int{1, 2} { // 3 and 6 statistics a segment
		m, err := NewChrFMetric(ChrFOptions{CharOrder: orders, Beta: 2})
		if err != nil {
			t.Fatal(err)
		}
		w := m.Width()
		for _, top := range []uint32{60, 1 << 20, 1 << 30} {
			const segments = 300
			r := rand.New(rand.NewPCG(uint64(top), uint64(orders)))
			counts := make([][]uint32, 3)
			floats := make([][]float64, 3)
			for s := range counts {
				counts[s] = make([]uint32, segments*w)
				floats[s] = make([]float64, segments*w)
				for i := range counts[s] {
					counts[s][i] = r.Uint32N(top)
					floats[s][i] = float64(counts[s][i])
				}
			}
			ce, err := Confidence(ctx, m, segments, counts[0], 50, SeedOf(7))
			if err != nil {
				t.Fatal(err)
			}
			fe, err := Confidence(ctx, m, segments, floats[0], 50, SeedOf(7))
			if err != nil {
				t.Fatal(err)
			}
			if ce != fe {
				t.Errorf("width %d, counts below %d: confidence %+v on counts, %+v on floats", w, top, ce, fe)
			}
			pc := PairedTest[uint32]{Metric: m, Segments: segments, Baseline: counts[0], Systems: counts[1:], N: 60, Seed: SeedOf(3), ARConfidence: 40}
			pf := PairedTest[float64]{Metric: m, Segments: segments, Baseline: floats[0], Systems: floats[1:], N: 60, Seed: SeedOf(3), ARConfidence: 40}
			for name, run := range map[string]func() (Paired, Paired, error){
				"paired-bs": func() (Paired, Paired, error) {
					c, err := PairedBootstrap(ctx, pc)
					f, err2 := PairedBootstrap(ctx, pf)
					return c, f, errors.Join(err, err2)
				},
				"paired-ar": func() (Paired, Paired, error) {
					c, err := PairedApproxRandomization(ctx, pc)
					f, err2 := PairedApproxRandomization(ctx, pf)
					return c, f, errors.Join(err, err2)
				},
			} {
				c, f, err := run()
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(c, f) {
					t.Errorf("width %d, counts below %d: %s differs on counts:\n%+v\nand on floats:\n%+v", w, top, name, c, f)
				}
			}
		}
	}
}

// TestChrFCountsTooLarge checks that a count that does not fit 32 bits is
// told, never wrapped.
func TestChrFCountsTooLarge(t *testing.T) {
	row := make([]uint32, 3)
	if !putCounts(row, []int{0, 7, math.MaxUint32}) || row[2] != math.MaxUint32 {
		t.Errorf("counts up to 2^32 − 1 refused or changed: %v", row)
	}
	if putCounts(row, []int{1, math.MaxUint32 + 1, 2}) {
		t.Error("a count of 2^32 taken")
	}
	if putCounts(row, []int{-1, 0, 0}) {
		t.Error("a negative count taken")
	}
}

// TestBLEUStoreCounts checks that BLEU's statistics held as counts are
// BLEUSegmentStatistics' values, for all segments and for some, and that
// the tests give the same figures, bit for bit, on them as on the float64
// values, with resample sums below 2^24 and above.
func TestBLEUStoreCounts(t *testing.T) {
	ctx := context.Background()
	m, err := NewBLEUMetric(DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for _, longest := range []int{40, 60000} {
		const segments = 400
		r := rand.New(rand.NewPCG(uint64(longest), 1))
		ref := make([]int, segments) // one reference: the same length for every system
		for i := range ref {
			ref[i] = 1 + r.IntN(longest)
		}
		var counts [][]uint32
		var floats [][]float64
		for range 2 {
			store := NewStatsStore(segments, 4, false)
			stats := make([]Stats, segments)
			for i := range stats {
				h := r.IntN(longest + 1)
				st := Stats{HypLen: h, RefLen: ref[i]}
				prev := h
				for n := range 4 {
					st.Totals[n] = ngramTotal(h, n+1, false)
					prev = min(prev, st.Totals[n], r.IntN(h+1))
					st.Matches[n] = prev
				}
				store.Set(i, st)
				stats[i] = store.Get(i)
			}
			c, f := BLEUStoreCounts(store, 4, nil), BLEUSegmentStatistics(stats, 4)
			for k := range f {
				if float64(c[k]) != f[k] {
					t.Fatalf("longest %d: count %d is %d, want %v", longest, k, c[k], f[k])
				}
			}
			some := []int{7, 3, 399}
			sc, sf := BLEUStoreCounts(store, 4, some), BLEUSegmentStatistics([]Stats{stats[7], stats[3], stats[399]}, 4)
			for k := range sf {
				if float64(sc[k]) != sf[k] {
					t.Fatalf("longest %d, rows %v: count %d is %d, want %v", longest, some, k, sc[k], sf[k])
				}
			}
			counts, floats = append(counts, c), append(floats, f)
		}
		pc := PairedTest[uint32]{Metric: m, Segments: segments, Baseline: counts[0], Systems: counts[1:], N: 50, Seed: SeedOf(4)}
		pf := PairedTest[float64]{Metric: m, Segments: segments, Baseline: floats[0], Systems: floats[1:], N: 50, Seed: SeedOf(4)}
		c, err := PairedBootstrap(ctx, pc)
		if err != nil {
			t.Fatal(err)
		}
		f, err := PairedBootstrap(ctx, pf)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(c, f) {
			t.Errorf("longest %d: paired bootstrap on counts:\n%+v\non floats:\n%+v", longest, c, f)
		}
		ce, err := Confidence(ctx, m, segments, counts[1], 50, SeedOf(4))
		if err != nil {
			t.Fatal(err)
		}
		fe, err := Confidence(ctx, m, segments, floats[1], 50, SeedOf(4))
		if err != nil {
			t.Fatal(err)
		}
		if ce != fe {
			t.Errorf("longest %d: confidence %+v on counts, %+v on floats", longest, ce, fe)
		}
	}
}
