package model

import (
	"errors"
	"slices"
	"strings"
)

// AnnotationMark is one annotation of a segment as the annotation terms
// of a query see it.
type AnnotationMark struct {
	// Error is true for an error, false for a "no error" mark or a
	// segment score (NoError tells them apart).
	Error, NoError bool
	// Category and Severity name an error as its typology spells them
	// ("Accuracy/Omission", "Major").
	Category, Severity string
	// Rater is who made it.
	Rater string
}

// AnnotationFacts returns the annotations of segment i (0-based) of
// system sys. It is called from several goroutines at once.
type AnnotationFacts func(sys, i int) []AnnotationMark

// ErrQueryNoAnnotations is returned by [Scored.QueryRows] for a query with
// annotation terms when no annotations were given.
var ErrQueryNoAnnotations = errors.New("query: cat:, sev:, rater: and is: look at annotations; start with --annotations FILE (or --mqm FILE)")

// annGroup is the annotation terms of one "and" group: one annotation
// must pass every test but is: (or, with is:unannotated, none may).
type annGroup struct {
	tests []term
	is    []string
}

// newAnnGroup collects the annotation terms of and; ok is false when it
// has none.
func newAnnGroup(and []term) (annGroup, bool) {
	var g annGroup
	for _, t := range and {
		if t.kind != termAnnotation {
			continue
		}
		if t.ann == annIs {
			g.is = append(g.is, t.word)
		} else {
			g.tests = append(g.tests, t)
		}
	}
	return g, len(g.tests)+len(g.is) > 0
}

// match reports whether the marks of one segment satisfy the group.
func (g annGroup) match(marks []AnnotationMark) bool {
	for _, is := range g.is {
		if !g.holds(is, marks) {
			return false
		}
	}
	if len(g.is) == 0 {
		return g.any(marks, func(AnnotationMark) bool { return true })
	}
	return true
}

// holds tests one is: value against the marks that pass the other tests.
func (g annGroup) holds(is string, marks []AnnotationMark) bool {
	switch is {
	case "error":
		return g.any(marks, func(m AnnotationMark) bool { return m.Error })
	case "noerror":
		return g.any(marks, func(m AnnotationMark) bool { return m.NoError })
	case "unannotated":
		return !g.any(marks, func(AnnotationMark) bool { return true })
	}
	return g.any(marks, func(AnnotationMark) bool { return true }) // annotated
}

// any reports whether a mark passes every test of the group and also ok.
func (g annGroup) any(marks []AnnotationMark, ok func(AnnotationMark) bool) bool {
	for _, m := range marks {
		if ok(m) && g.passes(m) {
			return true
		}
	}
	return false
}

// passes reports whether mark m passes the cat:, sev: and rater: tests.
func (g annGroup) passes(m AnnotationMark) bool {
	for _, t := range g.tests {
		switch t.ann {
		case annCategory:
			if !m.Error || !categoryMatches(m.Category, t.word) {
				return false
			}
		case annSeverity:
			if !m.Error || !strings.EqualFold(m.Severity, t.word) {
				return false
			}
		case annRater:
			if !strings.EqualFold(m.Rater, t.word) {
				return false
			}
		}
	}
	return true
}

// categoryMatches reports whether want (lowercase) names category: the
// whole name, one of its parts between slashes, or their start
// ("omission" and "accuracy" both name Accuracy/Omission, "acc" too).
func categoryMatches(category, want string) bool {
	c := strings.ToLower(category)
	if strings.HasPrefix(c, want) {
		return true
	}
	for part := range strings.SplitSeq(c, "/") {
		if strings.HasPrefix(strings.TrimSpace(part), want) {
			return true
		}
	}
	return false
}

// UnknownCategories returns the values of q's cat: terms that name none
// of categories (as cat: matches them: the whole name, a part between
// slashes, or their start), as written: such a term selects nothing.
func (q *Query) UnknownCategories(categories []string) []string {
	var out []string
	for _, and := range q.or {
		for _, t := range and {
			if t.kind != termAnnotation || t.ann != annCategory {
				continue
			}
			if !slices.ContainsFunc(categories, func(c string) bool { return categoryMatches(c, t.word) }) {
				out = append(out, t.word)
			}
		}
	}
	return out
}
