package scoring

import (
	"testing"
)

// terSeeds are fuzz seeds: entities, punctuation runs, CJK, repeats that
// make many equal shifts, empty sides, invalid UTF-8.
var terSeeds = [][2]string{
	{"", ""}, {"a", ""}, {"", "a"}, {"&amp;quot; x", "&quot; x"}, {"a..5 x.,y 1.a", "a . .5"},
	{"東京は日本の首都です。", "日本の首都は東京。"}, {"a b a b a b a b", "b a b a b a b a"},
	{"the cat sat on the mat", "on the mat the cat sat"}, {"\xff a", "a \xff"}, {"İ Σ", "i̇ σ"},
	{"x\n-y\nz", "xy z"}, {"9-5, it's", "9 - 5 , it 's"},
}

// FuzzTER checks what holds for every input under four option sets: no
// panic; the edits are at least 0 and at most the hypothesis length plus
// the reference length; the score is at least 0; a hypothesis against
// itself has no edit; the edits are shifts plus distance.
func FuzzTER(f *testing.F) {
	for _, s := range terSeeds {
		f.Add(s[0], s[1])
	}
	opts := []TEROptions{{}, {Normalized: true}, {Normalized: true, AsianSupport: true, NoPunct: true},
		{CaseSensitive: true, NoPunct: true, AsianSupport: true}}
	scorers := make([]*TERScorer, len(opts))
	for i, o := range opts {
		scorers[i] = NewTERScorer(o)
	}
	f.Fuzz(func(t *testing.T, hyp, ref string) {
		if len(hyp)+len(ref) > 500 {
			return // keep each run fast; long inputs add nothing the seeds lack
		}
		for i, o := range opts {
			s := scorers[i]
			st, err := s.Segment(hyp, []string{ref})
			if err != nil {
				t.Fatal(err)
			}
			n, m := len(TERTokens(hyp, o)), len(TERTokens(ref, o))
			if st.Edits < 0 || st.Edits > n+m || st.RefLen != float64(m) {
				t.Fatalf("%+v: %q against %q: %+v with %d and %d words", o, hyp, ref, st, n, m)
			}
			if sc := st.Score(); !(sc >= 0) {
				t.Fatalf("%+v: %q against %q: score %v", o, hyp, ref, sc)
			}
			if self, _ := s.Segment(hyp, []string{hyp}); self.Edits != 0 {
				t.Fatalf("%+v: %q against itself: %d edits", o, hyp, self.Edits)
			}
			pairs, _ := TERPairs(hyp, []string{ref}, o)
			if p := pairs[0]; p.Edits != st.Edits || p.Edits != p.Shifts+p.EditDistance {
				t.Fatalf("%+v: %q against %q: pair %+v, segment %+v", o, hyp, ref, p, st)
			}
		}
	})
}
