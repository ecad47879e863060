package scoring

import (
	"errors"
	"math"
	"testing"
)

// TestValidate gives each option a value Validate refuses: the error is an
// *OptionError naming that option, with the message a user reads after
// the option's flag, and it wraps the option's sentinel.
func TestValidate(t *testing.T) {
	nltk := func(f func(*Options)) func(*Options) {
		return func(o *Options) { o.Compat = CompatNLTK; f(o) }
	}
	for _, tt := range []struct {
		f        func(*Options)
		opt      OptionName
		msg      string
		sentinel error
	}{
		{func(o *Options) { o.Tokenize = "x" }, OptTokenize, `"x" is not a tokenizer (want 13a, intl, zh, char or none)`, ErrUnknownTokenizer},
		{func(o *Options) { o.Smooth = "y" }, OptSmooth, `"y" is not a smoothing method (want exp, floor, add-k or none)`, ErrUnknownSmoothing},
		{func(o *Options) { o.SmoothValue = -1 }, OptSmoothValue, "-1 is not a finite number ≥ 0", ErrBadOption},
		{func(o *Options) { o.SmoothValue = math.Inf(1) }, OptSmoothValue, "+Inf is not a finite number ≥ 0", ErrBadOption},
		{func(o *Options) { o.MaxOrder = 0 }, OptMaxOrder, "0 is not between 1 and 9", ErrBadOption},
		{func(o *Options) { o.MaxOrder = 10 }, OptMaxOrder, "10 is not between 1 and 9", ErrBadOption},
		{func(o *Options) { o.Compat = "z" }, OptCompat, `"z" is not sacrebleu or nltk`, ErrBadOption},
		{nltk(func(o *Options) { o.NLTK.Smoothing.Method = 8 }), OptNLTKSmoothing, "8 is not between 0 and 7 (NLTK's method0..method7)", ErrBadOption},
		{nltk(func(o *Options) { o.NLTK.Smoothing.Method = -1 }), OptNLTKSmoothing, "-1 is not between 0 and 7 (NLTK's method0..method7)", ErrBadOption},
		{nltk(func(o *Options) { o.NLTK.Smoothing.Epsilon = math.NaN() }), OptNLTKEpsilon, "NaN is not a finite number", ErrBadOption},
		{nltk(func(o *Options) { o.NLTK.Smoothing.Alpha = math.Inf(-1) }), OptNLTKAlpha, "-Inf is not a finite number", ErrBadOption},
		{nltk(func(o *Options) { o.NLTK.Smoothing.K = math.NaN() }), OptNLTKK, "NaN is not a finite number", ErrBadOption},
		{nltk(func(o *Options) { o.NLTK.Weights = NewWeights([]float64{0.5, 0.5}) }), OptWeights, "2 weights given for max order 4", ErrBadOption},
		{nltk(func(o *Options) { o.NLTK.Weights = NewWeights([]float64{1, math.NaN(), 1, 1}) }), OptWeights, "NaN is not a finite number", ErrBadOption},
	} {
		err := opts(tt.f).Validate()
		var oe *OptionError
		if !errors.As(err, &oe) || oe.Option != tt.opt || oe.Msg != tt.msg || !errors.Is(err, tt.sentinel) {
			t.Errorf("Validate() = %#v; want %s: %s wrapping %v", err, tt.opt, tt.msg, tt.sentinel)
			continue
		}
		if want := "scoring: " + string(tt.opt) + ": " + tt.msg; err.Error() != want {
			t.Errorf("Validate() = %q; want %q", err, want)
		}
	}
	if err := DefaultOptions().Validate(); err != nil {
		t.Errorf("defaults invalid: %v", err)
	}
	// The NLTK knobs are not checked in sacrebleu compat, where they do
	// not apply.
	if err := opts(func(o *Options) { o.NLTK.Smoothing.Method = 8 }).Validate(); err != nil {
		t.Errorf("nltk smoothing 8 in sacrebleu compat: %v", err)
	}
}

// TestChrFValidate does the same for the chrF options; an order of 0 for
// both kinds of n-gram is a problem of no one option.
func TestChrFValidate(t *testing.T) {
	for _, tt := range []struct {
		o   ChrFOptions
		opt OptionName
		msg string
	}{
		{ChrFOptions{CharOrder: -1, Beta: 2}, OptChrFCharOrder, "-1 is not between 0 and 32"},
		{ChrFOptions{CharOrder: 6, WordOrder: 33, Beta: 2}, OptChrFWordOrder, "33 is not between 0 and 32"},
		{ChrFOptions{CharOrder: 6, Beta: 3037000500}, OptChrFBeta, "3037000500 is not between 0 and 3037000499"},
		{ChrFOptions{Beta: 2}, "", "chrF needs a character order or a word order above 0"},
	} {
		err := tt.o.Validate()
		var oe *OptionError
		if !errors.As(err, &oe) || oe.Option != tt.opt || oe.Msg != tt.msg || !errors.Is(err, ErrBadOption) {
			t.Errorf("Validate(%+v) = %#v; want %q: %s", tt.o, err, tt.opt, tt.msg)
		}
	}
	if err := (ChrFOptions{Beta: 2}).Validate(); err == nil || err.Error() != "scoring: chrF needs a character order or a word order above 0" {
		t.Errorf("Validate with no order = %v", err)
	}
}
