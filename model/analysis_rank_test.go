package model

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"iter"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/scoring"
)

// rankEvery is the rows of [Analysis.RankEveryLines] with [MaxRowLines]
// lines a row, the rankings' sizes left out.
func rankEvery(ctx context.Context, a *Analysis, sys int, kinds []scoring.Kind, orders []int, top int, progress func(done, total int)) ([]NGramRow, error) {
	rows, _, err := a.RankEveryLines(ctx, sys, kinds, orders, top, MaxRowLines, progress)
	return rows, err
}

// rankAll is rankEvery with no cancellation or progress.
func rankAll(a *Analysis, sys int, kinds []scoring.Kind, orders []int, top int) ([]NGramRow, error) {
	return rankEvery(context.Background(), a, sys, kinds, orders, top, nil)
}

// randomDataset makes n segments of two systems and two references over
// a vocabulary of v words: a small vocabulary gives many n-grams with the
// same counts, so the tie rules decide.
func randomDataset(seed uint64, n, v int) *Dataset {
	rng := rand.New(rand.NewPCG(seed, 1))
	line := func() string {
		w := make([]string, 1+rng.IntN(12))
		for i := range w {
			w[i] = string(rune('a' + rng.IntN(v)))
		}
		return strings.Join(w, " ")
	}
	lines := func() []string {
		out := make([]string, n)
		for i := range out {
			out[i] = line()
		}
		return out
	}
	return memDataset(nil, [][]string{lines(), lines()}, System{Name: "A", Hyps: lines()}, System{Name: "B", Hyps: lines()})
}

// TestRankTopIsEveryRowCut: the rankings with a top (one pass, a heap
// of top candidates a ranking) are the first top rows of each ranking of
// every n-gram (top 0, a sort of them all, which checkEveryRow checks
// against a naive ranking), lines included, for every top, kind and order
// subset, on corpora of few words where the cut falls among many ties;
// rankEvery's are rankAll's, and its progress ends at the n-grams' count.
func TestRankTopIsEveryRowCut(t *testing.T) {
	for seed := range uint64(6) {
		ds := randomDataset(seed, 40+int(seed)*30, 3+int(seed)*4)
		a := mustAnalyze(t, ds, DefaultSettings())
		for _, orders := range [][]int{{1, 2, 3, 4}, {2}, {4, 1}} {
			for sys := range ds.Systems {
				every, err := rankAll(a, sys, Kinds, orders, 0)
				if err != nil {
					t.Fatal(err)
				}
				for _, top := range []int{1, 2, 3, 7, 20, 1000} {
					want := firstOfEach(every, top)
					got, err := rankAll(a, sys, Kinds, orders, top)
					if err != nil {
						t.Fatal(err)
					}
					if !reflect.DeepEqual(got, want) {
						t.Fatalf("seed %d top %d orders %v system %d:\n got %v\nwant %v", seed, top, orders, sys, got, want)
					}
					var calls, last int
					got, err = rankEvery(context.Background(), a, sys, Kinds, orders, top, func(done, total int) {
						calls++
						if done < last || done > total {
							t.Fatalf("progress %d of %d after %d", done, total, last)
						}
						last = done
					})
					if err != nil {
						t.Fatal(err)
					}
					if !reflect.DeepEqual(got, want) {
						t.Fatalf("rankEvery, seed %d top %d orders %v system %d:\n got %v\nwant %v", seed, top, orders, sys, got, want)
					}
					if top < a.Counts.Len() && (calls == 0 || last != a.Counts.Len()) {
						t.Fatalf("progress ended at %d of %d", last, a.Counts.Len())
					}
				}
			}
		}
	}
}

// TestRankHugeTop: a top far above the n-grams' count (--top
// 9223372036854775807) ranks every n-gram, as top 0 does, without
// making room for top rows first.
func TestRankHugeTop(t *testing.T) {
	a := mustAnalyze(t, randomDataset(2, 50, 4), DefaultSettings())
	every, _ := rankAll(a, 0, Kinds, []int{1, 2}, 0)
	if got, err := rankAll(a, 0, Kinds, []int{1, 2}, math.MaxInt); err != nil || !reflect.DeepEqual(got, every) {
		t.Errorf("top MaxInt: %d rows (%v); want top 0's %d", len(got), err, len(every))
	}
	all, _ := a.Salient(0, 1, scoring.Over, 2, 0, 1)
	if got, err := a.Salient(0, 1, scoring.Over, 2, math.MaxInt, 1); err != nil || !reflect.DeepEqual(got, all) {
		t.Errorf("salient, top MaxInt: %d rows (%v); want top 0's %d", len(got), err, len(all))
	}
}

// firstOfEach returns the first top rows of each ranking in rows (a run
// of rows of one kind and order).
func firstOfEach(rows []NGramRow, top int) []NGramRow {
	var out []NGramRow
	n := 0
	for i, r := range rows {
		if i == 0 || r.Kind != rows[i-1].Kind || r.Order != rows[i-1].Order {
			n = 0
		}
		if n++; n <= top {
			out = append(out, r)
		}
	}
	return out
}

// TestRankTiesAtTheCut: on counts made by hand, where the top-th row is
// one of many that tie on count, a ranking with a top keeps the rows the
// whole order puts first: more segments before fewer, then the n-gram's
// text in byte order (of the tokens joined by spaces, so "x\x01 y" comes
// before "x y", though the token "x" comes before "x\x01"), whichever of
// the tied n-grams the corpus has first.
func TestRankTiesAtTheCut(t *testing.T) {
	set := DefaultSettings().WithOption(func(o *scoring.Options) { o.Tokenize = "none" })
	refs := func(n int) [][]string { return [][]string{slices.Repeat([]string{"zz"}, n)} }
	// Every token is over-produced: the reference has none of them.
	// q: 5 in 1 segment; K, c, m, w, é: 2 in 2 segments each, ordered by
	// bytes K < c < m < w < é; A, B: 2 in 1 segment, after the five though
	// their bytes come first; 0, a: 1 in 1.
	hyps := []string{"q q q q q", "é 0 m A A", "w é c B B", "m K a c", "K w"}
	a := mustAnalyze(t, memDataset(nil, refs(len(hyps)), System{Name: "A", Hyps: hyps}), set)
	checkCuts(t, a, 1, []string{"q", "K", "c", "m", "w", "é", "A", "B", "0", "a"})
	// Bigrams, each once: the joined text's bytes decide ("\x01" < " " <
	// "!" < "y").
	hyps = []string{"xy z", "x! y", "x y", "x\x01 y"}
	a = mustAnalyze(t, memDataset(nil, refs(len(hyps)), System{Name: "A", Hyps: hyps}), set)
	checkCuts(t, a, 2, []string{"x\x01 y", "x y", "x! y", "xy z"})
}

// checkCuts checks the over-produced n-grams of order `order` of a's
// system 0 against want, the whole ranking, for every top.
func checkCuts(t *testing.T, a *Analysis, order int, want []string) {
	t.Helper()
	for top := range len(want) + 2 {
		rows, err := rankAll(a, 0, []scoring.Kind{scoring.Over}, []int{order}, top)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range rows {
			got = append(got, r.NGram)
		}
		if w := want[:min(len(want), top)]; top > 0 && !slices.Equal(got, w) || top == 0 && !slices.Equal(got, want) {
			t.Errorf("order %d, top %d: %q; want %q", order, top, got, w)
		}
	}
}

// TestSalientTopIsEveryRowCut: the salient rankings with a top (one pass
// for every order, a heap a side) are the first top rows of each side of
// Salient's every row (top 0, a sort of them all), order by order, for
// every top and kind; Salient with a top is the same.
func TestSalientTopIsEveryRowCut(t *testing.T) {
	for seed := range uint64(6) {
		ds := randomDataset(seed, 40+int(seed)*30, 3+int(seed)*4)
		a := mustAnalyze(t, ds, DefaultSettings())
		for _, k := range Kinds {
			orders := []int{1, 2, 3, 4}
			for _, top := range []int{1, 2, 3, 7, 20, 1000} {
				got, err := salientEvery(a, context.Background(), 1, 0, k, orders, top, 0.5, nil)
				if err != nil {
					t.Fatal(err)
				}
				for i, o := range orders {
					every, _ := a.Salient(1, 0, k, o, 0, 0.5)
					var want []SalientRow
					sides := [2]int{}
					for _, r := range every {
						side := 0
						if r.CountA < r.CountB {
							side = 1
						}
						if sides[side]++; sides[side] <= top {
							want = append(want, r)
						}
					}
					if !reflect.DeepEqual(got[i], want) {
						t.Fatalf("seed %d top %d %v order %d:\n got %v\nwant %v", seed, top, k, o, got[i], want)
					}
					if one, _ := a.Salient(1, 0, k, o, top, 0.5); !reflect.DeepEqual(one, want) {
						t.Fatalf("Salient, seed %d top %d %v order %d:\n got %v\nwant %v", seed, top, k, o, one, want)
					}
				}
			}
		}
	}
	ds := randomDataset(1, 20, 5)
	a := mustAnalyze(t, ds, DefaultSettings())
	if _, err := salientEvery(a, context.Background(), 0, 1, Kinds[0], []int{1}, 3, 0, nil); err == nil {
		t.Error("alpha 0: no error")
	}
	if _, err := salientEvery(a, context.Background(), 0, 2, Kinds[0], []int{1}, 3, 1, nil); err == nil {
		t.Error("system 2 of 2: no error")
	}
}

// TestSalientEverySizes: the sizes SalientEverySizes counts in its pass
// are those of a brute-force count over every n-gram (how many of each
// order each system has more often than the other), for every top, top 0
// included, and its rows are SalientEvery's.
func TestSalientEverySizes(t *testing.T) {
	for seed := range uint64(4) {
		ds := randomDataset(seed, 30+int(seed)*20, 3+int(seed)*3)
		a := mustAnalyze(t, ds, DefaultSettings())
		c := a.Counts
		for _, k := range Kinds {
			for _, orders := range [][]int{{1, 2, 3, 4}, {3, 1}} {
				want := make([]int, 2*len(orders))
				for i, o := range orders {
					for g := range c.Len() {
						if c.Order(g) != o {
							continue
						}
						switch ca, cb := c.Count(1, k, g), c.Count(0, k, g); {
						case ca > cb:
							want[2*i]++
						case ca < cb:
							want[2*i+1]++
						}
					}
				}
				for _, top := range []int{0, 1, 3, 20, 1000} {
					rows, sizes, err := a.SalientEverySizes(context.Background(), 1, 0, k, orders, top, 1, nil)
					if err != nil {
						t.Fatal(err)
					}
					if !reflect.DeepEqual(sizes, want) {
						t.Errorf("seed %d %v orders %v top %d: sizes %v; want %v", seed, k, orders, top, sizes, want)
					}
					if every, _ := salientEvery(a, context.Background(), 1, 0, k, orders, top, 1, nil); !reflect.DeepEqual(rows, every) {
						t.Errorf("seed %d %v orders %v top %d: the rows are not SalientEvery's", seed, k, orders, top)
					}
				}
			}
		}
	}
}

func TestRankEveryErrors(t *testing.T) {
	ds := randomDataset(1, 20, 5)
	a := mustAnalyze(t, ds, DefaultSettings())
	if _, err := rankEvery(context.Background(), a, 0, Kinds, []int{5}, 3, nil); err == nil {
		t.Error("order 5 of 4: no error")
	}
	if _, err := rankEvery(context.Background(), a, 2, Kinds, []int{1}, 3, nil); err == nil {
		t.Error("system 2 of 2: no error")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := rankEvery(ctx, a, 0, Kinds, []int{1}, 3, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	want, _ := rankAll(a, 0, Kinds, []int{1, 2}, 0)
	if got, _ := rankEvery(context.Background(), a, 0, Kinds, []int{1, 2}, 0, nil); !reflect.DeepEqual(got, want) {
		t.Error("top 0 is not rankAll's every n-gram")
	}
}

// TestRankEveryWMT22: on real systems too, the rows with a top are the
// first of every row's rankings.
func TestRankEveryWMT22(t *testing.T) {
	ds := loadWMTPair(t, "de-en", []string{"JDExploreAcademy", "LT22"})
	a := mustAnalyze(t, ds, DefaultSettings())
	orders := []int{1, 2, 3, 4}
	for sys := range ds.Systems {
		every, _ := rankAll(a, sys, Kinds, orders, 0)
		got, err := rankEvery(context.Background(), a, sys, Kinds, orders, 20, nil)
		if err != nil || !reflect.DeepEqual(got, firstOfEach(every, 20)) {
			t.Errorf("%s: the top 20 are not the first 20 of every row (%v)", ds.Systems[sys].Name, err)
		}
	}
}

// TestRankEveryLines: the rows are rankEvery's, each with the first lines
// line numbers of its segments (SegmentsOf's, 1-based) instead of the
// first MaxRowLines, for top > 0 and top 0 alike.
func TestRankEveryLines(t *testing.T) {
	ds := randomDataset(3, 200, 5)
	a := mustAnalyze(t, ds, DefaultSettings())
	for _, top := range []int{5, 0} {
		for _, lines := range []int{1, 7, 60} {
			want, _ := rankEvery(context.Background(), a, 0, Kinds, []int{1, 2}, top, nil)
			got, sizes, err := a.RankEveryLines(context.Background(), 0, Kinds, []int{1, 2}, top, lines, nil)
			if err != nil || len(got) != len(want) {
				t.Fatalf("top %d, lines %d: %d rows (%v); want %d", top, lines, len(got), err, len(want))
			}
			if wantSizes, _ := a.RankingSizes(0, Kinds, []int{1, 2}); !reflect.DeepEqual(sizes, wantSizes) {
				t.Errorf("top %d, lines %d: sizes %v; want RankingSizes' %v", top, lines, sizes, wantSizes)
			}
			longer := false
			for i, g := range got {
				segs := a.SegmentsOf(0, g.Kind, g.ID)
				if len(segs) > MaxRowLines && lines > MaxRowLines {
					longer = true
				}
				wantLines := make([]int, min(lines, len(segs)))
				for j := range wantLines {
					wantLines[j] = segs[j] + 1
				}
				w := want[i]
				if g.ID != w.ID || g.Kind != w.Kind || g.Count != w.Count || g.Segments != w.Segments || !reflect.DeepEqual(g.Lines, wantLines) {
					t.Fatalf("top %d, lines %d, row %d: %+v; want %+v with lines %v", top, lines, i, g, w, wantLines)
				}
			}
			if lines == 60 && !longer {
				t.Errorf("top %d: no row has more than %d segments to list", top, MaxRowLines)
			}
		}
	}
}

// TestEachRankingIsRankAll: the rankings handed out one at a time hold
// rankAll's rows in rankAll's order, lines included, every ranking in
// turn (an empty one too), for every top; on corpora of few words, where
// most n-grams tie on count and segments and the text decides, and on one
// with n-grams enough that the lines come from numbering the corpus again.
// With top 0, every ranking is checked against one made naively.
func TestEachRankingIsRankAll(t *testing.T) {
	type selection struct {
		kinds  []scoring.Kind
		orders []int
	}
	for _, c := range []struct{ seed, n, vocab int }{{0, 60, 3}, {1, 150, 6}, {2, 2000, 30}} {
		ds := randomDataset(uint64(c.seed), c.n, c.vocab)
		a := mustAnalyze(t, ds, DefaultSettings())
		for _, top := range []int{0, 1, 3, 20} {
			for _, sel := range []selection{{Kinds, []int{1, 2, 3, 4}}, {[]scoring.Kind{scoring.Missed, scoring.Matched}, []int{3, 1}}} {
				for sys := range ds.Systems {
					want, err := rankAll(a, sys, sel.kinds, sel.orders, top)
					if err != nil {
						t.Fatal(err)
					}
					var got []NGramRow
					var tables, wantTables []string
					err = a.EachRanking(sys, sel.kinds, sel.orders, top, func(k scoring.Kind, order int, rows iter.Seq[NGramRow]) error {
						tables = append(tables, fmt.Sprint(k, order))
						for r := range rows {
							if r.Kind != k || r.Order != order {
								t.Fatalf("a %v %d-gram in the ranking of %v %d-grams", r.Kind, r.Order, k, order)
							}
							r.Lines = slices.Clone(r.Lines) // the next row reuses them
							got = append(got, r)
						}
						return nil
					})
					if err != nil {
						t.Fatal(err)
					}
					for _, k := range sel.kinds {
						for _, order := range sel.orders {
							wantTables = append(wantTables, fmt.Sprint(k, order))
						}
					}
					where := fmt.Sprintf("corpus %d, top %d, %v %v, system %d", c.seed, top, sel.kinds, sel.orders, sys)
					if !slices.Equal(tables, wantTables) {
						t.Fatalf("%s: rankings %v; want %v", where, tables, wantTables)
					}
					if !reflect.DeepEqual(got, want) {
						t.Fatalf("%s:\n got %v\nwant %v", where, got, want)
					}
					if top == 0 {
						checkEveryRow(t, where, a, sys, want, sel.kinds, sel.orders)
					}
				}
			}
		}
	}
}

// checkEveryRow checks rows, the rankings of system sys for kinds and
// orders with top 0, against rankings made naively: every n-gram of each
// kind and order above 0, highest count first, then most segments, then
// its text in byte order, with the first MaxRowLines of its segments.
func checkEveryRow(t *testing.T, where string, a *Analysis, sys int, rows []NGramRow, kinds []scoring.Kind, orders []int) {
	t.Helper()
	c := a.Counts
	var want []NGramRow
	for _, k := range kinds {
		for _, order := range orders {
			var ranking []NGramRow
			for g := range c.Len() {
				if c.Order(g) == order && c.Count(sys, k, g) > 0 {
					ranking = append(ranking, NGramRow{System: sys, Kind: k, Order: order, ID: g, NGram: c.Text(g),
						Count: c.Count(sys, k, g), Segments: c.SegmentCount(sys, k, g)})
				}
			}
			slices.SortFunc(ranking, func(x, y NGramRow) int {
				return cmp.Or(cmp.Compare(y.Count, x.Count), cmp.Compare(y.Segments, x.Segments), strings.Compare(x.NGram, y.NGram))
			})
			want = append(want, ranking...)
		}
	}
	ties := 0
	for i := range want {
		w := &want[i]
		segs := a.SegmentsOf(sys, w.Kind, w.ID)
		for _, seg := range segs[:min(len(segs), MaxRowLines)] {
			w.Lines = append(w.Lines, seg+1)
		}
		if i > 0 && w.Count == want[i-1].Count && w.Segments == want[i-1].Segments && w.Kind == want[i-1].Kind && w.Order == want[i-1].Order {
			ties++
		}
	}
	if !reflect.DeepEqual(rows, want) {
		t.Fatalf("%s: the rows are not the naive rankings:\n got %v\nwant %v", where, rows, want)
	}
	if ties == 0 {
		t.Fatalf("%s: no ties for the text to decide", where)
	}
}

// TestEachRankingStops: an error from fn ends the rankings and is
// returned; an order out of range is refused before any.
func TestEachRankingStops(t *testing.T) {
	a := mustAnalyze(t, randomDataset(1, 40, 4), DefaultSettings())
	stop := errors.New("stop")
	calls := 0
	err := a.EachRanking(0, Kinds, []int{1, 2}, 0, func(scoring.Kind, int, iter.Seq[NGramRow]) error {
		if calls++; calls == 2 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) || calls != 2 {
		t.Errorf("err %v after %d rankings; want %v after 2", err, calls, stop)
	}
	calls = 0
	err = a.EachRanking(0, Kinds, []int{1, 5}, 0, func(scoring.Kind, int, iter.Seq[NGramRow]) error {
		calls++
		return nil
	})
	if err == nil || calls != 0 {
		t.Errorf("order 5 of 4: err %v after %d rankings; want an error before any", err, calls)
	}
}

// salientEvery is [Analysis.SalientEverySizes] without the sizes.
func salientEvery(a *Analysis, ctx context.Context, sysA, sysB int, k scoring.Kind, orders []int, top int, alpha float64, progress func(done, total int)) ([][]SalientRow, error) {
	out, _, err := a.SalientEverySizes(ctx, sysA, sysB, k, orders, top, alpha, progress)
	return out, err
}
