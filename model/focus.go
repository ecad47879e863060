package model

import (
	"strings"

	"github.com/bleuscope/bleuscope/scoring"
)

// Focus is an n-gram followed from the corpus analysis into its segments:
// its tokens (as the tokenizer makes them, lowercased with -l) and the
// kind it was listed under.
type Focus struct {
	Kind   scoring.Kind
	Tokens []string
}

// NewFocus returns the focus on the n-gram whose tokens are joined by
// single spaces in ngram (as [NGramRow.NGram] spells it).
func NewFocus(k scoring.Kind, ngram string) Focus {
	return Focus{Kind: k, Tokens: strings.Split(ngram, " ")}
}

// FocusMarks say where a focused n-gram counts in one explained segment.
type FocusMarks struct {
	// Hyp and Refs mark the tokens of the occurrences that count for the
	// kind: matched, the first min(h, R) occurrences in the hypothesis
	// and in the reference they are counted from, the first that has the
	// n-gram R times (as [SegmentMarks] marks matches); over, the
	// hypothesis occurrences after those; missed, the occurrences after
	// the first min(h, R) in that reference. So as many occurrences are
	// marked in the references as Count says.
	Hyp  []bool
	Refs [][]bool
	// H is the count in the hypothesis, InRef the count in each reference
	// and R the highest of those; Count is how many occurrences count for
	// the kind here: min(h, R), h − min(h, R) or R − min(h, R).
	H, R, Count int
	InRef       []int
}

// Marks returns where f counts in the segment d explains.
func (f Focus) Marks(d scoring.Detail) FocusMarks {
	fm := FocusMarks{Hyp: make([]bool, len(d.Hyp)), Refs: make([][]bool, len(d.Refs)), InRef: make([]int, len(d.Refs))}
	hyp := occurrences(d.Hyp, f.Tokens)
	refs := make([][]int, len(d.Refs))
	most := -1 // the reference the matches are counted from: the first with the most
	for k, toks := range d.Refs {
		fm.Refs[k] = make([]bool, len(toks))
		refs[k] = occurrences(toks, f.Tokens)
		fm.InRef[k] = len(refs[k])
		if len(refs[k]) > fm.R {
			fm.R, most = len(refs[k]), k
		}
	}
	fm.H = len(hyp)
	m := min(fm.H, fm.R)
	n := len(f.Tokens)
	fm.Count = f.Kind.Count(fm.H, fm.R)
	switch f.Kind {
	case scoring.Matched:
		markAt(fm.Hyp, hyp[:m], n)
		if most >= 0 {
			markAt(fm.Refs[most], refs[most][:m], n)
		}
	case scoring.Over:
		markAt(fm.Hyp, hyp[m:], n)
	case scoring.Missed:
		if most >= 0 {
			markAt(fm.Refs[most], refs[most][m:], n)
		}
	}
	return fm
}

// occurrences returns the positions where want occurs in toks as
// consecutive tokens, left to right (overlapping ones too, as n-grams are
// counted).
func occurrences(toks, want []string) []int {
	var at []int
	if len(want) == 0 {
		return nil
	}
	for i := indexRun(toks, want, 0); i >= 0; i = indexRun(toks, want, i+1) {
		at = append(at, i)
	}
	return at
}

// markAt sets the n tokens from each of starts.
func markAt(dst []bool, starts []int, n int) {
	for _, s := range starts {
		for i := s; i < s+n && i < len(dst); i++ {
			dst[i] = true
		}
	}
}
