package model

import (
	"bufio"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/scoring"
)

// sharedDir returns a path inside the shared data folder beside the
// repository (../shared from its root), or skips the test when the folder
// is absent.
func sharedDir(t testing.TB, parts ...string) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join(append([]string{"..", "..", "shared"}, parts...)...))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(p); err != nil {
		t.Skipf("shared/%s not found: the shared conformance data is not on this machine, so this check cannot run", filepath.Join(parts...))
	}
	return p
}

// readJSONL decodes every record of a JSON Lines file into a new T and
// calls fn with it.
func readJSONL[T any](t *testing.T, path string, fn func(rec *T)) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 1<<20)
	for line := 1; ; line++ {
		b, err := r.ReadBytes('\n')
		if strings.TrimSpace(string(b)) != "" {
			rec := new(T)
			if err := json.Unmarshal(b, rec); err != nil {
				t.Fatalf("%s:%d: %v", path, line, err)
			}
			fn(rec)
		}
		if err != nil {
			return
		}
	}
}

// confOptions is the options object of the conformance files.
type confOptions struct {
	Tokenize       string   `json:"tokenize"`
	Lowercase      bool     `json:"lowercase"`
	SmoothMethod   string   `json:"smooth_method"`
	SmoothValue    *float64 `json:"smooth_value"`
	MaxNgramOrder  int      `json:"max_ngram_order"`
	EffectiveOrder bool     `json:"effective_order"`
}

// apply sets the options of c on o.
func (c confOptions) apply(o *scoring.Options) {
	o.Tokenize, o.Lowercase, o.Smooth = c.Tokenize, c.Lowercase, c.SmoothMethod
	o.SmoothValue = scoring.DefaultSmoothValue(c.SmoothMethod)
	if c.SmoothValue != nil {
		o.SmoothValue = *c.SmoothValue
	}
	o.MaxOrder = c.MaxNgramOrder
}

// closeTo compares floats to 1e-12, relative (absolute near 0).
func closeTo(got, want float64) bool {
	if got == want {
		return true
	}
	d := math.Abs(got - want)
	return d <= 1e-12 || d <= 1e-12*math.Abs(want)
}

func allClose(got, want []float64) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if !closeTo(got[i], want[i]) {
			return false
		}
	}
	return true
}

// with260 replaces bleuscope's version in signatures by sacrebleu's, for
// comparing with sacrebleu's output.
func with260(s string) string {
	return strings.ReplaceAll(s, "version:"+scoring.Version, "version:2.6.0")
}
