package render

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
)

// The cases of the acceptance, with their exact options.
var (
	// bleuscope explain --hyp "the the the the the the the" --ref "the cat
	// is on the mat" --ref "there is a cat on the mat" --max-order 1 -t none
	caseTheThe = wtCase{"the the the the the the the", wtCatRefs, wtOpt(func(o *scoring.Options) {
		o.MaxOrder, o.Tokenize = 1, "none"
	})}
	// The guide-to-action candidate, sentence defaults (13a, exp, eff on).
	caseGuide = wtCase{wtGuideHyp, wtGuideRefs, wtOpt(nil)}
	// The same with --compat nltk -t none (NLTK's example tokens; method0,
	// uniform weights).
	caseGuideNLTK = wtCase{wtGuideHyp, wtGuideRefs, wtOpt(func(o *scoring.Options) {
		o.Compat, o.Tokenize = scoring.CompatNLTK, "none"
	})}
	// "it is" against the same references, sentence defaults.
	caseItIs = wtCase{"it is", wtGuideRefs, wtOpt(nil)}
)

func TestWalkthroughClipsTheThe(t *testing.T) {
	out := walkText(t, caseTheThe, 80)
	// The clip table row: the, hyp 7, ref 1 2, ref 2 1, max 2, clip 2, over 5.
	if !regexp.MustCompile(`(?m)^~ the +7 +2 +1 +2 +2 +5$`).MatchString(out) {
		t.Errorf("no clip row 'the 7 2 1 2 2 5' in:\n%s", out)
	}
	requireContains(t, "the the", flat(out),
		`5 occurrences clipped: "the" occurs 7 times in the hypothesis but at most twice in a reference (ref 1).`)
	requireContains(t, "the the", out,
		"simple precision   7/7 = 100.00%",
		"modified precision 2/7 = 28.57%",
		"2/7 28.57%",   // step 3's bar
		"BLEU = 28.57", // the result
	)
	// The marker row under the hypothesis: 2 matched, 5 clipped.
	requireContains(t, "the the", out, "hyp    the the the the the the the\n       ^^^ ^^^ ~~~ ~~~ ~~~ ~~~ ~~~")
	for _, w := range wtWidths {
		requireGolden(t, fmt.Sprintf("walkthrough_thethe_%d", w), walkText(t, caseTheThe, w))
	}
}

func TestWalkthroughGuide(t *testing.T) {
	out := walkText(t, caseGuide, 80)
	requireContains(t, "guide", out,
		"modified precision 17/18 = 94.44%",
		"17/18 94.44%",
		"10/17 58.82%",
		"BLEU = 50.46",
		"sacrebleu prints:\nBLEU = 50.46 94.4/58.8/43.8/26.7",
		"ref 2 = 18  (off by 0)  ← closest, sets r",
		"c ≥ r, so BP = 1: no penalty.",
	)
	if !regexp.MustCompile(`(?m)^\^ the +3 +1 +4 +4 +4 +3 +0$`).MatchString(out) {
		t.Errorf("no clip row 'the 3 1 4 4 4 3 0' (max over the references) in:\n%s", out)
	}
	for _, w := range wtWidths {
		requireGolden(t, fmt.Sprintf("walkthrough_guide_%d", w), walkText(t, caseGuide, w))
	}
}

func TestWalkthroughGuideNLTK(t *testing.T) {
	out := walkText(t, caseGuideNLTK, 80)
	requireContains(t, "guide nltk", out,
		"17/18 0.9444",
		"w1 · ln p1 = 0.25 × ln 0.944444 = -0.0142896",
		"sum = -0.0142896 − 0.132657 − 0.20667 − 0.330439 = -0.684055",
		"BLEU = BP × exp(sum) = 1 × 0.504567",
		"BLEU = 0.5045666840058485",
		"rounded: 0.5046",
		"NLTK itself does not tokenize",
	)
	requireGolden(t, "walkthrough_guide_nltk_80", out)
}

func TestWalkthroughItIs(t *testing.T) {
	out := walkText(t, caseItIs, 80)
	requireContains(t, "it is", out,
		"c = 2  hypothesis length in tokens",
		"ref 1 = 16  (off by 14)  ← closest, sets r",
		"ref 1 and ref 3 are equally close to c. They have the same length",
		"r = 16  the closest reference length",
		"c < r, so BP = exp(1 − r/c) = exp(1 − 16/2) = exp(-7) = 0.000911882",
		"^ c/r = 0.125, BP = 0.000911882",
		"The hypothesis is much shorter than the closest reference (c = 2, r = 16)",
		"BLEU = 0.05",
	)
	requireGolden(t, "walkthrough_itis_80", out)
}

// The caption under the BP curve gives the same BP as the formula above
// it: 4 tokens against 6 is exp(-0.5) = 0.606531, not the sampled
// curve's 0.606535.
func TestWalkthroughBPCaptionExact(t *testing.T) {
	out := walkText(t, wtCase{"the the the the", []string{"the cat is on the mat"}, wtOpt(nil)}, 80)
	requireContains(t, "caption", out,
		"exp(1 − 6/4) = exp(-0.5) = 0.606531",
		"^ c/r = 0.666667, BP = 0.606531",
	)
}

func TestWalkthroughReasons(t *testing.T) {
	tests := []struct {
		name string
		c    wtCase
		want string
	}{
		{"zero 4-gram, smoothing off", wtCase{"the cat was on the mat", []string{"the cat sat on the mat"},
			wtOpt(func(o *scoring.Options) { o.Smooth, o.SmoothValue = scoring.SmoothNone, 0 })},
			"No 4-gram of the hypothesis appears in any reference, and smoothing is off: BLEU is 0 however good the unigrams are."},
		{"too short without effective order", wtCase{"it is", wtGuideRefs, scoring.DefaultOptions()},
			"The hypothesis has only 2 tokens, so it has no trigrams; with effective order off that precision counts as 0, and so BLEU is 0."},
		{"nothing matches", wtCase{"xyz qqq", []string{"the cat"}, wtOpt(nil)},
			"No word of the hypothesis appears in any reference: BLEU is 0."},
		{"empty hypothesis", wtCase{"", []string{"the cat"}, wtOpt(nil)},
			"The hypothesis is empty: there is nothing to count, and BP = 0, so BLEU is 0."},
		// With an empty reference too, c = r = 0 and BP is 1, as the BP
		// step and sacrebleu's line above the reason say; it said BP = 0.
		{"empty hypothesis and reference", wtCase{"", []string{""}, wtOpt(nil)},
			"The hypothesis is empty, and so is the closest reference (c = r = 0, so BP = 1): there is nothing to count, so BLEU is 0."},
		{"empty hypothesis, nltk", wtCase{"", []string{"the cat"}, wtOpt(func(o *scoring.Options) { o.Compat = scoring.CompatNLTK })},
			"The hypothesis is empty: there is nothing to count, so no unigram matches and BLEU is 0."},
		{"floor smoothing of 0", wtCase{"the cat sat on the mat", []string{"the cat is on a mat"},
			wtOpt(func(o *scoring.Options) { o.Smooth, o.SmoothValue = scoring.SmoothFloor, 0 })},
			"p4 = 0: no 4-gram matched, and floor smoothing with the value 0 puts 0 back in its place."},
		{"only smoothing", wtCase{"the cat was", []string{"the dog was a cat and more words here"}, wtOpt(nil)},
			"No bigram matched; only smoothing keeps BLEU above 0."},
		{"nltk method0 tiny", wtCase{"the cat was on the mat", []string{"the cat sat on the mat"},
			wtOpt(func(o *scoring.Options) { o.Compat = scoring.CompatNLTK })},
			"method0 put sys.float_info.min in its place: the score is a tiny positive number that means 0."},
		{"good score", caseGuide, "Nothing is zero here. The lowest precision is p4 = 26.67%, below p1 = 94.44%: single tokens match more often than runs of 4."},
		// add-k turns a zero count into 1/(total+1): the score is above 0
		// only because of smoothing, so "Nothing is zero here" would be false.
		{"add-k stands in for zeros", wtCase{"mat the on is cat the", []string{"the cat is on the mat"},
			wtOpt(func(o *scoring.Options) { o.Smooth, o.SmoothValue = scoring.SmoothAddK, 1 })},
			"No bigram matched; only smoothing keeps BLEU above 0."},
		{"nltk method1 stands in for zeros", wtCase{"the cat was on the mat", []string{"the cat sat on the mat"},
			wtOpt(func(o *scoring.Options) { o.Compat = scoring.CompatNLTK; o.NLTK.Smoothing.Method = 1 })},
			"No 4-gram matched; smoothing (method1) stands in for the 0. Without smoothing (method0, which puts sys.float_info.min there) BLEU would be "},
		{"perfect match", wtCase{"the cat is on the mat", []string{"the cat is on the mat"}, wtOpt(nil)},
			"Every n-gram of the hypothesis matches a reference and BP = 1: nothing is lost."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := walkText(t, tt.c, 80)
			if !strings.Contains(flat(out), tt.want) {
				t.Errorf("walk-through lacks %q:\n%s", tt.want, out)
			}
		})
	}
}

// TestWalkthroughOnlySmoothingClaim: the result says "only smoothing
// keeps BLEU above 0" exactly when the same statistics score 0 without
// smoothing, and never says an order "matched" nothing when the
// hypothesis is too short to have any n-gram of it.
func TestWalkthroughOnlySmoothingClaim(t *testing.T) {
	const claim = "only smoothing keeps BLEU above 0"
	refs := []string{"the cat is on the mat"}
	for _, hyp := range []string{"the cat", "the dog", "the cat sat", "mat the on is cat the", "the cat is on the mat"} {
		for _, smooth := range []string{scoring.SmoothAddK, scoring.SmoothExp, scoring.SmoothFloor, scoring.SmoothNone} {
			for _, eff := range []bool{true, false} {
				c := wtCase{hyp, refs, wtOpt(func(o *scoring.Options) {
					o.Smooth, o.SmoothValue, o.EffectiveOrder = smooth, scoring.DefaultSmoothValue(smooth), eff
				})}
				t.Run(fmt.Sprintf("%s/%s/eff=%v", hyp, smooth, eff), func(t *testing.T) {
					d, res, _ := explainCase(t, c)
					plain := c.opt
					plain.Smooth, plain.SmoothValue = scoring.SmoothNone, 0
					want := res.Score > 0 && scoring.Compute(d.Stats, plain).Score == 0
					out := flat(walkText(t, c, 80))
					if got := strings.Contains(out, claim); got != want {
						t.Errorf("claims %q: %v; want %v (BLEU %v, without smoothing %v):\n%s", claim, got, want, res.Score, scoring.Compute(d.Stats, plain).Score, out)
					}
					for n := len(d.Hyp) + 1; n <= len(d.Orders); n++ {
						if bad := fmt.Sprintf("No %s matched", orderName(n)); strings.Contains(out, bad) {
							t.Errorf("says %q of a %d-token hypothesis", bad, len(d.Hyp))
						}
					}
				})
			}
		}
	}
	short := wtCase{"the cat", refs, wtOpt(func(o *scoring.Options) { o.Smooth, o.SmoothValue = scoring.SmoothAddK, 1 })}
	d, res, _ := explainCase(t, short)
	plain := short.opt
	plain.Smooth, plain.SmoothValue = scoring.SmoothNone, 0
	without := scoring.Compute(d.Stats, plain)
	same := ""
	if without.Score == res.Score {
		same = "the same, "
	}
	out := flat(walkText(t, short, 80))
	requireContains(t, "add-k, too short", out,
		"The hypothesis has only 2 tokens, so it has no trigrams or longer n-grams; add-k counts p3…p4 as k/k = 100%.",
		"Without smoothing, effective order would leave p3…p4 out of the mean, and BLEU would be "+same+fnum(without.Score)+".",
		"p3: the hypothesis has no trigrams (0/0); add-k smoothing added k = 1 to both count and total: 1/1 = 100%, so the order stays in the mean. Effective order does not leave it out",
		// By hand: c = 2 < r = 6, BP = exp(1 − 6/2) = 0.135335, every
		// precision that counts is 100%.
		"BLEU would be the same, 13.5335.")
	// By hand: "the dog" against "the cat is on the mat", every order
	// kept (effective order off): p1 = 1/2, p2 = 0/1, so BLEU is 0 without
	// smoothing and add-k's alone keeps it above 0.
	dog := wtCase{"the dog", refs, wtOpt(func(o *scoring.Options) {
		o.Smooth, o.SmoothValue, o.EffectiveOrder = scoring.SmoothAddK, 1, false
	})}
	requireContains(t, "add-k, the dog", flat(walkText(t, dog, 80)), claim)
}

// TestWalkthroughNLTKTooShort: in nltk compat an order the hypothesis is
// too short for is said to have no n-grams (NLTK's 0/1), not to have
// matched none, and the score without smoothing is method0's.
func TestWalkthroughNLTKTooShort(t *testing.T) {
	c := wtCase{"the cat", []string{"the cat is on the mat"}, wtOpt(func(o *scoring.Options) {
		o.Compat = scoring.CompatNLTK
		o.NLTK.Smoothing.Method = 1
	})}
	d, _, _ := explainCase(t, c)
	plain := c.opt
	plain.NLTK.Smoothing.Method = 0
	without, err := scoring.Evaluate(d.Stats, plain, scoring.LastSegment{})
	if err != nil {
		t.Fatal(err)
	}
	out := flat(walkText(t, c, 80))
	requireContains(t, "nltk method1, too short", out,
		"The hypothesis has only 2 tokens, so it has no trigrams or longer n-grams, and NLTK counts each such order as 0/1; smoothing (method1) stands in for the 0.",
		"Without smoothing (method0, which puts sys.float_info.min there) BLEU would be "+fnum(without.Score)+".",
		// By hand: BP = exp(1 − 6/2), p1 = p2 = 1, p3 = p4 = 2.2250738585072014e-308:
		// exp(−2) · exp(0.5 · ln 2.2250738585072014e-308) = 2.0188e-155.
		"BLEU would be 2.019e-155.")
	if strings.Contains(out, "No trigram matched") {
		t.Errorf("says no trigram matched of a 2-token hypothesis:\n%s", out)
	}
}

// TestWalkthroughAutoReweighWording: an order auto_reweigh leaves without
// a weight is never called "dropped" (which says p is 0) when the notes say
// smoothing made it positive: the bars, the notes, the mean and the segment
// pane all say it was smoothed and then got no weight.
func TestWalkthroughAutoReweighWording(t *testing.T) {
	for _, method := range []int{0, 1} {
		c := wtCase{"the cat sat", []string{"the cat sat on the mat"}, wtOpt(func(o *scoring.Options) {
			o.Compat = scoring.CompatNLTK
			o.NLTK.AutoReweigh = true
			o.NLTK.Smoothing.Method = method
		})}
		d, res, err := explainCase(t, c)
		if err != nil {
			t.Fatal(err)
		}
		s := res.NLTK
		if !s.Reweighted || len(s.Weights) >= len(s.Smoothed) {
			t.Fatalf("method%d: want auto_reweigh to leave fewer weights than orders: %+v", method, s)
		}
		steps := WalkthroughSteps(DefaultStyles(), d, res, c.opt, 100)
		prec, mean := steps[len(steps)-4].Body, flat(steps[len(steps)-3].Body)
		pane := Math(DefaultStyles(), MathView{Result: res, Opt: c.opt, Stats: d.Stats}, 200)
		for i := len(s.Weights); i < len(s.Smoothed); i++ {
			n := i + 1
			bar := regexp.MustCompile(fmt.Sprintf(`(?m)^p%d .*$`, n)).FindString(prec)
			if strings.Contains(bar, "dropped") || !strings.Contains(bar, "no weight (auto_reweigh)") {
				t.Errorf("method%d: p%d bar %q should say it gets no weight, not that it is dropped", method, n, bar)
			}
			first := "* smoothed, then no weight"
			if method == 0 { // method0 does not smooth: a 0 counts as the smallest float
				first = "* smallest float, then no weight"
			}
			if s.Smoothed[i] > 0 && !strings.Contains(bar, first) {
				t.Errorf("method%d: p%d bar %q should say %q", method, n, bar, first)
			}
			raw := fmt.Sprintf("p%d: %d/%d became %s, and then auto_reweigh leaves it out", n, s.Num[i], s.Den[i], fnum(s.Smoothed[i]))
			if s.Smoothed[i] > 0 && !strings.Contains(flat(prec), raw) {
				t.Errorf("method%d: notes lack %q:\n%s", method, raw, prec)
			}
			paneLine := regexp.MustCompile(fmt.Sprintf(`(?m)^p%d .*$`, n)).FindString(pane)
			if !strings.Contains(paneLine, "no weight (auto_reweigh)") {
				t.Errorf("method%d: pane line %q should say p%d gets no weight", method, paneLine, n)
			}
		}
		requireContains(t, "mean", mean, fmt.Sprintf("no weight: NLTK pairs the %d weights with p1…p%d and stops there.", len(s.Weights), len(s.Weights)))
	}
}

func TestWalkthroughSmoothingNotes(t *testing.T) {
	hyp, refs := "mat the on is cat the", []string{"the cat is on the mat"}
	tests := []struct {
		smooth string
		want   []string
	}{
		{scoring.SmoothExp, []string{"p2: no bigram matched. exp smoothing puts 100/(2^1 · 5) = 10 in place of 0", "p4: no 4-gram matched. exp smoothing puts 100/(2^3 · 3) = 4.16667"}},
		{scoring.SmoothFloor, []string{"p2: no bigram matched. floor smoothing uses 100 · 0.1 / 5 = 2 instead of 0."}},
		{scoring.SmoothAddK, []string{"p2: add-k smoothing added k = 1 to both count and total: 1/6 = 16.6667%. It does so at every order above 1, matched or not, never for unigrams"}},
		{scoring.SmoothNone, []string{"p2 = 0: no bigram matched and smoothing is off"}},
	}
	for _, tt := range tests {
		t.Run(tt.smooth, func(t *testing.T) {
			c := wtCase{hyp, refs, wtOpt(func(o *scoring.Options) { o.Smooth, o.SmoothValue = tt.smooth, scoring.DefaultSmoothValue(tt.smooth) })}
			out := flat(walkText(t, c, 80))
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("lacks %q in %s", w, out)
				}
			}
		})
	}
}

func TestWalkthroughEffectiveOrderNote(t *testing.T) {
	out := flat(walkText(t, caseItIs, 80))
	requireContains(t, "it is", out,
		"p3: the hypothesis has no trigrams (total 0), so sacrebleu stops counting: p3…p4 stay 0. Effective order is on, so the mean uses p1…p2 only.",
		"p3…p4 are left out: effective order 2.")
}

// method6Case is hyp against ref under NLTK's method6, on which NLTK
// raises, with its explanation and the error.
func method6Case(t *testing.T, hyp, ref string) (wtCase, scoring.Detail, scoring.Result, error) {
	t.Helper()
	c := wtCase{hyp, []string{ref}, wtOpt(func(o *scoring.Options) {
		o.Compat = scoring.CompatNLTK
		o.NLTK.Smoothing.Method = 6
	})}
	d, res, err := explainCase(t, c)
	if err == nil {
		t.Fatalf("Evaluate %q: want NLTK's method6 error", hyp)
	}
	return c, d, res, err
}

func TestWalkthroughScoreError(t *testing.T) {
	c, d, res, err := method6Case(t, "the cat", "the cat sat") // two tokens
	out := Walkthrough(DefaultStyles(), d, res, c.opt, 80, WithScoreError(err))
	requireContains(t, "method6", flat(out), "No score: NLTK raises an error for this segment: AssertionError: ", "NLTK raised an error for this segment")
}

// TestWalkthroughNLTKErrorSteps: when NLTK raises, the precisions step
// still shows every order's num/den (p3 = 0 is why method6 fails), with no
// run of blank lines; the brevity step shows NLTK's BP, not 0; and the
// result says what score does and how to change the method, with the
// explain command's flag or, in the explorer, its keys.
func TestWalkthroughNLTKErrorSteps(t *testing.T) {
	c, d, res, err := method6Case(t, "the cat sat on a mat", "the cat is sitting on the mat") // no trigram matches
	steps := WalkthroughSteps(DefaultStyles(), d, res, c.opt, 80, WithScoreError(err))
	prec, bp, result := steps[len(steps)-4].Body, steps[len(steps)-2].Body, steps[len(steps)-1].Body
	if strings.Contains(prec, "\n\n\n") {
		t.Errorf("precisions step has a run of blank lines:\n%s", prec)
	}
	for n := 1; n <= c.opt.MaxOrder; n++ {
		frac := fmt.Sprintf("%d/%d", d.Stats.Matches[n-1], d.Stats.Totals[n-1])
		if !regexp.MustCompile(fmt.Sprintf(`(?m)^p%d .* %s `, n, frac)).MatchString(prec) {
			t.Errorf("precisions step lacks p%d = %s:\n%s", n, frac, prec)
		}
	}
	want := scoring.NLTKBrevityPenalty(d.Stats.RefLen, d.Stats.HypLen).Value
	requireContains(t, "brevity step", flat(bp), "= "+fnum(want), "BP = "+fnum(want))
	requireContains(t, "result", flat(result),
		fmt.Sprintf("here p3 = %d/%d", d.Stats.Matches[2], d.Stats.Totals[2]),
		"`bleuscope score` of this segment alone stops with this error (exit status 2)",
		"Try another smoothing method: --nltk-smoothing 1…7 picks one.")

	in := WalkthroughSteps(DefaultStyles(), d, res, c.opt, 80, WithScoreError(err), InExplorer("esc, then m"))
	got := flat(in[len(in)-1].Body)
	requireContains(t, "result in the explorer", got, "Try another smoothing method: esc, then m.")
	if strings.Contains(got, "--nltk-smoothing") || strings.Contains(got, "bleuscope score") {
		t.Errorf("the explorer's result names the command line:\n%s", got)
	}
}

func TestWalkthroughStepsShape(t *testing.T) {
	for _, c := range []wtCase{caseTheThe, caseGuide, caseGuideNLTK, caseItIs} {
		d, res, _ := explainCase(t, c)
		steps := WalkthroughSteps(DefaultStyles(), d, res, c.opt, 80)
		if want := 1 + c.opt.MaxOrder + 4; len(steps) != want {
			t.Fatalf("%q: %d steps; want %d", c.hyp, len(steps), want)
		}
		for i, s := range steps {
			wantOrder := 0
			if i >= 1 && i <= c.opt.MaxOrder {
				wantOrder = i
			}
			if s.Order != wantOrder {
				t.Errorf("%q step %d (%s): Order %d; want %d", c.hyp, i, s.Title, s.Order, wantOrder)
			}
			if wantOrder > 0 {
				want := model.SegmentMarks(d, wantOrder)
				if runes(s.Marks.Hyp) != runes(want.Hyp) {
					t.Errorf("%q step %d: hyp marks %s; want %s", c.hyp, i, runes(s.Marks.Hyp), runes(want.Hyp))
				}
			}
			if strings.TrimSpace(s.Body) == "" || s.Title == "" {
				t.Errorf("%q step %d: empty title or body", c.hyp, i)
			}
		}
	}
}

func TestWalkthroughFits(t *testing.T) {
	long := strings.Repeat("x", 150)
	cases := []wtCase{caseTheThe, caseGuide, caseGuideNLTK, caseItIs,
		{long + " and " + long, []string{long, "and"}, wtOpt(nil)},
		{"東京は 日本の 首都です", []string{"東京は日本の首都です"}, wtOpt(func(o *scoring.Options) { o.Tokenize = "zh" })},
		{"esc \x1b]2;title\x07 here", []string{"esc here"}, wtOpt(nil)},
		{"a b", []string{"a b", "a b c", "a", "a b c d e", "b", "a b c d e f g"}, wtOpt(func(o *scoring.Options) { o.MaxOrder = 9 })},
	}
	for _, c := range cases {
		for _, w := range wtWidths {
			out := walkText(t, c, w)
			requireFits(t, fmt.Sprintf("%.20q at %d", c.hyp, w), out, w)
			if strings.ContainsAny(out, "\x1b\x07") {
				t.Errorf("%.20q: a control character reached the output", c.hyp)
			}
		}
	}
}

func TestWalkthroughLowercaseAndTokenizing(t *testing.T) {
	c := wtCase{"The Party rules.", []string{"the party rules ."}, wtOpt(func(o *scoring.Options) { o.Lowercase = true })}
	out := flat(walkText(t, c, 80))
	requireContains(t, "lowercase", out,
		"Lowercasing is on",
		`Tokenizing split words apart: hyp: 3 words became 4 tokens ("rules." → "rules" ".").`,
		`Lowercasing changed hyp: "The" → "the", "Party" → "party".`)
	c.opt.Lowercase = false
	out = flat(walkText(t, c, 80))
	requireContains(t, "mixed case", out, "Lowercasing is off")
	if strings.Contains(out, "Lowercasing changed") {
		t.Error("mixed case: says lowercasing changed something")
	}
}

// TestWalkthroughLowercasedWordsQuoted: the words lowercasing changed
// are quoted, as the words tokenizing split are, so that one keeping its
// full stop (the none tokenizer) reads apart from the sentence's own; it
// read "Genth.→genth..".
func TestWalkthroughLowercasedWordsQuoted(t *testing.T) {
	c := wtCase{"Stefan Genth.", []string{"stefan genth ."}, wtOpt(func(o *scoring.Options) { o.Lowercase, o.Tokenize = true, "none" })}
	out := flat(walkText(t, c, 120))
	requireContains(t, "none, lowercased", out, `Lowercasing changed hyp: "Stefan" → "stefan", "Genth." → "genth.".`)
}

// TestWalkthroughNamesSplitWords: the tokens step says which words
// tokenizing split (it only counted them), the first three of each text,
// the rest counted.
func TestWalkthroughNamesSplitWords(t *testing.T) {
	c := wtCase{"a (b) c, d. e! f?", []string{"(cat) sat."}, wtOpt(nil)}
	out := flat(walkText(t, c, 200))
	requireContains(t, "splits", out,
		`hyp: 6 words became 12 tokens ("(b)" → "(" "b" ")", "c," → "c" ",", "d." → "d" ".", and 2 more)`,
		`ref: 2 words became 5 tokens ("(cat)" → "(" "cat" ")", "sat." → "sat" ".")`)
}

// TestWalkthroughNamesRewrittenWords: 13a's decoding of &quot; and &amp;
// is shown word by word, as a split is, instead of leaving the list out
// (and, with as many tokens as words, saying that the tokens are the
// words as written).
func TestWalkthroughNamesRewrittenWords(t *testing.T) {
	c := wtCase{"He said &quot;yes&quot; &amp; left.", []string{"Tom &amp; Jerry"}, wtOpt(nil)}
	out := flat(walkText(t, c, 200))
	requireContains(t, "decoded", out,
		`Tokenizing split words apart: hyp: 5 words became 8 tokens ("&quot;yes&quot;" → """ "yes" """, "&amp;" → "&", "left." → "left" ".")`,
		`ref: 3 words, 3 tokens ("&amp;" → "&").`)
	c = wtCase{"Tom &amp; Jerry", []string{"Tom and Jerry"}, wtOpt(nil)}
	out = flat(walkText(t, c, 200))
	requireContains(t, "rewritten only", out, `Tokenizing rewrote words: hyp: 3 words, 3 tokens ("&amp;" → "&").`)
	if strings.Contains(out, "the tokens are the words as written") {
		t.Error("says the tokens are the words as written, though &amp; became &")
	}
	// Lowercased, &AMP; is decoded (to one token) where the text as cased
	// splits into three: its split is not given as "3 words, 3 tokens
	// ("&AMP;" → "&" "AMP" ";")", which does not add up.
	c = wtCase{"The &AMP; THE", []string{"the and the"}, wtOpt(func(o *scoring.Options) { o.Lowercase = true })}
	out = flat(walkText(t, c, 200))
	requireContains(t, "lowercased entity", out, "lowercasing changed how the text splits")
	if strings.Contains(out, `"AMP"`) {
		t.Errorf("lists the text's split as cased beside the tokens counted:\n%s", out)
	}
}

func TestWalkthroughRefNames(t *testing.T) {
	d, res, _ := explainCase(t, caseGuide)
	out := Walkthrough(DefaultStyles(), d, res, caseGuide.opt, 80, WithRefNames([]string{"A", "B", "C"}))
	requireContains(t, "names", out, "ref A  It is a guide", "ref B = 18  (off by 0)  ← closest", "  unigram  hyp A B C max clip over")
}

func TestWalkthroughNoColourMarkers(t *testing.T) {
	// TestMain renders with the Ascii profile: no escape sequence may
	// appear, and the highlighting must survive as marker rows and table
	// markers.
	out := walkText(t, caseGuide, 80)
	if strings.Contains(out, "\x1b[") {
		t.Fatal("Ascii output holds escape sequences")
	}
	requireContains(t, "markers", out, "^ matched  ~ clipped  (blank) unmatched", "^ It ", "  obeys ")
	if !strings.Contains(out, "^^ ^^ ^ ^^^^^") {
		t.Error("no marker row under the hypothesis")
	}
}

// flat joins the words of s with single spaces, so that prose can be
// matched whatever the wrapping.
func flat(s string) string { return strings.Join(strings.Fields(s), " ") }

// TestWalkthroughEffectiveOrderOneLeft: with one order left out the notes
// name it alone ("p4 stays 0", "p4 is left out"), not as "p4…p4".
func TestWalkthroughEffectiveOrderOneLeft(t *testing.T) {
	out := flat(walkText(t, wtCase{"a b c", []string{"a b c d"}, wtOpt(nil)}, 80))
	requireContains(t, "a b c", out,
		"p4: the hypothesis has no 4-grams (total 0), so sacrebleu stops counting: p4 stays 0. Effective order is on, so the mean uses p1…p3 only.",
		"p4 is left out: effective order 3.")
	off := flat(walkText(t, wtCase{"a b c", []string{"a b c d"}, wtOpt(func(o *scoring.Options) { o.EffectiveOrder = false })}, 80))
	requireContains(t, "a b c, effective order off", off, "Effective order is off, so it stays in the mean")
	if strings.Contains(out+off, "p4…p4") {
		t.Error("a range of one order is written p4…p4")
	}
}

// TestWalkthroughNothingToClip: when no n-gram of an order is in any
// reference, clipping had nothing to do, and the summary must not claim
// that no n-gram occurs more often in the hypothesis than in a reference
// (the "over" column shows all of them).
func TestWalkthroughNothingToClip(t *testing.T) {
	out := flat(walkText(t, wtCase{caseTheThe.hyp, wtCatRefs, wtOpt(func(o *scoring.Options) { o.MaxOrder, o.Tokenize = 2, "none" })}, 80))
	requireContains(t, "the the", out,
		"None of the hypothesis's 6 bigrams appears in any reference, so none counts; there is nothing to clip.",
		"over = hyp − clip: the occurrences that do not count (clipped, or unmatched: in no reference)")
	if strings.Contains(out, "no bigram occurs more often in the hypothesis") {
		t.Error("the summary says no bigram occurs more often in the hypothesis, though \"the the\" occurs 6 times and in no reference")
	}
	mixed := flat(walkText(t, wtCase{"the cat sat", []string{"the cat is here"}, wtOpt(nil)}, 80))
	requireContains(t, "mixed", mixed,
		"Nothing is clipped at this order: every unigram found in a reference occurs in the hypothesis at most as often as in the reference that has it most. 1 unigram of the hypothesis appears in no reference at all.")
}

// TestWalkthroughNLTKExtras: NLTK's int 0 is not "BP × exp(sum)", and
// method6's assertion tests p3 whatever its message says.
func TestWalkthroughNLTKExtras(t *testing.T) {
	zero := flat(walkText(t, wtCase{"xyz qqq", []string{"the cat"}, wtOpt(func(o *scoring.Options) { o.Compat = scoring.CompatNLTK })}, 80))
	requireContains(t, "nltk no match", zero, "NLTK returns the integer 0 when no unigram matches")
	if strings.Contains(zero, "BP × exp(sum)") {
		t.Error("NLTK's early integer 0 is shown as BP × exp(sum)")
	}
	m6 := wtCase{"the cat was on a mat", []string{"the cat sat on the mat"}, wtOpt(func(o *scoring.Options) { o.Compat = scoring.CompatNLTK; o.NLTK.Smoothing.Method = 6 })}
	d, err := scoring.Explain(m6.hyp, m6.refs, m6.opt)
	if err != nil {
		t.Fatal(err)
	}
	res, scoreErr := scoring.Evaluate(d.Stats, m6.opt, scoring.LastSegment{Hyp: m6.hyp, Refs: m6.refs})
	if scoreErr == nil {
		t.Fatalf("method6 with p3 = %v did not fail", res.Precisions)
	}
	out := flat(Walkthrough(PlainStyles(), d, res, m6.opt, 80, WithScoreError(scoreErr)))
	requireContains(t, "method6", out, "NLTK's message says bigrams, but p3 is what it tests.")
}

// TestTokenizerNotes pins the facts each tokenizer note states against
// the tokenizers themselves.
func TestTokenizerNotes(t *testing.T) {
	tok := func(name, s string) string {
		t.Helper()
		tk, err := scoring.NewTokenizer(name)
		if err != nil {
			t.Fatal(err)
		}
		return tk.Tokenize(s)
	}
	checks := []struct{ name, in, want, claim string }{
		{"13a", "don't well-known 3.5 1-2 « x » &amp;", "don't well-known 3.5 1 - 2 « x » &", "apostrophe stays"},
		{"intl", "don't well-known 3.5 in 1990.", "don ' t well - known 3.5 in 1990.", "apostrophes and hyphens included"},
		{"char", "ab c", "a b   c", "every character except whitespace"},
		{"none", "a,b c", "a,b c", "split at whitespace and nothing else"},
	}
	for _, c := range checks {
		if got := tok(c.name, c.in); got != c.want {
			t.Errorf("%s(%q) = %q; want %q", c.name, c.in, got, c.want)
		}
		if !strings.Contains(tokenizerNotes[c.name], c.claim) {
			t.Errorf("the %s note does not say %q: %s", c.name, c.claim, tokenizerNotes[c.name])
		}
	}
}

// TestWalkthroughMeanColumns: the log lines of the mean step line up (each
// "=" and "×" at the same column in every line), and the sum is not
// written as "sum = x = x" when there is one term.
func TestWalkthroughMeanColumns(t *testing.T) {
	nltk := func(m int) scoring.Options {
		return wtOpt(func(o *scoring.Options) { o.Compat = scoring.CompatNLTK; o.NLTK.Smoothing.Method = m })
	}
	none := wtOpt(func(o *scoring.Options) { o.Smooth, o.SmoothValue = scoring.SmoothNone, 0 })
	cases := []wtCase{
		{"the cat sat on a mat today", []string{"the cat is sitting on the mat"}, wtOpt(nil)},
		{"the cat was on the mat", []string{"the cat sat on the mat"}, none},
		{"the cat sat on a mat today", []string{"the cat is sitting on the mat"}, nltk(1)},
		{"cat", []string{"the cat is sitting on the mat"}, nltk(4)},
		caseGuide,
	}
	for _, c := range cases {
		d, res, err := explainCase(t, c)
		if err != nil {
			t.Fatal(err)
		}
		steps := WalkthroughSteps(DefaultStyles(), d, res, c.opt, 100)
		mean := steps[len(steps)-3].Body
		var cols []int
		for _, l := range strings.Split(mean, "\n") {
			if !strings.HasPrefix(l, "ln p") && !(strings.HasPrefix(l, "w") && strings.Contains(l, " = ")) {
				continue
			}
			var at []int
			for i, r := range []rune(l) {
				if r == '=' || r == '×' || r == '→' {
					at = append(at, i)
				}
			}
			if strings.HasPrefix(l, "w") { // "w1 · ln p1 = w × ln p = term": the first and last
				at = []int{at[0], at[len(at)-1]}
			}
			if cols != nil && fmt.Sprint(at) != fmt.Sprint(cols) {
				t.Errorf("%q: line %q has its signs at %v, the first line at %v:\n%s", c.hyp, l, at, cols, mean)
			}
			cols = at
		}
		if cols == nil {
			t.Errorf("%q: no log lines in:\n%s", c.hyp, mean)
		}
		for _, l := range strings.Split(mean, "\n") {
			if f := strings.Split(l, " = "); strings.HasPrefix(l, "sum = ") && len(f) == 3 && f[1] == f[2] {
				t.Errorf("%q: %q writes the sum as itself", c.hyp, l)
			}
		}
	}
}

// TestWalkthroughSacrebleuLineWhole checks that the line to compare with
// sacrebleu's output is never cut: beside "sacrebleu prints:" when both
// fit, else below it, wrapped between its fields when it does not fit
// alone (every "name = value" whole on a line, hyp_len and ref_len
// included, where they were once cut off with …); with KeepLines, beside
// it and whole however wide.
func TestWalkthroughSacrebleuLineWhole(t *testing.T) {
	for _, c := range []wtCase{caseGuide, caseItIs} {
		d, res, _ := explainCase(t, c)
		verbose := res.Verbose(2)
		fields := regexp.MustCompile(`[A-Za-z_]+ = [0-9.]+`).FindAllString(verbose, -1)
		if len(fields) != 5 {
			t.Fatalf("%q: found the fields %q; want BLEU, BP, ratio, hyp_len and ref_len", verbose, fields)
		}
		for width := 40; width <= 200; width++ {
			for _, keep := range []bool{false, true} {
				opts := []WalkOption{WithText(c.hyp, c.refs)}
				if keep {
					opts = append(opts, KeepLines())
				}
				lines := strings.Split(Walkthrough(DefaultStyles(), d, res, c.opt, width, opts...), "\n")
				i := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "sacrebleu prints:") })
				if i < 0 {
					t.Fatalf("width %d: no sacrebleu line", width)
				}
				if want := "sacrebleu prints: " + verbose; keep || Fits(want, width) {
					if lines[i] != want {
						t.Errorf("width %d, KeepLines %v:\n got: %q\nwant: %q", width, keep, lines[i], want)
					}
					continue
				}
				if lines[i] != "sacrebleu prints:" {
					t.Errorf("width %d: %q; want the intro alone", width, lines[i])
				}
				var below []string
				for _, l := range lines[i+1:] {
					if l == "" {
						break
					}
					below = append(below, l)
				}
				if got := flat(strings.Join(below, " ")); got != verbose {
					t.Errorf("width %d: the line below reads %q; want %q", width, got, verbose)
				}
				for _, f := range fields {
					if !slices.ContainsFunc(below, func(l string) bool { return strings.Contains(l, f) }) {
						t.Errorf("width %d: %q is not whole on a line: %q", width, f, below)
					}
				}
				requireFits(t, fmt.Sprintf("sacrebleu line at %d", width), strings.Join(below, "\n"), width)
			}
		}
	}
}

// TestStepHeadingWideTitle: a step's heading measures its title in
// [Cells], so "step 1 of 2" stays at the right end of width cells beside
// an emoji joined with zero-width joiners; measured as one grapheme (2
// cells, where Cells counts 6), the gap was 4 cells too wide and the
// heading ran past the width.
func TestStepHeadingWideTitle(t *testing.T) {
	steps := []Step{{Title: "1 The family 👨\u200d👩\u200d👧 of n-grams", Stage: 1}, {Title: "2 Result", Stage: 2}}
	for _, w := range []int{40, 60} {
		head := strings.Split(StepHeading(DefaultStyles(), steps, 0, w), "\n")[0]
		if Cells(head) != w || !strings.HasSuffix(head, "step 1 of 2") {
			t.Errorf("width %d: heading %q is %d cells; want %d ending in \"step 1 of 2\"", w, head, Cells(head), w)
		}
	}
}

// TestWalkthroughTieStatesROnce: when two references are equally close
// and the tie picks the shorter, step 5 explains the tie and states r
// once, in its own line, instead of "…NLTK): r = 4." right above
// "r = 4  the closest reference length".
func TestWalkthroughTieStatesROnce(t *testing.T) {
	for _, compat := range []string{scoring.CompatSacreBLEU, scoring.CompatNLTK} {
		c := wtCase{"a b c d e", []string{"a b c d", "a b c d e f"}, wtOpt(func(o *scoring.Options) { o.Compat = compat })}
		d, res, err := explainCase(t, c)
		if err != nil {
			t.Fatal(err)
		}
		for _, width := range []int{60, 80, 100, 120} {
			steps := WalkthroughSteps(PlainStyles(), d, res, c.opt, width)
			body := steps[len(steps)-2].Body
			requireContains(t, fmt.Sprintf("%s at %d", compat, width), flat(body), "equally close to c. The tie goes to the shorter one", "r = 4 the closest reference length")
			if n := len(regexp.MustCompile(`(?m)(^|\s)r = \d`).FindAllString(body, -1)); n != 1 {
				t.Errorf("%s at %d: r stated %d times; want once:\n%s", compat, width, n, body)
			}
		}
	}
}

// TestWalkthroughClipFormulaWhole: the clipping formulas of step 2 stay
// whole on one line at every width from 60 up, where at 100 columns
// "clip" ended one line and "= min(hyp, max over the references)" began
// the next; and the spaces that keep them whole never reach the text.
func TestWalkthroughClipFormulaWhole(t *testing.T) {
	d, res, _ := explainCase(t, caseGuide)
	for width := 60; width <= 140; width++ {
		steps := WalkthroughSteps(DefaultStyles(), d, res, caseGuide.opt, width, WithText(caseGuide.hyp, caseGuide.refs))
		for _, s := range steps {
			if strings.Contains(s.Body, "\u00a0") {
				t.Errorf("width %d, step %s: a no-break space reached the text", width, s.Title)
			}
			if s.Order == 0 {
				continue
			}
			wants := []string{clipFormula, overFormula}
			if s.Order > 1 {
				wants = append(wants, clipOverRefs)
			}
			for _, f := range wants {
				if !slices.ContainsFunc(strings.Split(s.Body, "\n"), func(l string) bool { return strings.Contains(l, f) }) {
					t.Errorf("width %d, step %s: %q is not whole on a line:\n%s", width, s.Title, f, s.Body)
				}
			}
			requireFits(t, fmt.Sprintf("width %d, step %s", width, s.Title), s.Body, width)
		}
	}
}

// TestWalkthroughResultParagraphs: the reasons under the score are
// paragraphs, a blank line between them, as everywhere else in the
// walk-through; with NLTK's method0 and a one-word hypothesis the tiny
// score's reason ran straight into the brevity penalty's.
func TestWalkthroughResultParagraphs(t *testing.T) {
	for _, method := range []int{0, 1} {
		c := wtCase{"cat", []string{"the cat"}, wtOpt(func(o *scoring.Options) {
			o.Compat = scoring.CompatNLTK
			o.NLTK.Smoothing.Method = method
		})}
		d, res, err := explainCase(t, c)
		if err != nil {
			t.Fatal(err)
		}
		for _, width := range []int{60, 80, 120} {
			steps := WalkthroughSteps(PlainStyles(), d, res, c.opt, width)
			body := steps[len(steps)-1].Body
			i := strings.Index(body, "The hypothesis is much shorter")
			if i < 0 {
				t.Fatalf("method%d at %d: no brevity reason:\n%s", method, width, body)
			}
			if !strings.HasSuffix(body[:i], "\n\n") {
				t.Errorf("method%d at %d: the brevity reason runs on from the paragraph above:\n%s", method, width, body)
			}
		}
	}
}

// TestWalkthroughResultEquationsWhole: the result's reasons never break a
// line inside "name = value" ("(c = 2, r = 16)", "p4 = 0/3"), at any width
// from 60 on, and read back as the same text. Before, at 60 columns the
// brevity reason broke "(c" from "= 2, r = 16)".
func TestWalkthroughResultEquationsWhole(t *testing.T) {
	cases := []wtCase{
		{"the cat", []string{"the cat sat on the mat today and then it slept on the big soft chair"}, scoring.SentenceOptions()},
		{"cat", []string{"the cat"}, wtOpt(func(o *scoring.Options) { o.Compat = scoring.CompatNLTK })},
		{"the cat sat on a mat", []string{"the cat sat on the mat"}, scoring.SentenceOptions()},
	}
	for _, c := range cases {
		d, res, err := explainCase(t, c)
		if err != nil {
			t.Fatal(err)
		}
		var text string
		for width := 60; width <= 140; width++ {
			steps := WalkthroughSteps(PlainStyles(), d, res, c.opt, width)
			body := steps[len(steps)-1].Body
			for _, l := range strings.Split(body, "\n") {
				if l = strings.TrimSpace(l); strings.HasPrefix(l, "= ") || strings.HasSuffix(l, " =") {
					t.Errorf("%q at %d: a line breaks an equation: %q", c.hyp, width, l)
				}
			}
			flat := strings.Join(strings.Fields(body), " ")
			if text == "" {
				text = flat
			} else if flat != text {
				t.Errorf("%q at %d: the result reads otherwise than at 60:\n%s\n%s", c.hyp, width, flat, text)
			}
		}
	}
}

// TestWalkthroughResultNamesBPBesideZeros: when an order matched nothing
// and the brevity penalty is below 1 (but not below 0.5, which has its own
// reason), the result still says what the penalty takes off. Before, the
// note on the zero order was the only one, and a student looking at a
// short hypothesis read nothing about BP in the result.
func TestWalkthroughResultNamesBPBesideZeros(t *testing.T) {
	c := wtCase{"the cat was on a mat", []string{"the cat sat on the red mat"}, wtOpt(nil)}
	// c = 6, r = 7: BP = exp(1 − 7/6), and no trigram matches.
	want := fmt.Sprintf("The brevity penalty takes off %.2f%% as well (c = 6, r = 7).", 100*(1-math.Exp(1-7.0/6)))
	for _, width := range wtWidths {
		out := flat(resultText(t, c, width))
		if !strings.Contains(out, "No trigram matched") {
			t.Fatalf("at %d the result has no zero-order note:\n%s", width, out)
		}
		if !strings.Contains(out, want) {
			t.Errorf("at %d the result lacks %q:\n%s", width, want, out)
		}
	}
	// A score of 0 has nothing for the penalty to take off.
	zero := wtCase{"the cat was on a mat", []string{"the cat sat on the red mat"},
		wtOpt(func(o *scoring.Options) { o.Smooth, o.SmoothValue = scoring.SmoothNone, 0 })}
	if out := flat(resultText(t, zero, 80)); strings.Contains(out, "takes off") {
		t.Errorf("a score of 0 still names what BP takes off:\n%s", out)
	}
}

// resultText is the last step of the walk-through of c at width, plain.
func resultText(t *testing.T, c wtCase, width int) string {
	t.Helper()
	d, res, err := explainCase(t, c)
	if err != nil {
		t.Fatal(err)
	}
	steps := WalkthroughSteps(PlainStyles(), d, res, c.opt, width)
	return steps[len(steps)-1].Body
}

// TestWalkthroughNLTKResultFactors: NLTK's result multiplies out its
// factors, as sacrebleu's does ("BP × geometric mean = 0.866878 × 45.4994
// = 39.4424", then "BLEU = 39.44"), so that a teacher showing both sees
// where BP enters; the score as NLTK returns it follows on its own line.
// Before, it read "BLEU = BP × exp(sum) = 0.39442436483275556" alone.
func TestWalkthroughNLTKResultFactors(t *testing.T) {
	c := wtCase{"the cat sat on the mat", []string{"the cat sat on the red mat"},
		wtOpt(func(o *scoring.Options) { o.Compat = scoring.CompatNLTK })}
	// c = 6, r = 7; precisions 6/6, 4/5, 3/4, 2/3, weighted 1/4 each.
	bp, mean := math.Exp(1-7.0/6), math.Pow(1*0.8*0.75*(2.0/3), 0.25)
	want := fmt.Sprintf("BLEU = BP × exp(sum) = %s × %s BLEU = 0.67", strconv.FormatFloat(bp, 'g', 6, 64), strconv.FormatFloat(mean, 'g', 6, 64))
	for _, width := range wtWidths {
		if out := flat(resultText(t, c, width)); !strings.Contains(out, want) {
			t.Errorf("at %d the result lacks %q:\n%s", width, want, out)
		}
	}
}

// TestWalkthroughCountsBesideDigitNames: a count of n-grams whose name
// starts with a digit is spelt out from one to nine, "four 4-grams", so
// that two numbers do not stand side by side (10 and more stay digits).
// Before, the clipping step read "None of the hypothesis's 4 4-grams
// appears in any reference" and "3 4-grams of the hypothesis appear in no
// reference at all".
func TestWalkthroughCountsBesideDigitNames(t *testing.T) {
	tests := []struct {
		c    wtCase
		want string
	}{
		{wtCase{"the the the the the the the", wtCatRefs, wtOpt(nil)}, "None of the hypothesis's four 4-grams appears in any reference"},
		{wtCase{"Students protested for more climate action .", []string{"The students protested for more climate protection ."}, wtOpt(nil)},
			"Three 4-grams of the hypothesis appear in no reference at all."},
	}
	twoNumbers := regexp.MustCompile(`(^|[^.\d])[1-9] \d+-grams?\b`) // not a step's number, "2.4 4-grams"
	for _, tt := range tests {
		out := flat(walkText(t, tt.c, 80))
		if !strings.Contains(out, tt.want) {
			t.Errorf("%q: the walk-through lacks %q:\n%s", tt.c.hyp, tt.want, out)
		}
		if m := twoNumbers.FindString(out); m != "" {
			t.Errorf("%q: the walk-through reads %q", tt.c.hyp, m)
		}
	}
}

// TestWalkthroughClipNamesTiedReferences: the clipping summary names every
// reference that holds the most occurrences of a clipped n-gram, not the
// first alone. Before, on WMT22 de-en line 1475 of LT22 it read '"to"
// occurs twice in the hypothesis but at most once in a reference (ref A)',
// though ref B has "to" once too.
func TestWalkthroughClipNamesTiedReferences(t *testing.T) {
	c := wtCase{"to the to the", []string{"to the end", "to the start", "the end"}, wtOpt(nil)}
	out := flat(walkText(t, c, 80))
	for _, want := range []string{
		`"to" occurs twice in the hypothesis but at most once in a reference (ref 1 and ref 2)`,
		`"the" occurs twice in the hypothesis but at most once in a reference (ref 1, ref 2 and ref 3)`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the walk-through lacks %q:\n%s", want, out)
		}
	}
}
