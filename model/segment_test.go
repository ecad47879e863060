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
		// A number in the names is kept whole, as a table's columns keep
		// it (ref01, ref02: "01", "02"), never cut by the common prefix or
		// suffix: ref12.txt beside ref13.txt is 12, not 2.
		{[]string{"ref01", "ref02"}, []string{"01", "02"}},
		{[]string{"ref01.txt", "ref02.txt"}, []string{"01", "02"}},
		{[]string{"ref12.txt", "ref13.txt"}, []string{"12", "13"}},
		{[]string{"ref1.txt", "ref11.txt"}, []string{"1", "11"}},
		{[]string{"ref_10.txt", "ref_20.txt"}, []string{"10", "20"}},
		{[]string{"wmt19a.txt", "wmt19b.txt"}, []string{"a", "b"}},
		// Nor is a word cut: ref_google.txt beside ref_gold.txt is google
		// and gold, not ogle and ld; an uppercase letter after a lowercase
		// one starts a word; a word that is the whole name is kept.
		{[]string{"ref_google.txt", "ref_gold.txt"}, []string{"google", "gold"}},
		{[]string{"refGoogle.txt", "refGold.txt"}, []string{"Google", "Gold"}},
		{[]string{"googleref.txt", "goldref.txt"}, []string{"1", "2"}}, // whole, googleref is too long: numbers
		{[]string{"refa", "refb"}, []string{"refa", "refb"}},
		{[]string{"human.de", "humans.de"}, []string{"human", "humans"}},
	}
	for _, tt := range tests {
		got := RefLabels(tt.in)
		if strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("RefLabels(%q) = %q; want %q", tt.in, got, tt.want)
		}
	}
}
