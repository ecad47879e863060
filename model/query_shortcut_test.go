package model

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// shortcutPieces are the fragments the shortcut's test texts and quoted
// n-grams are made of: words in several cases, the characters whose
// lowercase is ASCII (the Kelvin sign, İ) or longer or context-dependent
// (Σ), folds that lowercasing does not make (ß and SS, ſ), and what 13a
// rewrites before it tokenizes (HTML entities, <skipped>, a line break).
var shortcutPieces = []string{
	"the", "The", "THE", "house", "House", "HOUSE", "HoUsE", "work", "WORK", "\u212aelvin", "kelvin", "KELVIN",
	"\u0130stanbul", "i\u0307stanbul", "istanbul", "ISTANBUL", "ΣΑΣ", "σας", "ΟΔΟΣ", "οδος", "straße", "STRASSE", "ſun", "sun",
	"Éclair", "éclair", "ÉCLAIR", "Ǆ", "ǅ", "ǆ", "&amp;", "&AMP;", "&lt;", "&LT;", "<skipped>", "\n", ",", ".", "\"", "’", "’s", "-", "42", " ",
}

// TestPhraseShortcutExact: with the scores as they are and lowercased,
// quoted n-grams matched as written and in any case select, through the
// shortcut that tokenizes only the texts holding the phrase's longest
// token, the very segments tokenizing every text selects, on texts of
// varied case, non-ASCII case folding included; and a query in any case
// takes the shortcut, as one in the case written does.
func TestPhraseShortcutExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	text := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteString(shortcutPieces[rng.IntN(len(shortcutPieces))])
			if rng.IntN(3) > 0 {
				b.WriteByte(' ')
			}
		}
		return b.String()
	}
	const n = 400
	refs, hyps := make([]string, n), make([]string, n)
	for i := range n {
		refs[i], hyps[i] = text(1+rng.IntN(8)), text(1+rng.IntN(8))
	}
	ds := memDataset(nil, [][]string{refs}, System{Name: "A", Hyps: hyps})
	var queries []string
	for range 150 {
		queries = append(queries, `"`+strings.ReplaceAll(strings.TrimSpace(text(1+rng.IntN(3))), `"`, "")+`"`)
	}
	for _, tok := range []string{"13a", "none", "intl"} {
		for _, lowercase := range []bool{false, true} {
			set := DefaultSettings()
			set.Corpus.Tokenize, set.Sentence.Tokenize = tok, tok
			set.Corpus.Lowercase, set.Sentence.Lowercase = lowercase, lowercase
			s := mustScore(t, ds, set)
			for _, in := range queries {
				q, err := ParseQuery(in)
				if err != nil {
					continue // a phrase of nothing but spaces and quotes
				}
				for _, lower := range []bool{lowercase, true} {
					ev, err := s.compileQuery(ds, q, 0, -1, nil, nil, lower)
					if err != nil {
						t.Fatal(err)
					}
					shortcut := ev.or[0][0].need != ""
					if want := tok != "intl" && len(ev.or[0][0].phrase) > 0; shortcut != want {
						t.Errorf("%s, lowercased %v: %s in any case %v takes the shortcut: %v; want %v", tok, lowercase, in, lower, shortcut, want)
					}
					got := matching(ev, n)
					ev.or[0][0].need = "" // tokenize every text
					if want := matching(ev, n); !slices.Equal(got, want) {
						t.Errorf("%s, lowercased %v: %q in any case %v selects %v with the shortcut; tokenizing every text, %v", tok, lowercase, in, lower, got, want)
					}
				}
			}
		}
	}
}

// matching returns the segments of n that ev selects.
func matching(ev *queryEval, n int) []int {
	sc := ev.scratch()
	var rows []int
	for i := range n {
		if ev.match(sc, i) {
			rows = append(rows, i)
		}
	}
	return rows
}
