//go:build unix

package sacrebleu

import (
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestCorruptGzipFIFO: a gzip stream with corrupt data read from a FIFO
// ends with one line, as from a regular file; the FIFO was opened again to
// find zlib's message, and that open waited for ever for a second writer.
func TestCorruptGzipFIFO(t *testing.T) {
	raw, err := os.ReadFile("testdata/zlib.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		GzHex string `json:"gz_hex"`
	}
	if err := json.Unmarshal(raw, &cases); err != nil || len(cases) == 0 {
		t.Fatalf("testdata/zlib.json: %v", err)
	}
	corrupt, err := hex.DecodeString(cases[0].GzHex)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"ref.txt": "x\n"})
	fifo := filepath.Join(dir, "hyp.gz")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no FIFO: %v", err)
	}
	go func() {
		if f, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
			f.Write(corrupt)
			f.Close()
		}
	}()
	type result struct {
		out, errOut string
		status      int
	}
	done := make(chan result, 1)
	go func() {
		out, errOut, status := runIn(t, dir, nil, "ref.txt", "-i", "hyp.gz")
		done <- result{out, errOut, status}
	}()
	var r result
	select {
	case r = <-done:
	case <-time.After(20 * time.Second):
		t.Errorf("still running after 20 s: it opened the FIFO again")
		if f, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
			f.Close()
		}
		r = <-done
	}
	if r.status != 1 || r.out != "" || strings.Count(r.errOut, "\n") != 1 || !strings.Contains(r.errOut, "hyp.gz") {
		t.Errorf("stdout %q, stderr %q, status %d; want nothing, one line naming hyp.gz, 1", r.out, r.errOut, r.status)
	}
}
