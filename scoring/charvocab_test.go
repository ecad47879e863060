package scoring

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// charAlphabet mixes what the char path treats apart: ASCII letters and
// spaces, Unicode spaces, a real U+FFFD, invalid bytes (each its own
// token), a combining mark, CJK, a non-BMP emoji and its modifier, and
// U+FFFF (the last code point numbered by array) beside U+10000.
var charAlphabet = []string{
	"a", "b", "c", " ", "\t", "\u00a0", "\u3000", "\u2028", "\ufffd", "\xff", "\xfe", "\xc2",
	"e\u0301", "中", "文", "👍", "\U0001f3fd", "\uffff", "\U00010000", "A", "İ",
}

// randomChars returns a line of up to n pieces of charAlphabet.
func randomChars(r *rand.Rand, n int) string {
	var b strings.Builder
	for range r.IntN(n + 1) {
		b.WriteString(charAlphabet[r.IntN(len(charAlphabet))])
	}
	return b.String()
}

// TestCharKeysAreScanChars: charKeys keeps exactly the tokens scanChars
// makes: one key per token, equal keys for equal tokens and different
// keys for different ones.
func TestCharKeysAreScanChars(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 3000 {
		line := randomChars(r, 40)
		if i < len(tokSeeds) {
			line = tokSeeds[i]
		}
		toks := scanChars(nil, line)
		keys := charKeys([]uint32{7}, line)[1:] // appends after what dst holds
		if len(keys) != len(toks) {
			t.Fatalf("%q: %d keys for %d tokens %q", line, len(keys), len(toks), toks)
		}
		for a := range toks {
			for b := range toks {
				if (toks[a] == toks[b]) != (keys[a] == keys[b]) {
					t.Fatalf("%q: tokens %q and %q have keys %x and %x", line, toks[a], toks[b], keys[a], keys[b])
				}
			}
		}
	}
}

// TestCharScorerMatchesStringPath: the char tokenizer's statistics by code
// point equal those of the general path that numbers token strings, for
// random lines against one, two and three references, lowercased or not.
func TestCharScorerMatchesStringPath(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, lower := range []bool{false, true} {
		opt := DefaultOptions()
		opt.Tokenize, opt.Lowercase = "char", lower
		fast, err := NewScorer(opt)
		if err != nil {
			t.Fatal(err)
		}
		slow, _ := NewScorer(opt)
		slow.char = false
		if !fast.char {
			t.Fatal("the char tokenizer does not take the code-point path")
		}
		for range 2000 {
			refs := make([]string, 1+r.IntN(3))
			for k := range refs {
				refs[k] = randomChars(r, 30)
			}
			hyps := []string{randomChars(r, 30), refs[0], randomChars(r, 5)}
			got := fast.Systems(hyps, refs, nil)
			want := slow.Systems(hyps, refs, nil)
			for i := range hyps {
				if got[i] != want[i] {
					t.Fatalf("lower %v, hyp %q, refs %q:\n code points %+v\n strings     %+v", lower, hyps[i], refs, got[i], want[i])
				}
			}
		}
	}
}
