package ui

import (
	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/ui/termbg"
	tea "github.com/charmbracelet/bubbletea"
)

// Run opens the explorer on ds scored under set in the alternate screen,
// with the mouse on, and returns when the user quits. A signal that ends
// the process (SIGINT, SIGTERM, SIGHUP, SIGQUIT) ends the explorer with
// the terminal restored (alternate screen left, mouse reporting off, the
// keyboard as it was) and a [*SignalError]; SIGTSTP from outside suspends
// it the same way and `fg` resumes it. Other errors are internal (exit 1).
func Run(ds *model.Dataset, set model.Settings, opts ...Option) error {
	termbg.Ask()
	return run(New(ds, set, opts...), tea.WithAltScreen(), tea.WithMouseCellMotion())
}

// run runs the program of m with the signals watched.
func run(m tea.Model, opts ...tea.ProgramOption) error {
	p := tea.NewProgram(m, append(opts, tea.WithoutSignalHandler())...)
	w := watchSignals(p)
	_, err := p.Run()
	if sig := w.stop(); sig != nil {
		return &SignalError{Signal: sig}
	}
	return err
}
