package annotations

import (
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model"
)

func mark(system string, line int, rater string) Annotation {
	a := seg(system, line, rater, "text", "")
	a.Kind = KindNoError
	return a
}

func scored(system string, line int, rater string, v int) Annotation {
	a := seg(system, line, rater, "text", "")
	a.Kind, a.Score = KindScore, &v
	return a
}

func TestSummarize(t *testing.T) {
	anns := []Annotation{
		// A line 1: r1 Major + Minor punctuation = 5.1, r2 no error: 2.55.
		errAnn("A", 1, "r1", "text", 0, 1, "Accuracy/Mistranslation", "Major", ""),
		errAnn("A", 1, "r1", "text", 1, 2, "Fluency/Punctuation", "Minor", ""),
		mark("A", 1, "r2"),
		// A line 2: r1 Minor = 1.
		errAnn("A", 2, "r1", "text", 0, 1, "Style/Awkward", "Minor", ""),
		// A line 3: clean.
		mark("A", 3, "r2"),
		// B line 1: Non-translation 25, with an ESA score of 10 and 30.
		errAnn("B", 1, "r1", "text", 0, 4, "Non-translation", "Major", ""),
		scored("B", 1, "r1", 10),
		scored("B", 1, "r2", 30),
	}
	got := Summarize(anns, MQM())
	esa := 20.0
	want := []SystemSummary{
		{System: "A", Segments: 3, Raters: []string{"r1", "r2"}, MQM: (2.55 + 1 + 0) / 3, Errors: map[string]map[string]int{
			"Accuracy/Mistranslation": {"Major": 1}, "Fluency/Punctuation": {"Minor": 1}, "Style/Awkward": {"Minor": 1}}},
		{System: "B", Segments: 1, Raters: []string{"r1", "r2"}, MQM: 12.5, ESA: &esa, Errors: map[string]map[string]int{
			"Non-translation": {"Major": 1}}},
	}
	if math.Abs(got[0].MQM-want[0].MQM) > 1e-15 {
		t.Errorf("A: MQM %v; want %v", got[0].MQM, want[0].MQM)
	}
	got[0].MQM = want[0].MQM
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Summarize:\n got %+v\nwant %+v", got, want)
	}
	js, _ := json.Marshal(got[1])
	if !strings.Contains(string(js), `"system":"B","segments":1,"raters":["r1","r2"],"errors":{"Non-translation":{"Major":1}},"mqm":12.5,"esa":20`) {
		t.Errorf("JSON %s", js)
	}
}

// TestSummarizeSeverityCase: an error marked "major" (esa's spelling, or a
// custom typology's) and one marked "Major" (mqm's) weigh alike, and are
// counted as one severity, spelled as the preset spells it, instead of in
// two columns, "Major" and "major"; a severity the preset lacks keeps its
// own spelling.
func TestSummarizeSeverityCase(t *testing.T) {
	anns := []Annotation{
		errAnn("A", 1, "r1", "text", 0, 1, "Accuracy/Mistranslation", "Major", ""),
		errAnn("A", 2, "r1", "text", 0, 1, "Accuracy/Mistranslation", "major", ""),
		errAnn("A", 3, "r1", "text", 0, 1, "Accuracy/Mistranslation", "Neutral", ""),
	}
	for _, tc := range []struct {
		p    *Preset
		want map[string]int
	}{
		{MQM(), map[string]int{"Major": 2, "Neutral": 1}},
		{ESA(), map[string]int{"major": 2, "Neutral": 1}},
	} {
		got := Summarize(anns, tc.p)[0]
		if e := got.Errors["Accuracy/Mistranslation"]; !reflect.DeepEqual(e, tc.want) {
			t.Errorf("under %s: errors %v; want %v", tc.p.Name, e, tc.want)
		}
		if want := tc.p.Weight("Accuracy/Mistranslation", "Major") * 2 / 3; math.Abs(got.MQM-want) > 1e-12 {
			t.Errorf("under %s: MQM %v; want %v", tc.p.Name, got.MQM, want)
		}
	}
}

func TestKappa(t *testing.T) {
	// A textbook case: 50 items, 20 yes/yes, 15 no/no, 10 yes/no, 5 no/yes:
	// po = 0.7, pe = 0.5·0.6 + 0.5·0.4 = 0.5, kappa = 0.4.
	var a, b []string
	add := func(n int, x, y string) {
		for range n {
			a, b = append(a, x), append(b, y)
		}
	}
	add(20, "yes", "yes")
	add(15, "no", "no")
	add(10, "yes", "no")
	add(5, "no", "yes")
	if k := Kappa(a, b); math.Abs(k-0.4) > 1e-12 {
		t.Errorf("Kappa = %v; want 0.4", k)
	}
	if k := Kappa([]string{"x", "x"}, []string{"x", "x"}); !math.IsNaN(k) {
		t.Errorf("Kappa of one label throughout = %v; want NaN", k)
	}
	if k := Kappa([]string{"x", "y"}, []string{"y", "x"}); k != -1 {
		t.Errorf("Kappa of total disagreement = %v; want -1", k)
	}
}

func TestAgree(t *testing.T) {
	anns := []Annotation{
		// Segment 1: both find a Major error, spans overlapping.
		errAnn("A", 1, "r1", "abcdefgh", 0, 4, "Other", "Major", ""),
		errAnn("A", 1, "r2", "abcdefgh", 2, 6, "Other", "Critical", ""),
		// Segment 2: r1 Minor, r2 clean.
		errAnn("A", 2, "r1", "abcdefgh", 0, 2, "Other", "Minor", ""),
		mark("A", 2, "r2"),
		// Segment 3: both clean.
		mark("A", 3, "r1"),
		mark("A", 3, "r2"),
		// Segment 4: both Minor; r2 marks two spans, one overlapping.
		errAnn("A", 4, "r1", "abcdefgh", 4, 8, "Other", "Minor", ""),
		errAnn("A", 4, "r2", "abcdefgh", 7, 8, "Other", "Minor", ""),
		errAnn("A", 4, "r2", "abcdefgh", 0, 1, "Other", "Minor", ""),
		// Rated by r3 alone: no pair.
		mark("A", 9, "r3"),
	}
	got := Agree(anns, MQM())
	if len(got) != 1 {
		t.Fatalf("%d pairs; want r1–r2 only: %+v", len(got), got)
	}
	g := got[0]
	// error/none: r1 E E N E, r2 E N N E: po 3/4, pe 3/4·2/4 + 1/4·2/4 = 1/2.
	// severity: r1 Major Minor none Minor, r2 Major none none Minor:
	// po 3/4, pe = Major 1/4·1/4 + Minor 2/4·1/4 + none 1/4·2/4 = 5/16.
	// spans: r1 has 3, 2 overlap r2's; r2 has 3, 2 overlap r1's.
	if g.RaterA != "r1" || g.RaterB != "r2" || g.Segments != 4 ||
		math.Abs(g.KappaError-0.5) > 1e-12 || math.Abs(g.KappaSeverity-(0.75-5.0/16)/(1-5.0/16)) > 1e-12 ||
		math.Abs(g.SpanPrecision-2.0/3) > 1e-12 || math.Abs(g.SpanRecall-2.0/3) > 1e-12 || math.Abs(g.SpanF1-2.0/3) > 1e-12 {
		t.Errorf("Agree = %+v", g)
	}
	none := Agree([]Annotation{mark("A", 1, "r1"), mark("A", 1, "r2")}, MQM())
	js, err := json.Marshal(none[0])
	if err != nil || !strings.Contains(string(js), `"kappa_error":null`) || !strings.Contains(string(js), `"span_f1":null`) {
		t.Errorf("undefined agreement as JSON: %s, %v", js, err)
	}
}

func TestResolveDetachesChangedText(t *testing.T) {
	ds, err := model.NewDataset([]string{"s1", "s2"}, []string{"ref"}, [][]string{{"r1", "r2"}},
		nil, []model.System{{Name: "A", Hyps: []string{"one", "two changed"}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	on := func(line int, hyp, src string, side Side) Annotation {
		a := seg("A", line, "r", hyp, src)
		a.Kind, a.Category, a.Severity = KindError, "Other", "Minor"
		a.Span = &Span{Side: side, Start: 0, End: 1}
		return a
	}
	anns := []Annotation{
		on(1, "one", "s1", SideHyp),
		on(2, "two", "s2", SideHyp),               // hypothesis changed
		on(1, "one", "other", SideSrc),            // source changed
		{System: "B", Line: 1, Kind: KindNoError}, // no such system
		on(3, "three", "", SideHyp),               // beyond the input
		on(1, "one", "", SideHyp),                 // made without a source: fine
	}
	r := Resolve(anns, ds)
	if len(r.Attached) != 2 || len(r.Detached) != 4 {
		t.Fatalf("%d attached, %d detached; want 2 and 4: %+v", len(r.Attached), len(r.Detached), r.Detached)
	}
	for i, want := range []string{"the hypothesis is not", "source of line 1", "no system of that name", "beyond the input's 2"} {
		if !strings.Contains(r.Detached[i].Reason, want) {
			t.Errorf("detached %d: %q; want %q", i, r.Detached[i].Reason, want)
		}
		prev := r.Detached[i].Reason
		for _, s := range r.Detached[i].Shorter {
			if len(s) >= len(prev) {
				t.Errorf("detached %d: %q is no shorter than %q", i, s, prev)
			}
			prev = s
		}
		if len(r.Detached[i].Shorter) == 0 {
			t.Errorf("detached %d: no shorter wording of %q", i, r.Detached[i].Reason)
		}
	}
	if rated, errs := r.Rated("A", 1); !rated || !errs {
		t.Errorf("Rated(A, 1) = %v, %v; want true, true", rated, errs)
	}
	if rated, _ := r.Rated("A", 2); rated {
		t.Error("line 2, whose only annotation is detached, counts as rated")
	}
	if got := r.NextUnrated("A", 1, 2); got != 2 {
		t.Errorf("NextUnrated after line 1 = %d; want 2", got)
	}
	if got := r.NextUnrated("A", 0, 1); got != 0 {
		t.Errorf("NextUnrated when every line is rated = %d; want 0", got)
	}
	if got := r.NextUnrated("A", 2, 2); got != 2 {
		t.Errorf("NextUnrated after line 2, going round = %d; want 2", got)
	}
	if pen, ok := r.Penalty("A", 1, MQM()); !ok || pen != 2 {
		t.Errorf("Penalty(A, 1) = %v, %v; want 2 (two Minor errors of one rater)", pen, ok)
	}
	if _, ok := r.Penalty("A", 2, MQM()); ok {
		t.Error("Penalty of an unrated line is ok")
	}
	if got := r.Segment("A", 1); len(got) != 2 || len(r.Segment("A", 2)) != 0 {
		t.Errorf("segment A 1 has %d annotations, A 2 %d; want 2 and none (the changed one is detached)", len(got), len(r.Segment("A", 2)))
	}
}
