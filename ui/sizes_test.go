package ui

import (
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model"
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
		if cols.metric == 0 || cols.metricKey != model.SortChrF || cols.hyp < metricHypMin {
			t.Errorf("at %d columns: chrF column %d cells, hypothesis %d; want chrF beside %d or more", w, cols.metric, cols.hyp, metricHypMin)
		}
		if head := strings.Split(ansi.Strip(m.View()), "\n")[3]; !strings.Contains(head, "chrF hyp") { // "hyp" beside the rows in view
			t.Errorf("at %d columns the list's head has no chrF: %q", w, head)
		}
	}
	m := readyWith(t, ds, 60, 16, WithMetrics(chrf))
	if cols := m.list.columns(m.c); cols.metric != 0 {
		t.Errorf("at 60 columns the chrF column leaves the hypothesis %d cells", cols.hyp)
	}
}
