package ui

import (
	"strconv"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/bleuscope/bleuscope/ui/render"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"
)

// Lessons is the interactive lessons screen: one lesson at a time, its
// text and references, a one-line editor holding the hypothesis or one of
// the references, and the figures, recomputed on every keystroke (one
// sentence of work). tab and shift+tab change lesson; ctrl+n moves the
// editor between the hypothesis and each reference; esc closes (see
// [Lessons.Closed]).
type Lessons struct {
	lessons []render.Lesson
	hyps    []string   // the edited hypothesis of each lesson
	refs    [][]string // the edited references of each lesson
	field   int        // in the editor: 0 the hypothesis, k reference k-1
	cur     int
	st      render.Styles
	keys    WalkthroughKeyMap
	input   lineInput
	vp      viewport.Model
	w, h    int
	done    bool
}

// NewLessons returns the lessons screen sized width×height cells, on the
// first lesson, with the hypothesis input focused. The corpus lesson uses
// its own small corpus; [Lessons.WithScores] adds the user's.
func NewLessons(st render.Styles, width, height int) Lessons {
	l := Lessons{lessons: render.AllLessons(), st: st, keys: LessonsKeyMap()}
	for _, ls := range l.lessons {
		l.hyps = append(l.hyps, ls.Hyp)
		l.refs = append(l.refs, append([]string(nil), ls.Refs...))
	}
	l.input = lineInput{limit: 1000}
	l.edit(0)
	return l.SetSize(width, height)
}

// WithScores adds the corpus and mean sentence scores of system sys of the
// user's own data to the corpus lesson. It reads the scores already
// computed (a pass over the sentence scores, no scoring); without scores,
// or for a system out of range, it changes nothing.
func (l Lessons) WithScores(ds *model.Dataset, sc *model.Scored, sys int) Lessons {
	if ds == nil || sc == nil || sys < 0 || sys >= len(sc.Systems) || sys >= len(ds.Systems) {
		return l
	}
	s := sc.Systems[sys]
	if s.CorpusErr != nil {
		return l
	}
	mean, n := model.MeanScore(s.Sentence)
	if n == 0 {
		return l
	}
	f := render.CorpusFigures{Name: ds.Systems[sys].Name, Segments: ds.Len(), Corpus: s.Corpus.Score, MeanSentence: mean,
		Scale: model.ScoreScale(sc.Settings.Corpus.Compat == scoring.CompatNLTK)}
	lessons := append([]render.Lesson(nil), l.lessons...)
	for i := range lessons {
		if lessons[i].ID == "corpus" {
			lessons[i].Yours = &f
		}
	}
	l.lessons = lessons
	return l.refresh(false)
}

// Init returns nil: the lessons need no command to start. Like a bubbles
// component, Lessons has tea.Model's methods but its Update returns
// Lessons, so it does not implement tea.Model itself.
func (l Lessons) Init() tea.Cmd { return nil }

// SetSize lays the lessons out in width×height cells.
func (l Lessons) SetSize(width, height int) Lessons {
	l.w, l.h = max(1, width), max(1, height)
	// The title, the input, the rule and the footer's one line.
	l.vp = viewport.New(l.w, max(1, l.h-4))
	l.vp.MouseWheelEnabled = false
	return l.refresh(true)
}

// refresh renders the current lesson for the current hypothesis into the
// viewport, from the top or keeping the scroll position.
func (l Lessons) refresh(top bool) Lessons {
	off := l.vp.YOffset
	l.vp.SetContent(l.body())
	if top {
		l.vp.GotoTop()
	} else {
		l.vp.SetYOffset(off)
	}
	return l
}

// shown is the current lesson with its references as edited.
func (l Lessons) shown() render.Lesson {
	ls := l.lessons[l.cur]
	ls.Refs = l.refs[l.cur]
	return ls
}

// body is the scrolling part: text, references, figures, suggestions.
func (l Lessons) body() string {
	ls := l.shown()
	width := max(20, l.w)
	parts := []string{render.LessonText(ls, width)}
	if refs := render.LessonRefs(l.st, ls, width); refs != "" {
		parts = append(parts, refs)
	}
	parts = append(parts, render.LessonFigures(l.st, ls, l.hyps[l.cur], width))
	if t := render.LessonTry(l.st, ls, width); t != "" {
		parts = append(parts, t)
	}
	return strings.Join(parts, "\n\n")
}

// Update handles one message and returns the updated lessons. Keys go to
// the text input unless they change lesson or field, scroll or close;
// every edit rescores the hypothesis against the references.
func (l Lessons) Update(msg tea.Msg) (Lessons, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		return l.SetSize(msg.Width, msg.Height), nil
	case tea.MouseMsg:
		l.keys.scroll(&l.vp, msg)
		return l, nil
	case tea.KeyMsg:
		if next, ok := l.handleKey(msg); ok {
			return next, nil
		}
		var edited bool
		if l.input, edited = l.input.update(msg); edited {
			if v := l.input.text(); v != l.value() {
				l = l.setField(v).refresh(false)
				l.showFigures()
			}
		}
	}
	return l, nil
}

// handleKey handles the keys that are not editing; ok is false for the
// keys that belong to the input.
func (l Lessons) handleKey(msg tea.KeyMsg) (Lessons, bool) {
	k := l.keys
	switch {
	case key.Matches(msg, k.Close):
		l.done = true
	case key.Matches(msg, k.Next):
		return l.open((l.cur + 1) % len(l.lessons)), true
	case key.Matches(msg, k.Prev):
		return l.open((l.cur + len(l.lessons) - 1) % len(l.lessons)), true
	case key.Matches(msg, k.First):
		l.hyps = append([]string(nil), l.hyps...)
		l.hyps[l.cur] = l.lessons[l.cur].Hyp
		l.refs = append([][]string(nil), l.refs...)
		l.refs[l.cur] = append([]string(nil), l.lessons[l.cur].Refs...)
		l.edit(l.field)
		return l.refresh(true), true
	case key.Matches(msg, k.Field):
		l.edit(l.nextField())
		return l, true
	default:
		return l, k.scroll(&l.vp, msg)
	}
	return l, true
}

// showFigures scrolls past the lesson's text, unless the reader has
// scrolled further already, so that the numbers being changed are in view.
func (l *Lessons) showFigures() {
	text := render.LessonText(l.shown(), max(20, l.w))
	if start := strings.Count(text, "\n") + 2; l.vp.YOffset < start {
		l.vp.SetYOffset(start)
	}
}

// open switches to lesson i with the hypothesis and references it was
// left with, the hypothesis in the editor.
func (l Lessons) open(i int) Lessons {
	l.cur = i
	l.edit(0)
	return l.refresh(true)
}

// edit puts field f of the current lesson in the editor: 0 the
// hypothesis, k reference k-1; the prompt names it.
func (l *Lessons) edit(f int) {
	l.field = f
	l.input.prompt = l.fieldName(f) + " › "
	l.input.setValue(l.value())
}

// nextField is the field ctrl+n puts in the editor: the next reference,
// after the last the hypothesis.
func (l Lessons) nextField() int { return (l.field + 1) % (1 + len(l.refs[l.cur])) }

// fieldName names field f as the editor's prompt does: "hyp", or the
// reference's label ("ref A", "ref").
func (l Lessons) fieldName(f int) string {
	if f == 0 {
		return "hyp"
	}
	return model.RefLabel(l.shown().RefLabels()[f-1])
}

// value is the text of the field in the editor, as edited.
func (l Lessons) value() string {
	if l.field == 0 {
		return l.hyps[l.cur]
	}
	return l.refs[l.cur][l.field-1]
}

// setField stores v as the text of the field in the editor, copying the
// slices it changes so earlier values of Lessons keep theirs.
func (l Lessons) setField(v string) Lessons {
	if l.field == 0 {
		l.hyps = append([]string(nil), l.hyps...)
		l.hyps[l.cur] = v
		return l
	}
	l.refs = append([][]string(nil), l.refs...)
	rs := append([]string(nil), l.refs[l.cur]...)
	rs[l.field-1] = v
	l.refs[l.cur] = rs
	return l
}

// View draws the lessons: the lesson's title, the hypothesis input,
// the scrolling text and figures, and a footer with the keys.
func (l Lessons) View() string {
	ls := l.lessons[l.cur]
	count := "lesson " + strconv.Itoa(l.cur+1) + " of " + strconv.Itoa(len(l.lessons))
	title := render.Truncate(ls.Title, max(1, l.w-len(count)-2))
	gap := max(1, l.w-render.Cells(title)-len(count))
	head := l.st.Title.Render(title) + strings.Repeat(" ", gap) + l.st.Muted.Render(count)
	head = render.Truncate(head, l.w)
	rule := l.st.Muted.Render(strings.Repeat("─", l.w))
	foot := l.st.Muted.Render(l.footer())
	input := l.input.view(l.st, l.w)
	return firstLines(head+"\n"+input+"\n"+rule+"\n"+l.vp.View()+"\n"+foot, l.h)
}

// footer is the lessons' one line of keys, as the other screens' footers:
// the first of its forms that fits, from the fullest to the shortest. It
// starts with how many lines are below or above, the only sign that the
// text goes on, then says that typing edits the text, the lessons' point,
// which no key's help says, at every width. Then come the keys, the most
// needed first (? is a letter of the hypothesis here, so the explorer's
// help is out of reach): esc, tab and ⇧tab, ctrl+r (which a student needs
// once the text is edited), ctrl+n and the scrolling keys, with " …" for
// those left out. ctrl+n is "hyp/refs" where that fits, else the text it
// goes to, as the editor's prompt names it, "ref A" or "hyp" ("next" read
// as the next lesson beside "tab/⇧tab lesson"); the shortest form writes
// ctrl+ as ^, as the explorer's help does, so that ctrl+r shows from 70
// columns and ctrl+n from 80. Which form, and how many of its keys, is
// decided with the widest name ctrl+n can have in the lesson, so that
// ctrl+n does not come and go as it is pressed.
func (l Lessons) footer() string {
	shown := l.footerForms(l.fieldName(l.nextField()))
	measured := l.footerForms(l.widestFieldName())
	last := len(measured) - 1
	for i, f := range measured[:last] {
		if render.Fits(f, l.w) {
			return shown[i]
		}
	}
	const sep, more = " · ", " …"
	if n := hintsThatFit(strings.Split(measured[last], sep), sep, more, l.w); n > 0 {
		return joinHints(strings.Split(shown[last], sep), n, sep, more)
	}
	return fitKeyLine(shown[last], l.w)
}

// footerForms are the forms of [Lessons.footer], fullest first, with
// next as the name of the text ctrl+n goes to.
func (l Lessons) footerForms(next string) []string {
	k := l.keys
	long, short := scrollWhere(l.vp)
	lead := func(where string) string {
		if where == "" {
			return "type to edit · "
		}
		return where + " · type to edit · "
	}
	lessons := as(k.Next, "tab/⇧tab", "lesson")
	field := as(k.Field, "ctrl+n", next)
	scroll := as(k.Down, "↓↑ pgdn pgup", "scroll")
	arrows := as(k.Down, "↓↑ pgdn", "")
	return []string{
		lead(long) + keyLine(k.Close, k.Next, k.Prev, k.First, k.Field, scroll),
		lead(long) + keyLine(k.Close, lessons, k.First, k.Field, scroll),
		lead(short) + keyLine(k.Close, lessons, k.First, k.Field, arrows),
		lead(short) + keyLine(k.Close, lessons, k.First, field, arrows),
		lead(short) + keyLine(k.Close, lessons, as(k.First, "^r", "reset"), as(k.Field, "^n", next), arrows),
	}
}

// widestFieldName is the widest of the names ctrl+n can show in the
// current lesson ([Lessons.fieldName]).
func (l Lessons) widestFieldName() string {
	widest := l.fieldName(0)
	for f := 1; f <= len(l.refs[l.cur]); f++ {
		if n := l.fieldName(f); render.Cells(n) > render.Cells(widest) {
			widest = n
		}
	}
	return widest
}

// Closed reports whether esc was pressed: the explorer should close the
// lessons and return to the list.
func (l Lessons) Closed() bool { return l.done }

// Lesson returns the index of the lesson shown (0-based).
func (l Lessons) Lesson() int { return l.cur }

// Hyp returns the hypothesis of the lesson shown, as edited.
func (l Lessons) Hyp() string { return l.hyps[l.cur] }

// Refs returns the references of the lesson shown, as edited.
func (l Lessons) Refs() []string { return append([]string(nil), l.refs[l.cur]...) }

// Field returns what the editor holds: 0 for the hypothesis, k for
// reference k-1.
func (l Lessons) Field() int { return l.field }
