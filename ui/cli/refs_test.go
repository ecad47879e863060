package cli

import (
	"slices"
	"strings"
	"testing"
)

// TestRefsSubset: --refs scores against the references it names (by
// label, number or name) exactly as giving only those files does; a name
// that is no reference is a usage error naming the references.
func TestRefsSubset(t *testing.T) {
	both := twoRefs(t, "newstest.A.en", "newstest.B.en")
	for _, c := range []struct {
		refs string
		only []string
	}{
		{"B", []string{"-r", "newstest.B.en"}},
		{"1", []string{"-r", "newstest.A.en"}},
		{"newstest.B.en", []string{"-r", "newstest.B.en"}},
		{"A,B", []string{"-r", "newstest.A.en", "-r", "newstest.B.en"}},
	} {
		got := scoreRefs(t, both, c.refs)
		_, want, _ := runCLI(t, "", append([]string{"score", "hyp.txt"}, c.only...)...)
		if got != want {
			t.Errorf("--refs %s prints\n%s; the files alone give\n%s", c.refs, got, want)
		}
	}
	_, all, _ := runCLI(t, "", both...)
	_, one, _ := runCLI(t, "", append(both, "--refs", "A")...)
	if all == one {
		t.Error("--refs A scores as both references do")
	}
	code, _, stderr := runCLI(t, "", append(both, "--refs", "C")...)
	if code != 2 || !strings.Contains(stderr, `no reference "C"`) || !strings.Contains(stderr, "A, B") {
		t.Errorf("--refs C: exit %d, %q; want 2 and a line naming A and B", code, stderr)
	}
	code, _, stderr = runCLI(t, "", "score", "hyp.txt", "-r", "newstest.A.en", "--refs", "C")
	if code != 2 || !strings.Contains(stderr, `no reference "C"; there is one reference, 1 `) {
		t.Errorf("--refs C with one reference: exit %d, %q", code, stderr)
	}
}

// TestRefsByNumberedLabel: references labelled by the numbers in their
// names (ref 02 and ref 03 of ref02.txt and ref03.txt) are found by those
// numbers, as written or without their zeros, before the references'
// order: --refs 2 is ref 02, not the second reference, ref 03.
func TestRefsByNumberedLabel(t *testing.T) {
	both := twoRefs(t, "ref02.txt", "ref03.txt")
	for _, c := range []struct{ refs, only string }{
		{"2", "ref02.txt"},
		{"02", "ref02.txt"},
		{"3", "ref03.txt"},
		{"1", "ref02.txt"}, // no label is 1: the first reference
	} {
		got := scoreRefs(t, both, c.refs)
		if _, want, _ := runCLI(t, "", "score", "hyp.txt", "-r", c.only); got != want {
			t.Errorf("--refs %s prints\n%s; %s alone gives\n%s", c.refs, got, c.only, want)
		}
	}
}

// twoRefs writes hyp.txt (hyp3) and two references, a (ref3) and b (other
// wordings of its lines), and returns score's arguments with both.
func twoRefs(t *testing.T, a, b string) []string {
	t.Helper()
	writeFiles(t, map[string]string{
		"hyp.txt": hyp3,
		a:         ref3,
		b:         "the cat is on the mat\na dog was barking\nit rained all day\n",
	})
	return []string{"score", "hyp.txt", "-r", a, "-r", b}
}

// scoreRefs runs score's arguments args with --refs refs and returns what
// it prints, failing the test unless it exits 0.
func scoreRefs(t *testing.T, args []string, refs string) string {
	t.Helper()
	code, got, stderr := runCLI(t, "", append(slices.Clone(args), "--refs", refs)...)
	if code != 0 {
		t.Fatalf("--refs %s: exit %d: %s", refs, code, stderr)
	}
	return got
}
