package cli

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestExploreResampling: the explorer's significance screen takes --seed,
// --paired-bs-n and, without --seed, SACREBLEU_SEED, as compare does; the
// plain report, which resamples nothing, ignores a bad SACREBLEU_SEED.
func TestExploreResampling(t *testing.T) {
	files := []string{"../../fixtures/demo/fluent.en", "../../fixtures/demo/literal.en", "-r", "../../fixtures/demo/ref.A.en"}
	for _, c := range []struct {
		env  string // "unset" unsets it
		args []string
		want string
	}{
		{"", []string{"--seed", "7", "--paired-bs-n", "200"}, "n=200 seed 7"},
		{"unset", nil, "n=1,000 seed 12345"},
		{"8", nil, "n=1,000 seed 8"},
		{"8", []string{"--seed", "9"}, "n=1,000 seed 9"},
		// Seeds of any size, as compare takes them (2^64, 2^65).
		{"8", []string{"--seed", " 18446744073709551616 "}, "seed 18446744073709551616"},
		{"3_6893488147419103232", nil, "seed 36893488147419103232"},
	} {
		t.Setenv("SACREBLEU_SEED", c.env)
		if c.env == "unset" {
			unsetSeed(t)
		}
		m, _ := openExplorer(t, 120, 40, append(c.args, files...)...)
		m = pressKeys(t, m, "B")
		if v := ansi.Strip(m.View()); !strings.Contains(v, c.want) {
			t.Errorf("SACREBLEU_SEED=%q %q: the comparison lacks %q:\n%s", c.env, c.args, c.want, v)
		}
	}
	t.Setenv("SACREBLEU_SEED", "zz")
	if code, out, stderr := runCLI(t, "", files...); code != 0 || !strings.Contains(out, "report") {
		t.Errorf("the report with SACREBLEU_SEED=zz: exit %d, %q, %q", code, out, stderr)
	}
	// The explorer opens, says why it uses 12345, and does.
	m, _ := openExplorer(t, 200, 40, files...)
	// The seed's warning is not about the input: the warnings are called
	// warnings, not input warnings.
	if v := ansi.Strip(m.View()); !strings.Contains(v, "⚠ 2 warnings (! lists them)") {
		t.Errorf("SACREBLEU_SEED=zz: the first screen does not point to the warnings:\n%s", v)
	}
	if v := ansi.Strip(pressKeys(t, m, "!").View()); !strings.Contains(v, `SACREBLEU_SEED: "zz"`) || !strings.Contains(v, "uses the seed 12345") || strings.Contains(v, "input warnings") {
		t.Errorf("SACREBLEU_SEED=zz: the warnings do not say so, or are all called input warnings:\n%s", v)
	}
	m = pressKeys(t, m, "B")
	if v := ansi.Strip(m.View()); !strings.Contains(v, "seed 12345") {
		t.Errorf("SACREBLEU_SEED=zz: the comparison is not seeded 12345:\n%s", v)
	}
}

// TestExploreSeedWarningOnStderr: the warning about a bad SACREBLEU_SEED
// (empty or white space alone too, which int() refuses) is printed on standard
// error with the input's, as the warnings screen says.
func TestExploreSeedWarningOnStderr(t *testing.T) {
	for _, v := range []string{"zz", "", " "} {
		t.Setenv("SACREBLEU_SEED", v)
		var stderr bytes.Buffer
		e := &env{ctx: context.Background(), stdin: strings.NewReader(""), stdout: &bytes.Buffer{}, stderr: &stderr}
		x, err := prepareExplore(e, []string{"../../fixtures/demo/fluent.en", "-r", "../../fixtures/demo/ref.A.en"})
		if err != nil {
			t.Fatal(err)
		}
		_, closeAnn, err := x.options(e)
		if err != nil {
			t.Fatal(err)
		}
		closeAnn()
		e.printWarnings()
		if want := fmt.Sprintf("bleuscope: warning: SACREBLEU_SEED: %q", v); !strings.Contains(stderr.String(), want) {
			t.Errorf("SACREBLEU_SEED=%q: standard error %q lacks %q", v, stderr.String(), want)
		}
	}
}
