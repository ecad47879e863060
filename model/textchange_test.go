package model

import (
	"reflect"
	"testing"

	"github.com/bleuscope/bleuscope/scoring"
)

func TestTextChanges(t *testing.T) {
	opt := func(tok string, lower bool) scoring.Options {
		o := scoring.SentenceOptions()
		o.Tokenize, o.Lowercase = tok, lower
		return o
	}
	tests := []struct {
		name   string
		texts  []string
		tokens [][]string
		opt    scoring.Options
		want   []TextChange
	}{
		{
			name:   "13a splits the full stop off; lowercasing changes two words, and AB once",
			texts:  []string{"The Cat's mat.", "AB ab Ab AB"},
			tokens: [][]string{{"the", "cat's", "mat", "."}, {"ab", "ab", "ab", "ab"}},
			opt:    opt("13a", true),
			want: []TextChange{
				{Words: 3, Tokens: 4, Lowered: []CaseChange{{"The", "the"}, {"Cat's", "cat's"}}, Splits: []WordSplit{{"mat.", []string{"mat", "."}}}},
				{Words: 4, Tokens: 4, Lowered: []CaseChange{{"AB", "ab"}, {"Ab", "ab"}}},
			},
		},
		{
			// Python lowercases İ to i and a combining dot above: two
			// characters, so the char tokenizer makes one token more.
			name:   "lowercasing changes how the text splits",
			texts:  []string{"İx"},
			tokens: [][]string{{"i", "\u0307", "x"}},
			opt:    opt("char", true),
			want:   []TextChange{{Words: 1, Tokens: 3, Resplit: true, Splits: []WordSplit{{"İx", []string{"İ", "x"}}}}},
		},
		{
			name:   "no lowercasing: nothing to say of case",
			texts:  []string{"The Cat", "left out: no tokens for it"},
			tokens: [][]string{{"The", "Cat"}},
			opt:    opt("13a", false),
			want:   []TextChange{{Words: 2, Tokens: 2}},
		},
		{
			name:   "a word split twice is listed once, as cased in the text",
			texts:  []string{"Mat. (mat) Mat."},
			tokens: [][]string{{"Mat", ".", "(", "mat", ")", "Mat", "."}},
			opt:    opt("13a", false),
			want:   []TextChange{{Words: 3, Tokens: 7, Splits: []WordSplit{{"Mat.", []string{"Mat", "."}}, {"(mat)", []string{"(", "mat", ")"}}}}},
		},
		{
			// 13a decodes &quot; to " and &amp; to &, word by word as
			// over the line: the words are listed with their decoded
			// tokens, a word made into one other token too.
			name:   "decoded entities are listed with their tokens",
			texts:  []string{"&quot;hi&quot; &amp; there."},
			tokens: [][]string{{"\"", "hi", "\"", "&", "there", "."}},
			opt:    opt("13a", false),
			want: []TextChange{{Words: 3, Tokens: 6, Splits: []WordSplit{
				{"&quot;hi&quot;", []string{"\"", "hi", "\""}}, {"&amp;", []string{"&"}}, {"there.", []string{"there", "."}}}}},
		},
		{
			name:   "13a deletes <skipped>: a word made into no token",
			texts:  []string{"a <skipped> b"},
			tokens: [][]string{{"a", "b"}},
			opt:    opt("13a", false),
			want:   []TextChange{{Words: 3, Tokens: 2, Splits: []WordSplit{{"<skipped>", []string{}}}}},
		},
		{
			// zh does not decode: &amp; is split as written.
			name:   "zh splits an entity as written",
			texts:  []string{"&amp;"},
			tokens: [][]string{{"&", "amp", ";"}},
			opt:    opt("zh", false),
			want:   []TextChange{{Words: 1, Tokens: 3, Splits: []WordSplit{{"&amp;", []string{"&", "amp", ";"}}}}},
		},
		{
			// Tokens that do not spell the words out (not this text's):
			// no split is listed rather than a wrong one.
			name:   "tokens of another text: the splits are not known",
			texts:  []string{"hi there."},
			tokens: [][]string{{"ho", "there", "."}},
			opt:    opt("13a", false),
			want:   []TextChange{{Words: 2, Tokens: 3}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := TextChanges(tt.texts, tt.tokens, tt.opt)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("TextChanges(%q) = %+v\nwant %+v", tt.texts, got, tt.want)
			}
		})
	}
	if _, err := TextChanges([]string{"a"}, [][]string{{"a"}}, opt("no-such-tokenizer", false)); err == nil {
		t.Error("an unknown tokenizer gave no error")
	}
}
