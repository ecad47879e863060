package render

import (
	"fmt"
	"math"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
)

// ReportWorst is how many of each system's worst segments [Report] lists.
const ReportWorst = 10

// Report returns the plain-text report bleuscope prints when its output is
// not a terminal: the corpus score of every system with its signature,
// precisions and brevity penalty, then each system's ten worst segments by
// sentence score with their source and references. Columns are padded
// (up to [model.ColumnCells], a longer name overflowing) and lines cut to
// width (0 = no limit) in cells as [Cells] counts them, and every input
// string is made printable, so the report is safe to show on any
// terminal. It uses no colour.
func Report(ds *model.Dataset, s *model.Scored, width int) string {
	var b strings.Builder
	line := func(format string, args ...any) {
		l := fmt.Sprintf(format, args...)
		if width > 0 {
			l = Clip(l, width)
		}
		b.WriteString(strings.TrimRight(l, " "))
		b.WriteByte('\n')
	}
	corpus, sentence := s.Settings.Corpus, s.Settings.Sentence
	line("bleuscope %s report: %s, %s, %s", scoring.Version,
		model.Counted(ds.Len(), "segment"), model.Counted(len(ds.RefNames), "reference"), model.Counted(len(ds.Systems), "system"))

	line("")
	line("Corpus BLEU  %s", scoring.Signature(corpus, ds.NRefs(), scoring.SignatureVersion))
	nameWidth := 0
	for _, sys := range ds.Systems {
		nameWidth = min(max(nameWidth, Cells(model.Shown(sys.Name))), model.ColumnCells) // a longer name overflows
	}
	for i, sys := range s.Systems {
		name := model.Shown(ds.Systems[i].Name)
		pad := strings.Repeat(" ", max(0, nameWidth-Cells(name)))
		if sys.CorpusErr != nil {
			line("  %s%s  NLTK raises: %s", name, pad, model.Shown(scoring.NLTKErrorText(sys.CorpusErr)))
			continue
		}
		line("  %s%s  %s", name, pad, model.CorpusVerbose(sys.Corpus, corpus))
	}

	line("")
	line("Sentence BLEU  %s", scoring.Signature(sentence, ds.NRefs(), scoring.SignatureVersion))
	refTags := reportRefTags(ds.ReferenceLabels())
	for i, sys := range s.Systems {
		rows := s.Rows(ds, model.View{System: i, Other: -1, Sort: model.SortScore, Worst: ReportWorst})
		line("")
		line("Worst %s of %s", plural(len(rows), "segment"), model.Shown(ds.Systems[i].Name))
		for _, r := range rows {
			line("")
			line("  line %-6d %s", r+1, reportSentence(sys.Sentence[r], sentence))
			if ds.Src != nil {
				line("    src    %s", model.Shown(ds.Src[r]))
			}
			line("    hyp    %s", model.Shown(ds.Systems[i].Hyps[r]))
			for k := range ds.Refs {
				if !ds.RefPresent(k, r) {
					continue
				}
				line("    %s %s", refTags[k], model.Shown(ds.Refs[k][r]))
			}
		}
	}
	return b.String()
}

// reportSentence formats a sentence score on its compat's scale.
func reportSentence(x float64, opt scoring.Options) string {
	switch {
	case math.IsNaN(x):
		return "BLEU n/a (NLTK raises on this segment)"
	default:
		return "BLEU " + model.FormatScore(x, opt.Compat == scoring.CompatNLTK)
	}
}

// reportRefTags are the references' names ([model.RefLabel] of their
// labels), padded to one width in [Cells] (at least that of "src" and
// "hyp" and the space after).
func reportRefTags(labels []string) []string {
	tags := make([]string, len(labels))
	w := 6
	for k, l := range labels {
		tags[k] = model.RefLabel(l)
		w = max(w, Cells(tags[k]))
	}
	for k, t := range tags {
		tags[k] = t + strings.Repeat(" ", w-Cells(t))
	}
	return tags
}
