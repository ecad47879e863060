package sacrebleu

import (
	"encoding/json"
	"os"
	"testing"
)

// TestTabulate compares the tables with those tabulate 0.8.9 draws for
// the same columns, with the arguments sacrebleu passes it
// (testdata/tabulate.json): numeric and boolean-looking system names,
// spaces, multi-line cells, LaTeX escapes, non-ASCII text, colour codes,
// empty cells.
func TestTabulate(t *testing.T) {
	raw, err := os.ReadFile("testdata/tabulate.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Headers []string   `json:"headers"`
		Cols    [][]string `json:"cols"`
		Latex   bool       `json:"latex"`
		Width   int        `json:"width"`
		Want    string     `json:"want"`
	}
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		f := fancyGrid
		if c.Latex {
			f = latexBooktabs
		}
		if got := tabulate(c.Headers, c.Cols, f, c.Width); got != c.Want {
			t.Errorf("tabulate(%q, %q):\n%s\nwant\n%s", c.Headers, c.Cols, got, c.Want)
		}
	}
}
