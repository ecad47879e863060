package cli

import (
	"regexp"
	"strings"
	"testing"
)

// otherRefNames matches the ways references were once named besides
// "ref A" / "ref 1" / "ref": ref1, r1, a file name after "ref".
var otherRefNames = regexp.MustCompile(`\bref[0-9]|\br[0-9]\b|ref newstest|ref ref\.`)

// TestRefLabelsOneWay: explain and the plain report name references the
// same way: "ref A" by what sets their file names apart, "ref 1" when
// they have no names, "ref" when there is one.
func TestRefLabelsOneWay(t *testing.T) {
	writeFiles(t, map[string]string{
		"hyp.txt":          hyp3,
		"newstest.A.en":    ref3,
		"newstest.B.en":    "the cat is on the mat\na dog was barking\nit rained all day\n",
		"ref.txt":          ref3,
		"newstest.only.en": ref3,
	})
	for _, c := range []struct {
		name string
		args []string
		want []string
	}{
		{"explain, named", []string{"explain", "hyp.txt", "-r", "newstest.A.en", "-r", "newstest.B.en", "--line", "2"}, []string{"ref A ", "ref B ", "A, B: occurrences in each reference"}},
		{"report, named", []string{"hyp.txt", "-r", "newstest.A.en", "-r", "newstest.B.en"}, []string{"    ref A  the dog barked loudly", "    ref B  a dog was barking"}},
		{"explain, texts", []string{"explain", "--hyp", "a dog barked", "--ref", "the dog barked loudly", "--ref", "a dog was barking"}, []string{"ref 1 ", "ref 2 ", "1, 2: occurrences in each reference"}},
		{"explain, one", []string{"explain", "hyp.txt", "-r", "ref.txt", "--line", "2"}, []string{"ref  ", "ref: occurrences in the reference"}},
		{"report, one", []string{"hyp.txt", "-r", "newstest.only.en"}, []string{"    ref    the dog barked loudly"}},
	} {
		code, out, stderr := runCLI(t, "", c.args...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", c.name, code, stderr)
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: output lacks %q:\n%s", c.name, w, out)
			}
		}
		if m := otherRefNames.FindString(out); m != "" {
			t.Errorf("%s: a reference is named %q:\n%s", c.name, m, out)
		}
		if strings.Contains(c.name, "one") && strings.Contains(out, "ref 1") {
			t.Errorf("%s: the only reference is numbered:\n%s", c.name, out)
		}
	}
}
