package cli

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/bleuscope/bleuscope/ui/render"
)

// explainText returns the whole sentence-BLEU computation of in (from
// [model.Explain]), width cells wide: a heading with title, the signature
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
	opts := []render.WalkOption{render.WithText(in.Hyp, in.Refs)}
	if in.RefLabels != nil {
		opts = append(opts, render.WithRefNames(in.RefLabels))
	}
	if in.EvalErr != nil {
		opts = append(opts, render.WithScoreError(in.EvalErr))
	}

	var b strings.Builder
	line := func(s string) {
		b.WriteString(ansi.Wrap(s, width, ""))
		b.WriteByte('\n')
	}
	line(st.Title.Render("Sentence BLEU of " + model.Printable(title)))
	sig := scoring.Signature(in.Opt, nrefs, scoring.SignatureVersion)
	b.WriteString(st.Muted.Render(wrapFields(sig, "|", width)))
	b.WriteByte('\n')
	if hasSrc {
		line(st.Label.Render("source") + "  " + model.Printable(in.Src))
	}
	b.WriteByte('\n')
	b.WriteString(render.Walkthrough(st, in.Detail, in.Result, in.Opt, width, opts...))
	return b.String(), nil
}

// wrapFields wraps s, made of fields joined by sep (a signature's
// key:value fields and their "|"), to lines of at most width cells,
// breaking after a separator: a field is cut only when it is wider than a
// line by itself.
func wrapFields(s, sep string, width int) string {
	width = max(1, width)
	fields := strings.SplitAfter(s, sep)
	var lines []string
	cur := ""
	for _, f := range fields {
		if cur != "" && ansi.StringWidth(cur+f) > width {
			lines = append(lines, cur)
			cur = ""
		}
		cur += f
		for ansi.StringWidth(cur) > width {
			cut := ansi.Truncate(cur, width, "")
			lines = append(lines, cut)
			cur = cur[len(cut):]
		}
	}
	if cur != "" || len(lines) == 0 {
		lines = append(lines, cur)
	}
	return strings.Join(lines, "\n")
}

// nltkMessage is the text of an error NLTK would raise, without package
// prefixes: "AssertionError: …".
func nltkMessage(err error) string {
	return strings.TrimPrefix(strings.TrimPrefix(err.Error(), "scoring: "), "nltk: ")
}
