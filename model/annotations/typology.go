package annotations

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/bleuscope/bleuscope/model"
)

// ParseTypology reads a custom typology. The format is one directive per
// line, its fields separated by "|" and trimmed; blank lines and lines
// starting with "#" are ignored:
//
//	# A small typology for a quick check of a German system.
//	name     | quick-de
//	severity | m  | minor    | 1
//	severity | M  | major    | 5
//	category | a  | Accuracy
//	category | fp | Fluency/Punctuation | minor=0.1
//	category | ft | Fluency/Terminology
//	category | n  | Non-translation     | *=25
//	score
//
// "name" names the typology (default "custom"). "severity KEY NAME
// WEIGHT" adds a severity picked by one key; "category KEYS NAME
// [SEVERITY=WEIGHT ...]" adds a category picked by one or two keys, with
// optional weights that replace the severity's for this category ("*" for
// every severity, several separated by spaces). "score" asks for an ESA
// 0–100 score per segment as well. The result is checked as
// [Preset.Validate] says; a weight is a plain decimal number from 0 to
// [MaxWeight] ([parseWeight]); a category or severity that fails it (a
// name or keys given twice, keys starting with [WholeSegmentKey], a key
// no key press types as one character, such as a combining mark, …) is
// refused on its line, with the line of the one it clashes with, as is a
// category or severity past the [MaxTypologyItems]th. name labels errors with the typology's name
// and line. A file in UTF-16 or UTF-32, or with a byte that is not UTF-8,
// is refused with the [*model.InputError] [model.Load] gives for one
// ([model.CheckEncoding], [model.NotUTF8]), as is an error reading r
// ([model.OpenErr]), such as a limit's when r is a
// [model.LoadOptions.BoundedReader]. A UTF-8 byte-order mark at its start
// is dropped.
func ParseTypology(r io.Reader, name string) (*Preset, error) {
	p := &Preset{Name: "custom"}
	var catLines, sevLines []int // the line of each category and severity
	br := bufio.NewReader(r)
	mark, err := textStart(br, name)
	if err != nil {
		return nil, err
	}
	for line := 1; ; line++ {
		raw, err := br.ReadString('\n')
		if err != nil && err != io.EOF { // a limit's error (model.LoadOptions.BoundedReader) kept
			return nil, model.OpenErr(name, err)
		}
		if raw == "" && err == io.EOF {
			break
		}
		if err := model.NotUTF8(name, line, mark+strings.TrimSuffix(raw, "\n"), "a typology in plain text"); err != nil {
			return nil, err
		}
		mark = "" // only line 1 follows it
		text := strings.TrimSpace(raw)
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		f := strings.Split(text, "|")
		for i := range f {
			f[i] = strings.TrimSpace(f[i])
		}
		bad := func(msg string) error {
			return fmt.Errorf("%s:%d: %s", name, line, msg)
		}
		switch f[0] {
		case "name":
			if len(f) != 2 || f[1] == "" {
				return nil, bad(`write "name | NAME"`)
			}
			p.Name = f[1]
		case "score":
			if len(f) != 1 {
				return nil, bad(`write "score" alone`)
			}
			p.SegmentScore = true
		case "severity":
			if len(f) != 4 {
				return nil, bad(`write "severity | KEY | NAME | WEIGHT"`)
			}
			if len(p.Severities) == MaxTypologyItems {
				return nil, bad(fmt.Sprintf("a typology has at most %d severities", MaxTypologyItems))
			}
			w, err := parseWeight(f[3])
			if err != nil {
				return nil, bad(err.Error())
			}
			p.Severities = append(p.Severities, Severity{Key: f[1], Name: f[2], Weight: w})
			sevLines = append(sevLines, line)
		case "category":
			if len(f) < 3 || len(f) > 4 {
				return nil, bad(`write "category | KEYS | NAME" and optionally "| SEVERITY=WEIGHT ..."`)
			}
			if len(p.Categories) == MaxTypologyItems {
				return nil, bad(fmt.Sprintf("a typology has at most %d categories", MaxTypologyItems))
			}
			c := Category{Keys: f[1], Name: f[2]}
			if len(f) == 4 {
				c.Weights = map[string]float64{}
				for _, kv := range strings.Fields(f[3]) {
					k, v, ok := strings.Cut(kv, "=")
					if !ok || k == "" {
						return nil, bad(fmt.Sprintf("weight %s is not SEVERITY=NUMBER", model.Quote(kv)))
					}
					w, err := parseWeight(v)
					if err != nil {
						return nil, bad(fmt.Sprintf("in %s, %v", model.Quote(kv), err))
					}
					c.Weights[k] = w
				}
			}
			p.Categories = append(p.Categories, c)
			catLines = append(catLines, line)
		default:
			return nil, bad(fmt.Sprintf("unknown directive %s; use name, severity, category or score", model.Quote(f[0])))
		}
	}
	where := func(category bool, i int) string {
		if category {
			return fmt.Sprintf("line %d", catLines[i])
		}
		return fmt.Sprintf("line %d", sevLines[i])
	}
	if err := p.validate(where); err != nil {
		var item *itemError
		if !errors.As(err, &item) {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		lines, i := catLines, item.category
		if i < 0 {
			lines, i = sevLines, item.severity
		}
		return nil, fmt.Errorf("%s:%d: %s", name, lines[i], item.why)
	}
	return p, nil
}

// MaxTypologyItems is the most categories, and the most severities, a
// typology file may give: far more than a person picks from by their keys,
// and few enough that checking each against the others ([Preset.Validate])
// and weighing each error stay quick (90,000 categories took minutes).
const MaxTypologyItems = 1000

// MaxWeight is the largest weight a typology file may give: far above any
// typology's (WMT's largest is 25), and low enough that a score summed
// over any corpus stays a finite number.
const MaxWeight = 1e6

// parseWeight reads a typology's weight: a plain decimal number
// ([model.ParseDecimal]; not nan, inf or 0x1p4, which would make every
// score they touch NaN or infinite) from 0 to [MaxWeight].
func parseWeight(s string) (float64, error) {
	w, err := model.ParseDecimal(s)
	switch {
	case err != nil:
		return 0, fmt.Errorf("weight %s is not a number (such as 5, 1 or 0.1)", model.Quote(s))
	case w < 0 || w > MaxWeight:
		return 0, fmt.Errorf("weight %s is out of range: a weight is from 0 to %.0f", model.Quote(s), float64(MaxWeight))
	}
	return w, nil
}
