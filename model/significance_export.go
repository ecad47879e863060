package model

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/bleuscope/bleuscope/scoring"
)

// WriteComparison writes a paired comparison. "json" writes a JSON array,
// one object per system in input order: system, baseline, test, n, seed,
// score, mean, ci, p_value, wins, ties, losses and signature, with full
// precision; p_value, wins, ties and losses are null for the baseline,
// mean and ci null for approximate randomization. "text" writes a table
// for people: score, μ ± 95% CI, Δ to the baseline, p-value (marked * when
// [SystemComparison.Significant]) and wins/ties/losses, a note for each
// system the test saw no difference in, and a line on what p means; cells
// measures the table's cells in terminal cells (the command line passes
// the explorer's measure, so that its tables line up as the others do);
// wrap, when not nil, wraps each note and the line on p (the command line
// wraps them to the width it prints to).
func WriteComparison(w io.Writer, ds *Dataset, s *Scored, c *Comparison, format string, cells func(string) int, wrap func(string) string) error {
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
		writeComparisonText(bw, ds, c, sig, cells, wrap)
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
	b = appendJSONString(b, name)
	field("baseline")
	b = strconv.AppendBool(b, base)
	field("test")
	b = appendJSONString(b, c.Test)
	field("n")
	b = strconv.AppendInt(b, int64(c.N), 10)
	field("seed")
	b = strconv.AppendUint(b, c.Seed, 10)
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
// the notes and legend under it wrapped by wrap.
func writeComparisonText(w *bufio.Writer, ds *Dataset, c *Comparison, sig string, cells func(string) int, wrap func(string) string) {
	bs := c.Test == TestPairedBootstrap
	if bs {
		fmt.Fprintf(w, "Paired bootstrap resampling: %d resamples, seed %d, %d segments\n", c.N, c.Seed, c.Segments)
	} else {
		fmt.Fprintf(w, "Paired approximate randomization: %d trials, seed %d, %d segments\n", c.N, c.Seed, c.Segments)
	}
	w.WriteString("BLEU|" + sig + "\n\n")
	header := []string{"system", "BLEU"}
	if bs {
		header = append(header, "μ ± 95% CI")
	}
	header = append(header, "Δ", "p-value", "wins", "ties", "losses")
	table := [][]string{header}
	base := c.Systems[c.Baseline].Score
	var mus []string
	if bs {
		ests := make([]scoring.Estimate, len(c.Systems))
		for i, sc := range c.Systems {
			ests[i] = sc.Estimate
		}
		mus = plusMinus(ests)
	}
	for i, sc := range c.Systems {
		name := Printable(ds.Systems[i].Name)
		row := []string{name, fmt.Sprintf("%.2f", sc.Score)}
		if bs {
			row = append(row, mus[i])
		}
		if i == c.Baseline {
			row[0] = name + " (baseline)"
			row = append(row, "—", "—", "—", "—", "—")
		} else {
			row = append(row, FormatDelta(sc.Score-base, false), pValueCell(sc.PValue, sc.Significant()),
				strconv.Itoa(sc.Wins), strconv.Itoa(sc.Ties), strconv.Itoa(sc.Losses))
		}
		table = append(table, row)
	}
	writeAligned(w, table, cells)
	what := Unit(c.Test)
	w.WriteString("\n")
	for i, sc := range c.Systems {
		if i != c.Baseline && sc.NoDifference() {
			w.WriteString(wrapProse(wrap, noDifferenceNote(Printable(ds.Systems[i].Name), "BLEU", what, c.N, differenceSize(sc.Deltas), sc.Wins == 0 && sc.Losses == 0)) + "\n")
		}
	}
	w.WriteString(wrapProse(wrap, fmt.Sprintf("p: the share of %ss whose difference is larger than observed if the systems were equally good; * marks p ≤ 0.05 (unlikely to be chance). wins/ties/losses: segments whose sentence BLEU is above, equal to, below the baseline's.", what)) + "\n")
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
		head = fmt.Sprintf("the test saw no %s difference between %s and the baseline in any of its %d %ss, so it says nothing", metric, name, n, what)
	default:
		head = fmt.Sprintf("every one of the test's %d %ss gave %s and the baseline a %s difference of the same size, the observed one (as when a single segment differs), so none exceeded it and the test says nothing", n, what, name, metric)
	}
	return fmt.Sprintf("%s: its p-value, 1/(%d+1), is just the smallest %d %ss can give; it has no *.", head, n, n, what)
}

// WriteCorpusConfidence writes the corpus score of every system with its
// bootstrap confidence interval (est, one per system, from n resamples
// with the given seed). "text" writes sacrebleu's --confidence line per
// system, BLEU|<signature> = 48.5 (μ = 48.5 ± 0.9) 82.4/… (with several
// systems each line starts with the system name and ": "); "json" writes
// [WriteCorpus]'s objects with "mean", "ci", "n" and "seed" added and the
// signature carrying bs and seed.
func WriteCorpusConfidence(w io.Writer, ds *Dataset, s *Scored, est []scoring.Estimate, n int, seed uint64, format string) error {
	bw := bufio.NewWriter(w)
	sig := ConfidenceSignature(ds, s, n, seed)
	switch format {
	case FormatText:
		for i, ss := range s.Systems {
			if len(s.Systems) > 1 {
				bw.WriteString(Printable(ds.Systems[i].Name) + ": ")
			}
			r := ss.Corpus
			fmt.Fprintf(bw, "BLEU|%s = %.1f (μ = %.1f ± %.1f) %s\n", sig, r.Score, est[i].Mean, est[i].CI, r.Details())
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
			b = strconv.AppendUint(b, seed, 10)
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

// plusMinus formats each estimate's Mean ± CI with two decimals, lined up
// in one column by [PlusMinus].
func plusMinus(ests []scoring.Estimate) []string {
	two := func(x float64) string { return strconv.FormatFloat(x, 'f', 2, 64) }
	means, cis := make([]string, len(ests)), make([]string, len(ests))
	for i, e := range ests {
		means[i], cis[i] = two(e.Mean), two(e.CI)
	}
	return PlusMinus(means, cis)
}

// writeAligned writes a comparison table: columns two spaces apart, the
// first (the system) aligned left, the rest right, each as wide as cells
// measures its widest cell.
func writeAligned(w *bufio.Writer, table [][]string, cells func(string) int) {
	var widths []int
	for _, row := range table {
		for k, cell := range row {
			if k == len(widths) {
				widths = append(widths, 0)
			}
			row[k] = strings.ReplaceAll(cell, "\t", " ") // a tab in a name would break the columns
			widths[k] = max(widths[k], cells(row[k]))
		}
	}
	for _, row := range table {
		var line strings.Builder
		for k, cell := range row {
			pad := strings.Repeat(" ", widths[k]-cells(cell))
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
