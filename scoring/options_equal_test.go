package scoring

import "testing"

// TestOptionsEqual: every field counts, and weights compare by value with
// nil (uniform) apart from weights given.
func TestOptionsEqual(t *testing.T) {
	base := DefaultOptions()
	if !base.Equal(DefaultOptions()) {
		t.Fatal("DefaultOptions differs from itself")
	}
	changes := map[string]func(*Options){
		"tokenize":  func(o *Options) { o.Tokenize = "intl" },
		"lowercase": func(o *Options) { o.Lowercase = true },
		"smooth":    func(o *Options) { o.Smooth = SmoothFloor },
		"value":     func(o *Options) { o.SmoothValue = 0.5 },
		"order":     func(o *Options) { o.MaxOrder = 3 },
		"effective": func(o *Options) { o.EffectiveOrder = true },
		"compat":    func(o *Options) { o.Compat = CompatNLTK },
		"method":    func(o *Options) { o.NLTK.Smoothing.Method = 3 },
		"reweigh":   func(o *Options) { o.NLTK.AutoReweigh = true },
		"weights":   func(o *Options) { o.NLTK.Weights = []float64{0.25, 0.25, 0.25, 0.25} },
	}
	for name, f := range changes {
		o := DefaultOptions()
		f(&o)
		if o.Equal(base) || base.Equal(o) {
			t.Errorf("%s: Equal ignores the change", name)
		}
	}
	a, b := DefaultOptions(), DefaultOptions()
	a.NLTK.Weights = []float64{0.5, 0.5}
	b.NLTK.Weights = []float64{0.5, 0.5}
	if !a.Equal(b) {
		t.Error("equal weights in different slices compare unequal")
	}
	b.NLTK.Weights[1] = 0.4
	if a.Equal(b) {
		t.Error("different weights compare equal")
	}
}
