package ui

import (
	"context"
	"slices"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/ui/render"
)

// queryTerms is the help's table of the filter's query language.
var queryTerms = [][2]string{
	{"word", "the text contains it, even inside a word, ignoring case (source, references, any system)"},
	{`"an n-gram"`, "those tokens in a row, as BLEU counts them"},
	{"/regexp/", "a Go regular expression on the raw text; /(?i)x/ in any case"},
	{"src: hyp: ref:", "in that field only (hyp: any system's, so the rows stay put on tab)"},
	{"shown:", "in the shown system's hypothesis only"},
	{"bleu<10 len>30", "the shown system's sentence BLEU, its length in tokens;"},
	{"bp<1 delta<-5", "brevity penalty, BLEU minus the baseline's;"},
	{"chrf<40 ter>50", "sentence chrF, TER in % (as M shows them; computed when needed) · < > <= >= ="},
	{"cat:omission", "an annotation of that category (part of its name); sev:major"},
	{"rater:ana", "annotated by ana; together with cat: sev: on one annotation"},
	{"is:unannotated", "also is:annotated is:error is:noerror (the shown system's)"},
	{"a b · a or b", "both · either (a b or c is (a b) or c)"},
	{"-a · not a", "a does not hold: ref:vaccine -hyp:vaccine (in a reference, in no system)"},
}

// queryHelp is the help section on the filter ("/"): its query language.
// One query selects the same segments whichever system is shown.
func queryHelp(c common, width int) string {
	st := c.st
	lines := []string{st.Title.Render("Filtering with /")}
	for _, t := range queryTerms {
		lines = append(lines, helpRow(c, t[0], t[1], width))
	}
	lines = append(lines, render.Wrap("Names are read in any case (BLEU<10, OR); a query that does not parse (foo:bar) is not applied.", width))
	return strings.Join(lines, "\n")
}

// viewRows returns the rows of view, and the impact they are sorted by
// while view sorts by impact (nil otherwise): its filter is a query
// ([model.ParseQuery]), evaluated once for all systems (numeric terms on
// the shown system, delta against the baseline), and the rows come
// in view's order. A query that does not parse, or cannot be evaluated
// here, is an error of one line and no rows. facts are the annotations
// the query's cat:, sev:, rater: and is: terms read (nil: none). When only
// is not nil the rows are among those segments (a drill-down of the
// analysis screen), narrowed by the query. metrics are the chrF and TER
// scores its chrf and ter terms read (model.Scored.QueryRows). It stops
// with ctx's error when ctx is done while the impact the rows are sorted
// by is worked out or the segments are tested.
func viewRows(ctx context.Context, ds *model.Dataset, s *model.Scored, view model.View, only []int, facts model.AnnotationFacts, metrics ...*model.MetricScores) ([]int, []float64, error) {
	var among []int // nil: the corpus; else the drill-down's segments
	if only != nil {
		among = ascending(only)
	}
	rows, impact, err := s.RowsImpactContext(ctx, ds, unfiltered(view), among)
	if err != nil {
		return nil, nil, err
	}
	if strings.TrimSpace(view.Filter) == "" {
		return rows, impact, nil
	}
	q, err := model.ParseQuery(view.Filter)
	if err != nil {
		return nil, nil, err
	}
	keep, err := s.QueryRowsContext(ctx, ds, q, view.System, view.Other, facts, metrics...)
	if err != nil {
		return nil, nil, err
	}
	return keepRows(rows, keep, ds.Len()), impact, nil
}

// anyCaseCount returns, when the filter of view selects none of the
// segments (rows is empty), how many it would select if its quoted n-grams
// matched in any case (among only, when not nil), for the empty list to
// say so; 0 when rows is not empty, or none would, or ctx is done first.
func anyCaseCount(ctx context.Context, ds *model.Dataset, s *model.Scored, view model.View, only []int, facts model.AnnotationFacts, metrics []*model.MetricScores, rows []int) int {
	if len(rows) > 0 || strings.TrimSpace(view.Filter) == "" {
		return 0
	}
	q, err := model.ParseQuery(view.Filter)
	if err != nil {
		return 0
	}
	keep, err := s.QueryRowsAnyCaseContext(ctx, ds, q, view.System, view.Other, facts, metrics...)
	switch {
	case err != nil:
		return 0
	case only != nil:
		return len(keepRows(ascending(only), keep, ds.Len()))
	}
	return len(keep)
}

// ascending returns the segments of rows in ascending order, each once:
// rows itself when it already is (it is not modified: the list shares it).
func ascending(rows []int) []int {
	for j := 1; j < len(rows); j++ {
		if rows[j] <= rows[j-1] {
			return slices.Compact(slices.Sorted(slices.Values(rows)))
		}
	}
	return rows
}

// unfiltered returns view without its filter.
func unfiltered(view model.View) model.View {
	view.Filter = ""
	return view
}

// keepRows returns the rows (in their order) that are among keep, segment
// indices below n.
func keepRows(rows, keep []int, n int) []int {
	in := make([]bool, n)
	for _, i := range keep {
		in[i] = true
	}
	out := make([]int, 0, len(keep))
	for _, r := range rows {
		if in[r] {
			out = append(out, r)
		}
	}
	return out
}
