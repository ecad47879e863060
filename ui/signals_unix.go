//go:build unix

package ui

import (
	"os"
	"os/signal"
	"syscall"
)

// The signals that end the explorer, and the one that suspends it.
var (
	endSignals    = []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT}
	suspendSignal = os.Signal(syscall.SIGTSTP)
)

// stopProcess stops the process group, as the terminal's ^Z does, and
// returns once it is continued (SIGCONT, sent by fg). SIGSTOP cannot be
// caught, so it stops the process whatever the runtime did to SIGTSTP's
// handler; the stop may take effect after kill returns, hence the wait.
func stopProcess() error {
	cont := make(chan os.Signal, 1)
	signal.Notify(cont, syscall.SIGCONT)
	defer signal.Stop(cont)
	if err := syscall.Kill(0, syscall.SIGSTOP); err != nil {
		return err
	}
	<-cont
	return nil
}
