package ui

import (
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
)

// repeatedDemo is the demo corpus k times over: a segment's impact on a
// corpus k times larger is about k times smaller.
func repeatedDemo(t *testing.T, k int) *model.Dataset {
	t.Helper()
	return demoEdited(t, func(_ string, b []byte) []byte { return []byte(strings.Repeat(string(b), k)) })
}

// impactCells returns the impact column's cells on the screen v: the
// figures whose right end is under the end of the header's "impact".
func impactCells(t *testing.T, v string) []string {
	t.Helper()
	lines := strings.Split(v, "\n")
	for i, l := range lines {
		at := strings.Index(l, "impact")
		if at < 0 || !strings.Contains(l, "hyp/ref") {
			continue
		}
		end := len([]rune(l[:at])) + len("impact")
		var cells []string
		for _, row := range lines[i+1:] {
			r := []rune(row)
			if len(r) < end || r[end-1] == ' ' {
				break
			}
			f := strings.Fields(string(r[:end]))
			cells = append(cells, f[len(f)-1])
		}
		return cells
	}
	t.Fatalf("no impact column on the screen:\n%s", v)
	return nil
}

// TestImpactColumnOneForm: the impact column shows every figure with the
// same decimals, so that they line up and compare at a glance, where it
// mixed three decimals ("-0.084") with the exponent form of the smaller
// ones ("-9.8e-3", "-1.6e-4"); the largest shows three significant
// digits.
func TestImpactColumnOneForm(t *testing.T) {
	m := ready(t, repeatedDemo(t, 30), 120, 40)
	for m.list.view.Sort != model.SortImpact {
		if m = press(t, m, "o"); m.list.view.Sort == model.SortScore {
			t.Fatal("o never reached the impact sort")
		}
	}
	cells := impactCells(t, m.View())
	for range 30 { // down through the smaller costs
		m = press(t, m, "pgdown", "pgdown", "pgdown", "pgdown", "pgdown")
		cells = append(cells, impactCells(t, m.View())...)
	}
	cells = append(cells, impactCells(t, press(t, m, "G").View())...) // the largest gains
	decimals, top, topCell := -1, 0.0, ""
	figure := regexp.MustCompile(`^[+-]?[0-9]+\.([0-9]+)$`)
	for _, c := range cells {
		if c == "0" { // no impact at all
			continue
		}
		f := figure.FindStringSubmatch(c)
		if f == nil {
			t.Fatalf("impact cell %q is not a decimal figure; cells %v", c, cells)
		}
		if decimals < 0 {
			decimals = len(f[1])
		}
		if len(f[1]) != decimals {
			t.Fatalf("impact cell %q has %d decimals, the first %d; cells %v", c, len(f[1]), decimals, cells)
		}
		if x, _ := strconv.ParseFloat(c, 64); math.Abs(x) > top {
			top, topCell = math.Abs(x), c
		}
	}
	if digits := strings.TrimLeft(strings.ReplaceAll(strings.TrimLeft(topCell, "+-"), ".", ""), "0"); len(digits) != 3 {
		t.Errorf("the largest impact %q shows %d significant digits; want 3", topCell, len(digits))
	}
	if len(slices.Compact(slices.Sorted(slices.Values(cells)))) < 5 {
		t.Errorf("impact cells %v: want figures of several sizes", cells)
	}
}

// TestDeltaHeadBesideMetricImpact: beside chrF's impact (i on the
// comparison screen testing chrF), the Δ column, which stays sentence
// BLEU's, is headed "BLEU Δ", where it was "Δ" under "chrF imp" as if the
// two were one metric's; beside BLEU's impact it is "Δ".
func TestDeltaHeadBesideMetricImpact(t *testing.T) {
	head := func(m Model) string {
		for _, l := range strings.Split(m.View(), "\n") {
			if strings.Contains(l, "hyp/ref") {
				return l
			}
		}
		t.Fatalf("no list header:\n%s", m.View())
		return ""
	}
	m := press(t, readyWith(t, demoDataset(t), 120, 40, WithResampling(scoring.SeedOf(7), 100, 100)), "B", "M", "i")
	if m.list.impactOf != model.MetricChrF {
		t.Fatalf("impact of %q; want chrF's", m.list.impactOf)
	}
	if h := head(m); !strings.Contains(h, "BLEU Δ") || !strings.Contains(h, "chrF imp") {
		t.Errorf("header %q; want BLEU Δ beside chrF imp", h)
	}
	m = press(t, ready(t, demoDataset(t), 120, 40), "i")
	if h := head(m); m.list.view.Sort != model.SortImpact || m.list.impactOf != model.MetricBLEU || strings.Contains(h, "BLEU Δ") || !strings.Contains(h, " Δ ") {
		t.Errorf("impact of %q, header %q; want BLEU's impact beside Δ", m.list.impactOf, h)
	}
}
