package cli

import (
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/bleuscope/bleuscope/ui/render"
)

// explainText returns the whole sentence-BLEU computation of in (from
// [model.Explain]), its prose wrapped to width cells and the lines a person
// copies (the signature, the formulas, sacrebleu's line) whole, however
// wide ([render.KeepLines]): a heading with title, the signature
// (nrefs references) and the source when hasSrc, then the walk-through
// (tokens, the clip table of every order, precisions and smoothing, the
// geometric mean, the brevity penalty and the result). References are
// named by their labels ([model.RefLabel]), or numbered when they have
// none. When NLTK would raise,
// the walk-through ends with the reason instead of a score.
func explainText(title string, in model.Explained, hasSrc bool, nrefs int, st render.Styles, width int) (string, error) {
	if in.Err != nil {
		return "", in.Err
	}
	opts := []render.WalkOption{render.WithText(in.Hyp, in.Refs), render.KeepLines()}
	if in.RefLabels != nil {
		opts = append(opts, render.WithRefNames(in.RefLabels))
	}
	if in.EvalErr != nil {
		opts = append(opts, render.WithScoreError(in.EvalErr))
	}

	var b strings.Builder
	// The title wraps at spaces only: a system's name (a file's, often
	// with hyphens) is never broken inside.
	heading := render.WrapAtSpaces("Sentence BLEU of "+model.Printable(title), width)
	for _, l := range strings.Split(heading, "\n") {
		b.WriteString(st.Title.Render(l))
		b.WriteByte('\n')
	}
	// The signature is copied: one line, however wide.
	b.WriteString(st.Muted.Render(scoring.Signature(in.Opt, nrefs, scoring.SignatureVersion)))
	b.WriteByte('\n')
	if hasSrc {
		// A hanging indent: the source's lines start under its text.
		b.WriteString(render.WrapHanging(st.Label.Render("source")+"  ", model.Printable(in.Src), width))
		b.WriteByte('\n')
	}
	b.WriteByte('\n')
	b.WriteString(render.Walkthrough(st, in.Detail, in.Result, in.Opt, width, opts...))
	return b.String(), nil
}
