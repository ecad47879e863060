package render

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// wrapPieces are what the random texts of TestWrapProperties are made of:
// ASCII words, numbers with signs and hyphens, CJK wide characters,
// combining marks, emoji (with a skin tone, a zero-width joiner and a
// variation selector), an Indic conjunct, no-break spaces and runs of
// spaces.
var wrapPieces = []string{
	"a", "of", "the", "word", "literal", "walk-through", "-3", "2.2e-308", "--mqm", "x-",
	"漢字", "美国总统府", "日本語の文", "e\u0301", "n\u0303o", "a\u0308\u0304",
	"👍", "👍🏽", "👩\u200d👩\u200d👧", "☺️", "🇩🇪", "क्ष", "\u00a0", "«»", "…",
	" ", " ", " ", "  ", "   ",
}

// randomText joins up to n random pieces.
func randomText(r *rand.Rand, n int) string {
	var b strings.Builder
	for k := r.Intn(n + 1); k > 0; k-- {
		b.WriteString(wrapPieces[r.Intn(len(wrapPieces))])
	}
	return b.String()
}

// TestWrapProperties: for random texts of ASCII, CJK, combining marks and
// emoji and every width from 1 to 200, no line of Wrap's output is wider
// than the width as Cells measures it, no line ends in a space unless it
// is a line of the text left whole, the text is all there (only the
// spaces where lines break go, and a cluster wider than the line becomes
// "…"), and styles do not change where lines break. ansi.Wrap, which
// Wrap used to call, left a space at the end of a line it broke, one cell
// past the width (seen at 181 columns), and measured emoji narrower than
// Cells does.
func TestWrapProperties(t *testing.T) {
	r := rand.New(rand.NewSource(181))
	failures := 0
	for i := 0; i < 400 && failures < 10; i++ {
		s := randomText(r, 60)
		if i%5 == 0 {
			s += "\n" + randomText(r, 20)
		}
		whole := map[string]bool{}
		for _, l := range strings.Split(s, "\n") {
			whole[l] = true
		}
		for w := 1; w <= 200 && failures < 10; w += 1 + r.Intn(7) {
			got := Wrap(s, w)
			if why := wrapFault(s, got, w, whole); why != "" {
				t.Errorf("Wrap(%q, %d) = %q: %s", s, w, got, why)
				failures++
			}
			if styled := "\x1b[1m" + strings.ReplaceAll(s, " ", " \x1b[3m") + "\x1b[0m"; ansi.Strip(Wrap(styled, w)) != got {
				t.Errorf("Wrap(%q, %d) = %q, but styled it wraps as %q", s, w, got, ansi.Strip(Wrap(styled, w)))
				failures++
			}
		}
	}
}

// wrapFault says what is wrong with got, s wrapped to w cells, or "":
// a line wider than w, a line ending in a space that is not one of
// whole, the lines of s, left as they were, or text lost or changed.
func wrapFault(s, got string, w int, whole map[string]bool) string {
	for _, l := range strings.Split(got, "\n") {
		if c := Cells(l); c > w {
			return fmt.Sprintf("line %q is %d cells", l, c)
		}
		if strings.HasSuffix(l, " ") && !whole[l] {
			return fmt.Sprintf("line %q ends in a space", l)
		}
	}
	noSpace := strings.NewReplacer(" ", "", "\n", "")
	if w >= 6 && noSpace.Replace(got) != noSpace.Replace(s) { // 6: the widest cluster
		return "the text changed"
	}
	return ""
}

// TestWrapBreaks: Wrap fills each line before breaking, breaks after
// the hyphen of a word only when it is wider than 12 cells or the line,
// never after a part of one letter ("n-grams" stays whole), keeps a
// paragraph's indent and the lines of its input, holds words joined by a
// no-break space, and cuts a word longer than a line. WrapAtSpaces
// (explain's heading) breaks at spaces only, never after a hyphen nor
// inside a word, so a system's name stands whole on a line of its own,
// and measures by Cells ("👍🏽" is 4 cells where terminals count code
// points: ansi.StringWidth counted it 2 and put three on a line of 9).
// wrapText (the walk-through's and the lessons' prose) never breaks after
// a hyphen, and a paragraph's indent starts each of its lines.
func TestWrapBreaks(t *testing.T) {
	wraps := map[string]func(string, int) string{"Wrap": Wrap, "WrapAtSpaces": WrapAtSpaces, "wrapText": wrapText}
	for _, c := range []struct {
		by   string
		s    string
		w    int
		want string
	}{
		{"Wrap", "the cat sat on the mat", 7, "the cat\nsat on\nthe mat"},
		{"Wrap", "the cat  sat", 7, "the cat\nsat"},
		{"Wrap", "aaaa -b", 5, "aaaa\n-b"},                 // was "aaaa \n-b"
		{"Wrap", "one two - three", 7, "one two\n- three"}, // was "one two -", 9 cells
		{"Wrap", "  indented text here", 12, "  indented\ntext here"},
		{"Wrap", "one\ntwo three", 5, "one\ntwo\nthree"},
		{"Wrap", "v:\u00a0version q: quit", 10, "v:\u00a0version\nq: quit"},
		{"Wrap", "abcdefghij", 4, "abcd\nefgh\nij"},
		{"Wrap", "ab 漢字漢字漢字", 5, "ab 漢\n字漢\n字漢\n字"}, // was "ab\n漢字\n…": breaks only at spaces
		{"Wrap", "ab 漢字，漢字", 7, "ab 漢\n字，漢\n字"},     // never before "，"
		{"Wrap", "漢字 word漢字", 8, "漢字\nword漢字"},      // never inside "word"
		{"Wrap", "（漢字）漢字", 6, "（漢\n字）漢\n字"},         // nor after "（", before "）"
		{"Wrap", "カタカナ・カナ", 8, "カタカ\nナ・カナ"},         // nor before "・"
		{"wrapText", "src 漢字漢字漢字", 8, "src 漢字\n漢字漢字"},
		{"Wrap", "漢", 1, "…"},
		{"Wrap", "see the walk-through", 15, "see the\nwalk-through"}, // 12 cells: kept whole
		{"Wrap", "over character n-grams (and", 18, "over character\nn-grams (and"},
		{"Wrap", "the sentence-by-sentence scores", 20, "the sentence-by-\nsentence scores"},
		{"Wrap", "an n-gram-by-n-gram count", 16, "an n-gram-by-\nn-gram count"}, // not after "n-"
		{"Wrap", "a walk-through", 8, "a walk-\nthrough"},                        // wider than the line
		{"Wrap", "flag --mqm-ref", 8, "flag\n--mqm-\nref"},
		{"WrapAtSpaces", "👍🏽 👍🏽 👍🏽 👍🏽", 9, "👍🏽 👍🏽\n👍🏽 👍🏽"},
		{"WrapAtSpaces", "line 1, system JDExplore-Academy", 26, "line 1, system\nJDExplore-Academy"},
		{"WrapAtSpaces", "of generaltest2022.de-en.hyp.LT22.en now", 12, "of\ngeneraltest2022.de-en.hyp.LT22.en\nnow"},
		{"WrapAtSpaces", "system sys\u3000name-with-a-tail.txt", 12, "system\nsys\u3000name-with-a-tail.txt"}, // a name keeps its ideographic space
		{"Wrap", "sys\u3000name", 4, "sys\nname"},
		{"wrapText", "  see the n-gram counts", 12, "  see the\n  n-gram\n  counts"},
		{"wrapText", "the clipped n-gram", 14, "the clipped\nn-gram"},
		{"wrapText", "    abcdefghij", 8, "    abcd\n    efgh\n    ij"},
	} {
		if got := wraps[c.by](c.s, c.w); got != c.want {
			t.Errorf("%s(%q, %d) = %q; want %q", c.by, c.s, c.w, got, c.want)
		}
	}
}

// TestProseWrapsByCells: the lessons' and the walk-through's wrapping,
// and the hanging indent measure as Cells does, so
// text with emoji that terminals counting code points draw wider (a skin
// tone, a family joined by zero-width joiners, a Devanagari conjunct)
// stays within the width; they measured with ansi.StringWidth, which
// counts "👍🏽" 2 cells where Cells counts 4.
func TestProseWrapsByCells(t *testing.T) {
	words := strings.Repeat("ok 👍🏽 👩\u200d👩\u200d👧 क्ष ", 8)
	long := strings.Repeat("👍🏽", 12)
	for _, w := range []int{12, 20, 33} {
		for name, got := range map[string]string{
			"wrapText":    wrapText(words+long, w),
			"WrapHanging": WrapHanging("👍🏽 ", words+long, w),
			"fitWidth":    fitWidth(long+" "+long, w, nil),
		} {
			for _, l := range strings.Split(got, "\n") {
				if c := Cells(l); c > w {
					t.Errorf("%s at %d cells: line %q is %d cells", name, w, l, c)
				}
			}
		}
	}
}

// BenchmarkWrapLongWords wraps a line of words longer than the line
// (URLs, CJK without spaces) at 40 cells, each cut between its clusters.
func BenchmarkWrapLongWords(b *testing.B) {
	s := strings.Repeat("https://example.org/a/very/long/path/to/somewhere/über/naïve "+strings.Repeat("東京", 30)+" ", 10)
	b.ReportAllocs()
	for b.Loop() {
		_ = Wrap(s, 40)
	}
}
