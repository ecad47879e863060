package ui

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bleuscope/bleuscope/model"
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
	if strings.ContainsAny(m.status, "\x1b\x07") || strings.ContainsAny(m.View(), "\x1b\x07") {
		t.Errorf("raw control characters in the status: %q", m.status)
	}
	if !strings.Contains(m.View(), "␛]2;owned") {
		t.Errorf("the escape is not shown as text:\n%s", m.View())
	}
}
