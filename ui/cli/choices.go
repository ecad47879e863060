package cli

import "strings"

// parseChoices reads the values of a repeatable, comma-separated flag
// (such as --kind or --by) whose choices are all, in the order all lists
// them; no value means every choice. Values are read in any case (MISSED
// is missed), as the explorer's query language reads names. A value parse
// rejects is a usage error naming the flag and the choices.
func parseChoices[T comparable](args []string, all []T, parse func(string) (T, error), flag, choices string) ([]T, error) {
	if len(args) == 0 {
		return all, nil
	}
	want := map[T]bool{}
	for _, a := range args {
		for _, s := range strings.Split(a, ",") {
			v, err := parse(strings.ToLower(strings.TrimSpace(s)))
			if err != nil {
				return nil, usagef("%s %q: give %s", flag, s, choices)
			}
			want[v] = true
		}
	}
	var picked []T
	for _, v := range all {
		if want[v] {
			picked = append(picked, v)
		}
	}
	return picked, nil
}
