package cli

import (
	"io"

	"golang.org/x/term"

	"github.com/bleuscope/bleuscope/ui/render"
)

// defaultWidth is the width of wrapped text when neither the output nor
// standard error is a terminal and --width is not given.
const defaultWidth = 80

// maxWidth is the widest text is wrapped to: --width above it is refused
// (the rules and tables drawn that wide would take memory in proportion,
// and run out of it at --width 99999999999), and a terminal reporting more
// is taken as this wide.
const maxWidth = 1000

// terminalWidth reports whether w is a terminal, and its width.
func terminalWidth(w io.Writer) (int, bool) {
	f, ok := osFile(w)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return 0, false
	}
	width, _, err := term.GetSize(int(f.Fd()))
	if err != nil || width <= 0 {
		width = defaultWidth
	}
	return width, true
}

// regularFile reports whether w is a regular file (output redirected to
// one), not a pipe, a terminal or a device.
func regularFile(w io.Writer) bool {
	f, ok := osFile(w)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode().IsRegular()
}

// textLayout picks the styles and width of wrapped text output: colour and
// the terminal's width on a terminal. Piped, plain text wrapped to the
// width of the terminal on standard error when there is one (a pipe into
// less or head ends on that screen, which would otherwise wrap the lines
// again, inside words), else to 80 columns; redirected to a file, to 80
// columns, so that the same command writes the same file. --width (when
// given) sets the width.
func textLayout(e *env, fs *flagSet, width int) (render.Styles, int, error) {
	st := render.PlainStyles()
	tw, tty := terminalWidth(e.stdout)
	if tty {
		st = render.DefaultStyles()
	}
	switch {
	case fs.given("width") && (width < 20 || width > maxWidth):
		return st, 0, fs.badNumber([]string{"width"}, "is not a number of columns from 20 to %d", maxWidth)
	case fs.given("width"):
	case tty:
		width = min(tw, maxWidth)
	default:
		width = defaultWidth
		if sw, ok := terminalWidth(e.stderr); ok && !regularFile(e.stdout) {
			width = min(sw, maxWidth)
		}
	}
	return st, width, nil
}
