package annotations

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/bleuscope/bleuscope/fixtures/conformance"
)

// BenchmarkReadMQMTED reads the shared WMT21 TED zh-en MQM file (9,915
// rows).
func BenchmarkReadMQMTED(b *testing.B) {
	data, err := os.ReadFile(conformance.Shared(b, "corpora", "mqm", "mqm_ted_zhen.tsv"))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ReadMQM(bytes.NewReader(data), "ted", LinesByPosition); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStoreAdd is one saved change: a record appended and synced;
// typology, with a typology set, as the explorer saves (its record is
// made once, when set, not checked anew at each change).
func BenchmarkStoreAdd(b *testing.B) {
	b.Run("plain", func(b *testing.B) { benchStoreAdd(b, nil) })
	b.Run("typology", func(b *testing.B) { benchStoreAdd(b, MQM()) })
}

func benchStoreAdd(b *testing.B, typology *Preset) {
	s, err := Open(filepath.Join(b.TempDir(), "ann.jsonl"))
	if err != nil {
		b.Fatal(err)
	}
	if typology != nil {
		s.SetTypology(typology)
	}
	a := errAnn("A", 1, "bench", "ein Satz mit einigen Wörtern", 4, 8, "Other", "Minor", "a note")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Add(a); err != nil {
			b.Fatal(err)
		}
	}
}
