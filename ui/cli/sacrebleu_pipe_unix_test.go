//go:build unix

package cli

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// pipeChildEnv names the folder in which TestSacrebleuPipeChild runs the
// drop-in; set only by TestSacrebleuClosedPipe.
const pipeChildEnv = "BLEUSCOPE_TEST_PIPE_DIR"

// TestSacrebleuPipeChild runs `bleuscope sacrebleu ref.txt -i hyp.txt`
// with the process's own standard streams and exits with its status.
func TestSacrebleuPipeChild(t *testing.T) {
	dir := os.Getenv(pipeChildEnv)
	if dir == "" {
		t.Skip("run by TestSacrebleuClosedPipe")
	}
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	os.Exit(Run([]string{"sacrebleu", "ref.txt", "-i", "hyp.txt"}, os.Stdin, os.Stdout, os.Stderr))
}

// TestSacrebleuClosedPipe checks that the drop-in, its standard output a
// pipe whose reader has gone (sacrebleu ... | head -c 0), ends as Python
// ends sacrebleu: on standard error the exception its first line written
// raised (sacrebleu's main opens the stream again, line-buffered) and the
// one Python ignores at exit, and status 120, where the process was killed
// by SIGPIPE (141 in a shell).
func TestSacrebleuClosedPipe(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{"ref.txt": "a b c d\n", "hyp.txt": "a b c d\n"} {
		if err := os.WriteFile(dir+"/"+name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	r.Close() // no reader: every write fails
	cmd := exec.Command(os.Args[0], "-test.run=^TestSacrebleuPipeChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), pipeChildEnv+"="+dir)
	cmd.Stdout = w
	var stderr strings.Builder
	cmd.Stderr = &stderr
	err = cmd.Run()
	w.Close()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 120 {
		t.Fatalf("into a closed pipe: %v (stderr %q); want exit status 120", err, stderr.String())
	}
	const broken = "BrokenPipeError: [Errno 32] Broken pipe\n"
	want := broken + "Exception ignored in: <_io.TextIOWrapper name=1 mode='w' encoding='utf-8'>\n" + broken
	if stderr.String() != want {
		t.Errorf("into a closed pipe: stderr %q; want %q", stderr.String(), want)
	}
}
