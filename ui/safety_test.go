package ui

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/model/annotations"
	"github.com/bleuscope/bleuscope/ui/render"
	tea "github.com/charmbracelet/bubbletea"
)

// loadJSONL loads a dataset from JSONL records.
func loadJSONL(t *testing.T, records ...string) *model.Dataset {
	t.Helper()
	fsys := fstest.MapFS{"in.jsonl": {Data: []byte(strings.Join(records, "\n") + "\n")}}
	ds, err := model.Load(model.Input{Systems: []string{"in.jsonl"}, FS: fsys})
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	return ds
}

// TestNoRawControlBytes: input text with an escape sequence, a bell and a
// bidirectional override never reaches the screen raw, on any screen.
func TestNoRawControlBytes(t *testing.T) {
	ds := loadJSONL(t,
		`{"src": "Quelle \u001b]2;owned\u0007", "refs": ["the cat \u202e sat", "a \u001b[2J cat"], "hyps": {"evil\u001b[31m": "the cat \u001b]2;owned\u0007 sat \u202e", "plain": "the cat sat"}}`,
		`{"src": "zwei", "refs": ["one two", "uno dos"], "hyps": {"evil\u001b[31m": "one two", "plain": "one"}}`,
	)
	m := ready(t, ds, 120, 40)
	m = press(t, m, ":", "1", "enter")
	for _, sc := range screens {
		v := press(t, m, sc.keys...).View()
		if strings.ContainsAny(v, "\x1b\x07\u202e") {
			t.Errorf("%s: raw control characters reach the screen: %q", sc.name, v)
		}
	}
	if v := m.View(); !strings.Contains(v, "␛]2;owned") {
		t.Errorf("the escape sequence is not shown as visible text:\n%s", v)
	}
}

// TestAbsentReferences: a segment without one of its references shows
// the references it has, under their own names.
func TestAbsentReferences(t *testing.T) {
	ds := loadJSONL(t,
		`{"src": "a", "refs": ["the cat sat", null], "hyps": {"sys": "the cat sat"}}`,
		`{"src": "b", "refs": [null, "a dog ran"], "hyps": {"sys": "a dog walked"}}`,
	)
	m := ready(t, ds, 100, 30)
	m = press(t, m, ":", "2", "enter")
	v := m.View()
	in := ds.Segment(0, 1)
	if len(in.Refs) != 1 || len(in.RefLabels) != 1 || in.RefLabels[0] != model.RefLabels(ds.RefNames)[1] {
		t.Errorf("segment 2: refs %q named %q; want only the second reference", in.Refs, in.RefLabels)
	}
	checkFit(t, "absent refs", v, 100, 30)
}

// TestOneSystem: with a single system there is no delta column, and the
// keys about systems explain themselves instead of failing.
func TestOneSystem(t *testing.T) {
	ds := loadJSONL(t,
		`{"src": "a", "refs": ["the cat sat"], "hyps": {"only": "the cat sat"}}`,
		`{"src": "b", "refs": ["a dog ran"], "hyps": {"only": "a dog walked"}}`,
	)
	m := ready(t, ds, 80, 24)
	if strings.Contains(m.View(), " Δ ") || m.list.view.Other != -1 {
		t.Error("a single system shows a delta column")
	}
	for _, k := range []string{"tab", "v", "w"} {
		m = press(t, m, k)
		checkFit(t, "one system after "+k, m.View(), 80, 24)
	}
	if m.pane.compare {
		t.Error("compare view opened with one system")
	}
}

// TestNoSystems: a dataset without systems shows a line saying so, and
// no key makes it fail.
func TestNoSystems(t *testing.T) {
	m := ready(t, &model.Dataset{}, 80, 24)
	for _, k := range []string{"j", "tab", "t", "/", "a", "enter", "esc", "x", "e", "L", "?", "esc", "v", "o", "s", "+", "c", "m"} {
		m = press(t, m, k)
		checkFit(t, "no systems after "+k, m.View(), 80, 24)
	}
	if v := press(t, m, "esc", "esc").View(); !strings.Contains(v, "no system output") {
		t.Errorf("view = %q; want it to say there is no system output", v)
	}
}

// TestFlashEscapes: a status line is escaped however it was made, so a
// name or an error quoting text from a file never reaches the screen raw.
func TestFlashEscapes(t *testing.T) {
	m := ready(t, demoDataset(t), 100, 30)
	m.flash("the cdot typology has no segment score: \x1b]2;owned\x07")
	if strings.ContainsAny(m.statusText(), "\x1b\x07") || strings.ContainsAny(m.View(), "\x1b\x07") {
		t.Errorf("raw control characters in the status: %q", m.statusText())
	}
	if !strings.Contains(m.View(), "␛]2;owned") {
		t.Errorf("the escape is not shown as text:\n%s", m.View())
	}
}

// TestScoringErrorEscaped: a scoring error is escaped as the status is,
// on the footer's one line and on the two lines a long one takes, so an
// error that quotes the input never reaches the terminal raw; it was
// drawn as it came.
func TestScoringErrorEscaped(t *testing.T) {
	for _, msg := range []string{
		"scoring: \x1b]2;owned\x07",
		"scoring: the line \x1b]2;owned\x07 cannot be scored under these options; press c for sacrebleu's or change the smoothing",
	} {
		m, _ := ready(t, demoDataset(t), 60, 16).handleScored(scoredMsg{err: errors.New(msg)})
		if long := len(msg) > 60; (m.footerOverflow() != nil) != long {
			t.Fatalf("%q: the footer takes two lines: %v; want %v", msg, !long, long)
		}
		v := m.View()
		if strings.ContainsAny(v, "\x1b\x07") || !strings.Contains(v, "␛]2;owned") {
			t.Errorf("%q: the error is not shown escaped:\n%q", msg, v)
		}
	}
}

// TestStatusNeverRaw: every action whose status line quotes untrusted
// text shows it escaped, so the screen never carries a raw escape
// character from the input: a system's name, a reference file's name (in
// an input warning too), a rater's name, an annotation's category, and
// what a prompt holds (a query, a line, the file to export to). The
// prompts drop what is not printable as it is typed, so the test puts the
// text in them as it is, for the status's own escaping to be what is
// checked.
func TestStatusNeverRaw(t *testing.T) {
	const evil = "\x1b]2;owned\x07"
	fsys := fstest.MapFS{
		"sys" + evil + ".txt": {Data: []byte("the cat sat\none two\n")},
		"plain.txt":           {Data: []byte("the cat\none\n")},
		"ref.\x1b[1m.txt":     {Data: []byte("the cat sat\n\n")},
		"ref.b.txt":           {Data: []byte("a cat sat\nuno dos\n")},
	}
	ds, err := model.Load(model.Input{Systems: []string{"sys" + evil + ".txt", "plain.txt"}, Refs: []string{"ref.\x1b[1m.txt", "ref.b.txt"}, FS: fsys})
	if err != nil {
		t.Fatal(err)
	}
	rater := "ana" + evil
	path := filepath.Join(t.TempDir(), "ann.jsonl")
	st := openStore(t, path)
	a := annotations.Annotation{System: ds.Systems[0].Name, Line: 1, Rater: rater, Kind: annotations.KindError,
		Category: "Accuracy/Mistranslation" + evil, Severity: "Major"}
	a.SetText(ds.Systems[0].Hyps[0], "")
	if _, err := st.Add(a); err != nil {
		t.Fatal(err)
	}
	m := New(ds, model.DefaultSettings(), WithAnnotations(Annotating{Store: st, Preset: annotations.MQM(), Rater: rater}))
	next, _ := m.Update(tea.WindowSizeMsg{Width: 120, Height: 30})
	m = drive(t, next.(Model), next.(Model).Init())
	dir := filepath.Join(t.TempDir(), "folder"+evil)
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	// check fails when the screen holds a raw escape or the status does
	// not show the untrusted text as shows has it, escaped.
	check := func(what string, m Model, shows string) {
		t.Helper()
		if v := m.View(); strings.Contains(v, "\x1b") {
			t.Errorf("%s: a raw escape reaches the screen; status %q:\n%q", what, m.statusText(), v)
		}
		if !strings.Contains(m.statusText(), shows) {
			t.Errorf("%s: status %q does not show %q", what, m.statusText(), shows)
		}
	}
	// holding puts text in a prompt as it is, past what typing drops.
	holding := func(in *lineInput, text string) {
		in.value = []rune(text)
		in.pos = len(in.value)
	}
	check("the first screen's input warning", m, render.Safe("ref.\x1b[1m.txt"))
	check("pinning a system as the baseline", press(t, m, "p"), render.Safe("sys"+evil))
	check("scoring against one reference", press(t, m, "R"), render.Safe("ref \x1b[1m only"))
	check("no error on a segment with errors", press(t, m, "N"), render.Safe(rater))
	check("deleting an annotation", press(t, m, "E", "d", "y"), render.Safe(a.Category))
	q := press(t, m, "/")
	holding(&q.list.filter, "("+evil)
	wide, _ := q.Update(tea.WindowSizeMsg{Width: 200, Height: 30}) // room for a wording that quotes it
	if v := press(t, wide.(Model), "enter").View(); !strings.Contains(v, render.Safe("("+evil)) || strings.Contains(v, "\x1b]") {
		t.Errorf("a query that does not parse: the prompt and why do not show %q escaped:\n%q", render.Safe("("+evil), v)
	}
	holding(&q.list.filter, "cat:"+evil)
	check("a category no typology has", press(t, q, "enter"), render.Safe("cat:"+evil))
	j := press(t, m, ":")
	holding(&j.list.jump, evil)
	check("a line that does not exist", press(t, j, "enter"), render.Safe(evil))
	x := press(t, m, "X", "ctrl+u")
	holding(&x.exp.path, dir)
	check("an export to a folder", press(t, x, "enter"), render.Safe(dir))
	out := filepath.Join(dir, "out"+evil+".csv")
	holding(&x.exp.path, out)
	check("an export", press(t, x, "enter"), render.Safe(out))
}

// TestFileNameEscapedOnce: a control character in a reference file's name
// shows as one visible escape, the same in the status line that says R's
// choice and in the header that keeps saying it: "ref.\x07" as ref.\x07,
// never as an escape of that escape (ref.\\x07); ESC as ␛. The label is
// kept as it is and escaped where it is drawn, once.
func TestFileNameEscapedOnce(t *testing.T) {
	fsys := fstest.MapFS{
		"ref.\a\x1b[1m.txt": {Data: []byte("the cat sat\none two\n")},
		"ref.b.txt":         {Data: []byte("a cat sat\nuno dos\n")},
		"hyp.txt":           {Data: []byte("the cat\none\n")},
	}
	ds, err := model.Load(model.Input{Systems: []string{"hyp.txt"}, Refs: []string{"ref.\a\x1b[1m.txt", "ref.b.txt"}, FS: fsys})
	if err != nil {
		t.Fatal(err)
	}
	m := press(t, ready(t, ds, 120, 30), "R")
	const shown = `ref \x07␛[1m only`
	if want := "scoring against " + shown + " (R: the next)"; m.statusText() != want {
		t.Errorf("R: status %q; want %q", m.statusText(), want)
	}
	if h := m.header.View(m.c, m.list, m.jobs); !strings.Contains(h, shown) || strings.Contains(h, `\\`) {
		t.Errorf("R: the header does not say %q, escaped once:\n%s", shown, h)
	}
}
