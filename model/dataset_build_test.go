package model

import (
	"strings"
	"testing"
)

func TestNewDatasetChecksStreams(t *testing.T) {
	ok, err := NewDataset([]string{"s1", "s2"}, []string{"r"}, [][]string{{"a", "b"}}, nil, []System{{Name: "A", Hyps: []string{"a", "b"}}}, []string{"given"})
	if err != nil || ok.Len() != 2 || ok.NRefs() != 1 || len(ok.Warnings) != 2 || !strings.Contains(ok.Warnings[1], "identical to reference r") {
		t.Errorf("NewDataset: %v, warnings %q; want 2 segments, 1 reference, the given warning and one about the copied reference", err, ok.Warnings)
	}

	sys := []System{{Name: "A", Hyps: []string{"a", "b"}}}
	for _, c := range []struct {
		name string
		err  func() error
		want string
	}{
		{"no refs", func() error { _, err := NewDataset(nil, nil, nil, nil, sys, nil); return err }, "no reference"},
		{"short ref", func() error {
			_, err := NewDataset(nil, []string{"r"}, [][]string{{"x"}}, nil, sys, nil)
			return err
		}, "reference r has 1 segment but A has 2"},
		{"short src", func() error {
			_, err := NewDataset([]string{"s"}, []string{"r"}, [][]string{{"x", "y"}}, nil, sys, nil)
			return err
		}, "source has 1 segment but"},
	} {
		if err := c.err(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v; want %q", c.name, err, c.want)
		}
	}
}
