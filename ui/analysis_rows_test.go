package ui

import (
	"fmt"
	"regexp"
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
// "top 200 of 2,137 · rows 1–12", or "· 1–12" where narrow. The salient
// table's title may give up its rows in view for the names of the two
// systems it compares, where its count of the top rows it holds stays
// ("LT22 vs JDExploreAcademy · salient 1–4-grams · top 200 of 25,244" at
// 80 columns): [TestAnalysisSalientTitleNamesPair].
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
					if saysSpan.MatchString(title()) {
						t.Errorf("%s: %d rows fit in %d, yet the title says %q", what, n, h, title())
					}
					continue
				}
				x := m.anaCtx()
				whole := m.ana.ranksOf(x).whole
				pair := m.ana.mode == anaSalient && salientPair(x) && whole != "" &&
					strings.Contains(title(), " vs ") && strings.Contains(title(), whole)
				if pair && !cutWord(title(), ds) {
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

// TestAnalysisRowsOneWayPerWidth: every analysis table says the rows in
// view the same way at a given width: "· 1–12" (after the n-gram table's
// count) and "· 1–12 of 17" below 80 columns, "· rows 1–12" and "· rows
// 1–12 of 17" from 80. At 60 the n-gram table wrote "· 1–12" and the
// bucket table "· rows 1–12 of 17", and the n-gram table itself wrote
// "rows" in one mode and not in another.
func TestAnalysisRowsOneWayPerWidth(t *testing.T) {
	many := fluentCopies(t, "one", "two", "three", "four", "five")
	for _, size := range [][2]int{{60, 16}, {70, 16}, {80, 24}, {100, 24}} {
		m := openAnalysisScreen(t, ready(t, many, size[0], size[1]))
		seen := 0
		for _, keys := range [][]string{nil, {"m"}, {"m"}, {"m"}, {"right"}, {"right"}} {
			m = press(t, m, keys...)
			if m.ana.rowCount(m.anaCtx(), m.ana.table) <= m.ana.bodyRows() {
				continue
			}
			seen++
			title := strings.SplitN(ansi.Strip(m.View()), "\n", 2)[0]
			span := fmt.Sprintf("· 1–%d", m.ana.bodyRows())
			if size[0] >= 80 {
				span = fmt.Sprintf("· rows 1–%d", m.ana.bodyRows())
			}
			if !strings.Contains(title, span+" ") || size[0] < 80 && strings.Contains(title, "rows ") {
				t.Errorf("%d×%d, table %d mode %v: title %q; want the rows in view as %q", size[0], size[1], m.ana.table, m.ana.mode, title, span)
			}
		}
		if seen < 3 {
			t.Fatalf("%d×%d: %d tables hide rows; the test needs the n-gram table and another", size[0], size[1], seen)
		}
	}
}

// saysSpan matches a title's rows in view, in either wording: "rows
// 3–14 of 14", "· 3–14 of 14", "· 3–14".
var saysSpan = regexp.MustCompile(`(rows |· )\d+–\d+( of |\s|$)`)

// saysRows reports whether title says rows span of n are in view: "rows
// 1–12 of 200" (narrow, "· 1–12 of 200"), or after the count of a
// ranking's top n, "top 200 of 2,137 · rows 1–12" or "top 200 of 2,137 ·
// 1–12", never "of" twice in a row.
func saysRows(title, span string, n int) bool {
	if strings.Contains(title, span+" of "+model.Thousands(n)+" of ") {
		return false
	}
	if strings.Contains(title, "rows "+span+" of "+model.Thousands(n)) || strings.Contains(title, "· "+span+" of "+model.Thousands(n)) {
		return true
	}
	top := "top " + model.Thousands(n) + " of "
	i := strings.Index(title, top)
	if i < 0 {
		return false
	}
	_, after, _ := strings.Cut(title[i+len(top):], " · ")
	return strings.HasPrefix(after, "rows "+span+" ") || strings.HasPrefix(after, span+" ")
}
