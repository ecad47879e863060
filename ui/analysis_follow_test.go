package ui

import (
	"slices"
	"testing"
)

// ngramTexts returns the n-gram table's rows as shown.
func ngramTexts(m Model) []string {
	var out []string
	for _, it := range m.ana.ngramItems(m.anaCtx()) {
		out = append(out, it.text())
	}
	return out
}

// movedRow finds a row of from whose n-gram is on another row of to
// (want: the row it is on there), or, with absent, a row whose n-gram to
// lacks (want: -1); -1, -1 when there is none.
func movedRow(from, to []string, absent bool) (row, want int) {
	for i, g := range from {
		j := slices.Index(to, g)
		if absent && j < 0 || !absent && j >= 0 && j != i {
			return i, j
		}
	}
	return -1, -1
}

// TestAnalysisTabFollowsNGram: tab and shift+tab on the analysis, and tab
// in a drill-down and esc back, keep the cursor on its n-gram when the
// new system's table has it, as a recount does (a researcher saw the
// cursor keep its row number: on "of" with one system, on "a" after
// shift+tab); when the table lacks it, on the nearest row around it whose
// n-gram the new table has.
func TestAnalysisTabFollowsNGram(t *testing.T) {
	open := func() Model { return openAnalysisScreen(t, ready(t, demoDataset(t), 100, 30)) }
	for _, key := range []string{"tab", "shift+tab"} {
		m := open()
		before, after := ngramTexts(m), ngramTexts(press(t, m, key))
		from, to := movedRow(before, after, false)
		if from < 0 {
			t.Fatalf("%s: no n-gram of the demo changes rows: pick another table", key)
		}
		m.ana.cursor[anaNGrams] = from
		if m = press(t, m, key); m.ana.cursor[anaNGrams] != to {
			t.Errorf("%s: the cursor is on row %d (%q); want row %d, where %q is", key, m.ana.cursor[anaNGrams],
				after[min(m.ana.cursor[anaNGrams], len(after)-1)], to, before[from])
		}
	}

	// Tab in the drill-down of a row, then esc back to the analysis.
	m := open()
	before, after := ngramTexts(m), ngramTexts(press(t, m, "tab"))
	from, to := movedRow(before, after, false)
	m.ana.cursor[anaNGrams] = from
	if m = press(t, m, "enter"); m.screen != screenMain || !m.list.fromAnalysis {
		t.Fatalf("enter did not drill down")
	}
	if m = press(t, m, "tab", "esc"); m.screen != screenAnalysis || m.ana.cursor[anaNGrams] != to {
		t.Errorf("tab in the drill-down, esc: screen %v, cursor on row %d; want the analysis on row %d, where %q is",
			m.screen, m.ana.cursor[anaNGrams], to, before[from])
	}

	// An n-gram the new table lacks: the nearest row around it that it has.
	m = open()
	from, _ = movedRow(before, after, true)
	if from < 0 {
		t.Fatalf("every n-gram of the demo's first system is in the second's table: pick another table")
	}
	want := -1
	for d := 0; want < 0 && d < len(before); d++ {
		for _, i := range []int{from - d, from + d} {
			if i >= 0 && i < len(before) && want < 0 {
				want = slices.Index(after, before[i])
			}
		}
	}
	m.ana.cursor[anaNGrams] = from
	m = press(t, m, "tab")
	if m.ana.cursor[anaNGrams] != want {
		t.Errorf("tab from %q, which the new table lacks: cursor on row %d; want %d", before[from], m.ana.cursor[anaNGrams], want)
	}
}
