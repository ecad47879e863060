package render

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// drawn are widths measured in tmux 3.3a (a terminal that counts code
// points): the text was printed in a pane and the cursor column read
// back. Kitty-style terminals draw some of these narrower (grapheme
// width), never wider than the larger of the two.
var drawn = []struct {
	text  string
	cells int
}{
	{"a\u00adb", 3}, // soft hyphen: one cell in tmux, none by grapheme width
	{"नमस्ते", 4},
	{"क्षत्रिय", 6},
	{"क्ष", 2},
	{"रि", 2},
	{"👍🏽", 4},
	{"🧑🏿\u200d🚀", 4},
	{"👍", 2},
	{"漢字", 4},
	{"a\u200bb", 2},
	{"\u2060x", 1},
	{"a\ufeffb", 2},
	{"🇺🇸", 2},
}

func TestCellsNeverUnderTerminal(t *testing.T) {
	for _, d := range drawn {
		s := Safe(d.text)
		if got := Cells(s); got < d.cells || got < ansi.StringWidth(s) {
			t.Errorf("Cells(Safe(%q)) = %d; tmux draws %d cells, grapheme width %d", d.text, got, d.cells, ansi.StringWidth(s))
		}
	}
}

func TestSafeShowsFormatCharacters(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"soft\u00adhyphen", `soft\u00adhyphen`},
		{"a\u200bb\u2060c\ufeff", `a\u200bb\u2060c\ufeff`},
		{"line\u2028para\u2029", `line\u2028para\u2029`},
		{"\U000e0001en", `\U000e0001en`},
		{"🧑🏿\u200d🚀", "🧑🏿\u200d🚀"}, // a joiner inside an emoji sequence shapes it
		{"می\u200cخواهم", "می\u200cخواهم"},
		{"नमस्ते क्षत्रिय", "नमस्ते क्षत्रिय"},
		{"🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f", "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"},
	} {
		if got := Safe(c.in); got != c.want {
			t.Errorf("Safe(%q) = %q; want %q", c.in, got, c.want)
		}
	}
}

// TestClipFitsEveryTerminal: a clipped line is never wider than the width
// however the terminal counts, and when the counts may differ it is
// narrower than the width, so that the renderer erases its end.
func TestClipFitsEveryTerminal(t *testing.T) {
	var texts []string
	for _, d := range drawn {
		texts = append(texts, d.text)
	}
	texts = append(texts, "☺\ufe0f", strings.Repeat("soft\u00adhyphen ", 30), strings.Repeat("नमस्ते क्षत्रिय ", 10), strings.Repeat("👍🏽 🧑🏿\u200d🚀 ", 12))
	styles := []func(string) string{
		func(s string) string { return s },
		func(s string) string { return "\x1b[1m" + s + "\x1b[0m" },
		func(s string) string { return "ab" + "\x1b[7m" + s + "\x1b[0m" + " z" },
	}
	for _, text := range texts {
		for _, style := range styles {
			line := style(Safe(text))
			for w := 1; w <= 40; w++ {
				got := Clip(line, w)
				wide, narrow := cellRange(got)
				if wide > w || ansi.StringWidth(got) > w || ansi.StringWidthWc(got) > w {
					t.Fatalf("Clip(%q, %d) = %q: %d cells wide (grapheme %d, wc %d)", line, w, got, wide, ansi.StringWidth(got), ansi.StringWidthWc(got))
				}
				if wide == w && narrow < w {
					t.Fatalf("Clip(%q, %d) = %q fills the width on some terminals only (%d..%d)", line, w, got, narrow, wide)
				}
				if lw, ln := cellRange(line); lw <= w && ln == lw && got != line {
					t.Fatalf("Clip(%q, %d) = %q; it fits and must stay as it is", line, w, got)
				}
				if strings.Count(got, "\x1b[") != strings.Count(line, "\x1b[") {
					t.Fatalf("Clip(%q, %d) = %q lost an escape sequence", line, w, got)
				}
			}
		}
	}
}

// TestSpareKeepsRightEnd: a line that leaves Spare cells free after its
// text, then ends in a right part filling the width, is kept whole by
// Clip, however the terminals count the text; Spare is 0 when they agree.
func TestSpareKeepsRightEnd(t *testing.T) {
	for _, d := range drawn {
		s := Safe(d.text)
		wide, narrow := cellRange(s)
		if spare := Spare(s); spare != 0 && wide == narrow || spare != 1 && wide != narrow {
			t.Errorf("Spare(%q) = %d; it is drawn in %d to %d cells", s, spare, narrow, wide)
		}
		const w = 20
		line := s + strings.Repeat(" ", w-Cells(s)-len("12:34")-Spare(s)) + "12:34"
		if got := Clip(line, w); got != line {
			t.Errorf("Clip(%q, %d) = %q; it has a cell to spare and must stay as it is", line, w, got)
		}
	}
}

func TestSplitCellsKeepsClusters(t *testing.T) {
	s := "👍🏽🧑🏿\u200d🚀क्षत्रिय"
	pieces := splitCells(s, 4)
	if strings.Join(pieces, "") != s {
		t.Fatalf("splitCells(%q) = %q; the pieces do not add up", s, pieces)
	}
	for _, p := range pieces {
		if cl, _ := ansi.FirstGraphemeCluster(p, ansi.GraphemeWidth); Cells(p) > 4 && cl != p {
			t.Errorf("piece %q is %d cells, more than 4, and more than one cluster", p, Cells(p))
		}
		if !strings.HasPrefix(s[strings.Index(s, p):], p) || strings.HasPrefix(p, "\U0001f3fd") || strings.HasPrefix(p, "\u094d") {
			t.Errorf("piece %q starts inside a grapheme cluster", p)
		}
	}
}

// TestClipDropsPaddingFirst: a line padded to the width by a narrower
// measure loses its padding, not its text (and one blank more, as the
// terminals disagree on its width).
func TestClipDropsPaddingFirst(t *testing.T) {
	text := "क्षत्रिय"
	for _, c := range []struct{ in, want string }{
		{text + strings.Repeat(" ", 7), text + strings.Repeat(" ", 3)},
		{"\x1b[7m" + text + strings.Repeat(" ", 7) + "\x1b[0m", "\x1b[7m" + text + strings.Repeat(" ", 3) + "\x1b[0m"},
		{text + " \x1b[0m" + strings.Repeat(" ", 6), text + " \x1b[0m" + strings.Repeat(" ", 2)},
		{text + "  x" + strings.Repeat(" ", 5), text + "  x"},
		{"abc" + strings.Repeat(" ", 9), "abc" + strings.Repeat(" ", 7)},
	} {
		if got := Clip(c.in, 10); got != c.want {
			t.Errorf("Clip(%q, 10) = %q; want %q", c.in, got, c.want)
		}
	}
}

func TestTruncateMiddle(t *testing.T) {
	for _, c := range []struct {
		s    string
		w    int
		want string
	}{
		{"LT22", 16, "LT22"},
		{"generaltest2022.de-en.hyp.LT22.en", 16, "general….LT22.en"},
		{"generaltest2022.de-en.hyp.LT22.en", 17, "generalt….LT22.en"},
		{"系统一二三四五六七八", 9, "系统…七八"},
		{"abcdefgh", 4, "abc…"},
	} {
		got := TruncateMiddle(c.s, c.w)
		if got != c.want || Cells(got) > c.w {
			t.Errorf("TruncateMiddle(%q, %d) = %q (%d cells); want %q", c.s, c.w, got, Cells(got), c.want)
		}
	}
}

// TestCutName: a system's name is cut at its end, keeping its readable
// start, unless another system's name would then read the same; then in
// its middle, keeping the end that tells them apart; a file's whole name
// (a system given alone) in its middle too, where its system may be.
func TestCutName(t *testing.T) {
	for _, c := range []struct {
		name   string
		w      int
		others []string
		want   string
	}{
		{"LT22", 12, []string{"JDExploreAcademy"}, "LT22"},
		{"JDExploreAcademy", 12, []string{"LT22"}, "JDExploreAc…"},
		{"JDExploreAcademy", 12, nil, "JDExploreAc…"},
		{"Online-W-submission-2022", 12, []string{"Online-W-submission-2023"}, "Onlin…n-2022"},
		{"Online-W-submission-2022", 12, []string{"Online-W-submission-2022", "Online-B"}, "Online-W-su…"},
		{"Online-W-2022", 9, []string{"Online-W"}, "Online-W…"},
		{"generaltest2022.de-en.hyp.LT22.en", 20, nil, "generalte…yp.LT22.en"},
		{"hyp.LT22.en", 8, nil, "hyp…2.en"},
		{"LT22.en", 6, nil, "LT22.…"},
	} {
		got := CutName(c.name, c.w, c.others...)
		if got != c.want || Cells(got) > c.w {
			t.Errorf("CutName(%q, %d, %q) = %q; want %q", c.name, c.w, c.others, got, c.want)
		}
	}
}

func TestTruncateStart(t *testing.T) {
	for _, c := range []struct {
		s    string
		w    int
		want string
	}{
		{"abcdef", 10, "abcdef"},
		{"abcdef", 4, "…def"},
		{"日本語です", 5, "…です"}, // wide runes: 1 + 2 + 2
		{"abc", 1, "…"},
		{"abc", 0, ""},
	} {
		if got := TruncateStart(c.s, c.w); got != c.want || Cells(got) > max(0, c.w) {
			t.Errorf("TruncateStart(%q, %d) = %q; want %q", c.s, c.w, got, c.want)
		}
	}
}

func TestFirstFit(t *testing.T) {
	forms := []string{"analysis · LT22 · missed n-grams · order 1", "LT22 · missed 1-grams", "missed 1-grams"}
	for _, c := range []struct {
		w    int
		want string
	}{
		{60, forms[0]},
		{42, forms[0]},
		{41, forms[1]},
		{21, forms[1]},
		{20, forms[2]},
		{14, forms[2]},
		{10, "missed 1-…"}, // none fits: the last, cut
	} {
		if got := FirstFit(c.w, forms...); got != c.want {
			t.Errorf("FirstFit(%d) = %q; want %q", c.w, got, c.want)
		}
	}
	if got := FirstFit(10); got != "" {
		t.Errorf("FirstFit of no form = %q", got)
	}
	// A form that fills the width on some terminals only would lose its
	// last cell to Clip: the next form is taken instead.
	for _, d := range drawn {
		s := Safe(d.text)
		full, short := "x "+s+" yz", "x "+s
		w := Cells(full)
		want := full
		if !Fits(full, w) {
			want = short
		}
		if got := FirstFit(w, full, short); got != want || Clip(got, w) != got {
			t.Errorf("FirstFit(%d, %q, %q) = %q (Clip keeps it: %v); want %q", w, full, short, got, Clip(got, w) == got, want)
		}
		// When no form fits, the last is cut so that Clip keeps it too.
		long := s + " " + strings.Repeat(s+"abc ", 8)
		for w := 2; w < Cells(long); w++ {
			if got := FirstFit(w, long); Clip(got, w) != got {
				t.Errorf("FirstFit(%d, %q) = %q, which Clip cuts again", w, long, got)
			}
		}
	}
}

// TestFits: a line fits w cells when every terminal draws it in fewer, or
// all of them in exactly w: the lines Clip leaves as they are.
func TestFits(t *testing.T) {
	for _, c := range []struct {
		s    string
		w    int
		want bool
	}{
		{"abc", 3, true},
		{"abc", 2, false},
		{"\x1b[1mabc\x1b[0m", 3, true},
		{"日本", 4, true},        // 2 cells each on every terminal
		{"क्षत्रिय", 6, false}, // 3 to 6 cells: filling 6 on some only
		{"क्षत्रिय", 7, true},
		{"👍🏽", 4, false},
		{"👍🏽", 5, true},
	} {
		if got := Fits(c.s, c.w); got != c.want {
			t.Errorf("Fits(%q, %d) = %v; want %v", c.s, c.w, got, c.want)
		}
		if got := Clip(c.s, c.w) == c.s; got != c.want {
			t.Errorf("Clip(%q, %d) left it as it is: %v; Fits says %v", c.s, c.w, got, c.want)
		}
		if got := Cells(c.s)+Spare(c.s) <= c.w; got != c.want {
			t.Errorf("Cells(%q)+Spare = %d, in %d cells: %v; Fits says %v", c.s, Cells(c.s)+Spare(c.s), c.w, got, c.want)
		}
	}
}

// TestRuneCellsCJKShortcut checks runeCells's shortcut for CJK ideographs
// and Hangul syllables against the measures it stands for.
func TestRuneCellsCJKShortcut(t *testing.T) {
	for _, block := range [][2]rune{{0x4e00, 0x9fff}, {0xac00, 0xd7a3}} {
		for r := block[0]; r <= block[1]; r++ {
			s := string(r)
			if want := max(1, ansi.StringWidthWc(s), ansi.StringWidth(s)); runeCells(r) != want {
				t.Fatalf("runeCells(%U) = %d; the measures say %d", r, runeCells(r), want)
			}
		}
	}
}

// BenchmarkCellsCJK measures a five-character Chinese n-gram, as the
// ngrams tables measure every row of a Chinese corpus.
func BenchmarkCellsCJK(b *testing.B) {
	for b.Loop() {
		Cells("美国总统府")
	}
}

// TestWrapKeepsNumbersWhole: Wrap may break after the hyphen of a word
// but never inside a number: it broke "2.2e-308" after its minus (the
// query's out-of-range message) and "-3" after its sign.
func TestWrapKeepsNumbersWhole(t *testing.T) {
	const s = "numbers other than 0 go down to about 2.2e-308, and up from -3 or \ue000-1"
	noSpace := strings.NewReplacer(" ", "", "\n", "")
	for w := len("2.2e-308,"); w <= len(s); w++ {
		got := Wrap(s, w)
		if noSpace.Replace(got) != noSpace.Replace(s) {
			t.Fatalf("Wrap(…, %d) changed the text: %q", w, got)
		}
		lines := strings.Split(got, "\n")
		for i, l := range lines[:len(lines)-1] {
			if next := lines[i+1]; strings.HasSuffix(l, "-") && next != "" && next[0] >= '0' && next[0] <= '9' {
				t.Errorf("Wrap(…, %d) broke a number: %q / %q", w, l, next)
			}
		}
	}
	if got := Wrap("see the sentence-by-sentence", 20); got != "see the sentence-by-\nsentence" {
		t.Errorf("Wrap(%q, 20) = %q; want a break after the hyphen of the word", "see the sentence-by-sentence", got)
	}
}
