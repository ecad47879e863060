package ui

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/ui/render"
	"github.com/charmbracelet/x/ansi"
)

// chartsText is every line of the open charts screen, scrolled through
// from the top, so that a test sees what a scrolling user would.
func chartsText(t *testing.T, m Model) string {
	t.Helper()
	if m.screen != screenCharts {
		t.Fatalf("screen = %v; want the charts", m.screen)
	}
	return strings.Join(m.charts.body.lines, "\n")
}

// binCount is how many of scores fall in the same of 20 equal bins over
// 0–100 as x, the top score in the last bin (the histogram's binning).
func binCount(scores []float64, x float64) int {
	bin := func(s float64) int { return max(0, min(19, int(s/100*20))) }
	n := 0
	for _, s := range scores {
		if bin(s) == bin(x) {
			n++
		}
	}
	return n
}

func TestChartsMarkSelectedSegment(t *testing.T) {
	for _, size := range [][2]int{{120, 40}, {60, 16}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			m := press(t, ready(t, demoDataset(t), size[0], size[1]), ":", "1", "2", "enter", "h")
			if m.list.seg != 11 {
				t.Fatalf("selected segment %d; want line 12", m.list.seg+1)
			}
			ss := m.c.scored.Systems[m.list.view.System]
			x := ss.Sentence[11]
			seg, err := m.c.scored.SentenceResult(m.c.ds, m.list.view.System, 11)
			if err != nil {
				t.Fatal(err)
			}
			text := chartsText(t, m)
			wants := []string{
				"sentence scores of all 70 segments · ^ line 12",
				"^ " + model.FormatScore(x, false) + ": its bin", // as the list shows it
				fmt.Sprintf("holds %d of 70 segments", binCount(ss.Sentence, x)),
				fmt.Sprintf("n-gram precisions · corpus BLEU %.2f", ss.Corpus.Score),
				fmt.Sprintf("%d/%d", int(ss.Corpus.Counts[0]), int(ss.Corpus.Totals[0])),
				fmt.Sprintf("brevity penalty · corpus c = %d, r = %d", ss.Corpus.SysLen, ss.Corpus.RefLen),
				fmt.Sprintf("^ c/r = %.6g, BP = %.6g", ss.Corpus.Ratio, ss.Corpus.BP),
			}
			if size[0] >= chartsWide {
				wants = append(wants, fmt.Sprintf("brevity penalty · line 12 c = %d, r = %d", seg.SysLen, seg.RefLen),
					fmt.Sprintf("^ c/r = %.6g, BP = %.6g", seg.Ratio, seg.BP))
			} else {
				wants = append(wants, fmt.Sprintf("line 12: c/r = %.6g (c = %d, r = %d), BP = %.6g", seg.Ratio, seg.SysLen, seg.RefLen, seg.BP))
			}
			for _, want := range wants {
				if !strings.Contains(text, want) {
					t.Errorf("charts lack %q:\n%s", want, text)
				}
			}
			if v := m.View(); !strings.Contains(v, "charts · fluent · ^ line 12") {
				t.Errorf("the title does not name the system and the marked line:\n%s", v)
			}
			if m = press(t, m, "h"); m.screen != screenMain {
				t.Errorf("h on the charts leaves screen %v; want the main screen", m.screen)
			}
			if m = press(t, m, "h", "esc"); m.screen != screenMain {
				t.Errorf("esc on the charts leaves screen %v; want the main screen", m.screen)
			}
		})
	}
}

func TestChartsFilteredRows(t *testing.T) {
	m := ready(t, demoDataset(t), 120, 40)
	m = typeText(t, press(t, m, "/"), "the")
	m = press(t, m, "enter", "h")
	if len(m.list.rows) == 0 || len(m.list.rows) == m.c.ds.Len() {
		t.Fatalf("filter kept %d of %d rows; the test needs a proper subset", len(m.list.rows), m.c.ds.Len())
	}
	text := chartsText(t, m)
	wants := []string{
		fmt.Sprintf("sentence scores of the %d filtered rows · ^ line %d", len(m.list.rows), m.list.seg+1),
		fmt.Sprintf("of %d segments", len(m.list.rows)),
		fmt.Sprintf("n-gram precisions · filtered rows BLEU %.2f", m.list.subset.res.Score),
		fmt.Sprintf("brevity penalty · filtered rows c = %d, r = %d", m.list.subset.res.SysLen, m.list.subset.res.RefLen),
	}
	for _, want := range wants {
		if !strings.Contains(text, want) {
			t.Errorf("filtered charts lack %q:\n%s", want, text)
		}
	}
	if v := m.View(); !strings.Contains(v, fmt.Sprintf(`filtered rows only (%d match “the”)`, len(m.list.rows))) {
		t.Errorf("the title does not say only the filtered rows are charted:\n%s", v)
	}
}

func TestChartsSwitchSystem(t *testing.T) {
	m := press(t, ready(t, demoDataset(t), 120, 40), "h", "tab")
	if m.screen != screenCharts || m.list.view.System != 1 {
		t.Fatalf("after h tab: screen %v, system %d; want the charts of system 2", m.screen, m.list.view.System)
	}
	want := fmt.Sprintf("corpus BLEU %.2f", m.c.scored.Systems[1].Corpus.Score)
	if text := chartsText(t, m); !strings.Contains(text, want) {
		t.Errorf("after tab the charts lack %q:\n%s", want, text)
	}
}

func TestGoldenCharts(t *testing.T) {
	runGolden(t, 100, 30, step{keys(":", "1", "2", "enter"), "line 12 ·"}, step{keys("h"), "sentence scores of"})
}

// TestChartsOneRow: a filter that keeps one row is charted in the
// singular ("the 1 filtered row", "1 filtered row").
func TestChartsOneRow(t *testing.T) {
	ds := demoDataset(t)
	m := ready(t, ds, 80, 30)
	m = press(t, filterBy(t, m, `"`+ds.Segment(0, 0).Hyp+`"`), "h")
	if len(m.list.rows) != 1 {
		t.Fatalf("the filter kept %d rows; the test needs one", len(m.list.rows))
	}
	text := chartsText(t, m)
	if !strings.Contains(text, "sentence scores of the 1 filtered row ") || strings.Contains(text, "1 filtered rows") {
		t.Errorf("one filtered row is not charted in the singular:\n%s", text)
	}
}

// TestChartsNarrowColumnShortens: in the two-column layout the histogram's
// column is under 50 cells; a title or caption too long for it takes a
// shorter wording rather than being cut mid-word or mid-number ("^ line 1…").
func TestChartsNarrowColumnShortens(t *testing.T) {
	m := ready(t, demoDataset(t), chartsWide, 30)
	m = press(t, filterBy(t, m, "the"), "h")
	want := fmt.Sprintf("scores of the %d filtered rows · ^ line %d", len(m.list.rows), m.list.seg+1)
	if render.Fits("sentence "+want, (chartsWide-3)/2) {
		t.Fatalf("%q fits the histogram's column; the test needs one that does not", "sentence "+want)
	}
	text := chartsText(t, m)
	if !strings.Contains(text, want) {
		t.Errorf("the histogram's title is not the shorter %q:\n%s", want, text)
	}
	for _, line := range strings.Split(text, "\n") {
		if strings.Contains(line, "…") {
			t.Errorf("a line of the charts is cut: %q", line)
		}
	}
}

// TestChartsHistogramScale: the histogram's scale follows the compat
// setting, not the scores: sacrebleu scores that are all below 1 are
// drawn on 0–100 (in its first bin), NLTK's on 0–1.
func TestChartsHistogramScale(t *testing.T) {
	long := strings.Repeat("w ", 60) + "cat" // one word of the reference in 61
	ds := loadJSONL(t,
		`{"src": "a", "refs": ["the cat"], "hyps": {"sys": "`+long+`"}}`,
		`{"src": "b", "refs": ["a cat"], "hyps": {"sys": "`+long+` w"}}`,
	)
	m := press(t, ready(t, ds, 100, 40), "h")
	for _, s := range m.c.scored.Systems[0].Sentence {
		if s <= 0 || s >= 1 {
			t.Fatalf("sentence score %v; the test needs sacrebleu scores between 0 and 1", s)
		}
	}
	for _, c := range []struct {
		compat         string
		keys           []string
		ticks, caption string
	}{
		{"sacrebleu", nil, "0 50 100", "its bin 0–5 holds 2 of 2 segments"},
		{"nltk", []string{"esc", "c", "h"}, "0 0.5 1", "its bin 0–0.05 holds 2 of 2 segments"},
	} {
		m = press(t, m, c.keys...)
		if m.c.nltk() != (c.compat == "nltk") {
			t.Fatalf("%s: the scores shown are not %s's", c.compat, c.compat)
		}
		text := chartsText(t, m)
		ticks := false
		for _, line := range strings.Split(text, "\n") { // the histogram is the left column
			ticks = ticks || strings.HasPrefix(strings.Join(strings.Fields(line), " "), c.ticks+" │")
		}
		if !ticks || !strings.Contains(text, c.caption) {
			t.Errorf("%s: the histogram is not drawn on %s with %q:\n%s", c.compat, c.ticks, c.caption, text)
		}
	}
}

// TestChartsErrorGivesWayWhole: when the filter matches nothing, the
// charts say so in the width, the filter's label giving way to "the
// filter" rather than being cut (it was the fullest label, cut).
func TestChartsErrorGivesWayWhole(t *testing.T) {
	m := ready(t, demoDataset(t), 60, 24)
	m = typeText(t, press(t, m, "/"), strings.Repeat("zq", 25))
	m = press(t, m, "enter", "h")
	text := ansi.Strip(chartsText(t, m))
	if !strings.Contains(text, "no segment matches the filter") || strings.Contains(text, "…") {
		t.Errorf("the charts' error is cut or missing at 60 columns:\n%s", text)
	}
}

// TestChartsWaitForRowsOfAnotherSystem: tab on the charts of a filter
// whose rows are made in a job charts none of the rows made for the
// system before (its matches, with the new system's scores), saying it
// filters again, the title counting none of them; the new rows then
// land and are charted. Before, the histogram charted the new system's
// scores of the old system's matches, under a title counting them.
func TestChartsWaitForRowsOfAnotherSystem(t *testing.T) {
	budget := syncRowsBudget
	defer func() { syncRowsBudget = budget }()
	ds := demoDataset(t)
	for _, size := range [][2]int{{60, 16}, {120, 40}} {
		syncRowsBudget = budget
		chartsWaitAfterTab(t, ds, size[0], size[1])
	}
}

// chartsWaitAfterTab is [TestChartsWaitForRowsOfAnotherSystem] in a
// window of w×h cells.
func chartsWaitAfterTab(t *testing.T, ds *model.Dataset, w, h int) {
	m := press(t, filterBy(t, ready(t, ds, w, h), "/becaus/"), "h")
	old := len(m.list.rows)
	syncRowsBudget = 0 // every filter now takes longer than that
	next, cmd := m.Update(keyMsg("tab"))
	m = next.(Model)
	if m.screen != screenCharts || !m.jobs.running(jobRows) {
		t.Fatalf("at %dx%d after tab: screen %v, rows job running %v; want the charts, the rows made in a job", w, h, m.screen, m.jobs.running(jobRows))
	}
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "filtering again") || strings.Contains(v, "sentence scores of the") || strings.Contains(v, fmt.Sprintf("(%d match", old)) {
		t.Errorf("at %dx%d while the rows are made the charts show:\n%s", w, h, v)
	}
	checkFit(t, "the charts waiting", m.View(), w, h)
	m = drive(t, m, cmd)
	want, _, err := viewRows(context.Background(), ds, m.c.scored, m.list.view, nil, nil)
	if err != nil || !slices.Equal(m.list.rows, want) {
		t.Fatalf("at %dx%d %d rows landed; want %d (%v)", w, h, len(m.list.rows), len(want), err)
	}
	if v := ansi.Strip(m.View()); strings.Contains(v, "filtering again") || !strings.Contains(v, fmt.Sprintf("sentence scores of the %d filtered rows", len(want))) {
		t.Errorf("at %dx%d once the rows landed the charts show:\n%s", w, h, v)
	}
}
