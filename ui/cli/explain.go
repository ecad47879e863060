package cli

import (
	"io"
	"strconv"

	"github.com/bleuscope/bleuscope/model"
)

const explainHelp = `Usage: bleuscope explain --hyp TEXT --ref TEXT [--ref TEXT ...]
       bleuscope explain --line N SYSTEM ... -r REF [-r REF ...]

The whole sentence-BLEU computation for one segment, step by step: the
tokens, every n-gram with its counts in the hypothesis and each reference,
which occurrences are clipped, the precisions and smoothing, the geometric
mean, the brevity penalty and the result, with every number. With --hyp,
the values of --ref and --src are texts; otherwise they are files and
--line (1-based) picks the segment of every SYSTEM.

Prose wraps at spaces (a word longer than a line is cut) to the
terminal's width; piped, to the width of the terminal on standard error,
else (and into a file) 80 columns (--width sets it). Lines meant to be
copied (the signature, the formulas, sacrebleu's own line) are never
wrapped, however wide.

Examples:
  bleuscope explain --hyp 'the the the the' --ref 'the cat is on the mat'
  bleuscope explain --line 12 hyp.txt -r ref.A.txt -r ref.B.txt
  bleuscope explain --line 12 --demo
  bleuscope explain --line 3 -s src.de base=a.txt new=b.txt -r ref.txt
  bleuscope explain --smooth floor --hyp 'a b c' --ref 'a b d'

Segment:
      --hyp TEXT            the hypothesis to explain
  -r, --ref TEXT|PATH       a reference: text with --hyp, else a file
                            (repeatable)
  -s, --src TEXT|PATH       the source: text with --hyp, else a file
      --line N              the segment (1-based line) to explain in files
      --demo                use the embedded demo corpus (with --line)
      --width N             wrap prose at N columns, 20 to 1000 (default: the
                            terminal's, see above)
      --version             print the version
  -h, --help                this help

`

// runExplain is "bleuscope explain".
func runExplain(e *env, args []string) error {
	fs := newFlagSet("explain")
	in := addInputFlags(fs)
	sf := addScoreFlags(fs)
	hyp, line, width := "", 0, 0
	fs.StringVar(&hyp, "hyp", "", "hypothesis text")
	fs.Var(intFlag{&width, "80"}, "width", "line width")
	fs.Var(intFlag{&line, "1"}, "line", "segment to explain (1-based)")
	systems, err := fs.parse(args, func() string { return explainHelp + scoreFlagsHelp }, e.stdout)
	if err != nil {
		return err
	}
	set, err := sf.settings()
	if err != nil {
		return err
	}
	opt := set.Sentence
	st, width, err := textLayout(e, fs, width)
	if err != nil {
		return err
	}

	if fs.given("hyp") {
		switch {
		case len(systems) > 0:
			return usagef("explain --hyp takes its references as --ref TEXT, not files (got %q); use --line N to explain a line of files", systems[0])
		case fs.given("line") || in.demo:
			return usagef("explain takes either --hyp TEXT or files with --line N, not both")
		case len(in.refs) == 0:
			return usagef("explain --hyp needs at least one --ref TEXT")
		}
		if err := textsUTF8(fs); err != nil {
			return err
		}
		seg := model.Segment{Hyp: hyp, Refs: in.refs, Src: in.src}
		out, err := explainText("the given text", model.Explain(seg, opt), fs.given("s", "src"), len(in.refs), st, width)
		if err != nil {
			return err
		}
		_, err = io.WriteString(e.stdout, out)
		return err
	}

	if !fs.given("line") {
		if in.demo {
			return usagef("explain --demo needs --line N, the line of the demo corpus to explain; %s", fs.helpHint())
		}
		return usagef("explain needs --hyp TEXT --ref TEXT, or files with --line N; %s", fs.helpHint())
	}
	ds, err := in.load(e, systems, false, set.Corpus.Tokenize)
	if err != nil {
		return err
	}
	switch {
	case line < 1:
		return fs.badNumber([]string{"line"}, "is not a line number: lines count from 1, and the input has %s", lineRange(ds.Len()))
	case line > ds.Len():
		return fs.badNumber([]string{"line"}, "is past the end: the input has %s", lineRange(ds.Len()))
	}
	return writeOutput(e, "", func(w io.Writer) error {
		for s, sys := range ds.Systems {
			title := "line " + strconv.Itoa(line) + ", system " + sys.Name
			out, err := explainText(title, model.Explain(ds.Segment(s, line-1), opt), ds.Src != nil, ds.NRefs(), st, width)
			if err != nil {
				return err
			}
			if s > 0 {
				io.WriteString(w, "\n"+ruleLine+"\n\n")
			}
			if _, err := io.WriteString(w, out); err != nil {
				return err
			}
		}
		return nil
	})
}

// textsUTF8 refuses a text given with --hyp, --ref or --src that is not
// UTF-8, as [model.Load] refuses such a line of a file: one line naming the
// flag as written (and which reference, of several) and the byte.
func textsUTF8(fs *flagSet) error {
	nrefs := 0
	for _, g := range fs.written {
		if g.name == "r" || g.name == "ref" {
			nrefs++
		}
	}
	ref := 0
	for _, g := range fs.written {
		label := flagName(g.name)
		switch g.name {
		case "hyp", "s", "src":
		case "r", "ref":
			if ref++; nrefs > 1 {
				label += " (reference " + strconv.Itoa(ref) + ")"
			}
		default:
			continue
		}
		if msg := model.TextNotUTF8(g.value); msg != "" {
			return usagef("%s: %s", label, msg)
		}
	}
	return nil
}

// ruleLine separates the explanations of several systems.
const ruleLine = "────────────────────────────────────────────────────────────"

// lineRange says how many segments there are and which lines they are on:
// "3 segments (lines 1-3)", "1 segment (line 1)", "0 segments".
func lineRange(n int) string {
	switch n {
	case 0:
		return "0 segments"
	case 1:
		return "1 segment (line 1)"
	}
	return model.Counted(n, "segment") + " (lines 1-" + strconv.Itoa(n) + ")"
}
