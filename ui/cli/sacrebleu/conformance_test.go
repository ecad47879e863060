package sacrebleu

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/fixtures/conformance"
)

// cliCase is one recorded sacrebleu 2.6.0 command line, from cli.jsonl or
// cli_sacrebleu.jsonl: where it ran, what it read, and what it printed.
type cliCase struct {
	ID       string            `json:"id"`
	Category string            `json:"category"`
	Argv     []string          `json:"argv"`
	Cwd      string            `json:"cwd"`
	Files    map[string]string `json:"files"`
	Stdin    *string           `json:"stdin"`
	Env      map[string]string `json:"env"`
	ExitCode int               `json:"exit_code"`
	Stdout   string            `json:"stdout"`
	// StderrLastLine is the last non-blank line sacrebleu wrote on
	// standard error (cli_sacrebleu.jsonl only).
	StderrLastLine string `json:"stderr_last_line"`
}

// run runs the case in dir and returns its standard output (with the
// signature version put back to sacrebleu's) and exit status.
func (c *cliCase) run(t *testing.T, dir string) (string, string, int) {
	t.Helper()
	env := map[string]string{"NO_COLOR": "1", "SACREBLEU": t.TempDir()}
	for k, v := range c.Env {
		env[k] = v
	}
	var stdout, stderr bytes.Buffer
	cmd := &Command{
		Stdout: &stdout, Stderr: &stderr, Dir: dir,
		LookupEnv: lookupIn(env),
	}
	if c.Stdin != nil {
		cmd.Stdin = strings.NewReader(*c.Stdin)
	}
	status := cmd.Run(c.Argv)
	return strings.ReplaceAll(stdout.String(), Version, "2.6.0"), stderr.String(), status
}

// dirFor returns the directory a case runs in: the WMT22 text folder, or
// a new folder holding exactly its files.
func dirFor(t *testing.T, c *cliCase, corpora string) string {
	if c.Cwd == "wmt22" {
		return corpora
	}
	dir := t.TempDir()
	for name, text := range c.Files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestConformance runs every recorded sacrebleu command line of cli.jsonl
// and cli_sacrebleu.jsonl through the drop-in and compares standard output
// byte for byte (after the signature's version) and the exit status.
func TestConformance(t *testing.T) {
	dir := conformance.Dir(t)
	corpora := conformance.Corpora(t)
	for _, file := range []string{"cli.jsonl", "cli_sacrebleu.jsonl"} {
		cases := conformance.ReadJSONL[cliCase](t, filepath.Join(dir, file))
		agree := 0
		t.Run(file, func(t *testing.T) {
			for i := range cases {
				c := &cases[i]
				t.Run(c.ID, func(t *testing.T) {
					got, stderr, status := c.run(t, dirFor(t, c, corpora))
					ok := true
					if status != c.ExitCode {
						ok = false
						t.Errorf("sacrebleu %s: exit status %d, want %d (stderr: %q; want last line %q)",
							strings.Join(c.Argv, " "), status, c.ExitCode, stderr, c.StderrLastLine)
					}
					if got != c.Stdout {
						ok = false
						t.Errorf("sacrebleu %s: stdout\n%s\nwant\n%s", strings.Join(c.Argv, " "), got, c.Stdout)
					}
					if ok {
						agree++
					}
				})
			}
		})
		t.Logf("%s: %d of %d agree", file, agree, len(cases))
	}
}

// sigRecord is the part of a significance.jsonl record that concerns the
// command line: where it ran, its seed, and what sacrebleu printed with
// the default format and with -f text.
type sigRecord struct {
	ID       string            `json:"id"`
	Files    map[string]string `json:"files"`
	Seed     *string           `json:"seed"`
	CliCwd   string            `json:"cli_cwd"`
	Expected struct {
		CLIJSON *sigCLI `json:"cli_json"`
		CLIText *sigCLI `json:"cli_text"`
	} `json:"expected"`
}

// sigCLI is one recorded run; Stdout is nil where it is not reproducible.
type sigCLI struct {
	Argv     []string `json:"argv"`
	ExitCode int      `json:"exit_code"`
	Stdout   *string  `json:"stdout"`
}

// TestSignificanceCommandLines runs the command lines of
// significance.jsonl (--confidence, --paired-bs, --paired-ar on WMT22 and
// synthetic files) and compares their output and exit status.
func TestSignificanceCommandLines(t *testing.T) {
	dir := conformance.Dir(t)
	corpora := conformance.Corpora(t)
	records := conformance.ReadJSONL[sigRecord](t, filepath.Join(dir, "significance.jsonl"))
	agree, runs := 0, 0
	for _, rec := range records {
		for _, run := range []*sigCLI{rec.Expected.CLIJSON, rec.Expected.CLIText} {
			if run == nil {
				continue
			}
			c := &cliCase{ID: rec.ID, Argv: run.Argv, Cwd: "wmt22", Files: rec.Files, ExitCode: run.ExitCode, Env: map[string]string{}}
			if rec.CliCwd == "files" {
				c.Cwd = "files"
			}
			if rec.Seed != nil {
				c.Env["SACREBLEU_SEED"] = *rec.Seed
			}
			runs++
			t.Run(rec.ID, func(t *testing.T) {
				got, stderr, status := c.run(t, dirFor(t, c, corpora))
				ok := status == c.ExitCode
				if !ok {
					t.Errorf("sacrebleu %s: exit status %d, want %d (stderr %q)", strings.Join(c.Argv, " "), status, c.ExitCode, stderr)
				}
				if run.Stdout != nil && got != *run.Stdout {
					ok = false
					t.Errorf("sacrebleu %s: stdout\n%s\nwant\n%s", strings.Join(c.Argv, " "), got, *run.Stdout)
				}
				if ok {
					agree++
				}
			})
		}
	}
	t.Logf("significance.jsonl: %d of %d command lines agree", agree, runs)
}
