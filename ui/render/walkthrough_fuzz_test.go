package render

import (
	"fmt"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/scoring"
)

// walkAll renders the walk-through of hyp against refs under opt the way
// the explorer does, passing on any scoring error.
func walkAll(hyp string, refs []string, opt scoring.Options, width int) (string, error) {
	d, err := scoring.Explain(hyp, refs, opt)
	if err != nil {
		return "", err
	}
	res, err := scoring.Evaluate(d.Stats, opt, scoring.LastSegment{Hyp: hyp, Refs: refs})
	opts := []WalkOption{WithText(hyp, refs)}
	if err != nil {
		opts = append(opts, WithScoreError(err))
	}
	return Walkthrough(DefaultStyles(), d, res, opt, width, opts...), nil
}

// TestWalkthroughEveryOption renders awkward segments under every
// smoothing, case, effective order and NLTK method, at small and large
// orders, with a word and a character tokenizer: nothing may panic,
// every line must fit, and the result step must always say something.
func TestWalkthroughEveryOption(t *testing.T) {
	segs := []struct {
		hyp  string
		refs []string
	}{
		{"", []string{""}},
		{"", []string{"a b c"}},
		{"a b c", nil},
		{"a b c", []string{""}},
		{"The THE the", []string{"the", "The the the the"}},
		{"x", []string{"x"}},
		{"a b c d e f g h i j", []string{"a b c d e f g h i j"}},
	}
	var opts []scoring.Options
	for _, tok := range []string{"13a", "char"} {
		for _, sm := range scoring.SmoothNames {
			for _, n := range []int{1, 4, 9} {
				for _, lc := range []bool{false, true} {
					for _, eff := range []bool{false, true} {
						o := scoring.DefaultOptions()
						o.Tokenize, o.Smooth, o.SmoothValue, o.MaxOrder, o.Lowercase, o.EffectiveOrder = tok, sm, scoring.DefaultSmoothValue(sm), n, lc, eff
						opts = append(opts, o)
					}
				}
			}
		}
	}
	for m := 0; m <= 7; m++ {
		for _, n := range []int{1, 3, 4} {
			o := scoring.DefaultOptions()
			o.Compat, o.MaxOrder = scoring.CompatNLTK, n
			o.NLTK.Smoothing.Method = m
			opts = append(opts, o, func() scoring.Options { o.NLTK.AutoReweigh = true; return o }())
		}
	}
	for _, s := range segs {
		for _, o := range opts {
			name := fmt.Sprintf("%q vs %q under %s N=%d", s.hyp, s.refs, scoring.Signature(o, len(s.refs), "t"), o.MaxOrder)
			out, err := walkAll(s.hyp, s.refs, o, 60)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			requireFits(t, name, out, 60)
			if i := strings.Index(out, "6 Result"); i < 0 || len(strings.TrimSpace(out[i+len("6 Result"):])) == 0 {
				t.Fatalf("%s: no result step", name)
			}
		}
	}
}

func FuzzWalkthrough(f *testing.F) {
	f.Add("the the the the", "the cat is on the mat", "", 4, false)
	f.Add("It is", "It is a guide", "It is the guiding principle", 2, true)
	f.Add("\x1b[2J\u202e", "", "x", 9, false)
	f.Fuzz(func(t *testing.T, hyp, r1, r2 string, n int, nltk bool) {
		o := scoring.SentenceOptions()
		o.MaxOrder = 1 + (n%scoring.MaxOrderLimit+scoring.MaxOrderLimit)%scoring.MaxOrderLimit
		if nltk {
			o.Compat = scoring.CompatNLTK
		}
		out, err := walkAll(hyp, []string{r1, r2}, o, 60)
		if err != nil {
			t.Fatal(err)
		}
		requireFits(t, "fuzz", out, 60)
		if strings.ContainsAny(out, "\x1b\u202e") {
			t.Fatalf("raw control or bidi character in the output of %q", hyp)
		}
	})
}

func BenchmarkWalkthrough(b *testing.B) {
	hyp, refs, opt := wtGuideHyp, wtGuideRefs, scoring.SentenceOptions()
	d, _ := scoring.Explain(hyp, refs, opt)
	res := scoring.Compute(d.Stats, opt)
	st := DefaultStyles()
	b.ReportAllocs()
	for b.Loop() {
		Walkthrough(st, d, res, opt, 80, WithText(hyp, refs))
	}
}

// BenchmarkLessonFigures is the work of one keystroke in the costliest
// lesson (smoothing scores the hypothesis ten ways).
func BenchmarkLessonFigures(b *testing.B) {
	var l Lesson
	for _, x := range AllLessons() {
		if x.ID == "smoothing" {
			l = x
		}
	}
	st := DefaultStyles()
	b.ReportAllocs()
	for b.Loop() {
		LessonFigures(st, l, "the cat was on the mat today", 80)
	}
}
