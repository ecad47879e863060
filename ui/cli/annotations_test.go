package cli

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/fixtures/conformance"
	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/model/annotations"
)

// mqmSmall is a WMT MQM TSV with a quoted-looking field, a source span, an
// empty span and a No-error row, and two raters on one segment.
const mqmSmall = "system\tdoc\tdoc_id\tseg_id\trater\tsource\ttarget\tcategory\tseverity\n" +
	"sysA\td\t1\t1\tr1\tEins.\t\"One\" <v>two</v>.\tAccuracy/Mistranslation\tMajor\n" +
	"sysA\td\t1\t1\tr2\tEins.\t\"One\" two<v></v>.\tFluency/Punctuation\tMinor\n" +
	"sysA\td\t2\t2\tr1\t<v>Zwei</v> drei.\tThree.\tAccuracy/Omission\tMajor\n" +
	"sysB\td\t1\t1\tr1\tEins.\tOne.\tNo-error\tNo-error\n" +
	"sysB\td\t2\t2\tr1\tZwei drei.\t=Two three.\tStyle/Awkward\tMinor\n"

func TestAnnotationsImportExport(t *testing.T) {
	writeFiles(t, map[string]string{"m.tsv": mqmSmall})
	code, out, stderr := runCLI(t, "", "annotations", "import", "--annotations", "a.ann", "m.tsv")
	if code != 0 || out != "" || !strings.Contains(stderr, "m.tsv: 5 rows (4 errors, 1 no-error mark); 5 added to a.ann, 0 already there") {
		t.Fatalf("import: status %d, stdout %q, stderr %q", code, out, stderr)
	}
	if code, _, stderr = runCLI(t, "", "annotations", "import", "--annotations", "a.ann", "m.tsv"); code != 0 || !strings.Contains(stderr, "0 added to a.ann, 5 already there") {
		t.Errorf("import again: status %d, stderr %q; want nothing added", code, stderr)
	}
	// The TSV comes back as it went in, with a comment column.
	var want strings.Builder
	for _, l := range strings.SplitAfter(mqmSmall, "\n") {
		if l != "" {
			want.WriteString(strings.TrimSuffix(l, "\n") + "\t\n")
		}
	}
	wantTSV := strings.Replace(want.String(), "severity\t\n", "severity\tcomment\n", 1)
	code, out, stderr = runCLI(t, "", "annotations", "export", "--annotations", "a.ann")
	if code != 0 || stderr != "" || out != wantTSV {
		t.Errorf("export: status %d, stderr %q, stdout\n%s\nwant\n%s", code, stderr, out, wantTSV)
	}
	// A TSV converts directly too.
	if _, direct, _ := runCLI(t, "", "annotations", "export", "--annotations", "m.tsv"); direct != wantTSV {
		t.Errorf("export of the TSV itself:\n%s", direct)
	}
	// -o writes atomically; CSV is spreadsheet-safe; -o never names an input.
	if code, _, stderr = runCLI(t, "", "annotations", "export", "--annotations", "a.ann", "--format", "csv", "-o", "a.csv"); code != 0 || stderr != "" {
		t.Fatalf("export csv: status %d, stderr %q", code, stderr)
	}
	csv, _ := os.ReadFile("a.csv")
	if !strings.Contains(string(csv), ",'=Two three.,") {
		t.Errorf("CSV cell starting with = not defused:\n%s", csv)
	}
	before, _ := os.ReadFile("a.ann")
	code, _, stderr = runCLI(t, "", "annotations", "export", "--annotations", "a.ann", "-o", "a.ann")
	after, _ := os.ReadFile("a.ann")
	if code != 2 || !strings.Contains(stderr, "-o a.ann is one of the input files") || string(before) != string(after) {
		t.Errorf("export over its input: status %d, stderr %q, file changed %v", code, stderr, string(before) != string(after))
	}
	code, out, _ = runCLI(t, "", "annotations", "export", "--annotations", "a.ann", "--format", "jsonl")
	if code != 0 || strings.Count(out, "\n") != 5 || !strings.Contains(out, `"span":{"side":"src","start":0,"end":4}`) {
		t.Errorf("jsonl export: status %d\n%s", code, out)
	}
}

// TestAnnotationsImportRecordsTypology: import records the typology the
// rows were made with, as the explorer records its own: mqm's, or the one
// --preset or --typology names, once, so that the explorer and summary
// weigh the file with it; it recorded none, and a file made by import
// alone was weighed with whatever the explorer was given.
func TestAnnotationsImportRecordsTypology(t *testing.T) {
	writeFiles(t, map[string]string{"m.tsv": mqmSmall, "n.tsv": strings.Replace(mqmSmall, "Major", "Minor", -1),
		"o.tsv": strings.Replace(mqmSmall, "Style/Awkward", "Fluency/Grammar", 1), "p.tsv": strings.Replace(mqmSmall, "Style/Awkward", "Fluency/Spelling", 1),
		"ten.typ": "name | ten\nseverity | m | Minor | 1\nseverity | M | Major | 10\ncategory | o | Other\n"})
	names := func(path string) []string {
		t.Helper()
		st, err := annotations.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		var out []string
		for _, p := range st.Typologies() {
			out = append(out, p.Name)
		}
		return out
	}
	for _, c := range []struct {
		flags []string
		want  string
	}{
		{nil, "mqm"},
		{[]string{"--preset", "esa"}, "esa"},
		{[]string{"--typology", "ten.typ"}, "ten"},
	} {
		ann := c.want + ".ann"
		args := append(append([]string{"annotations", "import", "--annotations", ann}, c.flags...), "m.tsv", "n.tsv")
		if code, _, stderr := runCLI(t, "", args...); code != 0 {
			t.Fatalf("%q: status %d, stderr %q", args, code, stderr)
		}
		if got := names(ann); !slices.Equal(got, []string{c.want}) {
			t.Errorf("%q: the file records %q; want %s, once", args, got, c.want)
		}
	}
	// Rows of mqm's added to the file of esa's: the file records the
	// switch, and import says so, once.
	code, _, stderr := runCLI(t, "", "annotations", "import", "--annotations", "esa.ann", "o.tsv", "p.tsv")
	if got := names("esa.ann"); code != 0 || !slices.Equal(got, []string{"esa", "mqm"}) {
		t.Errorf("mqm's rows into esa's file: status %d, the file records %q; want esa, then mqm", code, got)
	}
	if want := "bleuscope: warning: esa.ann: annotated with esa, then with mqm: the typology was switched"; strings.Count(stderr, want) != 1 || !strings.Contains(stderr, "now weigh every error with the last") {
		t.Errorf("mqm's rows into esa's file: stderr %q; want one %q", stderr, want)
	}
	if _, _, stderr := runCLI(t, "", "annotations", "import", "--annotations", "mqm.ann", "m.tsv"); strings.Contains(stderr, "switched") {
		t.Errorf("mqm's rows into mqm's file: %q", stderr)
	}
	if code, _, stderr := runCLI(t, "", "annotations", "import", "--annotations", "x.ann", "--preset", "esa", "--typology", "ten.typ", "m.tsv"); code != exitUsage || !strings.Contains(stderr, "not both") {
		t.Errorf("--preset and --typology: status %d, stderr %q", code, stderr)
	}
}

// TestAnnotationsExportNotReadBack: a CSV or JSONL export given where an
// annotation file or a WMT MQM TSV is read (summary, import, the
// explorer's --annotations) is refused in one line that says what it is
// and what to give instead, and is left as it was; import creates no
// annotation file. It said the file was "not a bleuscope annotation file"
// or lacked the TSV's columns, and a user who had exported it was lost.
func TestAnnotationsExportNotReadBack(t *testing.T) {
	writeFiles(t, map[string]string{"m.tsv": mqmSmall})
	if code, _, stderr := runCLI(t, "", "annotations", "import", "--annotations", "a.ann", "m.tsv"); code != 0 {
		t.Fatalf("import: status %d, %q", code, stderr)
	}
	for _, kind := range []string{"csv", "jsonl"} {
		file := "export." + kind
		if code, _, stderr := runCLI(t, "", "annotations", "export", "--annotations", "a.ann", "--format", kind, "-o", file); code != 0 {
			t.Fatalf("export %s: status %d, %q", kind, code, stderr)
		}
		before, _ := os.ReadFile(file)
		want := "bleuscope: " + file + ":1: is the output of annotations export --format " + kind +
			", which bleuscope does not read back; give the annotation file it was exported from, or its export with --format mqm-tsv\n"
		for _, args := range [][]string{
			{"annotations", "summary", file},
			{"annotations", "summary", "--format", "json", "--annotations", file},
			{"annotations", "export", "--annotations", file},
			{"annotations", "import", "--annotations", "b.ann", file},
			{"--annotations", file},
		} {
			if code, out, stderr := runCLI(t, "", args...); code != 2 || out != "" || stderr != want {
				t.Errorf("%q: status %d, stdout %q, stderr %q; want 2 and %q", args, code, out, stderr, want)
			}
		}
		if after, _ := os.ReadFile(file); string(after) != string(before) {
			t.Errorf("the %s export changed", kind)
		}
		if _, err := os.Stat("b.ann"); err == nil {
			t.Errorf("import of the %s export created the annotation file", kind)
		}
	}
}

// TestMQMNULWarning: a NUL in the texts of a WMT MQM TSV gets the warning
// a text file gets, wherever the file is read: as a corpus, imported, or
// summed up.
func TestMQMNULWarning(t *testing.T) {
	writeFiles(t, map[string]string{"m.tsv": mqmSmall +
		"ref\td\t1\t1\tr1\tEins.\tOne.\tNo-error\tNo-error\n" +
		"ref\td\t2\t2\tr1\tZwei drei.\tTwo\x00three.\tNo-error\tNo-error\n"})
	const want = "bleuscope: warning: m.tsv: 1 line contains a NUL character (first: line 8); "
	for _, args := range [][]string{
		{"score", "--mqm", "m.tsv", "--mqm-ref", "ref"},
		{"annotations", "import", "--annotations", "a.ann", "m.tsv"},
		{"annotations", "summary", "m.tsv"},
	} {
		if code, _, stderr := runCLI(t, "", args...); code != 0 || !strings.Contains(stderr, want) {
			t.Errorf("%s: status %d, stderr %q; want the NUL warning", strings.Join(args, " "), code, stderr)
		}
	}
}

// TestMQMEncoding: a WMT MQM TSV in UTF-16 gets the one line a system file
// in UTF-16 gets, naming the file and the iconv command, wherever it is
// read: as a corpus, imported, or summed up; the import creates no
// annotation file.
func TestMQMEncoding(t *testing.T) {
	tsv := conformance.UTF16(mqmSmall+"ref\td\t1\t1\tr1\tEins.\tOne.\tNo-error\tNo-error\n", binary.LittleEndian)
	writeFiles(t, map[string]string{"m.tsv": tsv, "m.tsv.gz": gzipped(t, tsv)})
	for _, name := range []string{"m.tsv", "m.tsv.gz"} {
		want := "bleuscope: " + name + " is UTF-16 (little-endian) without a byte-order mark, as the NUL bytes among its characters say, not UTF-8; convert it, e.g. iconv -f UTF-16LE -t UTF-8\n"
		for _, args := range [][]string{
			{"--mqm", name, "--mqm-ref", "ref"},
			{"annotations", "import", "--annotations", "a.ann", name},
			{"annotations", "summary", name},
		} {
			if code, out, stderr := runCLI(t, "", args...); code != 2 || out != "" || stderr != want {
				t.Errorf("%s: status %d, stdout %q, stderr %q; want 2 and %q", strings.Join(args, " "), code, out, stderr, want)
			}
		}
	}
	if _, err := os.Stat("a.ann"); err == nil {
		t.Error("the refused import created the annotation file")
	}
}

// TestMQMGzipByContent: a WMT MQM TSV is decompressed when it is
// gzip-compressed, whatever its name, as the loader reads a system file: a
// compressed file not named .gz, and a plain one named .gz, read as the
// plain file does, wherever they are read: as a corpus, imported, or
// summed up.
func TestMQMGzipByContent(t *testing.T) {
	tsv := mqmSmall + "ref\td\t1\t1\tr1\tEins.\tOne.\tNo-error\tNo-error\n"
	writeFiles(t, map[string]string{"plain.tsv": tsv, "packed.tsv": gzipped(t, tsv), "named.tsv.gz": tsv})
	for _, args := range [][]string{
		{"score", "--format", "json", "--mqm", "FILE", "--mqm-ref", "ref"},
		{"annotations", "summary", "--format", "json", "FILE"},
		{"annotations", "import", "--annotations", "FILE.ann", "FILE"},
	} {
		run := func(file string) (int, string, string) {
			named := make([]string, len(args))
			for i, a := range args {
				named[i] = strings.Replace(a, "FILE", file, 1)
			}
			code, out, stderr := runCLI(t, "", named...)
			return code, strings.ReplaceAll(out, file, "FILE"), strings.ReplaceAll(stderr, file, "FILE")
		}
		wantCode, wantOut, wantErr := run("plain.tsv")
		for _, file := range []string{"packed.tsv", "named.tsv.gz"} {
			if code, out, stderr := run(file); wantCode != 0 || code != 0 || out != wantOut || stderr != wantErr {
				t.Errorf("%s (%s): status %d, stdout %q, stderr %q; want what the plain file gives: status %d, stdout %q, stderr %q",
					strings.Join(args, " "), file, code, out, stderr, wantCode, wantOut, wantErr)
			}
		}
	}
}

// TestAnnotationFileEncoding: an annotation file saved in UTF-16 gets the
// one line a system file in UTF-16 gets, naming the file and the iconv
// command, wherever it is read: by the explorer (here its report), an
// import, an export or a summary.
func TestAnnotationFileEncoding(t *testing.T) {
	writeFiles(t, map[string]string{"m.tsv": mqmSmall})
	if code, _, stderr := runCLI(t, "", "annotations", "import", "--annotations", "a.ann", "m.tsv"); code != 0 {
		t.Fatalf("import: status %d, stderr %q", code, stderr)
	}
	data, _ := os.ReadFile("a.ann")
	os.WriteFile("a.ann", []byte(conformance.UTF16(string(data), binary.BigEndian)), 0o644)
	const want = "bleuscope: a.ann is UTF-16 (big-endian) without a byte-order mark, as the NUL bytes among its characters say, not UTF-8; convert it, e.g. iconv -f UTF-16BE -t UTF-8\n"
	for _, args := range [][]string{
		{"--annotations", "a.ann"},
		{"annotations", "import", "--annotations", "a.ann", "m.tsv"},
		{"annotations", "export", "--annotations", "a.ann"},
		{"annotations", "summary", "a.ann"},
	} {
		if code, out, stderr := runCLI(t, "", args...); code != 2 || out != "" || stderr != want {
			t.Errorf("%s: status %d, stdout %q, stderr %q; want 2 and %q", strings.Join(args, " "), code, out, stderr, want)
		}
	}
}

func TestAnnotationsSummary(t *testing.T) {
	writeFiles(t, map[string]string{"m.tsv": mqmSmall})
	code, out, stderr := runCLI(t, "", "annotations", "summary", "--format", "json", "m.tsv")
	if code != 0 || stderr != "" {
		t.Fatalf("summary: status %d, stderr %q", code, stderr)
	}
	var got []struct {
		System   string
		Segments int
		Raters   []string
		Errors   map[string]map[string]int
		MQM      float64
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("summary JSON %q: %v", out, err)
	}
	// sysA: segment 1 r1 5, r2 0.1 → 2.55; segment 2 r1 5 → (2.55 + 5) / 2.
	// sysB: segment 1 clean, segment 2 Minor 1 → 0.5.
	if len(got) != 2 || got[0].System != "sysA" || got[0].Segments != 2 || len(got[0].Raters) != 2 ||
		!conformance.CloseTo(got[0].MQM, (2.55+5)/2) || got[0].Errors["Accuracy/Omission"]["Major"] != 1 ||
		got[1].MQM != 0.5 || len(got[1].Errors) != 1 {
		t.Errorf("summary %+v", got)
	}
	// --annotations FILE, as export and import name it, reads the same.
	if code, named, stderr := runCLI(t, "", "annotations", "summary", "--format", "json", "--annotations", "m.tsv"); code != 0 || stderr != "" || named != out {
		t.Errorf("summary --annotations m.tsv: status %d, stderr %q, stdout\n%s\nwant the plain argument's\n%s", code, stderr, named, out)
	}
	mqmA := got[0].MQM
	code, out, _ = runCLI(t, "", "annotations", "summary", "--format", "json", "--agreement", "m.tsv")
	if code != 0 || !strings.Contains(out, `"rater_a": "r1"`) || !strings.Contains(out, `"segments": 1`) {
		t.Errorf("agreement JSON: status %d\n%s", code, out)
	}
	code, out, _ = runCLI(t, "", "annotations", "summary", "m.tsv")
	if code != 0 || !strings.Contains(out, "1  sysB ") || !strings.Contains(out, "Accuracy/Mistranslation") || !strings.Contains(out, "r1       r2") {
		t.Errorf("text summary: status %d\n%s", code, out)
	}
	// The systems' table words its columns as the explorer's summary does
	// (segments "rated"), MQM to its 2 decimals: the JSON's figures rounded.
	table := "  rank  system  rated  raters  errors   MQM\n" +
		"     1  sysB        2       1       1  0.50\n" +
		"     2  sysA        2       2       3  " + fmt.Sprintf("%.2f", mqmA) + "\n"
	if !strings.Contains(out, table) {
		t.Errorf("text summary:\n%s\nwant the table\n%s", out, table)
	}
	typ := "severity | m | Minor | 2\nseverity | M | Major | 10\ncategory | o | Other\n"
	os.WriteFile("t.typ", []byte(typ), 0o644)
	_, out, _ = runCLI(t, "", "annotations", "summary", "--format", "json", "--typology", "t.typ", "m.tsv")
	if !strings.Contains(out, `"mqm": 1`+"\n") { // sysB: one Minor of weight 2 over 2 segments
		t.Errorf("summary with a typology:\n%s", out)
	}
}

func TestAnnotationsBadInput(t *testing.T) {
	writeFiles(t, map[string]string{"m.tsv": mqmSmall, "bad.tsv": "system\tdoc\n", "short.tsv": mqmSmall + "x\ty\n"})
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"annotations"}, "annotations needs a command"},
		{[]string{"annotations", "tally"}, `unknown annotations command "tally"`},
		{[]string{"annotations", "t\u202ex"}, `unknown annotations command "t\u202ex":`},
		// A file piped in without "-" (zcat mqm.tsv.gz | bleuscope
		// annotations summary) is told that "-" reads standard input.
		{[]string{"annotations", "summary"}, "summary reads one FILE (an annotation file or a WMT MQM TSV; - reads it from standard input), not 0"},
		{[]string{"annotations", "import", "--annotations", "new.ann"}, "import needs at least one WMT MQM TSV file (- reads one from standard input)"},
		{[]string{"annotations", "summary", "--annotations", "m.tsv", "bad.tsv"}, "give it after --annotations or alone, not both (--annotations m.tsv and bad.tsv)"},
		{[]string{"annotations", "summary", "--format", "xml", "m.tsv"}, `--format: "xml" is not a format annotations summary writes`},
		{[]string{"annotations", "summary", "missing.tsv"}, "missing.tsv does not exist; check the path"},
		{[]string{"annotations", "summary", "bad.tsv"}, "bad.tsv:1: was taken for a WMT MQM TSV, but its first row lacks the columns doc_id,"},
		{[]string{"annotations", "summary", "short.tsv"}, "short.tsv:7: has 2 tab-separated fields but the header has 9"},
		{[]string{"annotations", "summary", "--preset", "da", "m.tsv"}, `--preset "da"`},
		{[]string{"annotations", "import", "m.tsv"}, "--annotations ANN"},
		{[]string{"annotations", "import", "--annotations", "m.tsv", "m.tsv"}, "is one of the files to import"},
		{[]string{"annotations", "import", "--annotations", "x.ann", "--lines", "odd", "m.tsv"}, `--lines "odd"`},
		{[]string{"annotations", "export", "--annotations", "m.tsv", "--format", "xlsx"}, `--format: "xlsx" is not a format annotations export writes`},
	} {
		code, out, stderr := runCLI(t, "", c.args...)
		if code != 2 || out != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want 2 and one line with %q", c.args, code, out, stderr, c.want)
		}
	}
	// A damaged annotation file: one line naming it, exit 2.
	runCLI(t, "", "annotations", "import", "--annotations", "a.ann", "m.tsv")
	data, _ := os.ReadFile("a.ann")
	os.WriteFile("a.ann", append([]byte("garbage\n"), data...), 0o644)
	code, _, stderr := runCLI(t, "", "annotations", "summary", "a.ann")
	if code != 2 || !strings.Contains(stderr, "a.ann:1:") {
		t.Errorf("damaged annotation file: status %d, stderr %q", code, stderr)
	}
	for _, args := range [][]string{{"annotations", "--help"}, {"annotations", "summary", "-h"}, {"annotations", "export", "--help"}, {"annotations", "import", "--help"}} {
		if code, out, _ := runCLI(t, "", args...); code != 0 || !strings.Contains(out, "Usage: bleuscope annotations") || !strings.Contains(out, "Examples:") {
			t.Errorf("%q: status %d\n%s", args, code, out)
		}
	}
}

// A file given to --mqm is first checked to be an MQM TSV: one that is not
// is told so before being asked for a reference it could not have, and the
// message says comment is the one optional column.
func TestMQMHeaderBeforeReference(t *testing.T) {
	writeFiles(t, map[string]string{"words.txt": "a translation\nanother\n"})
	for _, args := range [][]string{{"--mqm", "words.txt"}, {"score", "--mqm", "words.txt"}, {"score", "--mqm", "words.txt", "--mqm-ref", "ref"}} {
		code, _, stderr := runCLI(t, "", args...)
		want := "bleuscope: words.txt:1: is not an MQM TSV header: it lacks the columns system, doc, doc_id, seg_id, rater, source, target, category, severity; the first row must name the columns system doc doc_id seg_id rater source target category severity and, optionally, comment\n"
		if code != 2 || stderr != want {
			t.Errorf("%q: status %d, stderr %q; want 2 and %q", args, code, stderr, want)
		}
	}
}

// TestMQMOnlyReferences: an MQM TSV whose every system is named by
// --mqm-ref is refused naming the file and why; before, "no system given;
// name at least one system", of a file that has systems.
func TestMQMOnlyReferences(t *testing.T) {
	writeFiles(t, map[string]string{"m.tsv": "system\tdoc\tdoc_id\tseg_id\trater\tsource\ttarget\tcategory\tseverity\n" +
		"ref\td\t1\t1\tr\tEins.\tOne.\tNo-error\tNo-error\n" +
		"refB\td\t1\t1\tr\tEins.\tOne.\tNo-error\tNo-error\n"})
	want := "bleuscope: m.tsv has no system but its references (ref, refB), so nothing is left to score; name fewer with --mqm-ref\n"
	if code, out, stderr := runCLI(t, "", "score", "--mqm", "m.tsv", "--mqm-ref", "ref", "--mqm-ref", "refB"); code != exitUsage || out != "" || stderr != want {
		t.Errorf("every system a reference: status %d, stdout %q, stderr %q; want 2 and %q", code, out, stderr, want)
	}
	writeFiles(t, map[string]string{"one.tsv": "system\tdoc\tdoc_id\tseg_id\trater\tsource\ttarget\tcategory\tseverity\n" +
		"ref\td\t1\t1\tr\tEins.\tOne.\tNo-error\tNo-error\n"})
	want = "bleuscope: one.tsv has no system but its reference ref, so nothing is left to score; give an MQM TSV with a system besides its human translations\n"
	if code, out, stderr := runCLI(t, "", "segments", "--mqm", "one.tsv", "--mqm-ref", "ref"); code != exitUsage || out != "" || stderr != want {
		t.Errorf("one system, the reference: status %d, stdout %q, stderr %q; want 2 and %q", code, out, stderr, want)
	}
}

func TestMQMAsCorpus(t *testing.T) {
	path := conformance.Shared(t, "corpora", "mqm", "mqm_ted_zhen.tsv")
	c, err := annotations.OpenMQM(path, []string{"refB"}, model.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// The same texts as plain files, split out of the TSV by hand.
	data, _ := os.ReadFile(path)
	strip := strings.NewReplacer("<v>", "", "</v>", "")
	texts := map[string]map[string]string{} // system → seg_id → text
	var order []string
	for _, l := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")[1:] {
		f := strings.Split(l, "\t")
		if texts[f[0]] == nil {
			texts[f[0]] = map[string]string{}
		}
		if _, ok := texts[f[0]][f[3]]; !ok && f[0] == "refB" {
			order = append(order, f[3])
		}
		texts[f[0]][f[3]] = strip.Replace(f[6])
	}
	files := map[string]string{}
	for _, sys := range []string{"DIDI-NLP", "refB"} {
		var b strings.Builder
		for _, seg := range order {
			b.WriteString(texts[sys][seg] + "\n")
		}
		files[sys+".txt"] = b.String()
	}
	writeFiles(t, files)
	_, want, _ := runCLI(t, "", "score", "--format", "json", "DIDI-NLP.txt", "-r", "refB.txt")
	code, got, stderr := runCLI(t, "", "score", "--format", "json", "--mqm", path, "--mqm-ref", "refB", "DIDI-NLP")
	if code != 0 || !strings.Contains(stderr, ":9622:") {
		t.Fatalf("score --mqm: status %d, stderr %q", code, stderr)
	}
	want = strings.Replace(want, `"system": "DIDI-NLP.txt"`, `"system": "DIDI-NLP"`, 1)
	if got != want || len(c.Segments) != len(order) {
		t.Errorf("score --mqm differs from the same texts as files:\n%s\nwant\n%s", got, want)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"score", "--mqm", path}, "needs a reference: name a human translation among its systems (Borderline, DIDI-NLP, "},
		{[]string{"score", "--mqm-ref", "ref"}, "give the file with --mqm FILE"},
		{[]string{"score", "--mqm", path, "--mqm-ref", "human"}, `has no system "human"`},
		{[]string{"score", "--mqm", path, "--mqm-ref", "ref", "nobody"}, `has no system "nobody"`},
		{[]string{"score", "--mqm", path, "--mqm-ref", "ref", "-r", "refB.txt"}, "drop -r, -s and --demo"},
	} {
		code, _, stderr := runCLI(t, "", c.args...)
		if code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("%q: status %d, stderr %q; want 2 and %q", c.args, code, stderr, c.want)
		}
	}
}

func TestEscapeLines(t *testing.T) {
	in := "a\tb\x1b]2;title\x07\n\u202eevil\r\n\n"
	want := "a\tb␛]2;title\\x07\n\\u202eevil\\r\n\n"
	if got := escapeLines(in); got != want {
		t.Errorf("escapeLines(%q) = %q; want %q", in, got, want)
	}
}

// TestAnnotationsLimits: an MQM TSV past the line limit and an annotation
// file past the input limit stop with one line naming the flag, and a
// device is not taken as an annotation file.
func TestAnnotationsLimits(t *testing.T) {
	writeFiles(t, map[string]string{
		"long.tsv": "system\tdoc\tdoc_id\tseg_id\trater\tsource\ttarget\tcategory\tseverity\n" + strings.Repeat("x", 5000) + "\n",
		"m.tsv":    mqmSmall,
	})
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"annotations", "summary", "--max-line", "1K", "long.tsv"},
			"bleuscope: long.tsv:2: the line is longer than 1 KiB, the line limit; raise --max-line if that is intended\n"},
		{[]string{"annotations", "import", "--annotations", "/dev/null", "m.tsv"},
			"bleuscope: /dev/null is not a regular file (a device, a FIFO or a socket), and saving replaces the annotation file; name a regular file (a new name creates one)\n"},
	} {
		code, _, stderr := runCLI(t, "", c.args...)
		if code != exitUsage || stderr != c.want {
			t.Errorf("%q: status %d, stderr %q; want 2 and %q", c.args, code, stderr, c.want)
		}
	}
	if code, _, _ := runCLI(t, "", "annotations", "import", "--annotations", "a.ann", "m.tsv"); code != 0 {
		t.Fatal("import into a new file failed")
	}
	code, _, stderr := runCLI(t, "", "annotations", "summary", "--max-input", "100", "a.ann")
	if code != exitUsage || !strings.Contains(stderr, "a.ann is larger than 100 bytes, the input limit; raise --max-input") {
		t.Errorf("summary past the input limit: status %d, stderr %q", code, stderr)
	}
}

// TestAnnotationsImportWhileOpen: importing into a file another bleuscope
// has open, and has saved to, adds the rows after its change; before, it
// was refused until the other quit.
func TestAnnotationsImportWhileOpen(t *testing.T) {
	writeFiles(t, map[string]string{"m.tsv": mqmSmall})
	other, err := annotations.Open("a.ann")
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	a := annotations.Annotation{System: "x", Line: 1, Rater: "ana", Kind: annotations.KindNoError}
	a.SetText("a b", "")
	if _, err := other.Add(a); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCLI(t, "", "annotations", "import", "--annotations", "a.ann", "m.tsv")
	if want := "bleuscope: m.tsv: 5 rows (4 errors, 1 no-error mark); 5 added to a.ann, 0 already there\n"; code != 0 || stderr != want {
		t.Errorf("status %d, stderr %q; want 0 and %q", code, stderr, want)
	}
	if _, err := other.Add(annotations.Annotation{System: "x", Line: 2, Rater: "ana", Kind: annotations.KindNoError}); err != nil {
		t.Fatalf("the other's next change: %v", err)
	}
	if got := other.All(); len(got) != 7 || got[0].Rater != "ana" || got[6].Line != 2 {
		t.Errorf("the other holds %+v; want its mark, the 5 imported, its next mark", got)
	}
	if st, err := annotations.Open("a.ann"); err != nil || len(st.All()) != 7 {
		t.Errorf("the file holds %v (%v); want the other's two marks and the 5 imported", st.All(), err)
	}
}

// TestAnnotationsImportExportKeepsMarkings: rows whose span is marked
// oddly (a "<v>" never closed, a "</v>" alone, two spans, nested, tags on
// both sides) come back from import then export exactly as they were, as
// well-formed ones do; before, the unclosed "<v>" came back closed and the
// others lost tags.
func TestAnnotationsImportExportKeepsMarkings(t *testing.T) {
	tsv := "system\tdoc\tdoc_id\tseg_id\trater\tsource\ttarget\tcategory\tseverity\tcomment\n" +
		"s\td\t1\t1\tr\tQuelle\ta <v>big</v> dog\tOther\tMinor\t\n" +
		"s\td\t1\t2\tr\tQuelle\ta <v>big dog\tOther\tMinor\t\n" +
		"s\td\t1\t3\tr\tQuelle\ta big</v> dog\tOther\tMinor\t\n" +
		"s\td\t1\t4\tr\tQuelle\t<v>a</v> big <v>dog</v>\tOther\tMinor\t\n" +
		"s\td\t1\t5\tr\tQuelle\t<v>a <v>big</v> dog</v>\tOther\tMinor\t\n" +
		"s\td\t1\t6\tr\t<v>Quelle</v>\ta <v></v>dog\tOther\tMinor\t\n"
	writeFiles(t, map[string]string{"m.tsv": tsv})
	if code, _, stderr := runCLI(t, "", "annotations", "import", "--annotations", "a.ann", "m.tsv"); code != 0 || !strings.Contains(stderr, "6 added") {
		t.Fatalf("import: status %d, stderr %q", code, stderr)
	}
	code, out, stderr := runCLI(t, "", "annotations", "export", "--annotations", "a.ann", "--format", "mqm-tsv")
	if code != 0 || stderr != "" || out != tsv {
		t.Errorf("export: status %d, stderr %q, stdout\n%s\nwant\n%s", code, stderr, out, tsv)
	}
}

// TestTypologyEncoding: a --typology file in UTF-16, in Latin-1 or not
// text gets the line a system file gets; before, it was refused as a
// typology ("unknown directive …") or, with a Latin-1 name, taken.
func TestTypologyEncoding(t *testing.T) {
	typ := "name | Qualität\nseverity | m | Minor | 1\ncategory | o | Other\n"
	writeFiles(t, map[string]string{
		"m.tsv":      mqmSmall,
		"bom16.typ":  "\xff\xfe" + conformance.UTF16(typ, binary.LittleEndian),
		"be16.typ":   conformance.UTF16(typ, binary.BigEndian),
		"latin1.typ": strings.Replace(typ, "ä", "\xe4", 1),
		"bin.typ":    typ + "\x00\x01\x02\xff\xfe\n",
	})
	for _, c := range []struct{ file, want string }{
		{"bom16.typ", "bleuscope: bom16.typ is UTF-16 (little-endian), as its byte-order mark says, not UTF-8; convert it, e.g. iconv -f UTF-16 -t UTF-8\n"},
		{"be16.typ", "bleuscope: be16.typ is UTF-16 (big-endian) without a byte-order mark, as the NUL bytes among its characters say, not UTF-8; convert it, e.g. iconv -f UTF-16BE -t UTF-8\n"},
		{"latin1.typ", "bleuscope: latin1.typ:1: invalid UTF-8 at byte 14 (0xe4); convert the file to UTF-8, e.g. iconv -f latin1 -t utf-8\n"},
		{"bin.typ", "bleuscope: bin.typ:4: not a text file (a NUL byte at byte 1, then 0xff at byte 4, which is not UTF-8); give a typology in plain text\n"},
	} {
		code, out, stderr := runCLI(t, "", "annotations", "summary", "--typology", c.file, "m.tsv")
		if code != exitUsage || out != "" || stderr != c.want {
			t.Errorf("--typology %s: status %d, stdout %q, stderr %q; want 2, %q", c.file, code, out, stderr, c.want)
		}
	}
}

// TestAnnotationsHelpTypology: 'bleuscope annotations --help', where the
// explorer's --typology sends a person for the format, gives it with an
// example that is a typology file as it stands; before, it said nothing
// of it (only a Go doc comment did).
func TestAnnotationsHelpTypology(t *testing.T) {
	code, out, _ := runCLI(t, "", "annotations", "--help")
	if code != 0 {
		t.Fatalf("annotations --help: status %d", code)
	}
	_, example, found := strings.Cut(out, "lines starting with # are skipped:\n\n")
	example, _, _ = strings.Cut(example, "\n\n")
	if !found || example == "" {
		t.Fatalf("annotations --help gives no typology example:\n%s", out)
	}
	var file strings.Builder
	for line := range strings.Lines(example) {
		file.WriteString(strings.TrimPrefix(line, "  "))
	}
	p, err := annotations.ParseTypology(strings.NewReader(file.String()), "help")
	if err != nil {
		t.Fatalf("the help's typology example:\n%s\ndoes not parse: %v", file.String(), err)
	}
	if len(p.Categories) < 2 || len(p.Severities) < 2 || !p.SegmentScore || p.Weight("Fluency/Punctuation", "minor") != 0.1 {
		t.Errorf("the help's typology example gives %+v; want categories, severities, a score and Fluency/Punctuation minor 0.1", p)
	}
	for _, directive := range []string{"name ", "severity ", "category ", "score "} {
		if !strings.Contains(out, "\n  "+directive) {
			t.Errorf("annotations --help does not explain the directive %q:\n%s", directive, out)
		}
	}
}

// TestSummaryWarnsOfUnweighedSeverities: errors whose severity the
// weights chosen lack weigh 0, as if they were none, so summary says so
// and asks for the typology they were made with; before, the MQM score
// came out lower (0.000 for a file of such errors) without a word.
func TestSummaryWarnsOfUnweighedSeverities(t *testing.T) {
	head := "system\tdoc\tdoc_id\tseg_id\trater\tsource\ttarget\tcategory\tseverity\n"
	writeFiles(t, map[string]string{
		"one.tsv": head + "sysA\td\t1\t1\tr1\tEins.\t<v>One</v>.\tAccuracy\tcritique\n",
		"two.tsv": head + "sysA\td\t1\t1\tr1\tEins.\t<v>One</v>.\tAccuracy\tcritique\n" +
			"sysA\td\t2\t2\tr1\tZwei.\t<v>Two</v>.\tAccuracy\tblocker\n" +
			"sysA\td\t3\t3\tr1\tDrei.\t<v>Three</v>.\tAccuracy\tcritique\n" +
			"sysA\td\t4\t4\tr1\tVier.\t<v>Four</v>.\tAccuracy\tMajor\n",
		"fr.typ": "severity | c | critique | 10\nseverity | b | blocker | 20\ncategory | a | Accuracy\n",
	})
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"one.tsv"}, `bleuscope: warning: 1 error of severity "critique" weighs 0 in the MQM score: the mqm weights have no such severity; give summary the --typology the annotations were made with` + "\n"},
		{[]string{"two.tsv"}, `bleuscope: warning: 3 errors weigh 0 in the MQM score: the mqm weights have no severity "blocker" (1) or "critique" (2); give summary the --typology the annotations were made with` + "\n"},
		{[]string{"--typology", "fr.typ", "one.tsv"}, ""},
		{[]string{"--preset", "esa", "one.tsv"}, `bleuscope: warning: 1 error of severity "critique" weighs 0 in the MQM score: the esa weights`},
	} {
		code, _, stderr := runCLI(t, "", append([]string{"annotations", "summary", "--format", "json"}, c.args...)...)
		if code != 0 || !strings.HasPrefix(stderr, c.want) || c.want == "" && stderr != "" {
			t.Errorf("summary %s: status %d, stderr %q; want 0, %q", strings.Join(c.args, " "), code, stderr, c.want)
		}
	}
}

// TestTypologyNaNWeight: a typology weighing a severity "NaN" is refused
// on its line with status 2; before, it was taken, the text summary said
// MQM NaN and summary --format json failed as an internal error (status 1).
func TestTypologyNaNWeight(t *testing.T) {
	writeFiles(t, map[string]string{
		"m.tsv":   mqmSmall,
		"nan.typ": "severity | m | Minor | 1\nseverity | M | Major | NaN\ncategory | o | Other\n",
	})
	code, out, stderr := runCLI(t, "", "annotations", "summary", "--format", "json", "--typology", "nan.typ", "m.tsv")
	if want := "bleuscope: nan.typ:2: weight \"NaN\" is not a number (such as 5, 1 or 0.1)\n"; code != exitUsage || out != "" || stderr != want {
		t.Errorf("status %d, stdout %q, stderr %q; want 2, %q", code, out, stderr, want)
	}
}

// TestReadersOpenErrors: the readers of their own (the WMT MQM TSV, read
// by --mqm, annotations import and summary, and the typology) word a file
// that is missing or a directory as the loader words a system file;
// before, "cannot be opened: no such file or directory", and for a
// directory "cannot be read: read d: is a directory".
func TestReadersOpenErrors(t *testing.T) {
	writeFiles(t, map[string]string{"m.tsv": mqmSmall, "d/x": ""})
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"score", "--mqm", "nope.tsv", "--mqm-ref", "ref"}, "nope.tsv does not exist; check the path"},
		{[]string{"score", "--mqm", "d", "--mqm-ref", "ref"}, "d is a directory; give a WMT MQM TSV"},
		{[]string{"annotations", "import", "--annotations", "a.ann", "nope.tsv"}, "nope.tsv does not exist; check the path"},
		{[]string{"annotations", "import", "--annotations", "a.ann", "d"}, "d is a directory; give a WMT MQM TSV"},
		{[]string{"annotations", "summary", "d"}, "d is a directory; give an annotation file or a WMT MQM TSV"},
		{[]string{"annotations", "summary", "--typology", "nope.typ", "m.tsv"}, "nope.typ does not exist; check the path"},
		{[]string{"annotations", "summary", "--typology", "d", "m.tsv"}, "d is a directory; give a typology file"},
	} {
		code, out, stderr := runCLI(t, "", c.args...)
		if want := "bleuscope: " + c.want + "\n"; code != exitUsage || out != "" || stderr != want {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want 2, %q", c.args, code, out, stderr, want)
		}
	}
	if os.Geteuid() <= 0 {
		return // root reads any file (and Windows has no such permission bits)
	}
	// A file that cannot be read, the annotation file too.
	os.WriteFile("locked", []byte(mqmSmall), 0o000)
	for _, args := range [][]string{
		{"score", "--mqm", "locked", "--mqm-ref", "sysA"},
		{"annotations", "import", "--annotations", "a.ann", "locked"},
		{"annotations", "import", "--annotations", "locked", "m.tsv"},
		{"annotations", "summary", "locked"},
		{"annotations", "summary", "--typology", "locked", "m.tsv"},
	} {
		code, out, stderr := runCLI(t, "", args...)
		if want := "bleuscope: locked cannot be read (permission denied); check its permissions\n"; code != exitUsage || out != "" || stderr != want {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want 2, %q", args, code, out, stderr, want)
		}
	}
}

// TestMQMGzipBroken: a gzip-compressed WMT MQM TSV whose stream breaks
// after its start gets the loader's line for a gzip file that cannot be
// read, from --mqm, annotations import and summary alike; before,
// "cannot be read: unexpected EOF" or "cannot be read: gzip: invalid
// checksum".
func TestMQMGzipBroken(t *testing.T) {
	gz := gzipped(t, mqmSmall)
	crc := []byte(gz)
	copy(crc[len(crc)-8:], "\x00\x00\x00\x00") // the trailer's checksum
	writeFiles(t, map[string]string{"cut.gz": gz[:len(gz)-6], "crc.gz": string(crc)})
	crcReason := fmt.Sprintf("CRC check failed: the trailer says 0x0, the data has %#x", crc32.ChecksumIEEE([]byte(mqmSmall)))
	for file, reason := range map[string]string{
		"cut.gz": "the file ends within its compressed data); check that it was compressed completely, or decompress it first",
		"crc.gz": crcReason + "); the file is damaged: get a good copy of it",
	} {
		want := "bleuscope: " + file + " is not a valid gzip file (" + reason + "\n"
		for _, args := range [][]string{
			{"score", "--mqm", file, "--mqm-ref", "sysA"},
			{"annotations", "import", "--annotations", "a.ann", file},
			{"annotations", "summary", file},
		} {
			code, out, stderr := runCLI(t, "", args...)
			if code != exitUsage || out != "" || stderr != want {
				t.Errorf("%q: status %d, stdout %q, stderr %q; want 2, %q", args, code, out, stderr, want)
			}
		}
	}
}

// TestGzipTwice: a WMT MQM TSV or a --typology file compressed twice gets
// the line a system file compressed twice gets, wherever it is read, and
// a typology compressed once reads as the plain one does; before, the
// MQM TSV "is not a WMT MQM TSV: its first line is not UTF-8 text" and
// the typology, never decompressed, "not a text file".
func TestGzipTwice(t *testing.T) {
	typ := "name | quick\nseverity | m | Minor | 2\nseverity | M | Major | 5\ncategory | o | Other\n"
	writeFiles(t, map[string]string{
		"m.tsv": mqmSmall, "m.tsv.gz.gz": gzipped(t, gzipped(t, mqmSmall)),
		"t.typ": typ, "t.typ.gz": gzipped(t, typ), "t.typ.gz.gz": gzipped(t, gzipped(t, typ)),
	})
	for _, c := range []struct {
		args []string
		file string
	}{
		{[]string{"score", "--mqm", "m.tsv.gz.gz", "--mqm-ref", "sysA"}, "m.tsv.gz.gz"},
		{[]string{"annotations", "import", "--annotations", "a.ann", "m.tsv.gz.gz"}, "m.tsv.gz.gz"},
		{[]string{"annotations", "summary", "m.tsv.gz.gz"}, "m.tsv.gz.gz"},
		{[]string{"annotations", "summary", "--typology", "t.typ.gz.gz", "m.tsv"}, "t.typ.gz.gz"},
	} {
		code, out, stderr := runCLI(t, "", c.args...)
		if want := "bleuscope: " + c.file + " is gzip compressed twice; decompress it once (gunzip) and give that\n"; code != exitUsage || out != "" || stderr != want {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want 2, %q", c.args, code, out, stderr, want)
		}
	}
	_, want, _ := runCLI(t, "", "annotations", "summary", "--typology", "t.typ", "m.tsv")
	code, out, stderr := runCLI(t, "", "annotations", "summary", "--typology", "t.typ.gz", "m.tsv")
	if code != 0 || out != want || stderr != "" || !strings.Contains(out, "quick weights") {
		t.Errorf("a typology compressed once: status %d, stderr %q, stdout\n%s\nwant\n%s", code, stderr, out, want)
	}
}

// TestTypologyLineLimit: a --typology file is read within --max-line (so
// /dev/zero stops at the line limit, with its line), and a line of any
// length below it is read; before, a line past 64 KiB, a long comment
// too, was "bufio.Scanner: token too long" and --max-line was not heeded.
func TestTypologyLineLimit(t *testing.T) {
	typ := "severity | m | Minor | 1\nseverity | M | Major | 5\ncategory | o | Other\n# "
	writeFiles(t, map[string]string{
		"m.tsv":    mqmSmall,
		"long.typ": typ + strings.Repeat("x", 100_000) + "\n",
		"2k.typ":   typ + strings.Repeat("x", 2000) + "\n",
	})
	if code, _, stderr := runCLI(t, "", "annotations", "summary", "--typology", "long.typ", "m.tsv"); code != 0 || stderr != "" {
		t.Errorf("a 100 kB comment: status %d, stderr %q; want it read", code, stderr)
	}
	code, out, stderr := runCLI(t, "", "annotations", "summary", "--max-line", "1K", "--typology", "2k.typ", "m.tsv")
	if want := "bleuscope: 2k.typ:4: the line is longer than 1 KiB, the line limit; raise --max-line if that is intended\n"; code != exitUsage || out != "" || stderr != want {
		t.Errorf("--max-line 1K: status %d, stdout %q, stderr %q; want 2, %q", code, out, stderr, want)
	}
}

// TestTypologyBOM: a --typology file saved with a UTF-8 byte-order mark
// (Windows Notepad) reads as it does without one, as an MQM TSV does;
// before, its first line was "unknown directive "\ufeffname"".
func TestTypologyBOM(t *testing.T) {
	typ := "name | quick\nseverity | m | Minor | 2\nseverity | M | Major | 5\ncategory | o | Other\n"
	writeFiles(t, map[string]string{"m.tsv": mqmSmall, "t.typ": typ, "bom.typ": "\ufeff" + typ})
	_, want, _ := runCLI(t, "", "annotations", "summary", "--typology", "t.typ", "m.tsv")
	code, out, stderr := runCLI(t, "", "annotations", "summary", "--typology", "bom.typ", "m.tsv")
	if code != 0 || out != want || stderr != "" || !strings.Contains(out, "quick weights") {
		t.Errorf("with a byte-order mark: status %d, stderr %q, stdout\n%s\nwant\n%s", code, stderr, out, want)
	}
}

// TestAnnotationFileWithBOM: annotations summary reads an annotation file
// saved with a UTF-8 byte-order mark as one, not as a WMT MQM TSV ("is not
// an MQM TSV header"), and annotations import adds to it.
func TestAnnotationFileWithBOM(t *testing.T) {
	writeFiles(t, map[string]string{"m.tsv": mqmSmall})
	runCLI(t, "", "annotations", "import", "--annotations", "a.ann", "m.tsv")
	_, want, _ := runCLI(t, "", "annotations", "summary", "--format", "json", "a.ann")
	data, _ := os.ReadFile("a.ann")
	os.WriteFile("a.ann", append([]byte("\ufeff"), data...), 0o644)
	code, out, stderr := runCLI(t, "", "annotations", "summary", "--format", "json", "a.ann")
	if code != 0 || out != want || stderr != "" {
		t.Errorf("summary with a byte-order mark: status %d, stderr %q, stdout\n%s\nwant\n%s", code, stderr, out, want)
	}
	code, _, stderr = runCLI(t, "", "annotations", "import", "--annotations", "a.ann", "m.tsv")
	if code != 0 || !strings.Contains(stderr, "0 added to a.ann, 5 already there") {
		t.Errorf("import into it: status %d, stderr %q", code, stderr)
	}
}

// TestAnnotationsOlderShortName: a file begun with an older bleuscope,
// which stored a system's short name, and continued with one that stores
// its stable name adds up to one system in summary and export, as the
// explorer attaches both to it; a short name whose text differs on a line
// both rated stays apart.
func TestAnnotationsOlderShortName(t *testing.T) {
	writeFiles(t, nil)
	const long = "generaltest2022.de-en.hyp.LT22.en"
	store, err := annotations.Open("a.ann")
	if err != nil {
		t.Fatal(err)
	}
	add := func(system string, line int, rater, hyp string, kind annotations.Kind) {
		t.Helper()
		a := annotations.Annotation{Kind: kind, System: system, Line: line, Rater: rater}
		a.SetText(hyp, "")
		if kind == annotations.KindError {
			a.Category, a.Severity = "Style/Awkward", "Minor"
		}
		if _, err := store.Add(a); err != nil {
			t.Fatal(err)
		}
	}
	add("LT22", 1, "r1", "Eins.", annotations.KindNoError)                                         // older
	add("LT22", 2, "r1", "Zwei.", annotations.KindError)                                           // older
	add(long, 2, "r2", "Zwei.", annotations.KindNoError)                                           // newer, the same text
	add(long, 3, "r1", "Drei.", annotations.KindNoError)                                           // newer
	add("JDExploreAcademy", 1, "r1", "One.", annotations.KindNoError)                              // older, another system
	add("generaltest2022.de-en.hyp.JDExploreAcademy.en", 1, "r1", "Uno.", annotations.KindNoError) // its text differs
	store.Close()

	code, out, stderr := runCLI(t, "", "annotations", "summary", "--format", "json", "a.ann")
	var sums []annotations.SystemSummary
	if err := json.Unmarshal([]byte(out), &sums); code != 0 || stderr != "" || err != nil {
		t.Fatalf("summary: status %d, stderr %q, %v", code, stderr, err)
	}
	var names []string
	for _, s := range sums {
		names = append(names, s.System)
	}
	if want := []string{long, "JDExploreAcademy", "generaltest2022.de-en.hyp.JDExploreAcademy.en"}; !slices.Equal(names, want) {
		t.Fatalf("summary's systems %q; want %q", names, want)
	}
	if s := sums[0]; s.Segments != 3 || !slices.Equal(s.Raters, []string{"r1", "r2"}) || !conformance.CloseTo(s.MQM, (0+0.5+0)/3.0) {
		t.Errorf("LT22 %+v; want 3 segments, raters r1 r2, MQM 0.5/3", s)
	}
	code, out, _ = runCLI(t, "", "annotations", "export", "--annotations", "a.ann", "--format", "jsonl")
	if code != 0 || strings.Count(out, `"system":"`+long+`"`) != 4 || strings.Contains(out, `"system":"LT22"`) {
		t.Errorf("export: status %d\n%s", code, out)
	}
	// Agreement reads the segment rated under both names as one.
	_, out, _ = runCLI(t, "", "annotations", "summary", "--format", "json", "--agreement", "a.ann")
	if !strings.Contains(out, `"segments": 1`) {
		t.Errorf("agreement: %s", out)
	}
}

// TestAnnotationsNeitherKind: summary and export given a file that is
// neither an annotation file nor a WMT MQM TSV say in one line what it was
// taken for, what to do (make the first row an MQM TSV's header, or give
// the annotation file as written) and what both look like; a binary one
// gets score's "not a text file" line, its byte named; a header a crash
// cut short reads as empty, as the explorer reads it; --mqm given an
// annotation file points at --annotations. Before, all were read as MQM
// TSVs ("is not an MQM TSV header", "its first line is not UTF-8 text"),
// and then named both kinds but no step to take.
func TestAnnotationsNeitherKind(t *testing.T) {
	const png = "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"
	writeFiles(t, map[string]string{
		"cut.jsonl": `{"format":`, "edited.jsonl": `{"formt":"bleuscope-annotations","version":1}` + "\n",
		"obj.txt": `{"a":1}` + "\n", "words.txt": "hello\tworld\n", "bin.jsonl": png, "m.tsv": mqmSmall,
	})
	_, _, scoreErr := runCLI(t, "", "score", "-r", "bin.jsonl", "bin.jsonl")
	_, notText, ok := strings.Cut(scoreErr, "not a text file (")
	if !ok {
		t.Fatalf("score of a binary file: %q", scoreErr)
	}
	notText, _, _ = strings.Cut(notText, ")")
	// Each says what to do, for the kind it was taken for, then what both
	// kinds look like.
	const annFix = "give the annotation file the explorer or import wrote (unedited) or a WMT MQM TSV: "
	const mqmFix = "if it is one, make its first row the header (tab-separated), else give an annotation file: "
	kinds := `an annotation file starts with {"format":"bleuscope-annotations","version":1}, a WMT MQM TSV with a header row naming the columns system doc doc_id seg_id rater source target category severity and, optionally, comment`
	for _, c := range []struct{ file, want string }{
		{"edited.jsonl", "edited.jsonl:1: was taken for an annotation file (its name ends in .jsonl), but it does not start as one; " + annFix + kinds},
		{"obj.txt", `obj.txt:1: was taken for an annotation file (it starts with "{"), but it does not start as one; ` + annFix + kinds},
		{"words.txt", "words.txt:1: was taken for a WMT MQM TSV, but its first row lacks the columns system, doc, doc_id, seg_id, rater, source, target, category, severity; " + mqmFix + kinds},
		{"bin.jsonl", "bin.jsonl:1: not a text file (" + notText + "); give an annotation file or a WMT MQM TSV, in plain text"},
	} {
		for _, args := range [][]string{{"annotations", "summary", c.file}, {"annotations", "export", "--annotations", c.file}} {
			if code, out, stderr := runCLI(t, "", args...); code != 2 || out != "" || stderr != "bleuscope: "+c.want+"\n" {
				t.Errorf("%q: status %d, stdout %q, stderr %q; want 2 and %q", args, code, out, stderr, c.want)
			}
		}
	}
	if notText != "0x89 at byte 1, which is not UTF-8, then a NUL byte" {
		t.Errorf("score of a binary file: %q", scoreErr)
	}
	code, out, stderr := runCLI(t, "", "annotations", "summary", "cut.jsonl")
	if code != 0 || out != "no annotations\n" || !strings.Contains(stderr, "cut.jsonl: the file's header was cut short (a crash while creating it); starting empty") {
		t.Errorf("a header cut short: status %d, stdout %q, stderr %q", code, out, stderr)
	}
	runCLI(t, "", "annotations", "import", "--annotations", "a.ann", "m.tsv")
	const want = "bleuscope: a.ann:1: is a bleuscope annotation file, not a WMT MQM TSV; to annotate a corpus, give it as --annotations a.ann beside the corpus's files (or --mqm with an MQM TSV)\n"
	if code, _, stderr := runCLI(t, "", "score", "--mqm", "a.ann", "--mqm-ref", "sysA"); code != 2 || stderr != want {
		t.Errorf("--mqm an annotation file: status %d, stderr %q; want %q", code, stderr, want)
	}
}

// TestAnnotationsSummaryOneRater: the text summary of one rater's
// annotations ends with one line saying agreement needs two raters and
// whose they all are, instead of an agreement section saying "no two
// raters rated the same segment", as if there were others; two raters who
// never rated the same segment still get that.
func TestAnnotationsSummaryOneRater(t *testing.T) {
	var one, apart strings.Builder
	for i, row := range strings.SplitAfter(mqmSmall, "\n") {
		if i == 0 || !strings.Contains(row, "\tr2\t") {
			one.WriteString(row)
		}
		if i == 0 || !strings.Contains(row, "\tr2\t") && !strings.HasPrefix(row, "sysB\td\t1\t") {
			apart.WriteString(row)
		}
	}
	apart.WriteString("sysB\td\t1\t1\tr2\tEins.\tOne.\tNo-error\tNo-error\n")
	writeFiles(t, map[string]string{"one.tsv": one.String(), "apart.tsv": apart.String()})
	code, out, stderr := runCLI(t, "", "annotations", "summary", "one.tsv")
	want := "\nAgreement between raters: it needs two raters, and every annotation here is r1's\n"
	if code != 0 || stderr != "" || !strings.HasSuffix(out, want) || strings.Contains(out, "no two raters") {
		t.Errorf("summary of one rater: status %d, stderr %q, stdout\n%s\nwant it to end %q", code, stderr, out, want)
	}
	code, out, _ = runCLI(t, "", "annotations", "summary", "apart.tsv")
	if code != 0 || !strings.HasSuffix(out, "no two raters rated the same segment\n") {
		t.Errorf("summary of two raters apart: status %d\n%s", code, out)
	}
}

// TestStdinNamedWhereAFileIsRead: "-" where a WMT MQM TSV or a typology
// is read by a command that does not read standard input there (--mqm,
// --typology, segments' --annotations) gets one line saying that standard
// input is not read there and the step to take (save it to a file), and
// exit 2, instead of "- does not exist"; as the annotation file, which is
// written too, it is refused as well. Before, the line said to give a file
// and not how.
func TestStdinNamedWhereAFileIsRead(t *testing.T) {
	writeFiles(t, map[string]string{"h.txt": "a b\n", "r.txt": "a b\n", "m.tsv": mqmSmall})
	const notRead = "bleuscope: - (standard input) is not read as "
	const saveIt = " here: save it to a file and name that file (./- for a file called -)\n"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"score", "--mqm", "-", "--mqm-ref", "x"}, notRead + "a WMT MQM TSV" + saveIt},
		{[]string{"annotations", "summary", "--typology", "-", "m.tsv"}, notRead + "a typology file" + saveIt},
		{[]string{"segments", "--text", "--format", "tsv", "--annotations", "-", "h.txt", "-r", "r.txt"}, notRead + "an annotation file or a WMT MQM TSV" + saveIt},
		{[]string{"annotations", "import", "--annotations", "-", "m.tsv"}, "bleuscope: - (standard input) cannot be the annotation file, which is written as well as read: name a file (./- for a file called -); it is made on the first change\n"},
		{[]string{"--annotations", "-", "h.txt", "-r", "r.txt"}, "bleuscope: - (standard input) cannot be the annotation file, which is written as well as read: name a file (./- for a file called -); it is made on the first change\n"},
	} {
		code, out, stderr := runCLI(t, "mqm or annotations on standard input\n", c.args...)
		if code != exitUsage || out != "" || stderr != c.want {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want 2 and %q", c.args, code, out, stderr, c.want)
		}
	}
}

// TestAnnotationsFromStandardInput: summary, export and import read "-",
// standard input, as they read a file holding the same (a WMT MQM TSV, an
// annotation file, gzip-compressed too), naming it "standard input" in
// what they say; import takes it once. Before, "-" was refused there,
// saying to give a file, so that `cat x.tsv | bleuscope annotations
// summary -` printed no summary.
func TestAnnotationsFromStandardInput(t *testing.T) {
	long := mqmLong()
	writeFiles(t, map[string]string{"m.tsv": long})
	if code, _, stderr := runCLI(t, "", "annotations", "import", "--annotations", "a.ann", "m.tsv"); code != 0 {
		t.Fatalf("import: status %d, %q", code, stderr)
	}
	ann, _ := os.ReadFile("a.ann")
	for _, c := range []struct {
		name, content string
		args          []string
	}{
		{"m.tsv", long, []string{"annotations", "summary"}},
		{"m.tsv", long, []string{"annotations", "summary", "--format", "json", "--annotations"}},
		{"m.tsv", gzipped(t, long), []string{"annotations", "export", "--format", "jsonl", "--annotations"}},
		{"a.ann", string(ann), []string{"annotations", "summary", "--format", "json"}},
		{"a.ann", string(ann), []string{"annotations", "export", "--annotations"}},
		{"a.ann", string(ann), []string{"annotations", "import", "--annotations", "b.ann"}},
	} {
		wantCode, wantOut, wantErr := runCLI(t, "", append(c.args, c.name)...)
		code, out, stderr := runCLI(t, c.content, append(c.args, "-")...)
		wantErr = strings.ReplaceAll(wantErr, c.name, "standard input")
		wantErr = strings.ReplaceAll(wantErr, "--annotations standard input -o a.tsv", "--annotations - -o annotations.tsv")
		if code != wantCode || out != wantOut || stderr != wantErr {
			t.Errorf("%q - holding %s: status %d, stderr %q, stdout\n%.300s\nwant %d, stderr %q, stdout\n%.300s", c.args, c.name, code, stderr, out, wantCode, wantErr, wantOut)
		}
	}
	code, out, stderr := runCLI(t, long, "annotations", "import", "--annotations", "c.ann", "-")
	if code != 0 || out != "" || !strings.HasPrefix(stderr, "bleuscope: standard input: ") || !strings.HasSuffix(stderr, " added to c.ann, 0 already there\n") {
		t.Errorf("import of standard input: status %d, stdout %q, stderr %q", code, out, stderr)
	}
	if got, _ := os.ReadFile("c.ann"); len(got) == 0 {
		t.Error("import of standard input: c.ann is empty")
	}
	const twice = "bleuscope: standard input is named twice (\"-\"); it can be read only once: save it to a file and name the file instead\n"
	if code, _, stderr := runCLI(t, long, "annotations", "import", "--annotations", "d.ann", "-", "m.tsv", "-"); code != exitUsage || stderr != twice {
		t.Errorf("import of - twice: status %d, stderr %q; want 2 and %q", code, stderr, twice)
	}
	if _, err := os.Stat("d.ann"); err == nil {
		t.Error("import of - twice made d.ann")
	}
	// Empty standard input is most likely a command that failed to feed
	// it: refused, where it read as "no annotations" and exit 0.
	for _, args := range [][]string{{"summary"}, {"export", "--annotations"}, {"import", "--annotations", "e.ann"}} {
		code, out, stderr := runCLI(t, "", append(append([]string{"annotations"}, args...), "-")...)
		if code != exitUsage || out != "" || !strings.HasPrefix(stderr, "bleuscope: standard input (-) is empty; pipe ") || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v - on empty input: status %d, stdout %q, stderr %q; want 2 and one line", args, code, out, stderr)
		}
	}
	if _, err := os.Stat("e.ann"); err == nil {
		t.Error("import of empty standard input made e.ann")
	}
}

// TestAnnotationFileGzipped: summary and export, which only read, read a
// gzip-compressed annotation file as they read a WMT MQM TSV compressed;
// they refused it, as the explorer does, since it appends to the file.
func TestAnnotationFileGzipped(t *testing.T) {
	writeFiles(t, map[string]string{"m.tsv": mqmSmall})
	runCLI(t, "", "annotations", "import", "--annotations", "a.ann", "m.tsv")
	data, _ := os.ReadFile("a.ann")
	os.WriteFile("a.ann.gz", []byte(gzipped(t, string(data))), 0o644)
	for _, args := range [][]string{
		{"annotations", "summary", "--format", "json"},
		{"annotations", "export", "--annotations"},
	} {
		_, want, _ := runCLI(t, "", append(args, "a.ann")...)
		if code, out, stderr := runCLI(t, "", append(args, "a.ann.gz")...); code != 0 || out != want || stderr != "" {
			t.Errorf("%q a.ann.gz: status %d, stderr %q, stdout\n%s\nwant\n%s", args, code, stderr, out, want)
		}
	}
}

// TestAnnotationsEmptyFile: an empty file is an annotation file with
// nothing saved in it yet, which summary and export read as such, unless
// its name says it is a WMT MQM TSV (.tsv), which has a header row at
// least: then summary, export, import and --mqm all refuse it in the same
// line. Import refuses an empty file of another name too, as it refuses
// an annotation file, saying why. Before, summary and export read an
// empty .tsv as holding no annotations, where import and --mqm refused it.
func TestAnnotationsEmptyFile(t *testing.T) {
	writeFiles(t, map[string]string{"empty.txt": "", "empty.ann": "", "e.tsv": "", "bom.tsv": "\ufeff", "e.tsv.gz": gzipped(t, "")})
	for _, args := range [][]string{
		{"annotations", "summary", "empty.txt"},
		{"annotations", "summary", "--annotations", "empty.ann"},
	} {
		if code, out, stderr := runCLI(t, "", args...); code != 0 || out != "no annotations\n" || stderr != "" {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want no annotations", args, code, out, stderr)
		}
	}
	for _, file := range []string{"e.tsv", "bom.tsv", "e.tsv.gz"} {
		want := "bleuscope: " + file + " is empty; give a WMT MQM TSV: a header row naming the columns system doc doc_id seg_id rater source target category severity and, optionally, comment, then one row per error\n"
		for _, args := range [][]string{
			{"annotations", "summary", file},
			{"annotations", "export", "--annotations", file},
			{"annotations", "import", "--annotations", "a.ann", file},
			{"score", "--mqm", file, "--mqm-ref", "ref"},
		} {
			if code, out, stderr := runCLI(t, "", args...); code != 2 || out != "" || stderr != want {
				t.Errorf("%q: status %d, stdout %q, stderr %q; want 2 and %q", args, code, out, stderr, want)
			}
		}
	}
	const want = "bleuscope: empty.txt is empty: an annotation file with nothing saved in it yet, as summary reads it, and so nothing to import; give the WMT MQM TSV (a header row naming the columns system doc doc_id seg_id rater source target category severity and, optionally, comment, then one row per error)\n"
	if code, _, stderr := runCLI(t, "", "annotations", "import", "--annotations", "a.ann", "empty.txt"); code != 2 || stderr != want {
		t.Errorf("import of an empty file: status %d, stderr %q; want 2 and %q", code, stderr, want)
	}
	if _, err := os.Stat("a.ann"); err == nil {
		t.Error("a refused import created the annotation file")
	}
}

// TestAnnotationsImportFixes: import's refusals of a file in the wrong
// place each say what to do instead, and doing it works. A file that is
// not an annotation file named as --annotations (a reference) is refused,
// saying import never writes to another file, where it advised running
// "bleuscope annotations import", the command being run; an annotation
// file named as the file to import says how to import it, by exporting it
// as a WMT MQM TSV, where it said only what it was.
func TestAnnotationsImportFixes(t *testing.T) {
	writeFiles(t, map[string]string{"m.tsv": mqmSmall, "ref.txt": "hello world\n"})
	const refusal = `bleuscope: ref.txt:1: is not a bleuscope annotation file (it must start with {"format":"bleuscope-annotations","version":1}), and import adds to an annotation file, never to another file; give --annotations a new file name (import makes it) or an annotation file the explorer or import made (nothing was added)` + "\n"
	if code, out, stderr := runCLI(t, "", "annotations", "import", "--annotations", "ref.txt", "m.tsv"); code != 2 || out != "" || stderr != refusal {
		t.Errorf("import into a reference: status %d, stdout %q, stderr %q; want 2 and %q", code, out, stderr, refusal)
	}
	if data, _ := os.ReadFile("ref.txt"); string(data) != "hello world\n" {
		t.Errorf("the reference changed: %q", data)
	}
	if code, _, stderr := runCLI(t, "", "annotations", "import", "--annotations", "my.ann", "m.tsv"); code != 0 {
		t.Fatalf("import: status %d, %q", code, stderr)
	}
	const advice = "bleuscope: my.ann:1: is a bleuscope annotation file, not a WMT MQM TSV; to add its annotations to new.ann, export them as one first: bleuscope annotations export --annotations my.ann -o my.tsv, then import that\n"
	if code, out, stderr := runCLI(t, "", "annotations", "import", "--annotations", "new.ann", "my.ann"); code != 2 || out != "" || stderr != advice {
		t.Fatalf("import of an annotation file: status %d, stdout %q, stderr %q; want 2 and %q", code, out, stderr, advice)
	}
	// Following the advice adds the annotations.
	if code, _, stderr := runCLI(t, "", "annotations", "export", "--annotations", "my.ann", "-o", "my.tsv"); code != 0 {
		t.Fatalf("export: status %d, %q", code, stderr)
	}
	if code, _, stderr := runCLI(t, "", "annotations", "import", "--annotations", "new.ann", "my.tsv"); code != 0 {
		t.Fatalf("import of the export: status %d, %q", code, stderr)
	}
	_, want, _ := runCLI(t, "", "annotations", "export", "--annotations", "my.ann", "--format", "jsonl")
	_, got, _ := runCLI(t, "", "annotations", "export", "--annotations", "new.ann", "--format", "jsonl")
	if strip := func(s string) string { return regexp.MustCompile(`"time":"[^"]*"`).ReplaceAllString(s, "") }; strip(got) != strip(want) {
		t.Errorf("new.ann after following the advice:\n%s\nwant my.ann's\n%s", got, want)
	}
	// An annotation file named .tsv is not told to export over itself.
	data, _ := os.ReadFile("my.ann")
	os.WriteFile("notes.tsv", data, 0o644)
	if _, _, stderr := runCLI(t, "", "annotations", "import", "--annotations", "new.ann", "notes.tsv"); !strings.Contains(stderr, " -o notes.mqm.tsv, then import that") {
		t.Errorf("import of an annotation file named .tsv: %q; want it exported to notes.mqm.tsv", stderr)
	}
}

// TestAnnotationsExportOrder: export lists the rows by system (the
// systems in the order they first appear) and line, those of a segment
// in the order they were made; an annotation deleted and put back (as u
// does) under a new ID stays with its segment, where the rows came in the
// order of their IDs and it came last, after a later line's.
func TestAnnotationsExportOrder(t *testing.T) {
	writeFiles(t, nil)
	store, err := annotations.Open("a.ann")
	if err != nil {
		t.Fatal(err)
	}
	add := func(system string, line int, rater string) annotations.Annotation {
		t.Helper()
		a := annotations.Annotation{Kind: annotations.KindError, System: system, Line: line, Rater: rater, Category: "Style/Awkward", Severity: "Minor"}
		a.SetText("Line "+strconv.Itoa(line)+".", "")
		added, err := store.Add(a)
		if err != nil {
			t.Fatal(err)
		}
		return added
	}
	first := add("sysB", 3, "r1")
	add("sysB", 3, "r2")
	add("sysA", 1, "r1")
	add("sysB", 7, "r1")
	add("sysB", 1, "r1")
	if err := store.Delete(first.ID); err != nil { // taken back, then put back under a new ID
		t.Fatal(err)
	}
	first.ID = 0
	if _, err := store.Add(first); err != nil {
		t.Fatal(err)
	}
	store.Close()
	want := []string{"sysB 1 r1", "sysB 3 r2", "sysB 3 r1", "sysB 7 r1", "sysA 1 r1"}
	for _, format := range []string{"mqm-tsv", "csv", "jsonl"} {
		code, out, stderr := runCLI(t, "", "annotations", "export", "--annotations", "a.ann", "--format", format)
		if code != 0 || stderr != "" {
			t.Fatalf("%s: status %d, stderr %q", format, code, stderr)
		}
		var got []string
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			if format == "jsonl" {
				var a annotations.Annotation
				if err := json.Unmarshal([]byte(l), &a); err != nil {
					t.Fatalf("jsonl %q: %v", l, err)
				}
				got = append(got, a.System+" "+strconv.Itoa(a.Line)+" "+a.Rater)
				continue
			}
			sep := map[string]string{"mqm-tsv": "\t", "csv": ","}[format]
			if f := strings.Split(l, sep); f[0] != "system" {
				got = append(got, f[0]+" "+f[3]+" "+f[4]) // doc_id and seg_id are the line for bleuscope's own
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: rows %q; want %q\n%s", format, got, want, out)
		}
	}
}

// TestImportCountsThousands: import's line counts what it added and what
// was there in groups of three digits, as it counts the rows; before,
// "1,000 rows (…); 1000 added to a.ann, 0 already there".
func TestImportCountsThousands(t *testing.T) {
	var b strings.Builder
	b.WriteString("system\tdoc\tdoc_id\tseg_id\trater\tsource\ttarget\tcategory\tseverity\n")
	for i := 1; i <= 1000; i++ {
		fmt.Fprintf(&b, "sysA\td\t1\t%d\tr1\tQuelle\ta <v>big</v> dog\tOther\tMinor\n", i)
	}
	writeFiles(t, map[string]string{"m.tsv": b.String()})
	code, _, stderr := runCLI(t, "", "annotations", "import", "--annotations", "a.ann", "m.tsv")
	if want := "bleuscope: m.tsv: 1,000 rows (1,000 errors, 0 no-error marks); 1,000 added to a.ann, 0 already there\n"; code != 0 || stderr != want {
		t.Errorf("import: status %d, stderr %q; want 0 and %q", code, stderr, want)
	}
	code, _, stderr = runCLI(t, "", "annotations", "import", "--annotations", "a.ann", "m.tsv")
	if want := "bleuscope: m.tsv: 1,000 rows (1,000 errors, 0 no-error marks); 0 added to a.ann, 1,000 already there\n"; code != 0 || stderr != want {
		t.Errorf("import again: status %d, stderr %q; want 0 and %q", code, stderr, want)
	}
}
