package ui

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/bleuscope/bleuscope/model"
)

// TestFilterQueryNumeric: "/" takes the query language; bleu<60 keeps
// exactly the segments whose sentence BLEU is below 60.
func TestFilterQueryNumeric(t *testing.T) {
	m := ready(t, demoDataset(t), 100, 30)
	m = filterBy(t, m, "bleu<60")
	want := 0
	for i := range m.c.ds.Len() {
		r, err := m.c.scored.SentenceResult(m.c.ds, 0, i)
		if err != nil {
			t.Fatal(err)
		}
		if r.Score < 60 {
			want++
		}
	}
	if want == 0 || want == m.c.ds.Len() {
		t.Fatalf("the demo has %d segments under 60 BLEU; the test needs some but not all", want)
	}
	if len(m.list.rows) != want {
		t.Fatalf("bleu<60 kept %d rows; want %d", len(m.list.rows), want)
	}
	for _, i := range m.list.rows {
		if r, _ := m.c.scored.SentenceResult(m.c.ds, 0, i); r.Score >= 60 {
			t.Errorf("line %d shown with BLEU %v", i+1, r.Score)
		}
	}
	if m.list.subset == nil || !strings.Contains(m.View(), `match “bleu<60”`) {
		t.Errorf("header lacks the query and its subset's BLEU:\n%s", m.View())
	}
}

// TestFilterQueryOr: "a or b" keeps the union of a and b.
func TestFilterQueryOr(t *testing.T) {
	m := ready(t, demoDataset(t), 100, 30)
	count := func(q string) map[int]bool {
		t.Helper()
		m := filterBy(t, m, q)
		if m.statusText() != "" {
			t.Fatalf("%q: status %q", q, m.statusText())
		}
		set := map[int]bool{}
		for _, r := range m.list.rows {
			set[r] = true
		}
		return set
	}
	a, b, ab := count("climate"), count("rain"), count("climate or rain")
	if len(a) == 0 || len(b) == 0 {
		t.Fatalf("the words select %d and %d rows; the test needs both", len(a), len(b))
	}
	for r := range a {
		b[r] = true
	}
	if len(ab) != len(b) || len(ab) <= len(a) {
		t.Fatalf("climate or rain: %d rows; want the union, %d", len(ab), len(b))
	}
	for r := range b {
		if !ab[r] {
			t.Errorf("line %d is in the union but not shown", r+1)
		}
	}
}

// TestFilterQueryBad: a query that does not parse is not applied: while
// typing the prompt line says why, and enter leaves the prompt open as it
// was, the query typed, why and the rows the list showed (it closed the
// prompt on the filter there was before "/", where the list had shown the
// last query that parsed); esc then gives back the filter before "/".
func TestFilterQueryBad(t *testing.T) {
	m := ready(t, demoDataset(t), 100, 30)
	m = filterBy(t, m, "rain")
	before := append([]int(nil), m.list.rows...)
	m = press(t, m, "/")
	m = typeText(t, m, " or the or bleu")
	if len(m.list.rows) == len(before) {
		t.Fatalf("live filtering did not apply %q", "rain or the or bleu")
	}
	m = typeText(t, m, "<")
	// The reason is on the prompt's line, or above it when both do not
	// fit in one (footerOverflow).
	if lines := strings.Split(m.View(), "\n"); !strings.Contains(strings.Join(lines[len(lines)-3:], " "), "query: column") {
		t.Errorf("while typing, the footer does not say why the query is not applied: %q", lines[len(lines)-3:])
	}
	typed, shown := m.View(), slices.Clone(m.list.rows)
	m = press(t, m, "enter")
	if m.list.typing != typingFilter || m.list.filter.text() != "rain or the or bleu<" || !slices.Equal(m.list.rows, shown) {
		t.Fatalf("enter on a bad query: prompt %v holding %q, %d rows; want it open on the query, the %d rows shown before",
			m.list.typing == typingFilter, m.list.filter.text(), len(m.list.rows), len(shown))
	}
	if v := ansi.Strip(m.View()); !strings.Contains(v, "enter: not applied") || strings.Replace(v, "enter: not applied · ", "", 1) != ansi.Strip(typed) {
		t.Errorf("enter on a bad query: the screen\n%s\nwant it as before it, saying enter applied nothing:\n%s", v, ansi.Strip(typed))
	}
	m = press(t, m, "esc")
	if !slices.Equal(m.list.rows, before) || m.list.view.Filter != "rain" {
		t.Fatalf("esc after a bad query left filter %q, rows %v; want the filter before it, %v", m.list.view.Filter, m.list.rows, before)
	}
	if v := m.View(); !strings.Contains(v, `match “rain”`) {
		t.Errorf("the header does not name the filter before the bad query:\n%s", v)
	}
}

// TestFilterNotAppliedSaysWhatTheListShows: while the filter typed does
// not parse, the list keeps the rows of the last one that did (no
// flashing), and the footer says so beside why, on the prompt's line
// whether why fits there or stands above it: "list: unfiltered" when none
// did. The note goes once the filter typed applies.
func TestFilterNotAppliedSaysWhatTheListShows(t *testing.T) {
	ds := demoDataset(t)
	for _, w := range []int{60, 100} {
		for _, tc := range []struct {
			before, typed, note string
			fix                 []string // keys that make the filter typed apply
		}{
			{"rain", " or bleu<", "list: last filter that applied", []string{"1"}},
			{"", "bleu<", "list: last filter that applied", []string{"1"}}, // bleu: no row
			{"", `"x`, "list: unfiltered", []string{`"`}},
			{"", "/a/,", "list: last filter that applied", []string{"backspace"}}, // /a/ applied
		} {
			m := ready(t, ds, w, 16)
			if tc.before != "" {
				m = filterBy(t, m, tc.before)
			}
			m = press(t, m, "/")
			m = typeText(t, m, tc.typed)
			name := fmt.Sprintf("%q then %q at %d columns", tc.before, tc.typed, w)
			if m.list.parseError(true) == "" {
				t.Fatalf("%s: the filter typed applies; the test wants one that does not", name)
			}
			v := m.View()
			checkFit(t, name, v, w, 16)
			lines := strings.Split(ansi.Strip(v), "\n")
			last := lines[len(lines)-1]
			if !strings.HasSuffix(strings.TrimRight(last, " "), tc.note) || !strings.HasPrefix(last, "/ ") {
				t.Errorf("%s: the prompt's line does not end with %q: %q", name, tc.note, last)
			}
			if foot := strings.Join(lines[len(lines)-3:], " "); !strings.Contains(foot, "query: column") {
				t.Errorf("%s: the footer does not say why: %q", name, foot)
			}
			if m = press(t, m, tc.fix...); m.list.parseError(true) != "" {
				t.Fatalf("%s: %q does not make the filter apply", name, tc.fix)
			}
			if lines := strings.Split(ansi.Strip(m.View()), "\n"); strings.Contains(lines[len(lines)-1], "list:") {
				t.Errorf("%s: the note stays once the filter applies: %q", name, lines[len(lines)-1])
			}
		}
	}
}

// TestFilterNotAppliedInDrillDown: in an analysis drill-down, while the
// filter typed does not parse, the list keeps the drill-down's rows, and
// the prompt's line says so (it said "list: unfiltered" beside them).
func TestFilterNotAppliedInDrillDown(t *testing.T) {
	d := press(t, openAnalysisScreen(t, ready(t, demoDataset(t), 100, 16)), "enter")
	drilled := slices.Clone(d.list.rows)
	m := typeText(t, press(t, d, "/"), `"x`)
	if m.list.parseError(true) == "" || !slices.Equal(m.list.rows, drilled) || len(drilled) == m.c.ds.Len() {
		t.Fatalf("rows %v while %q is typed; want the drill-down's %v", m.list.rows, `"x`, drilled)
	}
	if last := lastLine(m.View()); !strings.HasSuffix(strings.TrimRight(last, " "), "list: the drill-down") {
		t.Errorf("the prompt's line does not say the list shows the drill-down: %q", last)
	}
}

// TestFilterTrimsSpaces: a space typed after a query changes nothing: the
// filter is the query without the spaces around it.
func TestFilterTrimsSpaces(t *testing.T) {
	m := ready(t, demoDataset(t), 100, 30)
	m = press(t, m, "/")
	m = typeText(t, m, " rain ")
	if m.list.view.Filter != "rain" || !strings.Contains(m.View(), `match “rain”`) {
		t.Errorf("typed %q: filter %q; want %q in the header", " rain ", m.list.view.Filter, "rain")
	}
}

// TestFilterLabelQuotes: the filter's label shows the query as typed in
// curly quotes, whatever it holds, so that the words the cat and the
// n-gram "the cat" read apart and every filter is quoted alike (a user saw
// “/\bCOVID-?19\b/” quoted and len>30 hyp:"the" not); a drill-down and
// the pane's focus line quote their n-gram straight, as the filter that
// finds it is written.
func TestFilterLabelQuotes(t *testing.T) {
	m := ready(t, demoDataset(t), 100, 30)
	v := ansi.Strip(filterBy(t, m, "the cat").View())
	if !strings.Contains(v, `match “the cat”`) {
		t.Errorf("the header does not quote the words as typed:\n%s", v)
	}
	for _, q := range []string{`"the cat"`, `len>30 hyp:"the"`, `/\bCOVID-?19\b/`} {
		v = ansi.Strip(filterBy(t, m, q).View())
		if !strings.Contains(v, "match “"+q+"”") {
			t.Errorf("the header does not quote %s as typed, in curly quotes:\n%s", q, v)
		}
	}

	a := openAnalysisScreen(t, ready(t, demoDataset(t), 120, 40))
	it := a.ana.ngramItems(a.anaCtx())[0]
	d := press(t, a, "enter")
	quoted := model.QuoteNGram(it.text())
	if !strings.Contains(d.list.drillLabel(d.c.shortName)[0], " "+quoted) {
		t.Errorf("the drill-down's label %q does not quote its n-gram as %s", d.list.drillLabel(d.c.shortName)[0], quoted)
	}
	v = ansi.Strip(d.View())
	if !strings.Contains(v, "match: "+d.list.drillLabel(d.c.shortName)[0]) || !strings.Contains(v, " "+quoted+" ×") || strings.ContainsAny(v, "“”") {
		t.Errorf("the header or the pane's focus line does not quote the n-gram as %s:\n%s", quoted, v)
	}
	v = ansi.Strip(filterBy(t, d, "the").View())
	if !strings.Contains(v, d.list.drillLabel(d.c.shortName)[0]+` · “the”`) {
		t.Errorf("the header does not name the drill-down and then the query as typed:\n%s", v)
	}
}

// TestBadQueryHintWhole: why a query does not parse stands whole at 60
// and 80 columns above the prompt (or on its line) while it is typed, and
// after enter, which leaves the prompt open on it, in a shorter wording
// when the fullest does not fit.
func TestBadQueryHintWhole(t *testing.T) {
	flat := func(lines ...string) string { return strings.Join(strings.Fields(strings.Join(lines, " ")), " ") }
	lastLines := func(lines []string, s string, w int) []string {
		if ansi.StringWidth(s) <= w {
			return lines[len(lines)-1:]
		}
		return lines[len(lines)-2:]
	}
	for _, w := range []int{60, 80} {
		for _, q := range []string{"/a/,", `cat:"a b"c`, "(bleu<10)", "a not not b", "--vaccine", "-cat:omission", "x hyp:/ing/gi", "bleu<1e-999"} {
			for _, keys := range [][]string{nil, {"enter"}} {
				m := press(t, typeText(t, press(t, ready(t, demoDataset(t), w, 16), "/"), q), keys...)
				why := m.list.parseError(m.liveFilter())
				lines := strings.Split(ansi.Strip(m.View()), "\n")
				prompt := lines[len(lines)-1]
				if above := lastLines(lines[:len(lines)-1], why, w); !strings.HasPrefix(why, "query: column ") || flat(above...) != flat(why) && !strings.Contains(prompt, why) {
					t.Errorf("%q typed, %q, at %d columns: why it is not applied, %q, is not whole above the prompt or on its line: %q", q, keys, w, why, append(above, prompt))
				}
			}
		}
	}
}

// firstOnOneLine is lead and the first wording of q's error, the fullest
// first, that is at most w cells, or "" when none is.
func firstOnOneLine(t *testing.T, lead, q string, w int) string {
	t.Helper()
	_, err := model.ParseQuery(q)
	var qe *model.QueryError
	if !errors.As(err, &qe) {
		t.Fatalf("%q: %v is not a QueryError", q, err)
	}
	for _, why := range qe.Wordings() {
		if s := lead + why; ansi.StringWidth(s) <= w {
			return s
		}
	}
	return ""
}

// TestBadQueryOnOneLineWhenItFits: at every width from 60 to 200, a
// query error that has a wording short enough for one line is worded so,
// the fullest that fits, above the prompt while it is typed, so a hint is
// never wrapped apart from its sentence: at 120 columns "((" read "… for
// the text ((, write" with "/\(\(/" alone on the last line.
func TestBadQueryOnOneLineWhenItFits(t *testing.T) {
	queries := []string{"((", "/a/,", `cat:"a b"c`, "(bleu<10)", "a not not b", "--vaccine", "-cat:omission", "x hyp:/ing/gi"}
	for w := 60; w <= 200; w++ {
		for _, q := range queries {
			want := firstOnOneLine(t, "", q, w)
			if want == "" {
				continue
			}
			m := typeText(t, press(t, ready(t, demoDataset(t), w, 16), "/"), q)
			if why := m.list.parseError(m.liveFilter()); why != want {
				t.Errorf("%q typed at %d columns: why it is not applied, %q; want %q", q, w, why, want)
			}
		}
	}
}

// TestBadQueryEnterKeepsPrompt: enter on a query that does not parse
// leaves the prompt open on what was typed, at 60 and 80 columns, the
// footer saying why as before enter, and the filter and the selection
// as they were (it closed the prompt, the query typed lost).
func TestBadQueryEnterKeepsPrompt(t *testing.T) {
	for _, w := range []int{60, 80} {
		for _, q := range []string{"/a/,", "bleu<"} {
			m := typeText(t, press(t, ready(t, demoDataset(t), w, 16), "/"), q)
			typed, view, seg := m.View(), m.list.view, m.list.seg
			if strings.Contains(ansi.Strip(typed), "not applied") {
				t.Fatalf("%q at %d columns: 'not applied' before enter:\n%s", q, w, ansi.Strip(typed))
			}
			m = press(t, m, "enter")
			if m.list.typing != typingFilter || m.list.filter.text() != q || m.list.view != view || m.list.seg != seg {
				t.Errorf("%q at %d columns, enter: prompt open %v on %q, view %+v, line %d; want it open on the query, view %+v, line %d",
					q, w, m.list.typing == typingFilter, m.list.filter.text(), m.list.view, m.list.seg+1, view, seg+1)
			}
			// The screen says enter applied nothing, and is the same
			// besides; typing on takes the word back.
			v := ansi.Strip(m.View())
			if !strings.Contains(v, "enter: not applied") {
				t.Errorf("%q at %d columns: after enter the screen:\n%s\nwant it to say enter applied nothing, as typed:\n%s", q, w, v, ansi.Strip(typed))
			}
			checkFit(t, "refused query", m.View(), w, 16)
			if m = typeText(t, m, " "); strings.Contains(ansi.Strip(m.View()), "not applied") {
				t.Errorf("%q at %d columns: still 'not applied' once the query changed:\n%s", q, w, ansi.Strip(m.View()))
			}
		}
	}
}

// TestEmptyFilterNamesCase: a filter that selects nothing only because its
// quoted n-gram matches case exactly says how many segments it would select
// ignoring case, in every size of window, on a corpus filtered at once and
// on one filtered in a job; one that selects nothing in any case says only
// that nothing matches, and l (lowercase) finds the segments it named.
func TestEmptyFilterNamesCase(t *testing.T) {
	for _, w := range []int{60, 100, 200} {
		m := filterBy(t, ready(t, demoDataset(t), w, 16), `"many parents"`)
		v := ansi.Strip(m.View())
		checkFit(t, "empty list", v, w, 16)
		if len(m.list.rows) != 0 || !strings.Contains(v, ", 1 would") {
			t.Errorf(`%d wide: "many parents" (the demo has "Many parents" once): %d rows, view:%s`, w, len(m.list.rows), v)
		}
		if m = press(t, m, "l"); len(m.list.rows) != 1 || strings.Contains(ansi.Strip(m.View()), "would") {
			t.Errorf(`%d wide: "many parents" lowercased: %d rows; want 1 and no word on case`, w, len(m.list.rows))
		}
	}
	m := filterBy(t, ready(t, demoDataset(t), 100, 30), `"zzzq many"`)
	if v := ansi.Strip(m.View()); !strings.Contains(v, "no segment matches the filter (esc clears it)") || strings.Contains(v, "would") {
		t.Errorf(`"zzzq many" matches in no case; the list reads:%s`, v)
	}
	// The pane under an empty list says why it is empty, not a lone "segment".
	if v := ansi.Strip(m.View()); !strings.Contains(v, "no segment selected") {
		t.Errorf("the pane's title under an empty list:%s", v)
	}

	ds := synthDataset(t, syncRows+500)
	m = ready(t, ds, 120, 40)
	lower, _, _ := viewRows(context.Background(), ds, m.c.scored, withFilter(m.list.view, `"because these"`), nil, nil)
	if len(lower) == 0 {
		t.Fatal(`the synthetic corpus has no "because these"; the test needs one`)
	}
	m = filterBy(t, m, `"Because these"`)
	want := fmt.Sprintf("ignoring case, %d would", len(lower))
	if v := ansi.Strip(m.View()); len(m.list.rows) != 0 || !strings.Contains(v, want) {
		t.Errorf(`"Because these" filtered in a job: %d rows; want none and %q in:%s`, len(m.list.rows), want, v)
	}
}

// TestFilterAndAsWord: a bare "and" between two terms is searched as a
// word, as the query language says, and the status says so once, at 60
// columns too; "and" alone or as a quoted n-gram says nothing (a user
// typed bleu<10 and len>30 and was left with 2 segments, no word why).
func TestFilterAndAsWord(t *testing.T) {
	for _, w := range []int{60, 100} {
		m := filterBy(t, ready(t, demoDataset(t), w, 16), "bleu<10 and len>3")
		if m.list.view.Filter != "bleu<10 and len>3" || !strings.Contains(m.statusText(), `"and" is searched as a word`) {
			t.Errorf("%d columns: filter %q, status %q; want the query kept and a word on \"and\"", w, m.list.view.Filter, m.statusText())
		}
		checkFit(t, "the filter with and", m.View(), w, 16)
		if v := strings.Join(strings.Fields(ansi.Strip(m.View())), " "); !strings.Contains(v, m.statusText()) { // (over two lines where it must)
			t.Errorf("%d columns: the status is not shown whole:\n%s", w, v)
		}
		for _, q := range []string{"and", `"cat and"`, "the and"} {
			if m := filterBy(t, ready(t, demoDataset(t), w, 16), q); strings.Contains(m.statusText(), `"and"`) {
				t.Errorf("%d columns, %q: status %q; want no word on and", w, q, m.statusText())
			}
		}
	}
}

// TestBadQueryKeepsReasonWhenRowsRedone: a query typed that does not parse
// goes on saying why while the rows of the last filter that applied are
// made again under it (a rescore asked for just before "/" landing); a
// researcher saw "enter: not applied" under bleu< with the reason gone.
func TestBadQueryKeepsReasonWhenRowsRedone(t *testing.T) {
	for _, w := range []int{60, 120} {
		m := ready(t, demoDataset(t), w, 34)
		next, rescore := m.Update(keyMsg("t"))
		m = press(t, typeText(t, press(t, next.(Model), "/"), "bleu<"), "enter")
		if v := ansi.Strip(m.View()); !strings.Contains(v, "a number is missing") {
			t.Fatalf("at %d columns, bleu< entered does not say why:\n%s", w, v)
		}
		if m = drive(t, m, rescore); m.list.typing != typingFilter {
			t.Fatalf("at %d columns the rescore closed the prompt", w)
		}
		if v := ansi.Strip(m.View()); !strings.Contains(v, "a number is missing") || !strings.Contains(v, "enter: not applied") {
			t.Errorf("at %d columns, once the rescore landed the prompt no longer says why bleu< is not applied:\n%s", w, v)
		}
		if m = typeText(t, m, "10"); strings.Contains(ansi.Strip(m.View()), "a number is missing") {
			t.Errorf("at %d columns, bleu<10 still says a number is missing", w)
		}
	}
}
