package annotations

import (
	"bytes"
	"encoding/binary"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bleuscope/bleuscope/fixtures/conformance"
	"github.com/bleuscope/bleuscope/model"
)

// quirky is a small MQM TSV with the quirks of WMT's files: a field that
// starts with a quotation mark (no quoting), an empty span, a source-side
// span, a No-error row, a "<v>" never closed, a CRLF line end, CJK text.
const quirky = "system\tdoc\tdoc_id\tseg_id\trater\tsource\ttarget\tcategory\tseverity\tcomment\n" +
	"sysA\tdoc1\t1\t7\trater1\t源文本。\t\"Quoted\" start <v>here</v>.\tAccuracy/Mistranslation\tMajor\tsee \"here\"\n" +
	"sysA\tdoc1\t1\t7\trater1\t源文本。\t\"Quoted\"<v></v> start here.\tFluency/Punctuation\tMinor\t\r\n" +
	"sysA\tdoc1\t2\t8\trater2\t<v>源</v>文本二\tTarget two\tAccuracy/Omission\tMajor\t\n" +
	"sysB\tdoc1\t1\t7\trater1\t源文本。\tB one.\tNo-error\tNo-error\t\n" +
	"sysB\tdoc1\t2\t8\trater2\t源文本二\t<v>B two\tNon-translation\tMajor\t\n" +
	"sysC\tdoc2\t1\t3\trater1\t另一个\t中文<v>目标</v>\tStyle/Awkward\tMinor\t\n"

func TestReadMQMQuirks(t *testing.T) {
	rows, err := ReadMQM(strings.NewReader(quirky), "q.tsv", LinesByPosition)
	if err != nil {
		t.Fatal(err)
	}
	a := rows.Annotations
	if len(a) != 6 {
		t.Fatalf("%d rows; want 6", len(a))
	}
	type want struct {
		kind      Kind
		line      int
		hyp, src  string
		span      *Span
		spanText  string
		cat, note string
	}
	for i, w := range []want{
		{KindError, 1, `"Quoted" start here.`, "源文本。", &Span{SideHyp, 15, 19}, "here", "Accuracy/Mistranslation", `see "here"`},
		{KindError, 1, `"Quoted" start here.`, "源文本。", &Span{SideHyp, 8, 8}, "", "Fluency/Punctuation", ""},
		{KindError, 2, "Target two", "源文本二", &Span{SideSrc, 0, 1}, "源", "Accuracy/Omission", ""},
		{KindNoError, 1, "B one.", "源文本。", nil, "", "", ""},
		{KindError, 2, "B two", "源文本二", &Span{SideHyp, 0, 5}, "B two", "Non-translation", ""},
		{KindError, 3, "中文目标", "另一个", &Span{SideHyp, 2, 4}, "目标", "Style/Awkward", ""},
	} {
		g := a[i]
		if g.Kind != w.kind || g.Line != w.line || g.Hyp != w.hyp || g.Src != w.src || !reflect.DeepEqual(g.Span, w.span) ||
			g.SpanText() != w.spanText || g.Category != w.cat || g.Note != w.note {
			t.Errorf("row %d = %+v (span text %q); want %+v", i+1, g, g.SpanText(), w)
		}
		if g.HypHash != TextHash(w.hyp) || g.SrcHash != TextHash(w.src) {
			t.Errorf("row %d: hashes not of the untagged texts", i+1)
		}
		if err := g.check(); err != nil {
			t.Errorf("row %d does not pass check: %v", i+1, err)
		}
	}
	if len(rows.Warnings) != 1 || !strings.Contains(rows.Warnings[0], "q.tsv:6:") || !strings.Contains(rows.Warnings[0], "never closed") {
		t.Errorf("warnings %q; want one about the unclosed <v> on line 6", rows.Warnings)
	}

	bySeg, err := ReadMQM(strings.NewReader(quirky), "q.tsv", LinesBySegID)
	if err != nil || bySeg.Annotations[0].Line != 7 || bySeg.Annotations[2].Line != 8 {
		t.Errorf("LinesBySegID: %v, lines %d, %d; want 7, 8", err, bySeg.Annotations[0].Line, bySeg.Annotations[2].Line)
	}
}

// TestReadMQMNUL: a NUL in a source or a target, the texts scored and
// shown, gets the warning text files get; one in a comment, a note, does
// not.
func TestReadMQMNUL(t *testing.T) {
	tsv := "system\tdoc\tdoc_id\tseg_id\trater\tsource\ttarget\tcategory\tseverity\tcomment\n" +
		"sysA\td\t1\t1\tr1\tEins.\tOne.\tNo-error\tNo-error\tfine\x00\n" +
		"sysA\td\t1\t2\tr1\tZw\x00ei.\tTwo.\tNo-error\tNo-error\t\n" +
		"sysB\td\t1\t1\tr1\tEins.\tO<v>n\x00e</v>.\tStyle/Awkward\tMinor\t\n"
	rows, err := ReadMQM(strings.NewReader(tsv), "n.tsv", LinesByPosition)
	if err != nil {
		t.Fatal(err)
	}
	want := model.NULWarning("n.tsv", model.LineTally{N: 2, First: 3})
	if !reflect.DeepEqual(rows.Warnings, want) {
		t.Errorf("warnings %q; want %q", rows.Warnings, want)
	}
}

func TestReadMQMColumns(t *testing.T) {
	// Columns in another order, an extra column, a row without its
	// trailing comment and a row with a trailing tab.
	in := "seg_id\tsystem\tdoc\tdoc_id\trater\tglobal_id\tsource\ttarget\tcategory\tseverity\tcomment\n" +
		"5\tS\td\t1\tr\t99\tQ\t<v>T</v>x\tOther\tMinor\n" +
		"6\tS\td\t2\tr\t100\tQ2\tT2\tNo-error\tNo-error\tfine\t\n"
	rows, err := ReadMQM(strings.NewReader(in), "c.tsv", LinesBySegID)
	if err != nil {
		t.Fatal(err)
	}
	a := rows.Annotations
	if len(a) != 2 || a[0].Line != 5 || a[0].System != "S" || a[0].SpanText() != "T" || a[0].Note != "" || a[1].Note != "fine" || a[1].Kind != KindNoError {
		t.Errorf("rows %+v", a)
	}
}

func TestReadMQMErrors(t *testing.T) {
	head := "system\tdoc\tdoc_id\tseg_id\trater\tsource\ttarget\tcategory\tseverity\n"
	for _, c := range []struct{ name, in, want string }{
		{"empty", "", "q.tsv is empty"},
		{"no header", "a\tb\n", "q.tsv:1: is not an MQM TSV header: it lacks the columns system, doc"},
		{"short row", head + "s\td\t1\t1\tr\tsrc\n", "q.tsv:2: has 6 tab-separated fields but the header has 9"},
		{"long row", head + "s\td\t1\t1\tr\tsrc\thyp\tOther\tMajor\textra\n", "q.tsv:2: has 10 tab-separated fields but the header has 9"},
		{"no category", head + "s\td\t1\t1\tr\tsrc\thyp\t\tMajor\n", "q.tsv:2: has no category or no severity"},
		{"not utf-8", head + "s\td\t1\t1\tr\t\xff\thyp\tOther\tMajor\n", "q.tsv:2: invalid UTF-8 at byte 11 (0xff); convert the file to UTF-8, e.g. iconv -f latin1 -t utf-8"},
		// A binary file is not text, with its byte, as a system file is
		// (the NUL bytes after the first line count, as the system file's
		// reader sees them), asking for an MQM TSV; before, its first line
		// was "not UTF-8 text", no byte named. The NUL named is the line's
		// first (it was the one nearest 0xc0, at byte 24).
		{"binary", "\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x03\x00>\x00\x01\x00\x00\x00\xc0\xf4\x01\x00",
			"q.tsv:1: not a text file (a NUL byte at byte 8, then 0xc0 at byte 25, which is not UTF-8); give a WMT MQM TSV in plain text, one row per error"},
		{"binary without NUL", strings.Repeat("\x8a\xd3\x11z\xe1\x02\x9c", 40) + "\n" + strings.Repeat("\x00\xff\x13", 30),
			"q.tsv:1: not a text file (0x8a at byte 1, which is not UTF-8, then a NUL byte); give a WMT MQM TSV in plain text, one row per error"},
		{"binary row", head + strings.Repeat("s\td\t1\t1\tr\tsrc\thyp\tOther\tMajor\n", 9) + "s\td\t1\x00\xfe\x00\n",
			"q.tsv:11: not a text file (a NUL byte at byte 6, then 0xfe at byte 7, which is not UTF-8); give a WMT MQM TSV in plain text, one row per error"},
		// A character cut off at the file's end is the line's only fault:
		// it was read as no error and no rows (the fuzz target's find).
		{"cut character", "\xf2", "q.tsv:1: invalid UTF-8 at byte 1 (0xf2)"},
		{"latin-1 header", strings.TrimSuffix(head, "\n") + "\tcommentaire_r\xe9viseur\n",
			"q.tsv:1: invalid UTF-8 at byte 77 (0xe9); convert the file to UTF-8, e.g. iconv -f latin1 -t utf-8"},
		{"seg id", head + "s\td\t1\tx1\tr\tsrc\thyp\tOther\tMajor\n", `seg_id "x1" is not a positive integer`},
	} {
		lines := LinesByPosition
		if c.name == "seg id" {
			lines = LinesBySegID
		}
		_, err := ReadMQM(strings.NewReader(c.in), "q.tsv", lines)
		var ie *model.InputError
		if !errors.As(err, &ie) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v; want an *InputError containing %q", c.name, err, c.want)
		}
	}
}

// TestReadMQMEncoding: a WMT MQM TSV in UTF-16 or UTF-32, with a
// byte-order mark or without one, is refused with the line a system file
// gets, naming the encoding and the iconv command, not taken for a file
// without the MQM columns.
func TestReadMQMEncoding(t *testing.T) {
	const unmarked = " without a byte-order mark, as the NUL bytes among its characters say, not UTF-8; convert it, e.g. iconv -f "
	const marked = ", as its byte-order mark says, not UTF-8; convert it, e.g. iconv -f "
	for _, c := range []struct{ in, want string }{
		{conformance.UTF16(quirky, binary.LittleEndian), "UTF-16 (little-endian)" + unmarked + "UTF-16LE -t UTF-8"},
		{conformance.UTF16(quirky, binary.BigEndian), "UTF-16 (big-endian)" + unmarked + "UTF-16BE -t UTF-8"},
		{conformance.UTF16("\ufeff"+quirky, binary.LittleEndian), "UTF-16 (little-endian)" + marked + "UTF-16 -t UTF-8"},
		{conformance.UTF16("\ufeff"+quirky, binary.BigEndian), "UTF-16 (big-endian)" + marked + "UTF-16 -t UTF-8"},
		{conformance.UTF32(quirky, binary.LittleEndian), "UTF-32 (little-endian)" + unmarked + "UTF-32LE -t UTF-8"},
		// An emoji across the end of the bytes looked at, the file going on:
		{conformance.UTF16(strings.Repeat("ab ", 42)+"a😀\n"+quirky, binary.LittleEndian), "UTF-16 (little-endian)" + unmarked + "UTF-16LE -t UTF-8"},
		{conformance.UTF32("\ufeff"+quirky, binary.BigEndian), "UTF-32 (big-endian)" + marked + "UTF-32 -t UTF-8"},
	} {
		_, err := ReadMQM(strings.NewReader(c.in), "q.tsv", LinesByPosition)
		if want := "bleuscope: q.tsv is " + c.want; err == nil || err.Error() != want {
			t.Errorf("ReadMQM(%.12q) = %v; want %s", c.in, err, want)
		}
	}
}

// TestReadMQMByteOrderMark: a UTF-8 byte-order mark before the header is
// dropped, as the loader drops one before a TSV's header, so the file
// reads as it does without one; one inside a text is kept.
func TestReadMQMByteOrderMark(t *testing.T) {
	want, err := ReadMQM(strings.NewReader(quirky), "q.tsv", LinesByPosition)
	if err != nil {
		t.Fatal(err)
	}
	got, err := ReadMQM(strings.NewReader("\ufeff"+quirky), "q.tsv", LinesByPosition)
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("with a byte-order mark: %v; want the rows and warnings read without one", err)
	}
	inText := strings.Replace(quirky, "sysA\tdoc1\t1\t7\trater1\t", "sysA\tdoc1\t1\t7\trater1\t\ufeff", 1)
	if got, err := ReadMQM(strings.NewReader(inText), "q.tsv", LinesByPosition); err != nil || got.Annotations[0].Src != "\ufeff源文本。" {
		t.Errorf("a byte-order mark starting a source: %v; want it kept", err)
	}
}

// TestByteOrderMarkOffsets: a byte that is not UTF-8 on line 1 of an MQM
// TSV or a typology that starts with a UTF-8 byte-order mark is placed
// where [model.Load] places it in the same bytes, the mark counted. Before,
// the mark was dropped first, and the byte was placed 3 bytes early.
func TestByteOrderMarkOffsets(t *testing.T) {
	for _, c := range []struct {
		name, data string
		read       func(io.Reader, string) error
	}{
		{"q.tsv", "\ufeffsystem\tdoc\tdoc_id\tseg_id\trater\tsource\ttarget\tcategory\tseverity\tnot\xffe\n", func(r io.Reader, name string) error {
			_, err := ReadMQM(r, name, LinesByPosition)
			return err
		}},
		{"t.typ", "\ufeffname | x\xff\n", func(r io.Reader, name string) error {
			_, err := ParseTypology(r, name)
			return err
		}},
	} {
		_, want := model.Load(model.Input{Systems: []string{c.name}, Refs: []string{c.name}, FS: fstest.MapFS{c.name: {Data: []byte(c.data)}}})
		if want == nil {
			t.Fatalf("Load(%q) took the bytes", c.data)
		}
		if err := c.read(strings.NewReader(c.data), c.name); fmt.Sprint(err) != want.Error() {
			t.Errorf("%q: %v; want %v, as Load says", c.data, err, want)
		}
	}
}

// exportMQM writes anns as MQM TSV.
func exportMQM(t *testing.T, anns []Annotation) string {
	t.Helper()
	var b bytes.Buffer
	if _, err := WriteMQM(&b, anns); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestMQMRoundTrip(t *testing.T) {
	rows, err := ReadMQM(strings.NewReader(quirky), "q.tsv", LinesByPosition)
	if err != nil {
		t.Fatal(err)
	}
	// Annotations made in bleuscope (no doc, seg_id) and a score, which
	// the TSV leaves out.
	made := []Annotation{
		errAnn("sysD", 4, "me", "ein Hund", 4, 8, "Other", "Minor", "a note"),
		errAnn("sysD", 5, "me", "zwei", 0, 4, "Accuracy/Addition", "Major", ""),
	}
	score := seg("sysD", 4, "me", "ein Hund", "")
	score.Kind, score.Score = KindScore, new(int)
	anns := append(append(rows.Annotations, made...), score)

	first := exportMQM(t, anns)
	again, err := ReadMQM(strings.NewReader(first), "export.tsv", LinesByPosition)
	if err != nil {
		t.Fatal(err)
	}
	// The unclosed "<v>" (line 6) is written as it was read, and warned
	// about again.
	if len(again.Warnings) != 1 || again.Warnings[0] != strings.Replace(rows.Warnings[0], "q.tsv:", "export.tsv:", 1) {
		t.Errorf("re-import warned %q; want the import's %q", again.Warnings, rows.Warnings)
	}
	second := exportMQM(t, again.Annotations)
	if first != second {
		t.Fatalf("export → import → export differs:\n%s\n---\n%s", first, second)
	}
	if n := strings.Count(first, "\n"); n != 1+6+2 {
		t.Errorf("%d lines exported; want a header, 8 rows and no score", n)
	}
	for _, want := range []string{
		"sysA\tdoc1\t1\t7\trater1\t源文本。\t\"Quoted\" start <v>here</v>.\tAccuracy/Mistranslation\tMajor\tsee \"here\"\n",
		"sysA\tdoc1\t1\t7\trater1\t源文本。\t\"Quoted\"<v></v> start here.\tFluency/Punctuation\tMinor\t\n",
		"sysA\tdoc1\t2\t8\trater2\t<v>源</v>文本二\tTarget two\tAccuracy/Omission\tMajor\t\n",
		"sysB\tdoc1\t1\t7\trater1\t源文本。\tB one.\tNo-error\tNo-error\t\n",
		"sysB\tdoc1\t2\t8\trater2\t源文本二\t<v>B two\tNon-translation\tMajor\t\n",
		"sysD\t-\t4\t4\tme\tQuelle ein Hund\tein <v>Hund</v>\tOther\tMinor\ta note\n",
	} {
		if !strings.Contains(first, want) {
			t.Errorf("export lacks the row %q", want)
		}
	}
	// The imported texts, spans and notes survive the trip.
	for i := range rows.Annotations {
		g, w := again.Annotations[i], rows.Annotations[i]
		if g.Hyp != w.Hyp || g.Src != w.Src || !reflect.DeepEqual(g.Span, w.Span) || g.Note != w.Note || g.Kind != w.Kind {
			t.Errorf("row %d after the round trip: %+v; want %+v", i+1, g, w)
		}
	}
}

func TestWriteMQMReplacesTabsAndNewlines(t *testing.T) {
	a := errAnn("s", 1, "r", "a\tb", 0, 1, "Other", "Minor", "line one\nline two")
	var b bytes.Buffer
	n, err := WriteMQM(&b, []Annotation{a})
	if err != nil || n != 3 || strings.Count(b.String(), "\n") != 2 || !strings.Contains(b.String(), "line one line two") {
		t.Errorf("WriteMQM of fields with a tab and a newline: %d replaced, %v, %q", n, err, b.String())
	}
}

func TestWriteCSVIsSpreadsheetSafe(t *testing.T) {
	a := errAnn("=cmd|' /C calc'!A0", 1, "@rater", "+1 is \"quoted\",\nand\tmore", 3, 5, "Other", "Minor", "-2")
	b := seg("sys", 2, "r", "ok", "")
	b.Kind, b.Score = KindScore, new(int)
	*b.Score = 70
	var out bytes.Buffer
	if err := WriteCSV(&out, []Annotation{a, b}); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&out).ReadAll()
	if err != nil {
		t.Fatalf("the CSV does not parse back: %v", err)
	}
	if len(recs) != 3 || !reflect.DeepEqual(recs[0], csvColumns) {
		t.Fatalf("CSV rows %q", recs)
	}
	row := recs[1]
	for col, want := range map[int]string{
		0: "'=cmd|' /C calc'!A0", 4: "'@rater", 6: "'+1 <v>is</v> \"quoted\",\nand\tmore", 9: "'-2",
		10: "1", 11: "hyp", 12: "3", 13: "5", 14: "error",
	} {
		if row[col] != want {
			t.Errorf("column %s = %q; want %q", csvColumns[col], row[col], want)
		}
	}
	if model.SpreadsheetSafe("+1") != "'+1" || model.SpreadsheetSafe("\tx") != "'\tx" || model.SpreadsheetSafe("\rx") != "'\rx" || model.SpreadsheetSafe("a=b") != "a=b" {
		t.Error("SpreadsheetSafe prefixes the wrong cells")
	}
	if recs[2][15] != "70" || recs[2][14] != "score" || recs[2][7] != "" {
		t.Errorf("score row %q", recs[2])
	}
}

func TestWriteJSONLRoundTrips(t *testing.T) {
	rows, _ := ReadMQM(strings.NewReader(quirky), "q.tsv", LinesByPosition)
	var b bytes.Buffer
	if err := WriteJSONL(&b, rows.Annotations); err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(&b)
	for i := range rows.Annotations {
		var a Annotation
		if err := dec.Decode(&a); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(a, rows.Annotations[i]) {
			t.Errorf("JSONL line %d = %+v; want %+v", i+1, a, rows.Annotations[i])
		}
	}
}

// TestMQMExportImportRoundTrip: annotations made in bleuscope, exported as
// MQM TSV and imported back, land on their own lines (not renumbered by
// position) and are found to be there already.
func TestMQMExportImportRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.ann")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	// Some made here, then a WMT file's rows (numbered by position: the
	// rows made here must not shift them).
	defer func() {
		wmt, err := ReadMQM(strings.NewReader(quirky), "q.tsv", LinesByPosition)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.Import(wmt.Annotations); err != nil {
			t.Fatal(err)
		}
		roundTrip(t, s)
	}()
	for _, a := range []Annotation{
		errAnn("A", 7, "ana", "the cat sat", 4, 7, "Accuracy/Mistranslation", "Major", "not a cat"),
		errAnn("A", 3, "ana", "a dog", 0, 1, "Fluency/Grammar", "Minor", ""),
		errAnn("B", 7, "bo", "the cat sits", 0, 3, "Fluency/Punctuation", "Minor", ""),
	} {
		if _, err := s.Add(a); err != nil {
			t.Fatal(err)
		}
	}
	roundTrip(t, s)
}

// roundTrip exports s's annotations as MQM TSV and reads them back: each
// on its own line, and all there already.
func roundTrip(t *testing.T, s *Store) {
	t.Helper()
	var b strings.Builder
	if _, err := WriteMQM(&b, s.All()); err != nil {
		t.Fatal(err)
	}
	rows, err := ReadMQM(strings.NewReader(b.String()), "x.tsv", LinesByPosition)
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range rows.Annotations {
		if want := s.All()[i]; a.System != want.System || a.Line != want.Line {
			t.Errorf("row %d came back as %s line %d; want %s line %d", i+1, a.System, a.Line, want.System, want.Line)
		}
	}
	if added, _, err := s.Import(rows.Annotations); err != nil || added != 0 {
		t.Errorf("importing the export added %d (%v); want 0, all there already", added, err)
	}
}

// TestMQMMarkingsComeBackExactly: however a row marks its span, import then
// export gives its source and target back exactly, through the annotation
// file too, while the texts kept have no tag in them; a well-formed row
// keeps nothing more than its span. Before, an unclosed "<v>" came back
// closed, a "</v>" without "<v>" was dropped, and a second span, a nested
// one or the source's tags beside the target's were lost.
func TestMQMMarkingsComeBackExactly(t *testing.T) {
	type row struct {
		name, source, target, category string
		hyp, src                       string // the texts kept
		span                           *Span
		kept                           bool // the row's texts are kept beside the span
	}
	rows := []row{
		{"well-formed", "Quelle", "a <v>big</v> dog", "Other", "a big dog", "Quelle", &Span{SideHyp, 2, 5}, false},
		{"empty span", "Quelle", "a<v></v> dog", "Other", "a dog", "Quelle", &Span{SideHyp, 1, 1}, false},
		{"source span", "<v>Quelle</v>", "a dog", "Accuracy/Omission", "a dog", "Quelle", &Span{SideSrc, 0, 6}, false},
		{"unclosed", "Quelle", "a <v>big dog", "Other", "a big dog", "Quelle", &Span{SideHyp, 2, 9}, true},
		{"close alone", "Quelle", "a big</v> dog", "Other", "a big dog", "Quelle", nil, true},
		{"close first", "Quelle", "a</v> <v>big</v> dog", "Other", "a big dog", "Quelle", &Span{SideHyp, 2, 5}, true},
		{"two spans", "Quelle", "<v>a</v> big <v>dog</v>", "Other", "a big dog", "Quelle", &Span{SideHyp, 0, 1}, true},
		{"nested", "Quelle", "<v>a <v>big</v> dog</v>", "Other", "a big dog", "Quelle", &Span{SideHyp, 0, 5}, true},
		{"two empty", "Quelle", "<v></v>a dog<v></v>", "Other", "a dog", "Quelle", &Span{SideHyp, 0, 0}, true},
		{"open twice", "Quelle", "a <v>big <v>dog", "Other", "a big dog", "Quelle", &Span{SideHyp, 2, 9}, true},
		{"both sides", "<v>Quelle</v>", "a <v>dog</v>", "Other", "a dog", "Quelle", &Span{SideHyp, 2, 5}, true},
		{"unclosed source", "<v>Quelle", "a dog", "Accuracy/Omission", "a dog", "Quelle", &Span{SideSrc, 0, 6}, true},
		{"no-error with tags", "Quelle", "a <v>dog", noError, "a dog", "Quelle", nil, true},
	}
	var in strings.Builder
	in.WriteString(strings.Join(mqmColumns, "\t") + "\n")
	for i, r := range rows {
		sev := "Minor"
		if r.category == noError {
			sev = noError
		}
		fmt.Fprintf(&in, "sys\tdoc\t1\t%d\trater\t%s\t%s\t%s\t%s\t%s\n", i+1, r.source, r.target, r.category, sev, r.name)
	}
	read, err := ReadMQM(strings.NewReader(in.String()), "m.tsv", LinesByPosition)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range rows {
		a := read.Annotations[i]
		if a.Hyp != r.hyp || a.Src != r.src || !reflect.DeepEqual(a.Span, r.span) || (a.Marked != Marked{}) != r.kept {
			t.Errorf("%s: hyp %q, src %q, span %v, kept %+v; want %q, %q, %v, kept %v", r.name, a.Hyp, a.Src, a.Span, a.Marked, r.hyp, r.src, r.span, r.kept)
		}
	}
	if got := exportMQM(t, read.Annotations); got != in.String() {
		t.Errorf("export differs from the rows read:\n%s\nwant\n%s", got, in.String())
	}
	// Through an annotation file, as "annotations import" and "export" go.
	path := filepath.Join(t.TempDir(), "a.ann")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Import(read.Annotations); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s = mustReopen(t, path, s.All())
	defer s.Close()
	if got := exportMQM(t, s.All()); got != in.String() {
		t.Errorf("export from the annotation file differs from the rows imported:\n%s\nwant\n%s", got, in.String())
	}
	// Rows imported without their marking (by an earlier bleuscope) are
	// the same annotations: importing them again adds none.
	bare := make([]Annotation, len(read.Annotations))
	for i, a := range read.Annotations {
		bare[i] = a.clone()
		bare[i].Marked = Marked{}
	}
	old, err := Open(filepath.Join(t.TempDir(), "old.ann"))
	if err != nil {
		t.Fatal(err)
	}
	defer old.Close()
	if _, _, err := old.Import(bare); err != nil {
		t.Fatal(err)
	}
	if added, _, err := old.Import(read.Annotations); err != nil || added != 0 {
		t.Errorf("importing the rows again over an earlier import added %d (%v); want 0", added, err)
	}
	// A span changed since (an edit in the explorer) is written as it is
	// now: the row's own marking no longer says it.
	a := read.Annotations[3].clone() // unclosed
	a.Span = &Span{SideHyp, 6, 9}
	if got := exportMQM(t, []Annotation{a}); !strings.Contains(got, "\ta big <v>dog</v>\t") {
		t.Errorf("an edited span exported as\n%s", got)
	}
}

// TestExportTellsWholeSegmentErrors: JSONL and CSV say of each error
// whether it is of the whole segment (whole_segment true) or has a span
// (false), and nothing of no-error marks and scores, the other fields as
// they were. Before, a reader had to infer it from a span missing, which
// no-error marks and scores also lack.
func TestExportTellsWholeSegmentErrors(t *testing.T) {
	span := errAnn("s", 1, "r", "a b", 0, 1, "Other", "Minor", "")
	whole := errAnn("s", 2, "r", "a b", 0, 1, "Non-translation", "Major", "")
	whole.Span = nil
	clean := seg("s", 3, "r", "ok", "")
	clean.Kind = KindNoError
	anns := []Annotation{span, whole, clean}
	var j bytes.Buffer
	if err := WriteJSONL(&j, anns); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(j.String(), "\n"), "\n")
	for i, want := range []any{false, true, nil} {
		var obj map[string]any
		if err := json.Unmarshal([]byte(lines[i]), &obj); err != nil {
			t.Fatal(err)
		}
		if got, has := obj["whole_segment"]; got != want || has != (want != nil) {
			t.Errorf("JSONL line %d: whole_segment %v (present %v); want %v", i+1, got, has, want)
		}
		var back Annotation
		json.Unmarshal([]byte(lines[i]), &back)
		if !reflect.DeepEqual(back, anns[i]) {
			t.Errorf("JSONL line %d reads back as %+v; want %+v", i+1, back, anns[i])
		}
	}
	var c bytes.Buffer
	if err := WriteCSV(&c, anns); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&c).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	last := len(csvColumns) - 1
	if csvColumns[last] != "whole_segment" || csvColumns[last-1] != "time" {
		t.Fatalf("CSV columns %q; want whole_segment added after time", csvColumns)
	}
	for i, want := range []string{"false", "true", ""} {
		if got := recs[i+1][last]; got != want {
			t.Errorf("CSV row %d: whole_segment %q; want %q", i+1, got, want)
		}
	}
}

// TestJSONLExportID: an annotation from a store keeps its ID in the JSONL
// export; a row of an MQM TSV, which has none, has no "id" rather than
// "id":0 on every row, and the export is still told for what it is.
func TestJSONLExportID(t *testing.T) {
	rows, err := ReadMQM(strings.NewReader("system\tdoc\tdoc_id\tseg_id\trater\tsource\ttarget\tcategory\tseverity\n"+
		"A\td\t1\t1\tr1\tx y\t<v>a</v> b\tAccuracy/Mistranslation\tMajor\n"+
		"A\td\t1\t1\tr2\tx y\ta b\tNo-error\tNo-error\n"), "q.tsv", LinesByPosition)
	if err != nil {
		t.Fatal(err)
	}
	stored := errAnn("s", 1, "r", "a b", 0, 1, "Other", "Minor", "")
	stored.ID = 7
	var j bytes.Buffer
	if err := WriteJSONL(&j, append(rows.Annotations, stored)); err != nil {
		t.Fatal(err)
	}
	var ids []any
	for _, l := range strings.Split(strings.TrimSuffix(j.String(), "\n"), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, m["id"])
	}
	if want := []any{nil, nil, 7.0}; !reflect.DeepEqual(ids, want) {
		t.Errorf("ids %v; want %v\n%s", ids, want, j.String())
	}
	if got := ExportKind(j.Bytes()); got != "jsonl" {
		t.Errorf("JSONL export of MQM rows: %q; want jsonl", got)
	}
}

// TestExportKind: the start of WriteCSV's and WriteJSONL's output is told
// for what it is, with and without annotations; an annotation file, a WMT
// MQM TSV, other CSV and other JSON are not.
func TestExportKind(t *testing.T) {
	anns := []Annotation{errAnn("s", 1, "r", "a b", 0, 1, "Other", "Minor", "")}
	for _, set := range [][]Annotation{anns, nil} {
		var c, j bytes.Buffer
		if err := WriteCSV(&c, set); err != nil {
			t.Fatal(err)
		}
		if err := WriteJSONL(&j, anns); err != nil {
			t.Fatal(err)
		}
		if got := ExportKind(c.Bytes()); got != "csv" {
			t.Errorf("CSV export of %d annotations: %q; want csv", len(set), got)
		}
		if got := ExportKind(j.Bytes()); got != "jsonl" {
			t.Errorf("JSONL export: %q; want jsonl", got)
		}
	}
	for _, head := range []string{
		header,
		"system\tdoc\tdoc_id\tseg_id\trater\tsource\ttarget\tcategory\tseverity\n",
		"system,doc,doc_id\n",
		`{"id":"x","kind":"error"}`,
		`{"kind":"error","id":1}`,
		"",
	} {
		if got := ExportKind([]byte(head)); got != "" {
			t.Errorf("%q taken for the %s export", head, got)
		}
	}
}

// TestReadMQMWarningsByKind: a repair made on many rows is one warning,
// with how many rows and the first, and one made on a single row keeps
// that row's line; before, every row had a line of its own, 100,000 lines
// on standard error (and on the explorer's warnings screen) for a file
// whose every "<v>" is left open.
func TestReadMQMWarningsByKind(t *testing.T) {
	var b strings.Builder
	b.WriteString("system\tdoc\tdoc_id\tseg_id\trater\tsource\ttarget\tcategory\tseverity\n")
	for i := 1; i <= 1000; i++ {
		fmt.Fprintf(&b, "sysA\td\t1\t%d\tr1\tQuelle\ta <v>big dog\tOther\tMinor\n", i)
	}
	b.WriteString("sysA\td\t1\t1\tr2\tQuelle\ta big</v> cat\tOther\tMinor\n")      // line 1002: stray, and a target of its own
	b.WriteString("sysA\td\t1\t2\tr2\tQuelle\ta <v>small</v> cat\tOther\tMinor\n") // line 1003: a target of its own
	rows, err := ReadMQM(strings.NewReader(b.String()), "m.tsv", LinesByPosition)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`m.tsv: a "<v>" is never closed; the span runs to the end of the text (on 1,000 rows; the first, line 2)`,
		`m.tsv:1002: a "</v>" without "<v>" is dropped`,
		`m.tsv: the target of a segment differs from its earlier rows'; each row keeps its own text (on 2 rows; the first, line 1002: system sysA, segment 1)`,
	}
	if !reflect.DeepEqual(rows.Warnings, want) {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(rows.Warnings, "\n"), strings.Join(want, "\n"))
	}
}

// TestOpenMQMMissingRows: the warnings on a system or reference without a
// row for some segments say "it" of one segment and "they" of several;
// before, "has no row for 1 of the 3 segments; they are empty".
func TestOpenMQMMissingRows(t *testing.T) {
	tsv := "system\tdoc\tdoc_id\tseg_id\trater\tsource\ttarget\tcategory\tseverity\n" +
		"ref\td\t1\t1\tr\tEins.\tOne.\tNo-error\tNo-error\n" +
		"ref\td\t1\t2\tr\tZwei.\tTwo.\tNo-error\tNo-error\n" +
		"sysA\td\t1\t1\tr\tEins.\tOne.\tNo-error\tNo-error\n" +
		"sysA\td\t1\t2\tr\tZwei.\tTwo.\tNo-error\tNo-error\n" +
		"sysA\td\t1\t3\tr\tDrei.\tThree.\tNo-error\tNo-error\n" +
		"sysB\td\t1\t1\tr\tEins.\tOne.\tNo-error\tNo-error\n"
	path := filepath.Join(t.TempDir(), "m.tsv")
	if err := os.WriteFile(path, []byte(tsv), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := OpenMQM(path, []string{"ref"}, model.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		path + ": reference ref has no row for 1 of the 3 segments; it has one reference fewer",
		path + ": system sysB has no row for 2 of the 3 segments; they are empty",
	}
	if !reflect.DeepEqual(c.Warnings, want) {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(c.Warnings, "\n"), strings.Join(want, "\n"))
	}
}
