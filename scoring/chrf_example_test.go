package scoring_test

import (
	"fmt"

	"github.com/bleuscope/bleuscope/scoring"
)

func ExampleSentenceChrF() {
	o := scoring.DefaultChrFOptions()
	refs := []string{"The cat sat on the mat.", "There is a cat on the mat."}
	score, stats, _ := scoring.SentenceChrF("The cat is on the mat.", refs, o)
	fmt.Printf("%s = %.2f\n", o.Name(), score)
	fmt.Println(stats[:3]) // character unigrams: hypothesis, reference, matches
	fmt.Println(scoring.ChrFSignature(o, len(refs), "2.6.0"))
	// Output:
	// chrF2 = 64.58
	// [17 18 16]
	// nrefs:2|case:mixed|eff:yes|nc:6|nw:0|space:no|version:2.6.0
}

func ExampleCorpusChrF() {
	hyps := []string{"The cat sat on the mat.", "It was not unexpected.", "The man bit him first."}
	refs := [][]string{{"The cat sat on the mat.", "It wasn't surprising.", "The man had just bitten him."}}
	o := scoring.DefaultChrFOptions()
	score, _, _ := scoring.CorpusChrF(hyps, refs, o)
	fmt.Printf("%s = %.2f\n", o.Name(), score)
	// Output: chrF2 = 49.19
}

func ExampleChrFScore() {
	// Statistics summed over segments: per order hypothesis n-grams,
	// reference n-grams and matches (here chrF with character order 1).
	o := scoring.ChrFOptions{CharOrder: 1, Beta: 2}
	fmt.Printf("%.4f\n", scoring.ChrFScore([]int{4, 6, 2}, o))
	// Output: 35.7143
}
