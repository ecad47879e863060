package ui

import (
	"fmt"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/ui/render"
)

// anaOutcomes name the outcomes of a segment against the baseline, as
// the table lists them and as a drill-down's label says them; the last,
// a segment where either sentence score is missing (NLTK raised on it),
// is listed only when some segment has it.
var anaOutcomes = [4]struct{ name, verb string }{
	{"wins", "beats"},
	{"ties", "ties with"},
	{"losses", "loses to"},
	{"no score", ""}, // drillWins words it
}

// anaUnscored is the outcome of a segment without a sentence score.
const anaUnscored = 3

// anaWinItem is one row of the wins table: one outcome of one system.
type anaWinItem struct {
	system, outcome int
	rows            []int
}

// winItems returns the rows of the wins table: every system but the
// baseline, the shown one first, each with its wins, ties and losses;
// nil without a baseline or while they are not at hand.
func (a anaScreen) winItems(x anaCtx) []anaWinItem {
	if x.other < 0 || !a.derFresh(x) {
		return nil
	}
	var out []anaWinItem
	for _, s := range bucketSystems(x) {
		if s == x.other {
			continue
		}
		for o, rows := range a.der.outcomes[s] {
			if o == anaUnscored && len(rows) == 0 {
				continue
			}
			out = append(out, anaWinItem{system: s, outcome: o, rows: rows})
		}
	}
	return out
}

// winsView draws the wins table: per system and outcome, the segments
// and their share as a bar.
func (a anaScreen) winsView(x anaCtx, running string) (titles, notes []string, head string, body []string) {
	c := x.c
	if x.other < 0 {
		return anaTitles("wins / ties / losses"), []string{"segment by segment against a baseline"}, "",
			[]string{c.st.Muted.Render("wins, ties and losses need two systems")}
	}
	// Which rows are in view when some are not, as the other tables say
	// it; the last form leaves out the baseline, which the note names.
	items := a.winItems(x)
	rows := a.rowsInView(len(items))
	titles = append(anaTitles("wins / ties / losses vs "+c.shortName(x.other)+rows, "wins/ties/losses vs "+c.shortName(x.other)+rows), "wins/ties/losses"+rows)
	notes = []string{"each segment's sentence BLEU against " + c.shortName(x.other) + "'s",
		"sentence BLEU per segment vs " + c.shortName(x.other) + "'s", "per segment vs " + c.shortName(x.other), "per segment"}
	if !a.derFresh(x) {
		return titles, notes, "", waiting(x, running)
	}
	if len(items) == 0 {
		return titles, notes, "", []string{c.st.Muted.Render("no other system to compare with the baseline")}
	}
	nameW := 6
	for s := range c.ds.Systems {
		nameW = max(nameW, anaNameWidth(c, s))
	}
	outW := len("losses")
	for _, it := range items {
		outW = max(outW, len(anaOutcomes[it.outcome].name))
	}
	barW := max(4, min(40, c.width-nameW-20-outW))
	n := c.ds.Len()
	head = fmt.Sprintf(" %s %s %6s %6s  %s", render.PadRight("system", nameW), strings.Repeat(" ", outW), "segs", "share", "")
	return titles, notes, head, a.visible(x, len(items), func(i int) string {
		it := items[i]
		name := strings.Repeat(" ", nameW)
		if it.outcome == 0 {
			name = c.systemCell(it.system, nameW)
		}
		frac := 0.0
		if n > 0 {
			frac = float64(len(it.rows)) / float64(n)
		}
		sty := c.st.Muted
		switch it.outcome {
		case 0:
			sty = c.st.Good
		case 2:
			sty = c.st.Bad
		}
		return fmt.Sprintf("%s %s %6s %5.1f%%  ", name, sty.Render(render.PadRight(anaOutcomes[it.outcome].name, outW)),
			model.Thousands(len(it.rows)), 100*frac) + render.Bar(c.st, frac, barW)
	})
}

// drillWins returns the segments of one outcome of one system, which the
// list then shows, whichever is shown now.
func (a anaScreen) drillWins(x anaCtx, it anaWinItem) anaDrill {
	// The label holds the words it needs (see drillNGram).
	sys, outcome, other := it.system, it.outcome, x.other
	label := func(name func(int) string) []string {
		if outcome == anaUnscored {
			return []string{fmt.Sprintf("%s or %s has no sentence score", name(sys), name(other))}
		}
		return []string{fmt.Sprintf("%s %s %s", name(sys), anaOutcomes[outcome].verb, name(other))}
	}
	// The row's system is shown, against the baseline, as tab would show
	// it: its sentence scores are the ones compared.
	return anaDrill{rows: append([]int(nil), it.rows...), label: label, sys: it.system, other: x.other}
}
