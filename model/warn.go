package model

import (
	"fmt"
	"strings"
)

// tokenizedWarnAt is the number of hypotheses ending in " ." at which
// sacrebleu warns that the input looks tokenized.
const tokenizedWarnAt = 100

// bom is the UTF-8 byte-order mark.
const bom = "\ufeff"

// bomWarning warns about a byte-order mark at the start of a scored file:
// sacrebleu keeps it, glued to the first token of line 1.
func bomWarning(f *file) []string {
	if !strings.HasPrefix(f.data, bom) {
		return nil
	}
	return []string{f.label + ": starts with a byte-order mark (U+FEFF); it is kept, as sacrebleu keeps it, so the first token of line 1 cannot match; save the file without it"}
}

// hypWarnings looks for signs that a system's output is not what BLEU
// expects: already tokenized, still split into subwords, empty lines, or a
// copy of a reference.
func (d *Dataset) hypWarnings(label string, hyps []string) []string {
	var tokenized, bpe, empty int
	firstBPE, firstEmpty := 0, 0
	for i, h := range hyps {
		switch {
		case h == "":
			empty++
			if empty == 1 {
				firstEmpty = i + 1
			}
			continue
		case strings.HasSuffix(h, " ."):
			tokenized++
		}
		if strings.Contains(h, "@@ ") || strings.HasSuffix(h, "@@") {
			bpe++
			if bpe == 1 {
				firstBPE = i + 1
			}
		}
	}
	var out []string
	if tokenized >= tokenizedWarnAt || (tokenized >= 10 && 2*tokenized >= len(hyps)-empty) {
		out = append(out, fmt.Sprintf(`%s: %d of %d lines end in " ." and look tokenized already (sacrebleu warns at %d such lines); BLEU tokenizes by itself, so score detokenized output`,
			label, tokenized, len(hyps), tokenizedWarnAt))
	}
	if bpe > 0 {
		verb := " contain"
		if bpe == 1 {
			verb = " contains"
		}
		out = append(out, fmt.Sprintf(`%s: %s the subword marker "@@" (first: line %d); undo BPE before scoring, e.g. sed -r 's/(@@ )|(@@ ?$)//g'`,
			label, plural(bpe, "line")+verb, firstBPE))
	}
	if empty > 0 {
		out = append(out, fmt.Sprintf("%s: %s empty (first: line %d); an empty hypothesis matches nothing and shortens the output",
			label, pluralIs(empty), firstEmpty))
	}
	for k := range d.Refs {
		if d.sameAsRef(hyps, k) {
			out = append(out, fmt.Sprintf("%s: every line is identical to reference %s; was the reference given as a system?", label, d.RefNames[k]))
		}
	}
	return out
}

// pluralIs returns "1 line is" or "n lines are".
func pluralIs(n int) string {
	if n == 1 {
		return "1 line is"
	}
	return plural(n, "line") + " are"
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
