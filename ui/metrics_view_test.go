package ui

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bleuscope/bleuscope/model"
)

// TestMetricFigureFitsColumn: a TER many times 100 (one reference word
// against a long hypothesis gives 12000) fits the list's metric column,
// instead of being cut to "1200…".
func TestMetricFigureFitsColumn(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		want string
	}{{46.72, "46.7"}, {9999.9, "9999.9"}, {9999.96, "10000"}, {12000, "12000"}, {999999, "999999"}} {
		ms := &model.MetricScores{Systems: []model.MetricSystem{{TERSegments: []float64{tc.v}}}}
		got := metricFigure(ms, nil, func(s model.MetricSystem) float64 { return s.TERSegments[0] }, 0)
		if got != tc.want || len(got) > metricWidth {
			t.Errorf("metricFigure(%v) = %q; want %q, at most %d cells", tc.v, got, tc.want, metricWidth)
		}
	}
}

// TestTEREditsSingular: the pane's TER line says "1 edit" and "1 ref
// word" where the number is 1, the plural elsewhere: TER turns "cat" into
// "dog" by one substitution against a one-word reference, and "the cat
// sat" into "the dog sat down" by a substitution and an insertion against
// four words (a user read "1 edits … / 1 ref words").
func TestTEREditsSingular(t *testing.T) {
	fsys := fstest.MapFS{
		"ref": {Data: []byte("dog\nthe dog sat down\n")},
		"hyp": {Data: []byte("cat\nthe cat sat\n")},
	}
	ds, err := model.Load(model.Input{Systems: []string{"hyp"}, Refs: []string{"ref"}, FS: fsys})
	if err != nil {
		t.Fatal(err)
	}
	m := readyWith(t, ds, 120, 40, WithMetrics(chrfTER()))
	for _, c := range []struct{ line, want string }{
		{"1", "1 edit (a shift, insertion, deletion or substitution) / 1 ref word"},
		{"2", "2 edits (shifts, insertions, deletions or substitutions) / 4 ref words"},
	} {
		mm := press(t, m, ":")
		mm = press(t, typeText(t, mm, c.line), "enter", "z")
		if mm.list.seg+1 != int(c.line[0]-'0') {
			t.Fatalf(":%s: segment %d selected", c.line, mm.list.seg+1)
		}
		if !slices.ContainsFunc(mm.pane.body.lines, func(l string) bool { return strings.HasSuffix(strings.TrimRight(l, " "), c.want) }) {
			t.Errorf("line %s: no line of the pane ends in %q:\n%s", c.line, c.want, strings.Join(mm.pane.body.lines, "\n"))
		}
	}
}
