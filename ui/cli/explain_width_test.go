package cli

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/scoring"
	"github.com/charmbracelet/x/ansi"
)

// copiedPrefixes start the lines explain keeps whole however narrow the
// width: the formulas with their numbers and sacrebleu's line (the
// signature is checked apart).
var copiedPrefixes = []string{"sacrebleu prints: ", "simple precision ", "modified precision ", "ln p", "w1 · ", "w2 · ", "w3 · ", "w4 · ",
	"mean = ", "geometric mean = ", "sum = ", "exp(sum) = ", "c < r, so BP", "c = r, so BP", "BLEU = BP × "}

// copiedLine reports whether line l of explain's or lessons' output is one
// they keep whole: the signature, a formula, sacrebleu's line or a
// lesson's score line (which ends as sacrebleu's does).
func copiedLine(l string) bool {
	if strings.HasPrefix(l, "nrefs:") && strings.Contains(l, "|version:") {
		return true
	}
	if strings.Contains(l, " hyp_len = ") && strings.HasSuffix(l, ")") {
		return true
	}
	for _, p := range copiedPrefixes {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	return false
}

// TestExplainKeepsCopiedLines: at --width 40 the prose fits, but the lines
// a person copies are whole: the signature on one line, sacrebleu's line,
// the formulas; and no count reads "1 tokens" or "1 segments".
func TestExplainKeepsCopiedLines(t *testing.T) {
	tests := []struct {
		args  []string
		opt   scoring.Options
		whole []string
	}{
		{[]string{"--hyp", "the cat sat", "--ref", "the cat sat on the mat"}, scoring.SentenceOptions(), []string{
			"modified precision 3/3 = 100.00%  with clipping (BLEU's)",
			"mean = (4.60517 + 4.60517 + 4.60517) / 3 = 4.60517",
			"c < r, so BP = exp(1 − r/c) = exp(1 − 6/3) = exp(-1) = 0.367879",
			"BLEU = BP × geometric mean = 0.367879 × 100 = 36.7879",
			"sacrebleu prints: BLEU = 36.79 100.0/100.0/100.0/0.0 (BP = 0.368 ratio = 0.500 hyp_len = 3 ref_len = 6)",
		}},
		{[]string{"--compat", "nltk", "--hyp", "the cat sat on the mat", "--ref", "the cat is on the mat"}, nltkSentenceOptions(), []string{
			"w1 · ln p1 = 0.25 × ln 0.833333   = -0.0455804",
			"sum = -0.0455804 − 0.127706 − 0.346574 − 177.099 = -177.619",
			"BLEU = BP × exp(sum) = 1 × 7.262e-78",
			"BLEU = 7.262123179505913e-78",
		}},
	}
	for _, tt := range tests {
		code, out, stderr := runCLI(t, "", append([]string{"explain", "--width", "40"}, tt.args...)...)
		if code != 0 {
			t.Fatalf("%q: exit %d: %s", tt.args, code, stderr)
		}
		lines := strings.Split(out, "\n")
		if sig := scoring.Signature(tt.opt, 1, scoring.SignatureVersion); lines[1] != sig {
			t.Errorf("%q: line 2 %q; want the whole signature %q", tt.args, lines[1], sig)
		}
		for _, want := range tt.whole {
			if !strings.Contains(out, "\n"+want+"\n") {
				t.Errorf("%q: no whole line %q:\n%s", tt.args, want, out)
			}
		}
		for i, l := range lines {
			if w := ansi.StringWidth(l); w > 40 && !copiedLine(l) {
				t.Errorf("%q: line %d is %d cells wide: %q", tt.args, i+1, w, l)
			}
		}
		for _, bad := range []string{"1 tokens", "1 segments", "closest: sets r", "supplied matches"} {
			if strings.Contains(out, bad) {
				t.Errorf("explain says %q:\n%s", bad, out)
			}
		}
	}
}

// nltkSentenceOptions are explain's options under --compat nltk.
func nltkSentenceOptions() scoring.Options {
	o := scoring.SentenceOptions()
	o.Compat = scoring.CompatNLTK
	return o
}

// TestExplainTitleKeepsNameWhole: the title wraps at spaces, never inside
// a system's name (a user saw "generaltest2022.de-" / "en.hyp.LT22.en" at
// --width 60); a name longer than the width stands whole on its own line.
func TestExplainTitleKeepsNameWhole(t *testing.T) {
	name := "generaltest2022.de-en.hyp.LT22.en"
	writeFiles(t, map[string]string{name: "the cat sat\n", "ref": "the cat sat on the mat\n", "src": "die Katze saß\n"})
	for _, w := range []int{20, 40, 60} {
		code, out, stderr := runCLI(t, "", "explain", "--width", strconv.Itoa(w), "--line", "1", "-s", "src", name, "-r", "ref")
		if code != 0 {
			t.Fatalf("--width %d: exit %d: %s", w, code, stderr)
		}
		head, _, _ := strings.Cut(out, "\nnrefs:")
		lines := strings.Split(head, "\n")
		if !slices.Contains(lines, name) && !strings.HasSuffix(lines[len(lines)-1], " "+name) {
			t.Errorf("--width %d: the title does not hold %s whole: %q", w, name, lines)
		}
		if got := strings.Join(lines, " "); got != "Sentence BLEU of line 1, system "+name {
			t.Errorf("--width %d: the title reads %q", w, got)
		}
		for _, l := range lines {
			if ansi.StringWidth(l) > w && l != name {
				t.Errorf("--width %d: title line %q is wider", w, l)
			}
		}
	}
}
