package sacrebleu

import (
	"context"
	"strconv"
	"strings"

	"github.com/bleuscope/bleuscope/scoring"
)

// metric is one of sacrebleu's metrics as its command line drives it:
// built once with the reference streams and the options, then asked for
// corpus scores, sentence scores or per-segment statistics. BLEU, chrF and
// TER each implement it in a file of their own.
type metric interface {
	// key is the upper-case name that orders the metrics of a
	// single-system run (BLEU, CHRF, TER).
	key() string
	// name is the score's name (BLEU, chrF2, chrF2++, TER).
	name() string
	// fields are the metric's own signature fields, in sacrebleu's order.
	fields() []sigField
	// corpus scores every system against the references.
	corpus(ctx context.Context, systems [][]string) ([]score, error)
	// sentences scores every segment of hyps on its own.
	sentences(ctx context.Context, hyps []string) ([]score, error)
	// statistics returns the per-segment statistics of each system (for
	// segment i, the Width() values at i·Width()) and the metric that
	// scores their sums, for the significance tests.
	statistics(ctx context.Context, systems [][]string) (sigStats, error)
	// warnings returns what sacrebleu would log about one system's
	// hypotheses when it scores them (BLEU's tokenized-input warning).
	warnings(hyps []string) []string
}

// references are the reference streams a metric scores against, one
// per reference translation.
type references [][]string

// of appends the references of segment i to out.
func (r references) of(i int, out []string) []string {
	for _, stream := range r {
		out = append(out, stream[i])
	}
	return out
}

// score is a metric's result as sacrebleu's Score object holds it.
type score struct {
	name  string
	value float64
	// verbose is the part BLEU prints after the score.
	verbose string
	// mean and ci are the bootstrap estimate of --confidence; mean -1
	// (sacrebleu's default) means none.
	mean, ci float64
}

// format is sacrebleu's Score.format: the score to width decimals, the
// confidence interval when there is one, then as JSON (indent 1), as the
// score alone, or as "NAME|SIGNATURE = SCORE VERBOSE".
func (s score) format(width int, scoreOnly bool, sig string, isJSON bool) string {
	sc := scoring.PyFixed(s.value, width)
	var confMean, confCI, conf string
	if s.mean > 0 {
		confMean, confCI = scoring.PyFixed(s.mean, width), scoring.PyFixed(s.ci, width)
		conf = "μ = " + confMean + " ± " + confCI
		sc += " (" + conf + ")"
	}
	if scoreOnly {
		return sc
	}
	if !isJSON {
		full := s.name
		if sig != "" {
			full += "|" + sig
		}
		full += " = " + sc
		if s.verbose != "" {
			full += " " + s.verbose
		}
		return full
	}
	var obj jsonObject
	obj.add("name", jsonString(s.name, false))
	obj.add("score", jsonFloat(roundTrip(s.value, width)))
	obj.add("signature", jsonString(sig, false))
	if s.mean > 0 {
		obj.add("confidence_mean", jsonFloat(roundTrip(s.mean, width)))
		obj.add("confidence_var", jsonFloat(roundTrip(s.ci, width)))
		obj.add("confidence", jsonString(conf, false))
	}
	if s.verbose != "" {
		obj.add("verbose_score", jsonString(s.verbose, false))
	}
	for _, kv := range strings.Split(sig, "|") {
		k, v, _ := strings.Cut(kv, ":")
		obj.add(k, jsonString(v, false))
	}
	return obj.dump(1, 0)
}

// roundTrip is Python's float(f"{x:.{width}f}").
func roundTrip(x float64, width int) float64 {
	v, err := strconv.ParseFloat(scoring.PyFixed(x, width), 64)
	if err != nil {
		return x
	}
	return v
}

// jsonObject is a Python dict on its way through json.dumps: keys in
// insertion order, a repeated key replacing the value in place.
type jsonObject struct {
	keys []string
	vals []string // encoded values
	subs []*jsonObject
}

func (o *jsonObject) add(k, encoded string) { o.set(k, encoded, nil) }

func (o *jsonObject) addObject(k string, sub *jsonObject) { o.set(k, "", sub) }

func (o *jsonObject) set(k, encoded string, sub *jsonObject) {
	for i, old := range o.keys {
		if old == k {
			o.vals[i], o.subs[i] = encoded, sub
			return
		}
	}
	o.keys = append(o.keys, k)
	o.vals = append(o.vals, encoded)
	o.subs = append(o.subs, sub)
}

// dump is json.dumps(o, indent=indent) at nesting depth level; the values
// are already encoded, the keys (ASCII here) are encoded as JSON strings.
func (o *jsonObject) dump(indent, level int) string {
	if len(o.keys) == 0 {
		return "{}"
	}
	in := strings.Repeat(" ", indent*(level+1))
	var b strings.Builder
	b.WriteString("{\n")
	for i, k := range o.keys {
		if i > 0 {
			b.WriteString(",\n")
		}
		b.WriteString(in + jsonString(k, true) + ": ")
		if o.subs[i] != nil {
			b.WriteString(o.subs[i].dump(indent, level+1))
		} else {
			b.WriteString(o.vals[i])
		}
	}
	b.WriteString("\n" + strings.Repeat(" ", indent*level) + "}")
	return b.String()
}

// sigField is one field of a signature: its name, its short name and its
// value as sacrebleu prints it.
type sigField struct {
	key, abbr, value string
}

// signature is sacrebleu's Signature of a metric: nrefs, the resampling
// fields when a test ran, the metric's own fields, then the version.
type signature struct {
	nrefs string
	// bs, ar and seed are the resampling fields ("" when absent).
	bs, ar, seed string
	fields       []sigField
	version      string
}

// newSignature starts the signature of m with nrefs references.
func newSignature(m metric, nrefs int, version string) signature {
	return signature{nrefs: strconv.Itoa(nrefs), fields: m.fields(), version: version}
}

// format is Signature.format: "name:value" joined by "|", with the short
// names when short is set.
func (s signature) format(short bool) string {
	parts := make([]string, 0, 5+len(s.fields))
	add := func(key, abbr, value string) {
		if value == "" {
			return
		}
		if short {
			key = abbr
		}
		parts = append(parts, key+":"+value)
	}
	add("nrefs", "#", s.nrefs)
	add("bs", "bs", s.bs)
	add("ar", "ar", s.ar)
	add("seed", "rs", s.seed)
	for _, f := range s.fields {
		add(f.key, f.abbr, f.value)
	}
	add("version", "v", s.version)
	return strings.Join(parts, "|")
}

// yesNo is how signatures print a boolean.
func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
