package cli

import (
	"errors"
	"fmt"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/bleuscope/bleuscope/ui/cli/sacrebleu"
)

// scoreFlags are the options that change a BLEU figure, shared by every
// command that scores.
type scoreFlags struct {
	fs            *flagSet
	tokenize      string
	lowercase     bool
	smooth        string
	smoothValue   float64
	maxOrder      int
	effective     bool
	compat        string
	nltkSmoothing int
	nltkEpsilon   float64
	nltkAlpha     float64
	nltkK         float64
	weights       string
	autoReweigh   bool
}

// addScoreFlags registers the scoring options on fs with their defaults.
func addScoreFlags(fs *flagSet) *scoreFlags {
	d := scoring.DefaultOptions()
	f := &scoreFlags{
		fs:            fs,
		tokenize:      d.Tokenize,
		smooth:        d.Smooth,
		maxOrder:      d.MaxOrder,
		compat:        d.Compat,
		nltkSmoothing: d.NLTK.Smoothing.Method,
		nltkEpsilon:   d.NLTK.Smoothing.Epsilon,
		nltkAlpha:     d.NLTK.Smoothing.Alpha,
		nltkK:         d.NLTK.Smoothing.K,
	}
	fs.alias(stringFlag{&f.tokenize}, "tokenizer", "t", "tokenize")
	fs.alias(boolFlag{&f.lowercase}, "lowercase", "l", "lowercase")
	fs.StringVar(&f.smooth, "smooth", f.smooth, "smoothing method")
	fs.Var(floatFlag{&f.smoothValue, "0.1 or 1"}, "smooth-value", "smoothing value")
	fs.Var(intFlag{&f.maxOrder, "4"}, "max-order", "max n-gram order")
	fs.Var(boolFlag{&f.effective}, "effective-order", "effective order")
	fs.StringVar(&f.compat, "compat", f.compat, "sacrebleu or nltk")
	fs.Var(nltkMethodFlag{intFlag{&f.nltkSmoothing, "1"}}, "nltk-smoothing", "NLTK smoothing method 0-7")
	fs.Var(floatFlag{&f.nltkEpsilon, "0.1"}, "nltk-epsilon", "NLTK epsilon")
	fs.Var(floatFlag{&f.nltkAlpha, "5"}, "nltk-alpha", "NLTK alpha")
	fs.Var(floatFlag{&f.nltkK, "5"}, "nltk-k", "NLTK k")
	fs.StringVar(&f.weights, "weights", "", "NLTK weights")
	fs.Var(boolFlag{&f.autoReweigh}, "auto-reweigh", "NLTK auto_reweigh")
	return f
}

// sacrebleuOnly and nltkOnly are the flags that mean something in one
// compat only; giving them in the other is a mistake worth reporting.
var (
	sacrebleuOnly = []string{"smooth", "smooth-value", "effective-order"}
	nltkOnly      = []string{"nltk-smoothing", "nltk-epsilon", "nltk-alpha", "nltk-k", "weights", "auto-reweigh"}
)

// scoreOnly are the scoring flags that change a score but no n-gram
// count, with what counts do not depend on: a command that only counts
// (ngrams) refuses them rather than ignore them. Tokenizer, case and max
// order change the counts.
var scoreOnly = []struct{ name, why string }{
	{"smooth", "n-gram counts do not depend on smoothing"},
	{"smooth-value", "n-gram counts do not depend on smoothing"},
	{"effective-order", "n-gram counts do not depend on the effective order (--max-order sets the orders counted)"},
	{"compat", "sacrebleu and NLTK count the same n-grams"},
	{"nltk-smoothing", "n-gram counts do not depend on smoothing"},
	{"nltk-epsilon", "n-gram counts do not depend on smoothing"},
	{"nltk-alpha", "n-gram counts do not depend on smoothing"},
	{"nltk-k", "n-gram counts do not depend on smoothing"},
	{"weights", "n-gram counts do not depend on the weights (--max-order sets the orders counted)"},
	{"auto-reweigh", "n-gram counts do not depend on the weights"},
}

// refuseScoreOnly returns a usage error naming the first flag of
// scoreOnly given to command cmd, which counts n-grams and scores nothing.
func refuseScoreOnly(fs *flagSet, cmd string) error {
	for _, f := range scoreOnly {
		if fs.given(f.name) {
			return usagef("%s does not apply to %s: %s; %s", flagName(f.name), cmd, f.why, fs.helpHint())
		}
	}
	return nil
}

// settings turns the flags into model.Settings: the defaults (effective
// order off for corpus scores, on for sentence scores, as in sacrebleu),
// then every flag applied to both kinds of score. --effective-order given
// explicitly applies to both. A bad value is reported naming its flag.
func (f *scoreFlags) settings() (model.Settings, error) {
	fs := f.fs
	hint := fs.helpHint()
	compat := strings.ToLower(f.compat)
	switch compat {
	case scoring.CompatSacreBLEU:
		for _, n := range nltkOnly {
			if fs.given(n) {
				return model.Settings{}, usagef("%s applies only with --compat nltk; %s", flagName(n), hint)
			}
		}
		if fs.given("smooth-value") && !scoring.TakesSmoothValue(f.smooth) {
			// sacrebleu ignores it there; so would the score, silently.
			return model.Settings{}, usagef("--smooth-value applies only with --smooth floor or add-k (%s takes no value); %s", f.smooth, hint)
		}
	case scoring.CompatNLTK:
		for _, n := range sacrebleuOnly {
			if fs.given(n) {
				return model.Settings{}, usagef("%s applies only with --compat sacrebleu (NLTK has --nltk-smoothing); %s", flagName(n), hint)
			}
		}
	default:
		return model.Settings{}, fs.badValue([]string{"compat"}, "%q is not sacrebleu or nltk", f.compat)
	}

	var weights []float64
	maxOrder := f.maxOrder
	if fs.given("weights") {
		w, err := parseWeights(f.weights)
		if err != nil {
			return model.Settings{}, fs.badValue([]string{"weights"}, "%s", err)
		}
		if fs.given("max-order") && maxOrder != len(w) {
			return model.Settings{}, usagef("--weights has %d values but --max-order is %d: give one of them; %s", len(w), maxOrder, hint)
		}
		weights, maxOrder = w, len(w)
	}
	smoothValue := f.smoothValue
	if !fs.given("smooth-value") {
		smoothValue = scoring.DefaultSmoothValue(f.smooth)
	}

	set := model.DefaultSettings().WithOption(func(o *scoring.Options) {
		o.Tokenize = f.tokenize
		o.Lowercase = f.lowercase
		o.Smooth = f.smooth
		o.SmoothValue = smoothValue
		o.MaxOrder = maxOrder
		o.Compat = compat
		o.NLTK.Smoothing = scoring.NLTKSmoothing{
			Method:  f.nltkSmoothing,
			Epsilon: f.nltkEpsilon,
			Alpha:   f.nltkAlpha,
			K:       f.nltkK,
		}
		o.NLTK.Weights = scoring.NewWeights(weights)
		o.NLTK.AutoReweigh = f.autoReweigh
		if fs.given("effective-order") {
			o.EffectiveOrder = f.effective
		}
	})
	if err := set.Validate(); err != nil {
		return model.Settings{}, fs.optionError(err)
	}
	return set, nil
}

// optionFlags are the flags that set each scoring option; the names of
// one option spell the same flag.
var optionFlags = map[scoring.OptionName][]string{
	scoring.OptTokenize:      {"t", "tokenize"},
	scoring.OptSmooth:        {"smooth"},
	scoring.OptSmoothValue:   {"smooth-value"},
	scoring.OptMaxOrder:      {"max-order"},
	scoring.OptCompat:        {"compat"},
	scoring.OptNLTKSmoothing: {"nltk-smoothing"},
	scoring.OptNLTKEpsilon:   {"nltk-epsilon"},
	scoring.OptNLTKAlpha:     {"nltk-alpha"},
	scoring.OptNLTKK:         {"nltk-k"},
	scoring.OptWeights:       {"weights"},
	scoring.OptChrFCharOrder: {"chrf-char-order"},
	scoring.OptChrFWordOrder: {"chrf-word-order"},
	scoring.OptChrFBeta:      {"chrf-beta"},
}

// optionError reports scoring's verdict on an option as a usage error
// naming the option's flag and its number as they were written
// (--max-order: 010 is not between 1 and 9; see …), or with the message alone when no one option
// is wrong. Any other error is returned as it is.
func (fs *flagSet) optionError(err error) error {
	var oe *scoring.OptionError
	if !errors.As(err, &oe) {
		return err
	}
	if names, ok := optionFlags[oe.Option]; ok {
		if oe.Rule != "" && fs.given(names...) {
			return fs.badNumber(names, "%s", oe.Rule)
		}
		if oe.Option == scoring.OptTokenize && sacrebleu.IsTestSet(fs.typedValue(names...)) {
			return fs.badValue(names, "%s; sacrebleu's -t names a test set, where bleuscope's is the tokenizer: give the test set's files, or run bleuscope sacrebleu -t %s -l PAIR, which reads sacrebleu's local cache", oe.Msg, fs.typedValue(names...))
		}
		return fs.badValue(names, "%s", oe.Msg)
	}
	return usagef("%s; %s", oe.Msg, fs.helpHint())
}

// parseWeights reads --weights: comma-separated numbers, at most
// scoring.MaxOrderLimit of them. Its errors do not name the flag.
func parseWeights(s string) ([]float64, error) {
	parts := strings.Split(s, ",")
	if len(parts) > scoring.MaxOrderLimit {
		return nil, fmt.Errorf("%d values given; at most %d are allowed", len(parts), scoring.MaxOrderLimit)
	}
	w := make([]float64, len(parts))
	for i, p := range parts {
		x, err := model.ParseDecimal(numberText(p))
		if err != nil {
			return nil, fmt.Errorf("%w; give numbers separated by commas, like 0.5,0.5", err)
		}
		w[i] = x
	}
	return w, nil
}

// countFlagsHelp documents the scoring options that change n-gram counts,
// for the help of a command that counts and scores nothing (ngrams); the
// lines are those of scoreFlagsHelp.
const countFlagsHelp = `Counting options (the same as sacrebleu's):
  -t, --tokenize TOK        13a, intl, zh, char or none (default 13a)
  -l, --lowercase           lowercase before tokenizing
      --max-order N         highest n-gram order, 1-9 (default 4)
(Smoothing, --effective-order, --compat and the NLTK options change
scores, not counts: they are refused here.)
`

// scoreFlagsHelp documents the scoring options for every command's help.
const scoreFlagsHelp = `Scoring options (the same as sacrebleu's):
  -t, --tokenize TOK        13a, intl, zh, char or none (default 13a)
  -l, --lowercase           lowercase before tokenizing
      --smooth M            exp, floor, add-k or none (default exp)
      --smooth-value X      value of floor (default 0.1) or add-k (default 1)
      --max-order N         highest n-gram order, 1-9 (default 4)
      --effective-order=B   true or false; default false for corpus scores
                            and true for sentence scores, as in sacrebleu
NLTK compatibility:
      --compat C            sacrebleu (default) or nltk (NLTK 3.8's
                            bleu_score, on its 0-1 scale)
      --nltk-smoothing M    NLTK's SmoothingFunction method: 0..7 or
                            method0..method7 (default 0)
      --nltk-epsilon X      method1's epsilon (default 0.1)
      --nltk-alpha X        method6's alpha (default 5)
      --nltk-k X            method4's and method7's k (default 5)
      --weights W,...       n-gram weights, any length; sets the max order
      --auto-reweigh        NLTK's auto_reweigh: with the default weights and
                            fewer than 4 hypothesis tokens in all, weights 1/c
`
