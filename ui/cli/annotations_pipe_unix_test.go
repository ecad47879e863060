//go:build unix

package cli

import (
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/bleuscope/bleuscope/model/annotations"
)

// mqmLong is a WMT MQM TSV longer than the bytes looked at to tell what
// a file is, so that a reader that opened it a second time would find
// its rest, not its start.
func mqmLong() string {
	var b strings.Builder
	b.WriteString(mqmSmall)
	for i := 3; b.Len() <= 3*4096; i++ {
		fmt.Fprintf(&b, "sysA\td\t%d\t%d\tr1\tSatz %d.\tSentence <v>%d</v>.\tAccuracy/Mistranslation\tMinor\n", i, i, i, i)
	}
	return b.String()
}

// runCLIFromFIFO runs the command line while another goroutine writes
// content into the FIFO at path once, as `cat file > fifo &` does, and
// returns what it printed. A command that opens the FIFO a second time
// waits for a writer that never comes: after 20 s the test opens it for
// writing and closes it, which lets the command end, and fails.
func runCLIFromFIFO(t *testing.T, path, content string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	os.Remove(path)
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skipf("no FIFO: %v", err)
	}
	written := make(chan struct{})
	go func() {
		defer close(written)
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		f.WriteString(content) // an error is the reader gone: what it read shows
		f.Close()
	}()
	type result struct {
		code           int
		stdout, stderr string
	}
	done := make(chan result, 1)
	go func() {
		code, stdout, stderr := runCLI(t, "", args...)
		done <- result{code, stdout, stderr}
	}()
	select {
	case r := <-done:
		// A writer still waiting for a reader (the command refused the
		// FIFO before opening it) gets one, which reads what it writes
		// until it ends (content longer than the pipe's buffer would
		// block it).
		if f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0); err == nil {
			buf := make([]byte, 32<<10)
			for ended := false; !ended; {
				select {
				case <-written:
					ended = true
				default:
					if n, _ := f.Read(buf); n == 0 {
						time.Sleep(time.Millisecond) // no writer yet, or it just closed
					}
				}
			}
			f.Close()
		}
		return r.code, r.stdout, r.stderr
	case <-time.After(20 * time.Second):
		t.Errorf("%q: still running after 20 s: it opened the FIFO again, after what was written", args)
		if f, err := os.OpenFile(path, os.O_WRONLY, 0); err == nil {
			f.Close()
		}
		r := <-done
		return r.code, r.stdout, r.stderr
	}
}

// TestAnnotationsFromFIFO: summary and export read an annotation file or a
// WMT MQM TSV from a FIFO as they read it from a regular file; they opened
// it twice, first to tell what it is, and so waited for ever for a second
// writer, or read what the first had not yet written. Import reads a WMT
// MQM TSV from one, and refuses an export there as it refuses one in a
// regular file, where it opened it again to look.
func TestAnnotationsFromFIFO(t *testing.T) {
	long := mqmLong()
	writeFiles(t, map[string]string{"m.tsv": long})
	if code, _, stderr := runCLI(t, "", "annotations", "import", "--annotations", "a.ann", "m.tsv"); code != 0 {
		t.Fatalf("import: status %d, %q", code, stderr)
	}
	if code, _, stderr := runCLI(t, "", "annotations", "export", "--annotations", "a.ann", "--format", "csv", "-o", "a.csv"); code != 0 {
		t.Fatalf("export: status %d, %q", code, stderr)
	}
	ann, _ := os.ReadFile("a.ann")
	csv, _ := os.ReadFile("a.csv")
	for _, c := range []struct {
		name, content string
		args          []string
	}{
		{"m.tsv", long, []string{"annotations", "summary", "--format", "json"}},
		{"m.tsv", long, []string{"annotations", "export", "--format", "jsonl", "--annotations"}},
		{"a.ann", string(ann), []string{"annotations", "summary", "--format", "json", "--annotations"}},
		{"a.ann", string(ann), []string{"annotations", "export", "--annotations"}},
		{"a.csv", string(csv), []string{"annotations", "summary"}},
	} {
		wantCode, wantOut, wantErr := runCLI(t, "", append(c.args, c.name)...)
		code, out, stderr := runCLIFromFIFO(t, "fifo", c.content, append(c.args, "fifo")...)
		wantErr = strings.ReplaceAll(wantErr, c.name, "fifo")
		if code != wantCode || out != wantOut || stderr != wantErr {
			t.Errorf("%q of a FIFO holding %s: status %d, stderr %q, stdout\n%.300s\nwant %d, stderr %q, stdout\n%.300s", c.args, c.name, code, stderr, out, wantCode, wantErr, wantOut)
		}
	}
	code, out, stderr := runCLIFromFIFO(t, "fifo", long, "annotations", "import", "--annotations", "b.ann", "fifo")
	if code != 0 || out != "" || !strings.Contains(stderr, "fifo: ") || !strings.Contains(stderr, " added to b.ann, 0 already there") {
		t.Errorf("import of a FIFO: status %d, stdout %q, stderr %q", code, out, stderr)
	}
	_, _, wantErr := runCLI(t, "", "annotations", "import", "--annotations", "c.ann", "a.csv")
	code, _, stderr = runCLIFromFIFO(t, "fifo", string(csv), "annotations", "import", "--annotations", "c.ann", "fifo")
	if wantErr = strings.ReplaceAll(wantErr, "a.csv", "fifo"); code != 2 || stderr != wantErr {
		t.Errorf("import of an export in a FIFO: status %d, stderr %q; want 2 and %q", code, stderr, wantErr)
	}
}

// TestAnnotationsFromPipe: a pipe named as a file (/dev/stdin, /dev/fd/N,
// <(…)) is read once too; opened again, it gave what the look at its
// start had left, which was refused as a WMT MQM TSV without a header.
func TestAnnotationsFromPipe(t *testing.T) {
	long := mqmLong()
	writeFiles(t, map[string]string{"m.tsv": long})
	_, wantOut, wantErr := runCLI(t, "", "annotations", "summary", "--format", "json", "m.tsv")
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	go func() {
		w.WriteString(long)
		w.Close()
	}()
	name := fmt.Sprintf("/dev/fd/%d", r.Fd())
	if _, err := os.Stat(name); err != nil {
		t.Skipf("no %s: %v", name, err)
	}
	code, out, stderr := runCLI(t, "", "annotations", "summary", "--format", "json", name)
	if code != 0 || out != wantOut || stderr != wantErr {
		t.Errorf("summary of %s: status %d, stderr %q, stdout\n%.300s\nwant 0, stderr %q, stdout\n%.300s", name, code, stderr, out, wantErr, wantOut)
	}
}

// TestAnnotationsSummaryOfDevice: summary and export read a device as
// they read any file: /dev/null holds no annotations. They refused it as
// an annotation file "saving replaces", which neither does.
func TestAnnotationsSummaryOfDevice(t *testing.T) {
	writeFiles(t, map[string]string{"empty.ann": ""})
	for _, args := range [][]string{
		{"annotations", "summary"},
		{"annotations", "summary", "--format", "json"},
		{"annotations", "export", "--annotations"},
		{"annotations", "export", "--format", "jsonl", "--annotations"},
	} {
		wantCode, wantOut, wantErr := runCLI(t, "", append(args, "empty.ann")...)
		code, out, stderr := runCLI(t, "", append(args, "/dev/null")...)
		if wantCode != 0 || code != 0 || out != wantOut || stderr != wantErr {
			t.Errorf("%q /dev/null: status %d, stdout %q, stderr %q; want 0, %q, %q as of an empty annotation file", args, code, out, stderr, wantOut, wantErr)
		}
	}
}

// TestAnnotationsLimitsFromFIFO: what summary, export and import read from
// a FIFO or standard input stops at a gigantic line with one line naming
// the limit and its flag, exit 2: a WMT MQM TSV's line past --max-line; an
// annotation file, whose records may be longer than a line of text (an
// import is one record), past --max-input; a stream taken for an
// annotation file that does not start as one is refused from its first
// bytes, saying so, where it was read up to the input limit and refused
// for its size (the whole of a gigantic line, 3 GiB on a machine of 24).
func TestAnnotationsLimitsFromFIFO(t *testing.T) {
	const mqmHeader = "system\tdoc\tdoc_id\tseg_id\trater\tsource\ttarget\tcategory\tseverity\n"
	writeFiles(t, map[string]string{"m.tsv": mqmSmall})
	if code, _, stderr := runCLI(t, "", "annotations", "import", "--annotations", "a.ann", "m.tsv"); code != 0 {
		t.Fatalf("import: status %d, %q", code, stderr)
	}
	ann, _ := os.ReadFile("a.ann")
	header, _, _ := strings.Cut(string(ann), "\n")
	long := strings.Repeat("x", 300<<10) // no line end
	const lineLimit = "the line is longer than 1 KiB, the line limit; raise --max-line if that is intended\n"
	for _, c := range []struct {
		content string
		args    []string
		want    string // after "bleuscope: " and the input's name
	}{
		{mqmHeader + long, []string{"annotations", "summary", "--max-line", "1K"}, ":2: " + lineLimit},
		{mqmHeader + long, []string{"annotations", "export", "--max-line", "1K", "--annotations"}, ":2: " + lineLimit},
		{mqmHeader + long, []string{"annotations", "import", "--max-line", "1K", "--annotations", "b.ann"}, ":2: " + lineLimit},
		{header + "\n" + long, []string{"annotations", "summary", "--max-input", "64K"}, " is larger than 64 KiB, the input limit; raise --max-input if that is intended\n"},
		{"{" + long, []string{"annotations", "summary", "--max-input", "64K"}, `:1: was taken for an annotation file (it starts with "{"), but it does not start as one; ` +
			"give the annotation file the explorer or import wrote (unedited) or a WMT MQM TSV: " + annotations.FileKinds + "\n"},
	} {
		code, out, stderr := runCLIFromFIFO(t, "fifo", c.content, append(c.args, "fifo")...)
		if want := "bleuscope: fifo" + c.want; code != exitUsage || out != "" || stderr != want {
			t.Errorf("%q of a FIFO: status %d, stdout %q, stderr %q; want 2 and %q", c.args, code, out, stderr, want)
		}
		code, out, stderr = runCLI(t, c.content, append(c.args, "-")...)
		if want := "bleuscope: standard input" + c.want; code != exitUsage || out != "" || stderr != want {
			t.Errorf("%q of standard input: status %d, stdout %q, stderr %q; want 2 and %q", c.args, code, out, stderr, want)
		}
	}
	if _, err := os.Stat("b.ann"); err == nil {
		t.Error("an import refused for its line made b.ann")
	}
}
