//go:build unix

package ui

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/model/annotations"
	tea "github.com/charmbracelet/bubbletea"
)

// annotateChildEnv names the annotation file the child explorer writes.
const annotateChildEnv = "BLEUSCOPE_ANNOTATE_CHILD"

// reporter wraps the explorer in the child process and tells the parent,
// on standard output, when it is ready, when it has handled each key, and
// each status line that says a change was saved (printed once Update has
// returned, so after the store did).
type reporter struct {
	m    Model
	out  io.Writer
	rdy  bool
	last string
}

func (r reporter) Init() tea.Cmd {
	return tea.Batch(r.m.Init(), func() tea.Msg { return tea.WindowSizeMsg{Width: 100, Height: 30} })
}

func (r reporter) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	next, cmd := r.m.Update(msg)
	r.m = next.(Model)
	if !r.rdy && r.m.list.selection(r.m.c).ok {
		r.rdy = true
		fmt.Fprintln(r.out, "ready")
	}
	if r.m.statusText() != r.last && strings.HasPrefix(r.m.statusText(), "saved: ") {
		fmt.Fprintln(r.out, r.m.statusText())
	}
	r.last = r.m.statusText()
	if _, ok := msg.(tea.KeyMsg); ok {
		fmt.Fprintln(r.out, "key")
	}
	return r, cmd
}

func (r reporter) View() string { return r.m.View() }

// TestAnnotateChild is the child process of TestKilledExplorerLosesNothing:
// the explorer on the demo corpus, annotating into the file the parent
// names, reading keys from standard input.
func TestAnnotateChild(t *testing.T) {
	path := os.Getenv(annotateChildEnv)
	if path == "" {
		t.Skip("run by TestKilledExplorerLosesNothing")
	}
	st, err := annotations.Open(path)
	if err != nil {
		fmt.Println("error", err)
		return
	}
	m := New(demoDataset(t), model.DefaultSettings(), WithAnnotations(Annotating{Store: st, Preset: annotations.MQM(), Rater: "child"}))
	p := tea.NewProgram(reporter{m: m, out: os.Stdout}, tea.WithInput(os.Stdin), tea.WithOutput(io.Discard), tea.WithoutRenderer())
	p.Run()
}

// TestKilledExplorerLosesNothing drives the annotation flow of the
// explorer in a child process through its keyboard, kills it with SIGKILL
// between two keystrokes, and checks that the file opens and holds every
// annotation the child's status line called saved.
func TestKilledExplorerLosesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	// One annotation is 10 keys: next unannotated, annotate, one token,
	// Accuracy/Mistranslation, Major, a note, save.
	flow := func(i int) []string {
		return []string{"U", "A", "\r", "a", "m", "M", "n", strconv.Itoa(i % 10), "x", "\r"}
	}
	for _, killAfter := range []int{4, 10, 23, 37} {
		t.Run(strconv.Itoa(killAfter), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "ann.jsonl")
			cmd := exec.Command(os.Args[0], "-test.run=^TestAnnotateChild$", "-test.count=1")
			cmd.Env = append(os.Environ(), annotateChildEnv+"="+path)
			stdin, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer cmd.Process.Kill()
			sc := bufio.NewScanner(stdout)
			saved := 0
			// next reads the child's lines up to the one wanted.
			next := func(want string) {
				for sc.Scan() {
					switch l := sc.Text(); {
					case l == want:
						return
					case strings.HasPrefix(l, "saved: "):
						saved++
					case l != "key" && l != "ready":
						t.Fatalf("child: %s", l)
					}
				}
				t.Fatalf("the child ended before %q", want)
			}
			next("ready")
			var keys []string
			for i := 0; len(keys) < killAfter; i++ {
				keys = append(keys, flow(i)...)
			}
			for _, k := range keys[:killAfter] {
				io.WriteString(stdin, k)
				next("key")
			}
			cmd.Process.Signal(syscall.SIGKILL)
			for sc.Scan() { // lines written before the kill landed
				if strings.HasPrefix(sc.Text(), "saved: ") {
					saved++
				}
			}
			cmd.Wait()
			if want := killAfter / 10; saved != want {
				t.Errorf("the child reported %d saves after %d keys; want %d", saved, killAfter, want)
			}
			st, err := annotations.Open(path)
			if err != nil {
				t.Fatalf("the file does not open after the kill: %v", err)
			}
			defer st.Close()
			anns := st.All()
			if len(anns) != saved {
				t.Fatalf("%d annotations in the file; the child reported %d saved", len(anns), saved)
			}
			lines := map[int]bool{}
			for i, a := range anns {
				if a.Rater != "child" || a.Category != "Accuracy/Mistranslation" || a.Severity != "Major" || a.Note != "n"+strconv.Itoa(i%10)+"x" || a.Span == nil {
					t.Errorf("annotation %d = %+v", i, a)
				}
				lines[a.Line] = true
			}
			if len(lines) != len(anns) {
				t.Errorf("annotations on %d lines; want each on its own (U moves to the next one not annotated)", len(lines))
			}
		})
	}
}
