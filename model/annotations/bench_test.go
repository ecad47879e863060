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

// BenchmarkStoreAdd is one saved change: a record appended and synced.
func BenchmarkStoreAdd(b *testing.B) {
	s, err := Open(filepath.Join(b.TempDir(), "ann.jsonl"))
	if err != nil {
		b.Fatal(err)
	}
	a := errAnn("A", 1, "bench", "ein Satz mit einigen Wörtern", 4, 8, "Other", "Minor", "a note")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Add(a); err != nil {
			b.Fatal(err)
		}
	}
}
