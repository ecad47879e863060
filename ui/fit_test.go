package ui

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// screens opens every screen of the explorer from the main one.
var screens = []struct {
	name string
	keys []string
}{
	{"main", nil},
	{"zoom", []string{"enter"}},
	{"help", []string{"?"}},
	{"ledger", []string{"x"}},
	{"ledger all orders", []string{"0", "x"}},
	{"charts", []string{"h"}},
	{"charts filtered", []string{"/", "t", "h", "e", "enter", "h"}},
	{"charts nltk", []string{"c", "h"}},
	{"charts scrolled", []string{"h", "G"}},
	{"explain", []string{"e"}},
	{"lessons", []string{"L"}},
	{"filter typing", []string{"/", "t", "h", "e"}},
	{"filter no match", []string{"/", "z", "q", "x", "enter"}},
	{"jump typing", []string{":", "1", "2"}},
	{"compare", []string{"v"}},
	{"all orders", []string{"a"}},
	{"nltk", []string{"c", "m", "m"}},
	{"order 9", []string{"+", "+", "+", "+", "+", "9"}},
	{"sorted by delta", []string{"o", "o", "o", "o"}},
	{"significance", []string{"B"}},
	{"significance chrF", []string{"B", "M"}},
	{"significance TER, AR", []string{"B", "M", "M", "T"}},
	{"significance help", []string{"B", "?"}},
}

func TestScreensFit(t *testing.T) {
	ds := demoDataset(t)
	for _, size := range [][2]int{{60, 16}, {80, 24}, {120, 40}, {200, 50}} {
		w, h := size[0], size[1]
		for _, sc := range screens {
			m := press(t, ready(t, ds, w, h), sc.keys...)
			checkFit(t, sc.name, m.View(), w, h)
		}
		// Before the first scores land: the loading screen.
		next, _ := New(ds, model.DefaultSettings()).Update(tea.WindowSizeMsg{Width: w, Height: h})
		loading := next.(Model)
		_, _, prog := loading.jobs.current(jobScore)
		prog.set(10, 70)
		if v := loading.View(); !strings.Contains(v, "scoring") {
			t.Errorf("before the scores land the view does not say it is scoring:\n%s", v)
		} else {
			checkFit(t, "loading", v, w, h)
		}
	}
}

func TestTooSmall(t *testing.T) {
	ds := demoDataset(t)
	for _, size := range [][2]int{{59, 16}, {60, 15}, {40, 10}, {20, 5}, {12, 1}, {1, 1}} {
		m := ready(t, ds, size[0], size[1])
		v := m.View()
		if !strings.HasPrefix(v, "window too small") && size[0] > 20 {
			t.Errorf("at %d×%d View = %q; want it to say the window is too small", size[0], size[1], v)
		}
		// The size needed is shown whenever there is room for it.
		if flat := strings.Join(strings.Fields(v), " "); size[0]*size[1] >= 60 && !strings.Contains(flat, "needs 60×16") {
			t.Errorf("at %d×%d View = %q; want the size needed", size[0], size[1], v)
		}
		checkFit(t, "too small", v, size[0], size[1])
	}
}

// TestResizeKeepsFit: one explorer resized again and again (through a
// window too small and back) fits every size, and every size it can draw
// still shows the segment selected, compared with the baseline's: the
// screen each check looks at is the one the keys opened.
func TestResizeKeepsFit(t *testing.T) {
	m := press(t, ready(t, demoDataset(t), 120, 40), "j", "j", "v")
	seg := m.list.seg
	for _, size := range [][2]int{{60, 16}, {200, 50}, {61, 17}, {80, 24}, {30, 10}, {150, 30}} {
		next, _ := m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		m = next.(Model)
		v := m.View()
		checkFit(t, "after resize", v, size[0], size[1])
		if size[0] >= minWidth && size[1] >= minHeight && (m.list.seg != seg || !m.pane.compare || !strings.Contains(ansi.Strip(v), fmt.Sprintf("line %d ·", seg+1))) {
			t.Errorf("after resize to %v: line %d selected, compare %v; want line %d compared, on screen:\n%s", size, m.list.seg+1, m.pane.compare, seg+1, ansi.Strip(v))
		}
	}
}

// TestRandomKeys feeds long random sequences of every key the explorer
// answers to (and text typed at its prompts), with resizes and mouse
// events, through Update and View, without annotations and with an
// annotation file: nothing may panic and every view fits.
func TestRandomKeys(t *testing.T) {
	ds := demoDataset(t)
	t.Chdir(t.TempDir()) // X exports to a file named at its prompt
	keys := []string{"up", "down", "j", "k", "pgup", "pgdown", "b", "f", "home", "end", "g", "G", "enter", "esc",
		"tab", "shift+tab", "?", "x", "e", "L", "/", ":", "#", "o", "r", "v", "w", "p", "a", "0", "1", "2", "3",
		"4", "5", "9", "+", "-", "t", "l", "s", "c", "m", "M", "R", "J", "K", "ctrl+d", "ctrl+u", "z", "backspace",
		"delete", "ctrl+w", "left", "right", "q", "h", "7", " ", "B", "T", "i", "n", "!", "X",
		"A", "E", "N", "U", "%", "S", "u", "y", "d", "the", "len>3", "bleu<50", "\"", "50"}
	annotating, _ := annotatingOn(t, ds, 80, 24)
	for _, run := range []struct {
		name  string
		m     Model
		steps int
		seed  uint64
	}{{"without annotations", ready(t, ds, 80, 24), 3000, 2}, {"annotating", annotating, 2000, 3}} {
		rng := rand.New(rand.NewPCG(1, run.seed))
		m := run.m
		w, h := 80, 24
		for i := range run.steps {
			var msg tea.Msg
			switch r := rng.IntN(40); {
			case r == 0:
				w, h = 40+rng.IntN(180), 10+rng.IntN(50)
				msg = tea.WindowSizeMsg{Width: w, Height: h}
			case r == 1:
				msg = tea.MouseMsg{X: rng.IntN(w), Y: rng.IntN(h), Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress}
			case r == 2:
				msg = tea.MouseMsg{X: rng.IntN(w), Y: rng.IntN(h), Button: tea.MouseButtonLeft, Action: tea.MouseActionPress}
			default:
				k := keys[rng.IntN(len(keys))]
				if k == "q" && m.list.typing == typingNone {
					continue // quitting ends nothing here, but keep the walk going through screens
				}
				msg = keyMsg(k)
			}
			next, cmd := m.Update(msg)
			m = drive(t, next.(Model), cmd)
			v := m.View()
			if w >= minWidth && h >= minHeight {
				checkFit(t, run.name+": random walk step "+itoa(i), v, w, h)
			}
		}
	}
}

// TestNarrowHeaderKeepsCount: at 60 columns the header's third line keeps
// the number of segments shown, ahead of the signature, worded as at 100
// columns and on the significance screen ("69 of 70"), where it said
// "70/70 shown" and "69/70".
func TestNarrowHeaderKeepsCount(t *testing.T) {
	m := ready(t, demoDataset(t), 60, 16)
	third := strings.Split(ansi.Strip(m.View()), "\n")[2]
	if !strings.HasPrefix(third, "70 of 70 segments") {
		t.Errorf("the third header line at 60 columns is %q; want it to start with 70 of 70 segments", third)
	}
	m = press(t, typeText(t, press(t, m, "/"), "the"), "enter")
	third = strings.Split(ansi.Strip(m.View()), "\n")[2]
	if want := itoa(len(m.list.rows)) + " of 70 "; len(m.list.rows) == 70 || !strings.HasPrefix(third, want) || !strings.Contains(third, "“the”") {
		t.Errorf("filtered, the third header line at 60 columns is %q; want it to start with %q, fewer than 70", third, want)
	}
}

// TestLongNamesCutInTheMiddle: two systems whose long names share their
// start stay apart in the header and the analysis titles.
func TestLongNamesCutInTheMiddle(t *testing.T) {
	ds := demoDataset(t)
	ds.Systems = ds.Systems[:2]
	ds.Systems[0].Name = "experiment-transformer-big-baseline-run1"
	ds.Systems[1].Name = "experiment-transformer-big-baseline-run2"
	for _, w := range []int{60, 120} {
		first := strings.Split(ansi.Strip(ready(t, ds, w, 24).View()), "\n")[0]
		if !strings.Contains(first, "-run1") || !strings.Contains(first, "-run2") {
			t.Errorf("%d columns: the header's first line loses the names' ends: %q", w, first)
		}
	}
	m := ready(t, ds, 120, 40)
	m = openAnalysisScreen(t, m)
	if title := strings.Split(ansi.Strip(m.View()), "\n")[0]; !strings.Contains(title, "-run1") {
		t.Errorf("the analysis title loses the name's end: %q", title)
	}
	for _, keys := range [][]string{{"esc", "B"}, {"esc", "x"}} {
		v := ansi.Strip(press(t, m, keys...).View())
		if title := strings.Split(v, "\n")[0]; !strings.Contains(title, "-run") {
			t.Errorf("%v: the title loses the name's end: %q", keys, title)
		}
	}
}

// TestTooSmallKeysWait: below the minimum size, where the screen only
// says so, keys do not act unseen (a researcher at 20×6 pressed n and B,
// and the explorer went to those screens blind): only q does, which the
// screen says, and ctrl+c; ? waits too (the help opened unseen, the
// screen still saying the window is too small, and showed once it was
// resized); a mouse click selects nothing. Once the window is large
// enough every key acts again.
func TestTooSmallKeysWait(t *testing.T) {
	m := ready(t, demoDataset(t), 100, 30)
	resize := func(m Model, w, h int) Model {
		next, _ := m.Update(tea.WindowSizeMsg{Width: w, Height: h})
		return next.(Model)
	}
	m = resize(m, 20, 6)
	if flat := strings.Join(strings.Fields(resize(m, 60, 15).View()), " "); !strings.Contains(flat, "only q (quit) acts.") {
		t.Errorf("too small, the screen does not say which keys act:\n%s", flat)
	}
	seg := m.list.selection(m.c).seg
	for _, k := range []string{"n", "B", "tab", "down", "t", "/", "e", "L", "?"} {
		if got := press(t, m, k); got.screen != screenMain || got.list.view.System != m.list.view.System ||
			got.list.selection(got.c).seg != seg || got.c.set != m.c.set || got.list.typing != typingNone {
			t.Errorf("%s at 20×6 acted: screen %v, system %d, segment %d, prompt %v", k, got.screen, got.list.view.System, got.list.selection(got.c).seg, got.list.typing)
		}
	}
	next, _ := m.Update(tea.MouseMsg{X: 2, Y: 5, Button: tea.MouseButtonLeft, Action: tea.MouseActionPress})
	if got := next.(Model); got.list.selection(got.c).seg != seg {
		t.Errorf("a click at 20×6 selected segment %d", got.list.selection(got.c).seg)
	}
	if _, cmd := m.Update(keyMsg("q")); cmd == nil {
		t.Errorf("q at 20×6 does not quit")
	} else if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Errorf("q at 20×6 does not quit")
	}
	// In a prompt, q is a letter: only ctrl+c acts, as the screen says.
	typing := resize(press(t, resize(m, 100, 30), "/"), 20, 6)
	if got := press(t, typing, "q"); got.list.filter.text() != "" {
		t.Errorf("q typed at 20×6 went into the prompt: %q", got.list.filter.text())
	}
	if flat := strings.Join(strings.Fields(resize(typing, 59, 16).View()), " "); !strings.Contains(flat, "only ctrl+c (quit) acts") {
		t.Errorf("too small while typing, the screen does not say ctrl+c quits:\n%s", flat)
	}
	if got := press(t, resize(m, 100, 30), "n"); got.screen != screenAnalysis {
		t.Errorf("n once the window is large enough: screen %v", got.screen)
	}
}
