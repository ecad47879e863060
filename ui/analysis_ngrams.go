package ui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/bleuscope/bleuscope/ui/render"
)

// anaNGramItem is one row of the n-gram table: a kind's row of the shown
// system, or a salient row and the side it leans to.
type anaNGramItem struct {
	row  *model.NGramRow
	sal  *model.SalientRow
	favA bool // the salient n-gram leans to the shown system
}

// anaModeNotes say what each mode counts, under the title, then in fewer
// words.
var anaModeNotes = [numAnaModes][]string{
	anaMissed: {"missed: in a reference, not produced (max ref count − matched, summed over segments)",
		"missed: in a reference, not produced (max ref count − matched)", "missed: in a reference, not produced"},
	anaOver: {"over: produced beyond what any reference supports (unmatched or clipped)",
		"over: produced beyond what any reference supports", "over: beyond the references"},
	anaMatched: {"matched: produced and supported by a reference (min(hyp, max ref count))",
		"matched: produced and supported by a reference", "matched: produced and in a reference"},
}

// salientPair reports whether the salient n-grams have a pair to compare.
func salientPair(x anaCtx) bool { return x.other >= 0 && x.other != x.sys }

// text returns the item's n-gram.
func (it anaNGramItem) text() string {
	if it.row != nil {
		return it.row.NGram
	}
	return it.sal.NGram
}

// order returns the item's order.
func (it anaNGramItem) order() int {
	if it.row != nil {
		return it.row.Order
	}
	return it.sal.Order
}

// findNGram returns the index of the first of items that keep keeps whose
// n-gram is ngram, else ngram lowercased (l merges "The" into "the"); -1
// when there is none.
func findNGram(items []anaNGramItem, ngram string, keep func(anaNGramItem) bool) int {
	for _, want := range []string{ngram, strings.ToLower(ngram)} {
		if i := slices.IndexFunc(items, func(it anaNGramItem) bool { return it.text() == want && keep(it) }); i >= 0 {
			return i
		}
	}
	return -1
}

// ngramItems returns the rows of the n-gram table for the shown system,
// mode and order: nil while what they come from is not at hand.
func (a anaScreen) ngramItems(x anaCtx) []anaNGramItem { return a.items(x, true) }

// items returns the rows of the n-gram table; with fresh false, those of
// whatever the screen holds, even made for other scores.
func (a anaScreen) items(x anaCtx, fresh bool) []anaNGramItem {
	keep := func(order int) bool { return a.order == 0 || order == a.order }
	var out []anaNGramItem
	if a.mode != anaSalient {
		if a.base == nil || (fresh && !a.baseFresh(x)) || x.sys >= len(a.base.ranked) {
			return nil
		}
		rows := a.base.ranked[x.sys][a.mode]
		for i := range rows {
			if keep(rows[i].Order) {
				out = append(out, anaNGramItem{row: &rows[i]})
			}
		}
		return out
	}
	if a.der == nil || (fresh && !a.salientFresh(x)) || !salientPair(x) {
		return nil
	}
	for side, lists := range [][][]model.SalientRow{a.der.favA, a.der.favB} {
		for _, rows := range lists {
			for i := range rows {
				if keep(rows[i].Order) {
					out = append(out, anaNGramItem{sal: &rows[i], favA: side == 0})
				}
			}
		}
	}
	return out
}

// ngramView draws the n-gram table.
func (a anaScreen) ngramView(x anaCtx, running string) (titles, notes []string, head string, body []string) {
	c := x.c
	orders := "all orders"
	if a.order > 0 {
		orders = "order " + strconv.Itoa(a.order)
	}
	// kinds names the mode's n-grams and order: "missed n-grams · order
	// 1", then in fewer words, "missed 1-grams" ("missed 1–4-grams" for
	// every order).
	grams := a.orderGrams(x)
	kinds := func(mode string) []string {
		return []string{mode + " n-grams · " + orders, mode + " " + grams}
	}
	if a.mode != anaSalient {
		// The count of rows (" · top 50 of 6,050") matters more than the
		// wording: every form keeps it, and says which rows are in view
		// when some are not (" · top 50 of 6,050 · rows 1–12").
		items := a.ngramItems(x)
		r := a.ranksOf(x)
		ranks, whole, short := a.rowsOfHeld(len(items), r.held), a.rowsOfHeld(len(items), r.whole), a.rowsOfHeld(len(items), r.short)
		sys := c.shortName(x.sys)
		named := func(count string) []string { // the forms with the system's name
			var forms []string
			for _, k := range kinds(a.mode.String()) {
				forms = append(forms, sys+" · "+k+count)
			}
			return anaTitles(forms...)
		}
		last := a.mode.String() + " " + grams
		titles = named(ranks)
		if whole != ranks { // every order's "50 per order" goes before the name, then after it
			titles = append(append(titles, last+ranks), named(whole)...)
		}
		// Last, without the system's name, which the columns and the
		// list's header give: a long one left no room for the count;
		// then the count in thousands (every table writes its count
		// whole as long as any of its forms can: [anaScreen.ranksOf])
		// and, when nothing else fits, without the ranking's size.
		titles = append(titles, last+ranks, last+whole, last+short, last+a.rowsInView(len(items)))
		if len(items) == 0 {
			return titles, anaModeNotes[a.mode], "", []string{c.st.Muted.Render("no " + a.mode.String() + " n-grams of " + orders)}
		}
		// The columns are as wide as the table's widest figures, so that
		// the n-grams line up however far it is scrolled.
		most, mostSegs := 0, 0 // the widest figures are the largest: counts are never negative
		for _, it := range items {
			most, mostSegs = max(most, int(it.row.Count)), max(mostSegs, it.row.Segments)
		}
		cw, sw := max(7, len(model.Thousands(most))), max(5, len(model.Thousands(mostSegs)))
		// The n-gram column's head names the system, as the drill-down's
		// label does ("LT22 missed"): the title has no room for the name
		// at 60 columns beside its count and the rows in view.
		head = fmt.Sprintf(" %2s %*s %*s  %s", "n", cw, "count", sw, "segs", sys+" "+a.mode.String()+" · first lines")
		return titles, anaModeNotes[a.mode], head, a.visible(x, len(items), func(i int) string {
			r := items[i].row
			s := fmt.Sprintf("%2d %*s %*s  %s", r.Order, cw, model.Thousands(r.Count), sw, model.Thousands(r.Segments), render.Safe(r.NGram))
			// The row is drawn after a one-cell cursor mark; the lines get
			// what is left after " · " (and a cell spare when terminals
			// disagree on the n-gram's width).
			if lines := lineList(r.Lines, r.Segments, c.width-1-render.Cells(s)-3-render.Spare(s)); lines != "" {
				s += c.st.Muted.Render(" · " + lines)
			}
			return s
		})
	}
	var forms []string
	for _, k := range kinds("salient") {
		forms = append(forms, c.shortName(x.sys)+" · "+k)
	}
	titles = anaTitles(forms...)
	if !salientPair(x) {
		return titles, []string{"salient n-grams compare the shown system with the baseline", "salient: the shown system vs the baseline"}, "",
			[]string{c.st.Muted.Render(render.FirstFit(c.width-1,
				c.shortName(x.sys)+" is the baseline: tab shows another system, w picks another baseline",
				c.shortName(x.sys)+" is the baseline: tab to another system, w to pick one",
				"this is the baseline: tab to another system, w to pick one",
				"the baseline: tab to another system, w to pick one",
				"the baseline: tab or w for another"))}
	}
	// The count of rows on each side (" · +50 of 1,234 · −50 of 987", in
	// short " · top 100 of 2,221") and the rows in view are kept as the
	// n-gram tables keep theirs.
	items := a.ngramItems(x)
	// Each side's count does not count the rows: the rows in view are
	// said of the table's before them.
	r := a.ranksOf(x)
	ranks := r.held
	if ranks != "" {
		ranks = " · " + ranks
	}
	ranks = a.rowsInView(len(items)) + ranks
	whole, short := a.rowsOfHeld(len(items), r.whole), a.rowsOfHeld(len(items), r.short)
	pair := c.shortName(x.sys) + " vs " + c.shortName(x.other)
	forms = forms[:0]
	for _, k := range kinds("salient") {
		forms = append(forms, pair+" · "+k+ranks)
	}
	// Last, both sides in one count, written whole as the other tables
	// write theirs: with both names; then, where the table holds the top
	// of its rankings, both names and that count without the rows in view
	// (the count says that rows are below, as the rows in view would);
	// then without either name (the note and the table's head name both);
	// then in thousands, then without the rankings' size. A title never
	// names one side alone: "LT22 · salient 1–4-grams" read as LT22's
	// n-grams.
	grams = "salient " + grams
	titles = anaTitles(forms...)
	if r.each != "" { // how the rows are chosen, before the rows in view
		titles = append(titles, pair+" · "+grams+" · "+r.each)
	}
	titles = append(titles, pair+" · "+grams+whole)
	if r.whole != "" {
		titles = append(titles, pair+" · "+grams+" · "+r.whole)
	}
	titles = append(titles, grams+whole, grams+short, grams+a.rowsInView(len(items)))
	// The note names both systems whole where that fits, in short
	// (as the columns) where it does not.
	for _, names := range [][2]string{{c.systemName(x.sys), c.systemName(x.other)}, {c.shortName(x.sys), c.shortName(x.other)}} {
		sa, sb := names[0], names[1]
		notes = append(notes,
			fmt.Sprintf("matched: + %s gets it, %s far less · − the reverse · s = (a+1)/(a+b+2)", sa, sb),
			fmt.Sprintf("matched: + %s gets it, %s far less · − the reverse", sa, sb),
			fmt.Sprintf("+ matched far more by %s · − by %s", sa, sb))
	}
	if !a.salientFresh(x) {
		return titles, notes, "", waiting(x, running)
	}
	if len(items) == 0 {
		return titles, notes, "", []string{c.st.Muted.Render("no n-gram of " + orders + " leans either way")}
	}
	// The count columns are as wide as the systems' names as the title
	// gives them (at least 6): one abbreviation of a name on the screen.
	wa, wb := anaNameWidth(c, x.sys), anaNameWidth(c, x.other)
	nameA := render.PadLeft(c.shortName(x.sys), wa)
	nameB := render.PadLeft(c.shortName(x.other), wb)
	head = fmt.Sprintf(" %2s %s %s %s %6s  %s", "n", " ", nameA, nameB, "s", "n-gram")
	return titles, notes, head, a.visible(x, len(items), func(i int) string {
		r, sign, sty := items[i].sal, "−", c.st.Bad
		if items[i].favA {
			sign, sty = "+", c.st.Good
		}
		return fmt.Sprintf("%2d %s %*s %*s %6.3f  %s", r.Order, sty.Render(sign), wa, model.Thousands(r.CountA), wb, model.Thousands(r.CountB), r.Score, render.Safe(r.NGram))
	})
}

// orderGrams names the n-grams of the order shown: "2-grams", or for
// every order "1–4-grams" (up to the max order).
func (a anaScreen) orderGrams(x anaCtx) string {
	if n := a.maxOrder(x); a.order == 0 && n > 1 {
		return "1–" + strconv.Itoa(n) + "-grams"
	}
	return strconv.Itoa(max(a.order, 1)) + "-grams"
}

// anaRanks says how many rows a table holds of how many n-grams, when it
// holds only the first of a ranking (of each order's): held as the
// table's title says it in full, whole in one count written whole ("top
// 50 of 21,254"), short in one count in thousands ("top 50 of 21k"),
// which a title says only where no form with the whole count fits, so
// that every table writes its counts alike.
//
// each, on the salient table of every order, is whole with how the rows
// are chosen ("25 per order a side · top 200 of 25,244").
type anaRanks struct{ held, whole, short, each string }

// ranksOf says, when the table holds only the first anaTop n-grams of a
// ranking (of each order's), how many rows it holds of how many n-grams:
// "top 50 of 21,254" (held and whole), and in short "top 50 of 21k"; of
// every order, held says that each order has its top rows in turn, "50
// per order · top 200 of 129,941" (a person read "top 200" as the top of
// all orders together); "" when it holds them all. The salient table says
// it of each side ([anaScreen.salientRanks]).
func (a anaScreen) ranksOf(x anaCtx) anaRanks {
	if a.mode == anaSalient {
		return a.salientRanks(x)
	}
	if a.base == nil || !a.baseFresh(x) || x.sys >= len(a.base.sizes) {
		return anaRanks{}
	}
	sizes := a.base.sizes[x.sys]
	orders := len(sizes) / len(anaModeKinds)
	shown, total, few := 0, 0, false // few: an order has fewer than anaTop
	for o := range orders {
		if a.order == 0 || a.order == o+1 {
			n := sizes[int(a.mode)*orders+o]
			shown, total, few = shown+min(n, anaTop), total+n, few || n < anaTop
		}
	}
	if shown == total {
		return anaRanks{}
	}
	whole := fmt.Sprintf("top %s of %s", model.Thousands(shown), model.Thousands(total))
	r := anaRanks{held: whole, whole: whole, short: fmt.Sprintf("top %s of %s", model.Thousands(shown), roughly(total))}
	if a.order == 0 && orders > 1 { // each order's top rows in turn, not the top of all together
		r.held = fmt.Sprintf("%s per order · %s", upTo(anaTop, few), whole)
	}
	return r
}

// salientRanks says, when the salient table holds only the first
// anaSalientTop n-grams of a side (of each order's), how many rows it
// holds of how many n-grams on each side, the shown system's (+) first:
// "+50 of 1,234 · −50 of 987" (of every order, "25 per order a side · +100
// of 17,539 · −100 of 7,705"), and in one count, in all, "top 100 of
// 2,221" (whole), "top 100 of 2k" (short); none when it holds them all.
func (a anaScreen) salientRanks(x anaCtx) anaRanks {
	if !a.salientFresh(x) || !salientPair(x) {
		return anaRanks{}
	}
	sizes := a.der.salSizes
	var shown, total [2]int
	few := false // a side of an order has fewer than anaSalientTop
	for o := range len(sizes) / 2 {
		if a.order == 0 || a.order == o+1 {
			for side := range 2 {
				n := sizes[2*o+side]
				shown[side], total[side], few = shown[side]+min(n, anaSalientTop), total[side]+n, few || n < anaSalientTop
			}
		}
	}
	if shown == total {
		return anaRanks{}
	}
	all := model.Thousands(shown[0] + shown[1])
	perOrder := "" // every order's top rows in turn, as the other tables say
	if a.order == 0 && len(sizes) > 2 {
		perOrder = fmt.Sprintf("%s per order a side · ", upTo(anaSalientTop, few))
	}
	r := anaRanks{
		held:  perOrder + fmt.Sprintf("+%s of %s · −%s of %s", model.Thousands(shown[0]), model.Thousands(total[0]), model.Thousands(shown[1]), model.Thousands(total[1])),
		whole: fmt.Sprintf("top %s of %s", all, model.Thousands(total[0]+total[1])),
		short: fmt.Sprintf("top %s of %s", all, roughly(total[0]+total[1])),
	}
	if perOrder != "" {
		r.each = perOrder + r.whole
	}
	return r
}

// upTo writes the most rows an order's ranking gives a table, "50", or
// "up to 50" when some order has fewer.
func upTo(top int, few bool) string {
	if few {
		return "up to " + strconv.Itoa(top)
	}
	return strconv.Itoa(top)
}

// roughly writes n in thousands ("217k") or millions ("1.2M") from
// 10,000 on, else whole.
func roughly(n int) string {
	switch {
	case n >= 999_500:
		return strconv.FormatFloat(float64(n)/1e6, 'f', 1, 64) + "M"
	case n >= 10_000:
		return strconv.Itoa((n+500)/1000) + "k"
	}
	return model.Thousands(n)
}

// lineList lists as many of lines (the first line numbers of an n-gram
// found in segs segments) as fit in room cells, separated by spaces, and
// ends with " …" when segs is more than it shows; it is "…" when no number
// fits but one would be needed, "" when not even that fits.
func lineList(lines []int, segs, room int) string {
	var b strings.Builder
	shown := 0
	for i, l := range lines {
		s := strconv.Itoa(l)
		need := len(s)
		if i > 0 {
			need++
		}
		if segs > i+1 { // more to come: keep room for " …", two cells
			need += 2
		}
		if b.Len()+need > room {
			break
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(s)
		shown++
	}
	switch {
	case segs <= shown:
		return b.String()
	case shown > 0:
		return b.String() + " …"
	case room >= 1:
		return "…"
	}
	return ""
}

// drillNGram returns the segments of an n-gram row: those where its kind
// counts for the shown system, or for a salient row those where the side
// it leans to has it and the other does not.
func (a anaScreen) drillNGram(x anaCtx, it anaNGramItem) anaDrill {
	// The labels hold the words they need, not the rows nor x, whose
	// scores and statistics would stay in memory with the drill-down
	// through a recount under new settings.
	sys := x.sys
	if r := it.row; r != nil {
		what := fmt.Sprintf("%s %s", r.Kind, model.QuoteNGram(r.NGram))
		return anaDrill{
			rows: a.base.an.SegmentsOf(x.sys, r.Kind, r.ID),
			label: func(name func(int) string) []string {
				// The shown system's name, which the header gives, gives way first.
				return []string{name(sys) + " " + what, what}
			},
			ngram: &anaNGram{System: x.sys, Kind: r.Kind, Order: r.Order, ID: r.ID, NGram: r.NGram},
		}
	}
	r := it.sal
	has, lacks := r.SystemA, r.SystemB
	// The pane shows the shown system's segments: a row in its favour
	// marks what it matched, a row in the baseline's what it missed.
	kind := scoring.Matched
	if !it.favA {
		has, lacks, kind = lacks, has, scoring.Missed
	}
	q := model.QuoteNGram(r.NGram)
	return anaDrill{
		rows: a.base.an.SalientSegments(*r, it.favA),
		label: func(name func(int) string) []string {
			return []string{
				fmt.Sprintf("%s matched by %s more than %s", q, name(has), name(lacks)),
				fmt.Sprintf("%s matched more by %s", q, name(has)),
				"salient " + q,
			}
		},
		ngram: &anaNGram{System: x.sys, Kind: kind, Order: r.Order, ID: r.ID, NGram: r.NGram},
	}
}
