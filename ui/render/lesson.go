package render

import (
	"strconv"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
)

// Lesson is one of bleuscope's built-in lessons: a classic example from
// the BLEU paper or the tutorials, a few sentences on what it shows, and a
// hypothesis the learner edits while every number is recomputed.
type Lesson struct {
	// ID is a short stable name, such as "clipping".
	ID string
	// Title is the lesson's heading.
	Title string
	// Teaches says in one line what the lesson is about.
	Teaches string
	// Text holds the lesson's paragraphs, shown above the figures.
	Text []string
	// Refs are the references the hypothesis is scored against.
	Refs []string
	// Hyp is the hypothesis the lesson starts from.
	Hyp string
	// Try lists hypotheses worth typing, each with what it shows.
	Try []string
	// Options are the scoring options of the lesson.
	Options scoring.Options
	// Corpus holds the other segments of the corpus lesson (nil in the
	// others); the edited hypothesis is scored as one more segment with
	// Refs.
	Corpus []LessonSegment
	// Yours, when set, adds the figures of the user's own corpus to the
	// corpus lesson.
	Yours *CorpusFigures

	figures func(l Lesson, hyp string, st Styles, width int) string
	// marked is set when the figures draw the hypothesis and references
	// highlighted, so the intro need not list the references.
	marked bool
	// kept, when not nil, collects the lines a person copies (the score
	// lines), which are then kept whole however wide: set for text printed
	// to be read and copied (bleuscope lessons), as [KeepLines] does for
	// the walk-through; the explorer, whose screens must fit, goes without.
	kept map[string]bool
}

// LessonSegment is one segment of the corpus lesson's small corpus.
type LessonSegment struct {
	Hyp string // the system's output
	Ref string // its one reference
}

// CorpusFigures are the sentence and corpus scores of the user's own
// corpus, shown by the corpus lesson next to its small example: the
// corpus score (Corpus, computed from summed statistics) and the mean of
// the sentence scores (MeanSentence) of system Name over Segments
// segments. Scale is 100 for sacrebleu and 1 for NLTK.
type CorpusFigures struct {
	Name         string
	Segments     int
	Corpus       float64
	MeanSentence float64
	Scale        float64
}

// AllLessons returns the built-in lessons in teaching order: clipping,
// the brevity penalty, word order and higher n-grams, several references,
// sentence versus corpus BLEU, and smoothing.
func AllLessons() []Lesson {
	return []Lesson{
		clippingLesson(),
		brevityLesson(),
		orderLesson(),
		referencesLesson(),
		corpusLesson(),
		smoothingLesson(),
	}
}

// LessonIntro renders a lesson's fixed part: its text ([LessonText]) and
// its references ([LessonRefs]), wrapped to width cells.
func LessonIntro(st Styles, l Lesson, width int) string {
	if refs := LessonRefs(st, l, width); refs != "" {
		return LessonText(l, width) + "\n\n" + refs
	}
	return LessonText(l, width)
}

// LessonText renders the lesson's paragraphs, wrapped to width cells.
func LessonText(l Lesson, width int) string {
	width = max(20, width)
	paras := make([]string, len(l.Text))
	for i, p := range l.Text {
		paras[i] = wrapText(p, width)
	}
	return strings.Join(paras, "\n\n")
}

// LessonRefs renders the lesson's references, one labelled block each, or
// "" when the figures draw them highlighted next to the hypothesis.
func LessonRefs(st Styles, l Lesson, width int) string {
	if l.marked {
		return ""
	}
	width = max(20, width)
	labelW := min(width/4, 8)
	var lines []string
	labels := l.RefLabels()
	for k, r := range l.Refs {
		lines = append(lines, TextLines(st, model.RefLabel(labels[k]), labelW, r, width)...)
	}
	return strings.Join(lines, "\n")
}

// RefLabels are the labels of the lesson's references
// ([model.LetteredRefLabels]), in its text, its figures and its editor.
func (l Lesson) RefLabels() []string { return model.LetteredRefLabels(len(l.Refs)) }

// LessonFigures renders the live part of a lesson for hypothesis hyp:
// every number the lesson is about, recomputed with the scoring package,
// wrapped to width cells.
func LessonFigures(st Styles, l Lesson, hyp string, width int) string {
	width = max(20, width)
	if l.figures == nil {
		return ""
	}
	return fitWidth(l.figures(l, hyp, st, width), width, l.kept)
}

// LessonTry renders the lesson's suggestions of what to type.
func LessonTry(st Styles, l Lesson, width int) string {
	if len(l.Try) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(st.Label.Render("Try"))
	for _, t := range l.Try {
		b.WriteString("\n" + WrapHanging("  • ", t, max(20, width)))
	}
	return b.String()
}

// WrapHanging wraps prose to width cells at spaces, never at a hyphen (as
// the walk-through's prose), after first (possibly styled), its later
// lines indented as wide as first: a hanging indent.
func WrapHanging(first, text string, width int) string {
	indent := Cells(first)
	lines := strings.Split(wrapText(text, width-indent), "\n")
	for i := range lines {
		if i == 0 {
			lines[i] = first + lines[i]
		} else {
			lines[i] = strings.Repeat(" ", indent) + lines[i]
		}
	}
	return strings.Join(lines, "\n")
}

// RenderLesson renders a whole lesson for hypothesis hyp: heading, text,
// references, the hypothesis, the figures and the suggestions.
func RenderLesson(st Styles, l Lesson, hyp string, width int) string {
	width = max(20, width)
	parts := []string{
		st.Title.Render(Truncate(l.Title, width)) + "\n" + st.Muted.Render(strings.Repeat("─", width)),
		LessonIntro(st, l, width),
	}
	if !l.marked {
		parts = append(parts, strings.Join(TextLines(st, "hyp", min(width/4, 8), hyp, width), "\n"))
	}
	parts = append(parts, LessonFigures(st, l, hyp, width))
	if t := LessonTry(st, l, width); t != "" {
		parts = append(parts, t)
	}
	return strings.Join(parts, "\n\n")
}

// Lessons renders every lesson with its starting hypothesis as plain text
// width cells wide, for `bleuscope lessons`; the score lines, made to be
// copied, are kept whole.
func Lessons(width int) string {
	st := PlainStyles()
	width = max(20, width)
	var b strings.Builder
	b.WriteString(wrapText("bleuscope lessons: BLEU built up step by step on the classic examples. In the explorer, press L to open them and edit each hypothesis while the numbers change.", width))
	for i, l := range AllLessons() {
		b.WriteString("\n\n\n")
		l.Title = strconv.Itoa(i+1) + ". " + l.Title
		l.kept = map[string]bool{}
		b.WriteString(RenderLesson(st, l, l.Hyp, width))
	}
	b.WriteString("\n")
	return b.String()
}

// lessonExplain explains hyp against refs under opt for lesson l
// ([model.Explain]), returning the walk that renders its parts (nil and
// the error when the options are not valid).
func lessonExplain(l Lesson, hyp string, refs []string, opt scoring.Options, st Styles, width int) (*walk, error) {
	e := model.Explain(model.Segment{Hyp: hyp, Refs: refs}, opt)
	if e.Err != nil {
		return nil, e.Err
	}
	w := newWalk(e.Detail, e.Result, opt, st, width, []WalkOption{WithRefNames(l.RefLabels())})
	w.err, w.kept = e.EvalErr, l.kept
	return w, nil
}
