package cli

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
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
			head, right = append(head, l+" BLEU", l+"−A"), append(right, true, true)
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
