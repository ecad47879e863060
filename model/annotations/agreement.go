package annotations

import (
	"encoding/json"
	"math"
	"slices"
	"strings"
)

// Agreement is how far two raters agree on the segments both rated.
type Agreement struct {
	// RaterA and RaterB are the two raters, A < B.
	RaterA, RaterB string
	// Segments is the number of segments (a system's line) both rated.
	Segments int
	// KappaError is Cohen's kappa of "has an error" against "has none";
	// NaN when undefined (both always gave the same single answer).
	KappaError float64
	// KappaSeverity is Cohen's kappa of each segment's most severe
	// severity ("none" without error; Critical counts as Major in MQM);
	// NaN when undefined.
	KappaSeverity float64
	// SpanPrecision is the share of A's spans that overlap one of B's on
	// the same side of the same segment, SpanRecall the share of B's that
	// overlap one of A's, and SpanF1 their harmonic mean; NaN when the
	// one counted from has no span.
	SpanPrecision, SpanRecall, SpanF1 float64
}

// MarshalJSON writes the agreement with snake_case keys and null for
// what is undefined.
func (g Agreement) MarshalJSON() ([]byte, error) {
	num := func(v float64) *float64 {
		if math.IsNaN(v) {
			return nil
		}
		return &v
	}
	return json.Marshal(struct {
		RaterA        string   `json:"rater_a"`
		RaterB        string   `json:"rater_b"`
		Segments      int      `json:"segments"`
		KappaError    *float64 `json:"kappa_error"`
		KappaSeverity *float64 `json:"kappa_severity"`
		SpanPrecision *float64 `json:"span_precision"`
		SpanRecall    *float64 `json:"span_recall"`
		SpanF1        *float64 `json:"span_f1"`
	}{g.RaterA, g.RaterB, g.Segments, num(g.KappaError), num(g.KappaSeverity), num(g.SpanPrecision), num(g.SpanRecall), num(g.SpanF1)})
}

// rating is what one rater said about one segment.
type rating struct {
	severity string // most severe, "none" without error
	weight   float64
	spans    []Span
}

// Agree compares every pair of raters on the segments both rated (a
// segment rated by a rater has an error, a no-error mark or a score of
// theirs), using the preset to rank severities by weight. Pairs come in
// the order of their names; pairs with no segment in common are left out.
func Agree(anns []Annotation, p *Preset) []Agreement {
	type segKeyed struct {
		system string
		line   int
	}
	by := map[string]map[segKeyed]*rating{}
	for i := range anns {
		a := &anns[i]
		m := by[a.Rater]
		if m == nil {
			m = map[segKeyed]*rating{}
			by[a.Rater] = m
		}
		k := segKeyed{a.System, a.Line}
		r := m[k]
		if r == nil {
			r = &rating{severity: "none", weight: math.Inf(-1)}
			m[k] = r
		}
		if a.Kind != KindError {
			continue
		}
		sev := a.Severity
		if alias, ok := p.Aliases[strings.ToLower(sev)]; ok {
			sev = alias
		}
		if s := p.Severity(sev); s != nil {
			sev = s.Name
		}
		w := p.Weight("", sev)
		if w > r.weight || w == r.weight && sev < r.severity {
			r.severity, r.weight = sev, w
		}
		if a.Span != nil {
			r.spans = append(r.spans, *a.Span)
		}
	}
	raters := make([]string, 0, len(by))
	for r := range by {
		raters = append(raters, r)
	}
	slices.Sort(raters)
	var out []Agreement
	for i, ra := range raters {
		for _, rb := range raters[i+1:] {
			var errA, errB, sevA, sevB []string
			var spansA, spansB, hitA, hitB int
			for k, x := range by[ra] {
				y, ok := by[rb][k]
				if !ok {
					continue
				}
				errA, errB = append(errA, yesNo(x.severity != "none")), append(errB, yesNo(y.severity != "none"))
				sevA, sevB = append(sevA, x.severity), append(sevB, y.severity)
				spansA += len(x.spans)
				spansB += len(y.spans)
				hitA += overlapping(x.spans, y.spans)
				hitB += overlapping(y.spans, x.spans)
			}
			if len(errA) == 0 {
				continue
			}
			g := Agreement{RaterA: ra, RaterB: rb, Segments: len(errA),
				KappaError: Kappa(errA, errB), KappaSeverity: Kappa(sevA, sevB),
				SpanPrecision: ratio(hitA, spansA), SpanRecall: ratio(hitB, spansB)}
			g.SpanF1 = math.NaN()
			if !math.IsNaN(g.SpanPrecision) && !math.IsNaN(g.SpanRecall) {
				g.SpanF1 = 0
				if s := g.SpanPrecision + g.SpanRecall; s > 0 {
					g.SpanF1 = 2 * g.SpanPrecision * g.SpanRecall / s
				}
			}
			out = append(out, g)
		}
	}
	return out
}

func yesNo(b bool) string {
	if b {
		return "error"
	}
	return "none"
}

func ratio(a, b int) float64 {
	if b == 0 {
		return math.NaN()
	}
	return float64(a) / float64(b)
}

// overlapping counts the spans of xs that overlap one of ys on the same
// side; an empty span overlaps a span that contains its position.
func overlapping(xs, ys []Span) int {
	n := 0
	for _, x := range xs {
		for _, y := range ys {
			if x.Side != y.Side {
				continue
			}
			lo, hi := max(x.Start, y.Start), min(x.End, y.End)
			if lo < hi || lo == hi && (x.Start == x.End || y.Start == y.End) {
				n++
				break
			}
		}
	}
	return n
}

// Kappa returns Cohen's kappa of two raters' labels of the same items:
// (po − pe) / (1 − pe), po the share of items they label alike and pe the
// share expected by chance from each one's label frequencies. It is NaN
// when pe is 1 (both gave one and the same label throughout) or there are
// no items.
func Kappa(a, b []string) float64 {
	n := len(a)
	if n == 0 || n != len(b) {
		return math.NaN()
	}
	ca, cb := map[string]int{}, map[string]int{}
	same := 0
	for i := range a {
		ca[a[i]]++
		cb[b[i]]++
		if a[i] == b[i] {
			same++
		}
	}
	labels := make([]string, 0, len(ca))
	for l := range ca {
		labels = append(labels, l)
	}
	slices.Sort(labels)
	pe := 0.0
	for _, l := range labels {
		pe += float64(ca[l]) / float64(n) * float64(cb[l]) / float64(n)
	}
	po := float64(same) / float64(n)
	if pe == 1 {
		return math.NaN()
	}
	return (po - pe) / (1 - pe)
}
