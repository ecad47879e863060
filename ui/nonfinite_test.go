package ui

import (
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
)

// hugeAddK are the settings under which sacrebleu's arithmetic makes the
// scores infinite, and their differences nan: add-k with a smooth value
// near the largest float.
func hugeAddK() model.Settings {
	return model.DefaultSettings().WithOption(func(o *scoring.Options) { o.Smooth, o.SmoothValue = "add-k", 1e308 })
}

// readyNonFinite is the explorer on the demo corpus under [hugeAddK].
func readyNonFinite(t *testing.T, w, h int) Model {
	t.Helper()
	m := New(demoDataset(t), hugeAddK())
	next, _ := m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	m = next.(Model)
	return drive(t, m, m.Init())
}

// noGoSpelling fails when view spells a figure as Go does (+Inf, NaN)
// rather than as the score lines do (inf, nan).
func noGoSpelling(t *testing.T, name, view string) {
	t.Helper()
	if strings.Contains(view, "Inf") || strings.Contains(view, "NaN") {
		t.Errorf("%s spells a figure as Go does, not inf or nan:\n%s", name, view)
	}
}

// TestNonFiniteScoresSpelled: with scores that overflow to infinity, the
// header, the list (its Δ column "nan", not NLTK's "err"), the segment
// pane's precisions and formula, the walk-through and the analysis's
// buckets read inf and nan as the score lines do, instead of Go's +Inf
// and NaN.
func TestNonFiniteScoresSpelled(t *testing.T) {
	m := readyNonFinite(t, 120, 40)
	v := m.View()
	noGoSpelling(t, "main screen", v)
	if !strings.Contains(v, "BLEU inf") || !strings.Contains(v, " nan ") {
		t.Errorf("main screen: want BLEU inf and a Δ of nan:\n%s", v)
	}
	if strings.Contains(v, " err ") {
		t.Errorf("main screen: a Δ of nan reads err, as if NLTK had raised:\n%s", v)
	}
	w := press(t, m, "e")
	for i := range 12 {
		noGoSpelling(t, "walk-through step "+itoa(i+1), w.View())
		w = press(t, w, "n")
	}
	a := press(t, m, "n", "right")
	if v := a.View(); !strings.Contains(v, "bucket") || !strings.Contains(v, " inf ") {
		t.Errorf("analysis: want the buckets' scores, inf:\n%s", v)
	}
	noGoSpelling(t, "analysis buckets", a.View())
}

// TestSignificanceNaNDelta: when the scores are infinite their difference
// is nan, and the comparison screen claims neither better nor worse, nor
// stars the p-value, however small the test's p (it said "hyp is worse
// than hyp2 (p 0.0010*)" beside a Δ of NaN).
func TestSignificanceNaNDelta(t *testing.T) {
	m := press(t, readyNonFinite(t, 120, 40), "B")
	if m.sig.res == nil {
		t.Fatal("no comparison after B")
	}
	for cur := range len(m.sig.res.Systems) {
		v := m.View()
		noGoSpelling(t, "significance", v)
		if cur != m.sig.res.Baseline {
			if strings.Contains(v, "better") || strings.Contains(v, "worse") || regexp.MustCompile(`[0-9]\*`).MatchString(v) {
				t.Errorf("system %d: a Δ of nan is said better or worse, or starred:\n%s", cur, v)
			}
			if !strings.Contains(v, "Δ is nan") {
				t.Errorf("system %d: want the verdict to say Δ is nan:\n%s", cur, v)
			}
		}
		m = press(t, m, "down")
	}
}

// TestInfiniteScoresNoBar: an infinite score draws no bar, not even the
// empty track of one: in the list, the segment pane's precisions and the
// charts' (as the histogram leaves such scores out), instead of a full
// bar, as if inf were 100.
func TestInfiniteScoresNoBar(t *testing.T) {
	m := readyNonFinite(t, 120, 40)
	infRow := regexp.MustCompile(`^[▸ ]\s+\d+\s+inf\s`)
	rows, precisions := 0, 0
	for _, v := range []string{m.View(), press(t, m, "h").View()} {
		for _, l := range strings.Split(ansi.Strip(v), "\n") {
			switch {
			case infRow.MatchString(l):
				rows++
			case strings.Contains(l, "inf%"):
				precisions++
			default:
				continue
			}
			if strings.ContainsAny(l, "█▉▊▋▌▍▎▏·") {
				t.Errorf("a bar for an infinite score: %q", l)
			}
		}
	}
	if rows == 0 || precisions < 6 {
		t.Fatalf("%d list rows and %d precisions of inf seen; want some of each in the list, the pane and the charts", rows, precisions)
	}
}

// TestInfiniteDeltaSpelled: a segment the system scores 0 where the
// baseline scores inf has a Δ of -inf in the list, and +inf the other way
// round, as the score lines spell them; it read "-+Inf".
func TestInfiniteDeltaSpelled(t *testing.T) {
	ref := "the quick brown fox jumps over the lazy dog"
	fsys := fstest.MapFS{
		"ref": {Data: []byte(ref + "\n" + ref + "\n")},
		"a":   {Data: []byte("zz yy xx\n" + ref + "\n")},
		"b":   {Data: []byte(ref + "\nzz yy xx\n")},
	}
	ds, err := model.Load(model.Input{Systems: []string{"a", "b"}, Refs: []string{"ref"}, FS: fsys})
	if err != nil {
		t.Fatal(err)
	}
	m := New(ds, hugeAddK())
	next, _ := m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	m = drive(t, next.(Model), next.(Model).Init())
	cells := deltaCells(t, "a against b", m.View())
	if cells["1"] != "-inf" || cells["2"] != "+inf" {
		t.Errorf("Δ cells %v; want -inf on line 1 (0 against inf) and +inf on line 2", cells)
	}
	noGoSpelling(t, "the list", m.View())
}
