package render

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestSegmentWording: counts agree with their number ("1 token"), the
// closest reference is said to give r, and a reference's matched tokens
// are "N tokens matched".
func TestSegmentWording(t *testing.T) {
	d := explain(t, "cat", "cat", "the cat sat down")
	v := SegmentView{Hyps: []Hyp{{Label: "sys", Detail: d}}, Order: 1}
	out := ansi.Strip(Segment(DefaultStyles(), v, 100))
	for _, want := range []string{"1 token · closest length → r · 1 token matched", "4 tokens · 1 token matched", "of 1 1-grams · 1 token"} {
		if !strings.Contains(out, want) {
			t.Errorf("the segment lacks %q:\n%s", want, out)
		}
	}
	for _, bad := range []string{"1 tokens", "supplied", "sets r"} {
		if strings.Contains(out, bad) {
			t.Errorf("the segment says %q:\n%s", bad, out)
		}
	}
	d2 := explain(t, "the cat sat on the mat", "the cat is on the mat")
	out = ansi.Strip(Segment(DefaultStyles(), SegmentView{Hyps: []Hyp{{Label: "sys", Detail: d2}}, Order: 1}, 100))
	if !strings.Contains(out, "5 tokens matched") {
		t.Errorf("the segment lacks %q:\n%s", "5 tokens matched", out)
	}
}
