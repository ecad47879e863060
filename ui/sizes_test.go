package ui

import (
	"slices"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/ui/render"
	"github.com/charmbracelet/x/ansi"
)

// TestTallWindowListsMore: at 200×50 the list shows more rows than the
// 17 it kept whatever the height, and the segment pane keeps room.
func TestTallWindowListsMore(t *testing.T) {
	ds := synthDataset(t, 200)
	m := ready(t, ds, 200, 50)
	if m.list.height <= 17 {
		t.Errorf("at 200×50 the list shows %d rows; want more than 17", m.list.height)
	}
	if m.pane.body.height < 15 {
		t.Errorf("at 200×50 the segment pane has %d lines; want 15 or more", m.pane.body.height)
	}
	rows := 0
	for _, l := range strings.Split(ansi.Strip(m.View()), "\n") {
		if strings.HasPrefix(l, "▸ ") || strings.HasPrefix(l, "  ") && len(strings.Fields(l)) > 3 && strings.Contains(l, "/") {
			rows++
		}
	}
	if rows < m.list.height {
		t.Errorf("at 200×50 the screen shows %d segment rows; the list has room for %d", rows, m.list.height)
	}
	checkFit(t, "tall", m.View(), 200, 50)
}

// TestNarrowListDropsBar: at 60×16 the list drops the bar column, so the
// hypothesis column gets more than the 17 cells it had; from 80 columns
// the bar is back.
func TestNarrowListDropsBar(t *testing.T) {
	ds := demoDataset(t)
	m := ready(t, ds, 60, 16)
	cols := m.list.columns(m.c)
	if cols.bar != 0 || cols.hyp <= 17 {
		t.Errorf("at 60 columns bar %d, hypothesis %d cells; want no bar and more than 17", cols.bar, cols.hyp)
	}
	v := ansi.Strip(m.View())
	if strings.Contains(v, "····") || strings.Contains(v, "█") {
		t.Errorf("at 60 columns the list still draws bars:\n%s", v)
	}
	checkFit(t, "narrow", m.View(), 60, 16)
	wide := ready(t, ds, 80, 24)
	if c := wide.list.columns(wide.c); c.bar == 0 {
		t.Error("at 80 columns the bar column is gone")
	}
	if v := ansi.Strip(wide.View()); !strings.Contains(v, "··") {
		t.Errorf("at 80 columns no bar is drawn:\n%s", v)
	}
}

// TestListKeepsChrF: the chrF column stays while the hypothesis column
// keeps metricHypMin cells beside it (a user test saw it gone at 100×30
// with 55 cells for the hypothesis), and goes when it would not.
func TestListKeepsChrF(t *testing.T) {
	ds := demoDataset(t)
	chrf := model.DefaultMetrics()
	chrf.Names = []string{model.MetricBLEU, model.MetricChrF}
	for _, w := range []int{80, 100, 120} {
		m := readyWith(t, ds, w, 30, WithMetrics(chrf))
		if !m.c.met.showChrF {
			t.Fatal("chrF is not shown")
		}
		cols := m.list.columns(m.c)
		if !slices.Equal(cols.metrics, []model.SortKey{model.SortChrF}) || cols.hyp < metricHypMin {
			t.Errorf("at %d columns: metric columns %v, hypothesis %d; want chrF beside %d or more", w, cols.metrics, cols.hyp, metricHypMin)
		}
		if head := strings.Split(ansi.Strip(m.View()), "\n")[3]; !strings.Contains(head, "chrF hyp") { // "hyp" beside the rows in view
			t.Errorf("at %d columns the list's head has no chrF: %q", w, head)
		}
	}
	m := readyWith(t, ds, 60, 16, WithMetrics(chrf))
	if cols := m.list.columns(m.c); len(cols.metrics) != 0 {
		t.Errorf("at 60 columns the chrF column leaves the hypothesis %d cells", cols.hyp)
	}
}

// TestListShowsTER: with chrF and TER shown (M's second state) the list
// has a TER column beside chrF's wherever the hypothesis keeps
// metricHypMin cells beside both (before, TER had a column only when the
// list was sorted by it, in chrF's place); TER gives way first, and the
// metric the list is sorted by always shows.
func TestListShowsTER(t *testing.T) {
	ds := demoDataset(t)
	both := model.DefaultMetrics()
	both.Names = []string{model.MetricBLEU, model.MetricChrF, model.MetricTER}
	for _, sortTER := range []bool{false, true} {
		for _, w := range []int{60, 80, 100, 120, 200} {
			m := readyWith(t, ds, w, 30, WithMetrics(both))
			if sortTER {
				m.list.view.Sort = model.SortTER
			}
			cols := m.list.columns(m.c)
			has := func(k model.SortKey) bool { return slices.Contains(cols.metrics, k) }
			spare := cols.hyp - metricWidth - 1 // the hypothesis beside one more column
			switch {
			case sortTER && !has(model.SortTER):
				t.Errorf("at %d columns sorted by TER: no TER column (%v)", w, cols.metrics)
			case !has(model.SortChrF) && spare >= metricHypMin:
				t.Errorf("at %d columns: no chrF column though the hypothesis would keep %d cells", w, spare)
			case !has(model.SortTER) && has(model.SortChrF) && spare >= metricHypMin:
				t.Errorf("at %d columns: no TER column though the hypothesis would keep %d cells", w, spare)
			case len(cols.metrics) > 1 && cols.hyp < metricHypMin:
				t.Errorf("at %d columns: %v leave the hypothesis %d cells", w, cols.metrics, cols.hyp)
			case has(model.SortTER) && !has(model.SortChrF) && !sortTER:
				t.Errorf("at %d columns: TER without chrF, which gives way last", w)
			}
			if len(cols.metrics) == 2 && !slices.Equal(cols.metrics, []model.SortKey{model.SortChrF, model.SortTER}) {
				t.Errorf("at %d columns: metric columns %v; want chrF then TER, as the header names them", w, cols.metrics)
			}
		}
	}
	m := readyWith(t, ds, 120, 30, WithMetrics(both))
	lines := strings.Split(ansi.Strip(m.View()), "\n")
	if !strings.Contains(lines[3], "chrF    TER hyp") {
		t.Fatalf("at 120 columns the list's head has no TER beside chrF: %q", lines[3])
	}
	seg := m.list.rows[m.list.cursor]
	want := m.c.metricCell(model.SortChrF, 0, seg) + " " + render.PadLeft(m.c.metricCell(model.SortTER, 0, seg), metricWidth) + " "
	if !strings.Contains(lines[4], want) || strings.Contains(want, "…") {
		t.Errorf("at 120 columns the selected row %q has no chrF and TER cells %q", lines[4], want)
	}
}
