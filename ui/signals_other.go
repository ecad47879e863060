//go:build !unix

package ui

import (
	"os"
	"syscall"
)

// The signals that end the explorer; there is no suspending it here.
var (
	endSignals    = []os.Signal{os.Interrupt, syscall.SIGTERM}
	suspendSignal os.Signal
)

// stopProcess does nothing: there is no job control here.
func stopProcess() error { return nil }
