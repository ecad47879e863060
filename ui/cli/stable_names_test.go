package cli

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model/annotations"
)

// TestStableSystemNames: machine-readable output names a system after its
// whole file name, alike whether it is scored alone or beside a system
// whose file name shares parts with it (the explorer and text output show
// those parts dropped); a flag that takes a system accepts either name.
func TestStableSystemNames(t *testing.T) {
	const (
		lt22 = "generaltest2022.de-en.hyp.LT22.en"
		jde  = "generaltest2022.de-en.hyp.JDExploreAcademy.en"
	)
	writeFiles(t, map[string]string{
		"ref.txt":       "the cat sat on the mat\nthere is a dog in the garden\nit rained all day long\n",
		"d/" + lt22:     "the cat sat on a mat\na dog is in the garden\nit rained all day\n",
		"d/" + jde:      "the cat sat on the mat\nthere is a dog in a garden\nrain all day long\n",
		"d/named.hyp.x": "cat mat\ndog garden\nrain\n",
	})
	alone := []string{"d/" + lt22}
	beside := []string{"d/" + jde, "d/" + lt22}
	tests := []struct {
		args   []string // before the systems
		format string   // json (and jsonl), tsv, csv, or texts (the header of segments --text --format tsv)
		pair   bool     // needs two systems
	}{
		{[]string{"score", "--format", "json"}, "json", false},
		{[]string{"score", "--format", "json", "--confidence", "--confidence-n", "20"}, "json", false},
		{[]string{"score", "--format", "json", "--metrics", "bleu,chrf"}, "json", false},
		{[]string{"segments", "--format", "jsonl"}, "json", false},
		{[]string{"segments", "--format", "jsonl", "--metrics", "bleu,ter"}, "json", false},
		{[]string{"segments", "--format", "tsv"}, "tsv", false},
		{[]string{"segments", "--format", "csv"}, "csv", false},
		{[]string{"segments", "--text", "--format", "jsonl"}, "json", false},
		{[]string{"segments", "--text", "--format", "jsonl", "--sort", "impact", "--baseline", "LT22"}, "json", true},
		{[]string{"segments", "--text", "--format", "tsv"}, "texts", false},
		{[]string{"segments", "--text", "--format", "tsv", "--metrics", "bleu,chrf,ter"}, "texts", false},
		{[]string{"segments", "--text", "--format", "tsv", "--sort", "impact"}, "texts", true},
		{[]string{"segments", "--text", "--format", "tsv", "--sort", "impact", "--baseline", "LT22"}, "texts", true},
		{[]string{"ngrams", "--format", "jsonl", "--top", "2"}, "json", false},
		{[]string{"ngrams", "--format", "jsonl", "--top", "2", "--salient"}, "json", true},
		{[]string{"buckets", "--format", "jsonl"}, "json", false},
		{[]string{"compare", "--format", "json", "--paired-bs-n", "20"}, "json", true},
		{[]string{"compare", "--format", "json", "--paired-bs-n", "20", "--metrics", "bleu,chrf"}, "json", true},
	}
	for _, tt := range tests {
		for _, systems := range [][]string{alone, beside} {
			if tt.pair && len(systems) < 2 {
				continue
			}
			args := append(append(append([]string{}, tt.args...), systems...), "-r", "ref.txt")
			code, out, stderr := runCLI(t, "", args...)
			if code != 0 {
				t.Fatalf("%q: status %d: %s", args, code, stderr)
			}
			got := outputSystems(t, tt.format, out)
			if !slices.Contains(got, lt22) || slices.ContainsFunc(got, func(n string) bool { return n != lt22 && n != jde }) {
				t.Errorf("%q names the systems %q; want %q and %q only", args, got, lt22, jde)
			}
		}
	}
	// NAME=PATH still names a system, beside others too.
	_, out, _ := runCLI(t, "", "score", "--format", "json", "mine=d/named.hyp.x", "d/"+lt22, "d/"+jde, "-r", "ref.txt")
	if got := outputSystems(t, "json", out); !slices.Equal(got, []string{"mine", lt22, jde}) {
		t.Errorf("with NAME=PATH: %q", got)
	}
	for _, name := range []string{lt22, "LT22"} {
		code, out, stderr := runCLI(t, "", "segments", "--text", "--format", "jsonl", "--baseline", name, "d/"+jde, "d/"+lt22, "-r", "ref.txt")
		if code != 0 || !strings.Contains(out, `"baseline": "`+lt22+`"`) {
			t.Errorf("--baseline %s: status %d, %s%s", name, code, stderr, out)
		}
	}
}

// outputSystems returns the system names an output holds: the string
// values of "system", "system_a", "system_b", "baseline" and "grouped_by"
// in JSON, the
// first column of a TSV or CSV table, and in the header of a text table
// NAME and BASE of every KIND:NAME or KIND:NAME vs BASE cell (hyp, score,
// delta, impact, chrf, …) but a reference's (ref:A).
func outputSystems(t *testing.T, format, out string) []string {
	t.Helper()
	var names []string
	add := func(n string) {
		if !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case []any:
			for _, x := range v {
				walk(x)
			}
		case map[string]any:
			for k, x := range v {
				if s, ok := x.(string); ok && (k == "system" || k == "system_a" || k == "system_b" || k == "baseline" || k == "grouped_by") {
					add(s)
				}
				walk(x)
			}
		}
	}
	switch format {
	case "json":
		dec := json.NewDecoder(strings.NewReader(out))
		for dec.More() {
			var v any
			if err := dec.Decode(&v); err != nil {
				t.Fatalf("%v in %s", err, out)
			}
			walk(v)
		}
	case "tsv", "csv":
		r := csv.NewReader(strings.NewReader(out))
		if format == "tsv" {
			r.Comma, r.LazyQuotes = '\t', true
		}
		rows, err := r.ReadAll()
		if err != nil {
			t.Fatalf("%v in %s", err, out)
		}
		for _, row := range rows[1:] {
			add(row[0])
		}
	case "texts":
		head, _, _ := strings.Cut(out, "\n")
		for _, cell := range strings.Split(head, "\t") {
			kind, name, ok := strings.Cut(cell, ":")
			if !ok || kind == "ref" {
				continue // line, src, ref or ref:A
			}
			name, base, vs := strings.Cut(name, " vs ")
			add(name)
			if vs {
				add(base)
			}
		}
	}
	if len(names) == 0 {
		t.Fatalf("no system named in %s", out)
	}
	return names
}

// TestJSONSystemNamesStayApart: two systems whose names differ only in
// bytes that are not UTF-8 (Latin-1 è and é), given as NAME=PATH or as
// files so named, keep two names in every JSON and JSONL output, each
// byte written \xNN as README's Input says, where JSON's U+FFFD made them
// one; a flag takes the name so written back.
func TestJSONSystemNamesStayApart(t *testing.T) {
	const (
		e8 = "sys\xe8" // Latin-1, not UTF-8
		e9 = "sys\xe9"
	)
	wantE8, wantE9 := `sys\xe8`, `sys\xe9` // each byte that is not UTF-8 as \xNN
	writeFiles(t, map[string]string{
		"ref.txt": "the cat sat on the mat\nthere is a dog in the garden\nit rained all day long\n",
		"a.txt":   "the cat sat on a mat\na dog is in the garden\nit rained all day\n",
		"b.txt":   "the cat sat on the mat\nthere is a dog in a garden\nrain all day long\n",
	})
	ways := [][]string{{e8 + "=a.txt", e9 + "=b.txt"}}
	if os.WriteFile(e8, []byte("the cat sat on a mat\na dog is in the garden\nit rained all day\n"), 0o644) == nil &&
		os.WriteFile(e9, []byte("the cat sat on the mat\nthere is a dog in a garden\nrain all day long\n"), 0o644) == nil {
		ways = append(ways, []string{e8, e9})
	} else {
		t.Log("this file system takes no such file names; NAME=PATH only")
	}
	tests := [][]string{
		{"score", "--format", "json"},
		{"score", "--format", "json", "--confidence", "--confidence-n", "20"},
		{"score", "--format", "json", "--metrics", "bleu,chrf,ter"},
		{"segments", "--format", "jsonl"},
		{"segments", "--format", "jsonl", "--metrics", "bleu,ter"},
		{"segments", "--text", "--format", "jsonl"},
		{"compare", "--format", "json", "--paired-bs-n", "20"},
		{"compare", "--format", "json", "--paired-ar", "--paired-ar-n", "20", "--metrics", "bleu,chrf"},
		{"ngrams", "--format", "jsonl", "--top", "2"},
		{"ngrams", "--format", "jsonl", "--top", "2", "--salient"},
		{"buckets", "--format", "jsonl"},
		{"buckets", "--format", "jsonl", "--system", wantE9},
	}
	for _, systems := range ways {
		for _, tt := range tests {
			args := append(append(append([]string{}, tt...), systems...), "-r", "ref.txt")
			code, out, stderr := runCLI(t, "", args...)
			if code != 0 {
				t.Fatalf("%q: status %d: %s", args, code, stderr)
			}
			if got := outputSystems(t, "json", out); !sameNames(got, wantE8, wantE9) {
				t.Errorf("%q names the systems %q; want %q and %q", args, got, wantE8, wantE9)
			}
		}
		args := append([]string{"segments", "--text", "--format", "jsonl", "--baseline", wantE9}, systems...)
		code, out, stderr := runCLI(t, "", append(args, "-r", "ref.txt")...)
		if code != 0 || !strings.Contains(out, `"system": "sys\\xe8", `) || !strings.Contains(out, `"baseline": "sys\\xe9"`) {
			t.Errorf("%q: status %d, %s%s", args, code, stderr, out)
		}
	}
	// An annotation file (the explorer's marks on each) keeps the names
	// apart too, and its summary and export say them so.
	store, err := annotations.Open("a.ann")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{e8, e9} {
		a := annotations.Annotation{System: name, Line: 1, Rater: "r1"}
		a.SetText("the cat sat on a mat", "")
		if _, err := store.MarkNoError(a); err != nil {
			t.Fatal(err)
		}
	}
	store.Close()
	for _, args := range [][]string{
		{"annotations", "summary", "--format", "json", "a.ann"},
		{"annotations", "export", "--annotations", "a.ann", "--format", "jsonl"},
	} {
		code, out, stderr := runCLI(t, "", args...)
		if code != 0 {
			t.Fatalf("%q: status %d: %s", args, code, stderr)
		}
		if got := outputSystems(t, "json", out); !sameNames(got, wantE8, wantE9) {
			t.Errorf("%q names the systems %q; want %q and %q", args, got, wantE8, wantE9)
		}
	}
}

// sameNames reports whether got holds the names want, in any order.
func sameNames(got []string, want ...string) bool {
	return len(got) == len(want) && !slices.ContainsFunc(want, func(n string) bool { return !slices.Contains(got, n) })
}
