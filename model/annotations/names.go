package annotations

import (
	"fmt"
	"slices"
	"strings"

	"github.com/bleuscope/bleuscope/model"
)

// FoldShortNames returns anns with the annotations an older bleuscope
// stored under a system's short name ("LT22") given the stable name the
// same file holds for that system ("generaltest2022.de-en.hyp.LT22.en"),
// so that a file begun with an older bleuscope and continued with this
// one adds up to one system, as the explorer attaches both to it
// ([SystemOf]); and a warning for each short name it could not settle.
//
// With no corpus to check against, a name alone does not say that two
// names are one system (an older file's "LT22" may be a system given as
// LT22=PATH), so the texts the annotations were made on decide: a short
// name is folded into the one name holding it as a run of its
// dot-separated parts whose annotations were made on the same hypothesis
// on every line both rated (one line at least). A different text on a
// line both rated keeps them apart, silently: they are two systems, or
// the file changed, which the explorer detaches too. Names that share no
// line, or several names that would fit, are kept apart and named in the
// warning, so that two systems are never added up as one.
func FoldShortNames(anns []Annotation) ([]Annotation, []string) {
	var names []string
	hashes := map[string]map[int][]string{} // name → line → HypHashes, each once
	for i := range anns {
		a := &anns[i]
		lines := hashes[a.System]
		if lines == nil {
			names = append(names, a.System)
			lines = map[int][]string{}
			hashes[a.System] = lines
		}
		if !slices.Contains(lines[a.Line], a.HypHash) {
			lines[a.Line] = append(lines[a.Line], a.HypHash)
		}
	}
	into := map[string]string{}
	var warnings []string
	for _, short := range names {
		var fits, unsure []string
		for _, long := range names {
			if !holdsName(long, short) {
				continue
			}
			switch sameText(hashes[short], hashes[long]) {
			case textSame:
				fits = append(fits, long)
			case textUnknown:
				unsure = append(unsure, long)
			}
		}
		switch {
		case len(fits) == 1 && len(unsure) == 0:
			into[short] = fits[0]
		case len(fits)+len(unsure) == 1:
			warnings = append(warnings, fmt.Sprintf("%s may be the system stored as %s (an older bleuscope stored its short name), but no segment is rated under both to tell by its text, so they are listed apart",
				model.Quote(short), model.Quote(unsure[0])))
		case len(fits)+len(unsure) > 1:
			warnings = append(warnings, fmt.Sprintf("%s may be any of %d systems stored under longer names (an older bleuscope stored its short name), %s; their texts do not tell which, so it is listed apart",
				model.Quote(short), len(fits)+len(unsure), quoteAll(append(fits, unsure...))))
		}
	}
	if len(into) == 0 {
		return anns, warnings
	}
	out := make([]Annotation, len(anns))
	for i, a := range anns {
		for name, ok := into[a.System]; ok; name, ok = into[name] { // "LT22" → "LT22.en" → "x.LT22.en"
			a.System = name
		}
		out[i] = a
	}
	return out, warnings
}

// textMatch is what the texts of two names' annotations say of them.
type textMatch int

const (
	textUnknown textMatch = iota // no line rated under both
	textSame                     // the same hypothesis on every line both rated
	textDiffers                  // another hypothesis on a line both rated
)

// sameText compares the hypotheses two names' annotations were made on,
// line by line (each its [TextHash]es, once each): a line matches when
// both hold an annotation made on the same text.
func sameText(a, b map[int][]string) textMatch {
	match := textUnknown
	for line, ha := range a {
		hb, ok := b[line]
		if !ok {
			continue
		}
		shared := false
		for _, h := range ha {
			shared = shared || slices.Contains(hb, h)
		}
		if !shared {
			return textDiffers
		}
		match = textSame
	}
	return match
}

// quoteAll lists names quoted, joined by commas.
func quoteAll(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = model.Quote(n)
	}
	return strings.Join(q, ", ")
}
