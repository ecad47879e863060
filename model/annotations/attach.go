package annotations

import (
	"fmt"
	"strings"

	"github.com/bleuscope/bleuscope/model"
)

// Detached is an annotation that does not belong to the loaded input any
// more, and why.
type Detached struct {
	Annotation
	// Reason says what no longer matches, for a person to read beside the
	// annotation's system and line, which it does not repeat: a screen
	// names a system in the form it gives the name.
	Reason string
	// Shorter are Reason's wordings in fewer words, from the fuller to the
	// shortest ("the hypothesis changed", "hyp changed"), for a narrow
	// screen.
	Shorter []string
	// Cause is the kind of reason, by which warnings count them.
	Cause Cause
}

// Cause is why an annotation is detached, as warnings count them.
type Cause int

// The causes, in the order warnings give them.
const (
	// CauseNoSystem: the input has no system of its name (one not opened).
	CauseNoSystem Cause = iota
	// CauseUnclearSystem: several systems' names hold its name.
	CauseUnclearSystem
	// CauseNoSource: its span is on the source, which is not loaded.
	CauseNoSource
	// CauseChanged: its text changed, or its line is past the input's end.
	CauseChanged
)

// Resolved is a set of annotations matched to a loaded dataset.
type Resolved struct {
	// Attached are the annotations whose system, line and texts match
	// the dataset, in their order, each with System set to its system's
	// stable name ([model.System.StableName]).
	Attached []Annotation
	// Detached are the others: they stay in the file and are listed,
	// never shown on a segment.
	Detached []Detached

	bySeg map[segKey][]int
	// storedAs holds the name an attached annotation (by its index) is
	// stored under when that is not its system's stable name (see
	// [Resolved.StoredName]).
	storedAs map[int]string
}

type segKey struct {
	system string
	line   int
}

// Resolve matches anns to ds: an annotation is attached to its segment
// only when ds has its system and line, the hypothesis there hashes to its
// HypHash and, when it was made on a source, the source hashes to its
// SrcHash (a source-side span also needs the source loaded). Its system is
// found by its stable name, or by its display name, which files written
// before names were stable hold; else by the short name a system had
// beside others, which those files hold too ([systemOf]). Anything else
// is detached, with the reason.
func Resolve(anns []Annotation, ds *model.Dataset) *Resolved {
	r := &Resolved{bySeg: map[segKey][]int{}, storedAs: map[int]string{}}
	for _, a := range anns {
		si, reasons, cause := systemOf(ds, a.System)
		if si >= 0 {
			reasons, cause = detachReasons(&a, ds, si)
		}
		if len(reasons) > 0 {
			r.Detached = append(r.Detached, Detached{Annotation: a, Reason: reasons[0], Shorter: reasons[1:], Cause: cause})
			continue
		}
		if name := ds.Systems[si].StableName(); a.System != name {
			r.storedAs[len(r.Attached)] = a.System
			a.System = name
		}
		k := segKey{a.System, a.Line}
		r.bySeg[k] = append(r.bySeg[k], len(r.Attached))
		r.Attached = append(r.Attached, a)
	}
	return r
}

// StoredName returns the system name to store a under, made or edited on
// a system's line (a.System, that system's stable name): the name a's
// rater's other annotations there are stored under (an older file's may
// be the short name), so that the store takes them as the same segment's
// and a rater's marks on a segment stay under one name; where they are
// under two, that of the ones the store weighs a against first (an
// error's no-error mark, a no-error mark's errors, a score's score).
// With no other mark of the rater there, a.System.
func (r *Resolved) StoredName(a Annotation) string {
	name, rank := a.System, 3
	for _, j := range r.bySeg[segKey{a.System, a.Line}] {
		b := &r.Attached[j]
		if b.Rater != a.Rater || b.ID == 0 || b.ID == a.ID { // ID 0: only shown, not in the store
			continue
		}
		if k := storeRank(a.Kind, b.Kind); k < rank {
			name, rank = a.System, k
			if stored, ok := r.storedAs[j]; ok {
				name = stored
			}
		}
	}
	return name
}

// storeRank orders a rater's mark of kind b by how closely the store
// weighs a new or edited mark of kind a against it: 0, an error and a
// no-error mark (one replaces or refuses the other); 1, the same kind (a
// score replaces a score); 2, a score and another mark, which the store
// never compares.
func storeRank(a, b Kind) int {
	switch {
	case (a == KindScore) != (b == KindScore):
		return 2
	case a != b:
		return 0
	}
	return 1
}

// SystemOf returns the index of the system of ds an annotation stored
// under name is on, as [Resolve] finds it ([systemOf]), and whether there
// is one.
func SystemOf(ds *model.Dataset, name string) (int, bool) {
	si, _, _ := systemOf(ds, name)
	return si, si >= 0
}

// systemOf returns the index of the system an annotation stored under
// name is on: the one of that stable name; else the one whose stable name
// is name as the file holds it ([model.JSONName]), a UTF-8 name an older
// bleuscope stored as it was, which reads as bytes that are not UTF-8
// ("sys\xe8.txt"); else the one of that display name, which files
// written before names were stable hold; else the one
// whose stable name holds name as a run of its dot-separated parts ("LT22"
// in generaltest2022.de-en.hyp.LT22.en: the short name it is shown by
// beside other systems' files), when exactly one system's does. When none
// is, it returns -1 and why, in wordings from the fullest to the shortest,
// and the kind of reason.
func systemOf(ds *model.Dataset, name string) (int, []string, Cause) {
	for _, want := range []string{name, model.JSONName(name)} {
		for i, s := range ds.Systems {
			if s.StableName() == want {
				return i, nil, 0
			}
		}
	}
	for i, s := range ds.Systems {
		if s.Name == name {
			return i, nil, 0
		}
	}
	si, found := -1, 0
	for i, s := range ds.Systems {
		if holdsName(s.StableName(), name) {
			si, found = i, found+1
		}
	}
	switch found {
	case 0:
		return -1, []string{"the input has no system of that name", "no such system"}, CauseNoSystem
	case 1:
		return si, nil, 0
	}
	return -1, []string{fmt.Sprintf("%d systems' names hold that name, so which it was made on is not clear", found),
		fmt.Sprintf("%d systems' names hold it", found), "system unclear"}, CauseUnclearSystem
}

// holdsName reports whether the stable name stable holds name as a run of
// its dot-separated parts, as an older bleuscope's short name of a system
// ("LT22") is held by its file's name (generaltest2022.de-en.hyp.LT22.en).
func holdsName(stable, name string) bool {
	return name != "" && name != stable && strings.Contains("."+stable+".", "."+name+".")
}

// detachReasons says why a, of system si, is detached from ds, in
// wordings from the fullest to the shortest (the first is
// [Detached.Reason]), and the kind of reason; nil when it is attached.
func detachReasons(a *Annotation, ds *model.Dataset, si int) ([]string, Cause) {
	if a.Line > ds.Len() {
		return []string{fmt.Sprintf("line %d is beyond the input's %d segments", a.Line, ds.Len()),
			fmt.Sprintf("the input has %d segments", ds.Len()), "past the end"}, CauseChanged
	}
	if TextHash(ds.Systems[si].Hyps[a.Line-1]) != a.HypHash {
		return []string{"the hypothesis is not the text it was made on", "the hypothesis changed", "hyp changed"}, CauseChanged
	}
	if a.SrcHash == "" {
		return nil, 0
	}
	if ds.Src == nil {
		if a.Span != nil && a.Span.Side == SideSrc {
			return []string{"its span is on the source, which is not loaded", "its span is on the source", "source not loaded"}, CauseNoSource
		}
		return nil, 0
	}
	if TextHash(ds.Src[a.Line-1]) != a.SrcHash {
		return []string{fmt.Sprintf("the source of line %d is not the text it was made on", a.Line), "the source changed", "src changed"}, CauseChanged
	}
	return nil, 0
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

// Rated reports whether a system's line has an attached annotation, and
// whether one of them is an error.
func (r *Resolved) Rated(system string, line int) (rated, hasError bool) {
	for _, j := range r.bySeg[segKey{system, line}] {
		rated = true
		if r.Attached[j].Kind == KindError {
			hasError = true
		}
	}
	return rated, hasError
}

// NextUnrated returns the first line of system after the line after,
// going round from the end of its n lines to line 1, that has no attached
// annotation; 0 when every line has one.
func (r *Resolved) NextUnrated(system string, after, n int) int {
	for k := 1; k <= n; k++ {
		line := (after+k-1)%n + 1
		if len(r.bySeg[segKey{system, line}]) == 0 {
			return line
		}
	}
	return 0
}

// Penalty returns the MQM score of a system's line with p's weights: the
// weights of each rater's errors summed, averaged over the raters who
// rated it; ok is false when nobody did.
func (r *Resolved) Penalty(system string, line int, p *Preset) (score float64, ok bool) {
	var by raterValues
	for _, j := range r.bySeg[segKey{system, line}] {
		a := &r.Attached[j]
		w := by.of(a.Rater) // a rater with no error scores 0
		if a.Kind == KindError {
			*w += p.Weight(a.Category, a.Severity)
		}
	}
	if len(by) == 0 {
		return 0, false
	}
	return by.mean(), true
}
