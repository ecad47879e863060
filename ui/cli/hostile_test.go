package cli

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// hostile is a name that tries to retitle the terminal, reverse the text
// and break the line.
const hostile = "x\x1b]2;PWNED\x07\u202eevil\r"

// TestHostileNamesOnStderr feeds a hostile name through every warning and
// error path that echoes what the user gave (flag names and values, -o
// paths, file and system names, JSONL keys) and checks that each line on
// stderr carries it escaped: no raw control character, one line.
func TestHostileNamesOnStderr(t *testing.T) {
	h := hostile
	files := basicFiles()
	files[h] = ref3
	files[h+"dir/x"] = ""
	files["bpe.txt"] = "a\nthe ca@@ t sat\nmat@@\n"
	files["t.jsonl"] = `{"refs":["the dog"],"hyps":{"` + "\\u001b]2;PWNED\\u0007\\u202eevil" + `":"the dog"}}` + "\n"
	tests := []struct {
		name string
		args []string
		code int
	}{
		{"unknown flag", []string{"score", "--" + h, "hyp.txt", "-r", "ref.txt"}, 2},
		{"format", []string{"score", "--format", h, "hyp.txt", "-r", "ref.txt"}, 2},
		{"tokenizer", []string{"score", "-t", h, "hyp.txt", "-r", "ref.txt"}, 2},
		{"max order", []string{"score", "--max-order", h, "hyp.txt", "-r", "ref.txt"}, 2},
		{"smooth value", []string{"score", "--smooth-value", h, "hyp.txt", "-r", "ref.txt"}, 2},
		{"smoothing", []string{"segments", "--smooth", h, "hyp.txt", "-r", "ref.txt"}, 2},
		{"compat", []string{"score", "--compat", h, "hyp.txt", "-r", "ref.txt"}, 2},
		{"weights", []string{"score", "--compat", "nltk", "--weights", "0.5," + h, "hyp.txt", "-r", "ref.txt"}, 2},
		{"sort", []string{"segments", "--sort", h, "hyp.txt", "-r", "ref.txt"}, 2},
		{"effective order", []string{"score", "--effective-order=" + h, "hyp.txt", "-r", "ref.txt"}, 2},
		{"-o in a missing folder", []string{"score", "-o", h + "/out.txt", "hyp.txt", "-r", "ref.txt"}, 2},
		{"-o a directory", []string{"score", "-o", h + "dir", "hyp.txt", "-r", "ref.txt"}, 2},
		{"-o an input", []string{"score", "-o", h, "hyp.txt", "-r", h}, 2},
		{"missing system", []string{"score", h + ".txt", "-r", "ref.txt"}, 2},
		{"missing reference", []string{"score", "hyp.txt", "-r", h + ".txt"}, 2},
		{"unknown command", []string{h + "cmd"}, 2},
		{"help for an unknown command", []string{"help", h + "cmd"}, 2},
		{"tokenize argument", []string{"tokenize", h}, 2},
		{"lessons argument", []string{"lessons", h}, 2},
		{"explain files with --hyp", []string{"explain", "--hyp", "a", "--ref", "a", h}, 2},
		{"duplicate system names", []string{"score", h + "=hyp.txt", h + "=ref2.txt", "-r", "ref.txt"}, 2},
		{"warning about a system", []string{"score", h + "=bpe.txt", "-r", "ref.txt"}, 0},
		{"warning about a file", []string{"score", h, "-r", "ref.txt"}, 0},
		{"warning about a JSONL key", []string{"score", "t.jsonl"}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			writeFiles(t, files)
			code, _, stderr := runCLI(t, "", tt.args...)
			if code != tt.code {
				t.Errorf("status %d; want %d (stderr %q)", code, tt.code, stderr)
			}
			// (--format reads its value in any case, and names it so.)
			if !strings.Contains(strings.ToUpper(stderr), "PWNED") || !strings.HasSuffix(stderr, "\n") {
				t.Fatalf("stderr %q does not name the hostile text", stderr)
			}
			for _, l := range strings.Split(strings.TrimSuffix(stderr, "\n"), "\n") {
				if r := rawControl(l); r >= 0 {
					t.Errorf("stderr line %q has %U raw", l, r)
				}
			}
			if tt.code != 0 && strings.Count(stderr, "\n") != 1 {
				t.Errorf("stderr %q; want one line", stderr)
			}
		})
	}
}

// TestTabInNameOnStderr: a tab in a system's name shows as \t in a line
// on stderr, as in the text tables, where it jumped to the next tab stop.
func TestTabInNameOnStderr(t *testing.T) {
	writeFiles(t, map[string]string{"same.txt": "a\na\n"})
	code, _, stderr := runCLI(t, "", "score", "-r", "same.txt", "a\tb=same.txt")
	if code != 0 || strings.Contains(stderr, "\t") || !strings.Contains(stderr, `system a\tb (same.txt)`) {
		t.Errorf("status %d, stderr %q; want the name as a\\tb", code, stderr)
	}
}

// TestJSONWithInfinitePrecisions: add-k with a smooth value near the
// largest float makes the precisions overflow to infinity, as in sacrebleu;
// the JSON and JSONL stay valid JSON, the infinite figures null, and the
// text line spells them "inf", as sacrebleu's does.
func TestJSONWithInfinitePrecisions(t *testing.T) {
	writeFiles(t, basicFiles())
	smooth := []string{"--smooth", "add-k", "--smooth-value", "1e308", "hyp.txt", "-r", "ref.txt"}
	for _, args := range [][]string{
		{"score", "--format", "json", "--metrics", "bleu,chrf"},
		{"segments", "--format", "jsonl"},
		{"segments", "--format", "jsonl", "--text"},
	} {
		code, out, stderr := runCLI(t, "", append(args, smooth...)...)
		if code != 0 {
			t.Fatalf("%q: status %d, stderr %q", args, code, stderr)
		}
		docs := []string{out}
		if args[0] == "segments" {
			docs = strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		}
		for _, d := range docs {
			if !json.Valid([]byte(d)) {
				t.Errorf("%q wrote invalid JSON: %s", args, d)
			}
		}
		if strings.Contains(out, `"precisions"`) && !strings.Contains(out, ", null, null, null]") {
			t.Errorf("%q: want the infinite precisions null in %s", args, out)
		}
	}
	_, out, _ := runCLI(t, "", append([]string{"score"}, smooth...)...)
	if !strings.Contains(out, "= inf ") || strings.Contains(out, "Inf") {
		t.Errorf("score line %q: want the infinite figures spelled inf", out)
	}
}

// TestConfidenceWithInfiniteScores: the bootstrap of scores that overflow
// to infinity (add-k with --smooth-value 1e308) ends as any run does, its
// JSON valid, instead of a Go panic in the exact mean.
func TestConfidenceWithInfiniteScores(t *testing.T) {
	writeFiles(t, basicFiles())
	smooth := []string{"--smooth", "add-k", "--smooth-value", "1e308", "--format", "json", "hyp.txt", "-r", "ref.txt"}
	for _, args := range [][]string{
		append([]string{"score", "--confidence", "--confidence-n", "50"}, smooth...),
		append([]string{"compare", "--paired-bs-n", "50", "ref2.txt"}, smooth...),
	} {
		code, out, stderr := runCLI(t, "", args...)
		if code != 0 || stderr != "" || !json.Valid([]byte(out)) {
			t.Errorf("%q: status %d, stderr %q, stdout %s; want 0 and valid JSON", args, code, stderr, out)
		}
	}
	// The text line is sacrebleu's, its figures spelled as Python spells them.
	_, out, _ := runCLI(t, "", "score", "--confidence", "--confidence-n", "50", "--smooth", "add-k", "--smooth-value", "1e308", "hyp.txt", "-r", "ref.txt")
	if !strings.Contains(out, "= inf (μ = ") || strings.Contains(out, "Inf") || strings.Contains(out, "NaN") {
		t.Errorf("score --confidence line %q: want inf and nan as Python writes them", out)
	}
}

// TestTextTablesWithInfiniteScores: the text tables of scores that
// overflow to infinity (add-k with --smooth-value 1e308) spell them as
// the score lines do, inf and nan, instead of Go's +Inf and NaN (the
// compare and buckets tables, the segments table's precisions).
func TestTextTablesWithInfiniteScores(t *testing.T) {
	writeFiles(t, basicFiles())
	smooth := []string{"--smooth", "add-k", "--smooth-value", "1e308", "--format", "text", "-r", "ref.txt"}
	for _, args := range [][]string{
		{"compare", "--paired-bs-n", "50", "ref2.txt", "hyp.txt"},
		{"compare", "--paired-bs-n", "50", "--metrics", "bleu,chrf", "ref2.txt", "hyp.txt"},
		{"compare", "--paired-ar", "--paired-ar-n", "50", "ref2.txt", "hyp.txt"},
		{"buckets", "ref2.txt", "hyp.txt"},
		{"buckets", "--confidence", "--confidence-n", "50", "hyp.txt"},
		{"segments", "hyp.txt"},
	} {
		code, out, stderr := runCLI(t, "", append(args, smooth...)...)
		if code != 0 {
			t.Fatalf("%q: status %d, stderr %q", args, code, stderr)
		}
		if !strings.Contains(out, "inf") || strings.Contains(out, "Inf") || strings.Contains(out, "NaN") {
			t.Errorf("%q: want inf and nan as the score lines spell them:\n%s", args, out)
		}
	}
}

// TestCompareNoStarOnNaNDelta: compare's text table marks no p-value with
// * when Δ is nan (both scores infinite under add-k with --smooth-value
// 1e308: the test then ranks neither system however small p is), and a
// note under the table says why, as the explorer's comparison does;
// before, p 0.0196 got its * beside Δ nan. JSON keeps the p-value.
func TestCompareNoStarOnNaNDelta(t *testing.T) {
	writeFiles(t, basicFiles())
	for _, test := range [][]string{{"--paired-bs-n", "50"}, {"--paired-ar", "--paired-ar-n", "50"}} {
		args := append([]string{"compare", "--format", "text", "--smooth", "add-k", "--smooth-value", "1e308", "-r", "ref.txt", "ref2.txt", "hyp.txt"}, test...)
		code, out, stderr := runCLI(t, "", args...)
		if code != 0 {
			t.Fatalf("%q: status %d, stderr %q", args, code, stderr)
		}
		var row string
		for _, l := range strings.Split(out, "\n") {
			if strings.HasPrefix(l, "hyp ") {
				row = l
			}
		}
		f := strings.Fields(row)
		if len(f) < 2 || !slices.Contains(f, "nan") {
			t.Fatalf("%q: hyp's row %q; want Δ nan (the test needs infinite scores)", test, row)
		}
		if strings.Contains(row, "*") {
			t.Errorf("%q: hyp's row %q stars its p-value beside Δ nan", test, row)
		}
		if !strings.Contains(strings.Join(strings.Fields(out), " "), "hyp: Δ is nan") {
			t.Errorf("%q: no note says why hyp's p-value has no *:\n%s", test, out)
		}
	}
}
