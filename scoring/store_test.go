package scoring

import (
	"context"
	"testing"
)

func TestStatsStoreRoundTrip(t *testing.T) {
	hyps := []string{papineniHyp, "It is", "", "a", "the the the the"}
	for _, compat := range []string{CompatSacreBLEU, CompatNLTK} {
		opt := opts(func(o *Options) { o.Compat = compat })
		store := NewStatsStore(len(hyps), 6, compat == CompatNLTK)
		want := make([]Stats, len(hyps))
		err := ScoreSegments(context.Background(), len(hyps), opt, 6, func(i int, out []string) (string, []string) {
			return hyps[i], append(out, papineniRefs...)
		}, func(i int, st Stats) { want[i] = st; store.Set(i, st) })
		if err != nil {
			t.Fatal(err)
		}
		if store.Len() != len(hyps) || store.Orders() != 6 {
			t.Fatalf("Len %d Orders %d", store.Len(), store.Orders())
		}
		for i := range hyps {
			if got := store.Get(i); got != want[i] {
				t.Errorf("%s segment %d: Get = %+v; want %+v", compat, i, got, want[i])
			}
			if store.HypLen(i) != want[i].HypLen || store.RefLen(i) != want[i].RefLen {
				t.Errorf("%s segment %d: lengths %d/%d", compat, i, store.HypLen(i), store.RefLen(i))
			}
		}
		rows := []int{4, 0, 2, 0, 3}
		var sum Stats
		for _, i := range rows {
			sum.Add(want[i])
		}
		if got, ok := store.Sum(rows); !ok || got != sum {
			t.Errorf("%s: Sum(%v) = %+v, %v; want %+v", compat, rows, got, ok, sum)
		}
		if _, ok := store.Sum([]int{1, len(hyps)}); ok {
			t.Errorf("%s: Sum of a row out of range reports ok", compat)
		}
		// A list long enough to be summed in parts, one bad row at the end.
		long := make([]int, 1<<18)
		sum = Stats{}
		for j := range long {
			long[j] = j % len(hyps)
			sum.Add(want[long[j]])
		}
		if got, ok := store.Sum(long); !ok || got != sum {
			t.Errorf("%s: Sum of %d rows = %+v, %v; want %+v", compat, len(long), got, ok, sum)
		}
		long[len(long)-1] = -1
		if _, ok := store.Sum(long); ok {
			t.Errorf("%s: Sum of a long list with a row out of range reports ok", compat)
		}
	}
}
