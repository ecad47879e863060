package cli

import (
	"bufio"
	"io"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/ui/render"
)

// writeTable writes rows as columns separated by two spaces, each as wide
// as its widest cell in terminal cells as [render.Cells] counts them (the
// widest a terminal draws it: an emoji sequence with joiners takes the
// cells of all its emoji on one that draws them one by one), up to
// [model.ColumnCells], a wider cell overflowing its column; numbers (the
// columns marked in right) aligned right. The last column is not padded.
// It writes through a buffer rather than making the table one string
// first (ngrams --top 0 writes tables of a million rows).
func writeTable(w io.Writer, indent string, rows [][]string, right []bool) error {
	widths := columnWidths(rows)
	b := bufio.NewWriter(w)
	for _, r := range rows {
		writeRow(b, indent, r, widths, right)
	}
	return b.Flush()
}

// writeRow writes one row of a table whose columns are widths wide, as
// writeTable does: a caller that knows the widths beforehand writes a
// table a row at a time, without holding it.
func writeRow(b *bufio.Writer, indent string, r []string, widths []int, right []bool) {
	b.WriteString(indent)
	for j, c := range r {
		pad := max(0, widths[j]-render.Cells(c)) // a cell wider than its column overflows it
		if j > 0 {
			b.WriteString("  ")
		}
		if j < len(right) && right[j] {
			b.WriteString(strings.Repeat(" ", pad))
			b.WriteString(c)
			continue
		}
		b.WriteString(c)
		if j < len(r)-1 {
			b.WriteString(strings.Repeat(" ", pad))
		}
	}
	b.WriteByte('\n')
}

// tableWidth is the width wide tables are cut to: a table of many systems
// is printed as several tables of fewer systems each, the first columns
// repeated in each, rather than as rows too long for a terminal.
const tableWidth = 100

// writeWideTable writes rows as writeTable does, but when they are wider
// than tableWidth it splits the columns after the first keep into groups
// of group columns (one system's) and writes one table per run of groups
// that fits, each with the first keep columns, separated by a blank line.
// A table keeps at least one group, however wide.
func writeWideTable(w io.Writer, indent string, rows [][]string, right []bool, keep, group int) error {
	widths := columnWidths(rows)
	span := func(from, to int) int { // the cells from..to-1 with the gap before each
		n := 0
		for _, wd := range widths[from:to] {
			n += 2 + wd
		}
		return n
	}
	fixed := len(indent) + span(0, keep) - 2
	for from := keep; from < len(widths) || from == keep; {
		to := min(from+group, len(widths))
		for to < len(widths) && fixed+span(from, to+group) <= tableWidth {
			to = min(to+group, len(widths))
		}
		part := make([][]string, len(rows))
		for i, r := range rows {
			part[i] = append(append([]string(nil), r[:keep]...), r[min(from, len(r)):min(to, len(r))]...)
		}
		cols := append(append([]bool(nil), right[:min(keep, len(right))]...), right[min(from, len(right)):min(to, len(right))]...)
		if from > keep {
			if _, err := io.WriteString(w, "\n"); err != nil {
				return err
			}
		}
		if err := writeTable(w, indent, part, cols); err != nil {
			return err
		}
		if from = to; from >= len(widths) {
			break
		}
	}
	return nil
}

// columnWidths is the width of each column of rows: its widest cell, in
// terminal cells ([render.Cells]), up to [model.ColumnCells].
func columnWidths(rows [][]string) []int {
	var widths []int
	for _, r := range rows {
		for j, c := range r {
			if j >= len(widths) {
				widths = append(widths, 0)
			}
			widths[j] = min(max(widths[j], render.Cells(c)), model.ColumnCells)
		}
	}
	return widths
}
