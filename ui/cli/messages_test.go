package cli

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model"
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
			"bleuscope: --line: 9 is past the end: the input has 3 segments (lines 1-3); see 'bleuscope explain --help'"},
		{[]string{"score", "-o", "no/such/out.txt", "bpe.txt", "-r", "ref.txt"},
			"bleuscope: cannot write no/such/out.txt: no such file or directory; check that its folder exists and is writable"},
		{[]string{"segments", "--sort", "delta", "bpe.txt", "-r", "ref.txt"},
			"bleuscope: --sort delta compares two systems; give at least two SYSTEM files"},
		{[]string{"--annotations", ".", "bpe.txt", "-r", "ref.txt"},
			"bleuscope: . is a directory; name an annotation file (a new name creates one)"},
		{[]string{"--baseline", "nope", "bpe.txt", "-r", "ref.txt"},
			`bleuscope: --baseline: "nope" is not a system (the systems are bpe.txt); see 'bleuscope --help'`},
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

// TestUnknownSystemListsTypableNames: an unknown --baseline or --system
// lists every system as the flag takes it, by its short name and, where
// it differs, its stable name, escaped, on one line (it listed only the
// short names, which a script keeping the stable ones could not match).
func TestUnknownSystemListsTypableNames(t *testing.T) {
	files := basicFiles()
	files["wmt.LT22.en"], files["wmt.A\x1b[2J.en"] = hyp3, hyp3
	for _, tt := range []struct{ args []string }{
		{[]string{"--baseline", "nope"}},
		{[]string{"segments", "--text", "--format", "tsv", "--system", "nope"}},
	} {
		writeFiles(t, files)
		args := append(tt.args, "base=hyp.txt", "wmt.LT22.en", "wmt.A\x1b[2J.en", "-r", "ref.txt")
		code, _, stderr := runCLI(t, "", args...)
		want := `is not a system (the systems are base, LT22 (or wmt.LT22.en), A␛[2J (or wmt.A␛[2J.en)); see`
		if code != exitUsage || !strings.Contains(stderr, want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%q: status %d, stderr %q; want 2 and one line with %q", tt.args, code, stderr, want)
		}
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
		{[]string{"score", "-lc", "hyp.txt", "-r", "ref.txt"},
			"bleuscope: unknown flag -lc (sacrebleu's -lc is -l (--lowercase) here); see 'bleuscope score --help'"},
		{[]string{"score", "-tok", "intl", "hyp.txt", "-r", "ref.txt"},
			"bleuscope: unknown flag -tok (sacrebleu's -tok is -t (--tokenize) here); see 'bleuscope score --help'"},
		{[]string{"compare", "-par", "a.txt", "b.txt", "-r", "ref.txt"},
			"bleuscope: unknown flag -par (sacrebleu's -par is --paired-ar here); see 'bleuscope compare --help'"},
		{[]string{"score", "--baseline", "a", "a.txt", "-r", "ref.txt"},
			"bleuscope: unknown flag --baseline; see 'bleuscope score --help'"},
		{[]string{"score", "-w", "2", "hyp.txt", "-r", "ref.txt"},
			"bleuscope: unknown flag -w (that is sacrebleu's; bleuscope sacrebleu takes sacrebleu's own command line); see 'bleuscope score --help'"},
		// sacrebleu's -i, -m and -f, which said "unknown flag -i" alone.
		{[]string{"score", "ref.txt", "-i", "hyp.txt"},
			"bleuscope: unknown flag -i (sacrebleu's -i names the systems; here they are plain arguments and each reference comes with -r: bleuscope score hyp.txt -r ref.txt); see 'bleuscope score --help'"},
		{[]string{"-i", "hyp.txt", "-r", "ref.txt"},
			"bleuscope: unknown flag -i (sacrebleu's -i names the systems; here they are plain arguments and each reference comes with -r: bleuscope hyp.txt -r ref.txt); see 'bleuscope --help'"},
		{[]string{"score", "-m", "chrf", "hyp.txt", "-r", "ref.txt"},
			"bleuscope: unknown flag -m (sacrebleu's -m is --metrics here); see 'bleuscope score --help'"},
		{[]string{"score", "-f", "json", "hyp.txt", "-r", "ref.txt"},
			"bleuscope: unknown flag -f (sacrebleu's -f is --format here); see 'bleuscope score --help'"},
		{[]string{"ngrams", "-m", "chrf", "hyp.txt", "-r", "ref.txt"},
			"bleuscope: unknown flag -m (that is sacrebleu's; bleuscope sacrebleu takes sacrebleu's own command line); see 'bleuscope ngrams --help'"},
		// sacrebleu's -t wmt22, a test set, where -t is the tokenizer.
		{[]string{"score", "-t", "wmt22", "hyp.txt", "-r", "ref.txt"},
			"bleuscope: -t: \"wmt22\" is not a tokenizer (want 13a, intl, zh, char or none); sacrebleu's -t names a test set, where bleuscope's is the tokenizer: give the test set's files, or run bleuscope sacrebleu -t wmt22 -l PAIR, which reads sacrebleu's local cache; see 'bleuscope score --help'"},
		{[]string{"score", "-t", "wmt99", "hyp.txt", "-r", "ref.txt"},
			"bleuscope: -t: \"wmt99\" is not a tokenizer (want 13a, intl, zh, char or none); see 'bleuscope score --help'"},
		{[]string{"score", "-lz", "hyp.txt", "-r", "ref.txt"},
			"bleuscope: unknown flag -lz; see 'bleuscope score --help'"},
		{[]string{"score", "-bogus", "hyp.txt", "-r", "ref.txt"},
			"bleuscope: unknown flag -bogus; see 'bleuscope score --help'"},
		{[]string{"score", "-max-order", "x", "hyp.txt", "-r", "ref.txt"},
			`bleuscope: -max-order: "x" is not a whole number; see 'bleuscope score --help'`},
		{[]string{"score", "hyp.txt", "--ref"},
			"bleuscope: --ref needs a value; see 'bleuscope score --help'"},
		{[]string{"score", "--smooth-value", "1e309", "hyp.txt", "-r", "ref.txt"},
			`bleuscope: --smooth-value: "1e309" is out of range (numbers go up to about 1.8e308); see 'bleuscope score --help'`},
		{[]string{"score", "--compat", "nltk", "--weights", "1e309", "hyp.txt", "-r", "ref.txt"},
			`bleuscope: --weights: "1e309" is out of range (numbers go up to about 1.8e308); give numbers separated by commas, like 0.5,0.5; see 'bleuscope score --help'`},
		{[]string{"score", "--max-order", "99999999999999999999", "hyp.txt", "-r", "ref.txt"},
			`bleuscope: --max-order: "99999999999999999999" is out of range (whole numbers go up to 9223372036854775807); see 'bleuscope score --help'`},
		{[]string{"ngrams", "--top", "99999999999999999999", "hyp.txt", "-r", "ref.txt"},
			`bleuscope: --top: "99999999999999999999" is out of range (whole numbers go up to 9223372036854775807); see 'bleuscope ngrams --help'`},
		{[]string{"segments", "--worst", "-99999999999999999999", "hyp.txt", "-r", "ref.txt"},
			`bleuscope: --worst: "-99999999999999999999" is out of range (whole numbers go down to -9223372036854775808); see 'bleuscope segments --help'`},
		{[]string{"score", "--max-input", "1e400M", "hyp.txt", "-r", "ref.txt"},
			`bleuscope: --max-input: "1e400M" is out of range (sizes go up to 4194303T); give a size such as 1M or 1G; see 'bleuscope score --help'`},
		{[]string{"score", "--max-line", "1e400M", "hyp.txt", "-r", "ref.txt"},
			`bleuscope: --max-line: "1e400M" is out of range: a line can be at most 2G; see 'bleuscope score --help'`},
		{[]string{"explain", "--line", "2", "one.txt", "-r", "one.txt"},
			"bleuscope: --line: 2 is past the end: the input has 1 segment (line 1); see 'bleuscope explain --help'"},
		{[]string{"explain", "--line=-0", "one.txt", "-r", "one.txt"},
			"bleuscope: --line: -0 is not a line number: lines count from 1, and the input has 1 segment (line 1); see 'bleuscope explain --help'"},
		{[]string{"segments", "--worst", "3", "--worst=-01", "hyp.txt", "-r", "ref.txt"},
			"bleuscope: --worst: -01 is not a number of segments ≥ 0 (0 keeps them all); see 'bleuscope segments --help'"},
		{[]string{"buckets", "--by", "ref-length,", "hyp.txt", "-r", "ref.txt"},
			`bleuscope: --by: an empty name after "ref-length,"; list any of ref-length, length-ratio or sentence-bleu, comma-separated; see 'bleuscope buckets --help'`},
		{[]string{"buckets", "--by", "", "hyp.txt", "-r", "ref.txt"},
			`bleuscope: --by: the name is empty; list any of ref-length, length-ratio or sentence-bleu, comma-separated; see 'bleuscope buckets --help'`},
		{[]string{"ngrams", "--kind", "matched, ,over", "hyp.txt", "-r", "ref.txt"},
			`bleuscope: --kind: an empty name after "matched,"; list any of matched, over or missed, comma-separated; see 'bleuscope ngrams --help'`},
		{[]string{"ngrams", "--kind", "bogus,", "hyp.txt", "-r", "ref.txt"},
			`bleuscope: --kind: "bogus" is not matched, over or missed; see 'bleuscope ngrams --help'`},
		{[]string{"score", "--metrics", ",chrf", "hyp.txt", "-r", "ref.txt"},
			`bleuscope: --metrics: an empty name before ",chrf"; list any of bleu, chrf or ter, comma-separated; see 'bleuscope score --help'`},
		{[]string{"score", "--refs", "2,,1", "hyp.txt", "-r", "ref.txt", "-r", "ref2.txt"},
			`bleuscope: --refs: an empty reference after "2,"; the references are ref.txt, ref2.txt (by label or number)`},
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

// TestScoringFlagErrorsNameTheFlag gives each scoring option a value
// scoring refuses, on every command that takes it: the one line names the
// flag as it was written and ends with the pointer to that command's help.
func TestScoringFlagErrorsNameTheFlag(t *testing.T) {
	tests := []struct {
		flags []string
		want  string
	}{
		{[]string{"--max-order", "0"}, `--max-order: 0 is not between 1 and 9`},
		{[]string{"-max-order=10"}, `-max-order: 10 is not between 1 and 9`},
		{[]string{"-t", "foo"}, `-t: "foo" is not a tokenizer (want 13a, intl, zh, char or none)`},
		{[]string{"--tokenize", "foo"}, `--tokenize: "foo" is not a tokenizer (want 13a, intl, zh, char or none)`},
		{[]string{"--smooth", "foo"}, `--smooth: "foo" is not a smoothing method (want exp, floor, add-k or none)`},
		{[]string{"--smooth-value", "-1", "--smooth", "floor"}, `--smooth-value: -1 is not a finite number ≥ 0`},
		{[]string{"--smooth-value", "-1.50", "--smooth", "add-k"}, `--smooth-value: -1.50 is not a finite number ≥ 0`},
		{[]string{"--max-order", "010"}, `--max-order: 010 is not between 1 and 9`},
		{[]string{"--compat", "moses"}, `--compat: "moses" is not sacrebleu or nltk`},
		{[]string{"--compat", "nltk", "--nltk-smoothing", "9"}, `--nltk-smoothing: 9 is not between 0 and 7 (NLTK's method0..method7)`},
		{[]string{"--compat", "nltk", "--nltk-smoothing", "-1"}, `--nltk-smoothing: -1 is not between 0 and 7 (NLTK's method0..method7)`},
		{[]string{"--tokenize=foo"}, `--tokenize: "foo" is not a tokenizer (want 13a, intl, zh, char or none)`},
		{[]string{"--compat", "nltk", "--weights", "1,1,1,1,1,1,1,1,1,1"}, `--weights: 10 values given; at most 9 are allowed`},
	}
	writeFiles(t, basicFiles())
	for _, cmd := range []string{"score", "segments", "compare", "ngrams", "buckets", "explain", ""} {
		for _, tt := range tests {
			if cmd == "ngrams" && slices.ContainsFunc(scoreOnly, func(f struct{ name, why string }) bool { return flagName(f.name) == tt.flags[0] }) {
				continue // refused as having no effect (TestNGramsRefusesScoreOnlyFlags)
			}
			args, hint := commandArgs(cmd, tt.flags...)
			want := "bleuscope: " + tt.want + "; " + hint + "\n"
			code, stdout, stderr := runCLI(t, "", args...)
			if code != exitUsage || stdout != "" || stderr != want {
				t.Errorf("%q: status %d, stdout %q\n got %q\nwant %q", args, code, stdout, stderr, want)
			}
		}
	}
}

// TestDecimalErrorsAgree gives the same bad numbers to the three readers
// of plain decimals: the number flags, --edges and the query's
// comparisons. Each words the fault the same way (model.ParseDecimal's
// words) after its own context: the flag, the column; --edges without the
// example of any number, whose -5 is no edge, as the edges of its grouping
// follow, and a flag of a range of its own (--smooth-value, --alpha, the
// NLTK parameters) with its own example. (What a number
// flag's option refuses besides, such as a negative --smooth-value, is
// scoring's: TestScoringFlagErrorsNameTheFlag.)
func TestDecimalErrorsAgree(t *testing.T) {
	const anyNumber = " (such as 10, -5, 0.5 or 1e3)"
	const notPlain = " is not a plain decimal number" + anyNumber
	writeFiles(t, basicFiles())
	for _, tc := range []struct{ in, fault string }{
		{"1_0", `"1_0"` + notPlain},
		{"0x10", `"0x10"` + notPlain},
		{"0x1p4", `"0x1p4"` + notPlain},
		{"inf", `"inf"` + notPlain},
		{"-Infinity", `"-Infinity"` + notPlain},
		{"nan", `"nan"` + notPlain},
		{"1e", `"1e"` + notPlain},
		{".", `"."` + notPlain},
		{"--5", `"--5"` + notPlain},
		{"ten", `"ten"` + notPlain},
		{"1e400", `"1e400" is out of range (numbers go up to about 1.8e308)`},
		{"-1e999", `"-1e999" is out of range (numbers go up to about 1.8e308)`},
		{"1e-999", `"1e-999" is out of range (numbers other than 0 go down to about 2.2e-308)`},
		{"-4e-320", `"-4e-320" is out of range (numbers other than 0 go down to about 2.2e-308)`},
		{"", "a number is missing" + anyNumber},
	} {
		// A flag of a range of its own gives its own example instead of
		// any number's.
		own := func(example string) string { return strings.ReplaceAll(tc.fault, anyNumber, " (such as "+example+")") }
		for _, c := range []struct {
			args []string
			want string
		}{
			{[]string{"score", "--smooth", "floor", "--smooth-value", tc.in, "hyp.txt", "-r", "ref.txt"},
				"--smooth-value: " + own("0.1 or 1") + "; see 'bleuscope score --help'"},
			{[]string{"--compat", "nltk", "--nltk-epsilon", tc.in, "hyp.txt", "-r", "ref.txt"},
				"--nltk-epsilon: " + own("0.1") + "; see 'bleuscope --help'"},
			{[]string{"segments", "--compat", "nltk", "--weights", "0.5," + tc.in, "hyp.txt", "-r", "ref.txt"},
				"--weights: " + tc.fault + "; give numbers separated by commas, like 0.5,0.5; see 'bleuscope segments --help'"},
			{[]string{"ngrams", "--salient", "--alpha", tc.in, "hyp.txt", "ref2.txt", "-r", "ref.txt"},
				"--alpha: " + own("1 or 0.5") + "; see 'bleuscope ngrams --help'"},
			{[]string{"buckets", "--by", "ref-length", "--edges", "1," + tc.in, "hyp.txt", "-r", "ref.txt"},
				"--edges: " + strings.TrimSuffix(tc.fault, anyNumber) + "; write edges as 10,20,30; see 'bleuscope buckets --help'"},
		} {
			want := "bleuscope: " + c.want + "\n"
			if code, stdout, stderr := runCLI(t, "", c.args...); code != exitUsage || stdout != "" || stderr != want {
				t.Errorf("%q: status %d, stdout %q\n got %q\nwant %q", c.args, code, stdout, stderr, want)
			}
		}
		want := "query: column 8: after bleu<, " + tc.fault
		if _, err := model.ParseQuery("x bleu<" + tc.in); err == nil || err.Error() != want {
			t.Errorf("ParseQuery(%q) error = %v; want %s", "x bleu<"+tc.in, err, want)
		}
	}
}

// TestChrFFlagErrorsNameTheFlag gives each chrF option a value scoring
// refuses, on every command that scores chrF: the one line names the flag
// as it was written (or, for both orders 0, says what is missing) and ends
// with the pointer to that command's help.
func TestChrFFlagErrorsNameTheFlag(t *testing.T) {
	tests := []struct {
		flags []string
		want  string
	}{
		{[]string{"--chrf-char-order", "33"}, `--chrf-char-order: 33 is not between 0 and 32`},
		{[]string{"--chrf-word-order", "-1"}, `--chrf-word-order: -1 is not between 0 and 32`},
		{[]string{"-chrf-beta=3037000500"}, `-chrf-beta: 3037000500 is not between 0 and 3037000499`},
		{[]string{"--chrf-char-order", "0"}, `chrF needs a character order or a word order above 0`},
	}
	writeFiles(t, basicFiles())
	for _, cmd := range []string{"score", "segments", "compare", ""} {
		for _, tt := range tests {
			args, hint := commandArgs(cmd, append([]string{"--metrics", "bleu,chrf"}, tt.flags...)...)
			want := "bleuscope: " + tt.want + "; " + hint + "\n"
			code, stdout, stderr := runCLI(t, "", args...)
			if code != exitUsage || stdout != "" || stderr != want {
				t.Errorf("%q: status %d, stdout %q\n got %q\nwant %q", args, code, stdout, stderr, want)
			}
		}
	}
}

// commandArgs is the command line of cmd ("" for the explorer) with flags
// on the basic files, and the pointer to its help that its usage errors
// end with.
func commandArgs(cmd string, flags ...string) (args []string, hint string) {
	args = append([]string{cmd}, flags...)
	hint = "see 'bleuscope " + cmd + " --help'"
	switch cmd {
	case "":
		args, hint = args[1:], "see 'bleuscope --help'"
	case "compare":
		args = append(args, "hyp.txt")
	case "explain":
		args = append(args, "--line", "1")
	}
	return append(args, "hyp.txt", "-r", "ref.txt"), hint
}

// TestFormatRefusalsShareOneWording refuses a --format on every command
// that takes one, in one wording: the flag as written, the value as typed
// (escaped), and the formats that command writes, in the form of every
// other refused value (--kind: "missd" is not matched, over or missed).
func TestFormatRefusalsShareOneWording(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"score", "--format", "XML", "hyp.txt", "-r", "ref.txt"},
			`bleuscope: --format: "XML" is not a format score writes (text or json); see 'bleuscope score --help'`},
		{[]string{"segments", "-format", "json", "hyp.txt", "-r", "ref.txt"},
			`bleuscope: -format: "json" is not a format segments writes (text, jsonl, tsv or csv); see 'bleuscope segments --help'`},
		{[]string{"compare", "--format=\x1b[31mcsv", "hyp.txt", "hyp.txt", "-r", "ref.txt"},
			`bleuscope: --format: "␛[31mcsv" is not a format compare writes (text or json); see 'bleuscope compare --help'`},
		// A bidirectional override shows as \u202e, once: it read
		// "\\u202ecsv", a %q of the escaped value.
		{[]string{"score", "--format=\u202ecsv", "hyp.txt", "-r", "ref.txt"},
			`bleuscope: --format: "\u202ecsv" is not a format score writes (text or json); see 'bleuscope score --help'`},
		{[]string{"ngrams", "--format", "csv", "hyp.txt", "-r", "ref.txt"},
			`bleuscope: --format: "csv" is not a format ngrams writes (text or jsonl); see 'bleuscope ngrams --help'`},
		{[]string{"buckets", "--format", "json", "hyp.txt", "-r", "ref.txt"},
			`bleuscope: --format: "json" is not a format buckets writes (text or jsonl); see 'bleuscope buckets --help'`},
		{[]string{"annotations", "summary", "--format", "xml", "m.tsv"},
			`bleuscope: --format: "xml" is not a format annotations summary writes (text or json); see 'bleuscope annotations summary --help'`},
		{[]string{"annotations", "export", "--annotations", "m.tsv", "--format", "xlsx"},
			`bleuscope: --format: "xlsx" is not a format annotations export writes (mqm-tsv, csv or jsonl); see 'bleuscope annotations export --help'`},
	}
	for _, tt := range tests {
		writeFiles(t, basicFiles())
		code, out, stderr := runCLI(t, "", tt.args...)
		if code != exitUsage || out != "" || stderr != tt.want+"\n" {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want 2 and %q alone", tt.args, code, out, stderr, tt.want+"\n")
		}
	}
}

// TestResampleCountsTooLarge refuses a resample count above maxResamples
// on every command that takes one, as the other number flags word theirs:
// the flag and the count as written, the most allowed and sacrebleu's
// default.
func TestResampleCountsTooLarge(t *testing.T) {
	tests := []struct {
		cmd, flag string
		def       int
	}{
		{"score", "--confidence-n", 1000},
		{"buckets", "--confidence-n", 1000},
		{"compare", "--paired-bs-n", 1000},
		{"compare", "--paired-ar-n", 10000},
		{"", "--paired-ar-n", 10000},
	}
	for _, tt := range tests {
		writeFiles(t, basicFiles())
		args, hint := commandArgs(tt.cmd, tt.flag+"=02000000")
		if tt.flag == "--confidence-n" {
			args = append(args, "--confidence")
		}
		want := fmt.Sprintf("bleuscope: %s: 02000000 is more than %d, the most allowed (sacrebleu's default is %d); %s\n", tt.flag, maxResamples, tt.def, hint)
		code, out, stderr := runCLI(t, "", args...)
		if code != exitUsage || out != "" || stderr != want {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want 2 and %q alone", args, code, out, stderr, want)
		}
	}
}
