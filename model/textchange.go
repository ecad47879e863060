package model

import (
	"slices"

	"github.com/bleuscope/bleuscope/scoring"
)

// TextChange is what tokenizing and lowercasing did to one text: how its
// tokens as scored differ from the text as written.
type TextChange struct {
	// Words is the number of the text's whitespace-separated words (as
	// Python's str.split() finds them), Tokens the number of its tokens.
	Words, Tokens int
	// Resplit is set when lowercasing changed how the text splits into
	// tokens; Lowered, which pairs the tokens one to one, is then empty.
	Resplit bool
	// Lowered lists the tokens lowercasing changed, each change once, in
	// order of first occurrence.
	Lowered []CaseChange
	// Splits lists the words tokenizing split into several tokens or
	// rewrote (13a decodes &quot; to ", &amp; to &), each word once, in
	// order of first occurrence, with its tokens as cased in the text. It
	// is empty when the tokens cannot be laid over the words.
	Splits []WordSplit
}

// WordSplit is a word as written and the tokens tokenizing made of it.
type WordSplit struct {
	Word   string
	Tokens []string
}

// CaseChange is one token before and after lowercasing.
type CaseChange struct {
	From, To string
}

// TextChanges compares texts[i], as written, with tokens[i], its tokens as
// scored under opt, for every i both have. Lowered and Resplit are only
// worked out when opt lowercases. The error is that of an unknown
// tokenizer.
func TextChanges(texts []string, tokens [][]string, opt scoring.Options) ([]TextChange, error) {
	tok, err := scoring.NewTokenizer(opt.Tokenize)
	if err != nil {
		return nil, err
	}
	n := min(len(texts), len(tokens))
	out := make([]TextChange, n)
	for i := range n {
		toks := tokens[i]
		words := scoring.PySplit(nil, texts[i])
		c := TextChange{Words: len(words), Tokens: len(toks)}
		cased := toks
		if opt.Lowercase {
			cased = scoring.Preprocess(tok, false, nil, texts[i])
			c.Resplit = len(cased) != len(toks)
			if !c.Resplit {
				c.Lowered = caseChanges(cased, toks)
			}
		}
		c.Splits = wordSplits(words, cased, tok)
		out[i] = c
	}
	return out, nil
}

// wordSplits lays the tokens over the words they were made from, in order
// (a token never spans two words, as the tokenizers only add spaces, and
// 13a's rewrites, which tok.Rewrite makes word by word, never span a
// space), and keeps each word made into other tokens than itself once. It
// returns nil when the tokens do not spell the words out.
func wordSplits(words, toks []string, tok scoring.Tokenizer) []WordSplit {
	var out []WordSplit
	for _, w := range words {
		read := tok.Rewrite(w)
		j, spelt := 0, ""
		for j < len(toks) && len(spelt) < len(read) {
			spelt += toks[j]
			j++
		}
		if spelt != read {
			return nil
		}
		changed := j != 1 || toks[0] != w
		if changed && !slices.ContainsFunc(out, func(s WordSplit) bool { return s.Word == w }) {
			out = append(out, WordSplit{Word: w, Tokens: toks[:j]})
		}
		toks = toks[j:]
	}
	if len(toks) > 0 {
		return nil
	}
	return out
}

// caseChanges pairs the tokens before lowercasing with those after, one to
// one, keeping each pair that differs once.
func caseChanges(before, after []string) []CaseChange {
	var out []CaseChange
	for j, from := range before {
		ch := CaseChange{From: from, To: after[j]}
		if ch.From != ch.To && !slices.Contains(out, ch) {
			out = append(out, ch)
		}
	}
	return out
}
