package model

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// queryFacts annotates queryDataset:
//
//	A line 0  Accuracy/Omission Major (ana)
//	A line 1  no error (ana); Fluency/Punctuation Minor (bo)
//	A line 3  Accuracy/Mistranslation Minor (bo)
//	B line 2  no error (ana)
func queryFacts(sys, i int) []AnnotationMark {
	switch {
	case sys == 0 && i == 0:
		return []AnnotationMark{{Error: true, Category: "Accuracy/Omission", Severity: "Major", Rater: "ana"}}
	case sys == 0 && i == 1:
		return []AnnotationMark{{NoError: true, Rater: "ana"}, {Error: true, Category: "Fluency/Punctuation", Severity: "Minor", Rater: "bo"}}
	case sys == 0 && i == 3:
		return []AnnotationMark{{Error: true, Category: "Accuracy/Mistranslation", Severity: "Minor", Rater: "bo"}}
	case sys == 1 && i == 2:
		return []AnnotationMark{{NoError: true, Rater: "ana"}}
	}
	return nil
}

func TestQueryAnnotations(t *testing.T) {
	ds := queryDataset()
	s := mustScore(t, ds, DefaultSettings())
	for _, tc := range []struct {
		q    string
		sys  int
		want []int
	}{
		{"cat:omission", 0, []int{0}},
		{"cat:Accuracy", 0, []int{0, 3}},
		{"cat:acc", 0, []int{0, 3}},
		{`cat:"accuracy/omission"`, 0, []int{0}},
		{"cat:punct", 0, []int{1}},
		{"sev:major", 0, []int{0}},
		{"sev:minor", 0, []int{1, 3}},
		{"cat:accuracy sev:minor", 0, []int{3}}, // one annotation: a minor accuracy error
		{"cat:omission sev:minor", 0, nil},
		{"rater:ANA", 0, []int{0, 1}},
		{"rater:ana is:noerror", 0, []int{1}},
		{"rater:bo is:noerror", 0, nil},
		{"is:annotated", 0, []int{0, 1, 3}},
		{"is:unannotated", 0, []int{2}},
		{"rater:ana is:unannotated", 0, []int{2, 3}},
		{"is:error", 0, []int{0, 1, 3}},
		{"is:noerror", 0, []int{1}},
		{"is:noerror or house", 0, []int{0, 1}},
		{"house is:unannotated", 0, nil},
		{"is:error bleu<10", 0, nil}, // A's line 2 scores below 10 but has none
		{"is:noerror", 1, []int{2}},  // the system the query is evaluated for
		{"is:unannotated", 1, []int{0, 1, 3}},
	} {
		q, err := ParseQuery(tc.q)
		if err != nil {
			t.Fatalf("ParseQuery(%q): %v", tc.q, err)
		}
		if !q.UsesAnnotations() {
			t.Errorf("%q: UsesAnnotations false", tc.q)
		}
		got, err := s.QueryRows(ds, q, tc.sys, 1-tc.sys, queryFacts)
		if err != nil {
			t.Fatalf("QueryRows(%q): %v", tc.q, err)
		}
		if !reflect.DeepEqual(got, tc.want) && !(len(got) == 0 && len(tc.want) == 0) {
			t.Errorf("system %d, %q = %v; want %v", tc.sys, tc.q, got, tc.want)
		}
		for i := range ds.Len() { // one segment at a time, as after a change to its annotations
			if one, err := s.QueryMatches(ds, q, tc.sys, 1-tc.sys, queryFacts, i); err != nil || one != slices.Contains(tc.want, i) {
				t.Errorf("system %d, %q: QueryMatches(line %d) = %v, %v; want %v", tc.sys, tc.q, i, one, err, slices.Contains(tc.want, i))
			}
		}
	}
	q, _ := ParseQuery("cat:omission")
	if _, err := s.QueryRows(ds, q, 0, 1, nil); !errors.Is(err, ErrQueryNoAnnotations) {
		t.Errorf("without annotations: err = %v; want ErrQueryNoAnnotations", err)
	}
	if _, err := s.QueryMatches(ds, q, 0, 1, nil, 0); !errors.Is(err, ErrQueryNoAnnotations) {
		t.Errorf("QueryMatches without annotations: err = %v; want ErrQueryNoAnnotations", err)
	}
	q, _ = ParseQuery("house")
	if q.UsesAnnotations() {
		t.Error(`"house" uses annotations`)
	}
}

func TestQueryAnnotationErrors(t *testing.T) {
	for q, want := range map[string]string{
		"sev:huge": `query: column 5: sev: is one of minor, major, critical, not "huge"`,
		// Escaped once, as every message shows text (it read "\\u202ex").
		"sev:\u202ex": `query: column 5: sev: is one of minor, major, critical, not "\u202ex"`,
		"a is:maybe":  `query: column 6: is: is one of annotated, error, noerror, unannotated, not "maybe"`,
		"cat:":        "query: column 5: cat: needs a value right after it",
		"rater: x":    "query: column 7: rater: needs a value right after it",
		`cat:"x`:      "query: column 5: quoted cat has no closing \"",
		`cat:"  "`:    "query: column 5: cat: needs a value right after it",
	} {
		_, err := ParseQuery(q)
		if err == nil || err.Error() != want || strings.ContainsAny(err.Error(), "\n\r") {
			t.Errorf("ParseQuery(%q) = %v; want %s", q, err, want)
		}
	}
}

func TestUnknownCategories(t *testing.T) {
	q, err := ParseQuery("cat:omission or cat:xyz sev:major or cat:Acc")
	if err != nil {
		t.Fatal(err)
	}
	if got := q.UnknownCategories([]string{"Accuracy/Omission", "Fluency/Grammar"}); !slices.Equal(got, []string{"xyz"}) {
		t.Errorf("UnknownCategories = %q; want [xyz]", got)
	}
}
