package model

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// tokenizedWarnAt is the number of hypotheses ending in " ." at which
// sacrebleu warns that the input looks tokenized.
const tokenizedWarnAt = 100

// BOM is the UTF-8 byte-order mark, which some editors (Windows
// Notepad) put at the start of a file.
const BOM = "\ufeff"

// bomWarning warns about a byte-order mark at the start of a scored file:
// sacrebleu keeps it, glued to the first token of line 1.
func bomWarning(f *file) []string {
	if !ChunksHavePrefix(f.chunks, BOM) {
		return nil
	}
	return []string{f.label + ": starts with a byte-order mark (U+FEFF); it is kept, as sacrebleu keeps it, so the first token of line 1 cannot match; save the file without it"}
}

// nulWarning warns about NUL bytes in a file read as text ([NULWarning]),
// and names the encoding a file too short to be refused for it may be in
// ([shortUnmarked]).
// lines are f's lines as the loader has them (stripped or not: stripping
// never removes a NUL), or nil where it has none, for f to be split again;
// header is the number of lines before the first segment's (a TSV's
// header), as [LineTally] keeps it. Reading f noted whether it holds a
// NUL, so the lines are looked at only then.
func nulWarning(f *file, lines []string, header int, places ...string) []string {
	if !f.nul {
		return nil
	}
	if lines == nil {
		lines = f.lines(false)
	}
	nul := countLines(lines, HasNUL)
	nul.Header = header
	w := NULWarning(f.label, nul, places...)
	if name, text := shortUnmarked(ChunksHead(f.chunks, 3*4+1)); name != "" {
		w[0] += fmt.Sprintf("; it may be %s in %s, too short to tell from UTF-8: if so, convert it, e.g. iconv -f %[2]s -t UTF-8", strconv.Quote(string(text)), name)
	}
	return w
}

// HasNUL reports whether s holds a NUL character.
func HasNUL(s string) bool { return strings.IndexByte(s, 0) >= 0 }

// NULWarning returns the warning about the lines of the file label whose
// text holds a NUL character, nul, or nil when there are none: the NULs
// are kept as characters, as sacrebleu keeps them, but plain text seldom
// holds one. Every reader of text that is scored or shown gives it. places,
// when given, say where in the file the NULs are (a table's columns).
func NULWarning(label string, nul LineTally, places ...string) []string {
	if nul.N == 0 {
		return nil
	}
	where := ""
	if len(places) > 0 {
		where = "; in " + strings.Join(places, ", ")
	}
	return []string{fmt.Sprintf("%s: %s a NUL character (first: %s%s); plain text seldom holds one: it is kept as it is, as sacrebleu keeps it, but check how the file was made",
		label, linesVerb(nul.N, "contains", "contain"), nul.firstWords(), where)}
}

// nulPlaces names the streams of a table (a TSV or JSONL file holding
// every stream) whose texts hold a NUL, as its other warnings name them:
// "source", each reference's head (refHeads, from [Dataset.tableRefWords])
// and "system NAME".
func (d *Dataset) nulPlaces(refHeads []string) []string {
	var places []string
	if slices.ContainsFunc(d.Src, HasNUL) {
		places = append(places, "source")
	}
	for k, ref := range d.Refs {
		if slices.ContainsFunc(ref, HasNUL) {
			places = append(places, refHeads[k])
		}
	}
	for _, s := range d.Systems {
		if slices.ContainsFunc(s.Hyps, HasNUL) {
			places = append(places, "system "+s.Name)
		}
	}
	return places
}

// hypWarnings looks for signs that a system's output is not what BLEU
// expects: already tokenized, still split into subwords, empty lines, or a
// copy of a reference; refs names each reference as the warnings do
// ("reference r.txt", the file as given, as label names a system's);
// header is the number of lines before the first hypothesis's in the file
// (a TSV's header), so that lines are named as the file numbers them.
func (d *Dataset) hypWarnings(label string, hyps []string, refs []string, header int) []string {
	tokenized := 0
	bpe, empty := LineTally{Header: header}, LineTally{Header: header}
	for i, h := range hyps {
		switch {
		case h == "":
			empty.addSegment(i)
			continue
		case strings.HasSuffix(h, " ."):
			tokenized++
		}
		if strings.Contains(h, "@@ ") || strings.HasSuffix(h, "@@") {
			bpe.addSegment(i)
		}
	}
	var out []string
	if tokenized >= tokenizedWarnAt || (tokenized >= 10 && 2*tokenized >= len(hyps)-empty.N) {
		out = append(out, fmt.Sprintf(`%s: %d of %d lines end in " ." and look tokenized already (sacrebleu warns at %d such lines); BLEU tokenizes by itself, so score detokenized output`,
			label, tokenized, len(hyps), tokenizedWarnAt))
	}
	if bpe.N > 0 {
		out = append(out, fmt.Sprintf(`%s: %s the subword marker "@@" (first: %s); undo BPE before scoring, e.g. sed -r 's/(@@ )|(@@ ?$)//g'`,
			label, linesVerb(bpe.N, "contains", "contain"), bpe.firstWords()))
	}
	if empty.N > 0 {
		out = append(out, fmt.Sprintf("%s: %s empty (first: %s); an empty hypothesis matches nothing and shortens the output",
			label, linesVerb(empty.N, "is", "are"), empty.firstWords()))
	}
	for k := range d.Refs {
		if d.sameAsRef(hyps, k) { // the first such reference is enough to say so
			out = append(out, fmt.Sprintf("%s: every line is identical to %s; was the reference given as a system?", label, refs[k]))
			break
		}
	}
	return out
}

// refWords names each reference for a warning by its name ("reference
// r"): the caller's names of [NewDataset], or the files as [Load] was
// given them.
func refWords(names []string) []string {
	out := make([]string, len(names))
	for k, n := range names {
		out[k] = "reference " + n
	}
	return out
}

// tableRefWords names each reference of a table (TSV or JSONL) for its
// warnings as bleuscope labels it ([RefLabel]: "ref 2" for a TSV's ref2
// column, "ref 1" for a JSONL record's first reference), the table having
// no file of each: inText within a sentence ("identical to ref 2", "the
// reference" for an unlabelled only one), and heads after the table's
// name, heading a warning about the reference itself ("d.tsv ref 2: …",
// "d.tsv reference: …" for an unlabelled only one).
func (d *Dataset) tableRefWords() (inText, heads []string) {
	labels := d.ReferenceLabels()
	inText = make([]string, len(labels))
	heads = make([]string, len(labels))
	for k, l := range labels {
		inText[k], heads[k] = RefLabel(l), RefLabel(l)
		if l == "" {
			inText[k], heads[k] = "the reference", "reference"
		}
	}
	return inText, heads
}

// emptyRefWarning warns about empty lines in a reference (a file, or a
// column or place of a table's records), most often a sign that it is not
// aligned with the systems or has a hole: an empty reference matches
// nothing, and its length 0 can be the closest to a short hypothesis's,
// the r brevity uses. absent (nil: none) marks the segments that have no
// such reference, which are not empty ones; fix says what to check;
// header is as [Dataset.hypWarnings] takes it.
func emptyRefWarning(label string, ref []string, absent []bool, fix string, header int) []string {
	empty := LineTally{Header: header}
	for i, r := range ref {
		if r == "" && (absent == nil || !absent[i]) {
			empty.addSegment(i)
		}
	}
	if empty.N == 0 {
		return nil
	}
	return []string{fmt.Sprintf("%s: %s empty (first: %s); an empty reference matches nothing and its length 0 can be the closest r; %s",
		label, linesVerb(empty.N, "is", "are"), empty.firstWords(), fix)}
}

// LineTally counts the lines of a file that have some property, and keeps
// the number of the first of them. A tally of a file whose lines after a
// header are its segments, one a line (a TSV table), knows the header, so
// that its warning names the first line both as the file numbers it and
// as the explorer and segments number the segment; a file whose lines
// are its segments, or whose rows are no segments (an MQM TSV), leaves
// Header 0 and is named by its lines.
type LineTally struct {
	N      int // how many lines have it
	First  int // the first of them, 1-based, as the file numbers it; 0 when none has it
	Header int // the lines before the first segment's (a TSV's header), else 0
}

// Add counts line (1-based, as the file numbers it), which has the
// property; lines come in order.
func (t *LineTally) Add(line int) {
	if t.N++; t.N == 1 {
		t.First = line
	}
}

// addSegment counts the line of segment i (0-based), which has the
// property; segments come in order.
func (t *LineTally) addSegment(i int) { t.Add(t.Header + i + 1) }

// firstWords names the first line: "line 3", and when the file has a
// header before its segments, the segment too ("line 3, segment 2") or
// that the line is the header's ("line 1, the header").
func (t LineTally) firstWords() string {
	switch {
	case t.Header == 0:
		return fmt.Sprintf("line %d", t.First)
	case t.First <= t.Header:
		return fmt.Sprintf("line %d, the header", t.First)
	}
	return fmt.Sprintf("line %d, segment %d", t.First, t.First-t.Header)
}

// countLines counts the lines that have the property has.
func countLines(lines []string, has func(string) bool) LineTally {
	var t LineTally
	for i, l := range lines {
		if has(l) {
			t.Add(i + 1)
		}
	}
	return t
}

// linesVerb returns "1 line" and the verb's singular (is, contains) or
// "n lines" and its plural (are, contain).
func linesVerb(n int, one, many string) string {
	if n == 1 {
		return "1 line " + one
	}
	return plural(n, "line") + " " + many
}

// sameAsRef reports whether hyps equals reference stream k on every
// segment (absent references never match).
func (d *Dataset) sameAsRef(hyps []string, k int) bool {
	ref := d.Refs[k]
	for i, h := range hyps {
		if h != ref[i] || (d.RefAbsent != nil && d.RefAbsent[k][i]) {
			return false
		}
	}
	return len(hyps) > 0
}

// Scripts the references can be mostly written in, for the tokenizer
// warning.
const (
	scriptOther = iota
	scriptChinese
	scriptJapanese
	scriptKorean
)

// Sampling bounds of refScript: it looks at up to sampleSegments segments
// spread over the corpus, up to sampleBytes bytes of each.
const (
	sampleSegments = 256
	sampleBytes    = 512
)

// refScript tells whether the first reference stream is mostly Chinese,
// Japanese or Korean characters, from a sample of it: more than half of
// its letters are Han, kana or Hangul. Kana make it Japanese, Hangul
// outnumbering Han and kana Korean, else it is Chinese.
func refScript(refs [][]string) int {
	if len(refs) == 0 || len(refs[0]) == 0 {
		return scriptOther
	}
	stream := refs[0]
	step := max(1, len(stream)/sampleSegments)
	var han, kana, hangul, letters int
	for i := 0; i < len(stream); i += step {
		s := stream[i]
		if len(s) > sampleBytes {
			s = s[:sampleBytes]
		}
		for _, r := range s {
			switch {
			case r < 0x80:
				if 'a' <= r|0x20 && r|0x20 <= 'z' {
					letters++
				}
				continue
			case unicode.Is(unicode.Han, r):
				han++
			case unicode.In(r, unicode.Hiragana, unicode.Katakana):
				kana++
			case unicode.Is(unicode.Hangul, r):
				hangul++
			case !unicode.IsLetter(r):
				continue
			}
			letters++
		}
	}
	cjk := han + kana + hangul
	switch {
	case cjk == 0 || 2*cjk <= letters:
		return scriptOther
	case hangul > han+kana:
		return scriptKorean
	case 20*kana > han+kana: // Japanese text has kana all through; Chinese none
		return scriptJapanese
	}
	return scriptChinese
}

// TokenizerWarning returns a warning line when the references are mostly
// Chinese, Japanese or Korean characters and tok ("13a" or "intl") splits
// text only at spaces and punctuation, so that BLEU would count whole
// clauses as single words; sacrebleu warns likewise when told the target
// language. It returns "" when the tokenizer suits the text. The script is
// judged once, at [Load], from a sample of the first reference stream.
func (d *Dataset) TokenizerWarning(tok string) string {
	if tok != "13a" && tok != "intl" {
		return ""
	}
	head := "the references are mostly "
	switch d.script {
	case scriptChinese:
		return head + "Chinese characters, which -t " + tok + " does not split into words; score with -t zh, as sacrebleu advises for Chinese"
	case scriptJapanese:
		return head + "Japanese characters, which -t " + tok + " does not split into words; sacrebleu advises its ja-mecab tokenizer, which bleuscope lacks: score with -t char"
	case scriptKorean:
		return head + "Korean characters; sacrebleu advises its ko-mecab tokenizer, which bleuscope lacks, over -t " + tok + ": score with -t char"
	}
	return ""
}
