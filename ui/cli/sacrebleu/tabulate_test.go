package sacrebleu

import (
	"encoding/json"
	"os"
	"strings"
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

// TestTabulateHugeIntNames checks system names that are integers beyond
// Go's int: tabulate 0.8.9 types a cell by whether int() reads it
// (_isint), and writes an int cell as the text it is ('"{0}".format(val)'),
// so the names stay as they are, not floats; past int()'s 4300 digits
// the name is a float that overflows, which tabulate keeps as text.
func TestTabulateHugeIntNames(t *testing.T) {
	long := "1" + strings.Repeat("0", 4300)
	for _, names := range [][]string{
		{"99999999999999999999", "-88888888888888888888"},
		{long, long + "1"},
	} {
		got := tabulate([]string{"System", "BLEU"}, [][]string{names, {"1.0", "2.0"}}, fancyGrid, 1)
		for _, n := range names {
			if !strings.Contains(got, " "+n+" │") {
				t.Errorf("names %.40q: table\n%.2000s\nwant the name %.40q as given", names, got, n)
			}
		}
	}
}
