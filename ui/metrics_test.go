package ui

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"
)

// chrfTER asks for BLEU, chrF and TER with sacrebleu's defaults.
func chrfTER() model.Metrics {
	m := model.DefaultMetrics()
	m.Names = []string{model.MetricBLEU, model.MetricChrF, model.MetricTER}
	return m
}

// readyWith is ready with options.
func readyWith(t testing.TB, ds *model.Dataset, w, h int, opts ...Option) Model {
	t.Helper()
	m := New(ds, model.DefaultSettings(), opts...)
	next, _ := m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	m = next.(Model)
	return drive(t, m, m.Init())
}

// wantMetrics scores ds as the explorer should, through the model.
func wantMetrics(t testing.TB, ds *model.Dataset, m model.Metrics, lowercase bool) *model.MetricScores {
	t.Helper()
	m.ChrF.Lowercase = lowercase
	ms, err := model.ScoreMetrics(t.Context(), ds, m, true)
	if err != nil {
		t.Fatal(err)
	}
	return ms
}

// TestMetricsShown checks the corpus chrF and TER in the header, the
// sentence scores in the pane title, and the pane's chrF table against
// the model's and the scoring package's figures.
func TestMetricsShown(t *testing.T) {
	ds := demoDataset(t)
	m := readyWith(t, ds, 120, 40, WithMetrics(chrfTER()))
	want := wantMetrics(t, ds, chrfTER(), false)
	sel := m.list.selection(m.c)
	view := m.View()
	for _, s := range []string{
		fmt.Sprintf("chrF2 %.1f", want.Systems[0].ChrF),
		fmt.Sprintf("TER %.1f", want.Systems[0].TER),
		fmt.Sprintf("chrF2 %.1f · TER %.1f", want.Systems[0].ChrFSegments[sel.seg], want.Systems[0].TERSegments[sel.seg]),
		"character n-gram F-score, β = 2 weighs recall twice",
	} {
		if !strings.Contains(view, s) {
			t.Errorf("the view lacks %q:\n%s", s, view)
		}
	}
	zoomed := press(t, m, "z") // the whole pane, chrF's table included
	seg := ds.Segment(0, sel.seg)
	_, stats, _ := scoring.SentenceChrF(seg.Hyp, seg.Refs, scoring.DefaultChrFOptions())
	orders := model.ChrFOrders(stats, scoring.DefaultChrFOptions())
	prec, rec := "P  ", "R  "
	for _, o := range orders {
		prec += fmt.Sprintf("%6s", percentCell(o.Precision()))
		rec += fmt.Sprintf("%6s", percentCell(o.Recall()))
	}
	content := strings.Join(zoomed.pane.body.lines, "\n")
	for _, s := range []string{prec, rec, "c1    c2    c3    c4    c5    c6"} {
		if !strings.Contains(content, s) {
			t.Errorf("the pane lacks %q:\n%s", s, content)
		}
	}
	if _, ts, _ := scoring.SentenceTER(seg.Hyp, seg.Refs, scoring.TEROptions{}); !strings.Contains(content, fmt.Sprintf("%d edits", ts.Edits)) {
		t.Errorf("the pane lacks TER's %d edits:\n%s", ts.Edits, content)
	}
}

// TestMetricsCycle checks that M shows chrF, then chrF and TER, then BLEU
// alone, computing TER only once it is asked for.
func TestMetricsCycle(t *testing.T) {
	ds := demoDataset(t)
	m := ready(t, ds, 120, 40)
	if strings.Contains(m.View(), "chrF") || m.c.shownMetrics().chrf != nil || m.jobs.running(jobChrF) {
		t.Fatal("chrF shown or computed without being asked for")
	}
	m = press(t, m, "M")
	if v := m.View(); !strings.Contains(v, "chrF2 ") || strings.Contains(v, "TER ") || m.c.shownMetrics().ter != nil {
		t.Errorf("after M: want chrF alone:\n%s", v)
	}
	m = press(t, m, "M")
	if v := m.View(); !strings.Contains(v, "chrF2 ") || !strings.Contains(v, "TER ") || m.c.shownMetrics().ter == nil {
		t.Errorf("after M M: want chrF and TER:\n%s", v)
	}
	m = press(t, m, "M")
	if v := m.View(); strings.Contains(v, "chrF2 ") || strings.Contains(v, "TER ") {
		t.Errorf("after M M M: want BLEU alone:\n%s", v)
	}
}

// TestMetricsStaleDropped runs the chrF job by hand: a result made before
// lowercase changed is dropped; the new one, lowercased, lands; TER is not
// run again for a case change.
func TestMetricsStaleDropped(t *testing.T) {
	ds := demoDataset(t)
	m := ready(t, ds, 120, 40)
	next, cmd := m.Update(keyMsg("M"))
	m = next.(Model)
	old := msgsOf[statsMsg](cmd)
	if len(old) != 1 || old[0].kind != jobChrF || !m.jobs.running(jobChrF) {
		t.Fatalf("M started %v; want one chrF job", old)
	}
	next, cmd = m.Update(keyMsg("l"))
	m = next.(Model)
	fresh := msgsOf[statsMsg](cmd)
	if len(fresh) != 1 || fresh[0].kind != jobChrF {
		t.Fatalf("l started %v; want the chrF job again", fresh)
	}
	next, _ = m.Update(old[0])
	m = next.(Model)
	if m.c.shownMetrics().chrf != nil || !m.jobs.running(jobChrF) {
		t.Fatal("the result computed before lowercase changed was taken")
	}
	next, _ = m.Update(fresh[0])
	m = next.(Model)
	chrf := model.DefaultMetrics()
	chrf.Names = []string{model.MetricBLEU, model.MetricChrF}
	want := wantMetrics(t, ds, chrf, true)
	if m.c.shownMetrics().chrf == nil || !m.c.shownMetrics().chrf.Metrics.ChrF.Lowercase || m.c.shownMetrics().chrf.Systems[0].ChrF != want.Systems[0].ChrF {
		t.Fatalf("chrF after l = %+v; want the lowercased corpus chrF %v", m.c.shownMetrics().chrf, want.Systems[0].ChrF)
	}
	if m.jobs.running(jobChrF) {
		t.Error("the chrF job still runs after its result landed")
	}
	m = press(t, m, "M") // chrF and TER
	ter := m.c.shownMetrics().ter
	next, cmd = m.Update(keyMsg("l"))
	if got := msgsOf[statsMsg](cmd); len(got) != 1 || got[0].kind != jobChrF {
		t.Errorf("l with TER shown started %v; want chrF alone (TER has its own case option)", got)
	}
	if next.(Model).c.shownMetrics().ter != ter {
		t.Error("TER scores changed on a lowercase change")
	}
}

// TestMetricsShownForOptionsInEffect checks that chrF's figures on
// screen are those of the options in effect alone: after l, while the
// lowercased run is in flight, the header, the pane's title, the list's
// column and the filter show none of the mixed-case scores landed before
// it, nor those of a mixed-case run landing late; the lowercased ones
// show when they land. (Before, the list kept the scores of the last run
// landed beside the statistics, and showed the mixed-case ones as the
// current chrF until the new run landed.)
func TestMetricsShownForOptionsInEffect(t *testing.T) {
	ds := demoDataset(t)
	chrf := model.DefaultMetrics()
	chrf.Names = []string{model.MetricBLEU, model.MetricChrF}
	mixed, lower := wantMetrics(t, ds, chrf, false), wantMetrics(t, ds, chrf, true)
	figure := func(ms *model.MetricScores) string { return fmt.Sprintf("chrF2 %.1f", ms.Systems[0].ChrF) }
	if figure(mixed) == figure(lower) {
		t.Fatalf("the demo's chrF is %s with and without lowercase: the test cannot tell them apart", figure(mixed))
	}
	m := ready(t, ds, 120, 40)
	next, cmd := m.Update(keyMsg("M"))
	m = next.(Model)
	old := msgsOf[statsMsg](cmd)
	if len(old) != 1 {
		t.Fatalf("M started %d runs; want chrF's", len(old))
	}
	next, _ = m.Update(old[0])
	m = next.(Model)
	if v := m.View(); !strings.Contains(v, figure(mixed)) {
		t.Fatalf("the mixed-case chrF landed, and the header lacks %q:\n%s", figure(mixed), v)
	}
	sel := m.list.selection(m.c)
	if pane, sentence := strings.Join(m.pane.body.lines, "\n"), fmt.Sprintf("chrF2 %.1f", mixed.Systems[sel.sys].ChrFSegments[sel.seg]); !strings.Contains(pane, sentence) {
		t.Fatalf("the mixed-case chrF landed, and the pane lacks %q:\n%s", sentence, pane)
	}
	next, cmd = m.Update(keyMsg("l"))
	m = next.(Model)
	fresh := msgsOf[statsMsg](cmd)
	if len(fresh) != 1 {
		t.Fatalf("l started %d runs; want chrF's", len(fresh))
	}
	for _, late := range []bool{false, true} {
		if late { // the mixed-case run lands again, after l
			next, _ = m.Update(old[0])
			m = next.(Model)
		}
		sel = m.list.selection(m.c)
		if v := m.View(); strings.Contains(v, figure(mixed)) || !strings.Contains(v, "chrF2 …") {
			t.Errorf("late %v: the lowercased chrF is in flight, and the header shows %q (want chrF2 …):\n%s", late, figure(mixed), v)
		}
		if got := m.c.titleScores(sel); got != " · chrF2 …" {
			t.Errorf("late %v: the pane's title adds %q; want \" · chrF2 …\"", late, got)
		}
		pane := strings.Join(m.pane.body.lines, "\n")
		if sentence := fmt.Sprintf("chrF2 %.1f", mixed.Systems[sel.sys].ChrFSegments[sel.seg]); strings.Contains(pane, sentence) || !strings.Contains(pane, "chrF2 …") {
			t.Errorf("late %v: the lowercased chrF is in flight, and the pane shows %q (want chrF2 …):\n%s", late, sentence, pane)
		}
		if got := m.c.metricCell(model.SortChrF, sel.sys, sel.seg); got != "…" {
			t.Errorf("late %v: the list's chrF cell is %q; want …", late, got)
		}
		if got := m.queryMetrics()[0]; got != nil {
			t.Errorf("late %v: the filter reads chrF scores of %+v; want none", late, got.Metrics.ChrF)
		}
	}
	next, _ = m.Update(fresh[0])
	m = next.(Model)
	if v := m.View(); !strings.Contains(v, figure(lower)) {
		t.Errorf("the lowercased chrF landed, and the header lacks %q:\n%s", figure(lower), v)
	}
}

// TestMetricsSort checks the chrF and TER sort keys against the model's
// rows, the column and its arrow, and that hiding the metric sorted by
// falls back to the score.
func TestMetricsSort(t *testing.T) {
	ds := demoDataset(t)
	m := readyWith(t, ds, 120, 40, WithMetrics(chrfTER()))
	want := wantMetrics(t, ds, chrfTER(), false)
	s := m.c.scored
	for _, c := range []struct {
		key   model.SortKey
		title string
	}{{model.SortChrF, "↑chrF"}, {model.SortTER, "↓TER"}} {
		for range 10 {
			if m.list.view.Sort == c.key {
				break
			}
			m = press(t, m, "o")
		}
		if m.list.view.Sort != c.key {
			t.Fatalf("o never reaches %v", c.key)
		}
		rows := s.Rows(ds, model.View{System: 0, Other: 1, Sort: c.key, Metrics: want})
		if !slices.Equal(m.list.rows, rows) {
			t.Errorf("rows by %v = %v…; want %v…", c.key, m.list.rows[:5], rows[:5])
		}
		if v := m.View(); !strings.Contains(v, c.title) {
			t.Errorf("sorted by %v: no %q column:\n%s", c.key, c.title, v)
		}
	}
	m = press(t, m, "M") // BLEU alone: TER is hidden
	if m.list.view.Sort != model.SortScore || m.list.view.Metrics != nil {
		t.Errorf("TER hidden while sorted by it: sort %v; want score", m.list.view.Sort)
	}
}

// TestMetricsFit checks the screens with chrF and TER at the smallest and
// a large size.
func TestMetricsFit(t *testing.T) {
	ds := demoDataset(t)
	for _, size := range [][2]int{{60, 16}, {100, 30}, {200, 50}} {
		w, h := size[0], size[1]
		for _, sc := range []struct {
			name string
			keys []string
		}{
			{"main", nil}, {"zoom", []string{"z"}}, {"zoom bottom", []string{"z", "G"}},
			{"sorted by TER", []string{"o", "o", "o", "o", "o", "o"}}, {"compare", []string{"v"}},
			{"help", []string{"?"}},
		} {
			m := press(t, readyWith(t, ds, w, h, WithMetrics(chrfTER())), sc.keys...)
			checkFit(t, "metrics "+sc.name, m.View(), w, h)
		}
	}
}

// TestGoldenMetrics is the main screen with chrF and TER on the demo
// corpus, zoomed on the pane so chrF's table shows.
func TestGoldenMetrics(t *testing.T) {
	ds := demoDataset(t)
	want := wantMetrics(t, ds, chrfTER(), false)
	tm := teatest.NewTestModel(t, New(ds, model.DefaultSettings(), WithMetrics(chrfTER())), teatest.WithInitialTermSize(100, 40))
	wait := func(texts ...string) {
		teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
			for _, s := range texts {
				if !bytes.Contains(b, []byte(s)) {
					return false
				}
			}
			return true
		}, teatest.WithDuration(teatestPatience), teatest.WithCheckInterval(10*time.Millisecond))
	}
	// Both runs have landed once the header shows both corpus scores.
	wait(fmt.Sprintf("chrF2 %.1f · TER %.1f", want.Systems[0].ChrF, want.Systems[0].TER))
	tm.Send(keyMsg("z"))
	wait("R = matched/ref")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	fm := tm.FinalModel(t, teatest.WithFinalTimeout(teatestPatience))
	teatest.RequireEqualOutput(t, []byte(fm.View()))
}

// TestMetricsErrorSaid checks that a segment without any reference, which
// chrF cannot score, is said in the status line and marks the scores as
// errors instead of leaving them waiting.
func TestMetricsErrorSaid(t *testing.T) {
	// The loaders refuse such a segment; a dataset built in memory (an
	// API user's) can still hold one.
	ds := &model.Dataset{
		Refs:      [][]string{{"the cat sat", "unused"}},
		RefAbsent: [][]bool{{false, true}},
		Systems:   []model.System{{Name: "a", Hyps: []string{"the cat sat", "a dog"}}},
	}
	m := readyWith(t, ds, 100, 30, WithMetrics(chrfTER()))
	if m.c.shownMetrics().chrfErr == nil || !strings.Contains(m.statusText(), "segment 2 has no reference") {
		t.Fatalf("chrF error %v, status %q; want the no-reference error said", m.c.shownMetrics().chrfErr, m.statusText())
	}
	if v := m.View(); !strings.Contains(v, "chrF2 error") {
		t.Errorf("the header does not mark chrF as an error:\n%s", v)
	}
}

// TestErrGist checks the gist the status line's shorter wordings give of
// an error: an input error's is the model's, which keeps a file name
// holding "; " whole and stops before the fix (before, the gist was the
// line cut at its first "; ", in the file's name); another error, which
// does not say where a fix begins, is given whole.
func TestErrGist(t *testing.T) {
	for _, tt := range []struct {
		err  error
		want string
	}{
		{&model.InputError{File: "runs; old/hyp.txt", Msg: "is empty; give one segment per line"}, "runs; old/hyp.txt is empty"},
		{&model.InputError{Line: 2, Msg: "segment 2 has no reference; chrF and TER need at least one per segment"}, "segment 2 has no reference"},
		{fmt.Errorf("scoring chrF: %w", &model.InputError{File: "a.txt", Msg: "is odd; fix it"}), "a.txt is odd"},
		{scoring.ErrChrFCountTooLarge, scoring.ErrChrFCountTooLarge.Error()},
	} {
		if got := errGist(tt.err); got != tt.want {
			t.Errorf("errGist(%v) = %q; want %q", tt.err, got, tt.want)
		}
	}
}

// TestMetricsWaitForFirstScores checks that on a big corpus chrF starts
// once the first scores are in (not beside them, which would slow the
// first screen), and lands.
func TestMetricsWaitForFirstScores(t *testing.T) {
	ds := synthDataset(t, syncRows+500)
	chrf := model.DefaultMetrics()
	chrf.Names = []string{model.MetricBLEU, model.MetricChrF}
	m := New(ds, model.DefaultSettings(), WithMetrics(chrf))
	if m.jobs.running(jobChrF) {
		t.Fatal("chrF started before the first scores on a big corpus")
	}
	next, _ := m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	m = drive(t, next.(Model), m.Init())
	if m.c.scored == nil || m.c.shownMetrics().chrf == nil || m.jobs.running(jobChrF) {
		t.Fatalf("scores %v, chrF %v: want both landed", m.c.scored != nil, m.c.shownMetrics().chrf != nil)
	}
	if got := len(m.c.shownMetrics().chrf.Systems[0].ChrFSegments); got != ds.Len() {
		t.Errorf("%d sentence chrF scores; want %d", got, ds.Len())
	}
}

// TestChrFSortSaysLineOrderMeanwhile: a list sorted by chrF whose scores
// under new options are still being computed (after l) is in line order,
// the order of rows without their scores; the status says so once BLEU's
// rescore lands (nothing else on screen did: the column head still read
// chrF), and says the sort by chrF when its scores land.
func TestChrFSortSaysLineOrderMeanwhile(t *testing.T) {
	ds := demoDataset(t)
	m := ready(t, ds, 120, 40)
	next, cmd := m.Update(keyMsg("M"))
	m = drive(t, next.(Model), cmd)
	for range 12 {
		if m.list.view.Sort == model.SortChrF {
			break
		}
		next, cmd = m.Update(keyMsg("o"))
		m = drive(t, next.(Model), cmd)
	}
	if m.list.view.Sort != model.SortChrF {
		t.Fatal("o never sorted the list by chrF")
	}
	next, cmd = m.Update(keyMsg("l"))
	m = next.(Model)
	var scored []scoredMsg
	var stats []statsMsg
	for _, msg := range msgsOf[tea.Msg](cmd) {
		switch msg := msg.(type) {
		case scoredMsg:
			scored = append(scored, msg)
		case statsMsg:
			stats = append(stats, msg)
		}
	}
	if len(scored) != 1 || len(stats) != 1 {
		t.Fatalf("l gave %d rescores and %d chrF runs; want one each", len(scored), len(stats))
	}
	next, cmd = m.Update(scored[0])
	m = drive(t, next.(Model), cmd)
	if !strings.Contains(m.statusText(), "line order until the chrF2 scores are in") {
		t.Errorf("BLEU rescored, chrF still computed: status %q; want it to say the list is in line order until chrF2 is in", m.statusText())
	}
	next, cmd = m.Update(stats[0])
	m = drive(t, next.(Model), cmd)
	if !strings.HasPrefix(m.statusText(), "sorted by chrF") {
		t.Errorf("chrF landed: status %q; want the sort by chrF", m.statusText())
	}
}
