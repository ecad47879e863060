package model

import (
	"testing"

	"github.com/bleuscope/bleuscope/scoring"
)

func TestSmoothingVariants(t *testing.T) {
	opt := scoring.SentenceOptions()
	opt.Lowercase, opt.MaxOrder = true, 3
	opt.Smooth, opt.SmoothValue = scoring.SmoothFloor, 0.5
	opt.NLTK.Smoothing.Epsilon = 0.3
	sacre := func(smooth string, value float64, eff bool) scoring.Options {
		o := opt
		o.Smooth, o.SmoothValue, o.EffectiveOrder = smooth, value, eff
		return o
	}
	nltk := func(method int) scoring.Options {
		o := opt
		o.Compat = scoring.CompatNLTK
		o.NLTK.Smoothing = scoring.NLTKSmoothing{Method: method, Epsilon: 0.1, Alpha: 5, K: 5}
		return o
	}
	want := []scoring.Options{
		sacre("none", 0, true), sacre("floor", 0.1, true), sacre("add-k", 1, true), sacre("exp", 0, true),
		sacre("none", 0, false),
		nltk(0), nltk(1), nltk(2), nltk(3), nltk(4),
	}
	got := SmoothingVariants(opt)
	if len(got) != len(want) {
		t.Fatalf("%d variants; want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("variant %d = %+v\nwant %+v", i, got[i], want[i])
		}
		if err := got[i].Validate(); err != nil {
			t.Errorf("variant %d is not valid: %v", i, err)
		}
	}
}
