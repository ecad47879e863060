package annotations

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/bleuscope/bleuscope/model"
)

// How the summary's scores are made, in words, for a table that shows
// them (the explorer's S, annotations summary).
const (
	MQMAbout = "MQM: per segment the errors' weights summed, averaged over its raters, then over the rated segments; lower is better"
	ESAAbout = "ESA: the 0–100 segment scores, averaged over each segment's raters, then over the scored segments; higher is better"
)

// SystemSummary is what the annotations of one system add up to.
type SystemSummary struct {
	// System is the system's name.
	System string `json:"system"`
	// Segments is the number of segments rated: with at least one error,
	// no-error mark or score.
	Segments int `json:"segments"`
	// Raters are the names of those who rated it, sorted.
	Raters []string `json:"raters"`
	// Errors counts the errors by category and severity (spelled as the
	// preset spells it when it has that severity in any case, else as
	// the annotation does); no-error marks are not counted.
	Errors map[string]map[string]int `json:"errors"`
	// MQM is the MQM score: per segment the sum of its errors' weights,
	// averaged over the segment's raters, then averaged over the rated
	// segments. Lower is better.
	MQM float64 `json:"mqm"`
	// ESA is the mean ESA score (per segment averaged over the raters who
	// scored it, then over the scored segments); nil when nothing was
	// scored.
	ESA *float64 `json:"esa,omitempty"`
}

// MarshalJSON writes the summary with its fields' keys, the system named
// as JSON output names systems ([model.JSONName]), so that two systems
// whose names differ only in bytes that are not UTF-8 stay two; the text
// is kept as it is (no HTML escapes).
func (s SystemSummary) MarshalJSON() ([]byte, error) {
	type fields SystemSummary // without this method
	f := fields(s)
	f.System = model.JSONName(s.System)
	return plainJSON(f)
}

// Summarize adds up anns per system, in the order systems first appear,
// with the preset's weights. A segment is a system's line.
func Summarize(anns []Annotation, p *Preset) []SystemSummary {
	type segment struct {
		penalty raterValues // the errors' weights summed, by rater
		scores  raterValues // ESA, by rater
	}
	type acc struct {
		sum    SystemSummary
		segs   map[int]*segment
		raters map[string]bool
	}
	var order []string
	by := map[string]*acc{}
	for i := range anns {
		a := &anns[i]
		s := by[a.System]
		if s == nil {
			s = &acc{sum: SystemSummary{System: a.System, Errors: map[string]map[string]int{}}, segs: map[int]*segment{}, raters: map[string]bool{}}
			by[a.System] = s
			order = append(order, a.System)
		}
		seg := s.segs[a.Line]
		if seg == nil {
			seg = &segment{}
			s.segs[a.Line] = seg
		}
		s.raters[a.Rater] = true
		penalty := seg.penalty.of(a.Rater) // a rater with no error scores 0
		switch a.Kind {
		case KindError:
			*penalty += p.Weight(a.Category, a.Severity)
			m := s.sum.Errors[a.Category]
			if m == nil {
				m = map[string]int{}
				s.sum.Errors[a.Category] = m
			}
			m[p.SeverityName(a.Severity)]++ // "major" and "Major" weigh alike: one count
		case KindScore:
			*seg.scores.of(a.Rater) = float64(*a.Score)
		}
	}
	out := make([]SystemSummary, 0, len(order))
	for _, name := range order {
		s := by[name]
		lines := make([]int, 0, len(s.segs))
		for l := range s.segs {
			lines = append(lines, l)
		}
		slices.Sort(lines) // a fixed order of summation
		var mqm, esa float64
		scored := 0
		for _, l := range lines {
			seg := s.segs[l]
			mqm += seg.penalty.mean()
			if len(seg.scores) > 0 {
				esa += seg.scores.mean()
				scored++
			}
		}
		s.sum.Segments = len(lines)
		s.sum.MQM = mqm / float64(len(lines))
		if scored > 0 {
			v := esa / float64(scored)
			s.sum.ESA = &v
		}
		for r := range s.raters {
			s.sum.Raters = append(s.sum.Raters, r)
		}
		slices.Sort(s.sum.Raters)
		out = append(out, s.sum)
	}
	return out
}

// raterValues are a segment's values by rater, one each: a segment has
// few raters, and a slice of them takes a fraction of a map's memory,
// which a file of many segments has one of per segment.
type raterValues []raterValue

// raterValue is a rater's value.
type raterValue struct {
	rater string
	value float64
}

// of returns the value of rater, added as 0 when it has none yet.
func (vs *raterValues) of(rater string) *float64 {
	for i := range *vs {
		if (*vs)[i].rater == rater {
			return &(*vs)[i].value
		}
	}
	*vs = append(*vs, raterValue{rater: rater})
	return &(*vs)[len(*vs)-1].value
}

// mean averages the values in the order of their raters' names.
func (vs raterValues) mean() float64 {
	slices.SortFunc(vs, func(a, b raterValue) int { return strings.Compare(a.rater, b.rater) })
	sum := 0.0
	for _, v := range vs {
		sum += v.value
	}
	return sum / float64(len(vs))
}

// Unweighed counts, by severity as spelled, the errors of anns that p has
// no weight for: their severity is none of p's (nor an alias of one), and
// their category has no weight of its own for it, so that under p they
// weigh 0, as if they were no error. Annotations made with another
// typology than p's (a custom severity "critical" summed with the MQM
// weights) are the usual cause.
func Unweighed(anns []Annotation, p *Preset) map[string]int {
	var out map[string]int
	for i := range anns {
		a := &anns[i]
		if a.Kind != KindError || p.weighs(a.Category, a.Severity) {
			continue
		}
		if out == nil {
			out = map[string]int{}
		}
		out[a.Severity]++
	}
	return out
}

// UnweighedWarning says how many errors of anns weigh 0 under p for want
// of their severity ([Unweighed]), and which severities, without the
// fix, which depends on where it is said; "" when none do. It is not
// escaped.
func UnweighedWarning(anns []Annotation, p *Preset) string {
	by := Unweighed(anns, p)
	sevs := slices.Sorted(maps.Keys(by))
	switch len(sevs) {
	case 0:
		return ""
	case 1:
		n := by[sevs[0]]
		return fmt.Sprintf("%d error%s of severity %s weigh%s 0 in the MQM score: the %s weights have no such severity",
			n, model.PluralS(n), model.Quote(sevs[0]), map[bool]string{true: "s", false: ""}[n == 1], p.Name)
	}
	n, names := 0, make([]string, len(sevs))
	for i, sev := range sevs {
		n += by[sev]
		names[i] = fmt.Sprintf("%s (%d)", model.Quote(sev), by[sev])
	}
	return fmt.Sprintf("%d errors weigh 0 in the MQM score: the %s weights have no severity %s or %s",
		n, p.Name, strings.Join(names[:len(names)-1], ", "), names[len(names)-1])
}
