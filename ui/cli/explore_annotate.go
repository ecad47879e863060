package cli

import (
	"errors"
	"io/fs"
	"os"
	"os/user"
	"strings"
	"syscall"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/model/annotations"
	"github.com/bleuscope/bleuscope/ui"
)

// annotateFlagsHelp documents the explorer's annotation flags.
const annotateFlagsHelp = `Annotating:
      --annotations PATH    annotate in the explorer: errors you mark (A), no-
                            error marks (N) and scores are written to PATH as
                            you go (created when missing, in a folder that
                            exists); U jumps to the next segment not
                            annotated, E edits or deletes
      --rater NAME          your name in the annotations (default your login
                            name)
      --preset mqm|esa      the typology offered: WMT's MQM or ESA (default:
                            the one the annotation file records, else mqm;
                            one that weighs otherwise is warned of)
      --typology FILE       a custom typology (see 'bleuscope annotations
                            --help' for the format)
`

// annotateFlags are the explorer's annotation flags.
type annotateFlags struct {
	path, rater, preset, typology string
}

// addAnnotateFlags registers --annotations, --rater, --preset and
// --typology on fs.
func addAnnotateFlags(fs *flagSet) *annotateFlags {
	f := &annotateFlags{preset: "mqm"}
	fs.StringVar(&f.path, "annotations", "", "annotation file")
	fs.StringVar(&f.rater, "rater", "", "rater name")
	fs.StringVar(&f.preset, "preset", f.preset, "typology")
	fs.StringVar(&f.typology, "typology", "", "custom typology file")
	return f
}

// check refuses the annotation flags without --annotations (but for
// --preset and --typology with --mqm, the weights of its annotations), and
// an annotation file that is one of the inputs.
func (f *annotateFlags) check(e *env, fs *flagSet, inputs []string, mqm bool) error {
	if f.path == "" && mqm && !fs.given("rater") {
		return nil
	}
	if f.path == "" {
		for _, name := range []string{"rater", "preset", "typology"} {
			if fs.given(name) {
				return usagef("--%s is for annotating: give the annotation file with --annotations PATH", name)
			}
		}
		return nil
	}
	if err := e.checkOutputNotInput(f.path, inputs); err != nil {
		return usagef("--annotations %s is one of the input files; name another annotation file", f.path)
	}
	return checkFolder(f.path)
}

// checkFolder refuses, before any work, a file to be written at path
// whose folder does not exist, is no folder or, when the file is to be
// created, cannot be written in ([annotations.CanCreate], as the store's
// Writable finds it), in the words -o gets when its folder is missing
// ([outputError]). A file there already is written in place: the
// explorer opens one it cannot write read-only, and import refuses it
// ([checkImportWritable]).
func checkFolder(path string) error {
	_, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) { // to be created: its folder must be there, and writable
		err = annotations.CanCreate(path)
	}
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) || errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS) {
		return outputError(&model.OutputError{Path: path, Err: err})
	}
	return nil
}

// open reads the typology and opens the annotation file, printing what the
// explorer warns of it: what reading it dropped, the annotations that do
// not attach to ds, and why a change could not be saved. It returns no
// options when annotating is off, and a function that closes the file.
// in gives the limits and, when an --mqm file is the corpus, its rows,
// segment ids and rated references.
func (f *annotateFlags) open(e *env, fs *flagSet, ds *model.Dataset, in *inputFlags) ([]ui.Option, func(), error) {
	mqm := in.mqmAnns
	if f.path == "" && mqm == nil {
		return nil, func() {}, nil
	}
	preset, err := choosePreset(f.preset, f.typology, fs.given("preset"), in.limits)
	if err != nil {
		return nil, nil, err
	}
	if f.path == "" { // the --mqm file's annotations, to look at
		return []ui.Option{ui.WithAnnotations(ui.Annotating{Preset: preset, Extra: mqm, UnrankedRefs: in.mqmRatedRefs})}, func() {}, nil
	}
	rater := strings.TrimSpace(f.rater)
	if rater == "" {
		rater = loginName()
	}
	st, preset, err := f.openStore(e, ds, in, preset, f.chosen(fs))
	if err != nil {
		return nil, nil, err
	}
	return []ui.Option{ui.WithAnnotations(ui.Annotating{Store: st, Preset: preset, Rater: rater, Extra: in.mqmAnns, Segments: in.mqmSegs, UnrankedRefs: in.mqmRatedRefs})}, func() { st.Close() }, nil
}

// chosen reports whether a typology was asked for (--preset or
// --typology), rather than left to the annotation file's.
func (f *annotateFlags) chosen(fs *flagSet) bool { return fs.given("preset") || f.typology != "" }

// openStore opens the annotation file and returns it with the typology to
// annotate with: preset when chosen, else the one the file records last
// ([annotations.Store.Typologies]), else preset. It prints, escaped, what
// the explorer lists of it at open ([annotations.Store.OpenWarnings]):
// what reading it dropped, the annotations that do not attach to ds, and
// why a change could not be saved, and, given that typology, the errors
// it weighs 0 for want of their severity and how it differs from the
// file's ([annotations.TypologyWarnings]). It leaves out of in.mqmAnns the
// --mqm file's rows the file holds already, or held before a change since
// edited or deleted them ([annotations.Store.Missing]).
// The plain report calls it too, so that it says what the explorer would.
func (f *annotateFlags) openStore(e *env, ds *model.Dataset, in *inputFlags, preset *annotations.Preset, chosen bool) (*annotations.Store, *annotations.Preset, error) {
	st, err := annotations.OpenWithin(f.path, in.limits)
	if err != nil {
		return nil, nil, refusedAsExport(f.path, err)
	}
	made := st.Typologies()
	if len(made) > 0 && !chosen {
		preset = made[len(made)-1]
	}
	// The --mqm file's rows imported into the file already are its own:
	// shown, and counted, once, as the file has them (a row deleted or
	// edited there since not as it was).
	in.mqmAnns, _ = st.Missing(in.mqmAnns)
	mqm := in.mqmAnns
	res := annotations.Resolve(append(mqm[:len(mqm):len(mqm)], st.All()...), ds)
	for _, w := range st.OpenWarnings(res, func(int) string { return "" }) {
		warnf(e, "%s", w)
	}
	if preset != nil {
		if w := annotations.UnweighedWarning(res.Attached, preset); w != "" {
			warnf(e, "%s: %s%s", f.path, w, ui.UnweighedFix)
		}
	}
	for _, w := range annotations.TypologyWarnings(f.path, made, preset, ui.TypologyFix) {
		warnf(e, "%s", w)
	}
	return st, preset, nil
}

// loginName is the user's login name, the default rater.
func loginName() string {
	if u, err := user.Current(); err == nil && u.Username != "" {
		return u.Username
	}
	for _, v := range []string{"USER", "LOGNAME", "USERNAME"} {
		if s := os.Getenv(v); s != "" {
			return s
		}
	}
	return "rater"
}

// annotationInputs are the files an annotation file must not be.
func annotationInputs(systems []string, in *inputFlags, typology string) []string {
	paths := inputPaths(systems, in)
	if typology != "" {
		paths = append(paths, typology)
	}
	return paths
}
