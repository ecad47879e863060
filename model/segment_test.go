package model

import (
	"strings"
	"testing"
)

func TestRefLabels(t *testing.T) {
	tests := []struct {
		in, want []string
	}{
		{[]string{"generaltest2022.de-en.ref.A.en", "generaltest2022.de-en.ref.B.en"}, []string{"A", "B"}},
		{[]string{"refA", "refB"}, []string{"A", "B"}},
		{[]string{"only-one.txt"}, []string{""}},
		{[]string{"refB"}, []string{"refB"}}, // an MQM file's reference system, which may hold a system "ref"
		{[]string{"ref"}, []string{""}},
		{[]string{"refs/B"}, []string{""}},
		{[]string{"a-long-name"}, []string{""}},
		{[]string{"x", "a-very-long-reference-name.txt"}, []string{"1", "2"}},
		// A table's reference columns, by their numbers, never "ref ref2".
		{[]string{"ref", "ref2"}, []string{"1", "2"}},
		{[]string{"REF", "Ref3"}, []string{"1", "3"}},
		{[]string{"ref", "ref1", "ref2"}, []string{"1", "2", "3"}}, // ref and ref1 would share 1
		{[]string{"ref1"}, []string{""}},
		{[]string{"REF"}, []string{""}},
	}
	for _, tt := range tests {
		got := RefLabels(tt.in)
		if strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("RefLabels(%q) = %q; want %q", tt.in, got, tt.want)
		}
	}
}
