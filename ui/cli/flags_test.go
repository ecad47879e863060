package cli

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

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

// TestNumberFlagSpaces: every number flag, --seed, the sizes, --edges and
// --weights read a value with spaces around it (a quoted one keeps them:
// --top " 3") as they read it without, and refuse a bad one with the same
// line, quoting it without the spaces, where --top, --max-line, --seed and
// --nltk-smoothing quoted " x" and --alpha "x".
func TestNumberFlagSpaces(t *testing.T) {
	writeFiles(t, map[string]string{
		"ref.txt": "the cat sat on the mat\na dog ran in the park today\n",
		"a.txt":   "the cat sat on a mat\na dog ran in a park\n",
		"b.txt":   "a cat sat on the mat\nthe dog ran in the park today\n",
	})
	files := []string{"a.txt", "b.txt", "-r", "ref.txt"}
	for _, c := range []struct {
		cmd       []string // the command and its flags before the number's
		flag      string
		good, bad string
	}{
		{[]string{"ngrams"}, "--top", "3", "3x"},
		{[]string{"ngrams"}, "--order", "2", "two"},
		{[]string{"ngrams", "--salient"}, "--alpha", "0.5", "x"},
		{[]string{"ngrams"}, "--max-order", "3", "x"},
		{[]string{"buckets", "--by", "ref-length"}, "--edges", "5, 7", "5,x"},
		{[]string{"buckets", "--confidence"}, "--confidence-n", "20", "x"},
		{[]string{"score", "--confidence"}, "--seed", "7", "x"},
		{[]string{"compare"}, "--paired-bs-n", "20", "x"},
		{[]string{"compare", "--paired-ar"}, "--paired-ar-n", "20", "x"},
		{[]string{"segments"}, "--worst", "1", "x"},
		{[]string{"explain"}, "--line", "2", "x"},
		{[]string{"explain", "--line", "1"}, "--width", "70", "x"},
		{[]string{"score", "--smooth", "floor"}, "--smooth-value", "0.2", "x"},
		{[]string{"score", "--compat", "nltk"}, "--nltk-smoothing", "method2", "x"},
		{[]string{"score", "--compat", "nltk", "--nltk-smoothing", "1"}, "--nltk-epsilon", "0.2", "x"},
		{[]string{"score", "--compat", "nltk", "--nltk-smoothing", "6"}, "--nltk-alpha", "3", "x"},
		{[]string{"score", "--compat", "nltk", "--nltk-smoothing", "6"}, "--nltk-k", "3", "x"},
		{[]string{"score", "--compat", "nltk"}, "--weights", "0.5, 0.5", "0.5,x"},
		{[]string{"score"}, "--max-input", "1M", "1x"},
		{[]string{"score"}, "--max-line", "1K", "1x"},
		{[]string{"score", "--metrics", "chrf"}, "--chrf-word-order", "2", "x"},
	} {
		run := func(v string) (int, string, string) {
			t.Helper()
			return runCLI(t, "", append(append(append([]string{}, c.cmd...), c.flag, v), files...)...)
		}
		code, out, errOut := run(c.good)
		if code != 0 {
			t.Fatalf("%v %s %q: status %d, %q", c.cmd, c.flag, c.good, code, errOut)
		}
		for _, spaced := range []string{" " + c.good, c.good + " ", "\t" + c.good + "\u00a0"} {
			if code2, out2, err2 := run(spaced); code2 != code || out2 != out || err2 != errOut {
				t.Errorf("%v %s %q: status %d, stdout %q, stderr %q; want what %q gives", c.cmd, c.flag, spaced, code2, out2, err2, c.good)
			}
		}
		code, _, errOut = run(c.bad)
		if code != 2 || !strings.Contains(errOut, `"`+c.bad[strings.LastIndex(c.bad, ",")+1:]+`"`) {
			t.Fatalf("%v %s %q: status %d, %q; want 2 and the value quoted", c.cmd, c.flag, c.bad, code, errOut)
		}
		for _, spaced := range []string{" " + c.bad, c.bad + " "} {
			if code2, _, err2 := run(spaced); code2 != code || err2 != errOut {
				t.Errorf("%v %s %q: status %d, %q; want %q", c.cmd, c.flag, spaced, code2, err2, errOut)
			}
		}
	}
}

// TestBlankNumberFlags: a number flag given nothing but spaces says a
// number is missing, whole or decimal alike, where a whole-number flag
// quoted "" as "not a whole number".
func TestBlankNumberFlags(t *testing.T) {
	writeFiles(t, map[string]string{"ref.txt": "the cat sat\n", "a.txt": "the cat sat\n"})
	for _, c := range []struct{ flag, want string }{
		{"--top", "--top: a whole number is missing (such as 20)"},
		{"--max-order", "--max-order: a whole number is missing (such as 4)"},
		{"--alpha", "--alpha: a number is missing (such as 1 or 0.5)"},
	} {
		code, _, errOut := runCLI(t, "", "ngrams", c.flag, " ", "a.txt", "-r", "ref.txt")
		if code != 2 || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("ngrams %s \" \": status %d, %q; want 2 and one line with %q", c.flag, code, errOut, c.want)
		}
	}
}

// TestEmptyOutputName checks that every command taking -o refuses an empty
// file name (a script's empty variable) with one line and status 2, where
// it wrote to standard output and ended with 0.
func TestEmptyOutputName(t *testing.T) {
	writeFiles(t, basicFiles())
	sys := []string{"hyp.txt", "-r", "ref.txt"}
	for _, tc := range []struct {
		args       []string
		flag, help string
	}{
		{append([]string{"score", "-o", ""}, sys...), "-o", "score"},
		{append([]string{"score", "--output="}, sys...), "--output", "score"},
		{append([]string{"segments", "-o", ""}, sys...), "-o", "segments"},
		{append([]string{"ngrams", "--output", ""}, sys...), "--output", "ngrams"},
		{append([]string{"buckets", "-o="}, sys...), "-o", "buckets"},
		{[]string{"compare", "-o", "", "hyp.txt", "ref2.txt", "-r", "ref.txt"}, "-o", "compare"},
		{[]string{"annotations", "export", "--annotations", "ann.jsonl", "-o", ""}, "-o", "annotations export"},
		{[]string{"annotations", "summary", "-o", "", "ann.jsonl"}, "-o", "annotations summary"},
	} {
		code, out, stderr := runCLI(t, "", tc.args...)
		want := "bleuscope: " + tc.flag + ": the file name is empty; name a file to write, or leave -o out for standard output; see 'bleuscope " + tc.help + " --help'\n"
		if code != 2 || out != "" || stderr != want {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want 2, nothing, %q", tc.args, code, out, stderr, want)
		}
	}
}

// TestEmptyFileNames checks that an empty file name given to a flag that
// names a file, or as a SYSTEM or FILE argument (a script's unset
// variable: -s "$src"), is refused with one line and status 2. Before,
// -s "" and --mqm "" were read as not given (the explorer's --mqm "" opened
// the demo corpus), -r "" said ": does not exist", and a SYSTEM "" was a
// Go panic. An empty --ref or --src given with --hyp is a text, and stays
// one.
func TestEmptyFileNames(t *testing.T) {
	writeFiles(t, basicFiles())
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"score", "hyp.txt", "-r", ""}, "-r: the file name is empty; name a reference file; see 'bleuscope score --help'"},
		{[]string{"segments", "hyp.txt", "--ref=", "-r", "ref.txt"}, "--ref: the file name is empty; name a reference file; see 'bleuscope segments --help'"},
		{[]string{"score", "-s", "", "hyp.txt", "-r", "ref.txt"}, "-s: the file name is empty; name the source file, or leave -s out; see 'bleuscope score --help'"},
		{[]string{"--src", "", "hyp.txt", "-r", "ref.txt"}, "--src: the file name is empty; name the source file, or leave -s out; see 'bleuscope --help'"},
		{[]string{"--mqm", ""}, "--mqm: the file name is empty; name a WMT MQM TSV, or leave --mqm out; see 'bleuscope --help'"},
		{[]string{"--annotations", "", "hyp.txt", "-r", "ref.txt"}, "--annotations: the file name is empty; name an annotation file (a new name creates one); see 'bleuscope --help'"},
		{[]string{"annotations", "summary", "--typology=", "ann.jsonl"}, "--typology: the file name is empty; name a typology file, or leave --typology out; see 'bleuscope annotations summary --help'"},
		{[]string{"explain", "--line", "1", "hyp.txt", "-r", ""}, "-r: the file name is empty; name a reference file; see 'bleuscope explain --help'"},
		{[]string{"score", "", "-r", "ref.txt"}, `a SYSTEM argument is empty (""); name a file of hypotheses, or - for standard input`},
		{[]string{"compare", "hyp.txt", "", "-r", "ref.txt"}, `a SYSTEM argument is empty (""); name a file of hypotheses, or - for standard input`},
		{[]string{"annotations", "summary", ""}, `a file name is empty (""); name the file to read`},
	} {
		code, out, stderr := runCLI(t, "", tc.args...)
		if want := "bleuscope: " + tc.want + "\n"; code != 2 || out != "" || stderr != want {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want 2, nothing, %q", tc.args, code, out, stderr, want)
		}
	}
	code, out, stderr := runCLI(t, "", "explain", "--hyp", "a b", "--ref", "", "--src", "")
	if code != 0 || !strings.Contains(out, "BLEU = 0.00") || stderr != "" {
		t.Errorf("explain --hyp 'a b' --ref '' --src '': status %d, stderr %q; want 0 and the explanation", code, stderr)
	}
}

// TestNumberFlagExamplesAreTaken: every example a number flag's refusal
// gives ("such as 20", "write it as 512M or 1G") is a value that flag
// takes, so that fixing one error never meets another; "(such as 10)" was
// refused by --order, --max-order, --width and --line on a short input,
// "(such as 10, -5, 0.5 or 1e3)" by --alpha and --smooth-value for its -5,
// "512M or 4G" and "1M or 8G" by --max-line, which stops at 2G.
func TestNumberFlagExamplesAreTaken(t *testing.T) {
	writeFiles(t, basicFiles())
	files := []string{"hyp.txt", "-r", "ref.txt"}
	examples := regexp.MustCompile(`\(such as ([^)]*)\)|write it as (.*?);|such as (\S+ or \S+);`)
	for _, c := range []struct {
		before []string // the command and the flags the flag goes with
		flag   string
		after  []string
	}{
		{[]string{"ngrams"}, "--top", files},
		{[]string{"ngrams"}, "--order", files},
		{[]string{"ngrams", "--max-order", "1"}, "--order", files},
		{[]string{"ngrams", "--salient"}, "--alpha", []string{"hyp.txt", "ref2.txt", "-r", "ref.txt"}},
		{[]string{"ngrams"}, "--max-ngrams", files},
		{[]string{"segments"}, "--worst", files},
		{[]string{"score"}, "--max-order", files},
		{[]string{"score", "--smooth", "floor"}, "--smooth-value", files},
		{[]string{"score", "--smooth", "add-k"}, "--smooth-value", files},
		{[]string{"score", "--confidence"}, "--confidence-n", files},
		{[]string{"buckets", "--confidence"}, "--confidence-n", files},
		{[]string{"compare"}, "--paired-bs-n", []string{"hyp.txt", "ref2.txt", "-r", "ref.txt"}},
		{[]string{"compare", "--paired-ar"}, "--paired-ar-n", []string{"hyp.txt", "ref2.txt", "-r", "ref.txt"}},
		{[]string{"score", "--metrics", "chrf"}, "--chrf-char-order", files},
		{[]string{"score", "--metrics", "chrf"}, "--chrf-word-order", files},
		{[]string{"score", "--metrics", "chrf"}, "--chrf-beta", files},
		{[]string{"score", "--compat", "nltk", "--nltk-smoothing", "4"}, "--nltk-epsilon", files},
		{[]string{"score", "--compat", "nltk", "--nltk-smoothing", "6"}, "--nltk-alpha", files},
		{[]string{"score", "--compat", "nltk", "--nltk-smoothing", "4"}, "--nltk-k", files},
		{[]string{"explain"}, "--line", []string{"short.txt", "-r", "short.txt"}},
		{[]string{"explain", "--hyp", "a b", "--ref", "a b"}, "--width", nil},
		{[]string{"lessons"}, "--width", nil},
		{[]string{"score"}, "--max-input", files},
		{[]string{"score"}, "--max-line", files},
	} {
		run := func(v string) (int, string) {
			args := append(append(append(slices.Clone(c.before), c.flag), v), c.after...)
			code, _, stderr := runCLI(t, "", args...)
			return code, stderr
		}
		var shown []string
		for _, bad := range []string{"", "x", "0"} {
			_, stderr := run(bad)
			for _, m := range examples.FindAllStringSubmatch(stderr, -1) {
				for _, list := range m[1:] {
					for _, part := range strings.Split(strings.ReplaceAll(list, " or ", ", "), ", ") {
						if part = strings.TrimSpace(part); part != "" && !slices.Contains(shown, part) {
							shown = append(shown, part)
						}
					}
				}
			}
		}
		if len(shown) == 0 {
			t.Errorf("%s %s: no example in its refusals", strings.Join(c.before, " "), c.flag)
		}
		for _, v := range shown {
			if code, stderr := run(v); code != 0 {
				t.Errorf("%s %s %s (its own example): status %d, %q", strings.Join(c.before, " "), c.flag, v, code, stderr)
			}
		}
	}
}
