package annotations

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzReadMQM checks that any input either fails with an error or gives
// annotations that pass their own checks and survive export → import →
// export unchanged.
func FuzzReadMQM(f *testing.F) {
	f.Add(quirky)
	f.Add("system\tdoc\tdoc_id\tseg_id\trater\tsource\ttarget\tcategory\tseverity\ns\td\t1\t1\tr\t<v>a</v><v>b\t</v>x<v>\tOther\tMinor\n")
	f.Add("system\tdoc\tdoc_id\tseg_id\trater\tsource\ttarget\tcategory\tseverity\ns\td\t1\t1\tr\t\t\tNo-error\tMajor\n")
	f.Add("system\tdoc\tdoc_id\tseg_id\trater\tsource\ttarget\tcategory\tseverity\ns\td\t1\t1\tr\t<</v>v>\tx\tOther\tMinor\n")
	f.Fuzz(func(t *testing.T, in string) {
		rows, err := ReadMQM(strings.NewReader(in), "f.tsv", LinesByPosition)
		if err != nil {
			return
		}
		for i := range rows.Annotations {
			a := &rows.Annotations[i]
			if err := a.check(); err != nil {
				t.Fatalf("row %d fails its check: %v", i+1, err)
			}
		}
		var first bytes.Buffer
		if _, err := WriteMQM(&first, rows.Annotations); err != nil {
			t.Fatal(err)
		}
		again, err := ReadMQM(bytes.NewReader(first.Bytes()), "export.tsv", LinesByPosition)
		if err != nil {
			t.Fatalf("export does not read back: %v\n%q", err, first.String())
		}
		var second bytes.Buffer
		WriteMQM(&second, again.Annotations)
		if first.String() != second.String() {
			t.Fatalf("export → import → export differs:\n%q\n%q", first.String(), second.String())
		}
	})
}

// FuzzParseTypology checks that any typology file is either refused with
// a one-line reason or gives a typology that passes its own checks.
func FuzzParseTypology(f *testing.F) {
	f.Add("name | quick-de\nseverity | m | minor | 1\nseverity | M | major | 5\ncategory | a | Accuracy\ncategory | fp | Fluency/Punctuation | minor=0.1\ncategory | n | Non-translation | *=25\nscore\n")
	f.Add("\ufeff# comment\n\nseverity|x|major|5\ncategory|a|A\ncategory|b|B|major=1e6\n")
	f.Add("severity | m | minor | 0x1p4\n")
	f.Add("category | ab | A\ncategory | a | B\nseverity | m | m | 1\n")
	f.Add("severity | \u00e9 | accent | 1\ncategory | e\u0301 | Decomposed\n")
	f.Fuzz(func(t *testing.T, in string) {
		p, err := ParseTypology(strings.NewReader(in), "t.txt")
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("the refusal is more than one line: %q", err)
			}
			return
		}
		if err := p.Validate(); err != nil {
			t.Errorf("ParseTypology gave a typology that fails its checks (%v): %+v", err, p)
		}
	})
}
