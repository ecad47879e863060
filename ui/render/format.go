package render

import "strconv"

// Score formats a score on its scale: two decimals on sacrebleu's 0–100,
// four on NLTK's 0–1. It is the one score formatter of the renderers and
// the explorer.
func Score(x float64, nltk bool) string {
	if nltk {
		return strconv.FormatFloat(x, 'f', 4, 64)
	}
	return strconv.FormatFloat(x, 'f', 2, 64)
}

// Delta formats a difference of scores with a sign, as precisely as
// [Score] prints the scores themselves.
func Delta(d float64, nltk bool) string {
	s := Score(d, nltk)
	if d >= 0 || s[0] != '-' {
		return "+" + s
	}
	return s
}
