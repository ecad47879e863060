package ui

import (
	"strings"
	"testing"
	"unicode"

	"github.com/charmbracelet/x/ansi"
)

// everyNameForm returns the forms name takes in frame as [nameForms]
// finds them, and also a start of the name cut at its end ("JDExp…cad…",
// "JDExp…"), another form of it.
func everyNameForm(frame, name string) map[string]bool {
	forms := nameForms(frame, name)
	for _, f := range strings.FieldsFunc(frame, func(r rune) bool {
		return unicode.IsSpace(r) || r == '\'' || r == ',' || r == ':' || r == '"'
	}) {
		if head, _, ok := strings.Cut(f, "…"); ok && len(head) >= 2 && strings.HasPrefix(name, head) {
			forms[f] = true
		}
	}
	return forms
}

// TestOneAbbreviationPerFrame: a system's name takes one form on a frame
// of the main screen (the header, the list's column head, the segment
// pane, in compare view and zoomed too, the status line) and of the
// significance screen (the title, the verdict, the table, the histogram's
// caption), at every width (a user saw "JDExp…cademy" in the header and
// "JDExp…ademy" in the pane at 60 columns, and the significance table
// cut the names to its column where its title did not).
func TestOneAbbreviationPerFrame(t *testing.T) {
	ds := longNames(t)
	for _, keys := range [][]string{
		{}, {"tab"}, {"tab", "tab"}, {"v"}, {"tab", "v"}, {"tab", "tab", "v"}, {"tab", "enter"}, {"tab", "x"},
		{"i"}, {"tab", "i"}, {"tab", "p"},
		{"B"}, {"B", "down"}, {"B", "down", "down"}, {"B", "T"}, {"B", "T", "down", "down"}, {"tab", "tab", "B"},
	} {
		for _, w := range []int{60, 65, 70, 80, 90, 100, 120, 140, 200} {
			frame := ansi.Strip(press(t, ready(t, ds, w, 30), keys...).View())
			for _, s := range ds.Systems {
				if forms := everyNameForm(frame, s.Name); len(forms) > 1 {
					t.Errorf("%v at %d columns: %s is shown as %v:\n%s", keys, w, s.Name, forms, frame)
				}
			}
		}
	}
}
