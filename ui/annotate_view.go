package ui

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"syscall"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/model/annotations"
	"github.com/bleuscope/bleuscope/ui/render"
	"github.com/charmbracelet/x/ansi"
)

// labelWidth is the width of the "hyp" and "src" labels in the annotator.
const annLabelW = 5

// severityMark is the mark an error's severity draws: critical C, major
// M, minor m, anything else *.
func severityMark(severity string) spanMark {
	switch strings.ToLower(severity) {
	case "critical":
		return markCritical
	case "major":
		return markMajor
	case "minor":
		return markMinor
	}
	return markNeutral
}

// spanMarks returns, for the text of one side, the mark of each code point
// under the errors of anns on that side: the most severe where they
// overlap.
func spanMarks(anns []annotations.Annotation, side annotations.Side) func(int) spanMark {
	return func(i int) spanMark {
		m := markNone
		for _, a := range anns {
			if a.Kind != annotations.KindError || a.Span == nil || a.Span.Side != side || i < a.Span.Start || i >= a.Span.End {
				continue
			}
			k := severityMark(a.Severity)
			if k.severityRank() > m.severityRank() {
				m = k
			}
		}
		return m
	}
}

// hasSide reports whether an error of anns has a span on side.
func hasSide(anns []annotations.Annotation, side annotations.Side) bool {
	for _, a := range anns {
		if a.Kind == annotations.KindError && a.Span != nil && a.Span.Side == side {
			return true
		}
	}
	return false
}

// wholeSegmentMarks is the marks of anns' errors of the whole segment
// (no span), each in its severity's style, then "whole segment"; "" when
// there is none.
func wholeSegmentMarks(st render.Styles, anns []annotations.Annotation) string {
	var marks []string
	for _, a := range anns {
		if a.Kind == annotations.KindError && a.Span == nil {
			sev := severityMark(a.Severity)
			marks = append(marks, sev.style(st).Render(string(markerChars[sev])))
		}
	}
	if len(marks) == 0 {
		return ""
	}
	return strings.Join(marks, " ") + " " + st.Muted.Render("whole segment")
}

// annLine is one annotation in a line: its number, the rater when it is
// not the one annotating or when every row names its rater (tagged: the
// segment's marks come from more than one rater, [manyRaters]), first, so
// that a long span never cuts it off, then the severity letter, category,
// the text marked and the note.
func (n annotator) annLine(c common, i int, a annotations.Annotation, tagged bool) string {
	st := c.st
	var s string
	if tagged || a.Rater != n.rater {
		s = st.Muted.Render("[" + render.Safe(a.Rater) + "] ")
	}
	switch a.Kind {
	case annotations.KindNoError:
		s += st.Good.Render("✓ no error")
	case annotations.KindScore:
		s += "score " + describe(a)[len("score "):]
	default:
		sev := severityMark(a.Severity)
		s += sev.style(st).Render(string(markerChars[sev])+" "+render.Safe(a.Severity)) + " " + render.Safe(a.Category)
		switch {
		case a.Span == nil:
			s += st.Muted.Render(" (whole segment)")
		case a.Span.Side == annotations.SideSrc:
			s += " src «" + render.Safe(a.SpanText()) + "»"
		default:
			s += " «" + render.Safe(a.SpanText()) + "»"
		}
	}
	if a.Note != "" {
		s += st.Muted.Render(" — ") + render.Safe(a.Note)
	}
	return render.Truncate(fmt.Sprintf("%2d ", i+1)+s, c.width)
}

// manyRaters reports whether anns come from more than one rater, so that
// each row names its own ([annotator.annLine]).
func manyRaters(anns []annotations.Annotation) bool {
	for _, a := range anns {
		if a.Rater != anns[0].Rater {
			return true
		}
	}
	return false
}

// stripView is the annotations strip below the segment pane: a title
// (or the save error, in one line), the hypothesis and source with the
// error spans marked, and the segment's annotations, in exactly n.height
// lines.
func (n annotator) stripView(c common, sel selection) string {
	title, text, list := n.stripParts(c, sel)
	lines := append([]string{title}, fitStrip(c.st, text, list, n.height-1)...)
	return fit(strings.Join(lines, "\n"), c.width, n.height)
}

// stripParts returns what the strip shows of sel: its title line, its
// marked text ([markedTexts]) and the list of the annotations (none for a
// segment without).
func (n annotator) stripParts(c common, sel selection) (title string, text markedText, list []string) {
	anns := n.segment(c, sel)
	title = n.titleLine(c, sel, anns)
	if !sel.ok || len(anns) == 0 {
		return title, markedText{focus: -1}, nil
	}
	text = n.strip.text
	if !n.strip.of(n.res, c, sel) { // not laid out by stripLines
		text = markedTexts(c, sel, anns)
	}
	list = make([]string, len(anns))
	tagged := manyRaters(anns)
	for i, a := range anns {
		list[i] = n.annLine(c, i, a, tagged)
	}
	return title, text, list
}

// markedText is what the strip shows of a segment's texts: the marks of
// its errors of the whole segment ("C whole segment", "" when none), which
// stand below the hypothesis as a span's marks do, the lines of the texts
// with the error spans marked, the number of them that are the
// hypothesis's (the whole segment's marks follow those), and the index
// among them of the first line of marks (-1 when none), which the strip
// keeps in view.
type markedText struct {
	whole  string
	lines  []string
	hypEnd int
	focus  int
}

// markedTexts is the marked text of the texts of sel that anns mark (the
// hypothesis, the source).
func markedTexts(c common, sel selection, anns []annotations.Annotation) markedText {
	whole, focus, hypEnd := wholeSegmentMarks(c.st, anns), -1, 0
	var marked []string
	add := func(label, text string, side annotations.Side) {
		lines, first := markedLinesAt(c.st, label, annLabelW, text, c.width, spanMarks(anns, side))
		if focus < 0 && first >= 0 {
			focus = len(marked) + first
		}
		marked = append(marked, lines...)
	}
	if whole != "" || hasSide(anns, annotations.SideHyp) {
		add("hyp", c.ds.Systems[sel.sys].Hyps[sel.seg], annotations.SideHyp)
		hypEnd = len(marked)
	}
	if c.ds.Src != nil && hasSide(anns, annotations.SideSrc) {
		add("src", c.ds.Src[sel.seg], annotations.SideSrc)
	}
	return markedText{whole: whole, lines: slices.Clip(marked), hypEnd: hypEnd, focus: focus} // kept: appends copy
}

// fitStrip lays text (the whole segment's marks, the marked lines) and
// the list of annotations in room lines: all when they
// fit; else the list first, then as much of the marked text as is left
// but at least two lines, the list cut to make room with a line saying
// how many more E lists (with room for that line alone, how many there
// are). The marked text shown is its first lines, or, when they would
// leave out its first line of marks (focus, -1 when none), the lines up
// to that one, so that a span marked on a later line of a long
// hypothesis shows with its marks. Short of room, the whole segment's
// marks give way to the marked text, which has no other place: the list
// names those errors "(whole segment)", and its line of how many more
// ends with the marks.
func fitStrip(st render.Styles, text markedText, list []string, room int) []string {
	whole, marked, focus := text.whole, text.lines, text.focus
	if whole != "" && 1+len(marked)+len(list) <= room {
		end := min(text.hypEnd, len(marked))
		return slices.Concat(marked[:end], []string{strings.Repeat(" ", annLabelW) + whole}, marked[end:], list)
	}
	if len(marked)+len(list) <= room {
		return slices.Concat(marked, list) // marked may be the annotator's kept layout
	}
	tail := ""
	if whole != "" {
		tail = st.Muted.Render(" · ") + whole
	}
	keep := min(len(marked), max(2, room-len(list)), room)
	from := max(0, min(focus+1-keep, len(marked)-keep))
	if lroom := room - keep; len(list) > lroom {
		switch lroom {
		case 0:
			return slices.Clip(marked[from : from+keep]) // marked may be the annotator's kept layout
		case 1: // no room for a line of the list and the "more" line
			return append([]string{st.Muted.Render(fmt.Sprintf("%d annotations (E lists them)", len(list))) + tail}, marked[from:from+keep]...)
		}
		more := len(list) - (lroom - 1)
		list = append(list[:lroom-1:lroom-1], st.Muted.Render(fmt.Sprintf("… %d more (E lists them)", more))+tail)
	}
	return append(list, marked[from:from+keep]...)
}

// titleLine is the strip's first line: the save error when the last save
// failed, else what the segment has and the keys.
func (n annotator) titleLine(c common, sel selection, anns []annotations.Annotation) string {
	st := c.st
	if n.err != nil {
		return st.Error.Render(render.Truncate(saveErrorLine(n.err, n.pending()), c.width))
	}
	var what string
	switch errs := countErrors(anns); {
	case !sel.ok: // a filter that selects none: no key has a segment to act on
		what = "no segment selected"
	case len(anns) == 0:
		what = "not annotated yet"
	case errs == 0:
		what = "annotated"
	default:
		what = fmt.Sprintf("%d error%s", errs, model.PluralS(errs))
		if p, ok := n.res.Penalty(c.ds.Systems[sel.sys].StableName(), sel.seg+1, n.preset); ok {
			what += " · MQM " + trimFloat(p)
		}
	}
	what += segmentScores(anns)
	if p := n.pending(); p > 0 {
		what += fmt.Sprintf(" · %d unsaved", p)
	}
	k := c.keys
	left := "annotations · " + what
	// E edits, or only lists where nothing can be changed (--mqm, a
	// read-only file, whose A and N are off and so left out).
	list := "edit"
	if !n.editable() {
		list = "list"
	}
	// % is offered where the preset has the segment score (esa, a
	// typology's "score"), as A and N are: only where it can be given.
	score := as(k.SegmentScore, "%", "score")
	score.SetEnabled(score.Enabled() && n.preset != nil && n.preset.SegmentScore)
	keys := keyLine(as(k.Annotate, "A", "mark error"), as(k.Annotations, "E", list), as(k.NoError, "N", "no error"), score, as(k.NextUnrated, "U", "next"))
	// The keys take their short form, then E (with nothing to edit on a
	// segment not annotated) gives way, then %, then they all do.
	short := keyLine(as(k.Annotate, "A", "mark"), as(k.Annotations, "E", list), as(k.NoError, "N", "ok"), score, as(k.NextUnrated, "U", "next"))
	shorter := keyLine(as(k.Annotate, "A", "mark"), as(k.NoError, "N", "ok"), score, as(k.NextUnrated, "U", "next"))
	shortest := keyLine(as(k.Annotate, "A", "mark"), as(k.NoError, "N", "ok"), as(k.NextUnrated, "U", "next"))
	forms := []lineForm{{left, keys}, {left, short}, {left, shorter}, {left, shortest}, {left, ""}}
	if !sel.ok {
		forms = forms[len(forms)-1:]
	}
	return st.Header.Render(firstFitLine(c.width, "  ", forms...))
}

// saveErrorLine says in one short line that changes are not on disk,
// that they are kept, why, and what to do.
func saveErrorLine(err error, pending int) string {
	reason := err
	var se *annotations.SaveError
	if errors.As(err, &se) {
		reason = se.Err
	}
	var pe *fs.PathError
	if errors.As(reason, &pe) {
		reason = pe.Err // the path is the annotation file's, known
	}
	fix := "the next change or q retries"
	switch {
	case errors.Is(err, annotations.ErrInUse):
		fix = "the file is busy; the next change or q saves these after the other bleuscope's once it lets go"
	case errors.Is(err, syscall.ENOSPC):
		fix = "free some disk space; the next change or q retries"
	case errors.Is(err, fs.ErrNotExist), errors.Is(err, syscall.ENOTDIR):
		fix = "its folder is gone; make it again, then the next change or q retries"
	case errors.Is(err, fs.ErrPermission):
		fix = "make the file writable again (chmod u+w); the next change or q retries"
	case errors.Is(err, syscall.EROFS):
		fix = "its file system is read-only now; remount it writable, then the next change or q retries"
	}
	// The remedy first, so that a narrow window keeps it.
	return fmt.Sprintf("NOT SAVED: %s; %d change%s kept in memory (%s)", fix, pending, model.PluralS(pending), render.Safe(reason.Error()))
}

// segmentScores is " · score 70" for a segment scored 70 (ESA), the
// mean and the raters when several scored it, " · score 62.5 (2 raters)",
// or "" when none did.
func segmentScores(anns []annotations.Annotation) string {
	sum, n := 0, 0
	for _, a := range anns {
		if a.Kind == annotations.KindScore && a.Score != nil {
			sum, n = sum+*a.Score, n+1
		}
	}
	switch n {
	case 0:
		return ""
	case 1:
		return " · score " + itoa(sum)
	}
	return fmt.Sprintf(" · score %s (%d raters)", trimFloat(float64(sum)/float64(n)), n)
}

func countErrors(anns []annotations.Annotation) int {
	n := 0
	for _, a := range anns {
		if a.Kind == annotations.KindError {
			n++
		}
	}
	return n
}

// listNumber is " N", the number E's list gives the annotation being
// edited on sel (not its ID, which counts across the file), or "" when
// the list does not hold it.
func (n annotator) listNumber(c common, sel selection) string {
	for i, a := range n.segment(c, sel) {
		if a.ID == n.d.edit.ID {
			return " " + itoa(i+1)
		}
	}
	return ""
}

// trimFloat writes x with at most two decimals and no trailing zeros.
func trimFloat(x float64) string {
	s := fmt.Sprintf("%.2f", x)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return s
}

// panelView is the annotator while it has the keyboard, in place of the
// segment pane and the strip: a title, the texts with the span being
// marked (or the segment's spans), and what the step asks for, in exactly
// height lines.
func (n annotator) panelView(c common, sel selection, height int) string {
	st := c.st
	w := c.width
	d := n.d
	title := fmt.Sprintf("annotate line %d of %s · %s · %s", d.seg+1, c.shortName(d.sys), render.Safe(n.rater), render.Safe(n.preset.Name))
	if d.edit.ID != 0 && n.step != stepList && n.step != stepDelete {
		title = fmt.Sprintf("edit annotation%s · line %d of %s", n.listNumber(c, sel), d.seg+1, c.shortName(d.sys))
	}
	if n.step == stepList || n.step == stepDelete {
		title = fmt.Sprintf("annotations of line %d of %s", sel.seg+1, c.shortName(sel.sys))
	}
	head := st.Header.Render(render.PadRight(title, w))
	// The texts keep at least two lines (the hypothesis and its marker
	// row); the step gets the rest it needs.
	all := n.textLines(c, sel, height)
	step := n.stepLines(c, sel, max(1, height-1-min(len(all), 2)))
	text := n.textLines(c, sel, max(1, height-1-len(step)))
	lines := append([]string{head}, text...)
	lines = append(lines, step...)
	return fit(strings.Join(lines, "\n"), w, height)
}

// textLines draws the hypothesis and the source for the step, in at most
// room lines, keeping the cursor in view.
func (n annotator) textLines(c common, sel selection, room int) []string {
	st := c.st
	d := n.d
	if n.step == stepList || n.step == stepDelete {
		anns := n.segment(c, sel)
		if !sel.ok {
			return nil
		}
		out := markedLines(st, "hyp", annLabelW, c.ds.Systems[sel.sys].Hyps[sel.seg], c.width, spanMarks(anns, annotations.SideHyp))
		if whole := wholeSegmentMarks(st, anns); whole != "" { // below the hypothesis, as in the strip
			out = append(out, render.Truncate(strings.Repeat(" ", annLabelW)+whole, c.width))
		}
		if c.ds.Src != nil {
			out = append(out, markedLines(st, "src", annLabelW, c.ds.Src[sel.seg], c.width, spanMarks(anns, annotations.SideSrc))...)
		}
		return window(out, room, -1)
	}
	draftMark := func(side annotations.Side) func(int) spanMark {
		if side != d.side {
			return func(int) spanMark { return markNone }
		}
		if n.step != stepSpan {
			if d.span == nil {
				return func(int) spanMark { return markNone }
			}
			lo, hi := d.span.Start, d.span.End
			return func(i int) spanMark {
				if i >= lo && i < hi {
					return markSelected
				}
				return markNone
			}
		}
		if len(d.toks) == 0 {
			return func(int) spanMark { return markNone }
		}
		cur := d.toks[min(d.cursor, len(d.toks)-1)]
		lo, hi := cur.start, cur.end
		if d.anchor >= 0 {
			a := d.toks[d.anchor]
			lo, hi = min(lo, a.start), max(hi, a.end)
		}
		return func(i int) spanMark {
			switch {
			case i >= cur.start && i < cur.end:
				return markCursor
			case i >= lo && i < hi:
				return markSelected
			}
			return markNone
		}
	}
	hyp := markedLines(st, "hyp", annLabelW, d.hyp, c.width, draftMark(annotations.SideHyp))
	var src []string
	if c.ds.Src != nil {
		src = markedLines(st, "src", annLabelW, d.src, c.width, draftMark(annotations.SideSrc))
	}
	// The side being marked gets the room it needs; the other what is left.
	focus, other := hyp, src
	if d.side == annotations.SideSrc {
		focus, other = src, hyp
	}
	focus = window(focus, room, cursorLine(focus))
	other = window(other, room-len(focus), -1)
	if d.side == annotations.SideSrc {
		return append(other, focus...)
	}
	return append(focus, other...)
}

// cursorLine returns the index of the text line above the first marker row
// holding the cursor's '^', or -1.
func cursorLine(lines []string) int {
	for i, l := range lines {
		if i > 0 && strings.ContainsRune(l, '^') && strings.TrimLeft(l, " ^-") == "" {
			return i - 1
		}
	}
	return -1
}

// window returns at most room lines of lines, keeping line keep (and its
// marker row) in view; keep -1 keeps the top.
func window(lines []string, room, keep int) []string {
	if room <= 0 {
		return nil
	}
	if len(lines) <= room {
		return lines
	}
	off := 0
	if keep >= 0 {
		off = min(max(0, keep+2-room), len(lines)-room)
	}
	return lines[off : off+room]
}

// stepLines is what the step asks for, under the texts.
func (n annotator) stepLines(c common, sel selection, room int) []string {
	st := c.st
	w := c.width
	d := n.d
	span := "whole segment"
	if d.span != nil {
		text := []rune(d.text())
		span = "«" + render.Safe(string(text[d.span.Start:d.span.End])) + "»"
		if d.span.Side == annotations.SideSrc {
			span = "source " + span
		}
	}
	chosen := func() string {
		s := "span " + span
		if d.category != "" {
			s += " · " + render.Safe(d.category)
		}
		if d.severity != "" && n.step != stepSeverity {
			s += " · " + render.Safe(d.severity)
		}
		return render.Truncate(s, w)
	}
	switch n.step {
	case stepList, stepDelete:
		anns := n.segment(c, sel)
		var out []string
		tagged := manyRaters(anns)
		for i, a := range anns {
			// "▸" marks the chosen one where colour does not (NO_COLOR),
			// as on the segment list and the summary's.
			l := render.Truncate(" "+n.annLine(c, i, a, tagged), w)
			if i == n.pick { // highlighted whole: the line's own styles would end it
				l = st.Selected.Render(render.PadRight("▸"+ansi.Strip(l)[1:], w))
			}
			out = append(out, l)
		}
		if n.step == stepDelete && n.pick < len(anns) {
			out = append(out, st.Warn.Render(render.Truncate("delete "+describeOf(anns[n.pick], n.rater)+"? y deletes, any other key keeps it", w)))
		}
		return out
	case stepSpan:
		what := "mark the first token with space, the last with space or enter"
		if d.anchor >= 0 {
			what = "now the last token: space or enter"
		}
		if d.keep && d.edit.Span == nil {
			what = "enter keeps the whole segment; ←→ and space mark a span"
		}
		if len(d.toks) == 0 {
			what = "no text to mark: enter or x for the whole segment"
		}
		return []string{st.Muted.Render(render.Truncate(what, w))}
	case stepCategory:
		return append([]string{chosen() + st.Accent.Render(" · category: "+d.keys+"_")}, n.categoryTable(c, room-1)...)
	case stepSeverity:
		return []string{chosen() + st.Accent.Render(" · severity?")}
	case stepNote:
		return []string{chosen(), d.note.view(st, w)}
	case stepScore:
		return []string{d.scoreInput.view(st, w)}
	}
	return nil
}

// keyCell is a key and what it picks, one cell of a key table.
type keyCell struct{ keys, name string }

// categoryTable lays out the categories whose keys start with what was
// typed, as "key name" in columns, in at most rows lines: when they do not
// fit, the first keys with the group each opens ("a… Accuracy"), and when
// those or a group's categories do not fit either, in narrower columns
// (see [keyColumns]).
func (n annotator) categoryTable(c common, rows int) []string {
	var all []keyCell
	for _, cat := range n.preset.Categories {
		if strings.HasPrefix(cat.Keys, n.d.keys) {
			all = append(all, keyCell{cat.Keys, render.Safe(cat.Name)})
		}
	}
	if len(keyColumns(c, all, 0)) <= rows || n.d.keys != "" {
		return keyColumns(c, all, rows)
	}
	var groups []keyCell
	seen := map[string]int{}
	for _, e := range all {
		first := string([]rune(e.keys)[:1])
		if i, ok := seen[first]; ok {
			g := &groups[i]
			g.keys = first + "…"
			if before, _, ok := strings.Cut(g.name, "/"); ok {
				g.name = before
			}
			continue
		}
		seen[first] = len(groups)
		groups = append(groups, e)
	}
	return keyColumns(c, groups, rows)
}

// minKeyColumn is the narrowest column [keyColumns] cuts names to: the
// keys, a space and the name's first letters ("ab Fluen…"), as wide as
// the cell that says how many more there are ("… 123 more").
const minKeyColumn = 10

// keyColumns lays cells out in as many columns as fit the width. With
// rows above 0 the table takes at most rows lines: when the cells do not
// fit in columns as wide as the widest name, the columns narrow, names
// cut with "…", so that every key shows; when even columns of
// minKeyColumn cells do not hold them all, the last cell says how many
// more there are ("… 12 more"; their keys still pick them).
func keyColumns(c common, cells []keyCell, rows int) []string {
	st := c.st
	colW := 0
	for _, e := range cells {
		colW = max(colW, max(2, render.Cells(e.keys))+1+render.Cells(e.name))
	}
	colW = min(colW, max(12, c.width))
	cols := max(1, (c.width+2)/(colW+2))
	if rows > 0 && (len(cells)+cols-1)/cols > rows {
		cols = (len(cells) + rows - 1) / rows
		colW = (c.width+2)/cols - 2
		if colW < minKeyColumn {
			cols = max(1, (c.width+2)/(minKeyColumn+2))
			colW = (c.width+2)/cols - 2
			if keep := rows*cols - 1; keep < len(cells) {
				more := len(cells) - keep
				cells = append(cells[:keep:keep], keyCell{"", fmt.Sprintf("… %d more", more)})
			}
		}
	}
	var out []string
	for i := 0; i < len(cells); i += cols {
		var row []string
		for _, e := range cells[i:min(i+cols, len(cells))] {
			if e.keys == "" { // how many more
				row = append(row, render.PadRight(st.Muted.Render(render.Truncate(e.name, colW)), colW))
				continue
			}
			keys := render.PadRight(e.keys, 2)
			name := render.Truncate(e.name, max(1, colW-render.Cells(keys)-1))
			row = append(row, render.PadRight(st.Key.Render(keys)+" "+name, colW))
		}
		out = append(out, render.Truncate(strings.TrimRight(strings.Join(row, "  "), " "), c.width))
	}
	return out
}
