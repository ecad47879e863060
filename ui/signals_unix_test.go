//go:build unix

package ui

import (
	"bytes"
	"errors"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/bleuscope/bleuscope/model"
	tea "github.com/charmbracelet/bubbletea"
)

// syncBuffer is a bytes.Buffer safe for the renderer's goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestSignalsRestoreTerminal: SIGINT, SIGTERM, SIGHUP and SIGQUIT sent to
// the running explorer end it with a SignalError naming the signal, after
// it has left the alternate screen and turned mouse reporting off.
func TestSignalsRestoreTerminal(t *testing.T) {
	ds := demoDataset(t)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT} {
		t.Run(sig.String(), func(t *testing.T) {
			var out syncBuffer
			errc := make(chan error, 1)
			go func() {
				errc <- run(New(ds, model.DefaultSettings()), tea.WithAltScreen(), tea.WithMouseCellMotion(),
					tea.WithInput(nil), tea.WithOutput(&out))
			}()
			deadline := time.Now().Add(10 * time.Second)
			for !strings.Contains(out.String(), "\x1b[?1049h") || !strings.Contains(out.String(), "\x1b[?1002h") {
				if time.Now().After(deadline) {
					t.Fatalf("the explorer never entered the alternate screen: %q", out.String())
				}
				time.Sleep(10 * time.Millisecond)
			}
			if err := syscall.Kill(syscall.Getpid(), sig); err != nil {
				t.Fatal(err)
			}
			var err error
			select {
			case err = <-errc:
			case <-time.After(10 * time.Second):
				t.Fatalf("the explorer is still running 10 s after %v", sig)
			}
			var se *SignalError
			if !errors.As(err, &se) || se.Signal != sig {
				t.Fatalf("run after %v = %v; want a SignalError for it", sig, err)
			}
			o := out.String()
			for _, seq := range []struct{ name, on, off string }{
				{"alternate screen", "\x1b[?1049h", "\x1b[?1049l"},
				{"mouse reporting", "\x1b[?1002h", "\x1b[?1002l"},
				{"SGR mouse mode", "\x1b[?1006h", "\x1b[?1006l"},
			} {
				if strings.LastIndex(o, seq.off) < strings.LastIndex(o, seq.on) {
					t.Errorf("after %v the %s is still on", sig, seq.name)
				}
			}
		})
	}
}
