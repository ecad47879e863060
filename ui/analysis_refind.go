package ui

import (
	"fmt"
	"slices"

	"github.com/bleuscope/bleuscope/model"
)

// anaRow is the row of a table that a drill-down lists, told by what it
// is rather than where it stands, so that the drill-down finds it again
// in the tables made anew when an option key is pressed in it
// ([anaScreen.refind]): the table, and the shown system and baseline it
// was of; an n-gram row's n-gram, its order and, salient, the side it
// leans to; a bucket row's bucket (its place in the grouping: the
// explorer's edges are the grouping's own, so a place names the same
// bounds on either score scale) and the system scored on it; a wins
// row's system and outcome. The mode, order and grouping are the
// screen's, which stay as they are while a drill-down is shown.
type anaRow struct {
	table      anaTable
	sys, other int
	ngram      string
	order      int
	favA       bool
	bucket     int
	system     int
	outcome    int
}

// refind finds the drilled row in the tables made for x (ready for its
// table), puts the cursor on it and returns what enter there opens. An
// n-gram is found by its text, else by its text lowercased (l merges
// "The" into "the"). When the tables lack the row (an n-gram the new
// tokenizer never makes or that left the ranking, an order above the new
// max order, a bucket or an outcome without segments now), ok is false
// and why says so, in forms from the fullest to the shortest.
func (a *anaScreen) refind(x anaCtx) (d anaDrill, why []string, ok bool) {
	r := a.drilled
	a.table = r.table
	i := -1
	switch r.table {
	case anaNGrams:
		if i = findNGram(a.ngramItems(x), r.ngram, func(it anaNGramItem) bool { return it.favA == r.favA }); i >= 0 {
			a.cursorSys, a.placed = x.sys, true
		}
	case anaBuckets:
		items := a.bucketItems(x)
		i = slices.IndexFunc(items, func(it anaBucketItem) bool { return it.bucket == r.bucket && it.system == r.system })
		if i < 0 { // an empty bucket has one row
			i = slices.IndexFunc(items, func(it anaBucketItem) bool { return it.bucket == r.bucket })
		}
	default:
		i = slices.IndexFunc(a.winItems(x), func(it anaWinItem) bool { return it.system == r.system && it.outcome == r.outcome })
	}
	if i >= 0 {
		a.cursor[r.table] = i
		a.clamp(x, r.table)
		if d, ok = a.drill(x); ok {
			a.drilled = d.row
			return d, nil, true
		}
	}
	return anaDrill{}, a.goneWhy(x, r), false
}

// goneWhy says why the tables made for x lack row r (see refind), in
// forms from the fullest to the shortest; where the row was listed says
// what comes next ([Model.leaveGoneDrill], the comparison's line).
func (a anaScreen) goneWhy(x anaCtx, r anaRow) []string {
	switch r.table {
	case anaNGrams:
		q := model.QuoteNGram(r.ngram)
		if n := a.maxOrder(x); r.order > n {
			return []string{fmt.Sprintf("%s is a %d-gram, above the max order %d now", q, r.order, n),
				fmt.Sprintf("%d-grams are above the max order now", r.order)}
		}
		kind := a.mode.String()
		return []string{fmt.Sprintf("%s is not among the table's %s n-grams now", q, kind),
			fmt.Sprintf("no %s %s in the table now", kind, q), "not in the table now"}
	case anaBuckets:
		bs := a.der.buckets[x.sys]
		if r.bucket >= len(bs) { // the bucket of the segments NLTK gave no score
			return []string{"every segment has a sentence score now"}
		}
		b := bs[r.bucket]
		if b.Label == model.NoRefLabel || b.Label == model.NoScoreLabel {
			return []string{"no segment with " + b.Label + " now"}
		}
		return []string{a.bucketWhat() + b.Label + " holds no segment now", b.Label + " holds no segment now"}
	}
	if r.outcome == anaUnscored {
		return []string{"every segment has a sentence score now"}
	}
	o := anaOutcomes[r.outcome]
	return []string{fmt.Sprintf("%s %s %s on no segment now", x.c.shortName(r.system), o.verb, x.c.shortName(x.other)),
		"no " + o.name + " now"}
}
