package ui

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/model/annotations"
	"github.com/bleuscope/bleuscope/ui/render"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"
)

// annotating returns the explorer on the demo corpus at w×h, annotating
// into a fresh file with the MQM preset, and the file's path.
func annotating(t testing.TB, w, h int) (Model, string) {
	t.Helper()
	return annotatingOn(t, demoDataset(t), w, h)
}

// annotatingOn is [annotating] on ds.
func annotatingOn(t testing.TB, ds *model.Dataset, w, h int) (Model, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "ann.jsonl")
	st, err := annotations.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	m := New(ds, model.DefaultSettings(), WithAnnotations(Annotating{Store: st, Preset: annotations.MQM(), Rater: "ana"}))
	next, _ := m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	m = next.(Model)
	return drive(t, m, m.Init()), path
}

// openStore opens the annotation file at path as an explorer would, and
// closes it when the test ends.
func openStore(t testing.TB, path string) *annotations.Store {
	t.Helper()
	st, err := annotations.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// othersMark has other, another bleuscope's store of the same file, save
// rater's error of severity (with note) on the first word of the segment
// m shows, and returns it as saved.
func othersMark(t testing.TB, m Model, other *annotations.Store, rater, severity, note string) annotations.Annotation {
	t.Helper()
	sel := m.list.selection(m.c)
	hyp := m.c.ds.Systems[sel.sys].Hyps[sel.seg]
	a := annotations.Annotation{System: m.c.ds.Systems[sel.sys].StableName(), Line: sel.seg + 1, Rater: rater, Kind: annotations.KindError,
		Category: "Accuracy/Mistranslation", Severity: severity, Note: note, Span: &annotations.Span{Side: annotations.SideHyp, Start: 0, End: len(strings.Fields(hyp)[0])}}
	a.SetText(hyp, m.c.ds.Src[sel.seg])
	a, err := other.Add(a)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// staleMarkFile returns the path of an annotation file, in a folder of
// the test's, that holds one mark made on a text line 3 of the demo's
// first system never had: a warning of a text that has since changed.
func staleMarkFile(t testing.TB) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "ann.jsonl")
	other := openStore(t, path)
	stale := annotations.Annotation{System: demoDataset(t).Systems[0].Name, Line: 3, Rater: "bo", Kind: annotations.KindNoError}
	stale.SetText("a text this line never had", "")
	if _, err := other.Add(stale); err != nil {
		t.Fatal(err)
	}
	return path
}

// reopen reads the annotation file as a new process would.
func reopen(t testing.TB, path string) []annotations.Annotation {
	t.Helper()
	st, err := annotations.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	return st.All()
}

func TestAnnotateFlow(t *testing.T) {
	m, path := annotating(t, 120, 40)
	sel := m.list.selection(m.c)
	hyp := m.c.ds.Systems[sel.sys].Hyps[sel.seg]
	toks := spanTokens(hyp)
	// Second and third tokens, Accuracy/Mistranslation, Major, a note.
	m = press(t, m, "A", "right", " ", "right", " ", "a", "m", "M")
	m = typeText(t, m, "wrong sense")
	if !strings.Contains(m.View(), "wrong sense") {
		t.Errorf("the note typed is not shown:\n%s", m.View())
	}
	m = press(t, m, "enter")
	if !strings.HasPrefix(m.statusText(), "saved: Major Accuracy/Mistranslation") {
		t.Fatalf("status %q; want saved", m.statusText())
	}
	anns := reopen(t, path)
	if len(anns) != 1 {
		t.Fatalf("%d annotations on disk; want 1", len(anns))
	}
	a := anns[0]
	want := annotations.Span{Side: annotations.SideHyp, Start: toks[1].start, End: toks[2].end}
	if a.Span == nil || *a.Span != want || a.Category != "Accuracy/Mistranslation" || a.Severity != "Major" || a.Note != "wrong sense" || a.Rater != "ana" || a.Line != sel.seg+1 || a.System != m.c.ds.Systems[sel.sys].Name {
		t.Errorf("stored %+v; want span %+v on line %d", a, want, sel.seg+1)
	}
	v := m.View()
	if !strings.Contains(v, "M Major Accuracy/Mistranslation «"+a.SpanText()+"»") || !strings.Contains(v, "MMM") {
		t.Errorf("the strip does not show the span with its severity readable without colour:\n%s", v)
	}
}

// annotatingWith is annotating with the store and preset given.
func annotatingWith(t testing.TB, st *annotations.Store, p *annotations.Preset, w, h int) Model {
	t.Helper()
	m := New(demoDataset(t), model.DefaultSettings(), WithAnnotations(Annotating{Store: st, Preset: p, Rater: "ana"}))
	next, _ := m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	m = next.(Model)
	return drive(t, m, m.Init())
}

func TestAnnotateSourceSideAndWholeSegment(t *testing.T) {
	m, path := annotating(t, 100, 30)
	sel := m.list.selection(m.c)
	src := m.c.ds.Src[sel.seg]
	last := spanTokens(src)
	// An omission: the last source token; then a whole-segment error.
	m = press(t, m, "A", "tab", "end", "enter", "a", "o", "m", "enter")
	m = press(t, m, "A", "x", "s", "a", "m", "enter")
	anns := reopen(t, path)
	if len(anns) != 2 {
		t.Fatalf("%d annotations; want 2", len(anns))
	}
	want := annotations.Span{Side: annotations.SideSrc, Start: last[len(last)-1].start, End: last[len(last)-1].end}
	if a := anns[0]; a.Span == nil || *a.Span != want || a.Category != "Accuracy/Omission" || a.Severity != "Minor" || a.Src != src {
		t.Errorf("omission stored as %+v; want span %+v", a, want)
	}
	if a := anns[1]; a.Span != nil || a.Category != "Style/Awkward" {
		t.Errorf("whole-segment error stored as %+v", a)
	}
	if v := m.View(); !strings.Contains(v, "src «") || !strings.Contains(v, "(whole segment)") {
		t.Errorf("the strip does not list the source span and the whole-segment error:\n%s", v)
	}
}

func TestAnnotateEditDeleteNoError(t *testing.T) {
	m, path := annotating(t, 100, 30)
	m = press(t, m, "A", "enter", "f", "g", "m")
	m = typeText(t, m, "first")
	m = press(t, m, "enter")
	// N is refused while the segment has an error of this rater.
	m = press(t, m, "N")
	if !strings.Contains(m.statusText(), "has errors by ana") {
		t.Errorf("N on a segment with errors: status %q", m.statusText())
	}
	// Edit: keep the span, change the category and the severity, add to the note.
	m = press(t, m, "E", "e", "enter", "f", "s", "M")
	m = typeText(t, m, " edited")
	m = press(t, m, "enter")
	anns := reopen(t, path)
	if len(anns) != 1 || anns[0].Category != "Fluency/Spelling" || anns[0].Severity != "Major" || anns[0].Note != "first edited" {
		t.Fatalf("after the edit: %+v", anns)
	}
	// Delete it (d, then y), then mark the segment as having no error.
	m = press(t, m, "E", "d", "n")
	if len(reopen(t, path)) != 1 {
		t.Fatal("d then n deleted the annotation; only y deletes")
	}
	line := anns[0].Line
	m = press(t, m, "E", "d", "y")
	// The status names the line, as "saved: Major Fluency/Spelling on line N" did.
	if len(reopen(t, path)) != 0 || m.statusText() != "saved: deleted Major Fluency/Spelling on line "+itoa(line) {
		t.Fatalf("after d y: %d annotations, status %q", len(reopen(t, path)), m.statusText())
	}
	m = press(t, m, "N")
	anns = reopen(t, path)
	if len(anns) != 1 || anns[0].Kind != annotations.KindNoError || !strings.Contains(m.View(), "✓ no error") {
		t.Errorf("after N: %+v\n%s", anns, m.View())
	}
	// esc cancels a flow without saving.
	m = press(t, m, "A", " ", "esc")
	if m.ann.active() || len(reopen(t, path)) != 1 || !strings.Contains(m.statusText(), "nothing saved") {
		t.Errorf("esc: active %v, status %q", m.ann.active(), m.statusText())
	}
}

func TestAnnotateNextUnrated(t *testing.T) {
	m, _ := annotating(t, 100, 30)
	seen := map[int]bool{}
	for range 5 {
		sel := m.list.selection(m.c)
		if seen[sel.seg] {
			t.Fatalf("line %d came round again", sel.seg+1)
		}
		seen[sel.seg] = true
		cursor := m.list.cursor
		m = press(t, m, "N", "U")
		if m.list.cursor != cursor+1 {
			t.Errorf("U moved from row %d to row %d; want the next row (none below is annotated)", cursor, m.list.cursor)
		}
	}
	// From the top again, U skips the five marked rows.
	m = press(t, m, "g", "U")
	if m.list.cursor != 5 {
		t.Errorf("U from the first row went to row %d; want 5", m.list.cursor)
	}
}

// TestAnnotateBackOneStep: backspace at the category goes back to moving
// the span's last token, the first still marked (it dropped both).
func TestAnnotateBackOneStep(t *testing.T) {
	m, path := annotating(t, 100, 30)
	m = press(t, m, "A", "right", " ", "right", "right", "enter")
	if m.ann.step != stepCategory {
		t.Fatalf("step %v after marking a span; want the category", m.ann.step)
	}
	toks := m.ann.d.toks
	m = press(t, m, "backspace")
	if m.ann.step != stepSpan || m.ann.d.anchor != 1 || m.ann.d.cursor != 3 {
		t.Fatalf("backspace: step %v, first %d, cursor %d; want the span step with the first token 1 kept and the cursor on 3", m.ann.step, m.ann.d.anchor, m.ann.d.cursor)
	}
	m = press(t, m, "right", "enter", "a", "m", "M", "enter")
	anns := reopen(t, path)
	if len(anns) != 1 || anns[0].Span == nil || anns[0].Span.Start != toks[1].start || anns[0].Span.End != toks[4].end {
		t.Fatalf("saved %+v; want the span of tokens 1 to 4 (%d–%d)", anns, toks[1].start, toks[4].end)
	}
}

func TestAnnotateESA(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ann.jsonl")
	st := openStore(t, path)
	m := annotatingWith(t, st, annotations.ESA(), 100, 30)
	// One category: the span goes straight to the severity.
	m = press(t, m, "A", "enter", "M", "enter", "%")
	m = typeText(t, m, "70")
	m = press(t, m, "enter")
	anns := reopen(t, path)
	if len(anns) != 2 || anns[0].Category != "Error" || anns[0].Severity != "major" || anns[1].Kind != annotations.KindScore || *anns[1].Score != 70 {
		t.Fatalf("ESA annotations %+v", anns)
	}
	// Spaces around the number (a paste) are not part of it; before,
	// " 70 " was "a segment score is a whole number from 0 to 100".
	m = press(t, m, "%", "ctrl+u", " ", "4", "5", " ", "enter")
	if anns := reopen(t, path); len(anns) != 2 || *anns[1].Score != 45 {
		t.Fatalf("score typed ' 45 ': status %q, stored %+v; want 45", m.statusText(), anns)
	}
	m = press(t, m, "%", "backspace", "backspace")
	m = typeText(t, m, "101")
	m = press(t, m, "enter")
	if !strings.Contains(m.statusText(), "0 to 100") {
		t.Errorf("score 101: status %q", m.statusText())
	}
}

func TestAnnotateSaveErrorKeepsWork(t *testing.T) {
	// The file's folder is replaced by a file after the store opened: every
	// write fails (also for root, whom permissions do not stop).
	dir := filepath.Join(t.TempDir(), "sub")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	st, err := annotations.Open(filepath.Join(dir, "ann.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dir, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	m := annotatingWith(t, st, annotations.MQM(), 80, 24)
	m = press(t, m, "A", "enter", "a", "m", "M", "enter")
	v := m.View()
	if strings.Contains(v, "saved:") || !strings.Contains(v, "NOT SAVED: its folder is gone; make it again, then the next change or q retries") {
		t.Errorf("a failed save is not one clear line:\n%s", v)
	}
	errLines := 0
	for _, l := range strings.Split(v, "\n") {
		if strings.Contains(l, "NOT SAVED") {
			errLines++
		}
	}
	if errLines != 1 || st.Pending() != 1 || len(st.All()) != 1 {
		t.Errorf("%d error lines, %d pending, %d in memory; want 1, 1, 1", errLines, st.Pending(), len(st.All()))
	}
	// q is refused once while the work is not on disk, in one line at 80
	// and 60 columns (at 60 it wrapped over the line above the footer).
	for _, w := range []int{80, 60} {
		next, _ := m.Update(tea.WindowSizeMsg{Width: w, Height: 24})
		next, cmd := next.(Model).Update(keyMsg("q"))
		q := next.(Model)
		if cmd != nil || !strings.Contains(q.statusText(), "q again") || q.footerOverflow() != nil || !render.Fits(q.statusText(), w) {
			t.Errorf("q with unsaved work at %d columns: status %q; want one line saying q again quits", w, q.statusText())
		}
		if _, cmd = q.Update(keyMsg("q")); cmd == nil {
			t.Errorf("at %d columns a second q does not quit", w)
		}
	}
}

// TestAnnotateSaveErrorFolderGone: when the annotation file's folder goes
// away while the explorer runs, the status line says so and what to do
// within 60 columns.
func TestAnnotateSaveErrorFolderGone(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "sub")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	st, err := annotations.Open(filepath.Join(dir, "ann.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	m := annotatingWith(t, st, annotations.MQM(), 60, 16)
	m = press(t, m, "A", "enter", "a", "m", "M", "enter")
	const want = "NOT SAVED: its folder is gone; make it again"
	found := false
	for _, l := range strings.Split(m.View(), "\n") {
		found = found || strings.Contains(l, want)
	}
	if !found || st.Pending() != 1 {
		t.Errorf("the folder gone: no line with %q at 60 columns (%d pending):\n%s", want, st.Pending(), m.View())
	}
}

// errorThenClean marks a major mistranslation on the selected segment
// (the whole hypothesis), then goes to the next one not annotated and
// marks it "no error"; it returns the two segments.
func errorThenClean(t *testing.T, m Model) (next Model, first, clean int) {
	t.Helper()
	first = m.list.selection(m.c).seg
	m = press(t, m, "A", "enter", "a", "m", "M", "enter", "U", "N")
	return m, first, m.list.selection(m.c).seg
}

func TestAnnotateSummary(t *testing.T) {
	m, _ := annotating(t, 120, 40)
	// A major error on the worst segment; the next one marked clean.
	m, first, clean := errorThenClean(t, m)
	m = press(t, m, "S")
	v := m.View()
	for _, want := range []string{"annotation summary · mqm weights", "fluent", "Accuracy/Mistranslation", "highest sentence BLEU despite a major error", "lowest sentence BLEU though marked no error"} {
		if !strings.Contains(v, want) {
			t.Errorf("the summary lacks %q:\n%s", want, v)
		}
	}
	// fluent: two segments rated, one error, MQM (5 + 0) / 2.
	if !regexp.MustCompile(`fluent +\S+ +2\.50 +2 +1 `).MatchString(v) {
		t.Errorf("fluent's row does not read MQM 2.50, 2 rated, 1 error:\n%s", v)
	}
	// The two disagreements: enter on the second shows the clean segment.
	if len(m.annSum.segs) != 2 || m.annSum.segs[0] != first || m.annSum.segs[1] != clean {
		t.Fatalf("disagreements %v; want %d then %d", m.annSum.segs, first, clean)
	}
	m = press(t, m, "down", "enter")
	if m.screen != screenMain || m.list.selection(m.c).seg != clean {
		t.Errorf("enter on a disagreement: screen %d, segment %d; want the main screen on %d", m.screen, m.list.selection(m.c).seg, clean)
	}
}

// TestAnnotateSummaryBelowTheFold: on a short screen the disagreements
// start below the fold (as on the TED MQM file's 14 systems at 120×35;
// here 14 systems at 80×16, the smallest height drawn);
// the first ↓ brings the chosen one into view instead of moving past it
// unseen.
func TestAnnotateSummaryBelowTheFold(t *testing.T) {
	m, _ := annotatingOn(t, demoSystems(t, 14), 80, 16)
	m, first, _ := errorThenClean(t, m)
	m = press(t, m, "S")
	if len(m.annSum.lines) != 2 || m.annSum.inView() {
		t.Fatalf("the test's premise: disagreement lines %v, the first in view %v at 80×16", m.annSum.lines, m.annSum.inView())
	}
	m = press(t, m, "down")
	if m.annSum.pick != 0 || !m.annSum.inView() || m.annSum.segs[0] != first {
		t.Fatalf("first ↓: choice %d, in view %v; want the first disagreement (line %d) shown and chosen", m.annSum.pick, m.annSum.inView(), first+1)
	}
	m = press(t, m, "down")
	if m.annSum.pick != 1 || !m.annSum.inView() {
		t.Errorf("second ↓: choice %d, in view %v; want the second", m.annSum.pick, m.annSum.inView())
	}
}

func TestAnnotateDetachedAndReadOnly(t *testing.T) {
	ds := demoDataset(t)
	mark := func(line int, hyp string) annotations.Annotation {
		a := annotations.Annotation{Kind: annotations.KindError, System: ds.Systems[0].Name, Line: line, Rater: "ext", Category: "Other", Severity: "Minor"}
		a.SetText(hyp, ds.Src[line-1])
		return a
	}
	extra := []annotations.Annotation{
		mark(46, ds.Systems[0].Hyps[45]),
		mark(3, "a text the corpus no longer has"),
	}
	m := New(ds, model.DefaultSettings(), WithAnnotations(Annotating{Preset: annotations.MQM(), Extra: extra}))
	next, _ := m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	m = drive(t, next.(Model), next.(Model).Init())
	if m.c.keys.Annotate.Enabled() || !m.c.keys.NextUnrated.Enabled() || !m.c.keys.AnnSummary.Enabled() {
		t.Error("read-only: A should be off, U and S on")
	}
	if m = press(t, m, "A"); m.ann.active() {
		t.Error("A opened the annotator without an annotation file")
	}
	m = press(t, m, "E", "d")
	if !strings.Contains(m.statusText(), "only shown") {
		t.Errorf("d on a read-only annotation: status %q", m.statusText())
	}
	m = press(t, m, "esc", "S")
	v := m.View()
	if !strings.Contains(v, "read-only") || !strings.Contains(v, "1 annotation made on a text that has since changed") || !strings.Contains(v, "line 3") || !strings.Contains(v, "not the text it was made on") {
		t.Errorf("the summary does not list the detached annotation:\n%s", v)
	}
}

func TestAnnotateNextUnratedIsTheRaters(t *testing.T) {
	ds := demoDataset(t)
	st, err := annotations.Open(filepath.Join(t.TempDir(), "ann.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	m0 := ready(t, ds, 100, 30)
	second := m0.list.rows[1]
	other := annotations.Annotation{Kind: annotations.KindNoError, System: ds.Systems[0].Name, Line: second + 1, Rater: "someone else"}
	other.SetText(ds.Systems[0].Hyps[second], ds.Src[second])
	m := New(ds, model.DefaultSettings(), WithAnnotations(Annotating{Store: st, Preset: annotations.MQM(), Rater: "ana", Extra: []annotations.Annotation{other}}))
	next, _ := m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	m = drive(t, next.(Model), next.(Model).Init())
	if m = press(t, m, "U"); m.list.cursor != 1 {
		t.Errorf("U went to row %d; want row 1, which only someone else annotated", m.list.cursor)
	}
}

func TestAnnotateSummaryAgreement(t *testing.T) {
	ds := demoDataset(t)
	var extra []annotations.Annotation
	for line := 1; line <= 4; line++ {
		for _, r := range []string{"r1", "r2"} {
			a := annotations.Annotation{Kind: annotations.KindNoError, System: ds.Systems[0].Name, Line: line, Rater: r}
			if r == "r2" && line == 4 {
				a.Kind, a.Category, a.Severity = annotations.KindError, "Other", "Minor"
			}
			a.SetText(ds.Systems[0].Hyps[line-1], ds.Src[line-1])
			extra = append(extra, a)
		}
	}
	m := New(ds, model.DefaultSettings(), WithAnnotations(Annotating{Preset: annotations.MQM(), Extra: extra}))
	next, _ := m.Update(tea.WindowSizeMsg{Width: 120, Height: 60})
	m = drive(t, next.(Model), next.(Model).Init())
	m = press(t, m, "S", "G")
	v := m.View()
	// r1 says no error on all four; r2 finds one: κ on error/no error is 0
	// (r1 gave one answer throughout, so the agreement is all chance).
	if !strings.Contains(v, "agreement between raters") || !strings.Contains(v, "r1     r2            4    0.000") {
		t.Errorf("the summary does not show the raters' agreement:\n%s", v)
	}
}

// TestSpanTokens: the units a span is marked in, as a person reads words.
func TestSpanTokens(t *testing.T) {
	units := func(text string) []string {
		rs := []rune(text)
		var out []string
		for _, tk := range spanTokens(text) {
			out = append(out, string(rs[tk.start:tk.end]))
		}
		return out
	}
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"a non-daily job, couldn't we?", []string{"a", "non-daily", "job", ",", "couldn't", "we", "?"}},
		{"rock ’n’ roll", []string{"rock", "’", "n", "’", "roll"}}, // an apostrophe not between letters stands alone
		{"x - y", []string{"x", "-", "y"}},
		{"end-", []string{"end", "-"}},
		{"我们走", []string{"我", "们", "走"}},
		{"Éé1", []string{"Éé1"}},
	} {
		if got := units(tc.text); !slices.Equal(got, tc.want) {
			t.Errorf("spanTokens(%q) = %q; want %q", tc.text, got, tc.want)
		}
	}
}

// TestAnnotateListMarks: the list marks the shown system's annotated
// segments before their line numbers, E with an error, ✓ without.
func TestAnnotateListMarks(t *testing.T) {
	m, _ := annotating(t, 120, 40)
	m, first, clean := errorThenClean(t, m)
	m = press(t, m, "g")
	marks := map[string]string{}
	for _, l := range strings.Split(ansi.Strip(m.View()), "\n") {
		if f := strings.Fields(strings.TrimPrefix(l, "▸")); len(f) > 1 && (f[0] == "E" || f[0] == "✓") {
			marks[f[1]] = f[0]
		}
	}
	want := map[string]string{itoa(first + 1): "E", itoa(clean + 1): "✓"}
	if !reflect.DeepEqual(marks, want) {
		t.Errorf("list marks %v; want %v", marks, want)
	}
}

// TestAnnLineShowsRaterFirst: another rater's name comes first on an
// annotation's line, so a long span never cuts it off.
func TestAnnLineShowsRaterFirst(t *testing.T) {
	m, _ := annotating(t, 60, 20)
	long := strings.Repeat("word ", 30)
	a := annotations.Annotation{Kind: annotations.KindError, System: "fluent", Line: 1, Rater: "rater3", Category: "Accuracy/Mistranslation", Severity: "Major"}
	a.SetText(long, "")
	a.Span = &annotations.Span{Side: annotations.SideHyp, Start: 0, End: len(long) - 1}
	line := ansi.Strip(m.ann.annLine(m.c, 0, a, false))
	if !strings.Contains(line, "[rater3]") {
		t.Errorf("the line does not name the rater: %q", line)
	}
	if own := ansi.Strip(m.ann.annLine(m.c, 0, func() annotations.Annotation { b := a; b.Rater = "ana"; return b }(), false)); strings.Contains(own, "[") {
		t.Errorf("the annotator's own line names a rater: %q", own)
	}
}

// TestSummaryShowsWeightiestError: a segment listed for its major error
// shows that error, though a minor one was marked first.
func TestSummaryShowsWeightiestError(t *testing.T) {
	for _, w := range []int{140, 60} { // at 60 the category gives way, "+1 more" stays
		m, _ := annotating(t, w, 40)
		m = press(t, m, "A", "enter", "f", "p", "m", "enter") // minor punctuation first
		m = press(t, m, "A", "enter", "a", "o", "M", "enter") // then a major omission
		m = press(t, m, "S")
		v := ansi.Strip(m.View())
		i := strings.Index(v, "despite a major error")
		if i < 0 {
			t.Fatalf("no list of major errors at %d columns:\n%s", w, v)
		}
		line := strings.TrimRight(strings.SplitN(v[i:], "\n", 3)[1], " ")
		if !strings.Contains(line, "Major") || !strings.HasSuffix(line, "+1 more") {
			t.Errorf("at %d columns the segment's line %q does not show its major error first and end with \"+1 more\"", w, line)
		}
	}
}

// TestSummarySpellsSeveritiesAsTheTable: errors marked Major with mqm and
// major with esa weigh the same, and the disagreement list spells both as
// the weights in effect do, as the error table's one column does; it
// showed "Major" on one line and "major" on the next, two severities.
func TestSummarySpellsSeveritiesAsTheTable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ann.jsonl")
	ds := demoDataset(t)
	st := openStore(t, path)
	for i, c := range [][2]string{{"Accuracy/Mistranslation", "Major"}, {"Error", "major"}} {
		seg := ds.Segment(0, i)
		a := annotations.Annotation{Kind: annotations.KindError, System: ds.Systems[0].StableName(), Line: i + 1, Rater: "eve", Category: c[0], Severity: c[1]}
		a.SetText(seg.Hyp, seg.Src)
		if _, err := st.Add(a); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()
	for _, p := range []*annotations.Preset{annotations.MQM(), annotations.ESA()} {
		m := annotatingWith(t, openStore(t, path), p, 120, 40)
		m = press(t, m, "S")
		v := ansi.Strip(m.View())
		i := strings.Index(v, "despite a major error")
		if i < 0 {
			t.Fatalf("%s: no list of major errors:\n%s", p.Name, v)
		}
		lines := strings.Split(v[i:], "\n")[1:3]
		want := p.Severities[1].Name // Major, major
		for _, l := range lines {
			if !strings.Contains(l, "MQM 5     "+want+" ") {
				t.Errorf("%s weights: the line %q does not spell its severity %q", p.Name, l, want)
			}
		}
	}
}

// TestSummaryFollowsTheScores: the summary opened before the scores are
// in (a big corpus still being scored) shows them, and the disagreements
// they make, as soon as they land; it showed "…" for BLEU and no
// disagreement ("none") until a key was pressed.
func TestSummaryFollowsTheScores(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ann.jsonl")
	ds := demoDataset(t)
	st := openStore(t, path)
	seg := ds.Segment(0, 0)
	a := annotations.Annotation{Kind: annotations.KindError, System: ds.Systems[0].StableName(), Line: 1, Rater: "eve", Category: "Other", Severity: "Major"}
	a.SetText(seg.Hyp, seg.Src)
	if _, err := st.Add(a); err != nil {
		t.Fatal(err)
	}
	m := New(ds, model.DefaultSettings(), WithAnnotations(Annotating{Store: st, Preset: annotations.MQM(), Rater: "ana"}))
	next, _ := m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	m = next.(Model)
	init := m.Init() // the scoring, not run yet
	next, _ = m.Update(keyMsg("S"))
	m = next.(Model)
	if v := ansi.Strip(m.View()); m.screen != screenAnnSummary || !strings.Contains(v, "…") {
		t.Fatalf("the summary before the scores:\n%s", v)
	}
	m = drive(t, m, init)
	v := ansi.Strip(m.View())
	if strings.Contains(v, "…") || !strings.Contains(v, "line 1     BLEU") {
		t.Errorf("the summary once the scores are in still shows what it did before them:\n%s", v)
	}
}

// TestAnnotationKeysWithoutFile: A and N without an annotation file say
// how to annotate instead of doing nothing.
func TestAnnotationKeysWithoutFile(t *testing.T) {
	m := ready(t, demoDataset(t), 100, 30)
	for _, k := range []string{"A", "N"} {
		if m2 := press(t, m, k); !strings.Contains(m2.statusText(), "--annotations FILE") {
			t.Errorf("%s without annotations: status %q", k, m2.statusText())
		}
	}
}

// TestFilterUnknownCategory: cat: with a name no category has says so
// (it selected nothing, silently).
func TestFilterUnknownCategory(t *testing.T) {
	m, _ := annotating(t, 120, 30)
	m = filterBy(t, m, "cat:xyz")
	if !strings.Contains(m.statusText(), "cat:xyz selects nothing: no category here is called that") || !strings.Contains(m.statusText(), "Accuracy") {
		t.Errorf("status %q; want it to say cat:xyz names no category", m.statusText())
	}
	m = press(t, m, "/", "ctrl+u")
	m = typeText(t, m, "cat:omission")
	m = press(t, m, "enter")
	if strings.Contains(m.statusText(), "selects nothing") {
		t.Errorf("cat:omission is a category: status %q", m.statusText())
	}
}

// TestTwoExplorersSaveInTurn: two explorers on one annotation file both
// save, in turn: the other's change, mine, the other's again, mine again,
// each saved when its call returns; mine shows the other's marks after
// its next save, and the file holds all four. Before, the first to save
// held the file until it quit, and the second's changes stayed NOT SAVED.
func TestTwoExplorersSaveInTurn(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ann.jsonl")
	ds := demoDataset(t)
	other, mine := openStore(t, path), openStore(t, path)
	theirs := func(line int) {
		t.Helper()
		a := annotations.Annotation{System: ds.Systems[0].Name, Line: line, Rater: "bo", Kind: annotations.KindNoError}
		a.SetText(ds.Systems[0].Hyps[line-1], ds.Src[line-1])
		if _, err := other.Add(a); err != nil {
			t.Fatalf("the other's mark on line %d: %v", line, err)
		}
	}
	theirs(70)
	m := annotatingWith(t, mine, annotations.MQM(), 120, 30)
	m = press(t, m, "N")
	if !strings.HasPrefix(m.statusText(), "saved: ") {
		t.Fatalf("my change while another explorer has the file open: status %q; want saved", m.statusText())
	}
	theirs(69)
	m = press(t, m, "j", "N")
	if !strings.HasPrefix(m.statusText(), "saved: ") {
		t.Fatalf("my second change: status %q; want saved", m.statusText())
	}
	if ws := strings.Join(inputWarnings(m.c), " "); strings.Contains(ws, "another bleuscope") {
		t.Errorf("the warnings say another bleuscope holds the file: %s", ws)
	}
	raters := map[string]int{}
	for _, a := range mine.All() {
		raters[a.Rater]++
	}
	if raters["bo"] != 2 || raters["ana"] != 2 {
		t.Errorf("my explorer shows %+v; want both of bo's marks and both of mine", mine.All())
	}
	if got := reopen(t, path); !reflect.DeepEqual(got, mine.All()) {
		t.Errorf("the file holds %+v; want what my explorer shows, %+v", got, mine.All())
	}
}

// TestSeverityMarks: critical errors draw C, apart from major's M, and
// where spans overlap the most severe is drawn.
func TestSeverityMarks(t *testing.T) {
	for sev, want := range map[string]rune{"Critical": 'C', "major": 'M', "Minor": 'm', "Neutral": '*'} {
		if got := markerChars[severityMark(sev)]; got != want {
			t.Errorf("%s draws %c; want %c", sev, got, want)
		}
	}
	span := func(sev string, start, end int) annotations.Annotation {
		return annotations.Annotation{Kind: annotations.KindError, Severity: sev, Span: &annotations.Span{Side: annotations.SideHyp, Start: start, End: end}}
	}
	mark := spanMarks([]annotations.Annotation{span("Minor", 0, 10), span("Critical", 2, 4), span("Major", 3, 6)}, annotations.SideHyp)
	var got []rune
	for i := range 7 {
		got = append(got, markerChars[mark(i)])
	}
	if string(got) != "mmCCMMm" {
		t.Errorf("overlapping minor 0–10, critical 2–4, major 3–6 draw %q; want mmCCMMm", string(got))
	}
	// A space inside a span is marked as the span: a critical one too.
	for sev, want := range map[string]string{"Critical": "CCCCCCCCCCCCCC", "Major": "MMMMMMMMMMMMMM"} {
		lines := markedLines(render.PlainStyles(), "hyp", 5, "A Consequences of it", 80,
			spanMarks([]annotations.Annotation{span(sev, 0, 14)}, annotations.SideHyp))
		if len(lines) < 2 || !strings.Contains(lines[1], want) || strings.Contains(lines[1], "-") {
			t.Errorf("%s span over \"A Consequences\": marker row %q; want %s", sev, lines, want)
		}
	}
}

// TestSpaceMarksFollowSpans: a space is marked as the white space it
// stands for, where spans of different severities meet, and not between
// two spans one space apart.
func TestSpaceMarksFollowSpans(t *testing.T) {
	text := `also no one "who has` // also 0–4, no 5–7, one 8–11, "who 12–16, has 17–20
	span := func(sev string, start, end int) annotations.Annotation {
		return annotations.Annotation{Kind: annotations.KindError, Severity: sev, Span: &annotations.Span{Side: annotations.SideHyp, Start: start, End: end}}
	}
	for _, c := range []struct {
		anns []annotations.Annotation
		want string
	}{
		{[]annotations.Annotation{span("Critical", 0, 11), span("Minor", 8, 16)}, "CCCCCCCCCCCmmmmm"},
		{[]annotations.Annotation{span("Major", 0, 4), span("Major", 5, 7)}, "MMMM MM"},
	} {
		lines := markedLines(render.PlainStyles(), "hyp", 5, text, 80, spanMarks(c.anns, annotations.SideHyp))
		if len(lines) < 2 || strings.TrimSpace(lines[1]) != c.want {
			t.Errorf("marker row %q; want %q", lines, c.want)
		}
	}
}

// TestFitStrip: the strip keeps the first line of marked text with its
// marks whatever the number of annotations, cutting the list with a line
// that says how many more E lists (or, with room for that line alone, how
// many there are, rather than leaving it blank).
func TestFitStrip(t *testing.T) {
	st := render.PlainStyles()
	marked := []string{"hyp text", "    MMMM", "src text", "    mmmm"}
	list := []string{"1 a", "2 b", "3 c", "4 d"}
	for _, c := range []struct {
		room int
		want []string
	}{
		{8, append(append([]string{}, marked...), list...)},
		{5, []string{"1 a", "2 b", "… 2 more (E lists them)", "hyp text", "    MMMM"}},
		{6, []string{"1 a", "2 b", "3 c", "4 d", "hyp text", "    MMMM"}},
		{3, []string{"4 annotations (E lists them)", "hyp text", "    MMMM"}},
	} {
		if got := fitStrip(st, markedText{lines: slices.Clone(marked), focus: 1}, slices.Clone(list), c.room); !slices.Equal(got, c.want) {
			t.Errorf("room %d: %q; want %q", c.room, got, c.want)
		}
	}
	// The whole segment's marks stand below the hypothesis and its marks
	// while everything fits; short of room they give way to the span's marks, ending the
	// line of how many more (a user at 60×16 saw "M whole segment" and the
	// hypothesis, and not the marks of the span under it).
	pad := strings.Repeat(" ", annLabelW)
	for _, c := range []struct {
		room int
		want []string
	}{
		{9, append([]string{"hyp text", "    MMMM", pad + "M whole segment", "src text", "    mmmm"}, list...)},
		{8, append(append([]string{}, marked...), list...)},
		{5, []string{"1 a", "2 b", "… 2 more (E lists them) · M whole segment", "hyp text", "    MMMM"}},
		{3, []string{"4 annotations (E lists them) · M whole segment", "hyp text", "    MMMM"}},
		{2, []string{"hyp text", "    MMMM"}},
	} {
		if got := fitStrip(st, markedText{whole: "M whole segment", lines: slices.Clone(marked), hypEnd: 2, focus: 1}, slices.Clone(list), c.room); !slices.Equal(got, c.want) {
			t.Errorf("whole segment, room %d: %q; want %q", c.room, got, c.want)
		}
	}
}

// TestSpanTokensKeepEmojiWhole: an emoji sequence joined by zero-width
// joiners, or with a skin tone or a variation selector, is one unit, so a
// span never ends inside it.
func TestSpanTokensKeepEmojiWhole(t *testing.T) {
	text := "emoji 😀 text 👨\u200d👩\u200d👧 ok 👍🏽 ❤\ufe0f"
	var got []string
	rs := []rune(text)
	for _, tk := range spanTokens(text) {
		got = append(got, string(rs[tk.start:tk.end]))
	}
	want := []string{"emoji", "😀", "text", "👨\u200d👩\u200d👧", "ok", "👍🏽", "❤\ufe0f"}
	if !slices.Equal(got, want) {
		t.Errorf("units %q; want %q", got, want)
	}
}

// TestDeleteNamesOtherRater: deleting another rater's annotation says
// whose it is, and a rater's name and category read from the file reach
// the prompt and the status escaped.
func TestDeleteNamesOtherRater(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ann.jsonl")
	ds := demoDataset(t)
	seg := ds.Segment(0, 0)
	a := annotations.Annotation{Kind: annotations.KindError, System: ds.Systems[0].Name, Line: 1, Rater: "eve\x1b[31m", Category: "Odd\x1b]2;x\x07", Severity: "Major\x1b[5m"}
	a.SetText(seg.Hyp, seg.Src)
	if st := openStore(t, path); true {
		if _, err := st.Add(a); err != nil {
			t.Fatal(err)
		}
		st.Close()
	}
	m := New(ds, model.DefaultSettings(), WithAnnotations(Annotating{Store: openStore(t, path), Preset: annotations.MQM(), Rater: "ana"}))
	next, _ := m.Update(tea.WindowSizeMsg{Width: 120, Height: 30})
	m = drive(t, next.(Model), next.(Model).Init())
	m = press(t, m, ":", "1", "enter", "E", "d")
	v := m.View()
	if !strings.Contains(v, `delete eve␛[31m's Major␛[5m Odd␛]2;x\x07?`) {
		t.Errorf("the prompt does not name the rater (escaped):\n%s", v)
	}
	m = press(t, m, "y")
	for _, v := range []string{v, m.View(), m.statusText()} {
		if strings.ContainsAny(v, "\x1b\x07") {
			t.Errorf("raw control characters reach the screen: %q", v)
		}
	}
	if len(reopen(t, path)) != 0 || !strings.Contains(m.statusText(), "eve") {
		t.Errorf("after y: %d annotations, status %q", len(reopen(t, path)), m.statusText())
	}
}

// TestDescribeOfUnnamedRater: an annotation with no rater (allowed, as in
// MQM files with an empty rater column) is not named "'s …".
func TestDescribeOfUnnamedRater(t *testing.T) {
	a := annotations.Annotation{Kind: annotations.KindError, Category: "Accuracy", Severity: "Major"}
	if got := describeOf(a, "ana"); got != "an unnamed rater's Major Accuracy" {
		t.Errorf("describeOf = %q", got)
	}
	a.Rater = "ana"
	if got := describeOf(a, "ana"); got != "Major Accuracy" {
		t.Errorf("own annotation: describeOf = %q", got)
	}
}

// TestAnnotationPickHighlightedWhole: in colour, the annotation picked in
// the segment's list is highlighted to its end, past its styled severity.
func TestAnnotationPickHighlightedWhole(t *testing.T) {
	lipgloss.SetColorProfile(termenv.TrueColor)
	defer lipgloss.SetColorProfile(termenv.Ascii)
	m, _ := annotating(t, 100, 30)
	m = press(t, m, "A", "enter", "f", "g", "m")
	m = typeText(t, m, "a note")
	m = press(t, m, "enter", "E")
	var row string
	for _, l := range strings.Split(m.View(), "\n") {
		if strings.Contains(ansi.Strip(l), "a note") {
			row = l
		}
	}
	if n := strings.Count(row, "\x1b[0m"); row == "" || n > 1 {
		t.Errorf("the picked annotation's highlight ends %d times: %q", n, row)
	}
}

// TestAnnotationPickMarkedWithoutColour: without colour (NO_COLOR, the
// Ascii profile the tests render with) E's list marks the chosen
// annotation with "▸", as the segment list and the summary's list do,
// instead of a background colour alone, which left nothing to tell which
// one e and d would act on.
func TestAnnotationPickMarkedWithoutColour(t *testing.T) {
	m, _ := annotating(t, 100, 30)
	m = press(t, m, "A", "enter", "f", "g", "m")
	m = typeText(t, m, "first")
	m = press(t, m, "enter", "A", "enter", "a", "m", "M")
	m = typeText(t, m, "second")
	m = press(t, m, "enter", "E")
	rows := func() (first, second string) {
		for _, l := range strings.Split(m.View(), "\n") {
			switch {
			case strings.Contains(l, "— first"):
				first = l
			case strings.Contains(l, "— second"):
				second = l
			}
		}
		return first, second
	}
	first, second := rows()
	if !strings.HasPrefix(first, "▸ 1 ") || !strings.HasPrefix(second, "  2 ") {
		t.Fatalf("E: want the first marked ▸:\n%q\n%q", first, second)
	}
	m = press(t, m, "down")
	if first, second = rows(); !strings.HasPrefix(first, "  1 ") || !strings.HasPrefix(second, "▸ 2 ") {
		t.Errorf("E then ↓: want the second marked ▸:\n%q\n%q", first, second)
	}
	if w := lipgloss.Width(second); w > 100 {
		t.Errorf("the marked row is %d columns wide, in 100", w)
	}
}

// TestAnnotationListMarksWholeSegment: E's list shows an error of the
// whole segment as the strip under the pane does, its mark below the
// hypothesis ("m whole segment") where a span's marks stand, instead of
// only the strip; both drew it above the hypothesis before.
func TestAnnotationListMarksWholeSegment(t *testing.T) {
	m, _ := annotating(t, 100, 30)
	m = press(t, m, "A", "x", "s", "a", "m", "enter")
	whole := regexp.MustCompile(`(?m)^ +m whole segment *$`)
	hypThenWhole := regexp.MustCompile(`(?m)^hyp .*\n(?:     .*\n)*? +m whole segment *$`)
	if v := m.View(); !whole.MatchString(v) || !hypThenWhole.MatchString(v) {
		t.Fatalf("the strip has no whole-segment line below the hypothesis:\n%s", v)
	}
	m = press(t, m, "E")
	v := m.View()
	if !strings.Contains(v, "annotations of line") || !hypThenWhole.MatchString(v) {
		t.Errorf("E's list has no whole-segment line below the hypothesis:\n%s", v)
	}
	checkFit(t, "E on a whole-segment error", v, 100, 30)
}

// TestAnnotatorFooterKeepsEsc: at 80 columns the span and severity steps'
// footers still say how to cancel (a review saw esc left out below about
// 106 columns once footers drop their last hints).
func TestAnnotatorFooterKeepsEsc(t *testing.T) {
	preset, _ := annotations.PresetByName("mqm")
	for _, step := range []annStep{stepSpan, stepSeverity} {
		n := annotator{on: true, preset: preset, step: step, d: draft{src: "a source"}}
		if f := fitKeyLine(n.footer(common{}, selection{}), 80); !strings.Contains(f, "esc cancel") {
			t.Errorf("step %d at 80 columns: footer %q lacks esc", step, f)
		}
	}
}

// TestSummaryKeepsWordsWhole: the summary cuts neither the MQM legend
// (wrapped to the width) nor a category the screen has room for; before,
// at 80 columns the legend ended "then ove…" and a category column of 36
// cells cut "Terminology/Inappropriate for context" at any width.
func TestSummaryKeepsWordsWhole(t *testing.T) {
	ds := demoDataset(t)
	a := annotations.Annotation{Kind: annotations.KindError, System: ds.Systems[0].Name, Line: 1, Rater: "r1", Category: "Terminology/Inappropriate for context", Severity: "Major"}
	a.SetText(ds.Systems[0].Hyps[0], ds.Src[0])
	m := New(ds, model.DefaultSettings(), WithAnnotations(Annotating{Preset: annotations.MQM(), Extra: []annotations.Annotation{a}}))
	next, _ := m.Update(tea.WindowSizeMsg{Width: 80, Height: 60})
	m = drive(t, next.(Model), next.(Model).Init())
	v := press(t, m, "S").View()
	if !strings.Contains(v, "lower is better") {
		t.Errorf("the summary at 80 columns cuts the MQM legend:\n%s", v)
	}
	if !regexp.MustCompile(`(?m)^ +Terminology/Inappropriate for context +1 *$`).MatchString(v) {
		t.Errorf("the error table at 80 columns cuts its category:\n%s", v)
	}
}

// The files of two systems whose names share all but one part, shown as
// LT22 and JDExploreAcademy beside each other.
const lt22, jde = "generaltest2022.de-en.hyp.LT22.en", "generaltest2022.de-en.hyp.JDExploreAcademy.en"

// lt22AloneAndBeside loads LT22's file alone and beside JDExploreAcademy's,
// with the texts given (a reference and each system's hypotheses).
func lt22AloneAndBeside(t *testing.T, ref, lt22Hyps, jdeHyps string) (alone, both *model.Dataset) {
	t.Helper()
	fsys := fstest.MapFS{"ref": {Data: []byte(ref)}, lt22: {Data: []byte(lt22Hyps)}, jde: {Data: []byte(jdeHyps)}}
	load := func(systems ...string) *model.Dataset {
		ds, err := model.Load(model.Input{Systems: systems, Refs: []string{"ref"}, FS: fsys})
		if err != nil {
			t.Fatal(err)
		}
		return ds
	}
	return load(lt22), load(lt22, jde)
}

// TestAnnotationsFollowStableNames: an annotation is stored under its
// system's stable name, so one made with two systems loaded attaches when
// the system is opened alone, and one made alone attaches beside another;
// one an older file holds under the short name shown beside another still
// attaches there (and the explorer resumes on it), and the rater's new
// error on that segment replaces its no-error mark, as on any segment.
func TestAnnotationsFollowStableNames(t *testing.T) {
	alone, both := lt22AloneAndBeside(t,
		"the cat sat on the mat\nthere is a dog in the garden\n",
		"the cat sat on a mat\na dog is in the garden\n",
		"a cat sat on the mat\nthere is a dog in a garden\n")
	if both.Systems[0].Name != "LT22" || alone.Systems[0].Name != lt22 {
		t.Fatalf("shown as %q beside another, %q alone", both.Systems[0].Name, alone.Systems[0].Name)
	}
	for _, tt := range []struct {
		what       string
		made, open *model.Dataset
	}{{"made beside another, opened alone", both, alone}, {"made alone, opened beside another", alone, both}} {
		m, path := annotatingOn(t, tt.made, 100, 30)
		m = press(t, m, "N")
		anns := reopen(t, path)
		if len(anns) != 1 || anns[0].System != lt22 {
			t.Fatalf("%s: stored %+v; want one mark of %s (status %q)", tt.what, anns, lt22, m.statusText())
		}
		res := annotations.Resolve(anns, tt.open)
		if len(res.Detached) != 0 || len(res.Segment(lt22, anns[0].Line)) != 1 {
			t.Errorf("%s: detached %+v", tt.what, res.Detached)
		}
	}

	path := filepath.Join(t.TempDir(), "old.jsonl")
	st := openStore(t, path)
	old := annotations.Annotation{Kind: annotations.KindNoError, System: "LT22", Line: 2, Rater: "ana"}
	old.SetText(both.Systems[0].Hyps[1], "")
	if _, err := st.MarkNoError(old); err != nil {
		t.Fatal(err)
	}
	m := New(both, model.DefaultSettings(), WithAnnotations(Annotating{Store: st, Preset: annotations.MQM(), Rater: "ana"}))
	next, _ := m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	m = drive(t, next.(Model), next.(Model).Init())
	sel := m.list.selection(m.c)
	if !sel.ok || sel.sys != 0 || sel.seg != 1 {
		t.Fatalf("resumed on %+v; want line 2 of LT22", sel)
	}
	if got := m.ann.segment(m.c, sel); len(got) != 1 || got[0].Kind != annotations.KindNoError {
		t.Fatalf("the older file's mark does not attach: %+v, detached %+v", got, m.ann.res.Detached)
	}
	m = press(t, m, "A", "enter", "f", "g", "m", "enter")
	anns := reopen(t, path)
	if len(anns) != 1 || anns[0].Kind != annotations.KindError {
		t.Fatalf("after an error on the marked segment: %+v (status %q)", anns, m.statusText())
	}
	if res := annotations.Resolve(anns, both); len(res.Segment(lt22, 2)) != 1 {
		t.Errorf("the error does not attach: detached %+v", res.Detached)
	}
}

// TestEditKeepsARatersMarksUnderOneName: an error an older file holds
// under the short name, edited with two systems loaded, stays under the
// name the rater's other marks of the segment are stored under, so that
// opened alone the segment shows all of them or none; beside the rater's
// score stored under the stable name it moves there and attaches alone.
// Scoring such a segment again replaces the score.
func TestEditKeepsARatersMarksUnderOneName(t *testing.T) {
	alone, both := lt22AloneAndBeside(t, "the cat sat on the mat\n", "the cat sat on a mat\n", "a cat sat on the mat\n")
	mark := func(kind annotations.Kind, system string) annotations.Annotation {
		a := annotations.Annotation{Kind: kind, System: system, Line: 1, Rater: "ana", Category: "Error", Severity: "minor"}
		a.SetText(both.Systems[0].Hyps[0], "")
		return a
	}
	// opened opens a file holding stored with both systems loaded and
	// presses keys.
	opened := func(t *testing.T, p *annotations.Preset, keys []string, stored ...annotations.Annotation) (Model, string) {
		t.Helper()
		path := filepath.Join(t.TempDir(), "old.jsonl")
		st := openStore(t, path)
		for _, a := range stored {
			var err error
			if a.Kind == annotations.KindScore {
				_, err = st.SetScore(a, 40)
			} else {
				_, err = st.Add(a)
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		m := New(both, model.DefaultSettings(), WithAnnotations(Annotating{Store: st, Preset: p, Rater: "ana"}))
		next, _ := m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
		m = drive(t, next.(Model), next.(Model).Init())
		m = press(t, m, keys...)
		if !strings.HasPrefix(m.statusText(), "saved") {
			t.Fatalf("%v: status %q", keys, m.statusText())
		}
		return m, path
	}
	// attachedAlone is how many of anns attach with the system loaded alone.
	attachedAlone := func(anns []annotations.Annotation) int {
		return len(annotations.Resolve(anns, alone).Segment(lt22, 1))
	}

	_, path := opened(t, annotations.MQM(), []string{"E", "e", "enter", "f", "s", "M", "enter"}, mark(annotations.KindError, "LT22"), mark(annotations.KindError, "LT22"))
	anns := reopen(t, path)
	if len(anns) != 2 || !strings.EqualFold(anns[0].Severity, "major") || anns[0].System != "LT22" || anns[1].System != "LT22" {
		t.Errorf("beside another older error, the edited one is stored as %+v; want both under LT22", anns)
	}
	if n := attachedAlone(anns); n != 0 && n != len(anns) {
		t.Errorf("opened alone, %d of the rater's %d marks attach", n, len(anns))
	}

	olderErrorStableScore := []annotations.Annotation{mark(annotations.KindError, "LT22"), mark(annotations.KindScore, lt22)}
	_, path = opened(t, annotations.ESA(), []string{"E", "e", "enter", "M", "enter"}, olderErrorStableScore...)
	anns = reopen(t, path)
	if len(anns) != 2 || !strings.EqualFold(anns[0].Severity, "major") || anns[0].System != lt22 {
		t.Errorf("beside a score under the stable name, the edited error is stored as %+v; want it under %s", anns, lt22)
	}
	if n := attachedAlone(anns); n != 2 {
		t.Errorf("opened alone, %d of the rater's 2 marks attach", n)
	}
	m, path := opened(t, annotations.ESA(), []string{"%", "backspace", "backspace", "7", "0", "enter"}, olderErrorStableScore...)
	scores := 0
	for _, a := range reopen(t, path) {
		if a.Kind == annotations.KindScore {
			scores++
			if *a.Score != 70 {
				t.Errorf("the score left is %d; want 70 (status %q)", *a.Score, m.statusText())
			}
		}
	}
	if scores != 1 {
		t.Errorf("after scoring again the file holds %d scores of the segment; want 1 (status %q)", scores, m.statusText())
	}
}

// TestSummaryNamesDetachedByTheTablesForm: a detached annotation stored
// under its system's stable name (the whole file name) is listed under the
// name the summary's table gives the system, as one under the short name
// an older file holds is.
func TestSummaryNamesDetachedByTheTablesForm(t *testing.T) {
	const lt22, jde = "generaltest2022.de-en.hyp.LT22.en", "generaltest2022.de-en.hyp.JDExploreAcademy.en"
	fsys := fstest.MapFS{
		"ref": {Data: []byte("the cat sat on the mat\nthere is a dog in the garden\n")},
		lt22:  {Data: []byte("the cat sat on a mat\na dog is in the garden\n")},
		jde:   {Data: []byte("a cat sat on the mat\nthere is a dog in a garden\n")},
	}
	ds, err := model.Load(model.Input{Systems: []string{lt22, jde}, Refs: []string{"ref"}, FS: fsys})
	if err != nil {
		t.Fatal(err)
	}
	var extra []annotations.Annotation
	for line, system := range map[int]string{1: lt22, 2: "LT22"} {
		a := annotations.Annotation{Kind: annotations.KindNoError, System: system, Line: line, Rater: "ana"}
		a.SetText("a text the corpus no longer has", "")
		extra = append(extra, a)
	}
	m := New(ds, model.DefaultSettings(), WithAnnotations(Annotating{Preset: annotations.MQM(), Extra: extra}))
	next, _ := m.Update(tea.WindowSizeMsg{Width: 100, Height: 40})
	m = drive(t, next.(Model), next.(Model).Init())
	v := ansi.Strip(press(t, m, "S").View())
	for _, line := range []string{"1", "2"} {
		if !regexp.MustCompile(`(?m)^ +LT22 line ` + line + `, `).MatchString(v) {
			t.Errorf("the detached annotation of line %s is not listed under LT22:\n%s", line, v)
		}
	}
}

// TestAnnotateStripTakesWhatItNeeds: the strip under the segment pane
// takes the lines the selection's annotations need, up to half the
// pane's lines, and the pane the rest: one line for a segment not
// annotated, every error listed when they fit in half (it took a
// fixed 3 lines at 60×16, 5 at 100×30, blank lines or a list cut).
func TestAnnotateStripTakesWhatItNeeds(t *testing.T) {
	for _, size := range [][2]int{{60, 16}, {100, 30}} {
		w, h := size[0], size[1]
		m, _ := annotating(t, w, h)
		detail := mainLayout(w, h, false).detail
		// strip returns the strip's lines, from its title to the footer.
		strip := func(how string) []string {
			t.Helper()
			v := m.View()
			checkFit(t, how, v, w, h)
			lines := strings.Split(ansi.Strip(v), "\n")
			for i, l := range lines {
				if strings.HasPrefix(l, "annotations · ") {
					return lines[i : len(lines)-1]
				}
			}
			t.Fatalf("%d×%d, %s: no strip:\n%s", w, h, how, v)
			return nil
		}
		if got := strip("not annotated"); len(got) != 1 || m.pane.body.height != detail-2 {
			t.Errorf("%d×%d, not annotated: strip of %d lines %q, pane of %d; want 1 line and the pane %d", w, h, len(got), got, m.pane.body.height, detail-2)
		}
		m = press(t, m, "N")
		if got := strip("no error"); len(got) != 2 || !strings.Contains(got[1], "no error") {
			t.Errorf("%d×%d, no error: strip %q; want its title and the mark", w, h, got)
		}
		for range 5 { // errors on the first word, which replace the mark
			m = press(t, m, "A", "enter", "a", "m", "M", "enter")
		}
		got := strip("five errors")
		need := 1 + 2 + 5 // the title, the marked hypothesis and its marks, the list
		want := min(need, max(3, detail/2))
		if len(got) != want || m.pane.body.height != detail-1-want {
			t.Errorf("%d×%d, five errors: strip of %d lines, pane of %d; want %d and %d:\n%s", w, h, len(got), m.pane.body.height, want, detail-1-want, strings.Join(got, "\n"))
		}
		if listed := want == need; listed != strings.HasPrefix(got[len(got)-1], " 5 ") {
			t.Errorf("%d×%d, five errors: strip %q; want the fifth listed last: %v", w, h, got, listed)
		}
	}
}

// TestSummaryDetachedReasonsFit: the summary's detached annotations say
// why in words that fit from 60 columns, fewer when narrow, never cut;
// their title too (at 60 columns "the hypothesis is not the text it…").
func TestSummaryDetachedReasonsFit(t *testing.T) {
	ds := demoDataset(t)
	mark := func(system string, line int, hyp, src string) annotations.Annotation {
		a := annotations.Annotation{Kind: annotations.KindError, System: system, Line: line, Rater: "ext", Category: "Accuracy/Mistranslation", Severity: "Major"}
		a.SetText(hyp, src)
		return a
	}
	sys := ds.Systems[0].Name
	extra := []annotations.Annotation{
		mark(sys, 3, "a text the corpus no longer has", ds.Src[2]),       // the hypothesis changed
		mark(sys, 4, ds.Systems[0].Hyps[3], "a source it no longer has"), // the source changed
		mark(sys, ds.Len()+1, "past the end", ""),
		mark("gone", 5, "no such system", ""),
	}
	for _, w := range []int{60, 80, 120} {
		m := New(ds, model.DefaultSettings(), WithAnnotations(Annotating{Preset: annotations.MQM(), Extra: extra}))
		next, _ := m.Update(tea.WindowSizeMsg{Width: w, Height: 60})
		m = drive(t, next.(Model), next.(Model).Init())
		v := ansi.Strip(press(t, m, "S").View())
		rows := regexp.MustCompile(`(?m)^(detached[ :].*|   \S+ line \d+, .*)$`).FindAllString(v, -1)
		if len(rows) != 1+len(extra) {
			t.Fatalf("%d columns: %d detached rows %q; want the title and %d:\n%s", w, len(rows), rows, len(extra), v)
		}
		for _, row := range rows {
			if strings.Contains(row, "…") || !render.Fits(row, w) {
				t.Errorf("%d columns: %q is cut", w, row)
			}
		}
		if w == 120 && !strings.Contains(v, "the hypothesis is not the text it was made on") {
			t.Errorf("120 columns: the reason is not in its fullest form:\n%s", v)
		}
	}
}

// TestAnnotateWholeSegmentKeyTwice: x pressed twice marks the whole
// segment and then asks again for the category, since no category of a
// preset takes the key that ended the span step (x was Source error, so
// a second x recorded one by accident); Source error is "se".
func TestAnnotateWholeSegmentKeyTwice(t *testing.T) {
	whole := defaultAnnotKeys().Whole.Keys()
	for _, p := range []*annotations.Preset{annotations.MQM(), annotations.ESA()} {
		for _, c := range p.Categories {
			for _, k := range whole {
				if strings.HasPrefix(c.Keys, k) {
					t.Errorf("%s: %s takes %q, the key for the whole segment", p.Name, c.Name, c.Keys)
				}
			}
		}
	}
	m, _ := annotating(t, 100, 30)
	m = press(t, m, "A", "x", "x")
	if m.ann.step != stepCategory || m.ann.d.category != "" || m.ann.d.span != nil {
		t.Errorf("A x x: step %d, category %q, span %v; want the category still asked for a whole segment", m.ann.step, m.ann.d.category, m.ann.d.span)
	}
	if m = press(t, m, "s", "e"); m.ann.d.category != "Source error" {
		t.Errorf("s e: category %q; want Source error", m.ann.d.category)
	}
}

// TestShortNameFoundWhenOpenedAlone: a system opened alone, whose marks
// an older file stored under the short name it had beside others
// ("LT22"), is found by that name wherever a mark names it, as
// annotations.Resolve finds it: reopening selects the segment changed
// last, and the summary names a detached mark's system by the table's
// form. Both looked the name up as a system name only, so the line was
// not selected and the row said "LT22".
func TestShortNameFoundWhenOpenedAlone(t *testing.T) {
	const lt22 = "generaltest2022.de-en.hyp.LT22.en"
	fsys := fstest.MapFS{
		"ref": {Data: []byte("the cat sat on the mat\nthere is a dog in the garden\nit rains\n")},
		lt22:  {Data: []byte("the cat sat on a mat\na dog is in the garden\nit pours\n")},
	}
	ds, err := model.Load(model.Input{Systems: []string{lt22}, Refs: []string{"ref"}, FS: fsys})
	if err != nil {
		t.Fatal(err)
	}
	st := openStore(t, filepath.Join(t.TempDir(), "ann.jsonl"))
	for _, mark := range []struct {
		line int
		hyp  string
	}{{3, "a text the corpus no longer has"}, {1, ds.Systems[0].Hyps[0]}} { // line 1 changed last
		a := annotations.Annotation{Kind: annotations.KindNoError, System: "LT22", Line: mark.line, Rater: "ana"}
		a.SetText(mark.hyp, "")
		if _, err := st.MarkNoError(a); err != nil {
			t.Fatal(err)
		}
	}
	m := New(ds, model.DefaultSettings(), WithAnnotations(Annotating{Store: st, Preset: annotations.MQM(), Rater: "ana"}))
	next, _ := m.Update(tea.WindowSizeMsg{Width: 100, Height: 40})
	m = drive(t, next.(Model), next.(Model).Init())
	if sel := m.list.selection(m.c); !sel.ok || sel.seg != 0 {
		t.Errorf("reopened: line %d selected; want line 1, the one changed last", sel.seg+1)
	}
	v := ansi.Strip(press(t, m, "S").View())
	if !regexp.MustCompile(`(?m)^ +` + regexp.QuoteMeta(lt22) + ` line 3, `).MatchString(v) {
		t.Errorf("the detached mark of line 3 is not listed under %s:\n%s", lt22, v)
	}
}

// TestAnnotateSummaryDisagreementNamesItsSystem: the segments where BLEU
// and the raters disagree are the shown system's, and their title names
// it, as the errors' title above does, at 60 columns as at 110, and again
// after tab; before, "none" under an unnamed title read as none in any
// system while another system's segment was marked no error at BLEU 0.
func TestAnnotateSummaryDisagreementNamesItsSystem(t *testing.T) {
	ds := demoDataset(t)
	for _, w := range []int{60, 110} {
		m := New(ds, model.DefaultSettings(), WithAnnotations(Annotating{Preset: annotations.MQM()}))
		next, _ := m.Update(tea.WindowSizeMsg{Width: w, Height: 100})
		m = press(t, drive(t, next.(Model), next.(Model).Init()), "S")
		for range 2 {
			sys := m.list.selection(m.c).sys
			var title string
			for _, l := range strings.Split(ansi.Strip(m.View()), "\n") {
				if strings.Contains(l, "disagree most") {
					title = l
				}
			}
			if want := "disagree most on " + m.c.shortName(sys); !strings.Contains(title, want) {
				t.Errorf("%d columns: the title reads %q; want it to say %q", w, title, want)
			}
			m = press(t, m, "tab")
		}
	}
}

// TestAnnotateSummaryTitlesWhole: the summary's titles and its note of
// rater pairs left out give way a part at a time, never cut inside a
// word; at 60 columns they read "disagree most · ↑↓ choose, enter …" and
// "… 5 more pairs ('bleuscope annotations summary' lists them a…".
func TestAnnotateSummaryTitlesWhole(t *testing.T) {
	ds := demoDataset(t)
	var extra []annotations.Annotation
	for line := 1; line <= 3; line++ {
		for _, r := range []string{"r1", "r2", "r3", "r4", "r5", "r6"} { // 15 pairs
			a := annotations.Annotation{Kind: annotations.KindNoError, System: ds.Systems[0].Name, Line: line, Rater: r}
			a.SetText(ds.Systems[0].Hyps[line-1], ds.Src[line-1])
			extra = append(extra, a)
		}
	}
	for w := 60; w <= 130; w++ {
		m := New(ds, model.DefaultSettings(), WithAnnotations(Annotating{Preset: annotations.MQM(), Extra: extra}))
		next, _ := m.Update(tea.WindowSizeMsg{Width: w, Height: 100})
		m = press(t, drive(t, next.(Model), next.(Model).Init()), "S")
		seen := 0
		for _, l := range strings.Split(ansi.Strip(m.View()), "\n") {
			if !strings.Contains(l, "disagree most") && !strings.Contains(l, "agreement between") && !strings.Contains(l, "more pairs") {
				continue
			}
			seen++
			if strings.Contains(strings.TrimPrefix(l, "   … "), "…") {
				t.Errorf("%d columns: cut mid-word: %q", w, l)
			}
		}
		if seen != 3 {
			t.Errorf("%d columns: %d of the three lines shown", w, seen)
		}
	}
}

// TestStripTitleKeepsKeys: the strip's title over a segment not yet
// annotated keeps its name and the keys that act there at every width
// (E, with nothing to edit, gives way); at 60 columns it dropped them all.
func TestStripTitleKeepsKeys(t *testing.T) {
	for w := 60; w <= 130; w++ {
		m, _ := annotating(t, w, 24)
		var title string
		for _, l := range strings.Split(ansi.Strip(m.View()), "\n") {
			if strings.Contains(l, "not annotated yet") {
				title = l
			}
		}
		if !strings.HasPrefix(title, "annotations · ") || !strings.HasSuffix(title, "U next") || strings.Contains(title, "…") {
			t.Errorf("%d columns: the strip's title lacks its keys or is cut: %q", w, title)
		}
	}
}

// TestUnknownAnnotationKeysQuoted: a category's or severity's key that
// none has is quoted as the other status messages quote text, not
// Go-style ("\"\\"), and reaches the screen escaped.
func TestUnknownAnnotationKeysQuoted(t *testing.T) {
	m, _ := annotating(t, 120, 40)
	m = press(t, m, "A", "enter", `\`)
	if want := `no category has the keys “\”`; m.statusText() != want {
		t.Errorf("category key \\: status %q; want %q", m.statusText(), want)
	}
	m = press(t, m, "a", "m", `"`)
	if want := `no severity has the key “"”`; m.statusText() != want {
		t.Errorf("severity key \": status %q; want %q", m.statusText(), want)
	}
}

// TestStripNamesEveryRaterWhenMany: when a segment's marks come from more
// than one rater, every row of the strip names its rater, the annotator's
// own new mark too (it read " 2 m Minor …" under " 1 [rater1] m Minor …");
// a segment marked by the annotator alone names none.
func TestStripNamesEveryRaterWhenMany(t *testing.T) {
	rows := func(m Model) []string {
		_, _, list := m.ann.stripParts(m.c, m.list.selection(m.c))
		for i := range list {
			list[i] = ansi.Strip(list[i])
		}
		return list
	}
	mark := []string{"A", "right", " ", "enter", "a", "m", "m"} // a Minor Accuracy/Mistranslation
	own, _ := annotating(t, 120, 40)
	own = press(t, own, append(mark, "enter")...)
	if list := rows(own); len(list) != 1 || strings.Contains(list[0], "[") {
		t.Errorf("the annotator's mark alone: %q; want one row naming no rater", list)
	}

	st := openStore(t, filepath.Join(t.TempDir(), "ann.jsonl"))
	m := annotatingWith(t, st, annotations.MQM(), 120, 40)
	sel := m.list.selection(m.c)
	a := annotations.Annotation{Kind: annotations.KindError, System: m.c.ds.Systems[sel.sys].StableName(), Line: sel.seg + 1, Rater: "rater1", Category: "Fluency/Grammar", Severity: "Minor"}
	a.SetText(m.c.ds.Systems[sel.sys].Hyps[sel.seg], m.c.ds.Src[sel.seg])
	if _, err := st.Add(a); err != nil {
		t.Fatal(err)
	}
	m = annotatingWith(t, st, annotations.MQM(), 120, 40)
	m = typeText(t, press(t, m, mark...), "passive")
	list := rows(press(t, m, "enter"))
	if len(list) != 2 {
		t.Fatalf("the strip lists %q; want rater1's mark and ana's", list)
	}
	for i, want := range []string{"[rater1]", "[ana]"} {
		if !strings.HasPrefix(strings.TrimSpace(list[i]), fmt.Sprintf("%d %s ", i+1, want)) {
			t.Errorf("row %d %q does not name its rater %s first", i+1, list[i], want)
		}
	}
}

// TestAnnotateListFooterReadOnly: the E list's footer offers only the keys
// that work on the annotation picked; before, an MQM file's annotations,
// read-only, were offered "e/enter edit · d delete · a add an error" and e
// then said they were only shown.
func TestAnnotateListFooterReadOnly(t *testing.T) {
	ds := demoDataset(t)
	seg := ready(t, ds, 100, 30).list.rows[0]
	mqm := annotations.Annotation{Kind: annotations.KindError, System: ds.Systems[0].Name, Line: seg + 1, Rater: "r1", Category: "Accuracy/Mistranslation", Severity: "Major"}
	mqm.SetText(ds.Systems[0].Hyps[seg], ds.Src[seg])
	footer := func(a Annotating) string {
		m := New(ds, model.DefaultSettings(), WithAnnotations(a))
		next, _ := m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
		m = drive(t, next.(Model), next.(Model).Init())
		v := strings.Split(ansi.Strip(press(t, m, "E").View()), "\n")
		return v[len(v)-1]
	}
	shown := footer(Annotating{Preset: annotations.MQM(), Extra: []annotations.Annotation{mqm}})
	for _, offer := range []string{"edit", "delete", "add"} {
		if strings.Contains(shown, offer) {
			t.Errorf("without an annotation file the list's footer offers %q: %q", offer, shown)
		}
	}
	if !strings.Contains(shown, "read-only") || !strings.Contains(shown, "esc close") {
		t.Errorf("without an annotation file the list's footer does not say it is read-only: %q", shown)
	}
	st := openStore(t, filepath.Join(t.TempDir(), "ann.jsonl"))
	beside := footer(Annotating{Store: st, Preset: annotations.MQM(), Rater: "ana", Extra: []annotations.Annotation{mqm}})
	if strings.Contains(beside, "edit") || strings.Contains(beside, "delete") || !strings.Contains(beside, "a add an error") || !strings.Contains(beside, "read-only") {
		t.Errorf("with an annotation file, on the MQM file's annotation the list's footer is %q; want a add, no edit or delete, read-only", beside)
	}
}

// TestSummaryUnratedSystemNotClean: the summary's errors table for a
// system nobody rated says it is not annotated; before, it said "no error
// marked", as it does (still) for one rated clean.
func TestSummaryUnratedSystemNotClean(t *testing.T) {
	m, _ := annotating(t, 120, 40)
	v := ansi.Strip(press(t, m, "S").View())
	if strings.Contains(v, "no error marked") || !strings.Contains(v, "not annotated yet") {
		t.Errorf("the summary of a system nobody rated does not say it is not annotated:\n%s", v)
	}
	v = ansi.Strip(press(t, m, "N", "S").View())
	if !strings.Contains(v, "no error marked") || strings.Contains(v, "not annotated yet") {
		t.Errorf("the summary of a system rated clean does not say no error is marked:\n%s", v)
	}
}

// TestAnnotateEditTitleAndKeep: editing names the annotation by the
// number E's list gives it on the segment, not by its ID across the file
// (the second annotation made, the first on its segment, is "edit
// annotation 1"), and on a whole-segment error the span step says enter
// keeps the whole segment, where it asked for a first token and said
// "enter last".
func TestAnnotateEditTitleAndKeep(t *testing.T) {
	m, _ := annotating(t, 120, 40)
	m = press(t, m, "A", "x", "a", "m", "M", "enter", "j", "A", "x", "a", "m", "m", "enter", "E", "e")
	if m.ann.d.edit.ID != 2 {
		t.Fatalf("editing annotation ID %d; want the second made, 2", m.ann.d.edit.ID)
	}
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "edit annotation 1 · line") {
		t.Errorf("the edit screen of the segment's only annotation is not titled 'edit annotation 1':\n%s", v)
	}
	if !strings.Contains(v, "enter keeps the whole segment") || !strings.Contains(v, "enter keep ·") || strings.Contains(v, "enter last") {
		t.Errorf("the span step of a whole-segment error does not say enter keeps it:\n%s", v)
	}
}

// TestAnnotateListFooterNoError: on a no-error mark the E list's footer
// says it has nothing to edit and offers delete and add, not edit; e says
// d deletes it. Before, it offered "e/enter edit" like an error's.
func TestAnnotateListFooterNoError(t *testing.T) {
	m, _ := annotating(t, 100, 30)
	m = press(t, m, "N", "E")
	v := strings.Split(ansi.Strip(m.View()), "\n")
	footer := v[len(v)-1]
	if strings.Contains(footer, "e/enter") || !strings.Contains(footer, "nothing to edit") || !strings.Contains(footer, "d delete") || !strings.Contains(footer, "a add an error") {
		t.Errorf("the E list's footer on a no-error mark: %q; want nothing to edit, d delete, a add, no edit", footer)
	}
	if m = press(t, m, "e"); m.statusText() != "a no-error mark has nothing to edit: d deletes it" || m.ann.step != stepList {
		t.Errorf("e on a no-error mark: status %q, step %d", m.statusText(), m.ann.step)
	}
	m = press(t, m, "d", "y")
	if len(m.ann.segment(m.c, m.list.selection(m.c))) != 0 {
		t.Error("d y did not delete the no-error mark")
	}
}

// TestAnnotateStripKeysReadOnly: where annotations are only shown (an MQM
// file opened as a corpus, a read-only file), the strip's key line offers
// E as "list", never "edit", and never A or N, at every width, and E on a
// segment with no annotation says so without pointing at A and N. Before,
// the strip said "E edit", and its shorter forms "A mark · … N ok", keys
// that were off.
func TestAnnotateStripKeysReadOnly(t *testing.T) {
	ds := demoDataset(t)
	open := func() Model { // a new explorer each time: one started again drops its scores as stale
		return New(ds, model.DefaultSettings(), WithAnnotations(Annotating{Preset: annotations.MQM()}))
	}
	for _, w := range []int{60, 80, 120, 200} {
		m := open()
		next, _ := m.Update(tea.WindowSizeMsg{Width: w, Height: 40})
		v := ansi.Strip(drive(t, next.(Model), next.(Model).Init()).View())
		var strip string
		for _, l := range strings.Split(v, "\n") {
			if strings.Contains(l, "annotations · ") {
				strip = l
			}
		}
		if strip == "" {
			t.Fatalf("%d columns: no strip title:\n%s", w, v)
		}
		if strings.Contains(strip, "edit") || strings.Contains(strip, "A mark") || strings.Contains(strip, "N ok") || strings.Contains(strip, "N no error") {
			t.Errorf("%d columns: the strip offers keys that are off: %q", w, strip)
		}
		if w == 200 && !strings.Contains(strip, "E list") {
			t.Errorf("%d columns: the strip does not offer E list: %q", w, strip)
		}
	}
	next, _ := open().Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	m := drive(t, next.(Model), next.(Model).Init())
	if m = press(t, m, "E"); m.statusText() != "no annotation on this segment" {
		t.Errorf("E on a segment with no annotation, nothing editable: status %q", m.statusText())
	}
}

// TestAnnotateCategoryKeysAllShown: at 60×16, after the first key of a
// group, every category of the group shows its keys, names cut to fit
// (MQM's six Locale convention categories: lp, Telephone format, was left
// out without a word); a group too big even for cut names ends with how
// many more there are.
func TestAnnotateCategoryKeysAllShown(t *testing.T) {
	m, _ := annotating(t, 60, 16)
	m = press(t, m, "A", "enter", "l")
	v := ansi.Strip(m.View())
	for _, keys := range []string{"la", "ld", "lc", "lt", "ln", "lp"} {
		if !strings.Contains(v, keys+" Locale") {
			t.Errorf("after l at 60×16, the category %s is not shown:\n%s", keys, v)
		}
	}
	var typ strings.Builder
	typ.WriteString("severity | m | minor | 1\n")
	for i := range 60 {
		fmt.Fprintf(&typ, "category | a%c | Category number %d\n", '0'+rune(i), i)
	}
	p, err := annotations.ParseTypology(strings.NewReader(typ.String()), "t")
	if err != nil {
		t.Fatal(err)
	}
	m = annotatingWith(t, openStore(t, filepath.Join(t.TempDir(), "ann.jsonl")), p, 60, 16)
	m = press(t, m, "A", "enter", "a")
	v = ansi.Strip(m.View())
	shown, n := strings.Count(v, " Cat"), 0
	if more := regexp.MustCompile(`…\s+(\d+) more`).FindStringSubmatch(v); more != nil {
		n, _ = strconv.Atoi(more[1])
	}
	if !strings.Contains(v, "a0 Cat") || shown+n != 60 {
		t.Errorf("60 categories after a at 60×16: %d shown and %d more; want all 60 accounted for:\n%s", shown, n, v)
	}
	for i, l := range strings.Split(v, "\n") {
		if lipgloss.Width(l) > 60 {
			t.Errorf("line %d is %d cells wide:\n%s", i+1, lipgloss.Width(l), l)
		}
	}
}

// TestAnnotateSummaryESA: with ESA scores given, the summary screen's
// table of systems has an ESA column, the mean score of the shown system
// (70 and 40: 55.0), and says what it is; before, only the command
// line's summary had it, and the screen showed MQM alone.
func TestAnnotateSummaryESA(t *testing.T) {
	st := openStore(t, filepath.Join(t.TempDir(), "ann.jsonl"))
	m := annotatingWith(t, st, annotations.ESA(), 100, 30)
	m = press(t, m, "%")
	m = typeText(t, m, "70")
	m = press(t, m, "enter", "down", "%")
	m = typeText(t, m, "40")
	m = press(t, m, "enter", "S")
	v := ansi.Strip(m.View())
	lines := strings.Split(v, "\n")
	head := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "system ") })
	if head < 0 || !strings.Contains(lines[head], " MQM   ESA ") {
		t.Fatalf("the summary's table has no ESA column:\n%s", v)
	}
	col := strings.Index(lines[head], "ESA") + len("ESA")
	name := m.c.ds.Systems[m.list.view.System].Name
	row := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, name+" ") })
	if row < 0 || len(lines[row]) < col || !strings.HasSuffix(strings.TrimRight(lines[row][:col], " "), " 55.0") {
		t.Errorf("the shown system's ESA is not 55.0 under its head:\n%s", v)
	}
	if !strings.Contains(strings.Join(strings.Fields(v), " "), "ESA: the 0–100 segment scores, averaged over each segment's raters, then over the scored segments; higher is better") {
		t.Errorf("the summary does not say what ESA is:\n%s", v)
	}
}

// TestOpenWarnsOfUnweighedSeverities: an annotation file whose errors
// have a severity the explorer's weights lack (made with another
// typology) is said at open, with the fix, since the strip and the
// summary weigh them 0; before, MQM 0 showed as if there were no error.
func TestOpenWarnsOfUnweighedSeverities(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ann.jsonl")
	ds := demoDataset(t)
	st := openStore(t, path)
	for line, sev := range []string{"blocker", "blocker", "Major"} {
		seg := ds.Segment(0, line)
		a := annotations.Annotation{Kind: annotations.KindError, System: ds.Systems[0].Name, Line: line + 1, Rater: "eve", Category: "Accuracy", Severity: sev}
		a.SetText(seg.Hyp, seg.Src)
		if _, err := st.Add(a); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()
	m := annotatingWith(t, openStore(t, path), annotations.MQM(), 120, 30)
	want := path + `: 2 errors of severity "blocker" weigh 0 in the MQM score: the mqm weights have no such severity; open the file with the --typology it was annotated with`
	if !slices.Contains(m.c.annWarnings, want) {
		t.Errorf("warnings at open %q; want %q", m.c.annWarnings, want)
	}
	p, err := annotations.ParseTypology(strings.NewReader("severity | b | blocker | 10\nseverity | M | Major | 5\ncategory | a | Accuracy\n"), "t")
	if err != nil {
		t.Fatal(err)
	}
	if m := annotatingWith(t, openStore(t, path), p, 120, 30); slices.ContainsFunc(m.c.annWarnings, func(w string) bool { return strings.Contains(w, "weigh") }) {
		t.Errorf("with the typology that has the severity, warnings at open %q", m.c.annWarnings)
	}
}

// TestRefusedChangeSaidOnce: an error marked on a segment another
// explorer has since marked as having no error, by the same rater, is
// refused, and the status line says so once, ending "the other's is
// shown" as the README words it: it does not count the same change again
// as an earlier one dropped.
func TestRefusedChangeSaidOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ann.jsonl")
	ds := demoDataset(t)
	other, mine := openStore(t, path), openStore(t, path)
	m := annotatingWith(t, mine, annotations.MQM(), 140, 30)
	sel := m.list.selection(m.c)
	a := annotations.Annotation{System: ds.Systems[0].Name, Line: sel.seg + 1, Rater: "ana", Kind: annotations.KindNoError}
	a.SetText(ds.Systems[0].Hyps[sel.seg], ds.Src[sel.seg])
	if _, err := other.Add(a); err != nil {
		t.Fatal(err)
	}
	m = press(t, m, "A", "x", "a", "m", "M", "enter")
	if !strings.HasPrefix(m.statusText(), "not saved: another bleuscope saved") || !strings.HasSuffix(m.statusText(), "would have undone it; the other's is shown") || strings.Contains(m.statusText(), "earlier change") {
		t.Errorf("status %q; want the change refused, said once", m.statusText())
	}
	if got := reopen(t, path); len(got) != 1 || got[0].Kind != annotations.KindNoError {
		t.Errorf("the file holds %+v; want the other's no-error mark alone", got)
	}
}

// TestAnnotateScoreKeyOffered: with the esa preset the strip's title
// offers % beside A and N, at 100 columns and at 80, so that a rater sees
// how to give the segment score; with mqm, which has none, it does not.
// At 60 columns, where it has no room, A and N stay.
func TestAnnotateScoreKeyOffered(t *testing.T) {
	m := annotatingWith(t, openStore(t, filepath.Join(t.TempDir(), "ann.jsonl")), annotations.ESA(), 60, 30)
	if title := m.ann.titleLine(m.c, m.list.selection(m.c), nil); !strings.Contains(title, "A mark · N ok") {
		t.Errorf("esa at 60 columns: the strip's title %q; want A and N offered", title)
	}
	for _, w := range []int{100, 80} {
		for _, tc := range []struct {
			preset *annotations.Preset
			want   bool
		}{{annotations.ESA(), true}, {annotations.MQM(), false}} {
			m := annotatingWith(t, openStore(t, filepath.Join(t.TempDir(), "ann.jsonl")), tc.preset, w, 30)
			title := m.ann.titleLine(m.c, m.list.selection(m.c), nil)
			if got := strings.Contains(title, "% score"); got != tc.want {
				t.Errorf("%s at %d columns: the strip's title %q offers %% score: %v; want %v", tc.preset.Name, w, title, got, tc.want)
			}
		}
	}
}

// TestAnnotateScoreShown: under ESA the strip's title shows the segment's
// score beside its errors, and E on a segment with nothing says that %
// gives a score. Before, the score was only in the E list and the
// summary, and E named A and N alone.
func TestAnnotateScoreShown(t *testing.T) {
	m := annotatingWith(t, openStore(t, filepath.Join(t.TempDir(), "ann.jsonl")), annotations.ESA(), 100, 30)
	if m = press(t, m, "E"); !strings.Contains(m.statusText(), "% gives a score") {
		t.Errorf("E on a segment with nothing under ESA: status %q; want it to offer %%", m.statusText())
	}
	m = press(t, m, "%", "7", "0", "enter")
	if v := m.View(); !strings.Contains(v, "annotations · annotated · score 70") {
		t.Errorf("the strip does not show the score 70:\n%s", v)
	}
	m = press(t, m, "A", "x", "a", "m", "M", "enter")
	title := ""
	for _, l := range strings.Split(m.View(), "\n") {
		if strings.Contains(l, "annotations · 1 error · MQM") {
			title = l
		}
	}
	if !strings.Contains(title, " · score 70") {
		t.Errorf("the strip's title does not show the score beside the error: %q", title)
	}
}

// TestOpenWarnsOfAnotherTypology: a file made with mqm, opened with a
// typology where Major weighs 10, says so at open, naming the weight that
// differs and the fix, escaped; the first change records the new
// typology, and the warning then says the typology was switched and that
// the last weighs every error. Before, the MQM numbers changed without a
// word. The typology the file records warns of nothing.
func TestOpenWarnsOfAnotherTypology(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ann.jsonl")
	ds := demoDataset(t)
	st := openStore(t, path)
	st.SetTypology(annotations.MQM())
	seg := ds.Segment(0, 0)
	a := annotations.Annotation{Kind: annotations.KindError, System: ds.Systems[0].StableName(), Line: 1, Rater: "eve", Category: "Other", Severity: "Major"}
	a.SetText(seg.Hyp, seg.Src)
	if _, err := st.Add(a); err != nil {
		t.Fatal(err)
	}
	st.Close()
	if m := annotatingWith(t, openStore(t, path), annotations.MQM(), 120, 30); len(m.c.annWarnings) != 0 {
		t.Errorf("the typology the file records warns: %q", m.c.annWarnings)
	}
	p, err := annotations.ParseTypology(strings.NewReader("name | ten\x1b[2J\nseverity | m | Minor | 1\nseverity | M | Major | 10\ncategory | o | Other\n"), "t")
	if err != nil {
		t.Fatal(err)
	}
	m := annotatingWith(t, openStore(t, path), p, 120, 30)
	want := path + `: made with mqm, weighed here with "ten\x1b[2J" (a custom typology): Major errors weigh 5 in mqm, 10 in "ten\x1b[2J"; `
	if len(m.c.annWarnings) != 1 || !strings.HasPrefix(m.c.annWarnings[0], want) || !strings.HasSuffix(m.c.annWarnings[0], TypologyFix) {
		t.Fatalf("warnings at open %q; want one starting %q, ending %q", m.c.annWarnings, want, TypologyFix)
	}
	if strings.Contains(m.c.annWarnings[0], "\x1b") {
		t.Errorf("a raw escape in %q", m.c.annWarnings[0])
	}
	m = press(t, m, "A", "x", "o", "M", "enter")
	if !strings.HasPrefix(m.statusText(), "saved") {
		t.Fatalf("status %q", m.statusText())
	}
	if len(m.c.annWarnings) != 1 || !strings.Contains(m.c.annWarnings[0], "the typology was switched while annotating it") || !strings.HasSuffix(m.c.annWarnings[0], "every error is weighed with the last, those made before the switch too") {
		t.Errorf("warnings after the first change %q; want the switch said", m.c.annWarnings)
	}
}

// TestStripWithoutSegment: while a filter selects no segment the strip
// says so and offers no key, at 120 and 60 columns; it read "annotations ·
// annotations" and offered "A mark error · E edit · N no error · U next",
// whose A and N then said "no segment selected".
func TestStripWithoutSegment(t *testing.T) {
	for _, w := range []int{120, 60} {
		m, _ := annotating(t, w, 24)
		m = filterBy(t, m, "len>100000")
		if len(m.list.rows) != 0 {
			t.Fatalf("len>100000 keeps %d rows; want none", len(m.list.rows))
		}
		var title string
		for _, l := range strings.Split(ansi.Strip(m.View()), "\n") {
			if strings.HasPrefix(l, "annotations · ") {
				title = strings.TrimSpace(l)
			}
		}
		if title != "annotations · no segment selected" {
			t.Errorf("%d columns: the strip's title reads %q; want it to say no segment is selected, and no key", w, title)
		}
	}
}

// TestSummaryShowsTheOthersChanges: another bleuscope annotating the same
// file saves an error on the segment shown; the summary (S), opened
// after, counts it, and the segment's list (E) holds it, without this
// explorer saving anything first. Before, they showed only what this
// explorer had read or written, until its next save.
func TestSummaryShowsTheOthersChanges(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ann.jsonl")
	other, mine := openStore(t, path), openStore(t, path)
	m := annotatingWith(t, mine, annotations.MQM(), 120, 40)
	othersMark(t, m, other, "bo", "Major", "")
	m = press(t, m, "S")
	if !strings.Contains(m.statusText(), "another bleuscope saved") {
		t.Errorf("status %q; want it to say another bleuscope's changes are shown", m.statusText())
	}
	v := ansi.Strip(m.View())
	if !regexp.MustCompile(`fluent +\S+ +5\.00 +1 +1 `).MatchString(v) || !strings.Contains(v, "Accuracy/Mistranslation") {
		t.Errorf("the summary does not count bo's major error (MQM 5.00, 1 rated, 1 error):\n%s", v)
	}
	m = press(t, m, "esc", "E")
	if m.ann.step != stepList || len(m.ann.segment(m.c, m.list.selection(m.c))) != 1 {
		t.Errorf("E on the segment bo marked: step %d, %d annotations; want the list of bo's one", m.ann.step, len(m.ann.segment(m.c, m.list.selection(m.c))))
	}
	if len(mine.All()) != 1 || mine.Pending() != 0 {
		t.Errorf("my store holds %+v, %d pending; want bo's one, nothing to write", mine.All(), mine.Pending())
	}
}

// TestRereadKeepsThePick: the annotation file read again lands while the
// segment's list asks whether to delete the annotation picked: when
// another bleuscope added one to the segment, the question stays on the
// one picked (y deletes it, not the one now in its place); when the other
// deleted the one picked, nothing is deleted here and the status says so.
func TestRereadKeepsThePick(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ann.jsonl")
	other, mine := openStore(t, path), openStore(t, path)
	m := annotatingWith(t, mine, annotations.MQM(), 140, 40)
	mark := func(rater, note string) annotations.Annotation { return othersMark(t, m, other, rater, "Minor", note) }
	first := mark("bo", "first")
	second := mark("cy", "second")
	m = press(t, m, "E") // opens once the read brings bo's and cy's
	anns := m.ann.segment(m.c, m.list.selection(m.c))
	if m.ann.step != stepList || len(anns) != 2 {
		t.Fatalf("E: step %d with %d annotations; want the list of the other's two", m.ann.step, len(anns))
	}
	for anns[m.ann.pick].ID != second.ID {
		m = press(t, m, "j")
	}
	m = press(t, m, "d")
	if err := other.Delete(first.ID); err != nil {
		t.Fatal(err)
	}
	added := mark("al", "added") // in the place of cy's in the list: [cy, al]
	m = drive(t, m, m.readAnnotations())
	anns = m.ann.segment(m.c, m.list.selection(m.c))
	if !slices.ContainsFunc(anns, func(a annotations.Annotation) bool { return a.ID == added.ID }) {
		t.Fatalf("after the read the segment holds %+v; want al's, which the other added (the read landed)", anns)
	}
	if m.ann.step != stepDelete || len(anns) != 2 || anns[m.ann.pick].ID != second.ID {
		t.Fatalf("after the read: step %d, %d annotations, picked %+v; want the question on cy's", m.ann.step, len(anns), anns[min(m.ann.pick, len(anns)-1)])
	}
	m = press(t, m, "y")
	if _, ok := mine.Get(second.ID); ok {
		t.Errorf("y did not delete cy's annotation, the one asked about")
	}
	if _, ok := mine.Get(added.ID); !ok {
		t.Errorf("y deleted al's annotation, added meanwhile, instead of the one asked about")
	}
	// The other deletes the one picked while the question is asked.
	m = press(t, m, "d")
	picked := m.ann.segment(m.c, m.list.selection(m.c))[m.ann.pick]
	if err := other.Delete(picked.ID); err != nil {
		t.Fatal(err)
	}
	m = drive(t, m, m.readAnnotations())
	if m.ann.step != stepOff || len(m.ann.segment(m.c, m.list.selection(m.c))) != 0 || !strings.Contains(m.statusText(), "nothing deleted here") {
		t.Errorf("the one picked deleted by the other: step %d, status %q; want the list closed, none left, and it said", m.ann.step, m.statusText())
	}
}

// resumedData is the resumed-annotation tests' corpus: LT22 beside
// JDExploreAcademy, two lines each.
func resumedData(t *testing.T) *model.Dataset {
	_, both := lt22AloneAndBeside(t,
		"the cat sat on the mat\nthere is a dog in the garden\n",
		"the cat sat on a mat\na dog is in the garden\n",
		"a cat sat on the mat\nthere is a dog in a garden\n")
	return both
}

// resumedStore is a new annotation file holding ana's no-error mark on
// line 2 of ds's second system, the last change made to it, and that
// mark as saved.
func resumedStore(t *testing.T, ds *model.Dataset) (*annotations.Store, annotations.Annotation) {
	st := openStore(t, filepath.Join(t.TempDir(), "a.jsonl"))
	a := annotations.Annotation{Kind: annotations.KindNoError, System: ds.Systems[1].Name, Line: 2, Rater: "ana"}
	a.SetText(ds.Systems[1].Hyps[1], "")
	saved, err := st.MarkNoError(a)
	if err != nil {
		t.Fatal(err)
	}
	return st, saved
}

// resumedAt opens the explorer on ds, annotating into st as ana, in a
// window w columns wide and 30 high, and runs what it starts with.
func resumedAt(t *testing.T, ds *model.Dataset, st *annotations.Store, w int) Model {
	m := New(ds, model.DefaultSettings(), WithAnnotations(Annotating{Store: st, Preset: annotations.MQM(), Rater: "ana"}))
	next, _ := m.Update(tea.WindowSizeMsg{Width: w, Height: 30})
	return drive(t, next.(Model), next.(Model).Init())
}

// TestReopeningAfterTheLastMarkWentSaysNoneIsLeft: when the change made
// last took the segment's only mark away (an undo of the error added, a
// deletion), reopening goes back there and says none is left, where it
// said "E lists its marks" over a segment "not annotated yet".
func TestReopeningAfterTheLastMarkWentSaysNoneIsLeft(t *testing.T) {
	both := resumedData(t)
	other := both.Systems[1].Name
	st, saved := resumedStore(t, both)
	if err := st.Delete(saved.ID); err != nil {
		t.Fatal(err)
	}
	m := resumedAt(t, both, st, 100)
	if sel := m.list.selection(m.c); !sel.ok || sel.sys != 1 || sel.seg != 1 {
		t.Fatalf("resumed on %+v; want line 2 of %s", sel, other)
	}
	want := "resumed at " + m.c.shortName(1) + " line 2, the last mark changed (none left"
	if !strings.Contains(m.statusText(), want) || strings.Contains(m.statusText(), "E lists") {
		t.Errorf("status %q; want it to say %q, not that E lists marks", m.statusText(), want)
	}
	checkFit(t, "the resumed status", m.View(), 100, 30)
}

// TestReopeningSaysWhereItResumed: reopening an annotation file goes back
// to the segment whose mark changed last, of another system than the first
// one shown, and the first status says so, whole at 60 columns as at 100,
// once: a key clears it and a resize does not bring it back. Before, the
// explorer moved there without a word.
func TestReopeningSaysWhereItResumed(t *testing.T) {
	both := resumedData(t)
	other := both.Systems[1].Name
	for _, w := range []int{100, 60} {
		st, _ := resumedStore(t, both)
		m := resumedAt(t, both, st, w)
		if sel := m.list.selection(m.c); !sel.ok || sel.sys != 1 || sel.seg != 1 {
			t.Fatalf("%d columns: resumed on %+v; want line 2 of %s", w, sel, other)
		}
		want := "resumed at " + m.c.shortName(1) + " line 2, the last mark changed" // cut as every title cuts it
		if v := m.View(); !strings.Contains(m.statusText(), want) || !strings.Contains(v, want) {
			t.Errorf("%d columns: status %q; want it to say %q", w, m.statusText(), want)
		}
		checkFit(t, "the resumed status", m.View(), w, 30)
		m = press(t, m, "j")
		next, _ := m.Update(tea.WindowSizeMsg{Width: w + 1, Height: 30})
		if m = next.(Model); strings.Contains(m.statusText(), "resumed") {
			t.Errorf("%d columns: after a key and a resize the status still says %q", w, m.statusText())
		}
	}
}

// TestAnnotatorStrayKeysSaid: a key the span, category or severity step
// has no use for says which keys act there, the step and the mark made so
// far untouched; before, q, ↓, S or a digit on the span step and ↓ or
// tab on the category and severity steps did nothing and said nothing.
func TestAnnotatorStrayKeysSaid(t *testing.T) {
	m, _ := annotating(t, 120, 40)
	span := press(t, m, "A", "right", " ")
	for _, tc := range []struct {
		at        Model
		key, want string
		wantStep  annStep
		stepLabel string
	}{
		{span, "q", "q does nothing here: ←→ move over the words, space marks the first and the last", stepSpan, "span"},
		{span, "down", "↓ does nothing here: ←→ move over the words", stepSpan, "span"},
		{span, "S", "S does nothing here: ←→ move over the words", stepSpan, "span"},
		{span, "7", "7 does nothing here: ←→ move over the words", stepSpan, "span"},
		{press(t, span, "enter"), "down", "↓ picks no category: type a category's keys", stepCategory, "category"},
		{press(t, span, "enter", "a", "m"), "tab", "tab picks no severity: type a severity's key", stepSeverity, "severity"},
	} {
		got := press(t, tc.at, tc.key)
		if got.ann.step != tc.wantStep || !strings.Contains(got.statusText(), tc.want) {
			t.Errorf("%s step, %s: step %v, status %q; want step %v, %q", tc.stepLabel, tc.key, got.ann.step, got.statusText(), tc.wantStep, tc.want)
		}
		if got.ann.d.anchor != tc.at.ann.d.anchor || got.ann.d.cursor != tc.at.ann.d.cursor || got.ann.d.category != tc.at.ann.d.category {
			t.Errorf("%s step, %s changed the mark: %+v, was %+v", tc.stepLabel, tc.key, got.ann.d, tc.at.ann.d)
		}
	}
	// At 60 columns the line still says what the key does and esc.
	narrow, _ := annotating(t, 60, 16)
	if got := press(t, narrow, "A", "q").statusText(); got != "q does nothing here: ←→ move, space marks, esc cancels" {
		t.Errorf("span step at 60 columns, q: status %q", got)
	}
	// Editing, a stray key leaves the span kept: enter still keeps it.
	saved := press(t, m, "A", "x", "a", "m", "M", "enter")
	edit := press(t, saved, "E", "e", "q")
	if !edit.ann.d.keep {
		t.Errorf("a stray key while editing gave up the kept span")
	}
}

// TestSummaryHelpComesBack: ? on the annotation summary opens the help,
// and esc comes back to the summary, laid out for the window as it is
// then; before, ? closed the summary as esc does, the help unseen.
func TestSummaryHelpComesBack(t *testing.T) {
	m, _ := annotating(t, 120, 40)
	m = press(t, m, "N", "S")
	if !strings.Contains(m.View(), "? help") {
		t.Errorf("the summary's footer does not offer ?:\n%s", m.View())
	}
	help := press(t, m, "?")
	if help.screen != screenHelp {
		t.Fatalf("? on the summary gives screen %v; want the help", help.screen)
	}
	next, _ := help.Update(tea.WindowSizeMsg{Width: 70, Height: 20})
	back := press(t, next.(Model), "esc")
	if back.screen != screenAnnSummary {
		t.Fatalf("esc from the help gives screen %v; want the summary", back.screen)
	}
	checkFit(t, "summary after the help", back.View(), 70, 20)
	want := press(t, func() Model { n, _ := m.Update(tea.WindowSizeMsg{Width: 70, Height: 20}); return n.(Model) }(), "j", "k")
	if ansi.Strip(back.View()) != ansi.Strip(want.View()) {
		t.Errorf("the summary after the help, resized under it:\n%s\nwant as laid out at 70×20:\n%s", back.View(), want.View())
	}
}

// TestSaveErrorLineSaysWhatToDo: a save refused because the file's
// permissions changed, or its file system became read-only, while the
// explorer was open says what to do, as a full disk and a folder gone
// do; before, the line said only "the next change or q retries", which
// would fail again until the person found out why.
func TestSaveErrorLineSaysWhatToDo(t *testing.T) {
	for errno, want := range map[syscall.Errno]string{
		syscall.EACCES: "NOT SAVED: make the file writable again (chmod u+w); the next change or q retries; 2 changes kept in memory (permission denied)",
		syscall.EPERM:  "NOT SAVED: make the file writable again",
		syscall.EROFS:  "NOT SAVED: its file system is read-only now; remount it writable",
		syscall.ENOSPC: "NOT SAVED: free some disk space",
	} {
		err := &annotations.SaveError{Path: "ann.jsonl", Pending: 2, Err: &fs.PathError{Op: "open", Path: "ann.jsonl", Err: errno}}
		if got := saveErrorLine(err, 2); !strings.HasPrefix(got, want) {
			t.Errorf("%v: %q; want it to begin %q", errno, got, want)
		}
	}
}

// TestAnnotationFileDeletedWhileOpen: the annotation file deleted while
// the explorer is open is written again whole by the next change, the
// marks shown as saved kept on disk and on screen, and the status line
// says so; before, the change was written alone into a new file and every
// earlier mark vanished from the file and the screen without a word.
func TestAnnotationFileDeletedWhileOpen(t *testing.T) {
	m, path := annotating(t, 120, 40)
	m = press(t, m, "N", "down", "A", "x", "a", "m", "M", "enter")
	if len(reopen(t, path)) != 2 {
		t.Fatalf("%d annotations on disk; want 2", len(reopen(t, path)))
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	m = press(t, m, "down", "N")
	if want := "the annotation file, deleted, emptied or replaced meanwhile, had lost the 3 annotations held here: written back"; !strings.Contains(m.statusText(), want) {
		t.Errorf("status %q; want it to say %q", m.statusText(), want)
	}
	if got := reopen(t, path); len(got) != 3 {
		t.Errorf("%d annotations on disk; want the 3 shown", len(got))
	}
	if got := len(m.ann.store.All()); got != 3 {
		t.Errorf("the explorer holds %d annotations; want 3", got)
	}
}

// TestSummaryOverAnnotationFileEmptied: S, which reads the annotation
// file again, over a file emptied while the explorer is open says so and
// keeps the marks shown, which the next change writes back; before, the
// empty file was taken in as it was, every mark vanished from the screen,
// and the next change wrote itself alone.
func TestSummaryOverAnnotationFileEmptied(t *testing.T) {
	m, path := annotating(t, 120, 40)
	m = press(t, m, "N", "down", "N")
	if err := os.Truncate(path, 0); err != nil {
		t.Fatal(err)
	}
	m = press(t, m, "S")
	if want := "the annotation file was deleted or emptied: its annotations are still shown"; !strings.Contains(m.statusText(), want) {
		t.Errorf("S: status %q; want %q", m.statusText(), want)
	}
	if got := len(m.ann.store.All()); got != 2 {
		t.Fatalf("the explorer holds %d annotations after S; want 2", got)
	}
	m = press(t, m, "esc", "down", "N")
	if got := reopen(t, path); len(got) != 3 {
		t.Errorf("%d annotations on disk after the next change; want 3", len(got))
	}
}

// TestSummaryOverAnnotationFileMadeAnew: S over an annotation file
// deleted, then made anew by another bleuscope's mark, shows that mark
// beside the explorer's, writes those back to the file at once, and the
// status line says so; before, the new file was taken for the old one
// changed, and every mark saved here vanished from the screen and, with
// the next change, from the file.
func TestSummaryOverAnnotationFileMadeAnew(t *testing.T) {
	m, path := annotating(t, 120, 40)
	m = press(t, m, "N", "down", "N")
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	other := openStore(t, path)
	mark := annotations.Annotation{System: demoDataset(t).Systems[0].Name, Line: 5, Rater: "bo", Kind: annotations.KindNoError}
	mark.SetText(demoDataset(t).Systems[0].Hyps[4], "")
	if _, err := other.Add(mark); err != nil {
		t.Fatal(err)
	}
	m = press(t, m, "S")
	if want := "another bleuscope saved to the annotation file, which had lost the 2 annotations held here: written back"; !strings.Contains(m.statusText(), want) {
		t.Errorf("S: status %q; want it to say %q", m.statusText(), want)
	}
	if got := len(m.ann.store.All()); got != 3 {
		t.Errorf("the explorer holds %d annotations after S; want 3, the other's and its 2", got)
	}
	if got := reopen(t, path); len(got) != 3 {
		t.Errorf("%d annotations on disk after S; want 3", len(got))
	}
}

// TestSummaryWarningsComeBack: ! on the annotation summary, with warnings
// to show (a mark made on a text that has since changed), lists them over
// it, and esc comes back to the summary; before, it said "!
// (warnings) works on the list: esc to it".
func TestSummaryWarningsComeBack(t *testing.T) {
	path := staleMarkFile(t)
	m := press(t, annotatingWith(t, openStore(t, path), annotations.MQM(), 120, 30), "S")
	w := press(t, m, "!")
	if w.screen != screenWarnings || !strings.Contains(strings.Join(strings.Fields(ansi.Strip(w.View())), " "), "1 annotation made on a text that has since changed") {
		t.Fatalf("! on the summary gives screen %v, status %q:\n%s", w.screen, w.statusText(), w.View())
	}
	if back := press(t, w, "esc"); back.screen != screenAnnSummary {
		t.Errorf("esc from the warnings gives screen %v; want the summary", back.screen)
	}
}
