package render

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Wrap wraps s (plain or styled) at word boundaries to lines of at most
// width cells as [Cells] counts them, cutting words longer than a line
// between grapheme clusters (a cluster wider than the line becomes "…").
// The spaces where it breaks a line go, so no line ends in one it made;
// a line that fits is left as it is, and each line of s is wrapped on
// its own. It may break after the hyphen of a word wider than 12 cells or
// than the line, but not after a part of one letter ("n-grams" stays
// whole) nor inside a number: a hyphen before a digit (-3, 2.2e-308)
// stays with it. A no-break space holds the words on each side of it together.
// Text of wide characters (Chinese, Japanese, Korean), written without
// spaces, also breaks before or after one ([WideBreak]), never inside a
// word of narrow letters. Escape sequences are kept where they are.
func Wrap(s string, width int) string {
	return wrap(s, width, wrapRules{hyphens: true, cut: true, wide: true})
}

// WrapAtSpaces wraps s as [Wrap] does but breaks lines at the space
// character (U+0020) only: never after a hyphen, at another space (a tab,
// an ideographic one) nor
// inside a word, so a word wider than a line (a system's name, which may
// hold any space) stands whole on a line of its own, wider than width.
func WrapAtSpaces(s string, width int) string {
	return wrap(s, width, wrapRules{asciiSpaces: true})
}

// wrapRules says where, besides at its spaces, a line may break.
type wrapRules struct {
	hyphens     bool // after the hyphen of a word
	cut         bool // between the clusters of a word wider than a line
	wide        bool // before or after a wide cluster ([WideBreak])
	asciiSpaces bool // at U+0020 only, not at every breaking space
}

// wrap wraps s to width cells as [Wrap] does, breaking lines only where
// rules allows.
func wrap(s string, width int, rules wrapRules) string {
	if width < 1 {
		return ""
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if Cells(l) > width {
			lines[i] = wrapLine(l, width, rules)
		}
	}
	return strings.Join(lines, "\n")
}

// ellipsisCells is the width of "…", which stands for a cluster wider
// than a line.
var ellipsisCells = Cells("…")

// wrapItem is one piece of a line being wrapped: a grapheme cluster of
// cells cells, a space that may break the line, or an escape sequence.
type wrapItem struct {
	text  string
	cells int
	space bool
	esc   bool
}

// wrapLine wraps one line of text, with no newline, that is wider than
// width, breaking it where rules allows.
func wrapLine(s string, width int, rules wrapRules) string {
	items := wrapItems(s, rules.asciiSpaces)
	var out, line strings.Builder
	used := 0       // cells on the line
	atStart := true // the spaces before the first word are an indent
	var gap []wrapItem
	gapCells := 0
	newLine := func() {
		out.WriteString(line.String())
		out.WriteByte('\n')
		line.Reset()
		used, atStart = 0, false
	}
	// flushGap writes the gap's escape sequences, and its spaces when keep.
	flushGap := func(keep bool) {
		for _, it := range gap {
			if it.esc || keep {
				line.WriteString(it.text)
			}
		}
		if keep {
			used += gapCells
		}
		gap, gapCells = gap[:0], 0
	}
	for i := 0; i < len(items); {
		if items[i].space || items[i].esc && (i == 0 || items[i-1].space || items[i-1].esc) && !wordFollows(items, i) {
			if items[i].space {
				gapCells += items[i].cells
			}
			gap = append(gap, items[i])
			i++
			continue
		}
		end, cells := wordEnd(items, i, width, rules)
		switch {
		case used+gapCells+cells <= width && (used > 0 || atStart):
			flushGap(true)
		case used > 0:
			flushGap(false)
			newLine()
		default:
			flushGap(false)
		}
		if used+cells <= width || !rules.cut {
			for _, it := range items[i:end] {
				line.WriteString(it.text)
			}
			used += cells
			i = end
			continue
		}
		// A word longer than a line: cut it between its clusters, each
		// wider than a line (which none could hold) made "…".
		for _, it := range items[i:end] {
			if it.cells > width {
				it.text, it.cells = "…", ellipsisCells
			}
			if used > 0 && used+it.cells > width {
				newLine()
			}
			line.WriteString(it.text)
			used += it.cells
		}
		i = end
	}
	flushGap(false)
	out.WriteString(line.String())
	return out.String()
}

// wordFollows reports whether the escape sequences from items[i] on are
// followed by a word rather than a space: they then belong to the word.
func wordFollows(items []wrapItem, i int) bool {
	for ; i < len(items) && items[i].esc; i++ {
	}
	return i < len(items) && !items[i].space
}

// wordEnd returns where the word starting at items[i] ends (before a
// space, or after a hyphen or beside a wide cluster the line may break at,
// as rules allows) and its cells. A line breaks after a hyphen only in a
// word (from space to space) wider than [shortHyphenated] cells or than
// the line, width, and never after a part of one letter ("n-grams" stays
// whole).
func wordEnd(items []wrapItem, i, width int, rules wrapRules) (end, cells int) {
	hyphens := rules.hyphens
	if hyphens {
		whole := wordCells(items, i)
		hyphens = whole > shortHyphenated || whole > width
	}
	glyphs := 0 // of the part before the next hyphen
	for end = i; end < len(items) && !items[end].space; end++ {
		it := items[end]
		cells += it.cells
		if it.esc {
			continue
		}
		if hyphens && it.text == "-" && glyphs > 1 && hyphenBreak(items, end+1) {
			return end + 1, cells
		}
		if rules.wide {
			if next := nextText(items, end+1); next >= 0 && WideBreak(it.text, it.cells, items[next].text, items[next].cells) {
				return end + 1, cells
			}
		}
		glyphs++
		if it.text == "-" {
			glyphs = 0
		}
	}
	return end, cells
}

// nextText returns the index of the first cluster of the word from
// items[i] on, past escape sequences, or -1 at a space or the end.
func nextText(items []wrapItem, i int) int {
	for ; i < len(items) && items[i].esc; i++ {
	}
	if i == len(items) || items[i].space {
		return -1
	}
	return i
}

// WideBreak reports whether a line may break between the grapheme
// clusters a and b, of aCells and bCells cells, inside a word: text of
// Chinese, Japanese or Korean has no spaces, so a line breaks before or
// after a wide cluster (two cells), but not before punctuation that
// closes or follows (，。）」) nor after punctuation that opens (（「), and
// never between two narrow ones (a word of Latin letters stays whole).
func WideBreak(a string, aCells int, b string, bCells int) bool {
	if aCells < 2 && bCells < 2 {
		return false
	}
	ra, _ := utf8.DecodeRuneInString(a)
	rb, _ := utf8.DecodeRuneInString(b)
	if !ideograph(ra) && unicode.In(ra, unicode.Ps, unicode.Pi) {
		return false
	}
	return ideograph(rb) || !unicode.In(rb, unicode.Pe, unicode.Pf, unicode.Po)
}

// ideograph reports whether r is in a block of Han ideographs, kana or
// Hangul syllables and is no punctuation that opens, closes or follows
// (only the katakana middle dot, U+30FB, is): most wide clusters, told
// without a table's lookup.
func ideograph(r rune) bool {
	return r >= 0x3040 && r <= 0x9fff && r != 0x30fb || r >= 0xac00 && r <= 0xd7a3
}

// shortHyphenated is the width in cells of the widest hyphenated word a
// line that holds it never breaks inside ("n-grams", "walk-through").
const shortHyphenated = 12

// wordCells returns the cells of the whole word items[i] is in, from the
// space before it to the space after it.
func wordCells(items []wrapItem, i int) int {
	for i > 0 && !items[i-1].space {
		i--
	}
	cells := 0
	for ; i < len(items) && !items[i].space; i++ {
		cells += items[i].cells
	}
	return cells
}

// hyphenBreak reports whether a line may break after a hyphen followed by
// items[i:]: when a letter, not a digit (a number's sign or exponent) or
// another hyphen, comes next.
func hyphenBreak(items []wrapItem, i int) bool {
	for ; i < len(items) && items[i].esc; i++ {
	}
	if i == len(items) || items[i].space {
		return false
	}
	r, _ := utf8.DecodeRuneInString(items[i].text)
	return r != '-' && !unicode.IsDigit(r)
}

// wrapItems splits plain or styled s into clusters, spaces (U+0020 alone
// with asciiSpaces) and escape sequences.
func wrapItems(s string, asciiSpaces bool) []wrapItem {
	items := make([]wrapItem, 0, len(s))
	Graphemes(s, func(seq string, cells int) {
		if !isText(seq) {
			items = append(items, wrapItem{text: seq, esc: true})
			return
		}
		r, _ := utf8.DecodeRuneInString(seq)
		space := seq == " " || !asciiSpaces && breakingSpace(r)
		items = append(items, wrapItem{text: seq, cells: cells, space: space})
	})
	return items
}

// breakingSpace reports whether a line may break at r: a space other than
// the no-break ones.
func breakingSpace(r rune) bool {
	return unicode.IsSpace(r) && r != '\u00a0' && r != '\u2007' && r != '\u202f'
}
