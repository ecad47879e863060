package annotations

import (
	"fmt"
	"slices"
	"strings"

	"github.com/bleuscope/bleuscope/model"
)

// DetachedGroup is the detached annotations of one cause.
type DetachedGroup struct {
	Cause Cause
	// Of are the annotations, in their order.
	Of []Detached
}

// DetachedByCause returns r's detached annotations grouped by cause, in
// the order of the causes, leaving out the causes none has.
func (r *Resolved) DetachedByCause() []DetachedGroup {
	var gs []DetachedGroup
	for c := CauseNoSystem; c <= CauseChanged; c++ {
		g := DetachedGroup{Cause: c}
		for _, d := range r.Detached {
			if d.Cause == c {
				g.Of = append(g.Of, d)
			}
		}
		if len(g.Of) > 0 {
			gs = append(gs, g)
		}
	}
	return gs
}

// Forms returns what g's annotations are, counted (in groups of three
// digits, 1,234) for a person, longest first; the shorter ones, for a
// narrow screen, leave out the names of the systems, then "annotations":
// "4 annotations for a system not opened here (LT22)", "4 annotations for
// a system not opened here", "4 for a system not opened here", "4 for no
// system opened". Names are as stored, not escaped.
func (g DetachedGroup) Forms() []string {
	n := len(g.Of)
	var what, short, names string
	switch g.Cause {
	case CauseNoSystem:
		what, short = "for a system not opened here", "for no system opened"
		var sys []string
		for _, d := range g.Of {
			if !slices.Contains(sys, d.System) {
				sys = append(sys, d.System)
			}
		}
		if len(sys) > 1 {
			what = "for systems not opened here"
		}
		names = strings.Join(sys, ", ")
		if len(sys) > 3 {
			names = fmt.Sprintf("%s and %d more", strings.Join(sys[:3], ", "), len(sys)-3)
		}
	case CauseUnclearSystem:
		what, short = "whose system name several systems' names hold", "of an unclear system"
	case CauseNoSource:
		what, short = "with a span on the source, which is not loaded", "on the source, not loaded"
	default:
		what, short = "made on a text that has since changed", "on a changed text"
	}
	count := model.Counted(n, "annotation") + " " + what
	forms := []string{count, model.Thousands(n) + " " + what, model.Thousands(n) + " " + short}
	if names != "" {
		forms = append([]string{count + " (" + names + ")"}, forms...)
	}
	return forms
}

// Warning says what a person should know of g on opening the annotation
// file at path, not escaped.
func (g DetachedGroup) Warning(path string) string {
	return path + ": " + g.Forms()[0] + ": kept in the file, shown on no segment"
}
