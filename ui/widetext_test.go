package ui

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/bleuscope/bleuscope/ui/render"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

// widthTexts are texts that terminals draw wider than a grapheme count
// says: soft hyphens, Devanagari conjuncts and vowel signs, emoji with
// skin tones and joiners.
var widthTexts = []struct{ hyp, ref string }{
	{strings.Repeat("soft\u00adhyphen ", 30), strings.Repeat("soft hyphen ", 30)},
	{strings.Repeat("नमस्ते क्षत्रिय ", 12), strings.Repeat("नमस्ते क्षत्रिय मित्र ", 8)},
	{strings.Repeat("👍🏽 🧑🏿\u200d🚀 ", 25), strings.Repeat("👍🏽 🧑🏿\u200d🚀 ok ", 15)},
	{"a\u200bb\u2060c\ufeffd \u2028 ☺\ufe0f 🇺🇸 " + strings.Repeat("क्ष", 50), "a b c d ☺ " + strings.Repeat("क्ष ", 30)},
}

// widthDataset is a corpus of widthTexts with two systems.
func widthDataset(t *testing.T) []string {
	t.Helper()
	var recs []string
	for _, x := range widthTexts {
		rec := map[string]any{"src": x.ref, "refs": []string{x.ref, x.hyp}, "hyps": map[string]string{"नमस्ते👍🏽\u00ad": x.hyp, "b": x.ref}}
		b, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, string(b))
	}
	return recs
}

// codePointCells is the width a terminal that counts code points (xterm,
// tmux, VTE) draws plain s in: combining marks and format characters take
// no cell, except the soft hyphen, which tmux draws; wide characters and
// emoji take two.
func codePointCells(s string) int {
	n := 0
	for _, r := range s {
		switch {
		case r == 0x00ad:
			n++
		case unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf):
		case ansi.StringWidthWc(string(r)) == 2 || ansi.StringWidth(string(r)) == 2:
			n += 2
		default:
			n++
		}
	}
	return n
}

// TestWideTextKeepsLayout: whatever the text, every screen is exactly the
// window's height, no line is wider than the window however the terminal
// counts its cells, and the header (score, signature) stays on top.
func TestWideTextKeepsLayout(t *testing.T) {
	ds := loadJSONL(t, widthDataset(t)...)
	for _, size := range [][2]int{{60, 16}, {100, 30}, {80, 24}, {200, 50}} {
		w, h := size[0], size[1]
		base := ready(t, ds, w, h)
		for seg := 1; seg <= len(widthTexts); seg++ {
			at := press(t, base, ":", itoa(seg), "enter")
			for _, sc := range screens {
				name := fmt.Sprintf("segment %d, %s", seg, sc.name)
				v := press(t, at, sc.keys...).View()
				lines := strings.Split(v, "\n")
				if len(lines) != h {
					t.Errorf("%s at %d×%d: %d lines; want exactly %d", name, w, h, len(lines), h)
				}
				for i, l := range lines {
					plain := ansi.Strip(l)
					if cw, gw := codePointCells(plain), lipgloss.Width(l); cw > w || gw > w {
						t.Errorf("%s at %d×%d: line %d is %d cells by code point, %d by grapheme: %q", name, w, h, i+1, cw, gw, plain)
					}
				}
				if sc.name == "main" || sc.name == "compare" || sc.name == "all orders" {
					if !strings.Contains(lines[0], "BLEU ") || !strings.Contains(lines[2], "tok:13a") {
						t.Errorf("%s at %d×%d: the header (score, signature) is not on top: %q", name, w, h, lines[:3])
					}
				}
			}
		}
	}
}

// wideNames are system names that terminals draw wider than a grapheme
// count says (emoji with a skin tone and a joiner, Devanagari), or that
// every terminal draws two cells a character (CJK).
var wideNames = []struct {
	name  string
	alike bool // every terminal draws it in the same number of cells
}{
	{"漢字システム", true},
	{"नमस्ते👍🏽", false},
	{"🧑🏿\u200d🚀-sys", false},
	{"e\u0301te\u0301-क्ष", false},
}

// TestRightEndWithWideNames: a line with something at its right end (the
// header's job in flight, the analysis screen's tables, the significance
// screen's count of segments) is the window's
// width (a cell less where terminals disagree on the width of the name
// it shows, so that it fits on all of them) and ends with that part whole, whatever the
// system's name (a name with emoji cut "scoring…" to "sco…"); the
// analysis and significance titles beside it are one of their forms,
// never cut (but for the name, cut as names are).
func TestRightEndWithWideNames(t *testing.T) {
	ds := demoDataset(t)
	for _, n := range wideNames {
		ds.Systems[0].Name, ds.Systems[1].Name = n.name, n.name+"-2" // the second is the baseline
		for w := 60; w <= 130; w += 3 {
			m := ready(t, ds, w, 16)
			busy, _ := m.Update(keyMsg("l")) // the rescore stays in flight
			lines := map[string]string{
				"header":       strings.Split(busy.(Model).View(), "\n")[0],
				"significance": strings.Split(press(t, m, "B").View(), "\n")[0],
			}
			ana := openAnalysisScreen(t, m)
			for _, k := range []string{"m", "m", "right"} { // n-grams over, matched; buckets
				lines["analysis "+anaTableNames[ana.ana.table]+" "+ana.ana.mode.String()] = strings.Split(ana.View(), "\n")[0]
				ana = press(t, ana, k)
			}
			for screen, line := range lines {
				plain := ansi.Strip(line)
				// A cell less only where the name is in the line: a title
				// that left it out (to keep the rows in view) is drawn alike.
				short := 0
				if !n.alike && strings.Contains(plain, string([]rune(n.name)[:2])) {
					short = 1
				}
				if cells := render.Cells(line); render.Clip(line, w) != line || cells != w-short {
					t.Errorf("%s, %q at %d columns: %d cells; want %d, fitting every terminal: %q", screen, n.name, w, cells, w-short, plain)
				}
				if !rightEnd.MatchString(plain) {
					t.Errorf("%s, %q at %d columns: the right end is cut: %q", screen, n.name, w, plain)
				}
				if screen != "header" && cutWord(plain, ds) {
					t.Errorf("%s, %q at %d columns: the title is cut: %q", screen, n.name, w, plain)
				}
			}
		}
	}
}

// rightEnd is the whole right end of the header's first line while a job
// runs, of the analysis screen's title line (its tables) or of the
// significance screen's.
var rightEnd = regexp.MustCompile(`(scoring…|\] \d/3| wins| \d+ seg(ment)?s)$`)

// TestNGramRowsWithWideText: the n-gram table's rows list their lines in
// whole numbers and fit, when the n-grams are text that terminals draw
// wider than a grapheme count says (the list was given room by that
// count, and the row's end was cut: "12 1…").
func TestNGramRowsWithWideText(t *testing.T) {
	var recs []string
	for i := range 60 {
		ref := fmt.Sprintf("👍🏽 नमस्ते क्षत्रिय 🧑🏿\u200d🚀 漢字 %d", i)
		recs = append(recs, fmt.Sprintf(`{"refs": [%q], "hyps": {"a": "ok %d", "b": "ok"}}`, ref, i))
	}
	ds := loadJSONL(t, recs...)
	for w := 60; w <= 130; w += 10 {
		m := openAnalysisScreen(t, ready(t, ds, w, 16))
		rows := 0
		for i, l := range strings.Split(m.View(), "\n") {
			plain := ansi.Strip(l)
			if render.Clip(l, w) != l {
				t.Errorf("%d columns: line %d does not fit: %q", w, i+1, plain)
			}
			_, list, ok := strings.Cut(plain, " · ")
			if !ngramRow.MatchString(plain) || !ok {
				continue
			}
			rows++
			for _, f := range strings.Fields(list) {
				if _, err := strconv.Atoi(f); err != nil && f != "…" {
					t.Errorf("%d columns: row %d lists its lines cut: %q", w, i+1, plain)
					break
				}
			}
		}
		if rows == 0 {
			t.Errorf("%d columns: no n-gram row:\n%s", w, ansi.Strip(m.View()))
		}
	}
}

// TestKeyColumnsWithWideNames: a custom typology's category names that
// terminals draw wider than a grapheme count says stand whole in the
// category table, its columns as wide as the widest name (they were
// measured by that count, and cut: "👍🏽…").
func TestKeyColumnsWithWideNames(t *testing.T) {
	cells := []keyCell{{"a", "शब्द-क्रम"}, {"b", "👍🏽 tone"}, {"c", "🧑🏿\u200d🚀 crew"}, {"d", "Accuracy"}}
	for w := 60; w <= 130; w += 10 {
		c := ready(t, demoDataset(t), w, 16).c
		table := strings.Join(keyColumns(c, cells, 0), "\n")
		for _, e := range cells {
			if !strings.Contains(table, e.name) {
				t.Errorf("%d columns: %q is not whole in the table:\n%s", w, e.name, table)
			}
		}
	}
}

// TestJoinFirstFitForms: the fullest wording that fits goes beside the
// right part, the shortest is cut when none fits, and no wording at all
// leaves the right part alone at the edge (not a panic).
func TestJoinFirstFitForms(t *testing.T) {
	for _, c := range []struct {
		lefts []string
		width int
		want  string
	}{
		{[]string{"a long title", "short"}, 20, "a long title   right"},
		{[]string{"a long title", "short"}, 12, "short  right"},
		{[]string{"a long title", "short"}, 8, "…  right"}, // cut, two cells apart still
		{nil, 8, "   right"},
	} {
		if got := joinFirstFit(c.lefts, "right", c.width); got != c.want {
			t.Errorf("joinFirstFit(%q, right, %d) = %q; want %q", c.lefts, c.width, got, c.want)
		}
	}
}

// family is an emoji joined with zero-width joiners: one grapheme that a
// grapheme count makes 2 cells and a terminal counting code points draws
// in 6, as [render.Cells] measures it.
const family = "👨\u200d👩\u200d👧"

// TestWideTitlesAndInputs: the lessons' title line and the hypothesis
// editor measure wide text in render.Cells, so the count at the title's
// right end and the cursor stay whole and no line is wider than the
// screen. Measured with a grapheme count, the title's gap
// and the editor's room were 4 cells too wide beside a family emoji (the
// count cut to "lesson 1…", the cursor cut off).
func TestWideTitlesAndInputs(t *testing.T) {
	l := NewLessons(render.DefaultStyles(), 80, 24)
	l.lessons = append([]render.Lesson(nil), l.lessons...)
	l.lessons[0].Title = family + " " + l.lessons[0].Title
	count := "lesson 1 of " + strconv.Itoa(len(l.lessons))
	if head := ansi.Strip(strings.Split(l.View(), "\n")[0]); !strings.HasSuffix(head, count) || render.Cells(head) > 80 {
		t.Errorf("lessons title %q (%d cells); want it to end in %q in 80 cells", head, render.Cells(head), count)
	}

	for _, st := range []render.Styles{render.DefaultStyles(), render.PlainStyles()} {
		h := lineInput{prompt: family + " › "}
		h.setValue(strings.Repeat(family+" ab ", 10) + "END")
		h, _ = h.update(wtKey("end"))
		for w := 20; w <= 40; w++ {
			v := ansi.Strip(h.view(st, w))
			if !strings.HasSuffix(strings.TrimRight(v, "| "), "END") || render.Cells(v) > w {
				t.Errorf("width %d: editor shows %q (%d cells); want it to end at the cursor after END", w, v, render.Cells(v))
			}
		}
	}
}
