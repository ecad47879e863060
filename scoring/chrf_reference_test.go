package scoring

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// chrfReferenceStats is sacrebleu's chrF statistics written the plain
// way, with maps of n-gram strings, for checking the pair-table counting
// against: extract_all_char_ngrams, _remove_punctuation,
// extract_word_ngrams, _get_match_statistics and the best reference.
func chrfReferenceStats(hyp string, refs []string, o ChrFOptions) []int {
	prep := func(s string) string {
		if o.Lowercase {
			s = PyLower(s)
		}
		return s
	}
	charGrams := func(s string) []map[string]int {
		if !o.Whitespace {
			s = strings.Join(PySplit(nil, s), "")
		}
		r := []rune(s)
		var out []map[string]int
		for n := 1; n <= o.CharOrder; n++ {
			m := map[string]int{}
			for i := 0; i+n <= len(r); i++ {
				m[string(r[i:i+n])]++
			}
			out = append(out, m)
		}
		return out
	}
	wordGrams := func(s string) []map[string]int {
		var toks []string
		for _, w := range PySplit(nil, s) {
			r := []rune(w)
			switch {
			case len(r) == 1:
				toks = append(toks, w)
			case strings.ContainsRune("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", r[len(r)-1]):
				toks = append(toks, string(r[:len(r)-1]), string(r[len(r)-1]))
			case strings.ContainsRune("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", r[0]):
				toks = append(toks, string(r[0]), string(r[1:]))
			default:
				toks = append(toks, w)
			}
		}
		var out []map[string]int
		for n := 1; n <= o.WordOrder; n++ {
			m := map[string]int{}
			for i := 0; i+n <= len(toks); i++ {
				m[strings.Join(toks[i:i+n], " ")]++
			}
			out = append(out, m)
		}
		return out
	}
	grams := func(s string) []map[string]int {
		s = prep(s)
		return append(charGrams(s), wordGrams(s)...)
	}
	h := grams(hyp)
	var best []int
	bestF := -1.0
	for _, ref := range refs {
		r := grams(ref)
		var st []int
		for k := range h {
			hypN, refN, match := 0, 0, 0
			for g, c := range h[k] {
				hypN += c
				match += min(c, r[k][g])
			}
			for _, c := range r[k] {
				refN += c
			}
			if len(r[k]) == 0 {
				hypN = 0
			}
			st = append(st, hypN, refN, match)
		}
		if f := ChrFScore(st, o); f > bestF {
			best, bestF = st, f
		}
	}
	return best
}

// FuzzChrFReference compares the statistics of the ChrFScorer with the
// plain map-based computation, for one and two references, under several
// option sets (valid UTF-8 only: the plain way works on runes, where a
// bad byte is U+FFFD).
func FuzzChrFReference(f *testing.F) {
	for _, s := range chrfSeeds {
		f.Add(s[0], s[1], s[1]+" "+s[0])
	}
	opts := []ChrFOptions{DefaultChrFOptions(), ChrFPlusPlusOptions(),
		{CharOrder: 3, WordOrder: 3, Beta: 1, Lowercase: true, Whitespace: true},
		{CharOrder: 2, WordOrder: 1, Beta: 3, Lowercase: true, EpsSmoothing: true}}
	scorers := make([]*ChrFScorer, len(opts))
	for i, o := range opts {
		scorers[i], _ = NewChrFScorer(o)
	}
	f.Fuzz(func(t *testing.T, hyp, ref1, ref2 string) {
		if !utf8.ValidString(hyp) || !utf8.ValidString(ref1) || !utf8.ValidString(ref2) {
			return
		}
		for i, o := range opts {
			for _, refs := range [][]string{{ref1}, {ref1, ref2}} {
				got := scorers[i].Segment(nil, hyp, refs)
				if want := chrfReferenceStats(hyp, refs, o); !slices.Equal(got, want) {
					t.Fatalf("%+v: %q against %q: %v; the plain computation gives %v", o, hyp, refs, got, want)
				}
			}
		}
	})
}

// TestChrFLongSegmentGrows: a segment with more n-grams than the table is
// made for at first (maxPresize) makes it grow, and the statistics stay
// those of the plain computation, with a reference that has words the
// hypothesis only has as prefixes (ids that hold no count).
func TestChrFLongSegmentGrows(t *testing.T) {
	var b strings.Builder
	x := uint32(1)
	for i := 0; b.Len() < 400_000; i++ { // pseudo-random words: most 4- to 6-grams distinct
		x = x*1664525 + 1013904223
		fmt.Fprintf(&b, "w%c%c%c%d, ", 'a'+x>>8%26, 'a'+x>>13%26, 'a'+x>>18%26, x>>24%50)
	}
	hyp := b.String()
	refs := []string{"w1 w79 w7919x1 , w15838x2 the cat" + hyp[:5000], "w"}
	for _, o := range []ChrFOptions{DefaultChrFOptions(), ChrFPlusPlusOptions()} {
		s, err := NewChrFScorer(o)
		if err != nil {
			t.Fatal(err)
		}
		s.decode(hyp)
		if n := o.CharOrder * len(s.chars); n <= maxPresize {
			t.Fatalf("the test's hypothesis has %d character n-grams; it wants more than %d", n, maxPresize)
		}
		for range 2 { // the second time on a table grown by the first
			if got, want := s.Segment(nil, hyp, refs), chrfReferenceStats(hyp, refs, o); !slices.Equal(got, want) {
				t.Fatalf("%+v: %v; the plain computation gives %v", o, got, want)
			}
		}
		if len(s.tab.slots) <= 2*maxPresize {
			t.Fatalf("%+v: the table has %d slots; the test wants it grown past %d", o, len(s.tab.slots), 2*maxPresize)
		}
		if short := s.Segment(nil, "the cat", []string{"the cat"}); ChrFScore(short, o) != 100 {
			t.Errorf("%+v: a short segment after a long one scores %v", o, ChrFScore(short, o))
		}
	}
}
