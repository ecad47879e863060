package ui

import (
	"fmt"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/ui/render"
)

// anaBucketItem is one row of the bucket table: a system's score on a
// bucket of the shown system's segments.
type anaBucketItem struct {
	bucket, system int
	first          bool // the bucket's first row, which names it
	b              *model.Bucket
}

// anaByNames say what each grouping groups by, in the title, and in
// fewer words.
var anaByNames = map[model.BucketBy][2]string{
	model.ByRefLength:    {"reference length r", "ref length"},
	model.ByLengthRatio:  {"length ratio c/r", "length ratio"},
	model.BySentenceBLEU: {"sentence BLEU", "sentence BLEU"},
}

// bucketSystems lists the systems in the order each bucket shows them:
// the shown one, the baseline, then the others.
func bucketSystems(x anaCtx) []int {
	out := []int{x.sys}
	if x.other >= 0 && x.other != x.sys {
		out = append(out, x.other)
	}
	for s := range x.c.ds.Systems {
		if s != x.sys && s != x.other {
			out = append(out, s)
		}
	}
	return out
}

// bucketItems returns the rows of the bucket table: nil while the
// buckets of the shown system and grouping are not at hand.
func (a anaScreen) bucketItems(x anaCtx) []anaBucketItem {
	if !a.derFresh(x) {
		return nil
	}
	bs := a.der.buckets
	var out []anaBucketItem
	for i := range bs[x.sys] {
		for j, s := range bucketSystems(x) {
			if j > 0 && len(bs[s][i].Rows) == 0 {
				break // an empty bucket takes one row
			}
			out = append(out, anaBucketItem{bucket: i, system: s, first: j == 0, b: &bs[s][i]})
		}
	}
	return out
}

// emptyNoRef reports whether b is the bucket of segments with no
// reference tokens while it holds none: shown as `bleuscope buckets`
// prints it (SPEC: every bucket), but as one muted line whose name does
// not widen the bucket column, which on most corpora would only take the
// bars' cells (10 of them at 60 columns on WMT22 de-en).
func emptyNoRef(b *model.Bucket) bool {
	return b.Label == model.NoRefLabel && len(b.Rows) == 0
}

// noRefLabels are the labels of the bucket of segments with no reference
// tokens, from the fullest (SPEC's, as `bleuscope buckets` says) to the
// shortest: the table and its note take the fullest the window has room
// for ([bucketColumns]).
var noRefLabels = []string{model.NoRefLabel, "no ref tokens", "r = 0"}

// bucketLabel is a bucket's label, the no-reference bucket's being noRef
// and the no-score bucket's (NLTK raised on its segments' sentence
// scores) "no score", which fits the label column's 9 cells.
func bucketLabel(b *model.Bucket, noRef string) string {
	switch b.Label {
	case model.NoRefLabel:
		return noRef
	case model.NoScoreLabel:
		return "no score"
	}
	return b.Label
}

// bucketCols are the widths of the bucket table's columns that vary,
// and the no-reference bucket's label.
type bucketCols struct {
	label, segs, name, bar, bleu, ci int
	noRef                            string
}

// bucketColumns lays out the bucket table: the system column as wide as
// the names, the segment counts as the widest ("segs" at least), and the
// no-reference bucket's label, when it holds segments ([emptyNoRef]),
// the fullest of [noRefLabels] that leaves the bars room: SPEC's name
// where they keep 4 cells, else "no ref tokens" while they keep one (at
// 60 columns): a recognisable name is worth more
// than the bars' cells, which the figures beside them repeat; "r = 0"
// only where the bars would vanish.
func (a anaScreen) bucketColumns(x anaCtx) bucketCols {
	c := x.c
	cols := bucketCols{label: 9, segs: len("segs"), name: 6, noRef: noRefLabels[len(noRefLabels)-1]}
	for s := range c.ds.Systems {
		cols.name = max(cols.name, anaNameWidth(c, s))
	}
	hasNoRef := false
	for _, b := range a.der.buckets[x.sys] {
		cols.segs = max(cols.segs, len(model.Thousands(len(b.Rows))))
		hasNoRef = hasNoRef || b.Label == model.NoRefLabel && !emptyNoRef(&b)
	}
	// The scores and the CIs as wide as the widest ("100.00", "±13.35"),
	// 5 cells at least, the CIs two spaces after the scores.
	cols.bleu, cols.ci = 5, 5
	for _, bs := range a.der.buckets {
		for _, b := range bs {
			cols.bleu = max(cols.bleu, render.Cells(c.score(b.Result.Score)))
			if b.CI != nil {
				cols.ci = max(cols.ci, render.Cells(ciCell(c, *b.CI)))
			}
		}
	}
	// A row is the label, then 14 cells of gaps and Δ, the score and the
	// CI, beside the counts, the name and the bar, and a cell spare.
	rest := c.width - 15 - (1 + cols.bleu) - (2 + cols.ci) - cols.segs - cols.name
	if hasNoRef {
		for i, l := range noRefLabels {
			if bar := rest - render.Cells(l); i == 0 && bar >= 4 || i > 0 && bar >= 1 {
				cols.noRef = l
				break
			}
		}
		cols.label = max(cols.label, render.Cells(cols.noRef))
	}
	cols.bar = max(1, min(60, rest-cols.label)) // wide windows draw finer bars
	return cols
}

// bucketView draws the bucket table: per bucket of the shown system's
// segments, the number of segments, then every system's corpus BLEU on
// them as a bar, with its CI when there is one and its Δ to the baseline
// on the same segments.
func (a anaScreen) bucketView(x anaCtx, running string) (titles, notes []string, head string, body []string) {
	c := x.c
	st := c.st
	by := a.bucketBy()
	// Even r, the closest reference length, depends on the hypothesis: the
	// segments are grouped by the shown system's figure.
	names := anaByNames[by]
	items := a.bucketItems(x)
	// Which rows are in view when some are not, in every form, as the
	// n-gram table's title keeps its count; the last form leaves out the
	// shown system's name, which the rows give, to keep it.
	rows := a.rowsInView(len(items))
	sys := c.shortName(x.sys)
	titles = append(anaTitles("buckets by "+sys+"'s "+names[0]+rows, "buckets by "+sys+"'s "+names[1]+rows), "buckets by "+names[1]+rows)
	notes = []string{c.shortName(x.sys) + "'s segments grouped; every system scored on those same segments",
		"every system scored on the same segments"}
	if len(c.ds.Systems) == 1 {
		notes = []string{c.shortName(x.sys) + "'s segments grouped, each group scored as a corpus", "each group scored as a corpus"}
	}
	if !a.derFresh(x) {
		return titles, notes, "", waiting(x, running)
	}
	cols := a.bucketColumns(x)
	if s := a.mostLost(x, cols.noRef); s != nil {
		notes = s
	}
	bs := a.der.buckets
	labelW, segsW, nameW, barW, bleuW, ciW, noRef := cols.label, cols.segs, cols.name, cols.bar, cols.bleu, cols.ci, cols.noRef
	ci := ""
	for _, b := range bs[x.sys] {
		if b.CI != nil {
			ci = "±CI"
		}
	}
	base := ""
	if x.other >= 0 {
		base = "Δ base"
	}
	head = fmt.Sprintf(" %-*s %*s  %s  %-*s %*s  %*s %7s", labelW, "bucket", segsW, "segs", render.PadRight("system", nameW), barW, "", bleuW, "BLEU", ciW, ci, base)
	return titles, notes, head, a.visible(x, len(items), func(i int) string {
		it := items[i]
		if emptyNoRef(it.b) { // its name wider than the column: the row says it alone
			return st.Muted.Render(model.NoRefLabel + ": no segments")
		}
		lead := strings.Repeat(" ", labelW+segsW+2)
		switch label := render.PadRight(bucketLabel(it.b, noRef), labelW) + fmt.Sprintf(" %*s ", segsW, model.Thousands(len(it.b.Rows))); {
		case it.first:
			lead = label
		case i == a.top[anaBuckets]: // a bucket taller than the view, its first row above it: named again, muted
			lead = st.Muted.Render(label)
		}
		if len(it.b.Rows) == 0 {
			return lead + st.Muted.Render(" no segments")
		}
		var cell string
		switch {
		case it.b.Err != nil:
			cell = st.Muted.Render(render.Safe(it.b.Err.Error()))
		default:
			cell = render.Bar(st, it.b.Result.Score/c.scoreScale(), barW) + " " + render.PadLeft(c.score(it.b.Result.Score), bleuW)
			ci := ""
			if it.b.CI != nil {
				ci = ciCell(c, *it.b.CI)
			}
			cell += "  " + render.PadLeft(ci, ciW)
			switch {
			case x.other < 0:
			case it.system == x.other:
				cell += st.Muted.Render(render.PadLeft("base", 8))
			case bs[x.other][it.bucket].Err == nil:
				cell += anaDeltaCell(x, it.b.Result.Score-bs[x.other][it.bucket].Result.Score)
			}
		}
		return lead + " " + c.systemCell(it.system, nameW) + "  " + cell
	})
}

// ciCell is a bucket's CI as the table shows it: "±2.77".
func ciCell(c common, ci float64) string { return "±" + c.score(ci) }

// anaDeltaCell draws a Δ to the baseline, 8 cells wide, coloured by the
// sign it is shown with: muted when it reads 0 at the scores' decimals
// (NLTK's 0 against 1e-154 is no loss, as [model.MostBehind] says).
func anaDeltaCell(x anaCtx, d float64) string {
	decimals := model.ScoreDecimals(x.c.nltk())
	sty := x.c.st.Muted
	switch {
	case model.ReadsLoss(d, decimals):
		sty = x.c.st.Bad
	case model.ReadsLoss(-d, decimals):
		sty = x.c.st.Good
	}
	return sty.Render(render.PadLeft(x.c.delta(d), 8))
}

// mostLost names the bucket where the shown system is furthest behind
// the baseline on the same segments ([model.MostBehind]; nil without a
// baseline to compare), with, in parentheses, a smaller one that is
// further behind still, saying how small; in forms from the fullest to
// the shortest, as the note line takes them. What the person opened the
// screen for goes last: the parenthesised bucket gives way first (in
// fewer words, then with its figure alone, then left out), then the
// baseline's name is cut ([common.cutName]) rather than left out (behind
// in small buckets only, the words around it are shortened too), and
// only the last form, which the line may cut, leaves it out; so in every
// case, where the shown system is behind, behind in small buckets only,
// or behind in none. noRef is the label the table gives the bucket
// without a reference length ([bucketCols]), so the note names buckets
// as the table does.
func (a anaScreen) mostLost(x anaCtx, noRef string) []string {
	if x.other == x.sys && len(x.c.ds.Systems) > 1 { // the pinned baseline shown: compared with nothing
		return []string{
			x.c.shortName(x.sys) + " is the baseline: tab shows where another system loses to it, w picks another baseline",
			x.c.shortName(x.sys) + " is the baseline: tab to another system, w to pick one",
			"the baseline: tab to another system, w to pick one",
		}
	}
	if !salientPair(x) {
		return nil
	}
	sys, other := x.c.shortName(x.sys), x.c.shortName(x.other)
	if a.bucketBy() == model.BySentenceBLEU {
		return []string{
			fmt.Sprintf("grouped by %s's own sentence BLEU, its low buckets are low by construction: compare by length instead", sys),
			fmt.Sprintf("grouped by %s's own sentence BLEU: low buckets are low by construction", sys),
			"its low buckets are low by construction: compare by length",
			"low by construction: compare by length",
		}
	}
	mine := a.der.buckets[x.sys]
	most, small := model.MostBehind(mine, a.der.buckets[x.other], model.ScoreDecimals(x.c.nltk()))
	switch {
	case most.Index < 0 && small.Index >= 0:
		label, d, n := bucketLabel(&mine[small.Index], noRef), x.c.delta(small.Delta), len(mine[small.Index].Rows)
		nowhere := func(name string) string {
			return fmt.Sprintf("behind %s in no bucket of %d+ segs; most in %s: %s on only %d", name, model.MinSupport, label, d, n)
		}
		briefly := func(name string) string { // fits 60 columns with a name of 10 cells
			return fmt.Sprintf("behind %s in no bucket of %d+; %s: %s on %d", name, model.MinSupport, label, d, n)
		}
		return x.c.namedForms(x.other, []string{
			fmt.Sprintf("%s is behind %s in no bucket of %d segments or more; most in %s: %s on only %d", sys, other, model.MinSupport, label, d, n),
			fmt.Sprintf("behind %s in no bucket of %d+ segments; most in %s: %s on only %d", other, model.MinSupport, label, d, n),
		}, fmt.Sprintf("behind in no bucket of %d+ segs; most in %s: %s on %d", model.MinSupport, label, d, n), nowhere, briefly)
	case most.Index < 0:
		return x.c.namedForms(x.other, []string{sys + " is behind " + other + " in no bucket"}, "behind in no bucket",
			func(name string) string { return "behind " + name + " in no bucket" })
	}
	n, label, d := len(mine[most.Index].Rows), bucketLabel(&mine[most.Index], noRef), x.c.delta(most.Delta)
	aside := []string{"", "", ""}
	if small.Index >= 0 {
		label, d, n := bucketLabel(&mine[small.Index], noRef), x.c.delta(small.Delta), len(mine[small.Index].Rows)
		aside = []string{
			fmt.Sprintf(" (%s: %s on only %d)", label, d, n),
			fmt.Sprintf(" (%s: %s on %d)", label, d, n),
			fmt.Sprintf(" (%s: %s)", label, d),
		}
	}
	behind := func(name string) string {
		return fmt.Sprintf("furthest behind %s in %s: %s on %s seg%s", name, label, d, model.Thousands(n), model.PluralS(n))
	}
	return x.c.namedForms(x.other, []string{
		fmt.Sprintf("%s is furthest behind %s in %s: %s on %s segment%s%s", sys, other, label, d, model.Thousands(n), model.PluralS(n), aside[0]),
		fmt.Sprintf("%s is furthest behind %s in %s: %s on %s seg%s%s", sys, other, label, d, model.Thousands(n), model.PluralS(n), aside[1]),
		behind(other) + aside[1],
		behind(other) + aside[2],
	}, fmt.Sprintf("furthest behind in %s: %s on %s seg%s", label, d, model.Thousands(n), model.PluralS(n)), behind)
}

// namedForms returns a note's forms, from the fullest to the shortest:
// full, then each of named, from the longest, with system s's name and
// then with the name cut ([common.cutName]) down to 4 cells, then bare,
// without it, which the line may cut: the name of the system compared
// with goes last.
func (c common) namedForms(s int, full []string, bare string, named ...func(name string) string) []string {
	name := c.shortName(s)
	forms := full
	for _, form := range named {
		forms = append(forms, form(name))
		for w, prev := render.Cells(name)-1, name; w >= 4; w-- {
			if cut := c.cutName(s, w); cut != prev {
				forms, prev = append(forms, form(cut)), cut
			}
		}
	}
	return append(forms, bare)
}

// bucketWhat is what a bucket of the grouping shown bounds, as a
// drill-down's label says it before the bucket's label ("ref length
// [10,20)").
func (a anaScreen) bucketWhat() string {
	switch a.bucketBy() {
	case model.ByLengthRatio:
		return "length ratio "
	case model.BySentenceBLEU:
		return "sentence BLEU "
	}
	return "ref length "
}

// drillBucket returns a bucket's segments.
func (a anaScreen) drillBucket(x anaCtx, it anaBucketItem) anaDrill {
	// The buckets are the shown system's: even r, the closest reference
	// length, depends on its hypotheses.
	// The label holds the words it needs (see drillNGram).
	what, sys, bucket := a.bucketWhat(), x.sys, it.b.Label
	// The shown system's name, which the header gives, gives way first.
	label := func(name func(int) string) []string {
		if bucket == model.NoRefLabel || bucket == model.NoScoreLabel {
			return []string{name(sys) + "'s segments with " + bucket, "segments with " + bucket}
		}
		return []string{name(sys) + "'s " + what + bucket, what + bucket}
	}
	return anaDrill{rows: append([]int(nil), it.b.Rows...), label: label}
}
