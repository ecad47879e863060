package ui

import (
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bleuscope/bleuscope/model"
	"github.com/charmbracelet/x/ansi"
)

// TestWalkthroughTitle: the walk-through (e) names the line and the
// system it explains, as explain does, with the name escaped and cut
// (at its end, the only system's) to fit at 60 columns; its footer says what is left to scroll
// in words ("↓ 7 more lines", "↑ 7 lines above"), never a bare "0%".
func TestWalkthroughTitle(t *testing.T) {
	name := "JDExploreAcademy-constrained-\x1b]2;pwned\x07-LT22"
	fsys := fstest.MapFS{
		"ref": {Data: []byte("a b c\nthe cat sat on the mat near the old red door of the house by the sea\n")},
		"hyp": {Data: []byte("a b c\nthe cat sat on a mat by the old door of a house near the sea\n")},
	}
	ds, err := model.Load(model.Input{Systems: []string{name + "=hyp"}, Refs: []string{"ref"}, FS: fsys})
	if err != nil {
		t.Fatal(err)
	}
	percent := regexp.MustCompile(`\d%`)
	for _, size := range [][2]int{{60, 16}, {120, 40}} {
		w, h := size[0], size[1]
		m := press(t, ready(t, ds, w, h), ":", "2", "enter", "e")
		if m.screen != screenExplain {
			t.Fatalf("%d×%d: e did not open the walk-through", w, h)
		}
		scrolled := false
		for step := range 9 {
			v := m.View()
			lines := strings.Split(ansi.Strip(v), "\n")
			title := lines[0]
			if !strings.HasPrefix(title, "Sentence BLEU of line 2, system JDExplore") || w > 60 && !strings.HasSuffix(title, "-LT22") {
				t.Errorf("%d×%d step %d: title %q; want line 2 and the system's name", w, h, step+1, title)
			}
			if strings.ContainsRune(v, '\x1b') && !strings.Contains(title, "␛") || strings.Contains(title, "\x07") {
				t.Errorf("%d×%d: the system's name reaches the terminal raw: %q", w, h, title)
			}
			if w == 60 && !strings.Contains(title, "…") {
				t.Errorf("60 columns: the long name is not cut: %q", title)
			}
			foot := lines[len(lines)-1]
			if percent.MatchString(foot) {
				t.Errorf("%d×%d step %d: the footer gives an unexplained percentage: %q", w, h, step+1, foot)
			}
			if strings.HasPrefix(foot, "↓ ") {
				if !regexp.MustCompile(`^↓ \d+ more lines? · esc`).MatchString(foot) {
					t.Errorf("%d×%d step %d: footer %q", w, h, step+1, foot)
				}
				scrolled = true
				end := press(t, m, "pgdown", "pgdown", "pgdown", "pgdown", "pgdown", "pgdown", "pgdown", "pgdown")
				el := strings.Split(ansi.Strip(end.View()), "\n")
				if f := el[len(el)-1]; !regexp.MustCompile(`^↑ \d+ lines? above · esc`).MatchString(f) {
					t.Errorf("%d×%d step %d scrolled to the end: footer %q", w, h, step+1, f)
				}
			}
			checkFit(t, "walk-through", v, w, h)
			m = press(t, m, "n")
		}
		if w == 60 && !scrolled {
			t.Errorf("60×16: no step had more text than the screen, so the footer went untested")
		}
	}
}

// TestWalkthroughAboutKeepsSteps: naming the segment only makes room for
// the title; the steps, which take a while on a long segment, are not
// rendered again. From a review.
func TestWalkthroughAboutKeepsSteps(t *testing.T) {
	m := ready(t, demoDataset(t), 120, 40)
	e := m.list.selection(m.c)
	in := model.Explain(m.c.ds.Segment(e.sys, e.seg), m.c.set.Sentence)
	w := NewWalkthrough(in.Detail, in.Result, in.Opt, m.c.st, 120, 40)
	named := w.About("line 3", "fluent")
	if &named.steps[0] != &w.steps[0] {
		t.Error("About rendered the steps again")
	}
	if named.vp.Height != w.vp.Height-2 {
		t.Errorf("viewport %d lines with the title and settings, %d without; want two fewer", named.vp.Height, w.vp.Height)
	}
}

// TestWalkthroughShowsSettings: under its title the walk-through (e) gives
// the settings the segment is scored under, as explain prints the
// signature under its title: after s (floor) and + (N=5) it says so,
// whole fields only, at 60 columns and at 100.
func TestWalkthroughShowsSettings(t *testing.T) {
	for _, size := range [][2]int{{60, 16}, {100, 30}} {
		w, h := size[0], size[1]
		m := press(t, ready(t, demoDataset(t), w, h), "s", "+", "e")
		if m.screen != screenExplain {
			t.Fatalf("%d×%d: e did not open the walk-through", w, h)
		}
		sig := strings.Split(ansi.Strip(m.View()), "\n")[1]
		if !strings.Contains(sig, "floor[0.10]|") || !strings.HasSuffix(sig, " · N=5") || !strings.Contains(sig, "tok:13a|") || ansi.StringWidth(sig) > w {
			t.Errorf("%d×%d: the line under the title is %q; want the signature with floor smoothing and N=5", w, h, sig)
		}
		if w == 100 && !strings.HasPrefix(sig, "nrefs:2|case:mixed|eff:yes|") {
			t.Errorf("100 columns: %q; want the signature in full", sig)
		}
	}
}
