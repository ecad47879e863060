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
		penalty map[string]float64 // by rater
		scores  map[string]float64 // ESA, by rater
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
			seg = &segment{penalty: map[string]float64{}, scores: map[string]float64{}}
			s.segs[a.Line] = seg
		}
		s.raters[a.Rater] = true
		if _, ok := seg.penalty[a.Rater]; !ok {
			seg.penalty[a.Rater] = 0 // a rater with no error scores 0
		}
		switch a.Kind {
		case KindError:
			seg.penalty[a.Rater] += p.Weight(a.Category, a.Severity)
			m := s.sum.Errors[a.Category]
			if m == nil {
				m = map[string]int{}
				s.sum.Errors[a.Category] = m
			}
			m[p.SeverityName(a.Severity)]++ // "major" and "Major" weigh alike: one count
		case KindScore:
			seg.scores[a.Rater] = float64(*a.Score)
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
			mqm += meanOf(seg.penalty)
			if len(seg.scores) > 0 {
				esa += meanOf(seg.scores)
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

// meanOf averages the values of m in the order of its sorted keys.
func meanOf(m map[string]float64) float64 {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	sum := 0.0
	for _, k := range keys {
		sum += m[k]
	}
	return sum / float64(len(keys))
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
			n, pluralS(n), model.Quote(sevs[0]), map[bool]string{true: "s", false: ""}[n == 1], p.Name)
	}
	n, names := 0, make([]string, len(sevs))
	for i, sev := range sevs {
		n += by[sev]
		names[i] = fmt.Sprintf("%s (%d)", model.Quote(sev), by[sev])
	}
	return fmt.Sprintf("%d errors weigh 0 in the MQM score: the %s weights have no severity %s or %s",
		n, p.Name, strings.Join(names[:len(names)-1], ", "), names[len(names)-1])
}
