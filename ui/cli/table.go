package cli

import (
	"io"
	"strings"

	"github.com/charmbracelet/lipgloss"
)

// writeTable writes rows as columns separated by two spaces, each as wide
// as its widest cell (in terminal cells), numbers (the columns marked in
// right) aligned right. The last column is not padded.
func writeTable(w io.Writer, indent string, rows [][]string, right []bool) error {
	var widths []int
	for _, r := range rows {
		for j, c := range r {
			if j >= len(widths) {
				widths = append(widths, 0)
			}
			widths[j] = max(widths[j], lipgloss.Width(c))
		}
	}
	var b strings.Builder
	for _, r := range rows {
		b.WriteString(indent)
		for j, c := range r {
			pad := widths[j] - lipgloss.Width(c)
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
	_, err := io.WriteString(w, b.String())
	return err
}
