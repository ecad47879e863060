package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/fixtures"
	"github.com/charmbracelet/x/ansi"
)

// TestWalkthroughShowsClippingOnSmallScreens: on the demo's gaming line
// (literal, "the" ×8, 2 counted), the walk-through's unigram step shows
// what clipping did, simple against modified precision and how many
// occurrences were clipped, on its first screen at 80×24 and at 60×16,
// and the Result step says what clipping took from p1. Before, the step
// showed the clip table and left these below the fold ("↓ 7 more lines"
// at 80×24), and the Result step said nothing of clipping.
func TestWalkthroughShowsClippingOnSmallScreens(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {60, 16}} {
		w, h := size[0], size[1]
		m := ready(t, demoDataset(t), w, h)
		m = press(t, m, "tab", "tab") // literal
		if name := m.c.ds.Systems[m.list.view.System].Name; name != "literal" {
			t.Fatalf("tab tab shows system %q; want literal", name)
		}
		m = typeText(t, press(t, m, ":"), fmt.Sprint(fixtures.LineGaming))
		m = press(t, m, "enter", "e", "right")
		v := ansi.Strip(m.View())
		checkFit(t, "the unigram step", v, w, h)
		flat := strings.Join(strings.Fields(v), " ")
		for _, want := range []string{
			"2.1 Unigrams: counting and clipping",
			"simple precision 8/8 = 100.00% without clipping",
			"modified precision 2/8 = 25.00% with clipping (BLEU's)",
			`6 occurrences clipped: "the" occurs 8 times in the hypothesis but at most twice in a reference (ref B).`,
		} {
			if !strings.Contains(flat, want) {
				t.Errorf("%d×%d: the unigram step's first screen lacks %q:\n%s", w, h, want, v)
			}
		}
		m = press(t, m, "end")
		v = ansi.Strip(m.View())
		flat = strings.Join(strings.Fields(v), " ")
		if want := "Clipping lowered p1 from 100.00% to 25.00% (6 of the 8 unigrams clipped)."; !strings.Contains(flat, want) {
			t.Errorf("%d×%d: the Result step lacks %q:\n%s", w, h, want, v)
		}
	}
}
