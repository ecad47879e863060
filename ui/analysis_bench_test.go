package ui

import (
	"path/filepath"
	"testing"

	"github.com/bleuscope/bleuscope/fixtures/conformance"
	"github.com/bleuscope/bleuscope/model"
	tea "github.com/charmbracelet/bubbletea"
)

// benchAnalysis opens the analysis screen on n synthetic segments (two
// systems of random words: nearly every 3- and 4-gram is new, far more
// n-grams than real text has) and waits for it: counting, ranking, and
// the pair's salient n-grams, buckets and outcomes.
func benchAnalysis(b *testing.B, n int) { benchAnalysisOn(b, synthDataset(b, n)) }

// benchAnalysisOn opens the analysis screen on ds and waits for it.
func benchAnalysisOn(b *testing.B, ds *model.Dataset) {
	m := ready(b, ds, 120, 40)
	b.ReportAllocs()
	for b.Loop() {
		m.ana = anaScreen{}
		m.ana = m.ana.SetSize(120, 40, m.anaCtx())
		next, cmd := m.Update(keyMsg("n"))
		m = drive(b, next.(Model), cmd) // the early buckets, then the rest of the job
		if x := m.anaCtx(); !m.ana.baseFresh(x) || !m.ana.salientFresh(x) {
			b.Fatal("no analysis")
		}
		_ = m.View()
		next, _ = m.Update(keyMsg("esc"))
		m = next.(Model)
	}
}

func BenchmarkAnalysisOpen100k(b *testing.B) { benchAnalysis(b, 100_000) }
func BenchmarkAnalysisOpen1M(b *testing.B)   { benchAnalysis(b, 1_000_000) }

// BenchmarkAnalysisOpenWMT22 opens the analysis of WMT22 de-en with two
// systems and both references (skipped without ../shared): the size that
// should feel instant, 100 ms at most. It waits for everything the screen
// shows; BenchmarkAnalysisFirstTableWMT22 for its first table.
func BenchmarkAnalysisOpenWMT22(b *testing.B) { benchAnalysisOn(b, wmt22DeEn(b)) }

// BenchmarkAnalysisFirstTableWMT22 is n on WMT22 de-en (as above) until the
// n-gram table is drawn, what a person sees first; the salient n-grams,
// buckets and wins follow it (not timed).
func BenchmarkAnalysisFirstTableWMT22(b *testing.B) {
	m := ready(b, wmt22DeEn(b), 120, 40)
	b.ReportAllocs()
	for b.Loop() {
		m.ana = anaScreen{}
		m.ana = m.ana.SetSize(120, 40, m.anaCtx())
		next, cmd := m.Update(keyMsg("n"))
		var rest []tea.Cmd
		m, rest = driveUntil(b, next.(Model), cmd, func(m Model) bool { return m.ana.baseFresh(m.anaCtx()) })
		if len(m.ana.ngramItems(m.anaCtx())) == 0 {
			b.Fatal("no n-gram table")
		}
		_ = m.View()
		b.StopTimer()
		m = drive(b, m, tea.Batch(rest...))
		next, _ = m.Update(keyMsg("esc"))
		m = next.(Model)
		b.StartTimer()
	}
}

// wmt22DeEn loads WMT22 de-en's JDExploreAcademy and LT22 with both
// references (skipped without ../shared).
func wmt22DeEn(b *testing.B) *model.Dataset {
	txt := conformance.Shared(b, "corpora", "wmt22", "txt")
	in := model.Input{Refs: []string{
		filepath.Join(txt, "references", "generaltest2022.de-en.ref.A.en"),
		filepath.Join(txt, "references", "generaltest2022.de-en.ref.B.en"),
	}}
	for _, s := range []string{"JDExploreAcademy", "LT22"} {
		in.Systems = append(in.Systems, filepath.Join(txt, "system-outputs", "generaltest2022.de-en.hyp."+s+".en"))
	}
	ds, err := model.Load(in)
	if err != nil {
		b.Fatal(err)
	}
	return ds
}

// BenchmarkAnalysisGrouping1M is m on the bucket table of a million
// segments (two systems): the buckets of the next grouping with both
// systems scored on them, the salient n-grams and the outcomes, from the
// key to the redrawn screen.
func BenchmarkAnalysisGrouping1M(b *testing.B) {
	m := ready(b, synthDataset(b, 1_000_000), 120, 40)
	next, cmd := m.Update(keyMsg("n"))
	m = drive(b, next.(Model), cmd)
	m = press(b, m, "right")
	b.ReportAllocs()
	for b.Loop() {
		next, cmd := m.Update(keyMsg("m"))
		m = settle(b, next.(Model), cmd)
		if !m.ana.derFresh(m.anaCtx()) {
			b.Fatal("no buckets")
		}
		_ = m.View()
	}
}

// BenchmarkAnalysisBucketsView draws the bucket table of 100k segments
// (two systems, the second the baseline): one frame, the buckets made.
func BenchmarkAnalysisBucketsView(b *testing.B) {
	m := ready(b, synthDataset(b, 100_000), 120, 40)
	next, cmd := m.Update(keyMsg("n"))
	m = drive(b, next.(Model), cmd)
	m = press(b, m, "right")
	if !m.ana.derFresh(m.anaCtx()) {
		b.Fatal("no buckets")
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = m.View()
	}
}
