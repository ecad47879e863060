package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/fixtures/conformance"
	"github.com/bleuscope/bleuscope/model/annotations"
	"github.com/bleuscope/bleuscope/ui"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// openExplorer prepares the explorer as the command line does for args
// and returns it sized w×h with its first scores in, and what it wrote on
// standard error.
func openExplorer(t *testing.T, w, h int, args ...string) (tea.Model, string) {
	t.Helper()
	var stderr bytes.Buffer
	e := &env{ctx: context.Background(), stdin: strings.NewReader(""), stdout: &bytes.Buffer{}, stderr: &stderr}
	x, err := prepareExplore(e, args)
	if err != nil {
		t.Fatalf("%q: %v", args, err)
	}
	opts, closeAnn, err := x.options(e)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(closeAnn)
	var m tea.Model = ui.New(x.ds, x.set, opts...)
	m, _ = m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	m = settle(t, m, m.Init())
	return m, stderr.String()
}

// settle runs cmd and what follows from it, feeding every message back,
// as the runtime would (spinner ticks dropped).
func settle(t *testing.T, m tea.Model, cmd tea.Cmd) tea.Model {
	t.Helper()
	queue := []tea.Cmd{cmd}
	for steps := 0; len(queue) > 0; steps++ {
		if steps > 10000 {
			t.Fatal("the explorer's commands never settle")
		}
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case nil:
		case tea.BatchMsg:
			queue = append(queue, msg...)
		default:
			if strings.HasSuffix(strings.TrimPrefix(typeName(msg), "*"), "TickMsg") {
				continue
			}
			var more tea.Cmd
			m, more = m.Update(msg)
			queue = append(queue, more)
		}
	}
	return m
}

// typeName is the type of v as %T spells it.
func typeName(v any) string { return fmt.Sprintf("%T", v) }

// press sends keys to the explorer.
func pressKeys(t *testing.T, m tea.Model, keys ...string) tea.Model {
	t.Helper()
	for _, k := range keys {
		var cmd tea.Cmd
		m, cmd = m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)})
		m = settle(t, m, cmd)
	}
	return m
}

// TestExploreMQM: --mqm opens a WMT MQM file as a corpus: its systems are
// the systems (the --mqm-ref one the reference), and the raters'
// annotations are there to look at: the summary (S) lists the systems
// with their MQM scores, and a cat: filter finds the segments marked.
func TestExploreMQM(t *testing.T) {
	writeFiles(t, map[string]string{"m.tsv": mqmSmall + "ref\td\t1\t1\tr1\tEins.\tOne.\tNo-error\tNo-error\nref\td\t2\t2\tr1\tZwei drei.\tTwo three.\tNo-error\tNo-error\n"})
	m, _ := openExplorer(t, 120, 40, "--mqm", "m.tsv", "--mqm-ref", "ref")
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "sysA") || !strings.Contains(v, "nrefs:1") || strings.Contains(v, "no reference") {
		t.Fatalf("the explorer on the MQM file:\n%s", v)
	}
	if !strings.Contains(v, "line 1 (seg_id 1) ·") && !strings.Contains(v, "line 2 (seg_id 2) ·") {
		t.Errorf("the segment pane does not give the file's seg_id beside the line:\n%s", v)
	}
	s := ansi.Strip(pressKeys(t, m, "S").View())
	for _, want := range []string{"sysA", "sysB", "Accuracy/Omission"} {
		if !strings.Contains(s, want) {
			t.Errorf("the summary lacks %q:\n%s", want, s)
		}
	}
	// The reference's ratings are not ranked here, as they are by
	// 'annotations summary': the screen says so (a system was ranked one
	// lower there, with nothing to say why).
	if !strings.Contains(strings.Join(strings.Fields(s), " "), "#MQM rank the 2 systems opened here, not ref, taken as reference; 'bleuscope annotations summary' ranks every system of the file, ref too") {
		t.Errorf("the summary does not say the reference is left out of its ranks:\n%s", s)
	}
	f := pressKeys(t, m, append([]string{"/"}, strings.Split("cat:omission", "")...)...)
	f = settle(t, f, func() tea.Msg { return tea.KeyMsg{Type: tea.KeyEnter} })
	if v := ansi.Strip(f.View()); !strings.Contains(v, "1 of 2 match") {
		t.Errorf("cat:omission does not find sysA's one omission:\n%s", v)
	}
}

// TestExploreMQMShared opens the shared TED release the same way (skipped
// without ../shared): 15 systems less the reference, the raters' errors.
func TestExploreMQMShared(t *testing.T) {
	path := conformance.Shared(t, "corpora", "mqm", "mqm_ted_zhen.tsv")
	m, _ := openExplorer(t, 160, 50, "--mqm", path, "--mqm-ref", "refB")
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "/14") || !strings.Contains(v, "529 of 529") {
		t.Errorf("the explorer on the TED MQM file does not show 14 systems and 529 segments:\n%s", v)
	}
	s := ansi.Strip(pressKeys(t, m, "S").View())
	if !strings.Contains(s, "DIDI-NLP") || !strings.Contains(s, "MQM") {
		t.Errorf("the summary on the TED file:\n%s", s)
	}
}

// TestExploreMQMAnnotateKeepsIDs: a mark made in the explorer on an --mqm
// corpus takes the file's doc, doc_id and seg_id of its segment, so that
// the export can be merged back into the file (it wrote "-" and the line
// number, a seg_id the file does not have).
func TestExploreMQMAnnotateKeepsIDs(t *testing.T) {
	head := "system\tdoc\tdoc_id\tseg_id\trater\tsource\ttarget\tcategory\tseverity\n"
	writeFiles(t, map[string]string{"m.tsv": head +
		"sysA\ttalk.6\t61\t444\tr1\tEins.\tOne.\tNo-error\tNo-error\n" +
		"sysA\ttalk.6\t62\t445\tr1\tZwei.\tTwo.\tNo-error\tNo-error\n" +
		"ref\ttalk.6\t61\t444\tr1\tEins.\tOne!\tNo-error\tNo-error\n" +
		"ref\ttalk.6\t62\t445\tr1\tZwei.\tTwo!\tNo-error\tNo-error\n"})
	m, _ := openExplorer(t, 120, 40, "--mqm", "m.tsv", "--mqm-ref", "ref", "--annotations", "a.ann", "--rater", "me")
	m = pressKeys(t, m, ":", "2")
	m = settle(t, m, func() tea.Msg { return tea.KeyMsg{Type: tea.KeyEnter} })
	pressKeys(t, m, "N")
	code, out, stderr := runCLI(t, "", "annotations", "export", "--annotations", "a.ann")
	want := "sysA\ttalk.6\t62\t445\tme\tZwei.\tTwo.\tNo-error\tNo-error\t\n"
	if code != 0 || !strings.HasSuffix(out, want) {
		t.Errorf("export: status %d, stderr %q, stdout\n%s\nwant it to end with\n%s", code, stderr, out, want)
	}
}

// TestExploreMQMPickedSystems: the systems of an MQM file not picked on
// the command line are left out with their rows: the annotation file is
// not said to hold their annotations, on standard error or on the
// screen, nor are they listed as detached (they were, "a.ann: 2
// annotations for a system not opened here (sysB): kept in the file").
func TestExploreMQMPickedSystems(t *testing.T) {
	writeFiles(t, map[string]string{"m.tsv": mqmSmall + "ref\td\t1\t1\tr1\tEins.\tOne.\tNo-error\tNo-error\nref\td\t2\t2\tr1\tZwei drei.\tTwo three.\tNo-error\tNo-error\n"})
	for _, args := range [][]string{
		{"--mqm", "m.tsv", "--mqm-ref", "ref", "sysA", "--annotations", "a.ann", "--rater", "me"},
		{"--mqm", "m.tsv", "--mqm-ref", "ref", "sysA"},
	} {
		m, stderr := openExplorer(t, 120, 40, args...)
		s := ansi.Strip(pressKeys(t, m, "S").View())
		if strings.Contains(stderr, "sysB") || strings.Contains(s, "sysB") || strings.Contains(s, "detached") {
			t.Errorf("%q: the rows of sysB, not picked, are warned of or listed:\nstderr %q\n%s", args, stderr, s)
		}
		if !strings.Contains(s, "sysA") {
			t.Errorf("%q: the summary lacks sysA:\n%s", args, s)
		}
	}
}

// TestExploreMQMImportedOnce: an --mqm file opened beside an annotation
// file it was imported into shows each row once, so that the summary
// counts and weighs as 'annotations summary' of the file does (sysA's 3
// errors, MQM 3.77); they were counted twice, 6 errors and MQM 7.55.
func TestExploreMQMImportedOnce(t *testing.T) {
	writeFiles(t, map[string]string{"m.tsv": mqmSmall + "ref\td\t1\t1\tr1\tEins.\tOne.\tNo-error\tNo-error\nref\td\t2\t2\tr1\tZwei drei.\tTwo three.\tNo-error\tNo-error\n"})
	if code, _, stderr := runCLI(t, "", "annotations", "import", "--annotations", "a.ann", "m.tsv"); code != 0 {
		t.Fatalf("import: status %d, %s", code, stderr)
	}
	_, sum, _ := runCLI(t, "", "annotations", "summary", "a.ann")
	m, _ := openExplorer(t, 120, 40, "--mqm", "m.tsv", "--mqm-ref", "ref", "--annotations", "a.ann", "--rater", "me")
	if row := summaryRow(t, m, "sysA"); row[2] != "3.77" || row[4] != "3" {
		t.Errorf("the summary's row of sysA, %q, wants MQM 3.77 and 3 errors (as 'annotations summary' of the file:\n%s)", row, sum)
	}
}

// summaryRow returns the fields of sys's row on the explorer's annotation
// summary (S): its MQM score is the third, its errors the fifth.
func summaryRow(t *testing.T, m tea.Model, sys string) []string {
	t.Helper()
	s := ansi.Strip(pressKeys(t, m, "S").View())
	for line := range strings.Lines(s) {
		if f := strings.Fields(line); len(f) > 4 && f[0] == sys {
			return f
		}
	}
	t.Fatalf("the summary has no row of %s:\n%s", sys, s)
	return nil
}

// TestExploreMQMChangedOnce: a row of an --mqm file imported into the
// annotation file opened beside it, then deleted or edited there, is
// shown as the file has it, once: deleted, sysA counts 2 errors and MQM
// 2.55 (its Major mistranslation gone, as 'annotations summary' of the
// file weighs it), edited to Minor 2 and 0.55; and importing the file
// again adds nothing. Before, the deleted row came back (3 errors, 3.77),
// the edited one's original beside it (3 errors), and import added both
// again.
func TestExploreMQMChangedOnce(t *testing.T) {
	writeFiles(t, map[string]string{"m.tsv": mqmSmall + "ref\td\t1\t1\tr1\tEins.\tOne.\tNo-error\tNo-error\nref\td\t2\t2\tr1\tZwei drei.\tTwo three.\tNo-error\tNo-error\n"})
	if code, _, stderr := runCLI(t, "", "annotations", "import", "--annotations", "a.ann", "m.tsv"); code != 0 {
		t.Fatalf("import: status %d, %s", code, stderr)
	}
	change := func(category string, f func(st *annotations.Store, a annotations.Annotation) error) {
		t.Helper()
		st, err := annotations.Open("a.ann")
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		for _, a := range st.All() {
			if a.System == "sysA" && a.Category == category {
				if err := f(st, a); err != nil {
					t.Fatal(err)
				}
				return
			}
		}
		t.Fatalf("a.ann has no %s of sysA", category)
	}
	for _, step := range []struct {
		name, category string
		change         func(st *annotations.Store, a annotations.Annotation) error
		mqm, errs      string
		formerly       int
	}{
		{"deleted", "Accuracy/Mistranslation", func(st *annotations.Store, a annotations.Annotation) error { return st.Delete(a.ID) }, "2.55", "2", 1},
		{"edited", "Accuracy/Omission", func(st *annotations.Store, a annotations.Annotation) error {
			a.Severity = "Minor"
			return st.Edit(a)
		}, "0.55", "2", 2},
	} {
		change(step.category, step.change)
		_, sum, _ := runCLI(t, "", "annotations", "summary", "a.ann")
		m, _ := openExplorer(t, 120, 40, "--mqm", "m.tsv", "--mqm-ref", "ref", "--annotations", "a.ann", "--rater", "me")
		if row := summaryRow(t, m, "sysA"); row[2] != step.mqm || row[4] != step.errs {
			t.Errorf("%s: the summary's row of sysA, %q, wants MQM %s and %s errors (as 'annotations summary' of the file:\n%s)", step.name, row, step.mqm, step.errs, sum)
		}
		want := fmt.Sprintf("bleuscope: m.tsv: 7 rows (4 errors, 3 no-error marks); 0 added to a.ann, 7 already there (%d since deleted or edited)\n", step.formerly)
		if code, _, stderr := runCLI(t, "", "annotations", "import", "--annotations", "a.ann", "m.tsv"); code != 0 || stderr != want {
			t.Errorf("%s: importing again: status %d, %q; want %q", step.name, code, stderr, want)
		}
	}
}

// TestExploreMQMRowOnlyShown: e or d on a row of the --mqm file, beside an
// annotation file that does not hold it, is refused, the file left as it
// was, saying how to make the rows the file's: import them; before, it
// said only that the row was shown. The fullest wording fits 200 columns,
// a shorter one 60.
func TestExploreMQMRowOnlyShown(t *testing.T) {
	writeFiles(t, map[string]string{"m.tsv": mqmSmall + "ref\td\t1\t1\tr1\tEins.\tOne.\tNo-error\tNo-error\nref\td\t2\t2\tr1\tZwei drei.\tTwo three.\tNo-error\tNo-error\n"})
	for _, c := range []struct {
		width int
		want  string
	}{
		{200, "this annotation comes from the MQM file and is only shown: to edit or delete its rows, add them to b.ann with bleuscope annotations import"},
		{60, "MQM file's, only shown: annotations import to edit it"},
	} {
		for _, k := range []string{"d", "e"} {
			m, _ := openExplorer(t, c.width, 30, "--mqm", "m.tsv", "--mqm-ref", "ref", "--annotations", "b.ann", "--rater", "me")
			s := strings.Join(strings.Fields(ansi.Strip(pressKeys(t, m, "E", k).View())), " ")
			if !strings.Contains(s, c.want) {
				t.Errorf("%d columns, E %s: the screen lacks %q:\n%s", c.width, k, c.want, s)
			}
		}
	}
	if _, err := os.Stat("b.ann"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("b.ann was made: %v", err)
	}
}

// TestExploreMQMImportedWhileOpen: the --mqm file imported into the
// annotation file by another bleuscope while the explorer is open shows
// each row once when the explorer reads the file again (S): sysA's 3
// errors and MQM 3.77, as before the import; before, the rows were
// counted twice until the explorer was opened again, 6 errors.
func TestExploreMQMImportedWhileOpen(t *testing.T) {
	writeFiles(t, map[string]string{"m.tsv": mqmSmall + "ref\td\t1\t1\tr1\tEins.\tOne.\tNo-error\tNo-error\nref\td\t2\t2\tr1\tZwei drei.\tTwo three.\tNo-error\tNo-error\n"})
	m, _ := openExplorer(t, 120, 40, "--mqm", "m.tsv", "--mqm-ref", "ref", "--annotations", "a.ann", "--rater", "me")
	if row := summaryRow(t, m, "sysA"); row[2] != "3.77" || row[4] != "3" {
		t.Fatalf("before the import, the summary's row of sysA is %q; want MQM 3.77 and 3 errors", row)
	}
	if code, _, stderr := runCLI(t, "", "annotations", "import", "--annotations", "a.ann", "m.tsv"); code != 0 {
		t.Fatalf("import: status %d, %s", code, stderr)
	}
	if row := summaryRow(t, m, "sysA"); row[2] != "3.77" || row[4] != "3" {
		t.Errorf("after the import, the summary's row of sysA is %q; want MQM 3.77 and 3 errors", row)
	}
}

// TestExploreMQMImportedThenSaved: the --mqm file imported into the
// annotation file by another bleuscope while the explorer is open, which
// then saves a change of its own (N), reading the other's import as it
// writes, shows each row once, as 'annotations summary' of the file
// counts them: the write took the import in, so reading the file again
// (S) finds nothing new. Before, every row of the MQM file was counted
// twice (sysA's 3 errors as 6) until the explorer was opened again.
func TestExploreMQMImportedThenSaved(t *testing.T) {
	writeFiles(t, map[string]string{"m.tsv": mqmSmall + "ref\td\t1\t1\tr1\tEins.\tOne.\tNo-error\tNo-error\nref\td\t2\t2\tr1\tZwei drei.\tTwo three.\tNo-error\tNo-error\n"})
	m, _ := openExplorer(t, 120, 40, "--mqm", "m.tsv", "--mqm-ref", "ref", "--annotations", "a.ann", "--rater", "me")
	if code, _, stderr := runCLI(t, "", "annotations", "import", "--annotations", "a.ann", "m.tsv"); code != 0 {
		t.Fatalf("import: status %d, %s", code, stderr)
	}
	m = pressKeys(t, m, "N")
	code, sum, stderr := runCLI(t, "", "annotations", "summary", "a.ann")
	if code != 0 {
		t.Fatalf("annotations summary: status %d, %s", code, stderr)
	}
	var want []string // rank, system, rated, raters, errors, MQM
	for line := range strings.Lines(sum) {
		if f := strings.Fields(line); len(f) == 6 && f[1] == "sysA" {
			want = f
			break
		}
	}
	if want == nil || want[4] != "3" {
		t.Fatalf("'annotations summary' of the file counts sysA's errors once, 3:\n%s", sum)
	}
	if row := summaryRow(t, m, "sysA"); row[2] != want[5] || row[4] != want[4] {
		t.Errorf("the summary's row of sysA, %q, wants MQM %s and %s errors, as 'annotations summary' of the file:\n%s", row, want[5], want[4], sum)
	}
}
