package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestExplorerClipVocabulary: where the explorer draws what did or did
// not count (the side panel's clip ledger, the ledger screen, the help,
// the analysis screen's notes), it uses SPEC's words: matched, clipped,
// unmatched, over (clipped or unmatched), missed; never "cut" (the side
// panel said "cut" where the line under the hypothesis said "clipped" and
// "unmatched"), "over-produced" beside the title's "over", or "clipped
// counts" for the matched ones.
func TestExplorerClipVocabulary(t *testing.T) {
	cut := regexp.MustCompile(`\bcut\b`)
	check := func(where, s string, want ...string) {
		t.Helper()
		for _, bad := range []string{"over-produced", "clipped counts"} {
			if strings.Contains(s, bad) {
				t.Errorf("%s says %q", where, bad)
			}
		}
		if w := cut.FindString(s); w != "" {
			t.Errorf("%s says %q; SPEC's word is over:\n%s", where, w, s)
		}
		for _, w := range want {
			if !strings.Contains(s, w) {
				t.Errorf("%s lacks %q:\n%s", where, w, s)
			}
		}
	}
	// Line 12 of the demo's literal system: "the" eight times, 2 matched.
	m := press(t, ready(t, demoDataset(t), 200, 50), ":", "1", "2", "enter", "tab", "tab", "1")
	check("the segment pane", ansi.Strip(m.View()), "^ 2 matched ~ 6 clipped 0 unmatched", " max  clip over", "2 of 8 1-grams matched · 6 over")
	check("the ledger screen", ansi.Strip(press(t, m, "x").View()), " max  clip over", "over = hyp − clip")
	check("the help", strings.Join(strings.Fields(ansi.Strip(helpContent(m.c, 100))), " "), "over = hyp − clip", "(clipped, or unmatched: in no reference)", "missed, over, matched")

	a := openAnalysisScreen(t, ready(t, demoDataset(t), 200, 50))
	for range numAnaModes {
		v := ansi.Strip(a.View())
		if a.ana.mode == anaOver {
			check("the analysis screen, over", v, "over n-grams", "over: produced beyond what any reference supports (unmatched or clipped)")
		} else {
			check("the analysis screen, "+a.ana.mode.String(), v)
		}
		a = press(t, a, "m")
	}
}
