package ui

import (
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/model/annotations"
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/bleuscope/bleuscope/ui/render"
	"github.com/charmbracelet/x/ansi"
)

// TestImpactStatusWaitsForRows: i from chrF's comparison, while chrF's
// statistics are being computed, says so and keeps the selection, and
// says the list is sorted by chrF's impact only when its rows are, even
// after a key pressed meanwhile; before, the status claimed that sort over
// the rows in the old order (and the pane said "no segment selected").
func TestImpactStatusWaitsForRows(t *testing.T) {
	for _, meanwhile := range [][]string{nil, {"j"}} {
		d := &statsDriver{t: t, hold: true}
		m := d.press(readyWith(t, demoDataset(t), 100, 30, WithResampling(scoring.SeedOf(7), 100, 100)), "B", "M")
		m = d.press(m, "i")
		if len(d.held) != 1 || m.list.impact != nil {
			t.Fatalf("B M i: %d statistics runs held, impact column %v; want the list waiting for chrF's statistics", len(d.held), m.list.impact != nil)
		}
		if strings.Contains(m.statusText(), "sorted") || !strings.Contains(m.statusText(), "computing the chrF2 statistics") {
			t.Errorf("i while chrF's statistics are computed: status %q; want it to say they are being computed, not that the list is sorted", m.statusText())
		}
		if v := ansi.Strip(m.View()); strings.Contains(v, "no segment selected") || !m.list.selection(m.c).ok {
			t.Errorf("i while chrF's statistics are computed: the selection is lost:\n%s", v)
		}
		m = d.press(m, meanwhile...)
		m = d.deliver(m)
		if m.list.impactOf != model.MetricChrF || !strings.HasPrefix(m.statusText(), "sorted by impact on chrF2: ") {
			t.Errorf("after %v and the statistics: impact of %q, status %q; want the rows by chrF's impact and the status saying so", meanwhile, m.list.impactOf, m.statusText())
		}
		if m.list.seg != m.list.rows[0] {
			t.Errorf("after %v and the statistics: line %d selected; want the first row, line %d", meanwhile, m.list.seg+1, m.list.rows[0]+1)
		}
	}
}

// TestImpactStatusKeepsLaterWord: a status said while the rows wait (here
// M's) is not replaced by the sort's when they land, nor is the status of
// a sort changed meanwhile (o) claimed for rows of another order.
func TestImpactStatusKeepsLaterWord(t *testing.T) {
	d := &statsDriver{t: t, hold: true}
	m := d.press(readyWith(t, demoDataset(t), 100, 30, WithResampling(scoring.SeedOf(7), 100, 100)), "B", "M", "i", "M")
	said := m.statusText()
	if m = d.deliver(m); m.statusText() != said {
		t.Errorf("M while the rows waited: status %q when they landed; want %q kept", m.statusText(), said)
	}
	d = &statsDriver{t: t, hold: true}
	m = d.press(readyWith(t, demoDataset(t), 100, 30, WithResampling(scoring.SeedOf(7), 100, 100)), "B", "M", "i", "o")
	if m = d.deliver(m); strings.Contains(m.statusText(), "impact") {
		t.Errorf("o while the rows waited: status %q when the statistics landed; want o's", m.statusText())
	}
}

// TestSortStatusWaitsForRowsJob: on a corpus whose rows are sorted by a
// job, o says it is sorting until the rows land, then what they are
// sorted by, instead of claiming the new order over the old rows.
func TestSortStatusWaitsForRowsJob(t *testing.T) {
	m := ready(t, synthDataset(t, syncRows+500), 100, 30)
	m, cmd := step1(t, m, keyMsg("o"))
	if m.list.view.Sort != model.SortLine || !m.jobs.running(jobRows) {
		t.Fatalf("o: sort %v, rows job running %v; want line order being sorted by the job", m.list.view.Sort, m.jobs.running(jobRows))
	}
	if strings.Contains(m.statusText(), "sorted") {
		t.Errorf("o while the rows are sorted: status %q; want it to say it is sorting", m.statusText())
	}
	if m = drive(t, m, cmd); m.statusText() != "sorted by line, first line first" {
		t.Errorf("o after the rows landed: status %q; want the order they are in", m.statusText())
	}
}

// TestSortStatusWaitsForFilter: o while a filter waits for the chrF scores
// it reads keeps the status saying so, and says the new order when the
// rows come, instead of claiming it over an empty list.
func TestSortStatusWaitsForFilter(t *testing.T) {
	m := typeText(t, press(t, ready(t, demoDataset(t), 100, 30), "/"), "chrf<80")
	m, run := step1(t, m, keyMsg("enter"))
	if m.list.waiting != "chrF" {
		t.Fatalf("chrf<80 entered: waiting %q; want the chrF scores", m.list.waiting)
	}
	m, _ = step1(t, m, keyMsg("o"))
	if len(m.list.rows) != 0 || strings.Contains(m.statusText(), "sorted") || !strings.Contains(m.statusText(), "the filter applies when the chrF scores are in") {
		t.Errorf("o while the filter waits: %d rows, status %q; want the wait said, not the order", len(m.list.rows), m.statusText())
	}
	if m = drive(t, m, run); len(m.list.rows) == 0 || m.statusText() != "sorted by line, first line first" {
		t.Errorf("after the chrF scores: %d rows, status %q; want them by line, said so", len(m.list.rows), m.statusText())
	}
}

// TestSortStatusOneLine: at 80 and at 60 columns the statuses of the
// sorts (o, r, i on the list and from the comparison under each metric)
// and of the comparison's keys (M, p) take the footer's one line, in
// fewer words, and still say what they are of; before, the longest wrapped
// onto a second line over the annotation strip or the histogram's axis,
// "sorted by impact on the corpus Δ to the baseline, the segments that
// cost the most first" at 80 among them.
func TestSortStatusOneLine(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {60, 16}} {
		w, h := size[0], size[1]
		for _, tc := range []struct {
			keys []string
			want string
		}{
			{[]string{"o", "o", "o", "o", "o"}, "sorted by impact"},
			{[]string{"o", "o", "o", "o", "o", "r"}, "sorted by impact"},
			{[]string{"o", "o", "o", "o"}, "sorted by Δ"},
			{[]string{"i"}, "sorted by impact"},
			{[]string{"B", "i"}, "sorted by impact"},
			{[]string{"B", "M"}, "testing chrF2"},
			{[]string{"B", "M", "M"}, "testing TER"},
			{[]string{"B", "M", "i"}, "chrF2"},
			{[]string{"B", "M", "i", "o", "o", "o", "o", "o", "o"}, "chrF2"},
			{[]string{"B", "M", "M", "i"}, "TER"},
			{[]string{"B", "p", "p"}, "baseline: auto again"},
			{[]string{"B", "down", "i"}, "baseline"},
			{[]string{"p", "v"}, "this is the baseline: tab"},
		} {
			m := press(t, readyWith(t, longNames(t), w, h, WithResampling(scoring.SeedOf(7), 100, 100)), tc.keys...)
			if !strings.Contains(m.statusText(), tc.want) {
				t.Errorf("%d columns, %v: status %q; want it to say %q", w, tc.keys, m.statusText(), tc.want)
			}
			if more := m.footerOverflow(); more != nil || render.Cells(m.statusText()) > w || strings.HasSuffix(m.statusText(), "…") {
				t.Errorf("%d columns, %v: status %q takes %d lines (cut: %v); want one, whole", w, tc.keys, m.statusText(), len(more), strings.HasSuffix(m.statusText(), "…"))
			}
		}
	}
}

// TestStatusOneLine: at 80 and at 60 columns the statuses that have a
// shorter wording take the footer's one line and still say what they are
// of: a filter reading TER (or chrF and TER) that shows them while it
// waits for their scores, chrF's impact, scores or filter that could not
// be computed (a segment without a reference), and the refusals of keys
// that need what is not loaded (a second system or reference, an
// annotation file, a file to write them to) or another screen, and X
// while the filter waits. Before, each took a second line over the
// line above the footer (the first at 80 columns: "chrF and TER beside
// BLEU (M cycles): the filter applies when the TER scores are in").
func TestStatusOneLine(t *testing.T) {
	lone := func(testing.TB) *model.Dataset {
		return &model.Dataset{
			Refs:     [][]string{{"the cat sat on the mat"}},
			RefNames: []string{"ref"},
			Systems:  []model.System{{Name: "a", Hyps: []string{"the cat sat on a mat"}}},
		}
	}
	// waits enters a filter and keeps it waiting for the scores it reads.
	waits := func(q string) func(*testing.T, Model) Model {
		return func(t *testing.T, m Model) Model {
			m, _ = step1(t, typeText(t, press(t, m, "/"), q), keyMsg("enter"))
			return m
		}
	}
	for _, size := range [][2]int{{80, 24}, {60, 16}} {
		w, h := size[0], size[1]
		for _, tc := range []struct {
			name string
			ds   func(testing.TB) *model.Dataset
			do   func(*testing.T, Model) Model
			want string
		}{
			{"ter filter waiting", demoDataset, waits("ter>50"), "the TER scores are in"},
			{"chrf and ter filter waiting", demoDataset, waits("chrf<50 ter>50"), "the chrF and TER scores are in"},
			{"chrF's impact failed", demoFirstRefless, func(t *testing.T, m Model) Model {
				m = press(t, m, "B", "M")
				m.c.met.stats = statsCache{}
				return press(t, m, "i")
			}, "chrF2's could not be computed"},
			{"chrF's scores failed", demoFirstRefless, func(t *testing.T, m Model) Model { return press(t, m, "M") }, "chrF could not be computed"},
			{"waiting filter failed", demoDataset, func(t *testing.T, m Model) Model {
				m, _ = step1(t, filterBy(t, press(t, m, "M"), "chrf<80"), keyMsg("l")) // l: the filter waits for chrF under the new case
				_, tag, _ := m.jobs.current(jobChrF)
				m, cmd := step1(t, m, statsMsg{jobTag: tag, key: m.c.metricStatsKey(model.MetricChrF), err: &model.InputError{Line: 1, Msg: "segment 1 has no reference; chrF and TER need at least one per segment (use --metrics bleu for this input)"}})
				return drive(t, m, cmd)
			}, "filter cleared: no chrF scores"},
			{"M on the analysis", demoDataset, func(t *testing.T, m Model) Model { return press(t, m, "n", "M") }, "M shows chrF and TER on the list"},
			{"R with one reference", lone, func(t *testing.T, m Model) Model { return press(t, m, "R") }, "R needs two"},
			{"v with one system", lone, func(t *testing.T, m Model) Model { return press(t, m, "v") }, "v compares systems: load a second one"},
			{"A on read-only annotations", demoDataset, func(t *testing.T, m Model) Model {
				shown := readyWith(t, m.c.ds, m.c.width, m.c.height, WithAnnotations(Annotating{Preset: annotations.MQM()})) // annotations shown, no file
				return press(t, shown, "A")
			}, "read-only"},
			{"X while the filter waits", demoDataset, func(t *testing.T, m Model) Model {
				m = waits("chrf<80")(t, m)
				for _, k := range append(append([]string{"X"}, strings.Split("out.csv", "")...), "enter") {
					m, _ = step1(t, m, keyMsg(k))
				}
				return m
			}, "the filter waits for the chrF scores"},
			{"A without an annotation file", lone, func(t *testing.T, m Model) Model { return press(t, m, "A") }, "--annotations FILE"},
			{"! without warnings", lone, func(t *testing.T, m Model) Model { return press(t, m, "!") }, "no input warnings"},
			{"m under sacrebleu", demoDataset, func(t *testing.T, m Model) Model { return press(t, m, "m") }, "press c for nltk compat first"},
		} {
			m := tc.do(t, readyWith(t, tc.ds(t), w, h, WithResampling(scoring.SeedOf(7), 100, 100)))
			if !strings.Contains(m.statusText(), tc.want) {
				t.Errorf("%d columns, %s: status %q; want it to say %q", w, tc.name, m.statusText(), tc.want)
			}
			if more := m.footerOverflow(); more != nil || !render.Fits(m.statusText(), w) || strings.HasSuffix(m.statusText(), "…") {
				t.Errorf("%d columns, %s: status %q takes %d lines (cut: %v); want one, whole", w, tc.name, m.statusText(), len(more), strings.HasSuffix(m.statusText(), "…"))
			}
		}
	}
	// A filter entered whose chrF scores could not be computed is refused
	// in one line at 80 columns, saying why; at 60 the reason takes the
	// footer's two lines, as a refused filter's may (whyInTwoLines).
	m := filterBy(t, readyWith(t, demoFirstRefless(t), 80, 24), "chrf<50")
	if !strings.Contains(m.statusText(), "segment 1 has no reference") || m.footerOverflow() != nil || !render.Fits(m.statusText(), 80) {
		t.Errorf("80 columns, a chrf filter entered without chrF scores: status %q; want one line saying why", m.statusText())
	}
}
