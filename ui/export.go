package ui

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/ui/render"
	tea "github.com/charmbracelet/bubbletea"
)

// defaultExportPath is what the export prompt offers first.
const defaultExportPath = "bleuscope-segments.csv"

// exporter is the export prompt: it asks for a file and writes the rows
// the list shows (its filter and order) as the full segment table, every
// system's hypothesis, score and delta as the list shows it with that
// system shown, the shown system's impact while the list sorts by it
// ([segList.exportDeltas]), and the annotations when annotating
// ([model.WriteSegmentTexts]). The format
// follows the file's extension ([exportFormat]).
type exporter struct {
	typing  bool
	path    lineInput
	replace string // a path that exists and was confirmed once: enter again replaces it
	// inputs are the files the explorer read (systems, references,
	// source, MQM file, typology), which an export never replaces.
	inputs []string
	// stdin is what an input named "-" was read from: the export refuses
	// the file it is open on too.
	stdin io.Reader
	// writing is the path of the export in flight, fifo whether it is a
	// FIFO (which waits for its reader); quitAnyway is set once q was
	// refused for it: q again quits.
	writing    string
	fifo       bool
	quitAnyway bool
}

// exportBlocksQuit reports whether q must wait for a second press because an
// export is still being written, saying so the first time.
func (m *Model) exportBlocksQuit() bool {
	if !m.jobs.running(jobExport) || m.exp.quitAnyway {
		return false
	}
	m.exp.quitAnyway = true
	why := ""
	if m.exp.fifo {
		why = " (a FIFO waits for its reader)"
	}
	m.flash("the export to " + m.exp.writing + " is not finished" + why + ": press q or ctrl+c again to quit and drop it")
	return true
}

// WithInputs names the files the explorer's input came from, so that its
// export refuses to replace any of them (the systems' files and the
// annotation file are refused without it); stdin is what an input named
// "-" was read from, whose file is refused as well.
func WithInputs(paths []string, stdin io.Reader) Option {
	return func(root *Model) { root.exp.inputs, root.exp.stdin = slices.Clone(paths), stdin }
}

// open starts the prompt.
func (x *exporter) open() {
	x.typing, x.replace = true, ""
	x.path.prompt = "export the list to: "
	x.path.limit = 4096
	x.path.focus = true
	if x.path.text() == "" {
		x.path.setValue(defaultExportPath)
	}
}

// exportRequest is what the prompt asks the root to write.
type exportRequest struct {
	path   string
	format string
	fifo   bool // the path is a FIFO, which waits for its reader
}

// Update edits the path; on enter it returns the request (ok), after
// asking once before replacing a file that exists. status is a line for
// the footer, as it is: the root shows it through flash, which escapes it.
func (x exporter) Update(msg tea.KeyMsg, inputs []string) (_ exporter, req exportRequest, ok bool, status string) {
	switch msg.Type {
	case tea.KeyEsc:
		x.typing = false
		return x, req, false, "export cancelled"
	case tea.KeyEnter:
		p := strings.TrimSpace(x.path.text())
		if p == "" {
			return x, req, false, "name a file to export to"
		}
		if err := model.CheckOutput(p, inputs, x.stdin); err != nil {
			return x, req, false, p + " is one of the input files; name another file"
		}
		if model.IsTerminal(p) {
			return x, req, false, p + " is a terminal, where the explorer draws; name a file"
		}
		format, ok := exportFormat(p)
		if !ok {
			return x, req, false, exportExtensions + ", not " + filepath.Ext(p)
		}
		fi, err := os.Stat(p)
		if err == nil && x.replace != p {
			if fi.IsDir() {
				return x, req, false, p + " is a folder; name a file"
			}
			x.replace = p
			if !fi.Mode().IsRegular() {
				return x, req, false, p + " is not a regular file: enter again writes to it"
			}
			return x, req, false, p + " exists: enter again replaces it"
		}
		x.typing = false
		fifo := err == nil && fi.Mode().Type() == os.ModeNamedPipe
		return x, exportRequest{path: p, format: format, fifo: fifo}, true, ""
	}
	x.path, _ = x.path.update(msg)
	x.replace = ""
	return x, req, false, ""
}

// exportFormat is the format a file's extension asks for: TSV for .tsv
// and .tab, JSONL for .jsonl and .ndjson, CSV for .csv, for no extension
// (a device, a FIFO, /dev/fd/N) and for one that names no format. An
// extension that names a format the export does not write (a workbook, a
// JSON document, a compressed file: [foreignExtensions]) is refused
// (ok false): a spreadsheet would call such a file corrupt.
func exportFormat(path string) (format string, ok bool) {
	ext := strings.ToLower(filepath.Ext(path))
	switch ext {
	case ".tsv", ".tab":
		return model.FormatTSV, true
	case ".jsonl", ".ndjson":
		return model.FormatJSONL, true
	}
	return model.FormatCSV, !slices.Contains(foreignExtensions, ext)
}

// foreignExtensions name formats the export does not write. .json is one:
// the export writes JSON Lines (.jsonl), one object per line, which is no
// JSON document.
var foreignExtensions = []string{
	".xlsx", ".xlsm", ".xlsb", ".xls", ".ods", ".fods", ".numbers", // workbooks
	".json", ".parquet", ".arrow", ".feather", ".xml", ".yaml", ".yml", ".sqlite", ".db",
	".html", ".htm", ".pdf", ".md", ".docx", ".doc", ".odt", ".rtf", // documents
	".gz", ".tgz", ".bz2", ".xz", ".zst", ".zip", ".7z", // compressed
}

// exportExtensions says which extensions the export writes, for the line
// that refuses another format.
const exportExtensions = "the export writes .csv, .tsv or .jsonl"

// footer is the prompt's line: the field, then what the last enter said
// (status: the file exists, is a folder, …), else how to use it, in as
// many of its parts as the line has room for.
func (x exporter) footer(c common, status string) string {
	field := x.path.field(c.st, c.width)
	if status != "" {
		return field + c.st.Warn.Render("  "+status)
	}
	hint := render.FirstFit(c.width-render.Cells(field),
		"  .csv .tsv .jsonl · enter writes · esc cancels", "  .csv .tsv .jsonl · enter writes", "  .csv .tsv .jsonl", "")
	return field + c.st.Muted.Render(hint)
}

// exportedMsg ends an export job.
type exportedMsg struct {
	jobTag
	path   string
	format string
	rows   int
	err    error
}

// exportCmd writes the table in a job: the rows of the list, every
// system, the notes of the annotator (made here, on the UI loop, since
// they read its state).
func exportCmd(ctx context.Context, tag jobTag, req exportRequest, ds *model.Dataset, s *model.Scored, rows []int, t model.TextExport) tea.Cmd {
	return func() tea.Msg {
		err := model.WriteFile(ctx, req.path, func(w io.Writer) error {
			return model.WriteSegmentTexts(ctxWriter{ctx, w}, ds, s, rows, t, req.format)
		})
		return exportedMsg{jobTag: tag, path: req.path, format: req.format, rows: len(rows), err: err}
	}
}

// ctxWriter fails its writes once ctx is done, so that a stopped export
// stops writing at once (and model.WriteFile then keeps the old file).
type ctxWriter struct {
	ctx context.Context
	w   io.Writer
}

func (c ctxWriter) Write(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.w.Write(p)
}

// exportDeltas says what each system's delta in the export is to: the
// system the list compares it with when it is shown (the pinned baseline,
// else model.DefaultOther), whichever system is shown now, so that tab
// does not change the file. The file's header names them. While the list
// sorts by impact, the shown system (of n) also gets the impact column the
// list shows, against the same baseline and of the same metric, as
// segments --text --sort impact writes it.
func (l segList) exportDeltas(n int) model.TextExport {
	t := model.TextExport{Pinned: l.pinned, Baseline: l.view.Other}
	if l.impact != nil && t.DeltaTo(l.view.System, n) == l.view.Other {
		t.Impact, t.ImpactSystem, t.ImpactMetric = l.impact, l.view.System, l.impactOf
	}
	return t
}

// startExport starts the export job for req.
func (m *Model) startExport(req exportRequest) tea.Cmd {
	if m.c.scored == nil {
		return m.flash("the scores are not in yet; export once they are")
	}
	if w := m.list.waiting; w != "" {
		return m.flashFit("the filter waits for the "+w+" scores; export once they are in",
			"the filter waits for the "+w+" scores: export then")
	}
	if m.list.refinding {
		return m.flashFit("the drill-down's segments are found again under the new settings: export once they are",
			"finding the drill-down's segments: export then")
	}
	if m.jobs.running(jobRows) {
		// The rows shown are those before the sort or filter in flight:
		// the file would not be what the list is about to show.
		what := "sorting"
		if m.list.rowsStale() || m.list.misfit(m.c) && m.list.filtered() {
			what = "filtering"
		}
		return m.flash(what + ": export when it ends (X, enter)")
	}
	t := m.list.exportDeltas(len(m.c.ds.Systems))
	if m.ann.on {
		t.Notes = m.ann.notes(m.c)
	}
	ctx, tag, _ := m.jobs.start(jobExport)
	m.exp.writing, m.exp.fifo, m.exp.quitAnyway = req.path, req.fifo, false
	m.flash("exporting " + itoa(len(m.list.rows)) + " segments to " + req.path + "…")
	rows := append([]int(nil), m.list.rows...)
	return tea.Batch(m.c.spinner.Tick, exportCmd(ctx, tag, req, m.c.ds, m.c.scored, rows, t))
}

// handleExported says how the export went.
func (m Model) handleExported(msg exportedMsg) Model {
	var oe *model.OutputError
	switch {
	case msg.err == nil:
		// The format by name: a path without .csv, .tsv or .jsonl gets CSV.
		m.flash("exported " + itoa(msg.rows) + " segments to " + msg.path + " as " + strings.ToUpper(msg.format))
	case errors.As(msg.err, &oe):
		m.flash("export failed: cannot write " + msg.path + ": " + oe.Reason() + "; nothing written")
	case !errors.Is(msg.err, context.Canceled):
		m.flash("export failed: " + msg.err.Error())
	}
	return m
}

// handleExportKey gives a key to the export prompt.
func (m Model) handleExportKey(msg tea.KeyMsg) (Model, tea.Cmd) {
	inputs := slices.Clone(m.exp.inputs)
	for _, s := range m.c.ds.Systems {
		if s.Path != "" {
			inputs = append(inputs, s.Path)
		}
	}
	if m.ann.store != nil {
		inputs = append(inputs, m.ann.store.Path())
	}
	x, req, ok, status := m.exp.Update(msg, inputs)
	m.exp = x
	if status != "" {
		m.flash(status)
	}
	if !ok {
		return m, nil
	}
	return m, m.startExport(req)
}
