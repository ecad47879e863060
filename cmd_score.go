package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
)

const scoreHelp = `Usage: bleuscope score [flags] SYSTEM ... -r REF [-r REF ...]

Corpus BLEU of each SYSTEM, computed as sacrebleu computes it: the
statistics of every segment are summed first, then scored. Flags may come
before or after the files.

Examples:
  bleuscope score hyp.txt -r ref.txt
  bleuscope score hyp.txt -r ref.A.txt -r ref.B.txt      two references
  bleuscope score base=a.txt new=b.txt -r ref.txt        compare systems
  bleuscope score --format json -o scores.json hyp.txt -r ref.txt
  bleuscope score -t intl -l hyp.txt -r ref.txt
  bleuscope score --compat nltk --nltk-smoothing 1 hyp.txt -r ref.txt
  sed 's/ @@//g' bpe.txt | bleuscope score - -r ref.txt  hypotheses on stdin

Output:
      --format F            text (default): sacrebleu's "-f text" line, one
                            per system (NAME: before it when there are
                            several); json: an array of objects with system,
                            score, counts, totals, precisions, bp, ratio,
                            sys_len, ref_len, signature and verbose
  -o, --output FILE         write to FILE (atomically) instead of stdout
      --version             print the version
  -h, --help                this help

`

// runScore is "bleuscope score".
func runScore(e *env, args []string) error {
	fs := newFlagSet("score")
	in := addInputFlags(fs)
	sf := addScoreFlags(fs)
	format, out := "text", ""
	fs.StringVar(&format, "format", format, "output format")
	fs.StringVar(&out, "o", "", "output file")
	fs.StringVar(&out, "output", "", "output file")
	systems, err := fs.parse(args, func() string { return scoreHelp + inputFlagsHelp + scoreFlagsHelp }, e.stdout)
	if err != nil {
		return err
	}
	if format != "text" && format != "json" {
		return usagef("--format %q: score prints text or json; %s", format, fs.helpHint())
	}
	set, err := sf.settings()
	if err != nil {
		return err
	}
	if err := checkOutputNotInput(out, inputPaths(systems, in)); err != nil {
		return err
	}
	ds, err := in.load(e, systems, false)
	if err != nil {
		return err
	}
	scored, err := corpusScores(e, ds, set)
	if err != nil {
		return err
	}
	return writeOutput(e, out, func(w io.Writer) error {
		if format == "json" {
			return model.WriteCorpus(w, ds, scored, "json")
		}
		return writeScoreText(w, ds, scored)
	})
}

// corpusScores scores every system's corpus straight from the loaded lines,
// keeping no per-segment state: the summed statistics are all a corpus
// score needs. The result has Corpus filled in and no per-segment data.
func corpusScores(e *env, ds *model.Dataset, set model.Settings) (*model.Scored, error) {
	opt := set.Corpus
	scored := &model.Scored{Settings: set, Systems: make([]model.SystemScores, len(ds.Systems))}
	n := ds.Len()
	for s, sys := range ds.Systems {
		hyps := sys.Hyps
		st, err := scoring.CorpusStats(e.ctx, n, opt, func(i int, refs []string) (string, []string) {
			return hyps[i], ds.SegmentRefs(i, refs)
		})
		if err != nil {
			return nil, err
		}
		var last scoring.LastSegment
		if n > 0 {
			last = scoring.LastSegment{Hyp: hyps[n-1], Refs: ds.SegmentRefs(n-1, nil)}
		}
		res, err := scoring.Evaluate(st, opt, last)
		if err != nil {
			return nil, usagef("NLTK's corpus_bleu fails on %s: %s; try another --nltk-smoothing method",
				model.Printable(sys.Name), nltkMessage(err))
		}
		scored.Systems[s] = model.SystemScores{Corpus: res}
	}
	return scored, nil
}

// writeScoreText prints sacrebleu's "-f text" line per system, with the
// system's name before it when there are several.
func writeScoreText(w io.Writer, ds *model.Dataset, s *model.Scored) error {
	sig := scoring.Signature(s.Settings.Corpus, ds.NRefs(), scoring.Version)
	for i, sys := range s.Systems {
		line := scoreLine(sys.Corpus, sig, s.Settings.Corpus)
		if len(s.Systems) > 1 {
			line = model.Printable(ds.Systems[i].Name) + ": " + line
		}
		if _, err := io.WriteString(w, line+"\n"); err != nil {
			return err
		}
	}
	return nil
}

// scoreLine is one system's text line: sacrebleu's "-f text" form, or in
// nltk compat the same shape with NLTK's 0-1 figures to four decimals.
func scoreLine(r scoring.Result, sig string, opt scoring.Options) string {
	if opt.Compat != scoring.CompatNLTK {
		return r.CLIText(sig)
	}
	p := make([]string, len(r.Precisions))
	for i, x := range r.Precisions {
		p[i] = fmt.Sprintf("%.4f", x)
	}
	return fmt.Sprintf("BLEU|%s = %.4f %s (BP = %.3f ratio = %.3f hyp_len = %d ref_len = %d)",
		sig, r.Score, strings.Join(p, "/"), r.BP, r.Ratio, r.SysLen, r.RefLen)
}

// inputPaths lists the files named by the arguments, for the check that
// -o does not overwrite one of them. NAME=PATH gives both readings.
func inputPaths(systems []string, in *inputFlags) []string {
	var paths []string
	for _, s := range systems {
		paths = append(paths, s)
		if _, p, ok := strings.Cut(s, "="); ok {
			paths = append(paths, p)
		}
	}
	paths = append(paths, in.refs...)
	if in.src != "" {
		paths = append(paths, in.src)
	}
	return paths
}
