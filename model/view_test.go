package model

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/scoring"
)

func TestRows(t *testing.T) {
	ds := viewDataset()
	s := mustScore(t, ds, DefaultSettings())
	tests := []struct {
		v    View
		want []int
	}{
		{View{Other: -1}, []int{1, 4, 5, 3, 0, 2}},
		{View{Other: -1, Desc: true}, []int{0, 2, 3, 5, 1, 4}},
		{View{Other: -1, Sort: SortLine}, []int{0, 1, 2, 3, 4, 5}},
		{View{Other: -1, Sort: SortLine, Desc: true}, []int{5, 4, 3, 2, 1, 0}},
		{View{Other: -1, Sort: SortLength}, []int{5, 1, 4, 0, 2, 3}},
		{View{Other: -1, Sort: SortLength, Desc: true}, []int{0, 2, 3, 4, 1, 5}},
		{View{Other: -1, Sort: SortBP}, []int{5, 1, 4, 0, 2, 3}},
		{View{Other: 1, Sort: SortDelta}, []int{4, 3, 1, 2, 5, 0}},
		{View{Other: 1, Sort: SortDelta, Desc: true}, []int{0, 1, 2, 5, 3, 4}},
		{View{System: 1, Other: 0, Sort: SortDelta}, []int{0, 1, 2, 5, 3, 4}},
		{View{Other: -1, Sort: SortDelta}, []int{0, 1, 2, 3, 4, 5}}, // no other system: all deltas 0, so by line
		{View{Other: -1, Worst: 2}, []int{1, 4}},
		{View{Other: -1, Worst: 3, Sort: SortLine}, []int{1, 4, 5}},
		{View{Other: -1, Worst: 3, Desc: true}, []int{5, 1, 4}},
		{View{Other: -1, Worst: 99}, []int{1, 4, 5, 3, 0, 2}},
		// With SortLength and SortBP, Worst keeps the lowest scores (1 and
		// 4), which the key then orders, not the first two of the key (5, 1).
		{View{Other: -1, Worst: 2, Sort: SortLength}, []int{1, 4}},
		{View{Other: -1, Worst: 2, Sort: SortLength, Desc: true}, []int{4, 1}},
		{View{Other: -1, Worst: 2, Sort: SortBP}, []int{1, 4}},
		// With SortDelta, Worst keeps the biggest losses, not the lowest scores
		// (A's lowest are lines 1 and 4; its biggest losses to B lines 4 and 3).
		{View{Other: 1, Sort: SortDelta, Worst: 2}, []int{4, 3}},
		{View{Other: 1, Sort: SortDelta, Worst: 2, Desc: true}, []int{3, 4}},
		{View{System: 1, Other: 0, Sort: SortDelta, Worst: 1}, []int{0}},
		{View{Other: -1, Filter: "X Y", Sort: SortLine}, []int{1, 3, 4}},
		{View{Other: -1, Filter: "x y z"}, []int{1, 4}},
		{View{System: 1, Other: -1, Filter: "x y z", Sort: SortLine}, []int{0, 1}},
		{View{Other: -1, Filter: "C D"}, []int{1, 4, 5, 3, 0, 2}}, // every reference has it
		{View{Other: -1, Filter: "école", Sort: SortLine}, []int{1}},
		{View{Other: -1, Filter: "STRASSE"}, nil}, // simple folding: ß is not ss
		{View{Other: -1, Filter: "straße"}, []int{0}},
		{View{Other: -1, Filter: "KELVIN", Sort: SortLine}, []int{2, 3}}, // U+212A KELVIN SIGN folds to k
		{View{Other: -1, Filter: "\u212a", Sort: SortLine}, []int{2, 3}},
		{View{Other: -1, Filter: "x", Worst: 2, Sort: SortLine}, []int{1, 4}},
		{View{Other: -1, Filter: "nowhere"}, nil},
		{View{System: 2}, nil},
		{View{System: -1}, nil},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%+v", tt.v), func(t *testing.T) {
			got := s.Rows(ds, tt.v)
			if !slices.Equal(got, tt.want) {
				t.Errorf("Rows(%+v) = %v; want %v", tt.v, got, tt.want)
			}
		})
	}
	if d := s.Delta(0, 1, 0); d != s.Systems[0].Sentence[0]-s.Systems[1].Sentence[0] || d <= 99 {
		t.Errorf("Delta(0, 1, 0) = %v; want A's 100 minus B's 0", d)
	}
	if d := s.Delta(0, -1, 3); d != 0 {
		t.Errorf("Delta with no other system = %v; want 0", d)
	}
}

func TestParseSortKey(t *testing.T) {
	for k := SortScore; k <= SortImpact; k++ {
		got, err := ParseSortKey(k.String())
		if err != nil || got != k {
			t.Errorf("ParseSortKey(%q) = %v, %v; want %v", k.String(), got, err, k)
		}
	}
	if _, err := ParseSortKey("worst"); err == nil || err.Error() != `model: unknown sort key "worst" (want score, line, length, bp, delta, chrf, ter, impact)` {
		t.Errorf("ParseSortKey(worst) error = %v", err)
	}
}

// TestRowsMatchReference compares Rows with a plain stable sort on many
// ties, NaNs and signed zeros, for every key and direction.
func TestRowsMatchReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const n = 3000
	ss := []SystemScores{{}, {}}
	for s := range ss {
		ss[s].Stats = scoring.NewStatsStore(n, 4, false)
		for i := range n {
			ss[s].Stats.Set(i, scoring.Stats{HypLen: rng.IntN(6), RefLen: rng.IntN(6)})
			x := float64(rng.IntN(7)) * 12.5
			switch rng.IntN(20) {
			case 0:
				x = math.NaN()
			case 1:
				x = math.Copysign(0, -1)
			}
			ss[s].Sentence = append(ss[s].Sentence, x)
		}
	}
	sc := &Scored{Systems: ss}
	hyps := make([]string, n)
	ds := memDataset(nil, [][]string{hyps}, System{Name: "a", Hyps: hyps}, System{Name: "b", Hyps: hyps})
	for _, key := range []SortKey{SortScore, SortLine, SortLength, SortBP, SortDelta} {
		for _, desc := range []bool{false, true} {
			v := View{System: 0, Other: 1, Sort: key, Desc: desc}
			got := sc.Rows(ds, v)
			want := referenceRows(sc, v, n)
			if !slices.Equal(got, want) {
				i := 0
				for i < len(got) && got[i] == want[i] {
					i++
				}
				t.Errorf("Rows(%v, desc %v) differs from a stable sort at position %d: got %v, want %v", key, desc, i, got[i], want[i])
			}
			// RowsImpact among segments orders a subset as Rows orders
			// the corpus.
			var among, wantAmong []int
			for i := range n {
				if i%3 == 1 {
					among = append(among, i)
				}
			}
			for _, r := range want {
				if r%3 == 1 {
					wantAmong = append(wantAmong, r)
				}
			}
			if got, _ := sc.RowsImpact(ds, v, among); !slices.Equal(got, wantAmong) {
				t.Errorf("RowsImpact(%v, desc %v) among segments is not Rows' order of the subset", key, desc)
			}
		}
	}
}

func TestRowsAmongRejects(t *testing.T) {
	ds := queryDataset()
	s := mustScore(t, ds, DefaultSettings())
	for _, among := range [][]int{{2, 1}, {1, 1}, {-1}, {0, ds.Len()}} {
		if got, _ := s.RowsImpact(ds, View{}, among); got != nil {
			t.Errorf("RowsImpact among %v = %v; want nil (not ascending segments)", among, got)
		}
	}
	if got, _ := s.RowsImpact(ds, View{}, []int{}); got == nil || len(got) != 0 {
		t.Errorf("RowsImpact among no segments = %v; want an empty list", got)
	}
}

// referenceRows sorts by the key with slices.SortStableFunc; NaN comes
// first in ascending order.
func referenceRows(s *Scored, v View, n int) []int {
	key := func(i int) float64 {
		st := s.Systems[v.System].Stats.Get(i)
		switch v.Sort {
		case SortLine:
			return float64(i)
		case SortLength:
			return float64(st.HypLen)
		case SortBP:
			return bpOf(st.HypLen, st.RefLen)
		case SortDelta:
			return s.Delta(v.System, v.Other, i)
		}
		return s.Systems[v.System].Sentence[i]
	}
	rows := make([]int, n)
	for i := range rows {
		rows[i] = i
	}
	slices.SortStableFunc(rows, func(a, b int) int {
		c := cmp.Compare(key(a), key(b)) // cmp.Compare puts NaN first
		if v.Desc {
			c = -c
		}
		return c
	})
	return rows
}

func bpOf(c, r int) float64 {
	if c >= r {
		return 1
	}
	if c == 0 {
		return 0
	}
	return math.Exp(1 - float64(r)/float64(c))
}

// TestMatcherMatchesReference compares the filter's matcher with a
// rune-by-rune comparison under simple case folding, on random strings
// from an alphabet rich in case pairs and multi-byte runes.
func TestMatcherMatchesReference(t *testing.T) {
	alphabet := []rune("aAkKsSſ\u212aéÉßẞ ΣσςxX中")
	rng := rand.New(rand.NewPCG(3, 4))
	randString := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteRune(alphabet[rng.IntN(len(alphabet))])
		}
		return b.String()
	}
	for range 20000 {
		needle, text := randString(1+rng.IntN(3)), randString(rng.IntN(12))
		got := newMatcher(needle).match(text)
		want := naiveContainsFold(text, needle)
		if got != want {
			t.Fatalf("match(%q in %q) = %v; want %v", needle, text, got, want)
		}
	}
}

func naiveContainsFold(text, needle string) bool {
	canon := func(s string) []rune {
		var out []rune
		for _, r := range s {
			out = append(out, foldCanon(r))
		}
		return out
	}
	t, n := canon(text), canon(needle)
	for i := 0; i+len(n) <= len(t); i++ {
		if slices.Equal(t[i:i+len(n)], n) {
			return true
		}
	}
	return false
}

func TestFloatKeyOrder(t *testing.T) {
	xs := []float64{math.NaN(), math.Inf(-1), -100, -1e-300, math.Copysign(0, -1), 0, 1e-300, 1, 100, math.Inf(1)}
	for i := 1; i < len(xs); i++ {
		a, b := floatKey(xs[i-1]), floatKey(xs[i])
		if xs[i-1] == xs[i] {
			if a != b {
				t.Errorf("floatKey(%v) != floatKey(%v)", xs[i-1], xs[i])
			}
		} else if a >= b {
			t.Errorf("floatKey(%v) = %x ≥ floatKey(%v) = %x", xs[i-1], a, xs[i], b)
		}
	}
}

func TestRadixSortStable(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{0, 1, 2, 63, 64, 65, 1000, 70000} {
		items := make([]keyed, n)
		for i := range items {
			items[i] = keyed{key: rng.Uint64() >> (rng.IntN(8) * 8) & 0xff00ff00ff00ffff, row: int32(i)}
		}
		want := slices.Clone(items)
		slices.SortStableFunc(want, func(a, b keyed) int { return cmp.Compare(a.key, b.key) })
		radixSort(items)
		if !slices.Equal(items, want) {
			t.Errorf("radixSort of %d items differs from a stable sort", n)
		}
	}
}
