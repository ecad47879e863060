package cli

import (
	"os"
	"testing"
)

// TestMain runs the package's tests without the SACREBLEU_SEED of the
// shell they were started from: the tests that read it set it themselves
// (t.Setenv), and every other one expects compare's default seed, 12345,
// which a SACREBLEU_SEED of the shell, empty too, would change or refuse.
func TestMain(m *testing.M) {
	os.Unsetenv("SACREBLEU_SEED")
	os.Exit(m.Run())
}
