package ui

import (
	"bytes"
	"testing"
	"time"

	"github.com/bleuscope/bleuscope/model"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"
)

// step is keys to press and text that shows they took effect.
type step struct {
	keys  []string
	until string
}

func keys(k ...string) []string { return k }

// runGolden runs the explorer on the demo corpus in a test terminal,
// waits for the scored screen (its rows and its corpus score), presses keys (waiting after each for text
// that shows it took effect), quits, and compares the final view with
// the golden file.
func runGolden(t *testing.T, w, h int, steps ...step) {
	t.Helper()
	tm := teatest.NewTestModel(t, New(demoDataset(t), model.DefaultSettings()), teatest.WithInitialTermSize(w, h))
	wait := func(text string) {
		teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(text)) },
			teatest.WithDuration(teatestPatience), teatest.WithCheckInterval(10*time.Millisecond))
	}
	// The list can show its rows before the scores land, and a key such
	// as n then only says it waits for them: the first wait is for both
	// the rows and the corpus score (fluent's, the system shown first),
	// in one WaitFor, since each consumes the output it reads.
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		return bytes.Contains(b, []byte("of 70 segments")) && bytes.Contains(b, []byte("76.61"))
	}, teatest.WithDuration(teatestPatience), teatest.WithCheckInterval(10*time.Millisecond))
	for _, s := range steps {
		for _, k := range s.keys {
			tm.Send(keyMsg(k))
		}
		wait(s.until)
	}
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	fm := tm.FinalModel(t, teatest.WithFinalTimeout(teatestPatience))
	teatest.RequireEqualOutput(t, []byte(fm.View()))
}

func TestGoldenMain(t *testing.T) {
	runGolden(t, 100, 30, step{keys("j"), "line 70 ·"})
}

func TestGoldenLedgerScreen(t *testing.T) {
	runGolden(t, 100, 30, step{keys(":", "1", "2", "enter"), "line 12 ·"},
		step{keys("tab", "tab", "1", "x"), "clip ledger · line 12"})
}

func TestGoldenHelp(t *testing.T) {
	runGolden(t, 100, 30, step{keys("?"), "score: all refs"})
}

func TestGoldenWalkthrough(t *testing.T) {
	runGolden(t, 100, 30, step{keys(":", "2", "0", "enter"), "line 20 ·"},
		step{keys("tab"), "stilted 2/3"}, step{keys("e"), "step 1 of"})
}
