//go:build linux

package cli

import (
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/bleuscope/bleuscope/ui/render"
)

// TestProgressOnTerminal: compare, score --confidence, buckets --confidence
// and ngrams show their progress on standard error when it is a terminal,
// after the input's warnings (not minutes later, at the end), one line
// rewritten with \r and cleared at the end; standard output is the same as
// with standard error a pipe, which gets no byte of progress. Once ngrams
// has counted, the line says it ranks (it sat at 100% for the second the
// rankings take at 1M segments), until the rows come. With chrF and TER,
// compare and score --confidence show their statistics and resampling too
// (the line sat at BLEU's 100% while theirs ran: minutes at 1M), BLEU's
// step named too, and score --confidence's steps name the system of each
// (they come system by system: "a: chrF2 resampling" 100%, then "b: chrF2
// statistics", where the line seemed to go back from 100% to 0%).
func TestProgressOnTerminal(t *testing.T) {
	defer func(d time.Duration) { progressAfter = d }(progressAfter)
	progressAfter = 0 // these runs are short: show their progress at once
	var ref, a, b strings.Builder
	for i := range 40 {
		fmt.Fprintf(&ref, "the cat %d sat on the mat today\n", i)
		fmt.Fprintf(&a, "the cat %d sat on a mat today\n", i)
		if i == 3 {
			b.WriteString("\n") // an empty line: a warning
			continue
		}
		fmt.Fprintf(&b, "a cat %d sat on the mat\n", i)
	}
	writeFiles(t, map[string]string{"ref.txt": ref.String(), "a.txt": a.String(), "b.txt": b.String()})
	for _, c := range []struct {
		args []string
		says string
		then string // what the line says after says reaches 100%, until it is cleared
		also []string
	}{
		{[]string{"compare", "--paired-bs-n", "300"}, "resampling", "", nil},
		{[]string{"score", "--confidence", "--confidence-n", "300"}, "resampling", "", nil},
		{[]string{"score", "--confidence", "--confidence-n", "300", "--metrics", "bleu,chrf,ter"}, "b: TER resampling", "", []string{"BLEU resampling", "a: chrF2 statistics", "a: chrF2 resampling", "b: chrF2 statistics", "a: TER resampling"}},
		{[]string{"compare", "--paired-bs-n", "300", "--metrics", "chrf"}, "chrF2 resampling", "", []string{"BLEU resampling", "chrF2 statistics"}},
		{[]string{"buckets", "--confidence", "--confidence-n", "300"}, "resampling", "", nil},
		{[]string{"ngrams"}, "counting n-grams", "ranking n-grams…", nil},
		{[]string{"ngrams", "--salient"}, "counting n-grams", "ranking n-grams…", nil},
	} {
		args := append(c.args, "a.txt", "b.txt", "-r", "ref.txt")
		var pipeOut, pipeErr strings.Builder
		if code := Run(args, strings.NewReader(""), &pipeOut, &pipeErr); code != 0 {
			t.Fatalf("%v: status %d, stderr %q", c.args, code, pipeErr.String())
		}
		if strings.ContainsAny(pipeErr.String(), "\r\x1b") || strings.Contains(pipeErr.String(), c.says) {
			t.Errorf("%v: progress on a pipe: %q", c.args, pipeErr.String())
		}
		if !strings.Contains(pipeErr.String(), "warning") {
			t.Fatalf("%v: no warning of the empty line: %q", c.args, pipeErr.String())
		}

		master, slave := openPTY(t)
		done := readTerminal(master)
		var out strings.Builder
		code := Run(args, strings.NewReader(""), &out, slave)
		slave.WriteString("END\n")
		got := <-done
		if code != 0 {
			t.Fatalf("%v on a terminal: status %d, %q", c.args, code, got)
		}
		if out.String() != pipeOut.String() {
			t.Errorf("%v: standard output differs with a terminal's stderr:\n%s\nwant\n%s", c.args, out.String(), pipeOut.String())
		}
		last := strings.LastIndex(got, "\r"+c.says+" ")
		if last < 0 || !strings.Contains(got, c.says+" 100%") {
			t.Errorf("%v: no progress on the terminal: %q", c.args, got)
			continue
		}
		if w := strings.Index(got, "warning"); w < 0 || w > strings.Index(got, "\r"+c.says) {
			t.Errorf("%v: the warning does not come before the progress: %q", c.args, got)
		}
		if rest := got[last+1:]; !strings.Contains(rest, "\r\x1b[K") {
			t.Errorf("%v: the progress line is not cleared at the end: %q", c.args, got)
		}
		for _, label := range c.also {
			if !strings.Contains(got, "\r"+label+" ") {
				t.Errorf("%v: no %q on the line: %q", c.args, label, got)
			}
		}
		if c.then != "" {
			end := got[strings.LastIndex(got, c.says+" 100%"):]
			if want := "\r" + c.then + "\x1b[K\r\x1b[K"; !strings.Contains(end, want) {
				t.Errorf("%v: after the count, want %q, then the line cleared: %q", c.args, want, end)
			}
		}
	}
}

// TestProgressNotOnShortRuns: a run shorter than progressAfter writes no
// progress on the terminal, where one of 40 lines used to flash a line of
// progress and clear it; its warnings still come.
func TestProgressNotOnShortRuns(t *testing.T) {
	defer func(d time.Duration) { progressAfter = d }(progressAfter)
	progressAfter = time.Hour
	writeFiles(t, map[string]string{"ref.txt": "the cat sat\n\n", "a.txt": "the cat sat\n\n", "b.txt": "a cat sat\n\n"})
	for _, args := range [][]string{{"compare", "--paired-bs-n", "300", "a.txt", "b.txt"}, {"ngrams", "a.txt"}} {
		master, slave := openPTY(t)
		done := readTerminal(master)
		var out strings.Builder
		code := Run(append(args, "-r", "ref.txt"), strings.NewReader(""), &out, slave)
		slave.WriteString("END\n")
		got := <-done
		if code != 0 {
			t.Fatalf("%v: status %d, %q", args, code, got)
		}
		if strings.Contains(got, "%") || strings.Contains(got, "\x1b[K") {
			t.Errorf("%v: a short run showed progress: %q", args, got)
		}
		if !strings.Contains(got, "warning") {
			t.Errorf("%v: the warning of the empty line is lost: %q", args, got)
		}
	}
}

// TestProgressFitsNarrowTerminal: on a terminal narrower than the progress
// line, each rewrite is cut a cell short of its width, keeping the
// percentage, where a line that wrapped left a row behind at every
// rewrite ("chrF2 resampling 7", "chrF2 resampling 8", … down an 18-column
// screen).
func TestProgressFitsNarrowTerminal(t *testing.T) {
	defer func(d time.Duration) { progressAfter = d }(progressAfter)
	progressAfter = 0
	var ref, a, b strings.Builder
	for i := range 40 {
		fmt.Fprintf(&ref, "the cat %d sat on the mat today\n", i)
		fmt.Fprintf(&a, "the cat %d sat on a mat today\n", i)
		fmt.Fprintf(&b, "a cat %d sat on the mat\n", i)
	}
	writeFiles(t, map[string]string{"ref.txt": ref.String(), "a.txt": a.String(), "b.txt": b.String()})
	for _, cols := range []uint16{18, 8, 3} {
		master, slave := openSizedPTY(t, cols)
		done := readTerminal(master)
		code := Run([]string{"compare", "--paired-bs-n", "50", "--metrics", "chrf", "a.txt", "b.txt", "-r", "ref.txt"}, strings.NewReader(""), io.Discard, slave)
		slave.WriteString("\nEND\n")
		got := <-done
		if code != 0 {
			t.Fatalf("%d columns: status %d, %q", cols, code, got)
		}
		lines := 0
		for _, row := range strings.Split(got, "\r") {
			row = strings.TrimSuffix(row, "\x1b[K")
			if strings.TrimSpace(row) == "" || strings.Contains(row, "END") {
				continue
			}
			lines++
			if w := render.Cells(row); w >= int(cols) || strings.Contains(row, "\n") {
				t.Errorf("%d columns: a progress line of %d cells: %q", cols, w, row)
			}
			if cols >= 8 && !strings.HasSuffix(row, "%") {
				t.Errorf("%d columns: %q lost its percentage", cols, row)
			}
		}
		if lines == 0 {
			t.Errorf("%d columns: no progress: %q", cols, got)
		}
	}
}
