package model

import (
	"testing"

	"github.com/bleuscope/bleuscope/fixtures/conformance"
)

// sharedDir returns a path inside the shared data folder beside the
// repository (../shared from its root), or skips the test when it is
// absent; the benchmarks use it to find the WMT22 text files.
func sharedDir(t testing.TB, parts ...string) string {
	t.Helper()
	return conformance.Shared(t, parts...)
}
