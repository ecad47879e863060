package render

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
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
			[]string{"simple precision   7/7 = 100.00%", "modified precision 2/7 = 28.57%", "~ the       7  2  1   2    2   5"},
			"the cat the cat on the mat",
			[]string{"modified precision 5/7 = 71.43%", "~ the cat   2  1  0   1    1   1", "sentence BLEU (N = 2) = 69.01"}, "2/7"},
		{"brevity",
			[]string{"2/2 100.00%", "1/1 100.00%", "c = 2 ", "r = 16 ", "exp(1 − 16/2) = exp(-7) = 0.000911882", "sentence BLEU = BP × mean = 0.09"},
			"It is a guide to action",
			[]string{"c = 6 ", "exp(1 − 16/6) = exp(-1.66667) = 0.188876", "sentence BLEU = BP × mean = 18.89"}, "0.000911882"},
		{"order",
			[]string{"6/6 100.00%", "0/5  10.00% * smoothed", "unigrams only (N = 1) = 100.00", "BLEU (N = 4) = 12.70"},
			"the cat is on the mat",
			[]string{"5/5 100.00%", "3/3 100.00%", "BLEU (N = 4) = 100.00"}, "12.70"},
		{"references",
			[]string{"^ the        3  1  4  4   4    3   0", "ref 2 = 18  (off by 0)  ← closest", "ref 1 alone = 41.18", "all 3 refs = 50.46"},
			"the the the the the",
			[]string{"~ the       5  1  4  4   4    4   1", "all 3 refs = "}, "50.46"},
		{"corpus",
			[]string{"4     10  12  8/10 5/9 2/8 1/7              29.06", "mean of the 4 sentence scores = 38.39", "corpus BLEU from the sums = 44.30"},
			"The museum will stay closed until the roof has been repaired.",
			[]string{"12/12 11/11 10/10 9/9", "100.00", "mean of the 4 sentence scores = 56.12", "corpus BLEU from the sums = 61.90"}, "44.30"},
		{"smoothing",
			[]string{"0/3  0.00%", "none            83.3/60.0/25.0/0.0        0.00", "exp             83.3/60.0/25.0/16.7       37.99", "NLTK method1    0.83/0.60/0.25/0.03       0.2541"},
			"the cat sat",
			[]string{"0/0   0.00% not in mean", "none            100.0/100.0/100.0/0.0     36.79", "none, eff. off  100.0/100.0/100.0/0.0     0.00"}, "37.99"},
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			l := lessonByID(t, tt.id)
			start := LessonFigures(l, l.Hyp, DefaultStyles(), 80)
			requireContains(t, tt.id+" start", start, tt.start...)
			after := LessonFigures(l, tt.hyp, DefaultStyles(), 80)
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
				out := RenderLesson(l, h, DefaultStyles(), w)
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
			requireGolden(t, fmt.Sprintf("lesson_%s_%d", l.ID, w), RenderLesson(l, l.Hyp, DefaultStyles(), w))
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
	requireFits(t, "Lessons(60)", Lessons(60), 60)
	// Marked lessons draw the hypothesis with marker rows; the others list
	// it once, plainly.
	if n := len(regexp.MustCompile(`(?m)^hyp  `).FindAllString(out, -1)); n != len(AllLessons()) {
		t.Errorf("%d hypothesis lines; want one per lesson", n)
	}
}

func TestCorpusLessonYours(t *testing.T) {
	l := lessonByID(t, "corpus")
	if strings.Contains(LessonFigures(l, l.Hyp, DefaultStyles(), 80), "Your corpus") {
		t.Fatal("figures mention the user's corpus though none was given")
	}
	l.Yours = &CorpusFigures{Name: "sysA", Segments: 2000, Corpus: 28.3456, MeanSentence: 25.5, Scale: 100}
	requireContains(t, "yours", flat(LessonFigures(l, l.Hyp, DefaultStyles(), 80)),
		"Your corpus sysA, 2000 segments: corpus BLEU = 28.35, mean of the sentence scores = 25.50.")
	l.Yours = &CorpusFigures{Name: "sysB", Segments: 3, Corpus: 0.28346, MeanSentence: 0.2, Scale: 1}
	requireContains(t, "yours nltk", flat(LessonFigures(l, l.Hyp, DefaultStyles(), 80)), "corpus BLEU = 0.2835, mean of the sentence scores = 0.2000.")
}
