package cli

import (
	"strings"
	"testing"
)

// TestErrorAfterLoadingIsOneLine fails after loading an input that draws
// warnings: the error is the only line, the warnings are dropped.
func TestErrorAfterLoadingIsOneLine(t *testing.T) {
	files := basicFiles()
	files["bpe.txt"] = "a\nthe ca@@ t sat\nmat@@\n"
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"explain", "--line", "9", "bpe.txt", "-r", "ref.txt"},
			"bleuscope: --line 9 is out of range: the input has 3 segments (lines 1-3)"},
		{[]string{"score", "-o", "no/such/out.txt", "bpe.txt", "-r", "ref.txt"},
			"bleuscope: cannot write no/such/out.txt: no such file or directory; check that its folder exists and is writable"},
		{[]string{"segments", "--sort", "delta", "bpe.txt", "-r", "ref.txt"},
			"bleuscope: --sort delta compares two systems; give at least two SYSTEM files"},
		{[]string{"--annotations", ".", "bpe.txt", "-r", "ref.txt"},
			"bleuscope: . is a directory; name an annotation file (a new name creates one)"},
		{[]string{"--baseline", "nope", "bpe.txt", "-r", "ref.txt"},
			`bleuscope: --baseline "nope": there is no such system; the systems are bpe.txt`},
	}
	for _, tt := range tests {
		writeFiles(t, files)
		code, _, stderr := runCLI(t, "", tt.args...)
		if code != exitUsage || stderr != tt.want+"\n" {
			t.Errorf("%q: status %d, stderr %q; want 2 and %q alone", tt.args, code, stderr, tt.want+"\n")
		}
	}
	// The same input, when the command goes on, warns.
	code, _, stderr := runCLI(t, "", "score", "bpe.txt", "-r", "ref.txt")
	if code != 0 || !strings.HasPrefix(stderr, "bleuscope: warning: bpe.txt: ") {
		t.Errorf("score bpe.txt: status %d, stderr %q; want 0 and the warning", code, stderr)
	}
}

// TestMessagesSayWhatWasWritten checks the wording of flag errors: a flag
// named as the user wrote it, a number too large called out of range, one
// segment in the singular.
func TestMessagesSayWhatWasWritten(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"score", "-lt", "intl", "hyp.txt", "-r", "ref.txt"},
			"bleuscope: unknown flag -lt (flags are not joined: did you mean -l -t?); see 'bleuscope score --help'"},
		{[]string{"score", "hyp.txt", "-rref.txt"},
			"bleuscope: unknown flag -rref.txt (a value is not joined to its flag: did you mean -r ref.txt?); see 'bleuscope score --help'"},
		{[]string{"score", "-bogus", "hyp.txt", "-r", "ref.txt"},
			"bleuscope: unknown flag -bogus; see 'bleuscope score --help'"},
		{[]string{"score", "-max-order", "x", "hyp.txt", "-r", "ref.txt"},
			`bleuscope: -max-order: "x" is not a whole number; see 'bleuscope score --help'`},
		{[]string{"score", "hyp.txt", "--ref"},
			"bleuscope: --ref needs a value; see 'bleuscope score --help'"},
		{[]string{"score", "--smooth-value", "1e309", "hyp.txt", "-r", "ref.txt"},
			`bleuscope: --smooth-value: "1e309" is out of range (numbers go up to about 1.8e308); see 'bleuscope score --help'`},
		{[]string{"score", "--compat", "nltk", "--weights", "1e309", "hyp.txt", "-r", "ref.txt"},
			`bleuscope: --weights: "1e309" is out of range (numbers go up to about 1.8e308); give numbers separated by commas, like 0.5,0.5`},
		{[]string{"score", "--max-order", "99999999999999999999", "hyp.txt", "-r", "ref.txt"},
			`bleuscope: --max-order: "99999999999999999999" is out of range; see 'bleuscope score --help'`},
		{[]string{"explain", "--line", "2", "one.txt", "-r", "one.txt"},
			"bleuscope: --line 2 is out of range: the input has 1 segment (line 1)"},
	}
	for _, tt := range tests {
		files := basicFiles()
		files["one.txt"] = "a b c\n"
		writeFiles(t, files)
		code, _, stderr := runCLI(t, "", tt.args...)
		if code != exitUsage || stderr != tt.want+"\n" {
			t.Errorf("%q: status %d\n got %q\nwant %q", tt.args, code, stderr, tt.want+"\n")
		}
	}
}
