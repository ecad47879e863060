package annotations

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bleuscope/bleuscope/model"
)

// The columns of a WMT MQM TSV, in the order [WriteMQM] writes them.
// ReadMQM finds them by the names of the header row; comment is optional.
var mqmColumns = []string{"system", "doc", "doc_id", "seg_id", "rater", "source", "target", "category", "severity", "comment"}

// MQMHeaderWords names the header's columns for a person: the nine it
// needs, then the optional comment.
var MQMHeaderWords = strings.Join(mqmColumns[:9], " ") + " and, optionally, " + mqmColumns[9]

// The span markers of WMT MQM files.
const (
	openTag  = "<v>"
	closeTag = "</v>"
)

// textStart checks the start of br, the text of the file name, as
// [model.Load] checks a file's ([model.CheckEncoding]), and drops a
// UTF-8 byte-order mark there, as Load drops one before a TSV's header.
// It returns the mark it dropped ("" when there was none), which line 1
// is checked for UTF-8 with ([model.NotUTF8]), so that the byte offsets
// reported there count it, as Load's do.
func textStart(br *bufio.Reader, name string) (string, error) {
	head, _ := br.Peek(model.EncodingHead + 1)
	if err := model.CheckEncoding(name, head); err != nil {
		return "", err
	}
	if !bytes.HasPrefix(head, []byte(model.BOM)) {
		return "", nil
	}
	br.Discard(len(model.BOM))
	return model.BOM, nil
}

// NotAnnotationFile begins what opening a file that is not an annotation
// file says on its line 1; NotMQMHeader begins what [ReadMQM] says on line
// 1 of a file whose header lacks MQM's columns, followed by which and ";".
// Callers that know more of what the file was taken for reword them.
const (
	NotAnnotationFile = "is not a bleuscope annotation file"
	NotMQMHeader      = "is not an MQM TSV header: it "
)

// AnnotationFileNotMQM is what [ReadMQM] says of an annotation file.
const AnnotationFileNotMQM = "is a bleuscope annotation file, not a WMT MQM TSV"

// mqmText is what [ReadMQM] asks for instead of a file that is not text.
const mqmText = "a WMT MQM TSV in plain text, one row per error"

// noError is the category and severity of a clean segment's row.
const noError = "No-error"

// madeHere is the doc of an annotation made in bleuscope in an MQM TSV
// (it has no document): [WriteMQM] writes it with the line as doc_id and
// seg_id, and [ReadMQM] takes the line back from it, whatever the rule.
const madeHere = "-"

// LineRule says how [ReadMQM] numbers segments.
type LineRule int

// The ways to number the segments of an MQM file.
const (
	// LinesByPosition numbers segments 1, 2, … in the order their (doc,
	// seg_id) first appears in the file: the lines of the corpus
	// [OpenMQM] makes.
	LinesByPosition LineRule = iota
	// LinesBySegID takes seg_id as the line number (WMT newstest files
	// number segments by their line in the test set); every seg_id must
	// then be a positive integer.
	LinesBySegID
)

// MQMRows is what [ReadMQM] read: one annotation per row, in file order.
type MQMRows struct {
	// Annotations are the rows: errors and no-error marks.
	Annotations []Annotation
	// Warnings describe rows read with a repair, one line a repair: the
	// row's own when one row needs it, else how many and the first.
	Warnings []string
}

// ReadMQM reads a WMT MQM TSV: a header row naming the columns system,
// doc, doc_id, seg_id, rater, source, target, category, severity and
// optionally comment, then one row per error, or one row with category
// No-error for a clean segment. Fields are taken as they are, with no
// quoting (a field may start with a quotation mark); a "\r" before the
// "\n" is dropped. The error's span is the text between "<v>" and "</v>"
// in the target, or in the source (a source-side span, for omissions and
// source errors); the texts kept are the row's without the tags. A "<v>"
// never closed runs to the end of its text, with a warning (the WMT21 TED
// zh-en file has one); a "</v>" without "<v>", a second span and the
// source's span beside the target's are dropped from the span, with a
// warning, and kept in [Annotation.Marked] so that [WriteMQM] writes the
// row back as it was. A NUL character in a source or target, the texts
// scored and shown, gets [model.NULWarning]. A file in UTF-16 or UTF-32
// is refused as [model.Load] refuses one ([model.CheckEncoding]), a byte
// that is not UTF-8 as Load words it ([model.NotUTF8]) but in a first
// line that is no header, which says the file is no MQM TSV; a UTF-8
// byte-order mark before the header is dropped, as [model.Load] drops one
// before a TSV's header. name labels errors, which are
// [*model.InputError]s naming the line.
func ReadMQM(r io.Reader, name string, lines LineRule) (*MQMRows, error) {
	br := bufio.NewReader(r)
	mark, err := textStart(br, name)
	if err != nil {
		return nil, err
	}
	out := &MQMRows{}
	var col map[string]int
	seen := map[[2]string]int{}
	// texts are the targets of each system's segments (its first row's).
	type segment struct {
		system string
		line   int
	}
	texts := map[segment]string{}
	var strs rowStrings
	warns := rowWarnings{name: name}
	var nul model.LineTally
	for lineNo := 1; ; lineNo++ {
		raw, err := br.ReadString('\n')
		if err != nil && err != io.EOF { // a limit's error (model.LoadOptions.BoundedReader) or a gzip stream's kept
			return nil, model.OpenErr(name, err)
		}
		if raw == "" && err == io.EOF {
			break
		}
		text := strings.TrimSuffix(strings.TrimSuffix(raw, "\n"), "\r")
		bad := func(msg string) error { return &model.InputError{File: name, Line: lineNo, Msg: msg} }
		fields := strings.Split(text, "\t")
		if col == nil {
			if col, err = mqmHeader(fields); err != nil {
				if !utf8.ValidString(text) { // a binary file, say: the line a system file gets, with the bytes after it
					more, _ := br.Peek(4096)
					if err := model.FirstNotUTF8(name, append([]byte(mark+raw), more...), mqmText); err != nil {
						return nil, err
					}
					// Not UTF-8 only in a character cut off at the file's end,
					// which the line itself shows.
					return nil, model.NotUTF8(name, lineNo, mark+text, mqmText)
				}
				if text != "" && IsAnnotationFile([]byte(mark+text)) {
					return nil, bad(AnnotationFileNotMQM)
				}
				return nil, bad(err.Error())
			}
		}
		if err := model.NotUTF8(name, lineNo, mark+text, mqmText); err != nil {
			return nil, err
		}
		if lineNo == 1 { // the header
			mark = "" // only line 1 follows it
			continue
		}
		if text == "" {
			if err == io.EOF {
				break
			}
			continue
		}
		if !fieldsFit(fields, col) {
			return nil, bad(fmt.Sprintf("has %d tab-separated fields but the header has %d; an MQM TSV has one row per error and no tabs inside fields", len(fields), len(col)))
		}
		get := func(c string) string {
			if i, ok := col[c]; ok && i < len(fields) {
				return fields[i]
			}
			return ""
		}
		a, warn, perr := mqmRow(get, &strs)
		if perr != nil {
			return nil, bad(perr.Error())
		}
		if warn != "" {
			warns.add(warn, lineNo, warn, warn, "")
		}
		if model.HasNUL(a.Src) || model.HasNUL(a.Hyp) {
			nul.Add(lineNo)
		}
		segN, segErr := strconv.Atoi(a.SegID)
		switch {
		case a.Doc == madeHere && segErr == nil && segN > 0:
			// Made in bleuscope and exported: seg_id is its line, and it
			// takes no position from the file's own segments.
			a.Doc, a.DocID, a.SegID, a.Line = "", "", "", segN
		case lines == LinesBySegID:
			if segErr != nil || segN < 1 {
				return nil, bad(fmt.Sprintf("seg_id %s is not a positive integer, so it cannot be a line number; number the segments by their position instead", model.Quote(a.SegID)))
			}
			a.Line = segN
		default:
			key := [2]string{a.Doc, a.SegID}
			pos, ok := seen[key]
			if !ok {
				pos = len(seen) + 1
				seen[key] = pos
			}
			a.Line = pos
		}
		tk := segment{a.System, a.Line}
		if prev, ok := texts[tk]; ok && prev != a.Hyp {
			warns.add("differs", lineNo,
				fmt.Sprintf("the target of system %s, segment %s differs from its earlier rows'; this row keeps its own text", a.System, a.SegID),
				"the target of a segment differs from its earlier rows'; each row keeps its own text",
				fmt.Sprintf("system %s, segment %s", a.System, a.SegID))
		} else if !ok {
			texts[tk] = a.Hyp
		}
		out.Annotations = append(out.Annotations, a)
		if err == io.EOF {
			break
		}
	}
	if col == nil {
		return nil, &model.InputError{File: name, Msg: "is empty; give a WMT MQM TSV: a header row naming the columns " + MQMHeaderWords + ", then one row per error"}
	}
	out.Warnings = append(warns.lines(), model.NULWarning(name, nul)...)
	return out, nil
}

// rowWarnings gathers the warnings of an MQM TSV's rows by what they say,
// so that a repair made on many rows (a file whose every "<v>" is left
// open) is one line, not one a row.
type rowWarnings struct {
	name  string // the file, as errors name it
	kinds []*rowWarning
	byKey map[string]*rowWarning
}

// rowWarning is one kind of warning: the rows it was given for, and what
// it says of one row and of several.
type rowWarning struct {
	rows             model.LineTally
	one, many, first string
}

// add counts line under the warning key: one is what it says when line is
// its only row, many what it says of several, whose first it names by
// its line and, if not "", by first ("system A, segment 3").
func (w *rowWarnings) add(key string, line int, one, many, first string) {
	if w.byKey == nil {
		w.byKey = map[string]*rowWarning{}
	}
	k, ok := w.byKey[key]
	if !ok {
		k = &rowWarning{one: one, many: many, first: first}
		w.byKey[key] = k
		w.kinds = append(w.kinds, k)
	}
	k.rows.Add(line)
}

// lines returns a line for each kind of warning, in the order first met:
// "q.tsv:6: what" for a lone row, else "q.tsv: what (on 3 rows; the
// first, line 6)", or "(…; the first, line 6: system A, segment 3)".
func (w *rowWarnings) lines() []string {
	out := make([]string, 0, len(w.kinds))
	for _, k := range w.kinds {
		if k.rows.N == 1 {
			out = append(out, fmt.Sprintf("%s:%d: %s", w.name, k.rows.First, k.one))
			continue
		}
		first := ""
		if k.first != "" {
			first = ": " + k.first
		}
		out = append(out, fmt.Sprintf("%s: %s (on %s; the first, line %d%s)", w.name, k.many, model.Counted(k.rows.N, "row"), k.rows.First, first))
	}
	return out
}

// fieldsFit reports whether a row has the header's number of fields, give
// or take an empty field after the last (a trailing tab) or a missing
// comment at the end.
func fieldsFit(fields []string, col map[string]int) bool {
	switch n := len(fields); {
	case n == len(col):
		return true
	case n == len(col)+1:
		return fields[n-1] == ""
	case n == len(col)-1:
		i, ok := col["comment"]
		return ok && i == n
	}
	return false
}

// mqmHeader maps column names to their positions.
func mqmHeader(fields []string) (map[string]int, error) {
	col := map[string]int{}
	for i, f := range fields {
		col[strings.TrimSpace(f)] = i
	}
	var missing []string
	for _, c := range mqmColumns[:9] {
		if _, ok := col[c]; !ok {
			missing = append(missing, c)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf(NotMQMHeader+"lacks the column%s %s; the first row must name the columns %s",
			model.PluralS(len(missing)), strings.Join(missing, ", "), MQMHeaderWords)
	}
	return col, nil
}

// rowStrings keeps one copy of each distinct field of an MQM TSV's rows,
// and of each distinct text with its hash, so that the annotations read
// share them, and not the lines they were cut from: a file's rows repeat
// their systems, raters and categories, and their texts, once a rater
// and an error.
type rowStrings struct {
	fields map[string]string
	texts  map[string]hashedText
}

// hashedText is a text kept by [rowStrings] and its [TextHash].
type hashedText struct{ text, hash string }

// field returns s as kept.
func (r *rowStrings) field(s string) string {
	if s == "" {
		return ""
	}
	if r.fields == nil {
		r.fields = map[string]string{}
	}
	kept, ok := r.fields[s]
	if !ok {
		kept = strings.Clone(s)
		r.fields[kept] = kept
	}
	return kept
}

// text returns s as kept and its hash.
func (r *rowStrings) text(s string) (string, string) {
	if r.texts == nil {
		r.texts = map[string]hashedText{}
	}
	kept, ok := r.texts[s]
	if !ok {
		kept = hashedText{strings.Clone(s), TextHash(s)}
		r.texts[kept.text] = kept
	}
	return kept.text, kept.hash
}

// setText is [Annotation.SetText] with the texts as kept.
func (r *rowStrings) setText(a *Annotation, hyp, src string) {
	a.Hyp, a.HypHash = r.text(hyp)
	a.Src, a.SrcHash = "", ""
	if src != "" {
		a.Src, a.SrcHash = r.text(src)
	}
}

// keep makes a's strings, decoded from an annotation file, those kept:
// a text's hash is the one kept when it is the one a holds. It reports
// whether a's text hashes are those of its texts, as
// [Annotation.hashed] would, each text hashed once however many
// annotations hold it.
func (r *rowStrings) keep(a *Annotation) bool {
	a.Kind = Kind(r.field(string(a.Kind)))
	a.System, a.Rater, a.Note = r.field(a.System), r.field(a.Rater), r.field(a.Note)
	a.Category, a.Severity = r.field(a.Category), r.field(a.Severity)
	a.Doc, a.DocID, a.SegID = r.field(a.Doc), r.field(a.DocID), r.field(a.SegID)
	if a.Span != nil {
		a.Span.Side = Side(r.field(string(a.Span.Side)))
	}
	var hash string
	hyp, src := false, a.Src == "" && a.SrcHash == ""
	if a.Hyp, hash = r.text(a.Hyp); hash == a.HypHash {
		a.HypHash, hyp = hash, true
	}
	if a.Src != "" {
		if a.Src, hash = r.text(a.Src); hash == a.SrcHash {
			a.SrcHash, src = hash, true
		}
	}
	return hyp && src
}

// mqmRow turns one row into an annotation (without its line), its
// strings as kept in strs.
func mqmRow(get func(string) string, strs *rowStrings) (Annotation, string, error) {
	f := func(c string) string { return strs.field(get(c)) }
	a := Annotation{
		Kind: KindError, System: f("system"), Rater: f("rater"),
		Doc: f("doc"), DocID: f("doc_id"), SegID: f("seg_id"),
		Category: f("category"), Severity: f("severity"), Note: f("comment"),
	}
	if a.System == "" {
		return a, "", errors.New("has no system name; fill in the system column")
	}
	source, target := get("source"), get("target")
	src, hyp, span, warn := untagRow(source, target)
	a.Span = span
	strs.setText(&a, hyp, src)
	if a.Category == noError || a.Severity == noError {
		a.Kind, a.Category, a.Severity, a.Span = KindNoError, "", "", nil
	} else if a.Category == "" || a.Severity == "" {
		return a, "", errors.New("has no category or no severity; write both, or No-error in both for a clean segment")
	}
	if src, hyp := tagged(&a); src != source || hyp != target {
		a.Marked = Marked{Source: strings.Clone(source), Target: strings.Clone(target)}
	}
	return a, warn, nil
}

// untagRow reads the span of a row's source and target: the texts without
// their tags, the span (the target's when both mark one) and a warning
// about repairs.
func untagRow(source, target string) (src, hyp string, span *Span, warn string) {
	src, srcSpan, srcWarn := untag(source)
	hyp, hypSpan, hypWarn := untag(target)
	warn = joinWarn(hypWarn, srcWarn)
	switch {
	case hypSpan != nil:
		if srcSpan != nil {
			warn = joinWarn(warn, "both the source and the target mark a span; the target's is kept")
		}
		hypSpan.Side = SideHyp
		span = hypSpan
	case srcSpan != nil:
		srcSpan.Side = SideSrc
		span = srcSpan
	}
	return src, hyp, span, warn
}

// untag removes the first <v>…</v> pair from s and returns the text, the
// span in code points (nil without tags) and a warning about repairs:
// every other tag is dropped.
func untag(s string) (string, *Span, string) {
	const stray = `a "</v>" without "<v>" is dropped`
	open := strings.Index(s, openTag)
	if open < 0 {
		if strings.Contains(s, closeTag) {
			return strings.ReplaceAll(s, closeTag, ""), nil, stray
		}
		return s, nil, ""
	}
	before, rest := s[:open], s[open+len(openTag):]
	inner, after, closed := strings.Cut(rest, closeTag)
	warn := ""
	if strings.Contains(before, closeTag) {
		warn, before = stray, strings.ReplaceAll(before, closeTag, "")
	}
	if !closed {
		warn = joinWarn(warn, `a "<v>" is never closed; the span runs to the end of the text`)
	}
	if strings.Contains(after, openTag) || strings.Contains(after, closeTag) || strings.Contains(inner, openTag) {
		warn = joinWarn(warn, "more than one span; the first is kept and the other tags dropped")
		strip := strings.NewReplacer(openTag, "", closeTag, "")
		inner, after = strip.Replace(inner), strip.Replace(after)
	}
	start := utf8.RuneCountInString(before)
	return before + inner + after, &Span{Start: start, End: start + utf8.RuneCountInString(inner)}, warn
}

// tag returns text with <v> and </v> around code points [start, end).
func tag(text string, sp *Span) string {
	lo, hi, ok := ByteRange(text, sp.Start, sp.End)
	if !ok {
		return text
	}
	return text[:lo] + openTag + text[lo:hi] + closeTag + text[hi:]
}

// tagged returns a's source and target with its span marked <v>…</v>.
func tagged(a *Annotation) (src, hyp string) {
	src, hyp = a.Src, a.Hyp
	if a.Span != nil {
		if a.Span.Side == SideSrc {
			src = tag(src, a.Span)
		} else {
			hyp = tag(hyp, a.Span)
		}
	}
	return src, hyp
}

// marked returns the source and target an MQM row of a has: the row's it
// was read from ([Annotation.Marked]) while a still has the texts and the
// span read from them, so that a marking [tagged] cannot write comes back
// exactly; else [tagged]'s.
func marked(a *Annotation) (src, hyp string) {
	if m := a.Marked; m != (Marked{}) {
		src, hyp, span, _ := untagRow(m.Source, m.Target)
		if src == a.Src && hyp == a.Hyp && (a.Kind == KindNoError || sameSpan(span, a.Span)) {
			return m.Source, m.Target
		}
	}
	return tagged(a)
}

// sameSpan reports whether a and b are the same span, or both none.
func sameSpan(a, b *Span) bool {
	return a == nil && b == nil || a != nil && b != nil && *a == *b
}

// mqmFields returns the ten MQM columns of an error or no-error mark.
func mqmFields(a *Annotation) []string {
	doc, docID, segID := a.Doc, a.DocID, a.SegID
	if doc == "" && docID == "" && segID == "" {
		doc, docID, segID = madeHere, strconv.Itoa(a.Line), strconv.Itoa(a.Line)
	}
	src, hyp := marked(a)
	cat, sev := a.Category, a.Severity
	if a.Kind == KindNoError {
		cat, sev = noError, noError
	}
	return []string{a.System, doc, docID, segID, a.Rater, src, hyp, cat, sev, a.Note}
}

// WriteMQM writes the errors and no-error marks of anns as a WMT MQM TSV
// with a comment column (the note), one row per annotation in the order
// given; ESA scores have no place in it and are left out. The span is
// marked <v>…</v>; a row [ReadMQM] read is written with its source and
// target exactly as they were, however they were marked, unless its span
// has changed since. Annotations made
// in bleuscope, with no document or segment id, get doc "-" and their line
// number as doc_id and seg_id. The format has no quoting, so a tab, "\r" or
// "\n" inside a field is written as a space; replaced counts those fields.
func WriteMQM(w io.Writer, anns []Annotation) (replaced int, err error) {
	bw := bufio.NewWriter(w)
	bw.WriteString(strings.Join(mqmColumns, "\t") + "\n")
	clean := strings.NewReplacer("\t", " ", "\r", " ", "\n", " ")
	for i := range anns {
		a := &anns[i]
		if a.Kind == KindScore {
			continue
		}
		for j, f := range mqmFields(a) {
			if j > 0 {
				bw.WriteByte('\t')
			}
			if strings.ContainsAny(f, "\t\r\n") {
				f = clean.Replace(f)
				replaced++
			}
			bw.WriteString(f)
		}
		bw.WriteByte('\n')
	}
	return replaced, bw.Flush()
}

// joinWarn joins two warnings with "; ", either of which may be empty.
func joinWarn(a, b string) string {
	if a == "" || b == "" {
		return a + b
	}
	return a + "; " + b
}
