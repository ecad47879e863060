// Package termbg decides how bleuscope learns the terminal's background
// colour, which its adaptive colours depend on.
//
// bubbletea v1 asks the terminal in its package init (OSC 11 followed by a
// cursor report), so every command run on a terminal would ask: a command
// that prints and exits then waits up to 5 s where the terminal does not
// answer, and the query swallows keys typed ahead. This package's init runs
// first — among packages ready to initialise, Go initialises them in
// import-path order, and github.com/bleuscope sorts before
// github.com/charmbracelet — and sets a guess from COLORFGBG, so nothing is
// asked. The explorer, which keeps the terminal and colours it for minutes,
// asks for real with [Ask].
package termbg

import (
	"os"
	"strconv"
	"strings"

	"github.com/charmbracelet/lipgloss"
)

func init() { setGuess() }

// setGuess sets the default renderer's background to the guess.
func setGuess() {
	lipgloss.SetHasDarkBackground(Guess(os.Getenv("COLORFGBG")))
}

// Guess says from COLORFGBG ("fg;bg" or "fg;default;bg", as rxvt, Konsole
// and others set it) whether the background is dark: ANSI colours 0–6 and
// 8 are dark, 7 and 9–15 light. Without a usable value, dark.
func Guess(colorfgbg string) bool {
	i := strings.LastIndexByte(colorfgbg, ';')
	if i < 0 {
		return true
	}
	bg, err := strconv.Atoi(colorfgbg[i+1:])
	if err != nil || bg < 0 || bg > 15 {
		return true
	}
	return bg <= 6 || bg == 8
}

// Ask makes lipgloss's default renderer one that asks the terminal on
// standard output for its background, and asks now, before a program
// reads the keyboard (asked later, the wait for the answer would swallow
// the first keys typed). Styles made afterwards use the answer.
func Ask() {
	r := lipgloss.NewRenderer(os.Stdout)
	lipgloss.SetDefaultRenderer(r)
	r.HasDarkBackground()
}
