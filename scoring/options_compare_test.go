package scoring

import "testing"

// TestOptionsComparable: == tells options apart by every field, and
// weights compare by value, none given apart from uniform ones given.
func TestOptionsComparable(t *testing.T) {
	base := DefaultOptions()
	if base != DefaultOptions() {
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
		"weights":   func(o *Options) { o.NLTK.Weights = NewWeights([]float64{0.25, 0.25, 0.25, 0.25}) },
	}
	for name, f := range changes {
		o := DefaultOptions()
		f(&o)
		if o == base {
			t.Errorf("%s: == ignores the change", name)
		}
	}
	src := []float64{0.5, 0.5}
	a, b := DefaultOptions(), DefaultOptions()
	a.NLTK.Weights = NewWeights(src)
	b.NLTK.Weights = NewWeights([]float64{0.5, 0.5})
	if a != b {
		t.Error("equal weights from different slices compare unequal")
	}
	src[1] = 0.4 // the options keep their own copy
	if got := a.NLTK.Weights.Slice(); got[1] != 0.5 {
		t.Errorf("weights changed with the slice they were made from: %v", got)
	}
	b.NLTK.Weights = NewWeights([]float64{0.5, 0.4})
	if a == b {
		t.Error("different weights compare equal")
	}
}

// TestWeightsTooMany: more weights than any max order allows are still
// reported by Validate as a max order out of range or a count mismatch.
func TestWeightsTooMany(t *testing.T) {
	o := DefaultOptions()
	o.Compat = CompatNLTK
	o.NLTK.Weights = NewWeights(make([]float64, MaxOrderLimit+1))
	if o.Validate() == nil {
		t.Errorf("%d weights for max order %d validated", MaxOrderLimit+1, o.MaxOrder)
	}
	if n := o.NLTK.Weights.Len(); n != MaxOrderLimit+1 {
		t.Errorf("Len() = %d; want %d", n, MaxOrderLimit+1)
	}
}
