package scoring

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
)

// The Papineni et al. (2002) example as NLTK's documentation gives it.
var (
	papHyp1 = strings.Fields("It is a guide to action which ensures that the military always obeys the commands of the party")
	papHyp2 = strings.Fields("It is to insure the troops forever hearing the activity guidebook that party direct")
	papRef1 = strings.Fields("It is a guide to action that ensures that the military will forever heed Party commands")
	papRef2 = strings.Fields("It is the guiding principle which guarantees the military forces always being under the command of the Party")
	papRef3 = strings.Fields("It is the practical guide for the army always to heed the directions of the party")
	papRefs = [][]string{papRef1, papRef2, papRef3}
)

var uniform4 = []float64{0.25, 0.25, 0.25, 0.25}

func withMethod(m int) NLTKSmoothing {
	s := DefaultNLTKSmoothing()
	s.Method = m
	return s
}

// nltkClose reports got within 1e-12 relative of want.
func nltkClose(got, want float64) bool {
	return got == want || math.Abs(got-want) <= 1e-12*math.Abs(want)
}

// wantFloat fails unless s is the float want (to 1e-12 relative).
func wantFloat(t *testing.T, what string, s NLTKScore, err error, want float64) {
	t.Helper()
	if err != nil || s.IsInt || !nltkClose(s.Value, want) {
		t.Errorf("%s = %+v, %v; want float %v", what, s, err, want)
	}
}

// wantPrefix fails unless s formats with the digits NLTK's doctest shows.
func wantPrefix(t *testing.T, what string, s NLTKScore, err error, prefix string) {
	t.Helper()
	if err != nil || s.IsInt || !strings.HasPrefix(fmt.Sprint(s.Value), prefix) {
		t.Errorf("%s = %+v, %v; want %s...", what, s, err, prefix)
	}
}

func TestNLTKPapineni(t *testing.T) {
	s, err := NLTKSentenceBLEU(papRefs, papHyp1, uniform4, DefaultNLTKSmoothing(), false)
	wantFloat(t, "sentence_bleu(candidate 1)", s, err, 0.5045666840058485)
	if s.Warnings != 0 {
		t.Errorf("candidate 1 warned %d times; want 0", s.Warnings)
	}

	five := []float64{0.1666, 0.1666, 0.1666, 0.1666, 0.1666}
	s, err = NLTKSentenceBLEU(papRefs, papHyp1, five, DefaultNLTKSmoothing(), false)
	wantFloat(t, "sentence_bleu(candidate 1, 5 weights)", s, err, 0.45838627164939455)

	// Candidate 2 has no trigram or 4-gram match: method0 puts
	// sys.float_info.min in their place, warns twice and returns a tiny
	// float, not 0.
	s, err = NLTKSentenceBLEU(papRefs, papHyp2, uniform4, DefaultNLTKSmoothing(), false)
	if err != nil || s.IsInt || s.Value <= 0 || s.Value > 1e-150 || s.Warnings != 2 {
		t.Errorf("sentence_bleu(candidate 2) = %+v, %v; want a float near 5.9e-155 and 2 warnings", s, err)
	}
	s, err = NLTKSentenceBLEU(papRefs, papHyp2, uniform4, withMethod(1), false)
	wantPrefix(t, "sentence_bleu(candidate 2, method1)", s, err, "0.0370")
}

func TestNLTKModifiedPrecision(t *testing.T) {
	the := strings.Fields("the the the the the the the")
	cat := [][]string{strings.Fields("the cat is on the mat"), strings.Fields("there is a cat on the mat")}
	tests := []struct {
		name     string
		refs     [][]string
		hyp      []string
		n        int
		num, den int
		value    float64
	}{
		{"the the the", cat, the, 1, 2, 7, 2.0 / 7},
		{"candidate 1 unigrams", papRefs, papHyp1, 1, 17, 18, 0.9444444444444444},
		{"candidate 1 bigrams", papRefs, papHyp1, 2, 10, 17, 0.5882352941176471},
		{"candidate 2 unigrams", papRefs, papHyp2, 1, 8, 14, 8.0 / 14},
		{"candidate 2 bigrams", papRefs, papHyp2, 2, 1, 13, 1.0 / 13},
		{"of the unigrams", papRefs, []string{"of", "the"}, 1, 2, 2, 1},
		{"of the bigrams", papRefs, []string{"of", "the"}, 2, 1, 1, 1},
		{"not normalised", [][]string{{"a", "b"}}, strings.Fields("a a b b"), 1, 2, 4, 0.5},
		{"order above length", [][]string{{"a", "b"}}, []string{"a", "b"}, 3, 0, 1, 0},
		{"empty hypothesis", [][]string{{"a"}}, nil, 1, 0, 1, 0},
		{"empty reference", [][]string{nil}, []string{"a"}, 1, 0, 1, 0},
		{"case sensitive", [][]string{{"The"}}, []string{"the"}, 1, 0, 1, 0},
		{"order 0", [][]string{{"a"}}, []string{"a"}, 0, 0, 1, 0},
	}
	for _, tt := range tests {
		num, den, err := NLTKModifiedPrecision(tt.refs, tt.hyp, tt.n)
		v, _ := pyFraction(num, den).float()
		if err != nil || num != tt.num || den != tt.den || v != tt.value {
			t.Errorf("NLTKModifiedPrecision(%s) = %d/%d (%v), %v; want %d/%d (%v)", tt.name, num, den, v, err, tt.num, tt.den, tt.value)
		}
	}
}

func TestNLTKBrevityPenalty(t *testing.T) {
	a := func(n int) []string { return strings.Fields(strings.Repeat("a ", n)) }
	tests := []struct {
		name   string
		refs   [][]string
		hypLen int
		want   NLTKScore
	}{
		{"same length", [][]string{a(12), a(15), a(17)}, 12, NLTKScore{Value: 1.0}},
		{"short", [][]string{a(28), a(28)}, 12, NLTKScore{Value: 0.2635971381157267}},
		{"closest is longer", [][]string{a(13), a(2)}, 12, NLTKScore{Value: 0.9200444146293233}},
		{"tie takes the shorter", [][]string{a(13), a(11)}, 12, NLTKScore{Value: 1, IsInt: true}},
		{"tie, other order", [][]string{a(11), a(13)}, 12, NLTKScore{Value: 1, IsInt: true}},
		{"mteval", [][]string{a(11), a(8)}, 7, NLTKScore{Value: 0.8668778997501817}},
		{"mteval exact", [][]string{a(11), a(8), a(6), a(7)}, 7, NLTKScore{Value: 1.0}},
		{"empty hypothesis", [][]string{a(3)}, 0, NLTKScore{Value: 0, IsInt: true}},
	}
	for _, tt := range tests {
		r, err := NLTKClosestRefLength(tt.refs, tt.hypLen)
		if err != nil {
			t.Fatalf("NLTKClosestRefLength(%s): %v", tt.name, err)
		}
		got := NLTKBrevityPenalty(r, tt.hypLen)
		if got.IsInt != tt.want.IsInt || !nltkClose(got.Value, tt.want.Value) {
			t.Errorf("NLTKBrevityPenalty(%s: %d, %d) = %+v; want %+v", tt.name, r, tt.hypLen, got, tt.want)
		}
	}
	if _, err := NLTKClosestRefLength(nil, 3); !isNLTKError(err, "ValueError") {
		t.Errorf("NLTKClosestRefLength(no refs) error = %v; want ValueError", err)
	}
}

func TestNLTKSmoothingMethods(t *testing.T) {
	// SmoothingFunction's doctest in NLTK 3.8: one reference, candidate 1.
	want := []string{"0.4118", "0.4118", "0.4452", "0.4118", "0.4118", "0.4905", "0.4135", "0.4905"}
	for m, prefix := range want {
		s, err := NLTKSentenceBLEU([][]string{papRef1}, papHyp1, uniform4, withMethod(m), false)
		wantPrefix(t, fmt.Sprintf("method%d", m), s, err, prefix)
	}
	if _, err := NLTKSentenceBLEU(papRefs, papHyp1, uniform4, withMethod(8), false); !isNLTKError(err, "AttributeError") {
		t.Errorf("method8 error = %v; want AttributeError", err)
	}
}

func TestNLTKQuirks(t *testing.T) {
	ab := []string{"a", "b"}
	t.Run("int 0 without unigram match", func(t *testing.T) {
		for _, hyp := range [][]string{{"x", "y"}, nil} {
			s, err := NLTKSentenceBLEU([][]string{ab}, hyp, uniform4, withMethod(1), false)
			if err != nil || !s.IsInt || s.Value != 0 || s.Warnings != 0 {
				t.Errorf("sentence_bleu(%q) = %+v, %v; want int 0", hyp, s, err)
			}
		}
	})
	t.Run("method0 uses sys.float_info.min", func(t *testing.T) {
		st, err := nltkSentenceSteps([][]string{{"a", "c"}}, ab, []float64{0.5, 0.5}, withMethod(0), false)
		if err != nil || st.Smoothed[1] != 0x1p-1022 || st.Score.Warnings != 1 {
			t.Fatalf("steps = %+v, %v; want p2 = 2**-1022 and 1 warning", st, err)
		}
		wantFloat(t, "score", st.Score, nil, crExp(0.5*crLog(0.5)+0.5*crLog(0x1p-1022)))
	})
	t.Run("zero after smoothing is dropped", func(t *testing.T) {
		sm := withMethod(1)
		sm.Epsilon = 0
		st, err := nltkSentenceSteps([][]string{{"a", "c"}}, ab, []float64{0.5, 0.5}, sm, false)
		if err != nil || !st.Used[0] || st.Used[1] {
			t.Fatalf("steps = %+v, %v; want bigram dropped", st, err)
		}
		wantFloat(t, "score", st.Score, nil, math.Sqrt(0.5))
	})
	t.Run("auto_reweigh", func(t *testing.T) {
		s, err := NLTKSentenceBLEU([][]string{ab}, ab, uniform4, withMethod(0), true)
		wantFloat(t, "reweighed", s, err, 1)
		if s.Warnings != 2 {
			t.Errorf("reweighed warnings = %d; want 2 (smoothing still sees 4 orders)", s.Warnings)
		}
		s, err = NLTKSentenceBLEU([][]string{ab}, ab, []float64{0.25, 0.25, 0.25, 0.2500001}, withMethod(3), true)
		if err != nil || s.Value >= 0.9 {
			t.Errorf("non-default weights = %+v, %v; want no reweighing", s, err)
		}
	})
	t.Run("segments shorter than n add 1 to the denominator", func(t *testing.T) {
		refs := [][][]string{{{"a", "b", "c", "d"}}, {{"x", "y"}}}
		hyps := [][]string{{"a", "b", "c", "d"}, {"x", "y"}}
		s, err := NLTKCorpusBLEU(refs, hyps, uniform4, DefaultNLTKSmoothing(), false)
		// p = 6/6, 4/4, 2/3, 1/2, so the score is (1/3)**(1/4).
		wantFloat(t, "corpus_bleu", s, err, 0.7598356856515925)
	})
	t.Run("methods 5 to 7 smooth with the last segment", func(t *testing.T) {
		short := [][]string{{"the", "end", "of", "it"}}
		refs := [][][]string{papRefs, short}
		hyps := [][]string{papHyp1, {"the", "end"}}
		a, errA := NLTKCorpusBLEU(refs, hyps, uniform4, withMethod(5), false)
		b, errB := NLTKCorpusBLEU([][][]string{short, papRefs}, [][]string{{"the", "end"}, papHyp1}, uniform4, withMethod(5), false)
		wantFloat(t, "method5, short segment last", a, errA, 0.5017941417620497)
		wantFloat(t, "method5, short segment first", b, errB, 0.5251954874557195)
	})
	t.Run("method5 always takes the 5-gram precision", func(t *testing.T) {
		// p1 = 6/7, p2 = 5/6, p5 = 2/3: (13/7 + 6/7 + 5/6)/3 = 149/126,
		// then (149/126 + 5/6 + 2/3)/3 = 169/189.
		st, err := nltkSentenceSteps([][]string{strings.Fields("a b c d e f")}, strings.Fields("a b c d e f x"), []float64{0.5, 0.5}, withMethod(5), false)
		if err != nil || st.Exact[0] != "149/126" || st.Exact[1] != "169/189" {
			t.Errorf("method5 steps = %q, %v; want [149/126 169/189]", st.Exact, err)
		}
	})
	t.Run("method4 uses the corpus hypothesis length", func(t *testing.T) {
		tot := NLTKTotals{Num: []int{3, 0}, Den: []int{4, 3}, HypLen: 40, RefLen: 40}
		st, err := NLTKStepsFromTotals(tot, nil, []string{"a"}, []float64{0.5, 0.5}, withMethod(4), false)
		want := 1 / (2 * 5 / crLog(40)) / 3
		if err != nil || st.Smoothed[1] != want {
			t.Errorf("method4 p2 = %v, %v; want %v", st.Smoothed, err, want)
		}
	})
	t.Run("method6", func(t *testing.T) {
		_, err := NLTKSentenceBLEU(papRefs, papHyp2, uniform4, withMethod(6), false)
		if !isNLTKError(err, "AssertionError") || !strings.Contains(err.Error(), "bigrams") {
			t.Errorf("method6 without trigram match: %v; want AssertionError", err)
		}
		_, err = NLTKSentenceBLEU(papRefs, papHyp1, []float64{0.5, 0.5}, withMethod(6), false)
		if !isNLTKError(err, "IndexError") {
			t.Errorf("method6 with 2 weights: %v; want IndexError", err)
		}
		// With alpha an int, NLTK keeps method6 in exact Fractions.
		st, err := nltkSentenceSteps([][]string{papRef1}, papHyp1, uniform4, withMethod(6), false)
		if err != nil || st.Exact[2] == "" || st.Exact[3] == "" {
			t.Errorf("method6 steps = %q, %v; want exact Fractions", st.Exact, err)
		}
	})
	t.Run("integral alpha stays exact, fractional alpha is a float", func(t *testing.T) {
		abcd := strings.Fields("a b c d")
		sm := withMethod(6)
		st, err := nltkSentenceSteps([][]string{abcd}, abcd, uniform4, sm, false)
		if err != nil || st.Exact[2] != "1/1" || st.Exact[3] != "1/1" || st.Score.Value != 1 {
			t.Errorf("alpha 5: %q %+v, %v; want Fractions 1/1 and score 1", st.Exact, st.Score, err)
		}
		sm.Alpha = 2.5
		st, err = nltkSentenceSteps([][]string{abcd}, abcd, uniform4, sm, false)
		if err != nil || st.Exact[2] != "" || st.Exact[3] != "" || st.Score.Value != 1 {
			t.Errorf("alpha 2.5: %q %+v, %v; want floats and score 1", st.Exact, st.Score, err)
		}
	})
	t.Run("large totals switch to big.Rat without changing the result", func(t *testing.T) {
		small := NLTKTotals{Num: []int{17, 10, 7, 4}, Den: []int{18, 17, 16, 15}, HypLen: 18, RefLen: 18}
		large := NLTKTotals{Num: make([]int, 4), Den: make([]int, 4), HypLen: 18, RefLen: 18}
		for i := range small.Num {
			large.Num[i], large.Den[i] = small.Num[i]<<33, small.Den[i]<<33
		}
		for _, m := range []int{0, 3, 5} {
			a, errA := NLTKCorpusFromTotals(small, papRefs, papHyp1, uniform4, withMethod(m), false)
			b, errB := NLTKCorpusFromTotals(large, papRefs, papHyp1, uniform4, withMethod(m), false)
			if errA != nil || errB != nil || a != b {
				t.Errorf("method%d: %+v, %v from small totals; %+v, %v from large", m, a, errA, b, errB)
			}
		}
	})
	t.Run("list of weights", func(t *testing.T) {
		ws := [][]float64{{1}, {0.5, 0.5}, uniform4}
		got, err := NLTKCorpusBLEUMulti([][][]string{papRefs}, [][]string{papHyp1}, ws, DefaultNLTKSmoothing(), false)
		if err != nil || len(got) != 3 {
			t.Fatalf("NLTKCorpusBLEUMulti = %v, %v", got, err)
		}
		wantFloat(t, "weights (1)", got[0], nil, 0.9444444444444444)
		wantFloat(t, "weights 0.25 x4", got[2], nil, 0.5045666840058485)
		got, err = NLTKCorpusBLEUMulti([][][]string{{{"z"}}}, [][]string{{"a"}}, ws, DefaultNLTKSmoothing(), false)
		if err != nil || len(got) != 3 || !got[1].IsInt {
			t.Errorf("no match with 3 weight vectors = %v, %v; want three int 0", got, err)
		}
	})
}

func TestNLTKErrors(t *testing.T) {
	d := DefaultNLTKSmoothing()
	tests := []struct {
		name string
		run  func() error
		want string
	}{
		{"no references", func() error {
			_, err := NLTKSentenceBLEU(nil, []string{"a", "b"}, uniform4, d, false)
			return err
		}, "KeyError: ('a',)"},
		{"no references, empty hypothesis", func() error {
			_, err := NLTKSentenceBLEU(nil, nil, uniform4, d, false)
			return err
		}, "ValueError: min() arg is an empty sequence"},
		{"quoted token", func() error {
			_, _, err := NLTKModifiedPrecision(nil, []string{"it's", "x"}, 2)
			return err
		}, `KeyError: ("it's", 'x')`},
		{"lengths differ", func() error {
			_, err := NLTKCorpusBLEU([][][]string{{{"a"}}}, nil, uniform4, d, false)
			return err
		}, "AssertionError: The number of hypotheses and their reference(s) should be the same "},
		{"no weights", func() error {
			_, err := NLTKSentenceBLEU([][]string{{"a"}}, []string{"a"}, nil, d, false)
			return err
		}, "IndexError: tuple index out of range"},
		{"empty corpus", func() error {
			_, err := NLTKCorpusBLEU(nil, nil, uniform4, d, false)
			return err
		}, "ZeroDivisionError: Fraction(0, 0)"},
		{"method4 with k 0", func() error {
			sm := withMethod(4)
			sm.K = 0
			_, err := NLTKSentenceBLEU([][]string{{"a", "b"}}, []string{"a", "c"}, uniform4, sm, false)
			return err
		}, "ZeroDivisionError: float division by zero"},
		{"negative order", func() error {
			_, _, err := NLTKModifiedPrecision([][]string{{"a"}}, []string{"a"}, -1)
			return err
		}, "ValueError: n must be >= 0"},
	}
	for _, tt := range tests {
		err := tt.run()
		if err == nil || err.Error() != "scoring: nltk: "+tt.want {
			t.Errorf("%s: error %v; want %q", tt.name, err, "scoring: nltk: "+tt.want)
		}
	}
	if _, err := NLTKCorpusFromTotals(NLTKTotals{Num: []int{1}, Den: []int{1}}, nil, nil, uniform4, d, false); !errors.Is(err, errNLTKTotals) {
		t.Errorf("too few orders in totals: %v; want %v", err, errNLTKTotals)
	}
}

func TestNLTKPyStrRepr(t *testing.T) {
	tests := map[string]string{
		"a":      `'a'`,
		"it's":   `"it's"`,
		`"'`:     `'"\''`,
		"a\\b":   `'a\\b'`,
		"tab\t":  `'tab\t'`,
		"\x1b[":  `'\x1b['`,
		"\u202e": `'\u202e'`,
		"Straße": `'Straße'`,
		"\u00a0": `'\xa0'`,
	}
	for in, want := range tests {
		if got := pyStrRepr(in); got != want {
			t.Errorf("pyStrRepr(%q) = %s; want %s", in, got, want)
		}
	}
}

func TestNLTKTotalsAdd(t *testing.T) {
	var sum NLTKTotals
	a, _ := NLTKSegmentTotals(papRefs, papHyp1, 4)
	b, _ := NLTKSegmentTotals([][]string{{"x"}}, []string{"x"}, 4)
	// Candidate 1 has p = 17/18, 10/17, 7/16, 4/15; "x" adds 1/1, 0/1, 0/1, 0/1.
	sum.Add(a)
	sum.Add(b)
	want := NLTKTotals{Num: []int{18, 10, 7, 4}, Den: []int{19, 18, 17, 16}, HypLen: 19, RefLen: 19}
	if fmt.Sprint(sum) != fmt.Sprint(want) {
		t.Errorf("sum = %+v; want %+v", sum, want)
	}
}

// nltkSentenceSteps is NLTKStepsFromTotals for one segment.
func nltkSentenceSteps(refs [][]string, hyp []string, w []float64, sm NLTKSmoothing, autoReweigh bool) (NLTKSteps, error) {
	t, err := NLTKSegmentTotals(refs, hyp, len(w))
	if err != nil {
		return NLTKSteps{}, err
	}
	return NLTKStepsFromTotals(t, refs, hyp, w, sm, autoReweigh)
}

func isNLTKError(err error, exception string) bool {
	var ne *NLTKError
	return errors.As(err, &ne) && ne.Exception == exception
}

// naiveModifiedPrecision counts n-grams as joined strings, for comparison.
func naiveModifiedPrecision(refs [][]string, hyp []string, n int) (num, den int) {
	count := func(toks []string) map[string]int {
		m := map[string]int{}
		for i := 0; i+n <= len(toks); i++ {
			m[strings.Join(toks[i:i+n], "\x00")]++
		}
		return m
	}
	h := count(hyp)
	maxRef := map[string]int{}
	for _, r := range refs {
		for k, v := range count(r) {
			maxRef[k] = max(maxRef[k], v)
		}
	}
	for k, v := range h {
		num += min(v, maxRef[k])
		den += v
	}
	return num, max(1, den)
}

func FuzzNLTKSentenceBLEU(f *testing.F) {
	f.Add("a b c d", "a b c d e", "b c d", uint8(0), uint8(4), false)
	f.Add("the the the the", "the cat is on the mat", "there is a cat", uint8(5), uint8(2), true)
	f.Add("x", "", "a b", uint8(6), uint8(3), false)
	f.Add("a b a b a", "b a b a", "", uint8(7), uint8(5), true)
	f.Fuzz(func(t *testing.T, hyp, ref1, ref2 string, method, orders uint8, autoReweigh bool) {
		h := strings.Fields(hyp)
		refs := [][]string{strings.Fields(ref1), strings.Fields(ref2)}
		n := int(orders%6) + 1
		w := make([]float64, n)
		for i := range w {
			w[i] = 1 / float64(n)
		}
		sm := withMethod(int(method % 8))
		s, err := NLTKSentenceBLEU(refs, h, w, sm, autoReweigh)
		st, stErr := nltkSentenceSteps(refs, h, w, sm, autoReweigh)
		if fmt.Sprint(err) != fmt.Sprint(stErr) || s != st.Score {
			t.Fatalf("direct %+v, %v; totals path %+v, %v", s, err, st.Score, stErr)
		}
		if err != nil && !isNLTKError(err, "AssertionError") && !isNLTKError(err, "IndexError") {
			t.Fatalf("unexpected error %v", err)
		}
		if err == nil && (math.IsNaN(s.Value) || s.Value < 0) {
			t.Fatalf("score %+v", s)
		}
		for k := 1; k <= n; k++ {
			num, den, _ := NLTKModifiedPrecision(refs, h, k)
			wn, wd := naiveModifiedPrecision(refs, h, k)
			if num != wn || den != wd {
				t.Fatalf("order %d: %d/%d; naive %d/%d", k, num, den, wn, wd)
			}
		}
	})
}

func BenchmarkNLTKSentenceBLEU(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := NLTKSentenceBLEU(papRefs, papHyp1, uniform4, withMethod(7), false); err != nil {
			b.Fatal(err)
		}
	}
}

func TestNLTKErrorText(t *testing.T) {
	err := fmt.Errorf("wrapped: %w", pyError("ZeroDivisionError", "division by zero"))
	if got := NLTKErrorText(err); got != "ZeroDivisionError: division by zero" {
		t.Errorf("NLTKErrorText = %q", got)
	}
	if got := NLTKErrorText(errNLTKTotals); got != errNLTKTotals.Error() {
		t.Errorf("NLTKErrorText of another error = %q", got)
	}
}
