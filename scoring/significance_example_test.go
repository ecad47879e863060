package scoring_test

import (
	"context"
	"fmt"

	"github.com/bleuscope/bleuscope/scoring"
)

// A paired bootstrap of a new system against a baseline: per-segment BLEU
// statistics in, sacrebleu's score, mean ± CI and p-value out.
func ExamplePairedBootstrap() {
	opt := scoring.DefaultOptions()
	refs := []string{"the cat sat on the mat", "there is a dog in the garden", "it rained all day long", "we ate fish and chips"}
	base := []string{"the cat sat on a mat", "there is a dog in a garden", "it rained the whole day", "we had fish and chips"}
	next := []string{"the cat sat on the mat", "there is a dog in the garden", "it rained all day", "we ate fish and chips"}
	stats := func(hyps []string) []uint32 {
		st := scoring.NewStatsStore(len(hyps), opt.MaxOrder, false)
		for i, h := range hyps {
			s, _ := scoring.SentenceStats(h, []string{refs[i]}, opt)
			st.Set(i, s)
		}
		return scoring.BLEUStoreCounts(st, opt.MaxOrder, nil)
	}
	m, _ := scoring.NewBLEUMetric(opt)
	res, err := scoring.PairedBootstrap(context.Background(), scoring.PairedTest[uint32]{
		Metric: m, Segments: len(refs), Baseline: stats(base), Systems: [][]uint32{stats(next)},
		N: 1000, Seed: scoring.DefaultSeed(),
	})
	if err != nil {
		panic(err)
	}
	b, s := res.Baseline, res.Systems[0]
	fmt.Printf("baseline %.2f (μ = %.2f ± %.2f)\n", b.Score, b.Mean, b.CI)
	fmt.Printf("system   %.2f (μ = %.2f ± %.2f) p = %.4f\n", s.Score, s.Mean, s.CI, s.PValue)
}

// A seed past 64 bits, as SACREBLEU_SEED may give it: Python's int() reads
// it, numpy takes all of it.
func ExampleParseSeed() {
	seed, err := scoring.ParseSeed(" 18_446_744_073_709_551_616 ") // 2^64
	fmt.Println(seed, err)
	_, err = scoring.ParseSeed("-1")
	fmt.Println(err)
	// Output:
	// 18446744073709551616 <nil>
	// scoring: a seed must not be negative
}
