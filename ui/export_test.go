package ui

import (
	"encoding/csv"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

func TestExportKey(t *testing.T) {
	m, _ := annotating(t, 100, 30)
	t.Chdir(t.TempDir())
	// A filter, an annotation on the first row, then X and enter: the
	// default file, as CSV.
	m = press(t, m, "/", "t", "h", "e", "enter")
	rows := append([]int(nil), m.list.rows...)
	m = press(t, m, "A", "enter", "a", "m", "M", "enter", "X")
	if !strings.Contains(m.View(), "export the list to: "+defaultExportPath) {
		t.Fatalf("X does not show the prompt:\n%s", m.View())
	}
	m = press(t, m, "enter")
	if !strings.HasPrefix(m.statusText(), "exported "+itoa(len(rows))+" segments to "+defaultExportPath) {
		t.Fatalf("status %q", m.statusText())
	}
	f, err := os.Open(defaultExportPath)
	if err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(f).ReadAll()
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != len(rows)+1 || recs[0][0] != "line" || recs[1][0] != itoa(rows[0]+1) {
		t.Fatalf("%d records, header %q; want %d rows of the filtered list in its order", len(recs), recs[0], len(rows))
	}
	col := -1
	for i, h := range recs[0] {
		if h == "notes:"+m.c.ds.Systems[0].Name {
			col = i
		}
	}
	if col < 0 || !strings.HasPrefix(recs[1][col], "Major Accuracy/Mistranslation") {
		t.Errorf("the annotation is not in the notes column: header %q, first row %q", recs[0], recs[1])
	}
	// The file exists now: enter once asks, a second enter replaces it;
	// another name (.tsv) is written as TSV; esc cancels.
	m = press(t, m, "X", "enter")
	if !strings.Contains(m.statusText(), "exists: enter again replaces it") || !m.exp.typing {
		t.Errorf("export over an existing file: status %q", m.statusText())
	}
	if v := ansi.Strip(m.View()); !strings.Contains(v, "exists: enter again replaces it") {
		t.Errorf("the screen does not say the file exists (a new user saw enter do nothing):\n%s", v)
	}
	m = press(t, m, "enter")
	if !strings.HasPrefix(m.statusText(), "exported") {
		t.Errorf("second enter: status %q", m.statusText())
	}
	m = press(t, m, "X", "ctrl+u")
	m = typeText(t, m, "out.tsv")
	m = press(t, m, "enter")
	if data, err := os.ReadFile("out.tsv"); err != nil || !strings.HasPrefix(string(data), "line\tsrc\t") || !strings.HasSuffix(m.statusText(), "out.tsv as TSV") {
		t.Errorf("out.tsv: %v %q, status %q", err, data, m.statusText())
	}
	// An extension that names no format, or none, is written as CSV, and
	// the status says so.
	for _, name := range []string{"out.txt", "out"} {
		m = press(t, m, "X", "ctrl+u")
		m = typeText(t, m, name)
		m = press(t, m, "enter")
		if data, err := os.ReadFile(name); err != nil || !strings.HasPrefix(string(data), "line,src,") || !strings.HasSuffix(m.statusText(), name+" as CSV") {
			t.Errorf("%s: %v %q, status %q", name, err, data, m.statusText())
		}
	}
	m = press(t, m, "X", "esc")
	if m.exp.typing || m.statusText() != "export cancelled" {
		t.Errorf("esc: typing %v, status %q", m.exp.typing, m.statusText())
	}
	checkFit(t, "after export", m.View(), 100, 30)
}

// TestExportRefusesOtherFormats: a name whose extension says a format the
// export does not write (a workbook, a JSON document, a compressed file)
// is refused with the extensions it writes, and nothing is written; the
// prompt stays open to rename it. .tab and .ndjson are TSV and JSONL.
// Before, out.xlsx got CSV, which Excel calls corrupt.
func TestExportRefusesOtherFormats(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, w := range []int{60, 100} {
		m := ready(t, demoDataset(t), w, 16)
		for _, name := range []string{"out.xlsx", "OUT.XLS", "out.ods", "out.json", "out.csv.gz", "out.docx"} {
			m = press(t, m, "X", "ctrl+u")
			m = typeText(t, m, name)
			m = press(t, m, "enter")
			ext := name[strings.LastIndex(name, "."):]
			if !strings.Contains(m.statusText(), ".csv, .tsv or .jsonl, not "+ext) || !m.exp.typing {
				t.Errorf("%s: status %q, prompt open %v; want a refusal naming the extensions written", name, m.statusText(), m.exp.typing)
			}
			if _, err := os.Stat(name); err == nil {
				t.Errorf("%s was written", name)
			}
			checkFit(t, "refused "+name, m.View(), w, 16)
			m = press(t, m, "esc")
		}
	}
	m := ready(t, demoDataset(t), 100, 30)
	for name, head := range map[string]string{"out.tab": "line\tsrc\t", "out.ndjson": `{"line": `} {
		m = press(t, m, "X", "ctrl+u")
		m = typeText(t, m, name)
		m = press(t, m, "enter")
		if data, err := os.ReadFile(name); err != nil || !strings.HasPrefix(string(data), head) {
			t.Errorf("%s: %v %.40q; want it to start %q", name, err, data, head)
		}
	}
}

// TestExportRefusesInputs: the export never replaces a file the explorer
// read, a reference or the source as much as a system's file.
func TestExportRefusesInputs(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, f := range []string{"ref.txt", "src.txt"} {
		if err := os.WriteFile(f, []byte("kept\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	m := New(demoDataset(t), model.DefaultSettings(), WithInputs([]string{"hyp.txt", "ref.txt", "src.txt"}, nil))
	next, _ := m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	m = drive(t, next.(Model), m.Init())
	for _, f := range []string{"ref.txt", "./src.txt"} {
		m = press(t, m, "X", "ctrl+u")
		m = typeText(t, m, f)
		m = press(t, m, "enter", "enter")
		if !strings.Contains(m.statusText(), "is one of the input files") {
			t.Errorf("export to %s: status %q; want a refusal", f, m.statusText())
		}
		m = press(t, m, "esc")
	}
	for _, f := range []string{"ref.txt", "src.txt"} {
		if data, _ := os.ReadFile(f); string(data) != "kept\n" {
			t.Errorf("%s was changed: %q", f, data)
		}
	}
}

// TestExportDeltaToBaseline: each system's delta in the export is the one
// the list shows with that system shown (to the pinned baseline, else to
// model.DefaultOther), whichever system is shown, and its header names
// the system it is to: exporting with each system shown in turn gives the
// same file, and its deltas are the list's. Before, unpinned, every delta
// was to the first system, so the first had none and the second's had the
// sign opposite to the list's when the first was shown.
func TestExportDeltaToBaseline(t *testing.T) {
	t.Chdir(t.TempDir())
	m := press(t, ready(t, demoDataset(t), 100, 30), "o")
	if m.list.view.Sort != model.SortLine {
		t.Fatalf("sort %v; want line", m.list.view.Sort)
	}
	names := make([]string, len(m.c.ds.Systems))
	for i, s := range m.c.ds.Systems {
		names[i] = s.Name
	}
	if len(names) < 3 {
		t.Fatalf("%d systems; the test needs 3", len(names))
	}
	// each exports with every system shown in turn and checks the files
	// are the same, their delta columns are those of the list's pairs
	// (wantPairs: system, the system it is compared with) and hold the
	// deltas the list shows.
	each := func(m Model, label string, wantPairs [][2]int) Model {
		t.Helper()
		var first [][]string
		for sys := range names {
			if m.list.view.System != sys {
				t.Fatalf("%s: system %d shown; want %d", label, m.list.view.System, sys)
			}
			recs := exportCSV(t, m, fmt.Sprintf("%s-%d.csv", label, sys))
			if sys == 0 {
				first = recs
				var deltas, want []string
				for _, h := range recs[0] {
					if strings.HasPrefix(h, "delta:") {
						deltas = append(deltas, h)
					}
				}
				for _, p := range wantPairs {
					want = append(want, "delta:"+names[p[0]]+" vs "+names[p[1]])
				}
				if !slices.Equal(deltas, want) {
					t.Errorf("%s: delta columns %q; want %q", label, deltas, want)
				}
			} else if !slices.EqualFunc(recs, first, slices.Equal) {
				t.Errorf("%s: the export with system %d shown differs from that with system 0 shown", label, sys)
			}
			// What the list shows for the shown system.
			col := -1
			if o := m.list.view.Other; o >= 0 && o != sys {
				col = slices.Index(recs[0], "delta:"+names[sys]+" vs "+names[o])
				if col < 0 {
					t.Fatalf("%s: system %d shown, compared with %d: no column for it in %q", label, sys, o, recs[0])
				}
			} else if slices.ContainsFunc(recs[0], func(h string) bool { return strings.HasPrefix(h, "delta:"+names[sys]+" vs ") }) {
				t.Errorf("%s: system %d shown without a Δ, but the file has a delta for it: %q", label, sys, recs[0])
			}
			for r, seg := range m.list.rows {
				f, _ := m.list.figures(m.c, seg, col >= 0)
				if !f.hasDelta {
					continue
				}
				if got, err := strconv.ParseFloat(recs[r+1][col], 64); err != nil || got != f.delta {
					t.Errorf("%s: system %d line %d: exported delta %q; the list shows %v", label, sys, seg+1, recs[r+1][col], f.delta)
				}
			}
			m = press(t, m, "tab")
		}
		return m
	}
	m = each(m, "auto", [][2]int{{0, 1}, {1, 0}, {2, 0}})
	m = press(t, m, "tab", "p", "tab", "tab") // the second system pinned, the first shown
	each(m, "pinned", [][2]int{{0, 1}, {2, 1}})
}

// TestExportImpact: sorted by impact, the export has the impact column
// the list shows, for the shown system, headed as segments --text --sort
// impact heads it ("impact:NAME vs BASE"), with the list's figures; with
// the pinned baseline shown, which has no Δ, it has none. Before, the
// export left it out, though the rows were in its order.
func TestExportImpact(t *testing.T) {
	t.Chdir(t.TempDir())
	m := press(t, ready(t, demoDataset(t), 100, 30), "tab", "i")
	if m.list.view.Sort != model.SortImpact || m.list.impact == nil {
		t.Fatalf("sort %v, impact %v; want the list sorted by impact with its column", m.list.view.Sort, m.list.impact != nil)
	}
	names := func(i int) string { return m.c.ds.Systems[i].Name }
	recs := exportCSV(t, m, "impact.csv")
	head := "impact:" + names(m.list.view.System) + " vs " + names(m.list.view.Other)
	col := slices.Index(recs[0], head)
	if col < 0 || slices.IndexFunc(recs[0], func(h string) bool { return strings.HasPrefix(h, "impact:") }) != col {
		t.Fatalf("header %q; want one impact column, %q", recs[0], head)
	}
	if d := slices.Index(recs[0], "delta:"+names(m.list.view.System)+" vs "+names(m.list.view.Other)); d != col-1 {
		t.Errorf("header %q: the impact column does not follow the shown system's delta", recs[0])
	}
	for r, seg := range m.list.rows {
		if got, err := strconv.ParseFloat(recs[r+1][col], 64); err != nil || got != m.list.impact[seg] {
			t.Errorf("line %d: exported impact %q; the list has %v", seg+1, recs[r+1][col], m.list.impact[seg])
		}
	}
	// The pinned baseline shown: no Δ, so no impact column.
	m = press(t, m, "p")
	if m.list.view.Other != m.list.view.System {
		t.Fatalf("p: shown %d, baseline %d; want the shown system pinned", m.list.view.System, m.list.view.Other)
	}
	if recs := exportCSV(t, m, "baseline.csv"); slices.ContainsFunc(recs[0], func(h string) bool { return strings.HasPrefix(h, "impact:") }) {
		t.Errorf("with the baseline shown, the header has an impact column: %q", recs[0])
	}
}

// exportCSV exports the list of m to path through the X prompt and
// returns the records of the CSV file written.
func exportCSV(t *testing.T, m Model, path string) [][]string {
	t.Helper()
	m = press(t, m, "X", "ctrl+u")
	m = typeText(t, m, path)
	m = press(t, m, "enter")
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%s: %v (status %q)", path, err, m.statusText())
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// TestQuitWaitsForExport: q while an export is still being written (a
// FIFO waiting for its reader) says so and quits only when pressed again.
func TestQuitWaitsForExport(t *testing.T) {
	t.Chdir(t.TempDir())
	m := press(t, ready(t, demoDataset(t), 100, 30), "X")
	m, _ = step1(t, m, keyMsg("enter")) // the export's command is not run: it is in flight
	if !m.jobs.running(jobExport) {
		t.Fatal("no export in flight")
	}
	m, cmd := step1(t, m, keyMsg("q"))
	if cmd != nil {
		if _, quit := cmd().(tea.QuitMsg); quit {
			t.Fatal("q quit with an export in flight")
		}
	}
	if !strings.Contains(m.statusText(), "press q or ctrl+c again to quit") || strings.Contains(m.statusText(), "FIFO") {
		t.Errorf("status %q", m.statusText())
	}
	_, cmd = step1(t, m, keyMsg("q"))
	if cmd == nil {
		t.Fatal("the second q did nothing")
	}
	if _, quit := cmd().(tea.QuitMsg); !quit {
		t.Error("the second q did not quit")
	}
}

// TestExportPromptShowsTheEnd: a path longer than the prompt line keeps
// its end, where the cursor is and what was just typed, in view; the
// start is cut. From a verification pass.
func TestExportPromptShowsTheEnd(t *testing.T) {
	long := "/a/very/long/directory/name/that/goes/on/and/on/exports/segments-final.csv"
	for _, w := range []int{60, 80} {
		m := press(t, ready(t, demoDataset(t), w, 24), "X", "ctrl+u")
		m = typeText(t, m, long)
		last := lastLine(m.View())
		if !strings.Contains(last, "segments-final.csv") || !strings.Contains(last, "…") || ansi.StringWidth(last) > w {
			t.Errorf("%d columns: prompt line %q; want the path's end, its start cut", w, last)
		}
	}
}

// TestExportPromptHintGivesWayWhole: the hint after the export prompt
// ("enter writes · esc cancels", the extensions) gives way a part at a
// time where the line has no room, never cut inside a word (a new user
// saw ".csv .tsv .jso…" at 60 columns).
func TestExportPromptHintGivesWayWhole(t *testing.T) {
	for w := 60; w <= 100; w++ {
		m := press(t, ready(t, demoDataset(t), w, 24), "X")
		last := strings.TrimRight(lastLine(m.View()), " ")
		if !strings.HasPrefix(last, "export the list to: bleuscope-segments.csv") || strings.HasSuffix(last, "…") {
			t.Errorf("%d columns: prompt line %q; want the hint whole or left out", w, last)
		}
		if w == 100 && !strings.HasSuffix(last, ".csv .tsv .jsonl · enter writes · esc cancels") {
			t.Errorf("%d columns: prompt line %q; want the whole hint", w, last)
		}
	}
}

// TestExportHelpSaysDeltas: the help's section on X says what the
// export's deltas are to as the file has them (unpinned, the first
// system's to the second, every other's to the first); it said every Δ
// was to the first system, which has been untrue since each system's
// delta became the list's.
func TestExportHelpSaysDeltas(t *testing.T) {
	m := ready(t, demoDataset(t), 100, 30)
	help := strings.Join(strings.Fields(ansi.Strip(exportHelp(m.c, 1000))), " ")
	for _, want := range []string{"the first system's to the second and every other's to the first", "delta:NAME vs BASE)"} {
		if !strings.Contains(help, want) {
			t.Errorf("the export help lacks %q: %q", want, help)
		}
	}
}

// TestExportRefusesStandardInput: an input read from standard input ("-")
// is the file standard input is open on, which the export refuses as it
// refuses an input named by its path; before, "-" was looked for as a
// file called "-", and the export replaced the hypotheses it was read
// from (bleuscope - -r ref.txt <hyp.txt, then X to hyp.txt).
func TestExportRefusesStandardInput(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.WriteFile("hyp.txt", []byte("kept\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	stdin, err := os.Open("hyp.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	m := New(demoDataset(t), model.DefaultSettings(), WithInputs([]string{"-"}, stdin))
	next, _ := m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	m = drive(t, next.(Model), m.Init())
	m = press(t, m, "X", "ctrl+u")
	m = typeText(t, m, "hyp.txt")
	m = press(t, m, "enter", "enter")
	if !strings.Contains(m.statusText(), "is one of the input files") {
		t.Errorf("export to the file standard input read: status %q; want a refusal", m.statusText())
	}
	if data, _ := os.ReadFile("hyp.txt"); string(data) != "kept\n" {
		t.Errorf("hyp.txt was changed: %.60q", data)
	}
}
