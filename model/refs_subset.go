package model

import "fmt"

// WithRefs returns the dataset scored against the references keep names
// (indices into d.Refs, kept in load order, each once), sharing d's
// source, systems and warnings: how a corpus is scored against a subset
// of its references, to show what a second reference does to the score.
// d itself is unchanged.
func (d *Dataset) WithRefs(keep []int) (*Dataset, error) {
	want := make([]bool, len(d.Refs))
	for _, k := range keep {
		if k < 0 || k >= len(d.Refs) {
			return nil, fmt.Errorf("model: there is no reference %d (the dataset has %d)", k+1, len(d.Refs))
		}
		want[k] = true
	}
	out := &Dataset{Src: d.Src, Systems: d.Systems, SegIDs: d.SegIDs, Warnings: d.Warnings}
	labels := d.ReferenceLabels()
	for k, ok := range want {
		if !ok {
			continue
		}
		out.RefNames = append(out.RefNames, d.RefNames[k])
		out.refLabels = append(out.refLabels, labels[k])
		out.Refs = append(out.Refs, d.Refs[k])
		if d.RefAbsent != nil {
			out.RefAbsent = append(out.RefAbsent, d.RefAbsent[k])
		}
	}
	if len(out.Refs) == 0 {
		return nil, &InputError{Msg: "no reference kept; keep at least one reference"}
	}
	out.countRefs()
	return out, nil
}
