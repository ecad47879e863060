package model

import (
	"bytes"
	"compress/gzip"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bleuscope/bleuscope/scoring"
)

// inDir writes files into a fresh temporary directory and makes it the
// working directory, so that messages name the files as a user would.
func inDir(t *testing.T, files map[string]string) {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
}

func gzipped(t testing.TB, text string) string {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte(text))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

const (
	hyp3 = "The cat sat on the mat.\nIt wasn't surprising.\nThe man had just bitten him.\n"
	ref3 = "The cat sat on the mat.\nIt was not unexpected.\nThe man bit him first.\n"
)

func TestLoadErrors(t *testing.T) {
	full := gzipped(t, hyp3)
	tests := []struct {
		name  string
		files map[string]string
		in    Input
		want  string
	}{
		{"no system", nil, Input{Refs: []string{"ref.txt"}},
			"bleuscope: no system given; name at least one file of hypotheses (SYSTEM)"},
		{"no reference", map[string]string{"hyp.txt": hyp3}, Input{Systems: []string{"hyp.txt"}},
			"bleuscope: no reference given; add -r REF, once per reference translation"},
		{"no reference, table among several", map[string]string{"a.tsv": "ref\ta\nx\ty\n"}, Input{Systems: []string{"a.tsv", "b.txt"}},
			"bleuscope: no reference given; add -r REF, once per reference translation (a .tsv or .jsonl file holds every stream only when it is the only SYSTEM and no -r is given)"},
		{"missing file", map[string]string{"ref.txt": ref3}, Input{Systems: []string{"nope.txt"}, Refs: []string{"ref.txt"}},
			"bleuscope: nope.txt does not exist; check the path"},
		{"missing reference", map[string]string{"hyp.txt": hyp3}, Input{Systems: []string{"hyp.txt"}, Refs: []string{"refs/ref.txt"}},
			"bleuscope: refs/ref.txt does not exist; check the path"},
		{"directory", map[string]string{"d/x": "", "ref.txt": ref3}, Input{Systems: []string{"d"}, Refs: []string{"ref.txt"}},
			"bleuscope: d is a directory; give a file with one segment per line"},
		{"line counts", map[string]string{"hyp.txt": "a\nb\n", "ref.txt": ref3}, Input{Systems: []string{"hyp.txt"}, Refs: []string{"ref.txt"}},
			"bleuscope: hyp.txt has 2 lines but ref.txt has 3; every file must have one segment per line"},
		{"line counts, reference short", map[string]string{"hyp.txt": hyp3, "ref.txt": "a\nb\n"}, Input{Systems: []string{"hyp.txt"}, Refs: []string{"ref.txt"}},
			"bleuscope: hyp.txt has 3 lines but ref.txt has 2; every file must have one segment per line"},
		{"line counts, every file", map[string]string{"hyp.txt": hyp3, "ref.txt": ref3, "src.txt": "a\n"},
			Input{Systems: []string{"hyp.txt"}, Refs: []string{"ref.txt"}, Src: "src.txt"},
			"bleuscope: src.txt has 1 line but hyp.txt has 3 (hyp.txt: 3, ref.txt: 3, src.txt: 1); every file must have one segment per line"},
		{"no final line", map[string]string{"hyp.txt": "a\nb\nc\nd", "ref.txt": ref3}, Input{Systems: []string{"hyp.txt"}, Refs: []string{"ref.txt"}},
			"bleuscope: hyp.txt has 4 lines but ref.txt has 3; every file must have one segment per line"},
		{"trailing blank line", map[string]string{"hyp.txt": hyp3 + "\n", "ref.txt": ref3}, Input{Systems: []string{"hyp.txt"}, Refs: []string{"ref.txt"}},
			"bleuscope: hyp.txt:4: the file ends with an empty line, so it has 4 lines but ref.txt has 3; remove the trailing blank line"},
		{"trailing blank lines in reference, CRLF", map[string]string{"hyp.txt": hyp3, "ref.txt": strings.ReplaceAll(ref3, "\n", "\r\n") + "\r\n \r\n"},
			Input{Systems: []string{"hyp.txt"}, Refs: []string{"ref.txt"}},
			"bleuscope: ref.txt:4: the file ends with 2 empty lines, so it has 5 lines but hyp.txt has 3; remove the trailing blank lines"},
		{"invalid UTF-8", map[string]string{"hyp.txt": "ok\nca\xe9 au lait\nx\n", "ref.txt": ref3}, Input{Systems: []string{"hyp.txt"}, Refs: []string{"ref.txt"}},
			"bleuscope: hyp.txt:2:byte 3: invalid UTF-8 (byte 0xe9); convert the file to UTF-8, e.g. iconv -f latin1 -t utf-8"},
		{"empty files", map[string]string{"hyp.txt": "", "ref.txt": ""}, Input{Systems: []string{"hyp.txt"}, Refs: []string{"ref.txt"}},
			"bleuscope: hyp.txt is empty; give one segment per line"},
		{"duplicate system names", map[string]string{"a/hyp.txt": hyp3, "b/hyp.txt": hyp3, "ref.txt": ref3},
			Input{Systems: []string{"a/hyp.txt", "b/hyp.txt"}, Refs: []string{"ref.txt"}},
			`bleuscope: b/hyp.txt gives the system name "hyp.txt", as a/hyp.txt does; name them apart with NAME=PATH`},
		{"duplicate given names", map[string]string{"a.txt": hyp3, "b.txt": hyp3, "ref.txt": ref3},
			Input{Systems: []string{"x=a.txt", "x=b.txt"}, Refs: []string{"ref.txt"}},
			`bleuscope: b.txt gives the system name "x", as a.txt does; name them apart with NAME=PATH`},
		{"name without path", map[string]string{"ref.txt": ref3}, Input{Systems: []string{"x="}, Refs: []string{"ref.txt"}},
			`bleuscope: system "x=" has a name but no file; write NAME=PATH`},
		{"stdin twice", map[string]string{"ref.txt": ref3}, Input{Systems: []string{"-", "b=-"}, Refs: []string{"ref.txt"}, Stdin: strings.NewReader(hyp3)},
			`bleuscope: standard input is named twice ("-"); it can be read only once: save it to a file and name the file instead`},
		{"no stdin", map[string]string{"ref.txt": ref3}, Input{Systems: []string{"-"}, Refs: []string{"ref.txt"}},
			`bleuscope: standard input is not available; name a file instead of "-"`},
		{"truncated gzip", map[string]string{"hyp.txt.gz": full[:len(full)-6], "ref.txt": ref3}, Input{Systems: []string{"hyp.txt.gz"}, Refs: []string{"ref.txt"}},
			"bleuscope: hyp.txt.gz is not a valid gzip file (unexpected EOF); check that it was compressed completely, or decompress it first"},
		{"control characters in a file name", map[string]string{"ref.txt": ref3}, Input{Systems: []string{"a\x1b]2;x\a.txt"}, Refs: []string{"ref.txt"}},
			`bleuscope: a␛]2;x\x07.txt does not exist; check the path`},

		// TSV
		{"tsv wrong field count", map[string]string{"d.tsv": "src\tref\tsysA\nq\tr\th\nq\tr\n"}, Input{Systems: []string{"d.tsv"}},
			"bleuscope: d.tsv:3: 2 fields but the header has 3 (src, ref, sysA); give every row one field per column, separated by tabs"},
		{"tsv no reference column", map[string]string{"d.tsv": "src\tsysA\nq\th\n"}, Input{Systems: []string{"d.tsv"}},
			"bleuscope: d.tsv:1: the header names no reference column; name it ref (ref2, ref3 … for more references)"},
		{"tsv no system column", map[string]string{"d.tsv": "src\tref\tref2\nq\tr\tr\n"}, Input{Systems: []string{"d.tsv"}},
			"bleuscope: d.tsv:1: the header names no system column; add one column per system, named after the system"},
		{"tsv duplicate column", map[string]string{"d.tsv": "ref\tA\ta\nr\th\th\n"}, Input{Systems: []string{"d.tsv"}},
			`bleuscope: d.tsv:1: column "a" appears twice in the header; give every column its own name`},
		{"tsv unnamed column", map[string]string{"d.tsv": "ref\t\tA\nr\th\th\n"}, Input{Systems: []string{"d.tsv"}},
			"bleuscope: d.tsv:1: column 2 of the header has no name; name every column (src, ref, ref2 …, or a system name)"},
		{"tsv header only", map[string]string{"d.tsv": "ref\tA\n"}, Input{Systems: []string{"d.tsv"}},
			"bleuscope: d.tsv has a header but no rows; add one row per segment"},
		{"tsv empty line inside", map[string]string{"d.tsv": "ref\tA\nr\th\n\nr\th\n"}, Input{Systems: []string{"d.tsv"}},
			"bleuscope: d.tsv:3: empty line; every line must hold one tab-separated segment"},
		{"tsv trailing blank line", map[string]string{"d.tsv": "ref\tA\nr\th\n\n"}, Input{Systems: []string{"d.tsv"}},
			"bleuscope: d.tsv:3: the file ends with an empty line; remove the trailing blank line"},
		{"tsv with -s and a src column", map[string]string{"d.tsv": "src\tref\tA\ns\tr\th\n", "src.txt": "s\n"}, Input{Systems: []string{"d.tsv"}, Src: "src.txt"},
			"bleuscope: d.tsv has its own source; drop -s, or drop the src column"},
		{"tsv with -s of another length", map[string]string{"d.tsv": "ref\tA\nr\th\n", "src.txt": "s\nt\n"}, Input{Systems: []string{"d.tsv"}, Src: "src.txt"},
			"bleuscope: src.txt has 2 lines but d.tsv has 1 segment; every file must have one segment per line"},

		// JSONL
		{"jsonl bad JSON", map[string]string{"d.jsonl": `{"refs": ["a"], "hyps": {"A": "a"}}` + "\n" + `{"refs": ["a"], "hyps": {"A": "a"}` + "\n"}, Input{Systems: []string{"d.jsonl"}},
			`bleuscope: d.jsonl:2: bad JSON (unexpected end of JSON input at byte 34); every line must be one JSON record like {"src": "…", "refs": ["…", null], "hyps": {"system": "…"}}`},
		{"jsonl syntax error", map[string]string{"d.jsonl": `{"refs": ["a"] "hyps": {}}` + "\n"}, Input{Systems: []string{"d.jsonl"}},
			`bleuscope: d.jsonl:1: bad JSON (invalid character '"' after object key:value pair at byte 16); every line must be one JSON record like {"src": "…", "refs": ["…", null], "hyps": {"system": "…"}}`},
		{"jsonl not an object", map[string]string{"d.jsonl": `["a", "b"]` + "\n"}, Input{Systems: []string{"d.jsonl"}},
			`bleuscope: d.jsonl:1: bad JSON (the line is a JSON array, not an object); every line must be one JSON record like {"src": "…", "refs": ["…", null], "hyps": {"system": "…"}}`},
		{"jsonl systems differ", map[string]string{"d.jsonl": `{"refs": ["a"], "hyps": {"A": "a", "B": "b"}}` + "\n" + `{"refs": ["a"], "hyps": {"A": "a", "C": "c"}}` + "\n"}, Input{Systems: []string{"d.jsonl"}},
			`bleuscope: d.jsonl:2: the systems differ from the first record's (missing "B"; unexpected "C"); give every record the same systems`},
		{"jsonl every reference null", map[string]string{"d.jsonl": `{"refs": ["a", "b"], "hyps": {"A": "a"}}` + "\n" + `{"refs": [null, null], "hyps": {"A": "a"}}` + "\n"}, Input{Systems: []string{"d.jsonl"}},
			"bleuscope: d.jsonl:2: every reference is null; each segment needs at least one reference"},
		{"jsonl reference count", map[string]string{"d.jsonl": `{"refs": ["a", "b"], "hyps": {"A": "a"}}` + "\n" + `{"refs": ["a"], "hyps": {"A": "a"}}` + "\n"}, Input{Systems: []string{"d.jsonl"}},
			"bleuscope: d.jsonl:2: the record has 1 reference but the first record has 2; keep the count and use null for a missing reference"},
		{"jsonl no refs", map[string]string{"d.jsonl": `{"hyps": {"A": "a"}}` + "\n"}, Input{Systems: []string{"d.jsonl"}},
			`bleuscope: d.jsonl:1: the record has no "refs"; give a list of reference strings (null for a missing one)`},
		{"jsonl refs not strings", map[string]string{"d.jsonl": `{"refs": [1], "hyps": {"A": "a"}}` + "\n"}, Input{Systems: []string{"d.jsonl"}},
			`bleuscope: d.jsonl:1: "refs" must be a list of strings (null for a missing reference)`},
		{"jsonl null hypothesis", map[string]string{"d.jsonl": `{"refs": ["a"], "hyps": {"A": null}}` + "\n"}, Input{Systems: []string{"d.jsonl"}},
			`bleuscope: d.jsonl:1: the hypothesis of system "A" is null; give a string ("" for no output)`},
		{"jsonl repeated system", map[string]string{"d.jsonl": `{"refs": ["a"], "hyps": {"A": "a", "A": "b"}}` + "\n"}, Input{Systems: []string{"d.jsonl"}},
			`bleuscope: d.jsonl:1: system "A" appears twice in "hyps"; give every system its own name`},
		{"jsonl src in later record only", map[string]string{"d.jsonl": `{"refs": ["a"], "hyps": {"A": "a"}}` + "\n" + `{"src": "s", "refs": ["a"], "hyps": {"A": "a"}}` + "\n"}, Input{Systems: []string{"d.jsonl"}},
			`bleuscope: d.jsonl:2: the record has "src" but the first record has none; give a source in every record or in none`},
		{"jsonl trailing blank line", map[string]string{"d.jsonl": `{"refs": ["a"], "hyps": {"A": "a"}}` + "\n\n"}, Input{Systems: []string{"d.jsonl"}},
			"bleuscope: d.jsonl:2: the file ends with an empty line; remove the trailing blank line"},
		{"jsonl empty", map[string]string{"d.jsonl": ""}, Input{Systems: []string{"d.jsonl"}},
			`bleuscope: d.jsonl is empty; give one JSON record like {"src": "…", "refs": ["…", null], "hyps": {"system": "…"}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			inDir(t, tt.files)
			ds, err := Load(tt.in)
			if err == nil {
				t.Fatalf("Load = %d segments, no error; want %q", ds.Len(), tt.want)
			}
			var ie *InputError
			if !errors.As(err, &ie) {
				t.Fatalf("Load error %T (%v); want *InputError", err, err)
			}
			if got := err.Error(); got != tt.want {
				t.Errorf("Load error\n got %s\nwant %s", got, tt.want)
			}
			if strings.ContainsAny(err.Error(), "\n\r") {
				t.Errorf("message spans several lines: %q", err.Error())
			}
		})
	}
}

func TestInputErrorFormat(t *testing.T) {
	tests := []struct {
		e    InputError
		want string
	}{
		{InputError{Msg: "no reference"}, "bleuscope: no reference"},
		{InputError{File: "h.txt", Msg: "is empty"}, "bleuscope: h.txt is empty"},
		{InputError{File: "h.txt", Line: 3, Msg: "bad"}, "bleuscope: h.txt:3: bad"},
		{InputError{File: "h.txt", Line: 3, Byte: 9, Msg: "bad"}, "bleuscope: h.txt:3:byte 9: bad"},
		{InputError{File: "a\nb", Msg: "is\rodd"}, `bleuscope: a\nb is\rodd`},
	}
	for _, tt := range tests {
		if got := tt.e.Error(); got != tt.want {
			t.Errorf("%+v.Error() = %q; want %q", tt.e, got, tt.want)
		}
	}
}

// mustLoad loads in and fails the test on error.
func mustLoad(t testing.TB, in Input) *Dataset {
	t.Helper()
	ds, err := Load(in)
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

func TestLoadPlainText(t *testing.T) {
	inDir(t, map[string]string{
		"hyp.txt":    "  lead kept\r\nmiddle\u00a0\u3000\nend\t \n",
		"ref.txt":    "a\n\nc",
		"ref2.txt":   "x\ny\nz\n",
		"src.txt.gz": gzipped(t, "s1\ns2\ns3\n"),
		"sys=b.txt":  "p\nq\nr\n", // "=" in a file name that exists: a path
		"other.txt":  "1\n2\n3\n",
	})
	ds := mustLoad(t, Input{
		Systems: []string{"hyp.txt", "sys=b.txt", "named=other.txt"},
		Refs:    []string{"ref.txt", "ref2.txt"},
		Src:     "src.txt.gz",
	})
	if got, want := ds.Systems[0].Hyps, []string{"  lead kept", "middle", "end"}; !slices.Equal(got, want) {
		t.Errorf("hyps = %q; want %q (CRLF and Unicode trailing space stripped, leading kept)", got, want)
	}
	if got, want := ds.Refs, [][]string{{"a", "", "c"}, {"x", "y", "z"}}; !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("refs = %q; want %q", got, want)
	}
	if got, want := ds.Src, []string{"s1", "s2", "s3"}; !slices.Equal(got, want) {
		t.Errorf("src = %q; want %q", got, want)
	}
	var names []string
	for _, s := range ds.Systems {
		names = append(names, s.Name+"="+s.Path)
	}
	if want := []string{"hyp.txt=hyp.txt", "sys=b.txt=sys=b.txt", "named=other.txt"}; !slices.Equal(names, want) {
		t.Errorf("systems = %q; want %q", names, want)
	}
	if got, want := ds.RefNames, []string{"ref.txt", "ref2.txt"}; !slices.Equal(got, want) {
		t.Errorf("ref names = %q; want %q", got, want)
	}
	if ds.Len() != 3 || ds.NRefs() != 2 || ds.RefAbsent != nil {
		t.Errorf("Len, NRefs, RefAbsent = %d, %d, %v; want 3, 2, nil", ds.Len(), ds.NRefs(), ds.RefAbsent)
	}
	if got := ds.SegmentRefs(1, []string{"keep"}); !slices.Equal(got, []string{"keep", "", "y"}) {
		t.Errorf("SegmentRefs(1) = %q; want the empty reference kept", got)
	}
}

func TestLoadLineEnds(t *testing.T) {
	// Only "\n" ends a line in a file; standard input also takes a lone
	// "\r", as sacrebleu's command line reads it.
	text := "one\rtwo\u2028three\u0085four\x0c\nfive\n"
	inDir(t, map[string]string{"f.txt": text, "ref.txt": "a\nb\n", "ref3.txt": "a\nb\nc\n"})
	ds := mustLoad(t, Input{Systems: []string{"f.txt"}, Refs: []string{"ref.txt"}})
	if got, want := ds.Systems[0].Hyps, []string{"one\rtwo\u2028three\u0085four", "five"}; !slices.Equal(got, want) {
		t.Errorf("file lines = %q; want %q", got, want)
	}
	ds = mustLoad(t, Input{Systems: []string{"-"}, Refs: []string{"ref3.txt"}, Stdin: strings.NewReader("one\rtwo\r\nthree\r\n")})
	if got, want := ds.Systems[0].Hyps, []string{"one", "two", "three"}; !slices.Equal(got, want) {
		t.Errorf("stdin lines = %q; want %q", got, want)
	}
	if ds.Systems[0].Name != "stdin" || ds.Systems[0].Path != "-" {
		t.Errorf("stdin system = %q, %q; want stdin, -", ds.Systems[0].Name, ds.Systems[0].Path)
	}
}

func TestLoadFS(t *testing.T) {
	fsys := fstest.MapFS{
		"demo/hyp.txt": {Data: []byte(hyp3)},
		"demo/ref.txt": {Data: []byte(ref3)},
	}
	ds := mustLoad(t, Input{Systems: []string{"demo/hyp.txt"}, Refs: []string{"demo/ref.txt"}, FS: fsys})
	if ds.Len() != 3 || ds.Systems[0].Name != "hyp.txt" {
		t.Errorf("Len, name = %d, %q; want 3, hyp.txt", ds.Len(), ds.Systems[0].Name)
	}
	_, err := Load(Input{Systems: []string{"demo/nope.txt"}, Refs: []string{"demo/ref.txt"}, FS: fsys})
	if err == nil || err.Error() != "bleuscope: demo/nope.txt does not exist; check the path" {
		t.Errorf("missing file in FS: %v", err)
	}
	_, err = Load(Input{Systems: []string{"demo"}, Refs: []string{"demo/ref.txt"}, FS: fsys})
	if err == nil || err.Error() != "bleuscope: demo is a directory; give a file with one segment per line" {
		t.Errorf("directory in FS: %v", err)
	}
}

func TestLoadBOMKept(t *testing.T) {
	inDir(t, map[string]string{"hyp.txt": "\ufeff" + hyp3, "ref.txt": ref3})
	ds := mustLoad(t, Input{Systems: []string{"hyp.txt"}, Refs: []string{"ref.txt"}})
	if !strings.HasPrefix(ds.Systems[0].Hyps[0], "\ufeffThe") {
		t.Errorf("line 1 = %q; want the BOM kept", ds.Systems[0].Hyps[0])
	}
}

func TestLoadStdinGzip(t *testing.T) {
	inDir(t, map[string]string{"ref.txt": ref3})
	ds := mustLoad(t, Input{Systems: []string{"mt=-"}, Refs: []string{"ref.txt"}, Stdin: strings.NewReader(gzipped(t, hyp3))})
	if ds.Systems[0].Name != "mt" || ds.Systems[0].Hyps[2] != "The man had just bitten him." {
		t.Errorf("gzipped stdin: name %q, line 3 %q", ds.Systems[0].Name, ds.Systems[0].Hyps[2])
	}
}

func TestLoadTSV(t *testing.T) {
	inDir(t, map[string]string{
		"d.tsv.gz": gzipped(t, "\ufeffsrc\tref1\tRef2\tsys A\tB\r\n"+
			"q1\tr1\tR1\th1 \tb1\r\n"+
			"q2\t\tR2\t\tb2\n"),
	})
	ds := mustLoad(t, Input{Systems: []string{"d.tsv.gz"}})
	if named := mustLoad(t, Input{Systems: []string{"x=d.tsv.gz"}}); len(named.Systems) != 2 || named.Systems[0].Name != "sys A" {
		t.Errorf("NAME=table: systems %+v; want the table's own names", named.Systems)
	}
	if got, want := ds.Src, []string{"q1", "q2"}; !slices.Equal(got, want) {
		t.Errorf("src = %q; want %q", got, want)
	}
	if got, want := ds.Refs, [][]string{{"r1", ""}, {"R1", "R2"}}; !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("refs = %q; want %q", got, want)
	}
	if got, want := ds.RefNames, []string{"ref1", "Ref2"}; !slices.Equal(got, want) {
		t.Errorf("ref names = %q; want %q", got, want)
	}
	if len(ds.Systems) != 2 || ds.Systems[0].Name != "sys A" || ds.Systems[1].Name != "B" ||
		!slices.Equal(ds.Systems[0].Hyps, []string{"h1", ""}) || !slices.Equal(ds.Systems[1].Hyps, []string{"b1", "b2"}) {
		t.Errorf("systems = %+v", ds.Systems)
	}
	if ds.Systems[0].Path != "d.tsv.gz" || ds.NRefs() != 2 {
		t.Errorf("path, nrefs = %q, %d", ds.Systems[0].Path, ds.NRefs())
	}
}

func TestLoadJSONL(t *testing.T) {
	inDir(t, map[string]string{
		"d.jsonl": `{"src": "s1", "refs": ["a b", null], "hyps": {"zeta": "a b", "alpha": "x"}, "id": 7}` + "\n" +
			`{"src": "s2", "refs": ["c", "d"], "hyps": {"alpha": "y", "zeta": "c\r"}}` + "\n",
		"same.jsonl": `{"refs": [null, "a"], "hyps": {"A": "a"}}` + "\n" + `{"refs": ["b", null], "hyps": {"A": "b"}}`,
	})
	ds := mustLoad(t, Input{Systems: []string{"d.jsonl"}})
	if len(ds.Systems) != 2 || ds.Systems[0].Name != "zeta" || ds.Systems[1].Name != "alpha" {
		t.Fatalf("systems = %+v; want zeta, alpha in the first record's order", ds.Systems)
	}
	if got := ds.Systems[0].Hyps; !slices.Equal(got, []string{"a b", "c"}) {
		t.Errorf("zeta = %q", got)
	}
	if got := ds.Src; !slices.Equal(got, []string{"s1", "s2"}) {
		t.Errorf("src = %q", got)
	}
	if ds.NRefs() != scoring.VariableRefs {
		t.Errorf("NRefs = %d; want VariableRefs", ds.NRefs())
	}
	if got := ds.SegmentRefs(0, nil); !slices.Equal(got, []string{"a b"}) {
		t.Errorf("SegmentRefs(0) = %q; want the null left out", got)
	}
	if got := ds.SegmentRefs(1, nil); !slices.Equal(got, []string{"c", "d"}) {
		t.Errorf("SegmentRefs(1) = %q", got)
	}
	if !slices.Equal(ds.RefNames, []string{"ref1", "ref2"}) {
		t.Errorf("ref names = %q", ds.RefNames)
	}
	// Nulls that leave one reference per segment give nrefs 1, as
	// sacrebleu counts the references present.
	if ds := mustLoad(t, Input{Systems: []string{"same.jsonl"}}); ds.NRefs() != 1 {
		t.Errorf("NRefs = %d; want 1", ds.NRefs())
	}
}

func TestLoadLongLine(t *testing.T) {
	long := strings.Repeat("word ", 2<<20) // 10 MiB
	inDir(t, map[string]string{"hyp.txt": "short\n" + long + "\n", "ref.txt": "short\n" + long + "\n"})
	ds := mustLoad(t, Input{Systems: []string{"hyp.txt"}, Refs: []string{"ref.txt"}})
	if got := len(ds.Systems[0].Hyps[1]); got != len(long)-1 {
		t.Errorf("long line has %d bytes; want %d", got, len(long)-1)
	}
}

func TestLoadWarnings(t *testing.T) {
	tokenized := strings.Repeat("This is tokenized .\n", 100)
	tests := []struct {
		name  string
		files map[string]string
		in    Input
		want  []string
	}{
		{"clean", map[string]string{"h.txt": hyp3, "r.txt": ref3}, Input{Systems: []string{"h.txt"}, Refs: []string{"r.txt"}}, nil},
		{"BOM", map[string]string{"h.txt": "\ufeff" + hyp3, "r.txt": "\ufeff" + ref3}, Input{Systems: []string{"h.txt"}, Refs: []string{"r.txt"}}, []string{
			"h.txt: starts with a byte-order mark (U+FEFF); it is kept, as sacrebleu keeps it, so the first token of line 1 cannot match; save the file without it",
			"r.txt: starts with a byte-order mark (U+FEFF); it is kept, as sacrebleu keeps it, so the first token of line 1 cannot match; save the file without it",
		}},
		{"tokenized", map[string]string{"h.txt": tokenized, "r.txt": tokenized}, Input{Systems: []string{"h.txt"}, Refs: []string{"r.txt"}, Src: ""}, []string{
			`h.txt: 100 of 100 lines end in " ." and look tokenized already (sacrebleu warns at 100 such lines); BLEU tokenizes by itself, so score detokenized output`,
			"h.txt: every line is identical to reference r.txt; was the reference given as a system?",
		}},
		{"few tokenized lines", map[string]string{"h.txt": "a .\nb .\nc\n", "r.txt": ref3}, Input{Systems: []string{"h.txt"}, Refs: []string{"r.txt"}}, nil},
		{"BPE", map[string]string{"h.txt": "a\nthe ca@@ t sat\nmat@@\n", "r.txt": ref3}, Input{Systems: []string{"h.txt"}, Refs: []string{"r.txt"}}, []string{
			`h.txt: 2 lines contain the subword marker "@@" (first: line 2); undo BPE before scoring, e.g. sed -r 's/(@@ )|(@@ ?$)//g'`,
		}},
		{"empty hypotheses", map[string]string{"h.txt": "a\n  \n\nb\n", "r.txt": "a\nb\nc\nd\n"}, Input{Systems: []string{"h.txt"}, Refs: []string{"r.txt"}}, []string{
			"h.txt: 2 lines are empty (first: line 2); an empty hypothesis matches nothing and shortens the output",
		}},
		{"named copy of a reference", map[string]string{"h.txt": hyp3, "r.txt": ref3}, Input{Systems: []string{"h.txt", "oops=r.txt"}, Refs: []string{"r.txt"}}, []string{
			"system oops (r.txt): every line is identical to reference r.txt; was the reference given as a system?",
		}},
		{"table", map[string]string{"d.tsv": "ref\tA\nx @@ y\tx @@ y\n"}, Input{Systems: []string{"d.tsv"}}, []string{
			`d.tsv system A: 1 line contains the subword marker "@@" (first: line 1); undo BPE before scoring, e.g. sed -r 's/(@@ )|(@@ ?$)//g'`,
			"d.tsv system A: every line is identical to reference ref; was the reference given as a system?",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			inDir(t, tt.files)
			ds := mustLoad(t, tt.in)
			if !slices.Equal(ds.Warnings, tt.want) {
				t.Errorf("warnings\n got %q\nwant %q", ds.Warnings, tt.want)
			}
		})
	}
}
