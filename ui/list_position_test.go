package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestListSaysRowsInView: when the list has more rows than it shows, its
// column head says which are in view ("rows 1–13 of 70", in fewer words
// where narrow), at the top, after G and sorted by impact (its widest
// columns), fitting the window; when every row is shown it says nothing
// of it (the list gave no sign of where in 1984 segments it was).
func TestListSaysRowsInView(t *testing.T) {
	ds := demoDataset(t)
	for _, size := range [][2]int{{60, 16}, {80, 24}, {100, 30}, {120, 40}} {
		w, h := size[0], size[1]
		for _, keys := range [][]string{nil, {"i"}} {
			m := press(t, ready(t, ds, w, h), keys...)
			n, shown := len(m.list.rows), m.list.height
			if n <= shown || shown < 1 {
				t.Fatalf("%d×%d: %d rows in %d; the test wants more rows than fit", w, h, n, shown)
			}
			ends := func(m Model, span string) bool {
				l := strings.TrimRight(columnHead(t, m), " ")
				for _, f := range []string{"rows " + span + fmt.Sprintf(" of %d", n), span + fmt.Sprintf(" of %d", n), "rows " + span, span} {
					if strings.HasSuffix(l, " "+f) {
						return true
					}
				}
				return false
			}
			if span := fmt.Sprintf("1–%d", shown); !ends(m, span) {
				t.Errorf("%d×%d %v at the top: column head %q; want it to end with rows %s", w, h, keys, columnHead(t, m), span)
			}
			m = press(t, m, "G")
			if span := fmt.Sprintf("%d–%d", n-shown+1, n); m.list.top != n-shown || !ends(m, span) {
				t.Errorf("%d×%d %v after G: column head %q; want it to end with rows %s", w, h, keys, columnHead(t, m), span)
			}
			checkFit(t, fmt.Sprintf("%v after G", keys), m.View(), w, h)
			f := press(t, m, "/", "b", "l", "e", "u", "<", "4", "0", "enter")
			if len(f.list.rows) == 0 || len(f.list.rows) > f.list.height {
				t.Fatalf("%d×%d: bleu<40 keeps %d rows, %d shown; the test wants some, all in view", w, h, len(f.list.rows), f.list.height)
			}
			if l := columnHead(t, f); strings.Contains(l, "–") {
				t.Errorf("%d×%d %v: %d rows all shown, yet the column head says %q", w, h, keys, len(f.list.rows), l)
			}
		}
	}
}

// columnHead is the list's column head line on m's screen, in plain text.
func columnHead(t *testing.T, m Model) string {
	t.Helper()
	lines := strings.Split(ansi.Strip(m.View()), "\n")
	for _, l := range lines {
		if strings.HasPrefix(l, "   line") {
			return l
		}
	}
	t.Fatalf("no column head:\n%s", strings.Join(lines, "\n"))
	return ""
}

// TestListHeadKeepsItsWords: the column head's words (the hypothesis
// column's name, the position sign's) stay the same while the rows
// scroll, at every width: the head read "hypothesis" at the top of the
// list and "hyp" once the sign grew a digit ("rows 58–70 of 70").
func TestListHeadKeepsItsWords(t *testing.T) {
	ds := demoDataset(t)
	// words says which of the head's words it shows.
	words := func(l string) string {
		l = strings.TrimRight(l, " ")
		return fmt.Sprint(strings.Contains(l, " hypothesis"), strings.Contains(l, " hyp "), strings.Contains(l, " · "),
			strings.Contains(l, " rows "), strings.Contains(l, " of "))
	}
	for w := 60; w <= 140; w++ {
		m := ready(t, ds, w, 16)
		if len(m.list.rows) <= m.list.height {
			t.Fatalf("%d columns: %d rows in %d; the test wants more rows than fit", w, len(m.list.rows), m.list.height)
		}
		top := columnHead(t, m)
		for _, keys := range [][]string{{"pgdown"}, {"G"}} {
			mm := press(t, m, keys...)
			if l := columnHead(t, mm); words(l) != words(top) {
				t.Errorf("%d columns: after %v the column head reads %q; at the top %q", w, keys, l, top)
			}
			checkFit(t, fmt.Sprintf("%d columns after %v", w, keys), mm.View(), w, 16)
		}
	}
}
