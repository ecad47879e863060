//go:build linux

package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestCompareTableFitsTheTerminal: compare's tables on a terminal of 60
// columns fit it (the names cut, wins, ties and losses in one column),
// where BLEU's was 80 cells wide and wrapped mid-row; piped in that
// terminal, with standard error the terminal, the tables and the first
// line are whole, the same as with no terminal at all, as scripts read
// them (the prose is wrapped to the terminal, as before).
func TestCompareTableFitsTheTerminal(t *testing.T) {
	master, slave := openSizedPTY(t, 60)
	writeFiles(t, compareFiles())
	args := []string{"compare", "--seed", "1", "--metrics", "bleu,chrf,ter", "a-rather-long-baseline-name=base.txt", "a-much-better-system-with-a-long-name=good.txt", "copy.txt", "-r", "ref.txt"}
	code, noTTY, stderr := runCLI(t, "", args...)
	if code != 0 {
		t.Fatalf("status %d: %s", code, stderr)
	}
	if !strings.Contains(noTTY, "wins  ties  losses") || !strings.Contains(noTTY, "a-much-better-system-with-a-long-name ") {
		t.Fatalf("with no terminal, not the whole table:\n%s", noTTY)
	}
	var piped bytes.Buffer
	if code := Run(args, strings.NewReader(""), &piped, slave); code != 0 {
		t.Fatalf("piped: status %d", code)
	}
	if got, want := tableLines(piped.String()), tableLines(noTTY); got != want {
		t.Errorf("piped in a 60-column terminal, the tables differ from those with no terminal:\n%s\nwant\n%s", got, want)
	}

	done := readTerminal(master)
	code = Run(args, strings.NewReader(""), slave, slave)
	slave.WriteString("END\n")
	got := strings.ReplaceAll(<-done, "\r\n", "\n")
	if code != 0 {
		t.Fatalf("on the terminal: status %d, %q", code, got)
	}
	rows := 0
	for _, l := range strings.Split(got, "\n") {
		if !strings.Contains(l, "  ") { // prose, wrapped to 60, and signatures, one word
			continue
		}
		rows++
		if w := ansi.StringWidth(l); w > 60 {
			t.Errorf("a row of %d cells on a 60-column terminal: %q", w, l)
		}
	}
	if rows < 12 || !strings.Contains(got, "win/tie/loss") || !strings.Contains(got, "a-much-better") || !strings.Contains(got, "…") {
		t.Errorf("on the terminal: want three tables, wins, ties and losses in one column, the long names cut:\n%s", got)
	}
}

// tableLines are the first line of compare's text output and its tables'
// lines (those with two spaces in a row; not its prose or signatures).
func tableLines(out string) string {
	lines := strings.Split(out, "\n")
	keep := lines[:1]
	for _, l := range lines[1:] {
		if strings.Contains(l, "  ") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}
