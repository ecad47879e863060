package scoring_test

import (
	"fmt"

	"github.com/bleuscope/bleuscope/scoring"
)

func ExampleSentenceBLEU() {
	res, err := scoring.SentenceBLEU("The cat sat on the mat.", []string{"The cat sat on the mat."}, scoring.SentenceOptions())
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Score)
	fmt.Println(res.Verbose(2))
	// Output:
	// 100.00000000000004
	// BLEU = 100.00 100.0/100.0/100.0/100.0 (BP = 1.000 ratio = 1.000 hyp_len = 7 ref_len = 7)
}

func ExampleCorpusBLEU() {
	hyps := []string{"The dog bit the man.", "It wasn't surprising.", "The man had just bitten him."}
	refs := [][]string{
		{"The dog bit the man.", "It was not unexpected.", "The man bit him first."},
		{"The dog had bit the man.", "No one was surprised.", "The man had bitten the dog."},
	}
	opt := scoring.DefaultOptions()
	res, err := scoring.CorpusBLEU(hyps, refs, opt)
	if err != nil {
		panic(err)
	}
	fmt.Println(res.CLIText(scoring.Signature(opt, len(refs), "2.6.0")))
	// Output:
	// BLEU|nrefs:2|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0 = 48.5 82.4/50.0/45.5/37.5 (BP = 0.943 ratio = 0.944 hyp_len = 17 ref_len = 18)
}

func ExampleCompute() {
	opt := scoring.DefaultOptions()
	var sum scoring.Stats
	for _, seg := range [][2]string{{"a b c d", "a b c d"}, {"e f", "e g h"}} {
		st, _ := scoring.SentenceStats(seg[0], []string{seg[1]}, opt)
		sum.Add(st) // corpus statistics are sums, never means of scores
	}
	res := scoring.Compute(sum, opt)
	fmt.Printf("%.4f c=%d r=%d matches=%v\n", res.Score, res.SysLen, res.RefLen, res.Counts)
	// Output:
	// 75.2641 c=6 r=7 matches=[5 3 2 1]
}

func ExampleExplain() {
	opt := scoring.DefaultOptions()
	opt.Tokenize, opt.MaxOrder = "none", 1
	d, _ := scoring.Explain("the the the the the the the", []string{"the cat is on the mat"}, opt)
	for _, c := range d.Orders[0].Clips {
		fmt.Printf("%q: %d in hyp, max %d in refs, %d matched, %d clipped\n", c.NGram, c.HypCount, c.RefMax, c.Matched, c.Clipped)
	}
	fmt.Printf("p1 = %d/%d\n", d.Orders[0].Matches, d.Orders[0].Total)
	// Output:
	// "the": 7 in hyp, max 2 in refs, 2 matched, 5 clipped
	// p1 = 2/7
}

func ExampleSignature() {
	opt := scoring.SentenceOptions()
	opt.Smooth, opt.SmoothValue = scoring.SmoothFloor, scoring.DefaultSmoothValue(scoring.SmoothFloor)
	fmt.Println(scoring.Signature(opt, 2, "2.6.0"))
	fmt.Println(scoring.ShortSignature(opt, 2, "2.6.0"))
	// Output:
	// nrefs:2|case:mixed|eff:yes|tok:13a|smooth:floor[0.10]|version:2.6.0
	// #:2|c:mixed|e:yes|tok:13a|s:floor[0.10]|v:2.6.0
}

func ExampleBrevityPenalty() {
	fmt.Printf("%.6f\n", scoring.BrevityPenalty(2, 16)) // "It is" against a 16-token reference
	fmt.Println(scoring.BrevityPenalty(18, 16))
	// Output:
	// 0.000912
	// 1
}

func ExampleEvaluate() {
	opt := scoring.DefaultOptions()
	opt.Compat, opt.Tokenize = scoring.CompatNLTK, "none"
	hyp := "It is a guide to action which ensures that the military always obeys the commands of the party"
	refs := []string{
		"It is a guide to action that ensures that the military will forever heed Party commands",
		"It is the guiding principle which guarantees the military forces always being under the command of the Party",
		"It is the practical guide for the army always to heed the directions of the party",
	}
	st, _ := scoring.SentenceStats(hyp, refs, opt)
	res, err := scoring.Evaluate(st, opt, scoring.LastSegment{Hyp: hyp, Refs: refs})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Score)
	// Output:
	// 0.5045666840058485
}

func ExampleBrevityExponent() {
	// "It is" (c = 2) against a 16-token reference: BP = exp(1 − 16/2).
	fmt.Println(scoring.BrevityExponent(2, 16))
	// Output:
	// -7
}

func ExampleEvaluateUnsmoothed() {
	opt := scoring.SentenceOptions()
	st, _ := scoring.SentenceStats("the cat was on the mat", []string{"the cat sat on the mat"}, opt)
	smoothed, _ := scoring.Evaluate(st, opt, scoring.LastSegment{})
	unsmoothed, _ := scoring.EvaluateUnsmoothed(st, opt)
	fmt.Printf("exp smoothing %.2f, none %.2f\n", smoothed.Score, unsmoothed.Score)
	// Output:
	// exp smoothing 37.99, none 0.00
}

func ExampleNLTKBeforeSmoothing() {
	opt := scoring.DefaultOptions()
	opt.Compat = scoring.CompatNLTK
	st, _ := scoring.SentenceStats("It is", []string{"It is a guide to action"}, opt)
	r := scoring.NLTKBeforeSmoothing(st, opt.MaxOrder)
	fmt.Printf("p = %v, BP = exp(1 − 6/2) = %.4f\n", r.Precisions, r.BP)
	// Output:
	// p = [1 1 0 0], BP = exp(1 − 6/2) = 0.1353
}

func ExampleOrderDetail_Tally() {
	opt := scoring.DefaultOptions()
	opt.Tokenize = "none"
	d, _ := scoring.Explain("the cat the cat on the mat", []string{"the cat is on the mat"}, opt)
	fmt.Printf("%+v\n", d.Orders[1].Tally())
	// Output:
	// {Occurrences:6 Found:4 Clipped:1 Unmatched:2}
}
