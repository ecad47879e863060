package scoring

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
)

// table32Case is statistics of several systems whose resample sums pass
// 2^24, where float32 additions round: narrow (every value below 2^16) or
// not, some columns the same in every system (as references' counts are).
type table32Case struct {
	name     string
	segments int
	w        int
	systems  [][]uint32
}

func table32Cases() []table32Case {
	var out []table32Case
	for _, c := range []struct {
		w, systems int
		top        uint32
	}{
		{1, 2, 1 << 16},  // narrow, one line a row
		{3, 2, 1 << 16},  // narrow, a column shared
		{18, 3, 1 << 16}, // narrow, rows of two lines
		{18, 2, 1 << 20}, // float32, rows of two lines
		{5, 4, 1 << 25},  // float32 with values above 2^24 themselves
	} {
		segments := 600
		r := rand.New(rand.NewPCG(uint64(c.w), uint64(c.systems)))
		systems := make([][]uint32, c.systems)
		for s := range systems {
			systems[s] = make([]uint32, segments*c.w)
			for i := range systems[s] {
				if s > 0 && i%c.w%3 == 1 {
					systems[s][i] = systems[0][i] // the same in every system
					continue
				}
				systems[s][i] = c.top/2 + r.Uint32N(c.top/2)
			}
		}
		out = append(out, table32Case{fmt.Sprintf("w%d-systems%d-below%d", c.w, c.systems, c.top), segments, c.w, systems})
	}
	return out
}

// naiveSums32 adds the rows idx of every system in order in float32, as
// numpy does.
func naiveSums32(w int, systems [][]uint32, idx []uint32) []float64 {
	out := make([]float64, 0, w*len(systems))
	for _, st := range systems {
		for k := range w {
			var acc float32
			for _, i := range idx {
				acc += float32(st[int(i)*w+k])
			}
			out = append(out, float64(acc))
		}
	}
	return out
}

// TestTable32MatchesFloat32Sums checks the float32 path's table, column
// by column, against numpy's float32 additions in draw order, on sums
// that round.
func TestTable32MatchesFloat32Sums(t *testing.T) {
	for _, c := range table32Cases() {
		t.Run(c.name, func(t *testing.T) {
			tab := newTable32(c.segments, c.w, c.systems)
			if c.w > 1 && tab.n == len(tab.src) {
				t.Errorf("no column shared among %d", tab.n)
			}
			if narrow := c.systems[0][0] < 1<<16; narrow != (tab.u16 != nil) {
				t.Errorf("uint16 table %v, want %v", tab.u16 != nil, narrow)
			}
			rng := NewNumpyRNG(SeedOf(5))
			idx := make([]uint32, c.segments)
			got := make([]float64, len(tab.src))
			acc := make([]float32, tab.n)
			var sink uint32
			rounded := 0
			for r := range 20 {
				rng.Below(uint64(c.segments), idx)
				tab.sum(got, acc, idx, &sink)
				want := naiveSums32(c.w, c.systems, idx)
				for k := range want {
					if got[k] != want[k] {
						t.Fatalf("resample %d, column %d: %v, want %v", r, k, got[k], want[k])
					}
				}
				exact := 0
				for _, i := range idx {
					exact += int(c.systems[0][int(i)*c.w])
				}
				if float64(exact) != want[0] {
					rounded++
				}
			}
			if rounded == 0 {
				t.Error("no sum rounded: the case does not test float32 additions")
			}
		})
	}
}

// pickMetric scores summed statistics by one of them, so that a test
// sees every column's resampled sums.
type pickMetric struct{ w, k int }

func (m pickMetric) Width() int                              { return m.w }
func (m pickMetric) Score(s []float64, path SumPath) float64 { return s[m.k] }

// TestSigPairedBootstrapAbove2To24 checks the paired bootstrap's
// resampled sums, column by column, against numpy's float32 additions
// when the corpus sums pass 2^24: the table, not the packed sums, adds
// them.
func TestSigPairedBootstrapAbove2To24(t *testing.T) {
	const n = 12
	for _, c := range table32Cases() {
		t.Run(c.name, func(t *testing.T) {
			rng := NewNumpyRNG(SeedOf(9))
			idx := make([]uint32, n*c.segments)
			rng.Below(uint64(c.segments), idx)
			want := make([][]float64, n)
			for r := range n {
				want[r] = naiveSums32(c.w, c.systems, idx[r*c.segments:(r+1)*c.segments])
			}
			for k := range c.w {
				p := PairedTest[uint32]{Metric: pickMetric{c.w, k}, Segments: c.segments, Baseline: c.systems[0], Systems: c.systems[1:], N: n, Seed: SeedOf(9)}
				res, err := PairedBootstrap(context.Background(), p)
				if err != nil {
					t.Fatal(err)
				}
				for s, sys := range res.Systems {
					for r, d := range sys.Deltas {
						if w := want[r][(s+1)*c.w+k] - want[r][k]; d != w {
							t.Fatalf("column %d, system %d, resample %d: delta %v, want %v", k, s+1, r, d, w)
						}
					}
				}
			}
		})
	}
}
