package cli

import (
	"cmp"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
)

const bucketsHelp = `Usage: bleuscope buckets [flags] SYSTEM ... -r REF [-r REF ...]

Corpus BLEU of groups of segments: by r, the reference length the brevity
penalty uses (edges 10,20,30,40,50,60); by the length ratio c / r (edges
0.8,0.9,1.0,1.1,1.2; segments whose r is 0 in a bucket of their own); by
sentence BLEU (edges 10,20,…,90). Buckets are [lo, hi): the first from −∞,
the last to +∞. Each bucket's score sums the statistics of its segments,
then scores them, as corpus BLEU does: it is never a mean of sentence
scores. Every bucket is listed, empty ones too (and with --compat nltk,
whose smoothing raises on some segments, method6 where no bigram matches,
a "no sentence score" bucket of those segments after the sentence BLEU
ones; a bucket whose corpus score NLTK raises on reads "error"). r, c / r
and sentence BLEU depend on the hypothesis: with several systems the text
table groups one system's segments (--system; by default the first system,
or with --baseline the first that is not the baseline) and scores every
system on those same segments, each with its Δ, that system minus the
baseline's BLEU (positive where it is ahead), as the explorer's buckets
table shows it for the system shown; JSONL lists each system's own
buckets.

Examples:
  bleuscope buckets hyp.txt -r ref.txt                   all three groupings
  bleuscope buckets --by ref-length base=a.txt new=b.txt -r ref.txt
  bleuscope buckets --baseline base new=b.txt base=a.txt c=c.txt -r ref.txt
  bleuscope buckets --baseline base --system c base=a.txt new=b.txt c=c.txt -r ref.txt
  bleuscope buckets --by length-ratio --edges 0.5,1,1.5 hyp.txt -r ref.txt
  bleuscope buckets --format jsonl -o buckets.jsonl hyp.txt -r ref.txt
  bleuscope buckets --by ref-length --confidence base=a.txt new=b.txt -r ref.txt

Grouping and output:
      --by B                ref-length, length-ratio or sentence-bleu, in
                            any case (repeatable or comma-separated; default
                            all three)
      --edges a,b,c         the edges of the one --by given, increasing,
                            above 0 (lengths and ratios are never negative)
                            and for sentence-bleu at most 100, its top
                            (sentence-bleu's default 10,…,90 is 0.1,…,0.9
                            on NLTK's scale with --compat nltk, top 1)
      --confidence          add each bucket's bootstrap confidence half-width
                            (ci), as sacrebleu's --confidence computes it for
                            the bucket's segments
      --confidence-n N      bootstrap resamples (default 1000; N ≤ 0 means
                            the default)
      --seed N              seed of the resampling, any whole number from
                            0, however large, as compare's (default:
                            SACREBLEU_SEED, else 12345)
      --baseline NAME       the system the text table's Δ is to, of two
                            or more (default: as in the explorer, the one
                            the system shown is compared with: the second
                            for the first, else the first); not with jsonl
      --system NAME         the system whose segments the text table
                            groups, as the explorer's shown system
                            (default: the first, or with --baseline the
                            first that is not the baseline); with jsonl,
                            every system on its buckets, each row adding
                            "grouped_by": NAME
      --format F            text (default) or jsonl
` + outputFlagHelp + `
      --version             print the version
  -h, --help                this help

`

// bucketsFormats are the formats buckets prints.
var bucketsFormats = []string{"text", "jsonl"}

// runBuckets is "bleuscope buckets".
func runBuckets(e *env, args []string) error {
	fs := newFlagSet("buckets")
	in := addInputFlags(fs)
	sf := addScoreFlags(fs)
	format, out, edgesArg, baseline, system, confidence := "text", "", "", "", "", false
	var scored *model.Scored // set before the CI function runs
	var byArgs []string
	fs.format(&format)
	fs.output(&out)
	fs.Var(listFlag{&byArgs}, "by", "grouping")
	fs.StringVar(&edgesArg, "edges", "", "bucket edges")
	fs.StringVar(&baseline, "baseline", "", "the system the deltas are to")
	fs.StringVar(&system, "system", "", "the system whose segments are grouped")
	fs.Var(boolFlag{&confidence}, "confidence", "bootstrap confidence interval")
	confN := addConfidenceN(fs)
	sg := addSeedFlag(fs)
	systems, err := fs.parse(args, func() string { return bucketsHelp + inputFlagsHelp + scoreFlagsHelp }, e.stdout)
	if err != nil {
		return err
	}
	if err := fs.checkFormat(format, bucketsFormats); err != nil {
		return err
	}
	bys, err := parseChoices(fs, "by", byArgs, model.BucketBys, model.ParseBucketBy, "ref-length, length-ratio or sentence-bleu")
	if err != nil {
		return err
	}
	if fs.given("edges") && len(bys) != 1 {
		return usagef("--edges applies to one grouping; give one --by with it (ref-length, length-ratio or sentence-bleu)")
	}
	set, err := sf.settings()
	if err != nil {
		return err
	}
	var edges []float64
	if fs.given("edges") {
		scale := model.ScoreScale(set.Sentence.Compat == scoring.CompatNLTK)
		if edges, err = model.ParseEdges(edgesArg, bys[0], scale); err != nil {
			return fs.badValue([]string{"edges"}, "%s", strings.TrimPrefix(err.Error(), "model: "))
		}
		if err := model.CheckEdges(bys[0], edges, set.Sentence); err != nil {
			return fs.badValue([]string{"edges"}, "%q is out of range: %s", fs.typedValue("edges"), strings.TrimPrefix(err.Error(), "model: "))
		}
	}
	if format == "jsonl" && fs.given("baseline") { // as segments refuses it outside its table
		return usagef("--baseline names the system the text table's Δ is to, and JSONL has no Δ (it lists each system's buckets); leave --baseline out, or use --format text")
	}
	if !confidence && fs.given("confidence-n", "seed") {
		return usagef("--confidence-n and --seed go with --confidence; %s", fs.helpHint())
	}
	if err := checkResamples(fs, "confidence-n", *confN); err != nil {
		return err
	}
	var opt model.BucketOptions
	legend := ""           // what ± is, under the text tables
	var prog *progressLine // the bootstrap's, with --confidence
	var total float64      // the rows resampled for every grouping and system
	defer func() { prog.clear() }()
	if confidence {
		prog = e.progress()
		if err := refuseNLTK(set, "buckets --confidence"); err != nil {
			return err
		}
		seed, err := sg.resolveSeed()
		if err != nil {
			return err
		}
		legend = ciLegend(*confN, seed)
		// Each grouping puts every segment in a bucket once per system:
		// the resampled rows so far over that total is the progress.
		done := 0
		opt.CI = func(sys int, rows []int) (float64, error) {
			var show func(float64)
			if f := prog.fractions("resampling"); f != nil {
				show = func(x float64) { f((float64(done) + x*float64(len(rows))) / total) }
			}
			est, err := model.ConfidenceProgress(e.ctx, scored, sys, rows, *confN, seed, show)
			done += len(rows)
			return est.CI, err
		}
	}
	opt.Edges = edges
	if err := e.checkOutputNotInput(out, inputPaths(systems, in)); err != nil {
		return err
	}
	ds, err := in.load(e, systems, false, set.Corpus.Tokenize)
	if err != nil {
		return err
	}
	// The baseline is the explorer's at start: the one --baseline pins,
	// else the one the first system, shown first, is compared with.
	base := model.DefaultOther(0, len(ds.Systems))
	// shown is the system whose segments the text table groups, as the
	// explorer's shown system: the first, else the first that is not a
	// baseline --baseline pins.
	shown := 0
	if fs.given("baseline") {
		if len(ds.Systems) < 2 { // as compare and ngrams --salient refuse one system
			return usagef("--baseline names the system the others' Δ is to, and there is one system; give at least two SYSTEM files, or leave --baseline out")
		}
		if base, err = systemIndex(fs, ds, "baseline", baseline); err != nil {
			return err
		}
		if base == 0 {
			shown = 1
		}
	}
	if fs.given("system") {
		if shown, err = systemIndex(fs, ds, "system", system); err != nil {
			return err
		}
		if !fs.given("baseline") { // the one the explorer compares it with
			base = model.DefaultOther(shown, len(ds.Systems))
		}
	}
	total = float64(len(bys) * len(ds.Systems) * ds.Len())
	scored, err = model.Score(e.ctx, ds, set, prog.counts("scoring"))
	if err != nil {
		return err
	}
	// groups[b][sys] are system sys's buckets of grouping bys[b]: on the
	// shown system's segments for the text form and for JSONL with
	// --system (each row then saying whose: grouped), else its own.
	grouped := -1
	if fs.given("system") {
		grouped = shown
	}
	groups := make([][][]model.Bucket, len(bys))
	for b, by := range bys {
		if format == "text" || grouped >= 0 {
			if groups[b], err = scored.SameRowBuckets(e.ctx, ds, shown, by, opt); err != nil {
				return err
			}
			continue
		}
		for sys := range ds.Systems {
			bs, err := scored.Buckets(ds, sys, by, opt)
			if err != nil {
				return err
			}
			groups[b] = append(groups[b], bs)
		}
	}
	prog.clear()
	return writeOutput(e, out, func(w io.Writer) error {
		for b := range bys {
			if format == "text" {
				if err := writeBucketsText(w, ds, bys[b], groups[b], shown, base, b == 0, set.Corpus.Compat == scoring.CompatNLTK); err != nil {
					return err
				}
				continue
			}
			for sys, bs := range groups[b] {
				if err := model.WriteBucketsJSONL(w, ds, sys, bs, grouped); err != nil {
					return err
				}
			}
		}
		if format == "text" && legend != "" {
			_, err := io.WriteString(w, legend)
			return err
		}
		return nil
	})
}

// ciLegend says under the text tables what the ± of --confidence is, as
// compare's legend says what p is: the half-width of sacrebleu's 95%
// bootstrap confidence interval, of n resamples with seed seed.
func ciLegend(n int, seed scoring.Seed) string {
	return fmt.Sprintf("\n±: each BLEU's 95%% bootstrap confidence half-width (%s, seed %s).\n", model.Counted(n, "resample"), seed)
}

// byTitle says what each grouping measures.
var byTitle = map[model.BucketBy]string{
	model.ByRefLength:    "by reference length r (the one brevity uses)",
	model.ByLengthRatio:  "by length ratio c / r",
	model.BySentenceBLEU: "by sentence BLEU",
}

// writeBucketsText writes one table per grouping: a row per bucket of
// system shown (r, c / r and sentence BLEU depend on the hypothesis, so
// each system has buckets of its own), with its segments, the first
// system's corpus BLEU on them and, with several systems, every other
// system's on the same segments (perSys, made by SameRowBuckets), each
// system's followed by its difference from the baseline base (system
// minus baseline, as the explorer's Δ), the baseline's by the first
// system's; ± the CI when there is one. Scores have the decimals of their
// scale (NLTK's 0–1 with nltk). The JSONL form lists each system's own
// buckets.
func writeBucketsText(w io.Writer, ds *model.Dataset, by model.BucketBy, perSys [][]model.Bucket, shown, base int, first, nltk bool) error {
	own := perSys[shown]
	if !first {
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "Corpus BLEU %s\n", byTitle[by])
	multi := len(ds.Systems) > 1
	if multi {
		fmt.Fprintf(w, "  (%s's segments grouped, every system scored on them; --system NAME picks whose)\n", systemLetter(shown))
		fmt.Fprintf(w, "  (each Δ is a system's BLEU minus the baseline's, %s's; --baseline NAME picks it)\n", systemLetter(base))
	}
	// deltaOf[sys] is the system whose Δ to the baseline follows system
	// sys's BLEU: its own, or the first system's after the baseline's.
	deltaOf := make([]int, len(ds.Systems))
	head, right := []string{"bucket", "n"}, []bool{false, true}
	for sys, s := range ds.Systems {
		letter := systemLetter(sys)
		if multi {
			name := model.Shown(s.Name)
			if sys == base {
				name += " (baseline)"
			}
			fmt.Fprintf(w, "  %s = %s\n", letter, name)
		}
		head, right = append(head, letter+" BLEU"), append(right, true)
		if sys > 0 {
			if deltaOf[sys] = sys; sys == base {
				deltaOf[sys] = 0
			}
			head, right = append(head, systemLetter(deltaOf[sys])+"−"+systemLetter(base)), append(right, true)
		}
	}
	if !multi {
		head[2] = "BLEU"
	}
	// cells[sys][j] is system sys's score in bucket j, "–" for none,
	// "error" where NLTK raises on it (the first such error is said under
	// the table), ± the CI when there is one, lined up in its column by
	// PlusMinus.
	cells := make([][]string, len(perSys))
	var raised error
	for sys, bks := range perSys {
		scores, cis := make([]string, len(bks)), make([]string, len(bks))
		for j := range bks {
			scores[j] = "–"
			if len(bks[j].Rows) > 0 && bks[j].Err != nil {
				scores[j] = "error"
				raised = cmp.Or(raised, bks[j].Err)
			}
			if s := bks[j].Score(); s != nil {
				scores[j] = model.FormatScore(*s, nltk)
				if bks[j].CI != nil {
					cis[j] = model.FormatScore(*bks[j].CI, nltk)
				}
			}
		}
		cells[sys] = model.PlusMinus(scores, cis)
	}
	table := [][]string{head}
	for j := range own {
		row := []string{own[j].Label, model.Thousands(len(own[j].Rows)), cells[0][j]}
		for sys := 1; sys < len(ds.Systems); sys++ {
			delta := "–"
			if s, b := perSys[deltaOf[sys]][j].Score(), perSys[base][j].Score(); s != nil && b != nil {
				delta = model.FormatSigned(*s-*b, model.ScoreDecimals(nltk))
			}
			row = append(row, cells[sys][j], delta)
		}
		table = append(table, row)
	}
	if err := writeWideTable(w, "  ", table, right, 3, 2); err != nil {
		return err
	}
	if raised != nil {
		if _, err := fmt.Fprintf(w, "  (error: NLTK raises on the bucket's corpus BLEU: %s)\n", model.Shown(scoring.NLTKErrorText(raised))); err != nil {
			return err
		}
	}
	if last := own[len(own)-1]; last.Label == model.NoScoreLabel {
		if _, err := fmt.Fprintf(w, "  (%s: the %s whose sentence score NLTK raises on)\n", model.NoScoreLabel, model.Counted(len(last.Rows), "segment")); err != nil {
			return err
		}
	}
	if by == model.BySentenceBLEU && multi { // where a system is behind says nothing here
		l := systemLetter(shown)
		_, err := fmt.Fprintf(w, "  (grouped by %s's own sentence BLEU, %s's low buckets are low by construction: where a system is behind, see the other groupings)\n", l, l)
		return err
	}
	for sys := range ds.Systems {
		if !multi || sys == base {
			continue
		}
		if _, err := fmt.Fprintln(w, "  "+behindLine(own, perSys[sys], perSys[base], systemLetter(sys), systemLetter(base), nltk)); err != nil {
			return err
		}
	}
	return nil
}

// behindLine says in which of the buckets own (the shown system's) the
// system called letter (its scores mine) is furthest behind the baseline
// called baseLetter (its scores base) ([model.MostBehind]), with the gap
// as the table and the explorer give it (letter−baseLetter, negative
// where it is behind), and a smaller bucket where it is further behind
// still.
func behindLine(own, mine, base []model.Bucket, letter, baseLetter string, nltk bool) string {
	most, small := model.MostBehind(mine, base, model.ScoreDecimals(nltk))
	gap := func(b model.Behind) string { return model.FormatSigned(b.Delta, model.ScoreDecimals(nltk)) }
	pair := letter + "−" + baseLetter
	switch {
	case most.Index < 0 && small.Index >= 0:
		return fmt.Sprintf("%s is behind %s in no bucket of %d segments or more; most in %s: %s %s on only %s",
			letter, baseLetter, model.MinSupport, own[small.Index].Label, pair, gap(small), model.Thousands(len(own[small.Index].Rows)))
	case most.Index < 0:
		return letter + " is behind " + baseLetter + " in no bucket"
	}
	s := fmt.Sprintf("%s is furthest behind %s in %s: %s %s on %s", letter, baseLetter, own[most.Index].Label, pair, gap(most), model.Counted(len(own[most.Index].Rows), "segment"))
	if small.Index >= 0 {
		s += fmt.Sprintf(" (%s: %s on only %s)", own[small.Index].Label, gap(small), model.Thousands(len(own[small.Index].Rows)))
	}
	return s
}

// systemLetter names system sys in a table's header: A, B, …, Z, then
// S27, S28, ….
func systemLetter(sys int) string {
	if sys < 26 {
		return string(rune('A' + sys))
	}
	return "S" + strconv.Itoa(sys+1)
}
