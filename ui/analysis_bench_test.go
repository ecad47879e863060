package ui

import (
	"path/filepath"
	"testing"

	"github.com/bleuscope/bleuscope/fixtures/conformance"
	"github.com/bleuscope/bleuscope/model"
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
// should feel instant, 100 ms at most.
func BenchmarkAnalysisOpenWMT22(b *testing.B) {
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
	benchAnalysisOn(b, ds)
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
