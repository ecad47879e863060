package cli

import (
	"errors"
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"

	"golang.org/x/term"

	"github.com/bleuscope/bleuscope/fixtures"
	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/model/annotations"
)

// inputFlags are the flags that say what to load.
type inputFlags struct {
	refs    []string
	src     string
	demo    bool
	mqm     string   // a WMT MQM TSV opened as the corpus
	mqmRefs []string // its systems taken as references
	// mqmAnns are the --mqm file's rows of the systems loaded, once read.
	mqmAnns []annotations.Annotation
	// mqmSegs are the --mqm file's ids of the corpus's segments.
	mqmSegs []annotations.Segment
	// mqmRatedRefs are the references (of mqmRefs) the file has rows of,
	// left out of mqmAnns.
	mqmRatedRefs []string
	limits       model.LoadOptions
	only         []string // --refs: the references to score against ([selectRefs])
}

// addInputFlags registers -r/--ref, -s/--src and --demo on fs.
func addInputFlags(fs *flagSet) *inputFlags {
	f := &inputFlags{}
	fs.alias(listFlag{&f.refs}, "reference file (repeatable)", "r", "ref")
	fs.StringVar(&f.src, "s", "", "source file")
	fs.StringVar(&f.src, "src", "", "source file")
	fs.Var(boolFlag{&f.demo}, "demo", "use the embedded demo corpus")
	fs.StringVar(&f.mqm, "mqm", "", "WMT MQM TSV as the corpus")
	fs.Var(listFlag{&f.mqmRefs}, "mqm-ref", "system of the MQM file taken as reference (repeatable)")
	fs.Var(listFlag{&f.only}, "refs", "score against these references only: labels or numbers, e.g. A,B")
	addLimitFlags(fs, &f.limits)
	return f
}

// addLimitFlags adds --max-input and --max-line, which set limits.
func addLimitFlags(fs *flagSet, limits *model.LoadOptions) {
	fs.Var(sizeFlag{&limits.MaxInput}, "max-input", "the most input read, all files together")
	fs.Var(intSizeFlag{&limits.MaxLine}, "max-line", "the longest line read")
}

// sizeFlag is a byte count: 512, 64K, 16M, 4G (binary units; KiB, MB
// and the like are read the same way), with a plain-spoken error.
type sizeFlag struct{ v *int64 }

// intSizeFlag is a sizeFlag stored in an int.
type intSizeFlag struct{ v *int }

func (f sizeFlag) String() string {
	if f.v == nil {
		return "0"
	}
	return strconv.FormatInt(*f.v, 10)
}

func (f sizeFlag) Set(s string) error {
	n, err := model.ParseSize(numberText(s))
	if err != nil {
		return err
	}
	*f.v = n
	return nil
}

func (f intSizeFlag) String() string {
	if f.v == nil {
		return "0"
	}
	return strconv.Itoa(*f.v)
}

func (f intSizeFlag) Set(s string) error {
	s = numberText(s)
	n, err := model.ParseSize(s)
	if err != nil && !errors.Is(err, model.ErrSizeTooLarge) {
		return err
	}
	if err != nil || n > math.MaxInt32 {
		return fmt.Errorf("%q is out of range: a line can be at most 2G", s)
	}
	*f.v = int(n)
	return nil
}

// inputFlagsHelp documents the input flags for every command's help.
const inputFlagsHelp = `Input:
  SYSTEM                    a file with one hypothesis per line; NAME=PATH names
                            it; - is standard input; .gz files are decompressed;
                            a single .tsv or .jsonl file may hold every stream
  -r, --ref PATH            reference file, one per reference translation
                            (repeatable)
      --refs A,B            score against these references only (labels as
                            shown, such as A or 2, or names): what does a
                            second reference do to the score?
  -s, --src PATH            source file (shown, never scored)
      --demo                use the embedded German-English demo corpus
      --mqm FILE            a WMT MQM TSV as the corpus: its systems, its
                            source, and as references the human translations
                            named by --mqm-ref; SYSTEM arguments, if any, pick
                            systems by name
      --mqm-ref SYSTEM      a system of the --mqm file (a human translation)
                            to take as reference (repeatable)
` + limitFlagsHelp

// limitFlagsHelp describes --max-input and --max-line.
const limitFlagsHelp = `      --max-input SIZE      stop when the input passes SIZE bytes, all files
                            together, after decompression (default: an
                            eighth of the machine's memory, such as 2G)
      --max-line SIZE       stop at a line longer than SIZE (default 1M)
`

// input builds the model.Input for the SYSTEM arguments, or the demo
// corpus when --demo is given (or, for the explorer, when nothing is).
func (f *inputFlags) input(e *env, systems []string, demoWhenEmpty bool) (model.Input, bool, error) {
	if f.demo || (demoWhenEmpty && len(systems) == 0 && len(f.refs) == 0 && f.src == "") {
		if len(systems) > 0 || len(f.refs) > 0 || f.src != "" {
			return model.Input{}, false, usagef("--demo uses the embedded corpus; give either --demo or files, not both")
		}
		return fixtures.DemoInput(), true, nil
	}
	if len(systems) == 0 {
		return model.Input{}, false, usagef("no SYSTEM file given; name at least one file of hypotheses, or - to read one from standard input (or --demo)")
	}
	return model.Input{Systems: systems, Refs: f.refs, Src: f.src, Stdin: e.stdin, Limits: f.limits}, false, nil
}

// load reads the input and keeps its warnings for standard error (with
// one more when the tokenizer tok does not suit the references' script),
// where they are printed when the command goes on ([env.warn]).
// The demo corpus's planted oddities (an empty line) are not warned about.
func (f *inputFlags) load(e *env, systems []string, demoWhenEmpty bool, tok string) (*model.Dataset, error) {
	ds, err := f.loadDataset(e, systems, demoWhenEmpty)
	if err != nil {
		return nil, err
	}
	if ds, err = selectRefs(ds, f.only); err != nil {
		return nil, err
	}
	if w := ds.TokenizerWarning(tok); w != "" {
		e.warn(w)
	}
	return ds, nil
}

func (f *inputFlags) loadDataset(e *env, systems []string, demoWhenEmpty bool) (*model.Dataset, error) {
	if f.mqm != "" || len(f.mqmRefs) > 0 {
		return f.loadMQM(e, systems)
	}
	in, demo, err := f.input(e, systems, demoWhenEmpty)
	if err != nil {
		return nil, err
	}
	if !demo {
		e.sayReadingTerminal(inputPaths(systems, f))
	}
	ds, err := model.Load(in)
	if err != nil {
		return nil, err
	}
	if !demo {
		for _, w := range ds.Warnings {
			e.warn(w)
		}
	}
	return ds, nil
}

// sayReadingTerminal tells a person who named "-" among the input paths
// ([inputPaths]: a SYSTEM, NAME=-, -r or -s) while standard input is the
// terminal what it waits for, on standard error when that is the terminal
// too: without it the command sits there saying nothing until ctrl+d.
func (e *env) sayReadingTerminal(paths []string) {
	if !slices.Contains(paths, "-") {
		return
	}
	if f, ok := e.stdin.(*os.File); !ok || !term.IsTerminal(int(f.Fd())) {
		return
	}
	if _, ok := terminalWidth(e.stderr); ok {
		e.mu.Lock()
		defer e.mu.Unlock()
		e.printLine("bleuscope: reading - from the terminal: type or paste one segment per line, then ctrl+d on a new line")
	}
}
