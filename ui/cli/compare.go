package cli

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/bleuscope/bleuscope/ui/render"
)

const compareHelp = `Usage: bleuscope compare [flags] BASE SYSTEM ... -r REF [-r REF ...]

Is a system really better than the baseline, or is the difference chance?
Tests every SYSTEM against BASE with sacrebleu 2.6.0's paired bootstrap
resampling (default) or paired approximate randomization, with the same
random numbers, so the p-values, means and confidence intervals are
sacrebleu's own. Also counts the segments each system wins, ties and loses
against the baseline by sentence BLEU. The table marks p ≤ 0.05 with *, as
sacrebleu does, except for a system the test saw no difference in (a copy
of the baseline: its p-value is 1/(N+1) whatever the systems), which a note
under the table names. Flags may come before or after the files.

Examples:
  bleuscope compare base.txt new.txt -r ref.txt
  bleuscope compare base=a.txt b=b.txt c=c.txt -r ref.A.txt -r ref.B.txt
  bleuscope compare --paired-ar base.txt new.txt -r ref.txt
  bleuscope compare --paired-bs-n 2000 --seed 7 --format json base.txt new.txt -r ref.txt
  bleuscope compare --baseline b a=a.txt b=b.txt c=c.txt -r ref.txt
  bleuscope compare --demo

Test:
      --paired-bs           paired bootstrap resampling (the default)
      --paired-ar           paired approximate randomization instead
      --paired-bs-n N       bootstrap resamples (default 1000; N ≤ 0 means
                            the default; at most 1000000)
      --paired-ar-n N       randomization trials (default 10000; N ≤ 0
                            means the default; at most 1000000)
      --baseline NAME       the system the others are tested against
                            (default: the first file, BASE); it is listed
                            first, the others in the order given
` + seedFlagHelp + `
Output:
      --format F            text (default): a table for people (on a
                            terminal under 80 columns a narrower one, its
                            names cut, win/tie/loss in one column); json:
                            an array, one object per system, baseline first:
                            system, baseline, test, n, seed, score, mean,
                            ci, p_value, wins, ties, losses, signature
` + outputFlagHelp + `
      --version             print the version
  -h, --help                this help

`

// seedFlag is --seed: unset, it falls back to SACREBLEU_SEED, then 12345.
type seedFlag struct{ text *string }

func (f seedFlag) String() string {
	if f.text == nil {
		return ""
	}
	return *f.text
}

func (f seedFlag) Set(s string) error {
	s = numberText(s)
	if _, err := parseSeed(s); err != nil {
		return err
	}
	*f.text = s
	return nil
}

// sigFlags are the significance options of compare and score.
type sigFlags struct {
	seed string
}

// seedFlagHelp is the help of --seed ([addSeedFlag]) in compare's and
// score's help.
const seedFlagHelp = `      --seed N              seed of the random numbers, any whole number
                            from 0, however large (up to the 4300 digits
                            Python's int() reads); default: the
                            SACREBLEU_SEED environment variable, else
                            12345; "none" draws one and reports it
`

// addSeedFlag registers --seed on fs.
func addSeedFlag(fs *flagSet) *sigFlags {
	f := &sigFlags{}
	fs.Var(seedFlag{&f.seed}, "seed", "seed of the random numbers")
	return f
}

// resolveSeed returns the seed to use: --seed, else SACREBLEU_SEED when
// it is set (empty or white space alone is refused, as sacrebleu's int()
// refuses it), else 12345.
func (f *sigFlags) resolveSeed() (scoring.Seed, error) {
	if f.seed != "" {
		return parseSeed(f.seed)
	}
	if v, set := os.LookupEnv("SACREBLEU_SEED"); set {
		seed, err := parseSeed(v)
		if err != nil {
			return seed, usagef("SACREBLEU_SEED: %v; change it, or give --seed", err)
		}
		return seed, nil
	}
	return scoring.DefaultSeed(), nil
}

// parseSeed reads a seed of any size as sacrebleu reads SACREBLEU_SEED,
// with Python's int() ([scoring.ParseSeed]: Python's whitespace around, a
// + sign, leading zeros, single underscores between digits and the
// decimal digits of any script, "١٢" for 12, are fine; at most
// [scoring.PyMaxStrDigits] digits), or "none" (any case, nothing around
// it, as sacrebleu compares it before int() reads it) for a seed drawn
// from the system's random source.
func parseSeed(s string) (scoring.Seed, error) {
	if strings.EqualFold(s, "none") {
		var b [8]byte
		if _, err := rand.Read(b[:]); err != nil {
			return scoring.Seed{}, err
		}
		return scoring.SeedOf(binary.LittleEndian.Uint64(b[:]) >> 1), nil
	}
	seed, err := scoring.ParseSeed(s)
	// A refusal names the seed as typed, quoted unless it is a whole
	// number (a negative one), as the number flags word theirs; a seed
	// too long to read is named by its length.
	const rule = "is not a whole number of 0 or more, or \"none\" for a random seed"
	var long *scoring.SeedDigitsError
	switch {
	case errors.As(err, &long):
		return seed, fmt.Errorf("a seed of %d digits is more than the %d Python's int() reads, so sacrebleu refuses it too; give at most %d digits", long.Digits, scoring.PyMaxStrDigits, scoring.PyMaxStrDigits)
	case errors.Is(err, scoring.ErrSeedNegative):
		t, _ := scoring.PyIntASCII(s)
		return seed, fmt.Errorf("%s %s", t, rule)
	case err != nil:
		return seed, fmt.Errorf("%q %s", s, rule)
	}
	return seed, nil
}

// maxResamples bounds --paired-bs-n, --paired-ar-n and --confidence-n, so
// that a mistyped count cannot exhaust memory (every resample keeps a score
// per system).
const maxResamples = 1_000_000

// pairedFlags are --paired-bs-n and --paired-ar-n, the resample counts of
// the two paired tests (compare and the explorer's comparison).
type pairedFlags struct {
	fs       *flagSet
	bsN, arN int
}

// addPairedFlags registers --paired-bs-n and --paired-ar-n with
// sacrebleu's defaults.
func addPairedFlags(fs *flagSet) *pairedFlags {
	p := &pairedFlags{fs: fs, bsN: scoring.DefaultBootstrapN, arN: scoring.DefaultARTrials}
	fs.Var(intFlag{&p.bsN, "1000"}, "paired-bs-n", "bootstrap resamples")
	fs.Var(intFlag{&p.arN, "10000"}, "paired-ar-n", "randomization trials")
	return p
}

// check refuses a count above maxResamples.
func (p *pairedFlags) check() error {
	if err := checkResamples(p.fs, "paired-bs-n", p.bsN); err != nil {
		return err
	}
	return checkResamples(p.fs, "paired-ar-n", p.arN)
}

// addConfidenceN registers --confidence-n, the resamples of the bootstrap
// confidence interval (score and buckets), with sacrebleu's default; a
// count of 0 or less means that default too, as in sacrebleu, so what the
// flag holds is the count used.
func addConfidenceN(fs *flagSet) *int {
	n := scoring.DefaultBootstrapN
	fs.Var(confidenceNFlag{&n}, "confidence-n", "bootstrap resamples")
	return &n
}

// confidenceNFlag is --confidence-n: a whole number, one of 0 or less
// read as [scoring.DefaultBootstrapN].
type confidenceNFlag struct{ v *int }

func (f confidenceNFlag) String() string { return intFlag{v: f.v}.String() }

func (f confidenceNFlag) Set(s string) error {
	if err := (intFlag{f.v, "1000"}).Set(s); err != nil {
		return err
	}
	if *f.v <= 0 {
		*f.v = scoring.DefaultBootstrapN
	}
	return nil
}

// checkResamples refuses a count above maxResamples given to the flag
// called name.
func checkResamples(fs *flagSet, name string, n int) error {
	if n > maxResamples {
		return fs.badNumber([]string{name}, "is more than %d, the most allowed (sacrebleu's default is %d)", maxResamples, defaultFor(name))
	}
	return nil
}

// defaultFor is the default count of the resampling flag called name.
func defaultFor(name string) int {
	if name == "paired-ar-n" {
		return scoring.DefaultARTrials
	}
	return scoring.DefaultBootstrapN
}

// refuseNLTK is the one-line refusal of significance in nltk compat.
func refuseNLTK(set model.Settings, what string) error {
	if set.Corpus.Compat == scoring.CompatNLTK {
		return usagef("%s: %s", what, model.ErrSignificanceNLTK.Error())
	}
	return nil
}

// baselineFirst returns systems with systems[base] moved to the front,
// the others in their order: compare tests every system against the first
// and lists it first.
func baselineFirst(systems []model.System, base int) []model.System {
	out := make([]model.System, 0, len(systems))
	out = append(out, systems[base])
	out = append(out, systems[:base]...)
	return append(out, systems[base+1:]...)
}

// runCompare is "bleuscope compare".
func runCompare(e *env, args []string) error {
	fs := newFlagSet("compare")
	in := addInputFlags(fs)
	sf := addScoreFlags(fs)
	sg := addSeedFlag(fs)
	mf := addMetricFlags(fs)
	format, out, baseline := "text", "", ""
	var bs, ar bool
	fs.format(&format)
	fs.StringVar(&baseline, "baseline", "", "the system the others are tested against")
	fs.output(&out)
	fs.Var(boolFlag{&bs}, "paired-bs", "paired bootstrap resampling")
	fs.Var(boolFlag{&ar}, "paired-ar", "paired approximate randomization")
	pf := addPairedFlags(fs)
	systems, err := fs.parse(args, func() string { return compareHelp + inputFlagsHelp + scoreFlagsHelp + metricFlagsHelp }, e.stdout)
	if err != nil {
		return err
	}
	if err := fs.checkFormat(format, model.CorpusFormats); err != nil {
		return err
	}
	if bs && ar {
		return usagef("--paired-bs and --paired-ar are two different tests; give one of them")
	}
	opt := model.CompareOptions{Test: model.TestPairedBootstrap, N: pf.bsN}
	if ar {
		opt = model.CompareOptions{Test: model.TestPairedAR, N: pf.arN}
	}
	if err := pf.check(); err != nil {
		return err
	}
	// A count for the test not run is refused, as score refuses
	// --confidence-n without --confidence: a run without it would read as
	// the test asked for.
	switch {
	case !ar && fs.given("paired-ar-n"):
		return usagef("--paired-ar-n goes with --paired-ar (the bootstrap, run by default, takes --paired-bs-n); %s", fs.helpHint())
	case ar && fs.given("paired-bs-n"):
		return usagef("--paired-bs-n goes with the bootstrap, not --paired-ar (whose trials --paired-ar-n counts); %s", fs.helpHint())
	}
	set, err := sf.settings()
	if err != nil {
		return err
	}
	if err := refuseNLTK(set, "compare"); err != nil {
		return err
	}
	metrics, err := mf.metrics(sf.lowercase)
	if err != nil {
		return err
	}
	if opt.Seed, err = sg.resolveSeed(); err != nil {
		return err
	}
	if err := e.checkOutputNotInput(out, inputPaths(systems, in)); err != nil {
		return err
	}
	ds, err := in.load(e, systems, false, set.Corpus.Tokenize)
	if err != nil {
		return err
	}
	if len(ds.Systems) < 2 {
		return usagef("compare tests systems against a baseline; give BASE and at least one SYSTEM file")
	}
	if ds.Len() == 0 {
		return usagef("the input has no segment to compare; give files with at least one line")
	}
	if fs.given("baseline") {
		base, err := systemIndex(fs, ds, "baseline", baseline)
		if err != nil {
			return err
		}
		ds.Systems = baselineFirst(ds.Systems, base)
	}
	prog := e.progress()
	defer prog.clear()
	scored, err := model.Score(e.ctx, ds, set, prog.counts("scoring"))
	if err != nil {
		return err
	}
	opt.Progress = prog.fractions(resamplingLabel(metrics))
	c, err := model.Compare(e.ctx, scored, 0, nil, opt)
	if err != nil {
		return err
	}
	mc, err := model.CompareMetrics(e.ctx, ds, metrics, c, prog.metrics(nil))
	if err != nil {
		return err
	}
	prog.clear()
	// The notes and the legend under the tables are wrapped at word
	// boundaries as explain's and lessons' text is (textLayout): to the
	// terminal's width, else 80 columns. Scripts read --format json.
	_, width, err := textLayout(e, fs, 0)
	if err != nil {
		return err
	}
	lay := model.TextLayout{Cells: render.Cells, Wrap: func(s string) string { return render.Wrap(s, width) }}
	// BLEU's table fits a terminal narrower than 80 columns; a pipe, a
	// file and a wider terminal get it whole, as scripts read it.
	if tw, tty := terminalWidth(e.stdout); tty && out == "" && tw < defaultWidth {
		names := make([]string, len(ds.Systems))
		for i, sys := range ds.Systems {
			names[i] = model.Shown(sys.Name)
		}
		lay.Width = tw
		lay.Cut = func(name string, w int) string { return render.CutName(name, w, names...) }
	}
	return writeOutput(e, out, func(w io.Writer) error {
		return model.WriteComparisonMetrics(w, ds, scored, c, metrics, mc, format, lay)
	})
}
