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
			if want == "" {
				return nil, usagef("--refs: %s; %s", emptyItem(list, "reference"), knownRefs(labels))
			}
			k := refIndex(ds.RefNames, labels, want)
			if k < 0 {
				return nil, usagef("--refs: there is no reference %q; %s", want, knownRefs(labels))
			}
			keep = append(keep, k)
		}
	}
	return ds.WithRefs(keep)
}

// knownRefs names the references --refs can pick, by their labels.
func knownRefs(labels []string) string {
	names := make([]string, len(labels))
	for i, l := range labels {
		names[i] = model.RefColumn(l)
		if l == "" {
			names[i] = "1"
		}
	}
	if len(names) == 1 {
		return "there is one reference, " + names[0] + " (by label or number)"
	}
	return "the references are " + strings.Join(names, ", ") + " (by label or number)"
}

// refIndex finds the reference want names: its label or its name, else
// the label that is want's number (2 finds ref02.txt's label 02), else
// its number from 1; -1 when none.
func refIndex(names, labels []string, want string) int {
	if want == "" {
		return -1
	}
	for k := range names {
		if want == labels[k] || want == names[k] {
			return k
		}
	}
	n, err := strconv.ParseUint(want, 10, 64)
	if err != nil {
		return -1
	}
	for k, l := range labels {
		if m, err := strconv.ParseUint(l, 10, 64); err == nil && m == n {
			return k
		}
	}
	if n >= 1 && n <= uint64(len(names)) {
		return int(n - 1)
	}
	return -1
}
