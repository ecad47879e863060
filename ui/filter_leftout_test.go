package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestFilterControlsLeftOutSaid: a query pasted into the filter prompt
// with control characters (a bell, an escape) and bidirectional controls
// (an override, an isolate) keeps its printable text, and the prompt
// says how many were left out at every width from 60 columns, where they
// were dropped without a word; the next key, and a paste without any,
// say nothing of the kind.
func TestFilterControlsLeftOutSaid(t *testing.T) {
	for _, w := range []int{60, 61, 70, 80, 100, 120, 200} {
		m := press(t, ready(t, demoDataset(t), w, 30), "/")
		m = paste(t, m, "be\x07c\u202eau\u2066s\x1be")
		if got := m.list.filter.text(); got != "because" {
			t.Errorf("at %d columns: query %q; want \"because\"", w, got)
		}
		v := ansi.Strip(m.View())
		if !strings.Contains(v, "4 control characters") || !strings.Contains(v, "left out of the query") {
			t.Errorf("at %d columns: the screen does not say 4 control characters were left out:\n%s", w, v)
		}
		checkFit(t, "the filter with controls left out", m.View(), w, 30)
		long := paste(t, m, " or \x07a rather longer query that wraps the footer")
		if v := ansi.Strip(long.View()); !strings.Contains(v, "1 control character") {
			t.Errorf("at %d columns: a long query does not say 1 control character was left out:\n%s", w, v)
		}
		checkFit(t, "a long filter with controls left out", long.View(), w, 30)
		m = paste(t, m, "s")
		if v := ansi.Strip(m.View()); strings.Contains(v, "left out") {
			t.Errorf("at %d columns: a paste without controls still says some were left out:\n%s", w, v)
		}
	}
}
