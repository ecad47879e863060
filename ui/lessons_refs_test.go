package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/bleuscope/bleuscope/ui/render"
	tea "github.com/charmbracelet/bubbletea"
)

// nextField presses ctrl+n, which moves the lessons' editor to the next
// reference (or back to the hypothesis).
func nextField(l Lessons) Lessons {
	l, _ = l.Update(tea.KeyMsg{Type: tea.KeyCtrlN})
	return l
}

// lessonScore is the score of hyp against refs under the options of
// lesson i, as the lesson shows it, computed here from scoring alone.
func lessonScore(t *testing.T, i int, hyp string, refs []string) string {
	t.Helper()
	opt := render.AllLessons()[i].Options
	d, err := scoring.Explain(hyp, refs, opt)
	if err != nil {
		t.Fatal(err)
	}
	return model.FormatScore(scoring.Compute(d.Stats, opt).Score, false)
}

func TestLessonsEditReference(t *testing.T) {
	const lesson = 3 // several references
	l := NewLessons(render.DefaultStyles(), 80, tall)
	l = send(l, "tab", "tab", "tab")
	orig := render.AllLessons()[lesson]
	if l.Lesson() != lesson || len(orig.Refs) != 3 {
		t.Fatalf("on lesson %d with %d refs; want lesson %d with 3", l.Lesson(), len(orig.Refs), lesson)
	}
	l = nextField(nextField(l))
	if l.Field() != 2 || !strings.Contains(l.View(), "ref B › ") {
		t.Fatalf("after two ctrl+n: field %d; want reference 2 in the editor:\n%s", l.Field(), l.View())
	}
	// Type the hypothesis as reference 2, a rune at a time: every number
	// follows, checked against scoring of the edited references.
	hyp := l.Hyp()
	for _, typed := range []string{"It is", hyp} {
		l = typeInto(l, typed)
		refs := []string{orig.Refs[0], typed, orig.Refs[2]}
		if got := l.Refs(); strings.Join(got, "|") != strings.Join(refs, "|") {
			t.Fatalf("Refs() = %q; want %q", got, refs)
		}
		if l.Hyp() != hyp {
			t.Fatalf("editing a reference changed the hypothesis to %q", l.Hyp())
		}
		v := l.View()
		for _, want := range []string{
			"ref B alone = " + lessonScore(t, lesson, hyp, refs[1:2]),
			"all 3 refs = " + lessonScore(t, lesson, hyp, refs),
		} {
			if !shows(v, want) {
				t.Errorf("reference 2 = %q: view lacks %q:\n%s", typed, want, v)
			}
		}
	}
	if !shows(l.View(), "ref B alone = 100.00") {
		t.Error("the hypothesis as its own reference does not score 100")
	}
	// ctrl+n wraps to the hypothesis, whose edits leave the references be.
	l = nextField(l)
	if l.Field() != 3 {
		t.Fatalf("ctrl+n from reference 2: field %d; want 3", l.Field())
	}
	l = nextField(l)
	if l.Field() != 0 || !strings.Contains(l.View(), "hyp › ") {
		t.Fatalf("ctrl+n from the last reference: field %d; want the hypothesis", l.Field())
	}
	l = typeInto(l, "the party")
	if l.Refs()[1] != hyp {
		t.Errorf("editing the hypothesis changed reference 2 to %q", l.Refs()[1])
	}
	want := "all 3 refs = " + lessonScore(t, lesson, "the party", l.Refs())
	if !shows(l.View(), want) {
		t.Errorf("view lacks %q", want)
	}
	// Other lessons keep their own references; ctrl+r restores this one's.
	l = send(l, "tab", "shift+tab")
	if l.Field() != 0 || l.Refs()[1] != hyp {
		t.Fatalf("back on the lesson: field %d, reference 2 %q", l.Field(), l.Refs()[1])
	}
	l = send(l, "ctrl+r")
	if strings.Join(l.Refs(), "|") != strings.Join(orig.Refs, "|") || l.Hyp() != orig.Hyp {
		t.Errorf("ctrl+r: %q and %q; want the lesson's own", l.Hyp(), l.Refs())
	}
}

func TestLessonsEditReferenceEveryLesson(t *testing.T) {
	l := NewLessons(render.DefaultStyles(), 80, tall)
	for i, ls := range render.AllLessons() {
		l = nextField(l)
		if l.Field() != 1 {
			t.Fatalf("lesson %d: ctrl+n gave field %d; want 1", i+1, l.Field())
		}
		// An empty reference, then one word: no error, and the figures move.
		empty := typeInto(l, "")
		if empty.Refs()[0] != "" || strings.Contains(empty.View(), "error") {
			t.Errorf("lesson %d with an empty reference:\n%s", i+1, empty.View())
		}
		before := l.View()
		l = typeInto(l, "mat")
		if l.View() == before {
			t.Errorf("lesson %d: editing reference 1 changed nothing", i+1)
		}
		if i == 0 {
			// The clipping lesson's sentence score follows the edited reference.
			want := fmt.Sprintf("sentence BLEU (N = %d) = %s", ls.Options.MaxOrder, lessonScore(t, 0, l.Hyp(), l.Refs()))
			if !strings.Contains(l.View(), want) {
				t.Errorf("clipping lesson lacks %q:\n%s", want, l.View())
			}
		}
		l = send(l, "tab")
	}
}

func TestLessonsReferenceEditorFits(t *testing.T) {
	for _, size := range [][2]int{{60, 16}, {200, 50}} {
		l := NewLessons(render.DefaultStyles(), size[0], size[1])
		for i := range render.AllLessons() {
			r := nextField(l)
			wtFits(t, fmt.Sprintf("lesson %d, reference editor", i+1), r.View(), size[0], size[1])
			long := send(r, "ctrl+u", strings.Repeat("long words ", 30))
			wtFits(t, fmt.Sprintf("lesson %d, long reference", i+1), long.View(), size[0], size[1])
			l = send(l, "tab")
		}
	}
}

// The lessons label references as the explorer labels the demo corpus's
// ref.A.en and ref.B.en: "ref A", a column "A", the editor "ref B › ";
// not "ref 1", a column "1", "ref 2 › ".
func TestLessonsLabelReferencesAsTheExplorer(t *testing.T) {
	if got := model.RefLabels([]string{"ref.A.en", "ref.B.en"}); strings.Join(got, ",") != "A,B" {
		t.Fatalf("the explorer labels the demo's references %q; this test expects A, B", got)
	}
	l := nextField(nextField(NewLessons(render.DefaultStyles(), 100, tall))) // clipping, two references
	v := l.View()
	for _, want := range []string{"ref B › ", "ref A  the cat is on the mat", "hyp A B max", "reference A,"} {
		if !strings.Contains(v, want) {
			t.Errorf("clipping lesson lacks %q:\n%s", want, v)
		}
	}
	for _, old := range []string{"ref 1", "ref 2", "hyp 1 2"} {
		if strings.Contains(v, old) {
			t.Errorf("clipping lesson still says %q:\n%s", old, v)
		}
	}
}
