package ui

import (
	"path/filepath"
	"testing"

	"github.com/bleuscope/bleuscope/fixtures/conformance"
	"github.com/bleuscope/bleuscope/model"
)

// wmt22AllSystems loads WMT22 de-en with its two references and all its
// systems (skipped without ../shared).
func wmt22AllSystems(b *testing.B) *model.Dataset {
	txt := conformance.Shared(b, "corpora", "wmt22", "txt")
	in := model.Input{Refs: []string{
		filepath.Join(txt, "references", "generaltest2022.de-en.ref.A.en"),
		filepath.Join(txt, "references", "generaltest2022.de-en.ref.B.en"),
	}}
	hyps, err := filepath.Glob(filepath.Join(txt, "system-outputs", "generaltest2022.de-en.hyp.*.en"))
	if err != nil {
		b.Fatal(err)
	}
	if len(hyps) < 2 {
		b.Skip("WMT22 de-en has fewer than two system outputs here")
	}
	in.Systems = hyps
	ds, err := model.Load(in)
	if err != nil {
		b.Fatal(err)
	}
	return ds
}

// BenchmarkViewWMT22Systems draws the main screen of WMT22 de-en with all
// its systems at 120×40.
func BenchmarkViewWMT22Systems(b *testing.B) {
	m := ready(b, wmt22AllSystems(b), 120, 40)
	b.ReportAllocs()
	for b.Loop() {
		_ = m.View()
	}
}

// BenchmarkSigViewWMT22Systems draws the significance screen of WMT22
// de-en with all its systems at 120×40, which names every system.
func BenchmarkSigViewWMT22Systems(b *testing.B) {
	m := press(b, ready(b, wmt22AllSystems(b), 120, 40), "B")
	b.ReportAllocs()
	for b.Loop() {
		_ = m.View()
	}
}

// BenchmarkShortName is the name of a system of WMT22 de-en cut for a
// title, as every screen asks for it.
func BenchmarkShortName(b *testing.B) {
	m := ready(b, wmt22AllSystems(b), 120, 40)
	b.ReportAllocs()
	for b.Loop() {
		_ = m.c.shortName(3)
	}
}
