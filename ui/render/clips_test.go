package render

import (
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
)

// TestLedgerKeyFormulasWhole: the ledger's key never breaks a line inside
// "clip = min(hyp, max)" or "over = hyp − clip", at any width from 40 on,
// and WrapFormulas keeps them as Wrap would keep a word. Before, a line
// could end "clip =" with the formula on the next.
func TestLedgerKeyFormulasWhole(t *testing.T) {
	for width := 40; width <= 160; width++ {
		key := LedgerKey(PlainStyles(), width)
		for _, f := range []string{clipFormula, overFormula} {
			if !strings.Contains(key, f) {
				t.Errorf("at %d the key breaks %q:\n%s", width, f, key)
			}
		}
		for _, l := range strings.Split(key, "\n") {
			if n := lipgloss.Width(l); n > width {
				t.Errorf("at %d a line is %d cells: %q", width, n, l)
			}
		}
	}
}
