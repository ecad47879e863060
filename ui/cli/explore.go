package cli

import (
	"errors"
	"fmt"
	"io"
	"syscall"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/bleuscope/bleuscope/ui"
	"github.com/bleuscope/bleuscope/ui/render"
)

const exploreHelp = `Usage: bleuscope [flags] [SYSTEM ... -r REF [-r REF ...]]
       bleuscope COMMAND [flags] ...

bleuscope looks inside BLEU. It scores machine-translation output exactly as
sacrebleu 2.6.0 does (or as NLTK 3.8 does, with --compat nltk) and lets you
browse the worst segments, the n-grams that matched and were clipped, and
the brevity penalty. With no arguments it opens an embedded German-English
demo corpus. When standard output is not a terminal it prints a plain report
instead: the corpus score and signature of each system and its ten worst
segments.

Examples:
  bleuscope                                       the demo corpus
  bleuscope hyp.txt -r ref.txt                    explore one system
  bleuscope -s src.de base=a.txt new=b.txt -r ref.A.txt -r ref.B.txt
  bleuscope hyp.txt -r ref.txt | less             the plain report
  bleuscope score hyp.txt -r ref.txt              sacrebleu's score line
  bleuscope explain --hyp 'the the the' --ref 'the cat sat'

Commands:
`

// exploreHelpText is the explorer's help: usage, commands and flags.
func exploreHelpText() string {
	s := exploreHelp
	for _, c := range commands {
		s += fmt.Sprintf("  %-12s %s\n", c.name, c.summary)
	}
	s += "\nRun 'bleuscope COMMAND --help' (or 'bleuscope help COMMAND') for a command's\nflags and examples.\n\n"
	s += inputFlagsHelp + scoreFlagsHelp + metricFlagsHelp + exploreMetricsHelp + annotateFlagsHelp + exploreBaselineHelp +
		"Other:\n      --version             print the version\n  -h, --help                this help\n"
	return s
}

// runExplore is bare "bleuscope": the explorer in a terminal, the plain
// report otherwise.
func runExplore(e *env, args []string) error {
	x, err := prepareExplore(e, args)
	if err != nil {
		return err
	}
	if _, ok := terminalWidth(e.stdout); ok {
		opts, closeAnn, err := x.options(e)
		if err != nil {
			return err
		}
		defer closeAnn()
		return explore(e, x.ds, x.set, opts...)
	}
	if x.af.path != "" { // not used by the report, but a bad one (or a bad typology), and its warnings, are said as the explorer would
		preset, err := choosePreset(x.af.preset, x.af.typology, x.fs.given("preset"), x.in.limits)
		if err != nil {
			return err
		}
		st, _, err := x.af.openStore(e, x.ds, x.in, preset, x.af.chosen(x.fs))
		if err != nil {
			return err
		}
		st.Close()
	}
	scored, err := model.Score(e.ctx, x.ds, x.set, nil)
	if err != nil {
		return err
	}
	// A pipe or a file has no width: cut nothing, least of all a number.
	_, err = io.WriteString(e.stdout, render.Report(x.ds, scored, 0))
	return err
}

// exploreBaselineHelp says what --baseline does in the explorer.
const exploreBaselineHelp = `Comparison:
      --baseline NAME       the system every Δ is against (p and w in the
                            explorer choose another); without it the first
                            system is compared with the second, every other
                            with the first
      --paired-bs-n N       bootstrap resamples of the significance screen
                            (B; default 1000; N ≤ 0 means the default)
      --paired-ar-n N       its randomization trials (T; default 10000)
      --seed N              seed of its random numbers and of the buckets'
                            intervals, any whole number from 0, however
                            large (default: the SACREBLEU_SEED environment
                            variable, else 12345), as compare

Analysis (n):
` + maxNGramsHelp + `
`

// exploreInput is what the explorer opens on: the dataset and settings,
// and what its options are made from.
type exploreInput struct {
	ds       *model.Dataset
	set      model.Settings
	fs       *flagSet
	in       *inputFlags
	af       *annotateFlags
	metrics  model.Metrics
	baseline int      // the system --baseline names, -1 without it
	systems  []string // the SYSTEM arguments
	// seeds, bootstrapN and randomTrials are the significance screen's
	// (the seed is read when the explorer opens: the report has no use
	// for SACREBLEU_SEED).
	seeds                    *sigFlags
	bootstrapN, randomTrials int
	maxNGrams                int // --max-ngrams, for the analysis
}

// prepareExplore parses the explorer's flags and loads its input.
func prepareExplore(e *env, args []string) (*exploreInput, error) {
	fs := newFlagSet("")
	in := addInputFlags(fs)
	sf := addScoreFlags(fs)
	af := addAnnotateFlags(fs)
	mf := addMetricFlags(fs)
	mf.names = model.MetricBLEU + "," + model.MetricChrF // the explorer shows chrF unless told otherwise
	var baseline string
	fs.StringVar(&baseline, "baseline", "", "the system every Δ is against")
	sg := addSeedFlag(fs)
	pf := addPairedFlags(fs)
	maxNGrams := addMaxNGramsFlag(fs)
	systems, err := fs.parse(args, exploreHelpText, e.stdout)
	if err != nil {
		return nil, err
	}
	if err := pf.check(); err != nil {
		return nil, err
	}
	if err := checkMaxNGrams(fs, *maxNGrams); err != nil {
		return nil, err
	}

	set, err := sf.settings()
	if err != nil {
		return nil, err
	}
	metrics, err := mf.metrics(sf.lowercase)
	if err != nil {
		return nil, err
	}
	if err := af.check(e, fs, annotationInputs(systems, in, af.typology), in.mqm != ""); err != nil {
		return nil, err
	}
	ds, err := in.load(e, systems, true, set.Corpus.Tokenize)
	if err != nil {
		return nil, err
	}
	x := &exploreInput{ds: ds, set: set, fs: fs, in: in, af: af, metrics: metrics, baseline: -1, systems: systems,
		seeds: sg, bootstrapN: pf.bsN, randomTrials: pf.arN, maxNGrams: *maxNGrams}
	if fs.given("baseline") {
		if x.baseline, err = systemIndex(fs, ds, "baseline", baseline); err != nil {
			return nil, err
		}
	}
	return x, nil
}

// options opens the annotation file (or takes an --mqm file's
// annotations) and returns the explorer's options, with a function that
// closes the file.
func (x *exploreInput) options(e *env) ([]ui.Option, func(), error) {
	// --seed was checked with the flags: an error here is SACREBLEU_SEED's,
	// which only the significance screen and the buckets' intervals use,
	// so the explorer opens with the default seed and says so.
	var start []ui.Option
	seed, err := x.seeds.resolveSeed()
	if err != nil {
		seed = scoring.DefaultSeed()
		start = append(start, ui.WithStartWarning(fmt.Sprintf("%s; until then the significance screen uses the seed %s", model.Printable(err.Error()), seed)))
		e.warn(fmt.Sprintf("%s; the significance screen used the seed %s", err.Error(), seed)) // on standard error with the others
	}
	opts, closeAnn, err := x.af.open(e, x.fs, x.ds, x.in)
	if err != nil {
		return nil, nil, err
	}
	opts = append(opts, start...)
	inputs := annotationInputs(x.systems, x.in, x.af.typology)
	return append(opts, ui.WithMetrics(x.metrics), ui.WithBaseline(x.baseline), ui.WithInputs(inputs, e.stdin),
		ui.WithResampling(seed, x.bootstrapN, x.randomTrials), ui.WithMaxNGrams(x.maxNGrams)), closeAnn, nil
}

// exploreMetricsHelp says what --metrics does in the explorer.
const exploreMetricsHelp = `In the explorer, --metrics defaults to bleu,chrf (the commands' default is
bleu) and chooses what is shown beside BLEU: the corpus score in the
header, the sentence score and its explanation in the segment pane, and a
sort key (o); M cycles chrF, chrF and TER, BLEU alone.
`

// explore runs the interactive explorer; its failures are internal (exit 1).
func explore(e *env, ds *model.Dataset, set model.Settings, opts ...ui.Option) error {
	e.printWarnings() // read after the explorer quits
	// The explorer handles the signals itself, restoring the terminal
	// before it returns.
	e.stopSignals()
	err := ui.Run(ds, set, opts...)
	var se *ui.SignalError
	if errors.As(err, &se) {
		if sig, ok := se.Signal.(syscall.Signal); ok {
			return signalCause{sig}
		}
	}
	if err != nil {
		return fmt.Errorf("explorer: %w", err)
	}
	return nil
}
