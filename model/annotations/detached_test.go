package annotations

import (
	"slices"
	"testing"
)

// TestDetachedForms: a group says its count and its cause, the systems
// not opened by name, each once, and shorter forms without them.
func TestDetachedForms(t *testing.T) {
	g := DetachedGroup{Cause: CauseNoSystem}
	for _, name := range []string{"LT22", "LT22", "Online-A"} {
		g.Of = append(g.Of, Detached{Annotation: Annotation{System: name}, Cause: CauseNoSystem})
	}
	want := []string{"3 annotations for systems not opened here (LT22, Online-A)", "3 annotations for systems not opened here", "3 for systems not opened here", "3 for no system opened"}
	if got := g.Forms(); !slices.Equal(got, want) {
		t.Errorf("Forms() = %q; want %q", got, want)
	}
	r := &Resolved{Detached: append(slices.Clone(g.Of), Detached{Cause: CauseChanged})}
	gs := r.DetachedByCause()
	if len(gs) != 2 || gs[0].Cause != CauseNoSystem || len(gs[0].Of) != 3 || gs[1].Forms()[0] != "1 annotation made on a text that has since changed" {
		t.Errorf("DetachedByCause() = %+v", gs)
	}
}

// TestDetachedFormsThousands: a count of thousands is written in groups of
// three digits, as the warnings beside it count rows ("on 100,000 rows");
// before, "100000 annotations for a system not opened here".
func TestDetachedFormsThousands(t *testing.T) {
	g := DetachedGroup{Cause: CauseChanged, Of: make([]Detached, 12345)}
	want := []string{"12,345 annotations made on a text that has since changed", "12,345 made on a text that has since changed", "12,345 on a changed text"}
	if got := g.Forms(); !slices.Equal(got, want) {
		t.Errorf("Forms() = %q; want %q", got, want)
	}
}
