package render

// braille is a canvas of w×h terminal cells drawn with Unicode braille
// patterns: each cell holds 2×4 dots, so a curve is four times as fine
// vertically as whole characters would draw it.
type braille struct {
	w, h int
	dots []uint8 // one bit mask per cell
}

func newBraille(w, h int) *braille {
	return &braille{w: w, h: h, dots: make([]uint8, w*h)}
}

// pxW and pxH are the canvas size in dots.
func (b *braille) pxW() int { return 2 * b.w }
func (b *braille) pxH() int { return 4 * b.h }

// brailleBits are the dot bits of a cell by column (0, 1) and row (0..3).
var brailleBits = [2][4]uint8{{0x01, 0x02, 0x04, 0x40}, {0x08, 0x10, 0x20, 0x80}}

// set turns on the dot at (x, y), y counted from the top; dots off the
// canvas are ignored.
func (b *braille) set(x, y int) {
	if x < 0 || y < 0 || x >= b.pxW() || y >= b.pxH() {
		return
	}
	b.dots[(y/4)*b.w+x/2] |= brailleBits[x%2][y%4]
}

// line sets the dot (x, y) and, when the previous column's dot was at
// prevY (≥ 0), the dots between them in column x, so steep parts of a
// curve stay connected.
func (b *braille) line(x, prevY, y int) {
	if prevY < 0 {
		b.set(x, y)
		return
	}
	lo, hi := min(prevY, y), max(prevY, y)
	if hi-lo > 1 {
		for yy := lo + 1; yy < hi; yy++ {
			b.set(x, yy)
		}
	}
	b.set(x, y)
}

// cell returns the character of cell (col, row): a braille pattern, or a
// space when the cell is empty.
func (b *braille) cell(col, row int) rune {
	m := b.dots[row*b.w+col]
	if m == 0 {
		return ' '
	}
	return rune(0x2800 + int(m))
}
