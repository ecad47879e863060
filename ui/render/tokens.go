package render

import (
	"fmt"
	"strings"

	"github.com/bleuscope/bleuscope/model"
)

// maxTokenRows is how many lines of tokens [TokenLines] draws at most. A
// longer text (a runaway segment of megabytes) ends in a line saying how
// many tokens were left out, so that drawing it costs no more than drawing
// a long sentence; the counts and the ledger still cover every token.
const maxTokenRows = 200

// TokenLines lays out toks after a label, wrapped to width cells, each token
// drawn in the style of its mark and each line of tokens followed by its
// marker row ('^' matched, '~' clipped, '-' a reference's match counted
// from another reference, blank otherwise; the order digit in the
// all-orders view), so the highlighting survives without colour. A
// marker row with no marker at all (nothing matched) is left out. label
// is padded to labelWidth; continuation lines are indented by as much.
// With marks nil no marker rows are drawn. Every token passes through
// [Safe]. After maxTokenRows lines of tokens the rest is summed up in one
// line.
func TokenLines(st Styles, label string, labelWidth int, toks []string, marks []model.Mark, width int) []string {
	avail := width - labelWidth
	if avail < 1 {
		avail = 1
		labelWidth = max(0, width-1)
	}
	var out []string
	var text, mark strings.Builder
	used, rows := 0, 0
	first := true
	flush := func() {
		rows++
		pad := strings.Repeat(" ", labelWidth)
		head := pad
		if first {
			head = fitCells(st.Label.Render(label), label, labelWidth)
			first = false
		}
		out = append(out, head+text.String())
		if row := strings.TrimRight(pad+mark.String(), " "); marks != nil && row != "" {
			out = append(out, row)
		}
		text.Reset()
		mark.Reset()
		used = 0
	}
	left := 0 // tokens not drawn
tokens:
	for i, t := range toks {
		m := model.MarkNone
		if i < len(marks) {
			m = marks[i]
		}
		for k, piece := range tokenPieces(Safe(t), avail) {
			w, space := piece.cells, 0
			if k == 0 && used > 0 {
				space = 1 // the rest of a token follows its start
			}
			if used > 0 && used+space+w > avail {
				flush()
				space = 0
				if rows == maxTokenRows {
					left = len(toks) - i
					break tokens
				}
			}
			if space > 0 {
				text.WriteByte(' ')
				mark.WriteByte(' ')
				used++
			}
			text.WriteString(st.Token(m).Render(piece.text))
			mark.WriteString(Marker(m, w))
			used += w
		}
	}
	if used > 0 || first {
		flush()
	}
	if left > 0 {
		note := fmt.Sprintf("… %d more tokens not shown", left)
		out = append(out, strings.Repeat(" ", labelWidth)+st.Muted.Render(Truncate(note, avail)))
	}
	return out
}

// TextLines wraps plain text (the source) after a label, word by word, with
// no marker rows.
func TextLines(st Styles, label string, labelWidth int, text string, width int) []string {
	return TokenLines(st, label, labelWidth, strings.Fields(Safe(text)), nil, width)
}

// fitCells pads or cuts a styled label (whose plain text is plain) to
// exactly w cells.
func fitCells(styled, plain string, w int) string {
	pw := Cells(plain)
	switch {
	case w <= 1:
		return strings.Repeat(" ", max(0, w))
	case pw > w-1:
		return truncateCells(styled, w-1, "…") + " "
	}
	return styled + strings.Repeat(" ", max(0, w-pw))
}

// tokenPiece is a piece of a token ([tokenPieces]) and its width in
// cells.
type tokenPiece struct {
	text  string
	cells int
}

// tokenPieces cuts token s into the pieces a line may break between, with
// their cells, in one pass over its clusters: at its wide clusters
// ([WideBreak]), so that text of Chinese, Japanese or Korean, which has
// no spaces, fills its lines, and then, a piece wider than w cells,
// between clusters, as [splitCells] cuts it. A token of narrow letters up
// to w cells is one piece.
func tokenPieces(s string, w int) []tokenPiece {
	w = max(w, 1)
	var out []tokenPiece
	if PlainASCII(s) { // one cell a byte
		for len(s) > w {
			out, s = append(out, tokenPiece{s[:w], w}), s[w:]
		}
		return append(out, tokenPiece{s, len(s)})
	}
	start, at, used := 0, 0, 0
	prev, prevCells := "", 0
	Graphemes(s, func(cluster string, cells int) {
		if at > start && WideBreak(prev, prevCells, cluster, cells) || used > 0 && used+cells > w {
			out = append(out, tokenPiece{s[start:at], used})
			start, used = at, 0
		}
		prev, prevCells = cluster, cells
		at += len(cluster)
		used += cells
	})
	return append(out, tokenPiece{s[start:], used})
}

// splitCells cuts s into pieces of at most w cells, between grapheme
// clusters, so that an overlong token wraps instead of overflowing.
func splitCells(s string, w int) []string {
	if w < 1 {
		w = 1
	}
	if Cells(s) <= w {
		return []string{s}
	}
	var out []string
	var b strings.Builder
	used := 0
	Graphemes(s, func(cluster string, cw int) {
		if used > 0 && used+cw > w {
			out = append(out, b.String())
			b.Reset()
			used = 0
		}
		b.WriteString(cluster)
		used += cw
	})
	if b.Len() > 0 {
		out = append(out, b.String())
	}
	return out
}

// Truncate cuts plain or styled s to at most w cells as [Cells] counts
// them, ending in "…" when it had to cut.
func Truncate(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if Cells(s) <= w {
		return s
	}
	return truncateCells(s, w, "…")
}

// TruncateAtBreak cuts plain or styled s to at most w cells, ending in
// tail, where a line may break ([Wrap]'s rule): before a space, or
// beside a wide cluster ([WideBreak]), so that no word is cut; with no
// such place in reach it cuts as [Truncate] does. s that fits is returned
// as it is. Escape sequences are kept, those after the cut too.
func TruncateAtBreak(s string, w int, tail string) string {
	if Cells(s) <= w {
		return s
	}
	room := w - Cells(tail)
	cut, at, used := -1, 0, 0 // the last break in reach; where the cluster starts
	prev, prevCells := "", 0
	Graphemes(s, func(seq string, cells int) {
		if isText(seq) && used <= room && prev != "" {
			space, was := seq == " ", prev == " "
			if space && !was || !space && !was && WideBreak(prev, prevCells, seq, cells) {
				cut = at
			}
		}
		if isText(seq) {
			prev, prevCells = seq, cells
			used += cells
		}
		at += len(seq)
	})
	if cut < 0 {
		return truncateCells(s, w, tail)
	}
	var b strings.Builder
	b.WriteString(s[:cut] + tail)
	Graphemes(s[cut:], func(seq string, _ int) {
		if !isText(seq) {
			b.WriteString(seq)
		}
	})
	return b.String()
}

// TruncateWhole cuts plain s as [Truncate] does, but never inside a
// number, which cut would read as another ("file.tsv:962…" of line 9622):
// a cut there drops the whole number, with the ":", "," or space that
// joins it to what comes before ("file.tsv…").
func TruncateWhole(s string, w int) string {
	t := Truncate(s, w)
	kept, ok := strings.CutSuffix(t, "…")
	if t == s || !ok || !strings.HasPrefix(s, kept) {
		return t
	}
	if !endsInDigit(strings.TrimRight(kept, ".,")) || !startsWithDigit(s[len(kept):]) {
		return t
	}
	kept = strings.TrimRight(kept, "0123456789.,")
	return strings.TrimRight(kept, ":, ") + "…"
}

// endsInDigit reports whether s ends in an ASCII digit.
func endsInDigit(s string) bool { return s != "" && s[len(s)-1] >= '0' && s[len(s)-1] <= '9' }

// startsWithDigit reports whether s starts with an ASCII digit, or with a
// "." or "," and one (the rest of 9.5 or 1,000).
func startsWithDigit(s string) bool {
	if s != "" && (s[0] == '.' || s[0] == ',') {
		s = s[1:]
	}
	return s != "" && s[0] >= '0' && s[0] <= '9'
}

// FirstFit returns the first of forms, wordings of one text from the
// fullest to the shortest, that every terminal draws in w cells ([Fits]):
// a line says less rather than being cut, by [Clip] too. When none fits,
// the last is cut to w ([Truncate]), a cell short when terminals disagree
// on its width ([Spare]).
func FirstFit(w int, forms ...string) string {
	for _, f := range forms {
		if Fits(f, w) {
			return f
		}
	}
	if len(forms) == 0 {
		return ""
	}
	last := forms[len(forms)-1]
	return Truncate(last, w-Spare(last)) // a cell spare, or Clip would cut one more
}

// TruncateStart cuts plain s to at most w cells by taking text off its
// start ("…of/the/path"): for what is being typed at its end.
func TruncateStart(s string, w int) string {
	if Cells(s) <= w {
		return s
	}
	if w < 1 {
		return ""
	}
	var parts []string
	var cells []int
	Graphemes(s, func(cluster string, n int) {
		parts, cells = append(parts, cluster), append(cells, n)
	})
	used, from := 1, len(parts) // 1: the "…"
	for from > 0 && used+cells[from-1] <= w {
		from--
		used += cells[from]
	}
	return "…" + strings.Join(parts[from:], "")
}

// TruncateMiddle cuts plain s to at most w cells by taking text out of its
// middle ("generalt…LT22.en"): for names whose ends tell them apart, such
// as file names that share a long prefix.
func TruncateMiddle(s string, w int) string {
	if Cells(s) <= w {
		return s
	}
	if w < 5 {
		return Truncate(s, w)
	}
	// The end keeps the larger half: a name's end (its system) says more.
	headW := (w - 1) / 2
	return truncateCells(s, headW, "") + TruncateStart(s, w-headW)
}

// CutName cuts plain name, a system's, to at most w cells: at its end,
// which keeps its readable start ("JDExplore…"; a short name is already
// the part that tells systems apart), unless that cut would read as
// another of others, the names of the other systems loaded ("Online-W…"
// for both "Online-W-2022" and "Online-W-2023"), or the name is a file's
// whole name, in dot-separated parts, as a system given alone is named
// (its system may be any of them: "generaltest2022.de-en.hyp.LT22.en");
// then in its middle, keeping both ends ([TruncateMiddle]).
func CutName(name string, w int, others ...string) string {
	cut := Truncate(name, w)
	if cut == name {
		return name
	}
	if strings.Count(name, ".") >= 2 {
		return TruncateMiddle(name, w)
	}
	for _, o := range others {
		if o != name && Truncate(o, w) == cut {
			return TruncateMiddle(name, w)
		}
	}
	return cut
}

// PadRight pads s with spaces to w cells as [Cells] counts them (cutting
// it when longer).
func PadRight(s string, w int) string {
	s = Truncate(s, w)
	return s + strings.Repeat(" ", max(0, w-Cells(s)))
}

// PadLeft right-aligns s in w cells as [Cells] counts them (cutting it
// when longer).
func PadLeft(s string, w int) string {
	s = Truncate(s, w)
	return strings.Repeat(" ", max(0, w-Cells(s))) + s
}

// Columns lays blocks of lines side by side, each padded to width cells
// and followed by gap spaces (the last one without).
func Columns(blocks []string, width, gap int) string {
	cols := make([][]string, len(blocks))
	rows := 0
	for i, b := range blocks {
		cols[i] = strings.Split(b, "\n")
		rows = max(rows, len(cols[i]))
	}
	out := make([]string, rows)
	for r := range out {
		var line strings.Builder
		for i, c := range cols {
			cell := ""
			if r < len(c) {
				cell = c[r]
			}
			if i < len(cols)-1 {
				line.WriteString(PadRight(cell, width) + strings.Repeat(" ", gap))
			} else {
				line.WriteString(Truncate(cell, width))
			}
		}
		out[r] = line.String()
	}
	return strings.Join(out, "\n")
}
