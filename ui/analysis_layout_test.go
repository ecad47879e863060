package ui

import (
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model"
	"github.com/charmbracelet/x/ansi"
)

// longNames is the demo corpus with the long and short system names of a
// WMT submission list, as a user test had them.
func longNames(t *testing.T) *model.Dataset {
	t.Helper()
	ds := demoDataset(t)
	for i, name := range []string{"LT22", "JDExploreAcademy", "Online-W-submission-2022"} {
		ds.Systems[i].Name = name
	}
	return ds
}

// anaFrames opens the analysis screen at w×h on ds and returns every frame
// of its tables, modes and groupings, in plain text.
func anaFrames(t *testing.T, ds *model.Dataset, w, h int) []string {
	t.Helper()
	m := openAnalysisScreen(t, ready(t, ds, w, h))
	var frames []string
	for _, k := range []string{"", "1", "m", "m", "m", "0", "right", "m", "m", "right", "tab", "left", "left"} {
		if k != "" {
			m = press(t, m, k)
		}
		frames = append(frames, ansi.Strip(m.View()))
	}
	return frames
}

// nameForms returns the forms name takes in frame: the whole name, and
// each abbreviation ("JDExp…cademy": a start of the name, "…", an end of
// it).
func nameForms(frame, name string) map[string]bool {
	forms := map[string]bool{}
	if strings.Contains(frame, name) {
		forms[name] = true
	}
	for _, f := range strings.FieldsFunc(frame, func(r rune) bool { return r == ' ' || r == '\'' || r == ',' || r == ':' || r == '“' || r == '”' }) {
		head, tail, ok := strings.Cut(f, "…")
		if ok && len(head) >= 2 && len(tail) >= 2 && strings.HasPrefix(name, head) && strings.HasSuffix(name, tail) {
			forms[f] = true
		}
	}
	return forms
}

// TestAnalysisOneAbbreviation: a system's name takes one form on a frame
// of the analysis screen, in the title, the note and the columns alike (a
// user saw "JDExp…cademy" in the title and "JDExplo…Academy" in the
// salient table's head at 60 columns).
func TestAnalysisOneAbbreviation(t *testing.T) {
	ds := longNames(t)
	for _, w := range []int{60, 80, 100, 120} {
		for i, frame := range anaFrames(t, ds, w, max(16, w/4)) {
			for _, s := range ds.Systems {
				if forms := nameForms(frame, s.Name); len(forms) > 1 {
					t.Errorf("%d columns, frame %d: %s is shown as %v:\n%s", w, i, s.Name, forms, frame)
				}
			}
		}
	}
}
