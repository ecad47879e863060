package cli

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/ui/render"
)

// TestWriteWideTable: a table of many systems is cut into tables that fit
// tableWidth, each with the first columns, every system's columns in one
// of them, in order; a narrow table is written as writeTable writes it.
func TestWriteWideTable(t *testing.T) {
	table := func(systems int) ([][]string, []bool) {
		head, right := []string{"bucket", "n", "A BLEU"}, []bool{false, true, true}
		row := []string{"[10,20)", "786", "34.03"}
		for s := 1; s < systems; s++ {
			l := string(rune('A' + s))
			head, right = append(head, l+" BLEU", "A−"+l), append(right, true, true)
			row = append(row, fmt.Sprintf("%d.25", 30+s), fmt.Sprintf("-%d.50", s))
		}
		return [][]string{head, row}, right
	}
	write := func(rows [][]string, right []bool, wide bool) string {
		var b strings.Builder
		var err error
		if wide {
			err = writeWideTable(&b, "  ", rows, right, 3, 2)
		} else {
			err = writeTable(&b, "  ", rows, right)
		}
		if err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	rows, right := table(3)
	if got, want := write(rows, right, true), write(rows, right, false); got != want {
		t.Errorf("a narrow table was changed:\n%s\nwant\n%s", got, want)
	}
	rows, right = table(12)
	out := write(rows, right, true)
	if utf8.RuneCountInString(write(rows, right, false)) <= 2*tableWidth {
		t.Fatal("the test's table is not wider than tableWidth")
	}
	blocks := strings.Split(strings.TrimSuffix(out, "\n"), "\n\n")
	if len(blocks) < 2 {
		t.Fatalf("a table of 12 systems was not cut:\n%s", out)
	}
	var seen []string
	for _, bl := range blocks {
		lines := strings.Split(bl, "\n")
		if len(lines) != 2 || !strings.HasPrefix(lines[0], "  bucket") || !strings.Contains(lines[1], "[10,20)  786   34.03") {
			t.Errorf("a part lacks the first columns:\n%s", bl)
		}
		for _, l := range lines {
			if n := utf8.RuneCountInString(l); n > tableWidth {
				t.Errorf("a line is %d cells wide; want at most %d:\n%s", n, tableWidth, l)
			}
		}
		seen = append(seen, strings.Fields(lines[0])[4:]...)
	}
	var want []string
	for _, c := range rows[0][3:] {
		want = append(want, strings.Fields(c)...)
	}
	if strings.Join(seen, " ") != strings.Join(want, " ") {
		t.Errorf("the parts' columns are %v; want %v", seen, want)
	}
}

// TestTablesLineUpWideText: n-grams of wide characters (CJK), of an emoji
// sequence with joiners and with combining marks take the cells
// render.Cells counts, the widest a terminal draws them, so that the
// column after them starts at the same cell on every row of ngrams' tables
// and of its salient table.
func TestTablesLineUpWideText(t *testing.T) {
	const (
		family = "👩\u200d👩\u200d👧" // one emoji, 6 cells drawn code point by code point
		cafe   = "cafe\u0301"      // café with a combining accent: 4 cells
	)
	writeFiles(t, map[string]string{
		"a.txt":   "家族 " + family + " " + cafe + "\n",
		"b.txt":   "x y\n",
		"ref.txt": "家族 " + family + " " + cafe + " x y\n",
	})
	for _, args := range [][]string{
		{"ngrams", "-t", "none", "--order", "1", "--kind", "matched", "a.txt", "-r", "ref.txt"},
		{"ngrams", "-t", "none", "--salient", "--order", "1", "--kind", "matched", "a.txt", "b.txt", "-r", "ref.txt"},
	} {
		code, out, stderr := runCLI(t, "", args...)
		if code != 0 {
			t.Fatalf("%q: status %d, %s", args, code, stderr)
		}
		if !strings.Contains(out, family) || !strings.Contains(out, cafe) || !strings.Contains(out, "家族") {
			t.Fatalf("%q: the n-grams are not all listed:\n%s", args, out)
		}
		// The last column starts at the same cell on the header and on
		// every row: the header's last column is named, a row's is its
		// last field ("1", "A").
		var rows []string
		for _, l := range strings.Split(out, "\n") {
			if strings.HasPrefix(l, "  ") {
				rows = append(rows, l)
			}
		}
		head, last := rows[0], rows[0][strings.LastIndex(rows[0], "  ")+2:]
		want := render.Cells(head[:strings.LastIndex(head, last)])
		for _, r := range rows[1:] {
			if got := render.Cells(r[:strings.LastIndexByte(r, ' ')+1]); got != want {
				t.Errorf("%q: the column %q starts at cell %d on\n%s\nwant %d, as on\n%s", args, last, got, r, want, head)
			}
		}
	}
}

// TestTextTablesShowTabs: a tab in a system's name (NAME=PATH, or a file's
// name) is shown as \t in every text output a person reads, as the other
// escapes are, so that it neither breaks a table's columns nor jumps to a
// tab stop; JSON keeps the name exactly.
func TestTextTablesShowTabs(t *testing.T) {
	writeFiles(t, map[string]string{"s.txt": "a b c x e\nf g k\n", "o.txt": "a b c d\nf g\n", "ref.txt": "a b c d e\nf g h\n"})
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"score"}, "a\\tb: BLEU|"},
		{[]string{"score", "--confidence"}, "a\\tb: BLEU|"},
		{[]string{"segments"}, "system a\\tb, "},
		{[]string{"compare", "--paired-bs-n", "10"}, "a\\tb (baseline)  "},
		{[]string{"ngrams", "--order", "1"}, "a\\tb: most matched"},
		{[]string{"ngrams", "--salient", "--order", "1"}, "A = a\\tb, B = o"},
		{[]string{"buckets", "--by", "ref-length"}, "  A = a\\tb\n"},
	} {
		args := append(c.args, "a\tb=s.txt", "o=o.txt", "-r", "ref.txt")
		code, out, stderr := runCLI(t, "", args...)
		if code != 0 || strings.Contains(out, "\t") || !strings.Contains(out, c.want) {
			t.Errorf("%q: status %d, stderr %q, stdout\n%s\nwant %q and no tab", c.args, code, stderr, out, c.want)
		}
	}
	if _, out, _ := runCLI(t, "", "score", "--format", "json", "a\tb=s.txt", "-r", "ref.txt"); !strings.Contains(out, `"system": "a\tb"`) {
		t.Errorf("score --format json does not keep the name as it is:\n%s", out)
	}
}

// TestSummaryTablesLineUpWideText: annotations summary's tables pad a
// name by the cells it takes, as the other tables do: a system, category
// or rater in Chinese (two cells a character) left the columns after it
// one cell a character too far right.
func TestSummaryTablesLineUpWideText(t *testing.T) {
	writeFiles(t, map[string]string{"w.tsv": "system\tdoc\tdoc_id\tseg_id\trater\tsource\ttarget\tcategory\tseverity\n" +
		"系统甲\td\t1\t1\t评审一\tEins.\tOne <v>two</v>.\t准确/误译\tMajor\n" +
		"系统甲\td\t1\t1\tr2\tEins.\tOne <v>two</v>.\tAccuracy/Mistranslation\tMinor\n" +
		"sysB\td\t1\t1\tr1\tEins.\tOne.\tNo-error\tNo-error\n"})
	code, out, stderr := runCLI(t, "", "annotations", "summary", "--agreement", "w.tsv")
	if code != 0 {
		t.Fatalf("status %d, %s", code, stderr)
	}
	// In each table, every row is as wide as its header: the last column
	// is a number, right-aligned under its heading.
	for _, table := range strings.Split(out, "\n\n") {
		lines := strings.Split(strings.TrimSuffix(table, "\n"), "\n")
		if !strings.HasPrefix(lines[0], "  ") {
			continue
		}
		for _, l := range lines[1:] {
			if render.Cells(l) != render.Cells(lines[0]) {
				t.Errorf("a row is %d cells wide, its header %d:\n%s", render.Cells(l), render.Cells(lines[0]), table)
				break
			}
		}
	}
	for _, want := range []string{"系统甲", "准确/误译", "评审一"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %s in the summary:\n%s", want, out)
		}
	}
}

// TestTextCountsInThousands: the counts of the text outputs are written in
// groups of three digits, as the explorer writes them (1,200 segments,
// wins 1,200, an n-gram matched 1,200 times, a bucket of 1,200 segments,
// 1,200 errors of a category, a hypothesis of 1,500 tokens); line numbers
// stay whole, and JSON and JSONL keep plain numbers.
func TestTextCountsInThousands(t *testing.T) {
	long := strings.TrimSpace(strings.Repeat("w ", 1500))
	hyp := strings.Repeat("a b c\n", 1199) + long + "\n"
	var mqm strings.Builder
	mqm.WriteString("system\tdoc\tdoc_id\tseg_id\trater\tsource\ttarget\tcategory\tseverity\n")
	for i := 1; i <= 1200; i++ {
		fmt.Fprintf(&mqm, "s\td\t%d\t%d\tr1\tEins.\t<v>One</v>.\tAccuracy/Mistranslation\tMinor\n", i, i)
	}
	writeFiles(t, map[string]string{"h.txt": hyp, "o.txt": strings.Repeat("a b x\n", 1200), "ref.txt": hyp, "m.tsv": mqm.String()})
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"compare", "--paired-bs-n", "10", "o.txt", "h.txt", "-r", "ref.txt"}, []string{"10 resamples, seed 12345, 1,200 segments", " 1,200  "}},
		{[]string{"ngrams", "--order", "1", "--kind", "matched", "h.txt", "-r", "ref.txt"}, []string{"\n    1,500         1  w       1200\n", "\n    1,199     1,199  a       1 2 3 4 5 6 7 8 …\n"}},
		{[]string{"ngrams", "--salient", "--order", "1", "--kind", "matched", "h.txt", "o.txt", "-r", "ref.txt"}, []string{"  0.999  1,500  0  w "}},
		{[]string{"buckets", "--by", "ref-length", "h.txt", "-r", "ref.txt"}, []string{"  <10      1,199 "}},
		{[]string{"segments", "--sort", "line", "h.txt", "-r", "ref.txt"}, []string{" 1,500/1,500  ", "\n1200  "}},
		{[]string{"annotations", "summary", "m.tsv"}, []string{"  Accuracy/Mistranslation  1,200  1,200\n", "     1  s       1,200       1   1,200  "}},
	} {
		code, out, stderr := runCLI(t, "", c.args...)
		if code != 0 {
			t.Fatalf("%q: status %d, %s", c.args, code, stderr)
		}
		for _, want := range c.want {
			if !strings.Contains(out, want) {
				t.Errorf("%q: no %q in\n%s", c.args, want, out)
			}
		}
	}
	if _, out, _ := runCLI(t, "", "ngrams", "--format", "jsonl", "--order", "1", "--kind", "matched", "--top", "1", "h.txt", "-r", "ref.txt"); !strings.Contains(out, `"count": 1500, "segments": 1`) {
		t.Errorf("ngrams --format jsonl: %s", out)
	}
}

// TestLongCellsOverflow: a text table pads a column to at most
// model.ColumnCells cells, measured in cells (an n-gram of 45 Chinese
// characters is 90 cells, 45 runes, 135 bytes); a wider n-gram or system
// name overflows its column on its own row, written whole. Every row was
// padded to the widest: one token of 200,000 bytes made each row of
// ngrams' table, and of compare's, that wide.
func TestLongCellsOverflow(t *testing.T) {
	huge, wide := strings.Repeat("x", 200_000), strings.Repeat("家", 45)
	writeFiles(t, map[string]string{
		"a.txt":   "a " + huge + " b\n" + wide + " q\n",
		"o.txt":   "a c\nq\n",
		"ref.txt": "a " + huge + " c\n" + wide + " q\n",
	})
	// The column after the n-grams (lines, more in) starts at the same cell
	// on every row whose n-gram fits: the header's, model.ColumnCells
	// after the n-gram column's start, since a longer n-gram is listed.
	for _, args := range [][]string{
		{"ngrams", "-t", "none", "--order", "1", "--kind", "matched", "a.txt", "-r", "ref.txt"},
		{"ngrams", "-t", "none", "--salient", "--order", "1", "--kind", "matched", "a.txt", "o.txt", "-r", "ref.txt"},
	} {
		code, out, stderr := runCLI(t, "", args...)
		if code != 0 {
			t.Fatalf("%q: status %d, %s", args, code, stderr)
		}
		if !strings.Contains(out, " "+huge+"  ") || !strings.Contains(out, " "+wide+"  ") {
			t.Errorf("%q: the long n-grams are not written whole", args)
		}
		if len(out) > len(huge)+1000 {
			t.Errorf("%q: %d bytes written for an n-gram of %d", args, len(out), len(huge))
		}
		var head string
		for _, l := range strings.Split(out, "\n") {
			if !strings.HasPrefix(l, "  ") {
				continue
			}
			if head == "" {
				head = l
				continue
			}
			at := strings.Index(head, "n-gram")
			gram := strings.Fields(l[at:])[0]
			if render.Cells(gram) > model.ColumnCells {
				if rest := l[at+len(gram):]; !strings.HasPrefix(rest, "  ") || strings.HasPrefix(rest, "   ") {
					t.Errorf("%q: the overflowing %d-cell n-gram is followed by %.10q; want two spaces, then the next column", args, render.Cells(gram), rest)
				}
				continue
			}
			next := render.Cells(head[:strings.LastIndex(head, "  ")+2])
			if got := render.Cells(l[:strings.LastIndex(l, "  ")+2]); got != next || next != render.Cells(head[:at])+model.ColumnCells+2 {
				t.Errorf("%q: the last column starts at cell %d on %q; want %d, as on the header, the n-gram column being %d cells", args, got, l, next, model.ColumnCells)
			}
		}
	}
	// compare pads the systems' names in the same way: on the header and
	// the other system's row, the name column is model.ColumnCells wide.
	name := strings.Repeat("n", 100_000)
	code, out, stderr := runCLI(t, "", "compare", "--paired-bs-n", "10", "--metrics", "bleu,chrf", name+"=a.txt", "o=o.txt", "-r", "ref.txt")
	if code != 0 {
		t.Fatalf("compare: status %d, %s", code, stderr)
	}
	if strings.Count(out, name) != 2 || len(out) > 2*len(name)+2000 {
		t.Errorf("compare: %d bytes, the name %d times; want it twice (BLEU's table, chrF's) and little more", len(out), strings.Count(out, name))
	}
	for _, l := range strings.Split(out, "\n") {
		for _, short := range []string{"system", "o"} {
			if !strings.HasPrefix(l, short+" ") {
				continue
			}
			if pad := strings.Repeat(" ", model.ColumnCells-len(short)+2); !strings.HasPrefix(l, short+pad) || render.Cells(l) > model.ColumnCells+100 {
				t.Errorf("compare: the name column of %.200q is not %d cells", l, model.ColumnCells)
			}
		}
	}
}
