package cli

import (
	"io"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
)

const scoreHelp = `Usage: bleuscope score [flags] SYSTEM ... -r REF [-r REF ...]

Corpus BLEU of each SYSTEM, computed as sacrebleu computes it: the
statistics of every segment are summed first, then scored. Flags may come
before or after the files.

Examples:
  bleuscope score hyp.txt -r ref.txt
  bleuscope score hyp.txt -r ref.A.txt -r ref.B.txt      two references
  bleuscope score base=a.txt new=b.txt -r ref.txt        compare systems
  bleuscope score --format json -o scores.json hyp.txt -r ref.txt
  bleuscope score -t intl -l hyp.txt -r ref.txt
  bleuscope score --compat nltk --nltk-smoothing 1 hyp.txt -r ref.txt
  bleuscope score --confidence --format json hyp.txt -r ref.txt
  bleuscope score --metrics bleu,chrf,ter hyp.txt -r ref.txt
  bleuscope score --metrics chrf --chrf-word-order 2 hyp.txt -r ref.txt  chrF++
  sed 's/ @@//g' bpe.txt | bleuscope score - -r ref.txt  hypotheses on stdin

Confidence:
      --confidence          add sacrebleu's bootstrap confidence interval to
                            each score: μ ± the half-width of its 95% CI
      --confidence-n N      bootstrap resamples (default 1000; N ≤ 0 means
                            the default; at most 1000000)
` + seedFlagHelp + `
Output:
      --format F            text (default): sacrebleu's "-f text" line, one
                            per system (NAME: before it when there are
                            several; a BLEU of 0 gets a warning on stderr
                            saying why and which flags would score it
                            above 0); json: an array of objects with system,
                            score, counts, totals, precisions, bp, ratio,
                            sys_len, ref_len, signature and verbose (and
                            mean, ci, n and seed with --confidence; chrf,
                            ter with --metrics)
` + outputFlagHelp + `
      --version             print the version
  -h, --help                this help

`

// runScore is "bleuscope score".
func runScore(e *env, args []string) error {
	fs := newFlagSet("score")
	in := addInputFlags(fs)
	sf := addScoreFlags(fs)
	sg := addSeedFlag(fs)
	mf := addMetricFlags(fs)
	format, out := "text", ""
	confidence := false
	fs.Var(boolFlag{&confidence}, "confidence", "bootstrap confidence interval")
	confN := addConfidenceN(fs)
	fs.format(&format)
	fs.output(&out)
	systems, err := fs.parse(args, func() string { return scoreHelp + inputFlagsHelp + scoreFlagsHelp + metricFlagsHelp }, e.stdout)
	if err != nil {
		return err
	}
	if err := fs.checkFormat(format, model.CorpusFormats); err != nil {
		return err
	}
	set, err := sf.settings()
	if err != nil {
		return err
	}
	metrics, err := mf.metrics(sf.lowercase)
	if err != nil {
		return err
	}
	if err := e.checkOutputNotInput(out, inputPaths(systems, in)); err != nil {
		return err
	}
	if !confidence && fs.given("confidence-n", "seed") {
		return usagef("--confidence-n and --seed go with --confidence; %s", fs.helpHint())
	}
	if err := checkResamples(fs, "confidence-n", *confN); err != nil {
		return err
	}
	if confidence {
		return scoreConfidence(e, in, systems, set, metrics, sg, *confN, format, out)
	}
	ds, err := in.load(e, systems, false, set.Corpus.Tokenize)
	if err != nil {
		return err
	}
	scored, err := model.CorpusScores(e.ctx, ds, set)
	if err != nil {
		return err
	}
	for s, sys := range scored.Systems {
		if sys.CorpusErr != nil {
			raised, advice := scoring.NLTKErrorText(sys.CorpusErr), "; try"
			if strings.HasSuffix(raised, ".") { // NLTK's messages are sentences
				advice = " Try"
			}
			return usagef("NLTK's corpus_bleu fails on %s: %s%s another --nltk-smoothing method",
				model.Printable(ds.Systems[s].Name), raised, advice)
		}
	}
	ms, err := model.ScoreMetrics(e.ctx, ds, metrics, false)
	if err != nil {
		return err
	}
	if err := writeOutput(e, out, func(w io.Writer) error {
		return model.WriteCorpusMetrics(w, ds, scored, ms, format)
	}); err != nil {
		return err
	}
	warnZeros(e, ds, scored, metrics, format)
	return nil
}

// warnZeros says on standard error, after score's text, why a BLEU of 0
// is 0 and which flags would score it above 0 ([model.Scored.ZeroNote]):
// standard output keeps sacrebleu's line exactly, and JSON's readers have
// the counts and totals. Nothing is said when the text has no BLEU
// (--metrics chrf).
func warnZeros(e *env, ds *model.Dataset, scored *model.Scored, metrics model.Metrics, format string) {
	if format != model.FormatText || !metrics.Has(model.MetricBLEU) {
		return
	}
	for i, sys := range ds.Systems {
		if note := scored.ZeroNote(ds, i); note != "" {
			e.warn(sys.Name + ": " + note)
		}
	}
}

// scoreConfidence is "bleuscope score --confidence": every system's
// corpus score with sacrebleu's single-system bootstrap.
func scoreConfidence(e *env, in *inputFlags, systems []string, set model.Settings, metrics model.Metrics, sg *sigFlags, n int, format, out string) error {
	if err := refuseNLTK(set, "score --confidence"); err != nil {
		return err
	}
	seed, err := sg.resolveSeed()
	if err != nil {
		return err
	}
	ds, err := in.load(e, systems, false, set.Corpus.Tokenize)
	if err != nil {
		return err
	}
	if ds.Len() == 0 {
		return usagef("the input has no segment to resample; give files with at least one line")
	}
	prog := e.progress()
	defer prog.clear()
	scored, err := model.Score(e.ctx, ds, set, prog.counts("scoring"))
	if err != nil {
		return err
	}
	est := make([]scoring.Estimate, len(ds.Systems))
	for s := range est {
		if est[s], err = model.ConfidenceProgress(e.ctx, scored, s, nil, n, seed, prog.part(resamplingLabel(metrics), s, len(est))); err != nil {
			return err
		}
	}
	me, err := model.ConfidenceMetrics(e.ctx, ds, metrics, n, seed, prog.metrics(ds.SystemNames(false)))
	if err != nil {
		return err
	}
	prog.clear()
	if err := writeOutput(e, out, func(w io.Writer) error {
		return model.WriteCorpusConfidenceMetrics(w, ds, scored, est, n, seed, metrics, me, format)
	}); err != nil {
		return err
	}
	warnZeros(e, ds, scored, metrics, format)
	return nil
}

// inputPaths lists the files named by the arguments, for the check that
// -o does not overwrite one of them. NAME=PATH gives both readings.
func inputPaths(systems []string, in *inputFlags) []string {
	var paths []string
	for _, s := range systems {
		paths = append(paths, s)
		if _, p, ok := strings.Cut(s, "="); ok {
			paths = append(paths, p)
		}
	}
	paths = append(paths, in.refs...)
	if in.src != "" {
		paths = append(paths, in.src)
	}
	if in.mqm != "" {
		paths = append(paths, in.mqm)
	}
	return paths
}
