package cli

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model/annotations"
)

// textFiles is a two-system corpus whose texts a spreadsheet or a terminal
// would act on: a formula, a leading minus, a tab, an escape sequence and
// a bidi override.
func textFiles() map[string]string {
	return map[string]string{
		"src.txt":  "Die Katze sitzt.\n=Formel\nZeile \u202edrei\n",
		"ref.txt":  "The cat sits.\n=SUM(A1)\nline three\n",
		"base.txt": "The cat sits.\n-oops\there\nline \x1b]2;pwned\x07three\n",
		"new.txt":  "A cat sat.\n=SUM(A1)\nnothing\n",
	}
}

// addAnnotations writes an annotation file with an error on line 1 of new
// and a no-error mark on line 2 of base, and one made on a text that is not
// in the corpus (detached).
func addAnnotations(t *testing.T, path string, files map[string]string) {
	t.Helper()
	st, err := annotations.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	line := func(file string, i int) string { return strings.Split(files[file], "\n")[i-1] }
	a := annotations.Annotation{Kind: annotations.KindError, System: "new", Line: 1, Rater: "ana",
		Category: "Accuracy/Mistranslation", Severity: "Major", Note: "=tense\tnote", Span: &annotations.Span{Side: annotations.SideHyp, Start: 6, End: 9}}
	a.SetText(line("new.txt", 1), line("src.txt", 1))
	if _, err := st.Add(a); err != nil {
		t.Fatal(err)
	}
	ok := annotations.Annotation{Kind: annotations.KindNoError, System: "base", Line: 2, Rater: "ben"}
	ok.SetText(line("base.txt", 2), line("src.txt", 2))
	if _, err := st.MarkNoError(ok); err != nil {
		t.Fatal(err)
	}
	gone := annotations.Annotation{Kind: annotations.KindNoError, System: "new", Line: 3, Rater: "ana"}
	gone.SetText("an older line", line("src.txt", 3))
	if _, err := st.MarkNoError(gone); err != nil {
		t.Fatal(err)
	}
}

func TestSegmentsTextCSVFile(t *testing.T) {
	files := textFiles()
	writeFiles(t, files)
	addAnnotations(t, "ann.jsonl", files)
	st, err := annotations.Open("ann.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	other := annotations.Annotation{Kind: annotations.KindNoError, System: "other", Line: 1, Rater: "ana"}
	other.SetText("a line of a system not given", "")
	if _, err := st.MarkNoError(other); err != nil {
		t.Fatal(err)
	}
	st.Close()
	code, out, stderr := runCLI(t, "", "segments", "--text", "--format", "csv", "-o", "t.csv", "--annotations", "ann.jsonl",
		"-s", "src.txt", "base=base.txt", "new=new.txt", "-r", "ref.txt")
	// Counted by cause: both were "no longer match the input (a text or
	// a line changed)".
	for _, want := range []string{
		"ann.jsonl: 1 annotation for a system not opened here (other): left out of the table",
		"ann.jsonl: 1 annotation made on a text that has since changed: left out of the table",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("standard error does not say %q: %q", want, stderr)
		}
	}
	if code != 0 || out != "" {
		t.Fatalf("status %d, stdout %q, stderr %q", code, out, stderr)
	}
	data, _ := os.ReadFile("t.csv")
	recs, err := csv.NewReader(strings.NewReader(string(data))).ReadAll()
	if err != nil {
		t.Fatalf("encoding/csv cannot read the file: %v\n%s", err, data)
	}
	// No --baseline: each system's delta is to the one the explorer
	// compares it with, base's to new, new's to base.
	header := "line|src|ref|hyp:base|score:base|delta:base vs new|notes:base|hyp:new|score:new|delta:new vs base|notes:new"
	if got := strings.Join(recs[0], "|"); got != header || len(recs) != 4 {
		t.Fatalf("header %q and %d records; want %q and 4", got, len(recs), header)
	}
	col := map[string]int{}
	for i, h := range recs[0] {
		col[h] = i
	}
	lines := func(f string) []string { return strings.Split(files[f], "\n") }
	for r := 1; r <= 3; r++ {
		rec := recs[r]
		for c, want := range map[string]string{"src": lines("src.txt")[r-1], "ref": lines("ref.txt")[r-1], "hyp:base": lines("base.txt")[r-1], "hyp:new": lines("new.txt")[r-1]} {
			if strings.ContainsAny(want[:1], "=-") {
				want = "'" + want
			}
			if rec[col[c]] != want {
				t.Errorf("line %d %s = %q; want %q (exact but for the apostrophe)", r, c, rec[col[c]], want)
			}
		}
	}
	if got, want := recs[1][col["notes:new"]], `Major Accuracy/Mistranslation "sat" (hyp 6-9): =tense`+"\tnote [ana]"; got != want {
		t.Errorf("notes of new, line 1 = %q; want %q", got, want)
	}
	if got := recs[2][col["notes:base"]]; got != "no error [ben]" {
		t.Errorf("notes of base, line 2 = %q; want the no-error mark", got)
	}
	if got := recs[3][col["notes:new"]]; got != "" {
		t.Errorf("notes of new, line 3 = %q; want none (the mark was made on another text)", got)
	}
	if !strings.Contains(string(data), "\x1b]2;pwned\x07") || !strings.Contains(string(data), "\u202e") {
		t.Error("a file must keep the text exactly; it was escaped")
	}
}

// TestSegmentsTextImpact: --text --sort impact orders the rows as the
// per-system table of the same system does (it fell back to line order).
func TestSegmentsTextImpact(t *testing.T) {
	for _, worst := range []string{"0", "5"} {
		_, full, stderr := runCLI(t, "", "segments", "--demo", "--text", "--format", "tsv", "--sort", "impact", "--worst", worst)
		_, table, _ := runCLI(t, "", "segments", "--demo", "--format", "tsv", "--sort", "impact", "--worst", worst)
		var got, want []string
		for i, l := range strings.Split(strings.TrimSpace(full), "\n") {
			if i > 0 {
				got = append(got, strings.SplitN(l, "\t", 2)[0])
			}
		}
		for _, l := range strings.Split(strings.TrimSpace(table), "\n") {
			// The table's rows of the system --text follows (the second,
			// against the first).
			if f := strings.Split(l, "\t"); f[0] == "stilted" {
				want = append(want, f[1])
			}
		}
		if len(want) < 5 || !slices.Equal(got, want) {
			t.Errorf("--worst %s: --text rows %v; want the table's order %v (stderr %q)", worst, got, want, stderr)
		}
		// The figure the rows are sorted by is there, as the table's.
		header := strings.Split(strings.SplitN(full, "\n", 2)[0], "\t")
		col := slices.Index(header, "impact:stilted vs fluent")
		impacts := map[string]string{}
		for _, l := range strings.Split(strings.TrimSpace(table), "\n") {
			if f := strings.Split(l, "\t"); f[0] == "stilted" {
				impacts[f[1]] = f[len(f)-2] // impact, before the hypothesis
			}
		}
		for i, l := range strings.Split(strings.TrimSpace(full), "\n")[1:] {
			if f := strings.Split(l, "\t"); col < 0 || f[col] != impacts[f[0]] {
				t.Fatalf("--worst %s: --text row %d has no impact:stilted vs fluent equal to the table's %q (header %q)", worst, i+1, impacts[f[0]], header)
			}
		}
	}
}

func TestSegmentsTextWorstDelta(t *testing.T) {
	writeFiles(t, textFiles())
	// new against base: line 1 loses most, line 3 next, line 2 gains.
	code, out, stderr := runCLI(t, "", "segments", "--text", "--format", "jsonl", "--sort", "delta", "--worst", "2", "-s", "src.txt", "base=base.txt", "new=new.txt", "-r", "ref.txt")
	if code != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", code, stderr)
	}
	var lines []int
	var deltas []float64
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var o struct {
			Line    int
			Systems []struct{ Delta *float64 }
		}
		if err := json.Unmarshal([]byte(l), &o); err != nil {
			t.Fatal(err)
		}
		lines = append(lines, o.Line)
		deltas = append(deltas, *o.Systems[1].Delta)
	}
	if len(lines) != 2 || deltas[0] > deltas[1] || deltas[1] >= 0 {
		t.Fatalf("lines %v with deltas %v; want the two biggest losses, biggest first", lines, deltas)
	}
	// The same selection in the per-system table: new's two biggest losses.
	_, perSystem, _ := runCLI(t, "", "segments", "--format", "tsv", "--sort", "delta", "--worst", "2", "base=base.txt", "new=new.txt", "-r", "ref.txt")
	var newLines []string
	for _, l := range strings.Split(perSystem, "\n") {
		if f := strings.Split(l, "\t"); f[0] == "new" {
			newLines = append(newLines, f[1])
		}
	}
	if strings.Join(newLines, ",") != "1,3" || lines[0] != 1 || lines[1] != 3 {
		t.Errorf("per-system rows of new %v, --text rows %v; want lines 1 and 3", newLines, lines)
	}
	// Without --baseline, --system base follows base against new, as the
	// per-system table and the explorer compare them: its biggest loss,
	// line 2, with its delta to new.
	code, out, stderr = runCLI(t, "", "segments", "--text", "--format", "jsonl", "--sort", "delta", "--worst", "1", "--system", "base", "base=base.txt", "new=new.txt", "-r", "ref.txt")
	var o struct {
		Line    int
		Systems []struct {
			Baseline *string
			Delta    *float64
		}
	}
	if code != 0 || stderr != "" || json.Unmarshal([]byte(out), &o) != nil {
		t.Fatalf("--system base: status %d, stderr %q, stdout %q", code, stderr, out)
	}
	_, perSystem, _ = runCLI(t, "", "segments", "--format", "tsv", "--sort", "delta", "--worst", "1", "base=base.txt", "new=new.txt", "-r", "ref.txt")
	var baseLine string
	for _, l := range strings.Split(perSystem, "\n") {
		if f := strings.Split(l, "\t"); f[0] == "base" {
			baseLine = f[1]
		}
	}
	if b := o.Systems[0]; strconv.Itoa(o.Line) != baseLine || b.Baseline == nil || *b.Baseline != "new" || b.Delta == nil || *b.Delta >= 0 {
		t.Errorf("--system base: %s; want line %s, base's biggest loss against new", out, baseLine)
	}
}

func TestSegmentsTextTSVAndMQM(t *testing.T) {
	writeFiles(t, map[string]string{"m.tsv": mqmSmall})
	code, out, stderr := runCLI(t, "", "segments", "--text", "--format", "tsv", "--mqm", "m.tsv", "--mqm-ref", "sysB", "--baseline", "sysA")
	if code != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", code, stderr)
	}
	want := "line\tsrc\tref:sysB\thyp:sysA\tscore:sysA\tnotes:sysA\n" +
		"1\tEins.\tOne.\t\"One\" two.\t"
	if !strings.HasPrefix(out, want) {
		t.Fatalf("tsv of the MQM corpus:\n%s\nwant it to start\n%s", out, want)
	}
	if !strings.Contains(out, `Major Accuracy/Mistranslation "two" (hyp 6-9) [r1]\nMinor Fluency/Punctuation "" (hyp 9-9) [r2]`) {
		t.Errorf("the MQM file's own annotations are not in the table:\n%s", out)
	}
}

func TestSegmentsTextBadFlags(t *testing.T) {
	writeFiles(t, textFiles())
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--text"}, "--text writes a table for other programs: add --format tsv, csv or jsonl\n"}, // no "(not "text")": the default, not written
		{[]string{"--text", "--format", "text"}, `give --format tsv, csv or jsonl (not "text")`},
		{[]string{"--annotations", "x"}, "--annotations belongs to the full table; add --text"},
		{[]string{"--baseline", "base"}, "--baseline belongs to the full table"},
		{[]string{"--text", "--format", "tsv", "--baseline", "nobody"}, `--baseline: "nobody" is not a system (the systems are base, new); see 'bleuscope segments --help'`},
		{[]string{"--text", "--format", "tsv", "-system=Base"}, `-system: "Base" is not a system (the systems are base, new); see 'bleuscope segments --help'`},
		{[]string{"--text", "--format", "tsv", "--baseline", "base", "--system", "base", "--sort", "delta"}, "--system is the baseline"},
		{[]string{"--text", "--format", "tsv", "--baseline", "base", "--system", "base", "--sort", "impact"}, "--sort impact orders by the difference to the baseline"},
		{[]string{"--text", "--format", "tsv", "--annotations", "missing.jsonl"}, "missing.jsonl"},
		{[]string{"--text", "--format", "tsv", "--annotations", "ref.txt", "-o", "ref.txt"}, "is one of the input files"},
	} {
		args := append([]string{"segments"}, c.args...)
		args = append(args, "-s", "src.txt", "base=base.txt", "new=new.txt", "-r", "ref.txt")
		code, _, stderr := runCLI(t, "", args...)
		if code != 2 || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%q: status %d, stderr %q; want 2 and one line with %q", c.args, code, stderr, c.want)
		}
	}
}
