package ui

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/model/annotations"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// detachedFile opens an annotation file holding a no-error mark on each
// of the first lines of the demo's first system (named system, hyps
// changed: the text it was made on, "" for the demo's).
func detachedFile(t *testing.T, ds *model.Dataset, marks map[string]int, changed bool) *annotations.Store {
	t.Helper()
	st := openStore(t, filepath.Join(t.TempDir(), "ann.jsonl"))
	line := 0
	for system, n := range marks {
		for range n {
			line++
			hyp := ds.Systems[0].Hyps[line-1]
			if changed {
				hyp = "a text the corpus no longer has"
			}
			a := annotations.Annotation{Kind: annotations.KindNoError, System: system, Line: line, Rater: "ana"}
			a.SetText(hyp, ds.Src[line-1])
			if _, err := st.MarkNoError(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	return st
}

// TestDetachedWordedByCause: annotations on a system the input does not
// have are counted as such in the open warning and the summary's heading,
// and those made on a text that changed as such; both were "made on a
// text that has since changed" (and the heading "whose text changed")
// while each row said "the input has no system of that name". The words
// fit from 60 columns.
func TestDetachedWordedByCause(t *testing.T) {
	ds := demoDataset(t)
	for _, tt := range []struct {
		what    string
		marks   map[string]int
		changed bool
		want    string
		head    *regexp.Regexp // the summary's, in any of its forms
		not     string
	}{
		{"a system not opened", map[string]int{"LT22": 4}, false, "4 annotations for a system not opened here (LT22)",
			regexp.MustCompile(`(?m)^4 (annotations )?for (a|no) system (not )?opened`), "since changed"},
		{"a text changed", map[string]int{ds.Systems[0].Name: 3}, true, "3 annotations made on a text that has since changed",
			regexp.MustCompile(`(?m)^3 (annotations )?(made )?on a (text that has since changed|changed text)`), "not opened"},
	} {
		st := detachedFile(t, ds, tt.marks, tt.changed)
		for _, w := range []int{60, 80, 120} {
			m := New(ds, model.DefaultSettings(), WithAnnotations(Annotating{Store: st, Preset: annotations.MQM(), Rater: "ana"}))
			next, _ := m.Update(tea.WindowSizeMsg{Width: w, Height: 16})
			m = drive(t, next.(Model), next.(Model).Init())
			ws := strings.Join(inputWarnings(m.c), "\n")
			if !strings.Contains(ws, tt.want) || strings.Contains(ws, tt.not) {
				t.Errorf("%s: the warnings say %q; want %q", tt.what, ws, tt.want)
			}
			m = press(t, m, "S", "G")
			v := ansi.Strip(m.View())
			if !tt.head.MatchString(v) || strings.Contains(v, tt.not) {
				t.Errorf("%s, %d columns: the summary does not head its detached annotations %v:\n%s", tt.what, w, tt.head, v)
			}
			for _, line := range strings.Split(v, "\n") {
				if ansi.StringWidth(line) > w {
					t.Errorf("%s, %d columns: a line is %d wide: %q", tt.what, w, ansi.StringWidth(line), line)
				}
			}
		}
	}
}
