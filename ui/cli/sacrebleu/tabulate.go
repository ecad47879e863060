package sacrebleu

import (
	"regexp"
	"strings"

	"github.com/bleuscope/bleuscope/scoring"
)

// This file draws the tables sacrebleu prints for several systems, as the
// tabulate package (0.8.9, without wcwidth) draws them with the arguments
// sacrebleu passes: headers from the dict keys, the first column aligned
// right and the others centred, floats formatted to the score width, in
// the fancy_grid (text) or latex_booktabs (latex) format.

// tableFormat names the two formats sacrebleu uses.
type tableFormat int

const (
	fancyGrid tableFormat = iota
	latexBooktabs
)

// invisibleCodes are the terminal colour codes and hyperlinks tabulate
// leaves out of a cell's width.
var (
	invisibleCodes = regexp.MustCompile(`\x1b\[\d+[;\d]*m|\x1b\[\d*;\d*;\d*m|\x1b\]8;;(.*?)\x1b\\`)
	invisibleLinks = regexp.MustCompile(`\x1b]8;[a-zA-Z0-9:]*;[^\x1b]+\x1b\\([^\x1b]+)\x1b]8;;\x1b\\`)
)

// visibleWidth is a line's width in code points without invisible codes.
func visibleWidth(s string) int {
	if strings.IndexByte(s, 0x1b) < 0 {
		return runeLen(s)
	}
	s = invisibleLinks.ReplaceAllString(s, "$1")
	return runeLen(invisibleCodes.ReplaceAllString(s, ""))
}

// lineBreaks splits a cell into lines as tabulate measures and splits
// headers: at every CR and LF.
var lineBreaks = regexp.MustCompile(`\r|\n|\r\n`)

// multilineWidth is the width of the widest line of a cell.
func multilineWidth(s string) int {
	w := 0
	for _, line := range lineBreaks.Split(s, -1) {
		w = max(w, visibleWidth(line))
	}
	return w
}

// padLeft, padRight and padBoth are Python's "{:>w}", "{:<w}" and "{:^w}"
// on a string whose visible width is vis.
func padLeft(w int, s string, vis int) string {
	if vis >= w {
		return s
	}
	return strings.Repeat(" ", w-vis) + s
}

func padBoth(w int, s string, vis int) string {
	if vis >= w {
		return s
	}
	left := (w - vis) / 2
	return strings.Repeat(" ", left) + s + strings.Repeat(" ", w-vis-left)
}

// cellType is tabulate's type of a cell or column, least generic first.
type cellType int

const (
	typeBool cellType = iota
	typeIntCell
	typeFloatCell
	typeText
)

// cellTypeOf is tabulate's _type of a string cell.
func cellTypeOf(s string) cellType {
	if strings.IndexByte(s, 0x1b) >= 0 {
		s = invisibleCodes.ReplaceAllString(invisibleLinks.ReplaceAllString(s, "$1"), "")
	}
	if s == "True" || s == "False" {
		return typeBool
	}
	if _, _, ok := pyInt(s); ok {
		return typeIntCell
	}
	if f, ok := pyFloat(s); ok {
		if f-f != 0 { // inf or nan: only the plain spellings count
			switch strings.ToLower(s) {
			case "inf", "-inf", "nan":
				return typeFloatCell
			}
			return typeText
		}
		return typeFloatCell
	}
	return typeText
}

// tabulate draws a table: headers, then columns of cells (every column as
// long as the first). width is the decimals of float cells.
func tabulate(headers []string, cols [][]string, format tableFormat, width int) string {
	multiline := false
	if format == fancyGrid {
		for _, h := range headers {
			multiline = multiline || strings.ContainsAny(h, "\r\n")
		}
		for _, c := range cols {
			for _, v := range c {
				multiline = multiline || strings.ContainsAny(v, "\r\n")
			}
		}
	}
	cellWidth := visibleWidth
	if multiline {
		cellWidth = multilineWidth
	}

	aligned := make([][]string, len(cols))
	colWidths := make([]int, len(cols))
	for k, col := range cols {
		typ := typeBool
		for _, v := range col {
			typ = max(typ, cellTypeOf(v))
		}
		cells := make([]string, len(col))
		for i, v := range col {
			if typ == typeFloatCell {
				f, _ := pyFloat(v)
				v = scoring.PyFixed(f, width)
			}
			cells[i] = pyStrip(v)
		}
		minWidth := 0
		if k < len(headers) {
			minWidth = cellWidth(headers[k]) + 2
		}
		w := minWidth
		for _, c := range cells {
			w = max(w, cellWidth(c))
		}
		pad := padBoth
		if k == 0 {
			pad = padLeft
		}
		for i, c := range cells {
			if multiline {
				lines := pySplitlines(c)
				for j, line := range lines {
					lines[j] = pad(w, line, visibleWidth(line))
				}
				cells[i] = strings.Join(lines, "\n")
			} else {
				cells[i] = pad(w, c, visibleWidth(c))
			}
		}
		aligned[k] = cells
		colWidths[k] = w
	}
	paddedHeaders := make([]string, len(headers))
	for k, h := range headers {
		pad := padBoth
		if k == 0 {
			pad = padLeft
		}
		if multiline {
			lines := lineBreaks.Split(h, -1)
			for j, line := range lines {
				lines[j] = pad(colWidths[k], line, visibleWidth(line))
			}
			paddedHeaders[k] = strings.Join(lines, "\n")
		} else {
			paddedHeaders[k] = pad(colWidths[k], h, visibleWidth(h))
		}
	}
	rows := 0
	if len(cols) > 0 {
		rows = len(cols[0])
	}
	if format == latexBooktabs {
		return latexTable(paddedHeaders, aligned, rows)
	}

	var lines []string
	line := func(begin, fill, sep, end string) {
		parts := make([]string, len(colWidths))
		for k, w := range colWidths {
			parts[k] = strings.Repeat(fill, w+2)
		}
		lines = append(lines, begin+strings.Join(parts, sep)+end)
	}
	row := func(cells []string) {
		if !multiline {
			parts := make([]string, len(cells))
			for k, c := range cells {
				parts[k] = " " + c + " "
			}
			lines = append(lines, "│"+strings.Join(parts, "│")+"│")
			return
		}
		split := make([][]string, len(cells))
		n := 0
		for k, c := range cells {
			split[k] = pySplitlines(c)
			n = max(n, len(split[k]))
		}
		for j := 0; j < n; j++ {
			parts := make([]string, len(cells))
			for k := range cells {
				c := strings.Repeat(" ", colWidths[k])
				if j < len(split[k]) {
					c = split[k][j]
				}
				parts[k] = " " + c + " "
			}
			lines = append(lines, "│"+strings.Join(parts, "│")+"│")
		}
	}
	line("╒", "═", "╤", "╕")
	row(paddedHeaders)
	line("╞", "═", "╪", "╡")
	for i := 0; i < rows; i++ {
		if i > 0 {
			line("├", "─", "┼", "┤")
		}
		cells := make([]string, len(aligned))
		for k := range aligned {
			cells[k] = aligned[k][i]
		}
		row(cells)
	}
	line("╘", "═", "╧", "╛")
	return strings.Join(lines, "\n")
}

// latexEscapes are tabulate's LaTeX escapes, applied to every character.
var latexEscapes = strings.NewReplacer(
	"&", `\&`, "%", `\%`, "$", `\$`, "#", `\#`, "_", `\_`, "^", `\^{}`,
	"{", `\{`, "}", `\}`, "~", `\textasciitilde{}`, `\`, `\textbackslash{}`,
	"<", `\ensuremath{<}`, ">", `\ensuremath{>}`,
)

// latexTable is the latex_booktabs format: a tabular environment with
// booktabs rules.
func latexTable(headers []string, cols [][]string, rows int) string {
	spec := make([]byte, len(cols))
	for k := range cols {
		spec[k] = 'c'
	}
	if len(spec) > 0 {
		spec[0] = 'r'
	}
	row := func(cells []string) string {
		parts := make([]string, len(cells))
		for k, c := range cells {
			parts[k] = latexEscapes.Replace(" " + c + " ")
		}
		return strings.Join(parts, "&") + `\\`
	}
	lines := []string{`\begin{tabular}{` + string(spec) + `}`, `\toprule`, row(headers), `\midrule`}
	for i := 0; i < rows; i++ {
		cells := make([]string, len(cols))
		for k := range cols {
			cells[k] = cols[k][i]
		}
		lines = append(lines, row(cells))
	}
	lines = append(lines, `\bottomrule`, `\end{tabular}`)
	return strings.Join(lines, "\n")
}
