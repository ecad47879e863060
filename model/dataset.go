package model

import (
	"io"
	"io/fs"

	"github.com/bleuscope/bleuscope/scoring"
)

// Input names what to load.
type Input struct {
	// Systems are the SYSTEM arguments: PATH, NAME=PATH, or "-" for
	// standard input. A single .tsv or .jsonl file (also gzipped) given
	// with no Refs holds every stream itself.
	Systems []string
	// Refs are the reference files, one per reference translation.
	Refs []string
	// Src is the source file, "" for none.
	Src string
	// Stdin is read for "-".
	Stdin io.Reader
	// FS, when set, is where paths are opened (the embedded demo corpus);
	// nil means the operating system's file system.
	FS fs.FS
	// Limits bound what is read; the zero value means
	// [DefaultLoadOptions].
	Limits LoadOptions
}

// Dataset is the loaded input: every system's hypotheses, the references
// and the optional source, one entry per segment. It is read-only after
// [Load].
type Dataset struct {
	// Src is the source of each segment, nil when none was given.
	Src []string
	// RefNames holds one display name per reference stream.
	RefNames []string
	// Refs[k][i] is reference k of segment i ("" when absent).
	Refs [][]string
	// RefAbsent[k][i] reports that segment i has no reference k (a JSONL
	// null); nil when every reference is present.
	RefAbsent [][]bool
	// Systems are the hypothesis streams in the order they were given.
	Systems []System
	// SegIDs are the input's own names of the segments (a WMT MQM file's
	// seg_id), shown beside the line numbers; nil when the lines are all
	// there is.
	SegIDs []string
	// Warnings describe suspicious input (a byte-order mark, NUL bytes,
	// tokenized or BPE output, empty hypotheses, a copy of a reference),
	// one line each, without a "bleuscope:" prefix, for a user interface
	// to show (the explorer on its first screen, the command line on
	// standard error). They are safe to show on a terminal: names and
	// text in them pass through [Printable].
	Warnings []string

	nrefs  int // references per segment, or scoring.VariableRefs
	script int // the script the references are mostly in (refScript)
	// refLabels are the references' labels when they are not those of
	// RefNames alone: a dataset kept to some references ([Dataset.WithRefs])
	// labels them as the whole set does (ref B, not ref).
	refLabels []string
}

// KeptRefs reports whether the dataset was kept to some of the references
// it was loaded with ([Dataset.WithRefs]).
func (d *Dataset) KeptRefs() bool { return d.refLabels != nil }

// ReferenceLabels returns the short labels of the references ([RefLabels]
// of RefNames, or, kept to some references by [Dataset.WithRefs], theirs
// among all of them).
func (d *Dataset) ReferenceLabels() []string {
	if d.refLabels != nil {
		return d.refLabels
	}
	return RefLabels(d.RefNames)
}

// System is one hypothesis stream.
type System struct {
	// Name is the display name: NAME of NAME=PATH, the TSV column or JSONL
	// key, or else the file's base name without a trailing .gz, shortened
	// to the parts that tell it from the other systems' files.
	Name string
	// Path is the file the hypotheses came from, as given.
	Path string
	// Hyps holds one hypothesis per segment.
	Hyps []string

	// fileName is the file's base name when Name shortens it, else "".
	fileName string
}

// StableName returns the name machine-readable output and annotations
// use: Name, or the whole base name of the file when Name shortens it, so
// that it never depends on which other systems are loaded.
func (s System) StableName() string {
	if s.fileName != "" {
		return s.fileName
	}
	return s.Name
}

// SystemNames returns the systems' names, in order: their stable names
// when stable is true (for machine-readable output), else their display
// names.
func (d *Dataset) SystemNames(stable bool) []string {
	names := make([]string, len(d.Systems))
	for i, s := range d.Systems {
		names[i] = s.Name
		if stable {
			names[i] = s.StableName()
		}
	}
	return names
}

// SystemIndex returns the index of the system called name: by the form
// JSON output gives its stable name ([JSONName], which a script passes
// back; the stable name itself but for one that is not UTF-8), else by
// its stable name, else by its display name (a flag or an older
// annotation file may give any); ok is false when no system is.
func (d *Dataset) SystemIndex(name string) (i int, ok bool) {
	for i, s := range d.Systems {
		if JSONName(s.StableName()) == name {
			return i, true
		}
	}
	for i, s := range d.Systems {
		if s.StableName() == name {
			return i, true
		}
	}
	for i, s := range d.Systems {
		if s.Name == name {
			return i, true
		}
	}
	return -1, false
}

// Len returns the number of segments.
func (d *Dataset) Len() int {
	if len(d.Systems) > 0 {
		return len(d.Systems[0].Hyps)
	}
	if len(d.Refs) > 0 {
		return len(d.Refs[0])
	}
	return 0
}

// NRefs returns the number of references every segment has, or
// [scoring.VariableRefs] when segments have different numbers (some JSONL
// references are null). It is the nrefs of the signature.
func (d *Dataset) NRefs() int {
	return d.nrefs
}

// SegmentRefs appends the references present for segment i to dst and
// returns the extended slice, in reference-stream order.
func (d *Dataset) SegmentRefs(i int, dst []string) []string {
	for k, stream := range d.Refs {
		if d.RefAbsent != nil && d.RefAbsent[k][i] {
			continue
		}
		dst = append(dst, stream[i])
	}
	return dst
}

// systemsSource gives scoring every system's hypothesis of a segment with
// its present references, so the references are tokenized once.
func (d *Dataset) systemsSource() scoring.SystemsSource {
	return func(i int, hyps, refs []string) ([]string, []string) {
		for _, s := range d.Systems {
			hyps = append(hyps, s.Hyps[i])
		}
		return hyps, d.SegmentRefs(i, refs)
	}
}

// countRefs works out nrefs from the presence of each reference: the
// number of present references when it is the same for every segment, else
// scoring.VariableRefs. It also judges the script of the references, for
// [Dataset.TokenizerWarning].
func (d *Dataset) countRefs() {
	d.script = refScript(d.Refs)
	d.nrefs = len(d.Refs)
	if d.RefAbsent == nil {
		return
	}
	first := -1
	for i := range d.Len() {
		c := 0
		for k := range d.Refs {
			if !d.RefAbsent[k][i] {
				c++
			}
		}
		if first == -1 {
			first = c
		} else if c != first {
			d.nrefs = scoring.VariableRefs
			return
		}
	}
	if first >= 0 {
		d.nrefs = first
	}
}
