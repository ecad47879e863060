package annotations

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/bleuscope/bleuscope/model"
)

// typologyRecord is a typology as an annotation file records it, in a
// record of its own ([record]): the typology the explorer annotated with
// from that record on, its name, whether it is a built-in preset or a
// custom one, its severities and categories with their keys and weights,
// the aliases of severities and whether segments get a score.
type typologyRecord struct {
	Name       string             `json:"name"`
	Kind       string             `json:"kind"` // "preset" or "custom"
	Severities []recordedSeverity `json:"severities"`
	Categories []recordedCategory `json:"categories"`
	Aliases    map[string]string  `json:"aliases,omitempty"`
	Score      bool               `json:"score,omitempty"`
}

// recordedSeverity is a [Severity] as a [typologyRecord] holds it.
type recordedSeverity struct {
	Name   string  `json:"name"`
	Key    string  `json:"key,omitempty"`
	Weight float64 `json:"weight"`
}

// recordedCategory is a [Category] as a [typologyRecord] holds it.
type recordedCategory struct {
	Name    string             `json:"name"`
	Keys    string             `json:"keys"`
	Weights map[string]float64 `json:"weights,omitempty"`
}

// The kinds of typology a [typologyRecord] names.
const (
	kindPreset = "preset"
	kindCustom = "custom"
)

// recordOf returns p as an annotation file records it: a built-in preset
// when its name and content are those of one ([PresetByName]), else a
// custom typology.
func recordOf(p *Preset) *typologyRecord {
	t := contentOf(p)
	if q, err := PresetByName(p.Name); err == nil && q.Name == p.Name && bytes.Equal(t.encoded(), contentOf(q).encoded()) {
		t.Kind = kindPreset
	}
	return t
}

// contentOf is [recordOf] without the kind, custom.
func contentOf(p *Preset) *typologyRecord {
	t := &typologyRecord{Name: p.Name, Kind: kindCustom, Score: p.SegmentScore, Aliases: p.Aliases,
		Severities: make([]recordedSeverity, len(p.Severities)), Categories: make([]recordedCategory, len(p.Categories))}
	for i, s := range p.Severities {
		t.Severities[i] = recordedSeverity{Name: s.Name, Key: s.Key, Weight: s.Weight}
	}
	for i, c := range p.Categories {
		t.Categories[i] = recordedCategory{Name: c.Name, Keys: c.Keys, Weights: c.Weights}
	}
	return t
}

// encoded is t as JSON, the same bytes for the same typology (maps are
// written sorted by key).
func (t *typologyRecord) encoded() []byte {
	b, _ := plainJSON(t) // of strings, numbers and bools: cannot fail
	return b
}

// plainJSON is v as JSON on one line, without the newline, its text kept
// as it is (no HTML escapes), as annotation files and their exports hold
// it.
func plainJSON(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// preset returns the typology t records, checked as a typology file is
// ([Preset.Validate], [MaxTypologyItems], weights from 0 to [MaxWeight]):
// a record edited by hand, its checksum made again, could hold anything.
func (t *typologyRecord) preset() (*Preset, error) {
	if t.Kind != kindPreset && t.Kind != kindCustom {
		return nil, fmt.Errorf("typology %s of an unknown kind %s (preset or custom)", model.Quote(t.Name), model.Quote(t.Kind))
	}
	if len(t.Severities) > MaxTypologyItems || len(t.Categories) > MaxTypologyItems || len(t.Aliases) > MaxTypologyItems {
		return nil, fmt.Errorf("typology %s has more than %d severities, categories or aliases", model.Quote(t.Name), MaxTypologyItems)
	}
	okWeight := func(w float64) bool { return w >= 0 && w <= MaxWeight }
	p := &Preset{Name: t.Name, SegmentScore: t.Score, Aliases: maps.Clone(t.Aliases),
		Severities: make([]Severity, len(t.Severities)), Categories: make([]Category, len(t.Categories))}
	for i, s := range t.Severities {
		if !okWeight(s.Weight) {
			return nil, fmt.Errorf("typology %s weighs severity %s %v, not from 0 to %.0f", model.Quote(t.Name), model.Quote(s.Name), s.Weight, float64(MaxWeight))
		}
		p.Severities[i] = Severity(s)
	}
	for i, c := range t.Categories {
		for _, w := range c.Weights {
			if !okWeight(w) {
				return nil, fmt.Errorf("typology %s weighs category %s %v, not from 0 to %.0f", model.Quote(t.Name), model.Quote(c.Name), w, float64(MaxWeight))
			}
		}
		p.Categories[i] = Category{Name: c.Name, Keys: c.Keys, Weights: maps.Clone(c.Weights)}
	}
	if err := p.Validate(); err != nil {
		return nil, fmt.Errorf("typology %s: %v", model.Quote(t.Name), strings.TrimPrefix(err.Error(), "annotations: "))
	}
	return p, nil
}

// typologyLabel names p for a person: "mqm" for a built-in preset,
// `"quick-de" (a custom typology)` for another.
func typologyLabel(p *Preset) string {
	if recordOf(p).Kind == kindPreset {
		return p.Name
	}
	return strconv.Quote(p.Name) + " (a custom typology)"
}

// maxDifferences is the most differences a warning names; the others are
// counted.
const maxDifferences = 4

// TypologyDifferences says how the typology there, which annotations were
// made with, differs from here, which weighs them now, one phrase each
// naming both: first what changes the weight of an error made there
// ("Major errors weigh 5 in mqm, 10 in "major-10"", "Minor
// Fluency/Punctuation errors weigh 0.1 in mqm, 1 in esa", a severity that
// weighs 0 here for want of it), then the categories there that are not
// here, and a segment score in one and not the other. Only what an
// annotation made there can hold counts: a category's own weight here,
// for a category there has not, weighs none of them, and the categories
// only here are what a new mark may take. Names, keys and the order of
// the lists are no difference; nil when nothing else differs.
func TypologyDifferences(there, here *Preset) []string {
	var out []string
	inThere, inHere, theres := "in "+typologyName(there), "in "+typologyName(here), typologyName(there)+"'s"
	if strings.EqualFold(there.Name, here.Name) { // one name for two typologies (an edited typology file)
		inThere, inHere, theres = "in the earlier typology", "in this one", "the earlier typology's"
	}
	// Whether segments have a score of their own first: it changes how
	// the file's marks read at all, and a warning shows only the first
	// few differences.
	switch {
	case there.SegmentScore && !here.SegmentScore:
		out = append(out, fmt.Sprintf("segments have a 0-100 score %s, none %s", inThere, inHere))
	case !there.SegmentScore && here.SegmentScore:
		out = append(out, fmt.Sprintf("segments have no 0-100 score %s, one %s", inThere, inHere))
	}
	num := func(w float64) string { return strconv.FormatFloat(w, 'f', -1, 64) }
	base := map[string][2]float64{} // by severity: its weight there and here, for no category in particular
	for _, s := range there.Severities {
		tw, hw := there.Weight("", s.Name), here.Weight("", s.Name)
		base[strings.ToLower(s.Name)] = [2]float64{tw, hw}
		switch {
		case tw == hw:
		case !here.weighs("", s.Name):
			out = append(out, fmt.Sprintf("%s errors weigh %s %s, 0 %s, which has no %[1]s", s.Name, num(tw), inThere, inHere))
		default:
			out = append(out, fmt.Sprintf("%s errors weigh %s %s, %s %s", s.Name, num(tw), inThere, num(hw), inHere))
		}
	}
	// A category there weighs other than its severity where either
	// typology gives it weights of its own, or it is a Non-translation
	// one.
	for _, c := range there.Categories {
		if len(c.Weights) == 0 && !strings.HasPrefix(c.Name, "Non-translation") && (here.Category(c.Name) == nil || len(here.Category(c.Name).Weights) == 0) {
			continue
		}
		for _, s := range there.Severities {
			tw, hw := there.Weight(c.Name, s.Name), here.Weight(c.Name, s.Name)
			if tw != hw && [2]float64{tw, hw} != base[strings.ToLower(s.Name)] {
				out = append(out, fmt.Sprintf("%s %s errors weigh %s %s, %s %s", s.Name, c.Name, num(tw), inThere, num(hw), inHere))
			}
		}
	}
	if names := missing(there.Categories, here); len(names) > 0 {
		out = append(out, categoriesNotHere(theres, len(names), len(there.Categories), inHere)+" ("+listSome(names)+")")
	}
	return out
}

// typologyName is p's name as the differences between two typologies
// say it: "mqm" for a built-in preset, quoted for a custom one.
func typologyName(p *Preset) string {
	if recordOf(p).Kind == kindPreset {
		return p.Name
	}
	return strconv.Quote(p.Name)
}

// missing returns the names of cats that p has no category of.
func missing(cats []Category, p *Preset) []string {
	var out []string
	for _, c := range cats {
		if p.Category(c.Name) == nil {
			out = append(out, c.Name)
		}
	}
	return out
}

// categoriesNotHere says that n of the all categories of theirs (a
// typology's, "mqm's") are not in here ("in esa"): "3 of mqm's
// categories are not in esa", or, all of them, "none of mqm's 22
// categories is in esa" ("esa's one category is not in mqm"), never "all
// 22 of its categories are not here", which reads as "not all of them".
func categoriesNotHere(theirs string, n, all int, inHere string) string {
	switch {
	case n == all && n == 1:
		return fmt.Sprintf("%s one category is not %s", theirs, inHere)
	case n == all:
		return fmt.Sprintf("none of %s %d categories is %s", theirs, n, inHere)
	case n == 1:
		return fmt.Sprintf("1 of %s categories is not %s", theirs, inHere)
	}
	return fmt.Sprintf("%d of %s categories are not %s", n, theirs, inHere)
}

// listSome joins the first two names, and says how many more there are.
func listSome(names []string) string {
	if len(names) <= 2 {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s, %s and %d more", names[0], names[1], len(names)-2)
}

// TypologyWarning says, in one line without the fix (which depends on
// where it is said), how here, whose weights count now, differs from
// made, the typology the annotations were made with (the last of an
// annotation file's [Store.Typologies]): "made with mqm, weighed here
// with "major-10" (a custom typology): Major errors weigh 5 in mqm, 10 in
// "major-10"; …" ([TypologyDifferences], the first [maxDifferences] of
// them, the rest counted); "" when made is nil or nothing that counts
// differs. It is not escaped.
func TypologyWarning(made, here *Preset) string {
	if made == nil || here == nil {
		return ""
	}
	diffs := TypologyDifferences(made, here)
	if len(diffs) == 0 {
		return ""
	}
	if len(diffs) > maxDifferences {
		more := len(diffs) - maxDifferences
		diffs = append(diffs[:maxDifferences:maxDifferences], fmt.Sprintf("%d more difference%s", more, model.PluralS(more)))
	}
	return fmt.Sprintf("made with %s, weighed here with %s: %s", typologyLabel(made), typologyLabel(here), strings.Join(diffs, "; "))
}

// SwitchedTypologyWarning says, in one line, that the typologies ts (an
// annotation file's [Store.Typologies], in the order recorded) are not
// all one: the rater switched typology while annotating the file, and
// what changed from the first that differs to the last; "" when they do
// not differ ([TypologyDifferences]). It is not escaped, and does not say
// which weights count, which depends on who weighs them
// ([TypologyWarnings]).
func SwitchedTypologyWarning(ts []*Preset) string {
	if len(ts) < 2 {
		return ""
	}
	last := ts[len(ts)-1]
	var differ []*Preset
	for _, t := range ts[:len(ts)-1] {
		if len(TypologyDifferences(t, last)) > 0 || len(TypologyDifferences(last, t)) > 0 {
			differ = append(differ, t)
		}
	}
	if len(differ) == 0 {
		return ""
	}
	names := make([]string, 0, len(differ))
	for _, t := range differ {
		if l := typologyLabel(t); !slices.Contains(names, l) {
			names = append(names, l)
		}
	}
	w := fmt.Sprintf("annotated with %s, then with %s: the typology was switched while annotating it", strings.Join(names, ", then "), typologyLabel(last))
	if diffs := TypologyDifferences(differ[0], last); len(diffs) > 0 {
		w += fmt.Sprintf(" (from %s to the last: %s)", typologyLabel(differ[0]), strings.Join(diffs[:min(len(diffs), maxDifferences)], "; "))
	}
	return w
}

// TypologyWarnings says, one line each, each starting with path, what a
// person should know of the weights of an annotation file that records
// the typologies made ([Store.Typologies]) when here weighs its errors:
// that here is not the last of them ([TypologyWarning]), ended by fix,
// and that the rater switched typology while annotating it
// ([SwitchedTypologyWarning]), ended by what that means when here is the
// last: every error weighed with it, those made before the switch too.
// None when made is empty or here is nil. They are not escaped.
func TypologyWarnings(path string, made []*Preset, here *Preset, fix string) []string {
	if len(made) == 0 || here == nil {
		return nil
	}
	var out []string
	mismatch := TypologyWarning(made[len(made)-1], here)
	if mismatch != "" {
		out = append(out, path+": "+mismatch+fix)
	}
	if w := SwitchedTypologyWarning(made); w != "" {
		if mismatch == "" {
			w += "; every error is weighed with the last, those made before the switch too"
		}
		out = append(out, path+": "+w)
	}
	return out
}
