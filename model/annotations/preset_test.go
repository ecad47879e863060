package annotations

import (
	"fmt"
	"strings"
	"testing"
)

func TestMQMWeights(t *testing.T) {
	p := MQM()
	for _, c := range []struct {
		cat, sev string
		want     float64
	}{
		{"Accuracy/Mistranslation", "Major", 5},
		{"Accuracy/Mistranslation", "Minor", 1},
		{"Accuracy/Mistranslation", "Critical", 5},
		{"Accuracy/Mistranslation", "critical", 5},
		{"Fluency/Punctuation", "Minor", 0.1},
		{"Fluency/Punctuation", "Major", 5},
		{"Non-translation", "Major", 25},
		{"Non-translation", "Minor", 25},
		{"Non-translation!", "Major", 25},
		{"Style/Awkward", "Neutral", 0},
		{"No-error", "No-error", 0},
		{"Something/Unknown", "Minor", 1},
		{"Other", "Weird", 0},
	} {
		if got := p.Weight(c.cat, c.sev); got != c.want {
			t.Errorf("MQM weight of %s %s = %v; want %v", c.cat, c.sev, got, c.want)
		}
	}
}

func TestPresetsAreValidAndTheirKeysWork(t *testing.T) {
	for _, p := range []*Preset{MQM(), ESA()} {
		if err := p.Validate(); err != nil {
			t.Errorf("%s: %v", p.Name, err)
		}
		for _, row := range p.KeyTable() {
			switch row.What {
			case "category":
				if c, more := p.CategoryByKeys(row.Keys); c == nil || c.Name != row.Name || more {
					t.Errorf("%s: keys %q pick %v (more %v); want %s", p.Name, row.Keys, c, more, row.Name)
				}
				if len(row.Keys) == 2 {
					if c, more := p.CategoryByKeys(row.Keys[:1]); c != nil || !more {
						t.Errorf("%s: the first key of %q should wait for a second", p.Name, row.Keys)
					}
				}
			case "severity":
				if s := p.SeverityByKey(row.Keys); s == nil || s.Name != row.Name {
					t.Errorf("%s: key %q picks %v; want %s", p.Name, row.Keys, s, row.Name)
				}
			}
		}
	}
	if c := MQM().Category("Terminology/Inconsistent use of terminology"); c == nil || c.Keys != "tu" {
		t.Errorf("MQM lacks WMT's Terminology/Inconsistent use of terminology: %v", c)
	}
	if p, err := PresetByName("ESA"); err != nil || !p.SegmentScore {
		t.Errorf("PresetByName(ESA) = %v, %v", p, err)
	}
	if _, err := PresetByName("da"); err == nil {
		t.Error("PresetByName of an unknown preset succeeded")
	}
	bad := MQM()
	bad.Categories = append(bad.Categories, Category{Name: "Accuracy", Keys: "a"})
	if err := bad.Validate(); err == nil || err.Error() != `annotations: the keys "a" of category "Accuracy" begin the keys "am" of category "Accuracy/Mistranslation": after "a" the explorer cannot tell which is meant; give one of them other keys` {
		t.Errorf("a key that is the prefix of others: %v", err)
	}
	whole := ESA()
	whole.Categories[0].Keys = WholeSegmentKey
	if err := whole.Validate(); err == nil || !strings.Contains(err.Error(), "marks the whole segment") {
		t.Errorf("a category keyed %q: %v", WholeSegmentKey, err)
	}
}

// TestTypologySeverityKeyX: with two categories or more, a key typed
// after the whole-segment key picks a category, so a severity may take
// that key.
func TestTypologySeverityKeyX(t *testing.T) {
	p, err := ParseTypology(strings.NewReader("severity | x | major | 5\ncategory | a | A\ncategory | b | B\n"), "t")
	if err != nil || p.SeverityByKey(WholeSegmentKey) == nil {
		t.Errorf("a severity keyed x beside two categories: %v, %v", p, err)
	}
}

// The example of ParseTypology's documentation.
const typologyExample = `# A small typology for a quick check of a German system.
name     | quick-de
severity | m  | minor    | 1
severity | M  | major    | 5
category | a  | Accuracy
category | fp | Fluency/Punctuation | minor=0.1
category | ft | Fluency/Terminology
category | n  | Non-translation     | *=25
score
`

// TestTypologyNonTranslationWeight: a typology's own weight for its
// Non-translation category is the weight, where WMT's 25 overrode it;
// without one, the category still weighs 25, as WMT scores it.
func TestTypologyNonTranslationWeight(t *testing.T) {
	p, err := ParseTypology(strings.NewReader("severity | m | minor | 1\nseverity | M | major | 5\ncategory | n | Non-translation | *=10\ncategory | u | Non-translation/Other | minor=2\n"), "t")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		cat, sev string
		want     float64
	}{
		{"Non-translation", "major", 10}, {"Non-translation", "minor", 10},
		{"Non-translation/Other", "minor", 2}, {"Non-translation/Other", "major", 25},
		{"Non-translation!", "minor", 25},
	} {
		if got := p.Weight(c.cat, c.sev); got != c.want {
			t.Errorf("weight of %s %s = %v; want %v", c.cat, c.sev, got, c.want)
		}
	}
}

// TestTypologyWeightOfSeverityInAnyCase: a category's weight names its
// severity in any case, as severities match.
func TestTypologyWeightOfSeverityInAnyCase(t *testing.T) {
	p, err := ParseTypology(strings.NewReader("category | f | F | Minor=0.5\nseverity | m | minor | 1\n"), "t")
	if err != nil || p.Weight("F", "minor") != 0.5 {
		t.Fatalf("Minor=0.5 for the severity minor: %v, %v", p, err)
	}
}

// TestUnweighed: only the errors whose severity the preset lacks, nor
// their category's own weights, are counted: an alias (MQM's Critical),
// MQM's Neutral, a Non-translation, a No-error mark and a category's "*"
// all have a weight.
func TestUnweighed(t *testing.T) {
	anns := []Annotation{
		{Kind: KindError, Category: "Accuracy", Severity: "Critical"},
		{Kind: KindError, Category: "Style", Severity: "Neutral"},
		{Kind: KindError, Category: "Non-translation", Severity: "weird"},
		{Kind: KindNoError, Category: "No-error", Severity: "No-error"},
		{Kind: KindError, Category: "Accuracy", Severity: "blocker"},
		{Kind: KindError, Category: "Style", Severity: "blocker"},
		{Kind: KindError, Category: "Style", Severity: "trivial"},
	}
	if got := Unweighed(anns, MQM()); len(got) != 2 || got["blocker"] != 2 || got["trivial"] != 1 {
		t.Errorf("Unweighed(MQM) = %v; want blocker 2, trivial 1", got)
	}
	p := ESA()
	p.Categories[0].Weights = map[string]float64{"*": 3}
	anns = append(anns, Annotation{Kind: KindError, Category: "Error", Severity: "blocker"})
	if got := Unweighed(anns, p); got["blocker"] != 2 || got["Critical"] != 1 || got["Neutral"] != 1 || got["weird"] != 0 {
		t.Errorf("Unweighed(ESA with Error *=3) = %v; want blocker 2 (not the Error one), Critical 1, Neutral 1", got)
	}
}

// TestTypologySize: a typology of MaxTypologyItems categories and as many
// severities is taken; one more of either is refused on its line. Before,
// any number was taken, and checking 90,000 categories against each other
// took minutes.
func TestTypologySize(t *testing.T) {
	var full strings.Builder // lines 1-1000 categories, 1001-2000 severities
	for i := range MaxTypologyItems {
		fmt.Fprintf(&full, "category | %c%c | C%d\n", '一'+rune(i/26), 'a'+rune(i%26), i)
	}
	for i := range MaxTypologyItems - 1 {
		fmt.Fprintf(&full, "severity |  | s%d | 1\n", i)
	}
	full.WriteString("severity | m | minor | 1\n")
	if _, err := ParseTypology(strings.NewReader(full.String()), "t"); err != nil {
		t.Fatalf("%d categories and severities: %v", MaxTypologyItems, err)
	}
	for _, c := range []struct{ extra, want string }{
		{"category | zz | One more\n", "t:2001: a typology has at most 1000 categories"},
		{"severity |  | one more | 1\n", "t:2001: a typology has at most 1000 severities"},
	} {
		if _, err := ParseTypology(strings.NewReader(full.String()+c.extra), "t"); err == nil || err.Error() != c.want {
			t.Errorf("one more: %v; want %q", err, c.want)
		}
	}
}

// TestTypologyWeightBounds: the bounds of a weight are taken.
func TestTypologyWeightBounds(t *testing.T) {
	p, err := ParseTypology(strings.NewReader("severity | m | minor | 0\nseverity | M | major | 1e6\ncategory | a | A | minor=.5\n"), "t")
	if err != nil {
		t.Fatal(err)
	}
	if got := [2]float64{p.Weight("A", "minor"), p.Weight("A", "major")}; got != [2]float64{0.5, 1e6} {
		t.Errorf("weights of A minor, major = %v; want [0.5 1e6]", got)
	}
}

func TestParseTypology(t *testing.T) {
	p, err := ParseTypology(strings.NewReader(typologyExample), "quick.typology")
	if err != nil {
		t.Fatal(err)
	}
	if p.Name != "quick-de" || len(p.Categories) != 4 || len(p.Severities) != 2 || !p.SegmentScore {
		t.Fatalf("parsed %+v", p)
	}
	for _, c := range []struct {
		cat, sev string
		want     float64
	}{
		{"Accuracy", "major", 5}, {"Accuracy", "Minor", 1}, {"Fluency/Punctuation", "minor", 0.1},
		{"Fluency/Punctuation", "major", 5}, {"Non-translation", "minor", 25},
	} {
		if got := p.Weight(c.cat, c.sev); got != c.want {
			t.Errorf("weight of %s %s = %v; want %v", c.cat, c.sev, got, c.want)
		}
	}
	if c, _ := p.CategoryByKeys("fp"); c == nil || c.Name != "Fluency/Punctuation" {
		t.Errorf("keys fp pick %v", c)
	}
	for _, c := range []struct{ in, want string }{
		{"severity | m | minor\n", "t:1: write \"severity | KEY | NAME | WEIGHT\""},
		{"severity | m | minor | heavy\n", `t:1: weight "heavy" is not a number`},
		{"\n# c\ncolour | red\n", `t:3: unknown directive "colour"`},
		{"severity | m | minor | 1\ncategory | a | A | minor:2\n", `t:2: weight "minor:2" is not SEVERITY=NUMBER`},
		// A weight that is not a plain finite number, or below 0, made
		// every score it touched NaN or infinite (and summary --format
		// json fail): each is refused on its line.
		{"severity | m | minor | nan\ncategory | a | A\n", `t:1: weight "nan" is not a number (such as 5, 1 or 0.1)`},
		{"severity | m | minor | Inf\ncategory | a | A\n", `t:1: weight "Inf" is not a number`},
		{"severity | m | minor | 0x1p2\ncategory | a | A\n", `t:1: weight "0x1p2" is not a number`},
		{"severity | m | minor | -1\ncategory | a | A\n", `t:1: weight "-1" is out of range: a weight is from 0 to 1000000`},
		{"severity | m | minor | 1e400\ncategory | a | A\n", `t:1: weight "1e400" is not a number`},
		{"severity | m | minor | 2e6\ncategory | a | A\n", `t:1: weight "2e6" is out of range`},
		{"severity | m | minor | 1\ncategory | a | A | minor=NaN\n", `t:2: in "minor=NaN", weight "NaN" is not a number`},
		{"severity | m | minor | 1\ncategory | a | A | *=-Inf\n", `t:2: in "*=-Inf", weight "-Inf" is not a number`},
		{"severity | m | minor | 1\ncategory | a | A | minor=-0.5\n", `t:2: in "minor=-0.5", weight "-0.5" is out of range`},
		{"severity | m | minor | 1\ncategory | abc | A\n", "needs one or two keys"},
		{"severity | m | minor | 1\n", "at least one category"},
		// A category or severity that clashes with another is refused on
		// its line, naming the other's; before, a category named twice
		// got "the keys "a" of category "A" are a prefix of (or equal to)
		// "a" of "A"", and a severity named twice "severity "Minor" is
		// empty or named twice", neither with a line.
		{"severity | m | minor | 1\nseverity | m | major | 5\ncategory | a | A\n", `t:2: severities "minor" (line 1) and "major" both have the key "m"; give each its own`},
		{"severity | m | minor | 1\ncategory | a | A\ncategory | f | F\ncategory | a | A\n", `t:4: category "A" is named twice (first on line 2)`},
		{"severity | m | minor | 1\ncategory | a | A\ncategory | b | B\ncategory | c | A\n", `t:4: category "A" is named twice (first on line 2)`},
		{"severity | m | minor | 1\ncategory | a | A\n\ncategory | a | F\n", `t:4: categories "A" (line 2) and "F" both have the keys "a"; give each its own`},
		{"severity | m | minor | 1\ncategory | ab | A\ncategory | a | F\n", `t:3: the keys "a" of category "F" begin the keys "ab" of category "A" (line 2): after "a" the explorer cannot tell which is meant; give one of them other keys`},
		{"severity | m | minor | 1\ncategory | a | A\ncategory | ab | F\n", `t:3: the keys "a" of category "A" (line 2) begin the keys "ab" of category "F": after "a"`},
		{"category | a | A\nseverity | m | Minor | 1\nseverity | M | minor | 5\n", `t:3: severities "Minor" (line 2) and "minor" have one name, as severities match in any case; give each its own`},
		{"category | a | A\nseverity | m | minor | 1\nseverity | M | minor | 5\n", `t:3: severity "minor" is named twice (first on line 2)`},
		{"category | a | A\nseverity | mM | minor | 1\n", `t:2: severity "minor" needs one key, not "mM"`},
		// A category's weight for a severity the typology lacks (a typo)
		// weighed nothing and was taken without a word.
		{"severity | m | minor | 1\nseverity | M | major | 5\ncategory | a | A | major=10 critcal=3\n", `t:3: category "A" weighs "critcal", which is not a severity of the typology; name one of "minor", "major", or * for every one`},
		{"category | a | A | critical=3\nseverity | m | minor | 1\n", `t:1: category "A" weighs "critical", which is not a severity`},
		{"category | a | \nseverity | m | minor | 1\n", `t:1: the category keyed "a" has no name; give it one`},
		{"category | a | A\nseverity | m |  | 1\n", `t:2: the severity keyed "m" has no name; give it one`},
		// x marks the whole segment, and the key after it picks the
		// category (the severity when there is one category): a category
		// keyed x, or a lone category's severity keyed x, was taken, and
		// pressed twice x recorded it by accident.
		{"severity | m | minor | 1\ncategory | a | A\ncategory | x | Other\n", `t:3: the keys "x" of category "Other" start with "x", the key that marks the whole segment in the explorer (pressed twice, it would pick the category by accident); give the category other keys`},
		{"severity | m | minor | 1\ncategory | xo | Other\ncategory | a | A\n", `t:2: the keys "xo" of category "Other" start with "x"`},
		// The key clash is the error whatever else is wrong but the
		// file's syntax: no severity, a name twice, three keys.
		{"category | xo | Other\n", `t:1: the keys "xo" of category "Other" start with "x"`},
		{"severity | m | minor | 1\ncategory | a | A\ncategory | xyz | A\n", `t:3: the keys "xyz" of category "A" start with "x"`},
		{"severity | m | minor | 1\nseverity | x | minor | 5\ncategory | a | A\n", `t:2: the key "x" of severity "minor" marks`},
		// The clash is found once the file is read: a syntax error on a
		// later line is said first.
		{"severity | m | minor | 1\ncategory | xo | Other\ncolour | red\n", `t:3: unknown directive "colour"`},
		{"severity | m | minor | 1\nseverity | x | major | 5\ncategory | a | A\n", `t:2: the key "x" of severity "major" marks the whole segment in the explorer, and with one category the severity is typed right after it (pressed twice, it would pick the severity by accident); give the severity another key`},
	} {
		if _, err := ParseTypology(strings.NewReader(c.in), "t"); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseTypology(%q): %v; want %q", c.in, err, c.want)
		}
	}
}

// TestUntypableKeys: a key the explorer cannot be given as one character
// (a combining mark, as in an accented letter written decomposed, or a
// control character) is refused on its line, saying how to write it; a
// composed accented letter is a key like any other.
func TestUntypableKeys(t *testing.T) {
	for _, c := range []struct {
		typology, want string
	}{
		{"severity | m | minor | 1\ncategory | e\u0301 | Decomposed\n", "t:2: category \"Decomposed\" has the keys \"e\u0301\", of which U+0301 is a combining mark"},
		{"severity | \u0301 | minor | 1\ncategory | a | A\n", "t:1: severity \"minor\" has the key \"\u0301\", of which U+0301 is a combining mark"},
		{"severity | m | minor | 1\ncategory | a\x01 | Control\n", "t:2: category \"Control\" has the keys \"a\\x01\", of which U+0001 is not a character a key types"},
		{"severity | m | minor | 1\ncategory | a\u200b | Invisible\n", "of which U+200B is not a character a key types"},
	} {
		_, err := ParseTypology(strings.NewReader(c.typology), "t")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v; want an error with %q", c.typology, err, c.want)
		}
	}
	p, err := ParseTypology(strings.NewReader("severity | m | minor | 1\ncategory | \u00e9 | Composed\ncategory | e\u00b4 | Spacing acute\n"), "t")
	if err != nil || len(p.Categories) != 2 {
		t.Errorf("composed and spacing accents: %v; want both categories", err)
	}
}

// TestTypologyErrorsShowEscapes: a typology file's errors quote the
// names, keys and directives they name as every other message shows
// untrusted text (model.Printable: ESC as ␛, U+202E as \u202e), never
// raw; before, they were quoted with Go's %q ("\x1b").
func TestTypologyErrorsShowEscapes(t *testing.T) {
	name := "Acc\x1b]2;x\u202euracy"
	shown := `"Acc␛]2;x\u202euracy"`
	for _, c := range []struct{ in, want string }{
		{"severity | m | minor | 1\ncategory | a | " + name + "\ncategory | b | " + name + "\n", "t:3: category " + shown + " is named twice (first on line 2)"},
		{"severity | m | minor | 1\ncategory | a | " + name + " | major=2\n", "t:2: category " + shown + " weighs \"major\", which is not a severity"},
		{"severity | m | " + name + " | 1\nseverity | m | minor | 1\ncategory | a | A\n", "t:2: severities " + shown + " (line 1) and \"minor\" both have the key \"m\""},
		{"severity | m | minor | 1\ncategory | a | A | " + name + "=2\n", "t:2: category \"A\" weighs " + shown + ", which is not a severity"},
		{"severity | m | minor | \x1b[2J\ncategory | a | A\n", `t:1: weight "␛[2J" is not a number`},
		{"\x1b[2J | x\n", `t:1: unknown directive "␛[2J"`},
	} {
		_, err := ParseTypology(strings.NewReader(c.in), "t")
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.ContainsAny(err.Error(), "\x1b\u202e") {
			t.Errorf("ParseTypology(%q): %v; want it to say %s, without raw escapes", c.in, err, c.want)
		}
	}
}

// TestAnnotationMessagesShowEscapes: the typology an annotation file
// records and the severities its errors name are quoted the same way in
// their messages.
func TestAnnotationMessagesShowEscapes(t *testing.T) {
	bad := "x\x1b]2;y\u202e"
	shown := `"x␛]2;y\u202e"`
	_, err := (&typologyRecord{Name: bad, Kind: bad}).preset()
	if err == nil || !strings.Contains(err.Error(), "typology "+shown+" of an unknown kind "+shown) {
		t.Errorf("a recorded typology of an unknown kind: %v; want its name and kind shown %s", err, shown)
	}
	anns := []Annotation{{Kind: KindError, Category: "Accuracy", Severity: bad}}
	if w := UnweighedWarning(anns, MQM()); !strings.Contains(w, "of severity "+shown+" weighs 0") {
		t.Errorf("UnweighedWarning = %q; want the severity shown %s", w, shown)
	}
}
