package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// lastLine is the footer of a view.
func lastLine(v string) string {
	lines := strings.Split(v, "\n")
	return ansi.Strip(lines[len(lines)-1])
}

// TestInputWarningsShown: the first screen says the input has warnings
// and which key lists them; the key lists every one; the help names it.
func TestInputWarningsShown(t *testing.T) {
	ds := loadJSONL(t,
		`{"refs": ["the cat sat on the mat"], "hyps": {"bpe": "the c@@ at sat on the mat", "ok": "the cat sat"}}`,
		`{"refs": ["a dog ran"], "hyps": {"bpe": "", "ok": "a dog ran"}}`,
	)
	if len(ds.Warnings) < 2 {
		t.Fatalf("the dataset has warnings %q; the test needs two or more", ds.Warnings)
	}
	m := ready(t, ds, 200, 40)
	if f := lastLine(m.View()); !strings.HasPrefix(ansi.Strip(f), "? help") || !strings.Contains(f, "input warnings") || !strings.Contains(f, "!") || !strings.Contains(f, ds.Warnings[0][:30]) {
		t.Errorf("the first screen's footer is %q; want it to give the help key, name the input warnings, their key and the first", f)
	}
	list := press(t, m, "!")
	v := ansi.Strip(list.View())
	flat := strings.Join(strings.Fields(v), " ")
	for _, w := range ds.Warnings {
		if !strings.Contains(flat, strings.Join(strings.Fields(w), " ")) {
			t.Errorf("the warnings screen leaves out %q:\n%s", w, v)
		}
	}
	if !strings.Contains(v, "input warnings") { // every one is about the input
		t.Errorf("the warnings screen is not titled input warnings:\n%s", v)
	}
	checkFit(t, "warnings", list.View(), 200, 40)
	if back := press(t, list, "esc"); back.screen != screenMain {
		t.Error("esc does not close the warnings screen")
	}
	if h := ansi.Strip(press(t, m, "?").View()); !strings.Contains(h, "input warnings") {
		t.Errorf("the help does not list the warnings key:\n%s", h)
	}
	for _, size := range [][2]int{{60, 16}, {80, 24}} {
		small := press(t, ready(t, ds, size[0], size[1]), "!")
		checkFit(t, "warnings", small.View(), size[0], size[1])
	}
}

// TestTokenizerWarningFollowsTokenizer: the warning about the tokenizer
// is listed while the tokenizer does not suit the references, and comes
// back (in the status line too) when one that does not suit is chosen
// again.
func TestTokenizerWarningFollowsTokenizer(t *testing.T) {
	ds := loadJSONL(t,
		`{"refs": ["我喜欢猫和狗，也喜欢鸟。"], "hyps": {"sys": "我喜欢猫和狗。"}}`,
		`{"refs": ["今天天气很好，我们去公园散步吧。"], "hyps": {"sys": "今天天气很好。"}}`,
	)
	tw := ds.TokenizerWarning("13a")
	if tw == "" || len(ds.Warnings) != 0 {
		t.Fatalf("TokenizerWarning(13a) = %q, Warnings = %q; the test needs only a tokenizer warning", tw, ds.Warnings)
	}
	m := ready(t, ds, 200, 40)
	if f := lastLine(m.View()); !strings.Contains(f, tw[:40]) {
		t.Errorf("with 13a the first screen's footer is %q; want the tokenizer warning", f)
	}
	listed := func(m Model) bool {
		v := strings.Join(strings.Fields(ansi.Strip(press(t, m, "!").View())), " ")
		return strings.Contains(v, tw[:40])
	}
	if !listed(m) {
		t.Error("with 13a the warnings screen does not list the tokenizer warning")
	}
	for m.c.set.Corpus.Tokenize != "zh" {
		m = press(t, m, "t")
	}
	if listed(m) || m.c.keys.Warnings.Enabled() {
		t.Error("with zh the tokenizer warning is still listed, or the key still enabled")
	}
	if got := press(t, m, "!").statusText(); !strings.HasPrefix(got, "no input warnings") {
		t.Errorf("! without warnings says %q; want that there are none", got)
	}
	for m.c.set.Corpus.Tokenize != "13a" {
		m = press(t, m, "t")
	}
	if f := lastLine(m.View()); !strings.Contains(f, "references are mostly") {
		t.Errorf("back to 13a the footer is %q; want the tokenizer warning again", f)
	}
	if !listed(m) {
		t.Error("back to 13a the warnings screen does not list the tokenizer warning")
	}
}

// TestWarningsNoteFitsTheWarnings: the warnings screen says the scores
// are computed on the text as it is only when a warning is about the
// text; a seed's warning alone, about how the explorer was started, no
// longer ends with it.
func TestWarningsNoteFitsTheWarnings(t *testing.T) {
	const text = "computed on the text as it is"
	clean := loadJSONL(t,
		`{"refs": ["the cat sat on the mat"], "hyps": {"sys": "the cat sat"}}`,
		`{"refs": ["a dog ran"], "hyps": {"sys": "a dog ran"}}`,
	)
	if len(clean.Warnings) != 0 || clean.TokenizerWarning("13a") != "" {
		t.Fatalf("the dataset has warnings %q; the test needs none", clean.Warnings)
	}
	m := New(clean, model.DefaultSettings(), WithStartWarning("SACREBLEU_SEED 'x' is not a number: seed 12345 used"))
	next, _ := m.Update(tea.WindowSizeMsg{Width: 120, Height: 30})
	m = drive(t, next.(Model), next.(Model).Init())
	v := strings.Join(strings.Fields(ansi.Strip(press(t, m, "!").View())), " ")
	if !strings.Contains(v, "seed 12345 used") || strings.Contains(v, text) {
		t.Errorf("with only the seed's warning the warnings screen reads\n%s\nwant the warning without %q", v, text)
	}
	bpe := loadJSONL(t,
		`{"refs": ["the cat sat on the mat"], "hyps": {"bpe": "the c@@ at sat on the mat"}}`,
	)
	if v := strings.Join(strings.Fields(ansi.Strip(press(t, ready(t, bpe, 120, 30), "!").View())), " "); !strings.Contains(v, text) {
		t.Errorf("with a warning about the text the warnings screen lacks %q:\n%s", text, v)
	}
}

// TestWarningsKeyHelpFitsTheWarnings: the help names the ! key's list as
// its screen's title does, "warnings" when a bad seed's is listed, which
// is not about the input, and "input warnings" when every one is; before,
// the help said "input warnings" over the seed's warning alone.
func TestWarningsKeyHelpFitsTheWarnings(t *testing.T) {
	clean := loadJSONL(t,
		`{"refs": ["the cat sat on the mat"], "hyps": {"sys": "the cat sat"}}`,
	)
	m := New(clean, model.DefaultSettings(), WithStartWarning("SACREBLEU_SEED 'x' is not a number: seed 12345 used"))
	next, _ := m.Update(tea.WindowSizeMsg{Width: 120, Height: 30})
	m = drive(t, next.(Model), next.(Model).Init())
	if h := ansi.Strip(press(t, m, "?").View()); strings.Contains(h, "input warnings") || !regexp.MustCompile(`!\s+warnings`).MatchString(h) {
		t.Errorf("with only the seed's warning the help reads\n%s\nwant ! described as warnings, not input warnings", h)
	}
	bpe := loadJSONL(t,
		`{"refs": ["the cat sat on the mat"], "hyps": {"bpe": "the c@@ at sat on the mat"}}`,
	)
	if h := ansi.Strip(press(t, ready(t, bpe, 120, 30), "?").View()); !regexp.MustCompile(`!\s+input warnings`).MatchString(h) {
		t.Errorf("with a warning about the text the help does not call them input warnings:\n%s", h)
	}
}

// TestWarningLineCutsNoNumber: the first screen's warning line, cut to
// the footer, drops a line number it cannot show whole instead of showing
// part of it: at 60 columns it read "mqm_ted_zhen.tsv:962…" of line 9622.
func TestWarningLineCutsNoNumber(t *testing.T) {
	clean := loadJSONL(t,
		`{"refs": ["the cat sat on the mat"], "hyps": {"sys": "the cat sat"}}`,
	)
	const warning = `corpora/mqm_ted_zhen.tsv:9622: a "<v>" is never closed; the span runs to the end of the text`
	part := regexp.MustCompile(`:(9|96|962)…$`)
	for w := 60; w <= 120; w++ {
		m := New(clean, model.DefaultSettings(), WithStartWarning(warning))
		next, _ := m.Update(tea.WindowSizeMsg{Width: w, Height: 16})
		m = drive(t, next.(Model), next.(Model).Init())
		f := strings.TrimRight(lastLine(m.View()), " ")
		if part.MatchString(f) {
			t.Errorf("%d×16: footer %q; want line 9622 whole or left out", w, f)
		}
		if !strings.Contains(f, "corpora/mqm_ted") {
			t.Errorf("%d×16: footer %q; want the warning's start", w, f)
		}
	}
}
