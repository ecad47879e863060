package ui

import "testing"

// annotatedTwo returns the explorer annotating the demo corpus at 120×40,
// the first two segments of the list with two annotations each, the
// second selected.
func annotatedTwo(b testing.TB) Model {
	m, _ := annotating(b, 120, 40)
	return annotateFirstTwo(b, m)
}

// annotateFirstTwo gives the first two segments of m's list two
// annotations each, the second selected.
func annotateFirstTwo(b testing.TB, m Model) Model {
	for i := range 2 {
		if i > 0 {
			m = press(b, m, "j")
		}
		m = press(b, m, "A", "right", " ", "right", " ", "a", "m", "M")
		m = typeText(b, m, "wrong sense")
		m = press(b, m, "enter", "A", " ", " ", "f", "g", "m", "enter")
	}
	return m
}

// BenchmarkAnnotatedKeypress is a keypress between two annotated segments
// (the pane and the strip sized again for the new selection) and the
// redraw that follows.
func BenchmarkAnnotatedKeypress(b *testing.B) {
	m := annotatedTwo(b)
	keys := []string{"k", "j"}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		next, _ := m.Update(keyMsg(keys[i%2]))
		m = next.(Model)
		_ = m.View()
		i++
	}
}

// BenchmarkAnnotatedView redraws the main screen while annotating, on a
// segment with two annotations.
func BenchmarkAnnotatedView(b *testing.B) {
	m := annotatedTwo(b)
	b.ReportAllocs()
	for b.Loop() {
		_ = m.View()
	}
}

// BenchmarkStripLines sizes the strip for a segment with two annotations,
// as every change of the selection does.
func BenchmarkStripLines(b *testing.B) {
	m := annotatedTwo(b)
	sel := m.list.selection(m.c)
	b.ReportAllocs()
	for b.Loop() {
		_ = m.ann.stripLines(m.c, sel, 20)
	}
}
