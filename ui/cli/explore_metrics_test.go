package cli

import (
	"strings"
	"testing"
)

// TestExploreMetricsFlags checks --metrics and the chrF/TER options on
// the explorer: chrF is on by default there, so its options need no
// --metrics; TER's do; a bad list is refused in one line.
func TestExploreMetricsFlags(t *testing.T) {
	writeFiles(t, basicFiles())
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"--chrf-beta", "3"}, 0, ""},
		{[]string{"--metrics", "bleu,chrf,ter", "--ter-normalized"}, 0, ""},
		{[]string{"--ter-normalized"}, 2, "--ter-normalized applies only when --metrics includes ter"},
		{[]string{"--metrics", "bleu,meteor"}, 2, "--metrics"},
		{[]string{"--chrf-char-order", "-1"}, 2, "--chrf-char-order: -1 is not between 0 and 32; see 'bleuscope --help'"},
	} {
		args := append(c.args, "hyp.txt", "-r", "ref.txt")
		code, out, stderr := runCLI(t, "", args...)
		if code != c.code || (c.code == 2 && (out != "" || !strings.Contains(stderr, c.msg) || strings.Count(stderr, "\n") != 1)) {
			t.Errorf("%v: status %d, stdout %q, stderr %q; want %d %q", args, code, out, stderr, c.code, c.msg)
		}
	}
}
