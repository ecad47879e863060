package sacrebleu

import (
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
)

// singleResults is sacrebleu's print_single_results: one line (or JSON
// object) per metric of a single system. JSON objects of several metrics
// form a list; text lines are right-aligned on their first "=".
func singleResults(results []string, format string, c colors) string {
	if format == "json" {
		if len(results) > 1 {
			return "[\n" + strings.Join(results, ",\n") + "\n]\n"
		}
		return results[0] + "\n"
	}
	if strings.Contains(results[0], "μ") {
		for i, r := range results {
			results[i] = confidenceText.ReplaceAllStringFunc(r, func(m string) string { return c.paint(m, cyan) })
		}
	}
	if len(results) == 1 {
		return results[0] + "\n"
	}
	var b strings.Builder
	var lens []int
	var aligned []string
	for _, line := range results {
		i := strings.Index(line, "=")
		if i < 0 {
			b.WriteString(line + "\n")
			continue
		}
		lens = append(lens, runeLen(line[:i])-1)
		aligned = append(aligned, line)
	}
	w := 0
	for _, n := range lens {
		w = max(w, n)
	}
	for k, line := range aligned {
		r := []rune(line)
		left, right := string(r[:max(lens[k], 0)]), string(r[max(lens[k], 0):])
		if lens[k] < 0 {
			// Python's line[:-1] when "=" opens the line.
			left, right = string(r[:len(r)-1]), string(r[len(r)-1:])
		}
		b.WriteString(strings.Repeat(" ", max(w-runeLen(left), 0)) + left + right + "\n")
	}
	return b.String()
}

// column is one column of the multi-system table: its header (a metric's
// score name) and one cell per system.
type column struct {
	name  string
	cells []tableCell
}

// tableCell is a multi-system result: a preformatted score, or (res not
// nil) a paired test's figures.
type tableCell struct {
	text string
	res  *pairedResult
}

// pairedResult is one system's figures in a paired test: the score, and
// the p-value (not for the baseline) and bootstrap mean and half-width
// (paired bootstrap only) when there are.
type pairedResult struct {
	score    float64
	pValue   *float64
	mean, ci *float64
}

// resultsTable is sacrebleu's print_results_table without the paired-test
// legend: JSON (indent 4, ASCII only), or a tabulate table followed by the
// metric signatures. On a terminal the table shows the systems' names
// with their control characters escaped ([model.Printable]); JSON, all
// ASCII, needs no escaping and is the same bytes there as in a pipe.
func resultsTable(names []string, cols []column, sigs []namedSig, o *options, c colors, legend string, terminal bool) string {
	if o.format == "json" {
		if len(names) == 0 {
			return "[]\n"
		}
		var b strings.Builder
		b.WriteString("[\n")
		for i, n := range names {
			var obj jsonObject
			obj.add("system", jsonString(n, true))
			for _, col := range cols {
				cell := col.cells[i]
				r := cell.res
				if r == nil {
					obj.add(col.name, jsonString(cell.text, true))
					continue
				}
				var sub jsonObject
				sub.add("score", jsonFloat(r.score))
				sub.add("p_value", jsonOpt(r.pValue))
				sub.add("mean", jsonOpt(r.mean))
				sub.add("ci", jsonOpt(r.ci))
				obj.addObject(col.name, &sub)
			}
			if i > 0 {
				b.WriteString(",\n")
			}
			b.WriteString("    " + obj.dump(4, 1))
		}
		b.WriteString("\n]\n")
		return b.String()
	}
	tf := fancyGrid
	boot := false
	if o.format == "latex" {
		tf = latexBooktabs
	}
	headers := []string{c.paint("System", cyan)}
	var tcols [][]string
	sysCol := make([]string, len(names))
	for i, n := range names {
		if terminal {
			n = model.Printable(n)
		}
		sysCol[i] = n
	}
	tcols = append(tcols, sysCol)
	for _, col := range cols {
		h := col.name
		cells := make([]string, len(col.cells))
		for i, cell := range col.cells {
			r := cell.res
			if r == nil {
				cells[i] = cell.text
				continue
			}
			s := scoring.PyFixed(r.score, o.width)
			if r.mean != nil {
				boot = true
				s += " (" + scoring.PyFixed(*r.mean, o.width) + " ± " + scoring.PyFixed(*r.ci, o.width) + ")"
			}
			if r.pValue != nil {
				brk := " "
				if tf == fancyGrid {
					brk = "\n"
				}
				p := "(p = " + scoring.PyFixed(*r.pValue, 4) + ")"
				if *r.pValue > 0.05 {
					p = c.paint(p, red)
				} else {
					p += "*"
				}
				s += brk + p
			}
			cells[i] = s
		}
		if boot {
			h += " (μ ± 95% CI)"
		}
		headers = append(headers, c.paint(h, cyan))
		tcols = append(tcols, cells)
	}
	// The baseline's row is painted yellow from the first column that
	// names it onwards.
	baseline := false
	for _, col := range tcols {
		if len(col) > 0 && (strings.HasPrefix(col[0], "Baseline:") || baseline) {
			baseline = true
			col[0] = c.paint(col[0], yellow)
		}
	}
	var b strings.Builder
	b.WriteString(tabulate(headers, tcols, tf, o.width) + "\n\n")
	b.WriteString(legend)
	b.WriteString("-----------------\nMetric signatures\n-----------------\n")
	for _, s := range sigs {
		b.WriteString(" - " + padRightRunes(s.name, 10) + " " + s.sig + "\n")
	}
	return b.String()
}

// namedSig is a metric's score name and formatted signature.
type namedSig struct{ name, sig string }

// padRightRunes is Python's f"{s:<w}".
func padRightRunes(s string, w int) string {
	if n := runeLen(s); n < w {
		return s + strings.Repeat(" ", w-n)
	}
	return s
}

func jsonOpt(x *float64) string {
	if x == nil {
		return "null"
	}
	return jsonFloat(*x)
}
