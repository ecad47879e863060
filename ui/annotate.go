package ui

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/model/annotations"
	"github.com/bleuscope/bleuscope/ui/render"
)

// Annotating is what the explorer needs to let a person annotate: the
// annotation file (open), the typology and the rater's name.
type Annotating struct {
	// Store is the open annotation file; the explorer writes every change
	// to it (and what a failed write left, before it quits); the caller
	// closes it after Run.
	Store *annotations.Store
	// Preset is the typology offered (categories, severities, keys).
	Preset *annotations.Preset
	// Rater names the person annotating.
	Rater string
	// Extra are annotations to show but not change (the rows of a WMT MQM
	// file opened as the corpus). With a nil Store they are all there is,
	// and the explorer only shows them.
	Extra []annotations.Annotation
	// Segments are the WMT MQM file's ids of the corpus's segments (line i
	// is Segments[i-1]) when it is the corpus: an annotation made here
	// takes its segment's, so that an export writes the file's doc,
	// doc_id and seg_id, not the line number.
	Segments []annotations.Segment
	// UnrankedRefs are the systems of the WMT MQM file taken as
	// references that it has rows of: those rows are not in Extra, and
	// the summary says these are not ranked.
	UnrankedRefs []string
}

// WithAnnotations returns an option of [Run] that turns annotating on.
func WithAnnotations(a Annotating) Option {
	return func(m *Model) {
		m.ann = newAnnotator(m.c.ds, a)
		m.c.keys.setAnnotating(true, m.ann.editable())
		m.resumeAnnotating()
		m.c.annWarnings = m.ann.openWarnings() // New says so on the first screen
	}
}

// annStep is where the annotator is in marking an error.
type annStep int

const (
	stepOff      annStep = iota // not annotating: the strip shows the segment's annotations
	stepList                    // choosing one of the segment's annotations to edit or delete
	stepSpan                    // moving over the tokens, marking the first and the last
	stepCategory                // typing the category's one or two keys
	stepSeverity                // typing the severity's key
	stepNote                    // typing the optional note; enter saves
	stepDelete                  // asking whether to delete the chosen annotation
	stepScore                   // typing an ESA segment score
)

// annotator is the component that marks errors on the selected segment
// of the shown system and keeps them in the annotation file. It owns the
// store, the annotations resolved against the dataset, and the annotation
// being made.
type annotator struct {
	on    bool
	store *annotations.Store // nil: the annotations are only shown
	// readOnly says why the store's file cannot be written
	// ([annotations.Store.ReadOnly]): its annotations are only shown.
	readOnly string
	// extra are the rows of the MQM file opened as the corpus that the
	// store does not hold ([annotations.Store.Missing]), as they were
	// when it had caught up extraAt times with another bleuscope's
	// changes ([annotations.Store.CaughtUp]).
	extra   []annotations.Annotation
	extraAt int
	segs    []annotations.Segment // Annotating.Segments
	// unranked are Annotating.UnrankedRefs.
	unranked []string
	preset   *annotations.Preset
	rater    string
	res      *annotations.Resolved
	step     annStep
	d        draft
	pick     int // the annotation chosen in stepList, an index into the segment's
	// quitAnyway is set once q was refused for changes not yet on disk: a
	// second q quits.
	quitAnyway bool
	err        error // the last save error, shown until a change is saved
	width      int
	height     int // lines of the strip below the segment pane
	// strip is the strip's marked text laid out for the selection, kept
	// for its drawings until what it depends on changes.
	strip stripText
	// undos are the changes saved here that u can take back, the last
	// at the end ([maxUndo] at most); changes counts every change saved
	// here, for u to say why there is nothing (more) to undo.
	undos   []annUndo
	changes int
	// listFor is the selection E found without annotations as it started
	// reading the file again: the list opens if the read brings some.
	listFor selection
}

// stripText is the strip's marked text of one segment ([markedTexts]),
// with what its layout depends on: the annotations resolved, the dataset, the system and
// segment and the width.
type stripText struct {
	res      *annotations.Resolved
	ds       *model.Dataset
	sys, seg int
	width    int
	text     markedText
}

// of reports whether t is the marked text of sel laid out at c's width
// from the annotations res.
func (t stripText) of(res *annotations.Resolved, c common, sel selection) bool {
	return t.res == res && t.res != nil && t.ds == c.ds && t.sys == sel.sys && t.seg == sel.seg && t.width == c.width
}

// draft is the annotation being made or edited.
type draft struct {
	sys, seg int
	hyp, src string
	side     annotations.Side
	toks     []spanToken // of the side's text
	cursor   int         // token index
	anchor   int         // the first token marked, -1 before
	span     *annotations.Span
	keys     string // category keys typed so far
	category string
	severity string
	note     lineInput
	edit     annotations.Annotation // the annotation edited (ID 0: a new one)
	// keep is set while an edited annotation's span is shown untouched:
	// marking then keeps it exactly (an imported span need not fall on
	// token boundaries).
	keep       bool
	scoreInput lineInput
}

// newAnnotator returns the annotator on a's store, its annotations
// resolved against ds.
func newAnnotator(ds *model.Dataset, a Annotating) annotator {
	n := annotator{on: true, store: a.Store, extra: a.Extra, segs: a.Segments, unranked: a.UnrankedRefs, preset: a.Preset, rater: a.Rater}
	if a.Store != nil {
		n.readOnly, n.extraAt = a.Store.ReadOnly(), a.Store.CaughtUp()
		if a.Preset != nil {
			a.Store.SetTypology(a.Preset) // the file says what it is annotated with
		}
	}
	n.resolve(ds)
	return n
}

// identify gives a new annotation its segment's ids in the WMT MQM file
// opened as the corpus, if one was.
func (n annotator) identify(a *annotations.Annotation) {
	if a.ID == 0 && a.Line >= 1 && a.Line <= len(n.segs) {
		sg := n.segs[a.Line-1]
		a.Doc, a.DocID, a.SegID = sg.Doc, sg.DocID, sg.SegID
	}
}

// UnweighedFix ends the warning of errors the explorer's weights give 0
// for want of their severity ([annotations.UnweighedWarning]).
const UnweighedFix = "; open the file with the --typology it was annotated with"

// TypologyFix ends the warning of a typology in effect that is not the
// one the annotation file records ([annotations.TypologyWarnings]).
const TypologyFix = "; open it without --preset and --typology to weigh with the file's"

// openWarnings says what a person should know about the annotation file
// before annotating ([annotations.Store.OpenWarnings], the errors the
// preset weighs 0, [annotations.UnweighedWarning], and a preset that is
// not the typology the file records, [annotations.TypologyWarnings],
// which the command line prints on standard error too), each detached
// group pointing at S, safe for the terminal.
func (n annotator) openWarnings() []string {
	if n.store == nil {
		return nil
	}
	ws := n.store.OpenWarnings(n.res, func(n int) string {
		return "; S lists " + map[bool]string{true: "it", false: "them"}[n == 1]
	})
	if w := annotations.UnweighedWarning(n.res.Attached, n.preset); w != "" {
		ws = append(ws, n.store.Path()+": "+w+UnweighedFix)
	}
	ws = append(ws, annotations.TypologyWarnings(n.store.Path(), n.store.Typologies(), n.preset, TypologyFix)...)
	for i, w := range ws {
		ws[i] = render.Safe(w)
	}
	return ws
}

// categories are the category names cat: can mean: the typology's and
// those of the annotations loaded (an MQM file's own).
func (n annotator) categories() []string {
	var out []string
	if n.preset != nil {
		for _, c := range n.preset.Categories {
			out = append(out, c.Name)
		}
	}
	if n.res != nil {
		for _, a := range n.res.Attached {
			if a.Category != "" && !slices.Contains(out, a.Category) {
				out = append(out, a.Category)
			}
		}
	}
	return out
}

// resolve matches the store's annotations to ds again, after a change.
func (n *annotator) resolve(ds *model.Dataset) {
	all := n.extra
	if n.store != nil {
		all = append(all[:len(all):len(all)], n.store.All()...)
	}
	n.res = annotations.Resolve(all, ds)
}

// facts returns what the filter's annotation terms read: the marks of
// each segment of each system of ds, from the annotations resolved now (a
// change resolves them anew, so a job may go on reading these); nil
// without annotations.
func (n annotator) facts(ds *model.Dataset) model.AnnotationFacts {
	if !n.on || n.res == nil {
		return nil
	}
	res := n.res
	return func(sys, i int) []model.AnnotationMark {
		anns := res.Segment(ds.Systems[sys].StableName(), i+1)
		if len(anns) == 0 {
			return nil
		}
		marks := make([]model.AnnotationMark, len(anns))
		for j, a := range anns {
			marks[j] = model.AnnotationMark{
				Error:    a.Kind == annotations.KindError,
				NoError:  a.Kind == annotations.KindNoError,
				Category: a.Category, Severity: a.Severity, Rater: a.Rater,
			}
		}
		return marks
	}
}

// rowMark returns the list's mark of a segment of system sys: "E" when it
// has an error marked, "✓" when it is annotated without one, "" when it
// is not annotated; nil without annotations.
func (n annotator) rowMark(ds *model.Dataset, sys int) func(seg int) string {
	if !n.on || n.res == nil || sys < 0 || sys >= len(ds.Systems) {
		return nil
	}
	res, name := n.res, ds.Systems[sys].StableName()
	return func(seg int) string {
		switch rated, errs := res.Rated(name, seg+1); {
		case errs:
			return "E"
		case rated:
			return "✓"
		}
		return ""
	}
}

// onlyShown is the status line of a key that would change an annotation
// when there is no annotation file.
const onlyShown = "these annotations are only shown: give --annotations FILE to annotate"

// editable reports whether annotations can be changed: there is an
// annotation file and it can be written.
func (n annotator) editable() bool { return n.store != nil && n.readOnly == "" }

// refusal is the status line of a key that would change an annotation
// when they cannot be changed ([annotator.editable]), safe for the
// terminal.
func (n annotator) refusal() string {
	if n.store == nil {
		return onlyShown
	}
	return "read-only: " + render.Safe(n.readOnly) + "; fix its permissions and open it again to annotate"
}

// pending is the number of changes not yet on disk.
func (n annotator) pending() int {
	if n.store == nil {
		return 0
	}
	return n.store.Pending()
}

// active reports whether the annotator has the keyboard.
func (n annotator) active() bool { return n.on && n.step != stepOff }

// SetSize sets the width and the height of the strip below the segment
// pane.
func (n annotator) SetSize(width, height int) annotator {
	n.width, n.height = width, height
	return n
}

// stripLines is how many lines the strip takes from the segment pane's
// detail lines for sel: those it has to show, up to half the detail
// lines (3 at least), the pane keeping the rest; none when annotating is
// off. It lays out the marked text of sel, when something it depends on
// changed, and keeps it for the strip's view, which draws the title and
// the list.
func (n *annotator) stripLines(c common, sel selection, detail int) int {
	if !n.on {
		return 0
	}
	lines := 1 // the title
	if anns := n.segment(c, sel); sel.ok && len(anns) > 0 {
		if !n.strip.of(n.res, c, sel) {
			n.strip = stripText{res: n.res, ds: c.ds, sys: sel.sys, seg: sel.seg, width: c.width,
				text: markedTexts(c, sel, anns)}
		}
		lines += len(n.strip.text.lines) + len(anns)
		if n.strip.text.whole != "" {
			lines++
		}
	}
	return min(lines, max(3, detail/2))
}

// segment returns the attached annotations of the selection.
func (n annotator) segment(c common, sel selection) []annotations.Annotation {
	if !sel.ok || n.res == nil {
		return nil
	}
	return n.res.Segment(c.ds.Systems[sel.sys].StableName(), sel.seg+1)
}

// annResult is what a key in the annotator asks of the root: a status
// line, a segment to move the selection to (-1 for none), and whether the
// annotations changed (the strip and the list need redrawing).
type annResult struct {
	status  string
	forms   []string // a status's wordings, the fullest first, for the root to fit instead (flashFit)
	jump    int
	changed bool
	toSys   bool // jump's segment is of system sys, not the one shown: tab's switch to it comes first
	sys     int
	// notMine says the key is none of the segment's list's own (E): the
	// root says where it works, or quits, or shows the help.
	notMine bool
}

// start begins a new annotation of the selection at the span step.
func (n *annotator) start(c common, sel selection) annResult {
	if !n.editable() {
		return annResult{status: n.refusal(), jump: -1}
	}
	if !sel.ok {
		return annResult{status: "no segment selected", jump: -1}
	}
	n.d = newDraft(c, sel, annotations.Annotation{})
	n.step = stepSpan
	return annResult{jump: -1}
}

// newDraft starts a draft on the selection, editing e when its ID is set.
func newDraft(c common, sel selection, e annotations.Annotation) draft {
	d := draft{sys: sel.sys, seg: sel.seg, hyp: c.ds.Systems[sel.sys].Hyps[sel.seg], side: annotations.SideHyp, anchor: -1, edit: e}
	if c.ds.Src != nil {
		d.src = c.ds.Src[sel.seg]
	}
	if e.ID != 0 {
		d.category, d.severity = e.Category, e.Severity
		d.note.load(e.Note) // its control characters kept, shown escaped: saved again as they were
		if e.Span != nil {
			d.side = e.Span.Side
		}
	}
	d.setSide(d.side)
	if e.ID != 0 {
		d.keep = true
	}
	if e.Span != nil {
		// Select the edited span's tokens, the cursor on its last.
		for i, t := range d.toks {
			if t.end > e.Span.Start && d.anchor < 0 {
				d.anchor = i
			}
			if t.start < e.Span.End {
				d.cursor = i
			}
		}
		d.anchor = min(max(d.anchor, 0), d.cursor)
	}
	d.note.prompt = "note (enter saves, empty for none): "
	d.scoreInput.prompt = "segment score 0-100 (enter saves): "
	d.scoreInput.limit = 3
	return d
}

// setSide moves the cursor to the hypothesis or the source.
func (d *draft) setSide(side annotations.Side) {
	d.side, d.anchor, d.cursor = side, -1, 0
	d.toks = spanTokens(d.text())
}

// text is the text of the draft's side.
func (d draft) text() string {
	if d.side == annotations.SideSrc {
		return d.src
	}
	return d.hyp
}

// annotation is the draft as an annotation of rater's, under the stable
// name of its system (see [annotator.storedName] for the name it is
// stored under).
func (d draft) annotation(c common, rater string) annotations.Annotation {
	a := d.edit
	if a.ID == 0 {
		a = annotations.Annotation{System: c.ds.Systems[d.sys].StableName(), Line: d.seg + 1, Rater: rater}
		a.SetText(d.hyp, d.src)
	}
	a.Kind = annotations.KindError
	a.Span, a.Category, a.Severity, a.Note = d.span, d.category, d.severity, d.note.text()
	return a
}

// storedName is the system name a, made or edited under its system's
// stable name, is stored under: the name its rater's other marks of the
// segment are stored under, an older file's maybe
// ([annotations.Resolved.StoredName]).
func (n annotator) storedName(a annotations.Annotation) string {
	if n.res == nil {
		return a.System
	}
	return n.res.StoredName(a)
}

// saved reports the result of a change to the store: "saved …" only when
// the store returned without error (the change is on disk); otherwise the
// error, with the work kept in memory.
func (n *annotator) saved(c common, what string, err error) annResult {
	n.resolve(c.ds)
	var se *annotations.SaveError
	lost := ""
	if d := n.store.Dropped(); d > 0 { // earlier changes, held back while another bleuscope wrote
		lost = fmt.Sprintf(" · %d earlier change%s not saved: %s would have undone another bleuscope's saved change%s, shown instead", d, model.PluralS(d), map[bool]string{true: "it", false: "they"}[d == 1], model.PluralS(d))
	}
	if r := n.store.Restored(); r > 0 { // the file deleted, emptied or replaced under the explorer
		lost += fmt.Sprintf(" · the annotation file, deleted, emptied or replaced meanwhile, had lost the %d annotation%s held here: written back", r, model.PluralS(r))
	}
	switch {
	case errors.Is(err, annotations.ErrChanged):
		n.err = nil
		return annResult{status: "not saved: another bleuscope saved a change to this annotation, and this one would have undone it; the other's is shown" + lost, jump: -1, changed: true}
	case err == nil:
		n.err = nil
		return annResult{status: "saved: " + what + lost, jump: -1, changed: true}
	case errors.As(err, &se):
		n.err = err
		return annResult{jump: -1, changed: true}
	default:
		return annResult{status: "not saved: " + err.Error(), jump: -1}
	}
}

// markNoError marks the selection as having no error.
func (n *annotator) markNoError(c common, sel selection) annResult {
	if !n.editable() {
		return annResult{status: n.refusal(), jump: -1}
	}
	if !sel.ok {
		return annResult{status: "no segment selected", jump: -1}
	}
	a := annotations.Annotation{Kind: annotations.KindNoError, System: c.ds.Systems[sel.sys].StableName(), Line: sel.seg + 1, Rater: n.rater}
	a.System = n.storedName(a)
	src := ""
	if c.ds.Src != nil {
		src = c.ds.Src[sel.seg]
	}
	a.SetText(c.ds.Systems[sel.sys].Hyps[sel.seg], src)
	n.identify(&a)
	had := n.raterMark(a, annotations.KindNoError)
	mark, err := n.store.MarkNoError(a)
	if errors.Is(err, annotations.ErrHasErrors) {
		return annResult{status: "line " + itoa(sel.seg+1) + " has errors by " + n.rater + ": delete them first (E)", jump: -1}
	}
	if had == nil { // marked again, nothing changed: nothing to take back
		n.remember(annUndo{after: mark.ID, what: "the no-error mark on"}, err)
	}
	return n.saved(c, "line "+itoa(sel.seg+1)+" has no error", err)
}

// rated reports whether segment seg of the system named name has an
// annotation of the rater's (of anyone's when only showing).
func (n annotator) rated(name string, seg int) bool {
	if n.store == nil {
		r, _ := n.res.Rated(name, seg+1)
		return r
	}
	for _, a := range n.res.Segment(name, seg+1) {
		if a.Rater == n.rater {
			return true
		}
	}
	return false
}

// nextUnrated moves to the next segment of system sys that the rater has
// not annotated: the next one down the list (rows, from the row at
// cursor, going round), or, when every row listed is, the next line of the
// whole system after the selected one.
func (n *annotator) nextUnrated(c common, sel selection, sys int, rows []int, cursor int) annResult {
	name := c.ds.Systems[sys].StableName()
	yet := ": not annotated yet"
	if n.store != nil {
		yet = ": not annotated by " + n.rater + " yet"
	}
	for i := 1; i <= len(rows); i++ {
		if seg := rows[(cursor+i)%len(rows)]; !n.rated(name, seg) {
			return annResult{jump: seg, status: "line " + itoa(seg+1) + yet}
		}
	}
	start := 0
	if sel.ok {
		start = sel.seg + 1
	}
	for i := range c.ds.Len() {
		if seg := (start + i) % c.ds.Len(); !n.rated(name, seg) {
			return annResult{jump: seg, status: "line " + itoa(seg+1) + yet}
		}
	}
	return annResult{status: "every segment of " + c.shortName(sys) + " is annotated", jump: -1}
}

// reread takes in the file read again by [rereadCmd] (msg) and says so;
// the list of sel's annotations, when open, keeps the one picked (or,
// when it is gone, closes a deletion's question, which was of it), and a
// list E found empty opens when the other marked the segment (listFor).
func (n *annotator) reread(c common, sel selection, msg annReadMsg) annResult {
	wanted := n.listFor
	n.listFor = selection{}
	if msg.err != nil {
		r := annResult{status: "could not read the annotation file again: " + errGist(msg.err), jump: -1}
		if errors.Is(msg.err, annotations.ErrGone) {
			r = annResult{forms: []string{"the annotation file was deleted or emptied: its annotations are still shown, and the next change writes it again whole",
				"the annotation file was deleted or emptied: the next change writes it again", "annotation file deleted: the next change writes it again"}, jump: -1}
		}
		if msg.missing && n.store != nil { // left out of what the store took in as it wrote
			n.extra, n.extraAt = msg.extra, msg.at
			n.resolve(c.ds)
			r.changed = true
		}
		return r
	}
	if !msg.read && !msg.missing || n.store == nil {
		return annResult{jump: -1}
	}
	listed := n.step == stepList || n.step == stepDelete
	var picked annotations.Annotation
	if anns := n.segment(c, sel); listed && len(anns) > 0 {
		picked = anns[min(n.pick, len(anns)-1)]
	}
	if msg.missing {
		n.extra, n.extraAt = msg.extra, msg.at
	}
	n.resolve(c.ds)
	r := annResult{jump: -1, changed: true}
	if msg.read { // else a change saved here took the other's in, and said so
		r.forms = []string{"another bleuscope saved to the annotation file: its changes are shown", "another bleuscope's saved changes are shown"}
		if back := n.store.Restored(); back > 0 {
			held := fmt.Sprintf("%d annotation%s held here", back, model.PluralS(back))
			r.forms = []string{"another bleuscope saved to the annotation file, which had lost the " + held + ": written back",
				"another bleuscope's changes are shown · " + held + " written back", held + " written back"}
		}
	}
	anns := n.segment(c, sel)
	at := -1 // where the annotation picked is now
	if picked.ID != 0 {
		at = slices.IndexFunc(anns, func(a annotations.Annotation) bool { return a.ID == picked.ID })
	}
	switch {
	case n.step == stepDelete && picked.ID != 0 && at < 0:
		n.step = stepList // the question was of it
		r.forms = []string{"another bleuscope deleted the annotation picked: nothing deleted here; its changes are shown", "another bleuscope deleted it: nothing deleted here"}
	case n.step == stepOff && wanted.ok && wanted == sel && len(anns) > 0:
		n.openList(c, sel)
	}
	switch {
	case !listed:
	case len(anns) == 0:
		n.step = stepOff
	case at >= 0:
		n.pick = at
	default:
		n.pick = min(n.pick, len(anns)-1)
	}
	return r
}

// openList opens the list of the selection's annotations, to edit or
// delete one.
func (n *annotator) openList(c common, sel selection) annResult {
	if len(n.segment(c, sel)) == 0 {
		if !n.editable() {
			return annResult{status: "no annotation on this segment", jump: -1}
		}
		if n.preset != nil && n.preset.SegmentScore {
			return annResult{status: "no annotation on this segment: A marks an error, N no error, % gives a score", jump: -1}
		}
		return annResult{status: "no annotation on this segment: A marks an error, N no error", jump: -1}
	}
	n.step, n.pick = stepList, 0
	return annResult{jump: -1}
}

// openScore asks for the selection's ESA segment score.
func (n *annotator) openScore(c common, sel selection) annResult {
	if !n.editable() {
		return annResult{status: n.refusal(), jump: -1}
	}
	if !sel.ok {
		return annResult{status: "no segment selected", jump: -1}
	}
	n.d = newDraft(c, sel, annotations.Annotation{})
	for _, a := range n.segment(c, sel) {
		if a.Kind == annotations.KindScore && a.Rater == n.rater && a.Score != nil {
			n.d.scoreInput.setValue(strconv.Itoa(*a.Score))
		}
	}
	n.step = stepScore
	return annResult{jump: -1}
}

// saveScore stores the typed ESA score, the spaces around it aside.
func (n *annotator) saveScore(c common) annResult {
	v, err := strconv.Atoi(strings.TrimSpace(n.d.scoreInput.text()))
	if err != nil || v < 0 || v > 100 {
		return annResult{status: "a segment score is a whole number from 0 to 100", jump: -1}
	}
	a := n.d.annotation(c, n.rater)
	n.identify(&a)
	a.Kind, a.Span, a.Category, a.Severity, a.Note = annotations.KindScore, nil, "", "", ""
	a.System = n.storedName(a)
	before := n.raterMark(a, annotations.KindScore)
	scored, err := n.store.SetScore(a, v)
	n.step = stepOff
	n.remember(annUndo{before: before, after: scored.ID, what: "the score " + itoa(v) + " given to"}, err)
	return n.saved(c, fmt.Sprintf("line %d scored %d", n.d.seg+1, v), err)
}

// flush writes what a failed save left in memory; it reports whether
// everything is on disk now.
func (n *annotator) flush() bool {
	if !n.on || n.pending() == 0 {
		return true
	}
	if err := n.store.Flush(); err != nil {
		n.err = err
		return false
	}
	n.err = nil
	return true
}

// notes returns the annotations of each segment as the full segment table
// writes them; it reads the annotations of now, and may be called from
// another goroutine.
func (n annotator) notes(c common) func(sys, i int) []model.Note {
	res, ds := n.res, c.ds
	return func(sys, i int) []model.Note {
		seg := res.Segment(ds.Systems[sys].StableName(), i+1)
		out := make([]model.Note, len(seg))
		for j, a := range seg {
			out[j] = annotations.TableNote(a)
		}
		return out
	}
}
