package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/bleuscope/bleuscope/model"
)

// TestFocusAfterDrill: enter on an n-gram of each kind shows, for the
// selected segment, a focus line (kind, n-gram, its counts here) and '*'
// markers under the n-gram's tokens where it counts (no colour needed);
// every listed segment has it counting (×N with N > 0), and esc back to
// the table removes it.
func TestFocusAfterDrill(t *testing.T) {
	m := openAnalysisScreen(t, ready(t, demoDataset(t), 120, 40))
	for mode := range anaSalient {
		row := m.ana.base.ranked[0][mode][0]
		m = press(t, m, "enter")
		if m.pane.focus == nil || strings.Join(m.pane.focus.Tokens, " ") != row.NGram || m.pane.focus.Kind != row.Kind {
			t.Fatalf("%v: pane focus %+v; want %s %q", mode, m.pane.focus, row.Kind, row.NGram)
		}
		for i := range min(len(m.list.rows), 5) {
			v := ansi.Strip(m.View())
			head := fmt.Sprintf("* %s %s ×", row.Kind, model.QuoteNGram(row.NGram))
			if !strings.Contains(v, head) || strings.Contains(v, head+"0 here") {
				t.Errorf("%v, row %d: no focus line counting %q:\n%s", mode, i, head, v)
			}
			if !strings.Contains(v, "*") || !hasMarkerRow(v) {
				t.Errorf("%v, row %d: no '*' marker row under the n-gram:\n%s", mode, i, v)
			}
			m = press(t, m, "down")
		}
		m = press(t, m, "esc")
		if m.screen != screenAnalysis || m.list.drillFocus() != nil {
			t.Fatalf("%v: esc: screen %v, focus %v", mode, m.screen, m.list.drillFocus())
		}
		m = press(t, m, "esc")
		if v := ansi.Strip(m.View()); strings.Contains(v, model.QuoteNGram(row.NGram)+" ×") {
			t.Errorf("%v: the focus line stays on the main screen after leaving the drill-down", mode)
		}
		m = press(t, m, "n")
		m = press(t, m, "m")
	}
}

// hasMarkerRow reports whether a line of v is a marker row holding '*'
// (only markers and spaces after the label column).
func hasMarkerRow(v string) bool {
	for _, l := range strings.Split(v, "\n") {
		t := strings.TrimSpace(l)
		if strings.Contains(t, "*") && strings.Trim(t, "*^~-123456789 │") == "" {
			return true
		}
	}
	return false
}
