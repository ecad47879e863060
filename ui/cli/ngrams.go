package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"iter"
	"strconv"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/bleuscope/bleuscope/ui/render"
)

const ngramsHelp = `Usage: bleuscope ngrams [flags] SYSTEM ... -r REF [-r REF ...]

Where a system loses across the corpus, n-gram by n-gram. For one segment
and an n-gram g, h is its count in the hypothesis, R its highest count in
any reference (as clipping uses) and m = min(h, R). Over the corpus:
  matched  Σ m       the occurrences that count as matches
  over     Σ (h − m) produced beyond what any reference supports
  missed   Σ (R − m) in a reference, not produced
Each table lists the n-grams with the highest totals (ties: more segments
first, then byte order), how many segments they count in, and the first
line numbers of those segments. Σ matched is the clipped matches of corpus
BLEU, and Σ matched + Σ over the hypothesis n-grams.

With two systems, --salient ranks by compare-mt's ratio
s(g) = (c_A(g) + α) / (c_A(g) + c_B(g) + 2α) of the chosen kind: first the
n-grams with the highest s (more in A), then the lowest (more in B). For
matched, more is better; for over and missed, more is worse. With
--baseline NAME, A is each other system in turn and B the baseline, as
the explorer's salient table has the shown system against the baseline:
one block of tables per system (and with three systems or more,
--baseline says which is B).

Examples:
  bleuscope ngrams hyp.txt -r ref.txt                    top 20 of each kind and order
  bleuscope ngrams --kind missed --order 1 --top 50 hyp.txt -r ref.A.txt -r ref.B.txt
  bleuscope ngrams --format jsonl -o ngrams.jsonl a.txt b.txt -r ref.txt
  bleuscope ngrams --salient --kind matched base=a.txt new=b.txt -r ref.txt
  bleuscope ngrams --salient --baseline base base=a.txt b=b.txt c=c.txt -r ref.txt
  bleuscope ngrams --system new --kind missed base=a.txt new=b.txt -r ref.txt
  bleuscope ngrams --demo --kind over --order 2

Analysis and output:
      --kind K              matched, over or missed, in any case
                            (repeatable or comma-separated; default all
                            three)
      --order N             only n-grams of order N (default every order
                            1..--max-order)
      --top K               rows per table (default 20; 0 = all)
      --salient             rank by compare-mt's salient ratio (two systems)
      --baseline NAME       with --salient, B: every other system is A in
                            turn
      --system NAME         list NAME's n-grams only (the others are not
                            counted); with --salient, NAME is A, and B
                            the baseline, else as in the explorer the
                            first system (the second for the first)
      --alpha X             the ratio's smoothing α (default 1; above 0,
                            at most 1e300)
      --format F            text (default) or jsonl
` + outputFlagHelp + `
` + maxNGramsHelp + `      --version             print the version
  -h, --help                this help

`

// maxNGramsHelp describes --max-ngrams, for ngrams and the explorer.
const maxNGramsHelp = `      --max-ngrams N        stop when counting holds more than N n-grams
                            (50000000, 50,000,000, 50M or 5e7; each core
                            holds those it meets until they are merged;
                            default: as many as half the machine's memory
                            holds, at about 170 bytes each; 0 means the
                            default)
`

// addMaxNGramsFlag adds --max-ngrams, whose value checkMaxNGrams checks.
func addMaxNGramsFlag(fs *flagSet) *int {
	n := 0
	fs.Var(countFlag{&n}, "max-ngrams", "the most n-grams counting holds")
	return &n
}

// checkMaxNGrams refuses a --max-ngrams below 0 or above what the
// analysis can number.
func checkMaxNGrams(fs *flagSet, n int) error {
	if n < 0 || n > scoring.MaxNGramLimit {
		return fs.badNumber([]string{"max-ngrams"}, "is not a number of n-grams from 1 to %s (0 means the default, %s on this machine)", model.Thousands(scoring.MaxNGramLimit), model.Thousands(model.DefaultMaxNGrams()))
	}
	return nil
}

// ngramsFormats are the formats ngrams prints.
var ngramsFormats = []string{"text", "jsonl"}

// runNGrams is "bleuscope ngrams".
func runNGrams(e *env, args []string) error {
	fs := newFlagSet("ngrams")
	in := addInputFlags(fs)
	sf := addScoreFlags(fs)
	format, out, baseline, system, top, order, salient, alpha := "text", "", "", "", 20, 0, false, 1.0
	var kindArgs []string
	fs.format(&format)
	fs.output(&out)
	fs.Var(intFlag{&top, "20"}, "top", "rows per table")
	fs.Var(intFlag{&order, "1"}, "order", "n-gram order")
	fs.Var(listFlag{&kindArgs}, "kind", "matched, over or missed")
	fs.Var(boolFlag{&salient}, "salient", "rank by the salient ratio")
	fs.Var(floatFlag{&alpha, "1 or 0.5"}, "alpha", "salient smoothing")
	fs.StringVar(&baseline, "baseline", "", "the system salient n-grams are against")
	fs.StringVar(&system, "system", "", "the one system listed")
	maxNGrams := addMaxNGramsFlag(fs)
	systems, err := fs.parse(args, func() string { return ngramsHelp + inputFlagsHelp + countFlagsHelp }, e.stdout)
	if err != nil {
		return err
	}
	if err := fs.checkFormat(format, ngramsFormats); err != nil {
		return err
	}
	if err := checkMaxNGrams(fs, *maxNGrams); err != nil {
		return err
	}
	if top < 0 {
		return fs.badNumber([]string{"top"}, "is not a number of rows ≥ 0 (0 lists them all)")
	}
	if !model.SalientAlphaOK(alpha) {
		return fs.badNumber([]string{"alpha"}, "is not a number above 0 and at most 1e300 (compare-mt's default is 1)")
	}
	if fs.given("alpha") && !salient {
		return usagef("--alpha applies only with --salient; %s", fs.helpHint())
	}
	if fs.given("baseline") && !salient {
		return usagef("--baseline applies only with --salient; %s", fs.helpHint())
	}
	kinds, err := parseChoices(fs, "kind", kindArgs, model.Kinds, scoring.ParseKind, "matched, over or missed")
	if err != nil {
		return err
	}
	if err := refuseScoreOnly(fs, "ngrams"); err != nil {
		return err
	}
	set, err := sf.settings()
	if err != nil {
		return err
	}
	maxOrder := set.Corpus.MaxOrder
	if fs.given("order") && (order < 1 || order > maxOrder) {
		return fs.badNumber([]string{"order"}, "is not an order from 1 to --max-order (%d)", maxOrder)
	}
	orders := []int{order}
	if !fs.given("order") {
		orders = orders[:0]
		for n := 1; n <= maxOrder; n++ {
			orders = append(orders, n)
		}
	}
	if err := e.checkOutputNotInput(out, inputPaths(systems, in)); err != nil {
		return err
	}
	ds, err := in.load(e, systems, false, set.Corpus.Tokenize)
	if err != nil {
		return err
	}
	shown := -1 // the system --system names
	if fs.given("system") {
		if shown, err = systemIndex(fs, ds, "system", system); err != nil {
			return err
		}
	}
	var pairs [][2]int // with --salient, the systems A and B of each block
	switch {
	case !salient:
		if shown >= 0 { // the others are not counted at all
			ds.Systems = ds.Systems[shown : shown+1]
		}
	case len(ds.Systems) < 2:
		return usagef("--salient compares two systems; give exactly two SYSTEM files (got %d)", len(ds.Systems))
	case fs.given("baseline"):
		base, err := systemIndex(fs, ds, "baseline", baseline)
		if err != nil {
			return err
		}
		if shown == base {
			return usagef("--system %s is the baseline; with --salient, --system names A, the system compared with the baseline", model.Quote(system))
		}
		for sys := range ds.Systems {
			if sys != base && (shown < 0 || sys == shown) {
				pairs = append(pairs, [2]int{sys, base})
			}
		}
	case shown >= 0: // against the one the explorer compares it with
		pairs = [][2]int{{shown, model.DefaultOther(shown, len(ds.Systems))}}
	case len(ds.Systems) == 2:
		pairs = [][2]int{{0, 1}}
	default:
		return usagef("--salient compares two systems; give exactly two SYSTEM files (got %d), or name the one every other is compared with, --baseline NAME", len(ds.Systems))
	}
	if salient && shown >= 0 { // the pair alone is counted
		a, b := pairs[0][0], pairs[0][1]
		ds.Systems = []model.System{ds.Systems[a], ds.Systems[b]}
		pairs = [][2]int{{0, 1}}
	}
	// What follows the count needs only the systems' names (JSONL's the
	// stable ones): the loaded texts (200 MB on a million segments) are
	// collected with the count's tables instead of being held while the
	// rankings are written.
	names := ds.SystemNames(format == "jsonl")
	prog := e.progress()
	a, err := model.Analyze(e.ctx, ds, set, *maxNGrams, prog.counts("counting n-grams"))
	defer prog.clear()
	if err != nil {
		return err
	}
	// The first rankings and their lines take a second at 1M segments,
	// before any row is written.
	prog.say("ranking n-grams…")
	if salient {
		return writeOutput(e, out, func(w io.Writer) error {
			return writeSalient(w, a, names, pairs, format, kinds, orders, top, alpha, prog)
		})
	}
	return writeOutput(e, out, func(w io.Writer) error { return writeNGrams(w, a, names, format, kinds, orders, top, prog) })
}

// writeNGrams ranks the n-grams of every system, kind and order and writes
// each ranking as it comes (--top 0 on a large corpus has millions of
// rows): a table each, or JSONL. The progress line is cleared before the
// first row.
func writeNGrams(w io.Writer, a *model.Analysis, names []string, format string, kinds []scoring.Kind, orders []int, top int, prog *progressLine) error {
	first := true
	for sys := range names {
		err := a.EachRanking(sys, kinds, orders, top, func(k scoring.Kind, n int, rows iter.Seq[model.NGramRow]) error {
			prog.clear()
			if format == "jsonl" {
				return model.WriteNGramsJSONL(w, names, rows)
			}
			if !first {
				fmt.Fprintln(w)
			}
			first = false
			return writeNGramsText(w, names[sys], k, n, rows)
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// kindTitle says what a table of kind k lists.
var kindTitle = map[scoring.Kind]string{
	scoring.Matched: "most matched",
	scoring.Over:    "most over-produced (beyond what any reference has)",
	scoring.Missed:  "most missed (in a reference, not produced)",
}

// writeNGramsText writes the ranking of kind k and order n of the system
// called name as an aligned table (as writeTable would, an n-gram wider
// than model.ColumnCells overflowing its column). It ranges over
// rows twice, first for the columns' widths, then to write each row
// through one buffer: a ranking of millions of rows (--top 0) is never
// held as text whole, only each n-gram's width (4 bytes a row), measured
// in the first pass for the second. Each pass makes every row again (its
// n-gram's text and lines), so the text form costs about twice the JSONL's
// writing.
func writeNGramsText(w io.Writer, name string, k scoring.Kind, n int, rows iter.Seq[model.NGramRow]) error {
	head := []string{k.String(), "segments", "n-gram", "lines"}
	var num []byte
	// A count is written in groups of three digits (1,984), a byte a
	// cell: its width is its length.
	digits := func(x int64) int { num = model.AppendThousands(num[:0], x); return len(num) }
	widths := []int{len(head[0]), len(head[1]), len(head[2]), 0} // the last column is not padded
	// cells is each row's n-gram width, measured once.
	var cells []int32
	for r := range rows {
		widths[0] = max(widths[0], digits(r.Count))
		widths[1] = max(widths[1], digits(int64(r.Segments)))
		c := render.Cells(model.Shown(r.NGram))
		widths[2] = min(max(widths[2], c), model.ColumnCells) // a longer n-gram overflows
		cells = append(cells, int32(c))
	}
	fmt.Fprintf(w, "%s: %s %d-grams\n", model.Shown(name), kindTitle[k], n)
	if len(cells) == 0 {
		fmt.Fprintln(w, "  (none)")
		return nil
	}
	b := bufio.NewWriter(w)
	writeRow(b, "  ", head, widths, []bool{true, true})
	var line []byte
	pad := func(n int) {
		for range n {
			line = append(line, ' ')
		}
	}
	for r := range rows {
		if len(cells) == 0 {
			b.Flush() // the rows written stand; the error says the table ends early
			return errMoreRows
		}
		line = append(line[:0], "  "...)
		pad(widths[0] - digits(r.Count))
		line = append(append(line, num...), "  "...)
		pad(widths[1] - digits(int64(r.Segments)))
		line = append(append(line, num...), "  "...)
		line = append(line, model.Shown(r.NGram)...)
		pad(max(0, widths[2]-int(cells[0])) + 2)
		cells = cells[1:]
		shown := r.Lines[:min(len(r.Lines), textLines)]
		for i, l := range shown {
			if i > 0 {
				line = append(line, ' ')
			}
			line = strconv.AppendInt(line, int64(l), 10)
		}
		if r.Segments > len(shown) {
			line = append(line, " …"...)
		}
		line = append(line, '\n')
		if _, err := b.Write(line); err != nil {
			return err
		}
	}
	return b.Flush()
}

// errMoreRows is the error of a ranking whose rows, ranged over again,
// are more than the first time: they would have no measured width.
var errMoreRows = errors.New("ngrams: the ranking gave more rows to write than it gave to measure")

// textLines is how many line numbers a text table shows (JSONL has
// model.MaxRowLines).
const textLines = 8

// writeSalient ranks the salient n-grams of each pair of systems (A, B)
// for every kind and order and writes each ranking as it comes: a table
// each, or JSONL. The progress line is cleared before the first row.
func writeSalient(w io.Writer, a *model.Analysis, names []string, pairs [][2]int, format string, kinds []scoring.Kind, orders []int, top int, alpha float64, prog *progressLine) error {
	first := true
	for _, p := range pairs {
		for _, k := range kinds {
			for _, n := range orders {
				rows, err := a.Salient(p[0], p[1], k, n, top, alpha)
				if err != nil {
					return err
				}
				prog.clear()
				if format == "jsonl" {
					err = model.WriteSalientJSONL(w, names, rows)
				} else {
					if !first {
						fmt.Fprintln(w)
					}
					first = false
					err = writeSalientText(w, names[p[0]], names[p[1]], rows, k, n, alpha)
				}
				if err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// writeSalientText writes the salient rows of kind k and order n of
// systems A and B (named a and b) as a table: the n-grams A has more of
// than B, then the reverse. The last
// column says which: for matched that side gets them right more often,
// for over and missed it gets them wrong more often, so it is not called
// "favours".
func writeSalientText(w io.Writer, a, b string, rows []model.SalientRow, k scoring.Kind, n int, alpha float64) error {
	nameA, nameB := model.Shown(a), model.Shown(b)
	fmt.Fprintf(w, "Salient %s %d-grams, A = %s, B = %s (s = (A+α)/(A+B+2α), α = %s)\n",
		k, n, nameA, nameB, strconv.FormatFloat(alpha, 'g', -1, 64))
	if len(rows) == 0 {
		fmt.Fprintln(w, "  (none: no n-gram is more often in one system than in the other)")
		return nil
	}
	table := [][]string{{"s", "A", "B", "n-gram", "more in"}}
	for _, r := range rows {
		side := "A"
		if r.CountA < r.CountB {
			side = "B"
		}
		table = append(table, []string{strconv.FormatFloat(r.Score, 'f', 3, 64), model.Thousands(r.CountA),
			model.Thousands(r.CountB), model.Shown(r.NGram), side})
	}
	return writeTable(w, "  ", table, []bool{true, true, true})
}
