//go:build linux

package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"unsafe"

	"github.com/charmbracelet/x/ansi"
)

// TestPipedTextFitsTheTerminal: lessons and explain piped (standard output
// not a terminal) in a 60-column terminal wrap their prose at 60, the
// terminal on standard error, so the terminal never wraps a line again
// inside a word; explain still keeps sacrebleu's line whole. With
// standard error not a terminal either, they wrap at 80.
func TestPipedTextFitsTheTerminal(t *testing.T) {
	_, slave := openPTY(t)
	ws := struct{ rows, cols, x, y uint16 }{24, 60, 0, 0}
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, slave.Fd(), syscall.TIOCSWINSZ, uintptr(unsafe.Pointer(&ws))); e != 0 {
		t.Skipf("cannot size the pseudo-terminal: %v", e)
	}
	widest := func(out string) (w int, line string) {
		for _, l := range strings.Split(out, "\n") {
			if lw := ansi.StringWidth(l); lw > w && !copiedLine(l) {
				w, line = lw, l
			}
		}
		return w, line
	}
	for _, args := range [][]string{{"lessons"}, {"explain", "--hyp", "the cat sat", "--ref", "the cat sat on the mat"}} {
		var out bytes.Buffer
		if code := Run(args, strings.NewReader(""), &out, slave); code != 0 {
			t.Fatalf("%q: status %d", args, code)
		}
		if w, l := widest(out.String()); w > 60 || w < 50 {
			t.Errorf("%q piped in a 60-column terminal: widest line %d cells (%q); want 50 to 60", args, w, l)
		}
		if args[0] == "explain" && !strings.Contains(out.String(), "\nsacrebleu prints: BLEU = 36.79 100.0/100.0/100.0/0.0 (BP = 0.368 ratio = 0.500 hyp_len = 3 ref_len = 6)\n") {
			t.Errorf("explain piped cut sacrebleu's line:\n%s", out.String())
		}
		_, noTTY, _ := runCLI(t, "", args...)
		if w, l := widest(noTTY); w > 80 || w <= 60 {
			t.Errorf("%q with no terminal: widest line %d cells (%q); want 61 to 80", args, w, l)
		}
		// Redirected to a file, the same as with no terminal: the file does
		// not depend on the terminal the command ran in.
		f, err := os.Create(filepath.Join(t.TempDir(), "out.txt"))
		if err != nil {
			t.Fatal(err)
		}
		if code := Run(args, strings.NewReader(""), f, slave); code != 0 {
			t.Fatalf("%q > file: status %d", args, code)
		}
		f.Close()
		if data, _ := os.ReadFile(f.Name()); string(data) != noTTY {
			t.Errorf("%q > file in a 60-column terminal differs from the output with no terminal", args)
		}
	}
}
