package ui

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// TestAnalysisWhereNLTKRaises: under NLTK's method6, which raises on b's
// one-token second line, the wins table lists that segment as "no score",
// not as a tie, and the buckets by sentence score put it in a bucket of
// its own; enter on either lists it, and the header says what it is, the
// reason NLTK gives for raising on its BLEU giving way to that.
func TestAnalysisWhereNLTKRaises(t *testing.T) {
	fsys := fstest.MapFS{
		"ref.txt": {Data: []byte("the cat sat on the mat\nthe cat sat on the mat\na dog ran in the park\n")},
		"a.txt":   {Data: []byte("the cat sat on a mat\nthe cat sat on a mat\na dog ran in a park\n")},
		"b.txt":   {Data: []byte("the cat sat on a mat\nthe\na dog ran in the park\n")},
	}
	ds, err := model.Load(model.Input{Systems: []string{"a.txt", "b.txt"}, Refs: []string{"ref.txt"}, FS: fsys})
	if err != nil {
		t.Fatal(err)
	}
	set := model.DefaultSettings().WithOption(func(o *scoring.Options) {
		o.Compat = scoring.CompatNLTK
		o.NLTK.Smoothing.Method = 6
	})
	m := New(ds, set)
	next, _ := m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	m = drive(t, next.(Model), next.(Model).Init())
	m = press(t, openAnalysisScreen(t, press(t, m, "tab")), "right", "right")
	view := ansi.Strip(m.View())
	for _, want := range []string{"wins 1 33.3%", "ties 1 33.3%", "losses 0 0.0%", "no score 1 33.3%"} {
		if !strings.Contains(strings.Join(strings.Fields(view), " "), strings.Join(strings.Fields(want), " ")) {
			t.Errorf("the wins table of b against a lacks %q:\n%s", want, view)
		}
	}
	m = press(t, m, "G", "enter")
	if v := ansi.Strip(m.View()); !strings.Contains(v, "b or a has no sentence score") || !strings.Contains(v, "1 of 3") {
		t.Errorf("enter on the no-score row:\n%s", v)
	}
	m = press(t, m, "esc", "left", "m", "m", "G", "enter")
	if v := ansi.Strip(m.View()); !strings.Contains(v, "segments with no sentence score") || !strings.Contains(v, "1 of 3") {
		t.Errorf("enter on the no-score bucket:\n%s", v)
	}
	checkFit(t, "nltk method6 buckets", m.View(), 100, 30)
}
