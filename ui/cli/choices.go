package cli

import (
	"fmt"
	"strings"
)

// parseChoices reads the values args given to the repeatable,
// comma-separated flag of fs called name (such as --kind or --by) whose
// choices are all, in the order all lists them; no value means every
// choice. Values are read in any case (MISSED is missed), as the
// explorer's query language reads names. A value parse rejects is a usage
// error naming the flag, the value as typed and the choices.
func parseChoices[T comparable](fs *flagSet, name string, args []string, all []T, parse func(string) (T, error), choices string) ([]T, error) {
	if len(args) == 0 {
		return all, nil
	}
	want := map[T]bool{}
	for _, a := range args {
		for _, s := range strings.Split(a, ",") {
			s = strings.TrimSpace(s)
			if s == "" {
				return nil, fs.badValue([]string{name}, "%s; list any of %s, comma-separated", emptyItem(a, "name"), choices)
			}
			v, err := parse(strings.ToLower(s))
			if err != nil {
				return nil, fs.badValue([]string{name}, "%q is not %s", s, choices)
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

// emptyItem says where list, a comma-separated value as typed, has its
// first empty item (or one of spaces), called what: "an empty name after
// \"bleu,\"", "an empty name before \",bleu\"", or "the name is empty" for
// an empty list; "" when every item has text.
func emptyItem(list, what string) string {
	items := strings.Split(list, ",")
	for i, item := range items {
		switch {
		case strings.TrimSpace(item) != "":
		case len(items) == 1:
			return "the " + what + " is empty"
		case i == 0:
			return fmt.Sprintf("an empty %s before %q", what, list[len(item):])
		default:
			return fmt.Sprintf("an empty %s after %q", what, strings.Join(items[:i], ",")+",")
		}
	}
	return ""
}
