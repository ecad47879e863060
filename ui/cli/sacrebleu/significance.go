package sacrebleu

import (
	"crypto/rand"
	"errors"
	"fmt"
	"math/big"
	"runtime"
	"strconv"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
)

// maxResamples bounds the resamples and trials of a test: every resample
// keeps a score per system, so a mistyped count would exhaust memory.
const maxResamples = 1_000_000

// checkResamples refuses a count above maxResamples: n, given to flag,
// whose value is stored at dest.
func (o *options) checkResamples(flag, dest string, n int) error {
	if n > maxResamples {
		return fatal(1, fmt.Sprintf("bleuscope runs at most %d resamples or trials, not %s %s; give a smaller number", maxResamples, flag, o.intText(dest, n)))
	}
	return nil
}

// seedSpec is SACREBLEU_SEED as sacrebleu reads it: unset is 12345, "none"
// (any case) is a seed from the operating system's entropy, anything else,
// empty too, Python's int() of it.
type seedSpec struct {
	// seed is the seed, of any size.
	seed scoring.Seed
	// raw is the variable lower-cased, as --confidence's signature shows
	// it; normalized is str(int(raw)) or "none", as a paired test's
	// signature shows it.
	raw, normalized string
}

// readSeed reads SACREBLEU_SEED, failing where sacrebleu (or numpy) raises:
// set, even empty or white space only, it is read by int().
func (r *run) readSeed() (seedSpec, error) {
	raw, set := r.cmd.lookupEnv("SACREBLEU_SEED")
	if !set {
		raw = "12345"
	}
	s := seedSpec{raw: strings.ToLower(raw)}
	if s.raw == "none" {
		// numpy seeds itself with 128 bits from the operating system.
		var b [16]byte
		if _, err := rand.Read(b[:]); err != nil {
			return s, err
		}
		s.seed, s.normalized = seedOfBytes(b[:]), "none"
		return s, nil
	}
	seed, err := scoring.ParseSeed(raw)
	var long *scoring.SeedDigitsError
	switch {
	case errors.As(err, &long):
		return s, exception(fmt.Sprintf("ValueError: Exceeds the limit (%d digits) for integer string conversion: value has %d digits; use sys.set_int_max_str_digits() to increase the limit", scoring.PyMaxStrDigits, long.Digits))
	case errors.Is(err, scoring.ErrSeedNegative): // numpy's refusal
		return s, exception("ValueError: expected non-negative integer")
	case err != nil:
		return s, exception("ValueError: invalid literal for int() with base 10: " + pyQuote(raw))
	}
	s.seed, s.normalized = seed, seed.String()
	return s, nil
}

// seedOfBytes returns the seed whose big-endian bytes are b.
func seedOfBytes(b []byte) scoring.Seed {
	seed, _ := scoring.NewSeed(new(big.Int).SetBytes(b)) // never negative
	return seed
}

// confidence adds the bootstrap confidence interval of --confidence to a
// single system's score and its signature.
func (r *run) confidence(m metric, sys system, s score, sig signature) (score, signature, error) {
	seed, err := r.readSeed()
	if err != nil {
		return s, sig, err
	}
	if err := r.opt.checkResamples("--confidence-n", "confidence_n", r.opt.confidenceN); err != nil {
		return s, sig, err
	}
	stats, err := m.statistics(r.ctx, [][]string{sys.lines})
	if err != nil {
		return s, sig, err
	}
	n := r.opt.confidenceN
	est, err := stats.confidence(r.ctx, len(sys.lines), n, seed.seed)
	if err != nil {
		return s, sig, err
	}
	s.mean, s.ci = est.Mean, est.CI
	sig.bs, sig.seed = strconv.Itoa(n), seed.raw
	return s, sig, nil
}

// pairedTest runs --paired-bs or --paired-ar and prints its table: the
// first system is the baseline, every metric in the order -m gives them.
func (r *run) pairedTest(metrics []metric, systems []system, nrefs int) error {
	o := r.opt
	if len(systems) == 0 {
		return exception("IndexError: list index out of range")
	}
	if o.format != "json" {
		if err := checkWidth(o); err != nil {
			return err
		}
	}
	seed, err := r.readSeed()
	if err != nil {
		return err
	}
	bootstrap := o.pairedBS
	n, flag, dest, kind := o.pairedARN, "--paired-ar-n", "paired_ar_n", "approximate randomization test (# trials: "
	if bootstrap {
		n, flag, dest, kind = o.pairedBSN, "--paired-bs-n", "paired_bs_n", "paired bootstrap resampling test (# resamples: "
	}
	if err := o.checkResamples(flag, dest, n); err != nil {
		return err
	}
	used := n
	if used <= 0 {
		used = scoring.DefaultARTrials
		if bootstrap {
			used = scoring.DefaultBootstrapN
		}
	}
	lines := make([][]string, len(systems))
	names := make([]string, len(systems))
	for i, s := range systems {
		lines[i], names[i] = s.lines, s.name
	}
	// sacrebleu pre-computes every metric's baseline statistics first,
	// logging each under the key -m built it with (BLEU, CHRF, TER),
	// then hands the systems to its workers, which log per system, per
	// metric, under the score's name.
	stats := make([]sigStats, len(metrics))
	for i, m := range metrics {
		r.log.info("Pre-computing " + m.key() + " statistics for " + pyQuote(names[0]))
		if stats[i], err = m.statistics(r.ctx, lines); err != nil {
			return err
		}
	}
	if jobs := pairedWorkers(o.pairedJobs, len(systems)-1); jobs != 1 {
		r.log.info("Launching " + o.intText("paired_jobs", jobs) + " parallel workers.")
		if jobs < 1 {
			return exception("ValueError: Number of processes must be at least 1")
		}
	}
	results := make([]scoring.Paired, len(metrics))
	for i, st := range stats {
		if results[i], err = st.paired(r.ctx, bootstrap, len(lines[0]), used, seed.seed); err != nil {
			return err
		}
	}
	for _, name := range names[1:] {
		for _, m := range metrics {
			r.log.info("Computing "+m.name()+" for "+pyQuote(name)+" and extracting sufficient statistics",
				" > Performing "+kind+strconv.Itoa(used)+")")
		}
	}
	var cols []column
	var sigs []namedSig
	for i, m := range metrics {
		res := results[i]
		col := column{name: m.name()}
		base := &pairedResult{score: res.Baseline.Score}
		if bootstrap {
			base.mean, base.ci = &res.Baseline.Mean, &res.Baseline.CI
		}
		col.cells = append(col.cells, tableCell{res: base})
		for k := range res.Systems {
			c := &res.Systems[k]
			pr := &pairedResult{score: c.Score, pValue: &c.PValue}
			if bootstrap {
				pr.mean, pr.ci = &c.Mean, &c.CI
			}
			col.cells = append(col.cells, tableCell{res: pr})
		}
		cols = append(cols, col)
		sig := newSignature(m, nrefs, Version)
		sig.seed = seed.normalized
		if bootstrap {
			sig.bs = strconv.Itoa(used)
		} else {
			sig.ar = strconv.Itoa(used)
		}
		sigs = append(sigs, namedSig{m.name(), sig.format(o.short)})
	}
	baseline := ""
	if strings.HasPrefix(names[0], "Baseline:") {
		baseline = names[0]
	}
	if r.cmd.Terminal {
		baseline = model.Printable(baseline)
	}
	r.out.WriteString(resultsTable(names, cols, sigs, o, r.colors, r.legend(bootstrap, o.intText(dest, n), baseline), r.cmd.Terminal))
	return nil
}

// pairedWorkers is the number of worker processes sacrebleu's paired
// test decides on for -j: 0 is half the CPUs, at most one per system
// compared and at least one; anything else is taken as given.
func pairedWorkers(jobs, compared int) int {
	if jobs != 0 {
		return jobs
	}
	if n := runtime.NumCPU() / 2; n > 0 {
		return min(n, compared)
	}
	return 1
}

// legend is the explanation sacrebleu prints under a paired test's table.
// n is the number as given on the command line (even when it was 0 and
// the default was used), as Python writes it.
func (r *run) legend(bootstrap bool, n string, baselineName string) string {
	c := r.colors
	test, samples := "approximate randomization", "trials"
	if bootstrap {
		test, samples = "bootstrap resampling", "resampling trials"
	}
	msg := "Paired " + test + " test with " + n + " " + samples
	rule := strings.Repeat("-", runeLen(msg))
	bline := c.paint("baseline", yellow)
	nullHyp := c.paint("Null hypothesis", green)
	nullLower := strings.ToLower(nullHyp)
	scoreLine := "   Actual system score is provided for each metric."
	if bootstrap {
		scoreLine = "   Actual system score / bootstrap estimated true mean / 95% CI are provided for each metric."
	}
	return rule + "\n" + msg + "\n" + rule + "\n" +
		" - Each system is pairwise compared to " + c.paint(baselineName, yellow) + ".\n" +
		scoreLine + "\n\n" +
		" - " + nullHyp + ": the system and the " + bline + " translations are essentially\n" +
		"   generated by the same underlying process. For a given system and the " + bline + ",\n" +
		"   the p-value is roughly the probability of the absolute score difference (delta)\n" +
		"   or higher occurring due to chance, under the assumption that the " + nullLower + " is correct.\n\n" +
		" - Assuming a significance threshold of 0.05, the " + nullLower + " can be rejected\n" +
		"   for p-values < 0.05 (marked with \"*\"). This means that the delta is unlikely to be attributed\n" +
		"   to chance, hence the system is significantly \"different\" than the " + bline + ".\n" +
		"   Otherwise, the p-values are " + c.paint("highlighted in red", red) + ".\n\n" +
		" - NOTE: Significance does not tell whether a system is \"better\" than the " + bline + " but rather\n" +
		"   emphasizes the \"difference\" of the systems in terms of the replicability of the delta.\n\n"
}
