package cli

import (
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/scoring"
	"github.com/charmbracelet/x/ansi"
)

// TestExplainNarrowSignature: at --width 40 every line fits and the
// signature breaks only after a "|", never inside a field; and no count
// reads "1 tokens" or "1 segments".
func TestExplainNarrowSignature(t *testing.T) {
	code, out, stderr := runCLI(t, "", "explain", "--hyp", "a", "--ref", "a", "--width", "40")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		if w := ansi.StringWidth(l); w > 40 {
			t.Errorf("line %d is %d cells wide: %q", i+1, w, l)
		}
	}
	sig := scoring.Signature(scoring.SentenceOptions(), 1, scoring.SignatureVersion)
	var got []string
	for _, l := range lines[1:] {
		if l == "" {
			break
		}
		got = append(got, l)
	}
	if strings.Join(got, "") != sig {
		t.Fatalf("the signature lines %q do not make %q", got, sig)
	}
	for _, l := range got[:len(got)-1] {
		if !strings.HasSuffix(l, "|") {
			t.Errorf("the signature breaks inside a field: %q", got)
		}
	}
	for _, bad := range []string{"1 tokens", "1 segments", "closest: sets r", "supplied matches"} {
		if strings.Contains(out, bad) {
			t.Errorf("explain says %q:\n%s", bad, out)
		}
	}
}
