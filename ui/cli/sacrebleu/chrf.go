package sacrebleu

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/bleuscope/bleuscope/scoring"
)

// chrfMetric is sacrebleu's chrF (chrF++ with word n-grams) over
// bleuscope's scoring package.
type chrfMetric struct {
	refs references
	opt  scoring.ChrFOptions
}

// chrfRanges are, for each chrF option [scoring.ChrFOptions.Validate]
// checks the range of, its argparse destination, its flag and the
// largest value bleuscope's chrF takes (the smallest is 0).
var chrfRanges = map[scoring.OptionName]struct {
	dest, flag string
	max        int64
}{
	scoring.OptChrFCharOrder: {"chrf_char_order", "--chrf-char-order", scoring.ChrFMaxOrder},
	scoring.OptChrFWordOrder: {"chrf_word_order", "--chrf-word-order", scoring.ChrFMaxOrder},
	scoring.OptChrFBeta:      {"chrf_beta", "--chrf-beta", scoring.ChrFMaxBeta},
}

// newCHRF builds chrF from the --chrf-* options.
func newCHRF(o *options, refs [][]string) (*chrfMetric, []string, error) {
	opt := scoring.ChrFOptions{
		CharOrder:    o.chrfCharOrder,
		WordOrder:    o.chrfWordOrder,
		Beta:         o.chrfBeta,
		Lowercase:    o.chrfLower,
		Whitespace:   o.chrfWhitespace,
		EpsSmoothing: o.chrfEps,
	}
	if err := opt.Validate(); err != nil {
		msg := "bleuscope cannot compute this chrF: " + err.Error()
		var oe *scoring.OptionError
		if errors.As(err, &oe) {
			if oe.Option == "" { // both orders 0, each in range
				does := "scores 0.0" // no order has statistics: its effective order is 0
				if opt.EpsSmoothing {
					does = "fails dividing by zero" // its sum is divided by the number of orders
				}
				msg = "bleuscope's chrF needs --chrf-char-order or --chrf-word-order above 0, where sacrebleu " + does + " with neither; give one of them"
			}
			if r, ok := chrfRanges[oe.Option]; ok {
				v := map[scoring.OptionName]int{scoring.OptChrFCharOrder: opt.CharOrder, scoring.OptChrFWordOrder: opt.WordOrder, scoring.OptChrFBeta: opt.Beta}[oe.Option]
				// A value beyond Go's int is shown as given, not clamped.
				msg = fmt.Sprintf("bleuscope's chrF takes %s from 0 to %d, not %s, where sacrebleu takes any whole number; give one in that range", r.flag, r.max, o.intText(r.dest, v))
			}
		}
		return nil, nil, fatal(1, msg)
	}
	return &chrfMetric{refs: refs, opt: opt}, nil, nil
}

func (m *chrfMetric) key() string  { return "CHRF" }
func (m *chrfMetric) name() string { return m.opt.Name() }

func (m *chrfMetric) fields() []sigField {
	kase := "mixed"
	if m.opt.Lowercase {
		kase = "lc"
	}
	return []sigField{
		{"case", "c", kase},
		{"eff", "e", yesNo(!m.opt.EpsSmoothing)},
		{"nc", "nc", strconv.Itoa(m.opt.CharOrder)},
		{"nw", "nw", strconv.Itoa(m.opt.WordOrder)},
		{"space", "s", yesNo(m.opt.Whitespace)},
	}
}

func (m *chrfMetric) result(stats []int) score {
	return score{name: m.opt.Name(), value: scoring.ChrFScore(stats, m.opt), mean: -1}
}

func (m *chrfMetric) corpus(ctx context.Context, systems [][]string) ([]score, error) {
	out := make([]score, len(systems))
	for k, hyps := range systems {
		st, err := scoring.ChrFCorpusStats(ctx, len(hyps), m.opt, func(i int, refs []string) (string, []string) {
			return hyps[i], m.refs.of(i, refs)
		})
		if err != nil {
			return nil, err
		}
		out[k] = m.result(st)
	}
	return out, nil
}

func (m *chrfMetric) sentences(ctx context.Context, hyps []string) ([]score, error) {
	out := make([]score, len(hyps))
	err := scoring.ChrFSegments(ctx, len(hyps), m.opt,
		func(i int, refs []string) (string, []string) { return hyps[i], m.refs.of(i, refs) },
		func(i int, st []int) { out[i] = m.result(st) })
	return out, err
}

func (m *chrfMetric) statistics(ctx context.Context, systems [][]string) (sigStats, error) {
	sm, err := scoring.NewChrFMetric(m.opt)
	if err != nil {
		return sigStats{}, err
	}
	counts := make([][]uint32, len(systems))
	for k, hyps := range systems {
		counts[k], err = scoring.ChrFCounts(ctx, len(hyps), m.opt, func(i int, refs []string) (string, []string) {
			return hyps[i], m.refs.of(i, refs)
		})
		if errors.Is(err, scoring.ErrChrFCountTooLarge) {
			return m.floatStatistics(ctx, sm, systems)
		}
		if err != nil {
			return sigStats{}, err
		}
	}
	return sigStats{metric: sm, counts: counts}, nil
}

// floatStatistics is statistics as float64, for counts too large for
// uint32 (a segment of over four billion characters).
func (m *chrfMetric) floatStatistics(ctx context.Context, sm scoring.Metric, systems [][]string) (sigStats, error) {
	out := make([][]float64, len(systems))
	for k, hyps := range systems {
		var err error
		out[k], err = scoring.ChrFStatistics(ctx, len(hyps), m.opt, func(i int, refs []string) (string, []string) {
			return hyps[i], m.refs.of(i, refs)
		})
		if err != nil {
			return sigStats{}, err
		}
	}
	return sigStats{metric: sm, floats: out}, nil
}

func (m *chrfMetric) warnings([]string) []string { return nil }
