package render

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/scoring"
	"github.com/charmbracelet/lipgloss"

	// golden defines the -update flag the goldens here honour too.
	_ "github.com/charmbracelet/x/exp/golden"
)

// The BLEU paper's guide-to-action example (without final full stops).
var (
	wtGuideRefs = []string{
		"It is a guide to action that ensures that the military will forever heed Party commands",
		"It is the guiding principle which guarantees the military forces always being under the command of the Party",
		"It is the practical guide for the army always to heed the directions of the party",
	}
	wtGuideHyp = "It is a guide to action which ensures that the military always obeys the commands of the party"
	wtCatRefs  = []string{"the cat is on the mat", "there is a cat on the mat"}
)

// wtWidths are the widths every renderer is checked at.
var wtWidths = []int{60, 80, 120}

// wtCase is one segment to walk through: the text and the options.
type wtCase struct {
	hyp  string
	refs []string
	opt  scoring.Options
}

// wtOpt returns the sentence options changed by f.
func wtOpt(f func(*scoring.Options)) scoring.Options {
	o := scoring.SentenceOptions()
	if f != nil {
		f(&o)
	}
	return o
}

// explainCase runs scoring.Explain and scoring.Evaluate on c, as the CLI
// and the explorer do before calling the walk-through.
func explainCase(t *testing.T, c wtCase) (scoring.Detail, scoring.Result, error) {
	t.Helper()
	d, err := scoring.Explain(c.hyp, c.refs, c.opt)
	if err != nil {
		t.Fatalf("Explain(%q): %v", c.hyp, err)
	}
	res, err := scoring.Evaluate(d.Stats, c.opt, scoring.LastSegment{Hyp: c.hyp, Refs: c.refs})
	return d, res, err
}

// walkText renders the whole walk-through of c at width, plain.
func walkText(t *testing.T, c wtCase, width int) string {
	t.Helper()
	d, res, err := explainCase(t, c)
	opts := []WalkOption{WithText(c.hyp, c.refs)}
	if err != nil {
		opts = append(opts, WithScoreError(err))
	}
	return Walkthrough(DefaultStyles(), d, res, c.opt, width, opts...)
}

// requireFits fails for every line of s wider than width cells.
func requireFits(t *testing.T, name, s string, width int) {
	t.Helper()
	for i, line := range strings.Split(s, "\n") {
		if w := lipgloss.Width(line); w > width {
			t.Errorf("%s: line %d is %d cells wide, more than %d: %q", name, i+1, w, width, line)
		}
	}
}

// requireContains fails unless s contains every one of want.
func requireContains(t *testing.T, name, s string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(s, w) {
			t.Errorf("%s: output lacks %q", name, w)
		}
	}
}

// requireGolden compares got with testdata/name.golden, or writes it when
// the tests run with -update.
func requireGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if f := flag.Lookup("update"); f != nil && f.Value.String() == "true" {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run the tests with -update to create it)", err)
	}
	if string(want) == got {
		return
	}
	wl, gl := strings.Split(string(want), "\n"), strings.Split(got, "\n")
	for i := 0; i < max(len(wl), len(gl)); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			t.Fatalf("%s differs from %s at line %d:\n got: %q\nwant: %q\n(run with -update if the change is intended)", name, path, i+1, g, w)
		}
	}
}
