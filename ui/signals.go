package ui

import (
	"io"
	"os"
	"os/signal"

	tea "github.com/charmbracelet/bubbletea"
)

// SignalError is what [Run] returns when a signal ended the explorer.
type SignalError struct {
	Signal os.Signal
}

// Error implements error.
func (e *SignalError) Error() string { return "interrupted by " + e.Signal.String() }

// signalWatch handles the signals while the explorer runs. Bubble Tea
// v1.3.10 handles only SIGINT and SIGTERM (SIGINT ends Run with
// ErrInterrupted, SIGTERM as if the user quit); any other signal keeps its
// default effect, which leaves the terminal in the alternate screen with
// mouse reporting on (SIGHUP, SIGQUIT, whose default also dumps every
// goroutine's stack) or stops the process without restoring the terminal
// (SIGTSTP), to resume in cooked mode after fg. So the explorer turns
// Bubble Tea's handler off and handles them all here.
type signalWatch struct {
	c      chan os.Signal // endSignals and suspendSignal
	done   chan struct{}  // closed by stop
	result chan os.Signal // the signal that ended the program, or nil
}

// watchSignals starts watching the signals for p. The handlers are in
// place when it returns.
func watchSignals(p *tea.Program) *signalWatch {
	w := &signalWatch{
		c:      make(chan os.Signal, 1),
		done:   make(chan struct{}),
		result: make(chan os.Signal, 1),
	}
	signal.Notify(w.c, endSignals...)
	if suspendSignal != nil {
		signal.Notify(w.c, suspendSignal)
	}
	go w.loop(p)
	return w
}

// loop ends p on an end signal and suspends it on suspendSignal.
func (w *signalWatch) loop(p *tea.Program) {
	for {
		select {
		case <-w.done:
			w.result <- nil
			return
		case s := <-w.c:
			if s == suspendSignal {
				// Bubble Tea's own suspension (tea.Suspend) stops the
				// process with SIGTSTP, which the Go runtime ignores once
				// it has been notified of it; its exec path releases
				// the terminal, runs the suspension and takes the
				// terminal back (repainting) in the event loop, all but
				// the mouse, turned on again after.
				p.Send(tea.Exec(suspension{}, func(error) tea.Msg { return tea.EnableMouseCellMotion() })())
				continue
			}
			p.Kill() // Run restores the terminal and returns
			w.result <- s
			return
		}
	}
}

// stop ends the watch and returns the signal that ended the program, if
// one did.
func (w *signalWatch) stop() os.Signal {
	close(w.done)
	s := <-w.result
	signal.Stop(w.c)
	return s
}

// suspension is the "command" the explorer runs with the terminal
// released when suspended: it stops the process group until SIGCONT (fg).
type suspension struct{}

func (suspension) Run() error          { return stopProcess() }
func (suspension) SetStdin(io.Reader)  {}
func (suspension) SetStdout(io.Writer) {}
func (suspension) SetStderr(io.Writer) {}
