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
	}
	for _, tt := range tests {
		got := RefLabels(tt.in)
		if strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("RefLabels(%q) = %q; want %q", tt.in, got, tt.want)
		}
	}
}
