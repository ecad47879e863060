package model

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/bleuscope/bleuscope/scoring"
)

// TextLayout is how the text format of a comparison fits where it is
// printed.
type TextLayout struct {
	// Cells measures a table's cell in terminal cells (the command line
	// passes the explorer's measure, so that its tables line up as the
	// others do).
	Cells func(string) int
	// Wrap, when not nil, wraps the prose around the tables (the command
	// line wraps it to the width it prints to).
	Wrap func(string) string
	// Width, when above 0, is the width BLEU's table is fitted to, in
	// narrower forms and at last with the systems' names cut by Cut
	// (to a terminal narrower than 80 columns; 0 leaves it whole).
	Width int
	// Cut cuts a system's name to at most the given cells.
	Cut func(name string, cells int) string
}

// WriteComparison writes a paired comparison. "json" writes a JSON array,
// one object per system in input order: system, baseline, test, n, seed,
// score, mean, ci, p_value, wins, ties, losses and signature, with full
// precision; p_value, wins, ties and losses are null for the baseline,
// mean and ci null for approximate randomization. "text" writes a table
// for people: score, μ ± 95% CI, Δ to the baseline, p-value (marked * when
// [Comparison.Starred]) and wins/ties/losses, a note for each system the
// test saw no difference in or whose Δ is nan, and a line on what p
// means, laid out as lay says.
func WriteComparison(w io.Writer, ds *Dataset, s *Scored, c *Comparison, format string, lay TextLayout) error {
	bw := bufio.NewWriter(w)
	sig := c.Signature(ds, s)
	switch format {
	case FormatJSON:
		var b []byte
		b = append(b, "[\n"...)
		for i, sc := range c.Systems {
			if i > 0 {
				b = append(b, ",\n"...)
			}
			b = appendComparisonJSON(b, ds.Systems[i].StableName(), c, i, sc, sig)
		}
		b = append(b, "\n]\n"...)
		bw.Write(b)
	case FormatText:
		writeComparisonText(bw, ds, c, sig, lay)
	default:
		return fmt.Errorf("model: unknown comparison format %q (want %s)", format, strings.Join(CorpusFormats, ", "))
	}
	return bw.Flush()
}

func appendComparisonJSON(b []byte, name string, c *Comparison, i int, sc SystemComparison, sig string) []byte {
	field := func(key string) {
		b = append(b, ",\n    \""...)
		b = append(b, key...)
		b = append(b, "\": "...)
	}
	base := i == c.Baseline
	b = append(b, "  {\n    \"system\": "...)
	b = appendJSONName(b, name)
	field("baseline")
	b = strconv.AppendBool(b, base)
	field("test")
	b = appendJSONString(b, c.Test)
	field("n")
	b = strconv.AppendInt(b, int64(c.N), 10)
	field("seed")
	b = append(b, c.Seed.String()...)
	field("score")
	b = appendFloatOrNull(b, sc.Score, true)
	field("mean")
	b = appendFloatOrNull(b, sc.Mean, sc.Resamples > 0)
	field("ci")
	b = appendFloatOrNull(b, sc.CI, sc.Resamples > 0)
	field("p_value")
	b = appendFloatOrNull(b, sc.PValue, !base)
	for _, f := range []struct {
		key string
		n   int
	}{{"wins", sc.Wins}, {"ties", sc.Ties}, {"losses", sc.Losses}} {
		field(f.key)
		if base {
			b = append(b, "null"...)
		} else {
			b = strconv.AppendInt(b, int64(f.n), 10)
		}
	}
	field("signature")
	b = appendJSONString(b, sig)
	return append(b, "\n  }"...)
}

// appendFloatOrNull appends f, or null when it is absent or not finite.
func appendFloatOrNull(b []byte, f float64, present bool) []byte {
	if !present || !finite(f) {
		return append(b, "null"...)
	}
	return appendFloat(b, f)
}

// writeComparisonText writes the table of [WriteComparison]'s text format,
// fitted to lay.Width ([comparisonTable]), the notes and legend under it
// wrapped by lay.Wrap.
func writeComparisonText(w *bufio.Writer, ds *Dataset, c *Comparison, sig string, lay TextLayout) {
	head := fmt.Sprintf("Paired bootstrap resampling: %s, seed %s, %s", Counted(c.N, "resample"), c.Seed, Counted(c.Segments, "segment"))
	if c.Test != TestPairedBootstrap {
		head = fmt.Sprintf("Paired approximate randomization: %s, seed %s, %s", Counted(c.N, "trial"), c.Seed, Counted(c.Segments, "segment"))
	}
	if lay.Width > 0 { // fitted to a terminal, else as it was (a pipe's reader may grep it)
		head = wrapProse(lay.Wrap, head)
	}
	w.WriteString(head + "\n")
	w.WriteString("BLEU|" + sig + "\n\n")
	var table [][]string
	for form := range comparisonForms {
		table = comparisonTable(ds, c, form, lay)
		if lay.Width <= 0 || tableCells(table, lay.Cells) <= lay.Width {
			break
		}
	}
	writeAligned(w, table, lay.Cells)
	what := Unit(c.Test)
	w.WriteString("\n")
	for i, sc := range c.Systems {
		switch {
		case i == c.Baseline:
		case sc.NoDifference():
			w.WriteString(wrapProse(lay.Wrap, noDifferenceNote(Shown(ds.Systems[i].Name), "BLEU", what, c.N, differenceSize(sc.Deltas), sc.Wins == 0 && sc.Losses == 0)) + "\n")
		case sc.Significant() && !c.Starred(i):
			w.WriteString(wrapProse(lay.Wrap, nanDeltaNote(Shown(ds.Systems[i].Name), "BLEU")) + "\n")
		}
	}
	w.WriteString(wrapProse(lay.Wrap, fmt.Sprintf("p: the share of %ss whose difference is larger than observed if the systems were equally good; * marks p ≤ 0.05 (unlikely to be chance). wins/ties/losses: segments whose sentence BLEU is above, equal to, below the baseline's.", what)) + "\n")
}

// comparisonForms is how many forms BLEU's comparison table has, from the
// fullest to the narrowest ([comparisonTable]).
const comparisonForms = 4

// comparisonTable is BLEU's comparison table in form 0 to
// comparisonForms-1, each narrower than the one before: 0 is the whole
// table (system, BLEU, μ ± 95% CI, Δ, p-value, wins, ties, losses; what a
// pipe, a file and a terminal of 80 columns or more get); 1 heads the
// p-values "p", puts wins, ties and losses in one column (win/tie/loss)
// and marks the baseline "base" in the Δ column, as the explorer does,
// instead of "(baseline)" after its name; 2 gives the
// interval's half-width alone ("± 0.87" under "95% CI"), the mean being
// the score's to a hundredth or so; 3 also cuts the systems' names with
// lay.Cut, so that the table is lay.Width wide.
func comparisonTable(ds *Dataset, c *Comparison, form int, lay TextLayout) [][]string {
	bs := c.Test == TestPairedBootstrap
	header := []string{"system", "BLEU"}
	switch {
	case bs && form >= 2:
		header = append(header, "95% CI")
	case bs:
		header = append(header, "μ ± 95% CI")
	}
	if form == 0 {
		header = append(header, "Δ", "p-value", "wins", "ties", "losses")
	} else {
		header = append(header, "Δ", "p", "win/tie/loss")
	}
	table := [][]string{header}
	base := c.Systems[c.Baseline].Score
	var cis []string
	if bs {
		ests := make([]scoring.Estimate, len(c.Systems))
		for i, sc := range c.Systems {
			ests[i] = sc.Estimate
		}
		cis = plusMinus(ests)
		if form >= 2 {
			cis = halfWidths(ests)
		}
	}
	for i, sc := range c.Systems {
		row := []string{Shown(ds.Systems[i].Name), FormatScore(sc.Score, false)}
		if bs {
			row = append(row, cis[i])
		}
		switch {
		case i == c.Baseline && form == 0:
			row[0] += " (baseline)"
			row = append(row, "—", "—", "—", "—", "—")
		case i == c.Baseline:
			row = append(row, "base", "—", "—")
		default:
			row = append(row, FormatDelta(sc.Score-base, false), pValueCell(sc.PValue, c.Starred(i)))
			if form == 0 {
				row = append(row, Thousands(sc.Wins), Thousands(sc.Ties), Thousands(sc.Losses))
			} else {
				row = append(row, Thousands(sc.Wins)+"/"+Thousands(sc.Ties)+"/"+Thousands(sc.Losses))
			}
		}
		table = append(table, row)
	}
	if form == comparisonForms-1 {
		cutNames(table, lay)
	}
	return table
}

// cutNames cuts the systems' names in the first column of table (from
// its second row on) with lay.Cut, so that the table is no wider than
// lay.Width: a name that fits stays whole, one cut keeps at least
// minNameCells.
func cutNames(table [][]string, lay TextLayout) {
	if lay.Cut == nil || lay.Width <= 0 {
		return
	}
	room := max(minNameCells, lay.Width-(tableCells(table, lay.Cells)-columnCells(table, 0, lay.Cells)))
	for _, row := range table[1:] {
		row[0] = lay.Cut(row[0], room)
	}
}

// minNameCells is the fewest cells [cutNames] cuts a system's name to.
const minNameCells = 6

// tableCells is how wide [writeAligned] writes table, in cells as cells
// measures them.
func tableCells(table [][]string, cells func(string) int) int {
	if len(table) == 0 {
		return 0
	}
	n := 2 * (len(table[0]) - 1)
	for k := range table[0] {
		n += columnCells(table, k, cells)
	}
	return n
}

// columnCells is the width of column k of table: its widest cell.
func columnCells(table [][]string, k int, cells func(string) int) int {
	n := 0
	for _, row := range table {
		if k < len(row) {
			n = max(n, cells(row[k]))
		}
	}
	return n
}

// wrapProse is s wrapped by wrap, or s as it is when wrap is nil.
func wrapProse(wrap func(string) string, s string) string {
	if wrap == nil {
		return s
	}
	return wrap(s)
}

// noDifferenceNote says under a comparison table why system name's
// p-value has no *: every one of the test's n resamples or trials (what)
// gave a difference in metric of the same size (size; 0 when there was
// none), so none exceeded the observed one and its p-value is 1/(n+1)
// whatever the systems; tied says its sentence scores equal the
// baseline's on every segment.
func noDifferenceNote(name, metric, what string, n int, size float64, tied bool) string {
	var head string
	switch {
	case size == 0 && tied:
		head = name + " scores the same as the baseline on every segment, so the test says nothing"
	case size == 0:
		head = fmt.Sprintf("the test saw no %s difference between %s and the baseline in %s, so it says nothing", metric, name, anyOf(n, what))
	case n == 1:
		head = fmt.Sprintf("the test's one %s gave %s and the baseline a %s difference of the observed size (as when a single segment differs), so it did not exceed it and the test says nothing", what, name, metric)
	default:
		head = fmt.Sprintf("every one of the test's %s gave %s and the baseline a %s difference of the same size, the observed one (as when a single segment differs), so none exceeded it and the test says nothing", Counted(n, what), name, metric)
	}
	return fmt.Sprintf("%s: its p-value, 1/%s, is just the smallest %s can give; it has no *.", head, Thousands(n+1), Counted(n, what))
}

// anyOf is "any of its 3 resamples", or "its one resample" when n is 1.
func anyOf(n int, what string) string {
	if n == 1 {
		return "its one " + what
	}
	return "any of its " + Counted(n, what)
}

// nanDeltaNote says under a comparison table why system name's p-value,
// small as it is, has no *: its difference in metric to the baseline is
// not a number.
func nanDeltaNote(name, metric string) string {
	return fmt.Sprintf("%s: Δ is nan (its %s and the baseline's are not finite, as a huge add-k or floor smoothing value makes them), so the test ranks neither; its p-value has no *.", name, metric)
}

// WriteCorpusConfidence writes the corpus score of every system with its
// bootstrap confidence interval (est, one per system, from n resamples
// with the given seed). "text" writes sacrebleu's --confidence line per
// system, BLEU|<signature> = 48.5 (μ = 48.5 ± 0.9) 82.4/… (with several
// systems each line starts with the system name and ": "); "json" writes
// [WriteCorpus]'s objects with "mean", "ci", "n" and "seed" added and the
// signature carrying bs and seed.
func WriteCorpusConfidence(w io.Writer, ds *Dataset, s *Scored, est []scoring.Estimate, n int, seed scoring.Seed, format string) error {
	bw := bufio.NewWriter(w)
	sig := ConfidenceSignature(ds, s, n, seed)
	switch format {
	case FormatText:
		for i, ss := range s.Systems {
			if len(s.Systems) > 1 {
				bw.WriteString(Shown(ds.Systems[i].Name) + ": ")
			}
			r := ss.Corpus
			fmt.Fprintf(bw, "BLEU|%s = %s (μ = %s ± %s) %s\n", sig, scoring.PyFixed(r.Score, 1),
				scoring.PyFixed(est[i].Mean, 1), scoring.PyFixed(est[i].CI, 1), r.Details())
		}
	case FormatJSON:
		var b []byte
		b = append(b, "[\n"...)
		for i, ss := range s.Systems {
			if i > 0 {
				b = append(b, ",\n"...)
			}
			// The corpus object ends with "\n  }": the fields go before it.
			b = appendCorpusJSON(b, ds.Systems[i].StableName(), ss, sig, s.Settings.Corpus)
			b = b[:len(b)-len("\n  }")]
			b = append(b, ",\n    \"mean\": "...)
			b = appendFloatOrNull(b, est[i].Mean, true)
			b = append(b, ",\n    \"ci\": "...)
			b = appendFloatOrNull(b, est[i].CI, true)
			b = append(b, ",\n    \"n\": "...)
			b = strconv.AppendInt(b, int64(n), 10)
			b = append(b, ",\n    \"seed\": "...)
			b = append(b, seed.String()...)
			b = append(b, "\n  }"...)
		}
		b = append(b, "\n]\n"...)
		bw.Write(b)
	default:
		return fmt.Errorf("model: unknown corpus format %q (want %s)", format, strings.Join(CorpusFormats, ", "))
	}
	return bw.Flush()
}

// pValueCell is a p-value in a comparison table, starred when it is
// significant.
func pValueCell(p float64, significant bool) string {
	if significant {
		return fmt.Sprintf("%.4f *", p)
	}
	return fmt.Sprintf("%.4f  ", p)
}

// halfWidths formats each estimate's CI with two decimals as "± 0.87",
// the half-widths padded on the left to the widest, as [PlusMinus] pads
// them.
func halfWidths(ests []scoring.Estimate) []string {
	means, cis := make([]string, len(ests)), make([]string, len(ests))
	for i, e := range ests {
		cis[i] = scoring.PyFixed(e.CI, 2)
	}
	out := PlusMinus(means, cis)
	for i := range out {
		out[i] = strings.TrimPrefix(out[i], " ")
	}
	return out
}

// plusMinus formats each estimate's Mean ± CI with two decimals, lined up
// in one column by [PlusMinus].
func plusMinus(ests []scoring.Estimate) []string {
	two := func(x float64) string { return scoring.PyFixed(x, 2) }
	means, cis := make([]string, len(ests)), make([]string, len(ests))
	for i, e := range ests {
		means[i], cis[i] = two(e.Mean), two(e.CI)
	}
	return PlusMinus(means, cis)
}

// writeAligned writes a comparison table: columns two spaces apart, the
// first (the system) aligned left, the rest right, each as wide as cells
// measures its widest cell, up to [ColumnCells] (a wider name overflows).
func writeAligned(w *bufio.Writer, table [][]string, cells func(string) int) {
	var widths []int
	for _, row := range table {
		for k, cell := range row {
			if k == len(widths) {
				widths = append(widths, 0)
			}
			widths[k] = min(max(widths[k], cells(cell)), ColumnCells)
		}
	}
	for _, row := range table {
		var line strings.Builder
		for k, cell := range row {
			pad := strings.Repeat(" ", max(0, widths[k]-cells(cell)))
			if k > 0 {
				line.WriteString("  ")
			}
			if k == 0 {
				line.WriteString(cell + pad)
			} else {
				line.WriteString(pad + cell)
			}
		}
		w.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
}
