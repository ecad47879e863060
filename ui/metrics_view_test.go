package ui

import (
	"testing"

	"github.com/bleuscope/bleuscope/model"
)

// TestMetricFigureFitsColumn: a TER many times 100 (one reference word
// against a long hypothesis gives 12000) fits the list's metric column,
// instead of being cut to "1200…".
func TestMetricFigureFitsColumn(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		want string
	}{{46.72, "46.7"}, {9999.9, "9999.9"}, {9999.96, "10000"}, {12000, "12000"}, {999999, "999999"}} {
		ms := &model.MetricScores{Systems: []model.MetricSystem{{TERSegments: []float64{tc.v}}}}
		got := metricFigure(ms, nil, func(s model.MetricSystem) float64 { return s.TERSegments[0] }, 0)
		if got != tc.want || len(got) > metricWidth {
			t.Errorf("metricFigure(%v) = %q; want %q, at most %d cells", tc.v, got, tc.want, metricWidth)
		}
	}
}
