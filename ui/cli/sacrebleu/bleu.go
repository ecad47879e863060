package sacrebleu

import (
	"context"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/bleuscope/bleuscope/scoring"
)

// bleuMetric is sacrebleu's BLEU over bleuscope's scoring package.
type bleuMetric struct {
	refs references
	// opt is what the statistics are computed with (a smoothing value
	// that scoring would refuse is kept out of it: the statistics do not
	// depend on it); arith is what the score is computed with.
	opt, arith scoring.Options
	force      bool
}

// bleuTokenizerByLang is sacrebleu's choice of tokenizer for a target
// language when --tokenize is not given.
var bleuTokenizerByLang = map[string]string{"zh": "zh", "ja": "ja-mecab", "ko": "ko-mecab"}

// newBLEU builds BLEU from the command line options. trgLang is the target
// language of -l ("" without it). It returns the warnings sacrebleu logs
// while building it.
func newBLEU(o *options, refs [][]string, trgLang string) (*bleuMetric, []string, error) {
	var warns []string
	tok := "13a"
	if o.tokenize == nil {
		if t, ok := bleuTokenizerByLang[trgLang]; ok {
			tok = t
		}
	} else {
		tok = *o.tokenize
		for _, w := range []struct{ lang, want, msg string }{
			{"zh", "zh", "Consider using the 'zh' or 'spm' tokenizer for Chinese."},
			{"ja", "ja-mecab", "Consider using the 'ja-mecab' or 'spm' tokenizer for Japanese."},
			{"ko", "ko-mecab", "Consider using the 'ko-mecab' or 'spm' tokenizer for Korean."},
		} {
			if trgLang == w.lang && tok != w.want {
				warns = append(warns, w.msg)
			}
		}
	}
	if _, err := scoring.NewTokenizer(tok); err != nil {
		return nil, warns, fatal(1, "bleuscope has no "+tok+" tokenizer (sacrebleu's needs MeCab or a SentencePiece model); choose 13a, intl, zh, char or none with -tok")
	}
	arith := scoring.DefaultOptions()
	arith.Tokenize = tok
	arith.Lowercase = o.lowercase
	arith.Smooth = o.smoothMethod
	arith.SmoothValue = scoring.DefaultSmoothValue(o.smoothMethod)
	if o.smoothValue != nil {
		arith.SmoothValue = *o.smoothValue
	}
	arith.EffectiveOrder = o.sentenceLevel
	opt := arith
	opt.SmoothValue = scoring.DefaultSmoothValue(o.smoothMethod)
	return &bleuMetric{refs: refs, opt: opt, arith: arith, force: o.force}, warns, nil
}

func (m *bleuMetric) key() string  { return "BLEU" }
func (m *bleuMetric) name() string { return "BLEU" }

func (m *bleuMetric) fields() []sigField {
	smooth := m.arith.Smooth
	if scoring.TakesSmoothValue(smooth) {
		smooth += "[" + scoring.PyFixed(m.arith.SmoothValue, 2) + "]"
	}
	kase := "mixed"
	if m.arith.Lowercase {
		kase = "lc"
	}
	return []sigField{
		{"case", "c", kase},
		{"eff", "e", yesNo(m.arith.EffectiveOrder)},
		{"tok", "tok", m.arith.Tokenize},
		{"smooth", "s", smooth},
	}
}

func (m *bleuMetric) result(st scoring.Stats) score {
	r := scoring.Compute(st, m.arith)
	return score{name: "BLEU", value: r.Score, verbose: r.Details(), mean: -1}
}

func (m *bleuMetric) corpus(ctx context.Context, systems [][]string) ([]score, error) {
	out := make([]score, len(systems))
	if len(systems) == 1 {
		hyps := systems[0]
		st, err := scoring.CorpusStats(ctx, len(hyps), m.opt, func(i int, refs []string) (string, []string) {
			return hyps[i], m.refs.of(i, refs)
		})
		if err != nil {
			return nil, err
		}
		out[0] = m.result(st)
		return out, nil
	}
	if len(systems) == 0 {
		return out, nil
	}
	sums := make([]scoring.Stats, len(systems))
	var mu sync.Mutex
	err := scoring.ScoreSystems(ctx, len(systems[0]), m.opt, m.opt.MaxOrder,
		func(i int, hyps, refs []string) ([]string, []string) {
			for _, s := range systems {
				hyps = append(hyps, s[i])
			}
			return hyps, m.refs.of(i, refs)
		},
		func(i int, st []scoring.Stats) {
			mu.Lock()
			for k := range st {
				sums[k].Add(st[k])
			}
			mu.Unlock()
		})
	if err != nil {
		return nil, err
	}
	for k := range sums {
		out[k] = m.result(sums[k])
	}
	return out, nil
}

func (m *bleuMetric) sentences(ctx context.Context, hyps []string) ([]score, error) {
	out := make([]score, len(hyps))
	err := scoring.ScoreSegments(ctx, len(hyps), m.opt, m.opt.MaxOrder,
		func(i int, refs []string) (string, []string) { return hyps[i], m.refs.of(i, refs) },
		func(i int, st scoring.Stats) { out[i] = m.result(st) })
	return out, err
}

func (m *bleuMetric) statistics(ctx context.Context, systems [][]string) (sigStats, error) {
	sm, err := scoring.NewBLEUMetric(m.arith)
	if err != nil {
		return sigStats{}, fatal(1, "bleuscope cannot test this BLEU: "+err.Error())
	}
	counts, fit, err := bleuRows[uint32](ctx, m, systems, sm.Width())
	if err != nil || fit {
		return sigStats{metric: sm, counts: counts}, err
	}
	floats, _, err := bleuRows[float64](ctx, m, systems, sm.Width())
	return sigStats{metric: sm, floats: floats}, err
}

// bleuRows returns the per-segment statistics of every system, w values
// per segment, as T, and whether every value fits T (a uint32 holds a
// count up to 2^32 − 1, a segment of over four billion tokens).
func bleuRows[T uint32 | float64](ctx context.Context, m *bleuMetric, systems [][]string, w int) ([][]T, bool, error) {
	N := m.opt.MaxOrder
	out := make([][]T, len(systems))
	for k, s := range systems {
		out[k] = make([]T, len(s)*w)
	}
	var over atomic.Bool
	err := scoring.ScoreSystems(ctx, len(systems[0]), m.opt, N,
		func(i int, hyps, refs []string) ([]string, []string) {
			for _, s := range systems {
				hyps = append(hyps, s[i])
			}
			return hyps, m.refs.of(i, refs)
		},
		func(i int, st []scoring.Stats) {
			for k := range st {
				row := out[k][i*w : (i+1)*w]
				put := func(at, v int) {
					if row[at] = T(v); int(row[at]) != v {
						over.Store(true)
					}
				}
				put(0, st[k].HypLen)
				put(1, st[k].RefLen)
				for j := 0; j < N; j++ {
					put(2+j, st[k].Matches[j])
					put(2+N+j, st[k].Totals[j])
				}
			}
		})
	return out, !over.Load(), err
}

func (m *bleuMetric) warnings(hyps []string) []string {
	if m.force {
		return nil
	}
	n := 0
	for _, h := range hyps {
		if strings.HasSuffix(h, " .") {
			n++
		}
	}
	if n < 100 {
		return nil
	}
	return []string{
		"That's 100 lines that end in a tokenized period ('.')",
		"It looks like you forgot to detokenize your test data, which may hurt your score.",
		"If you insist your data is detokenized, or don't care, you can suppress this message with the `force` parameter.",
	}
}
