package scoring

import (
	"slices"
	"testing"
)

// chrfSeeds are fuzz seeds: whitespace of every kind, punctuation at word
// edges, case that changes length, invalid UTF-8, repeats.
var chrfSeeds = [][2]string{
	{"", ""}, {"", "a"}, {"a", ""}, {" ", "\u3000"}, {"(hi)", "( hi )"}, {"a.b,c", "a . b , c"},
	{"İSTANBUL", "i̇stanbul"}, {"ΟΔΥΣΣΕΥΣ", "οδυσσευς"}, {"\xff\xfe", "\xff"}, {"aaaaaaa", "aa"},
	{"x\u0085y\u001cz", "x y z"}, {"東京は日本の首都です。", "東京は日本の首都。"}, {"👍🏽!", "👍!"},
	{"The cat sat on the mat.", "The cat is on the mat."},
}

// FuzzChrF checks what holds for every input: no panic; every option set
// gives a score in [0, 100]; matches never exceed either count; a
// hypothesis scored against itself gets 100 when it has a character;
// the statistics of several references are those of one of them.
func FuzzChrF(f *testing.F) {
	for _, s := range chrfSeeds {
		f.Add(s[0], s[1])
	}
	opts := []ChrFOptions{DefaultChrFOptions(), ChrFPlusPlusOptions(),
		{CharOrder: 3, WordOrder: 1, Beta: 1, Lowercase: true, Whitespace: true, EpsSmoothing: true},
		{CharOrder: 6, WordOrder: 2, Beta: 3, EpsSmoothing: true}}
	scorers := make([]*ChrFScorer, len(opts))
	for i, o := range opts {
		scorers[i], _ = NewChrFScorer(o)
	}
	f.Fuzz(func(t *testing.T, hyp, ref string) {
		for i, o := range opts {
			s := scorers[i]
			st := s.Segment(nil, hyp, []string{ref})
			score := ChrFScore(st, o)
			if !(score >= 0 && score <= 100) {
				t.Fatalf("%+v: score %v of %q against %q is outside [0, 100]", o, score, hyp, ref)
			}
			for k := 0; k < len(st); k += 3 {
				if st[k+2] < 0 || st[k+2] > st[k] || st[k+2] > st[k+1] {
					t.Fatalf("%+v: order %d of %q against %q: %v", o, k/3+1, hyp, ref, st[k:k+3])
				}
			}
			self := s.Segment(nil, hyp, []string{hyp})
			s.decode(hyp)
			if !o.EpsSmoothing && len(s.chars) > 0 {
				if sc := ChrFScore(self, o); sc != 100 {
					t.Fatalf("%+v: %q against itself scores %v", o, hyp, sc)
				}
			}
			both := s.Segment(nil, hyp, []string{ref, hyp})
			if !slices.Equal(both, st) && !slices.Equal(both, self) {
				t.Fatalf("%+v: two references give %v, neither %v nor %v", o, both, st, self)
			}
		}
	})
}
