package cli

import "testing"

// TestShortNameIsRegistered checks that the hint for sacrebleu's -tok and
// -lc names the one-letter flag registered with --tokenize and
// --lowercase, whatever other flag shares their usage text, and none for
// a flag registered without one.
func TestShortNameIsRegistered(t *testing.T) {
	fs := newFlagSet("score")
	addScoreFlags(fs)
	var other string
	fs.StringVar(&other, "x", "", "tokenizer") // same wording, not the same flag
	for _, c := range []struct{ written, want string }{
		{"-tok", " (sacrebleu's -tok is -t (--tokenize) here)"},
		{"-lc", " (sacrebleu's -lc is -l (--lowercase) here)"},
		{"-sv", " (sacrebleu's -sv is --smooth-value here)"},
	} {
		if got := fs.joinedHint(c.written); got != c.want {
			t.Errorf("joinedHint(%q) = %q; want %q", c.written, got, c.want)
		}
	}
}
