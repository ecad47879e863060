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
// A table holding the top n of a ranking says its rows of that count:
// "top 200 of 2,137 · rows 1–12", or "· 1–12" where narrow.
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
				n, h := m.ana.rowCount(m.anaCtx(), m.ana.table), m.ana.bodyRows()
				if n <= h {
					if strings.Contains(title(), "rows ") {
						t.Errorf("%s: %d rows fit in %d, yet the title says %q", what, n, h, title())
					}
					continue
				}
				if span := fmt.Sprintf("1–%d", h); !saysRows(title(), span, n) || cutWord(title(), ds) {
					t.Errorf("%s at the top: title %q; want it whole, with rows %s of %d", what, title(), span, n)
				}
				m = press(t, m, "G")
				top := m.ana.top[m.ana.table]
				if span := fmt.Sprintf("%d–%d", top+1, n); top == 0 || !saysRows(title(), span, n) || cutWord(title(), ds) {
					t.Errorf("%s after G: title %q; want it whole, with rows %s of %d (view from row %d)", what, title(), span, n, top)
				}
				m = press(t, m, "g")
			}
		}
	}
}

// saysRows reports whether title says rows span of n are in view: "rows
// 1–12 of 200", or after the count of a ranking's top n, "top 200 of 2,137
// · rows 1–12" or "top 200 of 2,137 · 1–12", never "of" twice in a row.
func saysRows(title, span string, n int) bool {
	if strings.Contains(title, "rows "+span+" of "+thousands(n)+" of ") {
		return false
	}
	if strings.Contains(title, "rows "+span+" of "+thousands(n)) {
		return true
	}
	top := "top " + thousands(n) + " of "
	i := strings.Index(title, top)
	if i < 0 {
		return false
	}
	_, after, _ := strings.Cut(title[i+len(top):], " · ")
	return strings.HasPrefix(after, "rows "+span+" ") || strings.HasPrefix(after, span+" ")
}
