package cli

import (
	"io"

	"github.com/bleuscope/bleuscope/ui/render"
)

const lessonsHelp = `Usage: bleuscope lessons

Prints bleuscope's lessons on BLEU as plain text: clipping, the brevity
penalty, word order and n-gram order, several references, sentence and
corpus BLEU, smoothing. In the explorer, press L to open them and edit each
hypothesis while the numbers change.

Text wraps at spaces (a word longer than a line is cut) to the
terminal's width. Piped (| less, | head), it wraps to the width of the
terminal on standard error, so that the terminal need not wrap the lines
again, or to 80 columns when there is none; redirected to a file, to 80
columns; --width sets it.

Examples:
  bleuscope lessons | less
  bleuscope lessons --width 100

Flags:
      --width N             wrap at N columns, 20 to 1000 (default: the
                            terminal's, see above)
      --version             print the version
  -h, --help                this help
`

// runLessons is "bleuscope lessons".
func runLessons(e *env, args []string) error {
	fs := newFlagSet("lessons")
	width := 0
	fs.Var(intFlag{&width, "80"}, "width", "line width")
	pos, err := fs.parse(args, func() string { return lessonsHelp }, e.stdout)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("lessons takes no arguments (got %q); %s", pos[0], fs.helpHint())
	}
	_, width, err = textLayout(e, fs, width)
	if err != nil {
		return err
	}
	_, err = io.WriteString(e.stdout, render.Lessons(width))
	return err
}
