package ui

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// sigAt opens the comparison (after keys) and returns its view's lines at
// each of widths, 40 rows tall, stripped of colour.
func sigAt(t *testing.T, ds *model.Dataset, keys []string, widths []int) map[int][]string {
	t.Helper()
	m := press(t, ready(t, ds, 60, 16), keys...)
	if m.sig.res == nil {
		t.Fatalf("%v: no comparison (err %v)", keys, m.sig.err)
	}
	views := map[int][]string{}
	for _, w := range widths {
		next, _ := m.Update(tea.WindowSizeMsg{Width: w, Height: 40})
		m = next.(Model)
		views[w] = strings.Split(ansi.Strip(m.View()), "\n")
	}
	return views
}

// sigWidths are every width from 60 to 200 columns, for what depends on
// rounding to columns.
var sigWidths = func() []int {
	var ws []int
	for w := 60; w <= 200; w++ {
		ws = append(ws, w)
	}
	return ws
}()

// TestSigIntervalsSymmetric: every interval on the comparison screen has as
// many whiskers left of its centre as right of it, or none, at every width
// from 60 to 200 columns, with three systems and six (at 60 columns
// "[●─]" and "[─●]" drew μ ± CI, symmetric, as lopsided).
func TestSigIntervalsSymmetric(t *testing.T) {
	for _, ds := range []*model.Dataset{demoDataset(t), manySystems(t)} {
		drawn := 0
		for w, lines := range sigAt(t, ds, []string{"B"}, sigWidths) {
			for _, l := range lines {
				row := []rune(l)
				m := slices.Index(row, '●')
				if m < 0 || !strings.Contains(l, "base") && !strings.Contains(l, "*") && !strings.Contains(l, "0.") {
					continue
				}
				lo, hi := slices.Index(row, '['), slices.Index(row, ']')
				if lo < 0 && hi < 0 {
					continue // a lone ●
				}
				drawn++
				if lo < 0 || hi < 0 || m-lo != hi-m {
					t.Errorf("%d systems at %d columns: a lopsided interval: %q", len(ds.Systems), w, l)
				}
			}
		}
		if drawn == 0 {
			t.Errorf("%d systems: no interval drawn with its whiskers at any width", len(ds.Systems))
		}
	}
}

// TestSigTicksClearOfMarks: under the histogram of resampled differences no
// tick label of another value stands under a mark (0, ▲, △) or beside it,
// at 60, 80, 100 and 200 columns, for both tests: ▲ and △ are labelled
// with the observed Δ and its mirror (at 100 columns +10.05 stood beside
// ▲, the observed +9.28; with approximate randomization the axis's ends,
// ∓6.32, stood under △ and ▲ for an observed ±5.85).
func TestSigTicksClearOfMarks(t *testing.T) {
	ds := demoDataset(t)
	for _, keys := range [][]string{{"B"}, {"B", "T"}, {"B", "G"}, {"B", "T", "G"}} {
		m := press(t, ready(t, ds, 60, 16), keys...)
		res := m.sig.res
		if res == nil || m.sig.cursor == res.Baseline {
			t.Fatalf("%v: no comparison of a system to the baseline (err %v)", keys, m.sig.err)
		}
		obs := res.Systems[m.sig.cursor].Score - res.Systems[res.Baseline].Score
		for _, w := range []int{60, 80, 100, 200} {
			lines := sigAt(t, ds, keys, []int{w})[w]
			at := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, "└") && strings.Contains(l, "┴") })
			if at < 0 || at+2 >= len(lines) {
				t.Fatalf("%v at %d columns: no histogram axis:\n%s", keys, w, strings.Join(lines, "\n"))
			}
			axis, marks, ticks := []rune(lines[at]), []rune(lines[at+1]), []rune(lines[at+2])
			name := fmt.Sprintf("%v at %d columns", keys, w)
			labelled := false
			for start := 0; start < len(ticks); start++ {
				if ticks[start] == ' ' {
					continue
				}
				end := start
				for end < len(ticks) && ticks[end] != ' ' {
					end++
				}
				label := string(ticks[start:end])
				var near []int // the marks on the axis within a cell of the label
				for c := max(0, start-1); c <= end && c < len(axis); c++ {
					if axis[c] == '┬' || axis[c] == '┴' {
						near = append(near, c)
					}
				}
				switch {
				case len(near) == 0:
				case len(near) == 1 && near[0] >= start && near[0] < end &&
					(marks[near[0]] == '▲' && label == m.c.delta(obs) || marks[near[0]] == '△' && label == m.c.delta(-obs)):
					labelled = true
				default:
					t.Errorf("%s: the label %q stands by the marks at %v, which are not its value:\n%s\n%s\n%s", name, label, near, string(axis), string(marks), string(ticks))
				}
				start = end
			}
			if !labelled {
				t.Errorf("%s: ▲ not labelled %s:\n%s\n%s", name, m.c.delta(obs), string(marks), string(ticks))
			}
		}
	}
}

// TestSigLegendSaysBaselineMark: the line under the intervals says what
// "┊" marks on the other systems' rows, the baseline's mean (its score
// with approximate randomization, which has no interval), at 60, 80, 100
// and 200 columns; before, no legend said so.
func TestSigLegendSaysBaselineMark(t *testing.T) {
	for _, c := range []struct {
		keys []string
		what string
	}{{[]string{"B"}, "baseline's mean"}, {[]string{"B", "T"}, "baseline's score"}} {
		for w, lines := range sigAt(t, demoDataset(t), c.keys, []int{60, 80, 100, 200}) {
			marked := slices.ContainsFunc(lines, func(l string) bool { return strings.Contains(l, "0.0") && strings.ContainsAny(l, "┊┼") })
			legend := slices.ContainsFunc(lines, func(l string) bool { return strings.Contains(l, "(┊ ") && strings.Contains(l, c.what) })
			if !marked || !legend {
				t.Errorf("%v at %d columns: a row marked with ┊ %v, the legend saying \"┊ … %s\" %v:\n%s", c.keys, w, marked, c.what, legend, strings.Join(lines, "\n"))
			}
		}
	}
}

// TestSigHistogramZeroMarkOwn: the histogram under the intervals marks
// Δ = 0 with marks of its own, a dashed line "╎" onto "┬" on the axis,
// never the intervals' "┊" and "┼", which mark the baseline's centre, and
// its caption says what the line is where it has room (a user read the
// intervals' legend, "┊ marks the baseline's mean", as the histogram's).
func TestSigHistogramZeroMarkOwn(t *testing.T) {
	for _, keys := range [][]string{{"B"}, {"B", "down", "down"}, {"B", "T"}, {"B", "T", "down", "down"}} {
		for w, lines := range sigAt(t, demoDataset(t), keys, []int{60, 80, 90, 100, 110, 120, 130, 200}) {
			at := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, "(┊ ") })
			if at < 0 {
				t.Fatalf("%v at %d columns: no intervals' legend:\n%s", keys, w, strings.Join(lines, "\n"))
			}
			hist := strings.Join(lines[at+1:len(lines)-1], "\n")
			if strings.ContainsAny(hist, "┊┼") || !strings.Contains(hist, "┬") {
				t.Errorf("%v at %d columns: the histogram marks 0 with ┊ or ┼, or not with ┬:\n%s", keys, w, hist)
			}
			if w >= 80 && !strings.Contains(hist, "╎ Δ = 0") {
				t.Errorf("%v at %d columns: the histogram's caption does not say \"╎ Δ = 0\":\n%s", keys, w, hist)
			}
		}
	}
}

// TestSigHistogramTakesHeight: on a tall window the histogram's bars take
// the rows down to the footer, where they stopped at 12 rows with blank
// rows below (a user saw it at 120×50).
func TestSigHistogramTakesHeight(t *testing.T) {
	for _, size := range [][2]int{{120, 50}, {100, 40}, {60, 16}} {
		for _, keys := range [][]string{{"B"}, {"B", "T"}} {
			m := press(t, ready(t, demoDataset(t), size[0], size[1]), keys...)
			lines := strings.Split(ansi.Strip(m.View()), "\n")
			if len(lines) != size[1] || strings.TrimSpace(lines[len(lines)-2]) == "" {
				t.Errorf("%v at %d×%d: %d lines, a blank one above the footer:\n%s", keys, size[0], size[1], len(lines), strings.Join(lines, "\n"))
			}
		}
	}
}
