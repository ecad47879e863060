// Package sacrebleu is bleuscope's drop-in for sacrebleu 2.6.0's command
// line: the same arguments (parsed as Python's argparse parses them), the
// same output byte for byte (JSON, text, LaTeX, tables, sentence level,
// confidence intervals and paired tests) and the same exit statuses,
// except that signatures name bleuscope's version. It never downloads
// anything: the built-in test sets (-t) are read from sacrebleu's local
// cache when they are there. Its input is bounded (BLEUSCOPE_MAX_INPUT,
// by default bleuscope's limit), since sacrebleu's command line leaves no
// room for a flag of bleuscope's.
package sacrebleu

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"sort"
	"strconv"
	"strings"
	"syscall"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	"golang.org/x/term"
)

// Version is what the version field of every signature says:
// bleuscope's version, so that a score is never mistaken for one
// sacrebleu computed.
const Version = scoring.SignatureVersion

// Command is one run of the drop-in with everything it reads from its
// surroundings. The zero value reads nothing from standard input and
// writes nowhere; [RunContext] fills it from the process.
type Command struct {
	// Stdin, Stdout and Stderr are the standard streams.
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// LookupEnv reads an environment variable as os.LookupEnv does
	// (SACREBLEU_FORMAT, SACREBLEU_SEED, SACREBLEU, HOME, NO_COLOR,
	// COLUMNS and BLEUSCOPE_MAX_INPUT): ok is false when it is not set,
	// which SACREBLEU_SEED tells from set but empty; nil reads none.
	LookupEnv func(string) (string, bool)
	// Dir is the directory relative paths are read from ("" for the
	// process's working directory). Paths are shown as given.
	Dir string
	// Terminal says Stdout is a terminal: output is coloured as sacrebleu
	// colours it (unless NO_COLOR or --no-color) and system names are
	// shown with control characters escaped.
	Terminal bool
	// Columns is the terminal width argparse wraps its usage text to (0:
	// COLUMNS, else 80).
	Columns int
	// Context, when not nil, ends the run early when it is cancelled (the
	// user pressed Ctrl-C): exit status 130, as Python's KeyboardInterrupt.
	Context context.Context
}

// RunContext runs `sacrebleu args...` (args without the program name)
// with the process's environment and working directory, and returns the
// exit status: 0 success, 1 an error sacrebleu reports (or an exception it
// would raise), 2 bad arguments, 17 a wrong number of TAB-separated
// fields, 120 standard output could not be written (Python's status when
// flushing it at exit fails), 130 when ctx is cancelled (the user pressed
// Ctrl-C), as Python's KeyboardInterrupt.
func RunContext(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := &Command{Stdin: stdin, Stdout: stdout, Stderr: stderr, LookupEnv: os.LookupEnv, Context: ctx}
	if f, ok := stdout.(*os.File); ok {
		// Python ignores SIGPIPE: a reader that went away (sacrebleu ... |
		// head -c 10) makes the write fail, which Run reports as Python
		// does, instead of ending the process (status 141 in a shell).
		signal.Ignore(syscall.SIGPIPE)
		if term.IsTerminal(int(f.Fd())) {
			c.Terminal = true
			if w, _, err := term.GetSize(int(f.Fd())); err == nil {
				c.Columns = w
			}
		}
	}
	return c.Run(args)
}

// IsSacrebleuName reports whether a program called by this name (argv[0])
// should behave as sacrebleu: its base name, without directory or a
// Windows .exe suffix, is "sacrebleu".
func IsSacrebleuName(argv0 string) bool {
	base := argv0[strings.LastIndexAny(argv0, `/\`)+1:]
	return strings.TrimSuffix(strings.ToLower(base), ".exe") == "sacrebleu"
}

// Run runs `sacrebleu args...` and returns the exit status (see
// [RunContext]).
func (c *Command) Run(args []string) int {
	stdout := bufio.NewWriterSize(orDiscard(c.Stdout), 1<<16)
	status, reopened := c.run(args, stdout)
	if err := stdout.Flush(); err != nil {
		// Python flushes its standard output at exit, whatever the status
		// (sys.exit(1) too), reports the error as an exception it
		// ignores, and exits 120. sacrebleu's main opens the stream again,
		// line-buffered, so its first line written raised the error
		// already, which ended the run.
		line := model.Printable(pyOSError(err))
		stream := "name='<stdout>'"
		if reopened { // the traceback of the line that raised it, then the one at exit
			fmt.Fprintln(orDiscard(c.Stderr), line)
			stream = "name=1"
		}
		fmt.Fprintf(orDiscard(c.Stderr), "Exception ignored in: <_io.TextIOWrapper %s mode='w' encoding='utf-8'>\n%s\n", stream, line)
		return 120
	}
	return status
}

// pyOSError is the line Python prints for err, an error writing a file:
// "OSError: [Errno 28] No space left on device", or, for the errors Python
// raises as a subclass of OSError, that class's name:
// "BrokenPipeError: [Errno 32] Broken pipe".
func pyOSError(err error) string {
	var errno syscall.Errno
	if !errors.As(err, &errno) {
		return "OSError: " + err.Error()
	}
	text := errno.Error()
	if text != "" {
		text = strings.ToUpper(text[:1]) + text[1:]
	}
	return fmt.Sprintf("%s: [Errno %d] %s", pyErrorClass(errno), int(errno), text)
}

// pyErrorClass is the class of OSError Python raises for errno, a failed
// write's (PEP 3151's table, for the errors a write can give).
func pyErrorClass(errno syscall.Errno) string {
	switch errno {
	case syscall.EPIPE, syscall.ESHUTDOWN:
		return "BrokenPipeError"
	case syscall.ECONNRESET:
		return "ConnectionResetError"
	case syscall.EACCES, syscall.EPERM:
		return "PermissionError"
	case syscall.ETIMEDOUT:
		return "TimeoutError"
	}
	return "OSError"
}

// run is Run writing to stdout, which Run flushes; reopened reports
// whether the arguments were parsed, after which sacrebleu's main writes
// to a stream of its own, sys.stdout opened again on file descriptor 1
// (argparse writes the help and the version to Python's).
func (c *Command) run(args []string, stdout *bufio.Writer) (status int, reopened bool) {
	ctx := c.Context
	if ctx == nil {
		ctx = context.Background()
	}
	r := &run{cmd: c, ctx: ctx, out: stdout, log: logger{w: orDiscard(c.Stderr)}}
	p := newParser("sacrebleu", sacrebleuSpecs())
	p.columns = c.columns()
	ns, err := p.parse(args)
	var ae *argError
	var ee *earlyExit
	switch {
	case errors.As(err, &ae):
		fmt.Fprint(r.log.w, p.usage(c.columns())+"sacrebleu: error: "+model.Printable(ae.msg)+"\n")
		return 2, false
	case errors.As(err, &ee):
		stdout.WriteString(ee.text)
		return 0, false
	}
	r.opt = optionsFrom(ns, c.getenv)
	r.log.quiet = r.opt.quiet
	r.colors = colors(c.Terminal && c.getenv("NO_COLOR") == "" && !r.opt.noColor)
	err = r.main()
	var xe *exitError
	switch {
	case err == nil:
		return 0, true
	case errors.Is(err, context.Canceled) && ctx.Err() != nil:
		r.log.exception("KeyboardInterrupt")
		return 130, true
	case errors.As(err, &xe):
		if xe.exception {
			r.log.exception(xe.lines[0])
		} else {
			r.log.error(xe.lines...)
		}
		return xe.status, true
	default:
		r.log.exception("bleuscope: internal error: " + err.Error())
		return 1, true
	}
}

func orDiscard(w io.Writer) io.Writer {
	if w == nil {
		return io.Discard
	}
	return w
}

// getenv returns the environment variable k, "" when it is not set.
func (c *Command) getenv(k string) string {
	v, _ := c.lookupEnv(k)
	return v
}

// lookupEnv returns the environment variable k and whether it is set.
func (c *Command) lookupEnv(k string) (string, bool) {
	if c.LookupEnv == nil {
		return "", false
	}
	return c.LookupEnv(k)
}

// columns is the width argparse formats for: COLUMNS, the terminal's
// width, or 80.
func (c *Command) columns() int {
	if n, err := strconv.Atoi(c.getenv("COLUMNS")); err == nil && n > 0 {
		return n
	}
	if c.Columns > 0 {
		return c.Columns
	}
	return 80
}

// logger writes what sacrebleu logs: "sacreBLEU: " and the message, or
// with --quiet only warnings and errors, without the prefix.
type logger struct {
	w     io.Writer
	quiet bool
}

func (l logger) info(lines ...string) {
	if !l.quiet {
		l.write(lines)
	}
}

func (l logger) warn(lines ...string)  { l.write(lines) }
func (l logger) error(lines ...string) { l.write(lines) }

func (l logger) write(lines []string) {
	for _, s := range lines {
		if !l.quiet {
			s = "sacreBLEU: " + s
		}
		fmt.Fprintln(l.w, model.Printable(s))
	}
}

// exception prints the line Python's traceback would end with.
func (l logger) exception(line string) {
	fmt.Fprintln(l.w, model.Printable(line))
}

// run is the state of one run.
type run struct {
	cmd    *Command
	ctx    context.Context
	opt    *options
	out    *bufio.Writer
	log    logger
	colors colors
}

// main is sacrebleu's main() after the arguments are parsed.
func (r *run) main() error {
	o := r.opt
	fsys := &fileSystem{dir: r.cmd.Dir, budget: newBudget(r.cmd.getenv, r.log)}
	cache := newTestSetCache(r.cmd.lookupEnv, r.cmd.Dir, fsys.budget)
	if o.download != nil {
		if !IsTestSet(*o.download) {
			return exception("Exception: No such test set " + *o.download)
		}
		return cache.neverDownloads(*o.download, o.langpair)
	}
	if o.list {
		return cache.list(r.out, o)
	}
	if o.sentenceLevel && len(o.metrics) > 1 {
		return fatal(1, "Only one metric can be used in sentence-level mode.")
	}
	if o.citation {
		if o.testSet == nil {
			return fatal(1, "I need a test set (-t).")
		}
		for _, ts := range strings.Split(*o.testSet, ",") {
			if !IsTestSet(ts) {
				return exception("KeyError: " + pyQuote(ts))
			}
		}
		return fatal(1, "bleuscope has no citations of test sets: see sacrebleu's DATASETS.md")
	}
	if o.numRefs != 1 && (o.testSet != nil || len(o.refs) > 1) {
		return fatal(1,
			"The --num-refs argument allows you to provide any number of tab-delimited references in a single file.",
			"You can only use it with externally provided references, however (i.e., not with `-t`),",
			"and you cannot then provide multiple reference files.")
	}
	var testSets []string
	if o.testSet != nil {
		testSets = strings.Split(*o.testSet, ",")
		if err := checkTestSetNames(testSets); err != nil {
			return err
		}
	}
	switch {
	case o.testSet == nil:
		if len(o.refs) == 0 {
			return fatal(1,
				"If manual references given, make sure to provide them before the -i/--input argument to avoid confusion.",
				"Otherwise, I need a predefined test set (-t) from the following list:",
				availableTestSets())
		}
	case len(o.refs) > 0:
		return fatal(1, "I need exactly one of (a) a predefined test set (-t) or (b) a list of references")
	case o.langpair == nil:
		return fatal(1, "I need a language pair (-l). Use --list to see available language pairs for this test set.")
	default:
		if err := checkLangPairs(testSets, *o.langpair); err != nil {
			return err
		}
		for _, ts := range testSets {
			if err := cache.checkLangPair(ts, *o.langpair); err != nil {
				return err
			}
		}
	}
	if o.echo != nil {
		if o.langpair == nil || o.testSet == nil {
			return fatal(1, "--echo requires a test set (--t) and a language pair (-l)")
		}
		return cache.echo(r.out, fsys, testSets, *o.langpair, o.echo)
	}
	trgLang := ""
	if o.langpair != nil {
		parts := strings.Split(*o.langpair, "-")
		if len(parts) < 2 {
			return exception("IndexError: list index out of range")
		}
		trgLang = parts[1]
	}
	if o.testSet != nil && o.tokenize != nil && *o.tokenize == "none" {
		r.log.warn("You are turning off BLEU's internal tokenizer presumably to supply your own tokenized files.",
			"Published numbers will not be comparable to other papers.")
	}
	refFiles := o.refs
	if o.testSet != nil {
		refFiles = nil
		for _, ts := range testSets {
			files, err := cache.references(ts, *o.langpair)
			if err != nil {
				return err
			}
			if len(files) == 0 {
				r.log.warn(fmt.Sprintf("No references found for test set %s/%s.", ts, *o.langpair))
			}
			refFiles = append(refFiles, files...)
		}
	}
	if o.numRefs > maxPyList {
		// sacrebleu makes a list of -nr empty streams before it reads.
		return exception("MemoryError")
	}
	if o.origlang != nil || o.subset != nil {
		if o.testSet == nil || o.langpair == nil {
			return exception("ValueError: Filtering for --origlang or --subset needs a test (-t) and a language pair (-l).")
		}
		return fatal(1, "bleuscope cannot select sentences by --origlang or --subset: it does not read the raw test set files")
	}

	enc, err := lookupCodec(o.encoding)
	if err != nil {
		return err
	}
	// Every file is read ahead at once; errors are still reported in the
	// order sacrebleu meets them.
	fsys.prefetch(refFiles, enc)
	fsys.prefetch(o.input, enc)
	refs, err := r.readRefs(fsys, refFiles, testSets, enc)
	if err != nil {
		return err
	}
	systems, err := r.readSystems(fsys, enc)
	if err != nil {
		return err
	}
	if err := r.check(systems, refs); err != nil {
		return err
	}
	metrics, err := r.buildMetrics(refs, trgLang)
	if err != nil {
		return err
	}
	if o.sentenceLevel {
		if len(systems) == 0 { // -i with no file: sacrebleu takes systems[0] of none
			return exception("IndexError: list index out of range")
		}
		return r.sentenceLevel(metrics[0], systems[0], len(refs))
	}
	if o.detail && o.format == "json" {
		o.format = "text"
	}
	if len(systems) == 1 {
		return r.single(metrics, systems[0], len(refs))
	}
	return r.multi(metrics, systems, len(refs))
}

// maxPyList is a bound on the length of a Python list: CPython's
// list_resize raises MemoryError for more than PY_SSIZE_T_MAX/8 items.
const maxPyList = math.MaxInt / 8

// readRefs reads the reference streams from the files (or the test sets'
// files, concatenated).
func (r *run) readRefs(fsys *fileSystem, files []string, testSets []string, enc codec) ([][]string, error) {
	if len(testSets) <= 1 {
		return readReferences(fsys, files, r.opt.numRefs, enc)
	}
	// Several test sets: the i-th reference of each set, one after the
	// other.
	var refs [][]string
	cache := newTestSetCache(r.cmd.lookupEnv, r.cmd.Dir, fsys.budget)
	for _, ts := range testSets {
		part, err := readReferences(fsys, cache.referenceFiles(ts, *r.opt.langpair), r.opt.numRefs, enc)
		if err != nil {
			return nil, err
		}
		for len(refs) < len(part) {
			refs = append(refs, nil)
		}
		for k := range part {
			refs[k] = append(refs[k], part[k]...)
		}
	}
	return refs, nil
}

// readSystems reads the systems from -i files or standard input and names
// them as sacrebleu does.
func (r *run) readSystems(fsys *fileSystem, enc codec) ([]system, error) {
	o := r.opt
	var systems []system
	if o.input == nil {
		var err error
		if systems, err = readStdinSystems(r.cmd.Stdin, enc, fsys.budget); err != nil {
			return nil, err
		}
	} else {
		for _, name := range o.input {
			dup := false
			for _, s := range systems {
				dup = dup || s.name == name
			}
			if dup {
				if o.paired() && name == systems[0].name {
					r.log.info("Ignoring " + pyQuote(name) + " as it was also given as the baseline.")
					continue
				}
				return nil, fatal(1, pyQuote(name)+" already used to name a system.", "Make sure to have a different basename for each system.")
			}
			lines, err := fsys.lines(name, enc)
			if err != nil {
				return nil, err
			}
			systems = append(systems, system{name: name, lines: lines})
		}
	}
	if o.paired() && len(systems) > 0 {
		if o.input == nil {
			for i := range systems {
				systems[i].name = "System " + strconv.Itoa(i)
			}
			systems[0].name = "Baseline"
		} else {
			systems[0].name = "Baseline: " + systems[0].name
		}
	}
	return systems, nil
}

// check is sacrebleu's checks of the mode against the systems, and of the
// systems' lengths.
func (r *run) check(systems []system, refs [][]string) error {
	o := r.opt
	if o.sentenceLevel {
		if len(systems) > 1 {
			return fatal(1, "Only one system can be evaluated in sentence-level mode.")
		}
		if o.confidence || o.paired() {
			return fatal(1, "Statistical tests are unavailable in sentence-level mode.")
		}
	}
	if o.paired() && len(systems) == 1 {
		return fatal(1, "Paired tests require multiple input systems given to --input (-i).")
	}
	if len(systems) > 1 && o.confidence {
		return fatal(1, "Use paired tests (--paired) for multiple systems.")
	}
	testSet := "None"
	if o.testSet != nil {
		testSet = pyQuote(*o.testSet)
	}
	for _, s := range systems {
		if len(s.lines) == 0 {
			return fatal(1, "Test set "+testSet+" contains no sentence")
		}
		for _, stream := range refs {
			if len(stream) != len(s.lines) {
				lines := []string{"System and reference streams have different lengths."}
				if o.testSet != nil {
					lines = append(lines,
						"This could be an issue with your system output or with sacreBLEU's reference database if -t is given.",
						"For the latter, check the files of "+*o.testSet+" in sacrebleu's local cache.")
				}
				return fatal(1, lines...)
			}
		}
	}
	return nil
}

// buildMetrics builds the metrics of -m in the order given, each once.
func (r *run) buildMetrics(refs [][]string, trgLang string) ([]metric, error) {
	var out []metric
	seen := map[string]bool{}
	for _, name := range r.opt.metrics {
		if seen[name] {
			continue
		}
		seen[name] = true
		m, warns, err := newMetric(name, r.opt, refs, trgLang)
		r.log.warn(warns...)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

// newMetric builds the metric -m names.
func newMetric(name string, o *options, refs [][]string, trgLang string) (metric, []string, error) {
	switch name {
	case "bleu":
		return newBLEU(o, refs, trgLang)
	case "chrf":
		return newCHRF(o, refs)
	}
	return newTER(o, refs)
}

// checkWidth is where Python fails formatting a score to -w decimals
// (f'{score:.{width}f}'): a negative width leaves the precision out, one
// above a C int is too big to format with, and one beyond a Py_ssize_t is
// refused as the format is read (CPython's formatter_unicode.c).
func checkWidth(o *options) error {
	switch {
	case o.width < 0:
		return exception("ValueError: Format specifier missing precision")
	case o.widthUnread:
		return exception("ValueError: Too many decimal digits in format string")
	case o.width > math.MaxInt32:
		return exception("ValueError: precision too big")
	}
	return nil
}

// sentenceLevel prints one line per segment: the sentence score of the one
// metric.
func (r *run) sentenceLevel(m metric, sys system, nrefs int) error {
	if err := checkWidth(r.opt); err != nil {
		return err
	}
	scores, err := m.sentences(r.ctx, sys.lines)
	if err != nil {
		return err
	}
	sig := newSignature(m, nrefs, Version).format(r.opt.short)
	for _, s := range scores {
		r.out.WriteString(s.format(r.opt.width, r.opt.scoreOnly, sig, false))
		r.out.WriteByte('\n')
	}
	return nil
}

// byKey orders metrics as sacrebleu's sorted(metrics) does.
func byKey(metrics []metric) []metric {
	out := append([]metric(nil), metrics...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].key() < out[j].key() })
	return out
}

// single is the single-system mode: one result per metric, sorted by name.
func (r *run) single(metrics []metric, sys system, nrefs int) error {
	o := r.opt
	if err := checkWidth(o); err != nil {
		return err
	}
	var results []string
	for _, m := range byKey(metrics) {
		r.log.warn(m.warnings(sys.lines)...)
		scores, err := m.corpus(r.ctx, [][]string{sys.lines})
		if err != nil {
			return err
		}
		sig := newSignature(m, nrefs, Version)
		s := scores[0]
		if o.confidence && o.confidenceN > 1 {
			if s, sig, err = r.confidence(m, sys, s, sig); err != nil {
				return err
			}
		}
		results = append(results, s.format(o.width, o.scoreOnly, sig.format(o.short && o.format != "json"), o.format == "json"))
	}
	r.out.WriteString(singleResults(results, o.format, r.colors))
	if o.detail {
		if o.testSet != nil {
			return fatal(1, "bleuscope cannot split test sets by original language (--detail): it does not read the raw test set files")
		}
		r.out.WriteString("No subset information found. Consider using --origlang argument.\n")
	}
	return nil
}

// multi is the multi-system mode: a table of every system's scores, or of
// a paired test.
func (r *run) multi(metrics []metric, systems []system, nrefs int) error {
	o := r.opt
	r.log.info(fmt.Sprintf("Found %d systems.", len(systems)))
	names := make([]string, len(systems))
	lines := make([][]string, len(systems))
	for i, s := range systems {
		names[i], lines[i] = s.name, s.lines
	}
	if o.paired() {
		return r.pairedTest(metrics, systems, nrefs)
	}
	if len(systems) > 0 {
		if err := checkWidth(o); err != nil {
			return err
		}
	}
	if len(systems) == 0 && o.format != "json" {
		return exception("IndexError: list index out of range")
	}
	var cols []column
	var sigs []namedSig
	for _, m := range byKey(metrics) {
		for _, s := range systems {
			r.log.warn(m.warnings(s.lines)...)
		}
		scores, err := m.corpus(r.ctx, lines)
		if err != nil {
			return err
		}
		col := column{name: m.name()}
		for _, s := range scores {
			col.cells = append(col.cells, tableCell{text: s.format(o.width, true, "", false)})
		}
		cols = append(cols, col)
		sigs = append(sigs, namedSig{m.name(), newSignature(m, nrefs, Version).format(o.short)})
	}
	r.out.WriteString(resultsTable(names, cols, sigs, o, r.colors, "", r.cmd.Terminal))
	return nil
}
