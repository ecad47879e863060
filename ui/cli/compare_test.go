package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/bleuscope/bleuscope/ui/render"
)

// compareFiles is a small corpus: a baseline, a much better system and a
// copy of the baseline.
func compareFiles() map[string]string {
	return map[string]string{
		"ref.txt":  "the cat sat on the mat\nthere is a dog in the garden\nit rained all day long\nwe ate fish and chips\nthe train was late again\n",
		"base.txt": "cat mat\ndog garden\nrain day\nfish chips\ntrain late\n",
		"good.txt": "the cat sat on the mat\nthere is a dog in the garden\nit rained all day long\nwe ate fish and chips\nthe train was late again\n",
		"copy.txt": "cat mat\ndog garden\nrain day\nfish chips\ntrain late\n",
		"one.txt":  "x\n",
	}
}

func TestCompareJSON(t *testing.T) {
	writeFiles(t, compareFiles())
	unsetSeed(t)
	for _, test := range []string{"paired-bs", "paired-ar"} {
		code, out, stderr := runCLI(t, "", "compare", "--"+test, "--format", "json", "--seed", "0042", "--"+test+"-n", "0", "base.txt", "good.txt", "copy.txt", "-r", "ref.txt")
		if code != 0 {
			t.Fatalf("%s: status %d: %s", test, code, stderr)
		}
		var got []map[string]any
		if err := json.Unmarshal([]byte(out), &got); err != nil || len(got) != 3 {
			t.Fatalf("%s: want 3 objects: %v\n%s", test, err, out)
		}
		wantN := 1000.0
		if test == "paired-ar" {
			wantN = 10000
		}
		for i, o := range got {
			if o["baseline"] != (i == 0) || o["test"] != test || o["n"] != wantN || o["seed"] != 42.0 {
				t.Errorf("%s object %d: baseline/test/n/seed = %v/%v/%v/%v", test, i, o["baseline"], o["test"], o["n"], o["seed"])
			}
			if (i == 0) != (o["p_value"] == nil) || (i == 0) != (o["wins"] == nil) {
				t.Errorf("%s object %d: p_value %v wins %v: null exactly for the baseline", test, i, o["p_value"], o["wins"])
			}
			if (test == "paired-ar") != (o["mean"] == nil) || (test == "paired-ar") != (o["ci"] == nil) {
				t.Errorf("%s object %d: mean %v ci %v: null exactly with paired-ar", test, i, o["mean"], o["ci"])
			}
			if !strings.Contains(o["signature"].(string), "|seed:42|") {
				t.Errorf("%s object %d: signature %v", test, i, o["signature"])
			}
		}
		if got[2]["ties"] != 5.0 || got[1]["wins"] != 5.0 {
			t.Errorf("%s: wins/ties of the better system and the copy: %v, %v", test, got[1]["wins"], got[2]["ties"])
		}
		if p := got[2]["p_value"].(float64); p != 1/(wantN+1) {
			t.Errorf("%s: the copy's p %v, want 1/(N+1)", test, p)
		}
	}
}

// TestCompareBaseline checks that --baseline NAME tests every system
// against NAME exactly as giving NAME's file first does, and refuses a
// name that is no system.
func TestCompareBaseline(t *testing.T) {
	writeFiles(t, compareFiles())
	unsetSeed(t)
	for _, format := range []string{"json", "text"} {
		code, first, stderr := runCLI(t, "", "compare", "--format", format, "--paired-bs-n", "50", "good.txt", "base.txt", "copy.txt", "-r", "ref.txt")
		if code != 0 {
			t.Fatalf("%s: status %d: %s", format, code, stderr)
		}
		code, named, stderr := runCLI(t, "", "compare", "--format", format, "--paired-bs-n", "50", "--baseline", "good", "base.txt", "good.txt", "copy.txt", "-r", "ref.txt")
		if code != 0 {
			t.Fatalf("%s --baseline: status %d: %s", format, code, stderr)
		}
		if named != first {
			t.Errorf("%s: --baseline good differs from giving good.txt first:\n%s\nwant\n%s", format, named, first)
		}
	}
	code, _, stderr := runCLI(t, "", "compare", "--baseline", "nope", "base.txt", "good.txt", "-r", "ref.txt")
	if want := `bleuscope: --baseline: "nope" is not a system (the systems are base (or base.txt), good (or good.txt)); see 'bleuscope compare --help'` + "\n"; code != 2 || stderr != want {
		t.Errorf("unknown baseline: status %d, stderr %q, want 2 and %q", code, stderr, want)
	}
}

func TestCompareText(t *testing.T) {
	writeFiles(t, compareFiles())
	code, out, stderr := runCLI(t, "", "compare", "--seed", "1", "base.txt", "good.txt", "-r", "ref.txt")
	if code != 0 {
		t.Fatalf("status %d: %s", code, stderr)
	}
	for _, want := range []string{"Paired bootstrap resampling: 1,000 resamples, seed 1, 5 segments", "μ ± 95% CI", "base (baseline)", "*", "p: ", "wins"} {
		if !strings.Contains(out, want) {
			t.Errorf("text output lacks %q:\n%s", want, out)
		}
	}
	var line string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "good ") {
			line = l
		}
	}
	if f := strings.Fields(line); len(f) < 8 || !strings.HasPrefix(f[5], "+") || f[7] != "*" {
		t.Errorf("row of the better system %q: want a positive Δ and a significant p", line)
	}
}

// TestCompareTextPadsInCells: compare's tables (BLEU's and chrF's) pad
// the system names in cells as render.Cells counts them, as the ngrams
// and buckets tables do: a name that is an emoji sequence with joiners
// (two cells by graphemes, six on a terminal that draws its emoji one by
// one) keeps the ± of every row in one column.
func TestCompareTextPadsInCells(t *testing.T) {
	writeFiles(t, compareFiles())
	family := "\U0001F469\u200d\U0001F469\u200d\U0001F467"
	code, out, stderr := runCLI(t, "", "compare", "--seed", "1", "--metrics", "bleu,chrf", family+"=base.txt", "good.txt", "long-name=copy.txt", "-r", "ref.txt")
	if code != 0 {
		t.Fatalf("status %d: %s", code, stderr)
	}
	var at []int // the cell of each row's ±, per table
	tables := 0
	for _, l := range strings.Split(out, "\n") {
		switch i := strings.Index(l, "±"); {
		case strings.Contains(l, "95% CI"):
			tables++
		case i >= 0:
			at = append(at, render.Cells(l[:i]))
			if len(at)%3 == 0 && (at[len(at)-3] != at[len(at)-1] || at[len(at)-2] != at[len(at)-1]) {
				t.Errorf("table %d: the ± stand at cells %v; want one column:\n%s", tables, at[len(at)-3:], out)
			}
		}
	}
	if tables != 2 || len(at) != 6 {
		t.Errorf("%d tables, %d rows with ±; want 2 tables of 3:\n%s", tables, len(at), out)
	}
}

// TestCompareTextNoDifference: a copy of the baseline keeps sacrebleu's
// p-value, 1/(N+1), in JSON, but the table shows it without * and says
// under it that the test says nothing, with either test; a system that
// differs keeps its *.
func TestCompareTextNoDifference(t *testing.T) {
	writeFiles(t, compareFiles())
	for _, c := range []struct {
		test, what string
		n          int
	}{{"paired-bs", "1,000 resamples", 1000}, {"paired-ar", "10,000 trials", 10000}} {
		code, out, stderr := runCLI(t, "", "compare", "--"+c.test, "base.txt", "good.txt", "copy.txt", "-r", "ref.txt")
		if code != 0 {
			t.Fatalf("%s: status %d: %s", c.test, code, stderr)
		}
		rows := map[string][]string{}
		for _, l := range strings.Split(out, "\n") {
			if f := strings.Fields(l); len(f) > 0 && rows[f[0]] == nil { // the table, not the note
				rows[f[0]] = f
			}
		}
		p := strconv.FormatFloat(1/float64(c.n+1), 'f', 4, 64)
		if f := rows["copy"]; len(f) < 4 || f[len(f)-4] != p || slices.Contains(f, "*") {
			t.Errorf("%s: the copy's row %q; want p %s without *", c.test, f, p)
		}
		if f := rows["good"]; !slices.Contains(f, "*") {
			t.Errorf("%s: the better system's row %q; want its *", c.test, f)
		}
		// The note and the legend are wrapped: read them as one line each.
		flat := strings.ReplaceAll(out, "\n", " ")
		note := fmt.Sprintf(" copy scores the same as the baseline on every segment, so the test says nothing: its p-value, 1/%s, is just the smallest %s can give; it has no *. p: ", model.Thousands(c.n+1), c.what)
		if !strings.Contains(flat, note) || !strings.Contains(out, "\ncopy scores the same") {
			t.Errorf("%s: no note %q under the table:\n%s", c.test, note, out)
		}
		if !strings.Contains(flat, "* marks p ≤ 0.05 (unlikely to be chance)") {
			t.Errorf("%s: the legend does not say * marks p ≤ 0.05:\n%s", c.test, out)
		}
	}
	// With nothing to explain, no note.
	_, out, _ := runCLI(t, "", "compare", "base.txt", "good.txt", "-r", "ref.txt")
	if strings.Contains(out, "says nothing") {
		t.Errorf("a note with no copy:\n%s", out)
	}
}

func TestCompareSeedFromEnvironment(t *testing.T) {
	writeFiles(t, compareFiles())
	run := func(args ...string) string {
		code, out, stderr := runCLI(t, "", append([]string{"compare", "--format", "json"}, args...)...)
		if code != 0 {
			t.Fatalf("status %d: %s", code, stderr)
		}
		return out
	}
	t.Setenv("SACREBLEU_SEED", " 7")
	env := run("base.txt", "good.txt", "-r", "ref.txt")
	t.Setenv("SACREBLEU_SEED", "99")
	flag := run("--seed", "7", "base.txt", "good.txt", "-r", "ref.txt")
	if env != flag || !strings.Contains(env, `"seed": 7,`) {
		t.Errorf("SACREBLEU_SEED=' 7' and --seed 7 differ:\n%s\n%s", env, flag)
	}
}

func TestCompareBadUsage(t *testing.T) {
	writeFiles(t, compareFiles())
	unsetSeed(t)
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"nltk", []string{"compare", "--compat", "nltk", "base.txt", "good.txt", "-r", "ref.txt"}, "sacrebleu's definitions"},
		{"one system", []string{"compare", "base.txt", "-r", "ref.txt"}, "at least one SYSTEM"},
		{"both tests", []string{"compare", "--paired-bs", "--paired-ar", "base.txt", "good.txt", "-r", "ref.txt"}, "give one of them"},
		{"negative seed", []string{"compare", "--seed", " -1_0 ", "base.txt", "good.txt", "-r", "ref.txt"}, "--seed: -10 is not a whole number of 0 or more, or \"none\" for a random seed; see 'bleuscope compare --help'"},
		{"negative huge seed", []string{"compare", "--seed", "-18446744073709551616", "base.txt", "good.txt", "-r", "ref.txt"}, "--seed: -18446744073709551616 is not a whole number of 0 or more, or \"none\" for a random seed; see 'bleuscope compare --help'"},
		{"seed not a number", []string{"compare", "-seed=1.5", "base.txt", "good.txt", "-r", "ref.txt"}, `-seed: "1.5" is not a whole number of 0 or more, or "none" for a random seed; see 'bleuscope compare --help'`},
		{"seed of too many digits", []string{"compare", "--seed", strings.Repeat("9", 5000), "base.txt", "good.txt", "-r", "ref.txt"}, "--seed: a seed of 5000 digits is more than the 4300 Python's int() reads, so sacrebleu refuses it too; give at most 4300 digits; see 'bleuscope compare --help'"},
		{"too many resamples", []string{"compare", "--paired-ar-n", "2000000", "base.txt", "good.txt", "-r", "ref.txt"}, "more than 1000000"},
		{"trials without the test", []string{"compare", "--paired-ar-n", "500", "base.txt", "good.txt", "-r", "ref.txt"}, "--paired-ar-n goes with --paired-ar (the bootstrap, run by default, takes --paired-bs-n); see 'bleuscope compare --help'"},
		{"resamples with the other test", []string{"compare", "--paired-ar", "--paired-bs-n", "500", "base.txt", "good.txt", "-r", "ref.txt"}, "--paired-bs-n goes with the bootstrap, not --paired-ar (whose trials --paired-ar-n counts); see 'bleuscope compare --help'"},
		{"too many confidence resamples", []string{"score", "--confidence", "--confidence-n", "1000001", "base.txt", "-r", "ref.txt"}, "more than 1000000"},
		{"bad format", []string{"compare", "--format", "tsv", "base.txt", "good.txt", "-r", "ref.txt"}, "--format"},
		{"lengths", []string{"compare", "base.txt", "one.txt", "-r", "ref.txt"}, "one.txt"},
		{"confidence nltk", []string{"score", "--confidence", "--compat", "nltk", "base.txt", "-r", "ref.txt"}, "sacrebleu's definitions"},
		{"seed without confidence", []string{"score", "--seed", "3", "base.txt", "-r", "ref.txt"}, "--confidence"},
	} {
		code, out, stderr := runCLI(t, "", c.args...)
		if code != 2 || out != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("%s: status %d, stdout %q, stderr %q; want 2 and one line with %q", c.name, code, out, stderr, c.want)
		}
	}
}

func TestParseSeed(t *testing.T) {
	for in, want := range map[string]uint64{"42": 42, " 42 ": 42, "0042": 42, "+42": 42, "4_2": 42, "1_000": 1000, "0": 0, "-0": 0, "4294967296": 1 << 32, "18446744073709551615": 1<<64 - 1, "0_18446744073709551615": 1<<64 - 1,
		// Python's int() reads the digits of any script, and strips its
		// whitespace (NBSP and the ideographic space too).
		"١٢": 12, " \u0661\u0662\t": 12, "١_٠٠٠": 1000, "\uff14\uff12": 42, "\u096a\u0968": 42, "\u00a042\u0085": 42, "\u300042\u2029": 42} {
		if got, err := parseSeed(in); err != nil || got != scoring.SeedOf(want) {
			t.Errorf("parseSeed(%q) = %v, %v; want %d", in, got, err, want)
		}
	}
	// Python's int() takes one sign, then digits: "+-0" and "-_0" are no
	// numbers to it, nor 0.
	for _, in := range []string{"", "abc", "-1", "4__2", "_4", "4_", "1.5", "-18446744073709551616", "+-0", "-_0", "+_4", "--0", "+",
		// Numbers that are not decimal digits are not to int() either:
		// superscripts, Roman numerals, fractions, a zero-width space.
		// and int() refuses U+001F around, though str.isspace() is true.
		"\u00b2", "\u2167", "\u00bd", "4\u200b2", "\u200b42", "-\u0661", "\x1f42",
		// sacrebleu takes "none" only as it is, before int() strips.
		" none", "none\n", "\u00a0none"} {
		if _, err := parseSeed(in); err == nil {
			t.Errorf("parseSeed(%q): want an error", in)
		}
	}
	a, err1 := parseSeed("none")
	b, err2 := parseSeed("NONE")
	if err1 != nil || err2 != nil || a == b {
		t.Errorf("parseSeed(none) twice: %v %v (%v %v), want two drawn seeds", a, b, err1, err2)
	}
}

func TestScoreConfidence(t *testing.T) {
	writeFiles(t, compareFiles())
	unsetSeed(t)
	code, out, stderr := runCLI(t, "", "score", "--confidence", "--confidence-n", "-5", "--format", "json", "a=base.txt", "b=good.txt", "-r", "ref.txt")
	if code != 0 {
		t.Fatalf("status %d: %s", code, stderr)
	}
	var got []map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil || len(got) != 2 {
		t.Fatalf("want 2 objects: %v\n%s", err, out)
	}
	for _, o := range got {
		if o["n"] != 1000.0 || o["seed"] != 12345.0 || o["mean"] == nil || o["ci"] == nil || o["verbose"] == nil ||
			!strings.HasPrefix(o["signature"].(string), "nrefs:1|bs:1000|seed:12345|") {
			t.Errorf("object %v", o)
		}
	}
	code, out, _ = runCLI(t, "", "score", "--confidence", "base.txt", "-r", "ref.txt")
	if code != 0 || !strings.Contains(out, "(μ = ") || !strings.HasPrefix(out, "BLEU|nrefs:1|bs:1000|seed:12345|") {
		t.Errorf("text: status %d, %q", code, out)
	}
}

// TestConfidenceNDefault: --confidence-n 0 or below means sacrebleu's
// 1000 resamples for score and buckets alike, the output the same as
// without the flag (the buckets' legend saying 1,000), and a count past the
// limit is refused as it was given.
func TestConfidenceNDefault(t *testing.T) {
	writeFiles(t, compareFiles())
	unsetSeed(t)
	for _, cmd := range [][]string{
		{"score", "--confidence", "a=base.txt", "b=good.txt", "-r", "ref.txt"},
		{"buckets", "--confidence", "--by", "ref-length", "base.txt", "good.txt", "-r", "ref.txt"},
		{"buckets", "--confidence", "--format", "jsonl", "base.txt", "good.txt", "-r", "ref.txt"},
	} {
		code, want, stderr := runCLI(t, "", cmd...)
		if code != 0 {
			t.Fatalf("%q: status %d: %s", cmd, code, stderr)
		}
		if cmd[0] == "buckets" && !slices.Contains(cmd, "--format") && !strings.Contains(want, "(1,000 resamples, seed 12345)") {
			t.Errorf("%q: the legend does not say 1,000 resamples:\n%s", cmd, want)
		}
		for _, n := range []string{"0", "-7"} {
			args := append([]string{cmd[0], "--confidence-n", n}, cmd[1:]...)
			if code, out, stderr := runCLI(t, "", args...); code != 0 || out != want {
				t.Errorf("%q: status %d, stderr %q, output\n%s\nwant the default's\n%s", args, code, stderr, out, want)
			}
		}
		args := append([]string{cmd[0], "--confidence-n", "2000000"}, cmd[1:]...)
		if code, _, stderr := runCLI(t, "", args...); code != 2 || !strings.Contains(stderr, "--confidence-n: 2000000 is more than 1000000") {
			t.Errorf("%q: status %d, stderr %q; want the limit's refusal", args, code, stderr)
		}
	}
}

func TestSegmentsSortImpact(t *testing.T) {
	writeFiles(t, compareFiles())
	code, out, stderr := runCLI(t, "", "segments", "--sort", "impact", "--format", "jsonl", "base.txt", "good.txt", "-r", "ref.txt")
	if code != 0 {
		t.Fatalf("status %d: %s", code, stderr)
	}
	if n := strings.Count(out, "\n"); n != 10 {
		t.Errorf("%d lines, want 10 (5 segments × 2 systems)", n)
	}
	code, _, stderr = runCLI(t, "", "segments", "--sort", "impact", "base.txt", "-r", "ref.txt")
	if code != 2 || !strings.Contains(stderr, "two systems") {
		t.Errorf("one system: status %d, %q", code, stderr)
	}
}

// TestCompareMetricsText: chrF and TER get tables shaped as BLEU's, with
// the scores, intervals, p-values and Δ of the JSON form, and TER says
// lower is better.
func TestCompareMetricsText(t *testing.T) {
	writeFiles(t, compareFiles())
	args := []string{"compare", "--metrics", "bleu,chrf,ter", "base.txt", "good.txt", "copy.txt", "-r", "ref.txt"}
	code, text, stderr := runCLI(t, "", args...)
	if code != 0 {
		t.Fatalf("status %d: %s", code, stderr)
	}
	_, js, _ := runCLI(t, "", append(args, "--format", "json")...)
	var objs []map[string]any
	if err := json.Unmarshal([]byte(js), &objs); err != nil {
		t.Fatal(err)
	}
	two := func(x any) string { return strconv.FormatFloat(x.(float64), 'f', 2, 64) }
	for _, m := range []struct{ key, head string }{{"chrf", "chrF2"}, {"ter", "TER"}} {
		at := strings.Index(text, "\n"+m.head+"|")
		if at < 0 {
			t.Fatalf("no %s section:\n%s", m.head, text)
		}
		lines := strings.Split(text[at+1:], "\n")
		if f := strings.Fields(lines[2]); strings.Join(f, " ") != "system "+m.head+" μ ± 95% CI Δ p-value" {
			t.Errorf("%s header %q", m.head, lines[2])
		}
		base := objs[0][m.key].(map[string]any)
		shown := []string{"base", "good", "copy"} // the text's short names of base.txt, good.txt, copy.txt
		for i, o := range objs {
			e := o[m.key].(map[string]any)
			want := []string{shown[i], two(e["score"]), two(e["mean"]), "±", two(e["ci"])}
			if i == 0 {
				want[0] += " (baseline)"
				want = append(want, "—", "—")
			} else {
				d := e["score"].(float64) - base["score"].(float64)
				want = append(want, model.FormatSigned(d, 2), strconv.FormatFloat(e["p_value"].(float64), 'f', 4, 64))
				if e["p_value"].(float64) <= 0.05 && o["system"] != "copy.txt" { // the copy: no difference
					want = append(want, "*")
				}
			}
			if got := strings.Join(strings.Fields(lines[3+i]), " "); got != strings.Join(strings.Fields(strings.Join(want, " ")), " ") {
				t.Errorf("%s row %d: %q; want %q", m.head, i, got, strings.Join(want, " "))
			}
		}
	}
	for _, name := range []string{"chrF2", "TER"} {
		// The note is wrapped: read it as one line.
		if note := "\nthe test saw no " + name + " difference between copy and the baseline in any of its 1,000 resamples, so it says nothing: its p-value, 1/1,001, is just the smallest 1,000 resamples can give; it has no *. "; !strings.Contains(strings.ReplaceAll(text, "\n", " "), note[1:]) || !strings.Contains(text, note[:20]) {
			t.Errorf("no note %q:\n%s", note, text)
		}
	}
	if !strings.Contains(text, "TER counts edits: lower is better") {
		t.Errorf("TER's table does not say lower is better:\n%s", text)
	}
}

// TestSeedFromEnvironmentRefused: a SACREBLEU_SEED that Python's int()
// refuses, empty or white space alone among them (int("") and int(" ")
// raise ValueError in sacrebleu), stops compare, score --confidence and buckets --confidence
// with one line naming it and exit status 2, and --seed overrides it.
func TestSeedFromEnvironmentRefused(t *testing.T) {
	writeFiles(t, compareFiles())
	for _, v := range []string{"zz", "", " ", "\t\u3000\n", "4 2"} {
		t.Setenv("SACREBLEU_SEED", v)
		want := fmt.Sprintf("SACREBLEU_SEED: %q is not a whole number of 0 or more", v)
		for _, args := range [][]string{
			{"compare", "base.txt", "good.txt", "-r", "ref.txt"},
			{"score", "--confidence", "base.txt", "-r", "ref.txt"},
			{"buckets", "--confidence", "base.txt", "-r", "ref.txt"},
		} {
			code, out, stderr := runCLI(t, "", args...)
			if code != 2 || out != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, want) || !strings.Contains(stderr, "give --seed") {
				t.Errorf("SACREBLEU_SEED=%q %q: status %d, stdout %q, stderr %q; want 2 and one line with %q", v, args, code, out, stderr, want)
			}
			if code, _, stderr := runCLI(t, "", append([]string{args[0], "--seed", "7"}, args[1:]...)...); code != 0 {
				t.Errorf("SACREBLEU_SEED=%q %q --seed 7: status %d, %q", v, args, code, stderr)
			}
		}
	}
}

// unsetSeed unsets SACREBLEU_SEED for the test (set but empty, sacrebleu
// and bleuscope refuse it); it is restored after the test.
func unsetSeed(t *testing.T) {
	t.Helper()
	t.Setenv("SACREBLEU_SEED", "")
	os.Unsetenv("SACREBLEU_SEED")
}

// TestCompareTextLegendWrapped: the legend and the notes under compare's
// tables are wrapped at word boundaries to 80 columns when the output is
// not a terminal (a terminal's own width when it is), so that no line is
// cut inside a word; the tables and the signatures are left whole.
func TestCompareTextLegendWrapped(t *testing.T) {
	writeFiles(t, compareFiles())
	code, out, stderr := runCLI(t, "", "compare", "--metrics", "bleu,ter", "base.txt", "good.txt", "copy.txt", "-r", "ref.txt")
	if code != 0 {
		t.Fatalf("status %d: %s", code, stderr)
	}
	legend := "p: the share of resamples whose difference is larger than observed if the systems were equally good; * marks p ≤ 0.05 (unlikely to be chance). wins/ties/losses: segments whose sentence BLEU is above, equal to, below the baseline's."
	lines := strings.Split(out, "\n")
	at := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "p: ") })
	if at < 0 {
		t.Fatalf("no legend:\n%s", out)
	}
	var got []string
	for _, l := range lines[at:] {
		if l == "" {
			break
		}
		got = append(got, l)
	}
	if len(got) < 2 || strings.Join(got, " ") != legend {
		t.Errorf("legend %q; want %q over several lines", got, legend)
	}
	for _, l := range lines {
		if render.Cells(l) > 80 && !strings.Contains(l, "|") { // a signature is one word
			t.Errorf("line of %d cells, over 80: %q", render.Cells(l), l)
		}
	}
}

// TestCompareOneResample checks that compare's text counts one resample,
// one trial and one segment in the singular, in the head and in the notes
// under the tables, where it printed "1 resamples" and "1 segments".
func TestCompareOneResample(t *testing.T) {
	writeFiles(t, map[string]string{"ref.txt": "the cat sat\n", "a.txt": "the cat sat\n", "b.txt": "the cat sat\n"})
	for _, c := range []struct{ flag, head, what string }{
		{"--paired-bs-n", "Paired bootstrap resampling: 1 resample, seed 12345, 1 segment\n", "resample"},
		{"--paired-ar-n", "Paired approximate randomization: 1 trial, seed 12345, 1 segment\n", "trial"},
	} {
		args := []string{"compare", c.flag, "1", "--metrics", "bleu,chrf", "a.txt", "b.txt", "-r", "ref.txt"}
		if c.what == "trial" {
			args = append(args, "--paired-ar")
		}
		code, out, stderr := runCLI(t, "", args...)
		if code != 0 {
			t.Fatalf("%q: status %d: %s", args, code, stderr)
		}
		flat := strings.ReplaceAll(out, "\n", " ")
		for _, want := range []string{
			"the smallest 1 " + c.what + " can give;",
			"difference between b and the baseline in its one " + c.what + ", so it says nothing",
		} {
			if !strings.Contains(flat, want) {
				t.Errorf("%q: no %q in:\n%s", args, want, out)
			}
		}
		if !strings.HasPrefix(out, c.head) || strings.Contains(flat, " 1 "+c.what+"s") || strings.Contains(flat, "1 segments") {
			t.Errorf("%q: want the head %q and no plural after 1:\n%s", args, c.head, out)
		}
	}
}
