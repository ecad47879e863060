package render

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/scoring"
)

// markColumn returns the cell column of the '^' in the axis-label row of a
// chart (the line after the axis), or -1.
func markColumn(t *testing.T, chart string) int {
	t.Helper()
	lines := strings.Split(chart, "\n")
	for i, l := range lines {
		if strings.Contains(l, "└") && i+1 < len(lines) {
			return strings.IndexRune(lines[i+1], '^')
		}
	}
	t.Fatalf("no axis in chart:\n%s", chart)
	return -1
}

func TestBPCurve(t *testing.T) {
	for _, w := range wtWidths {
		for _, ratio := range []float64{0.125, 0.5, 1, 1.3, 2.5} {
			bp := scoring.BrevityPenalty(int(math.Round(ratio*100000)), 100000)
			out := BPCurve(DefaultStyles(), ratio, bp, w, 9)
			name := fmt.Sprintf("BPCurve(%g, %d)", ratio, w)
			requireFits(t, name, out, w)
			lines := strings.Split(out, "\n")
			if len(lines) != 9+4 {
				t.Errorf("%s: %d lines; want 9 rows, axis, mark, labels, caption", name, len(lines))
			}
			// The mark sits at ratio/1.5 of the plot width (clamped).
			pw := w - 5 - len(" c/r")
			want := 5 + min(pw-1, int(ratio/1.5*float64(pw)))
			if got := markColumn(t, out); got != want {
				t.Errorf("%s: '^' at column %d; want %d", name, got, want)
			}
			requireContains(t, name, out, fmt.Sprintf("^ c/r = %s, BP = %s", fnum(ratio), fnum(bp)))
		}
	}
	out := BPCurve(DefaultStyles(), 2.5, 1, 80, 9)
	requireContains(t, "beyond", out, "(beyond the axis: BP stays 1)")
	// The curve starts at the bottom left (BP(0) = 0) and ends at the top
	// right (BP = 1 beyond c = r).
	lines := strings.Split(BPCurve(DefaultStyles(), 1, 1, 80, 9), "\n")
	if r := []rune(lines[8]); r[5] == ' ' {
		t.Errorf("no curve in the bottom-left cell: %q", lines[8])
	}
	if !strings.HasSuffix(lines[0], "⠉") {
		t.Errorf("the curve does not end at the top right: %q", lines[0])
	}
	// The caption gives the segment's exact BP, not the sampled curve's
	// value at c/r: for c = 4, r = 6 that is exp(-0.5) = 0.606531, where
	// the curve sampled at 0.66667 reads 0.606535.
	requireContains(t, "exact BP", BPCurve(DefaultStyles(), 4.0/6, scoring.BrevityPenalty(4, 6), 80, 9),
		"^ c/r = 0.666667, BP = 0.606531")
	requireGolden(t, "chart_bpcurve_itis_80", BPCurve(DefaultStyles(), 0.125, scoring.BrevityPenalty(1, 8), 80, 9))
	requireGolden(t, "chart_bpcurve_60", BPCurve(DefaultStyles(), 0.9, scoring.BrevityPenalty(9, 10), 60, 6))
}

func TestPrecisionBars(t *testing.T) {
	d, res, _ := explainCase(t, caseItIs)
	_ = d
	for _, w := range wtWidths {
		out := PrecisionBars(DefaultStyles(), res, w)
		requireFits(t, fmt.Sprintf("PrecisionBars at %d", w), out, w)
		lines := strings.Split(out, "\n")
		if len(lines) != 4+1 {
			t.Fatalf("%d lines; want 4 orders and the legend:\n%s", len(lines), out)
		}
		for i, want := range []string{"1/2 50.00%", "0/1 50.00% * smoothed", "0/0  0.00% not in mean", "0/0  0.00% not in mean"} {
			if !strings.HasSuffix(lines[i], want) || !strings.HasPrefix(lines[i], fmt.Sprintf("p%d ", i+1)) {
				t.Errorf("line %d = %q; want p%d … %q", i+1, lines[i], i+1, want)
			}
		}
	}
	// The bar of p1 (50%) is half filled.
	line := strings.Split(PrecisionBars(DefaultStyles(), res, 80), "\n")[0]
	filled, empty := strings.Count(line, "█"), strings.Count(line, "·")
	if filled == 0 || filled != empty {
		t.Errorf("p1 = 50%%: %d filled and %d empty cells; want equal", filled, empty)
	}
	// NLTK precisions are shown on their 0–1 scale.
	_, nres, _ := explainCase(t, caseGuideNLTK)
	requireContains(t, "nltk", PrecisionBars(DefaultStyles(), nres, 80), "17/18 0.9444", "4/15 0.2667")
	requireGolden(t, "chart_precision_guide_60", PrecisionBars(DefaultStyles(), func() scoring.Result { _, r, _ := explainCase(t, caseGuide); return r }(), 60))
}

// TestPrecisionBarsMethod0: NLTK's method0 is "no smoothing", so the bars
// never say it smoothed a zero precision; they say the 0 counts as the
// smallest float. Another method's stand-in is still called smoothing.
func TestPrecisionBarsMethod0(t *testing.T) {
	nltk := func(method int) wtCase {
		return wtCase{"the cat sat on the mat", []string{"the cat was sitting on the mat today"}, wtOpt(func(o *scoring.Options) {
			o.Compat = scoring.CompatNLTK
			o.NLTK.Smoothing.Method = method
		})}
	}
	_, res, err := explainCase(t, nltk(0))
	if err != nil {
		t.Fatal(err)
	}
	if res.Counts[3] != 0 || res.Precisions[3] != 0x1p-1022 {
		t.Fatalf("method0 p4 = %v/%v → %v; want 0 made sys.float_info.min", res.Counts[3], res.Totals[3], res.Precisions[3])
	}
	for _, w := range wtWidths {
		out := PrecisionBars(DefaultStyles(), res, w)
		requireFits(t, fmt.Sprintf("method0 bars at %d", w), out, w)
		if strings.Contains(out, "smooth") {
			t.Errorf("method0 bars at %d call it smoothing:\n%s", w, out)
		}
		requireContains(t, fmt.Sprintf("method0 bars at %d", w), out, "0/3 0.0000 * smallest float", "* 0 counts as the smallest float (NLTK)")
	}
	walk := flat(walkText(t, nltk(0), 80))
	if strings.Contains(walk, "* smoothed") || strings.Contains(walk, "smoothing changed") {
		t.Errorf("method0 walk-through calls the stand-in for 0 smoothing:\n%s", walk)
	}
	requireContains(t, "method0 walk-through", walk, "Smoothing: none (method0, NLTK's \"no smoothing\")", "a zero one counts as sys.float_info.min")
	_, res1, err := explainCase(t, nltk(1))
	if err != nil {
		t.Fatal(err)
	}
	requireContains(t, "method1 bars", PrecisionBars(DefaultStyles(), res1, 80), "* smoothed", "* smoothing changed this value")
}

func TestHistogram(t *testing.T) {
	scores := []float64{0, 0, 0, 2, 12, 12, 50, 51, 99, 100, math.NaN()}
	for _, w := range wtWidths {
		out := Histogram(DefaultStyles(), scores, false, 51, w, 6)
		name := fmt.Sprintf("Histogram at %d", w)
		requireFits(t, name, out, w)
		lines := strings.Split(out, "\n")
		if len(lines) != 6+4 {
			t.Fatalf("%s: %d lines; want 6 rows, axis, mark, labels, caption:\n%s", name, len(lines), out)
		}
		// The tallest bin (0–5: 4 scores) labels the top; 0 the bottom.
		if !strings.HasPrefix(lines[0], "4 ┤") || !strings.HasPrefix(lines[5], "0 ┤") {
			t.Errorf("%s: y labels %q / %q; want 4 and 0", name, lines[0], lines[5])
		}
		requireContains(t, name, out, "^ 51.00: its bin 50–55 holds 2 of 10 segments (1 not scored)")
		// The '^' sits under bin 10 of 20.
		binW := (w - 3) / 20
		if got, want := markColumn(t, out), 3+10*binW+binW/2; got != want {
			t.Errorf("%s: '^' at %d; want %d", name, got, want)
		}
	}
	// NLTK scores are binned on 0–1.
	out := Histogram(DefaultStyles(), []float64{0.1, 0.5, 0.52, 1}, true, 0.5, 80, 4)
	requireContains(t, "0-1 scale", out, "^ 0.5000: its bin 0.5–0.55 holds 2 of 4 segments")
	// sacrebleu scores that are all below 1 stay on 0–100: one bin holds them.
	out = Histogram(DefaultStyles(), []float64{0.1, 0.5, 0.52, 1}, false, 0.5, 80, 4)
	requireContains(t, "low sacrebleu scores", out, "^ 0.50: its bin 0–5 holds 4 of 4 segments")
	requireContains(t, "empty", Histogram(DefaultStyles(), nil, false, 0, 80, 4), "no scores to draw")
	requireContains(t, "all NaN", Histogram(DefaultStyles(), []float64{math.NaN()}, true, 0, 80, 4), "no scores to draw")
	if strings.Contains(Histogram(DefaultStyles(), scores, false, math.NaN(), 80, 4), "^") {
		t.Error("a NaN mark drew a '^'")
	}
	requireGolden(t, "chart_histogram_80", Histogram(DefaultStyles(), scores, false, 51, 80, 6))
}

// TestHistogramInfiniteScores: scores that overflow to infinity (add-k
// with --smooth-value 1e308) fall in no bin and are counted as not drawn,
// an infinite mark marks nothing, instead of +Inf landing in the bin 0–5
// ("^ inf: its bin 0–5 holds 4 of 4 segments").
func TestHistogramInfiniteScores(t *testing.T) {
	inf := math.Inf(1)
	out := Histogram(DefaultStyles(), []float64{inf, inf, 50, math.Inf(-1)}, false, 50, 80, 4)
	requireContains(t, "some infinite", out, "^ 50.00: its bin 50–55 holds 1 of 1 segment (3 infinite, not drawn)")
	if lines := strings.Split(out, "\n"); !strings.HasPrefix(lines[0], "1 ┤") {
		t.Errorf("the tallest bin holds %q; want 1, the finite score alone:\n%s", lines[0], out)
	}
	if out := Histogram(DefaultStyles(), []float64{inf, 20}, false, inf, 80, 4); strings.Contains(out, "^") {
		t.Errorf("an infinite mark drew a '^':\n%s", out)
	}
	requireContains(t, "all infinite", Histogram(DefaultStyles(), []float64{inf, inf}, false, inf, 80, 4), "no scores to draw")
}

// TestHistogramCaptionShortens: a caption too long for the width drops
// words ("its", "segments", then the total) instead of being cut mid-word.
func TestHistogramCaptionShortens(t *testing.T) {
	scores := make([]float64, 1984)
	for i := range scores {
		scores[i] = float64(i % 100)
	}
	for w, want := range map[int]string{
		60: "^ 39.56: its bin 35–40 holds 100 of 1,984 segments",
		48: "^ 39.56: bin 35–40 holds 100 of 1,984",
		34: "^ 39.56: bin 35–40 holds 100",
	} {
		out := Histogram(DefaultStyles(), scores, false, 39.56, w, 4)
		lines := strings.Split(out, "\n")
		if got := lines[len(lines)-1]; got != want {
			t.Errorf("caption at %d cells = %q; want %q", w, got, want)
		}
	}
}

// TestHistogramCountsInThousands: the histogram's caption writes its
// counts in groups of three digits, as the chart's title above it does
// ("all 1,448 segments"); it read "holds 34 of 1448 segments".
func TestHistogramCountsInThousands(t *testing.T) {
	scores := make([]float64, 1234+1001)
	for i := 1234; i < len(scores); i++ {
		scores[i] = math.NaN()
	}
	out := Histogram(PlainStyles(), scores, false, 0, 80, 4)
	requireContains(t, "at 80 columns", out, "^ 0.00: its bin 0–5 holds 1,234 of 1,234 segments (1,001 not scored)")
	out = Histogram(PlainStyles(), scores, false, 0, 36, 4)
	requireContains(t, "at 36 columns", out, "^ 0.00: bin 0–5 holds 1,234 of 1,234")
}
