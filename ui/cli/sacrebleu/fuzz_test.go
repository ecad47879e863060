package sacrebleu

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// FuzzCommandLine runs the drop-in on any command line (words split at
// spaces) over a small corpus: it never panics, exits with one of the
// statuses sacrebleu uses (0, 1, 2, 17, or 130 when the run is cut short),
// and never reports an internal error.
func FuzzCommandLine(f *testing.F) {
	for _, line := range []string{
		"ref.txt -i hyp.txt",
		"ref.txt -i hyp.txt -m bleu chrf ter -f text",
		"ref.txt ref2.txt -i hyp.txt hyp2.txt -pbs -pbs-n 5",
		"ref.txt -i hyp.txt hyp2.txt -par -par-n 5 -f json",
		"ref.txt -i hyp.txt -ci -ci-n 3 -b -w 3",
		"ref.txt -i hyp.txt -sl -tok char -lc -s floor -sv 0.5",
		"ref.txt -i hyp.txt -m chrf --chrf-word-order 2 --chrf-char-order 3",
		"ref.txt -i hyp.txt -m ter --ter-normalized --ter-asian-support --ter-no-punct",
		"ref.txt -i hyp.txt.gz --short -nr",
		"-t wmt22 -l de-en --echo src",
		"--list",
		"-h",
		"ref.txt",
		"ref.txt -i hyp.txt -tok zh -m bleu --max-ngram-order 2 --force",
	} {
		f.Add(line)
	}
	dir := f.TempDir()
	writeFiles(f, dir, map[string]string{
		"ref.txt":    "The cat sat on the mat.\nIt rains.\n\n",
		"ref2.txt":   "A cat was on the mat.\nIt is raining.\nEmpty.\n",
		"hyp.txt":    "The cat is on the mat.\nIt rains today.\n\n",
		"hyp2.txt":   "the the the the\nrain\nx\n",
		"hyp.txt.gz": gz(f, "The cat.\nRain.\n\n"),
	})
	cache := filepath.Join(dir, "cache")
	f.Fuzz(func(t *testing.T, line string) {
		args := strings.Fields(line)
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		var stdout, stderr bytes.Buffer
		c := &Command{Stdin: strings.NewReader("The cat.\nRain.\n\n"), Stdout: &stdout, Stderr: &stderr, Dir: dir,
			LookupEnv: lookupIn(map[string]string{"SACREBLEU": cache, "HOME": dir}), Context: ctx}
		status := c.Run(args)
		switch status {
		case 0, 1, 2, 17, 130:
		default:
			t.Fatalf("%q: exit status %d, stderr %q", args, status, stderr.String())
		}
		if strings.Contains(stderr.String(), "internal error") {
			t.Fatalf("%q: %s", args, stderr.String())
		}
	})
}
