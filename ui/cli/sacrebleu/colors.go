package sacrebleu

import "regexp"

// colors is whether sacrebleu would colour its output: only on a terminal
// (colorama strips the codes elsewhere), and never with NO_COLOR or
// --no-color.
type colors bool

// The colorama foreground codes sacrebleu uses.
const (
	cyan   = "\x1b[36m"
	yellow = "\x1b[33m"
	red    = "\x1b[31m"
	green  = "\x1b[32m"
	reset  = "\x1b[0m"
)

// paint is sacrebleu's Color.format.
func (c colors) paint(s, code string) string {
	if !c {
		return s
	}
	return code + s + reset
}

// confidenceText is the "(μ = x ± y)" part of a text result, which
// sacrebleu paints cyan.
var confidenceText = regexp.MustCompile(`\(μ = [0-9.]+ ± [0-9.]+\)`)
