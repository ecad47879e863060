//go:build unix

package cli

import (
	"bytes"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// scoreArgs scores basicFiles' hypotheses into out.
func scoreArgs(out string) []string {
	return []string{"score", "--format", "json", "-o", out, "hyp.txt", "-r", "ref.txt"}
}

// wantScore is what "score --format json" prints for basicFiles.
func wantScore(t *testing.T) string {
	t.Helper()
	code, out, stderr := runCLI(t, "", "score", "--format", "json", "hyp.txt", "-r", "ref.txt")
	if code != 0 || stderr != "" {
		t.Fatalf("score: status %d, stderr %q", code, stderr)
	}
	return out
}

// mknod makes a character device like /dev/major,minor in the working
// directory, or returns the system's own path when that is not allowed
// (not root, where the system's device cannot be replaced either).
func mknod(t *testing.T, name, system string, major, minor int) string {
	t.Helper()
	if err := syscall.Mknod(name, syscall.S_IFCHR|0o666, major<<8|minor); err == nil {
		return name
	}
	if os.Geteuid() == 0 {
		t.Skipf("cannot make a device node here; not writing to %s as root", system)
	}
	return system
}

func TestOutputDevStdout(t *testing.T) {
	writeFiles(t, basicFiles())
	want := wantScore(t)
	code, out, stderr := runCLI(t, "", scoreArgs("/dev/stdout")...)
	if code != 0 || out != want || stderr != "" {
		t.Errorf("-o /dev/stdout: status %d, stdout %q, stderr %q; want 0 and %q", code, out, stderr, want)
	}
}

// TestOutputNotReplaced writes through to a character device and a FIFO
// and into a symbolic link's target, and checks that each is still what
// it was.
func TestOutputNotReplaced(t *testing.T) {
	dir := writeFiles(t, basicFiles())
	want := wantScore(t)

	null := mknod(t, "null", "/dev/null", 1, 3)
	if code, _, stderr := runCLI(t, "", scoreArgs(null)...); code != 0 || stderr != "" {
		t.Errorf("-o %s: status %d, stderr %q", null, code, stderr)
	}
	if st, err := os.Lstat(null); err != nil || st.Mode().Type() != os.ModeDevice|os.ModeCharDevice {
		t.Errorf("-o %s: it is now %v (%v); want the character device kept", null, st.Mode(), err)
	}

	if err := syscall.Mkfifo("fifo", 0o644); err != nil {
		t.Fatal(err)
	}
	got := make(chan string)
	go func() {
		b, _ := os.ReadFile("fifo")
		got <- string(b)
	}()
	if code, _, stderr := runCLI(t, "", scoreArgs("fifo")...); code != 0 || stderr != "" {
		t.Errorf("-o fifo: status %d, stderr %q", code, stderr)
	}
	if g := <-got; g != want {
		t.Errorf("-o fifo: read %q; want %q", g, want)
	}
	if st, err := os.Lstat("fifo"); err != nil || st.Mode().Type() != os.ModeNamedPipe {
		t.Errorf("-o fifo: it is now %v (%v); want the FIFO kept", st.Mode(), err)
	}

	if err := os.Symlink("d/target.json", "link.json"); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCLI(t, "", scoreArgs("link.json")...); code != 0 || stderr != "" {
		t.Errorf("-o link.json: status %d, stderr %q", code, stderr)
	}
	if st, err := os.Lstat("link.json"); err != nil || st.Mode().Type() != os.ModeSymlink {
		t.Errorf("-o link.json: it is now %v (%v); want the link kept", st.Mode(), err)
	}
	if b, err := os.ReadFile("d/target.json"); err != nil || string(b) != want {
		t.Errorf("link target = %q (%v); want %q", b, err, want)
	}
	if names := listDir(t, dir+"/d"); !slices.Equal(names, []string{"target.json", "x"}) {
		t.Errorf("files beside the target %q; want no temporary file", names)
	}
}

func TestOutputDescriptor(t *testing.T) {
	writeFiles(t, basicFiles())
	want := wantScore(t)
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	code, _, stderr := runCLI(t, "", scoreArgs("/dev/fd/"+strconv.Itoa(int(w.Fd())))...)
	w.Close()
	b, _ := io.ReadAll(r)
	if code != 0 || stderr != "" || string(b) != want {
		t.Errorf("-o /dev/fd/N: status %d, stderr %q, read %q; want 0 and %q", code, stderr, b, want)
	}
}

// TestOutputBrokenPipe writes to a pipe whose reader has gone, as
// -o >(head -c 0) does: one line that names the output, says why and what
// to do, exit 2; before, "cannot write /dev/fd/N: broken pipe" alone.
func TestOutputBrokenPipe(t *testing.T) {
	writeFiles(t, basicFiles())
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	r.Close()
	out := "/dev/fd/" + strconv.Itoa(int(w.Fd()))
	code, stdout, stderr := runCLI(t, "", scoreArgs(out)...)
	want := "bleuscope: cannot write " + out + ": broken pipe; the program reading it stopped before the end: let it read everything, or write to a file\n"
	if code != exitUsage || stdout != "" || stderr != want {
		t.Errorf("-o %s closed by its reader: status %d, stdout %q, stderr %q; want 2 and %q", out, code, stdout, stderr, want)
	}
}

// TestOutputDiskFull writes to a device that is always full: one line that
// names the output, exit 2.
func TestOutputDiskFull(t *testing.T) {
	writeFiles(t, basicFiles())
	full := mknod(t, "full", "/dev/full", 1, 7)
	code, out, stderr := runCLI(t, "", scoreArgs(full)...)
	want := "bleuscope: cannot write " + full + ": no space left on device; free some space on its disk\n"
	if code != exitUsage || out != "" || stderr != want {
		t.Errorf("-o %s: status %d, stdout %q, stderr %q; want 2 and %q", full, code, out, stderr, want)
	}
}

// fullStdout fails every write as standard output redirected to /dev/full
// does.
type fullStdout struct{}

func (fullStdout) Write([]byte) (int, error) {
	return 0, &os.PathError{Op: "write", Path: "/dev/stdout", Err: syscall.ENOSPC}
}

// TestStdoutDiskFull writes to a standard output that is always full:
// whatever the command, one line that names standard output and the fix,
// exit 2, as -o does for a file; never "internal error", and never exit 0
// for the help and the version, whose writes are not checked one by one.
// An input error found before anything is written is still the one
// reported.
func TestStdoutDiskFull(t *testing.T) {
	writeFiles(t, basicFiles())
	want := "bleuscope: cannot write standard output: no space left on device; free some space on its disk\n"
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"score", "hyp.txt", "-r", "ref.txt"}, want},
		{[]string{"segments", "--format", "jsonl", "hyp.txt", "-r", "ref.txt"}, want},
		{[]string{"hyp.txt", "-r", "ref.txt"}, want},
		{[]string{"tokenize"}, want},
		{[]string{"explain", "--hyp", "a", "--ref", "a"}, want},
		{[]string{"--help"}, want},
		{[]string{"score", "--help"}, want},
		{[]string{"--version"}, want},
		{[]string{"score", "latin.txt", "-r", "ref.txt"}, "bleuscope: latin.txt:2: invalid UTF-8 at byte 4 (0xe9); convert the file to UTF-8, e.g. iconv -f latin1 -t utf-8\n"},
	} {
		var stderr bytes.Buffer
		code := Run(tt.args, strings.NewReader("a b\n"), fullStdout{}, &stderr)
		if code != exitUsage || stderr.String() != tt.want {
			t.Errorf("%q into a full stdout: status %d, stderr %q; want 2 and %q", tt.args, code, stderr.String(), tt.want)
		}
	}
}

// lockedBuffer is a bytes.Buffer safe for the signal goroutine and the
// command to write to.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// syncSignal is not a signal run handles; sending it returns once run has
// dealt with the signals sent before it.
type syncSignal struct{}

func (syncSignal) String() string { return "sync" }
func (syncSignal) Signal()        {}

// signalReader is standard input that delivers signals on its first read,
// then the hypotheses.
type signalReader struct {
	sigs chan<- os.Signal
	send []os.Signal
	r    io.Reader
}

func (s *signalReader) Read(p []byte) (int, error) {
	for _, sig := range s.send {
		s.sigs <- sig
		s.sigs <- syncSignal{}
	}
	s.send = nil
	return s.r.Read(p)
}

// TestSignals stops "score -o" with one signal and with two: one line,
// exit 128 + the signal, no temporary file, the old output kept.
func TestSignals(t *testing.T) {
	tests := []struct {
		send []os.Signal
		code int
		line string
	}{
		{[]os.Signal{syscall.SIGINT}, 130, "bleuscope: interrupted by SIGINT\n"},
		{[]os.Signal{syscall.SIGTERM}, 143, "bleuscope: interrupted by SIGTERM\n"},
		{[]os.Signal{syscall.SIGHUP}, 129, "bleuscope: interrupted by SIGHUP\n"},
		{[]os.Signal{syscall.SIGINT, syscall.SIGTERM}, 143, "bleuscope: interrupted by SIGTERM\n"},
	}
	for _, tt := range tests {
		dir := writeFiles(t, basicFiles())
		if err := os.WriteFile("out.json", []byte("old"), 0o644); err != nil {
			t.Fatal(err)
		}
		before := listDir(t, dir)
		sigs := make(chan os.Signal)
		var stdout, stderr lockedBuffer
		exited := -1
		var mu sync.Mutex
		exit := func(code int) { mu.Lock(); exited = code; mu.Unlock() }
		in := &signalReader{sigs: sigs, send: tt.send, r: strings.NewReader(hyp3)}
		code := run([]string{"score", "-o", "out.json", "-", "-r", "ref.txt"}, in, &stdout, &stderr, signals{c: sigs, stop: func() {}, exit: exit})
		mu.Lock()
		if len(tt.send) > 1 {
			code = exited // the second signal exits at once
		}
		mu.Unlock()
		if code != tt.code || stdout.String() != "" || stderr.String() != tt.line {
			t.Errorf("%v: status %d, stdout %q, stderr %q; want %d and %q", tt.send, code, stdout.String(), stderr.String(), tt.code, tt.line)
		}
		if after := listDir(t, dir); !slices.Equal(before, after) {
			t.Errorf("%v: files %q; want %q", tt.send, after, before)
		}
		if b, _ := os.ReadFile("out.json"); string(b) != "old" {
			t.Errorf("%v: out.json = %q; want the old content kept", tt.send, b)
		}
	}
}

// blockingReader delivers a signal on its first read, then reads nothing
// until unblock is closed: a command that does not look at its context.
type blockingReader struct {
	sigs    chan<- os.Signal
	unblock chan struct{}
	sent    bool
}

func (b *blockingReader) Read(p []byte) (int, error) {
	if !b.sent {
		b.sent = true
		b.sigs <- syscall.SIGTERM
	}
	<-b.unblock
	return 0, io.EOF
}

// TestSignalGrace: a command still running signalGrace after the first
// signal is ended as by a second one: one line, exit 143.
func TestSignalGrace(t *testing.T) {
	defer func(g time.Duration) { signalGrace = g }(signalGrace)
	signalGrace = 50 * time.Millisecond
	writeFiles(t, basicFiles())
	sigs := make(chan os.Signal)
	exited := make(chan int, 1)
	in := &blockingReader{sigs: sigs, unblock: make(chan struct{})}
	var stdout, stderr lockedBuffer
	go run([]string{"score", "-", "-r", "ref.txt"}, in, &stdout, &stderr, signals{c: sigs, stop: func() {}, exit: func(code int) {
		exited <- code
		close(in.unblock)
	}})
	select {
	case code := <-exited:
		if code != 143 || stderr.String() != "bleuscope: interrupted by SIGTERM\n" {
			t.Errorf("status %d, stderr %q; want 143 and one line", code, stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a command that ignores its context was not ended after the first signal")
	}
}

// TestOutputIsStandardInput names, as -o, the file standard input reads
// (opened for reading and writing, as the shell's "<>hyp.txt" opens it)
// while "-" is an input: the command refuses it, as it refuses an input
// named by its path, and the file is unchanged; before, it was written
// through the descriptor, the output appended to the hypotheses.
func TestOutputIsStandardInput(t *testing.T) {
	writeFiles(t, basicFiles())
	for _, args := range [][]string{
		{"score", "-", "-r", "ref.txt"},
		{"segments", "--format", "jsonl", "-", "-r", "ref.txt"},
		{"annotations", "summary", "-"},
	} {
		if err := os.WriteFile("hyp.txt", []byte(hyp3), 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := os.OpenFile("hyp.txt", os.O_RDWR, 0)
		if err != nil {
			t.Fatal(err)
		}
		out := "/dev/fd/" + strconv.Itoa(int(f.Fd()))
		var stdout, stderr bytes.Buffer
		code := Run(append(args, "-o", out), f, &stdout, &stderr)
		f.Close()
		want := "bleuscope: -o " + out + " is one of the input files; write the output somewhere else\n"
		if b, _ := os.ReadFile("hyp.txt"); code != 2 || stderr.String() != want || string(b) != hyp3 {
			t.Errorf("%q -o %s: status %d, stderr %q, hyp.txt now %q; want 2, %q and the file unchanged", args, out, code, stderr.String(), b, want)
		}
	}
}
