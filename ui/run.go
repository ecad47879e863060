package ui

import (
	"github.com/bleuscope/bleuscope/model"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
)

// Run opens the explorer on ds scored under set in the alternate screen,
// with the mouse on, and returns when the user quits. The error is for
// main to report (exit 1).
func Run(ds *model.Dataset, set model.Settings, opts ...Option) error {
	// Ask the terminal for its background colour now, before the program
	// reads the keyboard: asked later (on the first adaptive colour drawn),
	// the query's wait would swallow the first keys typed.
	lipgloss.HasDarkBackground()
	_, err := tea.NewProgram(New(ds, set, opts...), tea.WithAltScreen(), tea.WithMouseCellMotion()).Run()
	return err
}
