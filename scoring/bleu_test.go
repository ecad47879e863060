package scoring

import (
	"math"
	"strings"
	"testing"
)

// Papineni et al.'s example, as NLTK's documentation gives it.
var (
	papineniHyp  = "It is a guide to action which ensures that the military always obeys the commands of the party"
	papineniRefs = []string{
		"It is a guide to action that ensures that the military will forever heed Party commands",
		"It is the guiding principle which guarantees the military forces always being under the command of the Party",
		"It is the practical guide for the army always to heed the directions of the party",
	}
)

func opts(f func(*Options)) Options {
	o := DefaultOptions()
	if f != nil {
		f(&o)
	}
	return o
}

func TestSentenceStatsHandChecked(t *testing.T) {
	tests := []struct {
		name         string
		hyp          string
		refs         []string
		opt          Options
		matches      []int
		totals       []int
		hypLen, rLen int
	}{
		{"clipped the", "the the the the the the the", []string{"the cat is on the mat"},
			opts(func(o *Options) { o.MaxOrder = 1; o.Tokenize = "none" }), []int{2}, []int{7}, 7, 6},
		{"clipped by max over refs", "the the the the the the the", []string{"the cat is on the mat", "there is a cat on the mat"},
			opts(func(o *Options) { o.MaxOrder = 1; o.Tokenize = "none" }), []int{2}, []int{7}, 7, 7},
		{"papineni", papineniHyp, papineniRefs, DefaultOptions(), []int{17, 10, 7, 4}, []int{18, 17, 16, 15}, 18, 18},
		{"no overlap", "a b c", []string{"x y z"}, DefaultOptions(), []int{0, 0, 0, 0}, []int{3, 2, 1, 0}, 3, 3},
		{"tie goes to shorter ref", "a b c d e", []string{"a b c d e f", "a b c d"}, DefaultOptions(), []int{5, 4, 3, 2}, []int{5, 4, 3, 2}, 5, 4},
		{"empty ref counts as length 0", "", []string{""}, DefaultOptions(), []int{0, 0, 0, 0}, []int{0, 0, 0, 0}, 0, 0},
		{"13a splits punctuation", "Hello, world!", []string{"Hello , world !"}, DefaultOptions(), []int{4, 3, 2, 1}, []int{4, 3, 2, 1}, 4, 4},
		{"lowercase", "The CAT", []string{"the cat"}, opts(func(o *Options) { o.Lowercase = true; o.MaxOrder = 2 }), []int{2, 1}, []int{2, 1}, 2, 2},
		{"nltk totals at least 1", "a", []string{"a"}, opts(func(o *Options) { o.Compat = CompatNLTK }), []int{1, 0, 0, 0}, []int{1, 1, 1, 1}, 1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, err := SentenceStats(tt.hyp, tt.refs, tt.opt)
			if err != nil {
				t.Fatal(err)
			}
			for n := range tt.matches {
				if st.Matches[n] != tt.matches[n] || st.Totals[n] != tt.totals[n] {
					t.Errorf("order %d: %d/%d; want %d/%d", n+1, st.Matches[n], st.Totals[n], tt.matches[n], tt.totals[n])
				}
			}
			if st.HypLen != tt.hypLen || st.RefLen != tt.rLen {
				t.Errorf("lengths c=%d r=%d; want c=%d r=%d", st.HypLen, st.RefLen, tt.hypLen, tt.rLen)
			}
			d, err := Explain(tt.hyp, tt.refs, tt.opt)
			if err != nil {
				t.Fatal(err)
			}
			if d.Stats != st {
				t.Errorf("Explain stats %+v; Scorer stats %+v", d.Stats, st)
			}
		})
	}
}

func TestComputeHandChecked(t *testing.T) {
	// "the the ..." against "the cat is on the mat": unigram precision 2/7.
	r, err := SentenceBLEU("the the the the the the the", []string{"the cat is on the mat"},
		opts(func(o *Options) { o.MaxOrder = 1; o.Tokenize = "none" }))
	if err != nil {
		t.Fatal(err)
	}
	if want := 100 * 2.0 / 7; r.Precisions[0] != want || r.Score != math.Exp(math.Log(want)) {
		t.Errorf("p1 = %v, score %v; want %v", r.Precisions[0], r.Score, want)
	}

	// Papineni's candidate 1: NLTK's 0.5045666840058485, on a 0-100 scale.
	r, _ = SentenceBLEU(papineniHyp, papineniRefs, DefaultOptions())
	if math.Abs(r.Score-50.45666840058485) > 1e-9 {
		t.Errorf("papineni score %v; want 50.45666840058485", r.Score)
	}

	// "It is" against the same references: c=2, r=16, BP=exp(1-16/2).
	r, _ = SentenceBLEU("It is", papineniRefs, SentenceOptions())
	if r.RefLen != 16 || r.SysLen != 2 || r.BP != math.Exp(1-8.0) {
		t.Errorf("it is: c=%d r=%d bp=%v; want c=2 r=16 bp=%v", r.SysLen, r.RefLen, r.BP, math.Exp(-7.0))
	}
	if r.EffOrder != 2 {
		t.Errorf("it is: effective order %d; want 2", r.EffOrder)
	}

	// Identical text scores exp(log(100)), which is not exactly 100.
	r, _ = SentenceBLEU("The cat sat on the mat.", []string{"The cat sat on the mat."}, DefaultOptions())
	if r.Score != 100.00000000000004 {
		t.Errorf("identical: %v; want 100.00000000000004", r.Score)
	}
}

func TestComputeSmoothing(t *testing.T) {
	// hyp "a b c d" against "a b x d": matches 3,1,0,0 of 4,3,2,1.
	st, _ := SentenceStats("a b c d", []string{"a b x d"}, DefaultOptions())
	tests := []struct {
		smooth string
		value  float64
		eff    bool
		prec   []float64
		counts []float64
	}{
		{SmoothExp, 0, false, []float64{75, 100.0 / 3, 100 / (2 * 2.0), 100 / (4 * 1.0)}, []float64{3, 1, 0, 0}},
		{SmoothFloor, 0.1, false, []float64{75, 100.0 / 3, 100 * 0.1 / 2, 100 * 0.1 / 1}, []float64{3, 1, 0, 0}},
		{SmoothNone, 0, false, []float64{75, 100.0 / 3, 0, 0}, []float64{3, 1, 0, 0}},
		{SmoothAddK, 1, false, []float64{75, 100 * 2.0 / 4, 100 * 1.0 / 3, 100 * 1.0 / 2}, []float64{3, 2, 1, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.smooth, func(t *testing.T) {
			o := opts(func(o *Options) { o.Smooth, o.SmoothValue, o.EffectiveOrder = tt.smooth, tt.value, tt.eff })
			r := Compute(st, o)
			for n := range tt.prec {
				if r.Precisions[n] != tt.prec[n] || r.Counts[n] != tt.counts[n] {
					t.Errorf("order %d: p=%v count=%v; want p=%v count=%v", n+1, r.Precisions[n], r.Counts[n], tt.prec[n], tt.counts[n])
				}
			}
			if tt.smooth == SmoothNone && r.Score != 0 {
				t.Errorf("none with a zero precision scores %v; want 0", r.Score)
			}
		})
	}
}

func TestComputeEarlyReturnAndEffectiveOrder(t *testing.T) {
	// No match at any order: 0 before smoothing, precisions all 0.
	st, _ := SentenceStats("a b c", []string{"x y z"}, DefaultOptions())
	r := Compute(st, opts(func(o *Options) { o.Smooth = SmoothAddK; o.SmoothValue = 1 }))
	if r.Score != 0 || !r.NoMatch || r.Counts[1] != 0 || r.Precisions[0] != 0 {
		t.Errorf("no match: %+v; want score 0, counts untouched", r)
	}
	// Effective order drops orders with zero totals, not zero matches.
	st, _ = SentenceStats("a b", []string{"a c"}, DefaultOptions())
	r = Compute(st, SentenceOptions())
	if r.EffOrder != 2 || r.Cut != 3 {
		t.Errorf("eff order %d cut %d; want 2 and 3", r.EffOrder, r.Cut)
	}
	// CPython: math.exp((math.log(50) + math.log(50)) / 2) == 49.99999999999999
	if want := 49.99999999999999; r.Score != want {
		t.Errorf("score %v; want %v", r.Score, want)
	}
}

func TestBrevityPenalty(t *testing.T) {
	for _, tt := range []struct {
		c, r int
		want float64
	}{{10, 10, 1}, {12, 10, 1}, {0, 5, 0}, {0, 0, 1}, {5, 10, math.Exp(1 - 2.0)}} {
		if got := BrevityPenalty(tt.c, tt.r); got != tt.want {
			t.Errorf("BrevityPenalty(%d, %d) = %v; want %v", tt.c, tt.r, got, tt.want)
		}
	}
}

func TestSignature(t *testing.T) {
	tests := []struct {
		opt   Options
		nrefs int
		long  string
		short string
	}{
		{DefaultOptions(), 1, "nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:X", "#:1|c:mixed|e:no|tok:13a|s:exp|v:X"},
		{opts(func(o *Options) { o.Lowercase, o.EffectiveOrder, o.Tokenize = true, true, "intl" }), 2,
			"nrefs:2|case:lc|eff:yes|tok:intl|smooth:exp|version:X", "#:2|c:lc|e:yes|tok:intl|s:exp|v:X"},
		{opts(func(o *Options) { o.Smooth, o.SmoothValue = SmoothFloor, 0.1 }), VariableRefs,
			"nrefs:var|case:mixed|eff:no|tok:13a|smooth:floor[0.10]|version:X", "#:var|c:mixed|e:no|tok:13a|s:floor[0.10]|v:X"},
		{opts(func(o *Options) { o.Smooth, o.SmoothValue = SmoothAddK, 1 }), 1,
			"nrefs:1|case:mixed|eff:no|tok:13a|smooth:add-k[1.00]|version:X", "#:1|c:mixed|e:no|tok:13a|s:add-k[1.00]|v:X"},
	}
	for _, tt := range tests {
		if got := Signature(tt.opt, tt.nrefs, "X"); got != tt.long {
			t.Errorf("Signature = %q; want %q", got, tt.long)
		}
		if got := ShortSignature(tt.opt, tt.nrefs, "X"); got != tt.short {
			t.Errorf("ShortSignature = %q; want %q", got, tt.short)
		}
	}
}

func TestVerbose(t *testing.T) {
	r, _ := CorpusBLEU(
		[]string{"The dog bit the man.", "It wasn't surprising.", "The man had just bitten him."},
		[][]string{
			{"The dog bit the man.", "It was not unexpected.", "The man bit him first."},
			{"The dog had bit the man.", "No one was surprised.", "The man had bitten the dog."},
		}, DefaultOptions())
	want := "BLEU = 48.53 82.4/50.0/45.5/37.5 (BP = 0.943 ratio = 0.944 hyp_len = 17 ref_len = 18)"
	if got := r.Verbose(2); got != want {
		t.Errorf("Verbose = %q; want %q", got, want)
	}
}

// TestVerboseInfinite: add-k with a smooth value near the largest float
// makes sacrebleu's precisions overflow to inf (100 * (c + k) / (t + k));
// its lines spell them as Python does, "inf", never Go's "+Inf".
func TestVerboseInfinite(t *testing.T) {
	o := DefaultOptions()
	o.Smooth, o.SmoothValue = SmoothAddK, 1e308
	r, _ := CorpusBLEU([]string{"the cat sat on the mat"}, [][]string{{"the cat is on the mat"}}, o)
	want := "BLEU = inf 83.3/inf/inf/inf (BP = 1.000 ratio = 1.000 hyp_len = 6 ref_len = 6)"
	if got := r.Verbose(2); got != want {
		t.Errorf("Verbose = %q; want %q", got, want)
	}
	if got, want := r.CLIText("sig"), "BLEU|sig = inf 83.3/inf/inf/inf (BP = 1.000 ratio = 1.000 hyp_len = 6 ref_len = 6)"; got != want {
		t.Errorf("CLIText = %q; want %q", got, want)
	}
}

func TestScoreEqualsCompute(t *testing.T) {
	st, _ := SentenceStats(papineniHyp, papineniRefs, DefaultOptions())
	for _, sm := range SmoothNames {
		o := opts(func(o *Options) { o.Smooth, o.SmoothValue = sm, DefaultSmoothValue(sm) })
		r := Compute(st, o)
		if s := Score(st, o); s != r.Score {
			t.Errorf("%s: Score %v != Compute %v", sm, s, r.Score)
		}
		sum := 0.0
		for n, l := range r.Logs {
			if l != math.Log(r.Precisions[n]) && math.Abs(l-math.Log(r.Precisions[n])) > 1e-15 {
				t.Errorf("%s: log p%d = %v; want log(%v)", sm, n+1, l, r.Precisions[n])
			}
			sum += l
		}
		if len(r.Logs) != r.EffOrder || sum != r.LogSum || r.Score != r.BP*crExp(r.LogSum/float64(r.EffOrder)) {
			t.Errorf("%s: logs %v (sum %v) do not make score %v", sm, r.Logs, r.LogSum, r.Score)
		}
		if n := testing.AllocsPerRun(10, func() { Score(st, o) }); n != 0 {
			t.Errorf("Score allocates %v times", n)
		}
	}
}

func TestSignatureVersion(t *testing.T) {
	// A signature must never read like one of sacrebleu's (version:2.6.0).
	sig := Signature(DefaultOptions(), 1, SignatureVersion)
	if want := "|version:bleuscope-" + Version; !strings.HasSuffix(sig, want) {
		t.Errorf("Signature = %q; want it to end %q", sig, want)
	}
}

func TestBrevityExponent(t *testing.T) {
	for _, tt := range []struct {
		c, r int
		want float64
	}{{2, 16, -7}, {4, 5, -0.25}, {18, 18, 0}, {10, 5, 0.5}} {
		if got := BrevityExponent(tt.c, tt.r); got != tt.want {
			t.Errorf("BrevityExponent(%d, %d) = %v; want %v", tt.c, tt.r, got, tt.want)
		}
	}
	// The penalty is exp of the exponent: exp(1 − 5/4) = exp(−0.25).
	if got, want := BrevityPenalty(4, 5), crExp(BrevityExponent(4, 5)); got != want {
		t.Errorf("BrevityPenalty(4, 5) = %v; want exp(−0.25) = %v", got, want)
	}
}

func TestLogMean(t *testing.T) {
	// "a b" against "a c": p1 = p2 = 50, so the mean of the logs is ln 50.
	st, _ := SentenceStats("a b", []string{"a c"}, DefaultOptions())
	r := Compute(st, SentenceOptions())
	if r.LogMean != crLog(50) || math.Abs(r.LogMean-3.912023005428146) > 1e-15 {
		t.Errorf("LogMean = %v; want ln 50 = 3.912023005428146", r.LogMean)
	}
	if r.GeoMean != crExp(r.LogMean) {
		t.Errorf("GeoMean = %v; want exp(LogMean) = %v", r.GeoMean, crExp(r.LogMean))
	}
	// The mean is over the orders in it: "a" against "a" has one order
	// with effective order on (ln 100), two with it off (p2 = 0 stands at
	// sacrebleu's −9999999999).
	st, _ = SentenceStats("a", []string{"a"}, opts(func(o *Options) { o.MaxOrder = 2 }))
	on := Compute(st, opts(func(o *Options) { o.MaxOrder, o.EffectiveOrder = 2, true }))
	if on.EffOrder != 1 || on.LogMean != crLog(100) {
		t.Errorf("effective order on: EffOrder %d LogMean %v; want 1 and ln 100", on.EffOrder, on.LogMean)
	}
	off := Compute(st, opts(func(o *Options) { o.MaxOrder = 2 }))
	if want := (crLog(100) - 9999999999) / 2; off.EffOrder != 2 || off.LogMean != want {
		t.Errorf("effective order off: EffOrder %d LogMean %v; want 2 and %v", off.EffOrder, off.LogMean, want)
	}
	// In nltk compat the weights are in LogSum already: LogMean is LogSum.
	nltk := opts(func(o *Options) { o.Compat = CompatNLTK })
	st, _ = SentenceStats(papineniHyp, papineniRefs, nltk)
	n, err := Evaluate(st, nltk, LastSegment{})
	if err != nil {
		t.Fatal(err)
	}
	if n.LogMean != n.LogSum || n.GeoMean != crExp(n.LogMean) {
		t.Errorf("nltk: LogMean %v LogSum %v GeoMean %v; want LogMean = LogSum and GeoMean = exp of it", n.LogMean, n.LogSum, n.GeoMean)
	}
}
