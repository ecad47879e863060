package render

import (
	"strings"
	"unicode"

	"github.com/charmbracelet/x/ansi"
)

// Terminals disagree on how wide text beyond ASCII is. Those that cluster
// graphemes (kitty, WezTerm, Ghostty) draw "👍🏽" in 2 cells and the
// conjunct "क्ष" in 1; those that go code point by code point (xterm, VTE,
// tmux) draw the same in 4 and 2 cells, give every spacing vowel sign of
// Devanagari a cell of its own, and draw "☺️" in 1 cell where a grapheme
// count says 2. A line measured narrower than the terminal draws it wraps
// and scrolls the screen; one measured wider leaves stale cells at its end.
// So the explorer measures every line both ways: [Cells] is the widest of
// the two (what a line must fit in), and [Clip] makes a line that fits
// whichever way the terminal counts.

// Cells returns the width of plain or styled s in cells on the terminal that
// draws it widest: per grapheme cluster, the larger of the cluster's width
// and the sum of its code points' widths. Escape sequences take no cells.
func Cells(s string) int {
	wide, _ := cellRange(s)
	return wide
}

// CellsAtLeast returns the fewest cells plain s (text as [Safe] returns
// it) adds to any line it is part of: the sum of its code points' widths
// on a terminal that counts code points. [Cells] of a line is never less
// than the sum of CellsAtLeast of its parts, however they join into
// grapheme clusters, so a line can be known too wide without measuring it
// whole.
func CellsAtLeast(s string) int {
	n := 0
	for _, r := range s {
		n += runeCells(r)
	}
	return n
}

// cellRange returns the widest and the narrowest width a terminal may draw
// s in.
func cellRange(s string) (wide, narrow int) {
	if PlainASCII(s) {
		return len(s), len(s)
	}
	var state byte
	for len(s) > 0 {
		seq, gw, n, next := ansi.DecodeSequence(s, state, nil)
		state = next
		s = s[n:]
		if isText(seq) {
			w, nw := clusterCells(seq, gw)
			wide += w
			narrow += nw
		}
	}
	return wide, narrow
}

// PlainASCII reports whether s is printable ASCII only, one cell a byte,
// which [Safe] shows as it is.
func PlainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] >= 0x7f {
			return false
		}
	}
	return true
}

// isText reports whether a decoded sequence is text to draw (a printable
// character or grapheme cluster) rather than a control or escape sequence.
func isText(seq string) bool {
	return seq != "" && seq[0] >= 0x20 && seq[0] != 0x7f && (seq[0] < 0x80 || seq[0] >= 0xc0)
}

// clusterCells returns the widest and narrowest widths of one grapheme
// cluster whose grapheme width is gw.
func clusterCells(cluster string, gw int) (wide, narrow int) {
	if len(cluster) == 1 {
		return gw, gw
	}
	sum := 0
	for _, r := range cluster {
		sum += runeCells(r)
	}
	return max(gw, sum), min(gw, sum)
}

// runeCells is the width a terminal that counts code points gives r: none
// for combining marks, joiners, variation selectors and other format
// characters, two for wide characters and emoji, one otherwise (spacing
// vowel signs included).
func runeCells(r rune) int {
	switch {
	case r < 0x300:
		return 1
	case r >= 0x4e00 && r <= 0x9fff, r >= 0xac00 && r <= 0xd7a3:
		return 2 // CJK ideographs and Hangul syllables, the bulk of such text
	case unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf):
		return 0
	case r < 0x1100:
		return 1
	}
	s := string(r)
	// The two tables terminals take a code point's width from: this is
	// where Cells gets its measure, so it cannot be Cells.
	return max(1, ansi.StringWidthWc(s), ansi.StringWidth(s))
}

// Clip cuts plain or styled s so that every terminal draws it in at most w
// cells, ending in "…" when it had to cut text. Blanks at the end of a
// line too wide go first (padding computed with a narrower measure).
// When the terminals may disagree on a line that fills the width exactly,
// it cuts one cell more: a line drawn narrower than the width is then
// always erased to its end, and none can be drawn wider. It is the last
// step of every line the explorer draws.
func Clip(s string, w int) string {
	if w <= 0 {
		return ""
	}
	wide, narrow := cellRange(s)
	if fits(wide, narrow, w) {
		return s
	}
	s = dropTrailingBlanks(s, wide-w)
	if wide, narrow = cellRange(s); wide == w && narrow < w {
		s = dropTrailingBlanks(s, 1)
		wide, narrow = cellRange(s)
	}
	if fits(wide, narrow, w) {
		return s
	}
	out := truncateCells(s, w, "…")
	if wide, narrow := cellRange(out); !fits(wide, narrow, w) {
		out = truncateCells(s, w-1, "…")
	}
	return out
}

// Fits reports whether every terminal draws plain or styled s in at most
// w cells, and all of them in w when it fills them: a line [Clip] leaves
// as it is.
func Fits(s string, w int) bool {
	wide, narrow := cellRange(s)
	return fits(wide, narrow, w)
}

// Spare returns the cells a line holding plain or styled s leaves free at
// its end so that [Clip] keeps it whole: 1 when terminals disagree on s's
// width (a line that fills the width exactly on some terminals and not on
// others is cut one cell more), else 0. It is [Fits] as room to leave:
// s fits w cells when Cells(s)+Spare(s) <= w.
func Spare(s string) int {
	if wide, narrow := cellRange(s); wide != narrow {
		return 1
	}
	return 0
}

// fits reports whether a line the terminals draw in narrow to wide cells
// fits w cells: narrower, or exactly w on all of them.
func fits(wide, narrow, w int) bool { return wide < w || wide == w && narrow == w }

// dropTrailingBlanks removes up to n spaces from the end of s's text,
// keeping every escape sequence.
func dropTrailingBlanks(s string, n int) string {
	var seqs []string
	var state byte
	for rest := s; len(rest) > 0; {
		seq, _, k, next := ansi.DecodeSequence(rest, state, nil)
		state = next
		rest = rest[k:]
		seqs = append(seqs, seq)
	}
	var tail []string // escape sequences after the dropped blanks, reversed
	i := len(seqs) - 1
	for ; i >= 0 && n > 0; i-- {
		switch {
		case seqs[i] == " ":
			n--
		case !isText(seqs[i]):
			tail = append(tail, seqs[i])
		default:
			n = 0
			i++ // keep this one
		}
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, seq := range seqs[:i+1] {
		b.WriteString(seq)
	}
	for j := len(tail) - 1; j >= 0; j-- {
		b.WriteString(tail[j])
	}
	return b.String()
}

// truncateCells cuts s to at most w cells as [Cells] counts them, tail
// included, keeping every escape sequence (so styles end where they
// should).
func truncateCells(s string, w int, tail string) string {
	w -= Cells(tail)
	if w < 0 {
		return ""
	}
	var b strings.Builder
	b.Grow(len(s))
	var state byte
	used, cut := 0, false
	for len(s) > 0 {
		seq, gw, n, next := ansi.DecodeSequence(s, state, nil)
		state = next
		s = s[n:]
		if !isText(seq) {
			b.WriteString(seq)
			continue
		}
		if cut {
			continue
		}
		cw, _ := clusterCells(seq, gw)
		if used+cw > w {
			cut = true
			b.WriteString(tail)
			continue
		}
		used += cw
		b.WriteString(seq)
	}
	return b.String()
}

// Graphemes splits plain or styled s into its grapheme clusters, with
// their widths as [Cells] counts them, and its escape sequences and
// controls, with none: the widths add up to Cells(s).
func Graphemes(s string, each func(cluster string, cells int)) {
	var state byte
	for len(s) > 0 {
		seq, gw, n, next := ansi.DecodeSequence(s, state, nil)
		state = next
		s = s[n:]
		w := 0
		if isText(seq) {
			w, _ = clusterCells(seq, gw)
		}
		each(seq, w)
	}
}
