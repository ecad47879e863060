package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model"
	"github.com/charmbracelet/x/ansi"
)

// TestCountsInGroupsOfThree: the header, the list and the charts write
// their counts as the analysis does, a comma between each group of three
// digits: the segments, the hypothesis's and the reference's tokens, the
// rows in view (they read "50500 of 50500 segments", "hyp 933799", "rows
// 1–13 of 50500" beside the analysis's "top 20 of 101,820").
func TestCountsInGroupsOfThree(t *testing.T) {
	ds := synthDataset(t, syncRows+500)
	if ds.Len() != 50_500 {
		t.Fatalf("the synthetic corpus has %d segments; the test wants 50,500", ds.Len())
	}
	m := ready(t, ds, 120, 40)
	grouped := `[1-9]\d{0,2}(,\d{3})+`
	for _, sc := range []struct {
		keys  []string
		wants []string
	}{
		{nil, []string{"50,500 of 50,500 segments", "hyp " + grouped + " · ref " + grouped, `rows 1–\d+ of 50,500`}},
		{[]string{"h"}, []string{"all 50,500 segments", "c = " + grouped + ", r = " + grouped}}, // the charts
	} {
		v := ansi.Strip(press(t, m, sc.keys...).View())
		for _, want := range sc.wants {
			if !regexp.MustCompile(want).MatchString(v) {
				t.Errorf("after %q the screen lacks %q:\n%s", sc.keys, want, v)
			}
		}
	}
}

// TestAnalysisCountsInGroupsOfThree: the analysis's tables write their
// counts as their titles do, in groups of three digits: an n-gram's count
// and segments, the wins (they read "1927  1104  the" under "top 200 of
// 39,285", and "wins 1251" where enter's header reads "1,251 of 1,984").
// Line numbers stay as they are.
func TestAnalysisCountsInGroupsOfThree(t *testing.T) {
	m := openAnalysisScreen(t, ready(t, synthDataset(t, 3000), 140, 40))
	m = press(t, m, "m", "m") // matched: the most frequent n-grams
	first := m.ana.ngramItems(m.anaCtx())[0].row
	if first.Count < 1000 {
		t.Fatalf("the most matched n-gram counts %d; the test wants 1,000 or more", first.Count)
	}
	row := strings.Fields(strings.Split(ansi.Strip(m.View()), "\n")[3])
	if want := model.Thousands(first.Count); len(row) < 4 || row[2] != want || row[3] != model.Thousands(first.Segments) {
		t.Errorf("the first matched row %q; want count %s and segments %s", row, want, model.Thousands(first.Segments))
	}
	m = press(t, m, "right", "right")
	v := ansi.Strip(m.View())
	checked := 0
	for _, outcome := range m.ana.der.outcomes[m.anaCtx().sys] {
		if n := len(outcome); n >= 1000 {
			checked++
			if !strings.Contains(v, " "+model.Thousands(n)+" ") {
				t.Errorf("the wins table lacks %s:\n%s", model.Thousands(n), v)
			}
		}
	}
	if checked == 0 {
		t.Fatalf("no outcome of 1,000 segments or more to check:\n%s", v)
	}
}

// TestComparisonWinsInGroupsOfThree: the comparison's win/tie/loss cell
// writes its counts as the analysis's wins table does ("1,270/148/566";
// it read "1270/148/566" beside the analysis's "1,270").
func TestComparisonWinsInGroupsOfThree(t *testing.T) {
	m := press(t, ready(t, synthDataset(t, 3000), 120, 40), "B")
	m = drive(t, m, nil)
	sc := m.sig.res.Systems[m.sig.cursor]
	if m.sig.cursor == m.sig.res.Baseline || sc.Wins < 1000 {
		t.Fatalf("the system under the cursor has %d wins (baseline %v); the test wants 1,000 or more", sc.Wins, m.sig.cursor == m.sig.res.Baseline)
	}
	want := model.Thousands(sc.Wins) + "/" + model.Thousands(sc.Ties) + "/" + model.Thousands(sc.Losses)
	if v := ansi.Strip(m.View()); !strings.Contains(v, want) {
		t.Errorf("the comparison lacks %q:\n%s", want, v)
	}
}

// TestChartsAndComparisonCountsInGroupsOfThree: the charts' precision bars
// write matched/total as the brevity penalty beside them writes c and r
// (they read "29065/36370" under "c = 36,370"), and the comparison writes
// its resamples as it writes the segments ("paired-bs n=1000" beside "all
// 1,984 segments", "0/1000 with Δ ≤ 0", "(k+1)/1001").
func TestChartsAndComparisonCountsInGroupsOfThree(t *testing.T) {
	m := ready(t, synthDataset(t, 3000), 120, 40)
	grouped := `[1-9]\d{0,2}(,\d{3})+`
	v := ansi.Strip(press(t, m, "h").View())
	if !regexp.MustCompile(`p1 \S+ ` + grouped + "/" + grouped + " ").MatchString(v) {
		t.Errorf("the charts' p1 bar does not write its counts in groups of three:\n%s", v)
	}
	m = drive(t, press(t, m, "B"), nil)
	if m.sig.res == nil || m.sig.res.N != 1000 {
		t.Fatalf("the comparison ran %v; the test wants its 1,000 resamples", m.sig.res)
	}
	v = ansi.Strip(m.View())
	for _, want := range []string{"paired-bs n=1,000 ", "/1,000 with ", "(k+1)/1,001"} {
		if !strings.Contains(v, want) {
			t.Errorf("the comparison lacks %q:\n%s", want, v)
		}
	}
}
