package ui

import (
	"cmp"
	"errors"
	"slices"
	"strings"

	"github.com/bleuscope/bleuscope/model/annotations"
)

// annUndo is a change this explorer saved to the annotation file,
// enough to take it back (u): the annotation as it was before (nil when
// the change added it), the ID the change left (0 when it deleted it),
// a no-error mark the change replaced (an error added to a segment
// marked as having none), to put back, and the annotation as the change
// left it, to tell whether another bleuscope has changed it since.
type annUndo struct {
	before   *annotations.Annotation
	after    int
	left     *annotations.Annotation
	replaced *annotations.Annotation
	what     string // the change in a few words but its place, which said adds: "the Major Accuracy/Mistranslation added on"
}

// maxUndo is how many changes u can take back, the last first: far more
// than a person retraces, and few enough that the copies they keep stay
// small.
const maxUndo = 200

// remember keeps the change just saved for u, when it was saved (a
// change refused or left in memory is not on disk to take back), with
// the annotation as it left it.
func (n *annotator) remember(u annUndo, err error) {
	if err != nil {
		return
	}
	u.left = n.stored(u.after)
	n.changes++
	n.undos = append(n.undos, u)
	if len(n.undos) > maxUndo {
		n.undos = slices.Delete(n.undos, 0, len(n.undos)-maxUndo)
	}
}

// renumber makes the changes left to undo name the annotation that had
// ID old by id: an undo that puts an annotation back stores it under a
// new ID, and a change made to it before still has to find it.
func (n *annotator) renumber(old, id int) {
	again := func(a *annotations.Annotation) *annotations.Annotation {
		if a == nil || a.ID != old {
			return a
		}
		b := *a
		b.ID = id
		return &b
	}
	for i := range n.undos {
		u := &n.undos[i]
		u.before, u.replaced = again(u.before), again(u.replaced)
		if u.after == old {
			u.after = id
		}
	}
}

// stored returns a copy of the stored annotation with that ID, or nil.
func (n *annotator) stored(id int) *annotations.Annotation {
	if n.store == nil || id == 0 {
		return nil
	}
	if a, ok := n.store.Get(id); ok {
		return &a
	}
	return nil
}

// raterMark returns the stored mark of kind (a no-error mark or a
// score) that a's rater gave a's segment, or nil: what a change to it
// replaces.
func (n *annotator) raterMark(a annotations.Annotation, kind annotations.Kind) *annotations.Annotation {
	if n.store == nil {
		return nil
	}
	for _, b := range n.store.All() {
		if b.Kind == kind && b.System == a.System && b.Line == a.Line && b.Rater == a.Rater {
			return &b
		}
	}
	return nil
}

// undoLast takes back the last change saved that is not taken back yet
// (u, again and again, goes back through the session's changes): it
// deletes what was added, puts back what was deleted, and gives an edited
// annotation (or a replaced score) its earlier content again, each a
// change of its own on disk before the status says so (an error that
// replaced a no-error mark goes, and the mark comes back, in one). Another
// bleuscope's change to the same annotation since is never overwritten:
// the store refuses an undo that would, as any change, when it has not
// read the other's yet, and one it has read differs from what the change
// left.
func (n *annotator) undoLast(c common, shown int) annResult {
	if !n.editable() {
		return annResult{status: n.refusal(), jump: -1}
	}
	if len(n.undos) == 0 {
		return annResult{status: n.nothingToUndo(), jump: -1}
	}
	u := n.undos[len(n.undos)-1]
	if now := n.stored(u.after); now != nil && u.left != nil && !annotations.SameContent(*now, *u.left) {
		n.undos = n.undos[:len(n.undos)-1]
		return annResult{status: "not undone: " + u.said(c, shown) + ", but another bleuscope has changed it since, to " + describeOf(*now, n.rater) + ", which stays" + n.undoMore(c, shown), jump: -1}
	}
	var err error
	switch {
	case u.before == nil && u.replaced != nil: // added over a no-error mark: both back, in one write
		r := *u.replaced
		r.ID = 0
		var mark annotations.Annotation
		if mark, err = n.store.DeleteMarkingNoError(u.after, r); err == nil {
			n.renumber(u.replaced.ID, mark.ID)
		}
	case u.before == nil: // added: delete it
		err = n.store.Delete(u.after)
	case u.after == 0: // deleted: add it again
		a := *u.before
		a.ID = 0
		var added annotations.Annotation
		if added, err = n.store.Add(a); err == nil {
			n.renumber(u.before.ID, added.ID)
		}
	default: // edited: its earlier content again
		err = n.store.Edit(*u.before)
	}
	if errors.Is(err, annotations.ErrNotFound) {
		n.undos = n.undos[:len(n.undos)-1]
		return annResult{status: "not undone: " + u.said(c, shown) + ", but it has since been deleted" + n.undoMore(c, shown), jump: -1}
	}
	if err != nil && !isSaveError(err) {
		return n.saved(c, "", err)
	}
	n.undos = n.undos[:len(n.undos)-1]
	// A change made on another system than the one shown is shown where
	// it was made: the list switches to that system, as tab would, and
	// what u takes back next is said as seen from there.
	to, ok := u.system(c)
	moved := ok && to != shown && u.line() > 0
	if !moved {
		to = shown
	}
	head := "undone: " + u.said(c, shown)
	if moved {
		head += ", switched to it"
	}
	more := n.undoMore(c, to)
	r := n.saved(c, head+more, err)
	if full := head + more; strings.HasPrefix(r.status, "saved: ") { // a narrow footer says less
		forms := []string{full}
		if more != "" {
			if next := n.undos[len(n.undos)-1]; next.line() > 0 {
				forms = append(forms, head+" (u again: a change to "+next.at(c, to)+")")
			}
			forms = append(forms, head)
		}
		switch at := u.at(c, shown); {
		case moved:
			forms = append(forms, "undone: a change to "+at+", switched to it", "undone on "+at+", switched")
		case u.line() > 0:
			forms = append(forms, "undone: a change to "+at)
		}
		for i, f := range forms {
			forms[i] = strings.Replace(r.status, full, f, 1)
		}
		r.forms = forms
	}
	if line := u.line(); line > 0 && r.status != "" {
		r.jump = line - 1 // the segment it changed, selected to be seen
		r.toSys, r.sys = moved, to
	}
	return r
}

// line is the 1-based line of the segment the change was made to, 0 when
// it is not known.
func (u annUndo) line() int {
	if a := cmp.Or(u.before, u.left); a != nil {
		return a.Line
	}
	return 0
}

// nothingToUndo says why u has nothing to take back, and what changes
// the rest: no change was saved since the annotation file was opened
// (those of earlier sessions are not u's), u has gone back through every
// one, or through the last [maxUndo], all it keeps. It fits two lines of
// 60 columns.
func (n *annotator) nothingToUndo() string {
	const rest = "; E edits earlier ones"
	switch {
	case n.changes == 0:
		return "nothing to undo: nothing changed since the file was opened (u takes back this session's changes)" + rest
	case n.changes > maxUndo:
		return "nothing more to undo: u has taken back the last " + itoa(maxUndo) + " changes, all it keeps" + rest
	case n.changes == 1:
		return "nothing more to undo: u has gone back through the one change made since the file was opened" + rest
	}
	return "nothing more to undo: u has gone back through all " + itoa(n.changes) + " changes made since the file was opened" + rest
}

// undoMore says, after an undo, what u would take back next, if anything.
func (n *annotator) undoMore(c common, shown int) string {
	if len(n.undos) == 0 {
		return ""
	}
	return " (u again: " + n.undos[len(n.undos)-1].said(c, shown) + ")"
}

// at is where the change u was made, "line 12", or "LT22 line 12" when
// that is another system than the one shown: u takes back the changes of
// every system, the last first, where tab left them.
func (u annUndo) at(c common, shown int) string {
	line := "line " + itoa(u.line())
	if i, ok := u.system(c); ok && i != shown {
		return c.shortName(i) + " " + line
	}
	return line
}

// system is the index of the system the change u was made on, false when
// that is not known or not loaded.
func (u annUndo) system(c common) (int, bool) {
	if a := cmp.Or(u.before, u.left); a != nil {
		return annotations.SystemOf(c.ds, a.System)
	}
	return 0, false
}

// said is the change u in a few words, its place as [annUndo.at] says it:
// "the Major Accuracy/Mistranslation added on LT22 line 12".
func (u annUndo) said(c common, shown int) string {
	return u.what + " " + u.at(c, shown)
}
