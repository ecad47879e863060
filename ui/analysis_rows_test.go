package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model"
	"github.com/charmbracelet/x/ansi"
)

// TestAnalysisTablesSayRowsInView: the n-gram table (in every mode) and
// the wins table say in their title which rows are in view when some are
// hidden, as the bucket table does ("rows 1–12 of …"), at the top and
// after G, and the title is not cut; when every row fits they say
// nothing of it (at 60×16 both hid rows below with no sign of them).
func TestAnalysisTablesSayRowsInView(t *testing.T) {
	many := fluentCopies(t, "one", "two", "three", "four", "five") // wins: 5 systems × 3 outcomes
	for _, ds := range []*model.Dataset{demoDataset(t), longNames(t), many} {
		for _, size := range [][2]int{{60, 16}, {80, 24}, {120, 40}, {200, 80}} {
			m := openAnalysisScreen(t, ready(t, ds, size[0], size[1]))
			title := func() string { return strings.SplitN(ansi.Strip(m.View()), "\n", 2)[0] }
			// The n-gram modes, then the wins table (two tables on).
			for _, keys := range [][]string{nil, {"m"}, {"m"}, {"m"}, {"right", "right"}} {
				m = press(t, m, keys...)
				what := fmt.Sprintf("%d systems at %d×%d, table %d mode %v", len(ds.Systems), size[0], size[1], m.ana.table, m.ana.mode)
				n, h := m.ana.rowCount(m.anaCtx()), m.ana.bodyRows()
				if n <= h {
					if strings.Contains(title(), "rows ") {
						t.Errorf("%s: %d rows fit in %d, yet the title says %q", what, n, h, title())
					}
					continue
				}
				if want := fmt.Sprintf("rows 1–%d of %s", h, thousands(n)); !strings.Contains(title(), want) || cutWord(title(), ds) {
					t.Errorf("%s at the top: title %q; want it whole, with %q", what, title(), want)
				}
				m = press(t, m, "G")
				top := m.ana.top[m.ana.table]
				if want := fmt.Sprintf("rows %d–%d of %s", top+1, n, thousands(n)); top == 0 || !strings.Contains(title(), want) || cutWord(title(), ds) {
					t.Errorf("%s after G: title %q; want it whole, with %q (view from row %d)", what, title(), want, top)
				}
				m = press(t, m, "g")
			}
		}
	}
}
