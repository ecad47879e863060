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

// crashEnv names the annotation file the child writer works on, and
// crashRaterEnv the rater it annotates as ("child" when unset).
const (
	crashEnv      = "BLEUSCOPE_ANNOTATIONS_CRASH_CHILD"
	crashRaterEnv = "BLEUSCOPE_ANNOTATIONS_CRASH_RATER"
)

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
	rater := os.Getenv(crashRaterEnv)
	if rater == "" {
		rater = "child"
	}
	typology := MQM()
	if rater == "jo" { // two writers of two typologies: each records its own again after the other's
		typology = ESA()
	}
	s.SetTypology(typology)
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
			a, err := s.Add(errAnn("A", i, rater, "ein Satz mit Wörtern", 4, 8, "Other", "Minor", note))
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
			// The typology, written before the first change, is there
			// once a change was saved.
			if ts := s.Typologies(); len(want) > 0 && (len(ts) != 1 || ts[0].Name != "mqm") {
				t.Errorf("after the kill the file records the typologies %+v, want mqm once", ts)
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

// TestTwoKilledWritersLoseNothingSaved runs two writing children on one
// file at once, each as its own rater, and kills one, then, after the
// other saved more, the other: the file opens and holds every change each
// child reported saved, with at most each one's change in flight beyond
// them.
func TestTwoKilledWritersLoseNothingSaved(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	path := filepath.Join(t.TempDir(), "ann.jsonl")
	type child struct {
		cmd  *exec.Cmd
		sc   *bufio.Scanner
		want map[int]string // id → note, as reported saved
	}
	var kids []*child
	for _, rater := range []string{"lina", "jo"} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$", "-test.count=1")
		cmd.Env = append(os.Environ(), crashEnv+"="+path, crashRaterEnv+"="+rater)
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		kids = append(kids, &child{cmd: cmd, sc: bufio.NewScanner(stdout), want: map[int]string{}})
	}
	read := func(k *child, n int) {
		for i := 0; (n < 0 || i < n) && k.sc.Scan(); i++ {
			f := strings.SplitN(k.sc.Text(), " ", 3)
			id, _ := strconv.Atoi(f[min(1, len(f)-1)])
			switch f[0] {
			case "put":
				k.want[id] = f[2]
			case "del":
				delete(k.want, id)
			default:
				t.Errorf("child: %s", k.sc.Text())
			}
		}
	}
	kill := func(k *child) {
		k.cmd.Process.Signal(syscall.SIGKILL)
		read(k, -1) // reported while the kill was on its way: saved too
		k.cmd.Wait()
	}
	read(kids[0], 60)
	read(kids[1], 60)
	kill(kids[0])
	read(kids[1], 60)
	kill(kids[1])
	s, err := Open(path)
	if err != nil {
		t.Fatalf("the file does not open after the kills: %v", err)
	}
	got := map[int]string{}
	for _, a := range s.All() {
		got[a.ID] = a.Note
	}
	diff := 0
	for _, k := range kids {
		for id, note := range k.want {
			if g, ok := got[id]; !ok || g != note {
				diff++
			}
		}
	}
	for id := range got {
		if _, ok := kids[0].want[id]; !ok {
			if _, ok := kids[1].want[id]; !ok {
				diff++
			}
		}
	}
	if diff > 2 {
		t.Errorf("%d annotations differ from what the two children reported saved (at most one in flight each may)\n got %v\nwant %v and %v", diff, got, kids[0].want, kids[1].want)
	}
	if ts := s.Typologies(); len(ts) < 2 {
		t.Errorf("two writers of two typologies recorded %d typologies", len(ts))
	}
	if len(kids[0].want) == 0 || len(kids[1].want) == 0 {
		t.Errorf("a child saved nothing: %v and %v", kids[0].want, kids[1].want)
	}
}
