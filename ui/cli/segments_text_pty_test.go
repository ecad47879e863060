//go:build linux

package cli

import (
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"unsafe"
)

// openPTY opens a pseudo-terminal and returns its two ends; the test is
// skipped where the system has none to give.
func openPTY(t *testing.T) (master, slave *os.File) {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { m.Close() })
	var unlock, n int32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, m.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); e != 0 {
		t.Skipf("cannot unlock the pseudo-terminal: %v", e)
	}
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, m.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		t.Skipf("no pseudo-terminal number: %v", e)
	}
	s, err := os.OpenFile("/dev/pts/"+strconv.Itoa(int(n)), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("cannot open the pseudo-terminal's other end: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return m, s
}

// openSizedPTY is openPTY with the terminal cols columns wide (24 rows),
// as standard output or error reads its width.
func openSizedPTY(t *testing.T, cols uint16) (master, slave *os.File) {
	t.Helper()
	master, slave = openPTY(t)
	ws := struct{ rows, cols, x, y uint16 }{24, cols, 0, 0}
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, slave.Fd(), syscall.TIOCSWINSZ, uintptr(unsafe.Pointer(&ws))); e != 0 {
		t.Skipf("cannot size the pseudo-terminal: %v", e)
	}
	return master, slave
}

// readTerminal collects what the program writes to the terminal whose
// master end is master, until a line "END" the test writes after it; the
// text comes on the channel.
func readTerminal(master *os.File) <-chan string {
	done := make(chan string)
	go func() {
		var b strings.Builder
		buf := make([]byte, 4096)
		for {
			n, err := master.Read(buf)
			b.Write(buf[:n])
			if err != nil || strings.Contains(b.String(), "END") {
				break
			}
		}
		done <- b.String()
	}()
	return done
}

// TestSegmentsTextOnTerminal checks that the table shown on a terminal has
// visible escapes where a file keeps the text.
func TestSegmentsTextOnTerminal(t *testing.T) {
	master, slave := openPTY(t)
	writeFiles(t, textFiles())
	done := readTerminal(master)
	var stderr strings.Builder
	code := Run([]string{"segments", "--text", "--format", "tsv", "-s", "src.txt", "base=base.txt", "new=new.txt", "-r", "ref.txt"}, strings.NewReader(""), slave, &stderr)
	slave.WriteString("END\n")
	got := <-done
	if code != 0 {
		t.Fatalf("status %d, stderr %q", code, stderr.String())
	}
	if strings.ContainsAny(got, "\x1b\x07\u202e") {
		t.Errorf("raw control or bidi text reached the terminal: %q", got)
	}
	if !strings.Contains(got, "␛]2;pwned") || !strings.Contains(got, `\u202e`) || !strings.Contains(got, "hyp:base") {
		t.Errorf("the terminal does not show the escapes: %q", got)
	}
}

// TestSegmentsTextOutputIsTerminal: -o naming a terminal shows the same
// escapes as standard output on one, while standard output is a pipe.
func TestSegmentsTextOutputIsTerminal(t *testing.T) {
	master, slave := openPTY(t)
	writeFiles(t, textFiles())
	done := readTerminal(master)
	var stdout, stderr strings.Builder
	code := Run([]string{"segments", "--text", "--format", "csv", "-o", slave.Name(), "-s", "src.txt", "base=base.txt", "new=new.txt", "-r", "ref.txt"}, strings.NewReader(""), &stdout, &stderr)
	slave.WriteString("END\n")
	got := <-done
	if code != 0 || stdout.Len() > 0 {
		t.Fatalf("status %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
	if strings.ContainsAny(got, "\x1b\x07\u202e") {
		t.Errorf("raw control or bidi text reached the terminal through -o: %q", got)
	}
	if !strings.Contains(got, "␛]2;pwned") || !strings.Contains(got, `\u202e`) {
		t.Errorf("the terminal does not show the escapes: %q", got)
	}
}

// TestTokenizeOnTerminal checks that tokenize shows visible escapes on a
// terminal (its output to a pipe is exact: see the tokenize tests).
func TestTokenizeOnTerminal(t *testing.T) {
	master, slave := openPTY(t)
	done := readTerminal(master)
	var stderr strings.Builder
	code := Run([]string{"tokenize", "-t", "none"}, strings.NewReader("a\x1b]2;pwned\x07 \u202eb\n"), slave, &stderr)
	slave.WriteString("END\n")
	got := <-done
	if code != 0 {
		t.Fatalf("status %d, stderr %q", code, stderr.String())
	}
	if strings.ContainsAny(got, "\x1b\x07\u202e") {
		t.Errorf("raw control or bidi text reached the terminal: %q", got)
	}
	if !strings.Contains(got, "␛]2;pwned") || !strings.Contains(got, `\u202e`) {
		t.Errorf("the terminal does not show the escapes: %q", got)
	}
}

// TestSegmentsTableOnTerminal checks the per-system tsv and csv: visible
// escapes on a terminal, the text exactly through a pipe (tsv escapes tab
// and line breaks as \t \n \r, csv puts an apostrophe before a cell
// starting with -, =, +, @).
func TestSegmentsTableOnTerminal(t *testing.T) {
	writeFiles(t, textFiles())
	for _, format := range []string{"tsv", "csv"} {
		args := []string{"segments", "--format", format, "--sort", "line", "base=base.txt", "-r", "ref.txt"}
		var pipe, stderr strings.Builder
		if code := Run(args, strings.NewReader(""), &pipe, &stderr); code != 0 {
			t.Fatalf("%s to a pipe: status %d, stderr %q", format, code, stderr.String())
		}
		exact := map[string]string{"tsv": "-oops\\there", "csv": "'-oops\there"}[format]
		if !strings.Contains(pipe.String(), "line \x1b]2;pwned\x07three") || !strings.Contains(pipe.String(), exact) {
			t.Errorf("%s through a pipe does not keep the text: %q", format, pipe.String())
		}

		master, slave := openPTY(t)
		done := readTerminal(master)
		code := Run(args, strings.NewReader(""), slave, &stderr)
		slave.WriteString("END\n")
		got := <-done
		if code != 0 {
			t.Fatalf("%s on a terminal: status %d, stderr %q", format, code, stderr.String())
		}
		if strings.ContainsAny(got, "\x1b\x07") || !strings.Contains(got, "␛]2;pwned") {
			t.Errorf("%s on a terminal: raw controls or no visible escape: %q", format, got)
		}
	}
}

// TestStdinTerminalSaysWhatItReads: "-" read from the terminal (standard
// input and error a terminal) says on standard error what it waits for,
// then scores what was typed; before, the command sat silent until ctrl+d.
// Piped in, nothing more is said.
func TestStdinTerminalSaysWhatItReads(t *testing.T) {
	master, slave := openPTY(t)
	writeFiles(t, basicFiles())
	// What a person types: three lines, then ctrl+d on a new line.
	if _, err := master.WriteString(hyp3 + "\x04"); err != nil {
		t.Fatal(err)
	}
	done := readTerminal(master)
	var out strings.Builder
	code := Run([]string{"score", "-", "-r", "ref.txt"}, slave, &out, slave)
	slave.WriteString("END\n")
	got := <-done
	const says = "bleuscope: reading - from the terminal: type or paste one segment per line, then ctrl+d on a new line"
	if code != 0 || !strings.Contains(got, says) || !strings.HasPrefix(out.String(), "BLEU|nrefs:1|") {
		t.Errorf("score - from the terminal: status %d, stdout %q, terminal %q; want 0, the score and %q", code, out.String(), got, says)
	}
	code, _, stderr := runCLI(t, hyp3, "score", "-", "-r", "ref.txt")
	if code != 0 || strings.Contains(stderr, "reading -") {
		t.Errorf("score - piped: status %d, stderr %q; want 0 and nothing about the terminal", code, stderr)
	}
}
