package termbg

import (
	"testing"

	"github.com/charmbracelet/lipgloss"
)

// TestGuess checks the guess from COLORFGBG: the background is its last
// field, ANSI 0–6 and 8 dark, 7 and 9–15 light, anything else (unset,
// "default", out of range) dark.
func TestGuess(t *testing.T) {
	for _, c := range []struct {
		in   string
		dark bool
	}{
		{"", true},
		{"15;0", true},
		{"0;15", false},
		{"0;7", false},
		{"7;8", true},
		{"0;default;15", false},
		{"15;default;0", true},
		{"0;default", true},
		{"0;16", true},
		{"0;-1", true},
		{";", true},
	} {
		if got := Guess(c.in); got != c.dark {
			t.Errorf("Guess(%q) = %v; want %v", c.in, got, c.dark)
		}
	}
}

// TestInitSetsTheGuess checks that after init the default renderer's
// background is the explicit guess (a light one is set here and read back:
// without an explicit value lipgloss would answer dark).
func TestInitSetsTheGuess(t *testing.T) {
	t.Setenv("COLORFGBG", "0;15")
	defer lipgloss.SetHasDarkBackground(true)
	setGuess()
	if lipgloss.HasDarkBackground() {
		t.Error("COLORFGBG=0;15 (white background) still reads as dark")
	}
}
