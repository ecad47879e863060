package scoring

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// The internal tests and benchmarks of this package find the shared data
// with these helpers: they cannot import fixtures/conformance, which
// imports scoring.

// sharedDir returns the shared folder beside the repository, or skips the
// test when it is absent.
func sharedDir(t testing.TB, parts ...string) string {
	t.Helper()
	p := filepath.Join(append([]string{"..", "..", "shared"}, parts...)...)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("%s not found: conformance data is not available on this machine, test skipped", filepath.Join(parts...))
	}
	return p
}

// readJSONL decodes the records of a JSON Lines file, split on "\n" only
// and of any length, skipping blank lines.
func readJSONL[T any](t *testing.T, path string) []T {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var recs []T
	n := 0
	for line := range bytes.Lines(data) {
		if n++; len(bytes.Trim(line, " \t\r\n")) == 0 {
			continue
		}
		var r T
		if err := json.Unmarshal(line, &r); err != nil {
			t.Fatalf("%s:%d: %v", path, n, err)
		}
		recs = append(recs, r)
	}
	return recs
}
