package sacrebleu

import (
	"bytes"
	"os"
	"slices"
	"strings"
	"testing"
)

// The expected values in this file are what Python 3.11's argparse prints
// and parses for a parser declared with sacrebleu 2.6.0's options.

// TestArgparseErrors checks argparse's messages for bad command lines:
// the last line on standard error and exit status 2, nothing on standard
// output.
func TestArgparseErrors(t *testing.T) {
	for _, tc := range []struct {
		argv []string
		want string
	}{
		{[]string{"ref.txt", "-i", "hyp1.txt", "-m"}, "sacrebleu: error: argument --metrics/-m: expected at least one argument"},
		{[]string{"ref.txt", "-i", "hyp1.txt", "-m", "bleurt"}, "sacrebleu: error: argument --metrics/-m: invalid choice: 'bleurt' (choose from 'bleu', 'chrf', 'ter')"},
		{[]string{"ref.txt", "-w", "two"}, "sacrebleu: error: argument --width/-w: invalid int value: 'two'"},
		{[]string{"ref.txt", "-pbs", "-par"}, "sacrebleu: error: argument --paired-ar/-par: not allowed with argument --paired-bs/-pbs"},
		{[]string{"ref.txt", "--ci"}, "sacrebleu: error: ambiguous option: --ci could match --citation, --cite"},
		{[]string{"ref.txt", "--chrf"}, "sacrebleu: error: ambiguous option: --chrf could match --chrf-char-order, --chrf-word-order, --chrf-beta, --chrf-whitespace, --chrf-lowercase, --chrf-eps-smoothing"},
		{[]string{"ref.txt", "-c"}, "sacrebleu: error: ambiguous option: -c could match -cc, -cw, -ci, -cin"},
		{[]string{"ref.txt", "-qx"}, "sacrebleu: error: argument --quiet/-q: ignored explicit argument 'x'"},
		{[]string{"ref.txt", "-q=1"}, "sacrebleu: error: argument --quiet/-q: ignored explicit argument '1'"},
		{[]string{"ref.txt", "--quiet=1"}, "sacrebleu: error: argument --quiet/-q: ignored explicit argument '1'"},
		{[]string{"ref.txt", "--metr=chrf", "ter", "-i", "a", "b"}, "sacrebleu: error: unrecognized arguments: ter"},
		{[]string{"ref.txt", "-i=a", "b"}, "sacrebleu: error: unrecognized arguments: b"},
		{[]string{"ref.txt", "-f", "text", "ref2.txt", "-i", "h"}, "sacrebleu: error: unrecognized arguments: ref2.txt"},
		{[]string{"ref.txt", "-sv", "-1e-2", "-s", "floor"}, "sacrebleu: error: argument --smooth-value/-sv: expected one argument"},
		{[]string{"ref.txt", "-sv", "0x10"}, "sacrebleu: error: argument --smooth-value/-sv: invalid float value: '0x10'"},
		{[]string{"ref.txt", "-w", "1__0"}, "sacrebleu: error: argument --width/-w: invalid int value: '1__0'"},
		{[]string{"ref.txt", "--sm", "floor"}, "sacrebleu: error: ambiguous option: --sm could match --smooth-method, --smooth-value"},
		{[]string{"ref.txt", "--s", "floor"}, "sacrebleu: error: ambiguous option: --s could match --subset, --sentence-level, --smooth-method, --smooth-value, --short, --score-only"},
		{[]string{"ref.txt", "--t", "x"}, "sacrebleu: error: ambiguous option: --t could match --test-set, --tokenize, --ter-case-sensitive, --ter-asian-support, --ter-no-punct, --ter-normalized"},
		{[]string{"ref.txt", "--te", "x"}, "sacrebleu: error: ambiguous option: --te could match --test-set, --ter-case-sensitive, --ter-asian-support, --ter-no-punct, --ter-normalized"},
		{[]string{"ref.txt", "-x"}, "sacrebleu: error: unrecognized arguments: -x"},
		{[]string{"ref.txt", "--unknown", "-i", "h"}, "sacrebleu: error: unrecognized arguments: --unknown"},
		{[]string{"-tok", "spacy"}, "sacrebleu: error: argument --tokenize/-tok: invalid choice: 'spacy' (choose from 'none', 'zh', '13a', 'intl', 'char', 'ja-mecab', 'ko-mecab', 'spm', 'flores101', 'flores200', 'spBLEU-1K')"},
		{[]string{"ref.txt", "-e"}, "sacrebleu: error: argument --encoding/-e: expected one argument"},
		{[]string{"ref.txt", "-nr", "2.5"}, "sacrebleu: error: argument --num-refs/-nr: invalid int value: '2.5'"},
		{[]string{"ref.txt", "-par", "-pbsn", "3", "-pbs"}, "sacrebleu: error: argument --paired-bs/-pbs: not allowed with argument --paired-ar/-par"},
		{[]string{"ref.txt", "--paired", "x"}, "sacrebleu: error: ambiguous option: --paired could match --paired-ar, --paired-bs, --paired-ar-n, --paired-bs-n, --paired-jobs"},
		{[]string{"ref.txt", "--paired-b"}, "sacrebleu: error: ambiguous option: --paired-b could match --paired-bs, --paired-bs-n"},
		{[]string{"ref.txt", "-ci", "x", "-i", "y"}, "sacrebleu: error: unrecognized arguments: x"},
		{[]string{"--echo"}, "sacrebleu: error: argument --echo: expected at least one argument"},
		{[]string{"ref.txt", "-shx"}, "sacrebleu: error: argument --smooth-method/-s: invalid choice: 'hx' (choose from 'none', 'floor', 'add-k', 'exp')"},
		{[]string{"ref.txt", "-f", "csv"}, "sacrebleu: error: argument --format/-f: invalid choice: 'csv' (choose from 'json', 'text', 'latex')"},
		{[]string{"ref.txt", "--chrf-beta", "0.5"}, "sacrebleu: error: argument --chrf-beta: invalid int value: '0.5'"},
		{[]string{"ref.txt", "--ter-lowercase"}, "sacrebleu: error: unrecognized arguments: --ter-lowercase"},
		{[]string{"ref.txt", "-cin", "ten", "-ci"}, "sacrebleu: error: argument --confidence-n/-cin: invalid int value: 'ten'"},
		{[]string{"r1", "-lc", "r2", "-i", "h"}, "sacrebleu: error: unrecognized arguments: r2"},
		{[]string{"r", "-i", "h", "--", "r2"}, "sacrebleu: error: unrecognized arguments: -- r2"},
		{[]string{"r", "-s", "-i"}, "sacrebleu: error: argument --smooth-method/-s: expected one argument"},
		{[]string{"r", "--tokenize=", "x"}, "sacrebleu: error: argument --tokenize/-tok: invalid choice: '' (choose from 'none', 'zh', '13a', 'intl', 'char', 'ja-mecab', 'ko-mecab', 'spm', 'flores101', 'flores200', 'spBLEU-1K')"},
		{[]string{"r", "-tok", "", "-i", "h"}, "sacrebleu: error: argument --tokenize/-tok: invalid choice: '' (choose from 'none', 'zh', '13a', 'intl', 'char', 'ja-mecab', 'ko-mecab', 'spm', 'flores101', 'flores200', 'spBLEU-1K')"},
		{[]string{"r", "-q", "-x y"}, "sacrebleu: error: unrecognized arguments: -x y"},
		{[]string{"r", "--num-refs=2=3"}, "sacrebleu: error: argument --num-refs/-nr: invalid int value: '2=3'"},
		{[]string{"r", "-sv", "."}, "sacrebleu: error: argument --smooth-value/-sv: invalid float value: '.'"},
		{[]string{"r", "-sv", "1e"}, "sacrebleu: error: argument --smooth-value/-sv: invalid float value: '1e'"},
		{[]string{"r", "-sv", "-Infinity"}, "sacrebleu: error: argument --smooth-value/-sv: expected one argument"},
	} {
		var stdout, stderr bytes.Buffer
		status := (&Command{Stdout: &stdout, Stderr: &stderr, Dir: t.TempDir()}).Run(tc.argv)
		lines := strings.Split(strings.TrimRight(stderr.String(), "\n"), "\n")
		if status != 2 || lines[len(lines)-1] != tc.want || stdout.Len() != 0 {
			t.Errorf("sacrebleu %q: status %d, stderr ends %q, stdout %q; want 2, %q, nothing",
				tc.argv, status, lines[len(lines)-1], stdout.String(), tc.want)
		}
	}
}

// TestArgparseValues checks how argparse splits command lines into
// references, systems and option values.
func TestArgparseValues(t *testing.T) {
	for _, tc := range []struct {
		argv         []string
		refs, input  []string // input nil: standard input
		metrics      []string
		width        int
		smooth       string
		quiet, bOnly bool
		testSet, tok string
		numRefs      int
	}{
		{argv: []string{"-i", "hyp1.txt", "ref.txt"}, refs: []string{}, input: []string{"hyp1.txt", "ref.txt"}},
		{argv: []string{"ref.txt", "-tokzh", "-i", "h"}, refs: []string{"ref.txt"}, input: []string{"h"}, testSet: "okzh"},
		{argv: []string{"ref.txt", "-w3", "-i", "h"}, refs: []string{"ref.txt"}, input: []string{"h"}, width: 3},
		{argv: []string{"ref.txt", "-qb", "-i", "h"}, refs: []string{"ref.txt"}, input: []string{"h"}, quiet: true, bOnly: true},
		{argv: []string{"-lc", "ref.txt", "-i", "h"}, refs: []string{"ref.txt"}, input: []string{"h"}},
		{argv: []string{"ref.txt", "--", "-i"}, refs: []string{"ref.txt", "-i"}},
		{argv: []string{"-i", "a", "--", "r1", "r2"}, refs: []string{"r1", "r2"}, input: []string{"a"}},
		{argv: []string{"ref.txt", "-w", "-1"}, refs: []string{"ref.txt"}, width: -1},
		{argv: []string{"ref.txt", "-x y"}, refs: []string{"ref.txt", "-x y"}},
		{argv: []string{"ref.txt", "-i"}, refs: []string{"ref.txt"}, input: []string{}},
		{argv: []string{"a", "b", "-i", "c", "d", "-m", "chrf", "bleu", "-f", "latex"}, refs: []string{"a", "b"}, input: []string{"c", "d"}, metrics: []string{"chrf", "bleu"}},
		{argv: []string{"ref.txt", "-", "-i", "-"}, refs: []string{"ref.txt", "-"}, input: []string{"-"}},
		{argv: []string{"ref.txt", "-tok=13a", "-i", "h"}, refs: []string{"ref.txt"}, input: []string{"h"}, tok: "13a"},
		{argv: []string{"ref.txt", "--tok=13a", "-i", "h"}, refs: []string{"ref.txt"}, input: []string{"h"}, tok: "13a"},
		{argv: []string{"ref.txt", "-sfloor"}, refs: []string{"ref.txt"}, smooth: "floor"},
		{argv: []string{"ref.txt", "-m", "chrf", "-m", "ter"}, refs: []string{"ref.txt"}, metrics: []string{"ter"}},
		{argv: []string{"ref.txt", "-i", "a", "-i", "b"}, refs: []string{"ref.txt"}, input: []string{"b"}},
		{argv: []string{"-1"}, refs: []string{"-1"}},
		{argv: []string{"ref.txt", "-i", "a", "-1"}, refs: []string{"ref.txt"}, input: []string{"a", "-1"}},
		{argv: []string{"-i", "a", "b", "-lc", "c"}, refs: []string{"c"}, input: []string{"a", "b"}},
		{argv: []string{"-i", "--", "x"}, refs: []string{"x"}, input: []string{}},
		{argv: []string{"r", "-qsfloor"}, refs: []string{"r"}, quiet: true, smooth: "floor"},
		{argv: []string{"r", "--wid", "5"}, refs: []string{"r"}, width: 5},
		{argv: []string{"r", "-nr", "-2"}, refs: []string{"r"}, numRefs: -2},
		{argv: []string{"r", "-w", " ３ "}, refs: []string{"r"}, width: 3},
		{argv: []string{"r", "-w", "٣"}, refs: []string{"r"}, width: 3},
		{argv: []string{"r", "-w", "+3"}, refs: []string{"r"}, width: 3},
	} {
		p := newParser("sacrebleu", sacrebleuSpecs())
		ns, err := p.parse(tc.argv)
		if err != nil {
			t.Errorf("sacrebleu %q: %v", tc.argv, err)
			continue
		}
		o := optionsFrom(ns, func(string) string { return "" })
		want := tc
		if want.metrics == nil {
			want.metrics = []string{"bleu"}
		}
		if want.width == 0 && !slices.Contains(tc.argv, "-w") && !slices.Contains(tc.argv, "--wid") {
			want.width = 1
		}
		if want.smooth == "" {
			want.smooth = "exp"
		}
		if want.numRefs == 0 {
			want.numRefs = 1
		}
		tok, ts := "", ""
		if o.tokenize != nil {
			tok = *o.tokenize
		}
		if o.testSet != nil {
			ts = *o.testSet
		}
		if !slices.Equal(o.refs, want.refs) || (o.input == nil) != (want.input == nil) || !slices.Equal(o.input, want.input) ||
			!slices.Equal(o.metrics, want.metrics) || o.width != want.width || o.smoothMethod != want.smooth ||
			o.quiet != want.quiet || o.scoreOnly != want.bOnly || ts != want.testSet || tok != want.tok || o.numRefs != want.numRefs {
			t.Errorf("sacrebleu %q: refs %q input %q metrics %q width %d smooth %s quiet %v -b %v -t %q -tok %q -nr %d; want %+v",
				tc.argv, o.refs, o.input, o.metrics, o.width, o.smoothMethod, o.quiet, o.scoreOnly, ts, tok, o.numRefs, want)
		}
	}
}

// TestArgparseFloats checks -sv's float conversion, Python's float().
func TestArgparseFloats(t *testing.T) {
	for in, want := range map[string]float64{
		"1_0": 10, "-.5": -0.5, ".5e-3": 0.0005, "5.": 5, "1_000.000_1": 1000.0001,
	} {
		got, ok := pyFloat(in)
		if !ok || got != want {
			t.Errorf("float(%q) = %v, %v; want %v", in, got, ok, want)
		}
	}
	for _, in := range []string{"0x10", ".", "1e", "1__0", "_1", ""} {
		if _, ok := pyFloat(in); ok {
			t.Errorf("float(%q) succeeded; Python raises ValueError", in)
		}
	}
}

// TestUsageWrapping checks the usage text against argparse's for a
// terminal of 80 and of 50 columns.
func TestUsageWrapping(t *testing.T) {
	for cols, file := range map[int]string{80: "testdata/usage80.txt", 50: "testdata/usage50.txt"} {
		want, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if got := newParser("sacrebleu", sacrebleuSpecs()).usage(cols); got != string(want) {
			t.Errorf("usage at %d columns:\n%s\nwant\n%s", cols, got, want)
		}
	}
}
