package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSacrebleuCommand runs the drop-in as `bleuscope sacrebleu` and as a
// program named sacrebleu: both print sacrebleu's output and exit with
// its statuses.
func TestSacrebleuCommand(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	for name, text := range map[string]string{
		"ref.txt": "the cat sat on the mat\nit is raining today\n",
		"hyp.txt": "the cat sat on the mat\nit rains today\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run := func(args ...string) (string, string, int) {
		var stdout, stderr bytes.Buffer
		status := Run(args, strings.NewReader(""), &stdout, &stderr)
		return stdout.String(), stderr.String(), status
	}
	out, _, status := run("sacrebleu", "ref.txt", "-i", "hyp.txt", "-b")
	// Matches 8/9, 5/7, 4/5, 3/3; 9 hypothesis tokens against 10 in the
	// references, so BLEU = exp(-1/9) · (8/9 · 5/7 · 4/5)^(1/4) = 75.54.
	if out != "75.5\n" || status != 0 {
		t.Errorf("bleuscope sacrebleu ref.txt -i hyp.txt -b: %q, status %d; want 75.5, 0", out, status)
	}
	out, errOut, status := run("sacrebleu", "ref.txt", "-i", "hyp.txt", "-w", "x")
	if status != 2 || out != "" || !strings.HasSuffix(errOut, "sacrebleu: error: argument --width/-w: invalid int value: 'x'\n") {
		t.Errorf("bad -w: stdout %q, stderr %q, status %d; want argparse's error and 2", out, errOut, status)
	}
	if _, _, status := run("sacrebleu", "ref.txt", "-i", "missing.txt"); status != 1 {
		t.Errorf("missing system file: status %d, want sacrebleu's 1", status)
	}

	saved := os.Args
	t.Cleanup(func() { os.Args = saved })
	os.Args = []string{filepath.Join("usr", "local", "bin", "sacrebleu")}
	if out, _, status := run("ref.txt", "-i", "hyp.txt", "-b"); out != "75.5\n" || status != 0 {
		t.Errorf("as a program named sacrebleu: %q, status %d; want 75.5, 0", out, status)
	}
}
