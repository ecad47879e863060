package sacrebleu

import (
	"context"

	"github.com/bleuscope/bleuscope/scoring"
)

// terMetric is sacrebleu's TER over bleuscope's scoring package.
type terMetric struct {
	refs references
	opt  scoring.TEROptions
}

// newTER builds TER from the --ter-* options.
func newTER(o *options, refs [][]string) (*terMetric, []string, error) {
	return &terMetric{refs: refs, opt: scoring.TEROptions{
		CaseSensitive: o.terCase,
		Normalized:    o.terNormalized,
		NoPunct:       o.terNoPunct,
		AsianSupport:  o.terAsian,
	}}, nil, nil
}

func (m *terMetric) key() string  { return "TER" }
func (m *terMetric) name() string { return "TER" }

func (m *terMetric) fields() []sigField {
	kase := "lc"
	if m.opt.CaseSensitive {
		kase = "mixed"
	}
	return []sigField{
		{"case", "c", kase},
		{"tok", "t", "tercom"},
		{"norm", "nr", yesNo(m.opt.Normalized)},
		{"punct", "pn", yesNo(!m.opt.NoPunct)},
		{"asian", "as", yesNo(m.opt.AsianSupport)},
	}
}

func (m *terMetric) corpus(ctx context.Context, systems [][]string) ([]score, error) {
	out := make([]score, len(systems))
	for k, hyps := range systems {
		st, err := scoring.TERCorpusStats(ctx, len(hyps), m.opt, func(i int, refs []string) (string, []string) {
			return hyps[i], m.refs.of(i, refs)
		})
		if err != nil {
			return nil, err
		}
		out[k] = score{name: "TER", value: st.Score(), mean: -1}
	}
	return out, nil
}

func (m *terMetric) sentences(ctx context.Context, hyps []string) ([]score, error) {
	out := make([]score, len(hyps))
	err := scoring.TERSegments(ctx, len(hyps), m.opt,
		func(i int, refs []string) (string, []string) { return hyps[i], m.refs.of(i, refs) },
		func(i int, st scoring.TERStats) { out[i] = score{name: "TER", value: st.Score(), mean: -1} })
	return out, err
}

func (m *terMetric) statistics(ctx context.Context, systems [][]string) (sigStats, error) {
	out := make([][]float64, len(systems))
	for k, hyps := range systems {
		var err error
		out[k], err = scoring.TERStatistics(ctx, len(hyps), m.opt, func(i int, refs []string) (string, []string) {
			return hyps[i], m.refs.of(i, refs)
		})
		if err != nil {
			return sigStats{}, err
		}
	}
	return sigStats{metric: scoring.TERMetric{}, floats: out}, nil
}

func (m *terMetric) warnings([]string) []string { return nil }
