package model

import (
	"bytes"
	"compress/gzip"
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
	// The ".txt" both file-named systems share is dropped from their names.
	if want := []string{"hyp=hyp.txt", "sys=b=sys=b.txt", "named=other.txt"}; !slices.Equal(names, want) {
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

// TestLoadShortSystemNames: systems named after their files are shown
// by the parts that tell them apart, and keep the whole base name (without
// .gz) as their stable name, whichever other systems are loaded.
func TestLoadShortSystemNames(t *testing.T) {
	wmt := "generaltest2022.de-en.hyp."
	tests := []struct {
		name         string
		systems      []string
		want, stable []string
	}{
		{"WMT", []string{"d/" + wmt + "JDExploreAcademy.en", "d/" + wmt + "LT22.en.gz", "d/" + wmt + "Online-A.en"},
			[]string{"JDExploreAcademy", "LT22", "Online-A"}, []string{wmt + "JDExploreAcademy.en", wmt + "LT22.en", wmt + "Online-A.en"}},
		{"single system keeps its base name", []string{"d/" + wmt + "LT22.en.gz"}, []string{wmt + "LT22.en"}, []string{wmt + "LT22.en"}},
		{"given names kept, the others shortened", []string{"base=d/" + wmt + "LT22.en", "d/" + wmt + "JDExploreAcademy.en", "d/" + wmt + "Online-A.en"},
			[]string{"base", "JDExploreAcademy", "Online-A"}, []string{"base", wmt + "JDExploreAcademy.en", wmt + "Online-A.en"}},
		{"a name would be empty", []string{"d/sys.en", "d/sys.v2.en"}, []string{"sys.en", "sys.v2.en"}, []string{"sys.en", "sys.v2.en"}},
		{"a short name clashes with a given one", []string{"LT22=d/x.txt", "d/" + wmt + "LT22.en", "d/" + wmt + "Online-A.en"},
			[]string{"LT22", wmt + "LT22.en", "Online-A"}, []string{"LT22", wmt + "LT22.en", wmt + "Online-A.en"}},
		{"a lengthened name clashes with another short one", []string{"x=d/y.txt", "d/a.x.z", "d/a.a.x.z.z", "d/a.b.z"},
			[]string{"x", "a.x.z", "a.a.x.z.z", "b"}, []string{"x", "a.x.z", "a.a.x.z.z", "a.b.z"}},
		{"standard input keeps its name", []string{"-", "d/a.en", "d/b.en"}, []string{"stdin", "a", "b"}, []string{"stdin", "a.en", "b.en"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{"ref.txt": "r\n"}
			for _, s := range tt.systems {
				if _, p, ok := strings.Cut(s, "="); ok {
					s = p
				}
				if s != "-" {
					files[s] = "h\n"
				}
			}
			inDir(t, files)
			ds := mustLoad(t, Input{Systems: tt.systems, Refs: []string{"ref.txt"}, Stdin: strings.NewReader("h\n")})
			if names := ds.SystemNames(false); !slices.Equal(names, tt.want) {
				t.Errorf("names = %q; want %q", names, tt.want)
			}
			if names := ds.SystemNames(true); !slices.Equal(names, tt.stable) {
				t.Errorf("stable names = %q; want %q", names, tt.stable)
			}
			for i, name := range tt.stable {
				if got, ok := ds.SystemIndex(name); !ok || got != i {
					t.Errorf("SystemIndex(%q) = %d, %v; want %d", name, got, ok, i)
				}
				if got, ok := ds.SystemIndex(tt.want[i]); !ok || got != i {
					t.Errorf("SystemIndex(%q) = %d, %v; want %d", tt.want[i], got, ok, i)
				}
			}
		})
	}
}

// TestLoadLoneSystemName: a system loaded alone is shown without the
// parts of its file's name that the reference files' names share with it
// (the test set, the language pair and suffix) and a "hyp" before what is
// left, as several are shown without the parts they all share; its stable
// name stays the whole base name.
func TestLoadLoneSystemName(t *testing.T) {
	const wmt = "generaltest2022.zh-en."
	tests := []struct {
		name string
		sys  string
		refs []string
		want string
	}{
		{"WMT, two references", "d/" + wmt + "hyp.HuaweiTSC.en", []string{wmt + "ref.A.en", wmt + "ref.B.en"}, "HuaweiTSC"},
		{"WMT, compressed", "d/" + wmt + "hyp.Online-B.en.gz", []string{wmt + "ref.A.en.gz"}, "Online-B"},
		{"dotted system name", "d/" + wmt + "hyp.sys.v2.en", []string{wmt + "ref.A.en"}, "sys.v2"},
		{"no hyp part", "d/" + wmt + "LT22.en", []string{wmt + "ref.A.en"}, "LT22"},
		{"a hyp part elsewhere stays", "d/" + wmt + "LT22.hyp.en", []string{wmt + "ref.A.en"}, "LT22.hyp"},
		{"nothing leading shared", "d/out.HuaweiTSC.en", []string{wmt + "ref.A.en"}, "out.HuaweiTSC.en"},
		{"one reference shares nothing", "d/" + wmt + "hyp.X.en", []string{wmt + "ref.A.en", "other.en"}, wmt + "hyp.X.en"},
		{"only the trailing part shared", "d/hyp.txt", []string{"ref.txt"}, "hyp.txt"},
		{"nothing but hyp left", "d/test.hyp.en", []string{"test.ref.en"}, "test.hyp.en"},
		{"the same name as the reference", "d/" + wmt + "ref.A.en", []string{wmt + "ref.A.en"}, wmt + "ref.A.en"},
		{"a given name stays", "mine=d/" + wmt + "hyp.X.en", []string{wmt + "ref.A.en"}, "mine"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, path, named := strings.Cut(tt.sys, "=")
			if !named {
				path = tt.sys
			}
			files := map[string]string{path: "h\n"}
			for _, r := range tt.refs {
				files[r] = "r\n"
			}
			inDir(t, files)
			ds := mustLoad(t, Input{Systems: []string{tt.sys}, Refs: tt.refs})
			if got := ds.Systems[0].Name; got != tt.want {
				t.Errorf("name = %q; want %q", got, tt.want)
			}
			stable := strings.TrimSuffix(strings.TrimPrefix(path, "d/"), ".gz")
			if named {
				stable = tt.want
			}
			if got := ds.Systems[0].StableName(); got != stable {
				t.Errorf("stable name = %q; want %q", got, stable)
			}
			for _, n := range []string{tt.want, stable} {
				if i, ok := ds.SystemIndex(n); !ok || i != 0 {
					t.Errorf("SystemIndex(%q) = %d, %v; want 0", n, i, ok)
				}
			}
		})
	}
}

// TestLoadLongLine: a line just under the default limit loads, and a
// 10 MiB one once the limit is raised.
func TestLoadLongLine(t *testing.T) {
	for _, c := range []struct {
		long  string
		limit int
	}{{strings.Repeat("word ", 200<<10), 0}, {strings.Repeat("word ", 2<<20), 16 << 20}} {
		inDir(t, map[string]string{"hyp.txt": "short\n" + c.long + "\n", "ref.txt": "short\n" + c.long + "\n"})
		ds := mustLoad(t, Input{Systems: []string{"hyp.txt"}, Refs: []string{"ref.txt"}, Limits: LoadOptions{MaxLine: c.limit}})
		if got := len(ds.Systems[0].Hyps[1]); got != len(c.long)-1 {
			t.Errorf("long line has %d bytes; want %d", got, len(c.long)-1)
		}
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
		{"NUL bytes", map[string]string{"h.txt": "a\x00\nb\nc\x00 d\x00\n", "r.txt": ref3, "s.txt": "x\ny\x00\nz\n"}, Input{Systems: []string{"h.txt"}, Refs: []string{"r.txt"}, Src: "s.txt"}, []string{
			"h.txt: 2 lines contain a NUL character (first: line 1); plain text seldom holds one: it is kept as it is, as sacrebleu keeps it, but check how the file was made",
			"s.txt: 1 line contains a NUL character (first: line 2); plain text seldom holds one: it is kept as it is, as sacrebleu keeps it, but check how the file was made",
		}},
		{"NUL bytes at every other place of UTF-8", map[string]string{"h.txt": "a\x00b\x00\n", "r.txt": "a b\n"}, Input{Systems: []string{"h.txt"}, Refs: []string{"r.txt"}}, []string{
			"h.txt: 1 line contains a NUL character (first: line 1); plain text seldom holds one: it is kept as it is, as sacrebleu keeps it, but check how the file was made",
		}},
		// One to three characters in UTF-16 or UTF-32 hold the bytes of
		// UTF-8 text with NULs, which sacrebleu scores: kept, the warning
		// names the encoding; before, it said only "check how the file was
		// made". A C string's NUL after its text is no such character.
		{"UTF-16 too short to tell", map[string]string{"h.txt": "Y\x00e\x00s\x00", "r.txt": "Yes\n"}, Input{Systems: []string{"h.txt"}, Refs: []string{"r.txt"}}, []string{
			`h.txt: 1 line contains a NUL character (first: line 1); plain text seldom holds one: it is kept as it is, as sacrebleu keeps it, but check how the file was made; it may be "Yes" in UTF-16LE, too short to tell from UTF-8: if so, convert it, e.g. iconv -f UTF-16LE -t UTF-8`,
		}},
		{"UTF-32 too short to tell", map[string]string{"h.txt": "\x00\x00\x00J\x00\x00\x00o", "r.txt": "Jo\n"}, Input{Systems: []string{"h.txt"}, Refs: []string{"r.txt"}}, []string{
			`h.txt: 1 line contains a NUL character (first: line 1); plain text seldom holds one: it is kept as it is, as sacrebleu keeps it, but check how the file was made; it may be "Jo" in UTF-32BE, too short to tell from UTF-8: if so, convert it, e.g. iconv -f UTF-32BE -t UTF-8`,
		}},
		{"C strings", map[string]string{"h.txt": "hi\x00\x00", "r.txt": "hi\n"}, Input{Systems: []string{"h.txt"}, Refs: []string{"r.txt"}}, []string{
			"h.txt: 1 line contains a NUL character (first: line 1); plain text seldom holds one: it is kept as it is, as sacrebleu keeps it, but check how the file was made",
		}},
		// A TSV's NUL names the file's line and the segment, as its other
		// warnings do; before, the line alone, one more than the segment
		// the explorer and segments go by. Its -s file is lines alone. A
		// table's NULs name the columns (JSONL: the places) that hold them,
		// as its other warnings name them; before, a user had to search
		// every column.
		{"NUL byte in a table", map[string]string{"d.tsv": "ref\tA\nx\ty\nx\ty\x00\n", "s.txt": "a\nb\x00\n"}, Input{Systems: []string{"d.tsv"}, Src: "s.txt"}, []string{
			"d.tsv: 1 line contains a NUL character (first: line 3, segment 2; in system A); plain text seldom holds one: it is kept as it is, as sacrebleu keeps it, but check how the file was made",
			"s.txt: 1 line contains a NUL character (first: line 2); plain text seldom holds one: it is kept as it is, as sacrebleu keeps it, but check how the file was made",
		}},
		{"NUL byte in a table's header", map[string]string{"d.tsv": "ref\tA\x00\nx\ty\x00\n"}, Input{Systems: []string{"d.tsv"}}, []string{
			"d.tsv: 2 lines contain a NUL character (first: line 1, the header; in system A\\x00); plain text seldom holds one: it is kept as it is, as sacrebleu keeps it, but check how the file was made",
		}},
		{"NUL written \\u0000 in JSONL texts", map[string]string{"d.jsonl": `{"src": "s", "refs": ["a b"], "hyps": {"A": "x"}, "other": "\u0000"}
{"src": "s", "refs": ["a b"], "hyps": {"A": "x\u0000y"}}
{"src": "s\\u0000", "refs": ["a b"], "hyps": {"A": "x"}}
{"src": "s\u0000", "refs": ["a\u0000"], "hyps": {"A": "x"}}
`}, Input{Systems: []string{"d.jsonl"}}, []string{
			"d.jsonl: 2 lines contain a NUL character (first: line 2; in source, reference, system A); plain text seldom holds one: it is kept as it is, as sacrebleu keeps it, but check how the file was made",
		}},
		{"empty hypotheses", map[string]string{"h.txt": "a\n  \n\nb\n", "r.txt": "a\nb\nc\nd\n"}, Input{Systems: []string{"h.txt"}, Refs: []string{"r.txt"}}, []string{
			"h.txt: 2 lines are empty (first: line 2); an empty hypothesis matches nothing and shortens the output",
		}},
		{"named copy of a reference", map[string]string{"h.txt": hyp3, "r.txt": ref3}, Input{Systems: []string{"h.txt", "oops=r.txt"}, Refs: []string{"r.txt"}}, []string{
			"system oops (r.txt): every line is identical to reference r.txt; was the reference given as a system?",
		}},
		{"reference twice", map[string]string{"h.txt": hyp3, "r.txt": ref3}, Input{Systems: []string{"r.txt"}, Refs: []string{"r.txt", "r.txt"}}, []string{
			"r.txt is given more than once as a reference (-r); each copy counts as a reference of its own, as in sacrebleu",
			"r.txt: every line is identical to reference r.txt; was the reference given as a system?",
		}},
		{"table", map[string]string{"d.tsv": "ref\tA\nx @@ y\tx @@ y\n"}, Input{Systems: []string{"d.tsv"}}, []string{
			`d.tsv system A: 1 line contains the subword marker "@@" (first: line 2, segment 1); undo BPE before scoring, e.g. sed -r 's/(@@ )|(@@ ?$)//g'`,
			"d.tsv system A: every line is identical to the reference; was the reference given as a system?",
		}},
		// A reference is named as a system is: its file as given, or in a
		// table by the label bleuscope shows it by; before, a JSONL
		// record's second reference was "ref2", a name no file holds.
		{"copy of a reference in a folder", map[string]string{"h.txt": hyp3, "refs/r.txt": ref3}, Input{Systems: []string{"h.txt", "refs/r.txt"}, Refs: []string{"refs/r.txt"}}, []string{
			"system r (refs/r.txt): every line is identical to reference refs/r.txt; was the reference given as a system?",
		}},
		{"copy of a JSONL reference", map[string]string{"d.jsonl": `{"refs": ["a b", "c d"], "hyps": {"A": "c d"}}
{"refs": ["e f", "g h"], "hyps": {"A": "g h"}}
`}, Input{Systems: []string{"d.jsonl"}}, []string{
			"d.jsonl system A: every line is identical to ref 2; was the reference given as a system?",
		}},
		// An empty reference in a table is warned about as in a file (the
		// line is the segment's, as the hypotheses' warnings count it); a
		// JSONL null is a missing reference, not an empty one. Before, a
		// table's empty references went unsaid.
		{"empty reference in TSV", map[string]string{"d.tsv": "ref\tA\na b\ta b\n \tc d\n\te f\n"}, Input{Systems: []string{"d.tsv"}}, []string{
			"d.tsv reference: 2 lines are empty (first: line 3, segment 2); an empty reference matches nothing and its length 0 can be the closest r; check that the cell is meant to be empty",
		}},
		// A TSV's reference columns are labelled by their numbers (ref 1,
		// ref 2), and a single one, whatever its name, is the reference in
		// every warning; before, ref and ref2 were "ref ref" and "ref ref2",
		// and a lone ref1 was "ref ref1" in one warning, "reference" in the
		// other.
		{"empty references in TSV columns ref and ref2", map[string]string{"d.tsv": "ref\tref2\tA\na b\t\ta b\n\tc d\tc d\n"}, Input{Systems: []string{"d.tsv"}}, []string{
			"d.tsv ref 1: 1 line is empty (first: line 3, segment 2); an empty reference matches nothing and its length 0 can be the closest r; check that the cell is meant to be empty",
			"d.tsv ref 2: 1 line is empty (first: line 2, segment 1); an empty reference matches nothing and its length 0 can be the closest r; check that the cell is meant to be empty",
		}},
		{"a lone TSV reference column ref1", map[string]string{"d.tsv": "ref1\tA\na b\ta b\n\ta b\n"}, Input{Systems: []string{"d.tsv"}}, []string{
			"d.tsv reference: 1 line is empty (first: line 3, segment 2); an empty reference matches nothing and its length 0 can be the closest r; check that the cell is meant to be empty",
		}},
		{"copy of a lone TSV reference column REF", map[string]string{"d.tsv": "REF\tA\na b\ta b\n"}, Input{Systems: []string{"d.tsv"}}, []string{
			"d.tsv system A: every line is identical to the reference; was the reference given as a system?",
		}},
		{"empty reference in JSONL", map[string]string{"d.jsonl": `{"refs": ["a b", null], "hyps": {"A": "a b"}}
{"refs": ["c d", ""], "hyps": {"A": "c d"}}
{"refs": ["", "e f"], "hyps": {"A": "e f"}}
`}, Input{Systems: []string{"d.jsonl"}}, []string{
			"d.jsonl ref 1: 1 line is empty (first: line 3); an empty reference matches nothing and its length 0 can be the closest r; give null for a reference the segment does not have",
			"d.jsonl ref 2: 1 line is empty (first: line 2); an empty reference matches nothing and its length 0 can be the closest r; give null for a reference the segment does not have",
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

// TestLoadKeepsNUL: a NUL byte in UTF-8 text, even at the start of the
// file, is read as a character of its line, as sacrebleu reads it (the
// warning aside), not taken for UTF-16 nor refused.
func TestLoadKeepsNUL(t *testing.T) {
	inDir(t, map[string]string{"h.txt": "a\x00\nb c\n", "r.txt": "a\nb c\n"})
	ds := mustLoad(t, Input{Systems: []string{"h.txt"}, Refs: []string{"r.txt"}})
	if got := ds.Systems[0].Hyps; !slices.Equal(got, []string{"a\x00", "b c"}) {
		t.Errorf("hypotheses %q; want the NUL kept", got)
	}
}

// TestLoadGzipMembers: a gzip file of several members (cat a.gz b.gz),
// whose trailer gives the size of the last alone, reads whole; so do a
// file whose trailer is right (one member), a large one, and one padded
// with zero bytes between and after its members (as gunzip and Python's
// gzip read it). Junk after a member, and a member whose CRC or length is
// not its trailer's, are refused, saying which.
func TestLoadGzipMembers(t *testing.T) {
	flipByte := func(s string, at int) string {
		b := []byte(s)
		b[len(b)+at] ^= 1
		return string(b)
	}
	big := strings.Repeat("the cat sat on the mat\n", 100_000) // 2.3 MB: several chunks
	inDir(t, map[string]string{
		"two.gz":     gzipped(t, "a\nb\n") + gzipped(t, "c\n"),
		"one.gz":     gzipped(t, "x\ny\nz\n"),
		"big.gz":     gzipped(t, big),
		"padded.gz":  gzipped(t, "a\nb\n") + "\x00\x00" + gzipped(t, "c\n") + strings.Repeat("\x00", 600),
		"junk.gz":    gzipped(t, "a\nb\n") + "junk",
		"x.gz":       gzipped(t, "a\nb\n") + "x",
		"badcrc.gz":  flipByte(gzipped(t, "a\nb\n"), -8),
		"badsize.gz": flipByte(gzipped(t, "a\nb\n"), -1),
	})
	for _, c := range []struct{ path, want string }{
		{"junk.gz", `is not a valid gzip file (the compressed data is followed by bytes that start "ju", neither another gzip member nor zero bytes)`},
		{"x.gz", `is not a valid gzip file (the compressed data is followed by "x", neither another gzip member nor zero bytes)`},
		{"badcrc.gz", "is not a valid gzip file (CRC check failed: the trailer says 0x"},
		{"badsize.gz", "is not a valid gzip file (the data does not have the length the trailer says); the file is damaged: get a good copy of it"},
	} {
		if _, err := Load(Input{Systems: []string{c.path}, Refs: []string{c.path}}); err == nil || !strings.Contains(err.Error(), c.path+" "+c.want) {
			t.Errorf("%s: error %v; want one saying %q", c.path, err, c.want)
		}
	}
	for _, c := range []struct {
		path string
		want int
	}{{"two.gz", 3}, {"one.gz", 3}, {"big.gz", 100_000}, {"padded.gz", 3}} {
		ds := mustLoad(t, Input{Systems: []string{c.path}, Refs: []string{c.path}})
		if got := ds.Systems[0].Hyps; len(got) != c.want || got[0] == "" {
			t.Errorf("%s: %d lines (first %q); want %d", c.path, len(got), got[0], c.want)
		}
	}
	if f, err := os.Open("big.gz"); err != nil {
		t.Fatal(err)
	} else {
		st, _ := f.Stat()
		if got := gzipSize(f, st.Size()); got != int64(len(big)) {
			t.Errorf("gzipSize = %d; want the text's %d", got, len(big))
		}
		f.Close()
	}
}
