package annotations

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode"

	"github.com/bleuscope/bleuscope/model"
)

// Category is one error category of a typology.
type Category struct {
	// Name is the category as files spell it, "Accuracy/Mistranslation".
	Name string
	// Keys are the one or two keys that pick it in the explorer.
	Keys string
	// Weights overrides the severity weights for this category, keyed by
	// severity name; the key "*" applies to every severity.
	Weights map[string]float64
}

// Severity is one severity of a typology.
type Severity struct {
	// Name is the severity as files spell it, "Major".
	Name string
	// Key is the single key that picks it in the explorer ("" when the
	// severity is accepted from files but not offered).
	Key string
	// Weight is what one error of this severity adds to a segment's
	// score.
	Weight float64
}

// Preset is a typology: its categories and severities, their keys and
// weights, and whether segments get an ESA 0–100 score.
type Preset struct {
	// Name is "mqm", "esa" or the custom typology's name.
	Name string
	// Categories in the order the explorer lists them.
	Categories []Category
	// Severities in the order the explorer lists them.
	Severities []Severity
	// SegmentScore reports that the rater also gives each segment a
	// score from 0 to 100 (ESA).
	SegmentScore bool
	// Aliases maps a severity name accepted from files to the severity
	// whose weight it takes ("Critical" counts as "Major" in MQM).
	Aliases map[string]string
}

// MQM returns WMT's MQM typology with its weights: Major 5, Minor 1, Minor
// Fluency/Punctuation 0.1, Non-translation 25 whatever its severity,
// Neutral and no-error 0; Critical counts as Major.
func MQM() *Preset {
	return &Preset{
		Name: "mqm",
		Categories: []Category{
			{Name: "Accuracy/Mistranslation", Keys: "am"},
			{Name: "Accuracy/Omission", Keys: "ao"},
			{Name: "Accuracy/Addition", Keys: "aa"},
			{Name: "Accuracy/Untranslated text", Keys: "au"},
			{Name: "Fluency/Grammar", Keys: "fg"},
			{Name: "Fluency/Punctuation", Keys: "fp", Weights: map[string]float64{"Minor": 0.1}},
			{Name: "Fluency/Spelling", Keys: "fs"},
			{Name: "Fluency/Inconsistency", Keys: "fi"},
			{Name: "Fluency/Register", Keys: "fr"},
			{Name: "Fluency/Character encoding", Keys: "fe"},
			{Name: "Terminology/Inappropriate for context", Keys: "ti"},
			{Name: "Terminology/Inconsistent use of terminology", Keys: "tu"},
			{Name: "Style/Awkward", Keys: "sa"},
			{Name: "Locale convention/Address format", Keys: "la"},
			{Name: "Locale convention/Date format", Keys: "ld"},
			{Name: "Locale convention/Currency format", Keys: "lc"},
			{Name: "Locale convention/Time format", Keys: "lt"},
			{Name: "Locale convention/Name format", Keys: "ln"},
			{Name: "Locale convention/Telephone format", Keys: "lp"},
			{Name: "Other", Keys: "o"},
			{Name: "Source error", Keys: "se"}, // not x, the span step's whole segment
			{Name: "Non-translation", Keys: "n", Weights: map[string]float64{"*": 25}},
		},
		Severities: []Severity{
			{Name: "Minor", Key: "m", Weight: 1},
			{Name: "Major", Key: "M", Weight: 5},
			{Name: "Critical", Key: "C", Weight: 5},
			{Name: "Neutral", Weight: 0},
		},
		Aliases: map[string]string{"critical": "Major"},
	}
}

// ESA returns the Error Span Annotation preset: spans marked minor or
// major (weights 1 and 5, as in MQM), with no category beyond "Error",
// and a 0–100 score per segment.
func ESA() *Preset {
	return &Preset{
		Name:       "esa",
		Categories: []Category{{Name: "Error", Keys: "e"}},
		Severities: []Severity{
			{Name: "minor", Key: "m", Weight: 1},
			{Name: "major", Key: "M", Weight: 5},
		},
		SegmentScore: true,
	}
}

// PresetByName returns the built-in preset "mqm" or "esa".
func PresetByName(name string) (*Preset, error) {
	switch strings.ToLower(name) {
	case "mqm":
		return MQM(), nil
	case "esa":
		return ESA(), nil
	}
	return nil, fmt.Errorf("annotations: unknown preset %s; use mqm, esa or a typology file", model.Quote(name))
}

// Weight returns what one error of the category and severity adds to a
// segment's score. Severity names match without regard to case; a
// category's override comes first, then the severity's weight, and an
// unknown severity weighs 0. "No-error" weighs 0, and a category whose
// name starts with "Non-translation" weighs 25 in every preset, as WMT
// scores it, unless the preset gives that category a weight of its own
// for the severity (or for "*").
func (p *Preset) Weight(category, severity string) float64 {
	if strings.EqualFold(category, "No-error") || strings.EqualFold(severity, "No-error") {
		return 0
	}
	sev := severity
	if alias, ok := p.Aliases[strings.ToLower(severity)]; ok {
		sev = alias
	}
	if c := p.Category(category); c != nil {
		for k, w := range c.Weights {
			if strings.EqualFold(k, severity) || strings.EqualFold(k, sev) {
				return w
			}
		}
		if w, ok := c.Weights["*"]; ok {
			return w
		}
	}
	if strings.HasPrefix(category, "Non-translation") {
		return 25
	}
	if s := p.Severity(sev); s != nil {
		return s.Weight
	}
	return 0
}

// weighs reports whether [Preset.Weight] finds a weight for the category
// and severity, rather than giving an unknown severity 0.
func (p *Preset) weighs(category, severity string) bool {
	if strings.EqualFold(category, "No-error") || strings.EqualFold(severity, "No-error") || strings.HasPrefix(category, "Non-translation") {
		return true
	}
	sev := severity
	if alias, ok := p.Aliases[strings.ToLower(severity)]; ok {
		sev = alias
	}
	if p.Severity(sev) != nil {
		return true
	}
	if c := p.Category(category); c != nil {
		for k := range c.Weights {
			if k == "*" || strings.EqualFold(k, severity) || strings.EqualFold(k, sev) {
				return true
			}
		}
	}
	return false
}

// Category returns the category of that exact name, or nil.
func (p *Preset) Category(name string) *Category {
	for i := range p.Categories {
		if p.Categories[i].Name == name {
			return &p.Categories[i]
		}
	}
	return nil
}

// Severity returns the severity of that name (any case), or nil.
func (p *Preset) Severity(name string) *Severity {
	for i := range p.Severities {
		if strings.EqualFold(p.Severities[i].Name, name) {
			return &p.Severities[i]
		}
	}
	return nil
}

// SeverityName returns severity as p spells it when p has a severity of
// that name in any case ("major" is mqm's "Major", which weighs the
// same), else severity as it is.
func (p *Preset) SeverityName(severity string) string {
	if s := p.Severity(severity); s != nil {
		return s.Name
	}
	return severity
}

// CategoryByKeys returns the category picked by keys, and whether keys
// is a strict prefix of some category's keys (so the explorer waits for
// a second key).
func (p *Preset) CategoryByKeys(keys string) (c *Category, more bool) {
	for i := range p.Categories {
		k := p.Categories[i].Keys
		if k == keys {
			return &p.Categories[i], false
		}
		if strings.HasPrefix(k, keys) {
			more = true
		}
	}
	return nil, more
}

// SeverityByKey returns the severity picked by key, or nil.
func (p *Preset) SeverityByKey(key string) *Severity {
	for i := range p.Severities {
		if p.Severities[i].Key != "" && p.Severities[i].Key == key {
			return &p.Severities[i]
		}
	}
	return nil
}

// KeyRow is one line of a preset's key table.
type KeyRow struct {
	// Keys to type.
	Keys string
	// What picks: "category" or "severity".
	What string
	// Name of the category or severity.
	Name string
}

// KeyTable lists every key of the preset, categories first, for the
// explorer's help.
func (p *Preset) KeyTable() []KeyRow {
	var rows []KeyRow
	for _, c := range p.Categories {
		rows = append(rows, KeyRow{Keys: c.Keys, What: "category", Name: c.Name})
	}
	for _, s := range p.Severities {
		if s.Key != "" {
			rows = append(rows, KeyRow{Keys: s.Key, What: "severity", Name: s.Name})
		}
	}
	return rows
}

// WholeSegmentKey is the key that ends the explorer's span step with the
// whole segment marked, no span. The key typed next picks the category
// (or, with one category, the severity), so none may start with it:
// pressed twice, it would record that one by accident.
const WholeSegmentKey = "x"

// Validate checks that the preset can be used: names are unique, every
// category has one or two keys and no category's keys are a prefix of
// another's, a category's own weights are for severities the preset has,
// severity keys are single and unique, and no key the explorer takes
// after the span step starts with [WholeSegmentKey].
func (p *Preset) Validate() error {
	return p.validate(func(bool, int) string { return "" })
}

// validate is [Preset.Validate]; where(category, i) is where the i-th
// category (or severity) was given, "line 4", or "" when nowhere in
// particular. An error about one category or severity is an *itemError
// naming it, and it names the one it clashes with, and where.
func (p *Preset) validate(where func(category bool, i int) string) error {
	if err := p.wholeKeyClash(); err != nil {
		return err
	}
	if len(p.Categories) == 0 || len(p.Severities) == 0 {
		return fmt.Errorf("annotations: typology %s needs at least one category and one severity", model.Quote(p.Name))
	}
	at := func(category bool, i int, form string) string { // form with %s for where, or ""
		if w := where(category, i); w != "" {
			return fmt.Sprintf(form, w)
		}
		return ""
	}
	cat := func(i int, why string, args ...any) error {
		return &itemError{category: i, severity: -1, why: fmt.Sprintf(why, args...)}
	}
	for i, c := range p.Categories {
		switch n := len([]rune(c.Keys)); {
		case c.Name == "":
			return cat(i, "the category keyed %s has no name; give it one", model.Quote(c.Keys))
		case n < 1 || n > 2:
			return cat(i, "category %s needs one or two keys, not %s", model.Quote(c.Name), model.Quote(c.Keys))
		case untypable(c.Keys) != "":
			return cat(i, "category %s has the keys %s, %s", model.Quote(c.Name), model.Quote(c.Keys), untypable(c.Keys))
		}
		for j, d := range p.Categories[:i] {
			switch {
			case d.Name == c.Name:
				return cat(i, "category %s is named twice%s", model.Quote(c.Name), at(true, j, " (first on %s)"))
			case d.Keys == c.Keys:
				return cat(i, "categories %s%s and %s both have the keys %s; give each its own", model.Quote(d.Name), at(true, j, " (%s)"), model.Quote(c.Name), model.Quote(c.Keys))
			case strings.HasPrefix(d.Keys, c.Keys), strings.HasPrefix(c.Keys, d.Keys):
				short, long, shortAt, longAt := d, c, at(true, j, " (%s)"), ""
				if len(c.Keys) < len(d.Keys) {
					short, long, shortAt, longAt = c, d, "", shortAt
				}
				return cat(i, "the keys %s of category %s%s begin the keys %s of category %s%s: after %s the explorer cannot tell which is meant; give one of them other keys",
					model.Quote(short.Keys), model.Quote(short.Name), shortAt, model.Quote(long.Keys), model.Quote(long.Name), longAt, model.Quote(short.Keys))
			}
		}
	}
	for i, c := range p.Categories {
		for _, k := range slices.Sorted(maps.Keys(c.Weights)) {
			if _, alias := p.Aliases[strings.ToLower(k)]; k != "*" && !alias && p.Severity(k) == nil {
				return cat(i, "category %s weighs %s, which is not a severity of the typology; name one of %s, or * for every one", model.Quote(c.Name), model.Quote(k), p.severityNames())
			}
		}
	}
	sev := func(i int, why string, args ...any) error {
		return &itemError{category: -1, severity: i, why: fmt.Sprintf(why, args...)}
	}
	for i, s := range p.Severities {
		switch {
		case s.Name == "":
			return sev(i, "the severity keyed %s has no name; give it one", model.Quote(s.Key))
		case s.Key != "" && len([]rune(s.Key)) != 1:
			return sev(i, "severity %s needs one key, not %s", model.Quote(s.Name), model.Quote(s.Key))
		case untypable(s.Key) != "":
			return sev(i, "severity %s has the key %s, %s", model.Quote(s.Name), model.Quote(s.Key), untypable(s.Key))
		}
		for j, o := range p.Severities[:i] {
			switch {
			case o.Name == s.Name:
				return sev(i, "severity %s is named twice%s", model.Quote(s.Name), at(false, j, " (first on %s)"))
			case strings.EqualFold(o.Name, s.Name):
				return sev(i, "severities %s%s and %s have one name, as severities match in any case; give each its own", model.Quote(o.Name), at(false, j, " (%s)"), model.Quote(s.Name))
			case s.Key != "" && o.Key == s.Key:
				return sev(i, "severities %s%s and %s both have the key %s; give each its own", model.Quote(o.Name), at(false, j, " (%s)"), model.Quote(s.Name), model.Quote(s.Key))
			}
		}
	}
	return nil
}

// untypable says why keys holds a character that no key press gives the
// explorer as one character (a combining mark, a space, a control
// character), or "" when every one can be typed.
func untypable(keys string) string {
	for _, r := range keys {
		switch {
		case unicode.Is(unicode.M, r):
			return fmt.Sprintf("of which %U is a combining mark, typed with the letter before it as one character; write the accented letter as one character (é, not e and U+0301)", r)
		case unicode.IsSpace(r) || !unicode.IsGraphic(r):
			return fmt.Sprintf("of which %U is not a character a key types; use letters, digits or signs", r)
		}
	}
	return ""
}

// severityNames lists the names of the severities, quoted: "minor",
// "major".
func (p *Preset) severityNames() string {
	names := make([]string, len(p.Severities))
	for i, s := range p.Severities {
		names[i] = model.Quote(s.Name)
	}
	return strings.Join(names, ", ")
}

// itemError is [Preset.Validate]'s error about one category or severity:
// its index (the other -1), which [ParseTypology] turns into the line
// that gave it, and why, with the fix.
type itemError struct {
	category, severity int
	why                string
}

func (e *itemError) Error() string { return "annotations: " + e.why }

// wholeKeyClash refuses the first category whose keys start with
// [WholeSegmentKey] or, in a typology of one category, the first severity
// keyed with it; Validate asks it before anything else, so this is the
// error a typology file that has such a key gets, whatever else is wrong.
func (p *Preset) wholeKeyClash() *itemError {
	for i, c := range p.Categories {
		if strings.HasPrefix(c.Keys, WholeSegmentKey) {
			return &itemError{category: i, severity: -1, why: categoryKeyClash(c)}
		}
	}
	if len(p.Categories) != 1 {
		return nil
	}
	for i, s := range p.Severities {
		if s.Key == WholeSegmentKey {
			return &itemError{category: -1, severity: i, why: severityKeyClash(s)}
		}
	}
	return nil
}

// categoryKeyClash says why c's keys cannot start with
// [WholeSegmentKey], and the fix.
func categoryKeyClash(c Category) string {
	return fmt.Sprintf("the keys %s of category %s start with %s, the key that marks the whole segment in the explorer (pressed twice, it would pick the category by accident); give the category other keys",
		model.Quote(c.Keys), model.Quote(c.Name), model.Quote(WholeSegmentKey))
}

// severityKeyClash says why s, the severity of a typology of one
// category, cannot take [WholeSegmentKey], and the fix.
func severityKeyClash(s Severity) string {
	return fmt.Sprintf("the key %s of severity %s marks the whole segment in the explorer, and with one category the severity is typed right after it (pressed twice, it would pick the severity by accident); give the severity another key",
		model.Quote(s.Key), model.Quote(s.Name))
}
