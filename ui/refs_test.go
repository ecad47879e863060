package ui

import (
	"context"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/bleuscope/bleuscope/ui/render"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// twoRefs loads a corpus with references A and B that score differently.
func twoRefs(t *testing.T) *model.Dataset {
	t.Helper()
	fsys := fstest.MapFS{
		"hyp.txt":       {Data: []byte("the dog barked at the cat\nit is raining again today\n")},
		"newstest.A.en": {Data: []byte("the dog barked at a cat\nit rains again today\n")},
		"newstest.B.en": {Data: []byte("a dog was barking at the cat\nit is raining again\n")},
	}
	ds, err := model.Load(model.Input{Systems: []string{"hyp.txt"}, Refs: []string{"newstest.A.en", "newstest.B.en"}, FS: fsys})
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

// want returns BLEU and chrF of ds kept to the references keep (all when
// nil), computed by model directly.
func wantScores(t *testing.T, ds *model.Dataset, keep []int) (bleu, chrf float64) {
	t.Helper()
	if keep != nil {
		var err error
		if ds, err = ds.WithRefs(keep); err != nil {
			t.Fatal(err)
		}
	}
	s, err := model.Score(context.Background(), ds, model.DefaultSettings(), nil)
	if err != nil {
		t.Fatal(err)
	}
	ms, err := model.ScoreMetrics(context.Background(), ds, model.Metrics{Names: []string{model.MetricChrF}, ChrF: scoring.DefaultChrFOptions()}, false)
	if err != nil {
		t.Fatal(err)
	}
	return s.Systems[0].Corpus.Score, ms.Systems[0].ChrF
}

// TestRefsKeyCycles: R scores against A alone, then B alone, then both;
// BLEU, chrF and the signature's nrefs follow, and the header says which
// reference is scored.
func TestRefsKeyCycles(t *testing.T) {
	ds := twoRefs(t)
	m := New(ds, model.DefaultSettings(), WithMetrics(model.Metrics{Names: []string{model.MetricBLEU, model.MetricChrF}}))
	next, _ := m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	m = drive(t, next.(Model), next.(Model).Init())
	for i, c := range []struct {
		keep   []int
		header string
		nrefs  string
	}{
		{[]int{0}, "ref A only", "nrefs:1"},
		{[]int{1}, "ref B only", "nrefs:1"},
		{nil, "", "nrefs:2"},
	} {
		m = press(t, m, "R")
		bleu, chrf := wantScores(t, ds, c.keep)
		if got := m.c.scored.Systems[0].Corpus.Score; got != bleu {
			t.Errorf("press %d: BLEU %v; scored against %v alone it is %v", i+1, got, c.keep, bleu)
		}
		if m.c.shownMetrics().chrf == nil || m.c.shownMetrics().chrf.Systems[0].ChrF != chrf {
			t.Errorf("press %d: chrF %v; want %v", i+1, m.c.shownMetrics().chrf, chrf)
		}
		v := ansi.Strip(m.View())
		head := strings.Join(strings.Split(v, "\n")[:3], "\n")
		if c.header != "" && !strings.Contains(head, c.header) || c.header == "" && strings.Contains(head, " only") {
			t.Errorf("press %d: header\n%s\nwant %q", i+1, head, c.header)
		}
		if !strings.Contains(head, c.nrefs) {
			t.Errorf("press %d: header lacks %s:\n%s", i+1, c.nrefs, head)
		}
		// The pane names the reference kept as the whole set does.
		if c.header != "" && !strings.Contains(v, "\n"+strings.TrimSuffix(c.header, " only")+" ") {
			t.Errorf("press %d: the pane does not name %q:\n%s", i+1, strings.TrimSuffix(c.header, " only"), v)
		}
	}
	if m.c.ds != m.c.refs.all {
		t.Error("after a full cycle the explorer does not score the dataset as loaded")
	}
}

// TestRefsKeyOneReference: with one reference R says why it does nothing.
func TestRefsKeyOneReference(t *testing.T) {
	ds, err := model.Load(model.Input{Systems: []string{"h"}, Refs: []string{"r"}, FS: fstest.MapFS{"h": {Data: []byte("a b c\n")}, "r": {Data: []byte("a b d\n")}}})
	if err != nil {
		t.Fatal(err)
	}
	m := ready(t, ds, 100, 30)
	before := m.c.scored
	m = press(t, m, "R")
	if m.c.scored != before || !strings.Contains(m.statusText(), "one reference") {
		t.Errorf("R with one reference: rescored %v, status %q", m.c.scored != before, m.statusText())
	}
}

// TestRefsKeyStale: R pressed twice before the first run lands; the first
// run's scores (against A alone) never reach the screen.
func TestRefsKeyStale(t *testing.T) {
	ds := twoRefs(t)
	m := ready(t, ds, 100, 30)
	next, first := m.Update(keyMsg("R"))
	m = next.(Model)
	next, second := m.Update(keyMsg("R"))
	m = next.(Model)
	m = drive(t, m, first)
	if m.c.ds.RefNames[0] != "newstest.B.en" {
		t.Fatalf("after the first run: refs %q", m.c.ds.RefNames)
	}
	all, _ := wantScores(t, ds, nil)
	if got := m.c.scored.Systems[0].Corpus.Score; got != all {
		t.Errorf("the stale run (A alone) landed: BLEU %v; want the old %v until B's lands", got, all)
	}
	m = drive(t, m, second)
	b, _ := wantScores(t, ds, []int{1})
	if got := m.c.scored.Systems[0].Corpus.Score; got != b {
		t.Errorf("BLEU %v; want B alone's %v", got, b)
	}
}

// TestRefsKeyFits: the header with a reference chosen fits every size.
func TestRefsKeyFits(t *testing.T) {
	ds := twoRefs(t)
	for _, sz := range [][2]int{{60, 16}, {80, 24}, {120, 40}, {200, 50}} {
		m := press(t, ready(t, ds, sz[0], sz[1]), "R")
		checkFit(t, "ref A only", m.View(), sz[0], sz[1])
	}
}

// TestRefsLabelUnderFilter: with a filter, whose count comes first on the
// header's third line, the line still says which reference is scored.
func TestRefsLabelUnderFilter(t *testing.T) {
	for _, w := range []int{60, 120} {
		m := press(t, ready(t, twoRefs(t), w, 24), "R", "R")
		m = press(t, m, append([]string{"/"}, strings.Split(`ref:"the cat" or hyp:again or len>3 or bleu<5`, "")...)...)
		m = press(t, m, "enter")
		third := strings.Split(ansi.Strip(m.View()), "\n")[2]
		if !strings.HasPrefix(third, "ref B only") {
			t.Errorf("%d columns: the third header line under a long filter is %q; want it to start with ref B only", w, third)
		}
	}
}

// TestRefsLabelOnSignificance: the comparison scored against one reference
// says which, as the header and the analysis screen do.
func TestRefsLabelOnSignificance(t *testing.T) {
	fsys := fstest.MapFS{
		"a.txt":         {Data: []byte("the dog barked at the cat\nit is raining again today\n")},
		"b.txt":         {Data: []byte("a dog barked at the cat\nit rains today\n")},
		"newstest.A.en": {Data: []byte("the dog barked at a cat\nit rains again today\n")},
		"newstest.B.en": {Data: []byte("a dog was barking at the cat\nit is raining again\n")},
	}
	ds, err := model.Load(model.Input{Systems: []string{"a.txt", "b.txt"}, Refs: []string{"newstest.A.en", "newstest.B.en"}, FS: fsys})
	if err != nil {
		t.Fatal(err)
	}
	m := press(t, ready(t, ds, 120, 30), "B")
	if first := strings.Split(ansi.Strip(m.View()), "\n")[0]; strings.Contains(first, "only") {
		t.Errorf("every reference scored, yet the title says %q", first)
	}
	m = press(t, m, "esc", "R", "B")
	if first := strings.Split(ansi.Strip(m.View()), "\n")[0]; !strings.Contains(first, "all 2 segments · ref A only") {
		t.Errorf("scored against reference A alone, the title is %q; want it to say ref A only", first)
	}
}

// TestRefsKeptAtStartKeepLabels: a dataset kept to the second and third
// references at start (--refs 2,3) numbers them 2 and 3 in the header
// after R, in the pane and in the plain report, as the whole set does
// (their names give no short label, so the set numbers them).
func TestRefsKeptAtStartKeepLabels(t *testing.T) {
	fsys := fstest.MapFS{
		"hyp.txt":                {Data: []byte("the dog barked at the cat\n")},
		"jdoe-2022-11-01.txt":    {Data: []byte("the dog barked at a cat\n")},
		"asmith-2022-11-02.txt":  {Data: []byte("a dog was barking at the cat\n")},
		"bwongxy-2022-11-03.txt": {Data: []byte("the dog barked\n")},
	}
	all, err := model.Load(model.Input{Systems: []string{"hyp.txt"}, Refs: []string{"jdoe-2022-11-01.txt", "asmith-2022-11-02.txt", "bwongxy-2022-11-03.txt"}, FS: fsys})
	if err != nil {
		t.Fatal(err)
	}
	if l := all.ReferenceLabels(); !slices.Equal(l, []string{"1", "2", "3"}) {
		t.Fatalf("the set labels its references %q; the test wants them numbered", l)
	}
	ds, err := all.WithRefs([]int{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	scored, err := model.Score(context.Background(), ds, model.DefaultSettings(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if r := render.Report(ds, scored, 0); !strings.Contains(r, "ref 2 ") || !strings.Contains(r, "ref 3 ") || strings.Contains(r, "ref 1 ") {
		t.Errorf("the report of references 2 and 3:\n%s", r)
	}
	m := ready(t, ds, 120, 40)
	if head := strings.Split(ansi.Strip(m.View()), "\n")[2]; !strings.HasPrefix(head, "refs 2, 3 only") {
		t.Errorf("kept to references 2 and 3 at start, the header says %q", head)
	}
	m = press(t, m, "R")
	v := ansi.Strip(m.View())
	head := strings.Join(strings.Split(v, "\n")[:3], "\n")
	if !strings.Contains(head, "ref 2 only") || !strings.Contains(v, "\nref 2 ") {
		t.Errorf("R on references 2 and 3: want ref 2 alone, named so in the header and the pane:\n%s", v)
	}
	if m = press(t, m, "R", "R"); !strings.Contains(m.statusText(), "refs 2, 3 only again, the ones --refs kept") {
		t.Errorf("R back to the references kept at start: status %q", m.statusText())
	}
}
