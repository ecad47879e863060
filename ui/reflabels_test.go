package ui

import (
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bleuscope/bleuscope/model"
	"github.com/charmbracelet/x/ansi"
)

// TestRefLabelsOneWay: the segment pane, the ledger and the walk-through
// name references as explain and the report do: "ref A", "ref B".
func TestRefLabelsOneWay(t *testing.T) {
	fsys := fstest.MapFS{
		"hyp.txt":       {Data: []byte("the dog barked\n")},
		"newstest.A.en": {Data: []byte("the dog barked loudly\n")},
		"newstest.B.en": {Data: []byte("a dog was barking\n")},
	}
	ds, err := model.Load(model.Input{Systems: []string{"hyp.txt"}, Refs: []string{"newstest.A.en", "newstest.B.en"}, FS: fsys})
	if err != nil {
		t.Fatal(err)
	}
	other := regexp.MustCompile(`\bref[0-9]|\br[0-9]\b|ref newstest|\bref [12]\b`) // (the header's "ref 4" is a length)
	m := ready(t, ds, 120, 40)
	for _, sc := range []struct {
		name string
		keys []string
		want []string
	}{
		{"pane", nil, []string{"ref A ", "ref B "}},
		{"walk-through", []string{"e"}, []string{"ref A ", "ref B "}},
		{"walk-through clips", []string{"e", "n"}, []string{"A, B: occurrences in each reference"}},
		{"ledger", []string{"x"}, []string{"ref A ", " A   B "}},
	} {
		v := ansi.Strip(press(t, m, sc.keys...).View())
		for _, w := range sc.want {
			if !strings.Contains(v, w) {
				t.Errorf("%s lacks %q:\n%s", sc.name, w, v)
			}
		}
		if s := other.FindString(v); s != "" {
			t.Errorf("%s names a reference %q:\n%s", sc.name, s, v)
		}
	}
}
