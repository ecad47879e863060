package cli

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/bleuscope/bleuscope/ui/render"
)

// segmentText is one segment to explain: its texts and how to label them.
type segmentText struct {
	Title    string   // "line 12, system literal"
	Src      string   // source, shown when HasSrc
	HasSrc   bool     // a source was given
	Hyp      string   // the hypothesis
	Refs     []string // the references present for the segment
	RefNames []string // one name per reference (file names), nil to number them
	NRefs    int      // nrefs of the signature
}

// explainText returns the whole sentence-BLEU computation of seg under
// opt, width cells wide: a heading with the signature and the source, then
// the walk-through (tokens, the clip table of every order, precisions and
// smoothing, the geometric mean, the brevity penalty and the result). When
// NLTK would raise, the walk-through ends with the reason instead of a
// score.
func explainText(seg segmentText, opt scoring.Options, st render.Styles, width int) (string, error) {
	det, err := scoring.Explain(seg.Hyp, seg.Refs, opt)
	if err != nil {
		return "", err
	}
	res, scoreErr := scoring.Evaluate(det.Stats, opt, scoring.LastSegment{Hyp: seg.Hyp, Refs: seg.Refs})
	opts := []render.WalkOption{render.WithText(seg.Hyp, seg.Refs)}
	if seg.RefNames != nil {
		opts = append(opts, render.WithRefNames(seg.RefNames))
	}
	if scoreErr != nil {
		opts = append(opts, render.WithScoreError(scoreErr))
	}

	var b strings.Builder
	line := func(s string) {
		b.WriteString(ansi.Wrap(s, width, ""))
		b.WriteByte('\n')
	}
	line(st.Title.Render("Sentence BLEU of " + model.Printable(seg.Title)))
	line(st.Muted.Render(scoring.Signature(opt, seg.NRefs, scoring.SignatureVersion)))
	if seg.HasSrc {
		line(st.Label.Render("source") + "  " + model.Printable(seg.Src))
	}
	b.WriteByte('\n')
	b.WriteString(render.Walkthrough(st, det, res, opt, width, opts...))
	return b.String(), nil
}

// nltkMessage is the text of an error NLTK would raise, without package
// prefixes: "AssertionError: …".
func nltkMessage(err error) string {
	return strings.TrimPrefix(strings.TrimPrefix(err.Error(), "scoring: "), "nltk: ")
}
