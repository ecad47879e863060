//go:build unix

package ui

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestQuitWaitsForFIFOExport: q while an export to a FIFO waits for its
// reader says that the FIFO is why.
func TestQuitWaitsForFIFOExport(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "f")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	m := press(t, ready(t, demoDataset(t), 100, 30), "X", "ctrl+u")
	m = typeText(t, m, fifo)
	m, _ = step1(t, m, keyMsg("enter")) // "not a regular file: enter again writes to it"
	m, _ = step1(t, m, keyMsg("enter")) // the export's command is not run: it waits
	m, _ = step1(t, m, keyMsg("q"))
	if !strings.Contains(m.statusText(), "(a FIFO waits for its reader)") {
		t.Errorf("q with an export to a FIFO in flight: status %q", m.statusText())
	}
}
