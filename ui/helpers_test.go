package ui

import (
	"io/fs"
	"os"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/bleuscope/bleuscope/fixtures"
	"github.com/bleuscope/bleuscope/model"
	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// teatestPatience is how long a teatest program may take to reach the
// screen a test waits for, or to end. A passing test returns as soon as it
// does, so the bound is generous: on a loaded two-core machine 5 s was seen
// to run out.
const teatestPatience = 60 * time.Second

func TestMain(m *testing.M) {
	lipgloss.SetColorProfile(termenv.Ascii)
	// Tests read the rows a key makes inside Update; on a loaded machine
	// a filter of the demo corpus past the 300 ms budget would go to a
	// job instead, and the test find the rows of before. Those that test
	// the job set the budget to 0.
	syncRowsBudget = time.Hour
	os.Exit(m.Run())
}

// demoDataset loads the embedded demo corpus.
func demoDataset(t testing.TB) *model.Dataset {
	t.Helper()
	ds, err := model.Load(model.Input{
		Systems: fixtures.DemoSystems,
		Refs:    fixtures.DemoRefs,
		Src:     fixtures.DemoSource,
		FS:      fixtures.Demo,
	})
	if err != nil {
		t.Fatalf("load demo: %v", err)
	}
	return ds
}

// demoFirstRefless is the demo corpus without the first segment's
// reference: chrF cannot be computed.
func demoFirstRefless(t testing.TB) *model.Dataset {
	ds := demoDataset(t)
	ds.RefAbsent = make([][]bool, len(ds.Refs))
	for k := range ds.RefAbsent {
		ds.RefAbsent[k] = make([]bool, ds.Len())
		ds.RefAbsent[k][0] = true
	}
	return ds
}

// drive runs cmd and every command it leads to, feeding each message back
// into m, the way the runtime would but synchronously. Spinner ticks are
// dropped (they only animate and would sleep).
func drive(t testing.TB, m Model, cmd tea.Cmd) Model {
	t.Helper()
	m, _ = driveUntil(t, m, cmd, nil)
	return m
}

// driveUntil is drive that stops as soon as done (nil: never) holds after
// a message, and returns the commands not run yet.
func driveUntil(t testing.TB, m Model, cmd tea.Cmd, done func(Model) bool) (Model, []tea.Cmd) {
	t.Helper()
	queue := []tea.Cmd{cmd}
	for steps := 0; len(queue) > 0; steps++ {
		if steps > 10000 {
			t.Fatal("drive: commands never settle")
		}
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case nil, spinner.TickMsg:
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case tea.QuitMsg:
			return m, queue
		default:
			next, more := m.Update(msg)
			m = next.(Model)
			queue = append(queue, more)
			if done != nil && done(m) {
				return m, queue
			}
		}
	}
	return m, queue
}

// ready returns the explorer on ds at w×h with its first scoring done.
func ready(t testing.TB, ds *model.Dataset, w, h int) Model {
	t.Helper()
	m := New(ds, model.DefaultSettings())
	next, _ := m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	m = next.(Model)
	return drive(t, m, m.Init())
}

// keyMsg turns a key name as KeyMsg.String spells it into a KeyMsg.
func keyMsg(s string) tea.KeyMsg {
	named := map[string]tea.KeyType{
		"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
		"enter": tea.KeyEnter, "esc": tea.KeyEsc, "tab": tea.KeyTab, "shift+tab": tea.KeyShiftTab,
		"ctrl+c": tea.KeyCtrlC, "ctrl+d": tea.KeyCtrlD, "ctrl+u": tea.KeyCtrlU, "ctrl+w": tea.KeyCtrlW,
		"pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown, "home": tea.KeyHome, "end": tea.KeyEnd,
		"backspace": tea.KeyBackspace, "delete": tea.KeyDelete, " ": tea.KeySpace,
	}
	if k, ok := named[s]; ok {
		return tea.KeyMsg{Type: k}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)}
}

// press sends keys one by one, running the commands they return.
func press(t testing.TB, m Model, keys ...string) Model {
	t.Helper()
	for _, k := range keys {
		next, cmd := m.Update(keyMsg(k))
		m = drive(t, next.(Model), cmd)
	}
	return m
}

// typeText sends each rune of s as a key.
func typeText(t testing.TB, m Model, s string) Model {
	t.Helper()
	for _, r := range s {
		m = press(t, m, string(r))
	}
	return m
}

// paste sends s as one pasted key, the way a terminal delivers a paste.
func paste(t testing.TB, m Model, s string) Model {
	t.Helper()
	next, cmd := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s), Paste: true})
	return drive(t, next.(Model), cmd)
}

// filterBy types q at the filter prompt and applies it with enter.
func filterBy(t testing.TB, m Model, q string) Model {
	t.Helper()
	return press(t, typeText(t, press(t, m, "/"), q), "enter")
}

// checkFit fails when view has more lines than h or a line wider than w.
func checkFit(t testing.TB, name, view string, w, h int) {
	t.Helper()
	lines := strings.Split(view, "\n")
	if len(lines) > h {
		t.Errorf("%s at %d×%d: %d lines, more than the height", name, w, h, len(lines))
	}
	for i, l := range lines {
		if lw := lipgloss.Width(l); lw > w {
			t.Errorf("%s at %d×%d: line %d is %d cells wide: %q", name, w, h, i+1, lw, l)
		}
	}
}

// msgsOf runs cmd (and the batches it returns) and returns its messages of
// type T, without feeding anything back.
func msgsOf[T tea.Msg](cmd tea.Cmd) []T {
	var out []T
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case T:
			out = append(out, msg)
		}
	}
	return out
}

// only returns the one message of type T that cmd yields (msgsOf),
// failing the test when there is not exactly one.
func only[T tea.Msg](t testing.TB, cmd tea.Cmd) T {
	t.Helper()
	msgs := msgsOf[T](cmd)
	if len(msgs) != 1 {
		var zero T
		t.Fatalf("%d messages of type %T; want one", len(msgs), zero)
	}
	return msgs[0]
}

// demoEdited loads the demo corpus with each file's text passed through
// edit (given the file's path in fixtures.Demo).
func demoEdited(t testing.TB, edit func(path string, text []byte) []byte) *model.Dataset {
	t.Helper()
	fsys := fstest.MapFS{}
	err := fs.WalkDir(fixtures.Demo, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(fixtures.Demo, p)
		fsys[p] = &fstest.MapFile{Data: edit(p, b)}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	ds, err := model.Load(model.Input{Systems: fixtures.DemoSystems, Refs: fixtures.DemoRefs, Src: fixtures.DemoSource, FS: fsys})
	if err != nil {
		t.Fatalf("load the edited demo: %v", err)
	}
	return ds
}

// loadTexts loads systems and references from files held in memory, each
// named by its key in files.
func loadTexts(t testing.TB, files map[string]string, systems, refs []string) *model.Dataset {
	t.Helper()
	fsys := fstest.MapFS{}
	for name, text := range files {
		fsys[name] = &fstest.MapFile{Data: []byte(text)}
	}
	ds, err := model.Load(model.Input{Systems: systems, Refs: refs, FS: fsys})
	if err != nil {
		t.Fatal(err)
	}
	return ds
}
