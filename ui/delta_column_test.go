package ui

import (
	"cmp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bleuscope/bleuscope/model"
	"github.com/charmbracelet/x/ansi"
)

// deltaDataset has two systems whose sentence BLEU differs on line 1 by
// +0.02 (a over b), on line 2 by -0.02, not at all on line 3, and by
// +87.6 on line 4.
func deltaDataset(t *testing.T) *model.Dataset {
	t.Helper()
	ref := "the quick brown fox jumps over the lazy dog near the old river bank today"
	short := "the quick brown cat sat under some tree by a river bank now"
	long := short + " zz"
	fsys := fstest.MapFS{
		"ref": {Data: []byte(strings.Repeat(ref+"\n", 4))},
		"a":   {Data: []byte(strings.Join([]string{short, long, short, ref}, "\n") + "\n")},
		"b":   {Data: []byte(strings.Join([]string{long, short, short, short}, "\n") + "\n")},
	}
	ds, err := model.Load(model.Input{Systems: []string{"a", "b"}, Refs: []string{"ref"}, FS: fsys})
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

// deltaCells returns the list's Δ cell of each line number shown, read
// under the header's Δ (right-aligned), failing when a row's cell does not
// end exactly there (the column out of line).
func deltaCells(t *testing.T, name, view string) map[string]string {
	t.Helper()
	lines := strings.Split(ansi.Strip(view), "\n")
	head := -1
	for i, l := range lines {
		if strings.Contains(l, " Δ") && strings.Contains(l, "hyp/ref") { // its hypothesis column's head may be "hyp"
			head = i
			break
		}
	}
	if head < 0 {
		t.Fatalf("%s: no list header with a Δ column:\n%s", name, view)
	}
	h := []rune(lines[head])
	end := -1 // the rune index of the header's "Δ" (its sort arrow comes before it)
	for i, r := range h {
		if r == 'Δ' {
			end = i
		}
	}
	cells := map[string]string{}
	for _, l := range lines[head+1:] {
		r := []rune(l)
		f := strings.Fields(string(r[min(2, len(r)):]))
		if len(f) == 0 || strings.Trim(f[0], "0123456789") != "" {
			break // past the rows
		}
		if len(r) <= end+1 || r[end] == ' ' || r[end+1] != ' ' {
			t.Errorf("%s: the Δ cell of line %s does not end under the header's Δ:\n%s\n%s", name, f[0], lines[head], l)
			continue
		}
		before := strings.Fields(string(r[:end+1]))
		cells[f[0]] = before[len(before)-1]
	}
	return cells
}

// TestDeltaColumn: in the segment list a difference too small for one
// decimal keeps its sign, a tie reads "=", and with the shown system
// pinned as its own baseline no row (nor the segment pane) shows a Δ, at every size from
// 60×16 to 200×60, the cells in line with the header.
func TestDeltaColumn(t *testing.T) {
	ds := deltaDataset(t)
	for _, size := range [][2]int{{60, 16}, {80, 24}, {120, 40}, {200, 60}} {
		m := ready(t, ds, size[0], size[1])
		name := itoa(size[0]) + "×" + itoa(size[1])
		want := map[string]string{"1": "+0.0", "2": "-0.0", "3": "=", "4": "+87.6"}
		got := deltaCells(t, name, m.View())
		if len(got) < 3 { // 60×16 has room for three rows
			t.Errorf("%s: %d rows; want 3 or more", name, len(got))
		}
		for line, cell := range got {
			if cell != want[line] {
				t.Errorf("%s: Δ of line %s = %q; want %q", name, line, cell, want[line])
			}
		}
		shown := len(got)
		m = press(t, m, "p") // a, the shown system, becomes the baseline
		if m.list.view.Other != m.list.view.System {
			t.Fatalf("%s: p did not pin the shown system", name)
		}
		got = deltaCells(t, name+" on the baseline", m.View())
		if len(got) != shown {
			t.Errorf("%s on the baseline: %d rows; want %d", name, len(got), shown)
		}
		for line, cell := range got {
			if cell != "—" {
				t.Errorf("%s on the baseline: Δ of line %s = %q; want —", name, line, cell)
			}
		}
		if v := m.View(); strings.Contains(v, "(Δ ") {
			t.Errorf("%s on the baseline: the segment pane gives a Δ to itself:\n%s", name, v)
		}
		checkFit(t, name, m.View(), size[0], size[1])
	}
}

// TestImpactColumnOnTheBaseline: sorted by impact with the shown system
// pinned as its own baseline, the impact column shows — as Δ does, not
// a column of zeros (from a review), and there is no impact behind it,
// as the export has none; o says so as i does, where it said "sorted by
// impact …, the segments that cost the most first" of rows that cost
// nothing (as it did of Δ).
func TestImpactColumnOnTheBaseline(t *testing.T) {
	m := press(t, ready(t, demoDataset(t), 120, 40), "p")
	for range 6 { // o cycles the sort keys to impact
		if m.list.view.Sort == model.SortDelta && !strings.HasPrefix(m.statusText(), "this is the baseline: every Δ is 0") {
			t.Errorf("sorted by Δ on the baseline, the status says %q", m.statusText())
		}
		if m.list.view.Sort == model.SortImpact {
			break
		}
		m = press(t, m, "o")
	}
	if m.list.view.Sort != model.SortImpact || m.list.impact != nil {
		t.Fatalf("sort %v, impact %v; want the list sorted by impact with no impact of the baseline to itself", m.list.view.Sort, m.list.impact)
	}
	if want := "this is the baseline: every impact is 0 (p pins another system, w the next)"; m.statusText() != want || press(t, m, "i").statusText() != want {
		t.Errorf("sorted by impact on the baseline with o, the status says %q; want %q, as i says", m.statusText(), want)
	}
	lines := strings.Split(ansi.Strip(m.View()), "\n")
	head := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, "impact") && strings.Contains(l, "line") })
	for _, l := range lines[head+1 : head+4] {
		if f := strings.Fields(l); len(f) < 6 || slices.Contains(f, "0") || strings.Count(l, "—") < 2 {
			t.Errorf("a row on the baseline itself: %q; want — for Δ and impact", l)
		}
	}
}

// TestSortByImpactInTheJob: on a corpus sorted in a job, i keeps the list
// in its old order, without an impact column, until the rows come; they
// come in the order the model gives (sorted by the impact, ties in line
// order) with the impact they were sorted by, which the list shows as it
// is, where Update used to work it out again over the whole corpus. On a
// corpus sorted at once the order and the column are the same.
func TestSortByImpactInTheJob(t *testing.T) {
	for _, n := range []int{300, syncRows + 500} {
		m := ready(t, synthDataset(t, n), 120, 40)
		before := slices.Clone(m.list.rows)
		next, cmd := m.Update(keyMsg("i"))
		m = next.(Model)
		s, v := m.c.scored, m.list.view
		if v.Sort != model.SortImpact {
			t.Fatalf("%d segments: i sorts by %v", n, v.Sort)
		}
		want, err := s.Impact(m.c.ds, v.System, v.Other)
		if err != nil {
			t.Fatal(err)
		}
		order := slices.Clone(before)
		slices.Sort(order)
		slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(want[a], want[b]) })
		if n > syncRows {
			if !m.jobs.running(jobRows) || !slices.Equal(m.list.rows, before) || m.list.impact != nil {
				t.Fatalf("%d segments: while sorting, the list changed (or has an impact column) before its rows came", n)
			}
			msg := only[rowsMsg](t, cmd)
			if !slices.Equal(msg.impact, want) {
				t.Fatalf("%d segments: the rows came without the impact they are sorted by", n)
			}
			next, _ = m.Update(msg)
			m = next.(Model)
			if &m.list.impact[0] != &msg.impact[0] {
				t.Errorf("%d segments: the list worked out the impact again instead of taking the rows'", n)
			}
		}
		if !slices.Equal(m.list.rows, order) {
			t.Errorf("%d segments: sorted by impact, the rows are not in the order of the impact (ties in line order)", n)
		}
		if !slices.Equal(m.list.impact, want) {
			t.Errorf("%d segments: the impact column is not the impact of %d against %d", n, v.System, v.Other)
		}
	}
}

// TestDeltaCellSignAsTheHeader: a difference the scores' own decimals
// read as 0 (NLTK's 1e-154 against 0, which the header gives as
// "Δ 0.0000") has no sign in the list either, where it read "-0.000"; one
// they show keeps its sign though one decimal (three on NLTK's scale)
// reads 0, as it says which system is ahead; an exact tie is "=".
func TestDeltaCellSignAsTheHeader(t *testing.T) {
	for _, c := range []struct {
		d    float64
		nltk bool
		want string
	}{
		{-1e-154, true, "0.000"}, {1e-154, true, "0.000"}, {-0.00004, true, "0.000"},
		{-0.004, false, "0.0"}, {0.004, false, "0.0"},
		{-0.00006, true, "-0.000"}, {-0.006, false, "-0.0"}, {0.04, false, "+0.0"}, {0, true, "="},
	} {
		got := deltaCell(c.d, c.nltk)
		header := model.FormatDelta(c.d, c.nltk)
		if got != c.want {
			t.Errorf("deltaCell(%v, %v) = %q; want %q (the header's form %q)", c.d, c.nltk, got, c.want, header)
		}
		if unsigned := !strings.ContainsAny(header, "+-"); c.d != 0 && unsigned == strings.ContainsAny(got, "+-") {
			t.Errorf("deltaCell(%v, %v) = %q, the header %q: one signed, the other not", c.d, c.nltk, got, header)
		}
	}
}
