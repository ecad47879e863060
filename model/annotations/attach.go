package annotations

import (
	"fmt"

	"github.com/bleuscope/bleuscope/model"
)

// Detached is an annotation that does not belong to the loaded input any
// more, and why.
type Detached struct {
	Annotation
	// Reason says what no longer matches, for a person to read.
	Reason string
}

// Resolved is a set of annotations matched to a loaded dataset.
type Resolved struct {
	// Attached are the annotations whose system, line and texts match
	// the dataset, in their order.
	Attached []Annotation
	// Detached are the others: they stay in the file and are listed,
	// never shown on a segment.
	Detached []Detached

	bySeg map[segKey][]int
}

type segKey struct {
	system string
	line   int
}

// Resolve matches anns to ds: an annotation is attached to its segment
// only when ds has its system and line, the hypothesis there hashes to
// its HypHash and, when it was made on a source, the source hashes to its
// SrcHash (a source-side span also needs the source loaded). Anything else
// is detached, with the reason.
func Resolve(anns []Annotation, ds *model.Dataset) *Resolved {
	r := &Resolved{bySeg: map[segKey][]int{}}
	systems := map[string]int{}
	for i, s := range ds.Systems {
		systems[s.Name] = i
	}
	for _, a := range anns {
		reason := detachReason(&a, ds, systems)
		if reason != "" {
			r.Detached = append(r.Detached, Detached{Annotation: a, Reason: reason})
			continue
		}
		k := segKey{a.System, a.Line}
		r.bySeg[k] = append(r.bySeg[k], len(r.Attached))
		r.Attached = append(r.Attached, a)
	}
	return r
}

func detachReason(a *Annotation, ds *model.Dataset, systems map[string]int) string {
	si, ok := systems[a.System]
	if !ok {
		return fmt.Sprintf("the input has no system %q", a.System)
	}
	if a.Line > ds.Len() {
		return fmt.Sprintf("line %d is beyond the input's %d segments", a.Line, ds.Len())
	}
	if TextHash(ds.Systems[si].Hyps[a.Line-1]) != a.HypHash {
		return fmt.Sprintf("the hypothesis of %s line %d is not the text it was made on", a.System, a.Line)
	}
	if a.SrcHash == "" {
		return ""
	}
	if ds.Src == nil {
		if a.Span != nil && a.Span.Side == SideSrc {
			return "its span is on the source, which is not loaded"
		}
		return ""
	}
	if TextHash(ds.Src[a.Line-1]) != a.SrcHash {
		return fmt.Sprintf("the source of line %d is not the text it was made on", a.Line)
	}
	return ""
}

// Segment returns the attached annotations of a system's line (1-based),
// in their order.
func (r *Resolved) Segment(system string, line int) []Annotation {
	idx := r.bySeg[segKey{system, line}]
	out := make([]Annotation, len(idx))
	for i, j := range idx {
		out[i] = r.Attached[j].clone()
	}
	return out
}
