package annotations

import (
	"reflect"
	"strings"
	"testing"
)

// TestFoldShortNames: a file begun with an older bleuscope holds a
// system's short name, continued with this one its stable name; the short
// name's marks go under the stable name only where their texts show them
// to be one system.
func TestFoldShortNames(t *testing.T) {
	const long = "generaltest2022.de-en.hyp.LT22.en"
	systems := func(anns []Annotation) []string {
		var s []string
		for _, a := range anns {
			s = append(s, a.System)
		}
		return s
	}
	for _, c := range []struct {
		name    string
		anns    []Annotation
		want    []string
		warning string
	}{
		{"one system, the same text on a line rated under both",
			[]Annotation{mark("LT22", 1, "r1"), mark("LT22", 2, "r1"), mark(long, 2, "r2"), mark(long, 3, "r1")},
			[]string{long, long, long, long}, ""},
		{"another text on a line both rated: two systems",
			[]Annotation{mark("LT22", 2, "r1"), seg(long, 2, "r2", "other text", ""), mark(long, 1, "r1")},
			[]string{"LT22", long, long}, ""},
		{"no line rated under both: kept apart, said",
			[]Annotation{mark("LT22", 1, "r1"), mark(long, 2, "r1")},
			[]string{"LT22", long}, `"LT22" may be the system stored as "` + long + `"`},
		{"two names hold it, one with another text",
			[]Annotation{mark("LT22", 1, "r1"), mark(long, 1, "r1"), seg("generaltest2022.en-de.hyp.LT22.de", 1, "r1", "Text", "")},
			[]string{long, long, "generaltest2022.en-de.hyp.LT22.de"}, ""},
		{"two names hold it with the same text",
			[]Annotation{mark("LT22", 1, "r1"), mark(long, 1, "r1"), mark("x.LT22.y", 1, "r1")},
			[]string{"LT22", long, "x.LT22.y"}, `"LT22" may be any of 2 systems`},
		{"a name that is not a run of parts",
			[]Annotation{mark("LT2", 1, "r1"), mark(long, 1, "r1"), mark("hyp.LT", 1, "r1")},
			[]string{"LT2", long, "hyp.LT"}, ""},
		{"a chain of names",
			[]Annotation{mark("LT22", 1, "r1"), mark("LT22.en", 1, "r1")},
			[]string{"LT22.en", "LT22.en"}, ""},
	} {
		before := systems(c.anns)
		got, warnings := FoldShortNames(c.anns)
		if s := systems(c.anns); !reflect.DeepEqual(s, before) {
			t.Errorf("%s: its input changed to %q", c.name, s)
		}
		if s := systems(got); !reflect.DeepEqual(s, c.want) {
			t.Errorf("%s: systems %q; want %q", c.name, s, c.want)
		}
		if w := strings.Join(warnings, "\n"); (c.warning == "") != (w == "") || !strings.Contains(w, c.warning) {
			t.Errorf("%s: warnings %q; want one with %q", c.name, warnings, c.warning)
		}
	}
	// Summarize then counts the folded file as one system.
	anns, _ := FoldShortNames([]Annotation{mark("LT22", 1, "r1"), errAnn("LT22", 2, "r1", "text", 0, 1, "Style/Awkward", "Minor", ""),
		mark(long, 1, "r2"), mark(long, 2, "r2")})
	sums := Summarize(anns, MQM())
	if len(sums) != 1 || sums[0].System != long || sums[0].Segments != 2 || !reflect.DeepEqual(sums[0].Raters, []string{"r1", "r2"}) || sums[0].MQM != 0.25 {
		t.Errorf("summary of the folded file %+v; want one system, 2 segments, raters r1 r2, MQM (0 + 0.5) / 2", sums)
	}
}
