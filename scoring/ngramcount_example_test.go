package scoring_test

import (
	"context"
	"fmt"

	"github.com/bleuscope/bleuscope/scoring"
)

func ExampleCountNGrams() {
	hyps := []string{"the the the the the the the"}
	refs := []string{"the cat sat on the mat"}
	src := func(i int, h, r []string) ([]string, []string) {
		return append(h, hyps[i]), append(r, refs[i])
	}
	c, err := scoring.CountNGrams(context.Background(), len(hyps), 1, scoring.DefaultOptions(), 0, src, nil)
	if err != nil {
		panic(err)
	}
	g, _ := c.Lookup([]string{"the"})
	for _, k := range []scoring.Kind{scoring.Matched, scoring.Over, scoring.Missed} {
		fmt.Printf("%s %q: %d\n", k, c.Text(g), c.Count(0, k, g))
	}
	fmt.Println("matched per order:", c.Totals(0, scoring.Matched))
	// Output:
	// matched "the": 2
	// over "the": 5
	// missed "the": 0
	// matched per order: [2 0 0 0]
}

func ExampleNGramCounts_SegmentsOfKinds() {
	hyps := []string{"the cat", "a dog", "the dog", "the the"}
	refs := []string{"the cat", "the dog", "a dog", "the"}
	src := func(i int, h, r []string) ([]string, []string) {
		return append(h, hyps[i]), append(r, refs[i])
	}
	c, err := scoring.CountNGrams(context.Background(), len(hyps), 1, scoring.DefaultOptions(), 0, src, nil)
	if err != nil {
		panic(err)
	}
	the, _ := c.Lookup([]string{"the"})
	dog, _ := c.Lookup([]string{"dog"})
	reqs := []scoring.KindID{{Kind: scoring.Matched, ID: the}, {Kind: scoring.Missed, ID: the}, {Kind: scoring.Matched, ID: dog}}
	lists := c.SegmentsOfKinds(0, reqs, 2)
	for j, r := range reqs {
		fmt.Printf("%s %q: segments %v\n", r.Kind, c.Text(r.ID), lists.List(j))
	}
	// Output:
	// matched "the": segments [0 3]
	// missed "the": segments [1]
	// matched "dog": segments [1 2]
}
