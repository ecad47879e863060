package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model/annotations"
	"github.com/bleuscope/bleuscope/scoring"
	tea "github.com/charmbracelet/bubbletea"
)

// TestExploreAnnotationWarningsOnStderr: what the explorer warns of the
// annotation file at open (annotations that do not attach, by cause) is
// printed on standard error too, escaped, as the warnings screen says; it
// was only on the screen. Another bleuscope with the file open is no cause
// for a warning: both save.
func TestExploreAnnotationWarningsOnStderr(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ann.jsonl")
	st, err := annotations.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	for line, system := range []string{"LT22\x1b[2J", "fluent"} {
		a := annotations.Annotation{Kind: annotations.KindNoError, System: system, Line: line + 1, Rater: "ana"}
		a.SetText("a text the corpus no longer has", "")
		if _, err := st.MarkNoError(a); err != nil {
			t.Fatal(err)
		}
	}
	defer st.Close() // another bleuscope, still open
	_, stderr := openExplorer(t, 80, 24, "--annotations", path, "../../fixtures/demo/fluent.en", "-r", "../../fixtures/demo/ref.A.en")
	for _, want := range []string{
		"bleuscope: warning: " + path + ": 1 annotation for a system not opened here (LT22",
		"bleuscope: warning: " + path + ": 1 annotation made on a text that has since changed: kept in the file",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("standard error does not say %q:\n%s", want, stderr)
		}
	}
	if strings.Contains(stderr, "another bleuscope") {
		t.Errorf("standard error warns of the other bleuscope, which lets both save:\n%s", stderr)
	}
	if strings.Contains(stderr, "\x1b") {
		t.Errorf("standard error holds a raw escape: %q", stderr)
	}
}

// TestAnnotationFolderMissing: an annotation file whose folder does not
// exist (or is a file) is refused at start, in one line naming it and what
// to do, as -o is, instead of the explorer opening and failing at the
// first change; an import into it is refused the same way.
func TestAnnotationFolderMissing(t *testing.T) {
	dir := writeFiles(t, map[string]string{"hyp.en": "a b c\n", "ref.en": "a b c\n", "m.tsv": mqmSmall})
	for _, c := range []struct{ ann, reason string }{
		{"nodir/a.ann", "no such file or directory"},
		{"hyp.en/a.ann", "not a directory"},
	} {
		want := "bleuscope: cannot write " + c.ann + ": " + c.reason + "; check that its folder exists and is writable\n"
		for _, args := range [][]string{
			{"--annotations", c.ann, "-r", "ref.en", "hyp.en"},
			{"annotations", "import", "--annotations", c.ann, "m.tsv"},
		} {
			if code, out, stderr := runCLI(t, "", args...); code != 2 || out != "" || stderr != want {
				t.Errorf("%q: status %d, stdout %q, stderr %q; want 2 and %q", args, code, out, stderr, want)
			}
		}
	}
	if got := listDir(t, dir); strings.Join(got, " ") != "hyp.en m.tsv ref.en" {
		t.Errorf("the folder holds %q after the refusals", got)
	}
}

// TestAnnotationFileNewerFormat: an annotation file whose header names a
// format version newer than this bleuscope reads (a newer bleuscope wrote
// it) is refused by every command that opens one in a line saying so and
// that a newer bleuscope is needed, and left as it is. Before, it was "not
// a bleuscope annotation file", with the advice to give a new file name.
func TestAnnotationFileNewerFormat(t *testing.T) {
	newer := `{"format":"bleuscope-annotations","version":2}` + "\n" + `{"crc":"00000000","rec":{"future":true}}` + "\n"
	dir := writeFiles(t, map[string]string{"hyp.en": "a b c\n", "ref.en": "a b c\n", "m.tsv": mqmSmall, "new.ann": newer})
	want := "bleuscope: new.ann:1: was written by a newer bleuscope (annotation file format version 2; this bleuscope " +
		scoring.Version + " reads version 1); open it with a newer bleuscope (it is left as it is)\n"
	for _, args := range [][]string{
		{"--annotations", "new.ann", "-r", "ref.en", "hyp.en"}, // the report: stdout is no terminal
		{"annotations", "import", "--annotations", "new.ann", "m.tsv"},
		{"annotations", "export", "--annotations", "new.ann", "--format", "csv"},
		{"annotations", "summary", "new.ann"},
	} {
		if code, out, stderr := runCLI(t, "", args...); code != 2 || out != "" || stderr != want {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want 2 and %q", args, code, out, stderr, want)
		}
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "new.ann")); string(data) != newer {
		t.Errorf("the newer file was changed: %q", data)
	}
	if got := listDir(t, dir); strings.Join(got, " ") != "hyp.en m.tsv new.ann ref.en" {
		t.Errorf("the folder holds %q after the refusals", got)
	}
}

// TestAnnotationFileNotWritable: a new annotation file in a folder that
// cannot be written in is refused at start, in the line a missing folder
// gets, by the explorer (the report says it as the explorer would) and
// import; an import into an annotation file that cannot be written is
// refused before any file is read, saying why and that nothing was added.
// Before, both were found at the first save: the explorer said NOT SAVED,
// import "1 change kept in memory and not yet on disk".
func TestAnnotationFileNotWritable(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root writes a read-only file and folder anyway: run the tests as another user to check this")
	}
	dir := writeFiles(t, map[string]string{"hyp.en": "a b c\n", "ref.en": "a b c\n", "m.tsv": mqmSmall, "ro/x": "", "ann.ann": ""})
	if code, _, stderr := runCLI(t, "", "annotations", "import", "--annotations", "ann.ann", "m.tsv"); code != 0 {
		t.Fatalf("import: %d %s", code, stderr)
	}
	for _, p := range []string{"ro", "ann.ann"} {
		if err := os.Chmod(filepath.Join(dir, p), 0o555); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() { os.Chmod(filepath.Join(dir, "ro"), 0o755) })
	want := "bleuscope: cannot write ro/a.ann: permission denied; check that its folder exists and is writable\n"
	for _, args := range [][]string{
		{"--annotations", "ro/a.ann", "-r", "ref.en", "hyp.en"},
		{"annotations", "import", "--annotations", "ro/a.ann", "m.tsv"},
	} {
		if code, out, stderr := runCLI(t, "", args...); code != 2 || out != "" || stderr != want {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want 2 and %q", args, code, out, stderr, want)
		}
	}
	if got := listDir(t, filepath.Join(dir, "ro")); strings.Join(got, " ") != "x" {
		t.Errorf("the read-only folder holds %q after the refusals", got)
	}
	before, _ := os.ReadFile(filepath.Join(dir, "ann.ann"))
	other := strings.ReplaceAll(mqmSmall, "sysB", "sysC")
	os.WriteFile(filepath.Join(dir, "n.tsv"), []byte(other), 0o644)
	want = "bleuscope: ann.ann: cannot be written (permission denied); fix its permissions, or name another annotation file (nothing was added)\n"
	if code, out, stderr := runCLI(t, "", "annotations", "import", "--annotations", "ann.ann", "n.tsv"); code != 2 || out != "" || stderr != want {
		t.Errorf("import into a read-only file: status %d, stdout %q, stderr %q; want 2 and %q", code, out, stderr, want)
	}
	if after, _ := os.ReadFile(filepath.Join(dir, "ann.ann")); string(after) != string(before) {
		t.Error("the read-only annotation file changed")
	}
}

// TestReportAnnotationWarnings: the plain report (standard output not a
// terminal) prints on standard error, escaped, what the explorer lists of
// the annotation file at open: a last change a crash cut short, and
// annotations that do not attach; the file is left as it is. Before, the
// report said nothing of them.
func TestReportAnnotationWarnings(t *testing.T) {
	dir := writeFiles(t, map[string]string{"hyp.en": "a b c\n", "ref.en": "a b d\n"})
	path := filepath.Join(dir, "ann.jsonl")
	st, err := annotations.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	a := annotations.Annotation{Kind: annotations.KindNoError, System: "LT22\x1b[2J", Line: 1, Rater: "ana"}
	a.SetText("a b c", "")
	if _, err := st.MarkNoError(a); err != nil {
		t.Fatal(err)
	}
	st.Close()
	f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(`{"crc":"12`) // a crash while saving the next change
	f.Close()
	before, _ := os.ReadFile(path)
	code, out, stderr := runCLI(t, "", "--annotations", "ann.jsonl", "-r", "ref.en", "hyp.en")
	if code != 0 || !strings.Contains(out, "report") {
		t.Fatalf("report: status %d, stdout %q, stderr %q", code, out, stderr)
	}
	for _, want := range []string{
		"bleuscope: warning: ann.jsonl:3: the last change was cut short (a crash while saving it) and is dropped; every change before it is kept\n",
		"bleuscope: warning: ann.jsonl: 1 annotation for a system not opened here (LT22",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("standard error does not say %q:\n%s", want, stderr)
		}
	}
	if strings.Contains(stderr, "\x1b") {
		t.Errorf("standard error holds a raw escape: %q", stderr)
	}
	if after, _ := os.ReadFile(path); string(after) != string(before) {
		t.Error("the report changed the annotation file")
	}
}

// TestReportRefusesBadTypology: the plain report reads --typology as the
// explorer does, so a typology the explorer refuses is refused in the same
// line and exit status, instead of the report printing as if it were fine.
func TestReportRefusesBadTypology(t *testing.T) {
	writeFiles(t, map[string]string{"hyp.en": "a b c\n", "ref.en": "a b d\n",
		"typ.txt": "severity | m | minor | 1\ncategory | e\u0301 | Decomposed\n"})
	code, out, stderr := runCLI(t, "", "--annotations", "ann.jsonl", "--typology", "typ.txt", "-r", "ref.en", "hyp.en")
	if code != exitUsage || out != "" || !strings.HasPrefix(stderr, "bleuscope: typ.txt:2: category \"Decomposed\"") || strings.Count(stderr, "\n") != 1 {
		t.Errorf("report with a bad typology: status %d, stdout %q, stderr %q; want 2 and one line naming typ.txt:2", code, out, stderr)
	}
}

// TestTypologyRecordedAndWarned: a file the explorer annotated with a
// custom typology records it; opened with --preset mqm, where Major
// weighs 5, not 10, standard error says so at open, escaped, as the
// explorer's warnings do; opened with neither --preset nor --typology,
// the explorer takes the file's typology (its keys pick) and warns of
// nothing, and so does summary, whose header says the weights are the
// file's; summary given other weights says which differ. Before, the file
// did not say what it was made with, the explorer offered mqm, and the
// numbers changed without a word.
func TestTypologyRecordedAndWarned(t *testing.T) {
	fluent, _ := filepath.Abs("../../fixtures/demo/fluent.en")
	ref, _ := filepath.Abs("../../fixtures/demo/ref.A.en")
	dir := writeFiles(t, map[string]string{})
	ten, err := annotations.ParseTypology(strings.NewReader("name | ten\x1b[2J\nseverity | m | Minor | 1\nseverity | M | Major | 10\ncategory | q | Other\n"), "ten.typ")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "ann.jsonl")
	st, err := annotations.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	st.SetTypology(ten) // as the explorer does
	a := annotations.Annotation{Kind: annotations.KindError, System: "fluent", Line: 1, Rater: "ana", Category: "Other", Severity: "Major"}
	hyp, _ := os.ReadFile(fluent)
	a.SetText(strings.SplitN(string(hyp), "\n", 2)[0], "")
	if _, err := st.Add(a); err != nil {
		t.Fatal(err)
	}
	st.Close()

	args := []string{"--annotations", path, "--rater", "bo", fluent, "-r", ref}
	_, stderr := openExplorer(t, 80, 24, append(args, "--preset", "mqm")...)
	want := "bleuscope: warning: " + path + `: made with "ten\x1b[2J" (a custom typology), weighed here with mqm: Major errors weigh 10 in "ten\x1b[2J", 5 in mqm; `
	if !strings.Contains(stderr, want) || !strings.Contains(stderr, "; open it without --preset and --typology to weigh with the file's\n") {
		t.Errorf("standard error does not say %q:\n%s", want, stderr)
	}
	if strings.Contains(stderr, "\x1b") {
		t.Errorf("standard error holds a raw escape: %q", stderr)
	}
	m, stderr := openExplorer(t, 80, 24, args...)
	if strings.Contains(stderr, "made with") {
		t.Errorf("opened with the file's typology, standard error warns:\n%s", stderr)
	}
	for _, k := range []string{"A", "x", "q", "M", "enter"} { // q is Other in the file's typology, no key in mqm
		msg := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
		if k == "enter" {
			msg = tea.KeyMsg{Type: tea.KeyEnter}
		}
		var cmd tea.Cmd
		m, cmd = m.Update(msg)
		m = settle(t, m, cmd)
	}
	again, err := annotations.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if all := again.All(); len(all) != 2 || all[1].Rater != "bo" || all[1].Category != "Other" || all[1].Severity != "Major" {
		t.Errorf("the file's typology's keys did not mark an error: %+v", all)
	}
	if ts := again.Typologies(); len(ts) != 1 {
		t.Errorf("the file's own typology was recorded again: %d records", len(ts))
	}

	for _, c := range []struct {
		args       []string
		head, warn string
	}{
		{nil, "MQM score per system (ten␛[2J weights, as the file records)", ""},
		{[]string{"--preset", "mqm"}, `MQM score per system (mqm weights)`,
			`bleuscope: warning: ann.jsonl: made with "ten\x1b[2J" (a custom typology), weighed here with mqm: Major errors weigh 10 in "ten\x1b[2J", 5 in mqm; `},
	} {
		code, out, stderr := runCLI(t, "", append(append([]string{"annotations", "summary"}, c.args...), "ann.jsonl")...)
		if code != 0 || !strings.HasPrefix(out, c.head+"\n") || !strings.HasPrefix(stderr, c.warn) || c.warn == "" && stderr != "" {
			t.Errorf("summary %q: status %d, stdout %q, stderr %q; want 0, %q, %q", c.args, code, out, stderr, c.head, c.warn)
		}
		if c.warn != "" && !strings.HasSuffix(stderr, "; without --preset and --typology summary weighs with the file's\n") {
			t.Errorf("summary %q: the warning does not say how to weigh with the file's: %q", c.args, stderr)
		}
	}
}
