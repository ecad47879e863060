package ui

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bleuscope/bleuscope/ui/render"
	"github.com/charmbracelet/x/ansi"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"
)

// annotateScreens are the annotator's steps and views, from the main
// screen.
var annotateScreens = []struct {
	name string
	keys []string
}{
	{"strip", nil},
	{"span", []string{"A"}},
	{"span first marked", []string{"A", "right", " ", "right", "right"}},
	{"span on the source", []string{"A", "tab", "end"}},
	{"category", []string{"A", "enter"}},
	{"category typed", []string{"A", "enter", "l"}},
	{"severity", []string{"A", "enter", "a", "m"}},
	{"note", []string{"A", "enter", "a", "m", "M", "w", "o", "r", "d"}},
	{"saved", []string{"A", "right", " ", "right", "enter", "a", "m", "M", "enter"}},
	{"two saved, zoomed", []string{"A", "enter", "a", "m", "M", "enter", "A", "tab", "enter", "a", "o", "m", "enter", "z"}},
	{"list", []string{"A", "enter", "a", "m", "M", "enter", "E"}},
	{"delete asked", []string{"A", "enter", "a", "m", "M", "enter", "E", "d"}},
	{"edit", []string{"A", "enter", "a", "m", "M", "enter", "E", "e"}},
	{"no error", []string{"N"}},
	{"next unannotated", []string{"N", "U"}},
	{"help", []string{"?"}},
	{"summary, nothing rated", []string{"S"}},
	{"export prompt", []string{"X"}},
	{"summary", []string{"A", "enter", "a", "m", "M", "enter", "U", "N", "S", "down", "tab", "shift+tab"}},
}

func TestAnnotateScreensFit(t *testing.T) {
	for _, size := range [][2]int{{60, 16}, {80, 24}, {120, 40}, {200, 50}} {
		w, h := size[0], size[1]
		for _, sc := range annotateScreens {
			m, _ := annotating(t, w, h)
			m = press(t, m, sc.keys...)
			checkFit(t, sc.name, m.View(), w, h)
		}
	}
}

// TestAnnotateRandomKeys walks the explorer with annotating on through a
// long random key sequence with resizes: nothing may panic, every view
// fits, and the file always reopens.
func TestAnnotateRandomKeys(t *testing.T) {
	keys := []string{"A", "E", "N", "U", "%", "up", "down", "left", "right", "h", "l", " ", "enter", "esc",
		"tab", "backspace", "a", "m", "M", "f", "g", "o", "x", "e", "d", "y", "n", "j", "k", "z", "?", "home", "end"}
	rng := rand.New(rand.NewPCG(3, 4))
	m, path := annotating(t, 80, 24)
	w, h := 80, 24
	for i := range 2000 {
		var msg tea.Msg
		if rng.IntN(30) == 0 {
			w, h = 60+rng.IntN(140), 16+rng.IntN(34)
			msg = tea.WindowSizeMsg{Width: w, Height: h}
		} else {
			msg = keyMsg(keys[rng.IntN(len(keys))])
		}
		next, cmd := m.Update(msg)
		m = drive(t, next.(Model), cmd)
		checkFit(t, "random annotating step "+itoa(i), m.View(), w, h)
	}
	reopen(t, path)
}

// TestGoldenAnnotatedSegment runs the explorer in a test terminal, marks
// two errors on the selected segment (a hypothesis span and a source
// span) and compares the final view with the golden file.
func TestGoldenAnnotatedSegment(t *testing.T) {
	m, _ := annotating(t, 100, 30)
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(100, 30))
	wait := func(text string) {
		teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(text)) },
			teatest.WithDuration(teatestPatience), teatest.WithCheckInterval(10*time.Millisecond))
	}
	wait("of 70 segments")
	for _, k := range []string{"A", "right", " ", "right", " ", "a", "m", "M", "w", "r", "o", "n", "g", " ", "v", "e", "r", "b", "enter"} {
		tm.Send(keyMsg(k))
	}
	wait("wrong verb")
	for _, k := range []string{"A", "tab", "end", "enter", "a", "o", "m", "enter"} {
		tm.Send(keyMsg(k))
	}
	wait("Accuracy/Omission")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	fm := tm.FinalModel(t, teatest.WithFinalTimeout(teatestPatience))
	teatest.RequireEqualOutput(t, []byte(fm.View()))
}

// TestHelpEntriesWhole: with annotating on, every entry of the help reads
// whole at 60, 100 and 160 columns: it fits its column, and no phrase
// stops short ("E edit/delete this segment's" named no object).
func TestHelpEntriesWhole(t *testing.T) {
	ds := demoDataset(t)
	for _, w := range []int{60, 100, 160} {
		m, _ := annotatingOn(t, ds, w, 40)
		for _, b := range slices.Concat(m.c.keys.FullHelp()...) {
			h := b.Help()
			if !b.Enabled() || h.Key == "" {
				continue
			}
			if render.Cells(render.PadRight(h.Key, 8)+" "+h.Desc) > min(helpColumn, w) {
				t.Errorf("%d columns: %s %q is cut to its column", w, h.Key, h.Desc)
			}
			if strings.HasSuffix(h.Desc, "'s") {
				t.Errorf("%d columns: %s %q stops short of what it is about", w, h.Key, h.Desc)
			}
		}
		v := ansi.Strip(helpContent(m.c, w)) // the whole screen, scrolled or not
		if !strings.Contains(v, "edit/delete segment's marks") {
			t.Errorf("%d columns: the help does not say what E edits:\n%s", w, v)
		}
	}
}
