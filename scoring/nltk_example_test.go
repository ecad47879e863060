package scoring_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/bleuscope/bleuscope/scoring"
)

var (
	exHyp  = strings.Fields("It is a guide to action which ensures that the military always obeys the commands of the party")
	exRef1 = strings.Fields("It is a guide to action that ensures that the military will forever heed Party commands")
	exRef2 = strings.Fields("It is the guiding principle which guarantees the military forces always being under the command of the Party")
	exRef3 = strings.Fields("It is the practical guide for the army always to heed the directions of the party")
	exRefs = [][]string{exRef1, exRef2, exRef3}
	exW4   = []float64{0.25, 0.25, 0.25, 0.25}
)

func ExampleNLTKSentenceBLEU() {
	s, err := scoring.NLTKSentenceBLEU(exRefs, exHyp, exW4, scoring.DefaultNLTKSmoothing(), false)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%.10f int:%v warnings:%d\n", s.Value, s.IsInt, s.Warnings)

	// No unigram in common: NLTK returns the int 0, before any smoothing.
	s, _ = scoring.NLTKSentenceBLEU(exRefs, []string{"nothing", "here"}, exW4, scoring.DefaultNLTKSmoothing(), false)
	fmt.Printf("%v int:%v\n", s.Value, s.IsInt)
	// Output:
	// 0.5045666840 int:false warnings:0
	// 0 int:true
}

func ExampleNLTKCorpusBLEU() {
	hyp2 := strings.Fields("he read the book because he was interested in world history")
	ref2 := strings.Fields("he was interested in world history because he read the book")
	s, err := scoring.NLTKCorpusBLEU([][][]string{exRefs, {ref2}}, [][]string{exHyp, hyp2}, exW4, scoring.DefaultNLTKSmoothing(), false)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%.10f\n", s.Value)
	// Output: 0.5920778869
}

func ExampleNLTKCorpusBLEUMulti() {
	weights := [][]float64{{1}, {0.5, 0.5}, exW4}
	scores, err := scoring.NLTKCorpusBLEUMulti([][][]string{exRefs}, [][]string{exHyp}, weights, scoring.DefaultNLTKSmoothing(), false)
	if err != nil {
		panic(err)
	}
	for i, s := range scores {
		fmt.Printf("%d weights: %.4f\n", len(weights[i]), s.Value)
	}
	// Output:
	// 1 weights: 0.9444
	// 2 weights: 0.7454
	// 4 weights: 0.5046
}

func ExampleNLTKModifiedPrecision() {
	refs := [][]string{strings.Fields("the cat is on the mat"), strings.Fields("there is a cat on the mat")}
	num, den, _ := scoring.NLTKModifiedPrecision(refs, strings.Fields("the the the the the the the"), 1)
	fmt.Printf("%d/%d\n", num, den)

	// The Fraction is not normalised, as in NLTK.
	num, den, _ = scoring.NLTKModifiedPrecision([][]string{{"a", "b"}}, strings.Fields("a a b b"), 1)
	fmt.Printf("%d/%d\n", num, den)
	// Output:
	// 2/7
	// 2/4
}

func ExampleNLTKClosestRefLength() {
	a := func(n int) []string { return strings.Fields(strings.Repeat("a ", n)) }
	r, _ := scoring.NLTKClosestRefLength([][]string{a(13), a(11)}, 12) // a tie goes to the shorter
	fmt.Println(r)
	_, err := scoring.NLTKClosestRefLength(nil, 12)
	fmt.Println(err)
	// Output:
	// 11
	// scoring: nltk: ValueError: min() arg is an empty sequence
}

func ExampleNLTKBrevityPenalty() {
	for _, c := range [][2]int{{28, 12}, {12, 12}, {11, 12}, {5, 0}} {
		bp := scoring.NLTKBrevityPenalty(c[0], c[1])
		fmt.Printf("r=%d c=%d: %.4f int:%v\n", c[0], c[1], bp.Value, bp.IsInt)
	}
	// Output:
	// r=28 c=12: 0.2636 int:false
	// r=12 c=12: 1.0000 int:false
	// r=11 c=12: 1.0000 int:true
	// r=5 c=0: 0.0000 int:true
}

func ExampleDefaultNLTKSmoothing() {
	sm := scoring.DefaultNLTKSmoothing()
	fmt.Printf("%+v\n", sm)
	sm.Method = 7
	s, _ := scoring.NLTKSentenceBLEU([][]string{exRef1}, exHyp, exW4, sm, false)
	fmt.Printf("method7: %.4f\n", s.Value)
	// Output:
	// {Method:0 Epsilon:0.1 Alpha:5 K:5}
	// method7: 0.4905
}

func ExampleNLTKSegmentTotals() {
	t, err := scoring.NLTKSegmentTotals(exRefs, exHyp, 4)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%+v\n", t)
	// Output: {Num:[17 10 7 4] Den:[18 17 16 15] HypLen:18 RefLen:18}
}

// Scoring a corpus from summed statistics: only the running totals and the
// last segment are kept.
func ExampleNLTKCorpusFromTotals() {
	refs := [][][]string{exRefs, {{"a", "b", "c", "d"}}, {{"x", "y"}}}
	hyps := [][]string{exHyp, {"a", "b", "c", "d"}, {"x", "y"}}
	var sum scoring.NLTKTotals
	for i := range hyps {
		t, err := scoring.NLTKSegmentTotals(refs[i], hyps[i], 4)
		if err != nil {
			panic(err)
		}
		sum.Add(t)
	}
	last := len(hyps) - 1
	sm := scoring.DefaultNLTKSmoothing()
	sm.Method = 5 // methods 5 to 7 look at the last segment
	s, err := scoring.NLTKCorpusFromTotals(sum, refs[last], hyps[last], exW4, sm, false)
	if err != nil {
		panic(err)
	}
	direct, _ := scoring.NLTKCorpusBLEU(refs, hyps, exW4, sm, false)
	fmt.Printf("%.10f %v\n", s.Value, s == direct)
	// Output: 0.5996121974 true
}

func ExampleNLTKTotals_Add() {
	var sum scoring.NLTKTotals
	a, _ := scoring.NLTKSegmentTotals([][]string{{"a", "b"}}, []string{"a", "b"}, 2)
	b, _ := scoring.NLTKSegmentTotals([][]string{{"c", "d", "e"}}, []string{"c"}, 2)
	sum.Add(a)
	sum.Add(b)
	fmt.Printf("%+v\n", sum)
	// Output: {Num:[3 1] Den:[3 2] HypLen:3 RefLen:5}
}

func ExampleNLTKStepsFromTotals() {
	hyp := strings.Fields("the cat sat on the mat")
	refs := [][]string{strings.Fields("the cat is on the mat")}
	t, _ := scoring.NLTKSegmentTotals(refs, hyp, 4)
	sm := scoring.DefaultNLTKSmoothing()
	sm.Method = 1
	st, err := scoring.NLTKStepsFromTotals(t, refs, hyp, []float64{0.25, 0.25, 0.25, 0.25}, sm, false)
	if err != nil {
		panic(err)
	}
	for n := range st.Num {
		fmt.Printf("p%d = %d/%d -> %.4f %q used:%v\n", n+1, st.Num[n], st.Den[n], st.Smoothed[n], st.Exact[n], st.Used[n])
	}
	fmt.Printf("BP = %.4f, fsum = %.4f, BLEU = %.4f\n", st.BP.Value, st.LogSum, st.Score.Value)
	// Output:
	// p1 = 5/6 -> 0.8333 "5/6" used:true
	// p2 = 3/5 -> 0.6000 "3/5" used:true
	// p3 = 1/4 -> 0.2500 "1/4" used:true
	// p4 = 0/3 -> 0.0333 "" used:true
	// BP = 1.0000, fsum = -1.3702, BLEU = 0.2541
}

func ExampleNLTKError() {
	sm := scoring.DefaultNLTKSmoothing()
	sm.Method = 6
	_, err := scoring.NLTKSentenceBLEU([][]string{{"a", "b"}}, []string{"a", "b"}, exW4, sm, false)
	var ne *scoring.NLTKError
	if errors.As(err, &ne) {
		fmt.Println(ne.Exception)
	}
	fmt.Println(err)
	// Output:
	// AssertionError
	// scoring: nltk: AssertionError: This smoothing method requires non-zero precision for bigrams.
}
