package scoring_test

import (
	"fmt"
	"strings"

	"github.com/bleuscope/bleuscope/scoring"
)

func ExampleSentenceTER() {
	o := scoring.TEROptions{} // sacrebleu's defaults: lowercased, not normalised
	refs := []string{"The cat sat on the mat.", "There is a cat on the mat."}
	score, st, _ := scoring.SentenceTER("The cat is on the mat.", refs, o)
	fmt.Printf("TER = %.2f (%d edits, average reference length %v)\n", score, st.Edits, st.RefLen)
	fmt.Println(scoring.TERSignature(o, len(refs), "2.6.0"))
	// Output:
	// TER = 15.38 (1 edits, average reference length 6.5)
	// nrefs:2|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:2.6.0
}

func ExampleCorpusTER() {
	hyps := []string{"The cat sat on the mat.", "It was not unexpected.", "The man bit him first."}
	refs := [][]string{{"The cat sat on the mat.", "It wasn't surprising.", "The man had just bitten him."}}
	score, st, _ := scoring.CorpusTER(hyps, refs, scoring.TEROptions{})
	fmt.Printf("TER = %.2f (%d edits / %v reference words)\n", score, st.Edits, st.RefLen)
	// Output: TER = 46.67 (7 edits / 15 reference words)
}

func ExampleTERTokens() {
	o := scoring.TEROptions{Normalized: true}
	fmt.Println(strings.Join(scoring.TERTokens("It's 3.14 &amp; (more)...", o), " "))
	// Output: it 's 3.14 & ( more ) . . .
}

func ExampleTERPairs() {
	pairs, shifted := scoring.TERPairs("d e f a b c g", []string{"a b c d e f g"}, scoring.TEROptions{})
	p := pairs[0]
	fmt.Println(p.Shifts, "shift, then distance", p.EditDistance, "→", strings.Join(shifted[0], " "))
	// Output: 1 shift, then distance 0 → a b c d e f g
}
