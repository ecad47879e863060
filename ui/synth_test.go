package ui

import (
	"math/rand/v2"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bleuscope/bleuscope/model"
)

// synthWords is the vocabulary of the synthetic corpora.
var synthWords = strings.Fields("the of and to in a is that for it as was with be by on not he this are or his from at which but have an they you were her she there been one all we their has would when if so no will can more out up who them some into time only new could than other then now also its after over two may first any our where most because these very through just years people state made well such back even still good own see last world long great little before never need life found day might house says down high should government around every same work system place part use however school country number city without again point business public give company under while group problem fact hand right")

// synthDataset builds n segments: a reference, a source, and two systems
// that copy the reference with about a quarter (a third) of the words
// replaced, dropped or repeated, so that matches, clipping and brevity
// penalties all occur. It is deterministic.
func synthDataset(t testing.TB, n int) *model.Dataset {
	t.Helper()
	rng := rand.New(rand.NewPCG(7, uint64(n)))
	var ref, src, a, b strings.Builder
	word := func() string { return synthWords[rng.IntN(len(synthWords))] }
	noisy := func(out *strings.Builder, toks []string, p float64) {
		first := true
		for _, w := range toks {
			r := rng.Float64()
			switch {
			case r < p/3:
				continue
			case r < 2*p/3:
				w = word()
			case r < p:
				w = w + " " + w
			}
			if !first {
				out.WriteByte(' ')
			}
			out.WriteString(w)
			first = false
		}
		out.WriteByte('\n')
	}
	toks := make([]string, 0, 32)
	for range n {
		toks = toks[:0]
		for range 8 + rng.IntN(20) {
			toks = append(toks, word())
		}
		toks = append(toks, ".")
		ref.WriteString(strings.Join(toks, " ") + "\n")
		src.WriteString("src " + strings.Join(toks[:len(toks)/2], " ") + "\n")
		noisy(&a, toks, 0.25)
		noisy(&b, toks, 0.35)
	}
	fsys := fstest.MapFS{
		"ref.txt": {Data: []byte(ref.String())},
		"src.txt": {Data: []byte(src.String())},
		"a.txt":   {Data: []byte(a.String())},
		"b.txt":   {Data: []byte(b.String())},
	}
	ds, err := model.Load(model.Input{Systems: []string{"a=a.txt", "b=b.txt"}, Refs: []string{"ref.txt"}, Src: "src.txt", FS: fsys})
	if err != nil {
		t.Fatalf("load synthetic corpus: %v", err)
	}
	return ds
}
