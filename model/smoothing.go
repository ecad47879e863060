package model

import "github.com/bleuscope/bleuscope/scoring"

// SmoothingVariants returns opt under every smoothing worth comparing on
// one sentence: sacrebleu's none, floor, add-k and exp at their default
// values (effective order as in opt), none with effective order off, and
// NLTK's method0 to method4 with their default parameters.
func SmoothingVariants(opt scoring.Options) []scoring.Options {
	var out []scoring.Options
	for _, m := range []string{scoring.SmoothNone, scoring.SmoothFloor, scoring.SmoothAddK, scoring.SmoothExp} {
		o := opt
		o.Compat = scoring.CompatSacreBLEU
		o.Smooth, o.SmoothValue = m, scoring.DefaultSmoothValue(m)
		out = append(out, o)
	}
	noEff := opt
	noEff.Compat = scoring.CompatSacreBLEU
	noEff.Smooth, noEff.SmoothValue, noEff.EffectiveOrder = scoring.SmoothNone, 0, false
	out = append(out, noEff)
	for m := 0; m <= 4; m++ {
		o := opt
		o.Compat = scoring.CompatNLTK
		o.NLTK.Smoothing = scoring.DefaultNLTKSmoothing()
		o.NLTK.Smoothing.Method = m
		out = append(out, o)
	}
	return out
}
