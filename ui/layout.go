package ui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bleuscope/bleuscope/ui/render"
)

// The smallest window every screen fits.
const (
	minWidth  = 60
	minHeight = 16
)

// tallLayout is the height from which the list takes half the body.
const tallLayout = 45

// wideDetail is the width from which the segment pane puts the text on the
// left and the arithmetic and ledger on the right.
const wideDetail = 140

func itoa(i int) string { return strconv.Itoa(i) }

// tooSmallScreen is what is shown below the minimum size: the size needed
// first, then the keys that act meanwhile (acting, [Model.actsWhenSmall]),
// wrapped to the window's width and cut to its height.
func tooSmallScreen(w, h int, acting string) string {
	msg := fmt.Sprintf("window too small: bleuscope needs %d×%d, this one is %d×%d. Until it is larger, only %s.", minWidth, minHeight, w, h, acting)
	lines := strings.Split(render.Wrap(msg, max(1, w)), "\n")
	lines = lines[:min(len(lines), max(1, h))]
	for i, l := range lines {
		lines[i] = render.Truncate(l, max(1, w))
	}
	return strings.Join(lines, "\n")
}

// layout is the split of the main screen into its parts, in lines.
type layout struct {
	header   int // corpus summary
	listHead int // the list's column header
	listRows int // visible segment rows
	detail   int // the segment pane: its title line plus content
	footer   int // help line, filter or jump prompt
}

// headerLines is the number of header lines: the summary must show at all
// times, so it never shrinks.
func headerLines(int) int { return 3 }

// mainLayout splits the window; zoom gives the whole body to the segment
// pane.
func mainLayout(w, h int, zoom bool) layout {
	l := layout{header: headerLines(h), listHead: 1, footer: 1}
	body := h - l.header - l.footer
	if zoom {
		l.listHead = 0
		l.detail = body
		return l
	}
	rows := body * 2 / 5
	if h >= tallLayout {
		rows = body / 2 // a tall window has room for both: share it
	}
	rows = min(max(rows-1, 3), 40)
	l.listRows = rows
	l.detail = body - l.listHead - rows
	return l
}

// listTop returns the y of the first segment row on screen.
func (l layout) listTop() int { return l.header + l.listHead }

// detailTop returns the y of the segment pane's first content line.
func (l layout) detailTop() int { return l.header + l.listHead + l.listRows + 1 }
