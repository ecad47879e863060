package render

import (
	"fmt"
	"github.com/charmbracelet/x/ansi"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/scoring"
)

// lessonByID returns the built-in lesson id.
func lessonByID(t *testing.T, id string) Lesson {
	t.Helper()
	for _, l := range AllLessons() {
		if l.ID == id {
			return l
		}
	}
	t.Fatalf("no lesson %q", id)
	return Lesson{}
}

func TestAllLessons(t *testing.T) {
	want := []string{"clipping", "brevity", "order", "references", "corpus", "smoothing"}
	ls := AllLessons()
	if len(ls) != len(want) {
		t.Fatalf("%d lessons; want %d", len(ls), len(want))
	}
	for i, l := range ls {
		if l.ID != want[i] {
			t.Errorf("lesson %d is %q; want %q", i+1, l.ID, want[i])
		}
		if l.Title == "" || l.Teaches == "" || len(l.Text) == 0 || len(l.Refs) == 0 || l.Hyp == "" || len(l.Try) == 0 {
			t.Errorf("lesson %q is missing a title, summary, text, references, hypothesis or suggestions", l.ID)
		}
		if err := l.Options.Validate(); err != nil {
			t.Errorf("lesson %q: options: %v", l.ID, err)
		}
	}
}

// TestLessonFigures checks, lesson by lesson, the numbers for the
// starting hypothesis and that they change as they should for another.
func TestLessonFigures(t *testing.T) {
	tests := []struct {
		id         string
		start      []string // in the figures of the starting hypothesis
		hyp        string   // another hypothesis
		after      []string // in its figures
		notInAfter string   // no longer in them
	}{
		{"clipping",
			[]string{"simple precision   7/7 = 100.00%", "modified precision 2/7 = 28.57%", "~ the       7 2 1   2    2    5"},
			"the cat the cat on the mat",
			[]string{"modified precision 5/7 = 71.43%", "~ the cat   2 1 0   1    1    1", "sentence BLEU (N = 2) = 69.01"}, "2/7"},
		{"brevity",
			[]string{"2/2 100.00%", "1/1 100.00%", "c = 2 ", "r = 16 ", "exp(1 − 16/2) = exp(-7) = 0.000911882", "sentence BLEU = BP × mean = 0.09"},
			"It is a guide to action",
			[]string{"c = 6 ", "exp(1 − 16/6) = exp(-1.66667) = 0.188876", "sentence BLEU = BP × mean = 18.89"}, "0.000911882"},
		{"order",
			[]string{"6/6 100.00%", "0/5  10.00% * smoothed", "unigrams only (N = 1) = 100.00", "BLEU (N = 4)          =  12.70"},
			"the cat is on the mat",
			[]string{"5/5 100.00%", "3/3 100.00%", "BLEU (N = 4)          = 100.00"}, "12.70"},
		{"references",
			[]string{"^ the        3 1 4 4   4    3    0", "ref B = 18  (off by 0)  ← closest", "ref A alone = 41.18", "all 3 refs  = 50.46"},
			"the the the the the",
			[]string{"~ the       5 1 4 4   4    4    1", "all 3 refs  = "}, "50.46"},
		{"corpus",
			[]string{"4     10  12  8/10 5/9 2/8 1/7              29.06", "mean of the 4 sentence scores = 38.39", "corpus BLEU from the sums     = 44.30"},
			"The museum will stay closed until the roof has been repaired.",
			[]string{"12/12 11/11 10/10 9/9", "100.00", "mean of the 4 sentence scores = 56.12", "corpus BLEU from the sums     = 61.90"}, "44.30"},
		{"smoothing",
			[]string{"0/3  0.00%", "none            83.3/60.0/25.0/0.0             0.00", "exp             83.3/60.0/25.0/16.7           37.99", "NLTK method1    0.83/0.60/0.25/0.03          0.2541"},
			"the cat sat",
			[]string{"0/0   0.00% not in mean", "none            100.0/100.0/100.0/0.0         36.79", "none, eff. off  100.0/100.0/100.0/0.0          0.00"}, "37.99"},
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			l := lessonByID(t, tt.id)
			start := LessonFigures(DefaultStyles(), l, l.Hyp, 80)
			requireContains(t, tt.id+" start", start, tt.start...)
			after := LessonFigures(DefaultStyles(), l, tt.hyp, 80)
			requireContains(t, tt.id+" edited", after, tt.after...)
			if strings.Contains(after, tt.notInAfter) {
				t.Errorf("%s edited: still shows %q:\n%s", tt.id, tt.notInAfter, after)
			}
		})
	}
}

func TestLessonsFit(t *testing.T) {
	hyps := []string{"", "x", strings.Repeat("word ", 60), strings.Repeat("y", 200), "東京 は 日本", "bad \x1b[31m input"}
	for _, l := range AllLessons() {
		for _, w := range wtWidths {
			for _, h := range append([]string{l.Hyp}, hyps...) {
				out := RenderLesson(DefaultStyles(), l, h, w)
				requireFits(t, fmt.Sprintf("%s %.12q at %d", l.ID, h, w), out, w)
				if strings.Contains(out, "\x1b") {
					t.Errorf("%s %.12q: an escape reached the output", l.ID, h)
				}
			}
		}
	}
}

func TestLessonsGolden(t *testing.T) {
	for _, l := range AllLessons() {
		for _, w := range []int{60, 120} {
			requireGolden(t, fmt.Sprintf("lesson_%s_%d", l.ID, w), RenderLesson(DefaultStyles(), l, l.Hyp, w))
		}
	}
	requireGolden(t, "lesson_all_80", Lessons(80))
}

func TestLessonsPlain(t *testing.T) {
	out := Lessons(80)
	if strings.Contains(out, "\x1b") {
		t.Error("Lessons printed escape sequences")
	}
	for i, l := range AllLessons() {
		requireContains(t, "Lessons", out, fmt.Sprintf("%d. %s", i+1, l.Title))
	}
	// At 60 the prose fits; only the score lines, kept whole to be copied
	// (TestLessonsKeepScoreLinesWhole), may be wider.
	var prose []string
	for _, l := range strings.Split(Lessons(60), "\n") {
		if !strings.Contains(l, "hyp_len = ") {
			prose = append(prose, l)
		}
	}
	requireFits(t, "Lessons(60)", strings.Join(prose, "\n"), 60)
	// Marked lessons draw the hypothesis with marker rows; the others list
	// it once, plainly.
	if n := len(regexp.MustCompile(`(?m)^hyp  `).FindAllString(out, -1)); n != len(AllLessons()) {
		t.Errorf("%d hypothesis lines; want one per lesson", n)
	}
}

func TestCorpusLessonYours(t *testing.T) {
	l := lessonByID(t, "corpus")
	if strings.Contains(LessonFigures(DefaultStyles(), l, l.Hyp, 80), "Your corpus") {
		t.Fatal("figures mention the user's corpus though none was given")
	}
	l.Yours = &CorpusFigures{Name: "sysA", Segments: 2000, Corpus: 28.3456, MeanSentence: 25.5, Scale: 100}
	requireContains(t, "yours", flat(LessonFigures(DefaultStyles(), l, l.Hyp, 80)),
		"Your corpus sysA, 2,000 segments: corpus BLEU = 28.35, mean of the sentence scores = 25.50.")
	l.Yours = &CorpusFigures{Name: "sysB", Segments: 3, Corpus: 0.28346, MeanSentence: 0.2, Scale: 1}
	requireContains(t, "yours nltk", flat(LessonFigures(DefaultStyles(), l, l.Hyp, 80)), "corpus BLEU = 0.2835, mean of the sentence scores = 0.2000.")
}

// TestLessonTextNumbers recomputes every number and count the lessons'
// prose quotes (the paragraphs and the suggestions), so that the text
// cannot drift from what the scoring package computes.
func TestLessonTextNumbers(t *testing.T) {
	explain := func(hyp string, refs []string, opt scoring.Options) (scoring.Detail, scoring.Result) {
		t.Helper()
		d, err := scoring.Explain(hyp, refs, opt)
		if err != nil {
			t.Fatal(err)
		}
		res, err := scoring.Evaluate(d.Stats, opt, scoring.LastSegment{Hyp: hyp, Refs: refs})
		if err != nil {
			t.Fatal(err)
		}
		return d, res
	}
	clip := func(d scoring.Detail, n int, gram string) scoring.Clip {
		t.Helper()
		for _, c := range d.Orders[n-1].Clips {
			if c.NGram == gram {
				return c
			}
		}
		t.Fatalf("no %d-gram %q", n, gram)
		return scoring.Clip{}
	}
	text := func(l Lesson) string { return strings.Join(l.Text, " ") + " " + strings.Join(l.Try, " ") }

	t.Run("clipping", func(t *testing.T) {
		l := lessonByID(t, "clipping")
		d, _ := explain(l.Hyp, l.Refs, l.Options)
		the := clip(d, 1, "the")
		if the.HypCount != 7 || the.RefCounts[0] != 2 || the.RefMax != 2 || d.Orders[0].Matches != 2 || d.Orders[0].Total != 7 {
			t.Errorf("\"the\": %+v, %d/%d; the text says 7 in the hypothesis, twice in reference A, 2/7", the, d.Orders[0].Matches, d.Orders[0].Total)
		}
		requireContains(t, "clipping text", text(l), "has seven words", "precision is 7/7", `"the" occurs twice in reference A, so only 2 of the 7 count`, "modified precision is 2/7")
		d2, _ := explain("the cat the cat on the mat", l.Refs, l.Options)
		if c := clip(d2, 2, "the cat"); c.HypCount != 2 || c.RefMax != 1 {
			t.Errorf(`"the cat" in "the cat the cat on the mat": %d times, at most %d in a reference; the suggestion says twice, once`, c.HypCount, c.RefMax)
		}
		d3, _ := explain("mat mat mat", l.Refs, l.Options)
		if c := clip(d3, 1, "mat"); c.RefCounts[0] != 1 || c.RefCounts[1] != 1 {
			t.Errorf(`"mat" is in the references %v times; the suggestion says once each`, c.RefCounts)
		}
	})

	t.Run("brevity", func(t *testing.T) {
		l := lessonByID(t, "brevity")
		d, res := explain(l.Hyp, l.Refs, l.Options)
		c, r := d.Stats.HypLen, d.Stats.RefLen
		if d.Orders[0].Matches != c || d.Orders[1].Matches != d.Orders[1].Total || d.Orders[2].Total != 0 || res.EffOrder != 2 {
			t.Errorf("%q: the text says p1 = p2 = 100%% and no trigrams or 4-grams; got %v/%v, effective order %d", l.Hyp, res.Counts, res.Totals, res.EffOrder)
		}
		want := fmt.Sprintf("Two tokens against %d give exp(1 − %d) ≈ %.4f.", r, r/c, res.BP)
		if c != 2 || r%c != 0 || math.Abs(res.BP-math.Exp(1-float64(r)/float64(c))) > 1e-15 {
			t.Fatalf("c = %d, r = %d, BP = %v", c, r, res.BP)
		}
		requireContains(t, "brevity text", text(l), want)
		d2, res2 := explain(guideHyp, l.Refs, l.Options)
		if d2.Stats.HypLen != 18 || d2.Stats.RefLen != 18 || res2.BP != 1 {
			t.Errorf("full candidate: c = %d, r = %d, BP = %v; the suggestion says c = r = 18, BP = 1", d2.Stats.HypLen, d2.Stats.RefLen, res2.BP)
		}
		requireContains(t, "brevity try", text(l), "c = r = 18, BP = 1")
	})

	t.Run("order", func(t *testing.T) {
		l := lessonByID(t, "order")
		d, res := explain(l.Hyp, l.Refs, l.Options)
		if d.Orders[0].Matches != 6 || d.Orders[0].Total != 6 {
			t.Errorf("unigrams %d/%d; the text says 6/6", d.Orders[0].Matches, d.Orders[0].Total)
		}
		if d.Orders[1].Matches != 0 || res.Score <= 0 {
			t.Errorf("bigram matches %d, score %v; the text says no bigram matches and smoothing keeps the score above 0", d.Orders[1].Matches, res.Score)
		}
		noSmooth := l.Options
		noSmooth.Smooth, noSmooth.SmoothValue = scoring.SmoothNone, 0
		if _, r0 := explain(l.Hyp, l.Refs, noSmooth); r0.Score != 0 {
			t.Errorf("without smoothing the score is %v, not 0", r0.Score)
		}
		requireContains(t, "order text", text(l), "gets 6/6 on unigrams", "not one bigram matches")
	})

	t.Run("references", func(t *testing.T) {
		l := lessonByID(t, "references")
		d, _ := explain("the the the the the", l.Refs, l.Options)
		the := clip(d, 1, "the")
		if fmt.Sprint(the.RefCounts) != "[1 4 4]" || the.Matched != 4 {
			t.Errorf(`"the" in the references %v, clipped to %d; the suggestion says 1 + 4 + 4 and 4`, the.RefCounts, the.Matched)
		}
		requireContains(t, "references try", text(l), `"the" counts up to 4 times, the most one reference has, not 1 + 4 + 4`, "reference B word for word: 100 against all three")
		if _, res := explain(l.Refs[1], l.Refs, l.Options); pct(res.Score) != "100.00" {
			t.Errorf("reference 2 against all three scores %v", res.Score)
		}
		// "every reference adds matches the others miss"
		g, _ := explain(l.Hyp, l.Refs, l.Options)
		for k := range l.Refs {
			own := false
			for _, c := range g.Orders[0].Clips {
				only := c.RefCounts[k] > 0
				for j, v := range c.RefCounts {
					if j != k && v > 0 {
						only = false
					}
				}
				own = own || only
			}
			if !own {
				t.Errorf("reference %d adds no unigram match the others miss", k+1)
			}
		}
	})

	t.Run("corpus", func(t *testing.T) {
		l := lessonByID(t, "corpus")
		num := func(s, label string) float64 {
			t.Helper()
			m := regexp.MustCompile(regexp.QuoteMeta(label) + ` = ([0-9.]+)`).FindStringSubmatch(flat(s))
			if m == nil {
				t.Fatalf("no %q in %s", label, s)
			}
			x, _ := strconv.ParseFloat(m[1], 64)
			return x
		}
		figs := func(hyp string) (mean, corpus, bp float64) {
			f := LessonFigures(PlainStyles(), l, hyp, 200)
			return num(f, "mean of the 4 sentence scores"), num(f, "corpus BLEU from the sums"), num(f, "(BP")
		}
		m0, c0, bp0 := figs(l.Hyp)
		// "closed": its sentence score rounds to 0.00; the corpus falls
		// too, and BP applies to the sums.
		opt := l.Options
		opt.EffectiveOrder = true
		st, err := scoring.SentenceStats("closed", l.Refs, opt)
		if err != nil {
			t.Fatal(err)
		}
		if s := scoring.Compute(st, opt).Score; pct(s) != "0.00" || s <= 0 {
			t.Errorf(`"closed" scores %v; the suggestion says it rounds to 0.00`, s)
		}
		if _, c1, bp1 := figs("closed"); c1 >= c0 || bp1 >= bp0 {
			t.Errorf(`"closed": corpus %v (was %v), BP %v (was %v); the suggestion says both fall`, c1, c0, bp1, bp0)
		}
		// a long, wrong hypothesis lowers the corpus score more than the mean
		if m2, c2, _ := figs("a b c d e f g h i j k l m n o p q r s t u v w x y z"); c0-c2 <= m0-m2 {
			t.Errorf("long wrong hypothesis: corpus falls by %v, the mean by %v", c0-c2, m0-m2)
		}
		requireContains(t, "corpus try", text(l), `"closed": its sentence score rounds to 0.00`, "lowers the corpus score more than the mean")
	})

	t.Run("smoothing", func(t *testing.T) {
		l := lessonByID(t, "smoothing")
		d, _ := explain(l.Hyp, l.Refs, l.Options)
		if d.Orders[0].Matches != 5 || d.Orders[0].Total != 6 || d.Orders[3].Matches != 0 {
			t.Errorf("%q: unigrams %d/%d, 4-gram matches %d; the text says five of six and no 4-gram", l.Hyp, d.Orders[0].Matches, d.Orders[0].Total, d.Orders[3].Matches)
		}
		none := l.Options
		none.Smooth, none.SmoothValue = scoring.SmoothNone, 0
		if _, r := explain(l.Hyp, l.Refs, none); r.Score != 0 {
			t.Errorf("without smoothing it scores %v, not 0", r.Score)
		}
		nltk := l.Options
		nltk.Compat = scoring.CompatNLTK
		nltk.NLTK.Smoothing = scoring.DefaultNLTKSmoothing()
		if _, r := explain(l.Hyp, l.Refs, nltk); !(r.Score > 0 && r.Score < 1e-10) {
			t.Errorf("NLTK method0 gives %v, not a tiny positive number", r.Score)
		}
		requireContains(t, "smoothing text", text(l), "has five of six words right, yet without smoothing it scores 0")
		if d, _ := explain("the cat sat", l.Refs, l.Options); d.Orders[3].Total != 0 {
			t.Error(`"the cat sat" has 4-grams`)
		}
		if d, _ := explain("the dog was under a mat", l.Refs, l.Options); d.Orders[0].Matches == 0 || d.Orders[1].Matches+d.Orders[2].Matches+d.Orders[3].Matches != 0 {
			t.Error(`"the dog was under a mat": not only unigrams match`)
		}
	})
}

// TestLessonsKeepScoreLinesWhole: bleuscope lessons, printed to be copied,
// keeps every score line whole at any width (as explain does), while
// prose wraps; the explorer's lessons fit their width.
func TestLessonsKeepScoreLinesWhole(t *testing.T) {
	whole := regexp.MustCompile(`hyp_len = \d+ ref_len = \d+\)$`)
	for _, w := range []int{60, 80, 100} {
		out := Lessons(w)
		n := 0
		for _, l := range strings.Split(out, "\n") {
			if strings.Contains(l, "hyp_len") {
				n++
				if !whole.MatchString(l) {
					t.Errorf("width %d: a score line is cut: %q", w, l)
				}
			}
			if strings.HasPrefix(strings.TrimSpace(l), "ref_len") || strings.HasPrefix(strings.TrimSpace(l), "= ") && strings.HasSuffix(l, ")") {
				t.Errorf("width %d: the rest of a score line on a line of its own: %q", w, l)
			}
		}
		if n < 8 {
			t.Errorf("width %d: %d score lines; want every lesson's", w, n)
		}
	}
	for _, l := range AllLessons() {
		requireFits(t, l.Title, RenderLesson(DefaultStyles(), l, l.Hyp, 60), 60)
	}
}

// TestLessonTryHangs: a suggestion too long for one line goes on under its
// text, not back at the bullet's column.
func TestLessonTryHangs(t *testing.T) {
	for _, l := range AllLessons() {
		for _, w := range []int{40, 60} {
			for _, line := range strings.Split(LessonTry(PlainStyles(), l, w), "\n")[1:] {
				if !strings.HasPrefix(line, "  • ") && !strings.HasPrefix(line, "    ") {
					t.Errorf("%s at %d: a suggestion's line %q is not under its text", l.ID, w, line)
				}
				if ansi.StringWidth(line) > w {
					t.Errorf("%s at %d: %q is wider than the width", l.ID, w, line)
				}
			}
		}
	}
}

// TestLessonScoresAligned checks that in every lesson the scores stated
// one above another ("ref A alone = 41.18", "ref B alone =  8.23") and
// the smoothing table's BLEU column are right-aligned, so that they can
// be compared at a glance.
func TestLessonScoresAligned(t *testing.T) {
	scoreLine := regexp.MustCompile(`^.*? = +\d+\.\d+(?:  |$)`)
	for _, l := range AllLessons() {
		out := ansi.Strip(LessonFigures(DefaultStyles(), l, l.Hyp, 200))
		var run []string // consecutive score lines, each up to its score's end
		check := func() {
			for _, s := range run[min(1, len(run)):] {
				if len(s) != len(run[0]) || strings.LastIndex(s, " = ") != strings.LastIndex(run[0], " = ") {
					t.Errorf("%s: scores not aligned:\n%s", l.ID, strings.Join(run, "\n"))
					break
				}
			}
			run = nil
		}
		inTable, bleuEnd := false, 0
		for _, line := range strings.Split(out, "\n") {
			if m := scoreLine.FindString(line); m != "" {
				run = append(run, strings.TrimRight(m, " "))
				continue
			}
			check()
			switch {
			case strings.HasPrefix(line, "method "):
				inTable, bleuEnd = true, Cells(strings.TrimRight(line, " "))
			case inTable && strings.Contains(line, "/"):
				if Cells(strings.TrimRight(line, " ")) != bleuEnd {
					t.Errorf("%s: %q does not end under BLEU (column %d)", l.ID, line, bleuEnd)
				}
			default:
				inTable = false
			}
		}
		check()
	}
}

// A lesson's title stays true while its hypothesis is edited: it does not
// quote the hypothesis the lesson starts from.
func TestLessonTitlesDoNotQuoteTheHypothesis(t *testing.T) {
	for _, l := range AllLessons() {
		if strings.Contains(l.Title, l.Hyp) {
			t.Errorf("lesson %s: title %q quotes the starting hypothesis %q, which the reader edits", l.ID, l.Title, l.Hyp)
		}
	}
}

// In the explorer (nothing kept) sacrebleu's line in a lesson's scores is
// never cut, at any width from 60: it follows its score, or stands on a
// line of its own, wrapped when it does not fit alone only between its
// fields, the lines after the first indented; never "… hyp_len = 2 r…"
// with ref_len lost, nor "hyp_len = 2 ref_len" above "= 16)".
func TestLessonSacrebleuLinesWrapBetweenFields(t *testing.T) {
	st := PlainStyles()
	whole := regexp.MustCompile(`\(BP = [0-9.]+ ratio = [0-9.]+ hyp_len = [0-9]+ ref_len = [0-9]+\)$`)
	for _, l := range AllLessons() {
		for width := 60; width <= 120; width++ {
			lines := strings.Split(LessonFigures(st, l, l.Hyp, width), "\n")
			for i, line := range lines {
				if !strings.Contains(line, "(BP = ") {
					continue
				}
				joined, parts := line, []string{line}
				for _, next := range lines[i+1:] {
					if !strings.HasPrefix(next, "  ") || strings.HasPrefix(next, "  •") {
						break
					}
					joined += " " + strings.TrimSpace(next)
					parts = append(parts, next)
				}
				if !whole.MatchString(joined) {
					t.Errorf("lesson %s at %d columns: sacrebleu's line reads %q", l.ID, width, parts)
				}
				for _, p := range parts {
					if Cells(p) > width || strings.Contains(p, "…") || strings.HasSuffix(p, "=") || strings.HasPrefix(strings.TrimSpace(p), "=") {
						t.Errorf("lesson %s at %d columns: sacrebleu's line is broken: %q", l.ID, width, parts)
					}
				}
			}
		}
	}
}

// TestProseKeepsEquationsWhole: the prose of the lessons and of the
// walk-through never ends a line with "=" or "≈", and never breaks a
// "name = value" phrase, at any width from 40 on. Before, at 60 columns
// the brevity lesson read "BP =" at a line's end and "1 when c ≥ r" on
// the next, the smoothing lesson "with k" and "= 1)", and the
// walk-through "puts 100/(2^1 · 6) =" above "8.33333".
func TestProseKeepsEquationsWhole(t *testing.T) {
	texts := map[string]func(width int) string{}
	for _, l := range AllLessons() {
		texts["lesson "+l.ID] = func(width int) string {
			return LessonText(l, width) + "\n" + LessonTry(PlainStyles(), l, width)
		}
	}
	theThe := wtCase{"the the the the the the the", wtCatRefs, wtOpt(nil)}
	texts["walk-through of the the …"] = func(width int) string { return walkText(t, theThe, width) }
	for name, text := range texts {
		for width := 40; width <= 140; width++ {
			out := text(width)
			lines := strings.Split(out, "\n")
			for i, l := range lines {
				if l = strings.TrimSpace(l); strings.HasSuffix(l, " =") || strings.HasSuffix(l, " ≈") {
					t.Errorf("%s at %d: line %d ends with its operator: %q", name, width, i+1, l)
				}
			}
			for _, eq := range equations.FindAllString(flat(out), -1) {
				if !strings.Contains(out, eq) {
					t.Errorf("%s at %d: %q is broken across lines", name, width, eq)
				}
			}
		}
	}
}
