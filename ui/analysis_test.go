package ui

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/bleuscope/bleuscope/ui/render"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"
)

// openAnalysisScreen presses n on m and runs the analysis job the way
// the runtime would: the command, then its message fed back to Update.
func openAnalysisScreen(t *testing.T, m Model) Model {
	t.Helper()
	next, cmd := m.Update(keyMsg("n"))
	m = next.(Model)
	if m.screen != screenAnalysis || cmd == nil {
		t.Fatalf("n: screen %v, command %v; want the analysis screen and its job", m.screen, cmd)
	}
	if v := ansi.Strip(m.View()); !strings.Contains(v, "counting every n-gram") {
		t.Errorf("while the job runs the screen does not say so:\n%s", v)
	}
	m = drive(t, m, cmd)
	x := m.anaCtx()
	if m.ana.err != nil || !m.ana.baseFresh(x) || !m.ana.derFresh(x) {
		t.Fatalf("no analysis after the job: %v", m.ana.err)
	}
	return m
}

// drillAndBack presses enter on the row under the cursor, checks that the
// list shows exactly want under the label, presses esc and returns the
// model back on the analysis screen.
func drillAndBack(t *testing.T, m Model, want []int, label string) Model {
	t.Helper()
	before := m.ana
	m = press(t, m, "enter")
	if m.screen != screenMain || !m.list.fromAnalysis {
		t.Fatalf("enter left the screen at %v", m.screen)
	}
	got := append([]int(nil), m.list.rows...)
	if len(want) == 0 || !sameSet(got, want) {
		t.Fatalf("drill-down shows lines %v; want %v", got, want)
	}
	sub, _ := m.c.scored.Subset(m.c.ds, m.list.view.System, m.list.rows)
	v := ansi.Strip(m.View())
	if !strings.Contains(v, label) || !strings.Contains(v, model.FormatScore(sub.Score, false)) {
		t.Errorf("the header lacks the label %q and the subset's BLEU %v:\n%s", label, sub.Score, v)
	}
	// A phrase, not quoted again, set off from the count by a colon: it
	// read "409 of 1875 match HuaweiTSC missed "of"", run on.
	if !strings.Contains(v, "match: "+m.list.drillLabel(m.c.shortName)[0]) {
		t.Errorf("the header does not read \"match: %s\":\n%s", m.list.drillLabel(m.c.shortName)[0], v)
	}
	m = press(t, m, "esc")
	if m.screen != screenAnalysis || m.list.view.Filter != "" || len(m.list.rows) != m.c.ds.Len() {
		t.Fatalf("esc: screen %v, filter %q, %d rows; want the table and the list whole", m.screen, m.list.view.Filter, len(m.list.rows))
	}
	a := m.ana
	if a.table != before.table || a.mode != before.mode || a.order != before.order || a.by != before.by || a.cursor != before.cursor || a.top != before.top {
		t.Fatalf("esc came back to table %d mode %d order %d by %d cursor %v; left at %d %d %d %d %v",
			a.table, a.mode, a.order, a.by, a.cursor, before.table, before.mode, before.order, before.by, before.cursor)
	}
	return m
}

func sameSet(a, b []int) bool {
	in := map[int]bool{}
	for _, r := range b {
		in[r] = true
	}
	for _, r := range a {
		if !in[r] {
			return false
		}
	}
	return len(a) == len(b)
}

// TestAnalysisNGramDrillDown: enter on an n-gram of each kind filters the
// list to the segments where it counts for that kind (SegmentsOf), hands
// the drill site the n-gram, and esc comes back where it was left.
func TestAnalysisNGramDrillDown(t *testing.T) {
	m := openAnalysisScreen(t, ready(t, demoDataset(t), 100, 30))
	for mode := range anaSalient {
		if m.ana.mode != mode {
			t.Fatalf("mode %v; want %v", m.ana.mode, mode)
		}
		m = press(t, m, "down", "down")
		row := m.ana.base.ranked[0][mode][2]
		d, ok := m.ana.drill(m.anaCtx())
		if !ok || d.ngram == nil || *d.ngram != (anaNGram{System: 0, Kind: anaModeKinds[mode], Order: row.Order, ID: row.ID, NGram: row.NGram}) {
			t.Fatalf("%v: the drill carries n-gram %+v; want row %+v", mode, d.ngram, row)
		}
		want := m.ana.base.an.SegmentsOf(0, row.Kind, row.ID)
		m = drillAndBack(t, m, want, row.NGram)
		m = press(t, m, "m")
	}
}

// TestAnalysisTypedFilterOverDrill: a filter typed over a drill-down and
// abandoned with esc gives the drill-down back.
func TestAnalysisTypedFilterOverDrill(t *testing.T) {
	m := openAnalysisScreen(t, ready(t, demoDataset(t), 100, 30))
	m = press(t, m, "enter")
	n := len(m.list.rows)
	m = press(t, m, "/")
	m = typeText(t, m, "zzzz")
	if len(m.list.rows) != 0 {
		t.Fatalf("a filter typed over the drill-down kept %d rows", len(m.list.rows))
	}
	m = press(t, m, "esc")
	if len(m.list.rows) != n || !m.list.fromAnalysis {
		t.Fatalf("esc while typing: %d rows; want the drill-down's %d back", len(m.list.rows), n)
	}
	m = press(t, m, "esc")
	if m.screen != screenAnalysis {
		t.Fatal("esc did not come back to the analysis")
	}
	// n in a drill-down comes back as esc does: the list whole again.
	m = press(t, m, "enter", "n")
	if m.screen != screenAnalysis || m.list.fromAnalysis || len(m.list.rows) != m.c.ds.Len() {
		t.Fatalf("n in a drill-down: screen %v, drill %v, %d rows", m.screen, m.list.fromAnalysis, len(m.list.rows))
	}
}

// TestAnalysisFilterNarrowsDrill: a filter typed in a drill-down keeps
// the segments of the drill-down that it matches (a new user got the
// whole corpus's); esc clears it, and a second esc leaves the drill-down.
func TestAnalysisFilterNarrowsDrill(t *testing.T) {
	m := openAnalysisScreen(t, ready(t, demoDataset(t), 120, 30))
	m = press(t, m, "enter")
	drill, label := append([]int(nil), m.list.rows...), m.list.drillLabel(m.c.shortName)[0]
	const query = "len>12"
	view := m.list.view
	view.Filter = query
	matching, _, err := viewRows(context.Background(), m.c.ds, m.c.scored, view, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	var want []int
	for _, r := range drill {
		if slices.Contains(matching, r) {
			want = append(want, r)
		}
	}
	if len(want) == 0 || len(want) == len(drill) || len(matching) == len(want) {
		t.Fatalf("%s keeps %d of the drill-down's %d rows and matches %d in all; the test wants a real narrowing", query, len(want), len(drill), len(matching))
	}
	m = filterBy(t, m, query)
	if !sameSet(m.list.rows, want) || !m.list.fromAnalysis {
		t.Fatalf("%s in the drill-down shows %v; want %v", query, m.list.rows, want)
	}
	if v := ansi.Strip(m.View()); !strings.Contains(v, label+" · “"+query+"”") {
		t.Errorf("the header does not name both the drill-down and the filter:\n%s", v)
	}
	m = press(t, m, "esc")
	if m.screen != screenMain || m.list.view.Filter != "" || !sameSet(m.list.rows, drill) {
		t.Fatalf("esc: screen %v, filter %q, %d rows; want the drill-down's %d rows back", m.screen, m.list.view.Filter, len(m.list.rows), len(drill))
	}
	m = press(t, m, "esc")
	if m.screen != screenAnalysis || len(m.list.rows) != m.c.ds.Len() {
		t.Fatalf("second esc: screen %v, %d rows; want the analysis and the list whole", m.screen, len(m.list.rows))
	}
}

// TestAnalysisDrillKeepsSelection: after a drill-down the list selects the
// segment it had selected before (a new user came back on the last one
// seen in the drill-down).
func TestAnalysisDrillKeepsSelection(t *testing.T) {
	m := ready(t, demoDataset(t), 120, 30)
	m = press(t, m, "down", "down", "down")
	seg := m.list.seg
	m = openAnalysisScreen(t, m)
	m = press(t, m, "enter", "down", "down")
	if m.list.seg == seg {
		t.Fatalf("the drill-down selects line %d too; the test wants another", seg+1)
	}
	m = press(t, m, "esc", "esc")
	if m.screen != screenMain || m.list.seg != seg || m.list.rows[m.list.cursor] != seg {
		t.Fatalf("back on the list: screen %v, line %d selected; want line %d", m.screen, m.list.seg+1, seg+1)
	}
}

// TestAnalysisDrillOpensOnFirstRow: a drill-down starts from its worst
// segment, at the top of the list, even when the segment selected before
// is one of its own (a new user saw it open part-way down, the worst rows
// hidden above the screen).
func TestAnalysisDrillOpensOnFirstRow(t *testing.T) {
	m := openAnalysisScreen(t, ready(t, demoDataset(t), 120, 30))
	m = press(t, m, "enter")
	rows := append([]int(nil), m.list.rows...)
	if len(rows) < 2 {
		t.Fatalf("the first n-gram's drill-down has %d rows; the test wants two or more", len(rows))
	}
	last := rows[len(rows)-1]
	m = press(t, m, "esc", "esc")
	m = press(t, m, ":")
	m = typeText(t, m, fmt.Sprint(last+1))
	m = press(t, m, "enter")
	if m.list.seg != last {
		t.Fatalf(":%d selected line %d", last+1, m.list.seg+1)
	}
	m = press(t, m, "n", "enter")
	if !m.list.fromAnalysis || m.list.cursor != 0 || m.list.top != 0 || m.list.seg != rows[0] {
		t.Fatalf("drill-down opened on row %d (line %d), top %d; want its first row, line %d, at the top",
			m.list.cursor, m.list.seg+1, m.list.top, rows[0]+1)
	}
	m = press(t, m, "esc")
	m = press(t, m, "esc")
	if m.list.seg != last {
		t.Fatalf("after the drill-down line %d is selected; want line %d back", m.list.seg+1, last+1)
	}
}

// TestFilterShowsRowsAboveSelection: when the segment selected is among a
// filter's rows on their first screenful, it stays selected (though the
// queries typed on the way, "l", "le", "len>", matched other rows) and the
// list shows them from the first row, not from the selection down.
func TestFilterShowsRowsAboveSelection(t *testing.T) {
	m := ready(t, demoDataset(t), 120, 30)
	const query = "len>12"
	matching, _, err := viewRows(context.Background(), m.c.ds, m.c.scored, withFilter(m.list.view, query), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	var seg, at = -1, -1
	for i, r := range matching[:min(len(matching), m.list.height)] {
		if slices.Index(m.list.rows, r) >= m.list.height && i > 0 {
			seg, at = r, i
			break
		}
	}
	if seg < 0 {
		t.Fatalf("no row of %s's first screen is below the first screen of the whole list; the test wants one", query)
	}
	m = press(t, m, ":")
	m = typeText(t, m, fmt.Sprint(seg+1))
	m = press(t, m, "enter")
	if m.list.top == 0 {
		t.Fatalf("line %d is on the first screen of the whole list; the test wants it below", seg+1)
	}
	m = filterBy(t, m, query)
	if m.list.seg != seg || m.list.cursor != at || m.list.top != 0 {
		t.Fatalf("%s: line %d at row %d, top %d; want line %d kept at row %d with the list from its top", query, m.list.seg+1, m.list.cursor, m.list.top, seg+1, at)
	}
}

func withFilter(v model.View, q string) model.View {
	v.Filter = q
	return v
}

// TestAnalysisDrillKeepsFilter: the filter there was before the analysis
// comes back after a drill-down (a new user lost "len>30" that way), and
// a drill-down from a drill-down still comes back to it.
func TestAnalysisDrillKeepsFilter(t *testing.T) {
	m := ready(t, demoDataset(t), 100, 30)
	m = filterBy(t, m, "len>12")
	want := append([]int(nil), m.list.rows...)
	if len(want) == 0 || len(want) == m.c.ds.Len() {
		t.Fatalf("len>12 shows %d of %d rows; the test wants a real subset", len(want), m.c.ds.Len())
	}
	m = openAnalysisScreen(t, m)
	m = press(t, m, "enter", "n", "down", "enter", "esc")
	if m.screen != screenAnalysis || m.list.view.Filter != "len>12" || !slices.Equal(m.list.rows, want) {
		t.Fatalf("after a drill-down: screen %v, filter %q, %d rows; want the analysis over the filter len>12 (%d rows)",
			m.screen, m.list.view.Filter, len(m.list.rows), len(want))
	}
	m = press(t, m, "esc", "/")
	if m.screen != screenMain || m.list.filter.text() != "len>12" {
		t.Fatalf("back on the list: screen %v, the prompt holds %q; want len>12 to edit", m.screen, m.list.filter.text())
	}
}

// TestAnalysisOrders: o cycles all → 1 → … → max order → all, a digit
// picks an order, 0 all of them; the table then lists that order only.
func TestAnalysisOrders(t *testing.T) {
	m := openAnalysisScreen(t, ready(t, demoDataset(t), 100, 30))
	max := m.c.scored.Settings.Corpus.MaxOrder
	for want := 1; want <= max; want++ {
		m = press(t, m, "o")
		if m.ana.order != want {
			t.Fatalf("o: order %d; want %d", m.ana.order, want)
		}
		items := m.ana.ngramItems(m.anaCtx())
		if len(items) == 0 {
			t.Fatalf("order %d: no rows", want)
		}
		for _, it := range items {
			if it.row.Order != want {
				t.Fatalf("order %d lists %q of order %d", want, it.row.NGram, it.row.Order)
			}
		}
		if v := ansi.Strip(m.View()); !strings.Contains(v, "order "+string(rune('0'+want))) {
			t.Errorf("the title does not name order %d:\n%s", want, v)
		}
	}
	if m = press(t, m, "o"); m.ana.order != 0 {
		t.Fatalf("o after the max order: %d; want all", m.ana.order)
	}
	if m = press(t, m, "2"); m.ana.order != 2 {
		t.Fatalf("2: order %d", m.ana.order)
	}
	if m = press(t, m, "0"); m.ana.order != 0 || len(m.ana.ngramItems(m.anaCtx())) != len(m.ana.base.ranked[0][anaMissed]) {
		t.Fatalf("0: order %d; want every order's rows", m.ana.order)
	}
}

// TestAnalysisSalient: with a baseline the mode cycle reaches the
// salient n-grams of the shown system against it, both counts and the
// score shown; each side leans its way, and enter lists the segments
// where the favoured side has the n-gram (SalientSegments).
func TestAnalysisSalient(t *testing.T) {
	m := openAnalysisScreen(t, ready(t, demoDataset(t), 120, 30))
	m = press(t, m, "m", "m", "m", "1")
	x := m.anaCtx()
	if m.ana.mode != anaSalient || x.other < 0 || x.other == x.sys {
		t.Fatalf("mode %v, shown %d, baseline %d; want salient of a pair", m.ana.mode, x.sys, x.other)
	}
	items := m.ana.ngramItems(x)
	if len(items) == 0 {
		t.Fatal("no salient n-grams on the demo")
	}
	sides := map[bool]int{}
	for _, it := range items {
		r := it.sal
		if r.SystemA != x.sys || r.SystemB != x.other || r.Order != 1 {
			t.Fatalf("row %+v is not of the pair shown/baseline at order 1", r)
		}
		if it.favA != (r.Score > 0.5) {
			t.Errorf("%q scores %v but sits on side A=%v", r.NGram, r.Score, it.favA)
		}
		if want := model.SalientScore(r.CountA, r.CountB, 1); r.Score != want {
			t.Errorf("%q: score %v; want %v", r.NGram, r.Score, want)
		}
		sides[it.favA]++
	}
	if sides[true] == 0 || sides[false] == 0 {
		t.Errorf("sides %v; want n-grams leaning each way on the demo", sides)
	}
	v := ansi.Strip(m.View())
	first := items[0].sal
	if !strings.Contains(v, "salient") || !strings.Contains(v, first.NGram) {
		t.Errorf("the salient table lacks its title or first n-gram %q:\n%s", first.NGram, v)
	}
	// The last row leans to the baseline: its segments are the shown
	// system's, where the n-gram is marked as what it missed.
	m = press(t, m, "G")
	last := items[len(items)-1]
	d, _ := m.ana.drill(m.anaCtx())
	if d.ngram == nil || d.ngram.System != x.sys || d.ngram.Kind != scoring.Missed || d.ngram.ID != last.sal.ID {
		t.Errorf("drill on %q carries %+v; want the shown system's missed n-gram", last.sal.NGram, d.ngram)
	}
	if m2, _ := m.drillAnalysis(); m2.pane.focus == nil || m2.pane.focus.Kind != scoring.Missed {
		t.Errorf("the pane does not mark %q as missed: focus %+v", last.sal.NGram, m2.pane.focus)
	} else if v := ansi.Strip(m2.View()); !strings.Contains(v, "missed") || !strings.Contains(v, "*") {
		t.Errorf("the pane does not show where %q was missed:\n%s", last.sal.NGram, v)
	}
	m = drillAndBack(t, m, m.ana.base.an.SalientSegments(*last.sal, false), last.sal.NGram)
	// The baseline has no salient n-grams against itself: the screen says
	// what to do.
	m = press(t, m, "p")
	if v := ansi.Strip(m.View()); !strings.Contains(v, "is the baseline") {
		t.Errorf("salient on the baseline itself:\n%s", v)
	}
}

// TestAnalysisBuckets: → shows the buckets; m cycles the grouping; every
// system is scored on the shown system's bucket rows, so the Δ compares
// the same segments; enter lists the bucket and esc comes back.
func TestAnalysisBuckets(t *testing.T) {
	m := openAnalysisScreen(t, ready(t, demoDataset(t), 120, 30))
	m = press(t, m, "right")
	if m.ana.table != anaBuckets {
		t.Fatal("→ did not switch to the buckets")
	}
	for _, by := range model.BucketBys {
		if m.ana.bucketBy() != by {
			t.Fatalf("grouping %v; want %v", m.ana.bucketBy(), by)
		}
		x := m.anaCtx()
		own, err := m.c.scored.Buckets(m.c.ds, x.sys, by, model.BucketOptions{})
		if err != nil {
			t.Fatal(err)
		}
		bs := m.ana.der.buckets
		for i, b := range own {
			for sys := range m.c.ds.Systems {
				if !reflect.DeepEqual(bs[sys][i].Rows, b.Rows) {
					t.Fatalf("%v %s: system %d on rows %v; want the shown system's %v", by, b.Label, sys, bs[sys][i].Rows, b.Rows)
				}
				if len(b.Rows) == 0 {
					continue
				}
				want, _ := m.c.scored.Subset(m.c.ds, sys, b.Rows)
				if bs[sys][i].Result.Score != want.Score {
					t.Errorf("%v %s: system %d scores %v; its BLEU on those rows is %v", by, b.Label, sys, bs[sys][i].Result.Score, want.Score)
				}
				if bs[sys][i].CI == nil {
					t.Errorf("%v %s: no CI on the demo", by, b.Label)
				}
			}
		}
		// ↓ steps a bucket at a time (a new user pressed it twice per
		// bucket, once per system): drill into the first non-empty one.
		items := m.ana.bucketItems(x)
		i, buckets := 0, 0
		for len(items[i].b.Rows) == 0 || !items[i].first {
			if items[i].first {
				buckets++
			}
			i++
		}
		m = press(t, m, "g")
		for range buckets {
			m = press(t, m, "down")
		}
		if m.ana.cursor[anaBuckets] != i {
			t.Fatalf("%v: %d × ↓ put the cursor on row %d; want %d, the first row of bucket %d", by, buckets, m.ana.cursor[anaBuckets], i, buckets)
		}
		m = drillAndBack(t, m, items[i].b.Rows, items[i].b.Label)
		m = press(t, m, "m")
	}
	if m.ana.bucketBy() != model.ByRefLength {
		t.Error("m did not cycle back to reference length")
	}
}

// TestAnalysisBucketsMostLost: the note names the bucket where the shown
// system is furthest behind the baseline.
func TestAnalysisBucketsMostLost(t *testing.T) {
	m := openAnalysisScreen(t, ready(t, demoDataset(t), 120, 30))
	m = press(t, m, "tab", "w", "w", "right") // the middle system against the best
	x := m.anaCtx()
	if x.sys != 1 || x.other != 0 {
		t.Fatalf("shown %d baseline %d; want 1 against 0", x.sys, x.other)
	}
	mine, base := m.ana.der.buckets[1], m.ana.der.buckets[0]
	worst, at := 0.0, -1
	for i := range mine {
		if d := mine[i].Result.Score - base[i].Result.Score; len(mine[i].Rows) >= model.MinSupport && d < worst {
			worst, at = d, i
		}
	}
	if at < 0 {
		t.Fatalf("the demo's middle system is behind the best in no bucket of %d segments: pick another pair", model.MinSupport)
	}
	if v := ansi.Strip(m.View()); !strings.Contains(v, "furthest behind "+m.c.shortName(x.other)+" in "+bucketLabel(&mine[at], m.ana.bucketColumns(x).noRef)+": "+m.c.delta(worst)) {
		t.Errorf("the note does not name bucket %s (Δ %v):\n%s", mine[at].Label, worst, v)
	}
	// Grouped by the shown system's own sentence BLEU, it loses in its
	// low buckets by construction: the note says so instead.
	m = press(t, m, "m", "m")
	if s := m.ana.mostLost(m.anaCtx(), m.ana.bucketColumns(m.anaCtx()).noRef); m.ana.bucketBy() != model.BySentenceBLEU || len(s) == 0 || !strings.Contains(s[0], "by construction") {
		t.Errorf("grouped by %v: note %q; want the caveat of sentence-BLEU buckets", m.ana.bucketBy(), s)
	}
}

// TestAnalysisMostLostSmallBucket: a bucket too small to be named, where
// the shown system is further behind, is mentioned with its size (a new
// user saw <10 named and wondered about >=60, further behind on 9
// segments).
func TestAnalysisMostLostSmallBucket(t *testing.T) {
	m := openAnalysisScreen(t, ready(t, demoDataset(t), 120, 30))
	m = press(t, m, "tab", "w", "w", "right")
	x := m.anaCtx()
	bucket := func(label string, rows int, score float64) model.Bucket {
		return model.Bucket{Label: label, Rows: make([]int, rows), Result: scoring.Result{Score: score}}
	}
	m.ana.der.buckets = make([][]model.Bucket, len(m.c.ds.Systems))
	for s := range m.ana.der.buckets {
		m.ana.der.buckets[s] = []model.Bucket{bucket("<10", 400, 50.5), bucket("[10,20)", 300, 41), bucket(">=60", 9, 36)}
	}
	m.ana.der.buckets[x.sys] = []model.Bucket{bucket("<10", 400, 36.5), bucket("[10,20)", 300, 40), bucket(">=60", 9, 20)}
	forms := m.ana.mostLost(x, m.ana.bucketColumns(x).noRef)
	got := forms[0]
	want := "is furthest behind " + x.c.systemName(x.other) + " in <10: " + m.c.delta(-14) + " on 400 segments (>=60: " + m.c.delta(-16) + " on only 9)"
	if !strings.HasSuffix(got, want) {
		t.Errorf("mostLost = %q; want it to end in %q, the aside on >=60", got, want)
	}
	if v := ansi.Strip(m.View()); !strings.Contains(v, want) {
		t.Errorf("at 120 columns the note is not whole:\n%s", v)
	}
	m.ana.der.buckets[x.sys][0].Result.Score = 60 // ahead on the big buckets
	m.ana.der.buckets[x.sys][1].Result.Score = 50
	if got := m.ana.mostLost(x, m.ana.bucketColumns(x).noRef); len(got) == 0 || !strings.Contains(got[0], "in no bucket of 20 segments or more; most in >=60: "+m.c.delta(-16)+" on only 9") {
		t.Errorf("behind in a small bucket only, mostLost = %q", got)
	}
	// The pinned baseline shown is behind no one: the note says what to do.
	x.other = x.sys
	if got := m.ana.mostLost(x, m.ana.bucketColumns(x).noRef); len(got) == 0 || !strings.Contains(got[0], "is the baseline: tab shows where another system loses to it") {
		t.Errorf("the baseline shown, mostLost = %q", got)
	}
}

// TestAnalysisMostLostNamesBaseline: behind in small buckets only, or in
// none, the note says behind whom, the baseline's name cut where the
// whole one does not fit, as where the shown system is behind; at 80
// columns with a 22-cell name it said "behind in no bucket of 20+ segs",
// naming no one, with room to spare.
func TestAnalysisMostLostNamesBaseline(t *testing.T) {
	m, x := behindInSmallBucket(t, 80, 24, "otherlongishsystemname", ">=60", 9)
	for _, tc := range []struct{ what, want string }{
		{"behind in >=60 only", " in no bucket of 20+ segs; most in >=60: " + m.c.delta(-16)},
		{"behind nowhere", " in no bucket"},
	} {
		v := strings.Split(ansi.Strip(m.View()), "\n")
		if len(v) < 2 || !strings.Contains(v[1], "behind otherlong") || !strings.Contains(v[1], tc.want) {
			t.Errorf("%s: the note does not say behind whom:\n%s", tc.what, strings.Join(v[:min(3, len(v))], "\n"))
		}
		m.ana.der.buckets[x.sys][1].Result.Score = 40
	}
}

// TestAnalysisMostLostNamesBaselineAt60: at 60 columns too, behind in
// small buckets only, the note says behind whom, the baseline's name cut
// with "…" as the table's system column cuts it; before, no form naming
// the baseline fit, even with its name cut to 4 cells, and the note said
// "behind in no bucket of 20+ segs" naming no one.
func TestAnalysisMostLostNamesBaselineAt60(t *testing.T) {
	m, _ := behindInSmallBucket(t, 60, 16, "JDExploreAcademy", "[10,20)", 19)
	v := strings.Split(ansi.Strip(m.View()), "\n")
	if len(v) < 2 || !strings.Contains(v[1], "behind JDExplor") || !strings.Contains(v[1], "…") ||
		!strings.Contains(v[1], "20+") || !strings.Contains(v[1], "[10,20)") || !strings.Contains(v[1], m.c.delta(-16)) {
		t.Errorf("behind in [10,20) only: the note does not say behind whom, where and by how much:\n%s", strings.Join(v[:min(3, len(v))], "\n"))
	}
	checkFit(t, "buckets at 60", m.View(), 60, 16)
}

// behindInSmallBucket opens the buckets table at w×h with the baseline
// called name, every system's buckets replaced by one of 400 segments,
// where the shown system is ahead (60 against 50.5), and a small one, label
// of rows segments, where it is 16 behind (20 against 36).
func behindInSmallBucket(t *testing.T, w, h int, name, label string, rows int) (Model, anaCtx) {
	t.Helper()
	m := openAnalysisScreen(t, ready(t, demoDataset(t), w, h))
	m = press(t, m, "tab", "w", "w", "right")
	x := m.anaCtx()
	m.c.names[x.other] = name
	bucket := func(label string, rows int, score float64) model.Bucket {
		return model.Bucket{Label: label, Rows: make([]int, rows), Result: scoring.Result{Score: score}}
	}
	m.ana.der.buckets = make([][]model.Bucket, len(m.c.ds.Systems))
	for s := range m.ana.der.buckets {
		m.ana.der.buckets[s] = []model.Bucket{bucket("<10", 400, 50.5), bucket(label, rows, 36)}
	}
	m.ana.der.buckets[x.sys] = []model.Bucket{bucket("<10", 400, 60), bucket(label, rows, 20)}
	return m, x
}

// TestAnalysisMostLostReadsZero: a gap that reads 0 at the shown
// decimals is no gap: ahead in the big bucket and 0.004 behind in a small
// one, the note says the shown system is behind in no bucket, instead of
// "behind in no bucket of 20 segments or more; most in >=60: -0.00 on
// only 9" (NLTK's 0 against 1.5e-154 read "-0.0000" so).
func TestAnalysisMostLostReadsZero(t *testing.T) {
	m := openAnalysisScreen(t, ready(t, demoDataset(t), 120, 30))
	m = press(t, m, "tab", "w", "w", "right")
	x := m.anaCtx()
	bucket := func(label string, rows int, score float64) model.Bucket {
		return model.Bucket{Label: label, Rows: make([]int, rows), Result: scoring.Result{Score: score}}
	}
	m.ana.der.buckets = make([][]model.Bucket, len(m.c.ds.Systems))
	for s := range m.ana.der.buckets {
		m.ana.der.buckets[s] = []model.Bucket{bucket("<10", 400, 50), bucket(">=60", 9, 0.004)}
	}
	m.ana.der.buckets[x.sys] = []model.Bucket{bucket("<10", 400, 60), bucket(">=60", 9, 0)}
	want := m.c.shortName(x.sys) + " is behind " + m.c.shortName(x.other) + " in no bucket"
	if got := m.ana.mostLost(x, m.ana.bucketColumns(x).noRef); len(got) == 0 || got[0] != want {
		t.Errorf("behind by 0.004 in >=60 only, mostLost = %q; want %q first", got, want)
	}
}

// TestAnalysisDeltaCellReadsZero: a Δ that reads 0 at the shown decimals
// is drawn without a sign and muted, not in the colour of a loss; before,
// -0.004 was a red "-0.00" (NLTK's 0 against 1e-154 a red "-0.0000")
// beside a note saying the system was behind in no bucket.
func TestAnalysisDeltaCellReadsZero(t *testing.T) {
	lipgloss.SetColorProfile(termenv.TrueColor)
	defer lipgloss.SetColorProfile(termenv.Ascii)
	m := openAnalysisScreen(t, ready(t, demoDataset(t), 120, 30))
	x := m.anaCtx()
	st := x.c.st
	if st.Muted.Render("x") == st.Bad.Render("x") || st.Muted.Render("x") == st.Good.Render("x") {
		t.Fatal("muted, good and bad are not told apart in colour")
	}
	for _, c := range []struct {
		d    float64
		text string
		sty  lipgloss.Style
		what string
	}{
		{-0.004, "0.00", st.Muted, "muted"}, {0.004, "0.00", st.Muted, "muted"}, {0, "0.00", st.Muted, "muted"},
		{-0.006, "-0.01", st.Bad, "a loss"}, {0.006, "+0.01", st.Good, "a gain"},
	} {
		if got, want := anaDeltaCell(x, c.d), c.sty.Render(render.PadLeft(c.text, 8)); got != want {
			t.Errorf("Δ %v: %q; want %q, %s", c.d, got, want, c.what)
		}
	}
}

// TestNoteLine: the line under the analysis title gives way in order:
// the right end's wording, then the note's; the right end (the
// references, the settings) is never left out and only the note's last
// form is cut (a new user saw "(>=60: -16.52 on o…" cut at 120 columns by
// the settings).
func TestNoteLine(t *testing.T) {
	notes := []string{"LT22 is furthest behind JDExploreAcademy in <10: -14.28 on 419 segments", "furthest behind in <10: -14.28 on 419 segs"}
	const right = "ref A only tok:13a"
	line := func(left string, w int) string { return left + strings.Repeat(" ", w-len(left)-len(right)) + right }
	for _, tc := range []struct {
		width int
		want  string
	}{
		{120, line(notes[0], 120)},
		{91, line(notes[0], 91)},
		{90, line(notes[1], 90)},
		{62, line(notes[1], 62)},
		{30, "furthest …  " + right}, // the note cut, two cells from the right end kept
	} {
		got := noteLine(notes, []string{right}, "", tc.width)
		if got != tc.want {
			t.Errorf("width %d:\n got %q\nwant %q", tc.width, got, tc.want)
		}
		if w := lipgloss.Width(got); w > tc.width {
			t.Errorf("width %d: the line is %d cells", tc.width, w)
		}
	}
	if got := noteLine(notes, []string{""}, "", 45); got != notes[1] {
		t.Errorf("nothing at the right end: %q", got)
	}
	// The right end in fewer words before the note is; in fewer words
	// still (fewer) once the note has given way.
	rights, fewer := []string{"whole corpus, not the filter tok:13a", "whole corpus, not the filter 13a"}, "whole corpus 13a"
	for _, tc := range []struct {
		width int
		want  string
	}{
		{109, notes[0] + "  " + rights[0]},
		{105, notes[0] + "  " + rights[1]},
		{104, notes[1] + strings.Repeat(" ", 104-42-36) + rights[0]},
		{76, notes[1] + "  " + rights[1]},
		{75, notes[1] + strings.Repeat(" ", 75-42-16) + fewer},
	} {
		if got := noteLine(notes, rights, fewer, tc.width); got != tc.want {
			t.Errorf("width %d, the right end in fewer words:\n got %q\nwant %q", tc.width, got, tc.want)
		}
	}
}

// TestAnalysisWins: the wins table counts each system's wins, ties and
// losses against the baseline as the comparison does, and enter on a row
// lists those segments.
func TestAnalysisWins(t *testing.T) {
	m := openAnalysisScreen(t, ready(t, demoDataset(t), 120, 30))
	m = press(t, m, "left")
	if m.ana.table != anaWins {
		t.Fatal("← from the n-grams did not wrap to the wins")
	}
	x := m.anaCtx()
	c, err := model.Compare(context.Background(), m.c.scored, x.other, nil, model.CompareOptions{Test: model.TestPairedBootstrap, N: 10})
	if err != nil {
		t.Fatal(err)
	}
	items := m.ana.winItems(x)
	if len(items) != 3*(len(m.c.ds.Systems)-1) {
		t.Fatalf("%d rows; want 3 per system but the baseline", len(items))
	}
	for _, it := range items {
		sc := c.Systems[it.system]
		want := []int{sc.Wins, sc.Ties, sc.Losses}[it.outcome]
		if len(it.rows) != want {
			t.Errorf("system %d %s: %d segments; the comparison counts %d", it.system, anaOutcomes[it.outcome].name, len(it.rows), want)
		}
	}
	m = press(t, m, "down", "down") // the shown system's losses
	it := items[2]
	m = drillAndBack(t, m, it.rows, "loses to")
}

// TestAnalysisFollowsScores: the screen never shows counts or buckets of
// other scores: after a rescore it waits for the job, which reuses the
// counts when only the smoothing changed and recounts when the tokens
// changed.
func TestAnalysisFollowsScores(t *testing.T) {
	m := openAnalysisScreen(t, ready(t, demoDataset(t), 100, 30))
	line := ansi.Strip(strings.Split(m.View(), "\n")[3])

	// New scores land (as a rescore's would): the old table is gone at once.
	set := m.c.scored.Settings.WithOption(func(o *scoring.Options) { o.Lowercase = true })
	s, err := model.Score(context.Background(), m.c.ds, set, nil)
	if err != nil {
		t.Fatal(err)
	}
	stale := m
	stale.c.scored, stale.c.set = s, set
	if v := ansi.Strip(stale.View()); strings.Contains(v, line) || !strings.Contains(v, "counting") {
		t.Errorf("new scores: the old row %q is still shown:\n%s", line, v)
	}

	// Rescored from the screen: the job recounts under the new tokens.
	an := m.ana.base.an
	m = press(t, m, "l")
	x := m.anaCtx()
	if !m.ana.baseFresh(x) || !m.ana.derFresh(x) || !m.ana.base.an.Settings.Corpus.Lowercase || m.ana.base.an == an {
		t.Fatal("lowercasing on the analysis screen did not recount")
	}

	// Smoothing only: the same counts, new buckets.
	an, der := m.ana.base.an, m.ana.der
	m = press(t, m, "s")
	x = m.anaCtx()
	if m.c.scored.Settings.Corpus.Smooth == "exp" {
		t.Fatal("s did not change the smoothing")
	}
	if !m.ana.baseFresh(x) || m.ana.base.an != an || !m.ana.derFresh(x) || m.ana.der == der {
		t.Error("a smoothing change did not reuse the counts and remake the buckets")
	}
}

// TestAnalysisWheel: the wheel moves the table's cursor, not the list
// under the screen; a click picks a row.
func TestAnalysisWheel(t *testing.T) {
	m := openAnalysisScreen(t, ready(t, demoDataset(t), 100, 30))
	seg := m.list.seg
	next, _ := m.Update(tea.MouseMsg{Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress, X: 5, Y: 10})
	m = next.(Model)
	if m.ana.cursor[anaNGrams] != 1 || m.list.seg != seg {
		t.Errorf("wheel: cursor %d, list segment %d (was %d); want the table's cursor on row 1", m.ana.cursor[anaNGrams], m.list.seg, seg)
	}
	// A click selects the row under the pointer: the fifth row is on
	// screen line 3+4.
	next, _ = m.Update(tea.MouseMsg{Button: tea.MouseButtonLeft, Action: tea.MouseActionPress, X: 5, Y: 7})
	m = next.(Model)
	lines := strings.Split(ansi.Strip(m.View()), "\n")
	if m.ana.cursor[anaNGrams] != 4 || !strings.HasPrefix(lines[7], "›") {
		t.Errorf("click on line 7: cursor %d; want row 4 marked on that line:\n%s", m.ana.cursor[anaNGrams], strings.Join(lines, "\n"))
	}
}

// TestAnalysisFits: every table, mode and grouping of the analysis screen
// fits every window from 60×16 to 200×50, line by line.
func TestAnalysisFits(t *testing.T) {
	ds := demoDataset(t)
	for _, sz := range [][2]int{{60, 16}, {80, 24}, {100, 30}, {120, 40}, {200, 50}} {
		m := openAnalysisScreen(t, ready(t, ds, sz[0], sz[1]))
		for _, k := range []string{"", "m", "m", "m", "o", "G", "right", "m", "m", "G", "right", "G", "tab"} {
			if k != "" {
				m = press(t, m, k)
			}
			v := m.View()
			lines := strings.Split(v, "\n")
			if len(lines) != sz[1] {
				t.Errorf("%dx%d after %q: %d lines", sz[0], sz[1], k, len(lines))
			}
			for i, l := range lines {
				if w := ansi.StringWidth(l); w > sz[0] {
					t.Errorf("%dx%d after %q: line %d is %d wide: %q", sz[0], sz[1], k, i, w, ansi.Strip(l))
				}
			}
			cur := m.ana.cursor[m.ana.table]
			if n := m.ana.rowCount(m.anaCtx(), m.ana.table); n > 0 && !strings.Contains(v, "›") {
				t.Errorf("%dx%d after %q: the cursor row %d of %d is not on screen", sz[0], sz[1], k, cur, n)
			}
		}
	}
}

// TestAnalysisOneSystem: with one system there is no salient mode, the
// buckets have no Δ and the wins table says why it is empty.
func TestAnalysisOneSystem(t *testing.T) {
	ds := demoDataset(t)
	ds.Systems = ds.Systems[:1]
	m := openAnalysisScreen(t, ready(t, ds, 80, 24))
	if m.anaCtx().other != -1 {
		t.Fatalf("one system has baseline %d", m.anaCtx().other)
	}
	m = press(t, m, "m", "m", "m")
	if m.ana.mode != anaMissed {
		t.Errorf("m three times with one system: mode %v; want missed again (no salient)", m.ana.mode)
	}
	m = press(t, m, "right")
	if v := ansi.Strip(m.View()); strings.Contains(v, "Δ base") || strings.Contains(v, "every system") || len(m.ana.bucketItems(m.anaCtx())) == 0 {
		t.Errorf("buckets of one system:\n%s", v)
	}
	m = press(t, m, "right")
	if v := ansi.Strip(m.View()); !strings.Contains(v, "need two systems") {
		t.Errorf("wins of one system:\n%s", v)
	}
	if m = press(t, m, "enter"); m.screen != screenAnalysis {
		t.Error("enter on an empty table left the screen")
	}
	checkFit(t, "one system", m.View(), 80, 24)
}

// TestAnalysisOptionChanges: nltk compat and a lower max order rescore
// from the screen, the tables follow, and an order no longer counted
// falls back to every order.
func TestAnalysisOptionChanges(t *testing.T) {
	m := openAnalysisScreen(t, ready(t, demoDataset(t), 100, 30))
	m = press(t, m, "4", "-")
	x := m.anaCtx()
	if m.c.scored.Settings.Corpus.MaxOrder != 3 || !m.ana.baseFresh(x) || m.ana.base.an.Counts.Orders() != 3 {
		t.Fatalf("- on the screen: max order %d, counted %d", m.c.scored.Settings.Corpus.MaxOrder, m.ana.base.an.Counts.Orders())
	}
	if m.ana.order != 0 {
		t.Errorf("order %d after the max order went to 3; want every order", m.ana.order)
	}
	m = press(t, m, "c", "right")
	x = m.anaCtx()
	if !isNLTK(m.c.scored.Settings) || !m.ana.derFresh(x) {
		t.Fatal("c on the screen did not rescore under nltk compat")
	}
	for _, it := range m.ana.bucketItems(x) {
		if it.b.CI != nil {
			t.Error("a bootstrap CI under nltk compat")
		}
		if len(it.b.Rows) > 0 && it.b.Err == nil && it.b.Result.Score > 1 {
			t.Errorf("bucket %s scores %v, off NLTK's 0–1 scale", it.b.Label, it.b.Result.Score)
		}
	}
	if v := ansi.Strip(m.View()); !strings.Contains(v, "N=3 nltk m0") {
		t.Errorf("the screen does not say it shows nltk compat at max order 3:\n%s", v)
	}
	checkFit(t, "nltk buckets", m.View(), 100, 30)
}

// TestAnalysisReusesParts: a new grouping keeps the salient n-grams and
// the outcomes, a new baseline the buckets, and what is shown is what a
// fresh run would make.
func TestAnalysisReusesParts(t *testing.T) {
	m := openAnalysisScreen(t, ready(t, demoDataset(t), 100, 30))
	m = press(t, m, "right")
	before := m.ana.der
	m = press(t, m, "m")
	after := m.ana.der
	if &after.favA[0] != &before.favA[0] || &after.outcomes[0] != &before.outcomes[0] || &after.buckets[0] == &before.buckets[0] {
		t.Error("a new grouping did not keep the salient n-grams and the outcomes, or kept the buckets")
	}
	m = press(t, m, "w")
	again := m.ana.der
	if &again.buckets[0] != &after.buckets[0] || &again.outcomes[0] == &after.outcomes[0] {
		t.Error("a new baseline did not keep the buckets, or kept the outcomes")
	}
	fresh, err := makeDerived(context.Background(), m.c.ds, m.ana.base, again.anaWant, nil, &progress{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(fresh, again) {
		t.Error("the parts kept differ from a fresh run's")
	}
}

// TestBucketIntervalsProgress: the buckets' bootstrap intervals, which
// follow the salient n-grams, are a phase of their own whose progress
// starts at none and ends with every system's segments resampled, instead
// of the salient n-grams' 100% standing while they run.
func TestBucketIntervalsProgress(t *testing.T) {
	m := openAnalysisScreen(t, ready(t, demoDataset(t), 100, 30))
	ds := m.c.ds
	if !bucketCIs(ds, m.c.scored) {
		t.Fatal("the demo's buckets get no interval")
	}
	prog, phase := &progress{}, &anaPhase{}
	prog.set(5, 5) // as the salient n-grams leave it
	phase.Store(phaseComparing)
	if _, err := sameRowBuckets(context.Background(), ds, m.ana.der.anaWant, prog, phase); err != nil {
		t.Fatal(err)
	}
	if got := phaseNames[phase.Load()]; got != "resampling buckets" {
		t.Errorf("the phase is %q while the intervals are made", got)
	}
	if done, total := prog.done.Load(), prog.total.Load(); total != int64(ds.Len()*len(ds.Systems)) || done != total {
		t.Errorf("progress %d of %d after the intervals, want %d of %d (segments × systems)", done, total, ds.Len()*len(ds.Systems), ds.Len()*len(ds.Systems))
	}
}

// TestSameCounts: only the knobs that turn counts into scores keep the
// counts.
func TestSameCounts(t *testing.T) {
	base := model.DefaultSettings()
	with := func(f func(*scoring.Options)) model.Settings { return base.WithOption(f) }
	for _, tc := range []struct {
		name string
		set  model.Settings
		same bool
	}{
		{"smoothing", with(func(o *scoring.Options) { o.Smooth, o.SmoothValue = "floor", 0.1 }), true},
		{"effective order", with(func(o *scoring.Options) { o.EffectiveOrder = !o.EffectiveOrder }), true},
		{"nltk method", with(func(o *scoring.Options) { o.NLTK.Smoothing.Method = 3 }), true},
		{"tokenizer", with(func(o *scoring.Options) { o.Tokenize = "intl" }), false},
		{"case", with(func(o *scoring.Options) { o.Lowercase = true }), false},
		{"order", with(func(o *scoring.Options) { o.MaxOrder = 3 }), false},
		{"compat", with(func(o *scoring.Options) { o.Compat = scoring.CompatNLTK }), false},
	} {
		if got := sameCounts(base, tc.set); got != tc.same {
			t.Errorf("%s: sameCounts = %v; want %v", tc.name, got, tc.same)
		}
	}
}

// TestAnalysisRandomKeys feeds random keys, clicks and resizes to the
// analysis screen and the drill-downs it opens: nothing panics, every
// view fits, and whenever the screen shows a table its numbers are those
// of the scores on screen.
func TestAnalysisRandomKeys(t *testing.T) {
	keys := []string{"up", "down", "pgup", "pgdown", "home", "end", "G", "enter", "esc", "n", "m", "o", "0", "2",
		"9", "left", "right", "tab", "shift+tab", "w", "p", "t", "l", "s", "+", "-", "c", "j", "/", "x"}
	rng := rand.New(rand.NewPCG(3, 4))
	w, h := 100, 30
	m := openAnalysisScreen(t, ready(t, demoDataset(t), w, h))
	for i := range 600 {
		var msg tea.Msg = keyMsg(keys[rng.IntN(len(keys))])
		switch r := rng.IntN(30); {
		case r == 0:
			w, h = 60+rng.IntN(141), 16+rng.IntN(35)
			msg = tea.WindowSizeMsg{Width: w, Height: h}
		case r == 1:
			msg = tea.MouseMsg{X: rng.IntN(w), Y: rng.IntN(h), Button: tea.MouseButtonLeft, Action: tea.MouseActionPress}
		}
		next, cmd := m.Update(msg)
		m = drive(t, next.(Model), cmd)
		if m.list.typing != typingNone {
			m = press(t, m, "esc")
		}
		checkFit(t, fmt.Sprintf("step %d (%v)", i, msg), m.View(), w, h)
		if x := m.anaCtx(); m.screen == screenAnalysis && m.ana.err == nil && (!m.ana.baseFresh(x) || !m.ana.derFresh(x)) {
			t.Fatalf("step %d (%v): the analysis screen is not up to date after the jobs ran", i, msg)
		}
	}
}

// TestAnalysisCursorSurvivesRecompute: a new baseline or new scores
// recompute the table; the cursor stays on its row meanwhile.
func TestAnalysisCursorSurvivesRecompute(t *testing.T) {
	m := openAnalysisScreen(t, ready(t, demoDataset(t), 100, 30))
	m = press(t, m, "right", "down", "down", "down")
	at := m.ana.cursor[anaBuckets]
	if at == 0 || !m.ana.bucketItems(m.anaCtx())[at].first {
		t.Fatalf("3 × ↓ put the bucket cursor on row %d, not on a bucket's first row", at)
	}
	m = press(t, m, "w")
	if m.ana.cursor[anaBuckets] != at {
		t.Errorf("a new baseline moved the bucket cursor to %d; want %d", m.ana.cursor[anaBuckets], at)
	}
	m = press(t, m, "s")
	if m.ana.cursor[anaBuckets] != at {
		t.Errorf("a new smoothing moved the bucket cursor to %d; want %d", m.ana.cursor[anaBuckets], at)
	}
}

// TestAnalysisHelp: ? on the analysis screen opens the help at its section
// on that screen, and esc comes back to it (it did nothing).
func TestAnalysisHelp(t *testing.T) {
	m := openAnalysisScreen(t, ready(t, demoDataset(t), 120, 30))
	m = press(t, m, "right", "?")
	if m.screen != screenHelp || !strings.Contains(ansi.Strip(m.help.body.view()), analysisHelpTitle) {
		t.Fatalf("? on the analysis screen: screen %v; want the help open at its section:\n%s", m.screen, ansi.Strip(m.help.body.view()))
	}
	m = press(t, m, "esc")
	if m.screen != screenAnalysis || m.ana.table != 1 {
		t.Fatalf("esc from the help: screen %v, table %d; want the analysis on the buckets", m.screen, m.ana.table)
	}
}

// TestHelpTablesWrapWhenNarrow: at 60 columns the help's tables of the
// analysis keys and the query terms wrap their descriptions under
// themselves instead of cutting them (a new user read "enter  the row's
// segments in the list, its n-gram…").
func TestHelpTablesWrapWhenNarrow(t *testing.T) {
	m := ready(t, demoDataset(t), 60, 16)
	text := ansi.Strip(helpContent(m.c, 60))
	for i, l := range strings.Split(text, "\n") {
		if w := lipgloss.Width(l); w > 60 {
			t.Errorf("line %d is %d cells wide: %q", i+1, w, l)
		}
	}
	flat := strings.Join(strings.Fields(text), " ")
	for _, rows := range [][][2]string{analysisKeys, queryTerms} {
		for _, r := range rows {
			if want := strings.Join(strings.Fields(r[0]+" "+r[1]), " "); !strings.Contains(flat, want) {
				t.Errorf("the help lacks, whole, %q", want)
			}
		}
	}
}

// openUncounted presses n on m and feeds it what the analysis job sends
// ahead of its counts, the buckets of a corpus too large for their
// bootstrap intervals (which the test's corpus is made); cmd is the rest
// of the job.
func openUncounted(t *testing.T, m Model) (Model, tea.Cmd) {
	t.Helper()
	noBucketCIs(t)
	next, cmd := m.Update(keyMsg("n"))
	m = next.(Model)
	early := only[anaEarlyMsg](t, cmd)
	next, cmd = m.Update(early)
	m = next.(Model)
	if m.ana.base != nil || cmd == nil {
		t.Fatalf("after the early part: counts %v, command %v; want no counts yet and the job going on", m.ana.base != nil, cmd != nil)
	}
	return m, cmd
}

// noBucketCIs makes every corpus too large for the buckets' bootstrap
// intervals, as a large corpus is, whose buckets are made beside the
// count.
func noBucketCIs(t *testing.T) {
	old := anaCIMax
	anaCIMax = 0
	t.Cleanup(func() { anaCIMax = old })
}

// TestAnalysisWhileCounting: while the n-grams are counted, a new
// grouping or baseline gets its buckets and wins at once (a new user
// waited for the whole count), leaving the screen lets the count go on,
// and a tokenizer change stops it (it counts under settings no longer
// wanted).
func TestAnalysisWhileCounting(t *testing.T) {
	m, rest := openUncounted(t, ready(t, demoDataset(t), 120, 30))
	m = press(t, m, "right")
	for _, k := range []string{"m", "w"} { // a new grouping, a new baseline
		next, cmd := m.Update(keyMsg(k))
		m = next.(Model)
		part := only[anaPartMsg](t, cmd)
		next, _ = m.Update(part)
		m = next.(Model)
		x := m.anaCtx()
		if !m.ana.derFresh(x) || m.ana.baseFresh(x) || len(m.ana.bucketItems(x)) == 0 {
			t.Fatalf("%s while counting: buckets fresh %v, counts in %v; want the buckets before the counts", k, m.ana.derFresh(x), m.ana.baseFresh(x))
		}
	}
	m = press(t, m, "esc")
	if m.screen != screenMain || !m.jobs.running(jobAnalysis) {
		t.Fatalf("esc: screen %v, count running %v; want the list and the count going on", m.screen, m.jobs.running(jobAnalysis))
	}
	m = drive(t, m, rest)
	m = press(t, m, "n")
	m = drive(t, m, m.analysis())
	if x := m.anaCtx(); !m.ana.baseFresh(x) || !m.ana.salientFresh(x) {
		t.Fatal("back on the analysis after the count: not complete")
	}

	// A smoothing change counts the same n-grams: the count goes on, and
	// serves the new scores.
	m, rest = openUncounted(t, ready(t, demoDataset(t), 120, 30))
	_, before, _ := m.jobs.current(jobAnalysis)
	m = press(t, m, "s")
	if _, now, _ := m.jobs.current(jobAnalysis); now != before || !m.jobs.running(jobAnalysis) {
		t.Fatalf("s while counting: the count was started over or stopped (run %v, was %v)", now, before)
	}
	m = drive(t, m, rest)
	m = drive(t, m, m.analysis())
	if x := m.anaCtx(); !m.ana.baseFresh(x) || !m.ana.salientFresh(x) {
		t.Fatal("after the count that went on through s: not complete for the new scores")
	}

	m, _ = openUncounted(t, ready(t, demoDataset(t), 120, 30))
	next, _ := m.Update(keyMsg("t")) // the rescore not run: the moment it starts
	m = next.(Model)
	if !m.jobs.running(jobScore) || m.jobs.running(jobAnalysis) {
		t.Errorf("a tokenizer change: rescoring %v, old count running %v; want the rescore and the count of the old tokens stopped", m.jobs.running(jobScore), m.jobs.running(jobAnalysis))
	}
	if v := ansi.Strip(m.View()); !strings.Contains(v, "rescoring…") {
		t.Errorf("the analysis does not say it is rescoring:\n%s", v)
	}
	// Other references count other n-grams too.
	m, _ = openUncounted(t, ready(t, demoDataset(t), 120, 30))
	next, _ = m.Update(keyMsg("R"))
	m = next.(Model)
	if m.jobs.running(jobAnalysis) {
		t.Error("R left the count of the old references running")
	}
}

// TestAnalysisBucketsBeforeCounts: the buckets and wins tables show as
// soon as they are made, while the n-grams are still being counted (on 1M
// a new user waited 7 s for the buckets, which need only the scores); the
// n-gram table says it is counting; the counts then complete the screen.
func TestAnalysisBucketsBeforeCounts(t *testing.T) {
	m, cmd := openUncounted(t, ready(t, demoDataset(t), 120, 30))
	if v := ansi.Strip(m.View()); !strings.Contains(v, "counting every n-gram") {
		t.Errorf("the n-gram table does not say it is counting:\n%s", v)
	}
	m = press(t, m, "right")
	v := ansi.Strip(m.View())
	if len(m.ana.bucketItems(m.anaCtx())) == 0 || !strings.Contains(v, "Δ base") || !strings.Contains(v, " n-grams…") { // counting or ranking
		t.Errorf("the buckets are not shown, or not with the counting going on:\n%s", v)
	}
	it := m.ana.bucketItems(m.anaCtx())[m.ana.cursor[anaBuckets]]
	m = drillAndBack(t, m, it.b.Rows, it.b.Label)
	m = press(t, m, "right")
	if len(m.ana.winItems(m.anaCtx())) == 0 {
		t.Error("the wins are not shown while the n-grams are counted")
	}
	m = drive(t, m, cmd)
	x := m.anaCtx()
	if !m.ana.baseFresh(x) || !m.ana.salientFresh(x) || m.ana.der.partial {
		t.Fatal("the counts did not complete the screen")
	}
}

// TestAnalysisCountsFirst: on a test set, the n-gram table shows as soon
// as the n-grams are counted and ranked, before the salient n-grams and
// the buckets with their bootstrap intervals, which follow (on WMT22
// de-en the screen waited for all of them, and for the buckets'
// resampling, which ran beside the count and slowed it).
func TestAnalysisCountsFirst(t *testing.T) {
	m := ready(t, demoDataset(t), 120, 30)
	next, cmd := m.Update(keyMsg("n"))
	m = next.(Model)
	counted := only[anaBaseMsg](t, cmd)
	next, cmd = m.Update(counted)
	m = next.(Model)
	x := m.anaCtx()
	if !m.ana.baseFresh(x) || m.ana.derFresh(x) || cmd == nil {
		t.Fatalf("after the counts: counts %v, buckets and salient %v, command %v; want the counts alone and the job going on",
			m.ana.baseFresh(x), m.ana.derFresh(x), cmd != nil)
	}
	if v := ansi.Strip(m.View()); !strings.Contains(v, "first lines") || len(m.ana.ngramItems(x)) == 0 {
		t.Errorf("the n-gram table is not shown with the counts:\n%s", v)
	}
	if !m.jobs.running(jobAnalysis) {
		t.Error("the job ended with the counts")
	}
	m = drive(t, m, cmd)
	x = m.anaCtx()
	if !m.ana.salientFresh(x) || m.ana.der.partial || len(m.ana.bucketItems(x)) == 0 {
		t.Fatal("the rest of the job did not complete the screen")
	}
	withCI := 0
	for _, sys := range m.ana.der.buckets {
		for _, b := range sys {
			if b.CI != nil {
				withCI++
			}
		}
	}
	if withCI == 0 {
		t.Error("the buckets came without their bootstrap intervals")
	}
}

// TestAnalysisCursorFollowsNGram: when new counts reorder the n-grams (l
// lowercases), the cursor stays on the n-gram it was on (on a big corpus
// a new user's "." became "," under the same row number), or on one with
// capitals moves to its lowercase form.
func TestAnalysisCursorFollowsNGram(t *testing.T) {
	texts := func(m Model) []string {
		var out []string
		for _, it := range m.ana.ngramItems(m.anaCtx()) {
			out = append(out, it.text())
		}
		return out
	}
	for _, tc := range []struct {
		name     string
		capitals bool // an n-gram with capitals, followed to its lowercase form
		salient  bool // in the salient table, which the count's early buckets replace
	}{{"same n-gram", false, false}, {"lowercase form", true, false}, {"salient row", false, true}} {
		m := openAnalysisScreen(t, ready(t, demoDataset(t), 100, 30))
		if tc.salient {
			if m = press(t, m, "m", "m", "m"); m.ana.mode != anaSalient {
				t.Fatalf("mode %v; want salient", m.ana.mode)
			}
		}
		before, after := texts(m), texts(press(t, m, "l"))
		from, to := -1, -1
		for i, g := range before[:min(40, len(before))] {
			lower := strings.ToLower(g)
			if j := slices.Index(after, lower); (g != lower) == tc.capitals && j >= 0 && j != i {
				from, to = i, j
				break
			}
		}
		if from < 0 {
			t.Fatalf("%s: no such n-gram among the demo's first 40 moves when lowercased: pick another change", tc.name)
		}
		for range from {
			m = press(t, m, "down")
		}
		m = press(t, m, "l")
		if got := m.ana.cursor[anaNGrams]; got != to {
			t.Errorf("%s: after l the cursor is on row %d; want row %d, where %q went", tc.name, got, to, before[from])
		}
	}
}

func TestAscending(t *testing.T) {
	sorted := []int{1, 4, 9}
	if got := ascending(sorted); &got[0] != &sorted[0] {
		t.Error("ascending copied rows already in order")
	}
	in := []int{9, 1, 4, 1}
	if got := ascending(in); !slices.Equal(got, []int{1, 4, 9}) || !slices.Equal(in, []int{9, 1, 4, 1}) {
		t.Errorf("ascending(%v) = %v, and the input became %v", []int{9, 1, 4, 1}, got, in)
	}
}

// TestAnalysisJumpInDrill: a jump to a line of the drill-down that its
// filter hides clears the filter only; to a line outside it, the
// drill-down is left (a new user lost the drill-down for a line in it).
func TestAnalysisJumpInDrill(t *testing.T) {
	m := openAnalysisScreen(t, ready(t, demoDataset(t), 120, 30))
	m = press(t, m, "enter")
	drill := append([]int(nil), m.list.only...)
	m = filterBy(t, m, "len>12")
	var hidden, outside = -1, -1
	for _, r := range drill {
		if !slices.Contains(m.list.rows, r) {
			hidden = r
			break
		}
	}
	for i := range m.c.ds.Len() {
		if !slices.Contains(drill, i) {
			outside = i
			break
		}
	}
	if hidden < 0 || outside < 0 {
		t.Fatalf("the test wants a drill-down row len>12 hides (%d) and a line outside it (%d)", hidden, outside)
	}
	m = press(t, m, ":")
	m = typeText(t, m, itoa(hidden+1))
	m = press(t, m, "enter")
	if !m.list.fromAnalysis || m.list.view.Filter != "" || !sameSet(m.list.rows, drill) || m.list.seg != hidden {
		t.Fatalf(":%d: drill-down %v, filter %q, %d rows, line %d; want the drill-down whole with line %d selected",
			hidden+1, m.list.fromAnalysis, m.list.view.Filter, len(m.list.rows), m.list.seg+1, hidden+1)
	}
	m = press(t, m, ":")
	m = typeText(t, m, itoa(outside+1))
	m = press(t, m, "enter")
	if m.list.fromAnalysis || len(m.list.rows) != m.c.ds.Len() || m.list.seg != outside || !strings.Contains(m.statusText(), "left the drill-down") {
		t.Fatalf(":%d: drill-down %v, %d rows, line %d, status %q; want the list whole with line %d selected and said so",
			outside+1, m.list.fromAnalysis, len(m.list.rows), m.list.seg+1, m.statusText(), outside+1)
	}
}

// TestAnalysisSaysOneReference: with one reference scored alone (R), the
// analysis says so, as the list does, at any width.
func TestAnalysisSaysOneReference(t *testing.T) {
	for _, w := range []int{60, 120} {
		m := openAnalysisScreen(t, ready(t, demoDataset(t), w, 30))
		m = press(t, m, "R")
		label := m.c.refsLabel()
		if label == "" {
			t.Fatal("R did not pick one reference")
		}
		if v := ansi.Strip(m.View()); !strings.Contains(v, label) {
			t.Errorf("at %d columns the analysis does not say %q:\n%s", w, label, v)
		}
	}
}

// TestAnalysisDrillHighlightsOrder: a drill-down into a unigram
// highlights unigrams in the segment pane, as its n-gram is one.
func TestAnalysisDrillHighlightsOrder(t *testing.T) {
	m := ready(t, demoDataset(t), 120, 30)
	if m.pane.order == 1 || m.pane.order == 0 {
		t.Fatalf("the pane starts at order %d; the test wants another single order", m.pane.order)
	}
	m = openAnalysisScreen(t, m)
	m = press(t, m, "1", "enter")
	if m.pane.order != 1 {
		t.Errorf("a unigram's drill-down highlights order %d; want 1", m.pane.order)
	}
}

// TestAnalysisBucketsSeed: the buckets' bootstrap intervals use the seed
// the explorer was given.
func TestAnalysisBucketsSeed(t *testing.T) {
	m := openAnalysisScreen(t, readyWith(t, demoDataset(t), 120, 30, WithResampling(scoring.SeedOf(9), 0, 0)))
	m = press(t, m, "right")
	x := m.anaCtx()
	b := m.ana.der.buckets[x.sys][0]
	if b.CI == nil || len(b.Rows) == 0 {
		t.Fatalf("the first bucket has %d rows and CI %v; the test wants both", len(b.Rows), b.CI)
	}
	want, err := model.Confidence(context.Background(), m.c.scored, x.sys, b.Rows, 0, scoring.SeedOf(9))
	if err != nil {
		t.Fatal(err)
	}
	other, _ := model.Confidence(context.Background(), m.c.scored, x.sys, b.Rows, 0, scoring.DefaultSeed())
	if *b.CI != want.CI || want.CI == other.CI {
		t.Errorf("CI %v; want seed 9's %v (the default seed's: %v)", *b.CI, want.CI, other.CI)
	}
}

// TestAnalysisDrillGivesBackSort: a sort chosen within a drill-down lasts
// while it is shown; esc gives back the list's sort from before.
func TestAnalysisDrillGivesBackSort(t *testing.T) {
	m := openAnalysisScreen(t, press(t, ready(t, demoDataset(t), 100, 30), "r"))
	before, desc := m.list.view.Sort, m.list.view.Desc
	m = press(t, m, "enter", "o", "o")
	if m.list.view.Sort == before {
		t.Fatal("o within the drill-down did not change the sort; the test wants a change")
	}
	m = press(t, m, "esc")
	if m.list.view.Sort != before || m.list.view.Desc != desc {
		t.Errorf("back from the drill-down: sort %v (desc %v); want %v (desc %v)", m.list.view.Sort, m.list.view.Desc, before, desc)
	}
}

// TestAnalysisBucketsScrollWhole: in a short window the buckets table
// scrolls by whole buckets: the one under the cursor is in view with
// every system's row, and the view starts at a bucket's label.
func TestAnalysisBucketsScrollWhole(t *testing.T) {
	m := openAnalysisScreen(t, ready(t, demoDataset(t), 60, 16))
	m = press(t, m, "right")
	for range model.BucketBys {
		check := func(how string) {
			t.Helper()
			items := m.ana.bucketItems(m.anaCtx())
			top, cur, h := m.ana.top[anaBuckets], m.ana.cursor[anaBuckets], m.ana.bodyRows()
			end := cur
			for end+1 < len(items) && !items[end+1].first {
				end++
			}
			if end-cur < h && (cur < top || end >= top+h) {
				t.Errorf("%v %s: rows %d–%d of the bucket under the cursor, view %d–%d", m.ana.bucketBy(), how, cur, end, top, top+h-1)
			}
			if !items[top].first {
				t.Errorf("%v %s: the view starts at row %d, within a bucket", m.ana.bucketBy(), how, top)
			}
		}
		m = press(t, m, "G")
		check("G")
		for range len(m.ana.bucketItems(m.anaCtx())) {
			m = press(t, m, "up")
			check("up")
		}
		for range len(m.ana.bucketItems(m.anaCtx())) {
			m = press(t, m, "down")
			check("down")
		}
		m = press(t, m, "m")
	}
}

// TestAnalysisSaysWholeCorpus: with a filter on the list, the analysis
// says that its tables are of the whole corpus.
func TestAnalysisSaysWholeCorpus(t *testing.T) {
	m := press(t, ready(t, demoDataset(t), 100, 30), "/", "t", "h", "e", "enter")
	m = openAnalysisScreen(t, m)
	if v := ansi.Strip(m.View()); !strings.Contains(v, "whole corpus, not the filter") {
		t.Errorf("the analysis under a filter does not say it ignores it:\n%s", v)
	}
	m = openAnalysisScreen(t, ready(t, demoDataset(t), 100, 30))
	if v := ansi.Strip(m.View()); strings.Contains(v, "not the filter") {
		t.Errorf("the analysis without a filter speaks of one:\n%s", v)
	}
}

// TestAnalysisDrillGivesBackOrder: the drill-down of a unigram highlights
// 1-grams in the pane; esc gives back the order highlighted before.
func TestAnalysisDrillGivesBackOrder(t *testing.T) {
	m := openAnalysisScreen(t, ready(t, demoDataset(t), 100, 30))
	before := m.pane.order
	m = press(t, m, "1") // unigrams only
	m = press(t, m, "enter")
	if m.pane.order != 1 || before == 1 {
		t.Fatalf("the drill-down of a unigram highlights order %d (before: %d); the test wants 1 and another before", m.pane.order, before)
	}
	m = press(t, m, "esc")
	if m.pane.order != before {
		t.Errorf("back from the drill-down the pane highlights order %d; want %d as before", m.pane.order, before)
	}
}

// TestAnalysisSaysOfHowMany: a table that holds only the first anaTop
// n-grams of its ranking says how many rows of how many n-grams; one that
// holds them all says nothing. The window holds a ranking of one order
// (anaTop rows), not that of every order, whose rows in view are said of
// its count.
func TestAnalysisSaysOfHowMany(t *testing.T) {
	m := openAnalysisScreen(t, ready(t, demoDataset(t), 120, 60))
	x := m.anaCtx()
	sizes, err := m.ana.base.an.RankingSizes(x.sys, anaModeKinds, []int{1, 2, 3, 4})
	if err != nil {
		t.Fatal(err)
	}
	missed1, total := sizes[0], sizes[0]+sizes[1]+sizes[2]+sizes[3]
	if missed1 <= anaTop {
		t.Fatalf("the demo has %d missed unigrams; the test wants more than %d", missed1, anaTop)
	}
	shown := 0
	for _, n := range sizes[:4] {
		shown += min(n, anaTop)
	}
	title := func(m Model) string { return strings.SplitN(ansi.Strip(m.View()), "\n", 2)[0] }
	// Every order lists its own top rows in turn, and the title says so.
	per := strconv.Itoa(anaTop) // "up to 50" when an order has fewer
	if slices.Min(sizes[:4]) < anaTop {
		per = "up to " + per
	}
	if want := fmt.Sprintf("all orders · %s per order · top %d of %s · rows 1–%d ", per, shown, model.Thousands(total), m.ana.bodyRows()); !strings.Contains(title(m), want) {
		t.Errorf("all orders: title %q; want %q", title(m), want)
	}
	m = press(t, m, "1")
	if want := fmt.Sprintf("order 1 · top %d of %d ", anaTop, missed1); !strings.Contains(title(m), want) {
		t.Errorf("order 1: title %q; want %q", title(m), want)
	}
	whole := false
	for o, n := range sizes[4:8] { // over
		if n > anaTop {
			continue
		}
		whole = true
		mm := press(t, m, "m", strconv.Itoa(o+1))
		if strings.Contains(title(mm), " of ") || !strings.Contains(title(mm), "over n-grams") {
			t.Errorf("over, order %d (%d n-grams, all shown): title %q", o+1, n, title(mm))
		}
		break
	}
	if !whole {
		t.Errorf("no order of over-produced n-grams has %d or fewer (%v): the test wants one", anaTop, sizes[4:8])
	}
	if got := model.Thousands(1234567); got != "1,234,567" {
		t.Errorf("model.Thousands(1234567) = %q", got)
	}
}

// TestAnalysisSalientSaysOfHowMany: the salient table's title says how
// many rows it holds of how many n-grams lean each way, counted over every
// n-gram of the demo by hand (a user saw the other tables say "50 of
// 6,050" and the salient one nothing).
func TestAnalysisSalientSaysOfHowMany(t *testing.T) {
	m := openAnalysisScreen(t, ready(t, demoDataset(t), 120, 40))
	m = press(t, m, "m", "m", "m")
	x := m.anaCtx()
	if m.ana.mode != anaSalient || !salientPair(x) || !m.ana.salientFresh(x) {
		t.Fatalf("mode %v, pair %d vs %d: the test wants the salient table of a pair", m.ana.mode, x.sys, x.other)
	}
	c := m.ana.base.an.Counts
	title := func(m Model) string { return strings.SplitN(ansi.Strip(m.View()), "\n", 2)[0] }
	cut := 0
	for order := range 5 { // 0: every order
		var shown, total [2]int
		for g := range c.Len() {
			if order > 0 && c.Order(g) != order {
				continue
			}
			a, b := c.Count(x.sys, scoring.Matched, g), c.Count(x.other, scoring.Matched, g)
			switch {
			case a > b:
				total[0]++
			case a < b:
				total[1]++
			}
		}
		for o := 1; o <= c.Orders(); o++ {
			if order == 0 || order == o {
				for side, rows := range [][]model.SalientRow{m.ana.der.favA[o-1], m.ana.der.favB[o-1]} {
					shown[side] += len(rows)
				}
			}
		}
		mm := press(t, m, strconv.Itoa(order))
		want := fmt.Sprintf("+%s of %s · −%s of %s", model.Thousands(shown[0]), model.Thousands(total[0]), model.Thousands(shown[1]), model.Thousands(total[1]))
		each := "" // every order: how the rows are chosen, then the count in one
		if order == 0 {
			each = fmt.Sprintf("%d per order a side · ", anaSalientTop)
			for o := range c.Orders() { // "up to 25" when a side of an order has fewer
				if len(m.ana.der.favA[o]) < anaSalientTop || len(m.ana.der.favB[o]) < anaSalientTop {
					each = "up to " + each
					break
				}
			}
			want = each + want
			each += "top " + model.Thousands(shown[0]+shown[1]) + " of " + model.Thousands(total[0]+total[1])
		}
		if shown == total {
			want, each = "", ""
		} else {
			cut++
		}
		r := mm.ana.ranksOf(mm.anaCtx())
		if r.held != want || r.each != each {
			t.Errorf("order %d: ranksOf = %q, %q; want %q, %q", order, r.held, r.each, want, each)
		}
		end := strings.TrimRight(strings.Split(title(mm), "[")[0], " ")
		if want != "" && !strings.HasSuffix(end, want) && (each == "" || !strings.HasSuffix(end, each)) {
			t.Errorf("order %d: title %q; want it to end in %q", order, title(mm), want)
		}
	}
	if cut == 0 {
		t.Error("the salient table held every n-gram of every order: the test wants one it cuts")
	}
}

// TestAnalysisOrderPastMax: a digit above the max order picks the highest
// order and says why.
func TestAnalysisOrderPastMax(t *testing.T) {
	m := openAnalysisScreen(t, ready(t, demoDataset(t), 120, 40))
	m = press(t, m, "-")
	m = drive(t, m, nil)
	if m.ana.maxOrder(m.anaCtx()) != 3 {
		t.Fatalf("max order %d after -; the test wants 3", m.ana.maxOrder(m.anaCtx()))
	}
	m = press(t, m, "4")
	if m.ana.order != 3 || !strings.Contains(m.statusText(), "up to order 3") {
		t.Errorf("4 at N=3: order %d, status %q", m.ana.order, m.statusText())
	}
	if m = press(t, m, "2"); m.ana.order != 2 || m.statusText() != "" {
		t.Errorf("2: order %d, status %q", m.ana.order, m.statusText())
	}
}

// TestAnalysisSelectedRowHighlightedWhole: in colour, the selected row of
// a table (the buckets' has bars) is highlighted to its end, not cut off
// where a cell's own style ends.
func TestAnalysisSelectedRowHighlightedWhole(t *testing.T) {
	lipgloss.SetColorProfile(termenv.TrueColor)
	defer lipgloss.SetColorProfile(termenv.Ascii)
	m := openAnalysisScreen(t, ready(t, demoDataset(t), 120, 40))
	for _, table := range []string{"n-grams", "buckets"} {
		var row string
		for _, l := range strings.Split(m.View(), "\n") {
			if strings.Contains(ansi.Strip(l), "›") {
				row = l
			}
		}
		if row == "" {
			t.Fatalf("%s: no selected row:\n%s", table, m.View())
		}
		if n := strings.Count(row, "\x1b[0m"); n > 1 || !strings.HasSuffix(row, "\x1b[0m") {
			t.Errorf("%s: the selected row's highlight ends %d times: %q", table, n, row)
		}
		m = press(t, m, "right")
	}
}

// TestAnalysisBucketsSayRowsInView: when the bucket table has more rows
// than fit, its title says which are in view, at the top and after G, in
// every grouping, and is not cut (at 60×16 rows were hidden below with no
// sign of them). At 60 columns every table says them without "rows":
// [TestAnalysisRowsOneWayPerWidth].
func TestAnalysisBucketsSayRowsInView(t *testing.T) {
	for _, ds := range []*model.Dataset{demoDataset(t), longNames(t)} {
		m := openAnalysisScreen(t, ready(t, ds, 60, 16))
		m = press(t, m, "right")
		scrolled := 0
		for range model.BucketBys {
			n, h := len(m.ana.bucketItems(m.anaCtx())), m.ana.bodyRows()
			title := func() string { return strings.SplitN(ansi.Strip(m.View()), "\n", 2)[0] }
			if n <= h {
				if saysSpan.MatchString(title()) {
					t.Errorf("%v: %d rows fit in %d, yet the title says %q", m.ana.bucketBy(), n, h, title())
				}
				m = press(t, m, "m")
				continue
			}
			scrolled++
			if want := fmt.Sprintf("· 1–%d of %d", h, n); !strings.Contains(title(), want) || cutWord(title(), ds) {
				t.Errorf("%v at the top: title %q; want it whole, with %q", m.ana.bucketBy(), title(), want)
			}
			m = press(t, m, "G")
			top := m.ana.top[anaBuckets]
			if want := fmt.Sprintf("· %d–%d of %d", top+1, min(n, top+h), n); top == 0 || !strings.Contains(title(), want) || cutWord(title(), ds) {
				t.Errorf("%v after G: title %q; want it whole, with %q (view from row %d)", m.ana.bucketBy(), title(), want, top)
			}
			m = press(t, m, "m")
		}
		if scrolled == 0 {
			t.Errorf("no grouping had more rows than fit at 60×16: the test wants one")
		}
	}
}

// TestAnalysisSaysWhatKeysDoNot: M on the analysis screen, and m on the
// wins table, say what they do elsewhere instead of nothing; the metrics
// shown on the list stay as they were.
func TestAnalysisSaysWhatKeysDoNot(t *testing.T) {
	m := openAnalysisScreen(t, ready(t, demoDataset(t), 120, 40))
	chrf := m.c.met.showChrF
	if m = press(t, m, "M"); m.screen != screenAnalysis || !strings.Contains(m.statusText(), "M shows chrF and TER on the list") || m.c.met.showChrF != chrf {
		t.Errorf("M: screen %v, status %q, chrF shown %v (was %v)", m.screen, m.statusText(), m.c.met.showChrF, chrf)
	}
	for m.ana.table != anaWins {
		m = press(t, m, "right")
	}
	if m = press(t, m, "m"); !strings.Contains(m.statusText(), "m switches the n-grams' kind") {
		t.Errorf("m on the wins table: status %q", m.statusText())
	}
	// The n-grams' order keys and / on the buckets and wins tables.
	for _, table := range []anaTable{anaBuckets, anaWins} {
		for m.ana.table != table {
			m = press(t, m, "right")
		}
		for _, k := range []string{"o", "2", "0"} {
			m.status = saying{}
			if m = press(t, m, k); !strings.Contains(m.statusText(), "pick the n-grams' order") || m.ana.order != 0 {
				t.Errorf("%s on table %d: status %q, order %d", k, table, m.statusText(), m.ana.order)
			}
		}
		m.status = saying{}
		if m = press(t, m, "/"); m.screen != screenAnalysis || !strings.Contains(m.statusText(), "/ filters the list") {
			t.Errorf("/ on table %d: screen %v, status %q", table, m.screen, m.statusText())
		}
	}
}

// TestBucketCIColumn: in the buckets table the CIs stand two spaces at
// least from the scores, "±18.18" as "±9.81", right-aligned under "±CI"
// (a user saw "38.48 ±18.18" one space apart).
func TestBucketCIColumn(t *testing.T) {
	ci := regexp.MustCompile(`(\S)( +)±(CI|[0-9.]+)`)
	for _, w := range []int{60, 80, 100, 120} {
		m := press(t, openAnalysisScreen(t, ready(t, demoDataset(t), w, 30)), "right", "m")
		ends, wide := map[int]bool{}, false
		for _, l := range strings.Split(ansi.Strip(m.View()), "\n") {
			sm := ci.FindStringSubmatchIndex(l)
			if sm == nil {
				continue
			}
			if gap := sm[5] - sm[4]; gap < 2 {
				t.Errorf("%d columns: a CI %d space from the score: %q", w, gap, l)
			}
			wide = wide || sm[7]-sm[6] >= 5 // "18.18"
			ends[utf8.RuneCountInString(l[:sm[1]])] = true
		}
		if !wide || len(ends) != 1 {
			t.Errorf("%d columns: CIs of two digits before the point %v, ending in columns %v; want them, in one column", w, wide, ends)
		}
	}
}

// TestAnalysisBackToTheComparison: the analysis opened with n on the
// comparison screen goes back to it with esc, as the list sorted by i
// there does, the comparison as it was left (its test, its selected
// system); a drill-down and esc out of it keep that way back; opened
// from the list, esc goes back to the list, after a drill-down too. A
// user saw B n esc land on the list while B i esc came back to B.
func TestAnalysisBackToTheComparison(t *testing.T) {
	m := readyWith(t, demoDataset(t), 100, 30, WithResampling(scoring.SeedOf(7), 100, 100))
	m = press(t, m, "B", "T", "down")
	if m.sig.cursor == m.list.view.Other {
		m = press(t, m, "down")
	}
	sys, test := m.sig.cursor, m.sig.test
	if m.screen != screenSig || test != model.TestPairedAR {
		t.Fatalf("B T: screen %v, test %q; want the comparison by approximate randomization", m.screen, test)
	}
	atSig := func(m Model, keys string) {
		t.Helper()
		if m.screen != screenSig || m.sig.cursor != sys || m.sig.test != test {
			t.Errorf("%s: screen %v, system %d, test %q; want the comparison on system %d by %q", keys, m.screen, m.sig.cursor, m.sig.test, sys, test)
		}
	}
	if m = press(t, m, "n"); m.screen != screenAnalysis {
		t.Fatalf("n on the comparison: screen %v; want the analysis", m.screen)
	}
	m = press(t, m, "esc")
	atSig(m, "B n esc")
	m = press(t, m, "n", "n") // n leaves the analysis as esc does
	atSig(m, "B n n")
	m = press(t, m, "n", "enter")
	if m.screen != screenMain || !m.list.fromAnalysis {
		t.Fatalf("B n enter: screen %v, drill-down %v; want the list of a drill-down", m.screen, m.list.fromAnalysis)
	}
	if m = press(t, m, "esc"); m.screen != screenAnalysis {
		t.Fatalf("B n enter esc: screen %v; want the analysis", m.screen)
	}
	m = press(t, m, "esc")
	atSig(m, "B n enter esc esc")
	// The comparison opened on that analysis comes back to it, and the
	// analysis then to the list, not to the comparison again.
	m = press(t, m, "n", "B", "esc")
	if m.screen != screenAnalysis {
		t.Fatalf("B n B esc: screen %v; want the analysis", m.screen)
	}
	if m = press(t, m, "esc"); m.screen != screenMain {
		t.Errorf("B n B esc esc: screen %v; want the list", m.screen)
	}
	// From the list, to the list.
	m = press(t, m, "n", "esc")
	if m.screen != screenMain {
		t.Errorf("n esc on the list: screen %v; want the list", m.screen)
	}
	m = press(t, m, "n", "enter", "esc", "esc")
	if m.screen != screenMain || m.list.fromAnalysis {
		t.Errorf("n enter esc esc on the list: screen %v, drill-down %v; want the list without it", m.screen, m.list.fromAnalysis)
	}
}

// TestAnalysisNoteSettingsApart: under a filter, the analysis note's
// "whole corpus, not the filter" and the settings stand apart ("… not the
// filter · 13a mixed …"), where they read as one ("not the filter 13a").
func TestAnalysisNoteSettingsApart(t *testing.T) {
	m := press(t, ready(t, demoDataset(t), 120, 40), "/", "t", "h", "e", "enter", "n")
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "whole corpus, not the filter · ") {
		t.Errorf("the analysis under a filter at 120 columns lacks \"whole corpus, not the filter · \" before its settings:\n%s", v)
	}
}

// TestAnalysisNGramLimit: an analysis whose count passes --max-ngrams
// says so on its n-gram table, with the flag to raise and what can be done
// on the screen, while the buckets and wins, which need no counts, show
// as they would (another pair gets its own without a second count); esc
// returns to the list.
func TestAnalysisNGramLimit(t *testing.T) {
	m := New(demoDataset(t), model.DefaultSettings(), WithMaxNGrams(5))
	next, _ := m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	m = drive(t, next.(Model), next.(Model).Init())
	next, cmd := m.Update(keyMsg("n"))
	m = drive(t, next.(Model), cmd)
	v := strings.Join(strings.Fields(ansi.Strip(m.View())), " ")
	for _, want := range []string{"the 1–4-grams could not be counted", "passed 5 n-grams held", "raise --max-ngrams", "Here, - lowers the max order"} {
		if !strings.Contains(v, want) {
			t.Errorf("the analysis with --max-ngrams 5 lacks %q: err %v, screen\n%s", want, m.ana.err, ansi.Strip(m.View()))
		}
	}
	if strings.Contains(v, "enter segments") {
		t.Errorf("the footer offers enter on a table with no rows:\n%s", ansi.Strip(m.View()))
	}
	if strings.Contains(v, `\n`) {
		t.Errorf("the message shows a newline escaped:\n%s", ansi.Strip(m.View()))
	}
	checkFit(t, "limit passed", m.View(), 100, 30)
	if v := ansi.Strip(press(t, m, "-").View()); !strings.Contains(v, "the 1–3-grams could not be counted") {
		t.Errorf("- after the count failed: the screen does not say the lower order failed too:\n%s", v)
	}
	// Down to N=1, the message no longer offers -, which can lower
	// nothing more; it still points at the buckets and wins.
	one := press(t, m, "-", "-", "-")
	v = strings.Join(strings.Fields(ansi.Strip(one.View())), " ")
	if !strings.Contains(v, "the 1-grams could not be counted") || strings.Contains(v, "- lowers") || !strings.Contains(v, "the buckets and wins (←→) need no counts") {
		t.Errorf("at N=1 after the count failed: want no \"- lowers\", the buckets and wins offered:\n%s", ansi.Strip(one.View()))
	}
	for _, table := range []string{"buckets", "wins"} {
		m = press(t, m, "right")
		v := ansi.Strip(m.View())
		if strings.Contains(v, "could not be counted") || strings.Contains(v, "waiting") || m.ana.rowCount(m.anaCtx(), m.ana.table) == 0 {
			t.Errorf("the %s table after the count failed:\n%s", table, v)
		}
	}
	m = press(t, m, "tab")
	for i := 0; i < 5 && m.jobs.running(jobAnaPart); i++ {
		m = drive(t, m, nil)
	}
	if m.jobs.running(jobAnalysis) || !m.ana.derFresh(m.anaCtx()) || strings.Contains(ansi.Strip(m.View()), "could not be counted") {
		t.Errorf("tab after the count failed: counting again %v, wins fresh %v:\n%s", m.jobs.running(jobAnalysis), m.ana.derFresh(m.anaCtx()), ansi.Strip(m.View()))
	}
	next, _ = m.Update(tea.WindowSizeMsg{Width: 60, Height: 16})
	m = press(t, next.(Model), "left", "left")
	if v := strings.Join(strings.Fields(ansi.Strip(m.View())), " "); !strings.Contains(v, "raise --max-ngrams if the memory is there") {
		t.Errorf("at 60×16 the fix does not show:\n%s", ansi.Strip(m.View()))
	}
	checkFit(t, "limit passed at 60×16", m.View(), 60, 16)
	if m = press(t, m, "esc"); m.screen != screenMain {
		t.Errorf("esc after the analysis failed: screen %v; want the list", m.screen)
	}
}

// TestAnalysisTitleApartFromTabs: at every width the analysis title stands
// two cells from the tab strip, as a note from its right end; one space
// apart they read as one ("top 193 of 525 · 1–16 [n-grams] 1/3").
func TestAnalysisTitleApartFromTabs(t *testing.T) {
	m := openAnalysisScreen(t, ready(t, demoDataset(t), 100, 24))
	for w := minWidth; w <= 140; w++ {
		next, _ := m.Update(tea.WindowSizeMsg{Width: w, Height: 24})
		title, _, _ := strings.Cut(ansi.Strip(next.(Model).View()), "\n")
		left, _, ok := strings.Cut(title, "[n-grams]")
		if !ok || (strings.TrimSpace(left) != "" && !strings.HasSuffix(left, "  ")) {
			t.Errorf("at %d columns the title is one space from the tabs, or has none: %q", w, title)
		}
	}
}

// TestAnalysisBucketsTallerThanView: with more systems than the view has
// rows (14 at 60×16, 12 rows), every row of every bucket comes into view
// with ↓ from the top and with ↑ from G, and a view that starts within a
// bucket names it on its first row; each bucket showed its first 12
// systems only, the title stopping at "71–82 of 84" (the explorer pass on
// the MQM zh-en TED file).
func TestAnalysisBucketsTallerThanView(t *testing.T) {
	m := openAnalysisScreen(t, ready(t, demoSystems(t, 14), 60, 16))
	m = press(t, m, "right")
	for range model.BucketBys {
		items := m.ana.bucketItems(m.anaCtx())
		h := m.ana.bodyRows()
		if !slices.ContainsFunc(items, func(it anaBucketItem) bool { return len(it.b.Rows) > 0 }) {
			t.Fatalf("%v: every bucket is empty; the test needs buckets of 14 rows, taller than the %d that fit", m.ana.bucketBy(), h)
		}
		walk := func(how string, key string, steps int) {
			t.Helper()
			seen := make([]bool, len(items))
			for range steps {
				top := m.ana.top[anaBuckets]
				for i := top; i < min(top+h, len(items)); i++ {
					seen[i] = true
				}
				lines := strings.Split(ansi.Strip(m.View()), "\n")
				if first := lines[anaFirstRow]; strings.HasPrefix(strings.TrimPrefix(first, "›"), "  ") {
					t.Errorf("%v %s: the view starts at row %d without its bucket's name: %q", m.ana.bucketBy(), how, top, first)
				}
				m = press(t, m, key)
			}
			for i, ok := range seen {
				if !ok {
					t.Errorf("%v %s: row %d (%s, system %d) never in view", m.ana.bucketBy(), how, i, items[i].b.Label, items[i].system)
				}
			}
		}
		m = press(t, m, "g")
		walk("↓ from the top", "down", len(items))
		m = press(t, m, "G")
		walk("↑ from G", "up", len(items))
		m = press(t, m, "m")
	}
}
