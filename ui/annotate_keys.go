package ui

import (
	"errors"
	"strings"

	"github.com/bleuscope/bleuscope/model/annotations"
	"github.com/bleuscope/bleuscope/ui/render"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// annotKeys are the keys inside the annotator, step by step; the
// categories and severities come from the preset's key table.
type annotKeys struct {
	Left, Right, First, Last, Mark, Done, Side, Whole key.Binding
	Up, Down, Edit, Delete, Add, Yes                  key.Binding
	Back, Cancel                                      key.Binding
}

// defaultAnnotKeys returns the annotator's keys.
func defaultAnnotKeys() annotKeys {
	b := func(keys []string, k, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, desc))
	}
	return annotKeys{
		Left:   b([]string{"left", "h"}, "←/h", "previous token"),
		Right:  b([]string{"right", "l"}, "→/l", "next token"),
		First:  b([]string{"home", "g"}, "home", "first token"),
		Last:   b([]string{"end", "G"}, "end", "last token"),
		Mark:   b([]string{" "}, "space", "mark first, then last"),
		Done:   b([]string{"enter"}, "enter", "mark last (one token if no first)"),
		Side:   b([]string{"tab"}, "tab", "hypothesis / source (omission)"),
		Whole:  b([]string{annotations.WholeSegmentKey}, annotations.WholeSegmentKey, "whole segment, no span"),
		Up:     b([]string{"up", "k"}, "↑/k", "previous annotation"),
		Down:   b([]string{"down", "j"}, "↓/j", "next annotation"),
		Edit:   b([]string{"e", "enter"}, "e/enter", "edit"),
		Delete: b([]string{"d"}, "d", "delete"),
		Add:    b([]string{"a"}, "a", "add an error"),
		Yes:    b([]string{"y"}, "y", "yes, delete"),
		Back:   b([]string{"backspace"}, "⌫", "back a step"),
		Cancel: b([]string{"esc"}, "esc", "cancel"),
	}
}

// footer is the annotator's key line for its step on the selection sel,
// the most needed first: a narrow window leaves out the hints at its end
// (fitKeyLine), so esc comes before the rest of the choices.
func (n annotator) footer(c common, sel selection) string {
	k := defaultAnnotKeys()
	switch n.step {
	case stepList:
		return n.listFooter(c, sel)
	case stepSpan:
		side := k.Side
		side.SetEnabled(n.d.src != "")
		done := as(k.Done, "enter", "last")
		if n.d.keep { // an edited annotation's span, or its whole segment, untouched
			done = as(k.Done, "enter", "keep")
		}
		return keyLine(as(k.Right, "←→", "move"), as(k.Mark, "space", "first/last"), done, k.Cancel, as(k.Whole, "x", "whole segment"), side)
	case stepCategory:
		keep := as(k.Done, "enter", "keep")
		keep.SetEnabled(n.d.category != "")
		return keyLine(as(k.Mark, "keys", "category (see above)"), keep, k.Back, k.Cancel)
	case stepSeverity:
		var sev []string
		for _, s := range n.preset.Severities {
			if s.Key != "" {
				sev = append(sev, s.Key+" "+s.Name)
			}
		}
		keep := as(k.Done, "enter", "keep")
		keep.SetEnabled(n.d.severity != "")
		return strings.Join(sev, " · ") + " · " + keyLine(k.Cancel, keep, k.Back)
	case stepNote:
		return keyLine(as(k.Done, "enter", "save"), as(k.Cancel, "esc", "cancel"))
	case stepDelete:
		return keyLine(k.Yes, as(k.Cancel, "other", "keep it"))
	case stepScore:
		return keyLine(as(k.Done, "enter", "save"), k.Cancel)
	}
	return ""
}

// Update handles a key while the annotator has the keyboard.
func (n annotator) Update(msg tea.KeyMsg, c common, sel selection) (annotator, annResult) {
	k := defaultAnnotKeys()
	none := annResult{jump: -1}
	if key.Matches(msg, k.Cancel) && n.step != stepDelete {
		was := n.step
		n.step = stepOff
		if was == stepList {
			return n, none
		}
		return n, annResult{status: "annotation cancelled; nothing saved", jump: -1}
	}
	switch n.step {
	case stepList:
		return n.updateList(msg, c, sel)
	case stepSpan:
		return n.updateSpan(msg)
	case stepCategory:
		return n.updateCategory(msg)
	case stepSeverity:
		return n.updateSeverity(msg)
	case stepNote:
		if key.Matches(msg, k.Done) {
			return n.save(c)
		}
		if key.Matches(msg, k.Back) && n.d.note.text() == "" {
			n.step = stepSeverity
			return n, none
		}
		n.d.note, _ = n.d.note.update(msg)
		if d := n.d.note.dropped; d > 0 { // a paste's: said, not lost without a word
			return n, annResult{forms: droppedForms(d, "the note"), jump: -1}
		}
	case stepDelete:
		if !key.Matches(msg, k.Yes) {
			n.step = stepList
			return n, annResult{status: "kept", jump: -1}
		}
		anns := n.segment(c, sel)
		if n.pick >= len(anns) {
			n.step = stepOff
			return n, none
		}
		a := anns[n.pick]
		before := n.stored(a.ID)
		err := n.store.Delete(a.ID)
		if before != nil {
			n.remember(annUndo{before: before, what: theOf(a, n.rater) + " deleted from"}, err)
		}
		n.step, n.pick = stepList, max(0, n.pick-1)
		r := n.saved(c, "deleted "+describeOf(a, n.rater)+" on line "+itoa(a.Line), err)
		if len(n.segment(c, sel)) == 0 {
			n.step = stepOff
		}
		return n, r
	case stepScore:
		if key.Matches(msg, k.Done) {
			r := n.saveScore(c)
			return n, r
		}
		n.d.scoreInput, _ = n.d.scoreInput.update(msg)
	}
	return n, none
}

// listFooter is the footer of the list of sel's annotations: it offers
// only the keys that work on the one picked, and says when it is
// read-only (no annotation file, or one from the MQM file) or a no-error
// mark, which has nothing to edit. Undo and close come before adding, so
// that a 60-column footer, cut after them, still offers them.
func (n annotator) listFooter(c common, sel selection) string {
	k := defaultAnnotKeys()
	choose, esc := as(k.Down, "↑↓", "choose"), as(k.Cancel, "esc", "close")
	if !n.editable() {
		return "read-only · " + keyLine(choose, esc)
	}
	anns := n.segment(c, sel)
	if len(anns) == 0 {
		return keyLine(choose, k.Edit, k.Delete, n.undoKey(c), esc, k.Add)
	}
	switch a := anns[min(n.pick, len(anns)-1)]; {
	case a.ID == 0:
		return "this one is the MQM file's, read-only · " + keyLine(choose, k.Add, esc)
	case a.Kind == annotations.KindNoError: // no category, severity or span to edit
		return "a no-error mark: nothing to edit · " + keyLine(choose, k.Delete, n.undoKey(c), esc, k.Add)
	}
	return keyLine(choose, k.Edit, k.Delete, n.undoKey(c), esc, k.Add)
}

// undoKey is u in the list's footer, offered while a change saved here
// can be taken back.
func (n annotator) undoKey(c common) key.Binding {
	u := as(c.keys.Undo, "u", "undo")
	u.SetEnabled(len(n.undos) > 0)
	return u
}

// updateList chooses among the segment's annotations.
func (n annotator) updateList(msg tea.KeyMsg, c common, sel selection) (annotator, annResult) {
	k := defaultAnnotKeys()
	anns := n.segment(c, sel)
	none := annResult{jump: -1}
	switch {
	case len(anns) == 0:
		n.step = stepOff
	case key.Matches(msg, k.Up):
		n.pick = max(0, n.pick-1)
	case key.Matches(msg, k.Down):
		n.pick = min(len(anns)-1, n.pick+1)
	case key.Matches(msg, k.Add), key.Matches(msg, c.keys.Annotate): // A, which marks an error on the list, is a here
		r := n.start(c, sel)
		return n, r
	case key.Matches(msg, c.keys.Undo): // as on the list: the panel shows what it takes back
		r := n.undoLast(c, sel.sys)
		if left := len(n.segment(c, sel)); left == 0 || r.toSys || r.jump >= 0 && r.jump != sel.seg {
			n.step = stepOff // nothing left here, or the undo was of another segment or system, now shown
		} else {
			n.pick = min(n.pick, left-1)
		}
		return n, r
	case key.Matches(msg, k.Add, k.Delete, k.Edit) && n.store != nil && !n.editable():
		return n, annResult{status: n.refusal(), jump: -1}
	case key.Matches(msg, k.Add, k.Delete, k.Edit) && n.store == nil:
		return n, annResult{status: "this annotation comes from the MQM file and is only shown", jump: -1}
	case key.Matches(msg, k.Delete, k.Edit) && anns[min(n.pick, len(anns)-1)].ID == 0:
		return n, annResult{forms: mqmRowForms(n.store.Path()), jump: -1}
	case key.Matches(msg, k.Delete):
		n.step = stepDelete
	case key.Matches(msg, k.Edit):
		a := anns[min(n.pick, len(anns)-1)]
		switch a.Kind {
		case annotations.KindError:
			n.d = newDraft(c, sel, a)
			n.step = stepSpan
		case annotations.KindScore:
			r := n.openScore(c, sel)
			return n, r
		default:
			return n, annResult{status: "a no-error mark has nothing to edit: d deletes it", jump: -1}
		}
	default:
		return n, annResult{jump: -1, notMine: true}
	}
	return n, none
}

// mqmRowForms are the wordings, the fullest first, of the refusal to
// edit or delete a row of the MQM file opened as the corpus beside the
// annotation file at path: what makes it the file's, so that it can be,
// safe for the terminal.
func mqmRowForms(path string) []string {
	file := render.Safe(path)
	return []string{
		"this annotation comes from the MQM file and is only shown: to edit or delete its rows, add them to " + file + " with bleuscope annotations import",
		"the MQM file's, only shown: to edit it, add the file's rows to " + file + " with annotations import",
		"MQM file's, only shown: annotations import to edit it",
	}
}

// updateSpan moves over the tokens and marks the first and the last; a
// key it has no use for says which keys act ([strayKey]).
func (n annotator) updateSpan(msg tea.KeyMsg) (annotator, annResult) {
	k := defaultAnnotKeys()
	d := &n.d
	last := len(d.toks) - 1
	none := annResult{jump: -1}
	if d.keep && key.Matches(msg, k.Mark, k.Done) {
		d.span = d.edit.Span
		n.toCategory()
		return n, none
	}
	if !key.Matches(msg, k.Left, k.Right, k.First, k.Last, k.Side, k.Whole, k.Back, k.Mark, k.Done) {
		name := strayKey(msg)
		return n, annResult{jump: -1, forms: []string{
			name + " does nothing here: ←→ move over the words, space marks the first and the last, x the whole segment, esc cancels",
			name + " does nothing here: ←→ move, space marks, x whole segment, esc cancels",
			name + " does nothing here: ←→ move, space marks, esc cancels",
			name + ": ←→, space, x or esc"}}
	}
	if !key.Matches(msg, k.Whole) {
		d.keep = false
	}
	switch {
	case key.Matches(msg, k.Left):
		d.cursor = max(0, d.cursor-1)
	case key.Matches(msg, k.Right):
		d.cursor = max(0, min(last, d.cursor+1))
	case key.Matches(msg, k.First):
		d.cursor = 0
	case key.Matches(msg, k.Last):
		d.cursor = max(0, last)
	case key.Matches(msg, k.Side):
		if d.src != "" {
			other := annotations.SideSrc
			if d.side == annotations.SideSrc {
				other = annotations.SideHyp
			}
			d.setSide(other)
		}
	case key.Matches(msg, k.Whole):
		d.span = nil
		n.toCategory()
	case key.Matches(msg, k.Back):
		d.anchor = -1
	case key.Matches(msg, k.Mark) && d.anchor < 0 && last >= 0:
		d.anchor = d.cursor
	case key.Matches(msg, k.Mark, k.Done):
		if last < 0 { // nothing to mark on: the whole segment
			d.span = nil
		} else {
			lo, hi := d.cursor, d.cursor
			if d.anchor >= 0 {
				lo, hi = min(d.anchor, d.cursor), max(d.anchor, d.cursor)
			}
			d.span = &annotations.Span{Side: d.side, Start: d.toks[lo].start, End: d.toks[hi].end}
		}
		n.toCategory()
	}
	return n, none
}

// strayKey names the key of msg for a status line that says it does
// nothing where it was pressed: "q", "↓", "a paste", escaped.
func strayKey(msg tea.KeyMsg) string {
	switch {
	case msg.Paste:
		return "a paste"
	case msg.Type == tea.KeyUp:
		return "↑"
	case msg.Type == tea.KeyDown:
		return "↓"
	case msg.Type == tea.KeySpace:
		return "space"
	}
	return render.Safe(msg.String())
}

// reopenSpan goes back one step from a marked span: the first token stays
// marked and the cursor is on the last, so the next key moves the end (a
// whole-segment mark, or a span on the other side, starts over).
func (d *draft) reopenSpan() {
	d.anchor = -1
	if d.span == nil || d.span.Side != d.side {
		return
	}
	for i, t := range d.toks {
		if t.start == d.span.Start {
			d.anchor = i
		}
		if t.end == d.span.End {
			d.cursor = i
		}
	}
	if d.anchor < 0 { // a span not on token boundaries (imported)
		d.cursor = max(0, min(d.cursor, len(d.toks)-1))
	}
}

// toCategory goes on from the span: to the category, or straight to the
// severity when the preset has one category only.
func (n *annotator) toCategory() {
	n.d.keys = ""
	if len(n.preset.Categories) == 1 {
		n.d.category = n.preset.Categories[0].Name
		n.step = stepSeverity
		return
	}
	n.step = stepCategory
}

// updateCategory reads the category's keys.
func (n annotator) updateCategory(msg tea.KeyMsg) (annotator, annResult) {
	k := defaultAnnotKeys()
	none := annResult{jump: -1}
	switch {
	case key.Matches(msg, k.Back):
		if n.d.keys == "" {
			n.step = stepSpan
			n.d.reopenSpan()
		} else {
			r := []rune(n.d.keys)
			n.d.keys = string(r[:len(r)-1])
		}
	case key.Matches(msg, k.Done):
		if n.d.category == "" {
			return n, annResult{status: "type a category's keys", jump: -1}
		}
		n.step = stepSeverity
	case msg.Type == tea.KeyRunes && len(msg.Runes) == 1:
		typed := n.d.keys + string(msg.Runes)
		cat, more := n.preset.CategoryByKeys(typed)
		switch {
		case cat != nil:
			n.d.category, n.d.keys = cat.Name, ""
			n.step = stepSeverity
		case more:
			n.d.keys = typed
		default:
			n.d.keys = ""
			return n, annResult{status: "no category has the keys “" + typed + "”", jump: -1}
		}
	default:
		return n, annResult{status: strayKey(msg) + " picks no category: type a category's keys (shown above); ⌫ goes back a step, esc cancels", jump: -1}
	}
	return n, none
}

// updateSeverity reads the severity's key.
func (n annotator) updateSeverity(msg tea.KeyMsg) (annotator, annResult) {
	k := defaultAnnotKeys()
	none := annResult{jump: -1}
	switch {
	case key.Matches(msg, k.Back):
		if len(n.preset.Categories) == 1 {
			n.step = stepSpan
			n.d.reopenSpan()
		} else {
			n.step = stepCategory
		}
	case key.Matches(msg, k.Done):
		if n.d.severity == "" {
			return n, annResult{status: "type a severity's key", jump: -1}
		}
		n.step = stepNote
	case msg.Type == tea.KeyRunes && len(msg.Runes) == 1:
		s := n.preset.SeverityByKey(string(msg.Runes))
		if s == nil {
			return n, annResult{status: "no severity has the key “" + string(msg.Runes) + "”", jump: -1}
		}
		n.d.severity = s.Name
		n.step = stepNote
	default:
		return n, annResult{status: strayKey(msg) + " picks no severity: type a severity's key (shown below); ⌫ goes back a step, esc cancels", jump: -1}
	}
	return n, none
}

// save stores the draft: a new error or the edited one.
func (n annotator) save(c common) (annotator, annResult) {
	a := n.d.annotation(c, n.rater)
	a.System = n.storedName(a)
	n.identify(&a)
	var err error
	what := describe(a) + " on line " + itoa(a.Line)
	if a.ID == 0 {
		replaced := n.raterMark(a, annotations.KindNoError)
		var added annotations.Annotation
		added, err = n.store.Add(a)
		n.remember(annUndo{after: added.ID, replaced: replaced, what: theOf(a, n.rater) + " added on"}, err)
	} else {
		before := n.stored(a.ID)
		err = n.store.Edit(a)
		if before != nil {
			n.remember(annUndo{before: before, after: a.ID, what: "the edit to " + theOf(a, n.rater) + " on"}, err)
		}
	}
	if err != nil && !isSaveError(err) {
		// Refused (not a disk failure): keep the draft to fix.
		return n, annResult{status: "not saved: " + err.Error(), jump: -1}
	}
	n.step = stepOff
	if a.ID != 0 {
		what = "edited: " + what // as the undo calls it, not in the words of a new mark
	}
	r := n.saved(c, what, err)
	return n, r
}

func isSaveError(err error) bool {
	var se *annotations.SaveError
	return errors.As(err, &se)
}

// describe names an annotation in a few words, for the status line and
// the prompts, the text read from the file escaped.
func describe(a annotations.Annotation) string {
	switch a.Kind {
	case annotations.KindNoError:
		return "no error"
	case annotations.KindScore:
		if a.Score != nil {
			return "score " + itoa(*a.Score)
		}
		return "score"
	}
	return render.Safe(a.Severity + " " + a.Category)
}

// theOf names the annotation a as the subject of a phrase, as the
// wording of what u takes back does: "the Major Accuracy/Mistranslation",
// "the no-error mark", "ann2's score 80" when a is not rater's.
func theOf(a annotations.Annotation, rater string) string {
	what := describe(a)
	if a.Kind == annotations.KindNoError {
		what = "no-error mark"
	}
	return whose(a, rater, "the ") + what
}

// describeOf is describe, naming the annotation's rater when not rater.
func describeOf(a annotations.Annotation, rater string) string {
	return whose(a, rater, "") + describe(a)
}

// whose begins the words for a with whose it is: "ann2's ", "an unnamed
// rater's ", or mine when a is rater's.
func whose(a annotations.Annotation, rater, mine string) string {
	switch {
	case a.Rater == rater:
		return mine
	case a.Rater == "":
		return "an unnamed rater's "
	}
	return render.Safe(a.Rater) + "'s "
}
