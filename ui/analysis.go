package ui

import (
	"fmt"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/bleuscope/bleuscope/ui/render"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// anaKinds are the n-gram kinds in the order m cycles them: what the
// system misses first.
var anaKinds = []scoring.Kind{scoring.Missed, scoring.Over, scoring.Matched}

// anaTop is how many n-grams of each kind and order the screen ranks.
const anaTop = 30

// anaTable names the analysis screen's tables.
type anaTable int

const (
	anaNGrams  anaTable = iota // n-grams of the shown system, of one kind
	anaBuckets                 // buckets by reference length, every system
	numAnaTables
)

// anaResult is what the analysis job made: the n-gram counts, the ranked
// rows of every system and kind, and the reference-length buckets of
// every system, for the scores and settings it was made with.
type anaResult struct {
	scored  *model.Scored
	an      *model.Analysis
	ranked  [][][]model.NGramRow // [system][kind index]
	buckets [][]model.Bucket     // [system]
}

// anaScreen is the analysis screen: two tables (tab between them), a
// cursor and scroll position in each, and the kind of n-gram shown.
type anaScreen struct {
	res    *anaResult
	err    error
	table  anaTable
	kind   int // index in anaKinds
	cursor [numAnaTables]int
	top    [numAnaTables]int
	width  int
	height int
}

// SetSize fits the screen to width×height cells.
func (a anaScreen) SetSize(width, height int) anaScreen {
	a.width, a.height = width, height
	a.clamp(0)
	return a
}

// bodyRows is how many table rows fit under the title, the table's head
// and above the footer.
func (a anaScreen) bodyRows() int { return max(1, a.height-4) }

// rowCount is the number of rows of the current table for system sys.
func (a anaScreen) rowCount(sys int) int {
	if a.res == nil {
		return 0
	}
	if a.table == anaBuckets {
		if len(a.res.buckets) == 0 {
			return 0
		}
		return len(a.res.buckets[0]) * len(a.res.buckets)
	}
	return len(a.res.ranked[sys][a.kind])
}

// clamp keeps the cursor on a row and visible.
func (a *anaScreen) clamp(sys int) {
	t := a.table
	n := a.rowCount(sys)
	a.cursor[t] = min(max(a.cursor[t], 0), max(n-1, 0))
	h := a.bodyRows()
	if a.cursor[t] < a.top[t] {
		a.top[t] = a.cursor[t]
	}
	if a.cursor[t] >= a.top[t]+h {
		a.top[t] = a.cursor[t] - h + 1
	}
}

// Update moves in the tables for a key: tab switches table, k cycles the
// n-gram kind, the arrows and pages move the cursor. sys is the shown
// system.
func (a anaScreen) Update(msg tea.KeyMsg, c common, sys int) anaScreen {
	k := c.keys
	switch {
	case msg.String() == "tab" || msg.String() == "shift+tab":
		a.table = (a.table + 1) % numAnaTables
	case msg.String() == "m":
		a.kind = (a.kind + 1) % len(anaKinds)
		a.cursor[anaNGrams], a.top[anaNGrams] = 0, 0
	case key.Matches(msg, k.Up):
		a.cursor[a.table]--
	case key.Matches(msg, k.Down):
		a.cursor[a.table]++
	case key.Matches(msg, k.PageUp):
		a.cursor[a.table] -= a.bodyRows()
	case key.Matches(msg, k.PageDown):
		a.cursor[a.table] += a.bodyRows()
	case key.Matches(msg, k.Top):
		a.cursor[a.table] = 0
	case key.Matches(msg, k.Bottom):
		a.cursor[a.table] = a.rowCount(sys) - 1
	}
	a.clamp(sys)
	return a
}

// mouse moves the cursor with the wheel.
func (a anaScreen) mouse(msg tea.MouseMsg, sys int) anaScreen {
	switch msg.Button {
	case tea.MouseButtonWheelUp:
		a.cursor[a.table]--
	case tea.MouseButtonWheelDown:
		a.cursor[a.table]++
	}
	a.clamp(sys)
	return a
}

// drill returns the segments and a label for the row under the cursor;
// ok is false when there is none.
func (a anaScreen) drill(sys int) (rows []int, label string, ok bool) {
	if a.rowCount(sys) == 0 {
		return nil, "", false
	}
	i := a.cursor[a.table]
	if a.table == anaBuckets {
		b := a.res.buckets[sys][i/len(a.res.buckets)]
		return append([]int{}, b.Rows...), "ref length " + b.Label, true
	}
	r := a.res.ranked[sys][a.kind][i]
	return a.res.an.SegmentsOf(sys, r.Kind, r.ID), r.Kind.String() + " " + r.NGram, true
}

// View draws the screen for the shown system sys and baseline other (-1
// for none), with its footer and a progress line while the job runs.
func (a anaScreen) View(c common, sys, other int, running string, footer string) string {
	st := c.st
	title := "analysis · " + c.systemName(sys)
	var body []string
	switch {
	case a.err != nil:
		body = []string{st.Warn.Render(render.Safe(a.err.Error()))}
	case a.res == nil:
		body = []string{st.Accent.Render(running)}
	case a.table == anaNGrams:
		title += " · " + anaKinds[a.kind].String() + " n-grams"
		body = a.ngramLines(c, sys)
	default:
		title += " · buckets by reference length"
		body = a.bucketLines(c, sys, other)
	}
	tabs := []string{"n-grams", "buckets"}
	tabs[a.table] = "[" + tabs[a.table] + "]"
	head := st.Title.Render(joinRight(title, strings.Join(tabs, " "), c.width))
	lines := make([]string, 0, len(body)+2)
	lines = append(lines, head)
	for _, l := range body {
		lines = append(lines, render.Truncate(l, c.width))
	}
	for len(lines) < c.height-1 {
		lines = append(lines, "")
	}
	lines = append(lines[:max(1, c.height-1)], st.Muted.Render(render.Truncate(footer, c.width)))
	return fit(strings.Join(lines, "\n"), c.width, c.height)
}

// ngramLines draws the n-gram table: rank, order, count, segments, the
// n-gram and its first lines.
func (a anaScreen) ngramLines(c common, sys int) []string {
	st := c.st
	rows := a.res.ranked[sys][a.kind]
	out := []string{st.Header.Render(fmt.Sprintf("%2s %7s %5s  %s", "n", "count", "segs", "n-gram · lines"))}
	if len(rows) == 0 {
		return append(out, st.Muted.Render("no "+anaKinds[a.kind].String()+" n-grams"))
	}
	t := a.table
	for i := a.top[t]; i < len(rows) && i < a.top[t]+a.bodyRows(); i++ {
		r := rows[i]
		lines := make([]string, 0, 4)
		for _, l := range r.Lines[:min(4, len(r.Lines))] {
			lines = append(lines, fmt.Sprint(l))
		}
		s := fmt.Sprintf("%2d %7d %5d  %s", r.Order, r.Count, r.Segments, render.Safe(r.NGram))
		s += st.Muted.Render(" · " + strings.Join(lines, " "))
		out = append(out, a.row(c, s, i))
	}
	return out
}

// bucketLines draws the bucket table: a line per bucket and system, with
// the system's corpus BLEU there as a small bar and its Δ to the baseline.
func (a anaScreen) bucketLines(c common, sys, other int) []string {
	st := c.st
	nltk := isNLTK(c.set)
	bs := a.res.buckets
	nameW := 4
	for j := range bs {
		nameW = max(nameW, min(16, len([]rune(c.systemName(j)))))
	}
	barW := max(4, min(30, c.width-14-nameW-24))
	out := []string{st.Header.Render(fmt.Sprintf("%-8s %5s  %-*s  %s", "ref len", "segs", nameW, "system", "BLEU · Δ vs baseline"))}
	t := a.table
	for r := a.top[t]; r < a.rowCount(sys) && r < a.top[t]+a.bodyRows(); r++ {
		i, j := r/len(bs), r%len(bs)
		b := bs[j][i]
		lead := strings.Repeat(" ", 15)
		if j == 0 {
			lead = fmt.Sprintf("%-8s %5d ", b.Label, len(b.Rows))
		}
		mark := " "
		if j == sys {
			mark = "›"
		}
		cell := st.Muted.Render("—")
		if len(b.Rows) > 0 && b.Err == nil {
			cell = render.Bar(st, b.Result.Score/100, barW) + " " + render.PadLeft(model.FormatScore(b.Result.Score, nltk), 6)
			switch {
			case j == other:
				cell += st.Muted.Render(" baseline")
			case other >= 0 && bs[other][i].Err == nil:
				d := b.Result.Score - bs[other][i].Result.Score
				sty := st.Good
				if d < 0 {
					sty = st.Bad
				}
				cell += sty.Render(" " + model.FormatDelta(d, nltk))
			}
		}
		name := render.PadRight(render.Truncate(c.systemName(j), nameW), nameW)
		out = append(out, a.row(c, lead+mark+name+"  "+cell, r))
	}
	return out
}

// row marks row i when it is under the cursor.
func (a anaScreen) row(c common, s string, i int) string {
	if i == a.cursor[a.table] {
		return c.st.Selected.Render(render.Truncate(s, c.width))
	}
	return s
}
