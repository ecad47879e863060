//go:build unix

package annotations

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// crashEnv names the annotation file the child writer works on.
const crashEnv = "BLEUSCOPE_ANNOTATIONS_CRASH_CHILD"

// TestCrashChild is the child process of TestKilledWriterLosesNothingSaved:
// it changes the annotation file as fast as it can and reports each change
// on standard output once the call returned (saved), until it is killed.
func TestCrashChild(t *testing.T) {
	path := os.Getenv(crashEnv)
	if path == "" {
		t.Skip("run by TestKilledWriterLosesNothingSaved")
	}
	s, err := Open(path)
	if err != nil {
		fmt.Println("error", err)
		return
	}
	out := bufio.NewWriter(os.Stdout)
	var live []int
	for i := 1; ; i++ {
		switch {
		case i%7 == 0 && len(live) > 0:
			id := live[0]
			live = live[1:]
			if err := s.Delete(id); err != nil {
				fmt.Fprintln(out, "error", err)
			} else {
				fmt.Fprintln(out, "del", id)
			}
		case i%3 == 0 && len(live) > 0:
			a, _ := s.Get(live[len(live)-1])
			a.Note = "edit " + strconv.Itoa(i)
			if err := s.Edit(a); err != nil {
				fmt.Fprintln(out, "error", err)
			} else {
				fmt.Fprintln(out, "put", a.ID, a.Note)
			}
		default:
			note := "add " + strconv.Itoa(i) + strings.Repeat(" padding", i%50)
			a, err := s.Add(errAnn("A", i, "child", "ein Satz mit Wörtern", 4, 8, "Other", "Minor", note))
			if err != nil {
				fmt.Fprintln(out, "error", err)
			} else {
				fmt.Fprintln(out, "put", a.ID, a.Note)
				live = append(live, a.ID)
			}
		}
		out.Flush()
	}
}

// TestKilledWriterLosesNothingSaved kills a writing child process with
// SIGKILL at different moments and checks that the file opens, and holds
// every change the child reported saved, with at most the one change in
// flight beyond them.
func TestKilledWriterLosesNothingSaved(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	for _, after := range []int{1, 9, 40, 150} {
		t.Run(strconv.Itoa(after), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "ann.jsonl")
			cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$", "-test.count=1")
			cmd.Env = append(os.Environ(), crashEnv+"="+path)
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			want := map[int]string{} // id → note, as reported saved
			apply := func(line string) {
				f := strings.SplitN(line, " ", 3)
				switch f[0] {
				case "put":
					id, _ := strconv.Atoi(f[1])
					want[id] = f[2]
				case "del":
					id, _ := strconv.Atoi(f[1])
					delete(want, id)
				default:
					t.Errorf("child: %s", line)
				}
			}
			sc := bufio.NewScanner(stdout)
			for n := 0; n < after && sc.Scan(); n++ {
				apply(sc.Text())
			}
			cmd.Process.Signal(syscall.SIGKILL)
			// Changes reported while the kill was on its way count as
			// saved too.
			for sc.Scan() {
				apply(sc.Text())
			}
			cmd.Wait()

			s, err := Open(path)
			if err != nil {
				t.Fatalf("the file does not open after the kill: %v", err)
			}
			got := map[int]string{}
			for _, a := range s.All() {
				got[a.ID] = a.Note
			}
			// Everything reported saved is there; the one change that was
			// in flight may be there too (added, edited or deleted).
			diff := 0
			for id, note := range want {
				if g, ok := got[id]; !ok || g != note {
					diff++
				}
			}
			for id := range got {
				if _, ok := want[id]; !ok {
					diff++
				}
			}
			if diff > 1 {
				t.Errorf("after a kill following %d saved changes, %d annotations differ from what was reported saved (at most the one in flight may)\n got %v\nwant %v", after, diff, got, want)
			}
			// The reopened file takes new changes and stays readable.
			if _, err := s.Add(errAnn("A", 1, "parent", "x", 0, 1, "Other", "Minor", "")); err != nil {
				t.Fatal(err)
			}
			if _, err := Open(path); err != nil {
				t.Fatalf("reopen after writing on: %v", err)
			}
		})
	}
}
