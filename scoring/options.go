package scoring

import (
	"errors"
	"fmt"
	"math"
)

// MaxOrderLimit is the highest n-gram order any option may ask for.
const MaxOrderLimit = 9

// MaxNLTKMethod is the highest of NLTK's smoothing methods, method0 to
// method7.
const MaxNLTKMethod = 7

// Smoothing method names, as sacrebleu spells them.
const (
	SmoothExp   = "exp"
	SmoothFloor = "floor"
	SmoothAddK  = "add-k"
	SmoothNone  = "none"
)

// SmoothNames lists sacrebleu's smoothing methods in the order help texts show them.
var SmoothNames = []string{SmoothExp, SmoothFloor, SmoothAddK, SmoothNone}

// Compatibility flavours.
const (
	CompatSacreBLEU = "sacrebleu"
	CompatNLTK      = "nltk"
)

// Sentinel errors wrapped by the [*OptionError] of a bad option.
var (
	ErrUnknownSmoothing = errors.New("scoring: unknown smoothing")
	ErrBadOption        = errors.New("scoring: bad option")
)

// Options is everything that changes a BLEU figure. The zero value is not
// valid; start from [DefaultOptions] or [SentenceOptions]. Options are
// comparable: two are the same options exactly when they are ==.
type Options struct {
	// Tokenize names the tokenizer: 13a, intl, zh, char or none.
	Tokenize string
	// Lowercase applies Python's str.lower() before tokenizing.
	Lowercase bool
	// Smooth is the smoothing method: exp, floor, add-k or none.
	Smooth string
	// SmoothValue is the parameter of floor and add-k; it is always the
	// effective value (use [DefaultSmoothValue] when the user gives none).
	SmoothValue float64
	// MaxOrder is the highest n-gram order N, 1..MaxOrderLimit.
	MaxOrder int
	// EffectiveOrder stops the geometric mean at the highest order that has
	// any n-gram, as sacrebleu's sentence scores do.
	EffectiveOrder bool
	// Compat is the reference implementation: sacrebleu or nltk.
	Compat string
	// NLTK holds the options that apply in nltk compat only.
	NLTK NLTKOptions
}

// NLTKOptions are the NLTK-only knobs: the smoothing function, the weights
// and auto_reweigh.
type NLTKOptions struct {
	// Smoothing is NLTK's SmoothingFunction method and its parameters.
	Smoothing NLTKSmoothing
	// Weights are the n-gram weights; the zero value means uniform over
	// MaxOrder.
	Weights Weights
	// AutoReweigh is NLTK's auto_reweigh flag.
	AutoReweigh bool
}

// DefaultOptions returns sacrebleu's corpus defaults: 13a, mixed case, exp
// smoothing, N=4, effective order off.
func DefaultOptions() Options {
	return Options{
		Tokenize:    "13a",
		Smooth:      SmoothExp,
		SmoothValue: DefaultSmoothValue(SmoothExp),
		MaxOrder:    4,
		Compat:      CompatSacreBLEU,
		NLTK:        NLTKOptions{Smoothing: DefaultNLTKSmoothing()},
	}
}

// SentenceOptions returns sacrebleu's sentence-level defaults: the corpus
// defaults with effective order on.
func SentenceOptions() Options {
	o := DefaultOptions()
	o.EffectiveOrder = true
	return o
}

// DefaultSmoothValue returns sacrebleu's default parameter of a smoothing
// method: 0.1 for floor, 1 for add-k, 0 for the others.
func DefaultSmoothValue(method string) float64 {
	switch method {
	case SmoothFloor:
		return 0.1
	case SmoothAddK:
		return 1
	}
	return 0
}

// TakesSmoothValue reports whether the sacrebleu smoothing method uses a
// value (floor and add-k), which its signature and every display show.
func TakesSmoothValue(method string) bool {
	return method == SmoothFloor || method == SmoothAddK
}

// WithoutSmoothing returns o with smoothing turned off under its compat:
// sacrebleu's "none" (value 0), or NLTK's method0, which still puts
// sys.float_info.min in place of a zero precision.
func (o Options) WithoutSmoothing() Options {
	if o.Compat == CompatNLTK {
		o.NLTK.Smoothing.Method = 0
		return o
	}
	o.Smooth, o.SmoothValue = SmoothNone, 0
	return o
}

// Validate reports the first thing wrong with o as an [*OptionError]
// naming the option, whose text can be shown to a user as it is.
func (o Options) Validate() error {
	if _, err := NewTokenizer(o.Tokenize); err != nil {
		return err
	}
	switch o.Smooth {
	case SmoothExp, SmoothFloor, SmoothAddK, SmoothNone:
	default:
		return &OptionError{Option: OptSmooth, err: ErrUnknownSmoothing,
			Msg: fmt.Sprintf("%q is not a smoothing method (want %s)", o.Smooth, OrList(SmoothNames))}
	}
	if math.IsNaN(o.SmoothValue) || math.IsInf(o.SmoothValue, 0) || o.SmoothValue < 0 {
		return badNumber(OptSmoothValue, o.SmoothValue, "is not a finite number ≥ 0")
	}
	if o.MaxOrder < 1 || o.MaxOrder > MaxOrderLimit {
		return badNumber(OptMaxOrder, o.MaxOrder, "is not between 1 and %d", MaxOrderLimit)
	}
	switch o.Compat {
	case CompatSacreBLEU:
	case CompatNLTK:
		return o.NLTK.validate(o.MaxOrder)
	default:
		return badOption(OptCompat, "%q is not sacrebleu or nltk", o.Compat)
	}
	return nil
}

func (n NLTKOptions) validate(maxOrder int) error {
	s := n.Smoothing
	if s.Method < 0 || s.Method > MaxNLTKMethod {
		return badNumber(OptNLTKSmoothing, s.Method, "is not between 0 and %d (NLTK's method0..method%[1]d)", MaxNLTKMethod)
	}
	for _, v := range []struct {
		opt OptionName
		x   float64
	}{{OptNLTKEpsilon, s.Epsilon}, {OptNLTKAlpha, s.Alpha}, {OptNLTKK, s.K}} {
		if math.IsNaN(v.x) || math.IsInf(v.x, 0) {
			return badNumber(v.opt, v.x, "is not a finite number")
		}
	}
	if n.Weights.n > 0 {
		if n.Weights.n != maxOrder {
			return badOption(OptWeights, "%d weights given for max order %d", n.Weights.n, maxOrder)
		}
		for _, w := range n.Weights.Slice() {
			if math.IsNaN(w) || math.IsInf(w, 0) {
				return badOption(OptWeights, "%v is not a finite number", w)
			}
		}
	}
	return nil
}

// NLTKWeights returns the weights NLTK mode uses: the given ones, or
// uniform 1/N over MaxOrder.
func (o Options) NLTKWeights() []float64 {
	if o.NLTK.Weights.n > 0 {
		return o.NLTK.Weights.Slice()
	}
	w := make([]float64, o.MaxOrder)
	for i := range w {
		w[i] = 1 / float64(o.MaxOrder)
	}
	return w
}

// SameStatistics reports whether a and b give the same per-segment
// statistics (as far as the orders counted reach), so that switching from
// one to the other needs only the arithmetic of [Compute], not a new pass
// over the text. The caller checks that the statistics hold b.MaxOrder
// orders.
func SameStatistics(a, b Options) bool {
	return a.Tokenize == b.Tokenize && a.Lowercase == b.Lowercase &&
		(a.Compat == CompatNLTK) == (b.Compat == CompatNLTK)
}

// Weights are NLTK's n-gram weights as given, held by value so that
// [Options] stay comparable. The zero value means none were given.
type Weights struct {
	n int                    // how many were given
	w [MaxOrderLimit]float64 // the first MaxOrderLimit of them
}

// NewWeights returns w as Weights. More than [MaxOrderLimit] weights are
// kept as a count only: [Options.Validate] rejects their max order.
func NewWeights(w []float64) Weights {
	ws := Weights{n: len(w)}
	copy(ws.w[:], w)
	return ws
}

// Len returns how many weights were given (0: none, uniform weights).
func (w Weights) Len() int { return w.n }

// Slice returns the weights given, in a new slice (nil when none were).
func (w Weights) Slice() []float64 {
	if w.n == 0 {
		return nil
	}
	return append([]float64(nil), w.w[:min(w.n, MaxOrderLimit)]...)
}
