package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bleuscope/bleuscope/scoring"
)

// runCLI runs the command line with stdin and returns the exit status and
// what it printed.
func runCLI(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// writeFiles creates files (name → content) in a fresh directory and makes
// it the working directory, so that arguments and messages use short
// relative names.
func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	return dir
}

// listDir returns the names in dir, sorted.
func listDir(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	slices.Sort(names)
	return names
}

const (
	hyp3 = "the cat sat on the mat\na dog barked\nit rained all day\n"
	ref3 = "the cat sat on the mat\nthe dog barked loudly\nit was raining all day\n"
)

// basicFiles is a small valid corpus with a few broken variants beside it.
func basicFiles() map[string]string {
	return map[string]string{
		"hyp.txt":   hyp3,
		"ref.txt":   ref3,
		"ref2.txt":  "the cat is on the mat\na dog was barking\nrain fell all day\n",
		"src.txt":   "s1\ns2\ns3\n",
		"short.txt": "a\nb\n",
		"latin.txt": "ok\ncaf\xe9 au lait\nx\n",
		"blank.txt": hyp3 + "\n",
		"a/hyp.txt": hyp3,
		"b/hyp.txt": hyp3,
		"d/x":       "",
	}
}

func TestBadInput(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"line counts", []string{"score", "short.txt", "-r", "ref.txt"},
			"bleuscope: short.txt has 2 lines but ref.txt has 3; every file must have one segment per line"},
		{"invalid UTF-8", []string{"score", "latin.txt", "-r", "ref.txt"},
			"bleuscope: latin.txt:2: invalid UTF-8 at byte 4 (0xe9); convert the file to UTF-8, e.g. iconv -f latin1 -t utf-8"},
		{"missing file", []string{"score", "nope.txt", "-r", "ref.txt"},
			"bleuscope: nope.txt does not exist; check the path"},
		{"missing reference", []string{"segments", "hyp.txt", "-r", "nope.txt"},
			"bleuscope: nope.txt does not exist; check the path"},
		{"directory", []string{"score", "d", "-r", "ref.txt"},
			"bleuscope: d is a directory; give a file with one segment per line"},
		{"extra blank line at the end", []string{"score", "blank.txt", "-r", "ref.txt"},
			"bleuscope: blank.txt:4: the file ends with an empty line, so it has 4 lines but ref.txt has 3; remove the trailing blank line"},
		{"no reference", []string{"score", "hyp.txt"},
			"bleuscope: no reference given; add -r REF, once per reference translation"},
		{"-r after --", []string{"score", "--", "-=hyp.txt", "ref2.txt", "-r", "ref.txt"},
			`bleuscope: no reference given; add -r REF, once per reference translation ("-r" comes after "--", after which every argument is a SYSTEM file: give -r REF before "--")`},
		{"-r after -- with a reference before", []string{"score", "-r", "ref.txt", "--", "hyp.txt", "-r", "ref2.txt"},
			`bleuscope: -r does not exist; check the path (it comes after "--", after which every argument is a SYSTEM file: give -r REF before "--")`},
		{"--ref= after --", []string{"segments", "--", "hyp.txt", "--ref=ref.txt"},
			`bleuscope: no reference given; add -r REF, once per reference translation ("--ref=ref.txt" comes after "--", after which every argument is a SYSTEM file: give -r REF before "--")`},
		// cat hyp.txt | bleuscope segments -r ref.txt, as sacrebleu reads
		// standard input without -i: the line says that - reads it.
		{"no system", []string{"segments", "-r", "ref.txt"},
			"bleuscope: no SYSTEM file given; name at least one file of hypotheses, or - to read one from standard input (or --demo)"},
		{"duplicate system names", []string{"score", "a/hyp.txt", "b/hyp.txt", "-r", "ref.txt"},
			`bleuscope: b/hyp.txt gives the system name "hyp.txt", as a/hyp.txt does; name them apart with NAME=PATH`},
		{"the same NAME= twice", []string{"score", "x=a/hyp.txt", "x=b/hyp.txt", "-r", "ref.txt"},
			`bleuscope: two systems are both named "x" (a/hyp.txt and b/hyp.txt); give each its own NAME=`},
		{"source of another length", []string{"score", "hyp.txt", "-r", "ref.txt", "-s", "short.txt"},
			"bleuscope: short.txt has 2 lines but hyp.txt has 3; every file must have one segment per line"},
		{"input past --max-input", []string{"score", "hyp.txt", "-r", "ref.txt", "--max-input", "60"},
			"bleuscope: ref.txt takes the input past 60 bytes, the limit for all files together; raise --max-input if that is intended"},
		{"line past --max-line", []string{"segments", "--max-line", "0.01K", "hyp.txt", "-r", "ref.txt"},
			"bleuscope: hyp.txt:1: the line is longer than 10 bytes, the line limit; raise --max-line if that is intended"},
		{"--max-input not a size", []string{"score", "hyp.txt", "-r", "ref.txt", "--max-input", "lots"},
			`bleuscope: --max-input: "lots" is not a size; write it as 512M or 1G; see 'bleuscope score --help'`},
		{"--max-input in hexadecimal", []string{"score", "hyp.txt", "-r", "ref.txt", "--max-input", "0x1p4M"},
			`bleuscope: --max-input: "0x1p4M" is not a size; write it as 512M or 1G; see 'bleuscope score --help'`},
		{"--max-line infinite", []string{"score", "hyp.txt", "-r", "ref.txt", "--max-line", "inf"},
			`bleuscope: --max-line: "inf" is not a size; write it as 512M or 1G; see 'bleuscope score --help'`},
		// Under a byte, a size would be a limit of 0: the default.
		{"--max-line under a byte", []string{"score", "hyp.txt", "-r", "ref.txt", "--max-line", "0.5"},
			`bleuscope: --max-line: "0.5" is less than a byte; give a size such as 1M or 1G; see 'bleuscope score --help'`},
		{"--max-input under a byte", []string{"score", "hyp.txt", "-r", "ref.txt", "--max-input", "1e-4K"},
			`bleuscope: --max-input: "1e-4K" is less than a byte; give a size such as 1M or 1G; see 'bleuscope score --help'`},
		{"unknown tokenizer", []string{"score", "hyp.txt", "-r", "ref.txt", "-t", "x"},
			`bleuscope: -t: "x" is not a tokenizer (want 13a, intl, zh, char or none); see 'bleuscope score --help'`},
		{"unknown tokenizer, explorer", []string{"-t", "moses", "hyp.txt", "-r", "ref.txt"},
			`bleuscope: -t: "moses" is not a tokenizer (want 13a, intl, zh, char or none); see 'bleuscope --help'`},
		{"max order too high", []string{"score", "hyp.txt", "-r", "ref.txt", "--max-order", "12"},
			"bleuscope: --max-order: 12 is not between 1 and 9; see 'bleuscope score --help'"},
		{"max order not a number", []string{"score", "hyp.txt", "-r", "ref.txt", "--max-order", "four"},
			`bleuscope: --max-order: "four" is not a whole number; see 'bleuscope score --help'`},
		{"unknown smoothing", []string{"segments", "--smooth", "bogus", "hyp.txt", "-r", "ref.txt"},
			`bleuscope: --smooth: "bogus" is not a smoothing method (want exp, floor, add-k or none); see 'bleuscope segments --help'`},
		{"negative smooth value", []string{"score", "--smooth", "floor", "--smooth-value", "-1", "hyp.txt", "-r", "ref.txt"},
			"bleuscope: --smooth-value: -1 is not a finite number ≥ 0; see 'bleuscope score --help'"},
		{"smooth value not a number", []string{"score", "--smooth-value", "lots", "hyp.txt", "-r", "ref.txt"},
			`bleuscope: --smooth-value: "lots" is not a plain decimal number (such as 0.1 or 1); see 'bleuscope score --help'`},
		{"effective order not a boolean", []string{"score", "--effective-order=maybe", "hyp.txt", "-r", "ref.txt"},
			`bleuscope: --effective-order: "maybe" is not true or false; see 'bleuscope score --help'`},
		{"unknown compat", []string{"score", "--compat", "moses", "hyp.txt", "-r", "ref.txt"},
			`bleuscope: --compat: "moses" is not sacrebleu or nltk; see 'bleuscope score --help'`},
		{"nltk smoothing out of range", []string{"score", "--compat", "nltk", "--nltk-smoothing", "9", "hyp.txt", "-r", "ref.txt"},
			"bleuscope: --nltk-smoothing: 9 is not between 0 and 7 (NLTK's method0..method7); see 'bleuscope score --help'"},
		{"smooth value without floor or add-k", []string{"score", "--smooth-value", "3", "hyp.txt", "-r", "ref.txt"},
			"bleuscope: --smooth-value applies only with --smooth floor or add-k (exp takes no value); see 'bleuscope score --help'"},
		{"smooth value with none", []string{"score", "--smooth", "none", "--smooth-value", "3", "hyp.txt", "-r", "ref.txt"},
			"bleuscope: --smooth-value applies only with --smooth floor or add-k (none takes no value); see 'bleuscope score --help'"},
		{"nltk flag without nltk", []string{"score", "--nltk-smoothing", "1", "hyp.txt", "-r", "ref.txt"},
			"bleuscope: --nltk-smoothing applies only with --compat nltk; see 'bleuscope score --help'"},
		{"sacrebleu flag with nltk", []string{"score", "--compat", "nltk", "--smooth", "floor", "hyp.txt", "-r", "ref.txt"},
			"bleuscope: --smooth applies only with --compat sacrebleu (NLTK has --nltk-smoothing); see 'bleuscope score --help'"},
		{"bad weights", []string{"score", "--compat", "nltk", "--weights", "0.5,x", "hyp.txt", "-r", "ref.txt"},
			`bleuscope: --weights: "x" is not a plain decimal number (such as 10, -5, 0.5 or 1e3); give numbers separated by commas, like 0.5,0.5; see 'bleuscope score --help'`},
		{"weights against max order", []string{"score", "--compat", "nltk", "--weights", "0.5,0.5", "--max-order", "4", "hyp.txt", "-r", "ref.txt"},
			"bleuscope: --weights has 2 values but --max-order is 4: give one of them; see 'bleuscope score --help'"},
		{"unknown flag", []string{"score", "--bogus", "hyp.txt", "-r", "ref.txt"},
			"bleuscope: unknown flag --bogus; see 'bleuscope score --help'"},
		{"flag without its value", []string{"score", "hyp.txt", "-r"},
			"bleuscope: -r needs a value; see 'bleuscope score --help'"},
		{"unknown score format", []string{"score", "--format", "xml", "hyp.txt", "-r", "ref.txt"},
			`bleuscope: --format: "xml" is not a format score writes (text or json); see 'bleuscope score --help'`},
		{"unknown segments format", []string{"segments", "--format", "json", "hyp.txt", "-r", "ref.txt"},
			`bleuscope: --format: "json" is not a format segments writes (text, jsonl, tsv or csv); see 'bleuscope segments --help'`},
		{"unknown sort key", []string{"segments", "--sort", "random", "hyp.txt", "-r", "ref.txt"},
			`bleuscope: --sort: "random" is not line, score, length, bp, delta, impact, chrf or ter; see 'bleuscope segments --help'`},
		{"negative worst", []string{"segments", "--worst", "-3", "hyp.txt", "-r", "ref.txt"},
			"bleuscope: --worst: -3 is not a number of segments ≥ 0 (0 keeps them all); see 'bleuscope segments --help'"},
		{"negative worst, written -worst", []string{"segments", "-worst=-1", "hyp.txt", "-r", "ref.txt"},
			"bleuscope: -worst: -1 is not a number of segments ≥ 0 (0 keeps them all); see 'bleuscope segments --help'"},
		{"delta with one system", []string{"segments", "--sort", "delta", "hyp.txt", "-r", "ref.txt"},
			"bleuscope: --sort delta compares two systems; give at least two SYSTEM files"},
		{"output over an input", []string{"score", "hyp.txt", "-r", "ref.txt", "-o", "ref.txt"},
			"bleuscope: -o ref.txt is one of the input files; write the output somewhere else"},
		{"output into a missing folder", []string{"score", "hyp.txt", "-r", "ref.txt", "-o", "no/such/out.txt"},
			"bleuscope: cannot write no/such/out.txt: no such file or directory; check that its folder exists and is writable"},
		{"demo and files", []string{"score", "--demo", "hyp.txt"},
			"bleuscope: --demo uses the embedded corpus; give either --demo or files, not both"},
		{"explain line out of range", []string{"explain", "--line", "9", "hyp.txt", "-r", "ref.txt"},
			"bleuscope: --line: 9 is past the end: the input has 3 segments (lines 1-3); see 'bleuscope explain --help'"},
		{"explain without a segment", []string{"explain", "hyp.txt", "-r", "ref.txt"},
			"bleuscope: explain needs --hyp TEXT --ref TEXT, or files with --line N; see 'bleuscope explain --help'"},
		{"explain demo without a line", []string{"explain", "--demo"},
			"bleuscope: explain --demo needs --line N, the line of the demo corpus to explain; see 'bleuscope explain --help'"},
		{"explain hyp without ref", []string{"explain", "--hyp", "a b c"},
			"bleuscope: explain --hyp needs at least one --ref TEXT"},
		{"explain hyp and line", []string{"explain", "--hyp", "a", "--ref", "a", "--line", "2"},
			"bleuscope: explain takes either --hyp TEXT or files with --line N, not both"},
		{"explain too narrow", []string{"explain", "--width", "10", "--hyp", "a", "--ref", "a"},
			"bleuscope: --width: 10 is not a number of columns from 20 to 1000; see 'bleuscope explain --help'"},
		{"explain too wide", []string{"explain", "--width", "99999999999", "--hyp", "a", "--ref", "a"},
			"bleuscope: --width: 99999999999 is not a number of columns from 20 to 1000; see 'bleuscope explain --help'"},
		{"lessons too wide", []string{"lessons", "--width", "1001"},
			"bleuscope: --width: 1001 is not a number of columns from 20 to 1000; see 'bleuscope lessons --help'"},
		{"lessons too narrow", []string{"lessons", "-width=+019"},
			"bleuscope: -width: +019 is not a number of columns from 20 to 1000; see 'bleuscope lessons --help'"},
		{"tokenize with a file", []string{"tokenize", "-t", "13a", "hyp.txt"},
			`bleuscope: tokenize reads standard input and takes no file arguments (got "hyp.txt"); use bleuscope tokenize -t 13a < FILE`},
		{"tokenize unknown tokenizer", []string{"tokenize", "-t", "moses"},
			`bleuscope: -t: "moses" is not a tokenizer (want 13a, intl, zh, char or none); see 'bleuscope tokenize --help'`},
		{"mistyped command", []string{"scroe", "hyp.txt", "-r", "ref.txt"},
			`bleuscope: unknown command "scroe" (commands: score, segments, compare, explain, ngrams, buckets, tokenize, lessons, annotations, sacrebleu); to open a file of that name, write ./scroe`},
		{"help for an unknown command", []string{"help", "scroe"},
			`bleuscope: unknown command "scroe" (commands: score, segments, compare, explain, ngrams, buckets, tokenize, lessons, annotations, sacrebleu); to open a file of that name, write ./scroe`},
		{"lessons with an argument", []string{"lessons", "clipping"},
			`bleuscope: lessons takes no arguments (got "clipping"); see 'bleuscope lessons --help'`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := writeFiles(t, basicFiles())
			before := listDir(t, dir)
			args := tt.args
			writes := args[0] == "score" || args[0] == "segments"
			if writes && !slices.Contains(args, "-o") {
				args = append([]string{args[0], "-o", "out.txt"}, args[1:]...)
			}
			code, stdout, stderr := runCLI(t, "", args...)
			if code != exitUsage {
				t.Errorf("exit status %d; want %d", code, exitUsage)
			}
			if stdout != "" {
				t.Errorf("stdout = %q; want nothing", stdout)
			}
			if stderr != tt.want+"\n" {
				t.Errorf("stderr\n got %q\nwant %q", stderr, tt.want+"\n")
			}
			if after := listDir(t, dir); !slices.Equal(before, after) {
				t.Errorf("files after the run %q; want unchanged %q (no output, no temporary file)", after, before)
			}
		})
	}
}

func TestStdinDash(t *testing.T) {
	writeFiles(t, basicFiles())
	code, fromFile, stderr := runCLI(t, "", "score", "hyp.txt", "-r", "ref.txt")
	if code != 0 || stderr != "" {
		t.Fatalf("score hyp.txt: status %d, stderr %q", code, stderr)
	}
	code, fromStdin, stderr := runCLI(t, hyp3, "score", "-", "-r", "ref.txt")
	if code != 0 || stderr != "" {
		t.Fatalf("score -: status %d, stderr %q", code, stderr)
	}
	if fromStdin != fromFile || !strings.HasPrefix(fromFile, "BLEU|nrefs:1|") {
		t.Errorf("score - = %q; want the same as from the file, %q", fromStdin, fromFile)
	}
}

func TestFlagsAfterFiles(t *testing.T) {
	writeFiles(t, basicFiles())
	orders := [][]string{
		{"score", "-r", "ref.txt", "-r", "ref2.txt", "-l", "hyp.txt"},
		{"score", "hyp.txt", "-r", "ref.txt", "-r", "ref2.txt", "-l"},
		{"score", "-r", "ref.txt", "hyp.txt", "--lowercase", "--ref=ref2.txt"},
		{"score", "-l", "-r", "ref.txt", "-r", "ref2.txt", "--", "hyp.txt"},
	}
	var first string
	for i, args := range orders {
		code, out, stderr := runCLI(t, "", args...)
		if code != 0 || stderr != "" {
			t.Fatalf("%q: status %d, stderr %q", args, code, stderr)
		}
		if !strings.HasPrefix(out, "BLEU|nrefs:2|case:lc|") {
			t.Errorf("%q printed %q; want two references, lowercased", args, out)
		}
		if i == 0 {
			first = out
		} else if out != first {
			t.Errorf("%q printed %q; want %q as with flags first", args, out, first)
		}
	}
}

func TestDoubleDashEndsFlags(t *testing.T) {
	writeFiles(t, map[string]string{"-odd.txt": hyp3, "ref.txt": ref3})
	code, out, stderr := runCLI(t, "", "score", "-r", "ref.txt", "--", "-odd.txt")
	if code != 0 || stderr != "" || !strings.HasPrefix(out, "BLEU|") {
		t.Errorf("score -- -odd.txt: status %d, stdout %q, stderr %q; want a score", code, out, stderr)
	}
	// "--" as the value of a flag is a value, not the end of the flags.
	code, _, stderr = runCLI(t, "", "explain", "--hyp", "--", "--ref", "-- x")
	if code != 0 || stderr != "" {
		t.Errorf(`explain --hyp "--": status %d, stderr %q`, code, stderr)
	}
}

// TestFileNamedLikeAWord opens a file whose name has no dot instead of
// taking it for a mistyped command.
func TestFileNamedLikeAWord(t *testing.T) {
	writeFiles(t, map[string]string{"hyps": hyp3, "ref.txt": ref3})
	code, out, stderr := runCLI(t, "", "hyps", "-r", "ref.txt")
	if code != 0 || stderr != "" || !strings.Contains(out, "  hyps  BLEU = ") {
		t.Errorf("status %d, stderr %q, stdout %q; want the report of hyps", code, stderr, out)
	}
}

func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"--version"}, {"-version"}, {"score", "--version"}, {"segments", "--version"},
		{"explain", "--version"}, {"tokenize", "--version"}, {"lessons", "--version"}} {
		code, out, stderr := runCLI(t, "", args...)
		if code != 0 || out != "bleuscope "+scoring.Version+"\n" || stderr != "" {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want 0, %q", args, code, out, stderr, "bleuscope "+scoring.Version+"\n")
		}
	}
}

func TestHelp(t *testing.T) {
	for _, cmd := range []string{"", "score", "segments", "explain", "tokenize", "lessons"} {
		for _, flag := range []string{"-h", "--help", "help"} {
			args := []string{flag}
			switch {
			case flag == "help" && cmd != "":
				args = []string{"help", cmd}
			case cmd != "":
				args = []string{cmd, flag}
			}
			code, out, stderr := runCLI(t, "", args...)
			if code != 0 || stderr != "" {
				t.Errorf("%q: status %d, stderr %q; want 0 and nothing", args, code, stderr)
			}
			if !strings.Contains(out, "Usage: bleuscope "+cmd) || !strings.Contains(out, "Examples:\n  bleuscope "+cmd) {
				t.Errorf("%q printed no usage line or examples:\n%s", args, out)
			}
		}
	}
}

// TestHelpFitsEightyColumns: every line of every command's help but its
// examples (commands to copy, never wrapped) fits an 80-column terminal.
func TestHelpFitsEightyColumns(t *testing.T) {
	cmds := []string{""}
	for _, c := range commands {
		if c.name != "sacrebleu" { // argparse's help, tested with the drop-in
			cmds = append(cmds, c.name)
		}
	}
	for _, cmd := range cmds {
		_, out, _ := runCLI(t, "", strings.Fields(cmd+" --help")...)
		for _, l := range strings.Split(out, "\n") {
			if utf8.RuneCountInString(l) > 80 && !strings.HasPrefix(l, "  bleuscope ") {
				t.Errorf("%s --help: a line of %d characters: %q", cmd, utf8.RuneCountInString(l), l)
			}
		}
	}
}

func TestNoArgumentsPrintsDemoReport(t *testing.T) {
	code, out, stderr := runCLI(t, "")
	if code != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q; want 0 and no warnings", code, stderr)
	}
	for _, want := range []string{
		"70 segments, 2 references, 3 systems",
		"  fluent   BLEU = 76.61 94.2/84.0/72.2/60.3 (BP = 1.000 ratio = 1.017 hyp_len = 737 ref_len = 725)",
		"Worst 10 segments of literal",
		"    hyp    the the the the the the the the",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
}

func TestReportOfFiles(t *testing.T) {
	writeFiles(t, map[string]string{
		"hyp.txt": "ok\n\x1b]2;owned\x07 title\nfine\n",
		"ref.txt": "ok\ntitle\nfine\n",
	})
	code, out, stderr := runCLI(t, "", "hyp.txt", "-r", "ref.txt")
	if code != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", code, stderr)
	}
	if strings.ContainsAny(out, "\x1b\x07") {
		t.Errorf("report passes control characters through raw:\n%q", out)
	}
	if !strings.Contains(out, `␛]2;owned\x07 title`) {
		t.Errorf("report does not show the escapes visibly:\n%s", out)
	}
}

func TestTokenizerWarning(t *testing.T) {
	zh := "我们今天去公园散步。\n天气很好，我们很高兴。\n"
	writeFiles(t, map[string]string{"h.zh": zh, "r.zh": zh})
	want := "bleuscope: warning: the references are mostly Chinese characters, which -t 13a does not split into words; score with -t zh, as sacrebleu advises for Chinese\n"
	if code, _, stderr := runCLI(t, "", "score", "h.zh", "-r", "r.zh"); code != 0 || !strings.Contains(stderr, want) {
		t.Errorf("score Chinese with 13a: status %d, stderr %q; want the warning %q", code, stderr, want)
	}
	if code, _, stderr := runCLI(t, "", "score", "-t", "zh", "h.zh", "-r", "r.zh"); code != 0 || strings.Contains(stderr, "mostly Chinese") {
		t.Errorf("score Chinese with zh: status %d, stderr %q; want no tokenizer warning", code, stderr)
	}
}

func TestWarningsOnStderr(t *testing.T) {
	writeFiles(t, map[string]string{"hyp.txt": "a\nthe ca@@ t sat\nmat@@\n", "ref.txt": ref3})
	code, out, stderr := runCLI(t, "", "score", "hyp.txt", "-r", "ref.txt")
	if code != 0 || !strings.HasPrefix(out, "BLEU|") {
		t.Fatalf("status %d, stdout %q", code, out)
	}
	want := `bleuscope: warning: hyp.txt: 2 lines contain the subword marker "@@" (first: line 2); undo BPE before scoring, e.g. sed -r 's/(@@ )|(@@ ?$)//g'` + "\n"
	if stderr != want {
		t.Errorf("stderr\n got %q\nwant %q", stderr, want)
	}
}

// TestWarningsBeforeOutput: the input's warnings come before the output
// they are about, as on a terminal where both streams show together (they
// came after it, so that README's transcripts and the screen disagreed).
func TestWarningsBeforeOutput(t *testing.T) {
	writeFiles(t, map[string]string{"hyp.txt": "a\n\nthe cat\n", "ref.txt": ref3})
	for _, args := range [][]string{
		{"score", "hyp.txt", "-r", "ref.txt"},
		{"segments", "hyp.txt", "-r", "ref.txt"},
		{"compare", "hyp.txt", "B=hyp.txt", "-r", "ref.txt", "--paired-bs-n", "10"},
	} {
		var both bytes.Buffer
		code := Run(args, strings.NewReader(""), &both, &both)
		if code != 0 {
			t.Fatalf("%v: status %d: %s", args, code, both.String())
		}
		if got := both.String(); !strings.HasPrefix(got, "bleuscope: warning: hyp.txt: 1 line is empty") {
			t.Errorf("%v: the output does not start with the warning:\n%s", args, got)
		}
	}
}

// TestTSVNULWarning: a NUL in a TSV table's segment is named by the file's
// line and the segment, the number segments prints it under, and its
// column; before, by the line alone, one more than the segment.
func TestTSVNULWarning(t *testing.T) {
	writeFiles(t, map[string]string{"table.tsv": "src\tref\tA\nhallo\thello\thello\nwelt\tworld\twor\x00ld\n"})
	code, out, stderr := runCLI(t, "", "segments", "table.tsv")
	want := "bleuscope: warning: table.tsv: 1 line contains a NUL character (first: line 3, segment 2; in system A); "
	if code != 0 || !strings.Contains(stderr, want) {
		t.Errorf("status %d, stderr %q; want the warning %q", code, stderr, want)
	}
	var seg2 string
	for _, l := range strings.Split(out, "\n") {
		if f := strings.Fields(l); len(f) > 0 && f[0] == "2" {
			seg2 = l
		}
	}
	if !strings.HasSuffix(seg2, `wor\x00ld`) {
		t.Errorf("segments' line 2 is %q; want the hypothesis with the NUL\n%s", seg2, out)
	}
}

// TestReportIsNotCut checks that the plain report keeps whole lines, as a
// pipe has no width: the score line of a long system name ends with its
// ref_len, and a long hypothesis is there in full.
func TestReportIsNotCut(t *testing.T) {
	long := strings.Repeat("word ", 40) + "end"
	writeFiles(t, map[string]string{"hyp.txt": "a b c\n" + long + "\n", "ref.txt": "a b c\nx y z\n"})
	name := "a-system-with-a-name-long-enough-to-push-the-score-line-past-a-hundred-columns"
	code, out, stderr := runCLI(t, "", name+"=hyp.txt", "-r", "ref.txt")
	if code != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", code, stderr)
	}
	var score string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "  "+name+"  BLEU = ") {
			score = l
		}
	}
	if !strings.HasSuffix(score, "hyp_len = 44 ref_len = 6)") {
		t.Errorf("score line %q is not whole; want it to end with the lengths", score)
	}
	if !strings.Contains(out, "    hyp    "+long+"\n") || strings.Contains(out, "…") {
		t.Errorf("report cuts the hypothesis:\n%s", out)
	}
}

// TestNLTKSmoothingByName: --nltk-smoothing takes NLTK's name of a method,
// as the help words it, as well as its number.
func TestNLTKSmoothingByName(t *testing.T) {
	ref := filepath.Join(t.TempDir(), "ref.txt")
	if err := os.WriteFile(ref, []byte("a c d\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	score := func(m string) (int, string, string) {
		return runCLI(t, "a b d\n", "score", "--compat", "nltk", "--nltk-smoothing", m, "-", "-r", ref)
	}
	code, byNumber, stderr := score("4")
	if code != 0 || !strings.Contains(byNumber, "nltk:method4") {
		t.Fatalf("--nltk-smoothing 4: status %d, %q %q", code, byNumber, stderr)
	}
	for _, name := range []string{"method4", "Method4", " METHOD4"} {
		if code, out, stderr := score(name); code != 0 || out != byNumber || stderr != "" {
			t.Errorf("--nltk-smoothing %q: status %d, %q %q; want what 4 gives, %q", name, code, out, stderr, byNumber)
		}
	}
	for _, bad := range []string{"method", "methodx", "method-1", "meth4"} {
		code, out, stderr := score(bad)
		if want := "is not a method: give 0..7 or method0..method7"; code != 2 || out != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, want) {
			t.Errorf("--nltk-smoothing %s: status %d, %q %q; want 2 and one line saying %q", bad, code, out, stderr, want)
		}
	}
	if code, _, stderr := score("method8"); code != 2 || !strings.Contains(stderr, "is not between 0 and 7") {
		t.Errorf("--nltk-smoothing method8: status %d, %q; want 2 and the range's line", code, stderr)
	}
}
