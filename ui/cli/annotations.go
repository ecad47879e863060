package cli

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/model/annotations"
)

const annotationsHelp = `Usage: bleuscope annotations summary [flags] FILE (or --annotations FILE)
       bleuscope annotations export --annotations ANN [--format F] [-o OUT]
       bleuscope annotations import --annotations ANN FILE.tsv ...

Manual error annotations: an annotation file written by the explorer
(--annotations ANN), or a WMT MQM TSV (system doc doc_id seg_id rater source
target category severity [comment], the error span marked <v>…</v>). Where
summary, export and import read a file, - reads standard input.

  summary   per system: segments rated, raters, errors by category and
            severity, and the MQM score (per segment the sum of the errors'
            weights, averaged over its raters, then over the rated segments;
            lower is better); with two raters or more on the same segments,
            their agreement (Cohen's kappa, span F1)
  export    the annotations as WMT's MQM TSV, CSV or JSONL
  import    add a WMT MQM TSV to an annotation file (created when missing)

A custom typology (--typology FILE, for the explorer and for summary) is a
text file of one directive a line, its fields separated by "|"; blank lines
and lines starting with # are skipped:

  # the typology of a zh-en study
  name     | zh-en study
  severity | m  | minor | 1
  severity | M  | major | 5
  category | am | Accuracy/Mistranslation
  category | ao | Accuracy/Omission
  category | fp | Fluency/Punctuation | minor=0.1
  category | t  | Terminology         | *=2
  score

  name      names the typology (default custom)
  severity  KEY | NAME | WEIGHT: a severity, picked by one key
  category  KEYS | NAME [| SEVERITY=WEIGHT ...]: a category, picked by one or
            two keys (no category's keys begin another's, none starts with x,
            the key that marks the whole segment), with weights of its own
            that replace the severity's (* for every severity)
  score     a 0-100 score per segment as well, as in the esa preset
A weight is a decimal number from 0 to 1000000: what one error adds to its
segment's MQM score (an error of a Non-translation category weighs 25, as
WMT scores it, unless the category gives its own weight). A typology has at
most 1000 categories and 1000 severities. A mistake is refused with the
file's line.

Examples:
  bleuscope annotations summary mqm_ted_zhen.tsv
  zcat mqm.tsv.gz | bleuscope annotations summary -
  bleuscope annotations summary --format json notes.ann
  bleuscope annotations summary --typology study.typ notes.ann
  bleuscope annotations export --annotations notes.ann --format csv -o notes.csv
  bleuscope annotations export --annotations notes.ann > notes.tsv
  bleuscope annotations import --annotations notes.ann mqm_ted_zhen.tsv

Run 'bleuscope annotations COMMAND --help' for a command's flags.
`

const annotationsSummaryHelp = `Usage: bleuscope annotations summary [flags] FILE
       bleuscope annotations summary [flags] --annotations FILE

What the annotations of FILE (an annotation file or a WMT MQM TSV) add up to,
per system: best MQM first in text, in the order the systems first appear
in JSON. FILE is named alone or, as export and import name it, after
--annotations; - reads it from standard input.

Examples:
  bleuscope annotations summary mqm_ted_zhen.tsv
  bleuscope annotations summary --annotations notes.ann
  cat mqm_ted_zhen.tsv | bleuscope annotations summary -
  bleuscope annotations summary --format json -o summary.json notes.ann
  bleuscope annotations summary --format json --agreement notes.ann

Flags:
      --annotations FILE    the file to read (or name it alone)
      --format F            text (default): a table, best MQM first, the
                            error categories and the raters' agreement;
                            json: an array, one object per system: system,
                            segments, raters, errors ({category: {severity:
                            count}}), mqm (full precision) and esa (the mean
                            ESA score, when segments were scored)
      --agreement           with --format json, print the raters' agreement
                            instead: an array of rater_a, rater_b, segments,
                            kappa_error, kappa_severity, span_precision,
                            span_recall, span_f1 (null when undefined)
      --preset NAME         the weights: mqm (Major 5, Minor 1, Minor
                            Fluency/Punctuation 0.1, Non-translation 25) or
                            esa; default: the typology an annotation file
                            records (the last, if it was switched), else mqm;
                            weights that differ from the file's are warned of
      --typology FILE       the weights of a custom typology file (see
                            'bleuscope annotations --help' for the format)
` + outputFlagHelp + `
      --version             print the version
  -h, --help                this help
`

const annotationsExportHelp = `Usage: bleuscope annotations export --annotations ANN [--format F] [-o OUT]

Writes the annotations of ANN (an annotation file, or a WMT MQM TSV to
convert; - reads it from standard input) by system, the systems in the
order they first appear (as summary lists them), then by line, those of
one segment in the order they were made.

Examples:
  bleuscope annotations export --annotations notes.ann > notes.tsv
  bleuscope annotations export --annotations notes.ann --format csv -o notes.csv
  bleuscope annotations export --annotations mqm_ted_zhen.tsv --format jsonl

Flags:
      --annotations ANN     the annotation file to read (-: standard input)
      --format F            mqm-tsv (default): WMT's MQM TSV, one row per
                            error and a No-error row per clean segment, the
                            note in the comment column (ESA scores have no
                            place in it and are left out); csv: the same
                            columns and line, span_side, span_start, span_end,
                            kind, score, time, safe to open in a spreadsheet;
                            jsonl: one object per annotation, every field
` + outputFlagHelp + `; never
                            one of the inputs
      --version             print the version
  -h, --help                this help
`

const annotationsImportHelp = `Usage: bleuscope annotations import --annotations ANN FILE.tsv ...

Adds the rows of each WMT MQM TSV to the annotation file ANN (created when
it does not exist), each file as one change: after a crash either all of
its rows are in ANN or none. Rows already in ANN are not added again,
nor rows deleted or edited there since (import into a new file to start
afresh). A FILE.tsv of - is read from standard input. ANN records the
typology the rows were made with, as the explorer records its own: mqm's,
unless --preset or --typology says another; a warning says when it is not
the one ANN recorded last, whose weights it then replaces.

Examples:
  bleuscope annotations import --annotations notes.ann mqm_ted_zhen.tsv
  bleuscope annotations import --annotations notes.ann --lines seg-id mqm_newstest2021_ende.tsv
  zcat mqm.tsv.gz | bleuscope annotations import --annotations notes.ann -

Flags:
      --annotations ANN     the annotation file to add to
      --lines RULE          how rows become line numbers: position (default;
                            the segments numbered 1, 2, … as they first
                            appear, as --mqm numbers them) or seg-id (seg_id
                            is the line in the test set, as in WMT newstest
                            files)
      --preset NAME         the typology the rows were made with: mqm
                            (default) or esa
      --typology FILE       a custom typology file the rows were made with
                            (see 'bleuscope annotations --help' for the
                            format)
      --version             print the version
  -h, --help                this help
`

// runAnnotations is "bleuscope annotations".
func runAnnotations(e *env, args []string) error {
	if len(args) == 0 {
		return usagef("annotations needs a command: summary, export or import; see 'bleuscope annotations --help'")
	}
	switch args[0] {
	case "summary":
		return runAnnotationsSummary(e, args[1:])
	case "export":
		return runAnnotationsExport(e, args[1:])
	case "import":
		return runAnnotationsImport(e, args[1:])
	case "-h", "--help", "-help", "help":
		io.WriteString(e.stdout, annotationsHelp)
		return errHelpShown
	case "--version", "-version":
		fmt.Fprintln(e.stdout, versionLine())
		return errHelpShown
	}
	return usagef("unknown annotations command %s: use summary, export or import; see 'bleuscope annotations --help'", model.Quote(args[0]))
}

// summaryFormats and exportFormats are the formats annotations summary
// prints and annotations export writes, the default first.
var (
	summaryFormats = []string{"text", "json"}
	exportFormats  = []string{"mqm-tsv", "csv", "jsonl"}
)

// runAnnotationsSummary is "bleuscope annotations summary".
func runAnnotationsSummary(e *env, args []string) error {
	fs := newFlagSet("annotations summary")
	format, out, presetName, typology, agreement, ann := "text", "", "mqm", "", false, ""
	fs.format(&format)
	fs.StringVar(&ann, "annotations", "", "annotation file")
	fs.output(&out)
	fs.StringVar(&presetName, "preset", presetName, "weights")
	fs.StringVar(&typology, "typology", "", "custom typology file")
	fs.Var(boolFlag{&agreement}, "agreement", "print the agreement")
	var limits model.LoadOptions
	addLimitFlags(fs, &limits)
	files, err := fs.parse(args, func() string { return annotationsSummaryHelp + limitFlagsHelp }, e.stdout)
	if err != nil {
		return err
	}
	if err := fs.checkFormat(format, summaryFormats); err != nil {
		return err
	}
	if ann != "" {
		if len(files) > 0 {
			return usagef("summary reads one FILE: give it after --annotations or alone, not both (--annotations %s and %s); %s", model.Printable(ann), model.Printable(files[0]), fs.helpHint())
		}
		files = []string{ann}
	}
	if len(files) != 1 {
		return usagef("summary reads one FILE (an annotation file or a WMT MQM TSV; - reads it from standard input), not %d; %s", len(files), fs.helpHint())
	}
	preset, err := choosePreset(presetName, typology, fs.given("preset"), limits)
	if err != nil {
		return err
	}
	if err := e.checkOutputNotInput(out, []string{files[0], typology}); err != nil {
		return err
	}
	anns, made, err := readAnnotations(e, files[0], e.stdin, limits)
	if err != nil {
		return err
	}
	fromFile := len(made) > 0 && !fs.given("preset") && typology == ""
	if fromFile {
		preset = made[len(made)-1]
	}
	for _, w := range annotations.TypologyWarnings(inputName(files[0]), made, preset, "; without --preset and --typology summary weighs with the file's") {
		warnf(e, "%s", w)
	}
	sums := annotations.Summarize(anns, preset)
	agree := annotations.Agree(anns, preset)
	warnUnweighed(e, anns, preset)
	return writeShown(e, out, func(w io.Writer) error {
		switch {
		case format == "text":
			return writeSummaryText(w, sums, agree, preset, fromFile)
		case agreement:
			return writeJSON(w, nonNilSlice(agree))
		default:
			return writeJSON(w, nonNilSlice(sums))
		}
	})
}

// runAnnotationsExport is "bleuscope annotations export".
func runAnnotationsExport(e *env, args []string) error {
	fs := newFlagSet("annotations export")
	format, out, ann := "mqm-tsv", "", ""
	fs.format(&format)
	fs.output(&out)
	fs.StringVar(&ann, "annotations", "", "annotation file")
	var limits model.LoadOptions
	addLimitFlags(fs, &limits)
	rest, err := fs.parse(args, func() string { return annotationsExportHelp + limitFlagsHelp }, e.stdout)
	if err != nil {
		return err
	}
	if ann == "" && len(rest) == 1 {
		ann, rest = rest[0], nil
	}
	if ann == "" || len(rest) > 0 {
		return usagef("export reads one annotation file: --annotations ANN; %s", fs.helpHint())
	}
	if err := fs.checkFormat(format, exportFormats); err != nil {
		return err
	}
	if err := e.checkOutputNotInput(out, []string{ann}); err != nil {
		return err
	}
	anns, _, err := readAnnotations(e, ann, e.stdin, limits)
	if err != nil {
		return err
	}
	annotations.ExportOrder(anns)
	replaced, scores := 0, 0
	err = writeShown(e, out, func(w io.Writer) error {
		switch format {
		case "csv":
			return annotations.WriteCSV(w, anns)
		case "jsonl":
			return annotations.WriteJSONL(w, anns)
		}
		for _, a := range anns {
			if a.Kind == annotations.KindScore {
				scores++
			}
		}
		var err error
		replaced, err = annotations.WriteMQM(w, anns)
		return err
	})
	if err != nil {
		return err
	}
	if replaced > 0 {
		warnf(e, "%d field%s held a tab or a line break, written as a space (the MQM TSV has no quoting); --format csv or jsonl keeps them", replaced, model.PluralS(replaced))
	}
	if scores > 0 {
		warnf(e, "%d ESA score%s left out (the MQM TSV has no place for them); --format csv or jsonl keeps them", scores, model.PluralS(scores))
	}
	return nil
}

// runAnnotationsImport is "bleuscope annotations import".
func runAnnotationsImport(e *env, args []string) error {
	fs := newFlagSet("annotations import")
	ann, lines, presetName, typology := "", "position", "mqm", ""
	fs.StringVar(&ann, "annotations", "", "annotation file")
	fs.StringVar(&lines, "lines", lines, "line numbering")
	fs.StringVar(&presetName, "preset", presetName, "typology")
	fs.StringVar(&typology, "typology", "", "custom typology file")
	var limits model.LoadOptions
	addLimitFlags(fs, &limits)
	files, err := fs.parse(args, func() string { return annotationsImportHelp + limitFlagsHelp }, e.stdout)
	if err != nil {
		return err
	}
	if ann == "" {
		return usagef("import needs the annotation file to add to: --annotations ANN; %s", fs.helpHint())
	}
	if len(files) == 0 {
		return usagef("import needs at least one WMT MQM TSV file (- reads one from standard input); %s", fs.helpHint())
	}
	rule := annotations.LinesByPosition
	switch lines {
	case "position":
	case "seg-id":
		rule = annotations.LinesBySegID
	default:
		return usagef("--lines %q: use position or seg-id; %s", lines, fs.helpHint())
	}
	if err := e.checkOutputNotInput(ann, files); err != nil {
		return usagef("--annotations %s is one of the files to import; name another annotation file", ann)
	}
	if stdins := slices.DeleteFunc(slices.Clone(files), func(f string) bool { return f != "-" }); len(stdins) > 1 {
		return usagef(`%s is named twice ("-"); it can be read only once: save it to a file and name the file instead`, stdinName)
	}
	preset, err := choosePreset(presetName, typology, fs.given("preset"), limits)
	if err != nil {
		return err
	}
	if err := checkFolder(ann); err != nil {
		return err
	}
	store, err := annotations.OpenWithin(ann, limits)
	if err != nil {
		return refusedAsAnnotationFile(ann, err)
	}
	// Not closed at the end: each import's rows are written as it ends
	// (and tried once more when that fails), and a write tried again
	// after a refusal would add what it said was not added.
	store.SetTypology(preset) // the file says what the rows were made with
	if err := checkImportWritable(store); err != nil {
		return err
	}
	for _, w := range store.Warnings() {
		warnf(e, "%s", w)
	}
	made := store.Typologies()
	defer func() {
		// The rows' typology recorded after another: the file's weights
		// are the rows' from now on.
		if now := store.Typologies(); len(made) > 0 && len(now) > len(made) {
			if w := annotations.SwitchedTypologyWarning(now); w != "" {
				warnf(e, "%s: %s; the explorer and summary now weigh every error with the last, unless given --preset or --typology", ann, w)
			}
		}
	}()
	for _, f := range files {
		rows, err := readImported(f, ann, e.stdin, rule, limits)
		if err != nil {
			return err
		}
		for _, w := range rows.Warnings {
			warnf(e, "%s", w)
		}
		added, formerly, err := store.Import(rows.Annotations)
		var save *annotations.SaveError
		switch {
		case errors.Is(err, annotations.ErrInUse):
			return errImportInUse(ann)
		case errors.As(err, &save) && !errors.Is(err, annotations.ErrChanged):
			// The rows wait in memory for the next write, which closing
			// the store makes: made now, so that what is said is what the
			// file holds.
			if store.Close() != nil {
				return errImportNotSaved(ann, save.Err)
			}
		case err != nil:
			return usagef("%s", strings.TrimPrefix(err.Error(), "annotations: "))
		}
		errs := 0
		for _, a := range rows.Annotations {
			if a.Kind == annotations.KindError {
				errs++
			}
		}
		since := ""
		if formerly > 0 {
			since = " (" + model.Thousands(formerly) + " since deleted or edited)"
		}
		e.printLine(fmt.Sprintf("bleuscope: %s: %s (%s, %s); %s added to %s, %s already there%s",
			inputName(f), model.Counted(len(rows.Annotations), "row"), model.Counted(errs, "error"), model.Counted(len(rows.Annotations)-errs, "no-error mark"),
			model.Thousands(added), ann, model.Thousands(len(rows.Annotations)-added), since))
	}
	return nil
}

// refusedAsAnnotationFile is err, the refusal of ann as the annotation
// file to import into, said for import: a file that is not one (a
// reference, a WMT MQM TSV named where ANN goes) is never written to, and
// import makes a new one.
func refusedAsAnnotationFile(ann string, err error) error {
	var inErr *model.InputError
	if !errors.As(err, &inErr) || inErr.Line != 1 || !strings.HasPrefix(inErr.Msg, annotations.NotAnnotationFile) {
		return refusedAsExport(ann, err)
	}
	what, _, _ := strings.Cut(inErr.Msg, ";")
	return &model.InputError{File: ann, Line: 1, Msg: what + ", and import adds to an annotation file, never to another file; give --annotations a new file name (import makes it) or an annotation file the explorer or import made (nothing was added)"}
}

// checkImportWritable refuses, before any file is read, an import into an
// annotation file that cannot be written or whose lock another bleuscope
// has held for longer than a write takes.
func checkImportWritable(store *annotations.Store) error {
	if errors.Is(store.Writable(), annotations.ErrInUse) {
		return errImportInUse(store.Path())
	}
	if why := store.ReadOnly(); why != "" {
		return usagef("%s; fix its permissions, or name another annotation file (nothing was added)", why)
	}
	return nil
}

// errImportNotSaved is the refusal of an import whose rows could not be
// written to ann (err, a full disk): the file is left as it was (a write
// cut short is cut off), in the words -o's failures get.
func errImportNotSaved(ann string, err error) error {
	return usagef("%s, then import again (nothing was added)", outputError(&model.OutputError{Path: ann, Err: err}).Error())
}

// errImportInUse refuses an import into ann while another bleuscope
// holds its lock.
func errImportInUse(ann string) error {
	return &model.InputError{File: ann, Msg: "is locked by another bleuscope (one that keeps the lock while open, or one stuck); quit it, then import (nothing was added)"}
}

// choosePreset returns the weights: a typology file, read within limits
// and decompressed when it is gzip-compressed, as every input is
// ([model.Gunzip]), or a named preset.
func choosePreset(name, typology string, named bool, limits model.LoadOptions) (*annotations.Preset, error) {
	if typology != "" {
		if named {
			return nil, usagef("give --preset or --typology, not both")
		}
		f, err := model.Open(typology, "a typology file")
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r, _, err := model.Gunzip(typology, bufio.NewReader(f))
		if err != nil {
			return nil, err
		}
		p, err := annotations.ParseTypology(limits.BoundedReader(r, typology), typology)
		var inErr *model.InputError
		if errors.As(err, &inErr) {
			return nil, err // its encoding or a limit: the loader's line
		}
		if err != nil {
			return nil, usagef("%s", strings.TrimPrefix(err.Error(), typology+": annotations: "))
		}
		return p, nil
	}
	p, err := annotations.PresetByName(name)
	if err != nil {
		return nil, usagef("--preset %q: use mqm or esa (or --typology FILE)", name)
	}
	return p, nil
}

// readAnnotations reads an annotation file or a WMT MQM TSV within
// limits, telling them apart by their first bytes, and prints their
// warnings; path "-" is stdin (refused where stdin is nil: a command that
// may read it for another input). It returns the annotations and the
// typologies an annotation file records ([annotations.Store.Typologies];
// none for a WMT MQM TSV). The file is opened once and its start looked
// at before it is read on ([openInput]): a pipe or a device is never
// opened again, an annotation file in one (or gzip-compressed) read whole
// and parsed ([annotations.Parse]), a regular one opened as the explorer
// opens it, which never writes it here. An annotation file's marks stored
// under an older bleuscope's short name of a system go under its stable
// name where the file shows they are one system
// ([annotations.FoldShortNames]), as the explorer attaches them. A file
// that is neither is refused in one line saying what it was taken for,
// what to do and what both look like ([annotations.FileKinds]): one named
// .ann or .jsonl, or starting with "{", for an annotation file, any other
// for a WMT MQM TSV; a binary file gets the line a system file gets, its
// byte named.
func readAnnotations(e *env, path string, stdin io.Reader, limits model.LoadOptions) ([]annotations.Annotation, []*annotations.Preset, error) {
	in, err := openInput(path, "an annotation file or a WMT MQM TSV", stdin)
	if err != nil {
		return nil, nil, err
	}
	defer in.Close()
	head, name := in.head, in.name
	if err := model.CheckEncoding(name, head); err != nil {
		return nil, nil, err // UTF-16 or UTF-32, either kind
	}
	var inErr *model.InputError
	isAnn := annotations.IsAnnotationFile(head) && !(isEmptyText(head) && namedTSV(path))
	if err := model.FirstNotUTF8(name, head, "an annotation file or a WMT MQM TSV, in plain text"); !isAnn && errors.As(err, &inErr) && inErr.Line == 1 {
		return nil, nil, err
	}
	if err := exportRefusal(name, head); err != nil {
		return nil, nil, err
	}
	if why := annotationFileByLook(path, head); isAnn || why != "" {
		if !isAnn {
			// Refused from its first bytes, without reading on: a pipe of
			// one gigantic line is never read up to the input limit for a
			// refusal its size would not change.
			return nil, nil, &model.InputError{File: name, Line: 1, Msg: "was taken for an annotation file (" + why + "), but it does not start as one; give the annotation file the explorer or import wrote (unedited) or a WMT MQM TSV: " + annotations.FileKinds}
		}
		anns, made, warnings, err := in.readAnnotationFile(limits)
		if err != nil {
			return nil, nil, err
		}
		for _, w := range warnings {
			warnf(e, "%s", w)
		}
		anns, folded := annotations.FoldShortNames(anns)
		for _, w := range folded {
			warnf(e, "%s", w)
		}
		return anns, made, nil
	}
	rows, err := in.readMQM(annotations.LinesByPosition, limits)
	if errors.As(err, &inErr) && inErr.Line == 1 && strings.HasPrefix(inErr.Msg, annotations.NotMQMHeader) {
		lacks, _, _ := strings.Cut(strings.TrimPrefix(inErr.Msg, annotations.NotMQMHeader), ";")
		return nil, nil, &model.InputError{File: name, Line: 1, Msg: "was taken for a WMT MQM TSV, but its first row " + lacks + "; if it is one, make its first row the header (tab-separated), else give an annotation file: " + annotations.FileKinds}
	}
	if err != nil {
		return nil, nil, err
	}
	for _, w := range rows.Warnings {
		warnf(e, "%s", w)
	}
	return rows.Annotations, nil, nil
}

// isEmptyText reports whether head, a file's first bytes, are those of an
// empty file: none, or a UTF-8 byte-order mark alone.
func isEmptyText(head []byte) bool { return len(bytes.TrimPrefix(head, []byte(model.BOM))) == 0 }

// namedTSV reports whether path's name says it is a WMT MQM TSV: it ends
// in .tsv (.tsv.gz compressed). An empty file is an annotation file with
// nothing saved in it yet (made to be one, or cut short by a crash while
// it was being made) unless so named: a WMT MQM TSV has a header row at
// least, and an empty one is a download or a redirection that failed.
func namedTSV(path string) bool {
	name := strings.TrimSuffix(strings.ToLower(path), ".gz")
	return strings.HasSuffix(name, ".tsv")
}

// headSize is how many bytes of a file tell an annotation file, a WMT MQM
// TSV and an export from one another, and find a binary file's first byte
// that is not UTF-8.
const headSize = 4096

// input is a file named on the command line as an annotation file or a WMT
// MQM TSV, opened once ([openInput]), its first bytes looked at and not
// yet taken from it: what reads it on reads those bytes again.
type input struct {
	// path is the file as named, "-" for standard input; name is how
	// messages name it: the path, or "standard input".
	path, name string
	f          io.Closer
	// text reads the file from its start, decompressed when it is
	// gzip-compressed ([model.Gunzip]); head is its first headSize bytes
	// (fewer in a shorter file).
	text *bufio.Reader
	head []byte
	// regular reports a regular file, which can be opened again by its
	// path; a pipe, a FIFO or a device cannot: what was read from it is
	// gone. gz reports a gzip-compressed file.
	regular, gz bool
}

// openInput opens path, a file given as what, and looks at its first
// bytes. "-" is standard input, stdin, read as a pipe is, from where it
// stands; with stdin nil, "-" is refused ([model.Open]).
func openInput(path, what string, stdin io.Reader) (*input, error) {
	if path == "-" && stdin != nil {
		text, err := model.StdinText(stdin)
		if err != nil {
			return nil, err
		}
		text = bufio.NewReaderSize(text, headSize)
		head, err := text.Peek(headSize)
		if err != nil && err != io.EOF && !errors.Is(err, bufio.ErrBufferFull) {
			return nil, model.OpenErr(stdinName, err)
		}
		if len(head) == 0 { // most likely what should have fed it failed: never read as "no annotations"
			return nil, usagef("standard input (-) is empty; pipe %s into it, or name the file", what)
		}
		return &input{path: path, name: stdinName, f: io.NopCloser(stdin), text: text, head: head}, nil
	}
	f, err := model.Open(path, what)
	if err != nil {
		return nil, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, model.OpenErr(path, err)
	}
	text, gz, err := model.Gunzip(path, bufio.NewReader(f))
	if err != nil {
		f.Close()
		return nil, err
	}
	text = bufio.NewReaderSize(text, headSize)
	head, err := text.Peek(headSize)
	if err != nil && err != io.EOF && !errors.Is(err, bufio.ErrBufferFull) {
		f.Close()
		return nil, model.OpenErr(path, err)
	}
	return &input{path: path, name: path, f: f, text: text, head: head, regular: info.Mode().IsRegular(), gz: gz}, nil
}

// stdinName is how messages name standard input ("-"), as the loader
// names it.
const stdinName = "standard input"

// inputName is how messages name the input file path: "standard input"
// for "-", else path.
func inputName(path string) string {
	if path == "-" {
		return stdinName
	}
	return path
}

// Close closes the file.
func (in *input) Close() error { return in.f.Close() }

// readMQM reads the file on as a WMT MQM TSV within limits, as
// [annotations.ReadMQMFile] reads one.
func (in *input) readMQM(rule annotations.LineRule, limits model.LoadOptions) (*annotations.MQMRows, error) {
	return annotations.ReadMQM(limits.BoundedReader(in.text, in.name), in.name, rule)
}

// readAnnotationFile reads the file as an annotation file: a regular one
// opened by its path as the explorer opens it ([annotations.ReadFile]),
// another (or one gzip-compressed, which the explorer refuses, as it
// could not append to it) read on to its end, within the input limit, and
// parsed ([annotations.Parse]). It returns the annotations, the
// typologies the file records and what reading it dropped.
func (in *input) readAnnotationFile(limits model.LoadOptions) ([]annotations.Annotation, []*annotations.Preset, []string, error) {
	if in.regular && !in.gz {
		return annotations.ReadFile(in.path, limits)
	}
	most := limits.WithDefaults().MaxInput
	data, err := io.ReadAll(io.LimitReader(in.text, most+1))
	if err != nil {
		return nil, nil, nil, model.OpenErr(in.name, err)
	}
	if err := limits.CheckSize(in.name, int64(len(data))); err != nil {
		return nil, nil, nil, err
	}
	return annotations.Parse(data, in.name)
}

// exportRefusal refuses path, whose first bytes are head, when it is the
// output of "annotations export" as CSV or JSONL, which no command reads
// back, saying what reads; nil when it is not one.
func exportRefusal(path string, head []byte) error {
	kind := annotations.ExportKind(head)
	if kind == "" {
		return nil
	}
	return &model.InputError{File: path, Line: 1, Msg: "is the output of annotations export --format " + kind +
		", which bleuscope does not read back; give the annotation file it was exported from, or its export with --format mqm-tsv"}
}

// readImported reads the WMT MQM TSV at path ("-": stdin) for import into
// the annotation file ann within limits, opened once ([openInput]). An empty
// file is refused as [namedTSV] reads it, an export as CSV or JSONL as
// such ([exportRefusal]), and an annotation file with the way to import
// its annotations: export them as a WMT MQM TSV.
func readImported(path, ann string, stdin io.Reader, rule annotations.LineRule, limits model.LoadOptions) (*annotations.MQMRows, error) {
	in, err := openInput(path, "a WMT MQM TSV", stdin)
	if err != nil {
		return nil, err
	}
	defer in.Close()
	if isEmptyText(in.head) && !namedTSV(path) {
		return nil, &model.InputError{File: in.name, Msg: "is empty: an annotation file with nothing saved in it yet, as summary reads it, and so nothing to import; give the WMT MQM TSV (a header row naming the columns " +
			annotations.MQMHeaderWords + ", then one row per error)"}
	}
	rows, err := in.readMQM(rule, limits)
	var inErr *model.InputError
	if !errors.As(err, &inErr) || inErr.Line != 1 {
		return rows, err
	}
	if refusal := exportRefusal(in.name, in.head); refusal != nil {
		return nil, refusal
	}
	if inErr.Msg == annotations.AnnotationFileNotMQM {
		return nil, &model.InputError{File: in.name, Line: 1, Msg: inErr.Msg + "; to add its annotations to " + model.Printable(ann) +
			", export them as one first: bleuscope annotations export --annotations " + model.Printable(path) + " -o " + model.Printable(exportName(path)) + ", then import that"}
	}
	return nil, err
}

// exportName is the name of the WMT MQM TSV to export the annotation file
// at path to, for a message: its name with .tsv for its extension
// (annotations.tsv for standard input).
func exportName(path string) string {
	if path == "-" {
		return "annotations.tsv"
	}
	name := strings.TrimSuffix(path, filepath.Ext(path)) + ".tsv"
	if name == path {
		name = strings.TrimSuffix(path, filepath.Ext(path)) + ".mqm.tsv"
	}
	return name
}

// refusedAsExport is err, the refusal of the annotation file at path by
// [annotations.OpenWithin], or when err is about its first line and the
// file is an export as CSV or JSONL, the line saying so
// ([exportRefusal]). Only a regular file gets as far as its first line,
// so opening it again to look finds what was read.
func refusedAsExport(path string, err error) error {
	var inErr *model.InputError
	if !errors.As(err, &inErr) || inErr.Line != 1 {
		return err
	}
	if in, herr := openInput(path, "an annotation file", nil); herr == nil {
		defer in.Close()
		if refusal := exportRefusal(path, in.head); refusal != nil {
			return refusal
		}
	}
	return err
}

// annotationFileByLook says why path, whose first bytes are head and do
// not start as an annotation file's, was meant as one (its name's
// extension, or a JSON object at its start), or "" when nothing says so.
func annotationFileByLook(path string, head []byte) string {
	switch ext := strings.ToLower(filepath.Ext(path)); {
	case ext == ".ann" || ext == ".jsonl":
		return "its name ends in " + ext
	case bytes.HasPrefix(bytes.TrimPrefix(head, []byte(model.BOM)), []byte("{")):
		return `it starts with "{"`
	}
	return ""
}

// warnUnweighed warns of the errors that weigh 0 in the summary because
// the weights chosen have no such severity
// ([annotations.UnweighedWarning]): most likely made with a --typology
// that summary was not given.
func warnUnweighed(e *env, anns []annotations.Annotation, p *annotations.Preset) {
	if w := annotations.UnweighedWarning(anns, p); w != "" {
		warnf(e, "%s; give summary the --typology the annotations were made with", w)
	}
}

// warnf prints one warning line on standard error, escaped.
func warnf(e *env, format string, args ...any) {
	e.printLine("bleuscope: warning: " + fmt.Sprintf(format, args...))
}

// nonNilSlice makes an empty result print as [] rather than null.
func nonNilSlice[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// writeJSON writes v indented, with the text as it is (no HTML escapes).
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// writeSummaryText writes the summary as a person reads it: systems best
// MQM first, weighed with p (fromFile: the typology the annotation file
// records), the error categories over all systems, the agreement (one
// line saying it needs two raters when there is one).
func writeSummaryText(w io.Writer, sums []annotations.SystemSummary, agree []annotations.Agreement, p *annotations.Preset, fromFile bool) error {
	bw := bufio.NewWriter(w)
	if len(sums) == 0 {
		bw.WriteString("no annotations\n")
		return bw.Flush()
	}
	ranked := slices.Clone(sums)
	slices.SortStableFunc(ranked, func(a, b annotations.SystemSummary) int { return cmp.Compare(a.MQM, b.MQM) })
	hasESA := slices.ContainsFunc(sums, func(s annotations.SystemSummary) bool { return s.ESA != nil })
	from := ""
	if fromFile {
		from = ", as the file records"
	}
	fmt.Fprintf(bw, "MQM score per system (%s weights%s)\n%s.\n", model.Shown(p.Name), from, annotations.MQMAbout)
	if hasESA {
		fmt.Fprintf(bw, "%s.\n", annotations.ESAAbout)
	}
	bw.WriteString("\n")
	// The explorer's summary (S) words and rounds them so too: segments
	// rated, MQM to 2 decimals (the JSON keeps full precision).
	head := []string{"rank", "system", "rated", "raters", "errors", "MQM"}
	if hasESA {
		head = append(head, "ESA")
	}
	table := [][]string{head}
	for i, s := range ranked {
		errs := 0
		for _, sev := range s.Errors {
			for _, n := range sev {
				errs += n
			}
		}
		row := []string{strconv.Itoa(i + 1), model.Shown(s.System), model.Thousands(s.Segments), model.Thousands(len(s.Raters)), model.Thousands(errs), fmt.Sprintf("%.2f", s.MQM)}
		if hasESA {
			esa := "-"
			if s.ESA != nil {
				esa = fmt.Sprintf("%.1f", *s.ESA)
			}
			row = append(row, esa)
		}
		table = append(table, row)
	}
	writeTable(bw, "  ", table, []bool{true, false, true, true, true, true, true})

	// Errors by category and severity over every system.
	bySev := map[string]map[string]int{}
	sevSet := map[string]bool{}
	for _, s := range sums {
		for cat, sevs := range s.Errors {
			if bySev[cat] == nil {
				bySev[cat] = map[string]int{}
			}
			for sev, n := range sevs {
				bySev[cat][sev] += n
				sevSet[sev] = true
			}
		}
	}
	if len(bySev) > 0 {
		sevs := make([]string, 0, len(sevSet))
		for s := range sevSet {
			sevs = append(sevs, s)
		}
		slices.SortFunc(sevs, func(a, b string) int {
			return cmp.Or(-cmp.Compare(p.Weight("", a), p.Weight("", b)), cmp.Compare(a, b))
		})
		cats := make([]string, 0, len(bySev))
		total := map[string]int{}
		for c, m := range bySev {
			cats = append(cats, c)
			for _, n := range m {
				total[c] += n
			}
		}
		slices.SortFunc(cats, func(a, b string) int { return cmp.Or(-cmp.Compare(total[a], total[b]), cmp.Compare(a, b)) })
		bw.WriteString("\nErrors by category, all systems\n\n")
		head := append([]string{"category"}, sevs...)
		for i := range head {
			head[i] = model.Shown(head[i])
		}
		table := [][]string{append(head, "total")}
		right := []bool{false}
		for _, c := range cats {
			row := []string{model.Shown(c)}
			for _, s := range sevs {
				row = append(row, model.Thousands(bySev[c][s]))
			}
			table = append(table, append(row, model.Thousands(total[c])))
		}
		for range table[0][1:] {
			right = append(right, true)
		}
		writeTable(bw, "  ", table, right)
	}

	var raters []string
	for _, s := range sums {
		for _, r := range s.Raters {
			if !slices.Contains(raters, r) {
				raters = append(raters, r)
			}
		}
	}
	if len(raters) < 2 {
		bw.WriteString("\nAgreement between raters: it needs two raters")
		if len(raters) == 1 {
			fmt.Fprintf(bw, ", and every annotation here is %s's", model.Shown(raters[0]))
		}
		bw.WriteString("\n")
		return bw.Flush()
	}
	bw.WriteString("\nAgreement between raters on the segments both rated\n\n")
	if len(agree) == 0 {
		bw.WriteString("no two raters rated the same segment\n")
		return bw.Flush()
	}
	num := func(v float64) string {
		if math.IsNaN(v) {
			return "-"
		}
		return fmt.Sprintf("%.3f", v)
	}
	table = [][]string{{"rater A", "rater B", "segments", "kappa error/none", "kappa severity", "span F1"}}
	for _, g := range agree {
		table = append(table, []string{model.Shown(g.RaterA), model.Shown(g.RaterB), model.Thousands(g.Segments),
			num(g.KappaError), num(g.KappaSeverity), num(g.SpanF1)})
	}
	writeTable(bw, "  ", table, []bool{false, false, true, true, true, true})
	return bw.Flush()
}
