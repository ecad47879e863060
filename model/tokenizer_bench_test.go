package model

import (
	"context"
	"testing"

	"github.com/bleuscope/bleuscope/scoring"
)

// BenchmarkScore100kTokenizer scores the same 100,000 segments with each
// tokenizer: the goal for char (whose tokens are characters, several
// times as many) is at most twice the time of 13a.
func BenchmarkScore100kTokenizer(b *testing.B) {
	ds, what := dataset100k(b)
	b.Log(what)
	for _, tok := range []string{"13a", "intl", "char"} {
		b.Run(tok, func(b *testing.B) {
			set := DefaultSettings().WithOption(func(o *scoring.Options) { o.Tokenize = tok })
			b.ReportAllocs()
			defer reportCPU(b)()
			for b.Loop() {
				if _, err := Score(context.Background(), ds, set, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
