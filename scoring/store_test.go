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
	}
}
