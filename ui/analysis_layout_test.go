package ui

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/bleuscope/bleuscope/ui/render"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// longNames is the demo corpus with the long and short system names of a
// WMT submission list, as a user test had them.
func longNames(t *testing.T) *model.Dataset {
	t.Helper()
	ds := demoDataset(t)
	for i, name := range []string{"LT22", "JDExploreAcademy", "Online-W-submission-2022"} {
		ds.Systems[i].Name = name
	}
	return ds
}

// anaFrames opens the analysis screen at w×h on ds and returns every frame
// of its tables, modes and groupings, in plain text.
func anaFrames(t *testing.T, ds *model.Dataset, w, h int) []string {
	t.Helper()
	m := openAnalysisScreen(t, ready(t, ds, w, h))
	var frames []string
	for _, k := range []string{"", "1", "m", "m", "m", "0", "right", "m", "m", "right", "tab", "left", "m", "m", "left"} {
		if k != "" {
			m = press(t, m, k)
		}
		frames = append(frames, ansi.Strip(m.View()))
	}
	return frames
}

// nameSeparator tells the characters around a name on a frame: spaces,
// punctuation after it and the quotes around a filter or an n-gram.
func nameSeparator(r rune) bool {
	return unicode.IsSpace(r) || strings.ContainsRune(`',:"“”`, r)
}

// nameForms returns the forms name takes in frame: the whole name, and
// each abbreviation ("JDExp…cademy": a start of the name, "…", an end of
// it).
func nameForms(frame, name string) map[string]bool {
	forms := map[string]bool{}
	if strings.Contains(frame, name) {
		forms[name] = true
	}
	for _, f := range strings.FieldsFunc(frame, nameSeparator) {
		head, tail, ok := strings.Cut(f, "…")
		if ok && len(head) >= 2 && len(tail) >= 2 && strings.HasPrefix(name, head) && strings.HasSuffix(name, tail) {
			forms[f] = true
		}
	}
	return forms
}

// TestAnalysisOneAbbreviation: a system's name takes one form on a frame
// of the analysis screen, in the title, the note and the columns alike (a
// user saw "JDExp…cademy" in the title and "JDExplo…Academy" in the
// salient table's head at 60 columns).
func TestAnalysisOneAbbreviation(t *testing.T) {
	ds := longNames(t)
	for _, w := range []int{60, 80, 100, 120} {
		for i, frame := range anaFrames(t, ds, w, max(16, w/4)) {
			for _, s := range ds.Systems {
				if forms := nameForms(frame, s.Name); len(forms) > 1 {
					t.Errorf("%d columns, frame %d: %s is shown as %v:\n%s", w, i, s.Name, forms, frame)
				}
			}
		}
	}
}

// TestAnalysisTitleKeepsCount: the n-gram table's title keeps how many
// rows of how many n-grams it holds at every width, saying the rest in
// fewer words rather than cutting the count (a user saw "order 1 · …" at
// 60 columns, "50 of 6,050" gone), and is never cut.
func TestAnalysisTitleKeepsCount(t *testing.T) {
	counted, salient := 0, 0
	for _, ds := range []*model.Dataset{demoDataset(t), longNames(t)} {
		for _, w := range []int{60, 80, 100, 120} {
			m := openAnalysisScreen(t, ready(t, ds, w, max(16, w/4)))
			for _, k := range []string{"", "1", "m", "0", "m", "2", "m", "0", "1"} { // the last three: salient
				if k != "" {
					m = press(t, m, k)
				}
				title := strings.SplitN(ansi.Strip(m.View()), "\n", 2)[0]
				r := m.ana.ranksOf(m.anaCtx())
				ranks := r.held
				if strings.Contains(title, "…") {
					t.Errorf("%d columns, %s, order %d: title cut: %q", w, m.ana.mode, m.ana.order, title)
				}
				if ranks == "" {
					continue // the table holds every n-gram
				}
				counted++
				if m.ana.mode == anaSalient {
					salient++
				}
				if !strings.Contains(title, ranks) && !strings.Contains(title, r.whole) && !strings.Contains(title, r.short) {
					t.Errorf("%d columns, %s, order %d: title %q lacks %q", w, m.ana.mode, m.ana.order, title, ranks)
				}
			}
		}
	}
	if counted == 0 || salient == 0 {
		t.Errorf("%d tables (%d salient) held only the first n-grams of their rankings: the test wants both kinds", counted, salient)
	}
	for n, want := range map[int]string{999: "999", 6050: "6,050", 21254: "21k", 216577: "217k", 999_499: "999k", 999_500: "1.0M", 1_234_567: "1.2M"} {
		if got := roughly(n); got != want {
			t.Errorf("roughly(%d) = %q; want %q", n, got, want)
		}
	}
}

// cutWord reports whether line has a word cut with an ellipsis: a "…"
// that ends a word, but not one ending a system's name of ds cut as the
// explorer cuts names ("JDExplore…", [nameCut]), nor one in the middle of
// a name abbreviated ("JDExp…cademy"), nor one standing alone for more
// (the lists of lines).
func cutWord(line string, ds *model.Dataset) bool {
	for _, f := range strings.Fields(line) {
		if strings.HasSuffix(f, "…") && f != "…" && !nameCut(f, ds) {
			return true
		}
	}
	return false
}

// nameCut reports whether word is a system's name of ds cut as
// [render.CutName] cuts it beside the other names, to the word's width or
// a little more (a wide character that does not fit leaves its cells
// empty: "漢字システム-2" cut to 12 cells is "漢字システ…", 11).
func nameCut(word string, ds *model.Dataset) bool {
	names := make([]string, len(ds.Systems))
	for i, s := range ds.Systems {
		names[i] = s.Name
	}
	for _, name := range names {
		for w := render.Cells(word); w < render.Cells(name); w++ {
			if render.CutName(name, w, names...) == word {
				return true
			}
		}
	}
	return false
}

// TestCutWordNames: cutWord excuses a system's name only as the explorer
// cuts it, so a word cut with "…" that merely starts like a name is still
// caught: the start of a name whose end tells it from another
// ("Online-W…", which the explorer cuts in its middle) or a name that
// fits whole ("fluent…").
func TestCutWordNames(t *testing.T) {
	ds := demoDataset(t)
	ds.Systems[0].Name, ds.Systems[1].Name, ds.Systems[2].Name = "Online-W-2022", "Online-W-2023", "JDExploreAcademy"
	for line, want := range map[string]bool{
		"vs JDExplore… on 419 segments": false, // cut at its end, as names are
		"vs Onli…2022 on 419 segments":  false, // cut in its middle
		"vs Online-W… on 419 segments":  true,  // reads as either system
		"vs Online-W-2022… on 419":      true,
		"vs JDExploreAcademy… on 419":   true,
		"vs JD on 419 segme…":           true,
	} {
		if got := cutWord(line, ds); got != want {
			t.Errorf("cutWord(%q) = %v; want %v", line, got, want)
		}
	}
}

// TestAnalysisNotesFit: the note under the title is said in fewer words
// rather than cut, from 60 columns on, with a filter too (a user saw
// "LT22 loses most in <10: -14.28 vs JDExp…cademy on 419 segme…" and
// "each segment's sentence BLEU a… whole corpus, not the filter" at 60).
func TestAnalysisNotesFit(t *testing.T) {
	ds := longNames(t)
	for _, w := range []int{60, 80, 100, 120} {
		for i, frame := range anaFrames(t, ds, w, max(16, w/4)) {
			if note := strings.Split(frame, "\n")[1]; cutWord(note, ds) {
				t.Errorf("%d columns, frame %d: the note is cut: %q", w, i, note)
			}
		}
	}
	m := filterBy(t, ready(t, ds, 60, 16), "the")
	m = press(t, openAnalysisScreen(t, m), "left")
	if note := strings.Split(ansi.Strip(m.View()), "\n")[1]; cutWord(note, ds) || !strings.Contains(note, "whole corpus") {
		t.Errorf("60 columns, the wins under a filter: the note is cut or does not say the tables are of the whole corpus: %q", note)
	}
}

// TestAnalysisSalientNoteApart: under a filter the salient table's note,
// cut when no form fits beside "whole corpus", stays two cells apart from
// it, as every note does (a user saw "… · − by Online-W whole corpus" at
// 60 columns, one space between, read as one).
func TestAnalysisSalientNoteApart(t *testing.T) {
	ds := longNames(t)
	for _, pre := range [][]string{{"p"}, {"tab", "p"}, {"tab", "tab", "p"}} {
		for _, shown := range []int{0, 1, 2} {
			m := openAnalysisScreen(t, filterBy(t, press(t, ready(t, ds, 60, 16), pre...), "the"))
			for range shown {
				m = press(t, m, "tab")
			}
			if x := m.anaCtx(); x.sys == x.other {
				continue // the baseline shown: no salient table
			}
			for m.ana.mode != anaSalient {
				m = press(t, m, "m")
			}
			for w := 60; w <= 70; w++ {
				next, _ := m.Update(tea.WindowSizeMsg{Width: w, Height: 16})
				m = next.(Model)
				note := strings.Split(ansi.Strip(m.View()), "\n")[1]
				if i := strings.Index(note, "whole corpus"); i < 0 || !strings.HasPrefix(note, "+ ") || !strings.HasSuffix(note[:i], "  ") {
					t.Errorf("%v, %d tabs, %d columns: note %q; want the salient note, two cells, then whole corpus", pre, shown, w, note)
				}
			}
		}
	}
}

// TestAnalysisNoteWideNames: with emoji and Indic script in the systems'
// names (drawn in more cells by some terminals than by others), the
// buckets' title and the note under it are said in fewer words rather
// than cut, and the note's right end (the settings from 100 columns, the
// filter's warning) stands whole at the end, at every width from 60
// columns (measured with lipgloss.Width, the note was cut where a shorter
// form fitted, and the line came out wider than the window, so that its
// right end was cut: "tok:13a case:mixed N=4…"; the title's tab strip
// likewise: "[bucke…").
func TestAnalysisNoteWideNames(t *testing.T) {
	ds := demoDataset(t)
	ds.Systems[0].Name = "🇩🇪👩\u200d💻-NMT"
	ds.Systems[1].Name = "क्षत्रिय-MT-👍🏽"
	for _, filter := range []string{"", "the"} {
		for _, w := range []int{60, 61, 65, 70, 80, 99, 100, 101, 105, 109, 110, 111, 120, 130} {
			m := ready(t, ds, w, 30)
			if filter != "" {
				m = filterBy(t, m, filter)
			}
			m = press(t, openAnalysisScreen(t, m), "tab", "right")
			x := m.anaCtx()
			if !strings.Contains(m.View(), "[10,20)") {
				t.Fatalf("%d columns: not on the buckets table:\n%s", w, m.View())
			}
			lines := strings.Split(ansi.Strip(m.View()), "\n")
			if title := lines[0]; cutWord(title, ds) || !render.Fits(title, w) {
				t.Errorf("%d columns, filter %q: the title is cut or does not fit: %q", w, filter, title)
			}
			note := lines[1]
			if filter == "" && !strings.Contains(note, "NMT") { // (beside the filter's warning the note may leave the names out)
				t.Fatalf("%d columns, filter %q: the note does not name the baseline: %q", w, filter, note)
			}
			if cutWord(note, ds) || !render.Fits(note, w) {
				t.Errorf("%d columns, filter %q: the note is cut or does not fit: %q", w, filter, note)
			}
			rights, fewer := m.ana.noteRights(x)
			if !hasSuffixOf(note, append(rights, fewer)) {
				t.Errorf("%d columns, filter %q: the note does not end in one of %q: %q", w, filter, append(rights, fewer), note)
			}
		}
	}
}

// TestAnalysisKeepsAsideAndSettings: the bucket table's note says
// behind whom the shown system is furthest behind, where and by how much,
// at every width from 60 columns; its aside on a smaller bucket further
// behind gives way first (in fewer words, then with its figure alone),
// never saying "worse" for a figure, and is kept from 80 columns; from
// 100 columns the settings are kept too (a user test saw the aside
// dropped with no trace at 80 columns, and the settings dropped for it at
// 120; a new user's pass saw "furthest behind in <10: -14.28 on 419 segs
// (>=60: worse)" at 60, not saying behind whom).
func TestAnalysisKeepsAsideAndSettings(t *testing.T) {
	for _, keys := range [][]string{{"right"}, {"tab", "right"}} { // JDExploreAcademy the baseline, then LT22
		for _, w := range []int{60, 65, 70, 75, 80, 90, 100, 110, 120, 160} {
			m := openAnalysisScreen(t, ready(t, longNames(t), w, 30))
			m = press(t, m, keys...)
			x := m.anaCtx()
			if x.sys == x.other || x.sys > 1 || x.other > 1 {
				t.Fatalf("shown %d baseline %d; want LT22 and JDExploreAcademy", x.sys, x.other)
			}
			bucket := func(label string, rows int, score float64) model.Bucket {
				return model.Bucket{Label: label, Rows: make([]int, rows), Result: scoring.Result{Score: score}}
			}
			for s := range m.ana.der.buckets {
				m.ana.der.buckets[s] = []model.Bucket{bucket("<10", 419, 50.85), bucket("[10,20)", 837, 48.77), bucket(">=60", 9, 36)}
			}
			m.ana.der.buckets[x.sys] = []model.Bucket{bucket("<10", 419, 36.57), bucket("[10,20)", 837, 41.59), bucket(">=60", 9, 19.48)}
			note := strings.Split(ansi.Strip(m.View()), "\n")[1]
			how := fmt.Sprintf("%d columns, baseline %s", w, x.c.systemName(x.other))
			if !strings.Contains(note, "furthest behind "+m.c.shortName(x.other)+" in <10: -14.28 on 419 seg") || cutWord(note, m.c.ds) {
				t.Errorf("%s: the note does not say behind whom, where and by how much, or is cut: %q", how, note)
			}
			if _, aside, ok := strings.Cut(note, "(>=60: "); ok && !strings.HasPrefix(aside, "-16.52") || w >= 80 && !strings.Contains(note, "(>=60: -16.52 on ") {
				t.Errorf("%s: the aside on >=60 lost its figures: %q", how, note)
			}
			if set := settingsLabel(m.c.shown()); w >= 100 && !strings.HasSuffix(note, " "+set) {
				t.Errorf("%s: the note lost the settings %q: %q", how, set, note)
			}
		}
	}
}

// TestAnalysisFilterKeepsSettings: under a filter the note line says the
// tables are of the whole corpus and, from 100 columns, still gives the
// settings (lowercasing with l shows), each in fewer words when need be,
// and the note is not cut for them (a user test saw "whole corpus, not
// the filter" take the settings' place, and "each segment's sentence
// BLEU a… whole corpus, not the filter" at 60 columns).
func TestAnalysisFilterKeepsSettings(t *testing.T) {
	ds := longNames(t)
	for _, w := range []int{60, 80, 100, 120} {
		m := filterBy(t, ready(t, ds, w, max(16, w/4)), "the")
		m = press(t, openAnalysisScreen(t, m), "l")
		if !m.c.shown().Corpus.Lowercase || !m.ana.baseFresh(m.anaCtx()) {
			t.Fatalf("%d columns: l did not rescore lowercased and recount", w)
		}
		for _, k := range []string{"", "m", "m", "m", "right", "m", "right"} {
			if k != "" {
				m = press(t, m, k)
			}
			note := strings.Split(ansi.Strip(m.View()), "\n")[1]
			if !strings.Contains(note, "whole corpus") || cutWord(note, ds) {
				t.Errorf("%d columns after %q: the note is cut or does not say the tables are of the whole corpus: %q", w, k, note)
			}
			if w >= 100 && !strings.HasSuffix(note, " "+settingsLabel(m.c.shown())) {
				t.Errorf("%d columns after %q: the settings are not shown: %q", w, k, note)
			}
		}
	}
	lc := model.DefaultSettings()
	lc.Corpus.Lowercase = true
	if got := settingsLabel(lc); got != "13a lc N=4 exp" {
		t.Errorf("settingsLabel = %q", got)
	}
	lc.Corpus.Compat, lc.Corpus.NLTK.Smoothing.Method = scoring.CompatNLTK, 7
	if got := settingsLabel(lc); got != "13a lc N=4 nltk m7" {
		t.Errorf("settingsLabel in nltk compat = %q", got)
	}
}

// hasSuffixOf reports whether s ends in one of forms.
func hasSuffixOf(s string, forms []string) bool {
	return slices.ContainsFunc(forms, func(f string) bool { return strings.HasSuffix(s, f) })
}

// TestFootersDropWholeHints: the analysis screen's footers and the main
// screen's leave out whole hints, the last first, never cutting one, at
// every width from 60 columns; the analysis footers keep esc (the way
// back: a review saw it left out below 83 columns) and ←→ (a user test
// saw "tab s…" at 60 columns, "tab syste…" at 80 and "· e…" at 100; the
// main footer cut "1-9 orde…" at 70, as help's short view adds a hint
// that does not fit when its " …" would not either).
func TestFootersDropWholeHints(t *testing.T) {
	ds := longNames(t)
	last := func(m Model) string {
		lines := strings.Split(ansi.Strip(m.View()), "\n")
		return lines[len(lines)-1]
	}
	for w := 60; w <= 130; w++ {
		m := press(t, ready(t, ds, w, 16), "j") // j: the input warnings' line gives way to the keys
		if f := last(m); cutWord(f, ds) || !strings.HasPrefix(f, "? help") {
			t.Errorf("main screen, %d columns: footer %q", w, f)
		}
		m = openAnalysisScreen(t, m)
		for table := range numAnaTables {
			if f := last(m); cutWord(f, ds) || !strings.Contains(f, "←→ table") || !strings.Contains(f, "esc back") {
				t.Errorf("analysis, %s, %d columns: footer %q", anaTableNames[table], w, f)
			}
			m = press(t, m, "right")
		}
	}
}

// TestOtherFootersDropWholeHints: the footers of the zoomed pane, the
// ledger, the comparison, the walk-through, the help and the charts leave
// out whole hints as the main one does, never cutting one (at 60 columns
// the ledger's said "0 all ord…", the comparison's "T b…", the
// walk-through's "pgd…"; at 70 the zoomed pane's "x ledger ·…").
func TestOtherFootersDropWholeHints(t *testing.T) {
	ds := demoDataset(t)
	for w := 60; w <= 110; w++ {
		base := press(t, ready(t, ds, w, 24), "j")
		for _, k := range []string{"enter", "x", "B", "e", "?", "h"} {
			m := press(t, base, k)
			lines := strings.Split(ansi.Strip(m.View()), "\n")
			if f := lines[len(lines)-1]; cutWord(f, ds) {
				t.Errorf("%d columns, after %s: footer %q", w, k, f)
			}
		}
	}
	if got := fitKeyLine("esc back · ↑↓ system · p pin base", 30); got != "esc back · ↑↓ system …" {
		t.Errorf("fitKeyLine = %q", got)
	}
}

// TestAnalysisTitleLongShownName: with long names for the shown system
// and the baseline, the n-gram titles, salient ones too, are never cut and
// keep their count from 60 columns (a review saw "Onlin…A-2022 · matched
// 1–4-grams · 200 of 1,6…" and "… vs Onlin…B-2022 · salient 1–4-gr…").
func TestAnalysisTitleLongShownName(t *testing.T) {
	ds := demoDataset(t)
	for i, name := range []string{"Online-A-2022-submission", "Online-B-2022-submission", "Online-C-2022-submission"} {
		ds.Systems[i].Name = name
	}
	for w := 60; w <= 130; w += 5 {
		m := openAnalysisScreen(t, ready(t, ds, w, 16))
		for _, k := range []string{"", "m", "m", "m", "1", "m", "0"} {
			if k != "" {
				m = press(t, m, k)
			}
			title := strings.SplitN(ansi.Strip(m.View()), "\n", 2)[0]
			if cutWord(title, ds) {
				t.Errorf("%d columns, %s, order %d: title cut: %q", w, m.ana.mode, m.ana.order, title)
			}
			if m.ana.mode == anaSalient {
				continue
			}
			if r := m.ana.ranksOf(m.anaCtx()); r.held != "" &&
				!strings.Contains(title, r.held) && !strings.Contains(title, r.short) {
				t.Errorf("%d columns, %s, order %d: title %q lacks %q", w, m.ana.mode, m.ana.order, title, r.held)
			}
		}
	}
}

// TestAnalysisNGramTableNamesSystem: the n-gram tables of one system's
// counts name that system at every width from 60 columns, in the n-gram
// column's head, as the title and the explorer's other places cut names
// (a user saw "missed 1–4-grams · top 200 of 121,756 · 1–26" at 60
// columns, with nothing on the screen saying whose n-grams they were).
func TestAnalysisNGramTableNamesSystem(t *testing.T) {
	for _, ds := range []*model.Dataset{longNames(t), synthDataset(t, 2000)} {
		names := make([]string, len(ds.Systems))
		for i, s := range ds.Systems {
			names[i] = s.Name
		}
		for w := 60; w <= 130; w += 5 {
			m := openAnalysisScreen(t, ready(t, ds, w, 16))
			for _, k := range []string{"", "m", "tab", "1", "tab", "m", "0", "tab"} {
				if k != "" {
					m = press(t, m, k)
				}
				if m.ana.mode == anaSalient {
					t.Fatalf("%d columns: keys reached the salient table", w)
				}
				head := strings.Split(ansi.Strip(m.View()), "\n")[2]
				shown := names[m.anaCtx().sys]
				want := m.c.shortName(m.anaCtx().sys) + " " + m.ana.mode.String() + " · first lines"
				if !strings.HasSuffix(head, "  "+want) || want != shown+" "+m.ana.mode.String()+" · first lines" && !nameCut(m.c.shortName(m.anaCtx().sys), ds) {
					t.Errorf("%d columns, %s, order %d: head %q does not end %q, naming %s", w, m.ana.mode, m.ana.order, head, want, shown)
				}
			}
		}
	}
}

// TestAnalysisSalientOnBaselineFits: in salient mode with the shown system
// as the baseline, the line saying what to do is said in fewer words
// rather than cut, from 60 columns on (a user saw "LT22 is the baseline:
// tab shows another system, w picks ano…" at 60×16).
func TestAnalysisSalientOnBaselineFits(t *testing.T) {
	ds := longNames(t)
	for _, w := range []int{60, 61, 70, 80, 100} {
		m := press(t, openAnalysisScreen(t, ready(t, ds, w, 16)), "m", "m", "m", "p")
		var line string
		for _, l := range strings.Split(ansi.Strip(m.View()), "\n") {
			if strings.Contains(l, "baseline: tab") {
				line = l
			}
		}
		if line == "" || strings.Contains(line, "…") || !render.Fits(line, w) {
			t.Errorf("%d columns: the line on the baseline is missing, cut or too wide: %q\n%s", w, line, ansi.Strip(m.View()))
		}
	}
}

// TestBucketNoRefLabel: the bucket of segments with no reference tokens
// is labelled as SPEC and `bleuscope buckets` label it, "no reference
// tokens", in a window with room for it, else in fewer letters ("no ref
// tokens"), whole and with every line fitting from 60 columns on; before,
// the table's 9-cell column always said "r = 0". (The demo corpus with
// one segment's references emptied, as the table leaves the bucket out
// while it holds none.)
func TestBucketNoRefLabel(t *testing.T) {
	ds := noRefDemo(t, 2)
	for w := 60; w <= 200; w++ {
		m := press(t, openAnalysisScreen(t, ready(t, ds, w, 30)), "right", "m")
		if m.ana.table != anaBuckets || m.ana.bucketBy() != model.ByLengthRatio {
			t.Fatalf("%d columns: table %v by %v; want the buckets by length ratio", w, m.ana.table, m.ana.bucketBy())
		}
		label := ""
		for _, line := range strings.Split(m.View(), "\n") {
			if !render.Fits(line, w) {
				t.Errorf("%d columns: line of %d cells: %q", w, render.Cells(line), ansi.Strip(line))
			}
			if l := ansi.Strip(line); strings.HasPrefix(l, " no") || strings.HasPrefix(l, " r =") {
				label, _, _ = strings.Cut(strings.TrimSpace(l), "  ") // before its count, 1
			}
		}
		if label != model.NoRefLabel && (w >= 80 || label != "no ref tokens") {
			t.Errorf("%d columns: the no-reference bucket is labelled %q; want %q (\"no ref tokens\" below 80 columns)", w, label, model.NoRefLabel)
		}
	}
}

// TestAnalysisSettingsOneWording: every analysis table words its settings
// the same way at every width that shows them (a user saw "tok:13a
// case:mixed N=4 smooth:exp" over the n-grams and "13a mixed N=4 exp"
// over the buckets, on one screen).
func TestAnalysisSettingsOneWording(t *testing.T) {
	for _, w := range []int{100, 120, 160} {
		m := openAnalysisScreen(t, ready(t, longNames(t), w, 30))
		for _, k := range []string{"", "right", "right"} {
			if k != "" {
				m = press(t, m, k)
			}
			note := strings.Split(ansi.Strip(m.View()), "\n")[1]
			if !strings.HasSuffix(note, "  13a mixed N=4 exp") || strings.Contains(note, "tok:") {
				t.Errorf("%d columns, table %d: note %q; want it to end in the settings as \"13a mixed N=4 exp\"", w, m.ana.table, note)
			}
		}
	}
}

// TestAnalysisCountsWrittenAlike: every n-gram table, salient included,
// writes how many n-grams its ranking has whole ("top 200 of 21,254"),
// never in thousands ("21k"), at every width from 60 columns, on a
// corpus whose rankings have more than 10,000 n-grams (and fewer than a
// million, whose whole count a title at 60 columns has room for). A
// user saw "top 200 of 21k" on the salient table at 100 columns where
// the others said "top 200 of 101,820".
func TestAnalysisCountsWrittenAlike(t *testing.T) {
	rough := regexp.MustCompile(`of [0-9.]+[kM]\b`)
	big := 0
	for _, w := range []int{60, 61, 70, 80, 90, 100, 110, 120, 130} {
		m := openAnalysisScreen(t, ready(t, synthDataset(t, 2000), w, 16))
		for _, k := range []string{"", "m", "m", "m", "1"} { // missed, over, matched, salient, salient of order 1
			if k != "" {
				m = press(t, m, k)
			}
			title := strings.SplitN(ansi.Strip(m.View()), "\n", 2)[0]
			r := m.ana.ranksOf(m.anaCtx())
			if r.whole == "" {
				t.Fatalf("%d columns, %s, order %d: the table holds every n-gram; the test wants a ranking cut", w, m.ana.mode, m.ana.order)
			}
			if r.whole != r.short {
				big++
			}
			if rough.MatchString(title) || !strings.Contains(title, r.whole) && !strings.Contains(title, r.held) {
				t.Errorf("%d columns, %s, order %d: title %q; want it to say %q", w, m.ana.mode, m.ana.order, title, r.whole)
			}
		}
	}
	if big == 0 {
		t.Error("no ranking had 10,000 n-grams or more: the test wants counts that could be written in thousands")
	}
}

// TestAnalysisSalientTitleNamesPair: the salient table's title names both
// systems it compares, or neither (the note and the head name both), never
// one alone: at 80 columns a user saw "LT22 · salient 1–4-grams · top 200
// of 25,244 · rows 90–109" over a table of LT22 against JDExploreAcademy,
// read as LT22's n-grams. At 80 columns it names both, giving up the rows
// in view (the cursor's mark shows where it is) rather than the count.
// The note under it names them whole where that fits: at 60 columns it read
// "+ matched far more by LT22 · − by JDExploreAc…" with room for the name.
func TestAnalysisSalientTitleNamesPair(t *testing.T) {
	ds := longNames(t)
	names := []string{"LT22", "JDExploreAcademy", "Online-W-submission-2022"}
	named := 0
	for _, pre := range [][]string{nil, {"tab"}, {"tab", "tab"}} {
		m := openAnalysisScreen(t, press(t, ready(t, ds, 80, 24), pre...))
		for m.ana.mode != anaSalient {
			m = press(t, m, "m")
		}
		x := m.anaCtx()
		if !salientPair(x) {
			continue // the baseline shown: no pair
		}
		a, b := m.c.systemName(x.sys), m.c.systemName(x.other)
		for w := 60; w <= 130; w += 2 {
			next, _ := m.Update(tea.WindowSizeMsg{Width: w, Height: 24})
			m = next.(Model)
			lines := strings.Split(ansi.Strip(m.View()), "\n")
			title, note := lines[0], lines[1]
			sa, sb := m.c.shortName(x.sys), m.c.shortName(x.other)
			hasA, hasB := strings.HasPrefix(title, sa+" vs ") || strings.Contains(title, "· "+sa+" vs "), strings.Contains(title, " vs "+sb+" · ")
			for _, n := range names {
				if n != a && n != b && strings.Contains(title, n) {
					t.Errorf("%d columns: title %q names %s, not compared", w, title, n)
				}
			}
			if hasA != hasB || !hasA && (strings.Contains(title, sa+" ·") || strings.Contains(title, sb+" ·")) {
				t.Errorf("%d columns, %s vs %s: title %q; want both names or neither", w, a, b, title)
			}
			if hasA {
				named++
			}
			if w == 80 && render.Cells(a+b) <= 20 && !hasA {
				t.Errorf("80 columns, %s vs %s: title %q; want it to name both", a, b, title)
			}
			if r := m.ana.ranksOf(m.anaCtx()); r.whole != "" && !strings.Contains(title, r.whole) && !strings.Contains(title, r.short) && !strings.Contains(title, r.held) {
				t.Errorf("%d columns: title %q lacks the count %q", w, title, r.whole)
			}
			if want := "+ matched far more by " + a + " · − by " + b; render.Fits(want, w) && !strings.Contains(note, a) {
				t.Errorf("%d columns: note %q; want %s whole, as in %q", w, note, a, want)
			}
			if want := "+ matched far more by " + a + " · − by " + b; render.Fits(want, w) && !strings.Contains(note, b) {
				t.Errorf("%d columns: note %q; want %s whole, as in %q", w, note, b, want)
			}
		}
	}
	if named == 0 {
		t.Error("no title named the pair: the test wants some")
	}
}
