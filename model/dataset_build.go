package model

import "fmt"

// NewDataset makes a [Dataset] of streams already in memory (a WMT MQM
// file opened as a corpus, for instance), checked as [Load] checks files:
// at least one system and one reference, names that differ, and one entry
// per segment in every stream. src may be nil (no source); refAbsent may
// be nil (every reference present) or else holds one flag per reference
// and segment. The slices are kept, not copied. Warnings about the
// hypotheses are computed as Load computes them and follow warnings.
func NewDataset(src []string, refNames []string, refs [][]string, refAbsent [][]bool, systems []System, warnings []string) (*Dataset, error) {
	if len(systems) == 0 {
		return nil, &InputError{Msg: "no system given; name at least one system"}
	}
	if len(refs) == 0 {
		return nil, &InputError{Msg: "no reference given; name at least one reference translation"}
	}
	if len(refNames) != len(refs) {
		return nil, &InputError{Msg: fmt.Sprintf("%d reference names for %d references; name each reference once", len(refNames), len(refs))}
	}
	n := len(systems[0].Hyps)
	if n == 0 {
		return nil, &InputError{Msg: fmt.Sprintf("system %s has no segments; give at least one", systems[0].Name)}
	}
	seen := map[string]bool{}
	for _, s := range systems {
		if seen[s.Name] {
			return nil, &InputError{Msg: fmt.Sprintf("the system name %q is given twice; name the systems apart", s.Name)}
		}
		seen[s.Name] = true
		if len(s.Hyps) != n {
			return nil, &InputError{Msg: fmt.Sprintf("system %s has %s but %s has %d; every stream needs one entry per segment", s.Name, plural(len(s.Hyps), "segment"), systems[0].Name, n)}
		}
	}
	for k, r := range refs {
		if len(r) != n || refAbsent != nil && len(refAbsent[k]) != n {
			return nil, &InputError{Msg: fmt.Sprintf("reference %s has %s but %s has %d; every stream needs one entry per segment", refNames[k], plural(len(r), "segment"), systems[0].Name, n)}
		}
	}
	if refAbsent != nil && len(refAbsent) != len(refs) {
		return nil, &InputError{Msg: fmt.Sprintf("%d presence lists for %d references; give one per reference", len(refAbsent), len(refs))}
	}
	if src != nil && len(src) != n {
		return nil, &InputError{Msg: fmt.Sprintf("the source has %s but %s has %d; every stream needs one entry per segment", plural(len(src), "segment"), systems[0].Name, n)}
	}
	ds := &Dataset{Src: src, RefNames: refNames, Refs: refs, RefAbsent: refAbsent, Systems: systems, Warnings: warnings}
	ds.countRefs()
	words := refWords(refNames)
	for _, s := range ds.Systems {
		ds.Warnings = append(ds.Warnings, ds.hypWarnings("system "+s.Name, s.Hyps, words, 0)...)
	}
	return ds, nil
}
