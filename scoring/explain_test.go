package scoring

import (
	"context"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestExplainLedger(t *testing.T) {
	opt := opts(func(o *Options) { o.Tokenize = "none"; o.MaxOrder = 2 })
	d, err := Explain("the the cat the", []string{"the cat sat", "the the dog"}, opt)
	if err != nil {
		t.Fatal(err)
	}
	the := d.Orders[0].Clips[0]
	want := Clip{NGram: "the", HypCount: 3, RefCounts: []int{1, 2}, RefMax: 2, MaxRef: 1,
		Matched: 2, Clipped: 1, Positions: []int{0, 1, 3}, RefPositions: [][]int{{0}, {0, 1}}}
	if !reflect.DeepEqual(the, want) {
		t.Errorf("clip of \"the\" = %+v\nwant %+v", the, want)
	}
	cat := d.Orders[0].Clips[1]
	if cat.NGram != "cat" || cat.MaxRef != 0 || cat.Matched != 1 {
		t.Errorf("clip of cat = %+v; want max from ref 0 (first on ties), matched 1", cat)
	}
	bigrams := d.Orders[1]
	var names []string
	for _, c := range bigrams.Clips {
		names = append(names, c.NGram)
	}
	if got := strings.Join(names, "|"); got != "the the|the cat|cat the" {
		t.Errorf("bigrams in first-occurrence order = %q", got)
	}
	if bigrams.Matches != 2 || bigrams.Total != 3 {
		t.Errorf("bigrams %d/%d; want 2/3", bigrams.Matches, bigrams.Total)
	}
	if d.ClosestRef != 0 || d.Stats.RefLen != 3 {
		t.Errorf("closest ref %d (r=%d); want ref 0, shorter on tie, r=3", d.ClosestRef, d.Stats.RefLen)
	}
}

// checkInvariants asserts what must hold for any segment and options.
func checkInvariants(t *testing.T, hyp string, refs []string, opt Options) {
	t.Helper()
	st, err := SentenceStats(hyp, refs, opt)
	if err != nil {
		t.Fatal(err)
	}
	d, err := Explain(hyp, refs, opt)
	if err != nil {
		t.Fatal(err)
	}
	if d.Stats != st {
		t.Fatalf("ledger %+v disagrees with stats %+v for %q %q", d.Stats, st, hyp, refs)
	}
	for _, od := range d.Orders {
		if naive := naiveOrder(d.Hyp, d.Refs, od.N); !sameLedger(od, naive) && !(opt.Compat == CompatNLTK && od.Total == 1 && naive.Total == 0) {
			t.Fatalf("order %d ledger %+v; naive %+v", od.N, od, naive)
		}
		for _, c := range od.Clips {
			if c.Matched > c.HypCount || c.Matched+c.Clipped != c.HypCount || len(c.Positions) != c.HypCount {
				t.Fatalf("bad clip %+v", c)
			}
		}
	}
	r := Compute(st, opt)
	if r.Score < 0 || r.Score > 100+1e-9 || math.IsNaN(r.Score) {
		t.Fatalf("score %v out of range for %q %q", r.Score, hyp, refs)
	}
	streams := make([][]string, len(refs))
	for k, ref := range refs {
		streams[k] = []string{ref}
	}
	c, err := CorpusBLEU([]string{hyp}, streams, opt)
	if err != nil {
		t.Fatal(err)
	}
	if c.Score != r.Score {
		t.Fatalf("sentence %v != one-segment corpus %v", r.Score, c.Score)
	}
	if len(d.Hyp) >= opt.MaxOrder {
		same, _ := SentenceBLEU(hyp, []string{hyp}, opt)
		if math.Abs(same.Score-100) > 1e-9 {
			t.Fatalf("identical text %q scores %v", hyp, same.Score)
		}
	}
}

func FuzzSegment(f *testing.F) {
	f.Add("the the the the the the the", "the cat is on the mat", "there is a cat on the mat", uint8(0))
	f.Add(papineniHyp, papineniRefs[0], papineniRefs[1], uint8(7))
	f.Add("", "", "x", uint8(3))
	f.Add("a\u0085b c.d,e 1,000.5 -- 中文字", "a b", "İstanbul ΣΑΣ", uint8(200))
	f.Fuzz(func(t *testing.T, hyp, ref1, ref2 string, knobs uint8) {
		opt := DefaultOptions()
		opt.Tokenize = TokenizerNames[int(knobs)%len(TokenizerNames)]
		opt.Lowercase = knobs&8 != 0
		opt.Smooth = SmoothNames[int(knobs>>4)%len(SmoothNames)]
		opt.SmoothValue = DefaultSmoothValue(opt.Smooth)
		opt.EffectiveOrder = knobs&64 != 0
		opt.MaxOrder = 1 + int(knobs)%MaxOrderLimit
		if knobs&128 != 0 {
			opt.Compat = CompatNLTK
		}
		checkInvariants(t, hyp, []string{ref1, ref2}, opt)
	})
}

func TestScoreSegmentsMatchesSentenceStats(t *testing.T) {
	hyps := []string{papineniHyp, "It is", "", "the the the", "a b c d e f g"}
	refs := [][]string{papineniRefs, papineniRefs, {"x"}, {"the cat"}, {"a b c", "d e f g"}}
	got := make([]Stats, len(hyps))
	err := ScoreSegments(context.Background(), len(hyps), DefaultOptions(), 6, func(i int, out []string) (string, []string) {
		return hyps[i], append(out, refs[i]...)
	}, func(i int, st Stats) { got[i] = st })
	if err != nil {
		t.Fatal(err)
	}
	for i := range hyps {
		want, _ := SentenceStats(hyps[i], refs[i], opts(func(o *Options) { o.MaxOrder = 6 }))
		if got[i] != want {
			t.Errorf("segment %d: %+v; want %+v", i, got[i], want)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := CorpusStats(ctx, 10000, DefaultOptions(), func(i int, out []string) (string, []string) { return "a", append(out, "a") }); err == nil {
		t.Error("cancelled CorpusStats returned no error")
	}
}

func TestScorerLongSegment(t *testing.T) {
	// Many distinct tokens and a high order: ids beyond 16 bits must not collide.
	var b strings.Builder
	for i := 0; i < 70000; i++ {
		b.WriteString("w")
		b.WriteString(strings.Repeat("x", i%7))
		b.WriteString(string(rune('a' + i%26)))
		b.WriteString(string(rune('a' + (i/26)%26)))
		b.WriteString(string(rune('a' + (i/676)%26)))
		b.WriteString(" ")
	}
	hyp := b.String()
	opt := opts(func(o *Options) { o.MaxOrder = 9; o.Tokenize = "none" })
	checkInvariants(t, hyp, []string{hyp[:len(hyp)/2], hyp[len(hyp)/3:]}, opt)
}

func TestScoreSystemsMatchesSegment(t *testing.T) {
	sys := [][]string{
		{papineniHyp, "It is", "", "the the the"},
		{"It is a guide", "It is the guiding principle", "x", "the cat"},
		{"", "", "", ""},
	}
	refs := [][]string{papineniRefs, papineniRefs, {"x"}, {"the cat", "a cat"}}
	opt := opts(func(o *Options) { o.Lowercase = true })
	got := make([][]Stats, len(refs))
	err := ScoreSystems(context.Background(), len(refs), opt, 5, func(i int, hyps, out []string) ([]string, []string) {
		for _, s := range sys {
			hyps = append(hyps, s[i])
		}
		return hyps, append(out, refs[i]...)
	}, func(i int, st []Stats) { got[i] = append([]Stats(nil), st...) })
	if err != nil {
		t.Fatal(err)
	}
	for i := range refs {
		for k := range sys {
			want, _ := SentenceStats(sys[k][i], refs[i], opts(func(o *Options) { o.Lowercase, o.MaxOrder = true, 5 }))
			if got[i][k] != want {
				t.Errorf("segment %d system %d: %+v; want %+v", i, k, got[i][k], want)
			}
		}
	}
}

// naiveOrder is the clip ledger of order n computed the obvious way, with
// n-grams joined into strings: the reference Explain is checked against.
func naiveOrder(hyp []string, refs [][]string, n int) OrderDetail {
	occurrences := func(toks []string) (map[string][]int, []string) {
		pos := map[string][]int{}
		var order []string
		for i := 0; i+n <= len(toks); i++ {
			g := strings.Join(toks[i:i+n], " ")
			if _, seen := pos[g]; !seen {
				order = append(order, g)
			}
			pos[g] = append(pos[g], i)
		}
		return pos, order
	}
	od := OrderDetail{N: n}
	hpos, order := occurrences(hyp)
	rpos := make([]map[string][]int, len(refs))
	for k, r := range refs {
		rpos[k], _ = occurrences(r)
	}
	for _, g := range order {
		c := Clip{NGram: g, HypCount: len(hpos[g]), Positions: hpos[g], MaxRef: -1}
		for k := range refs {
			p := rpos[k][g]
			c.RefCounts = append(c.RefCounts, len(p))
			c.RefPositions = append(c.RefPositions, p)
			if len(p) > c.RefMax {
				c.RefMax, c.MaxRef = len(p), k
			}
		}
		c.Matched = min(c.HypCount, c.RefMax)
		c.Clipped = c.HypCount - c.Matched
		od.Matches += c.Matched
		od.Total += c.HypCount
		od.Clips = append(od.Clips, c)
	}
	return od
}

// sameLedger reports whether two ledgers list the same clips, treating nil
// and empty slices alike.
func sameLedger(a, b OrderDetail) bool {
	if a.N != b.N || a.Matches != b.Matches || a.Total != b.Total || len(a.Clips) != len(b.Clips) {
		return false
	}
	for i := range a.Clips {
		x, y := a.Clips[i], b.Clips[i]
		if x.NGram != y.NGram || x.HypCount != y.HypCount || x.RefMax != y.RefMax || x.MaxRef != y.MaxRef ||
			x.Matched != y.Matched || x.Clipped != y.Clipped || !slices.Equal(x.Positions, y.Positions) ||
			!slices.Equal(x.RefCounts, y.RefCounts) || len(x.RefPositions) != len(y.RefPositions) {
			return false
		}
		for k := range x.RefPositions {
			if !slices.Equal(x.RefPositions[k], y.RefPositions[k]) {
				return false
			}
		}
	}
	return true
}

func TestOrderDetailTally(t *testing.T) {
	refs := []string{"the cat is on the mat", "there is a cat on the mat"}
	tests := []struct {
		hyp   string
		order int
		want  ClipTally
	}{
		// Seven "the", which a reference has at most twice: 5 cut.
		{"the the the the the the the", 1, ClipTally{Occurrences: 7, Found: 7, Clipped: 5}},
		// Six "the the", in no reference.
		{"the the the the the the the", 2, ClipTally{Occurrences: 6, Unmatched: 6}},
		// the ×3 (max 2), cat ×2 (max 1), on, mat: 2 cut of 7.
		{"the cat the cat on the mat", 1, ClipTally{Occurrences: 7, Found: 7, Clipped: 2}},
		// "the cat" ×2 (max 1), "cat the" in none, "cat on", "on the",
		// "the mat" once each: 1 cut, 1 unmatched, 4 matches.
		{"the cat the cat on the mat", 2, ClipTally{Occurrences: 6, Found: 5, Clipped: 1, Unmatched: 1}},
	}
	for _, tt := range tests {
		d, err := Explain(tt.hyp, refs, opts(func(o *Options) { o.Tokenize = "none" }))
		if err != nil {
			t.Fatal(err)
		}
		od := d.Orders[tt.order-1]
		if got := od.Tally(); got != tt.want {
			t.Errorf("Explain(%q).Orders[%d].Tally() = %+v; want %+v", tt.hyp, tt.order-1, got, tt.want)
		}
		if got := od.Tally(); got.Found-got.Clipped != od.Matches {
			t.Errorf("%q order %d: Found − Clipped = %d; want Matches = %d", tt.hyp, tt.order, got.Found-got.Clipped, od.Matches)
		}
	}
}

// TestOrderDetailPrecisions: the precision without clipping counts every
// occurrence a reference has, the one with it is the order's precision
// in BLEU's score (bit for bit, where smoothing leaves it), and both are
// 0 for an order with no n-gram.
func TestOrderDetailPrecisions(t *testing.T) {
	refs := []string{"the cat is on the mat", "there is a cat on the mat"}
	for _, c := range []struct {
		hyp              string
		order            int
		simple, modified float64
	}{
		{"the the the the the the the", 1, 100, 100 * 2.0 / 7}, // 7 found, 2 after clipping
		{"the cat the cat on the mat", 2, 100 * 5.0 / 6, 100 * 4.0 / 6},
		{"the cat", 2, 100, 100},
		{"the", 2, 0, 0}, // no bigram at all
	} {
		opt := SentenceOptions()
		d, err := Explain(c.hyp, refs, opt)
		if err != nil {
			t.Fatal(err)
		}
		simple, modified := d.Orders[c.order-1].Precisions()
		if simple != c.simple || modified != c.modified {
			t.Errorf("%q order %d: Precisions() = %v, %v; want %v, %v", c.hyp, c.order, simple, modified, c.simple, c.modified)
		}
		res, err := Evaluate(d.Stats, opt, LastSegment{})
		if err != nil {
			t.Fatal(err)
		}
		if c.order <= res.EffOrder && !res.Smoothed[c.order-1] && res.Precisions[c.order-1] != modified {
			t.Errorf("%q order %d: modified precision %v; the score's is %v", c.hyp, c.order, modified, res.Precisions[c.order-1])
		}
	}
}
