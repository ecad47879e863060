package cli

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/bleuscope/bleuscope/model"
)

const segmentsHelp = `Usage: bleuscope segments [flags] SYSTEM ... -r REF [-r REF ...]

The sentence BLEU and statistics of every segment of each SYSTEM, as
sacrebleu's sentence_bleu computes them (effective order on, exp smoothing,
unless flags say otherwise). Flags may come before or after the files.

Examples:
  bleuscope segments hyp.txt -r ref.txt                  every segment, by line
  bleuscope segments --sort score --worst 50 --format tsv -o worst.tsv hyp.txt -r ref.txt
  bleuscope segments --format jsonl hyp.txt -r ref.A.txt -r ref.B.txt
  bleuscope segments --sort delta base=a.txt new=b.txt -r ref.txt
  bleuscope segments --sort impact --worst 10 base=a.txt new=b.txt -r ref.txt
  bleuscope segments --metrics bleu,chrf,ter --format jsonl hyp.txt -r ref.txt
  bleuscope segments --demo --sort score --worst 5
  bleuscope segments --text --format csv -o table.csv -s src.de base=a.txt new=b.txt -r ref.txt
  bleuscope segments --text --format tsv --annotations ann.jsonl --sort delta --worst 20 base=a.txt new=b.txt -r ref.txt

Selection and output:
      --sort KEY            line (default; score with --worst), score
                            (worst first), length (hypothesis tokens,
                            shortest first), bp (brevity penalty, lowest
                            first) or delta (this system's
                            score minus the other's, biggest loss first;
                            needs two systems: the first is compared with the
                            second, every later one with the first) or
                            impact (how much the corpus BLEU difference to
                            that other system would change if this segment
                            were the other's: the segments that cost the
                            most corpus BLEU first; needs two systems; with
                            --metrics chrf or ter alone, that metric's
                            corpus difference, TER's turned round so that
                            negative still costs, in a column or field
                            chrf_impact or ter_impact), chrf
                            (sentence chrF, lowest first) or ter (sentence
                            TER, highest first); chrf and ter are shown as
                            if --metrics included them (a column in text,
                            "chrf"/"ter" in JSONL, TSV and CSV), and their
                            options (--chrf-*, --ter-*) apply; delta and
                            impact add the figure they sort by: text a Δ
                            column (and an impact column), JSONL "delta" or
                            "impact", TSV and CSV a delta or impact column
                            before hyp
      --desc                reverse the order
      --worst N             keep only the N worst segments, which --sort then
                            orders (worst first when no --sort is given):
                            the N lowest sentence scores (so --sort length
                            --worst 10 is the 10 lowest-scoring, shortest
                            first, not the 10 shortest), or with
                            --sort delta the N biggest losses, with impact
                            the N costliest, with chrf or ter the N worst by
                            that metric
      --format F            text (default), jsonl, tsv or csv
` + outputFlagHelp + `
      --version             print the version
  -h, --help                this help

`

// runSegments is "bleuscope segments".
func runSegments(e *env, args []string) error {
	fs := newFlagSet("segments")
	in := addInputFlags(fs)
	sf := addScoreFlags(fs)
	mf := addMetricFlags(fs)
	format, out, sortBy, worst, desc := "text", "", "line", 0, false
	fs.format(&format)
	fs.output(&out)
	fs.StringVar(&sortBy, "sort", sortBy, "sort key")
	fs.Var(intFlag{&worst, "10"}, "worst", "keep the N worst")
	fs.Var(boolFlag{&desc}, "desc", "reverse the order")
	text := addTextFlags(fs)
	systems, err := fs.parse(args, func() string {
		return segmentsHelp + segmentsTextHelp + inputFlagsHelp + scoreFlagsHelp + metricFlagsHelp
	}, e.stdout)
	if err != nil {
		return err
	}
	if err := fs.checkFormat(format, model.SegmentFormats); err != nil {
		return err
	}
	key, err := model.ParseSortKey(sortBy)
	if err != nil {
		return fs.badValue([]string{"sort"}, "%q is not line, score, length, bp, delta, impact, chrf or ter", sortBy)
	}
	if worst < 0 {
		return fs.badNumber([]string{"worst"}, "is not a number of segments ≥ 0 (0 keeps them all)")
	}
	if worst > 0 && !fs.given("sort") {
		key = model.SortScore // whoever asks for the worst wants the worst first
	}
	if err := text.check(fs, format); err != nil {
		return err
	}
	set, err := sf.settings()
	if err != nil {
		return err
	}
	// --sort chrf or ter shows the metric it sorts by, as --metrics would.
	sortsBy := map[model.SortKey]string{model.SortChrF: model.MetricChrF, model.SortTER: model.MetricTER}[key]
	var implied []string
	if sortsBy != "" {
		implied = []string{sortsBy}
	}
	metrics, err := mf.metrics(sf.lowercase, implied...)
	if err != nil {
		return err
	}
	inputs := inputPaths(systems, in)
	if text.annotations != "" {
		inputs = append(inputs, text.annotations)
	}
	if err := e.checkOutputNotInput(out, inputs); err != nil {
		return err
	}
	ds, err := in.load(e, systems, false, set.Corpus.Tokenize)
	if err != nil {
		return err
	}
	if (key == model.SortDelta || key == model.SortImpact) && len(ds.Systems) < 2 {
		return usagef("--sort %s compares two systems; give at least two SYSTEM files", sortBy)
	}
	scored, err := model.Score(e.ctx, ds, set, nil)
	if err != nil {
		return err
	}
	impactOf, weighs, err := impactStatistics(e, ds, key, metrics)
	if err != nil {
		return err
	}
	var ms *model.MetricScores
	if weighs != nil {
		ms = weighs.Scores(ds, metrics) // the metric's one pass gives its scores too
	} else if ms, err = scoreMetrics(e.ctx, ds, metrics, true); err != nil {
		return err
	}
	var byMetric *model.MetricScores // what --sort chrf or ter orders by
	if sortsBy != "" {
		byMetric = ms
	}
	if text.on {
		text.sortKey, text.desc, text.worst, text.format, text.out, text.mqm, text.mqmRefs, text.limits = key, desc, worst, format, out, in.mqm, in.mqmRefs, in.limits
		text.metrics, text.sortMetrics, text.impactOf, text.impactMetric = ms, byMetric, weighs, impactOf
		return writeSegmentTexts(e, ds, scored, text)
	}
	return writeShown(e, out, func(w io.Writer) error {
		for sys := range ds.Systems {
			v := model.View{System: sys, Other: model.DefaultOther(sys, len(ds.Systems)), Sort: key, Desc: desc, Worst: worst, Metrics: byMetric, ImpactOf: weighs}
			rows, impacts := scored.RowsImpact(ds, v, nil) // impacts: what the rows are ordered by, for the writer
			dst := w
			switch {
			case sys == 0:
			case format == "tsv" || format == "csv":
				dst = &skipFirstLine{w: w} // one header row for all systems
			case format == "text":
				io.WriteString(w, "\n")
			}
			// An order that compares systems gives its figure in every
			// format (and text a Δ column either way).
			switch key {
			case model.SortImpact, model.SortDelta:
				err = model.WriteSegmentsSorted(dst, ds, scored, rows, sys, v.Other, key, impacts, impactOf, ms, format)
			default:
				err = model.WriteSegmentsMetrics(dst, ds, scored, rows, sys, -1, ms, format)
			}
			if err != nil {
				return err
			}
		}
		return nil
	})
}

// impactStatistics returns, for --sort impact with a single metric of
// --metrics that is chrf or ter, that metric and its statistics, whose
// impact the rows are then sorted by and whose scores are shown; BLEU (and nil) otherwise, as with
// bleu among the metrics, where BLEU's impact is the one sorted by, and
// with chrf and ter both, where a warning says so.
func impactStatistics(e *env, ds *model.Dataset, key model.SortKey, m model.Metrics) (string, *model.MetricStatistics, error) {
	if key == model.SortImpact && len(m.Names) > 1 && !slices.Contains(m.Names, model.MetricBLEU) {
		e.warn(fmt.Sprintf("--sort impact with --metrics %s sorts by BLEU's impact (the impact column); give one of them alone to sort by its impact", strings.Join(m.Names, ",")))
	}
	if key != model.SortImpact || len(m.Names) != 1 || m.Names[0] == model.MetricBLEU {
		return model.MetricBLEU, nil, nil
	}
	st, err := metricStatistics(e.ctx, ds, m.Names[0], m, nil)
	return m.Names[0], st, err
}

// scoreMetrics and metricStatistics are the passes of chrF and TER over
// every segment that segments makes (a test counts them).
var (
	scoreMetrics     = model.ScoreMetrics
	metricStatistics = model.ComputeMetricStatistics
)

// skipFirstLine passes everything after the first "\n" on to w: it drops a
// header row that has already been written.
type skipFirstLine struct {
	w    io.Writer
	done bool
}

func (s *skipFirstLine) Write(p []byte) (int, error) {
	n := len(p)
	if !s.done {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			return n, nil
		}
		s.done, p = true, p[i+1:]
	}
	if _, err := s.w.Write(p); err != nil {
		return 0, err
	}
	return n, nil
}
