package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/model/annotations"
	"github.com/bleuscope/bleuscope/ui/render"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// everyNameForm returns the forms name takes in frame as [nameForms]
// finds them, and also a start of the name cut at its end ("JDExp…cad…",
// "JDExp…"), another form of it.
func everyNameForm(frame, name string) map[string]bool {
	forms := nameForms(frame, name)
	for _, f := range strings.FieldsFunc(frame, nameSeparator) {
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

// longName is a system name of 60 characters, as a file name can be.
const longName = "generaltest2022.de-en.hyp.JDExploreAcademy.primary-final-v02"

// TestLongNameOneFormElsewhere: a long system name takes one form on a
// frame of the charts screen (with and without a filter), of the
// annotation summary, and of the main screen with an annotation status
// about the system; the charts title and the status stand whole (the
// charts title printed the whole name, and at 60 columns was cut before
// its filter; "every segment of … is annotated" did too, on two lines).
func TestLongNameOneFormElsewhere(t *testing.T) {
	ds := loadJSONL(t,
		`{"refs": ["the cat sat on the mat"], "hyps": {"`+longName+`": "the cat sat on a mat", "JDExploreAcademy": "a cat sat"}}`,
		`{"refs": ["a dog ran in the park"], "hyps": {"`+longName+`": "a dog ran in a park", "JDExploreAcademy": "the dog ran"}}`,
	)
	if len(longName) != 60 {
		t.Fatalf("the long name has %d characters", len(longName))
	}
	for w := 60; w <= 130; w += 10 {
		m, _ := annotatingOn(t, ds, w, 16)
		short := m.c.shortName(0)
		summaryName := short // the summary names a system in full when its column has room
		if w-render.Cells(longName) >= 40 {
			summaryName = longName
		}
		for _, c := range []struct {
			what  string
			keys  []string
			whole string // what must stand whole on the frame
		}{
			{"charts", []string{"h"}, "charts · " + short + " · ^ line 1"},
			{"filtered charts", []string{"/", "c", "a", "t", "enter", "h"}, "charts · " + short + " · ^ line 1 · "},
			{"annotation summary", []string{"S"}, "errors of " + summaryName},
			{"annotation status", []string{"N", "down", "N", "U"}, "every segment of " + short + " is annotated"},
		} {
			frame := ansi.Strip(press(t, m, c.keys...).View())
			for _, name := range []string{longName, "JDExploreAcademy"} {
				if forms := everyNameForm(frame, name); len(forms) > 1 {
					t.Errorf("%s at %d columns: %s is shown as %v:\n%s", c.what, w, name, forms, frame)
				}
			}
			if !strings.Contains(frame, c.whole) || strings.HasPrefix(c.what, "filtered") && !strings.Contains(strings.Split(frame, "\n")[0], "filtered") {
				t.Errorf("%s at %d columns: %q is not whole on the frame:\n%s", c.what, w, c.whole, frame)
			}
		}
	}
}

// TestSummaryDetachedOneForm: the annotation summary's list of detached
// annotations names a system in the form its table does, once a row; it
// printed the whole name, and its reason named it again ("the hypothesis
// of generaltest2022…v02 line 2 is not the text it was made on").
func TestSummaryDetachedOneForm(t *testing.T) {
	ds := loadJSONL(t,
		`{"refs": ["the cat sat on the mat"], "hyps": {"`+longName+`": "the cat sat on a mat", "JDExploreAcademy": "a cat sat"}}`,
		`{"refs": ["a dog ran in the park"], "hyps": {"`+longName+`": "a dog ran in a park", "JDExploreAcademy": "the dog ran"}}`,
	)
	changed := annotations.Annotation{Kind: annotations.KindError, System: longName, Line: 2, Rater: "ext", Category: "Other", Severity: "Minor"}
	changed.SetText("a text the corpus no longer has", "")
	for w := 60; w <= 130; w += 10 {
		m := New(ds, model.DefaultSettings(), WithAnnotations(Annotating{Preset: annotations.MQM(), Extra: []annotations.Annotation{changed}}))
		next, _ := m.Update(tea.WindowSizeMsg{Width: w, Height: 40})
		m = drive(t, next.(Model), next.(Model).Init())
		frame := ansi.Strip(press(t, m, "S").View())
		row := regexp.MustCompile(`(?m)^ +(\S+) line 2, .*$`).FindStringSubmatch(frame)
		if row == nil {
			t.Fatalf("%d columns: the summary does not list the detached annotation:\n%s", w, frame)
		}
		if forms := everyNameForm(frame, longName); len(forms) > 1 || strings.Count(row[0], row[1]) > 1 {
			t.Errorf("%d columns: %s is shown as %v, its detached row %q:\n%s", w, longName, forms, row[0], frame)
		}
	}
}

// TestSummaryNamesWhole: at 60 columns the annotation summary shows
// 13-character system names whole, in its table and its title, the number
// columns keeping only the room they need (it cut them to "metri…ystem1"
// beside columns wider than their numbers); with 60-character names it
// shows their short form, one per name, and nothing overflows.
func TestSummaryNamesWhole(t *testing.T) {
	for _, names := range [][]string{{"metricsystem1", "metricsystem2", "metricsystem3"}, {longName, "newstest2022.de-en.hyp.JDExploreAcademy.primary-final-v02-other", "short"}} {
		ds := demoDataset(t)
		for i, name := range names {
			ds.Systems[i].Name = name
		}
		for _, size := range [][2]int{{60, 16}, {80, 24}} {
			w, h := size[0], size[1]
			m, _ := annotatingOn(t, ds, w, h)
			v := press(t, m, "S").View()
			checkFit(t, "annotation summary", v, w, h)
			frame := ansi.Strip(v)
			for i, name := range names {
				want := name
				if render.Cells(name) > w-40 {
					want = m.c.shortName(i)
				}
				if !regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(want) + ` +\d`).MatchString(frame) {
					t.Errorf("%d columns: the table does not show %q as %q:\n%s", w, name, want, frame)
				}
				if forms := everyNameForm(frame, name); len(forms) > 1 {
					t.Errorf("%d columns: %s is shown as %v:\n%s", w, name, forms, frame)
				}
				if i == 0 && !strings.Contains(frame, "errors of "+want+" by category") {
					t.Errorf("%d columns: the title does not name %q as %q:\n%s", w, name, want, frame)
				}
			}
		}
	}
}

// TestNameCutKeepsStart: a system's name too long for its place is cut at
// its end, keeping the readable start ("JDExploreAc…", where the header,
// the pane and the significance screen read "JDExp…cademy" at 60
// columns), unless its end is what tells it from another system loaded:
// then that end stays ("JDExp…-2022", "JDExp…-2023").
func TestNameCutKeepsStart(t *testing.T) {
	ds := longNames(t)
	for _, keys := range [][]string{{}, {"v"}, {"B"}} {
		frame := ansi.Strip(press(t, ready(t, ds, 60, 30), keys...).View())
		if !strings.Contains(frame, "JDExploreAc…") || strings.Contains(frame, "JDExp…cademy") {
			t.Errorf("%v at 60 columns: JDExploreAcademy is not cut at its end:\n%s", keys, frame)
		}
	}
	ds.Systems[0].Name, ds.Systems[1].Name = "JDExploreAcademy-primary-2022", "JDExploreAcademy-primary-2023"
	frame := ansi.Strip(press(t, ready(t, ds, 60, 30), "v").View())
	for _, end := range []string{"-2022", "-2023"} {
		if !regexp.MustCompile(`JDExp\S*…\S*` + end).MatchString(frame) {
			t.Errorf("60 columns: the name ending %q lost the end that tells it apart:\n%s", end, frame)
		}
	}
}
