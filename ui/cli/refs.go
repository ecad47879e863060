package cli

import (
	"strconv"
	"strings"

	"github.com/bleuscope/bleuscope/model"
)

// selectRefs keeps the references sel names (comma-separated lists of
// labels as bleuscope shows them, such as A or 2, or of their names), in
// the order they were loaded, so that a corpus can be scored against a
// subset of its references: a teacher's demonstration of what a second
// reference does. An empty sel keeps them all.
func selectRefs(ds *model.Dataset, sel []string) (*model.Dataset, error) {
	if len(sel) == 0 {
		return ds, nil
	}
	labels := model.RefLabels(ds.RefNames)
	var keep []int
	for _, list := range sel {
		for _, want := range strings.Split(list, ",") {
			want = strings.TrimSpace(want)
			k := refIndex(ds.RefNames, labels, want)
			if k < 0 {
				names := make([]string, len(labels))
				for i, l := range labels {
					names[i] = model.RefColumn(l)
					if l == "" {
						names[i] = "1"
					}
				}
				if len(names) == 1 {
					return nil, usagef("--refs: there is no reference %q; there is one reference, %s (by label or number)", want, names[0])
				}
				return nil, usagef("--refs: there is no reference %q; the references are %s (by label or number)", want, strings.Join(names, ", "))
			}
			keep = append(keep, k)
		}
	}
	return ds.WithRefs(keep)
}

// refIndex finds the reference want names: its label, its number from 1,
// or its name; -1 when none.
func refIndex(names, labels []string, want string) int {
	for k := range names {
		if want != "" && (want == labels[k] || want == names[k] || want == strconv.Itoa(k+1)) {
			return k
		}
	}
	return -1
}
