package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadmeTranscripts runs README's transcripts on the demo files: in
// every code block that shows output, each `$ bleuscope ...` line must
// print exactly the lines under it (standard error and output together, as
// a terminal shows them), and a command with no line under it nothing at
// all. Shell lines other than `printf '...' > FILE` are not run.
func TestReadmeTranscripts(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	demo, err := filepath.Abs(filepath.Join("..", "..", "fixtures", "demo"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	entries, err := os.ReadDir(demo)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if b, err := os.ReadFile(filepath.Join(demo, e.Name())); err == nil && !e.IsDir() {
			files[e.Name()] = string(b)
		}
	}
	writeFiles(t, files)
	ran := 0
	for _, block := range readmeBlocks(string(readme)) {
		for _, c := range block {
			if p, ok := strings.CutPrefix(c.line, "printf '"); ok {
				text, file, ok := strings.Cut(p, "' > ")
				if !ok {
					t.Fatalf("README: cannot read %q", c.line)
				}
				if err := os.WriteFile(file, []byte(strings.ReplaceAll(text, `\n`, "\n")), 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			rest, ok := strings.CutPrefix(c.line, "bleuscope ")
			if !ok || strings.ContainsAny(rest, "|<>$~;") {
				continue
			}
			var both bytes.Buffer
			Run(shellWords(rest), strings.NewReader(""), &both, &both)
			ran++
			if got := strings.TrimSuffix(both.String(), "\n"); got != c.output {
				t.Errorf("README: $ %s\nprints\n%s\nREADME shows\n%s", c.line, got, c.output)
			}
		}
	}
	if ran < 10 {
		t.Errorf("ran %d of README's transcripts; its layout must have changed", ran)
	}
}

// readmeCommand is one `$ ` line of a README code block and the lines
// shown under it, up to the next command.
type readmeCommand struct{ line, output string }

// readmeBlocks returns the commands of each fenced code block of text that
// shows some output.
func readmeBlocks(text string) [][]readmeCommand {
	var blocks [][]readmeCommand
	parts := strings.Split(text, "```")
	for i := 1; i < len(parts); i += 2 {
		var cmds []readmeCommand
		shows := false
		for _, l := range strings.Split(strings.TrimPrefix(parts[i], "\n"), "\n") {
			if c, ok := strings.CutPrefix(l, "$ "); ok {
				cmds = append(cmds, readmeCommand{line: c})
				continue
			}
			if len(cmds) == 0 {
				break
			}
			last := &cmds[len(cmds)-1]
			if last.output != "" || l != "" {
				last.output += l + "\n"
			}
		}
		for i := range cmds {
			cmds[i].output = strings.TrimRight(cmds[i].output, "\n")
			shows = shows || cmds[i].output != ""
		}
		if shows {
			blocks = append(blocks, cmds)
		}
	}
	return blocks
}

// shellWords splits a command line at spaces, keeping single-quoted text
// together, as a shell does for the plain lines README shows.
func shellWords(s string) []string {
	var words []string
	var w strings.Builder
	quoted, in := false, false
	for _, r := range s {
		switch {
		case r == '\'':
			quoted, in = !quoted, true
		case r == ' ' && !quoted:
			if in {
				words = append(words, w.String())
				w.Reset()
			}
			in = false
		default:
			w.WriteRune(r)
			in = true
		}
	}
	if in {
		words = append(words, w.String())
	}
	return words
}
