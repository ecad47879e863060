package cli

import (
	"io"
	"slices"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/model/annotations"
)

// segmentsTextHelp documents the flags of "segments --text".
const segmentsTextHelp = `Full table (--text):
      --text                one row per segment with every text: line, source,
                            each reference, and per system its hypothesis,
                            sentence score, delta to the baseline, (with
                            --metrics) its chrF and TER and (with
                            --annotations) its annotations; --format tsv, csv
                            or jsonl. Files and pipes get the text exactly
                            (tsv escapes \ tab and line breaks as \\ \t \n \r;
                            csv quotes, and puts an apostrophe before a text
                            cell starting with = + - @ tab or CR); a terminal
                            gets visible escapes
      --baseline NAME       the system the others' deltas are to (default:
                            the first's is to the second, every other's to
                            the first, as in the explorer)
      --system NAME         the system --sort and --worst follow (default the
                            second, or with --baseline the first one that is
                            not the baseline)
      --annotations PATH    an annotation file or a WMT MQM TSV whose
                            annotations go in the table (with --mqm, that
                            file's own, unless given)
`

// textOptions are the flags of "segments --text".
type textOptions struct {
	fs               *flagSet // the command's flags, which a refusal names
	on               bool
	baseline, system string
	annotations      string
	baselineGiven    bool
	systemGiven      bool
	annotationsGiven bool
	mqm              string            // the --mqm file, whose annotations go in by default
	mqmRefs          []string          // its systems taken as references
	limits           model.LoadOptions // the input limits, for the annotation file
	sortKey          model.SortKey
	desc             bool
	worst            int
	format, out      string
	metrics          *model.MetricScores     // chrF and TER asked for, nil for BLEU alone
	sortMetrics      *model.MetricScores     // what --sort chrf or ter orders by
	impactOf         *model.MetricStatistics // the chrF or TER statistics --sort impact weighs (nil: BLEU's impact)
	impactMetric     string                  // their metric (model.MetricBLEU for BLEU's)
}

// addTextFlags registers --text, --baseline, --system and --annotations.
func addTextFlags(fs *flagSet) *textOptions {
	o := &textOptions{fs: fs}
	fs.Var(boolFlag{&o.on}, "text", "one row per segment with every text")
	fs.StringVar(&o.baseline, "baseline", "", "the system deltas are to")
	fs.StringVar(&o.system, "system", "", "the system --sort and --worst follow")
	fs.StringVar(&o.annotations, "annotations", "", "annotation file")
	return o
}

// check refuses the --text flags without --text, and --text with a format
// it does not write.
func (o *textOptions) check(fs *flagSet, format string) error {
	o.baselineGiven, o.systemGiven, o.annotationsGiven = fs.given("baseline"), fs.given("system"), fs.given("annotations")
	if !o.on {
		for _, name := range []string{"baseline", "system", "annotations"} {
			if fs.given(name) {
				return usagef("--%s belongs to the full table; add --text (with --format tsv, csv or jsonl)", name)
			}
		}
		return nil
	}
	if !slices.Contains(model.TextFormats, format) {
		if !fs.given("format") { // the default, text, which the person did not write
			return usagef("--text writes a table for other programs: add --format tsv, csv or jsonl")
		}
		return usagef("--text writes a table for other programs: give --format tsv, csv or jsonl (not %s)", model.Quote(fs.typedValue("format")))
	}
	return nil
}

// systemIndex returns the index of the system named name (by its stable or
// its display name, [model.Dataset.SystemIndex]), given to the flag of fs
// called flagName, or a usage error naming the flag, the name and the
// systems there are, by both names where they differ ("LT22 (or
// generaltest2022.de-en.hyp.LT22.en)"), as the flag takes them.
func systemIndex(fs *flagSet, ds *model.Dataset, flagName, name string) (int, error) {
	if i, ok := ds.SystemIndex(name); ok {
		return i, nil
	}
	names := make([]string, len(ds.Systems))
	for i, s := range ds.Systems {
		names[i] = model.Printable(s.Name)
		if stable := s.StableName(); stable != s.Name {
			names[i] += " (or " + model.Printable(stable) + ")"
		}
	}
	return 0, fs.badValue([]string{flagName}, "%s is not a system (the systems are %s)", model.Quote(name), strings.Join(names, ", "))
}

// writeSegmentTexts is "segments --text": the rows the view selects, one
// per segment, with every text.
func writeSegmentTexts(e *env, ds *model.Dataset, scored *model.Scored, o *textOptions) error {
	// Without --baseline, each system's delta is to the system the
	// explorer's list compares it with: the first's to the second, every
	// other's to the first.
	t := model.TextExport{Pinned: o.baselineGiven}
	focus := 0
	var err error
	if t.Pinned {
		if t.Baseline, err = systemIndex(o.fs, ds, "baseline", o.baseline); err != nil {
			return err
		}
	}
	switch {
	case o.systemGiven:
		if focus, err = systemIndex(o.fs, ds, "system", o.system); err != nil {
			return err
		}
	case len(ds.Systems) > 1 && t.Baseline == 0:
		focus = 1
	}
	other := t.DeltaTo(focus, len(ds.Systems))
	byImpact := o.sortKey == model.SortImpact
	if (o.sortKey == model.SortDelta || byImpact) && other < 0 {
		return usagef("--sort %s orders by the difference to the baseline, and --system is the baseline; name another system with --system", o.sortKey)
	}
	v := model.View{System: focus, Other: other, Sort: o.sortKey, Desc: o.desc, Worst: o.worst, Metrics: o.sortMetrics, ImpactOf: o.impactOf}
	rows, impact := scored.RowsImpact(ds, v, nil)
	if byImpact { // the figure the rows are sorted by
		t.Impact, t.ImpactSystem, t.ImpactMetric = impact, focus, o.impactMetric
	}
	if o.metrics != nil && o.metrics.Metrics.Extra() {
		t.Metrics = o.metrics
	}
	path := o.annotations
	if !o.annotationsGiven && o.mqm != "" {
		path = o.mqm
	}
	if path != "" {
		anns, _, err := readAnnotations(e, path, nil, o.limits) // standard input may hold a system
		if err != nil {
			return err
		}
		// A reference's ratings have no system column to go in.
		anns = slices.DeleteFunc(anns, func(a annotations.Annotation) bool { return slices.Contains(o.mqmRefs, a.System) })
		res := annotations.Resolve(anns, ds)
		for _, g := range res.DetachedByCause() {
			warnf(e, "%s: %s: left out of the table; 'bleuscope annotations export' lists them", path, g.Forms()[0])
		}
		t.Notes = func(sys, i int) []model.Note {
			seg := res.Segment(ds.Systems[sys].StableName(), i+1)
			notes := make([]model.Note, len(seg))
			for j, a := range seg {
				notes[j] = annotations.TableNote(a)
			}
			return notes
		}
	}
	return writeShown(e, o.out, func(w io.Writer) error {
		return model.WriteSegmentTexts(w, ds, scored, rows, t, o.format)
	})
}
