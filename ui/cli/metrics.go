package cli

import (
	"slices"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
)

// metricFlags are --metrics and the chrF and TER options.
type metricFlags struct {
	fs      *flagSet
	names   string
	chrf    scoring.ChrFOptions
	ter     scoring.TEROptions
	chrfSet []string // the chrF flags, for the check that chrf was asked for
	terSet  []string
}

// addMetricFlags registers --metrics and the chrF and TER options on fs
// with sacrebleu's defaults.
func addMetricFlags(fs *flagSet) *metricFlags {
	f := &metricFlags{fs: fs, names: model.MetricBLEU, chrf: scoring.DefaultChrFOptions()}
	fs.StringVar(&f.names, "metrics", f.names, "metrics")
	fs.Var(intFlag{&f.chrf.CharOrder, "6"}, "chrf-char-order", "chrF character order")
	fs.Var(intFlag{&f.chrf.WordOrder, "2"}, "chrf-word-order", "chrF word order")
	fs.Var(intFlag{&f.chrf.Beta, "2"}, "chrf-beta", "chrF beta")
	fs.Var(boolFlag{&f.chrf.Whitespace}, "chrf-whitespace", "chrF keeps whitespace")
	fs.Var(boolFlag{&f.chrf.EpsSmoothing}, "chrf-eps-smoothing", "chrF eps smoothing")
	fs.Var(boolFlag{&f.ter.CaseSensitive}, "ter-case-sensitive", "TER keeps case")
	fs.Var(boolFlag{&f.ter.Normalized}, "ter-normalized", "TER normalisation")
	fs.Var(boolFlag{&f.ter.NoPunct}, "ter-no-punct", "TER removes punctuation")
	fs.Var(boolFlag{&f.ter.AsianSupport}, "ter-asian-support", "TER Asian support")
	f.chrfSet = []string{"chrf-char-order", "chrf-word-order", "chrf-beta", "chrf-whitespace", "chrf-eps-smoothing"}
	f.terSet = []string{"ter-case-sensitive", "ter-normalized", "ter-no-punct", "ter-asian-support"}
	return f
}

// metrics turns the flags into model.Metrics; lowercase is -l, which
// applies to chrF as to BLEU. The implied metrics are added as if
// --metrics had listed them (segments --sort chrf implies chrf).
func (f *metricFlags) metrics(lowercase bool, implied ...string) (model.Metrics, error) {
	hint := f.fs.helpHint()
	m := model.Metrics{ChrF: f.chrf, TER: f.ter}
	m.ChrF.Lowercase = lowercase
	for _, typed := range strings.Split(f.names, ",") {
		n := strings.ToLower(strings.TrimSpace(typed))
		if n == "" {
			return model.Metrics{}, f.fs.badValue([]string{"metrics"}, "%s; list any of %s, comma-separated", emptyItem(f.names, "name"), scoring.OrList(model.MetricNames))
		}
		if !slices.Contains(model.MetricNames, n) {
			return model.Metrics{}, f.fs.badValue([]string{"metrics"}, "%q is not %s (list any of them, comma-separated)", strings.TrimSpace(typed), scoring.OrList(model.MetricNames))
		}
		if !slices.Contains(m.Names, n) {
			m.Names = append(m.Names, n)
		}
	}
	for _, n := range implied {
		if !slices.Contains(m.Names, n) {
			m.Names = append(m.Names, n)
		}
	}
	for _, c := range []struct {
		metric string
		flags  []string
	}{{model.MetricChrF, f.chrfSet}, {model.MetricTER, f.terSet}} {
		for _, n := range c.flags {
			if f.fs.given(n) && !m.Has(c.metric) {
				return model.Metrics{}, usagef("%s applies only when --metrics includes %s; %s", flagName(n), c.metric, hint)
			}
		}
	}
	if m.Has(model.MetricChrF) {
		if err := m.ChrF.Validate(); err != nil {
			return model.Metrics{}, f.fs.optionError(err)
		}
	}
	return m, nil
}

// metricFlagsHelp documents --metrics and the chrF and TER options.
const metricFlagsHelp = `Metrics (sacrebleu 2.6.0's chrF and TER beside BLEU):
      --metrics M,...       bleu (default), chrf, ter, in any combination; the
                            JSON objects keep BLEU's fields and gain "chrf"
                            and "ter"; text prints one line or column each;
                            -l lowercases for chrF as for BLEU
      --chrf-char-order N   chrF character n-gram order (default 6)
      --chrf-word-order N   chrF word n-gram order (default 0; 2 is chrF++)
      --chrf-beta N         recall weighs N times precision (default 2)
      --chrf-whitespace     keep whitespace in chrF's character n-grams
      --chrf-eps-smoothing  chrF averages every order's F-score (chrF++.py,
                            Moses, NLTK) instead of sacrebleu's effective order
      --ter-case-sensitive  TER keeps case (it lowercases by default)
      --ter-normalized      TER's Tercom normalisation (punctuation, entities)
      --ter-no-punct        TER removes punctuation
      --ter-asian-support   TER splits CJK characters and Asian punctuation
                            (with --ter-normalized or --ter-no-punct)
`
