package ui

import (
	"errors"

	"github.com/bleuscope/bleuscope/model/annotations"
)

// annUndo is the last change this explorer saved to the annotation file,
// enough to take it back (u): the annotation as it was before (nil when
// the change added it), the ID the change left (0 when it deleted it),
// and a no-error mark the change replaced (an error added to a segment
// marked as having none), to put back.
type annUndo struct {
	before   *annotations.Annotation
	after    int
	replaced *annotations.Annotation
	what     string // the change in a few words, "Major Accuracy/Mistranslation on line 12 added"
}

// remember keeps the change just saved for u, when it was saved (a
// change refused or left in memory is not on disk to take back).
func (n *annotator) remember(u annUndo, err error) {
	if err == nil {
		n.undo = &u
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

// undoLast takes back the last change saved (u): it deletes what was
// added, puts back what was deleted, and gives an edited annotation (or a
// replaced score) its earlier content again, each a change of its own on
// disk before the status says so. Once taken back there is nothing more
// to undo; another bleuscope's change to the same annotation since is
// never overwritten (the store refuses it, as any change).
func (n *annotator) undoLast(c common) annResult {
	if !n.editable() {
		return annResult{status: n.refusal(), jump: -1}
	}
	u := n.undo
	if u == nil {
		return annResult{status: "nothing to undo: u takes back the last annotation change made here", jump: -1}
	}
	var err error
	switch {
	case u.before == nil: // added: delete it, and put back the mark it replaced
		err = n.store.Delete(u.after)
		if err == nil && u.replaced != nil {
			r := *u.replaced
			r.ID = 0
			_, err = n.store.MarkNoError(r)
		}
	case u.after == 0: // deleted: add it again
		a := *u.before
		a.ID = 0
		_, err = n.store.Add(a)
	default: // edited: its earlier content again
		err = n.store.Edit(*u.before)
	}
	if errors.Is(err, annotations.ErrNotFound) {
		n.undo = nil
		return annResult{status: "nothing to undo: " + u.what + ", but it has since been deleted", jump: -1}
	}
	if err != nil && !isSaveError(err) {
		return n.saved(c, "", err)
	}
	n.undo = nil
	return n.saved(c, "undone: "+u.what, err)
}
