package cli

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/model/annotations"
)

// loadMQM opens the --mqm file as the corpus: its systems (those named by
// the SYSTEM arguments, when given, in that order), its source, and the
// systems named by --mqm-ref as references. Its warnings go to standard
// error.
func (f *inputFlags) loadMQM(e *env, systems []string) (*model.Dataset, error) {
	switch {
	case f.mqm == "":
		return nil, usagef("--mqm-ref names a reference of an MQM file; give the file with --mqm FILE")
	case f.demo || len(f.refs) > 0 || f.src != "":
		return nil, usagef("--mqm takes its references and source from the file; drop -r, -s and --demo")
	}
	c, err := annotations.OpenMQM(f.mqm, f.mqmRefs, f.limits)
	if inErr := (*model.InputError)(nil); errors.As(err, &inErr) && inErr.Msg == annotations.AnnotationFileNotMQM {
		inErr.Msg += "; to annotate a corpus, give it as --annotations " + model.Printable(f.mqm) + " beside the corpus's files (or --mqm with an MQM TSV)"
	}
	if err != nil {
		return nil, err
	}
	if len(f.mqmRefs) == 0 { // asked once the file is known to be an MQM TSV, whose systems it can then list
		return nil, usagef("--mqm %s needs a reference: name a human translation among its systems (%s) with --mqm-ref SYSTEM (for WMT files, ref or refB)", model.Printable(f.mqm), systemNames(c.Systems))
	}
	if len(c.Systems) == 0 { // every system is a reference
		refs := printableNames(f.mqmRefs)
		msg := "has no system but its reference " + refs + ", so nothing is left to score; give an MQM TSV with a system besides its human translations"
		if len(f.mqmRefs) > 1 {
			msg = "has no system but its references (" + refs + "), so nothing is left to score; name fewer with --mqm-ref"
		}
		return nil, &model.InputError{File: f.mqm, Msg: msg}
	}
	if len(systems) > 0 {
		var picked []model.System
		for _, name := range systems {
			i := slices.IndexFunc(c.Systems, func(s model.System) bool { return s.Name == name })
			if i < 0 {
				return nil, &model.InputError{File: f.mqm, Msg: fmt.Sprintf("has no system %q (other than the references); its systems are %s", name, systemNames(c.Systems))}
			}
			picked = append(picked, c.Systems[i])
		}
		c.Systems = picked
	}
	ds, err := c.Dataset()
	if err != nil {
		return nil, err
	}
	f.mqmSegs = c.Segments
	for _, a := range c.Annotations {
		switch {
		case len(systems) > 0 && !slices.Contains(systems, a.System) && !slices.Contains(f.mqmRefs, a.System):
			// A system not picked: its rows are not detached annotations.
		case !slices.Contains(f.mqmRefs, a.System):
			f.mqmAnns = append(f.mqmAnns, a)
		case !slices.Contains(f.mqmRatedRefs, a.System):
			f.mqmRatedRefs = append(f.mqmRatedRefs, a.System)
		}
	}
	for _, w := range ds.Warnings {
		warnf(e, "%s", w)
	}
	return ds, nil
}

// systemNames lists the systems' names, escaped, for a message.
func systemNames(systems []model.System) string {
	names := make([]string, len(systems))
	for k, s := range systems {
		names[k] = s.Name
	}
	return printableNames(names)
}

// printableNames lists names, escaped, for a message: "A, B".
func printableNames(names []string) string {
	shown := make([]string, len(names))
	for k, n := range names {
		shown[k] = model.Printable(n)
	}
	return strings.Join(shown, ", ")
}
