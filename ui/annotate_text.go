package ui

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/ui/render"
	"github.com/charmbracelet/lipgloss"
	"github.com/rivo/uniseg"
)

// spanToken is one unit the annotator's cursor moves over: code points
// [start, end) of a text.
type spanToken struct{ start, end int }

// spanTokens splits text into the units a span is marked in: a run of
// letters, digits and combining marks is a word, with a hyphen or an
// apostrophe between two of them inside it (non-daily, couldn't: one unit,
// as a person reads them); every other visible character (punctuation, a
// symbol, with the rest of its grapheme cluster: a whole emoji sequence)
// and every Han, Hiragana, Katakana or Hangul character (scripts written
// without spaces) stands alone; whitespace separates and belongs to no
// unit. Offsets count code points, as the annotations' spans do.
func spanTokens(text string) []spanToken {
	rs := []rune(text)
	isWord := func(r rune) bool {
		return (unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r)) && !standsAlone(r)
	}
	// clusterEnd[i] is where the grapheme cluster of code point i ends.
	clusterEnd := make([]int, len(rs))
	for g, at := uniseg.NewGraphemes(text), 0; g.Next(); {
		n := len(g.Runes())
		for k := at; k < at+n; k++ {
			clusterEnd[k] = at + n
		}
		at += n
	}
	var toks []spanToken
	start := -1 // start of the word being read, -1 outside one
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		word := isWord(r)
		if !word && start >= 0 && joins(r) && i+1 < len(rs) && isWord(rs[i+1]) {
			continue // non-daily, couldn't
		}
		if !word && start >= 0 {
			toks = append(toks, spanToken{start, i})
			start = -1
		}
		switch {
		case word && start < 0:
			start = i
		case !word && !unicode.IsSpace(r):
			end := max(i+1, clusterEnd[i])
			toks = append(toks, spanToken{i, end})
			i = end - 1
		}
	}
	if start >= 0 {
		toks = append(toks, spanToken{start, len(rs)})
	}
	return toks
}

// joins reports whether r joins two parts of a word: a hyphen or an
// apostrophe.
func joins(r rune) bool {
	switch r {
	case '-', '\'', '\u2010', '\u2011', '\u2019':
		return true
	}
	return false
}

// standsAlone reports whether r is a character of a script written
// without spaces, which the annotator marks one by one.
func standsAlone(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul, unicode.Thai)
}

// spanMark is how one code point of a text is drawn in the annotator:
// plain, inside an error span of some severity, inside the span being
// marked, or under the cursor.
type spanMark uint8

// The marks, with the marker character each puts under its cells so that
// they read without colour.
const (
	markNone     spanMark = iota
	markMinor             // m: a minor error
	markMajor             // M: a major error
	markNeutral           // *: an error of another severity
	markSelected          // -: the span being marked
	markCursor            // ^: the token under the cursor
	markCritical          // C: a critical error
)

var markerChars = [...]rune{0, 'm', 'M', '*', '-', '^', 'C'}

// severityRank orders the marks of errors: where spans overlap the most
// severe is drawn.
func (k spanMark) severityRank() int {
	switch k {
	case markNeutral:
		return 1
	case markMinor:
		return 2
	case markMajor:
		return 3
	case markCritical:
		return 4
	}
	return 0
}

// style is the style of a mark.
func (k spanMark) style(st render.Styles) lipgloss.Style {
	switch k {
	case markMinor:
		return st.Warn
	case markMajor, markCritical:
		return st.Error
	case markNeutral:
		return st.Accent
	case markSelected, markCursor:
		return st.Selected
	}
	return st.Text
}

// maxMarkedRows is how many lines of text [markedLines] draws at most; the
// rest of a runaway segment is summed up in one line.
const maxMarkedRows = 40

// markedCell is a cell of [markedLines]' layout: its text (a grapheme
// cluster as [render.Safe] shows it), how many cells wide as
// [render.Cells] counts it, and the first of the n code points it draws;
// a shown space draws none (n is 0) and cp is the white space it stands
// for.
type markedCell struct {
	s        string
	w, cp, n int
}

// layMarked wraps text at spaces (and beside wide clusters, as
// [render.Wrap] does) to avail cells as [markedLines] shows it, a
// grapheme cluster at a time, and returns its first maxMarkedRows
// lines and how many characters (code points) of text they leave out.
// It stops once more lines are laid, or once it has read twice as many
// code points as the lines hold cells: a runaway segment (100,000
// characters with no space) costs what its first lines cost. Text of
// many zero-width marks may so show fewer lines; what is left out is
// still counted exactly.
func layMarked(text string, avail int) (lines [][]markedCell, more int) {
	limit := 2 * (maxMarkedRows + 1) * avail // code points read at most
	var line []markedCell
	used := 0
	var word []markedCell
	gap, wordGap := -1, -1  // the white space since the last word, and before this one
	wordAt, wordCP := -1, 0 // where the word being read starts: byte and code point
	flushWord := func(end int) {
		if wordAt < 0 {
			return
		}
		word = markedWord(word[:0], text[wordAt:end], wordCP)
		wordAt = -1
		if used > 0 && used+1+markedRun(word, 0) > avail {
			lines = append(lines, line)
			line, used = nil, 0
		}
		if used > 0 {
			line = append(line, markedCell{" ", 1, wordGap, 0})
			used++
		}
		for j, c := range word {
			// A line breaks inside a word only beside a wide cluster,
			// before a part that does not fit, or in a part wider than a line.
			if used > 0 && (used+c.w > avail || j > 0 && (c.w > 1 || word[j-1].w > 1) &&
				render.WideBreak(word[j-1].s, word[j-1].w, c.s, c.w) && used+markedRun(word, j) > avail) {
				lines = append(lines, line)
				line, used = nil, 0
			}
			line = append(line, c)
			used += c.w
		}
	}
	i, cut := 0, len(text) // cut: where reading stopped
	for at, r := range text {
		if i == limit {
			flushWord(at)
			cut = at
			break
		}
		if unicode.IsSpace(r) {
			flushWord(at)
			if len(lines) > maxMarkedRows {
				cut = at
				break
			}
			if gap < 0 {
				gap = i
			}
		} else if wordAt < 0 {
			wordAt, wordCP = at, i
			wordGap, gap = gap, -1
		}
		i++
	}
	flushWord(cut)
	if len(line) > 0 || len(lines) == 0 {
		lines = append(lines, line)
	}
	if len(lines) > maxMarkedRows {
		return lines[:maxMarkedRows], utf8.RuneCountInString(text) - lines[maxMarkedRows][0].cp
	}
	return lines, utf8.RuneCountInString(text[cut:])
}

// markedRun returns the cells of word from word[j] to the next place a
// line may break inside it, beside a wide cluster ([render.WideBreak]),
// or to its end.
func markedRun(word []markedCell, j int) int {
	w := 0
	for k := j; k < len(word); k++ {
		if k > j && render.WideBreak(word[k-1].s, word[k-1].w, word[k].s, word[k].w) {
			break
		}
		w += word[k].w
	}
	return w
}

// markedWord appends to cells the cells of word, a run of text without
// white space whose first code point is the text's code point cp: its
// grapheme clusters as [render.Safe] shows them, each measured by
// [render.Cells], so that the marker row under them lines up with the
// text whatever its clusters' widths. A code point shown as an escape
// (\u200b) is one cell, so that a line never breaks inside it.
func markedWord(cells []markedCell, word string, cp int) []markedCell {
	if render.PlainASCII(word) { // one cell a byte, a cluster each
		for i := 0; i < len(word); i++ {
			cells = append(cells, markedCell{word[i : i+1], 1, cp + i, 1})
		}
		return cells
	}
	var starts []int // starts[k]: where code point cp+k begins in what is shown
	shown := render.Safe(word)
	if shown == word { // each code point shown as it is, where it is
		for at := range word {
			starts = append(starts, at)
		}
	} else {
		var b strings.Builder
		for at, size := 0, 0; at < len(word); at += size {
			_, size = utf8.DecodeRuneInString(word[at:])
			starts = append(starts, b.Len())
			b.WriteString(render.Safe(word[at : at+size]))
		}
		shown = b.String()
	}
	at, k := 0, 0 // where the cluster begins, the code points begun before it
	render.Graphemes(shown, func(cluster string, w int) {
		inside := k > 0 && (k == len(starts) || starts[k] != at) // the rest of a code point's escape
		first := k
		for at += len(cluster); k < len(starts) && starts[k] < at; k++ {
		}
		if inside {
			c := &cells[len(cells)-1]
			c.s, c.w, c.n = c.s+cluster, c.w+w, c.n+k-first
			return
		}
		cells = append(cells, markedCell{cluster, w, cp + first, k - first})
	})
	return cells
}

// cellMark is the mark cell j of line l is drawn with: that of the first
// of its code points that has one, or for a shown space inside the line
// the white space's it stands for (the cursor's is not drawn on a space).
func cellMark(l []markedCell, j int, mark func(i int) spanMark) spanMark {
	c := l[j]
	if c.n > 0 {
		for i := c.cp; i < c.cp+c.n; i++ {
			if k := mark(i); k != markNone {
				return k
			}
		}
		return markNone
	}
	if c.cp >= 0 && j > 0 && j+1 < len(l) {
		// A space is marked as the white space it stands for: inside
		// a span, as the span (the span being marked too).
		if k := mark(c.cp); k != markCursor {
			return k
		}
	}
	return markNone
}

// notShown is the line that says [markedLines] leaves out more characters
// of its text: how many, which the layout, stopping early, knows where it
// could not know the lines.
func notShown(more int) string {
	return "… " + model.Thousands(more) + " more characters not shown"
}

// markedLines lays text out after a label, wrapped at spaces to width
// cells, drawing each grapheme cluster in the style of its code points' mark(i) and, on a row under
// each line that has any, its marker character, so that a span reads
// without colour. Runs of whitespace show as one space; every character passes
// through [render.Safe]. The label is padded to labelW cells.
func markedLines(st render.Styles, label string, labelW int, text string, width int, mark func(i int) spanMark) []string {
	out, _ := markedLinesAt(st, label, labelW, text, width, mark)
	return out
}

// markedLinesAt is [markedLines], which also says which of its lines is
// the first row of marker characters (-1 when none).
func markedLinesAt(st render.Styles, label string, labelW int, text string, width int, mark func(i int) spanMark) (out []string, firstMarks int) {
	avail := max(1, width-labelW)
	lines, more := layMarked(text, avail)
	firstMarks = -1
	pad := strings.Repeat(" ", labelW)
	for n, l := range lines {
		head := pad
		if n == 0 {
			head = render.PadRight(st.Label.Render(label), labelW)
		}
		var text, marks, run strings.Builder
		anyMark := false
		runMark := markNone
		flushRun := func() { // a run of one mark is drawn in one piece
			if run.Len() > 0 {
				text.WriteString(runMark.style(st).Render(run.String()))
				run.Reset()
			}
		}
		for j, c := range l {
			k := cellMark(l, j, mark)
			if k != runMark {
				flushRun()
				runMark = k
			}
			run.WriteString(c.s)
			m := ' '
			if k != markNone {
				m, anyMark = markerChars[k], true
			}
			marks.WriteString(strings.Repeat(string(m), c.w))
		}
		flushRun()
		out = append(out, head+text.String())
		if anyMark {
			if firstMarks < 0 {
				firstMarks = len(out)
			}
			out = append(out, strings.TrimRight(pad+marks.String(), " "))
		}
	}
	if more > 0 {
		out = append(out, pad+st.Muted.Render(render.Truncate(notShown(more), avail)))
	}
	return out, firstMarks
}
